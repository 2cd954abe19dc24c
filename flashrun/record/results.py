"""Sweep results: per-trial metrics, ``results.json``/``results.csv``, the best trial, a summary.

Sits after the runner in the data flow (docs/architecture.md): once trials have finished, the runner
hands this module the :class:`~flashrun.spec.SweepSpec`, the final
:class:`~flashrun.state.RunState`, and each trial's metrics (from
:func:`collect_metrics`); nothing here launches or watches anything.

A trial reports metrics either by writing ``metrics.json`` (a JSON object) into its
attempt directory or by printing one line ``FLASHRUN_METRICS {...}``; the last such line
of ``stdout.log`` wins. Row fields: ``trial``, ``params``, ``state``, ``attempts``,
``failure_class``, ``reason``, ``metrics``, ``duration_s``, ``exit_code``. In
``results.csv`` parameters and metrics are flattened to ``params.<name>`` and
``metrics.<name>`` columns (nested metrics joined with dots), the same names
``pandas.json_normalize`` would give.
"""
from __future__ import annotations

import csv
import io
import json
import logging
import math
import os
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from flashrun.record.atomic import write_atomic
from flashrun.redaction import redact

__all__ = ["METRICS_MARKER", "collect_metrics", "read_metrics_line", "read_metrics_series",
           "parse_metrics_line",
           "build_rows",
           "write_results", "best_trial", "summary_lines", "as_dataframe", "columns", "flatten"]

logger = logging.getLogger(__name__)

METRICS_MARKER = b"FLASHRUN_METRICS"
BLOCK = 1 << 16
MAX_SCAN = 64 << 20   # read at most the last 64 MiB of a log looking for the marker
MAX_LINE = 4 << 20    # a metrics line longer than this is ignored
FIXED = ("trial", "state", "attempts", "duration_s", "exit_code", "failure_class", "reason")
PathLike = Union[str, "os.PathLike[str]"]


# ----------------------------------------------------------------------- metrics

def _parse_line(line: bytes, path: Any) -> Optional[dict]:
    """The JSON object after the marker on *line*, or None (bad JSON: a warning)."""
    segments = [seg for seg in line.rstrip(b"\r\n").split(b"\r") if METRICS_MARKER in seg]
    if not segments:
        return None
    line = segments[-1]  # a \r redraw shows only its last segment
    at = line.find(METRICS_MARKER)
    before, after = line[:at], line[at + len(METRICS_MARKER):]
    if before.strip() and not before.rstrip().endswith((b":", b"]", b">")):
        return None  # the marker in prose, not a report (a launcher prefix is fine)
    if not after[:1].isspace():
        return None
    text = after.strip().decode("utf-8", "replace")
    try:
        obj = json.loads(text)
    except ValueError as exc:
        logger.warning("%s: ignoring a FLASHRUN_METRICS line that is not valid JSON (%s): %.200s",
                       path, exc, text)
        return None
    if not isinstance(obj, dict):
        logger.warning("%s: ignoring a FLASHRUN_METRICS line that is not a JSON object", path)
        return None
    return obj


def read_metrics_line(path: PathLike, *, max_scan_bytes: int = MAX_SCAN) -> Optional[dict]:
    """The last valid ``FLASHRUN_METRICS {json}`` object in the file at *path*, or None.

    Reads backwards in 64 KiB blocks from the end (at most *max_scan_bytes*), so a large
    log costs only its tail. A line whose JSON is broken is skipped with a warning and the
    search goes on to the line before it. ``\\r`` and launcher prefixes such as
    ``[rank0]:`` are tolerated."""
    with open(path, "rb") as f:
        pos = f.seek(0, os.SEEK_END)
        carry = b""  # the (possibly partial) first line of the block read before
        scanned = 0
        while pos > 0 and scanned < max_scan_bytes:
            start = max(0, pos - BLOCK)
            f.seek(start)
            chunk = f.read(pos - start)
            pos, scanned = start, scanned + len(chunk)
            buf = chunk + carry
            if pos > 0:
                nl = buf.find(b"\n")
                if nl < 0:
                    carry = buf if len(buf) <= MAX_LINE else b""
                    continue
                carry, buf = buf[:nl + 1], buf[nl + 1:]
            else:
                carry = b""
            end = len(buf)
            while True:
                at = buf.rfind(METRICS_MARKER, 0, end)
                if at < 0:
                    break
                line_start = buf.rfind(b"\n", 0, at) + 1
                line_end = buf.find(b"\n", at)
                line = buf[line_start:line_end if line_end >= 0 else len(buf)]
                obj = _parse_line(line, path)
                if obj is not None:
                    return obj
                end = line_start
    return None


def parse_metrics_line(line: bytes, path: Any = "<stream>") -> Optional[dict]:
    """The metrics object of one ``FLASHRUN_METRICS {json}`` line, or None (not such a
    line, or bad JSON: a warning). Launcher prefixes and ``\\r`` redraws are tolerated."""
    if METRICS_MARKER not in line or len(line) > MAX_LINE:
        return None
    return _parse_line(line, path)


def read_metrics_series(path: PathLike, *, max_bytes: int = 8 << 20,
                        max_points: int = 2000) -> List[dict]:
    """Every valid ``FLASHRUN_METRICS {json}`` object in the last *max_bytes* of *path*,
    in file order (the plots' metrics over steps). At most the last *max_points* are kept;
    a missing file gives ``[]``."""
    try:
        with open(path, "rb") as f:
            size = f.seek(0, os.SEEK_END)
            start = max(0, size - max_bytes)
            f.seek(start)
            data = f.read()
    except FileNotFoundError:
        return []
    if start:
        data = data[data.find(b"\n") + 1:]  # drop the partial first line
    out: List[dict] = []
    at = data.find(METRICS_MARKER)
    while at >= 0:
        line_start = data.rfind(b"\n", 0, at) + 1
        line_end = data.find(b"\n", at)
        line_end = len(data) if line_end < 0 else line_end
        obj = _parse_line(data[line_start:line_end], path) if line_end - line_start <= MAX_LINE \
            else None
        if obj is not None:
            out.append(obj)
        at = data.find(METRICS_MARKER, line_end)
    return out[-max_points:]


def collect_metrics(attempt_dir: PathLike, stdout_log: Optional[PathLike] = None) -> Optional[dict]:
    """Metrics of one attempt: ``<attempt_dir>/metrics.json`` when it holds a JSON object,
    else the last ``FLASHRUN_METRICS`` line of *stdout_log* (default
    ``<attempt_dir>/stdout.log``); None when neither has any."""
    attempt_dir = Path(attempt_dir)
    path = attempt_dir / "metrics.json"
    if path.is_file():
        try:
            obj = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(obj, dict):
                return obj
            logger.warning("%s: not a JSON object; looking in stdout instead", path)
        except (OSError, ValueError) as exc:
            logger.warning("%s: unreadable (%s); looking in stdout instead", path, exc)
    log = Path(stdout_log) if stdout_log is not None else attempt_dir / "stdout.log"
    try:
        return read_metrics_line(log)
    except FileNotFoundError:
        return None
    except OSError as exc:
        logger.warning("%s: cannot read metrics (%s)", log, exc)
        return None


# -------------------------------------------------------------------------- rows

def _finite(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if v != v else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, Mapping):
        return {str(k): _finite(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_finite(x) for x in v]
    return v


def _shown(trial: Any) -> dict:
    """A trial's parameters with every secret masked (the spec knows which reach a secret flag)."""
    if trial is None:
        return {}
    shown = trial.shown_params() if hasattr(trial, "shown_params") else redact(dict(trial.params))
    return {k: list(v) if isinstance(v, tuple) else v for k, v in shown.items()}


def build_rows(spec: Any, state: Any, metrics_by_trial: Mapping[str, Optional[Mapping]],
               durations: Optional[Mapping[str, float]] = None) -> List[dict]:
    """One row per trial of *spec* (in spec order), then any trial only *state* knows."""
    durations = durations or {}
    spec_trials = {t.trial_id: t for t in spec.trials}
    order = list(spec_trials) + [k for k in state.trials if k not in spec_trials]
    rows = []
    for tid in order:
        ts = state.trials.get(tid)
        st = ts.state.value if ts is not None else "queued"
        dur = durations.get(tid)
        if ts is not None and ts.started_at is not None and (
                dur is None or ts.finished_at is not None):
            # the time flashrun worked on it, every session counted, the stops not
            dur = ts.active_at(ts.finished_at if ts.finished_at is not None
                               else (ts.updated_at or ts.started_at))
        t = spec_trials.get(tid)
        rows.append(_finite({
            "trial": tid,
            "params": _shown(t),
            "state": st,
            "attempts": ts.attempts if ts is not None else 0,
            "failure_class": ts.last_failure if ts is not None and st != "succeeded" else None,
            "reason": ts.reason if ts is not None and st != "succeeded" else None,
            "metrics": dict(metrics_by_trial.get(tid) or {}),
            "duration_s": None if dur is None else round(float(dur), 3),
            "exit_code": ts.exit_code if ts is not None else None,
        }))
    return rows


def flatten(row: Mapping[str, Any]) -> Dict[str, Any]:
    """*row* with ``params``/``metrics`` spread into ``params.x``/``metrics.a.b`` keys."""
    out = {k: row.get(k) for k in FIXED}

    def spread(prefix: str, value: Any) -> None:
        if isinstance(value, Mapping) and value:
            for k, v in value.items():
                spread("%s.%s" % (prefix, k), v)
        else:
            out[prefix] = value

    for group in ("params", "metrics"):
        for k, v in (row.get(group) or {}).items():
            spread("%s.%s" % (group, k), v)
    return out


def columns(rows: Sequence[Mapping[str, Any]]) -> List[str]:
    """Stable column order: fixed fields, parameters in spec order, metrics sorted."""
    flat = [flatten(r) for r in rows]
    params: Dict[str, None] = {}
    metrics = set()
    for f in flat:
        for k in f:
            if k.startswith("params."):
                params[k] = None
            elif k.startswith("metrics."):
                metrics.add(k)
    return list(FIXED) + list(params) + sorted(metrics)


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return v
    if isinstance(v, (int, float)):
        return repr(v)
    return json.dumps(v, sort_keys=True)


def write_results(run_dir: PathLike, spec: Any, state: Any,
                  metrics_by_trial: Mapping[str, Optional[Mapping]],
                  durations: Optional[Mapping[str, float]] = None) -> List[dict]:
    """Write ``results.json`` (a list of rows) and ``results.csv`` into *run_dir*,
    each atomically (temp file + ``os.replace``). Returns the rows."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    rows = build_rows(spec, state, metrics_by_trial, durations)
    write_atomic(run_dir / "results.json",
                  json.dumps(rows, indent=2, ensure_ascii=False, allow_nan=False) + "\n")
    cols = columns(rows)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(cols)
    for r in rows:
        f = flatten(r)
        writer.writerow([_cell(f.get(c)) for c in cols])
    write_atomic(run_dir / "results.csv", buf.getvalue())
    return rows


# ----------------------------------------------------------------------- summary

def _metric(row: Mapping[str, Any], name: str) -> Optional[float]:
    v: Any = row.get("metrics") or {}
    if name in v:
        v = v[name]
    else:  # a dotted name reaches into nested metrics
        for part in name.split("."):
            v = v.get(part) if isinstance(v, Mapping) else None
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        return None
    return float(v)


def _objective(objective: Any) -> Optional[tuple]:
    if objective is None:
        return None
    if isinstance(objective, Mapping):
        return objective["metric"], objective.get("mode", "min")
    return objective.metric, objective.mode


def best_trial(rows: Sequence[Mapping[str, Any]], objective: Any) -> Optional[Mapping[str, Any]]:
    """The succeeded row with the lowest (``min``) or highest (``max``) objective metric.

    Rows without a finite numeric value for the metric are ignored; ties go to the
    earlier row; None when no row qualifies or *objective* is None."""
    obj = _objective(objective)
    if obj is None:
        return None
    name, mode = obj
    best, best_v = None, None
    for r in rows:
        if r.get("state") != "succeeded":
            continue
        v = _metric(r, name)
        if v is None:
            continue
        if best_v is None or (v < best_v if mode == "min" else v > best_v):
            best, best_v = r, v
    return best


def _params_text(row: Mapping[str, Any], keys: Sequence[str]) -> str:
    p = row.get("params") or {}
    return " ".join("%s=%s" % (k, _cell(p[k])) for k in keys if k in p)


def summary_lines(rows: Sequence[Mapping[str, Any]], best: Optional[Mapping[str, Any]],
                  objective: Any) -> List[str]:
    """The end-of-sweep summary: counts, the best trial, and each failed trial with its
    failure class and reason (and trials left unfinished)."""
    counts: Dict[str, int] = {}
    for r in rows:
        counts[r["state"]] = counts.get(r["state"], 0) + 1
    lines = ["%d trial%s: %d succeeded, %d failed, %d cancelled" % (
        len(rows), "" if len(rows) == 1 else "s", counts.get("succeeded", 0),
        counts.get("failed", 0), counts.get("cancelled", 0))]
    keys = list(dict.fromkeys(k for r in rows for k in (r.get("params") or {})))
    varying = [k for k in keys if len({_cell((r.get("params") or {}).get(k)) for r in rows}) > 1]
    obj = _objective(objective)
    if obj is not None:
        name, mode = obj
        if best is not None:
            lines.append("best (%s %s): %s %s=%s%s" % (
                mode, name, best["trial"], name, _cell(_metric(best, name)),
                "  " + _params_text(best, varying) if varying else ""))
        else:
            lines.append("best (%s %s): none (no succeeded trial reported %s)" % (mode, name, name))
    failed = [r for r in rows if r["state"] == "failed"]
    if failed:
        lines.append("failed:")
        for r in failed:
            extra = "attempts %d" % r.get("attempts", 0)
            if r.get("exit_code") is not None:
                extra += ", exit %d" % r["exit_code"]
            reason = " ".join(str(r.get("reason") or "").split())
            lines.append("  %s  %s%s  (%s)" % (r["trial"], r.get("failure_class") or "unknown",
                                                ": " + reason if reason else "", extra))
    left = {s: n for s, n in counts.items() if s not in ("succeeded", "failed", "cancelled")}
    if left:
        lines.append("not finished: %s" % ", ".join("%d %s" % (n, s) for s, n in left.items()))
    return lines


def as_dataframe(rows: Sequence[Mapping[str, Any]]):
    """The rows as a ``pandas.DataFrame`` with the CSV's columns (native values).

    pandas is not a flashrun dependency: raises ImportError saying so when it is absent."""
    try:
        import pandas as pd
    except ImportError as exc:
        raise ImportError("as_dataframe() needs pandas, which flashrun does not install: "
                          "pip install pandas (or read results.csv / results.json)") from exc
    cols = columns(rows)
    return pd.DataFrame([flatten(r) for r in rows], columns=cols)
