"""Run state: ``RunState = fold(events)``, the read model at the end of the data flow (docs/architecture.md).

``events.jsonl`` is the record; ``state.json`` is a snapshot derived from it
that the CLI (``flashrun status``), the notebook and the live view read without
replaying anything. :func:`fold` and :func:`apply` are pure (no I/O, no clock):
the same events always give the same state, so a restarted supervisor can
rebuild ``state.json`` from ``events.jsonl`` alone. :func:`write_state` and
:func:`read_state` are the only I/O here (atomic temp file + ``os.replace``).

The fold is total: it never raises on a surprising event. An event that would
make an illegal transition (see :data:`TRANSITIONS`) leaves the trial's state as
it was and is counted in ``RunState.ignored``; its facts (exit code, failure
class, ...) are still recorded.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import os
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Optional, Union

from flashrun.record.atomic import write_atomic
from flashrun.record.events import Event, EventType

__all__ = [
    "STATE_SCHEMA",
    "TrialState",
    "TrialStatus",
    "RunState",
    "TRANSITIONS",
    "ACTION_STATES",
    "apply",
    "apply_into",
    "fold",
    "write_state",
    "read_state",
]

STATE_SCHEMA = 1


class TrialState(str, enum.Enum):
    """Where one trial is. The state machine (events that drive each edge)::

        QUEUED ──LAUNCH_STARTED──▶ RUNNING
        QUEUED ──RUN_FAILED──▶ FAILED               (could not be launched at all)
        RUNNING ──RUN_SUCCEEDED──▶ SUCCEEDED                      (terminal)
        RUNNING ──RUN_FAILED─────▶ FAILED                         (terminal)
        RUNNING ──RECOVERY_ACTION_SELECTED(action)──▶
            retry_task | restart_group | replace_node  → RESTARTING
            pause_job                                  → PAUSED
            freeze_automation                          → FROZEN
            fail_job                                   → (unchanged; RUN_FAILED follows)
        RESTARTING ──LAUNCH_STARTED(attempt+1)──▶ RUNNING
        RESTARTING | PAUSED ──AUTOMATION_FROZEN──▶ FROZEN
        PAUSED | FROZEN ──RESUMED──▶ RESTARTING     (a person resumed automation)
        PAUSED ──LAUNCH_STARTED──▶ RUNNING          (back-off over)
        RESTARTING | PAUSED | FROZEN ──RUN_FAILED──▶ FAILED   (budget spent, gave up)
        any non-terminal ──RUN_CANCELLED──▶ CANCELLED             (terminal)
        any but SUCCEEDED ──TRIAL_QUEUED──▶ QUEUED   (re-queued, e.g. ``sweep --resume``)

    ``ATTEMPT_EXITED``, ``OUTPUT_STALLED``, ``FAILURE_CLASSIFIED`` and the
    checkpoint events record facts and leave the state alone: a trial whose
    process exited stays RUNNING until the decision about it is recorded.
    """

    QUEUED = "queued"
    RUNNING = "running"
    RESTARTING = "restarting"
    PAUSED = "paused"
    FROZEN = "frozen"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"

    def __str__(self) -> str:
        return self.value

    @property
    def terminal(self) -> bool:
        return self in (TrialState.SUCCEEDED, TrialState.FAILED, TrialState.CANCELLED)


_S = TrialState
#: Legal edges (from → allowed targets); the fold ignores any other.
TRANSITIONS: Mapping[TrialState, frozenset] = MappingProxyType({
    _S.QUEUED: frozenset({_S.QUEUED, _S.RUNNING, _S.CANCELLED, _S.FROZEN, _S.FAILED}),
    _S.RUNNING: frozenset({_S.QUEUED, _S.SUCCEEDED, _S.FAILED, _S.RESTARTING, _S.PAUSED,
                           _S.FROZEN, _S.CANCELLED}),
    _S.RESTARTING: frozenset({_S.QUEUED, _S.RUNNING, _S.PAUSED, _S.FROZEN, _S.CANCELLED,
                              _S.FAILED, _S.RESTARTING}),
    _S.PAUSED: frozenset({_S.QUEUED, _S.RUNNING, _S.RESTARTING, _S.FROZEN, _S.CANCELLED,
                          _S.FAILED, _S.PAUSED}),
    _S.FROZEN: frozenset({_S.QUEUED, _S.RESTARTING, _S.CANCELLED, _S.FAILED, _S.FROZEN}),
    _S.SUCCEEDED: frozenset(),
    _S.FAILED: frozenset({_S.QUEUED}),
    _S.CANCELLED: frozenset({_S.QUEUED}),
})

#: RECOVERY_ACTION_SELECTED ``data["action"]`` → the state it leads to (None: no change).
ACTION_STATES: Mapping[str, Optional[TrialState]] = MappingProxyType({
    "fail_job": None,
    "retry_task": _S.RESTARTING,
    "restart_group": _S.RESTARTING,
    "replace_node": _S.RESTARTING,
    "pause_job": _S.PAUSED,
    "freeze_automation": _S.FROZEN,
})


@dataclasses.dataclass(frozen=True)
class TrialStatus:
    """Everything the views need about one trial. Times are event ``ts`` values.

    ``attempts`` counts launches; ``attempt`` is the index of the latest one.
    ``exit_code`` is the latest attempt's exit status in the one convention flashrun uses
    for that name everywhere (``RunResult``, ``status --json``, results, events): what a
    shell reports, 0-255, a death by signal N as ``128 + N`` (see :func:`exit_code_of`).
    ``last_failure``/``last_decision`` are the latest ``failure_class`` and
    ``action`` strings; ``reason`` the latest human reason (decision or end).
    ``restarts`` counts the relaunches and pauses the policy chose, i.e. the restart budget
    spent: an attempt stopped by Ctrl-C or SIGTERM spends none, and a trial queued again
    after it FAILED (``flashrun resume``) starts with a fresh budget. ``active_s`` is the
    time flashrun worked on the trial (first launch to its end, per session); the time a
    stopped sweep waited for ``resume`` is not in it (``busy_since`` marks an open span).
    """

    trial: str
    state: TrialState = TrialState.QUEUED
    attempts: int = 0
    attempt: Optional[int] = None
    exit_code: Optional[int] = None
    hung: bool = False
    last_failure: Optional[str] = None
    last_decision: Optional[str] = None
    reason: Optional[str] = None
    policy_version: Optional[str] = None
    resume_step: Optional[int] = None
    checkpoints_skipped: int = 0
    stalls: int = 0
    queued_at: Optional[float] = None
    started_at: Optional[float] = None
    last_launch_at: Optional[float] = None
    exited_at: Optional[float] = None
    finished_at: Optional[float] = None
    updated_at: Optional[float] = None
    restarts: int = 0
    active_s: float = 0.0
    busy_since: Optional[float] = None

    def active_at(self, now: float) -> float:
        """``active_s`` including the open span, as of wall time *now*."""
        return self.active_s + (max(0.0, now - self.busy_since) if self.busy_since else 0.0)

    def to_dict(self) -> dict:
        # every field is a scalar: a plain comprehension (dataclasses.asdict deep-copies,
        # ten times slower, and state.json holds one of these per trial)
        d = {name: getattr(self, name) for name in _STATUS_FIELDS}
        d["state"] = self.state.value
        return d

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> "TrialStatus":
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: v for k, v in obj.items() if k in names}
        kwargs["state"] = TrialState(kwargs.get("state", "queued"))
        return cls(**kwargs)


_STATUS_FIELDS = tuple(f.name for f in dataclasses.fields(TrialStatus))


@dataclasses.dataclass(frozen=True)
class RunState:
    """The fold of a run's events. ``trials`` keeps first-seen order.

    ``frozen`` is run-wide (AUTOMATION_FROZEN without a trial, until RESUMED);
    ``events`` counts events folded; ``ignored`` counts illegal transitions.
    """

    trials: Mapping[str, TrialStatus] = dataclasses.field(
        default_factory=lambda: MappingProxyType({})
    )
    frozen: bool = False
    frozen_reason: Optional[str] = None
    cancelled: bool = False
    events: int = 0
    ignored: int = 0
    started_at: Optional[float] = None
    updated_at: Optional[float] = None

    def __post_init__(self) -> None:
        if not isinstance(self.trials, MappingProxyType):
            object.__setattr__(self, "trials", MappingProxyType(dict(self.trials)))

    def counts(self) -> dict:
        """``{state value: number of trials}`` for every state (zeros included)."""
        out = {s.value: 0 for s in TrialState}
        for t in self.trials.values():
            out[t.state.value] += 1
        return out

    @property
    def done(self) -> bool:
        """True when there are trials and every one is terminal."""
        return bool(self.trials) and all(t.state.terminal for t in self.trials.values())

    def to_dict(self) -> dict:
        return {
            "schema": STATE_SCHEMA,
            "frozen": self.frozen,
            "frozen_reason": self.frozen_reason,
            "cancelled": self.cancelled,
            "events": self.events,
            "ignored": self.ignored,
            "started_at": self.started_at,
            "updated_at": self.updated_at,
            "counts": self.counts(),
            "trials": {k: v.to_dict() for k, v in self.trials.items()},
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> "RunState":
        schema = obj.get("schema")
        if schema != STATE_SCHEMA:
            raise ValueError("unsupported state schema %r (expected %d)" % (schema, STATE_SCHEMA))
        trials = {k: TrialStatus.from_dict(v) for k, v in obj.get("trials", {}).items()}
        return cls(
            trials=trials,
            frozen=bool(obj.get("frozen", False)),
            frozen_reason=obj.get("frozen_reason"),
            cancelled=bool(obj.get("cancelled", False)),
            events=int(obj.get("events", 0)),
            ignored=int(obj.get("ignored", 0)),
            started_at=obj.get("started_at"),
            updated_at=obj.get("updated_at"),
        )


# ------------------------------------------------------------------------- fold

def exit_code_of(returncode: Optional[int]) -> Optional[int]:
    """``exit_code`` from a raw ``returncode`` (Popen's: ``-N`` = killed by signal N).

    flashrun's one convention for ``exit_code``: what a shell prints for ``$?``, so a
    SIGKILLed run is 137 wherever a user reads it. The raw value is kept only under the
    name ``returncode`` (in ``attempt_exited`` events)."""
    if returncode is None:
        return None
    return 128 - returncode if returncode < 0 else returncode


def _as_int(value: Any) -> Optional[int]:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _as_str(value: Any) -> Optional[str]:
    return None if value is None else str(value)


def _move(t: TrialStatus, target: Optional[TrialState]) -> "tuple[TrialStatus, bool]":
    """(trial after trying to move to *target*, whether the move was illegal)."""
    if target is None:
        return t, False
    if target not in TRANSITIONS[t.state]:
        return t, True
    return dataclasses.replace(t, state=target), False


def _apply_trial(t: TrialStatus, e: Event) -> "tuple[TrialStatus, bool]":
    """Fold one trial-scoped event into one trial. Returns (trial, illegal)."""
    d = e.data
    T = EventType
    t = dataclasses.replace(t, updated_at=e.ts)
    if e.type is T.TRIAL_QUEUED:
        if t.state is _S.FAILED:  # resumed after a failure: a fresh restart budget
            t = dataclasses.replace(t, restarts=0)
        t, bad = _move(t, _S.QUEUED)
        if not bad and t.queued_at is None:
            t = dataclasses.replace(t, queued_at=e.ts)
        return t, bad
    if e.type is T.LAUNCH_STARTED:
        t, bad = _move(t, _S.RUNNING)
        if bad:
            return t, bad
        attempt = e.attempt if e.attempt is not None else t.attempts
        return dataclasses.replace(
            t,
            attempt=attempt,
            attempts=max(t.attempts + 1, attempt + 1),
            started_at=t.started_at if t.started_at is not None else e.ts,
            busy_since=t.busy_since if t.busy_since is not None else e.ts,
            last_launch_at=e.ts,
            exit_code=None,
            hung=False,
            exited_at=None,
        ), False
    if e.type is T.OUTPUT_STALLED:
        return dataclasses.replace(t, stalls=t.stalls + 1), False
    if e.type is T.ATTEMPT_EXITED:
        return dataclasses.replace(
            t, exit_code=exit_code_of(_as_int(d.get("returncode"))), hung=bool(d.get("hang", False)),
            exited_at=e.ts,
        ), False
    if e.type is T.FAILURE_CLASSIFIED:
        return dataclasses.replace(t, last_failure=_as_str(d.get("failure_class"))), False
    if e.type is T.RECOVERY_ACTION_SELECTED:
        action = _as_str(d.get("action"))
        t = dataclasses.replace(
            t,
            restarts=t.restarts + (action in _SPENDS),
            last_decision=action,
            reason=_as_str(d.get("reason", t.reason)),
            policy_version=_as_str(d.get("policy_version", t.policy_version)),
        )
        return _move(t, ACTION_STATES.get(action or ""))
    if e.type is T.CHECKPOINT_SKIPPED:
        return dataclasses.replace(t, checkpoints_skipped=t.checkpoints_skipped + 1), False
    if e.type is T.CHECKPOINT_SELECTED:
        return dataclasses.replace(t, resume_step=_as_int(d.get("step"))), False
    if e.type in (T.RUN_SUCCEEDED, T.RUN_FAILED, T.RUN_CANCELLED):
        target = {T.RUN_SUCCEEDED: _S.SUCCEEDED, T.RUN_FAILED: _S.FAILED,
                  T.RUN_CANCELLED: _S.CANCELLED}[e.type]
        t, bad = _move(t, target)
        if not bad:
            t = dataclasses.replace(t, finished_at=e.ts, reason=_as_str(d.get("reason", t.reason)))
            if "exit_code" in d:  # a trial that could not start: 127/126, as a shell says
                t = dataclasses.replace(t, exit_code=_as_int(d["exit_code"]))
        return t, bad
    if e.type is T.AUTOMATION_FROZEN:
        t, bad = _move(t, _S.FROZEN)
        if not bad and "reason" in d:
            t = dataclasses.replace(t, reason=_as_str(d["reason"]))
        return t, bad
    if e.type is T.RESUMED:
        if t.state in (_S.FROZEN, _S.PAUSED):
            return _move(t, _S.RESTARTING)
        return t, False
    return t, False


def _apply_run(state: RunState, e: Event, trials: dict) -> "tuple[RunState, int]":
    """Fold a run-wide event (``trial is None``). Returns (state, illegal moves)."""
    T = EventType
    bad_total = 0

    def each(pred, target):
        nonlocal bad_total
        for key, t in list(trials.items()):
            if pred(t):
                new, bad = _move(dataclasses.replace(t, updated_at=e.ts), target)
                bad_total += bad
                if target is not None and target.terminal and not bad:
                    new = dataclasses.replace(new, finished_at=e.ts)
                trials[key] = _settle(new, e.ts)

    if e.type is T.AUTOMATION_FROZEN:
        state = dataclasses.replace(state, frozen=True, frozen_reason=_as_str(e.data.get("reason")))
        each(lambda t: t.state in (_S.RESTARTING, _S.PAUSED), _S.FROZEN)
    elif e.type is T.RESUMED:
        state = dataclasses.replace(state, frozen=False, frozen_reason=None)
        each(lambda t: t.state in (_S.FROZEN, _S.PAUSED), _S.RESTARTING)
    elif e.type is T.RUN_CANCELLED:
        state = dataclasses.replace(state, cancelled=True)
        each(lambda t: not t.state.terminal, _S.CANCELLED)
    # Other run-wide events carry no per-trial facts.
    return state, bad_total


# Actions that spend the restart budget (flashrun.policy.budget): relaunches and pauses.
_SPENDS = frozenset({"retry_task", "restart_group", "replace_node", "pause_job"})


def _settle(t: TrialStatus, ts: float) -> TrialStatus:
    """Close the trial's open busy span when it ends, freezes or is cancelled."""
    if t.busy_since is None or not (t.state.terminal or t.state is _S.FROZEN):
        return t
    return dataclasses.replace(t, active_s=t.active_s + max(0.0, ts - t.busy_since),
                               busy_since=None)


def apply(state: RunState, event: Event) -> RunState:
    """*state* after *event* (pure). An unseen trial is created on first mention."""
    return apply_into(dict(state.trials), state, event)


def apply_into(trials: dict, state: RunState, event: Event) -> RunState:
    """:func:`apply` for a single writer that owns ``trials`` (the dict behind *state*):
    the dict is updated in place and shared by the returned state, so one event costs
    O(1) whatever the number of trials (``apply`` copies it: O(trials)). The journal
    uses this; a state it handed out earlier sees later trial updates."""
    ignored = 0
    if event.trial is None:
        state, ignored = _apply_run(state, event, trials)
    else:
        current = trials.get(event.trial)
        if current is None and event.type is EventType.TRIAL_QUEUED:  # the common first event
            trials[event.trial] = TrialStatus(trial=event.trial, queued_at=event.ts,
                                              updated_at=event.ts)
        else:
            current = current or TrialStatus(trial=event.trial, queued_at=event.ts)
            new, bad = _apply_trial(current, event)
            trials[event.trial] = _settle(new, event.ts)
            ignored = int(bad)
    return RunState(MappingProxyType(trials), state.frozen, state.frozen_reason,
                    state.cancelled, state.events + 1, state.ignored + ignored,
                    state.started_at if state.started_at is not None else event.ts, event.ts)


def fold(events: Iterable[Event], initial: Optional[RunState] = None) -> RunState:
    """Fold *events* (in order) onto *initial* (default: an empty run). Linear: the trial
    mapping is copied once, not once per event."""
    state = initial if initial is not None else RunState()
    trials = dict(state.trials)
    for event in events:
        state = apply_into(trials, state, event)
    return state


# -------------------------------------------------------------------------- I/O

def write_state(path: Union[str, "os.PathLike[str]"], state: RunState, *, fsync: bool = True) -> None:
    """Write *state* as JSON to *path* atomically (temp file in the same
    directory, fsync, ``os.replace``): a reader sees the old or the new file,
    never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Indented for people while small; compact (the C encoder) for big sweeps.
    indent = 2 if len(state.trials) <= 200 else None
    write_atomic(path, json.dumps(state.to_dict(), indent=indent, sort_keys=False) + "\n",
                 fsync=fsync)


def read_state(path: Union[str, "os.PathLike[str]"]) -> RunState:
    """Read a ``state.json`` written by :func:`write_state`.

    Raises ``FileNotFoundError`` when absent and ``ValueError`` when it is not
    a state of this schema (rebuild it with ``fold(read_events(...))``).
    """
    with open(path, "r", encoding="utf-8") as f:
        obj = json.load(f)
    if not isinstance(obj, dict):
        raise ValueError("%s: not a state object" % path)
    return RunState.from_dict(obj)
