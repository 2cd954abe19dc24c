"""Notebook output that stays: a live display while a sweep runs, a static table after.

The view layer of docs/architecture.md (``events → state → ... notebook``). In a Jupyter
kernel the sweep's view is a :class:`NotebookView`: one ``display(..., display_id=True)``
output that is *updated in place* (``update_display_data``) as the state changes, and
replaced at the end by the static table plus the end-of-sweep summary (counts, best
trial, results path). It never captures ``sys.stdout`` (no ``Output`` widget, no
redirection), so what the user prints after ``await sweep.run_async()`` lands in the cell
as usual, and a saved notebook keeps the final HTML (no widget state needed).

:func:`sweep_html` and :func:`run_html` are the ``_repr_html_`` of ``Sweep`` and
``RunResult``: plain HTML with inline styles (notebooks drop scripts and page styles of
untrusted outputs), every value escaped.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Any, List, Mapping, Optional, Sequence

from flashrun.record.results import best_trial, summary_lines
from flashrun.record.state import RunState, TrialState
from flashrun.view.svg import esc

__all__ = ["NotebookView", "sweep_html", "run_html", "state_table", "MIN_INTERVAL_S"]

logger = logging.getLogger(__name__)

MIN_INTERVAL_S = 0.5   # the live display is redrawn at most twice a second
_COLOUR = {"queued": "#999", "running": "#2b7bb9", "restarting": "#e0a020",
           "paused": "#e0a020", "frozen": "#7a1fa2", "succeeded": "#2e9d4a",
           "failed": "#d2342c", "cancelled": "#777"}
_TD = 'style="padding:2px 8px;text-align:left;border-bottom:1px solid #eee"'


def _badge(state: str) -> str:
    return ('<span style="background:%s;color:#fff;border-radius:8px;padding:0 6px">%s</span>'
            % (_COLOUR.get(state, "#999"), esc(state)))


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return "%.4g" % v
    if isinstance(v, (list, dict)):
        return json.dumps(v, default=str)
    return str(v)


def state_table(state: RunState, params: Mapping[str, Mapping[str, Any]],
                rows: Optional[Sequence[Mapping[str, Any]]] = None,
                max_restarts: Optional[int] = None, metric: Optional[str] = None) -> str:
    """One row per trial: id, params, state, attempts, last failure → action, reason (and
    the objective metric when *rows* hold it)."""
    by_row = {r["trial"]: r for r in rows or ()}
    keys = list(dict.fromkeys(k for p in params.values() for k in p))
    head = ["trial"] + keys + ["state", "attempt", "last failure", "reason"]
    if metric:
        head.insert(len(keys) + 3, metric)
    out = ['<table class="flashrun" style="border-collapse:collapse;font-size:13px"><thead><tr>'
           + "".join("<th %s>%s</th>" % (_TD, esc(h)) for h in head) + "</tr></thead><tbody>"]
    for tid, t in state.trials.items():
        p = params.get(tid, {})
        n = "-" if t.attempt is None else "%d" % t.attempt if max_restarts is None \
            else "%d/%d" % (t.attempt, max_restarts)
        cells = [tid] + [_cell(p.get(k)) for k in keys]
        html_cells = ["<td %s>%s</td>" % (_TD, esc(c)) for c in cells]
        html_cells.append("<td %s>%s</td>" % (_TD, _badge(t.state.value)))
        html_cells.append("<td %s>%s</td>" % (_TD, esc(n)))
        if metric:
            m = (by_row.get(tid) or {}).get("metrics") or {}
            html_cells.append("<td %s>%s</td>" % (_TD, esc(_cell(m.get(metric)))))
        fail = "%s → %s" % (t.last_failure, t.last_decision or "?") if t.last_failure else ""
        reason = t.reason if t.reason and t.state is not TrialState.SUCCEEDED else ""
        html_cells.append("<td %s>%s</td>" % (_TD, esc(fail)))
        html_cells.append("<td %s>%s</td>" % (_TD, esc(reason[:200])))
        out.append('<tr data-state="%s">%s</tr>' % (esc(t.state.value), "".join(html_cells)))
    out.append("</tbody></table>")
    return "".join(out)


def _counts(state: RunState) -> str:
    return ", ".join("%d %s" % (n, s) for s, n in state.counts().items() if n) or "no trials yet"


def sweep_html(name: str, state: RunState, params: Mapping[str, Mapping[str, Any]], *,
               rows: Optional[Sequence[Mapping[str, Any]]] = None, objective: Any = None,
               run_dir: Optional[str] = None, max_restarts: Optional[int] = None,
               running: bool = False) -> str:
    """A sweep as static HTML: a title line, the table, and (with *rows*, after the end)
    the summary: counts, the best trial, failures, where the results are."""
    if isinstance(objective, Mapping):
        metric = objective.get("metric")
    else:
        metric = getattr(objective, "metric", None)
    out = ['<div class="flashrun-sweep"><b>flashrun sweep %s</b> — %s%s' % (
        esc(name), esc(_counts(state)), " (running)" if running else "")]
    if run_dir:
        out.append('<div style="color:#777;font-size:12px">run directory %s · live page: '
                   '<code>flashrun view %s</code> · report: <code>flashrun report %s</code></div>'
                   % (esc(run_dir), esc(run_dir), esc(run_dir)))
    out.append(state_table(state, params, rows, max_restarts, metric))
    if rows is not None:
        best = best_trial(rows, objective)
        lines = summary_lines(rows, best, objective)
        if run_dir:
            lines.append("results: %s" % (Path(run_dir) / "results.csv"))
        out.append('<pre class="flashrun-summary" style="margin-top:6px">%s</pre>'
                   % esc("\n".join(lines)))
    out.append("</div>")
    return "".join(out)


def run_html(result: Any) -> str:
    """A ``RunResult``: state, attempts, exit code, each decision with its believed line,
    the run directory and the end of the output."""
    head = "flashrun run — %s after %d attempt%s" % (
        result.state.value, result.attempts, "" if result.attempts == 1 else "s")
    if result.exit_code is not None:
        head += ", exit %d" % result.exit_code
    out = ['<div class="flashrun-run"><b>%s</b>' % esc(head), " ", _badge(result.state.value),
           '<div style="color:#777;font-size:12px">run directory %s</div>' % esc(result.run_dir)]
    if result.decisions:
        out.append('<ol style="margin:4px 0">')
        for d in result.decisions:
            ev = d.evidence
            out.append("<li>%s → %s: %s%s</li>" % (
                esc(d.failure_class.value), esc(d.action.value), esc(d.reason),
                "<br><code>believed%s: %s</code>" % (
                    "" if ev.rank is None else " rank %d" % ev.rank, esc(ev.line))
                if ev.line else ""))
        out.append("</ol>")
    tail = result.tail.decode("utf-8", "replace").splitlines()[-15:]
    if tail:
        out.append('<pre style="background:#111;color:#ddd;padding:6px;font-size:12px">%s</pre>'
                   % esc("\n".join(tail)))
    out.append("</div>")
    return "".join(out)


class NotebookView:
    """The sweep's view inside a Jupyter kernel (see the module docstring).

    *display* is ``IPython.display.display`` (injectable for tests); *html* wraps a string
    as HTML (``IPython.display.HTML``)."""

    def __init__(self, spec: Any = None, *, run_dir: Optional[str] = None, display=None,
                 html=None, stream=None, clock=time.monotonic) -> None:
        if display is None or html is None:
            from IPython.display import HTML, display as ipy_display

            display, html = display or ipy_display, html or HTML
        self.spec, self.run_dir = spec, run_dir
        self._display, self._html, self._clock = display, html, clock
        self._stream = stream
        self._handle = None
        self._last = float("-inf")
        self._pending: Optional[RunState] = None
        self._timer: Optional[threading.Timer] = None
        self._lock = threading.Lock()
        self.closed = False
        self.params = params_of(spec)

    def _render(self, state: RunState, *, rows=None, running=True) -> Any:
        return self._html(sweep_html(
            getattr(self.spec, "name", "sweep"), state, self.params, rows=rows,
            objective=getattr(self.spec, "objective", None), run_dir=self.run_dir,
            max_restarts=getattr(self.spec, "max_restarts", None), running=running))

    def _show(self, obj: Any) -> None:
        if self._handle is None:
            self._handle = self._display(obj, display_id=True)
        else:
            self._handle.update(obj)

    def update(self, state: RunState, extra: Optional[Mapping[str, Any]] = None) -> None:
        with self._lock:
            if self.closed:
                return
            now = self._clock()
            if now - self._last < MIN_INTERVAL_S:
                self._pending = state  # drawn by the timer, so the last change is never lost
                if self._timer is None:
                    self._timer = threading.Timer(MIN_INTERVAL_S, self._flush)
                    self._timer.daemon = True
                    self._timer.start()
                return
            self._last, self._pending = now, None
            self._show(self._render(state))

    def _flush(self) -> None:
        with self._lock:
            self._timer = None
            if self.closed or self._pending is None:
                return
            state, self._pending = self._pending, None
            self._last = self._clock()
            self._show(self._render(state))

    def print_line(self, text: str) -> None:
        """Trial output and flashrun's conclusions: printed to the cell as text."""
        import sys

        stream = self._stream or sys.stdout
        stream.write(text.rstrip("\n") + "\n")

    def close(self, final_state: Optional[RunState] = None, extra: Any = None) -> None:
        """Replace the live display with the static table and the summary."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            state = final_state if final_state is not None else self._pending or RunState()
            self._show(self._render(state, rows=self._rows(), running=False))

    def _rows(self) -> Optional[List[dict]]:
        if not self.run_dir:
            return None
        try:
            rows = json.loads((Path(self.run_dir) / "results.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return rows if isinstance(rows, list) else None


def params_of(spec: Any) -> dict:
    return {t.trial_id: dict(t.params) for t in getattr(spec, "trials", ())}
