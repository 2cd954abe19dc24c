"""Events: the last arrow of the data flow in docs/architecture.md (``act → events``).

Every observation and decision the supervisor makes becomes one :class:`Event`,
appended as one JSON line to ``runs/<dir>/events.jsonl``. The file is the
record of the run: ``flashrun.state`` folds it into ``state.json``, the CLI,
notebook and live view read it, and ``flashrun sweep --resume`` replays it.

Three guarantees:

* **Append-only, one line per event, flushed per event.** :class:`EventLog`
  writes each event with a single ``write(2)`` on an ``O_APPEND`` descriptor
  (``fsync`` optional), so a crash can at worst leave one torn last line.
* **Torn tails are tolerated.** :func:`read_events` skips a last line that has
  no newline; :class:`EventLog` cuts such a tail off before appending, so the
  next event never glues onto half of an old one.
* **No secrets.** :class:`Event` scrubs its ``data`` when it is built, by the one
  rule of :mod:`flashrun.redaction`: a secret key hides its value, argv-like
  lists have ``--api-token=x``, ``--db-pass x``, ``-p x`` and ``HF_TOKEN=x`` values
  masked, and credential-shaped words (``sk-…``, ``hf_…``, ``AKIA…``, ``ghp_…``)
  are masked in every string.

This module does no policy and no asyncio; it is plain file I/O.
"""
from __future__ import annotations

import dataclasses
import enum
import json
import logging
import math
import os
import threading
import time
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Union

from flashrun.redaction import (REDACTED, is_sensitive, redact, redact_argv,  # noqa: F401
                                     redact_text, scrub)

logger = logging.getLogger(__name__)

__all__ = [
    "SCHEMA_VERSION",
    "REDACTED",
    "EventType",
    "Event",
    "EventLog",
    "EventLogCorrupt",
    "read_events",
    "iter_events",
    "redact",
    "redact_argv",
    "redact_text",
    "scrub",
    "is_sensitive",
]

SCHEMA_VERSION = 1

PathLike = Union[str, "os.PathLike[str]"]


class EventType(str, enum.Enum):
    """What happened. Values are the strings written to ``events.jsonl``.

    ``trial`` is ``None`` for run-wide events (``AUTOMATION_FROZEN``,
    ``RESUMED``, ``RUN_CANCELLED`` without a trial). Conventional ``data`` keys
    (what :mod:`flashrun.state` reads; anything else is carried along):

    ========================  ====================================================
    TRIAL_QUEUED              ``params``, ``argv``, ``env`` (all redacted)
    LAUNCH_STARTED            ``argv``, ``pid``, ``log_dir``
    OUTPUT_STALLED            ``silent_s`` (no output and no heartbeat for T s)
    ATTEMPT_EXITED            ``exit_code`` (shell convention: signal N → 128+N),
                              ``returncode`` (raw: negative = signal), ``hang`` (bool),
                              ``scheduler`` (a backend's SchedulerReport as a dict, Slurm only)
    FAILURE_CLASSIFIED        ``failure_class``, ``evidence``, ``rank``, ``fingerprint``,
                              ``rule`` (the site rule that decided, or null),
                              ``explanation`` (every piece of evidence weighed and
                              why the winner won: flashrun.policy.explain)
    RECOVERY_ACTION_SELECTED  ``action`` (fail_job, retry_task, restart_group,
                              replace_node, pause_job, freeze_automation),
                              ``reason``, ``policy_version``, ``delay_s``
    CHECKPOINT_SKIPPED        ``path``, ``step``, ``reason`` (torn / corrupt)
    CHECKPOINT_SELECTED       ``path``, ``step`` (``None``: start from scratch)
    RUN_SUCCEEDED             ``metrics``
    RUN_FAILED                ``reason``, ``exit_code`` (127/126: it could not start)
    RUN_CANCELLED             ``reason``
    AUTOMATION_FROZEN         ``reason``
    RESUMED                   ``by`` (a person resumed automation after a freeze
                              or pause)
    ========================  ====================================================
    """

    TRIAL_QUEUED = "trial_queued"
    LAUNCH_STARTED = "launch_started"
    OUTPUT_STALLED = "output_stalled"
    ATTEMPT_EXITED = "attempt_exited"
    FAILURE_CLASSIFIED = "failure_classified"
    RECOVERY_ACTION_SELECTED = "recovery_action_selected"
    CHECKPOINT_SKIPPED = "checkpoint_skipped"
    CHECKPOINT_SELECTED = "checkpoint_selected"
    RUN_SUCCEEDED = "run_succeeded"
    RUN_FAILED = "run_failed"
    RUN_CANCELLED = "run_cancelled"
    AUTOMATION_FROZEN = "automation_frozen"
    RESUMED = "resumed"

    def __str__(self) -> str:  # "run_failed", not "EventType.RUN_FAILED"
        return self.value


class EventLogCorrupt(ValueError):
    """A complete (newline-terminated) line of an event log is not a valid event."""


# --------------------------------------------------------------------- redaction
# One rule for what is secret, in flashrun/redaction.py (re-exported here).

def _jsonable(obj: Any) -> Any:
    """``json.dumps`` fallback: paths, enums, dataclasses, sets; else ``str()``."""
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, os.PathLike):
        return os.fspath(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.asdict(obj)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj, key=repr)
    if isinstance(obj, bytes):
        return obj.decode("utf-8", "replace")
    return str(obj)


def _finite(value: Any) -> Any:
    """NaN/±inf → "NaN"/"Infinity"/"-Infinity", so every line is strict JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _normalise(data: Mapping[str, Any]) -> dict:
    """JSON round trip (so an event equals itself read back), then scrub."""
    text = json.dumps(dict(data), default=_jsonable, allow_nan=True)
    return scrub(_finite(json.loads(text)))


# ------------------------------------------------------------------------ event

@dataclasses.dataclass(frozen=True)
class Event:
    """One thing that happened, at wall-clock time *ts* (seconds since the epoch).

    *data* is normalised on construction: JSON round-tripped (paths and enums
    become strings, tuples become lists, NaN and infinities become the strings
    ``"NaN"``/``"Infinity"``/``"-Infinity"``) and scrubbed of secrets, so
    ``Event.from_json(e.to_json()) == e``. Treat it as read-only.
    """

    ts: float
    type: EventType
    trial: Optional[str] = None
    attempt: Optional[int] = None
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "type", EventType(self.type))
        if not math.isfinite(float(self.ts)):
            raise ValueError("Event.ts must be finite, got %r" % (self.ts,))
        object.__setattr__(self, "ts", float(self.ts))
        if self.trial is not None:
            object.__setattr__(self, "trial", str(self.trial))
        if self.attempt is not None:
            object.__setattr__(self, "attempt", int(self.attempt))
        object.__setattr__(self, "data", _normalise(self.data or {}))

    @classmethod
    def now(
        cls,
        type: Union[EventType, str],
        trial: Optional[str] = None,
        attempt: Optional[int] = None,
        data: Optional[Mapping[str, Any]] = None,
    ) -> "Event":
        """An event stamped with ``time.time()``."""
        return cls(time.time(), EventType(type), trial, attempt, data or {})

    def to_dict(self) -> dict:
        return {
            "v": SCHEMA_VERSION,
            "ts": self.ts,
            "type": self.type.value,
            "trial": self.trial,
            "attempt": self.attempt,
            "data": self.data,
        }

    def to_json(self) -> str:
        """One line of JSON, no trailing newline, keys in a fixed order."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> "Event":
        """Inverse of :meth:`to_dict`; ``ValueError``/``KeyError`` on bad input."""
        ts = obj["ts"]
        if not isinstance(ts, (int, float)) or isinstance(ts, bool) or not math.isfinite(ts):
            raise ValueError("bad ts %r" % (ts,))
        data = obj.get("data")
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ValueError("data is not an object")
        return cls(ts, EventType(obj["type"]), obj.get("trial"), obj.get("attempt"), data)

    @classmethod
    def from_json(cls, line: Union[str, bytes]) -> "Event":
        obj = json.loads(line)
        if not isinstance(obj, dict):
            raise ValueError("event line is not a JSON object")
        return cls.from_dict(obj)


# ----------------------------------------------------------------------- writer

class EventLog:
    """Append-only writer of ``events.jsonl``.

    ``EventLog(path, fsync=False)`` opens *path* with ``O_APPEND|O_CREAT``
    (creating parent directories). If the file ends in a torn line (a crash
    mid-write), that partial line is truncated away first, with a warning.
    :meth:`append` writes ``event.to_json() + "\\n"`` in one ``write`` call (so
    it is visible to readers at once) and, with ``fsync=True``, syncs it to disk.
    Thread-safe; usable as a context manager.
    """

    def __init__(self, path: PathLike, *, fsync: bool = False) -> None:
        self.path = Path(path)
        self.fsync = fsync
        self._lock = threading.Lock()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd: Optional[int] = os.open(
            self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600
        )
        self._repair_torn_tail()

    def _repair_torn_tail(self) -> None:
        size = os.fstat(self._fd).st_size
        if size == 0:
            return
        with open(self.path, "rb") as f:
            # Walk back from the end to the last newline, in blocks.
            pos = size
            block = 65536
            while pos > 0:
                start = max(0, pos - block)
                f.seek(start)
                chunk = f.read(pos - start)
                if pos == size and chunk.endswith(b"\n"):
                    return
                nl = chunk.rfind(b"\n")
                if nl >= 0:
                    keep = start + nl + 1
                    break
                pos = start
            else:
                keep = 0
        logger.warning(
            "%s: dropping a torn last line (%d bytes) left by an interrupted write",
            self.path, size - keep,
        )
        os.truncate(self.path, keep)

    def append(self, event: Event) -> None:
        """Write *event* as one line; raises ``ValueError`` once closed."""
        self._write((event.to_json() + "\n").encode("utf-8"))

    def append_many(self, events: "list[Event]") -> None:
        """Write *events*, one line each, in one ``write`` (a short write is undone whole)."""
        self._write("".join(e.to_json() + "\n" for e in events).encode("utf-8"))

    def _write(self, payload: bytes) -> None:
        with self._lock:
            if self._fd is None:
                raise ValueError("EventLog %s is closed" % self.path)
            view = memoryview(payload)
            start = None
            try:
                while view:
                    if start is None and len(view) < len(payload):  # a short write: rare
                        start = os.lseek(self._fd, 0, os.SEEK_END) - (len(payload) - len(view))
                    n = os.write(self._fd, view)
                    view = view[n:]
            except OSError:
                if start is not None:  # never leave half an event for the next one to glue onto
                    try:
                        os.ftruncate(self._fd, start)
                    except OSError:
                        pass
                raise
            if self.fsync:
                os.fsync(self._fd)

    def emit(
        self,
        type: Union[EventType, str],
        trial: Optional[str] = None,
        attempt: Optional[int] = None,
        **data: Any,
    ) -> Event:
        """Build an event stamped now, append it, and return it."""
        event = Event.now(type, trial, attempt, data)
        self.append(event)
        return event

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    @property
    def closed(self) -> bool:
        return self._fd is None

    def __enter__(self) -> "EventLog":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return "EventLog(%r, fsync=%r)" % (str(self.path), self.fsync)


# ----------------------------------------------------------------------- reader

def iter_events(path: PathLike, *, strict: bool = True) -> Iterator[Event]:
    """Yield the events of *path* in file order.

    A last line without a newline is a torn write and is skipped (logged at
    INFO). Blank lines are skipped. An event of a type this version does not
    know is skipped with a warning (a newer writer). Any other complete line
    that is not a valid event raises :class:`EventLogCorrupt` naming
    ``path:line`` — or, with ``strict=False``, is skipped with a warning.
    """
    path = Path(path)
    with open(path, "rb") as f:
        lineno = 0
        for raw in f:
            lineno += 1
            if not raw.endswith(b"\n"):
                logger.info("%s:%d: skipping a torn last line (%d bytes)", path, lineno, len(raw))
                return
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
                if not isinstance(obj, dict):
                    raise ValueError("not a JSON object")
                type_name = obj.get("type")
                if type_name not in EventType._value2member_map_:
                    if isinstance(type_name, str):
                        logger.warning("%s:%d: skipping unknown event type %r", path, lineno, type_name)
                        continue
                    raise ValueError("missing event type")
                event = Event.from_dict(obj)
            except (ValueError, KeyError, TypeError) as exc:
                if strict:
                    raise EventLogCorrupt("%s:%d: not a valid event: %s" % (path, lineno, exc)) from exc
                logger.warning("%s:%d: skipping invalid event line: %s", path, lineno, exc)
                continue
            yield event


def read_events(path: PathLike, *, strict: bool = True) -> list:
    """All events of *path* as a list (see :func:`iter_events`)."""
    return list(iter_events(path, strict=strict))
