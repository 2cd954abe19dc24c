"""setup.py's fallback is narrow: only a compiler or build error installs the pure-Python
scanner (markupsafe's pattern); any other exception in the build is a bug and surfaces."""
import importlib.util

import pytest
from setuptools import Distribution

from conftest import ROOT


def load_setup(monkeypatch, require):
    monkeypatch.setenv("FLASHRUN_REQUIRE_EXTENSIONS", "1" if require else "0")
    spec = importlib.util.spec_from_file_location("flashrun_setup", ROOT / "setup.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # __name__ is not __main__: setup() does not run
    return mod


def command(mod, error):
    cmd = mod.OptionalBuildExt(Distribution())

    def broken(self, ext):
        raise error

    return cmd, broken


@pytest.mark.parametrize("error_name", ["CompileError", "CCompilerError"])
def test_a_compiler_failure_falls_back_with_a_warning(monkeypatch, capsys, error_name):
    mod = load_setup(monkeypatch, require=False)
    cmd, broken = command(mod, getattr(mod, error_name)("gcc: not found"))
    monkeypatch.setattr(mod.build_ext, "build_extension", broken)
    cmd.build_extension(object())
    assert "Installing the pure-Python scanner instead" in capsys.readouterr().err


def test_a_compiler_failure_is_fatal_when_extensions_are_required(monkeypatch):
    mod = load_setup(monkeypatch, require=True)
    cmd, broken = command(mod, mod.CompileError("gcc failed"))
    monkeypatch.setattr(mod.build_ext, "build_extension", broken)
    with pytest.raises(mod.CompileError):
        cmd.build_extension(object())


@pytest.mark.parametrize("error", [TypeError("a bug in the build"), KeyError("sources")])
def test_any_other_error_fails_the_install(monkeypatch, error):
    mod = load_setup(monkeypatch, require=False)
    cmd, broken = command(mod, error)
    monkeypatch.setattr(mod.build_ext, "build_extension", broken)
    with pytest.raises(type(error)):
        cmd.build_extension(object())
