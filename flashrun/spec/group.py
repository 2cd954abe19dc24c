"""``GroupSpec``: the blueprint of one supervised trial, what every door hands the runtime.

First arrow of the data flow (docs/architecture.md): ``flashrun.run`` and ``flashrun.sweep``
build one ``GroupSpec`` per trial; the supervisor runs attempts (instances) of it. Every
default comes from ``flashrun.defaults``. Frozen, validated on construction, no I/O.
"""
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple

from flashrun import defaults as D
from flashrun.policy.rules import RuleSet
from flashrun.policy.table import Mode


@dataclass(frozen=True)
class GroupSpec:
    """Blueprint of one trial: what to launch and how to recover it."""

    argv: Tuple[str, ...]
    trial_id: str = "run"
    mode: str = Mode.INDEPENDENT_TASKS.value
    env: Mapping[str, str] = field(default_factory=dict)
    cwd: Optional[str] = None
    max_restarts: int = D.MAX_RESTARTS
    hang_timeout: Optional[float] = D.HANG_TIMEOUT_S
    startup_timeout: Optional[float] = None   # silence allowed before the first output
    grace: float = D.GRACE_S
    fatal_grace: float = D.FATAL_GRACE_S
    ring_size: int = D.RING_SIZE
    slots: int = 1
    # Where attempts run: None or spec.backend.Local() here, spec.backend.Slurm(...) on
    # Slurm. A Slurm spec's argv is the user's command; ``nproc_per_node`` then asks the
    # per-node launcher for torchrun (locally argv is already the torchrun command).
    backend: Any = None
    nproc_per_node: Optional[int] = None
    rules: Optional[RuleSet] = None  # site rules the diagnosis weighs (flashrun.spec.rules)

    def __post_init__(self):
        if not self.argv:
            raise ValueError("GroupSpec needs a command (argv is empty)")
        if self.max_restarts < 0:
            raise ValueError("max_restarts must be >= 0, got %r" % self.max_restarts)
        for name in ("hang_timeout", "startup_timeout"):
            value = getattr(self, name)
            if value is not None and value <= 0:
                raise ValueError("%s must be > 0 seconds or None, got %r" % (name, value))
        for name in ("grace", "fatal_grace"):
            if getattr(self, name) < 0:
                raise ValueError("%s must be >= 0 seconds, got %r" % (name, getattr(self, name)))
        if self.ring_size < 1024:
            raise ValueError("ring_size must be >= 1024 bytes, got %r" % self.ring_size)
        Mode(self.mode)
