"""Read a run directory into what the page renders: the I/O half of the web view.

The view layer of docs/architecture.md: it reads the record (``events.jsonl``, ``spec.yaml``,
``trials/<id>/params.json``, each attempt's ``tail.txt``/``stdout.log``/``metrics.json``,
``ckpt/``, the run directory's ``.lock``) and never writes anything. flashrun.view.model folds the
events; this module adds the file facts and answers "is the supervisor still alive?".

:class:`RunReader` is incremental: :meth:`RunReader.poll` reads only the bytes appended
to ``events.jsonl`` since the last offset (one ``stat`` and one ``read``; the directory is
never listed again) and refreshes the files of the trials those events touched.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import os
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from flashrun.record import lock as runlock
from flashrun.record.events import Event, EventType
from flashrun.record.results import collect_metrics, parse_metrics_line, read_metrics_series
from flashrun.view.model import RunModel, TrialView

__all__ = ["RunData", "RunReader", "load", "supervisor_status", "TAIL_BYTES"]

logger = logging.getLogger(__name__)

TAIL_BYTES = 16 << 10        # the log tail shown per attempt
MAX_FOLLOW = 8 << 20         # new stdout bytes scanned per refresh of a running attempt
MAX_PARTIAL = 4 << 20        # an unfinished line kept between refreshes
SERIES_POINTS = 2000         # metrics points kept per attempt
PathLike = Union[str, "os.PathLike[str]"]


@dataclasses.dataclass
class RunData:
    """Everything the renderer needs; ``model`` holds the folded events.

    ``supervisor`` is ``(status, detail)``: status ``alive``, ``gone`` or ``finished``."""

    run_dir: str
    name: str
    model: RunModel
    objective: Optional[Tuple[str, str]] = None      # (metric, "min" | "max")
    max_restarts: Optional[int] = None
    param_keys: List[str] = dataclasses.field(default_factory=list)
    supervisor: Tuple[str, str] = ("finished", "")
    now: Optional[float] = None                      # the render's "now" (wall clock)

    @property
    def state(self):
        return self.model.state

    _varying: Optional[List[str]] = dataclasses.field(default=None, repr=False)

    @property
    def varying_keys(self) -> List[str]:
        """Parameters that take more than one value across trials (the swept ones);
        cached until the reader sees new trials."""
        if self._varying is None:
            out = []
            for k in self.param_keys:
                seen = {json.dumps(t.params.get(k), sort_keys=True, default=str)
                        for t in self.model.trials.values()}
                if len(seen) > 1:
                    out.append(k)
            self._varying = out
        return self._varying


def _spec_facts(run_dir: Path) -> Dict[str, Any]:
    path = run_dir / "spec.yaml"
    if not path.is_file():
        return {}
    try:
        import yaml

        obj = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, ImportError) as exc:
        logger.warning("%s: unreadable (%s); the page shows no objective", path, exc)
        return {}
    except Exception as exc:  # yaml.YAMLError: the spec was written by flashrun itself
        logger.warning("%s: not YAML (%s)", path, exc)
        return {}
    return obj if isinstance(obj, dict) else {}


def _read_tail(path: Path, limit: int = TAIL_BYTES) -> Optional[str]:
    try:
        with open(path, "rb") as f:
            size = f.seek(0, os.SEEK_END)
            f.seek(max(0, size - limit))
            data = f.read()
    except OSError:
        return None
    if size > limit:
        data = data[data.find(b"\n") + 1:]
    return data.decode("utf-8", "replace")


def _checkpoints(ckpt: Path) -> List[Dict[str, Any]]:
    """``step-*`` directories, newest first; a manifest present or not (torn). No hashing:
    ``flashrun.ckpt.verify`` re-hashes parts, too slow for a page."""
    out = []
    try:
        entries = list(os.scandir(ckpt))
    except OSError:
        return out
    for e in entries:
        if e.name.startswith("step-") and e.name[5:].isdigit() and e.is_dir(follow_symlinks=False):
            out.append({"name": e.name, "step": int(e.name[5:]),
                        "complete": os.path.exists(os.path.join(e.path, "manifest.json"))})
    return sorted(out, key=lambda c: -c["step"])


def _pid_alive(pid: Optional[int]) -> bool:
    if not pid or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def supervisor_status(run_dir: PathLike, model: RunModel) -> Tuple[str, str]:
    """``alive``/``gone``/``finished`` and a detail line.

    With the run directory's ``.lock`` (flashrun.record.lock, held by every supervisor):
    alive while someone holds its flock. Without it (older runs): finished when every trial is
    terminal, alive when a launched process of an unfinished trial is still there."""
    path = Path(run_dir) / runlock.LOCK_NAME
    if path.exists():
        pid = runlock.holder(run_dir)
        if pid is not None:
            return "alive", "supervisor pid %s is running" % (pid or "?")
        try:  # the file keeps the last holder's pid after it let go (or died)
            last = path.read_text(encoding="ascii", errors="replace").strip() or "?"
        except OSError:
            last = "?"
        if model.state.done:
            return "finished", "the supervisor (pid %s) finished" % last
        return "gone", ("the supervisor (pid %s) is gone; this is the last state it "
                        "recorded (continue with: flashrun resume %s)" % (last, run_dir))
    if model.state.done:
        return "finished", "every trial is finished"
    pids = [a.pid for t in model.trials.values() if not model.state.trials[t.id].state.terminal
            for a in t.attempts.values() if a.outcome == "running"]
    if any(_pid_alive(p) for p in pids):
        return "alive", "a trial process is running"
    return "gone", "no supervisor is running; this is the last recorded state"


class RunReader:
    """Loads a run directory once, then follows ``events.jsonl`` by byte offset."""

    def __init__(self, run_dir: PathLike, *, clock=None, missing_ok: bool = False) -> None:
        import time

        self.run_dir = Path(run_dir)
        self.events_path = self.run_dir / "events.jsonl"
        if not missing_ok and not self.events_path.is_file():
            raise FileNotFoundError("%s is not a flashrun run directory (no events.jsonl)"
                                    % self.run_dir)
        self.clock = clock or time.time
        self.offset = 0
        self._partial = b""
        self._have_spec = False
        self._final: Set[Tuple[str, int]] = set()
        self._follow: Dict[Tuple[str, int], Tuple[int, bytes]] = {}  # running stdout offsets
        self.data = RunData(run_dir=str(self.run_dir), name=self.run_dir.name,
                            model=RunModel())
        self._read_spec()
        self.poll()

    def _read_spec(self) -> None:
        """Name, objective and restart cap from ``spec.yaml`` (a sweep writes it before its
        first event; a single ``flashrun run`` has none)."""
        spec = _spec_facts(self.run_dir)
        if not spec:
            return
        self._have_spec = True
        obj = spec.get("objective")
        if isinstance(obj, dict) and obj.get("metric"):
            self.data.objective = (str(obj["metric"]), str(obj.get("mode", "min")))
        elif isinstance(obj, str):
            self.data.objective = (obj, "min")
        self.data.name = str(spec.get("name") or self.run_dir.name)
        cap = spec.get("max_restarts")
        self.data.max_restarts = cap if isinstance(cap, int) else None

    def _new_events(self) -> List[Event]:
        try:
            size = os.stat(self.events_path).st_size
        except OSError:
            return []
        if size < self.offset:  # replaced or truncated: start over
            logger.warning("%s shrank; reading it again from the start", self.events_path)
            self.offset, self._partial = 0, b""
            self.data.model = RunModel()
            self._final.clear()
        if size == self.offset:
            return []
        with open(self.events_path, "rb") as f:
            f.seek(self.offset)
            chunk = f.read(size - self.offset)
        self.offset += len(chunk)
        buf = self._partial + chunk
        cut = buf.rfind(b"\n") + 1
        self._partial = buf[cut:]
        events = []
        for raw in buf[:cut].splitlines():
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
                if obj.get("type") not in EventType._value2member_map_:
                    continue
                events.append(Event.from_dict(obj))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                logger.warning("%s: skipping an invalid event line: %s", self.events_path, exc)
        return events

    def poll(self) -> Set[str]:
        """Fold what was appended since the last call; refresh the touched trials' files.
        Returns the ids of the trials that changed."""
        events = self._new_events()
        if events and not self._have_spec:
            self._read_spec()
        changed = self.data.model.feed(events)
        for tid in changed:
            self._refresh(self.data.model.trials[tid])
        if changed:
            self.data._varying = None
            keys = dict.fromkeys(self.data.param_keys)
            for t in self.data.model.trials.values():
                keys.update(dict.fromkeys(t.params))
            self.data.param_keys = list(keys)
        self.data.supervisor = supervisor_status(self.run_dir, self.data.model)
        self.data.now = self.clock()
        return changed

    def refresh_running(self) -> Set[str]:
        """Re-read metrics of running attempts (a training prints them between events)."""
        changed = set()
        for t in self.data.model.trials.values():
            for a in t.attempts.values():
                if a.outcome == "running" and a.n >= 0:
                    before = (a.metrics, len(a.series))
                    self._attempt_files(t, a)
                    if (a.metrics, len(a.series)) != before:
                        changed.add(t.id)
        return changed

    def _refresh(self, t: TrialView) -> None:
        tdir = self.run_dir / "trials" / t.id
        if not t.params:
            try:
                obj = json.loads((tdir / "params.json").read_text(encoding="utf-8"))
                if isinstance(obj, dict):
                    t.params = obj
            except (OSError, ValueError):
                pass
        t.checkpoints = _checkpoints(tdir / "ckpt")
        for a in t.attempts.values():
            # An ended attempt's files are final once read after its end; until then
            # (running, or the end seen in this very batch) they are read again.
            if a.n >= 0 and (t.id, a.n) not in self._final:
                self._attempt_files(t, a)
                if a.ended is not None:
                    self._final.add((t.id, a.n))

    def _attempt_files(self, t: TrialView, a) -> None:
        """An attempt's files. Once it ended: read in full, once. While it runs: the last
        16 KiB of stdout.log, and only the stdout bytes appended since the last call are
        scanned for ``FLASHRUN_METRICS`` lines (the refresh runs every few seconds,
        inside the supervisor's loop under ``sweep --view``)."""
        adir = self.run_dir / "trials" / t.id / ("attempt-%d" % a.n)
        a.files = [n for n in ("stdout.log", "stderr.log", "tail.txt", "metrics.json")
                   if (adir / n).is_file()]
        if a.ended is not None or a.outcome != "running":
            self._follow.pop((t.id, a.n), None)
            a.tail = _read_tail(adir / "tail.txt") if "tail.txt" in a.files \
                else _read_tail(adir / "stdout.log")
            a.metrics = collect_metrics(adir)
            a.series = read_metrics_series(adir / "stdout.log")
            return
        a.tail = _read_tail(adir / "stdout.log")
        offset, partial = self._follow.get((t.id, a.n), (0, b""))
        new = b""
        try:
            with open(adir / "stdout.log", "rb") as f:
                f.seek(offset)
                new = f.read(MAX_FOLLOW)
        except OSError:
            pass
        buf = partial + new
        cut = buf.rfind(b"\n") + 1
        for line in buf[:cut].split(b"\n"):
            obj = parse_metrics_line(line, adir / "stdout.log")
            if obj is not None:
                a.series.append(obj)
        del a.series[:-SERIES_POINTS]
        rest = buf[cut:]
        self._follow[(t.id, a.n)] = (offset + len(new), rest if len(rest) <= MAX_PARTIAL else b"")
        a.metrics = collect_metrics(adir) if "metrics.json" in a.files else \
            (dict(a.series[-1]) if a.series else None)


def load(run_dir: PathLike, *, now: Optional[float] = None) -> RunData:
    """The whole run directory read once (``flashrun report``)."""
    data = RunReader(run_dir).data
    if now is not None:
        data.now = now
    return data
