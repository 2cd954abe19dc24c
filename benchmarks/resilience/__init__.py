"""Resilience benchmark: real faults under flashrun and under plain torchrun, side by side.

The package, in the order a run flows through it::

    scenarios  the fault matrix and the expected outcome of each fault (data)
    harness    runs one fault under flashrun or plain torchrun and measures it
    storm      a sweep where half the trials crash once; a correlated storm
    (here)     run_suite: reference run, matrix, storms → one result dict;
               table(): the printed table; write(): benchmarks/results/<host>.json
    __main__   ``python -m benchmarks.resilience [--smoke|--full]``

``benchmarks/bench_resilience.py`` runs the same suite under pytest-benchmark.
Every figure comes from the run that prints it; ``docs/resilience.md`` has the
method and the latest table.
"""
import json
from importlib import metadata
import os
import platform
import socket
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable, Optional

from . import harness, storm
from .harness import Settings
from .scenarios import SCENARIOS

RESULTS = Path(__file__).resolve().parents[1] / "results"

SMOKE = Settings(mode="smoke", scenarios=tuple(s.key for s in SCENARIOS if s.smoke),
                 torchrun=False, storm_trials=4,
                 storm_concurrency=2, storm_baseline=False, correlated_trials=3,
                 correlated_concurrency=3, correlated_counterfactual=False)
FULL = Settings(mode="full")


def run_suite(st: Settings, work: Optional[Path] = None,
              say: Callable[[str], None] = print) -> dict:
    """Run everything *st* selects under *work* (a fresh temp dir by default); the results."""
    import flashrun
    from flashrun import scan

    work = Path(work) if work is not None else Path(tempfile.mkdtemp(prefix="resilience-"))
    started = time.time()
    skips = []
    chosen = [s for s in SCENARIOS if not st.scenarios or s.key in st.scenarios]
    for s in SCENARIOS:
        if s not in chosen:
            skips.append({"what": "fault %s (%s)" % (s.key, s.fault),
                          "reason": "%s mode runs only %s" % (st.mode, ", ".join(st.scenarios))})
    if not st.torchrun:
        skips.append({"what": "the plain-torchrun comparator (every fault)",
                      "reason": "%s mode runs flashrun only to stay in the time budget" % st.mode})
    say("resilience benchmark (%s): work dir %s" % (st.mode, work))
    ref = harness.reference(st, work / "reference")
    say("  reference (uninterrupted): %.1fs, weights %s…" % (ref["wall_s"],
                                                             ref["weights_sha256"][:12]))
    matrix, matrix_tr = [], []
    for sc in chosen:
        rec = harness.run_flashrun(sc, st, work / "flashrun" / sc.key, ref["weights_sha256"])
        matrix.append(rec)
        say("  flashrun  %-18s %s  (%s)" % (sc.key, "ok   " if rec["correct"] else "WRONG",
                                           rec["observed"]))
        if st.torchrun:
            rec = harness.run_torchrun(sc, st, work / "torchrun" / sc.key, ref["weights_sha256"])
            matrix_tr.append(rec)
            say("  torchrun  %-18s %s  (%s)" % (sc.key, "ok   " if rec["correct"] else "wrong",
                                               rec["observed"]))
    crash = storm.crash_storm(st, work / "storms", skips)
    say("  crash storm: %d/%d completed, goodput %s, %d interventions"
        % (crash["completed"], crash["trials"], crash["goodput"], crash["manual_interventions"]))
    corr = storm.correlated_storm(st, work / "storms", skips)
    say("  correlated storm: frozen=%s, %d restarts (avoided: %s)"
        % (corr["automation_frozen"], corr["restarts"], corr["restarts_avoided"]))
    for skip in skips:
        say("  skip: %s: %s" % (skip["what"], skip["reason"]))
    return {
        "host": socket.gethostname(), "mode": st.mode,
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(started)),
        "duration_s": round(time.time() - started, 1),
        "environment": {"python": platform.python_version(), "torch": metadata.version("torch"),
                        "flashrun": flashrun.__version__,
                        "scanner": scan.IMPLEMENTATION, "cpus": os.cpu_count(),
                        "platform": platform.platform()},
        "settings": st.as_dict(), "work_dir": str(work), "reference": ref,
        "fault_matrix": matrix, "fault_matrix_torchrun": matrix_tr,
        "crash_storm": crash, "correlated_storm": corr, "skips": skips,
    }


def _s(x, fmt="%.1f"):
    return "–" if x is None else fmt % x


def table(res: dict) -> str:
    """The results as one Markdown table plus the storm lines (what the README shows)."""
    st = res["settings"]
    lines = [
        "flashrun resilience benchmark (%s, %s, %d CPUs, torch %s): hang_timeout %gs, "
        "grace %gs, fatal_grace %gs, max_restarts %d; plain torchrun capped at %gs"
        % (res["mode"], res["host"], res["environment"]["cpus"], res["environment"]["torch"],
           st["hang_timeout"], st["grace"], st["fatal_grace"], st["max_restarts"],
           st["torchrun_cap_s"]), "",
        "| fault | launcher | expected | observed | right? | detect s | recover s "
        "| steps kept / redone |",
        "|---|---|---|---|---|---|---|---|",
    ]
    torch_by = {r["key"]: r for r in res["fault_matrix_torchrun"]}
    for rec in res["fault_matrix"]:
        for r in (rec, torch_by.get(rec["key"])):
            if r is None:
                continue
            kept = "–" if r["steps_preserved"] is None else "%d / %d" % (
                r["steps_preserved"], r["steps_recomputed"])
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                r["fault"] if r is rec else "″", r["launcher"], r["expected"], r["observed"],
                "yes" if r["correct"] else "**no**: " + "; ".join(r["mismatches"]),
                _s(r["detect_s"]), _s(r["recover_s"]), kept))
    c, k = res["crash_storm"], res["correlated_storm"]
    lines += ["",
              "Crash storm (%d trials, %d crash once, concurrency %d): %d/%d completed, goodput "
              "%s (%d useful / %d executed steps), wall %.1fs vs %s without crashes (%s), "
              "%d manual interventions, %d/%d crashed trials bit-exact with their twin; "
              "closest %d failures %ss apart (incident window %gs)%s"
              % (c["trials"], c["crashing_trials"], c["concurrency"], c["completed"],
                 c["trials"], _s(c["goodput"], "%.3f"), c["useful_steps"], c["executed_steps"],
                 c["wall_s"], _s(c["baseline_wall_s"], "%.1fs"), _s(c["wall_ratio"], "%.2f×"),
                 c["manual_interventions"], c["crashed_twins_bit_exact"], c["crashing_trials"],
                 st["incident_threshold"], _s(c["closest_incident_span_s"], "%.1f"),
                 st["incident_window_s"], "" if c["correct"] else
                 " — WRONG: " + "; ".join(c["mismatches"])),
              "Correlated storm (%d trials failing on every attempt, concurrency %d): automation "
              "frozen %s (first %d failures within %ss), %d restarts vs %s with the incident "
              "rule off (%s avoided), %d trials never launched%s"
              % (k["trials"], k["concurrency"], "yes" if k["automation_frozen"] else "NO",
                 st["incident_threshold"], _s(k["first_incident_span_s"], "%.1f"), k["restarts"],
                 _s(k["counterfactual_restarts"], "%d"), _s(k["restarts_avoided"], "%d"),
                 k["trials_never_launched"], "" if k["correct"] else
                 " — WRONG: " + "; ".join(k["mismatches"]))]
    for skip in res["skips"]:
        lines.append("Skipped: %s: %s" % (skip["what"], skip["reason"]))
    lines.append("Run took %.0fs." % res["duration_s"])
    return "\n".join(lines)


def write(res: dict, path: Optional[Path] = None) -> Path:
    """Write *res* as JSON (default ``benchmarks/results/<host>[-smoke].json``), atomically."""
    if path is None:
        suffix = "" if res["mode"] == "full" else "-" + res["mode"]
        path = RESULTS / ("%s%s.json" % (res["host"], suffix))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(res, indent=1, sort_keys=False) + "\n")
    os.replace(tmp, path)
    return path


def smoke(**changes) -> Settings:
    return replace(SMOKE, **changes)
