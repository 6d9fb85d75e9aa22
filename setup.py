"""Build hook (the project itself is described in pyproject.toml): compiles the modules named in
p2pshithead/compiled.py with Cython, under the names only its finder imports, and records for each
the source it was compiled from and whether it was built. A machine with no C compiler (or one that
fails, or no Cython) installs the same package as plain Python."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

_spec = importlib.util.spec_from_file_location("compiled", Path(__file__).parent / "p2pshithead" / "compiled.py")
assert _spec and _spec.loader
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)
_spec = importlib.util.spec_from_file_location("catalogs", Path(__file__).parent / "p2pshithead" / "catalogs.py")
assert _spec and _spec.loader
catalogs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogs)
_TREE = Path(__file__).parent / compiled.PACKAGE
_CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
SOURCES = {name: compiled.digest(compiled.source_of(name, _TREE)) for name in compiled.COMPILED}  # as compiled


class BuildExt(build_ext):
    """Builds the extensions it can, one a core at once (the largest, engine._game, is listed first); then
    gives each built one its `native_of` name, in the build and (an editable install) in the source tree,
    and writes `SUMS` there."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = _CORES

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # no compiler, or a failing one: the module runs from source
            self.warn(f"{ext.name} runs from source: it could not be compiled ({error})")
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)

    def run(self) -> None:
        folders = [Path(self.build_lib) / compiled.PACKAGE] + ([_TREE] if self.inplace else [])
        suffix = Path(self.get_ext_filename("x")).name[1:]  # this interpreter's: ".cpython-311-....so"
        plain = {(f, n): compiled.source_of(n, f).with_suffix(suffix) for f in folders for n in compiled.COMPILED}
        for path in plain.values():
            path.unlink(missing_ok=True)  # an earlier build's: what is there after this one, this one made
        super().run()
        for folder in folders:
            built = set()
            for name in compiled.COMPILED:
                native = compiled.native_of(name, folder, suffix)
                native.unlink(missing_ok=True)
                if plain[folder, name].is_file():
                    plain[folder, name].replace(native)  # Python's own import never takes it (compiled.py)
                    built.add(name)
            lines = [f"build {compiled.build_key()}"]
            outcome = {n: compiled.BUILT if n in built else compiled.FAILED for n in compiled.COMPILED}
            lines += [f"{n} {SOURCES[n]} {outcome[n]}" for n in compiled.COMPILED]
            if folder.is_dir():
                (folder / compiled.SUMS).write_text("\n".join(lines) + "\n")


class BuildPy(build_py):
    """Copies the package, then compiles its translation catalogs (Babel, a build requirement) into it:
    into the build, or for an editable install into the source tree."""

    def run(self) -> None:
        super().run()
        locale = _TREE / "locale"
        built = Path(self.build_lib) / compiled.PACKAGE / "locale"
        catalogs.compile_into(locale, locale if self.editable_mode else built)


try:
    from Cython.Build import cythonize
except ImportError:  # an install without build isolation, and no Cython: plain Python
    extensions = []
else:
    extensions = cythonize(
        [Extension(f"{compiled.PACKAGE}.{name}", [str(compiled.source_of(name, Path(compiled.PACKAGE)))])
         for name in compiled.COMPILED],
        build_dir="build/cython", compiler_directives=compiled.DIRECTIVES, force=True, quiet=True,
    )  # force: a change of settings alone compiles again (one process: Cython's pool would start processes
    #   that import this file again where processes are spawned, Windows and macOS)
    for extension in extensions:
        extension.optional = True  # (set after cythonize, which drops it) an install goes on without it
setup(ext_modules=extensions, cmdclass={"build_ext": BuildExt, "build_py": BuildPy})
