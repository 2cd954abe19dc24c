"""flashrun: launch many PyTorch jobs at once and recover each one the right way.

Public API (front doors of the data flow in docs/architecture.md): ``diagnose`` turns a dead
run's tail into one typed decision; ``run``/``run_async`` supervise one job;
``sweep``/``Sweep`` run many. Importing flashrun never imports torch or asyncio
machinery: names are resolved lazily on first use.
"""
from importlib import import_module

from flashrun import compiled as _compiled

_compiled.install()  # before anything loads a module that may have a compiled copy
__version__ = "0.1.0"

_LAZY = {
    "diagnose": ("flashrun.policy.diagnose", "diagnose"),
    "Diagnosis": ("flashrun.policy.diagnose", "Diagnosis"),
    "FailureClass": ("flashrun.policy.taxonomy", "FailureClass"),
    "Action": ("flashrun.policy.table", "Action"),
    "Mode": ("flashrun.policy.table", "Mode"),
    "RecoveryDecision": ("flashrun.policy.decide", "RecoveryDecision"),
    "POLICY_VERSION": ("flashrun.policy.table", "POLICY_VERSION"),
    "Backoff": ("flashrun.policy.budget", "Backoff"),
    "scan_tail": ("flashrun.scan", "scan_tail"),
    "Scanner": ("flashrun.scan", "Scanner"),
    "SpecError": ("flashrun.spec.model", "SpecError"),
    "TrialState": ("flashrun.record.state", "TrialState"),
    "run": ("flashrun.api", "run"),
    "run_async": ("flashrun.api", "run_async"),
    "RunResult": ("flashrun.api", "RunResult"),
    "sweep": ("flashrun.sweeps", "sweep"),
    "Sweep": ("flashrun.sweeps", "Sweep"),
    "Slurm": ("flashrun.spec.backend", "Slurm"),
    "Local": ("flashrun.spec.backend", "Local"),
}

__all__ = sorted(_LAZY) + ["__version__", "scan"]


def __getattr__(name):
    if name == "scan":
        return import_module("flashrun.scan")
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError("module 'flashrun' has no attribute %r" % name) from None
    value = getattr(import_module(module), attr)
    globals()[name] = value
    return value


def __dir__():
    return __all__
