"""The run's record: events.jsonl appended per event, state.json rewritten atomically.

Last arrow of the data flow (docs/architecture.md) (``act → events``). The supervisor emits
through one Journal per run directory; each event is appended (flushed) to
``events.jsonl``, folded into the RunState, and the snapshot is replaced in
``state.json``. Listeners (the live view, a notebook handle) get the new state.
Opening an existing run directory replays its events first, so a resumed run
continues the same record.

While a Journal is open it holds an exclusive ``flock`` on ``supervisor.lock`` (which
also names its pid): a reader (``flashrun view``) tells a live supervisor from a dead
one by trying that lock, without trusting a pid that may have been reused.
"""
import logging
import os
from pathlib import Path
from typing import Callable, List, Optional

from flashrun.record.events import Event, EventLog, EventType, read_events
from flashrun.record.state import RunState, apply, fold, write_state

logger = logging.getLogger(__name__)

Listener = Callable[[RunState, Event], None]


class Journal:
    """Single writer of a run directory's events and state snapshot."""

    def __init__(self, run_dir: Path, *, fsync: bool = False):
        self.run_dir = Path(run_dir)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.events_path = self.run_dir / "events.jsonl"
        self.state_path = self.run_dir / "state.json"
        previous = read_events(self.events_path, strict=False) if self.events_path.exists() else []
        self.state: RunState = fold(previous)
        self.replayed = len(previous)
        self._log = EventLog(self.events_path, fsync=fsync)
        self._listeners: List[Listener] = []
        self._lock_fd = _hold_lock(self.run_dir / LOCK_NAME)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def emit(self, type: EventType, trial: Optional[str] = None, attempt: Optional[int] = None,
             **data) -> Event:
        event = self._log.emit(type, trial, attempt, **data)
        self.state = apply(self.state, event)
        write_state(self.state_path, self.state, fsync=False)
        for listener in list(self._listeners):
            try:
                listener(self.state, event)
            except Exception:  # a broken view must not stop the supervisor
                logger.exception("journal listener failed; removing it")
                self._listeners.remove(listener)
        return event

    def close(self) -> None:
        self._log.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor drops the flock
            self._lock_fd = None


LOCK_NAME = "supervisor.lock"


def _hold_lock(path: Path) -> Optional[int]:
    """Open *path*, take an exclusive flock, write our pid; the fd (None: no flock here,
    or another live supervisor holds it, which is logged and not fatal)."""
    try:
        import fcntl
    except ImportError:  # not POSIX: readers fall back to the pids in the events
        return None
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        logger.warning("%s is held by another live supervisor of this run directory", path)
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.write(fd, b"%d\n" % os.getpid())
    return fd
