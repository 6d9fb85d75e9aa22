"""Build hook (the project itself is described in pyproject.toml): compiles the modules named in
p2pshithead/compiled.py with Cython, and records the source each was compiled from. A machine with
no C compiler (or one that fails) installs the same package as plain Python."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

_spec = importlib.util.spec_from_file_location("compiled", Path(__file__).parent / "p2pshithead" / "compiled.py")
assert _spec and _spec.loader
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)
_PACKAGE = Path(__file__).parent / compiled.PACKAGE


class BuildExt(build_ext):
    """Builds the extensions it can, then writes the sums of the sources of those that were built."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # no compiler, or a failing one: the module runs from source
            self.warn(f"{ext.name} runs from source: it could not be compiled ({error})")

    def run(self) -> None:
        super().run()
        lines = []
        for name in compiled.COMPILED:
            if Path(self.get_ext_fullpath(f"{compiled.PACKAGE}.{name}")).exists():
                lines.append(f"{name} {compiled.digest(compiled.source_of(name, _PACKAGE))}\n")
        folder = Path(self.get_ext_fullpath(f"{compiled.PACKAGE}.x")).parent
        (folder / compiled.SUMS).write_text("".join(lines))


extensions = cythonize(
    [Extension(f"{compiled.PACKAGE}.{name}", [str(compiled.source_of(name, Path(compiled.PACKAGE)))])
     for name in compiled.COMPILED],
    build_dir="build/cython", compiler_directives=compiled.DIRECTIVES, quiet=True,
)
for extension in extensions:
    extension.optional = True  # (set after cythonize, which drops it) an install goes on without it
setup(ext_modules=extensions, cmdclass={"build_ext": BuildExt})
