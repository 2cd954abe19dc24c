"""Render a run as HTML: the live page, a trial's page, the static report, the live updates.

The view layer of docs/architecture.md: pure functions from :class:`~flashrun.view.rundata.RunData`
(read by flashrun.view.rundata) to text. No I/O, no clock (the data carries its ``now``).
Every string that came from a run (trial ids, params, log lines, reasons) is escaped, so
a trial that prints ``<script>`` shows that text. CSS and script are flashrun's own
(flashrun.view.assets), inlined: the report needs nothing from the network.

Where links point is the caller's choice (:class:`Links`): the server links to
``/trial/<id>`` and ``/file/<path>``; the report to ``#trial-<id>`` and to log files
relative to where it is written.
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from flashrun.view import assets
from flashrun.view.model import AttemptView, Decision, TrialView
from flashrun.view.rundata import RunData
from flashrun.view.svg import COLOURS, esc, line_plot, number, scatter_plot, timeline_row

__all__ = ["Links", "render_page", "render_trial_page", "trial_detail", "update_payload",
           "best_trial_id", "dom_id"]

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CTRL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_STEP_KEYS = ("step", "global_step", "iteration", "iter", "epoch")
MAX_SERIES = 10   # trials drawn in a sweep-wide metrics plot (the best one always among them)
MAX_PLOTS = 6
FIRST_ROWS = 50   # table rows in the live page as parsed; the rest follow the first paint
_BADGE = {"succeeded": "succeeded", "failed": "failed", "frozen": "frozen", "running": "running",
          "restarted": "restarting", "exited": "queued"}


class Links:
    """Where the page's links go. ``trial(id)`` and ``file(path relative to the run dir)``."""

    def __init__(self, trial: Callable[[str], str], file: Callable[[str], str]) -> None:
        self.trial, self.file = trial, file

    @classmethod
    def anchors(cls, file: Callable[[str], str]) -> "Links":
        return cls(lambda tid: "#" + dom_id("trial", tid), file)


def dom_id(prefix: str, tid: str) -> str:
    return "%s-%s" % (prefix, re.sub(r"\s", "_", tid))


def _text(s: Any) -> str:
    return _CTRL.sub(" ", _ANSI.sub("", "" if s is None else str(s)))


def _dur(seconds: Optional[float]) -> str:
    if seconds is None or seconds < 0:
        return "-"
    s = int(round(seconds))
    if s < 60:
        return "%ds" % s
    if s < 3600:
        return "%dm%02ds" % divmod(s, 60)
    return "%dh%02dm" % (s // 3600, s % 3600 // 60)


def _val(v: Any) -> str:
    if isinstance(v, float):
        return "%.4g" % v
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, default=str)
    return str(v)


# ----------------------------------------------------------------------- facts

def alive(data: RunData) -> bool:
    return data.supervisor[0] == "alive"


def _origin(data: RunData) -> float:
    m = data.model
    return m.first_ts if m.first_ts is not None else (data.now or 0.0)


def _end(data: RunData) -> float:
    last = data.model.last_ts or _origin(data)
    return max(data.now or last, last) if alive(data) else last


def _last_attempt(t: TrialView) -> Optional[AttemptView]:
    real = [a for a in t.attempts.values() if a.n >= 0]
    return max(real, key=lambda a: a.n) if real else None


def _metrics(t: TrialView) -> Dict[str, Any]:
    """Latest metrics: the newest attempt that reported any."""
    for a in sorted(t.attempts.values(), key=lambda a: -a.n):
        if a.metrics:
            return dict(a.metrics)
        if a.series:
            return dict(a.series[-1])
    return {}


def _objective_value(data: RunData, t: TrialView) -> Optional[float]:
    if data.objective is None:
        return None
    return number(_metrics(t).get(data.objective[0]))


def best_trial_id(data: RunData) -> Optional[str]:
    """The succeeded trial with the best objective (ties: the earlier one)."""
    if data.objective is None:
        return None
    best, best_v = None, None
    for t in data.model.trials.values():
        st = data.state.trials.get(t.id)
        if st is None or st.state.value != "succeeded":
            continue
        v = _objective_value(data, t)
        if v is None:
            continue
        if best_v is None or (v < best_v if data.objective[1] == "min" else v > best_v):
            best, best_v = t.id, v
    return best


# ----------------------------------------------------------------------- header

def header(data: RunData) -> str:
    counts = data.state.counts()
    parts = "".join('<span class="c-%s">%s %d</span>' % (esc(k), esc(k), v)
                    for k, v in counts.items() if v)
    total = len(data.state.trials)
    return ('<header id="hdr"><h1>%s</h1><div class="counts">%d trial%s: %s</div>'
            '<div class="meta">run directory %s</div></header>' % (
                esc(data.name), total, "" if total == 1 else "s", parts or "none yet",
                esc(data.run_dir)))


def banner(data: RunData) -> str:
    status, detail = data.supervisor
    out = ['<div id="banner">']
    if data.state.frozen:
        out.append('<div class="banner frozen"><b>Automation frozen</b>%s: nothing restarts '
                   'or starts until a person runs <code>flashrun resume %s</code></div>' % (
                       ": " + esc(data.state.frozen_reason) if data.state.frozen_reason else "",
                       esc(data.run_dir)))
    label = {"alive": "Supervisor running", "gone": "Supervisor gone",
             "finished": "Run finished"}.get(status, status)
    out.append('<div class="banner %s" id="supervisor" data-status="%s"><b>%s</b>: %s</div>'
               % (esc(status), esc(status), esc(label), esc(detail)))
    best = best_trial_id(data)
    if best is not None and data.objective is not None:
        t = data.model.trials[best]
        out.append('<div class="muted" id="best">best (%s %s): <a href="#%s">%s</a> %s=%s</div>'
                   % (esc(data.objective[1]), esc(data.objective[0]), esc(dom_id("row", best)),
                      esc(best), esc(data.objective[0]), esc(_val(_metrics(t)[data.objective[0]]))))
    out.append("</div>")
    return "".join(out)


# ----------------------------------------------------------------------- table

def _columns(data: RunData) -> List[str]:
    cols = ["trial"] + list(data.varying_keys) + ["state", "attempt", "elapsed"]
    if data.objective is not None:
        cols.append(data.objective[0])
    return cols + ["metrics", "last failure → action", "believed line"]


def table_row(data: RunData, tid: str, links: Links, keys: Optional[List[str]] = None) -> str:
    t = data.model.trials[tid]
    st = data.state.trials.get(tid)
    state = st.state.value if st is not None else "queued"
    keys = data.varying_keys if keys is None else keys
    cells = ['<td data-v="%s"><a href="%s">%s</a></td>' % (esc(tid), esc(links.trial(tid)),
                                                           esc(tid))]
    for k in keys:
        v = t.params.get(k)
        cells.append('<td class="num" data-v="%s">%s</td>' % (
            esc(v if number(v) is not None else _val(v)), esc("" if v is None else _val(v))))
    cells.append('<td data-v="%s"><span class="state s-%s">%s</span></td>' % (
        esc(state), esc(state), esc(state)))
    if st is not None and st.attempt is not None:
        cap = data.max_restarts
        text = "%d/%d" % (st.attempt + 1, cap + 1) if cap is not None else str(st.attempt + 1)
        cells.append('<td class="num" data-v="%d">%s</td>' % (st.attempt + 1, esc(text)))
    else:
        cells.append('<td class="num" data-v="0">-</td>')
    since, elapsed = "", None
    if st is not None and st.state.terminal and st.finished_at and st.started_at:
        elapsed = st.finished_at - st.started_at
    elif st is not None and st.last_launch_at is not None and not st.state.terminal:
        elapsed = _end(data) - st.last_launch_at
        if alive(data):
            since = ' data-since="%r"' % st.last_launch_at
    cells.append('<td class="num elapsed" data-v="%s"%s>%s</td>' % (
        "" if elapsed is None else "%.1f" % elapsed, since, _dur(elapsed)))
    m = _metrics(t)
    if data.objective is not None:
        v = number(m.get(data.objective[0]))
        cells.append('<td class="num" data-v="%s">%s</td>' % (
            "" if v is None else repr(v), "" if v is None else esc("%.6g" % v)))
    shown = [(k, v) for k, v in m.items() if isinstance(v, (int, float, str))
             and not isinstance(v, bool)][:4]
    cells.append("<td>%s</td>" % esc(" ".join("%s=%s" % (k, _val(v)) for k, v in shown)))
    d = t.believed
    fail = ""
    if d is not None and (d.failure_class or d.action):
        fail = "%s → %s" % (d.failure_class or "?", d.action or "?")
    cells.append("<td>%s</td>" % esc(fail))
    line = _text(d.evidence) if d is not None and d.evidence else ""
    cells.append('<td class="believed" title="%s">%s</td>' % (esc(line), esc(line)))
    return '<tr id="%s" data-state="%s" data-trial="%s">%s</tr>' % (
        esc(dom_id("row", tid)), esc(state), esc(tid), "".join(cells))


def trials_table(data: RunData, links: Links, first_rows: Optional[int] = None) -> str:
    """The sortable, filterable table. With *first_rows*, only that many rows are in the
    table as parsed; the rest wait in a ``<template>`` that the script appends right after
    the first paint (a 500-row table laid out at once delays the first paint ~3x)."""
    keys = data.varying_keys
    states = [s for s, n in data.state.counts().items() if n]
    opts = "".join('<option value="%s">%s</option>' % (esc(s), esc(s)) for s in
                   ("queued", "running", "restarting", "paused", "frozen", "succeeded",
                    "failed", "cancelled"))
    head = "".join("<th>%s</th>" % esc(c) for c in _columns(data))
    ids = list(data.model.trials)
    cut = len(ids) if first_rows is None else first_rows
    rows = "".join(table_row(data, tid, links, keys) for tid in ids[:cut])
    more = "".join(table_row(data, tid, links, keys) for tid in ids[cut:])
    return ('<section id="trials"><h2>Trials</h2><div class="filter">state: '
            '<select id="state-filter"><option value="">all</option>%s</select> '
            '<span class="muted">click a column to sort; states here: %s</span></div>'
            '<table class="sortable" id="trials-table"><thead><tr>%s</tr></thead>'
            '<tbody id="trows">%s</tbody></table>%s</section>' % (
                opts, esc(", ".join(states) or "none"), head, rows,
                '<template id="trows-more"><table><tbody>%s</tbody></table></template>' % more
                if more else ""))


# ----------------------------------------------------------------------- timeline

def timeline_html_row(data: RunData, tid: str) -> str:
    t = data.model.trials[tid]
    st = data.state.trials.get(tid)
    state = st.state.value if st is not None else "queued"
    origin = _origin(data)
    end = _end(data)
    return ('<div class="tlrow" id="%s" data-state="%s"><span class="tlname" title="%s">%s'
            '</span>%s</div>' % (esc(dom_id("tl", tid)), esc(state), esc(tid), esc(tid),
                                 timeline_row(t, origin, end - origin, end, data.model.periods)))


def timeline(data: RunData) -> str:
    legend = "".join('<span><i style="background:%s"></i>%s</span>' % (COLOURS[k], esc(k))
                     for k in ("running", "succeeded", "restarted", "failed", "frozen",
                               "cancelled", "paused", "frozen-period"))
    rows = "".join(timeline_html_row(data, tid) for tid in data.model.trials)
    span = _end(data) - _origin(data)
    return ('<section id="timeline"><h2>Timeline</h2><div class="legend">%s <span>│ red tick: '
            'failure · dashed: restart</span></div><div class="tl"><div id="tlrows">%s</div>'
            '<div class="tlaxis">0 … <span id="tl-span">%s</span></div></div></section>'
            % (legend, rows, esc(_dur(span))))


# ----------------------------------------------------------------------- plots

def _series(a_list: Iterable[AttemptView], name: str) -> List[Tuple[float, float]]:
    pts: List[Tuple[float, float]] = []
    for a in sorted(a_list, key=lambda a: a.n):
        for i, obj in enumerate(a.series):
            y = number(obj.get(name))
            if y is None:
                continue
            x = next((number(obj.get(k)) for k in _STEP_KEYS if number(obj.get(k)) is not None),
                     None)
            pts.append((float(i) if x is None else x, y))
    return pts


def _metric_names(trials: Iterable[TrialView]) -> List[str]:
    names: Dict[str, None] = {}
    for t in trials:
        for a in t.attempts.values():
            for obj in a.series:
                for k, v in obj.items():
                    if k not in _STEP_KEYS and number(v) is not None:
                        names[k] = None
    return list(names)


def plots(data: RunData) -> str:
    out = []
    best = best_trial_id(data)
    if data.objective is not None:
        name = data.objective[0]
        for key in data.varying_keys:
            pts = []
            for t in data.model.trials.values():
                y = _objective_value(data, t)
                st = data.state.trials.get(t.id)
                if y is not None and st is not None and st.state.value == "succeeded":
                    pts.append((t.params.get(key), y, t.id))
            out.append(scatter_plot("%s vs %s" % (name, key), pts, best, key, name))
    trials = list(data.model.trials.values())
    if len(trials) > MAX_SERIES:
        keep = [t for t in trials if t.id == best] + [t for t in trials if t.id != best]
        trials = keep[:MAX_SERIES]
    for name in _metric_names(trials)[:MAX_PLOTS]:
        series = {t.id: _series(t.attempts.values(), name) for t in trials}
        out.append(line_plot("%s over steps" % name, {k: v for k, v in series.items() if v},
                             ylab=name))
    body = "".join(p for p in out if p) or '<p class="muted">no metrics reported yet</p>'
    more = len(data.model.trials) - len(trials)
    note = ('<p class="muted">metrics plots show %d of %d trials (the best first); each '
            'trial\'s page has its own.</p>' % (len(trials), len(data.model.trials))
            if more > 0 else "")
    return '<section id="plots"><h2>Plots</h2>%s<div class="plots">%s</div></section>' % (
        note, body)


# ----------------------------------------------------------------------- detail

def _decision(d: Decision, data: RunData) -> str:
    head = "attempt %s: <b>%s → %s</b>" % (
        "?" if d.attempt is None else d.attempt + 1, esc(d.failure_class or "?"),
        esc(d.action or "(deciding)"))
    extra = []
    if d.policy_version:
        extra.append("policy %s" % esc(d.policy_version))
    if d.delay_s:
        extra.append("after %.1fs" % d.delay_s)
    out = ['<div class="decision">%s %s' % (head, '<span class="muted">(%s)</span>'
                                            % ", ".join(extra) if extra else "")]
    if d.reason:
        out.append("<div>reason: %s</div>" % esc(_text(d.reason)))
    if d.evidence:
        out.append('<div>believed%s: <code class="believed-line">%s</code></div>' % (
            "" if d.rank is None else " (rank %d)" % d.rank, esc(_text(d.evidence))))
    if d.facts:
        out.append('<div class="muted">evidence: %s</div>' % esc("; ".join(
            "%s=%s" % (k, _val(v)) for k, v in d.facts.items())))
    out.append("</div>")
    return "".join(out)


def _tail(text: Optional[str], believed: Optional[str]) -> str:
    if not text:
        return '<p class="muted">no output recorded</p>'
    key = _text(believed).strip() if believed else ""
    lines = []
    for line in _text_lines(text):
        if key and key in line:
            lines.append('<mark class="believed">%s</mark>' % esc(line))
        else:
            lines.append(esc(line))
    return '<pre class="tail">%s</pre>' % "\n".join(lines)


def _text_lines(text: str) -> List[str]:
    out = []
    for raw in text.split("\n"):
        raw = raw.rsplit("\r", 1)[-1] if "\r" in raw.rstrip("\r") else raw.rstrip("\r")
        out.append(_CTRL.sub(" ", _ANSI.sub("", raw)).replace("\t", "    "))
    while out and not out[-1].strip():
        out.pop()
    return out


def trial_detail(data: RunData, tid: str, links: Links) -> str:
    t = data.model.trials[tid]
    st = data.state.trials.get(tid)
    state = st.state.value if st is not None else "queued"
    out = ['<section class="trial" id="%s" data-trial-detail="%s"><h2>%s '
           '<span class="state s-%s">%s</span></h2>' % (
               esc(dom_id("trial", tid)), esc(tid), esc(tid), esc(state), esc(state))]
    if st is not None and st.reason and state != "succeeded":
        out.append("<p>%s</p>" % esc(_text(st.reason)))
    if t.params:
        out.append('<h3>Parameters</h3><table class="kv">%s</table>' % "".join(
            "<tr><td>%s</td><td>%s</td></tr>" % (esc(k), esc(_val(v))) for k, v in t.params.items()))
    out.append("<h3>Decisions</h3>")
    out.append("".join(_decision(d, data) for d in t.decisions)
               or '<p class="muted">none: no attempt failed</p>')
    out.append("<h3>Attempts</h3>")
    for a in sorted((a for a in t.attempts.values() if a.n >= 0), key=lambda a: a.n):
        took = (a.ended - a.started) if a.ended is not None and a.started is not None else None
        facts = ["<b>attempt %d</b> (attempt-%d)" % (a.n + 1, a.n),
                 '<span class="state s-%s">%s</span>' % (
                     esc(_BADGE.get(a.outcome, "cancelled")), esc(a.outcome))]
        if took is not None:
            facts.append("ran %s" % _dur(took))
        if a.returncode is not None:
            facts.append("exit %d%s" % (a.returncode, " (hung)" if a.hung else ""))
        if a.resume_step is not None:
            facts.append("resumed from step %d" % a.resume_step)
        files = " ".join('<a href="%s">%s</a>' % (
            esc(links.file("trials/%s/attempt-%d/%s" % (tid, a.n, f))), esc(f))
            for f in a.files if f != "tail.txt")
        believed = a.decision.evidence if a.decision is not None else None
        out.append('<div class="attempt" id="%s">%s <span class="muted">full log: %s</span>%s'
                   '</div>' % (esc(dom_id("att-%d" % a.n, tid)), " · ".join(facts),
                               files or "none", _tail(a.tail, believed)))
    out.append("<h3>Checkpoints</h3>")
    if t.checkpoints:
        out.append("<ul>%s</ul>" % "".join(
            "<li>%s (step %d)%s</li>" % (esc(c["name"]), c["step"],
                                         "" if c["complete"] else " — torn: no manifest")
            for c in t.checkpoints))
    else:
        out.append('<p class="muted">none found in trials/%s/ckpt</p>' % esc(tid))
    if t.skipped:
        out.append('<p class="muted">skipped on restart: %s</p>' % esc("; ".join(
            "%s (%s)" % (s.get("path"), s.get("reason")) for s in t.skipped)))
    names = _metric_names([t])
    if names:
        out.append("<h3>Metrics</h3>")
        out.append(line_plot("metrics over steps", {n: _series(t.attempts.values(), n)
                                                   for n in names[:MAX_SERIES]}))
    out.append("</section>")
    return "".join(out)


# ----------------------------------------------------------------------- pages

def _doc(title: str, body_attrs: Dict[str, str], body: str, nonce: Optional[str]) -> str:
    attrs = "".join(' %s="%s"' % (k, esc(v)) for k, v in body_attrs.items())
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width,initial-scale=1"><title>%s</title><style>%s</style>'
            '</head><body%s>%s<script%s>%s</script></body></html>' % (
                esc(title), assets.CSS, attrs, body,
                ' nonce="%s"' % esc(nonce) if nonce else "", assets.SCRIPT))


def _attrs(data: RunData, live: bool, stream: str) -> Dict[str, str]:
    return {"data-live": "1" if live else "0", "data-alive": "1" if live and alive(data) else "0",
            "data-now": repr(data.now or 0.0), "data-origin": repr(_origin(data)),
            "data-stream": stream}


def render_page(data: RunData, links: Links, *, live: bool = False, details: bool = False,
                nonce: Optional[str] = None, stream: str = "events") -> str:
    """The whole run: header, trials table, timeline, plots (and every trial's detail
    when *details*, as the report does)."""
    body = [header(data), "<main>", banner(data),
            trials_table(data, links, FIRST_ROWS if live else None), timeline(data), plots(data)]
    if details:
        body.append('<section id="details"><h2>Trials in detail</h2>%s</section>' % "".join(
            trial_detail(data, tid, links) for tid in data.model.trials))
    body.append('<p class="muted">flashrun %s</p></main>' % (
        "live view: updates as events arrive" if live else "report (static)"))
    return _doc("flashrun · %s" % data.name, _attrs(data, live, stream), "".join(body), nonce)


def render_trial_page(data: RunData, tid: str, links: Links, *, home: str = "./",
                      live: bool = False, nonce: Optional[str] = None,
                      stream: str = "events") -> str:
    attrs = _attrs(data, live, stream)
    attrs["data-trial"] = tid
    body = ('%s<main><p><a href="%s">← all trials</a></p>%s<div id="detail">%s</div></main>'
            % (header(data), esc(home), banner(data), trial_detail(data, tid, links)))
    return _doc("flashrun · %s · %s" % (data.name, tid), attrs, body, nonce)


def detail_fragment(data: RunData, tid: str, links: Links) -> str:
    return '<div id="detail">%s</div>' % trial_detail(data, tid, links)


def update_payload(data: RunData, changed: Iterable[str], links: Links, *,
                   with_plots: bool = False) -> Dict[str, Any]:
    """The SSE message for *changed* trials: their table and timeline rows, the header
    and banner (and the plots when asked). Its size grows with the trials that changed,
    not with the size of the sweep."""
    keys = data.varying_keys
    changed = [t for t in changed if t in data.model.trials]
    parts = {"hdr": header(data), "banner": banner(data)}
    if with_plots:
        parts["plots"] = plots(data)
    return {"now": data.now, "alive": alive(data), "changed": changed, "parts": parts,
            "rows": {tid: [dom_id("row", tid), table_row(data, tid, links, keys),
                           dom_id("tl", tid), timeline_html_row(data, tid)] for tid in changed}}
