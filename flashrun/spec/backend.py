"""Where a trial's attempts run: ``Local()`` (this machine) or ``Slurm(nodes=2, ...)``.

Spec layer (docs/architecture.md): frozen, validated values with no I/O. Every door
(``flashrun.run(..., backend=...)``, ``flashrun run --backend slurm``, grid.yaml's
``backend: {kind: slurm, ...}``) builds one of these; the runtime turns it into the
mechanism (:mod:`flashrun.runtime.backends`). docs/slurm.md maps the fields onto srun.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any, Mapping, Optional, Tuple, Union

__all__ = ["Local", "Slurm", "Backend", "backend_from_mapping", "BACKEND_KEYS"]

_TIME = re.compile(r"^(\d+-)?\d+(:\d+){0,2}$|^\d+-\d+$")
BACKEND_KEYS = ("kind", "nodes", "partition", "time", "gpus_per_node", "extra")


@dataclasses.dataclass(frozen=True)
class Local:
    """Attempts run as a process group on this machine (the default)."""

    kind = "local"

    @property
    def nodes(self) -> int:
        return 1


@dataclasses.dataclass(frozen=True)
class Slurm:
    """Attempts run on ``nodes`` Slurm nodes, one task (one torchrun) per node.

    ``partition``/``time`` (``MM``, ``HH:MM:SS``, ``D-HH``...)/``gpus_per_node`` become
    srun's ``--partition``/``--time``/``--gpus-per-node``; ``extra`` is passed to srun
    as given (e.g. ``("--exclusive", "--account=ml")``). Inside an allocation
    (``SLURM_JOB_ID`` set) each attempt is a step of it; elsewhere each attempt is a
    job of its own (see docs/slurm.md)."""

    nodes: int = 1
    partition: Optional[str] = None
    time: Optional[str] = None
    gpus_per_node: Optional[int] = None
    extra: Tuple[str, ...] = ()

    kind = "slurm"

    def __post_init__(self) -> None:
        if not isinstance(self.nodes, int) or isinstance(self.nodes, bool) or self.nodes < 1:
            raise ValueError("Slurm(nodes=...) must be an integer >= 1, got %r" % (self.nodes,))
        if self.gpus_per_node is not None and (not isinstance(self.gpus_per_node, int)
                                               or self.gpus_per_node < 0):
            raise ValueError("gpus_per_node must be an integer >= 0, got %r" % (self.gpus_per_node,))
        if self.time is not None and not _TIME.match(str(self.time)):
            raise ValueError("time %r is not a Slurm time limit (MM, MM:SS, HH:MM:SS, D-HH, "
                             "D-HH:MM)" % (self.time,))
        if isinstance(self.extra, str):
            raise ValueError("extra must be a list of srun arguments, not one string")
        object.__setattr__(self, "extra", tuple(str(a) for a in self.extra))


Backend = Union[Local, Slurm]


def backend_from_mapping(data: Mapping[str, Any]) -> Backend:
    """``{kind: slurm, nodes: 2, ...}`` → a backend; ValueError names the bad key."""
    data = dict(data)
    kind = data.pop("kind", "local")
    unknown = sorted(set(data) - set(BACKEND_KEYS))
    if unknown:
        raise ValueError("unknown backend key(s): %s (known: %s)" % (
            ", ".join(unknown), ", ".join(BACKEND_KEYS)))
    if kind == "local":
        if data:
            raise ValueError("the local backend takes no options, got %s" % ", ".join(sorted(data)))
        return Local()
    if kind != "slurm":
        raise ValueError("backend kind must be 'local' or 'slurm', got %r" % (kind,))
    if "time" in data and data["time"] is not None:
        data["time"] = str(data["time"])
    return Slurm(**data)
