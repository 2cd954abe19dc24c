"""Slurm's own words → typed facts: how each task of a step ended, and the job's state.

Part of the scan layer (docs/architecture.md): pure text in, frozen values out, no I/O
and no judgement (what a state *means* for recovery is :mod:`flashrun.policy.taxonomy`'s
business). The texts are Slurm 22.05's, captured on the real test cluster of
``tests/slurm`` (docs/slurm.md lists them):

* srun, once per task that did not exit 0 (``srun: error: NODE: task N: ...``)::

      srun: error: n2: task 1: Exited with exit code 4
      srun: error: n2: task 1: Killed                    (strsignal(): signal death)
      srun: error: n2: task 1: Segmentation fault (core dumped)

* srun when a node of the step is lost: ``srun: error: Node failure on n2``;
* slurmstepd, relayed behind a task label, when the step is cancelled::

      0: slurmstepd-n1: error: *** STEP 7.0 ON n1 CANCELLED AT 2026-... DUE TO NODE FAILURE, ...
      0: slurmstepd-n1: error: *** STEP 1.0 ON n1 CANCELLED AT 2026-... DUE TO PREEMPTION ***
      0: slurmstepd-n1: error: *** STEP 6.0 ON n1 CANCELLED AT 2026-... DUE TO TIME LIMIT ***
      slurmstepd: error: *** JOB 12 ON n1 CANCELLED AT ... ***   (batch jobs)

* ``squeue -h -t all -o '%i|%T|%r|%N'`` and ``scontrol show job``'s ``JobState=``/``Reason=``.
"""
from __future__ import annotations

import re
import signal as _signal
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Tuple

__all__ = ["TaskExit", "StepReport", "JobRecord", "parse_srun", "parse_squeue",
           "parse_scontrol_job", "parse_hostnames", "SIGNAL_BY_TEXT", "SCHEDULER_STATES"]

# Job states that end a job for a reason outside the program (Slurm's job_state_string()).
SCHEDULER_STATES = frozenset({"NODE_FAIL", "PREEMPTED", "TIMEOUT", "OUT_OF_MEMORY", "BOOT_FAIL",
                              "DEADLINE", "CANCELLED"})


def _strsignal_table() -> Dict[str, int]:
    table = {}
    for sig in _signal.Signals:
        text = _signal.strsignal(sig)
        if text and not text.startswith("Unknown signal") and text not in table:
            table[text] = int(sig)
    return table


# srun prints strsignal(); the same glibc text on every Linux node.
SIGNAL_BY_TEXT = _strsignal_table()

_TASK = re.compile(rb"^srun: error: (?P<node>\S+): tasks? (?P<tasks>[0-9,\-]+): (?P<what>.+?)\s*$",
                   re.M)
_EXITED = re.compile(r"Exited with exit code (\d+)")
_NODE_FAILURE = re.compile(rb"^srun: error: Node failure on (\S+)\s*$", re.M)
_CANCELLED = re.compile(rb"\*\*\* (?:STEP|JOB) (?P<id>[0-9.]+(?:\+\d+)?) ON (?P<node>\S+) CANCELLED "
                        rb"AT \S+(?: DUE TO (?P<why>[A-Z ]+?))?(?:,[^*]*)? \*\*\*")
_WHY = {"NODE FAILURE": "NODE_FAIL", "PREEMPTION": "PREEMPTED", "TIME LIMIT": "TIMEOUT",
        "JOB REQUEUE": "REQUEUED"}
_SCONTROL_FIELD = re.compile(r"(\w+)=(\S*)")


@dataclass(frozen=True)
class TaskExit:
    """How one task ended, in srun's words: an exit code or a signal."""

    task: int
    node: str
    exit_code: Optional[int]
    signal: Optional[int]
    text: str                   # what srun said after "task N: "

    @property
    def returncode(self) -> int:
        """Popen convention: the code, or ``-signal``."""
        return -self.signal if self.signal else (self.exit_code or 0)


@dataclass(frozen=True)
class StepReport:
    """What srun's stderr said about one step."""

    tasks: Tuple[TaskExit, ...] = ()
    failed_nodes: FrozenSet[str] = frozenset()     # "Node failure on X"
    cancelled: Optional[str] = None                # NODE_FAIL, PREEMPTED, TIMEOUT, REQUEUED, "" (plain)
    cancel_line: Optional[str] = None

    def first_failure(self) -> Optional[TaskExit]:
        """The task srun reported first (the one that failed before the others were killed)."""
        return self.tasks[0] if self.tasks else None


def _expand(spec: str) -> List[int]:
    out: List[int] = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def _task_exit(task: int, node: str, what: str) -> TaskExit:
    m = _EXITED.match(what)
    if m:
        return TaskExit(task, node, int(m.group(1)), None, what)
    text = what[:-len(" (core dumped)")] if what.endswith(" (core dumped)") else what
    return TaskExit(task, node, None, SIGNAL_BY_TEXT.get(text), what)


def parse_srun(text: bytes) -> StepReport:
    """Read srun's stderr (or the combined, labelled output) for task ends and cancellations.

    A task reported twice (a signal line, then a later exit line) keeps its first report."""
    tasks: Dict[int, TaskExit] = {}
    for m in _TASK.finditer(text):
        node, what = m.group("node").decode(), m.group("what").decode("utf-8", "replace")
        for t in _expand(m.group("tasks").decode()):
            tasks.setdefault(t, _task_exit(t, node, what))
    failed = frozenset(m.group(1).decode() for m in _NODE_FAILURE.finditer(text))
    cancelled = line = None
    for m in _CANCELLED.finditer(text):
        why = (m.group("why") or b"").decode()
        state = _WHY.get(why, why.replace(" ", "_"))
        if cancelled is None or (not cancelled and state):
            cancelled, line = state, m.group(0).decode("utf-8", "replace")
    return StepReport(tuple(tasks.values()), failed, cancelled, line)


@dataclass(frozen=True)
class JobRecord:
    """One job as the controller reports it."""

    job_id: str
    state: str                  # RUNNING, COMPLETED, FAILED, NODE_FAIL, PREEMPTED, ...
    reason: str = ""
    nodes: str = ""
    exit_code: Optional[str] = None   # "143:0" (code:signal), scontrol only

    @property
    def scheduler_state(self) -> Optional[str]:
        """The state when it names a cause outside the program, else None."""
        return self.state if self.state in SCHEDULER_STATES else None


def parse_squeue(text: str) -> List[JobRecord]:
    """Rows of ``squeue -h -t all -o '%i|%T|%r|%N'`` (blank lines ignored)."""
    rows = []
    for line in text.splitlines():
        parts = line.strip().split("|")
        if len(parts) >= 2 and parts[0]:
            parts += [""] * (4 - len(parts))
            rows.append(JobRecord(parts[0], parts[1].rstrip("+"), parts[2], parts[3]))
    return rows


def parse_scontrol_job(text: str) -> Optional[JobRecord]:
    """``scontrol show job ID`` (its first record), or None when it names no job."""
    fields: Dict[str, str] = {}
    for m in _SCONTROL_FIELD.finditer(text):
        fields.setdefault(m.group(1), m.group(2))
    if "JobId" not in fields or "JobState" not in fields:
        return None
    return JobRecord(fields["JobId"], fields["JobState"], fields.get("Reason", ""),
                     fields.get("NodeList", ""), fields.get("ExitCode"))


def parse_hostnames(text: str) -> List[str]:
    """``scontrol show hostnames LIST``: one name a line."""
    return [line.strip() for line in text.splitlines() if line.strip()]
