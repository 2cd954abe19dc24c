"""Library front door for one supervised job: ``run`` (blocking) and ``run_async``.

Where it sits in the data flow (docs/architecture.md): an API call → spec (a GroupSpec) →
supervisor → ... → journal, and a ``RunResult`` back to the caller. ``run``
works from plain code and from inside a running event loop (a notebook cell):
there it drives the supervisor on a private loop in a helper thread. Either
way, cancelling or interrupting it stops and reaps everything it started.
"""
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence, Tuple, Union

from flashrun.runtime import loop
from flashrun.record import rundir
from flashrun.record.journal import Journal
from flashrun.spec.launch import command_argv
from flashrun.policy.decide import RecoveryDecision
from flashrun.record.state import TrialState
from flashrun.runtime.stream import Echo
from flashrun import defaults as D
from flashrun.policy.budget import Backoff
from flashrun.runtime.supervisor import Coordinator, supervise
from flashrun.spec import rules as rules_file
from flashrun.spec.group import GroupSpec
from flashrun.policy.rules import RuleSet

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class RunResult:
    """How a supervised job ended."""

    state: TrialState
    attempts: int
    decisions: Tuple[RecoveryDecision, ...]
    tail: bytes
    exit_code: Optional[int]
    run_dir: str

    @property
    def succeeded(self) -> bool:
        return self.state == TrialState.SUCCEEDED

    def _repr_html_(self) -> str:
        from flashrun.view.notebook import run_html

        return run_html(self)


_AUTO = "auto"


def _notebook_output():
    """(echo, say) for a Jupyter kernel: the run's output and flashrun's conclusions go to
    the cell as text; (None, None) elsewhere (a library call stays quiet)."""
    import sys

    from flashrun.view.terminal import _in_jupyter

    if not _in_jupyter():
        return None, None

    def echo(data: bytes) -> None:
        sys.stdout.write(data.decode("utf-8", "replace"))

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")

    return echo, say


def run_name(command: Sequence[str]) -> str:
    """The run directory's name: the script's stem (``train`` for ``python train.py``);
    ``rundir.create`` makes it safe for a file name."""
    words = [os.path.splitext(os.path.basename(w))[0] for w in command
             if w.endswith(".py")] or [os.path.basename(command[0])]
    return words[0]


def _spec(argv, *, nproc_per_node=None, mode=None, backend=None, **options) -> GroupSpec:
    if backend is not None and backend.kind == "slurm":
        # the per-node launcher wraps the command in torchrun on each node
        default_mode = ("coordinated_training" if nproc_per_node or backend.nodes > 1
                        else "independent_tasks")
        return GroupSpec(argv=tuple(command_argv(argv)), mode=mode or default_mode,
                         backend=backend, nproc_per_node=nproc_per_node, **options)
    default_mode = "coordinated_training" if nproc_per_node else "independent_tasks"
    return GroupSpec(argv=tuple(command_argv(argv, nproc_per_node)),
                     mode=mode or default_mode, **options)


async def run_async(argv: Sequence[str], *, run_dir: Optional[PathLike] = None,
                    nproc_per_node: Optional[int] = None, max_restarts: int = D.MAX_RESTARTS,
                    hang_timeout: Optional[float] = D.HANG_TIMEOUT_S,
                    startup_timeout: Optional[float] = None, grace: float = D.GRACE_S,
                    fatal_grace: float = D.FATAL_GRACE_S, env: Optional[Mapping[str, str]] = None,
                    cwd: Optional[PathLike] = None, mode: Optional[str] = None,
                    echo=_AUTO, ring_size: int = D.RING_SIZE, backoff: Backoff = Backoff(),
                    say=None, resume: bool = False, backend=None, rules=None) -> RunResult:
    """Supervise one command (or torchrun group) until it succeeds or fails for good.

    ``echo``: where live output goes (a binary stream or callable; None: nowhere; the
    default: the cell in a Jupyter notebook, nowhere elsewhere).
    ``say``: called with flashrun's one-line conclusions (default: the logger).
    ``hang_timeout``: seconds of silence (no output, no heartbeat) that mean hung;
    ``startup_timeout``: the allowance before the first output (default 2x that).
    ``rules``: site rules (a ``RuleSet`` or a rules file path; default ``$FLASHRUN_RULES``),
    read before anything starts (a bad file raises ``SpecError``).
    ``run_dir``: default ``runs/<script>-<timestamp>``, always a new directory; a given
    directory that already holds a run is refused unless ``resume=True`` (then the
    attempt count continues).
    ``backend``: ``flashrun.Slurm(nodes=2, ...)`` runs each attempt on Slurm
    (docs/slurm.md); default: this machine.
    """
    spec = _spec(argv, nproc_per_node=nproc_per_node, mode=mode, backend=backend,
                 max_restarts=max_restarts,
                 hang_timeout=hang_timeout, startup_timeout=startup_timeout, grace=grace,
                 fatal_grace=fatal_grace,
                 env=dict(env or {}), cwd=None if cwd is None else os.fspath(cwd),
                 ring_size=ring_size,
                 rules=rules if isinstance(rules, RuleSet) else rules_file.resolve(rules))
    if isinstance(echo, str) and echo == _AUTO:
        echo, nb_say = _notebook_output()
        say = say if say is not None else nb_say
    run_dir = (rundir.check_reuse(run_dir, resume, how="resume=True") if run_dir is not None
               else rundir.create("runs", run_name(argv)))
    journal = Journal(run_dir)
    sink = Echo(echo) if echo is not None else None
    try:
        journal.emit("trial_queued", spec.trial_id, None, argv=list(spec.argv))
        kwargs = {} if say is None else {"say": say}
        before = journal.state.trials.get(spec.trial_id)
        res = await supervise(spec, run_dir=run_dir, journal=journal, echo=sink,
                              coordinator=Coordinator(journal), backoff=backoff,
                              spent=before.restarts if before is not None else 0, **kwargs)
    except BaseException as exc:
        journal.emit("run_cancelled", spec.trial_id, None, reason=type(exc).__name__)
        raise
    finally:
        if sink is not None:
            sink.close()
        journal.close()
    return RunResult(res.state, res.attempts, res.decisions, res.tail, res.exit_code,
                     str(run_dir))


def run(argv: Sequence[str], **options) -> RunResult:
    """Blocking ``run_async``; safe inside a running loop (Jupyter)."""
    return loop.run(run_async(argv, **options))
