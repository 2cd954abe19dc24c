"""Backends: where an attempt's processes run. The supervisor talks to one interface.

Runtime layer (docs/architecture.md), between ``attempt`` and the processes::

    supervisor → attempt → [backend.start] → group (wait / stop) → [backend.report]

A backend's ``start(argv, ...)`` returns a *group*: ``pid`` (of the local process
flashrun watches), ``await wait()`` and ``await stop()`` (both return the
:class:`~flashrun.runtime.process.Exit` once everything is reaped; ``stop`` is
SIGTERM, grace, then KILL, and cancellation-safe). The group's output goes to the
:class:`~flashrun.runtime.stream.Output` given to ``start``, lines labelled by rank
where the backend knows ranks. After the end, ``await report(group)`` says what the
scheduler knows (:class:`SchedulerReport`, None for the local backend): each task's
exit, the job's scheduler state (evidence the policy ranks above the log tail) and the
nodes to avoid next time. ``exclude`` (node names) is honoured by backends with nodes.

* :class:`LocalBackend`: one process group on this machine (:mod:`flashrun.runtime.process`);
* :class:`~flashrun.runtime.backends.slurm.SlurmBackend`: srun steps or jobs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, FrozenSet, Mapping, Optional, Sequence, Tuple

from flashrun.runtime.process import StopPolicy, spawn

if TYPE_CHECKING:  # pragma: no cover
    from flashrun.scan.slurm import TaskExit
    from flashrun.runtime.stream import Output

__all__ = ["SchedulerReport", "LocalBackend", "make_backend"]


@dataclass(frozen=True)
class SchedulerReport:
    """What a scheduler said about one attempt."""

    job_id: Optional[str] = None
    state: Optional[str] = None            # a cause outside the program: NODE_FAIL, PREEMPTED, ...
    line: Optional[str] = None             # the scheduler's own words for it
    job_state: Optional[str] = None        # the job's state as reported (COMPLETED, FAILED, ...)
    nodes: Tuple[str, ...] = ()            # where the attempt ran
    failed_nodes: FrozenSet[str] = frozenset()
    tasks: Tuple["TaskExit", ...] = ()     # srun's per-task ends, first failure first

    @property
    def exit_code(self) -> Optional[int]:
        """The first failed task's status (Popen convention), if srun named one."""
        return self.tasks[0].returncode if self.tasks else None

    def as_dict(self) -> dict:
        return {"job_id": self.job_id, "state": self.state, "line": self.line,
                "job_state": self.job_state, "nodes": list(self.nodes),
                "failed_nodes": sorted(self.failed_nodes),
                "tasks": [{"task": t.task, "node": t.node, "exit_code": t.exit_code,
                           "signal": t.signal} for t in self.tasks]}


class LocalBackend:
    """The process group on this machine: what flashrun always did."""

    kind = "local"

    async def start(self, argv: Sequence[str], *, output: "Output", env: Mapping[str, str],
                    cwd: Optional[str] = None, name: str = "", grace: float,
                    log_dir=None, exclude: FrozenSet[str] = frozenset()):
        return await spawn(argv, output=output, cwd=cwd, env=env, name=name,
                           stop_policy=StopPolicy(grace=grace))

    async def report(self, group) -> Optional[SchedulerReport]:
        return None


def make_backend(config, nproc_per_node: Optional[int] = None):
    """The mechanism for a spec's backend value (None or ``Local()`` → local)."""
    if config is None or config.kind == "local":
        return LocalBackend()
    from flashrun.runtime.backends.slurm import SlurmBackend

    return SlurmBackend(config, nproc_per_node=nproc_per_node)
