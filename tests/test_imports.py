"""Import graph: the layers of docs/architecture.md; each module imports alone; policy and
scan stay pure; torch stays lazy. Also the guard that a normal install scans with the C
extension.
"""
import ast
import os
import pathlib
import pkgutil
import subprocess
import sys

import pytest

import flashrun

MODULES = sorted(m.name for m in pkgutil.walk_packages(flashrun.__path__, "flashrun.")
                 if m.name not in ("flashrun.__main__",))


PACKAGE = pathlib.Path(flashrun.__file__).resolve().parent

# Which layers each layer may import (docs/architecture.md, "Layers"). The arrows point
# down: cli → front doors → {runtime, view} → {policy, spec, record} ; policy → scan.
# "defaults" (flashrun/defaults.py) and flashrun/redaction.py are leaves every layer may use.
ALLOWED = {
    "cli": {"door", "runtime", "view", "policy", "spec", "scan", "record", "defaults"},
    "door": {"runtime", "view", "policy", "spec", "scan", "record", "defaults"},
    "runtime": {"policy", "spec", "scan", "record", "defaults"},
    "view": {"record", "defaults"},
    "spec": {"policy", "defaults"},
    "policy": {"scan", "defaults"},
    "scan": {"defaults"},
    "record": {"defaults"},
    "defaults": set(),
}
SUBPACKAGES = ("cli", "runtime", "view", "spec", "policy", "scan", "record")


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside flashrun."""
    parts = module.split(".")
    if module == "flashrun.__main__":  # python -m flashrun is the command line
        return "cli"
    if len(parts) > 1 and parts[1] in SUBPACKAGES:
        return parts[1]
    if len(parts) > 1 and parts[1] in ("defaults", "redaction", "compiled", "_built"):
        # the leaves: every default value, the one rule for secrets, the compiled-copy guard
        return "defaults"
    return "door"  # flashrun itself, api, sweep, ckpt, batch


def imported_layers(source: str):
    """(imported module, its layer) for every flashrun import in *source*, nested ones too."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "flashrun":
                for alias in node.names:
                    if alias.name not in ("__version__",):
                        yield "flashrun." + alias.name, layer_of("flashrun." + alias.name)
            elif node.module.startswith("flashrun."):
                yield node.module, layer_of(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level:
            yield "." * node.level + (node.module or ""), None
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("flashrun."):
                    yield alias.name, layer_of(alias.name)


def violations(module: str, source: str):
    own = layer_of(module)
    out = []
    for target, layer in imported_layers(source):
        if layer is None:
            out.append("%s: relative import %s (write flashrun.<layer>... so the arrow shows)"
                       % (module, target))
        elif layer != own and layer not in ALLOWED[own]:
            out.append("%s (%s) imports %s (%s): against the layer direction"
                       % (module, own, target, layer))
    return out


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(rel.parts)
        yield (name[:-len(".__init__")] if name.endswith(".__init__") else name), path


def test_every_import_follows_the_layer_direction():
    bad = [v for name, path in _sources() for v in violations(name, path.read_text())]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("module,source,expect", [
    ("flashrun.policy.decide", "import flashrun.runtime.process\n", "against the layer"),
    ("flashrun.record.state", "def f():\n    from flashrun.spec import load\n", "against the layer"),
    ("flashrun.scan._py", "from flashrun.policy.table import Action\n", "against the layer"),
    ("flashrun.runtime.attempt", "from flashrun.sweeps import Sweep\n", "against the layer"),
    ("flashrun.view.terminal", "from flashrun.runtime import loop\n", "against the layer"),
    ("flashrun.spec.grid", "from .model import SpecError\n", "relative import"),
])
def test_the_layer_check_catches_a_wrong_arrow(module, source, expect):
    found = violations(module, source)
    assert found and expect in found[0]


def test_every_module_is_in_a_known_layer():
    for name, _ in _sources():
        assert layer_of(name) in ALLOWED, name


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


@pytest.mark.parametrize("package", ["flashrun.policy", "flashrun.scan", "flashrun.spec"])
def test_pure_packages_import_no_io_machinery(package):
    mods = [m for m in MODULES if m.startswith(package) and not m.endswith("._scan")]
    code = ("import sys; import %s; bad = [m for m in ('asyncio', 'torch', 'subprocess', "
            "'socket', 'flashrun.runtime', 'flashrun.record') if m in sys.modules]; "
            "print(bad)" % ", ".join(mods))
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


def test_public_types_are_exported_at_the_top():
    for name in ("Backoff", "SpecError", "TrialState", "Mode", "FailureClass", "Action",
                 "RunResult", "Diagnosis", "RecoveryDecision", "run", "run_async", "sweep",
                 "Sweep", "diagnose", "scan_tail", "Scanner"):
        assert name in dir(flashrun) and getattr(flashrun, name) is not None, name


def test_the_c_scanner_stub_matches_both_implementations():
    stub = ast.parse((PACKAGE / "scan" / "_scan.pyi").read_text())
    declared = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    from flashrun.scan import _py

    assert {"Scanner", "scan_tail"} <= declared
    for name in declared:
        if not name.startswith("_") or name == "_lex_events":  # _eol_avx2 is a C-only hook
            assert hasattr(_py, name), name
    try:
        from flashrun.scan import _scan
    except ImportError:
        return  # pure-Python install: the stub still describes the twin
    for name in declared:
        assert hasattr(_scan, name), name


def test_importing_the_sweeps_module_keeps_the_sweep_function():
    """The module behind flashrun.sweep() is flashrun.sweeps: a submodule named like a
    top-level function replaces it as an attribute of the package once imported."""
    p = run_py("import flashrun, flashrun.sweeps, flashrun.api; "
               "print(callable(flashrun.sweep) and flashrun.sweep is flashrun.sweeps.sweep, "
               "flashrun.run is flashrun.api.run)")
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["True", "True"]
