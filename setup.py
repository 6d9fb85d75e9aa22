"""Build hook (the project itself is described in pyproject.toml): compiles the modules named in
p2pshithead/compiled.py with Cython, and records the source each was compiled from. A machine with
no C compiler installs the same package as plain Python (each extension is optional)."""

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
    """Builds the extensions, then writes the sums of the sources of those that were built."""

    def run(self) -> None:
        super().run()
        lines = []
        for name in compiled.COMPILED:
            if Path(self.get_ext_fullpath(f"{compiled.PACKAGE}.{name}")).exists():
                lines.append(f"{name} {compiled.digest(compiled.source_of(name, _PACKAGE))}\n")
        folder = Path(self.get_ext_fullpath(f"{compiled.PACKAGE}.x")).parent
        (folder / compiled.SUMS).write_text("".join(lines))


extensions = [
    Extension(f"{compiled.PACKAGE}.{name}", [str(compiled.source_of(name, Path(compiled.PACKAGE)))], optional=True)
    for name in compiled.COMPILED
]
setup(
    ext_modules=cythonize(extensions, build_dir="build/cython", compiler_directives=compiled.DIRECTIVES, quiet=True),
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": 2}},
)
