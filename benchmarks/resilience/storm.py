"""Crash storms: a sweep where half the trials crash once, and a correlated storm.

Where it sits in the resilience benchmark::

    scenarios → harness → [storm] → report (benchmarks/resilience/__init__.py) → __main__

Both storms are ``flashrun.sweep`` runs of ``examples/train_ddp.py`` as plain
one-process trials (``independent_tasks``: one retry touches one trial), with
the same incident rule (``incident_threshold`` failures of distinct trials
within ``incident_window_s``). Trials here last seconds, not hours, so the
window is scaled down from the 60 s default with them; both storms report how
close their failures actually came, so the margin on either side is measured.

* **Independent crashes.** Trials come in twins (same seed); one of each pair
  crashes once mid-run (SIGKILL, ``SystemExit(3)``, a kill inside the
  checkpoint write, a corrupted checkpoint, in turn). Expected: every trial
  completes, no intervention, each crashed twin ends bit-exact with its clean
  twin. Measured: goodput (useful steps / executed steps), wall time against
  the same sweep with no crashes.
* **Correlated storm.** Every trial is SIGKILLed at step 2 on every attempt (a
  shared cause no restart fixes). Expected: automation freezes; nothing is
  restarted into the incident. Measured: restarts made, against the same sweep
  with the incident rule switched off (the restarts it avoided).
"""
import time
from pathlib import Path
from typing import Dict, List, Optional

import flashrun
from flashrun.record.events import EventType, read_events
from flashrun.policy.budget import Backoff

from .harness import TRAIN, Settings, child_env, steps_in

# (why) what the storms must show; judged in ``crash_storm``/``correlated_storm``.
EXPECT_INDEPENDENT = ("every trial completes with zero manual interventions and each crashed "
                      "trial ends bit-exact with its clean twin: independent crashes are not an "
                      "incident")
EXPECT_CORRELATED = ("automation freezes and makes fewer restarts than a launcher without the "
                     "incident rule: restarting into a shared cause only spreads it")

CRASHES = (
    ["--crash-at", "15", "--crash-mode", "sigkill"],
    ["--crash-at", "15", "--crash-mode", "exit"],
    ["--crash-at", "15", "--crash-mode", "kill_in_ckpt_write"],
    ["--crash-at", "25", "--crash-mode", "corrupt_ckpt"],
)
SHARED_CAUSE = ["--crash-at", "2", "--crash-mode", "sigkill", "--crash-attempt", "-1"]


def _command(st: Settings) -> List[str]:
    return ["python", str(TRAIN), "--steps", str(st.steps), "--ckpt-every", str(st.ckpt_every),
            "--step-sleep", str(st.step_sleep), "--seed", "{seed}", "{fault}"]


def _sweep(name: str, trials: List[dict], st: Settings, run_dir: Path, concurrency: int,
           threshold: Optional[int] = None) -> dict:
    """Run one sweep; rows, events, executed steps per trial, wall time."""
    t0 = time.time()
    rows = flashrun.sweep(
        name=name, command=_command(st), trials=trials, concurrency=concurrency,
        max_restarts=st.max_restarts, hang_timeout=st.hang_timeout,
        env={"OMP_NUM_THREADS": "1", "PYTHONPATH": child_env()["PYTHONPATH"],
             "STORM_TWIN": "{twin}"},
        run_dir=run_dir, view=None, backoff=Backoff(restart_base=st.restart_backoff_s),
        incident_threshold=threshold or st.incident_threshold,
        incident_window_s=st.incident_window_s, grace=st.grace,
        fatal_grace=st.fatal_grace).run()
    wall = time.time() - t0
    evs = read_events(run_dir / "events.jsonl")
    executed = {}
    for row in rows:
        executed[row["trial"]] = sum(len(steps_in(p / "stdout.log"))
                                     for p in (run_dir / "trials" / row["trial"]).glob("attempt-*"))
    return {"rows": rows, "events": evs, "executed": executed, "wall_s": wall}


def _closest(evs, k: int) -> Optional[float]:
    """Shortest span holding failures of k distinct trials (None: fewer than k trials failed)."""
    fails = sorted((e.ts, e.trial) for e in evs if e.type == EventType.FAILURE_CLASSIFIED)
    best = None
    for i in range(len(fails)):
        seen = set()
        for ts, trial in fails[i:]:
            seen.add(trial)
            if len(seen) >= k:
                span = ts - fails[i][0]
                best = span if best is None or span < best else best
                break
    return None if best is None else round(best, 2)


def _count(evs, kind, pred=lambda e: True) -> int:
    return sum(1 for e in evs if e.type == kind and pred(e))


def crash_storm(st: Settings, work: Path, skips: List[dict]) -> dict:
    """Half the trials crash once mid-run; the same sweep without crashes is the comparator."""
    pairs = st.storm_trials // 2
    crashing = [{"seed": i, "twin": 1, "fault": CRASHES[i % len(CRASHES)]} for i in range(pairs)]
    trials = [t for i in range(pairs) for t in ({"seed": i, "twin": 0, "fault": []},
                                                crashing[i])]
    got = _sweep("storm", trials, st, work / "storm", st.storm_concurrency)
    rows, evs = got["rows"], got["events"]
    by = {(r["params"]["seed"], r["params"]["twin"]): r for r in rows}
    useful = sum(r["metrics"].get("steps", 0) for r in rows if r["state"] == "succeeded")
    executed = sum(got["executed"].values())
    frozen = _count(evs, EventType.AUTOMATION_FROZEN)
    completed = sum(1 for r in rows if r["state"] == "succeeded")
    twins_equal = sum(1 for i in range(pairs)
                      if by[(i, 1)]["state"] == by[(i, 0)]["state"] == "succeeded"
                      and by[(i, 1)]["metrics"].get("weights_sha256")
                      == by[(i, 0)]["metrics"].get("weights_sha256"))
    out = {
        "trials": len(rows), "crashing_trials": pairs, "completed": completed,
        "restarts": _count(evs, EventType.LAUNCH_STARTED, lambda e: (e.attempt or 0) > 0),
        "manual_interventions": (len(rows) - completed) + frozen, "automation_frozen": frozen,
        "useful_steps": useful, "executed_steps": executed,
        "goodput": round(useful / executed, 4) if executed else None,
        "crashed_twins_bit_exact": twins_equal, "wall_s": round(got["wall_s"], 2),
        "closest_incident_span_s": _closest(evs, st.incident_threshold),
        "concurrency": st.storm_concurrency, "where": str(work / "storm"),
        "failure_classes": sorted({r["failure_class"] for r in rows if r["failure_class"]}),
        "expected": EXPECT_INDEPENDENT,
    }
    if st.storm_baseline:
        clean = _sweep("storm-clean", [dict(t, fault=[]) for t in trials], st,
                       work / "storm-clean", st.storm_concurrency)
        out["baseline_wall_s"] = round(clean["wall_s"], 2)
        out["wall_ratio"] = round(got["wall_s"] / clean["wall_s"], 3)
        out["baseline_completed"] = sum(1 for r in clean["rows"] if r["state"] == "succeeded")
    else:
        out["baseline_wall_s"] = out["wall_ratio"] = None
        skips.append({"what": "crash storm: the no-crash baseline sweep",
                      "reason": "%s mode skips it to stay in the time budget (wall ratio not "
                                "measured)" % st.mode})
    wrong = []
    if completed != len(rows):
        wrong.append("%d of %d trials did not complete" % (len(rows) - completed, len(rows)))
    if out["manual_interventions"]:
        wrong.append("%d manual interventions needed" % out["manual_interventions"])
    if twins_equal != pairs:
        wrong.append("%d of %d crashed trials differ from their clean twin"
                     % (pairs - twins_equal, pairs))
    out["mismatches"], out["correct"] = wrong, not wrong
    return out


def correlated_storm(st: Settings, work: Path, skips: List[dict]) -> dict:
    """Every trial fails on every attempt within seconds: flashrun must freeze."""
    n = st.correlated_trials
    trials = [{"seed": i, "twin": 0, "fault": SHARED_CAUSE} for i in range(n)]
    got = _sweep("correlated", trials, st, work / "correlated", st.correlated_concurrency)
    evs = got["events"]
    restarts = _count(evs, EventType.LAUNCH_STARTED, lambda e: (e.attempt or 0) > 0)
    launched = len({e.trial for e in evs if e.type == EventType.LAUNCH_STARTED})
    frozen = _count(evs, EventType.AUTOMATION_FROZEN)
    states: Dict[str, int] = {}
    for r in got["rows"]:
        states[r["state"]] = states.get(r["state"], 0) + 1
    out = {
        "trials": n, "concurrency": st.correlated_concurrency, "automation_frozen": frozen > 0,
        "restarts": restarts, "trials_launched": launched, "trials_never_launched": n - launched,
        "states": states, "first_incident_span_s": _closest(evs, st.incident_threshold),
        "wall_s": round(got["wall_s"], 2), "where": str(work / "correlated"),
        "expected": EXPECT_CORRELATED,
    }
    if st.correlated_counterfactual:
        off = _sweep("correlated-no-freeze", trials, st, work / "correlated-no-freeze",
                     st.correlated_concurrency, threshold=n + 1)
        cf = _count(off["events"], EventType.LAUNCH_STARTED, lambda e: (e.attempt or 0) > 0)
        out.update(counterfactual_restarts=cf, restarts_avoided=cf - restarts,
                   counterfactual_wall_s=round(off["wall_s"], 2))
    else:
        out.update(counterfactual_restarts=None, restarts_avoided=None,
                   counterfactual_wall_s=None)
        skips.append({"what": "correlated storm: the same sweep without the incident rule",
                      "reason": "%s mode skips it to stay in the time budget (restarts avoided "
                                "not measured)" % st.mode})
    wrong = []
    if not frozen:
        wrong.append("automation did not freeze")
    if states.get("succeeded"):
        wrong.append("%d trials succeeded through a shared fault" % states["succeeded"])
    if out["restarts_avoided"] is not None and out["restarts_avoided"] <= 0:
        wrong.append("no restarts avoided")
    out["mismatches"], out["correct"] = wrong, not wrong
    return out
