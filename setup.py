"""Build the optional Cython scanner; fall back to the pure-Python twin.

Follows markupsafe's pattern: try the extension, and when there is no compiler
(or no Cython) say so loudly and install the pure-Python package. Only compiler and
build errors fall back; any other exception is a bug in the build and fails the
install. With FLASHRUN_REQUIRE_EXTENSIONS=1 (CI, benchmarks) a failed build is fatal.
"""
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:  # setuptools vendors distutils; its error types are what a failed compile raises
    from setuptools.errors import CCompilerError, CompileError, ExecError, PlatformError
except ImportError:  # older setuptools
    from distutils.errors import (CCompilerError, CompileError, DistutilsExecError as ExecError,
                                  DistutilsPlatformError as PlatformError)

# A missing or failing compiler, a missing Python header, a platform without a C toolchain.
BUILD_ERRORS = (CCompilerError, CompileError, ExecError, PlatformError, OSError)
REQUIRE = os.environ.get("FLASHRUN_REQUIRE_EXTENSIONS") == "1"
SKIP = os.environ.get("FLASHRUN_NO_EXTENSIONS") == "1"


class OptionalBuildExt(build_ext):
    """build_ext that degrades to pure Python unless extensions are required."""

    def run(self):
        try:
            super().run()
        except PlatformError as exc:  # no C toolchain on this platform
            self._fallback(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except BUILD_ERRORS as exc:  # the compiler failed or is missing
            self._fallback(exc)

    def _fallback(self, exc):
        if REQUIRE:
            raise
        sys.stderr.write(
            "\n*** flashrun: could not build the C scanner (%s).\n"
            "*** Installing the pure-Python scanner instead; diagnosis is identical, "
            "only slower.\n\n" % (exc,)
        )


def extensions():
    if SKIP:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        if REQUIRE:
            raise
        sys.stderr.write("*** flashrun: Cython not available; pure-Python scanner only.\n")
        return []
    ext = Extension("flashrun.scan._scan", ["flashrun/scan/_scan.pyx"], extra_compile_args=["-O3"])
    return cythonize([ext], compiler_directives={"language_level": "3"}, quiet=True)


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import it
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
