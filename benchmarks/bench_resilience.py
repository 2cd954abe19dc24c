"""Resilience under real faults: flashrun against plain ``torchrun --max-restarts 3``.

Comparator: plain torchrun running the same 2-rank gloo job with the same fault
(``benchmarks/resilience``; method and latest table in ``docs/resilience.md``).
What is compared is what each launcher *did* with the fault (right or wrong
against the outcome fixed in ``benchmarks/resilience/scenarios.py``), how long
it took to decide and to be training again, how many steps survived, and
whether the final weights equal an uninterrupted run; then a sweep where half
the trials crash once and a correlated storm.

* Normal test run (``--benchmark-disable``, CI): the reduced smoke — three
  faults under flashrun only (a fail-fast, a restart from outside, a death
  notice followed by a hang) and tiny storms; about a minute on 2 cores. It
  asserts the structure of the results and that every observed outcome equals
  the expected one, never a timing.
* ``--benchmark-enable``: the whole suite once (every fault under both
  launchers, both storms with their comparators), several minutes; the ratios
  measured in that run land in ``extra_info``. ``python -m benchmarks.resilience``
  does the same and prints the table.
"""
import pytest

from benchmarks.resilience import FULL, SMOKE, run_suite, table
from benchmarks.resilience.scenarios import SCENARIOS

FAULT_KEYS = {"fault", "expected", "observed", "correct", "detect_s", "recover_s", "attempts",
              "steps_preserved", "steps_recomputed", "bit_exact", "launcher", "where"}


def _ratios(res):
    """Comparator figures from the same run (``None`` where that part was skipped)."""
    fl, tr = res["fault_matrix"], res["fault_matrix_torchrun"]
    out = {"flashrun_right": sum(r["correct"] for r in fl), "faults": len(fl),
           "goodput": res["crash_storm"]["goodput"],
           "storm_wall_ratio": res["crash_storm"]["wall_ratio"],
           "restarts_avoided": res["correlated_storm"]["restarts_avoided"]}
    if tr:
        out["torchrun_right"] = sum(r["correct"] for r in tr)
        out["torchrun_wasted_attempts"] = sum(
            (t["attempts"] or 0) - (f["attempts"] or 0) for f, t in zip(fl, tr))
    return out


@pytest.mark.slow
def test_resilience(benchmark, tmp_path):
    st = FULL if benchmark.enabled else SMOKE
    res = benchmark.pedantic(run_suite, args=(st, tmp_path), kwargs={"say": lambda line: None},
                             rounds=1, iterations=1)
    benchmark.extra_info.update(_ratios(res))
    report = table(res)
    print(report)

    assert res["mode"] == st.mode and res["reference"]["weights_sha256"]
    assert len(res["fault_matrix"]) == len(st.scenarios or SCENARIOS)
    assert len(res["fault_matrix_torchrun"]) == (len(res["fault_matrix"]) if st.torchrun else 0)
    for rec in res["fault_matrix"] + res["fault_matrix_torchrun"]:
        assert FAULT_KEYS <= set(rec), sorted(FAULT_KEYS - set(rec))
    assert all(s["what"] and s["reason"] for s in res["skips"])
    wrong = ["%s: %s (%s)" % (r["key"], "; ".join(r["mismatches"]), r["where"])
             for r in res["fault_matrix"] if not r["correct"]]
    assert not wrong, "flashrun did not do what the scenario expects:\n" + "\n".join(wrong)
    for rec in res["fault_matrix"]:
        assert rec["detect_s"] is not None and rec["detect_s"] >= 0, rec
        if rec["state"] == "succeeded":
            assert rec["recover_s"] is not None and rec["recover_s"] > rec["detect_s"], rec
    for name in ("crash_storm", "correlated_storm"):
        part = res[name]
        assert part["correct"], "%s: %s (%s)" % (name, part["mismatches"], part["where"])
    assert res["crash_storm"]["manual_interventions"] == 0
    assert res["correlated_storm"]["automation_frozen"]
