"""The recovery loop of one trial: observe → diagnose → decide → act, until done.

Where it sits in the data flow (docs/architecture.md)::

    spec → [supervisor] → attempt (process, stream) → scan → classify → decide → act → journal

``supervise`` runs attempts of one ``GroupSpec`` (the blueprint; each attempt
is an instance) and acts on each failure's ``RecoveryDecision``:

* ``fail_job``: stop; the trial FAILED;
* ``restart_group`` / ``retry_task`` / ``replace_node``: launch the same spec
  again as attempt+1 after a short, growing backoff (the first restart is
  immediate); the checkpoint directory is shared, so it resumes;
* ``pause_job``: back off exponentially (and hold every other launch of the
  run) before trying again;
* ``freeze_automation``: stop acting; the trial is FROZEN for a person.

``max_restarts`` bounds the relaunches. The decision itself is made by the pure
policy core; this module only carries it out and records it in the journal.
Sweep-wide state (the incident window, a freeze, a pause) lives in the
``Coordinator`` shared by every trial of a run.
"""
import asyncio
import dataclasses
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable, Optional, Tuple

from flashrun.runtime.attempt import AttemptOutcome, run_attempt
from flashrun.runtime.process import CannotStart
from flashrun.policy.diagnose import diagnose
from flashrun.record.events import EventType as E
from flashrun.record.atomic import write_private
from flashrun.record.journal import Journal
from flashrun.redaction import redact_text
from flashrun import defaults as D
from flashrun.policy.budget import Backoff, Budget, spend
from flashrun.policy.decide import RecoveryDecision
from flashrun.policy.history import IncidentWindow
from flashrun.policy.table import Action
from flashrun.spec.group import GroupSpec
from flashrun.record.state import TrialState
from flashrun.runtime.stream import Echo
from flashrun.runtime.backends import make_backend

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrialResult:
    """How a trial ended."""

    trial_id: str
    state: TrialState
    attempts: int
    decisions: Tuple[RecoveryDecision, ...]
    exit_code: Optional[int]
    tail: bytes
    trial_dir: str
    last_log_dir: Optional[str]
    duration_s: float


class Coordinator:
    """Run-wide automation state shared by every trial: incidents, freeze, pause."""

    def __init__(self, journal: Journal, *, incident_threshold: int = D.INCIDENT_THRESHOLD,
                 incident_window_s: float = D.INCIDENT_WINDOW_S, clock: Callable[[], float] = time.monotonic):
        self.journal = journal
        self.clock = clock
        self.window = IncidentWindow(incident_threshold, incident_window_s)
        self.frozen = journal.state.frozen
        self.frozen_reason: Optional[str] = None
        self.paused_until = 0.0
        self._changed = asyncio.Event()

    def record_failure(self, trial: str) -> bool:
        """Add a failure to the incident window; True while an incident is on."""
        self.window = self.window.add(self.clock(), trial)
        return self.window.active

    def freeze(self, reason: str) -> None:
        if not self.frozen:
            self.frozen, self.frozen_reason = True, reason
            self.journal.emit(E.AUTOMATION_FROZEN, reason=reason)
            self._changed.set()

    def pause(self, seconds: float) -> None:
        self.paused_until = max(self.paused_until, self.clock() + seconds)

    async def launch_allowed(self) -> bool:
        """Wait out a pause; False when automation is frozen (nothing may launch)."""
        while not self.frozen:
            left = self.paused_until - self.clock()
            if left <= 0:
                return True
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), timeout=left)
            except asyncio.TimeoutError:
                pass
        return False


def child_env(spec: GroupSpec, run_dir: Path, trial_dir: Path, attempt: int) -> dict:
    """The child's whole environment: ours, the spec's, and the FLASHRUN_* contract."""
    env = dict(os.environ)
    env.update(spec.env)
    env.update({
        "FLASHRUN_RUN_DIR": str(run_dir),
        "FLASHRUN_TRIAL_ID": spec.trial_id,
        "FLASHRUN_ATTEMPT": str(attempt),
        "FLASHRUN_CKPT_DIR": str(trial_dir / "ckpt"),
        "FLASHRUN_HEARTBEAT": str(trial_dir / "heartbeat"),
        "PYTHONUNBUFFERED": env.get("PYTHONUNBUFFERED", "1"),
    })
    return env


def _streams(spec: GroupSpec, log_dir: Path) -> Optional[dict]:
    """The ends of stdout.log and stderr.log, when a site rule reads one stream only."""
    if not spec.rules or not any(r.stream for r in spec.rules.rules):
        return None
    out = {}
    for name in ("stdout", "stderr"):
        try:
            with open(log_dir / ("%s.log" % name), "rb") as fh:
                fh.seek(0, os.SEEK_END)
                fh.seek(max(0, fh.tell() - spec.ring_size))
                out[name] = fh.read()
        except OSError:
            out[name] = b""
    return out



def next_attempt(trial_dir: Path) -> int:
    """First unused attempt number (a resumed trial continues the count)."""
    used = [int(p.name.split("-", 1)[1]) for p in trial_dir.glob("attempt-*")
            if p.name.split("-", 1)[1].isdigit()]
    return max(used) + 1 if used else 0


def _conclusion(spec: GroupSpec, attempt: int, decision: RecoveryDecision, delay: float) -> str:
    ev = decision.evidence
    where = "" if ev.rank is None else " rank %d" % ev.rank
    then = {Action.FAIL_JOB: "giving up", Action.FREEZE_AUTOMATION: "automation frozen",
            Action.PAUSE_JOB: "pausing %.0fs before the next try" % delay}.get(
        decision.action, "restarting as attempt %d%s" % (
            attempt + 1, " in %.1fs" % delay if delay else ""))
    line = "[flashrun] %s/%d %s → %s (%s); %s" % (
        spec.trial_id, attempt, decision.failure_class.value, decision.action.value,
        decision.reason, then)
    if ev.line:
        line += "\n[flashrun]   believed%s: %s" % (where, redact_text(ev.line))
    return line


def _attempt(spec: GroupSpec, run_dir: Path, trial_dir: Path, log_dir: Path, n: int,
             echo: Optional[Echo], journal: Journal, runner, backend, exclude):
    """The coroutine of attempt ``n`` of ``spec`` (journalled launch and stalls), run by
    ``runner`` (``run_attempt`` or a test's fake) on ``backend``, avoiding ``exclude``."""
    return runner(
        spec.argv, log_dir=log_dir, env=child_env(spec, run_dir, trial_dir, n),
        cwd=spec.cwd, echo=echo, prefix="[%s/%d] " % (spec.trial_id, n),
        ring_size=spec.ring_size, hang_timeout=spec.hang_timeout,
        startup_timeout=spec.startup_timeout,
        heartbeat=str(trial_dir / "heartbeat"), grace=spec.grace, fatal_grace=spec.fatal_grace,
        on_started=lambda pid: journal.emit(E.LAUNCH_STARTED, spec.trial_id, n,
                                            argv=list(spec.argv), pid=pid, log_dir=str(log_dir)),
        on_stalled=lambda s: journal.emit(E.OUTPUT_STALLED, spec.trial_id, n,
                                          silent_s=round(s, 1)),
        backend=backend, exclude=exclude)


async def supervise(spec: GroupSpec, *, run_dir: Path, journal: Journal,
                    coordinator: Optional[Coordinator] = None, echo: Optional[Echo] = None,
                    backoff: Backoff = Backoff(), say: Callable[[str], None] = logger.warning,
                    attempt_runner: Callable[..., Awaitable[AttemptOutcome]] = run_attempt,
                    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                    spent: int = 0) -> TrialResult:
    """Run ``spec`` until it succeeds, fails for good, or automation freezes.

    ``attempt_runner`` (``run_attempt``'s signature) and ``sleep`` are the loop's only
    contacts with processes and time: tests pass fakes to drive the loop in microseconds.
    ``spent``: restarts a resumed trial already used (its ``TrialStatus.restarts``).
    """
    run_dir = Path(run_dir)
    coordinator = coordinator or Coordinator(journal)
    trial_dir = run_dir / "trials" / spec.trial_id
    journal.writes.attempt(trial_dir / "ckpt", (trial_dir / "ckpt").mkdir, parents=True,
                           exist_ok=True)
    started = time.monotonic()
    attempt = next_attempt(trial_dir)
    first = attempt
    budget = Budget(spec.max_restarts, restarts=spent)
    previous_fp: Optional[str] = None
    decisions = []
    outcome: Optional[AttemptOutcome] = None
    backend = make_backend(spec.backend, spec.nproc_per_node)
    excluded: frozenset = frozenset()   # nodes a replace_node decision took out of rotation

    def result(state: TrialState) -> TrialResult:
        code = None if outcome is None else outcome.exit.exit_status
        return TrialResult(spec.trial_id, state, attempt - first,
                           tuple(decisions), 0 if state == TrialState.SUCCEEDED else code,
                           outcome.tail if outcome else b"", str(trial_dir),
                           outcome.log_dir if outcome else None, time.monotonic() - started)

    while True:
        if not await coordinator.launch_allowed():
            if outcome is None or decisions and decisions[-1].action != Action.FREEZE_AUTOMATION:
                journal.emit(E.RECOVERY_ACTION_SELECTED, spec.trial_id, attempt,
                             action=Action.FREEZE_AUTOMATION.value,
                             reason="automation is frozen for this run: %s"
                                    % coordinator.frozen_reason)
            return result(TrialState.FROZEN)
        log_dir = trial_dir / ("attempt-%d" % attempt)
        n = attempt
        try:
            outcome = await _attempt(spec, run_dir, trial_dir, log_dir, n, echo, journal,
                                     attempt_runner, backend, excluded)
        except CannotStart as exc:  # deterministic: no retry, the other trials go on
            reason = "cannot start: %s" % exc.reason
            journal.emit(E.RUN_FAILED, spec.trial_id, n, reason=reason,
                         exit_code=exc.exit_status)
            say("[flashrun] %s/%d %s; giving up" % (spec.trial_id, n, reason))
            failed = result(TrialState.FAILED)
            return dataclasses.replace(failed, exit_code=exc.exit_status)
        attempt += 1
        journal.writes.attempt(log_dir / "tail.txt", write_private, log_dir / "tail.txt",
                               outcome.tail)
        sched = outcome.scheduler
        journal.emit(E.ATTEMPT_EXITED, spec.trial_id, n, returncode=outcome.exit.returncode,
                     exit_code=outcome.exit.exit_status,
                     hang=outcome.hung, fatal=outcome.fatal,
                     **({"scheduler": sched.as_dict()} if sched is not None else {}))
        if outcome.succeeded:
            journal.emit(E.RUN_SUCCEEDED, spec.trial_id, n)
            return result(TrialState.SUCCEEDED)
        stopped_by_us = outcome.exit.stop_requested
        code = outcome.exit.returncode
        if sched is not None and sched.exit_code is not None:
            code = sched.exit_code  # the failed task's own status, not srun's
        diag = diagnose(outcome.tail, None if stopped_by_us else code,
                        mode=spec.mode, hung=outcome.hung, previous_fingerprint=previous_fp,
                        correlated=coordinator.record_failure(spec.trial_id),
                        scheduler_state=sched.state if sched else None,
                        scheduler_line=sched.line if sched else None,
                        scheduler_reported=sched is not None,
                        rules=spec.rules, streams=_streams(spec, log_dir),
                        storage_error=outcome.storage_error or journal.writes.storage_error)
        previous_fp = diag.fingerprint
        decision = diag.decision
        ev = decision.evidence
        journal.emit(E.FAILURE_CLASSIFIED, spec.trial_id, n, failure_class=decision.failure_class.value,
                     evidence=ev.line, rank=ev.rank, fingerprint=diag.fingerprint,
                     root_exception=diag.root_exception, markers=list(ev.markers),
                     signal=ev.signal, rule=ev.rule, explanation=diag.explain().as_dict())
        decision, budget, delay = spend(decision, budget, backoff)
        if decision.action == Action.REPLACE_NODE and sched is not None and sched.failed_nodes:
            excluded = excluded | sched.failed_nodes
            say("[flashrun] %s/%d excluding node(s) %s from the next attempts" % (
                spec.trial_id, n, ",".join(sorted(excluded))))
        if decision.action == Action.PAUSE_JOB:
            coordinator.pause(delay)
        decisions.append(decision)
        journal.emit(E.RECOVERY_ACTION_SELECTED, spec.trial_id, n, action=decision.action.value,
                     reason=decision.reason, policy_version=decision.policy_version,
                     delay_s=delay, failure_class=decision.failure_class.value)
        say(_conclusion(spec, n, decision, delay))
        if decision.action == Action.FAIL_JOB:
            journal.emit(E.RUN_FAILED, spec.trial_id, n, reason=decision.reason)
            return result(TrialState.FAILED)
        if decision.action == Action.FREEZE_AUTOMATION:
            coordinator.freeze(decision.reason)
            return result(TrialState.FROZEN)
        if delay:
            await sleep(delay)
