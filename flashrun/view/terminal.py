"""Views of a running sweep: a rich live table for terminals, plain lines for pipes and CI.

The last arrow of the data flow (docs/architecture.md) (``events → state.json → CLI, notebook, live
view``). A view reads a :class:`~flashrun.state.RunState` (and the
:class:`~flashrun.spec.SweepSpec`, for parameters) and never changes anything: the runner
calls ``view.update(state, extra)`` whenever it likes, ``view.print_line(text)`` for trial
output, and ``view.close(final_state)`` at the end. *extra* maps trial id → a
:class:`TrialLive` with what the state does not hold (last output line, last metrics, when
the current attempt started).

Attempts are shown 1-based out of ``max_restarts + 1`` (``attempt 1/3`` is the
``attempt-0`` directory). Elapsed is the current attempt's time while a trial is active and
the trial's total wall time once it is finished.
"""
from __future__ import annotations

import dataclasses
import logging
import os
import re
import sys
import threading
import time
from typing import Any, Callable, List, Mapping, Optional, TextIO

from flashrun.redaction import REDACTED, redact_text, secret_param
from flashrun.record.state import RunState, TrialState, TrialStatus

__all__ = ["TrialLive", "PlainView", "LiveView", "make_view", "eta_seconds", "render"]

logger = logging.getLogger(__name__)

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_ACTIVE = (TrialState.RUNNING, TrialState.RESTARTING, TrialState.PAUSED, TrialState.FROZEN)
_STYLE = {"queued": "dim", "running": "cyan", "restarting": "yellow", "paused": "yellow",
          "frozen": "bold red", "succeeded": "green", "failed": "red", "cancelled": "magenta"}
MAX_PARAM_COLUMNS = 5
_PEEK_BYTES = 4096  # how much of a running trial's log end the table reads per refresh


@dataclasses.dataclass(frozen=True)
class TrialLive:
    """What the runner knows about a trial that the event fold does not.

    *last_line*: the newest output line; *last_metric*: the newest metrics (name → value);
    *started_monotonic*: ``time.monotonic()`` when the current attempt started."""

    last_line: Optional[str] = None
    last_metric: Optional[Mapping[str, Any]] = None
    started_monotonic: Optional[float] = None


# ------------------------------------------------------------------ shared helpers

def clean(text: Any, limit: int = 300) -> str:
    """One printable line: ANSI sequences dropped, control characters → spaces."""
    text = redact_text(_CONTROL.sub(" ", _ANSI.sub("", str(text))).strip())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def duration(seconds: Optional[float]) -> str:
    """``42s``, ``3m05s``, ``2h01m``; ``-`` when unknown."""
    if seconds is None or seconds < 0:
        return "-"
    s = int(round(seconds))
    if s < 60:
        return "%ds" % s
    if s < 3600:
        return "%dm%02ds" % divmod(s, 60)
    return "%dh%02dm" % (s // 3600, s % 3600 // 60)


def _value(key: str, v: Any) -> str:
    if secret_param(key, v):
        return REDACTED
    if isinstance(v, float):
        return "%.4g" % v
    if isinstance(v, (list, tuple)):
        return " ".join(str(x) for x in v)
    return str(v)


class _Shared:
    """What both views need: the spec lookups and the text of one trial's facts."""

    def __init__(self, spec: Any = None, run_dir: Optional[str] = None, verbose: bool = False,
                 wall: Callable[[], float] = time.time,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self.spec, self.run_dir, self.verbose = spec, run_dir, verbose
        self.wall, self.monotonic = wall, monotonic
        self.name = getattr(spec, "name", None) or "sweep"
        self._trials = {t.trial_id: t for t in getattr(spec, "trials", ())}
        keys = tuple(spec.param_keys if verbose else spec.varying_keys) if spec else ()
        self.keys = keys

    def short(self, trial_id: str) -> str:
        return trial_id.split("-", 1)[0] if trial_id in self._trials else trial_id

    def params(self, trial_id: str) -> Mapping[str, Any]:
        t = self._trials.get(trial_id)
        return t.shown_params() if t is not None else {}

    def params_text(self, trial_id: str) -> str:
        p = self.params(trial_id)
        return " ".join("%s=%s" % (k, _value(k, p[k])) for k in self.keys
                        if k in p and _value(k, p[k]) != "")

    def attempt_text(self, t: TrialStatus) -> str:
        if t.attempt is None:
            return "-"
        # attempts are numbered from 0 everywhere (attempt-0/, [trial/0], logs --attempt 0);
        # "k/N" reads "attempt k, at most N": N is max_restarts, the last attempt allowed
        cap = getattr(self.spec, "max_restarts", None)
        return "%d/%d" % (t.attempt, cap) if cap is not None else str(t.attempt)

    def elapsed(self, t: TrialStatus, live: Optional[TrialLive]) -> Optional[float]:
        if t.state.terminal:
            if t.started_at is not None:
                return t.active_at(t.finished_at or t.updated_at or t.started_at)
            return None
        if t.state in _ACTIVE:
            if live is not None and live.started_monotonic is not None:
                return self.monotonic() - live.started_monotonic
            if t.last_launch_at is not None:
                return self.wall() - t.last_launch_at
        return None

    def metric_text(self, live: Optional[TrialLive]) -> str:
        """The objective's value when the sweep has one, else up to three numeric metrics
        (bookkeeping such as hashes and strings stays in results.json)."""
        if live is None or not live.last_metric:
            return ""
        m = dict(live.last_metric)
        obj = getattr(getattr(self.spec, "objective", None), "metric", None)
        if obj in m:
            return "%s=%s" % (obj, _value(obj, m[obj]))
        nums = [k for k in m if isinstance(m[k], (int, float)) and not isinstance(m[k], bool)]
        return " ".join("%s=%s" % (k, _value(k, m[k])) for k in nums[:3])

    def peek(self, t: TrialStatus) -> Optional[TrialLive]:
        """A running trial's newest output line, read from the end of its attempt's log
        (the record on disk), so the live table shows progress without --verbose."""
        if self.run_dir is None or t.attempt is None or t.state != TrialState.RUNNING:
            return None
        adir = os.path.join(self.run_dir, "trials", t.trial, "attempt-%d" % t.attempt)
        newest = None
        for name in ("stdout.log", "stderr.log"):
            path = os.path.join(adir, name)
            try:
                with open(path, "rb") as fh:
                    size = fh.seek(0, os.SEEK_END)
                    fh.seek(max(0, size - _PEEK_BYTES))
                    lines = [ln for ln in fh.read().splitlines() if ln.strip()]
                    mtime = os.fstat(fh.fileno()).st_mtime
            except OSError:
                continue
            if lines and (newest is None or mtime > newest[0]):
                newest = (mtime, lines[-1].decode("utf-8", "replace"))
        return TrialLive(last_line=newest[1]) if newest else None

    def resume_hint(self) -> str:
        return "flashrun resume %s" % (self.run_dir or "RUN_DIR")


def eta_seconds(state: RunState, spec: Any = None) -> Optional[float]:
    """Mean duration of finished trials × trials left ÷ trials that run at once."""
    done = [t.finished_at - t.started_at for t in state.trials.values()
            if t.state in (TrialState.SUCCEEDED, TrialState.FAILED)
            and t.finished_at is not None and t.started_at is not None]
    left = sum(1 for t in state.trials.values() if not t.state.terminal)
    if not done:
        return None
    at_once = 1
    if spec is not None:
        at_once = max(1, spec.concurrency // (spec.torchrun_nproc or 1))
    return sum(done) / len(done) * left / at_once


# ------------------------------------------------------------------------- plain

class PlainView(_Shared):
    """One line per trial state change, per freeze and per resume; no ANSI. For pipes/CI.

    ``[lr-sweep] t003 RUNNING attempt 1/3 (lr=0.01 batch_size=32)``. Trials first seen
    QUEUED are summarised in one line unless *verbose* (which also reports exits and
    stalls of running attempts)."""

    def __init__(self, stream: TextIO, spec: Any = None, *, run_dir: Optional[str] = None,
                 verbose: bool = False, **clocks: Any) -> None:
        super().__init__(spec, run_dir, verbose, **clocks)
        self.stream = stream
        self._seen: dict = {}
        self._frozen = False
        self._lock = threading.Lock()
        self._closed = False

    def _write(self, lines: List[str]) -> None:
        if lines:
            self.stream.write("".join(line + "\n" for line in lines))
            self.stream.flush()

    def _line(self, t: TrialStatus, live: Optional[TrialLive]) -> str:
        s = t.state
        head = "[%s] %s %s" % (self.name, self.short(t.trial), s.value.upper())
        reason = clean(t.reason) if t.reason else ""
        if s is TrialState.RUNNING:
            p = self.params_text(t.trial)
            text = "%s attempt %s%s%s" % (head, self.attempt_text(t), " (%s)" % p if p else "",
                                          " from step %d" % t.resume_step
                                          if t.resume_step else "")
        elif s is TrialState.SUCCEEDED:
            m = self.metric_text(live)
            text = "%s in %s%s" % (head, duration(self.elapsed(t, live)), " " + m if m else "")
        elif s is TrialState.FAILED:
            text = "%s %s%s" % (head, t.last_failure or "", ": " + reason if reason else "")
            if t.exit_code is not None:
                text += " (exit %d)" % t.exit_code
        elif s is TrialState.RESTARTING:
            text = "%s after %s%s" % (head, t.last_failure or "a failure",
                                      ": " + reason if reason else "")
        elif s in (TrialState.PAUSED, TrialState.FROZEN, TrialState.CANCELLED):
            text = "%s%s" % (head, ": " + reason if reason else "")
            if s is TrialState.FROZEN:
                text += "; resume with: %s" % self.resume_hint()
        else:
            text = head
        return clean(text, 2000)

    def _changes(self, state: RunState, extra: Mapping[str, TrialLive],
                 only: Optional[str] = None) -> List[str]:
        lines: List[str] = []
        if state.frozen != self._frozen:
            self._frozen = state.frozen
            lines.append("[%s] AUTOMATION FROZEN%s; nothing restarts or starts until a person "
                         "resumes: %s" % (self.name, ": " + clean(state.frozen_reason)
                                          if state.frozen_reason else "", self.resume_hint())
                         if state.frozen else "[%s] automation resumed" % self.name)
        new_queued = 0
        if only is None:
            trials = state.trials.values()
        else:  # one trial's event: look at that trial alone (O(1) per event)
            trials = [state.trials[only]] if only in state.trials else []
        for t in trials:
            key = (t.state, t.attempt) + ((t.exit_code, t.hung, t.stalls) if self.verbose else ())
            old = self._seen.get(t.trial)
            if old == key:
                continue
            self._seen[t.trial] = key
            if old is None and t.state is TrialState.QUEUED and not self.verbose:
                new_queued += 1
            elif old is not None and old[:2] == key[:2]:  # verbose facts of the same attempt
                if t.exit_code is not None and t.exit_code != old[2]:
                    lines.append("[%s] %s exited %d%s" % (self.name, self.short(t.trial),
                                                          t.exit_code, " (hung)" if t.hung else ""))
                if t.stalls != old[4]:
                    lines.append("[%s] %s no output (stall %d)" % (self.name, self.short(t.trial),
                                                                   t.stalls))
            else:
                lines.append(self._line(t, extra.get(t.trial)))
        if new_queued:
            lines.insert(0, "[%s] %d trial%s queued" % (self.name, new_queued,
                                                        "" if new_queued == 1 else "s"))
        return lines

    def update(self, state: RunState, extra: Optional[Mapping[str, TrialLive]] = None) -> None:
        with self._lock:
            self._write(self._changes(state, extra or {}))

    def update_changed(self, state: RunState, extra: Optional[Mapping[str, TrialLive]],
                       trial: Optional[str]) -> None:
        """:meth:`update` after an event about ``trial`` alone (None: run-wide, all trials)."""
        with self._lock:
            self._write(self._changes(state, extra or {}, trial))

    def print_line(self, text: str) -> None:
        """Trial output, passed through as it is (one line), secrets masked."""
        with self._lock:
            self._write([redact_text(text.rstrip("\n"))])

    def close(self, final_state: Optional[RunState] = None,
              extra: Optional[Mapping[str, TrialLive]] = None) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if final_state is None:
                return
            lines = self._changes(final_state, extra or {})
            c = final_state.counts()
            took = None
            if final_state.started_at is not None and final_state.updated_at is not None:
                took = final_state.updated_at - final_state.started_at
            lines.append("[%s] finished: %d succeeded, %d failed, %d cancelled of %d in %s" % (
                self.name, c["succeeded"], c["failed"], c["cancelled"],
                len(final_state.trials), duration(took)))
            self._write(lines)


# -------------------------------------------------------------------------- live

def _cut(text: str):
    """A cell that never wraps: too long → cut with an ellipsis."""
    from rich.text import Text

    return Text(text, no_wrap=True, overflow="ellipsis")


def render(state: RunState, shared: _Shared, extra: Mapping[str, TrialLive],
           max_rows: int = 40):
    """The live view's renderable: banner (frozen/paused), trial table, summary + bar."""
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.progress_bar import ProgressBar
    from rich.table import Table
    from rich.text import Text

    parts: list = []
    frozen = state.frozen or any(t.state is TrialState.FROZEN for t in state.trials.values())
    if frozen:
        why = state.frozen_reason or next((t.reason for t in state.trials.values()
                                           if t.state is TrialState.FROZEN and t.reason), None)
        parts.append(Panel(Text("AUTOMATION FROZEN%s\nNo automatic restarts and no new trials "
                                "until a person resumes:  %s" % (
                                    ": " + clean(why) if why else "", shared.resume_hint())),
                           style="bold red", expand=False))
    paused = [t for t in state.trials.values() if t.state is TrialState.PAUSED]
    if paused:
        t = paused[0]
        parts.append(Panel(Text("PAUSED: backing off after %s on %s%s; new trials wait" % (
            t.last_failure or "a failure", shared.short(t.trial),
            " (%s)" % clean(t.reason) if t.reason else "")), style="yellow", expand=False))
    keys = list(shared.keys[:MAX_PARAM_COLUMNS])
    more = list(shared.keys[MAX_PARAM_COLUMNS:])
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, header_style="bold",
                  title=shared.name, title_justify="left", title_style="bold")
    table.add_column("trial", no_wrap=True)
    for k in keys:
        table.add_column(k, max_width=24)  # wrappable columns shrink first on narrow screens
    if more:
        table.add_column("params", max_width=30)
    for name in ("state", "attempt", "elapsed"):
        table.add_column(name, no_wrap=True)
    table.add_column("last", max_width=60)
    rows = list(state.trials.values())
    if len(rows) > max_rows:  # keep the active ones, then failures, then the rest in order
        rank = {TrialState.QUEUED: 3, TrialState.SUCCEEDED: 2, TrialState.CANCELLED: 2,
                TrialState.FAILED: 1}
        keep = set(sorted(range(len(rows)), key=lambda i: (rank.get(rows[i].state, 0), i))
                   [:max(1, max_rows - 1)])
        hidden = [rows[i] for i in range(len(rows)) if i not in keep]
        rows = [rows[i] for i in sorted(keep)]
    else:
        hidden = []
    quiet = (TrialState.SUCCEEDED, TrialState.QUEUED, TrialState.RUNNING)
    fails = {t.trial: t.last_failure for t in rows if t.state not in quiet and t.last_failure}
    if fails:
        table.add_column("failure", no_wrap=True)
    for t in rows:
        live = extra.get(t.trial) or shared.peek(t)
        p = shared.params(t.trial)
        last = shared.metric_text(live) or clean((live.last_line if live else None) or "")
        cells = [shared.short(t.trial)] + [_cut(_value(k, p[k]) if k in p else "") for k in keys]
        if more:
            cells.append(_cut(" ".join("%s=%s" % (k, _value(k, p[k])) for k in more if k in p)))
        cells += [Text(t.state.value, style=_STYLE.get(t.state.value, "")),
                  shared.attempt_text(t), duration(shared.elapsed(t, live)), _cut(last)]
        if fails:
            cells.append(Text(fails.get(t.trial, ""), style="red"))
        table.add_row(*cells)
    if hidden:
        by = {}
        for t in hidden:
            by[t.state.value] = by.get(t.state.value, 0) + 1
        table.caption = "… %d more (%s)" % (len(hidden), ", ".join(
            "%d %s" % (n, s) for s, n in by.items()))
        table.caption_justify = "left"
    parts.append(table)
    c = state.counts()
    total = len(state.trials)
    finished = c["succeeded"] + c["failed"] + c["cancelled"]
    eta = eta_seconds(state, shared.spec)
    summary = Text("%d/%d done · %d running · %d failed · %d queued" % (
        c["succeeded"], total, c["running"] + c["restarting"], c["failed"],
        c["queued"]))
    for s in ("cancelled", "paused", "frozen"):
        if c[s]:
            summary.append(" · %d %s" % (c[s], s))
    summary.append(" · ETA %s" % ("-" if eta is None else duration(eta)) if not state.done
                   else " · finished")
    footer = Table.grid(padding=(0, 1))
    footer.add_row(ProgressBar(total=max(total, 1), completed=finished, width=20), summary)
    parts.append(footer)
    return Group(*parts)


class LiveView(_Shared):
    """A rich ``Live`` table redrawn at most *refresh_per_second* times a second.

    With *auto_refresh* (the default) a daemon thread redraws on a timer and flushes trial
    output printed through :meth:`print_line` in batches (above the table, nothing lost);
    without it, every call redraws at once (tests). ``transient=False``: the final table
    stays on screen after :meth:`close`."""

    def __init__(self, console: Any, spec: Any = None, *, run_dir: Optional[str] = None,
                 verbose: bool = False, auto_refresh: bool = True, refresh_per_second: float = 4,
                 redirect: bool = True, **clocks: Any) -> None:
        from rich.live import Live

        super().__init__(spec, run_dir, verbose, **clocks)
        self.console = console
        self._snapshot: tuple = (RunState(), {})
        self._pending: List[str] = []
        self._lock = threading.Lock()
        self._period = 1.0 / refresh_per_second
        self._auto = auto_refresh
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._live = Live(console=console, get_renderable=self._renderable, auto_refresh=False,
                          transient=False, redirect_stdout=redirect, redirect_stderr=redirect)

    def _renderable(self):
        state, extra = self._snapshot
        extra = dict(extra)  # the sweep adds to it from the loop thread
        height = self.console.size.height if self.console.is_terminal else 10_000
        banners = 4 * state.frozen + 3 * any(t.state in (TrialState.PAUSED, TrialState.FROZEN)
                                             for t in state.trials.values())
        return render(state, self, extra, max_rows=max(3, height - 7 - banners))

    def _start(self) -> None:
        if not self._live.is_started:
            self._live.start(refresh=True)
            if self._auto and self._thread is None:
                self._thread = threading.Thread(target=self._tick, name="flashrun-view",
                                                daemon=True)
                self._thread.start()

    def _tick(self) -> None:
        while not self._stop.wait(self._period):
            try:
                self._flush()
            except Exception:  # a drawing bug must never kill the sweep
                logger.exception("live view refresh failed")

    def _flush(self) -> None:
        with self._lock:
            lines, self._pending = self._pending, []
        if lines:
            from rich.text import Text

            self._live.console.print(Text.from_ansi("\n".join(lines)), soft_wrap=True)
        elif self._live.is_started:
            self._live.refresh()

    def update(self, state: RunState, extra: Optional[Mapping[str, TrialLive]] = None) -> None:
        self._snapshot = (state, extra if extra is not None else {})  # copied when drawn
        self._start()
        if not self._auto:
            self._flush()

    def update_changed(self, state: RunState, extra: Optional[Mapping[str, TrialLive]],
                       trial: Optional[str]) -> None:
        """The table is redrawn on a timer: the same as :meth:`update`."""
        self.update(state, extra)

    def print_line(self, text: str) -> None:
        """Print trial output above the live table (ANSI colours kept, markup ignored,
        secrets masked)."""
        text = redact_text(text)
        if not self._auto or not self._live.is_started:
            from rich.text import Text

            self._live.console.print(Text.from_ansi(text.rstrip("\n")), soft_wrap=True)
            return
        with self._lock:
            self._pending.append(text.rstrip("\n"))

    def close(self, final_state: Optional[RunState] = None,
              extra: Optional[Mapping[str, TrialLive]] = None) -> None:
        if final_state is not None:
            self._snapshot = (final_state, dict(extra or self._snapshot[1]))
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._flush()
        if not self._live.is_started and final_state is not None:
            self._start()
        self._live.stop()


# ------------------------------------------------------------------------ choose

def _in_jupyter() -> bool:
    """True inside a Jupyter kernel; never imports IPython itself."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def make_view(stream: Optional[TextIO] = None, verbose: bool = False, *, spec: Any = None,
              run_dir: Optional[str] = None):
    """A :class:`~flashrun.view.notebook.NotebookView` in a Jupyter kernel, a
    :class:`LiveView` for a terminal, else a :class:`PlainView`. *stream* defaults to
    ``sys.stdout``."""
    from rich.console import Console

    if (stream is None or stream is sys.stdout) and _in_jupyter():
        # One display updated in place, then the static table: no Output widget, so
        # nothing the user prints later is captured (flashrun.view.notebook).
        from flashrun.view.notebook import NotebookView

        return NotebookView(spec, run_dir=run_dir)
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    if isatty is not None and isatty():
        console = Console(file=stream)
        if console.is_terminal and not console.is_dumb_terminal:
            return LiveView(console, spec, run_dir=run_dir, verbose=verbose)
    return PlainView(stream, spec, run_dir=run_dir, verbose=verbose)
