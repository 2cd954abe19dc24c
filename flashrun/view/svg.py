"""SVG drawn by flashrun: the timeline rows, metrics-over-steps lines, objective-vs-parameter dots.

The view layer of docs/architecture.md, beside flashrun.view.page: pure functions from the
folded model (flashrun.view.model) to SVG text. No plotting package and no I/O; every
piece of text that came from a run goes through :func:`esc`.

Timeline rows are drawn in seconds since the run started (``viewBox="0 0 T 1"`` with
``preserveAspectRatio="none"``), so the page's script only changes ``T`` as time goes by
and stretches running bars; markers are lines with ``non-scaling-stroke`` so the stretch
does not distort them.
"""
from __future__ import annotations

import html
import math
from typing import Any, Dict, List, Optional, Sequence, Tuple

from flashrun.view.model import Period, TrialView

__all__ = ["esc", "COLOURS", "timeline_row", "line_plot", "scatter_plot", "number"]

COLOURS = {"running": "#2b7bb9", "succeeded": "#2e9d4a", "restarted": "#e0a020",
           "failed": "#d2342c", "frozen": "#7a1fa2", "cancelled": "#888888",
           "exited": "#b0b0b0", "paused": "#f4d58d", "frozen-period": "#d9b8e8"}
SERIES = ("#2b7bb9", "#d2342c", "#2e9d4a", "#e0a020", "#7a1fa2", "#17a2b8", "#8c564b",
          "#e377c2", "#555555", "#bcbd22")


def esc(value: Any) -> str:
    """HTML/XML-escaped text (quotes too): safe in element text and attribute values."""
    return html.escape("" if value is None else str(value), quote=True)


def number(v: Any) -> Optional[float]:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    v = float(v)
    return v if math.isfinite(v) else None


def _fmt(v: float) -> str:
    return "%.6g" % v


# ----------------------------------------------------------------------- timeline

def timeline_row(t: TrialView, origin: float, span: float, now: float,
                 periods: Sequence[Period]) -> str:
    """One trial's ``<svg>``: a bar per attempt coloured by outcome, a red tick at each
    failure, a dashed line at each restart, shaded freeze/pause periods."""
    parts = ['<svg class="tlbar" viewBox="0 0 %s 1" preserveAspectRatio="none" '
             'role="img" aria-label="attempts of %s">' % (_fmt(max(span, 1e-3)), esc(t.id))]
    for p in periods:
        if p.trial is not None and p.trial != t.id:
            continue
        start = p.start - origin
        end = (p.end if p.end is not None else now) - origin
        parts.append('<rect class="period %s" x="%s" y="0" width="%s" height="1" fill="%s">'
                     '<title>%s%s</title></rect>' % (
                         esc(p.kind), _fmt(start), _fmt(max(end - start, 0.0)),
                         COLOURS["paused" if p.kind == "paused" else "frozen-period"],
                         esc(p.kind), ": " + esc(p.reason) if p.reason else ""))
    for a in sorted(t.attempts.values(), key=lambda a: a.n):
        if a.n < 0 or a.started is None:
            continue
        start = a.started - origin
        live = a.outcome == "running"
        end = (now if live or a.ended is None else a.ended) - origin
        tip = "attempt %d: %s" % (a.n, a.outcome)
        if a.returncode is not None:
            tip += " (exit %d%s)" % (a.returncode, ", hung" if a.hung else "")
        if a.decision is not None and a.decision.failure_class:
            tip += " %s → %s" % (a.decision.failure_class, a.decision.action or "?")
        parts.append('<rect class="attempt %s%s" data-attempt="%d" data-x="%s" x="%s" y="0.15" '
                     'width="%s" height="0.7" fill="%s"><title>%s</title></rect>' % (
                         esc(a.outcome), " live" if live else "", a.n, _fmt(start),
                         _fmt(start), _fmt(max(end - start, 0.0)), COLOURS.get(a.outcome, "#999"),
                         esc(tip)))
        if a.outcome in ("restarted", "failed", "frozen", "exited") and a.ended is not None:
            parts.append('<line class="fail-mark" x1="%s" x2="%s" y1="0" y2="1" stroke="#a00" '
                         'stroke-width="3" vector-effect="non-scaling-stroke"/>'
                         % (_fmt(a.ended - origin), _fmt(a.ended - origin)))
        if a.n > 0:
            parts.append('<line class="restart-mark" x1="%s" x2="%s" y1="0" y2="1" '
                         'stroke="#333" stroke-width="2" stroke-dasharray="0.15 0.1" '
                         'vector-effect="non-scaling-stroke"/>' % (_fmt(start), _fmt(start)))
    parts.append("</svg>")
    return "".join(parts)


# ----------------------------------------------------------------------- charts

W, H, PAD_L, PAD_R, PAD_T, PAD_B = 420, 220, 52, 12, 22, 34


def _ticks(lo: float, hi: float, n: int = 4) -> List[float]:
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=raw)
    first = math.ceil(lo / step) * step
    out, v = [], first
    while v <= hi + step * 1e-9 and len(out) < 12:
        out.append(round(v, 12))
        v += step
    return out


def _frame(title: str, xlab: str, ylab: str, xr: Tuple[float, float],
           yr: Tuple[float, float], css: str,
           xcats: Optional[List[str]] = None) -> Tuple[List[str], Any, Any]:
    (x0, x1), (y0, y1) = xr, yr
    if x1 <= x0:
        x0, x1 = x0 - 1, x1 + 1
    if y1 <= y0:
        y0, y1 = y0 - abs(y0) * 0.1 - 1e-9, y1 + abs(y1) * 0.1 + 1e-9
    if xcats is None:  # a margin, so no point sits on the frame
        x0, x1 = x0 - (x1 - x0) * 0.05, x1 + (x1 - x0) * 0.05
    y0, y1 = y0 - (y1 - y0) * 0.06, y1 + (y1 - y0) * 0.06

    def sx(v):
        return PAD_L + (v - x0) / (x1 - x0) * (W - PAD_L - PAD_R)

    def sy(v):
        return H - PAD_B - (v - y0) / (y1 - y0) * (H - PAD_T - PAD_B)

    out = ['<svg class="plot %s" viewBox="0 0 %d %d" width="%d" height="%d" role="img" '
           'aria-label="%s">' % (esc(css), W, H, W, H, esc(title)),
           '<text x="%d" y="14" class="ptitle">%s</text>' % (PAD_L, esc(title)),
           '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#ccc"/>' % (
               PAD_L, PAD_T, W - PAD_L - PAD_R, H - PAD_T - PAD_B)]
    xticks = [(float(i), c[:14]) for i, c in enumerate(xcats[:20])] if xcats is not None \
        else [(v, "%.4g" % v) for v in _ticks(x0, x1)]
    for v, label in xticks:
        out.append('<text x="%.1f" y="%d" class="tick" text-anchor="middle">%s</text>'
                   % (sx(v), H - PAD_B + 13, esc(label)))
    for v in _ticks(y0, y1):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>'
                   '<text x="%d" y="%.1f" class="tick" text-anchor="end">%s</text>'
                   % (PAD_L, W - PAD_R, sy(v), sy(v), PAD_L - 4, sy(v) + 4, esc("%.4g" % v)))
    out.append('<text x="%d" y="%d" class="axis" text-anchor="middle">%s</text>'
               % ((W + PAD_L) // 2, H - 4, esc(xlab)))
    out.append('<text x="12" y="%d" class="axis" text-anchor="middle" '
               'transform="rotate(-90 12 %d)">%s</text>' % (H // 2, H // 2, esc(ylab)))
    return out, sx, sy


def _runs(points: List[Tuple[float, float]]) -> List[List[Tuple[float, float]]]:
    """*points* cut wherever x goes back (an attempt resumed from an earlier step)."""
    runs: List[List[Tuple[float, float]]] = []
    for p in points:
        if not runs or p[0] < runs[-1][-1][0]:
            runs.append([])
        runs[-1].append(p)
    return runs


def line_plot(title: str, series: Dict[str, List[Tuple[float, float]]], xlab: str = "step",
              ylab: str = "", css: str = "metrics") -> str:
    """One polyline per named series of (x, y) points; a legend when more than one."""
    pts = [p for s in series.values() for p in s]
    if not pts:
        return ""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    out, sx, sy = _frame(title, xlab, ylab, (min(xs), max(xs)), (min(ys), max(ys)), css)
    for i, (name, s) in enumerate(series.items()):
        colour = SERIES[i % len(SERIES)]
        for run in _runs(s):  # a restart that goes back in steps starts a new line
            path = " ".join("%.1f,%.1f" % (sx(x), sy(y)) for x, y in run)
            out.append('<polyline class="series" data-name="%s" fill="none" stroke="%s" '
                       'stroke-width="1.5" points="%s"><title>%s</title></polyline>'
                       % (esc(name), colour, path, esc(name)))
            if len(run) == 1:
                out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>'
                           % (sx(run[0][0]), sy(run[0][1]), colour))
        if len(series) > 1 and i < 8:
            out.append('<text x="%d" y="%d" class="legend" fill="%s" text-anchor="end">%s'
                       '</text>' % (W - PAD_R - 4, PAD_T + 12 + 12 * i, colour, esc(name[:28])))
    out.append("</svg>")
    return "".join(out)


def scatter_plot(title: str, points: List[Tuple[Any, float, str]], best: Optional[str],
                 xlab: str, ylab: str) -> str:
    """Objective (y) against one parameter (x); a categorical x axis when the values are
    not numbers. *points* are (x value, y, trial id); the *best* trial is ringed."""
    if not points:
        return ""
    numeric = all(number(p[0]) is not None for p in points)
    if numeric:
        xv = [float(p[0]) for p in points]
        labels = None
    else:
        cats = list(dict.fromkeys(str(p[0]) for p in points))
        xv = [float(cats.index(str(p[0]))) for p in points]
        labels = cats
    ys = [p[1] for p in points]
    lo, hi = min(xv), max(xv)
    if labels is not None:
        lo, hi = -0.5, len(labels) - 0.5
    out, sx, sy = _frame(title, xlab, ylab, (lo, hi), (min(ys), max(ys)), "objective",
                         xcats=labels)
    for (raw, y, tid), x in zip(points, xv):
        is_best = tid == best
        out.append('<circle class="pt%s" data-trial="%s" cx="%.1f" cy="%.1f" r="%d" fill="%s">'
                   '<title>%s: %s=%s → %s</title></circle>' % (
                       " best" if is_best else "", esc(tid), sx(x), sy(y), 6 if is_best else 4,
                       "#d2342c" if is_best else "#2b7bb9", esc(tid), esc(xlab), esc(raw),
                       esc("%.6g" % y)))
        if is_best:
            out.append('<circle cx="%.1f" cy="%.1f" r="10" fill="none" stroke="#d2342c" '
                       'stroke-width="2"/><text x="%.1f" y="%.1f" class="legend">best</text>'
                       % (sx(x), sy(y), sx(x) + 12, sy(y) - 8))
    out.append("</svg>")
    return "".join(out)
