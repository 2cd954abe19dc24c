"""The run's record: events.jsonl appended per event, state.json a snapshot of it.

Last arrow of the data flow (docs/architecture.md) (``act → events``). The supervisor emits
through one Journal per run directory; each event is appended (flushed) to
``events.jsonl`` and folded into the RunState in O(1) (``state.apply_into``).
``events.jsonl`` is the record; ``state.json`` is a cache of its fold, replaced
atomically at most once per :data:`SNAPSHOT_INTERVAL_S` (a trailing write catches up
when events stop), at once on run-wide changes (freeze, resume, cancellation) and at
:meth:`Journal.close`, so a 10,000-trial sweep does not rewrite the whole snapshot per
event. Readers that need the present (``flashrun status``) fold the events instead.
Listeners (the live view, a notebook handle) get the new state per event.
Opening an existing run directory replays its events first, so a resumed run
continues the same record. The journal holds the run directory's lock
(``record/lock.py``) from opening to :meth:`close`: a second supervisor is refused. ``flashrun view`` tells a
live supervisor from a dead one by trying the same lock (``record.lock.holder``).
"""
import asyncio
import logging
import time
from pathlib import Path
from typing import Callable, List, Optional

from flashrun.record.degrade import RecordWrites
from flashrun.record.events import Event, EventLog, EventType, read_events
from flashrun.record.lock import RunLock
from flashrun.record.rundir import RunDirError
from flashrun.record.state import RunState, apply_into, fold, write_state

logger = logging.getLogger(__name__)

Listener = Callable[[RunState, Event], None]
SNAPSHOT_INTERVAL_S = 1.0  # state.json is rewritten at most this often (plus run-wide changes)
_AT_ONCE = frozenset({EventType.AUTOMATION_FROZEN, EventType.RESUMED, EventType.RUN_CANCELLED})


class RunDirUnusable(RunDirError):
    """The run directory cannot be used (read-only, a file where a directory must be, ...)."""

    def __init__(self, run_dir: Path, exc: OSError) -> None:
        super().__init__("cannot use run directory %s: %s%s" % (
            run_dir, exc.strerror or exc,
            " (%s)" % exc.filename if exc.filename and str(exc.filename) != str(run_dir) else ""))


class Journal:
    """Single writer of a run directory's events and state snapshot."""

    def __init__(self, run_dir: Path, *, fsync: bool = False):
        self.run_dir = Path(run_dir)
        try:
            self.run_dir.mkdir(parents=True, exist_ok=True)
            self._lock = RunLock(self.run_dir)  # one supervisor per run dir (RunDirBusy otherwise)
        except OSError as exc:
            raise RunDirUnusable(self.run_dir, exc) from None
        try:
            self.events_path = self.run_dir / "events.jsonl"
            self.state_path = self.run_dir / "state.json"
            previous = read_events(self.events_path, strict=False) \
                if self.events_path.exists() else []
            self.state: RunState = fold(previous)
            self._trials = dict(self.state.trials)  # ours: folded into in place
            self.replayed = len(previous)
            self._log = EventLog(self.events_path, fsync=fsync)
        except OSError as exc:
            self._lock.release()
            raise RunDirUnusable(self.run_dir, exc) from None
        except BaseException:
            self._lock.release()
            raise
        self._listeners: List[Listener] = []
        self.writes = RecordWrites()  # failed writes of the record: said once, never fatal
        self._written_at = 0.0
        self._interval = SNAPSHOT_INTERVAL_S
        self._dirty = False
        self._trailing: Optional[asyncio.TimerHandle] = None

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, type: EventType, trial: Optional[str] = None, attempt: Optional[int] = None,
             **data) -> Event:
        event = Event.now(type, trial, attempt, data)
        self.writes.attempt(self.events_path, self._log.append, event)
        self.state = apply_into(self._trials, self.state, event)
        self._dirty = True
        if event.type in _AT_ONCE or time.monotonic() - self._written_at >= self._interval:
            self.snapshot()
        else:
            self._schedule_trailing()
        self._tell(event)
        return event

    def _tell(self, event: Event) -> None:
        for listener in list(self._listeners):
            try:
                listener(self.state, event)
            except Exception:  # a broken view must not stop the supervisor
                logger.exception("journal listener failed; removing it")
                self._listeners.remove(listener)

    def emit_many(self, type: EventType, items) -> None:
        """One event of ``type`` per ``(trial, data)`` in ``items``, appended in one write
        (queueing 10,000 trials is one system call, not 10,000)."""
        events = [Event.now(type, trial, None, data) for trial, data in items]
        if not events:
            return
        self.writes.attempt(self.events_path, self._log.append_many, events)
        for event in events:
            self.state = apply_into(self._trials, self.state, event)
            self._tell(event)
        self._dirty = True
        self._schedule_trailing()

    def snapshot(self) -> None:
        """Write ``state.json`` now (if anything changed since the last write)."""
        if self._trailing is not None:
            self._trailing.cancel()
            self._trailing = None
        if self._dirty:
            self._dirty = False
            started = time.monotonic()
            self.writes.attempt(self.state_path, write_state, self.state_path, self.state,
                                fsync=False)
            self._written_at = time.monotonic()
            # a big snapshot waits longer before the next one: at most ~5% of the time
            self._interval = max(SNAPSHOT_INTERVAL_S, 20 * (self._written_at - started))

    def _schedule_trailing(self) -> None:
        if self._trailing is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a plain script): the next event or close() writes it
            return
        self._trailing = loop.call_later(self._interval, self.snapshot)

    def close(self) -> None:
        try:
            self.snapshot()
        finally:
            self._log.close()
            self._lock.release()
