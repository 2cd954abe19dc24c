"""What the web page and the report show, folded from events: trials, attempts, decisions, periods.

The view layer of docs/architecture.md (``events → state.json → CLI, notebook, live view``).
``RunState`` (flashrun.record.state) says where each trial *is*; the page also needs what
each trial *went through*: every attempt with its start, end and outcome, every decision
with its reason and evidence, the freeze and pause periods. :class:`RunModel` folds events
into that, incrementally: :meth:`RunModel.feed` takes new events and returns the ids of
the trials they touched, so the live server re-renders only those rows.

Pure: no I/O and no clock. File facts (params, log tails, metrics, checkpoints, whether the
supervisor is alive) are filled in by flashrun.view.rundata, which does the reading.

Attempt outcomes (the timeline's colours)::

    running    launched, no exit seen yet
    succeeded  exited 0 and the trial succeeded
    restarted  failed, and a restart / retry / back-off followed
    failed     failed, and the trial failed with it (fail_job, budget spent)
    frozen     failed while automation froze (nothing restarted it)
    cancelled  stopped by a cancellation
    exited     exited, no decision recorded yet (the supervisor is deciding, or died)
"""
from __future__ import annotations

import dataclasses
from typing import Any, Dict, Iterable, List, Optional, Set

from flashrun.record.events import Event, EventType as T
from flashrun.record.state import RunState, fold

__all__ = ["AttemptView", "Decision", "Period", "TrialView", "RunModel", "OUTCOMES"]

OUTCOMES = ("running", "succeeded", "restarted", "failed", "frozen", "cancelled", "exited")
_RESTART_ACTIONS = ("retry_task", "restart_group", "replace_node", "pause_job")


@dataclasses.dataclass
class Decision:
    """One diagnosis and the action chosen for it (``--explain``'s facts)."""

    attempt: Optional[int]
    ts: float
    failure_class: Optional[str] = None
    action: Optional[str] = None
    reason: Optional[str] = None
    evidence: Optional[str] = None
    rank: Optional[int] = None
    delay_s: Optional[float] = None
    policy_version: Optional[str] = None
    facts: Dict[str, Any] = dataclasses.field(default_factory=dict)  # markers, fingerprint, ...


@dataclasses.dataclass
class AttemptView:
    """One launch of a trial. ``tail``/``metrics``/``series``/``files`` come from disk."""

    n: int
    started: Optional[float] = None
    ended: Optional[float] = None
    returncode: Optional[int] = None
    hung: bool = False
    pid: Optional[int] = None
    outcome: str = "running"
    decision: Optional[Decision] = None
    resume_step: Optional[int] = None
    tail: Optional[str] = None
    metrics: Optional[Dict[str, Any]] = None
    series: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    files: List[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Period:
    """A stretch of time when automation held back: ``kind`` is ``frozen`` or ``paused``.

    ``trial`` is None for a run-wide freeze; ``end`` None while it lasts."""

    kind: str
    start: float
    end: Optional[float] = None
    trial: Optional[str] = None
    reason: Optional[str] = None


@dataclasses.dataclass
class TrialView:
    """A trial as the page shows it; ``params``/``checkpoints`` are filled from disk."""

    id: str
    attempts: Dict[int, AttemptView] = dataclasses.field(default_factory=dict)
    decisions: List[Decision] = dataclasses.field(default_factory=list)
    params: Dict[str, Any] = dataclasses.field(default_factory=dict)
    checkpoints: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    skipped: List[Dict[str, Any]] = dataclasses.field(default_factory=list)

    def attempt(self, n: int) -> AttemptView:
        a = self.attempts.get(n)
        if a is None:
            a = self.attempts[n] = AttemptView(n)
        return a

    @property
    def believed(self) -> Optional[Decision]:
        """The latest decision that has a believed line (or the latest decision)."""
        for d in reversed(self.decisions):
            if d.evidence:
                return d
        return self.decisions[-1] if self.decisions else None


class RunModel:
    """The fold. ``state`` is the same ``RunState`` that ``state.json`` holds."""

    def __init__(self) -> None:
        self.state = RunState()
        self.trials: Dict[str, TrialView] = {}
        self.periods: List[Period] = []
        self.supervisor_pids: List[int] = []
        self.first_ts: Optional[float] = None
        self.last_ts: Optional[float] = None

    def trial(self, tid: str) -> TrialView:
        t = self.trials.get(tid)
        if t is None:
            t = self.trials[tid] = TrialView(tid)
        return t

    def feed(self, events: Iterable[Event]) -> Set[str]:
        """Fold *events*; the ids of the trials whose row or timeline changed.

        A run-wide event (freeze, resume, cancel) changes every trial it moves: the
        ids of all trials are returned for it."""
        changed: Set[str] = set()
        events = list(events)
        self.state = fold(events, self.state)  # one copy of the trial map per batch
        for e in events:
            if self.first_ts is None:
                self.first_ts = e.ts
            self.last_ts = e.ts
            if e.trial is None:
                self._run_event(e)
                changed.update(self.trials)
            else:
                self._trial_event(self.trial(e.trial), e)
                changed.add(e.trial)
        return changed

    # ---------------------------------------------------------------- run-wide

    def _run_event(self, e: Event) -> None:
        if e.type is T.AUTOMATION_FROZEN:
            if not any(p.kind == "frozen" and p.trial is None and p.end is None
                       for p in self.periods):
                self.periods.append(Period("frozen", e.ts, None, None, _s(e.data.get("reason"))))
        elif e.type is T.RESUMED:
            for p in self.periods:
                if p.kind == "frozen" and p.end is None:
                    p.end = e.ts
        elif e.type is T.RUN_CANCELLED:
            self._close_open(e.ts)
            for t in self.trials.values():
                for a in t.attempts.values():
                    if a.outcome == "running":
                        a.outcome = "cancelled"

    def _close_open(self, ts: float) -> None:
        for p in self.periods:
            if p.end is None:
                p.end = ts

    # ---------------------------------------------------------------- per trial

    def _trial_event(self, t: TrialView, e: Event) -> None:
        d = e.data
        n = e.attempt
        if e.type is T.LAUNCH_STARTED:
            a = t.attempt(n if n is not None else len(t.attempts))
            a.started, a.outcome = e.ts, "running"
            a.pid = _i(d.get("pid"))
            pending = t.attempts.get(-1)  # a checkpoint chosen before this launch
            if pending is not None:
                a.resume_step = pending.resume_step
                del t.attempts[-1]
            for p in self.periods:  # a launch ends the trial's back-off, planned or not
                if p.kind == "paused" and p.trial == t.id and (p.end is None or p.end > e.ts):
                    p.end = e.ts
        elif e.type is T.ATTEMPT_EXITED and n is not None:
            a = t.attempt(n)
            a.ended, a.returncode, a.hung = e.ts, _i(d.get("returncode")), bool(d.get("hang"))
            a.outcome = "exited"
        elif e.type is T.FAILURE_CLASSIFIED:
            dec = Decision(n, e.ts, failure_class=_s(d.get("failure_class")),
                           evidence=_s(d.get("evidence")), rank=_i(d.get("rank")),
                           facts={k: v for k, v in d.items()
                                  if k not in ("failure_class", "evidence", "rank")
                                  and v not in (None, [], "")})
            t.decisions.append(dec)
            if n is not None:
                t.attempt(n).decision = dec
        elif e.type is T.RECOVERY_ACTION_SELECTED:
            dec = t.decisions[-1] if t.decisions and t.decisions[-1].action is None \
                and t.decisions[-1].attempt == n else None
            if dec is None:
                dec = Decision(n, e.ts, failure_class=_s(d.get("failure_class")))
                t.decisions.append(dec)
            dec.action, dec.reason = _s(d.get("action")), _s(d.get("reason"))
            dec.delay_s = _f(d.get("delay_s"))
            dec.policy_version = _s(d.get("policy_version"))
            if n is not None and n in t.attempts:
                a = t.attempts[n]
                a.decision = a.decision or dec
                if dec.action in _RESTART_ACTIONS:
                    a.outcome = "restarted"
                elif dec.action == "freeze_automation":
                    a.outcome = "frozen" if a.ended is not None else a.outcome
                    self.periods.append(Period("frozen", e.ts, None, t.id, dec.reason))
                elif dec.action == "fail_job":
                    a.outcome = "failed"
            if dec.action == "pause_job":
                end = e.ts + dec.delay_s if dec.delay_s else None
                self.periods.append(Period("paused", e.ts, end, t.id, dec.reason))
        elif e.type is T.RUN_SUCCEEDED:
            a = t.attempts.get(n) if n is not None else _last(t)
            if a is not None:
                a.outcome = "succeeded"
                a.ended = a.ended or e.ts
        elif e.type is T.RUN_FAILED:
            a = t.attempts.get(n) if n is not None else _last(t)
            if a is not None and a.outcome in ("exited", "running", "restarted", "frozen"):
                a.outcome = "failed"
        elif e.type is T.RUN_CANCELLED:
            for a in t.attempts.values():
                if a.outcome in ("running", "exited"):
                    a.outcome = "cancelled"
                    a.ended = a.ended or e.ts
        elif e.type is T.RESUMED:
            for p in self.periods:
                if p.trial == t.id and p.end is None:
                    p.end = e.ts
        elif e.type is T.CHECKPOINT_SELECTED:
            # Emitted before the launch it feeds: park it on a placeholder attempt -1.
            t.attempt(-1).resume_step = _i(d.get("step"))
        elif e.type is T.CHECKPOINT_SKIPPED:
            t.skipped.append({"path": _s(d.get("path")), "step": _i(d.get("step")),
                              "reason": _s(d.get("reason"))})


def _last(t: TrialView) -> Optional[AttemptView]:
    real = [k for k in t.attempts if k >= 0]
    return t.attempts[max(real)] if real else None


def _s(v: Any) -> Optional[str]:
    return None if v is None else str(v)


def _i(v: Any) -> Optional[int]:
    if v is None or isinstance(v, bool):
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        return None


def _f(v: Any) -> Optional[float]:
    if v is None or isinstance(v, bool):
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None
