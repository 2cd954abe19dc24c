"""Facts the HTML needs about a run, and how they are written: shared by page and detail.

The view layer of docs/architecture.md, pure (no I/O): where links point (:class:`Links`),
element ids, a trial's latest metrics and the best trial, metric series over steps, and the
small text formatters (durations, values, log text with ANSI and control bytes removed).
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from flashrun.view.model import AttemptView, TrialView
from flashrun.view.rundata import RunData
from flashrun.view.svg import number
from flashrun.view.terminal import duration

__all__ = ["Links", "dom_id", "text", "val", "alive", "origin", "end", "metrics",
           "objective_value", "best_trial_id", "series", "metric_names", "log_lines", "MAX_SERIES"]

_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
_CTRL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_STEP_KEYS = ("step", "global_step", "iteration", "iter", "epoch")
MAX_SERIES = 10   # trials drawn in a sweep-wide metrics plot (the best one always among them)
class Links:
    """Where the page's links go. ``trial(id)`` and ``file(path relative to the run dir)``."""

    def __init__(self, trial: Callable[[str], str], file: Callable[[str], str]) -> None:
        self.trial, self.file = trial, file

    @classmethod
    def anchors(cls, file: Callable[[str], str]) -> "Links":
        return cls(lambda tid: "#" + dom_id("trial", tid), file)


def dom_id(prefix: str, tid: str) -> str:
    return "%s-%s" % (prefix, re.sub(r"\s", "_", tid))


def text(s: Any) -> str:
    return _CTRL.sub(" ", _ANSI.sub("", "" if s is None else str(s)))




def val(v: Any) -> str:
    if isinstance(v, float):
        return "%.4g" % v
    if isinstance(v, (list, tuple, dict)):
        return json.dumps(v, default=str)
    return str(v)


# ----------------------------------------------------------------------- facts

def alive(data: RunData) -> bool:
    return data.supervisor[0] == "alive"


def origin(data: RunData) -> float:
    m = data.model
    return m.first_ts if m.first_ts is not None else (data.now or 0.0)


def end(data: RunData) -> float:
    last = data.model.last_ts or origin(data)
    return max(data.now or last, last) if alive(data) else last


def last_attempt(t: TrialView) -> Optional[AttemptView]:
    real = [a for a in t.attempts.values() if a.n >= 0]
    return max(real, key=lambda a: a.n) if real else None


def metrics(t: TrialView) -> Dict[str, Any]:
    """Latest metrics: the newest attempt that reported any."""
    for a in sorted(t.attempts.values(), key=lambda a: -a.n):
        if a.metrics:
            return dict(a.metrics)
        if a.series:
            return dict(a.series[-1])
    return {}


def objective_value(data: RunData, t: TrialView) -> Optional[float]:
    if data.objective is None:
        return None
    return number(metrics(t).get(data.objective[0]))


def best_trial_id(data: RunData) -> Optional[str]:
    """The succeeded trial with the best objective (ties: the earlier one)."""
    if data.objective is None:
        return None
    best, best_v = None, None
    for t in data.model.trials.values():
        st = data.state.trials.get(t.id)
        if st is None or st.state.value != "succeeded":
            continue
        v = objective_value(data, t)
        if v is None:
            continue
        if best_v is None or (v < best_v if data.objective[1] == "min" else v > best_v):
            best, best_v = t.id, v
    return best


# ----------------------------------------------------------------------- header

def series(a_list: Iterable[AttemptView], name: str) -> List[Tuple[float, float]]:
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


def metric_names(trials: Iterable[TrialView]) -> List[str]:
    names: Dict[str, None] = {}
    for t in trials:
        for a in t.attempts.values():
            for obj in a.series:
                for k, v in obj.items():
                    if k not in _STEP_KEYS and number(v) is not None:
                        names[k] = None
    return list(names)


def log_lines(text: str) -> List[str]:
    """*text* as display lines: a ``\\r`` redraw keeps its last state, ANSI and control
    bytes go, tabs become spaces, trailing blank lines are dropped."""
    out = []
    for raw in text.split("\n"):
        raw = raw.rsplit("\r", 1)[-1] if "\r" in raw.rstrip("\r") else raw.rstrip("\r")
        out.append(_CTRL.sub(" ", _ANSI.sub("", raw)).replace("\t", "    "))
    while out and not out[-1].strip():
        out.pop()
    return out
