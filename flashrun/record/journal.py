"""The run's record: events.jsonl appended per event, state.json rewritten atomically.

Last arrow of the data flow (docs/architecture.md) (``act → events``). The supervisor emits
through one Journal per run directory; each event is appended (flushed) to
``events.jsonl``, folded into the RunState, and the snapshot is replaced in
``state.json``. Listeners (the live view, a notebook handle) get the new state.
Opening an existing run directory replays its events first, so a resumed run
continues the same record. The journal holds the run directory's lock
(``record/lock.py``) from opening to :meth:`close`: a second supervisor is refused.
"""
import logging
from pathlib import Path
from typing import Callable, List, Optional

from flashrun.record.degrade import RecordWrites
from flashrun.record.events import Event, EventLog, EventType, read_events
from flashrun.record.lock import RunLock
from flashrun.record.state import RunState, apply, fold, write_state

logger = logging.getLogger(__name__)

Listener = Callable[[RunState, Event], None]


class Journal:
    """Single writer of a run directory's events and state snapshot."""

    def __init__(self, run_dir: Path, *, fsync: bool = False):
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self._lock = RunLock(self.run_dir)  # one supervisor per run dir (RunDirBusy otherwise)
        try:
            self.events_path = self.run_dir / "events.jsonl"
            self.state_path = self.run_dir / "state.json"
            previous = read_events(self.events_path, strict=False) \
                if self.events_path.exists() else []
            self.state: RunState = fold(previous)
            self.replayed = len(previous)
            self._log = EventLog(self.events_path, fsync=fsync)
        except BaseException:
            self._lock.release()
            raise
        self._listeners: List[Listener] = []
        self.writes = RecordWrites()  # failed writes of the record: said once, never fatal

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, type: EventType, trial: Optional[str] = None, attempt: Optional[int] = None,
             **data) -> Event:
        event = Event.now(type, trial, attempt, data)
        self.writes.attempt(self.events_path, self._log.append, event)
        self.state = apply(self.state, event)
        self.writes.attempt(self.state_path, write_state, self.state_path, self.state, fsync=False)
        for listener in list(self._listeners):
            try:
                listener(self.state, event)
            except Exception:  # a broken view must not stop the supervisor
                logger.exception("journal listener failed; removing it")
                self._listeners.remove(listener)
        return event

    def close(self) -> None:
        self._log.close()
        self._lock.release()
