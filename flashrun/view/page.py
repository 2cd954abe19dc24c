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

from typing import Any, Dict, Iterable, List, Optional

from flashrun.view import assets
from flashrun.view.detail import detail_fragment, trial_detail
from flashrun.view.terminal import duration
from flashrun.view.facts import (MAX_SERIES, Links, alive, best_trial_id, dom_id, end,
                                 metric_names, metrics, objective_value, origin, series, text,
                                 val)
from flashrun.view.rundata import RunData
from flashrun.view.svg import COLOURS, esc, line_plot, number, scatter_plot, timeline_row

__all__ = ["Links", "render_page", "render_trial_page", "trial_detail", "detail_fragment",
           "update_payload", "best_trial_id", "dom_id", "alive", "plots"]

MAX_PLOTS = 6
FIRST_ROWS = 50   # table rows in the live page as parsed; the rest follow the first paint

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
                      esc(best), esc(data.objective[0]), esc(val(metrics(t)[data.objective[0]]))))
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
            esc(v if number(v) is not None else val(v)), esc("" if v is None else val(v))))
    cells.append('<td data-v="%s"><span class="state s-%s">%s</span></td>' % (
        esc(state), esc(state), esc(state)))
    if st is not None and st.attempt is not None:
        cap = data.max_restarts
        # attempts are numbered from 0 everywhere (docs/architecture.md): k/N, N = max_restarts
        k_of_n = "%d/%d" % (st.attempt, cap) if cap is not None else str(st.attempt)
        cells.append('<td class="num" data-v="%d">%s</td>' % (st.attempt, esc(k_of_n)))
    else:
        cells.append('<td class="num" data-v="-1">-</td>')
    since, elapsed = "", None
    if st is not None and st.state.terminal and st.finished_at and st.started_at:
        elapsed = st.finished_at - st.started_at
    elif st is not None and st.last_launch_at is not None and not st.state.terminal:
        elapsed = end(data) - st.last_launch_at
        if alive(data):
            since = ' data-since="%r"' % st.last_launch_at
    cells.append('<td class="num elapsed" data-v="%s"%s>%s</td>' % (
        "" if elapsed is None else "%.1f" % elapsed, since, duration(elapsed)))
    m = metrics(t)
    if data.objective is not None:
        v = number(m.get(data.objective[0]))
        cells.append('<td class="num" data-v="%s">%s</td>' % (
            "" if v is None else repr(v), "" if v is None else esc("%.6g" % v)))
    shown = [(k, v) for k, v in m.items() if isinstance(v, (int, float, str))
             and not isinstance(v, bool)][:4]
    cells.append("<td>%s</td>" % esc(" ".join("%s=%s" % (k, val(v)) for k, v in shown)))
    d = t.believed
    fail = ""
    if d is not None and (d.failure_class or d.action):
        fail = "%s → %s" % (d.failure_class or "?", d.action or "?")
    cells.append("<td>%s</td>" % esc(fail))
    line = text(d.evidence) if d is not None and d.evidence else ""
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
    t0, t1 = origin(data), end(data)
    return ('<div class="tlrow" id="%s" data-state="%s"><span class="tlname" title="%s">%s'
            '</span>%s</div>' % (esc(dom_id("tl", tid)), esc(state), esc(tid), esc(tid),
                                 timeline_row(t, t0, t1 - t0, t1, data.model.periods)))


def timeline(data: RunData) -> str:
    legend = "".join('<span><i style="background:%s"></i>%s</span>' % (COLOURS[k], esc(k))
                     for k in ("running", "succeeded", "restarted", "failed", "frozen",
                               "cancelled", "paused", "frozen-period"))
    rows = "".join(timeline_html_row(data, tid) for tid in data.model.trials)
    span = end(data) - origin(data)
    return ('<section id="timeline"><h2>Timeline</h2><div class="legend">%s <span>│ red tick: '
            'failure · dashed: restart</span></div><div class="tl"><div id="tlrows">%s</div>'
            '<div class="tlaxis">0 … <span id="tl-span">%s</span></div></div></section>'
            % (legend, rows, esc(duration(span))))


# ----------------------------------------------------------------------- plots
def plots(data: RunData) -> str:
    out = []
    best = best_trial_id(data)
    if data.objective is not None:
        name = data.objective[0]
        for key in data.varying_keys:
            pts = []
            for t in data.model.trials.values():
                y = objective_value(data, t)
                st = data.state.trials.get(t.id)
                if y is not None and st is not None and st.state.value == "succeeded":
                    pts.append((t.params.get(key), y, t.id))
            out.append(scatter_plot("%s vs %s" % (name, key), pts, best, key, name))
    trials = list(data.model.trials.values())
    if len(trials) > MAX_SERIES:
        keep = [t for t in trials if t.id == best] + [t for t in trials if t.id != best]
        trials = keep[:MAX_SERIES]
    for name in metric_names(trials)[:MAX_PLOTS]:
        lines = {t.id: series(t.attempts.values(), name) for t in trials}
        out.append(line_plot("%s over steps" % name, {k: v for k, v in lines.items() if v},
                             ylab=name))
    body = "".join(p for p in out if p) or '<p class="muted">no metrics reported yet</p>'
    more = len(data.model.trials) - len(trials)
    note = ('<p class="muted">metrics plots show %d of %d trials (the best first); each '
            'trial\'s page has its own.</p>' % (len(trials), len(data.model.trials))
            if more > 0 else "")
    return '<section id="plots"><h2>Plots</h2>%s<div class="plots">%s</div></section>' % (
        note, body)


# ----------------------------------------------------------------------- detail
def _doc(title: str, body_attrs: Dict[str, str], body: str, nonce: Optional[str]) -> str:
    attrs = "".join(' %s="%s"' % (k, esc(v)) for k, v in body_attrs.items())
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            'content="width=device-width,initial-scale=1"><title>%s</title><style>%s</style>'
            '</head><body%s>%s<script%s>%s</script></body></html>' % (
                esc(title), assets.CSS, attrs, body,
                ' nonce="%s"' % esc(nonce) if nonce else "", assets.SCRIPT))


def _attrs(data: RunData, live: bool, stream: str) -> Dict[str, str]:
    return {"data-live": "1" if live else "0", "data-alive": "1" if live and alive(data) else "0",
            "data-now": repr(data.now or 0.0), "data-origin": repr(origin(data)),
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
