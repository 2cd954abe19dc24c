"""One trial in detail: parameters, every decision with its evidence, each attempt's log tail.

The view layer of docs/architecture.md, pure: the section the trial page shows and the report
repeats for every trial. The believed line of each attempt's decision is highlighted in its
tail (``<mark class="believed">``); full logs are linked through :class:`~flashrun.view.facts.Links`.
"""
from __future__ import annotations

from typing import Optional

from flashrun.view.terminal import duration
from flashrun.view.facts import (MAX_SERIES, Links, dom_id, log_lines, metric_names,
                                 series, text, val)
from flashrun.view.model import Decision
from flashrun.view.rundata import RunData
from flashrun.view.svg import esc, line_plot

__all__ = ["trial_detail", "detail_fragment"]

_BADGE = {"succeeded": "succeeded", "failed": "failed", "frozen": "frozen", "running": "running",
          "restarted": "restarting", "exited": "queued"}


def _decision(d: Decision, data: RunData) -> str:
    head = "attempt %s: <b>%s → %s</b>" % (
        "?" if d.attempt is None else d.attempt, esc(d.failure_class or "?"),
        esc(d.action or "(deciding)"))
    extra = []
    if d.policy_version:
        extra.append("policy %s" % esc(d.policy_version))
    if d.delay_s:
        extra.append("after %.1fs" % d.delay_s)
    out = ['<div class="decision">%s %s' % (head, '<span class="muted">(%s)</span>'
                                            % ", ".join(extra) if extra else "")]
    if d.reason:
        out.append("<div>reason: %s</div>" % esc(text(d.reason)))
    if d.evidence:
        out.append('<div>believed%s: <code class="believed-line">%s</code></div>' % (
            "" if d.rank is None else " (rank %d)" % d.rank, esc(text(d.evidence))))
    if d.facts:
        out.append('<div class="muted">evidence: %s</div>' % esc("; ".join(
            "%s=%s" % (k, val(v)) for k, v in d.facts.items())))
    out.append("</div>")
    return "".join(out)


def _tail(tail: Optional[str], believed: Optional[str]) -> str:
    if not tail:
        return '<p class="muted">no output recorded</p>'
    key = text(believed).strip() if believed else ""
    lines = []
    for line in log_lines(tail):
        if key and key in line:
            lines.append('<mark class="believed">%s</mark>' % esc(line))
        else:
            lines.append(esc(line))
    return '<pre class="tail">%s</pre>' % "\n".join(lines)


def trial_detail(data: RunData, tid: str, links: Links) -> str:
    t = data.model.trials[tid]
    st = data.state.trials.get(tid)
    state = st.state.value if st is not None else "queued"
    out = ['<section class="trial" id="%s" data-trial-detail="%s"><h2>%s '
           '<span class="state s-%s">%s</span></h2>' % (
               esc(dom_id("trial", tid)), esc(tid), esc(tid), esc(state), esc(state))]
    if st is not None and st.reason and state != "succeeded":
        out.append("<p>%s</p>" % esc(text(st.reason)))
    if t.params:
        out.append('<h3>Parameters</h3><table class="kv">%s</table>' % "".join(
            "<tr><td>%s</td><td>%s</td></tr>" % (esc(k), esc(val(v))) for k, v in t.params.items()))
    out.append("<h3>Decisions</h3>")
    out.append("".join(_decision(d, data) for d in t.decisions)
               or '<p class="muted">none: no attempt failed</p>')
    out.append("<h3>Attempts</h3>")
    for a in sorted((a for a in t.attempts.values() if a.n >= 0), key=lambda a: a.n):
        took = (a.ended - a.started) if a.ended is not None and a.started is not None else None
        facts = ["<b>attempt %d</b>" % a.n,
                 '<span class="state s-%s">%s</span>' % (
                     esc(_BADGE.get(a.outcome, "cancelled")), esc(a.outcome))]
        if took is not None:
            facts.append("ran %s" % duration(took))
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
    names = metric_names([t])
    if names:
        out.append("<h3>Metrics</h3>")
        out.append(line_plot("metrics over steps", {n: series(t.attempts.values(), n)
                                                   for n in names[:MAX_SERIES]}))
    out.append("</section>")
    return "".join(out)


# ----------------------------------------------------------------------- pages


def detail_fragment(data: RunData, tid: str, links: Links) -> str:
    return '<div id="detail">%s</div>' % trial_detail(data, tid, links)
