"""Import graph: each module imports alone; policy stays pure; torch stays lazy.

Also the guard that a normal install scans with the C extension.
"""
import os
import pkgutil
import subprocess
import sys

import pytest

import flashrun

MODULES = sorted(m.name for m in pkgutil.walk_packages(flashrun.__path__, "flashrun.")
                 if m.name not in ("flashrun.__main__",))


def run_py(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120,
                          text=True)


@pytest.mark.parametrize("name", MODULES)
def test_module_imports_alone(name):
    p = run_py("import %s" % name)
    assert p.returncode == 0, p.stderr


def test_import_flashrun_does_not_import_torch_or_asyncio_machinery():
    p = run_py("import sys, flashrun, flashrun.scan, flashrun.policy.diagnose; "
               "flashrun.diagnose(b'Killed', 137); "
               "print(sorted(m for m in ('torch', 'uvloop', 'yaml') if m in sys.modules))")
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_policy_package_is_pure():
    policy = [m for m in MODULES if m.startswith("flashrun.policy")]
    code = ("import sys; import %s; bad = [m for m in ('asyncio', 'torch', 'subprocess', "
            "'socket', 'flashrun.runtime.supervisor', 'flashrun.runtime.process') if m in sys.modules]; "
            "print(bad)" % ", ".join(policy))
    p = run_py(code)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


@pytest.mark.skipif(os.environ.get("FLASHRUN_NO_EXTENSIONS") == "1",
                    reason="this run deliberately uses the pure-Python scanner")
def test_normal_install_uses_the_c_scanner():
    from flashrun import scan

    assert scan.IMPLEMENTATION == "c", "the C scanner did not build; diagnosis runs slowly"


def test_no_extensions_env_selects_python():
    p = subprocess.run([sys.executable, "-c", "import flashrun.scan as s; print(s.IMPLEMENTATION)"],
                       capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, FLASHRUN_NO_EXTENSIONS="1"))
    assert p.stdout.strip() == "py"
