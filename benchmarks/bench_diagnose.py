"""Speed of the whole judgement (scan + fold + classify + decide) against named comparators.

All over the same 256 different realistic 64 KiB tails (benchmarks/tails.py, 16 MiB:
more than the CPU's caches), timed back to back in the same run:
  * ``diagnose`` — ``flashrun.diagnose(tail, 1)``: what the supervisor runs per failure;
  * ``scan``     — ``scan_tail`` alone (the C scanner): the per-call Python work on top
                   of it is what ``diagnose`` adds;
  * ``count``    — ``bytes.count(b"\\n")``: one pass at memory speed, the physical limit;
  * ``flashruntime`` — when ``flashruntime==0.3.0`` is installed
    (``pip install --no-deps flashruntime==0.3.0 pydantic``), its
    ``from_local_launch → classify → decide`` path on the same tails decoded beforehand
    (its API takes ``str``); skipped when absent.
The scanner is also timed on a warm 1 MiB set (16 tails, read again and again from
cache) against the count pass. Targets from issue 11: diagnose ≥ 0.8× scan, scan ≥ 0.5×
count on the 16 MiB set and ≥ 0.75× on the warm set, diagnose ≥ 5× flashruntime.
``python -m pytest benchmarks/bench_diagnose.py --benchmark-enable -s`` measures; the
default (disabled) mode runs everything once as a smoke test.
"""
import time

import pytest

import flashrun
from benchmarks.tails import tails
from flashrun.scan import IMPLEMENTATION, scan_tail

COLD = tails(256, seed=4321)   # 16 MiB, every tail different
WARM = COLD[:16]              # 1 MiB, stays in cache between rounds
MB_COLD = sum(len(t) for t in COLD) / 1e6
MB_WARM = sum(len(t) for t in WARM) / 1e6

try:
    from flashruntime.recovery import classify as _fr_classify
    from flashruntime.recovery import decide as _fr_decide
    from flashruntime.recovery.signals import from_local_launch as _fr_signals
except ImportError:  # the optional comparator is not installed
    _fr_signals = None


def diagnose_all(data):
    for t in data:
        flashrun.diagnose(t, 1)


def scan_all(data):
    for t in data:
        scan_tail(t)


def count_all(data):
    for t in data:
        t.count(b"\n")


def flashruntime_all(texts):
    for t in texts:
        _fr_decide(_fr_classify(_fr_signals(1, t)), "coordinated_training")


def _once(fn, data):
    t0 = time.perf_counter()
    fn(data)
    return time.perf_counter() - t0


def _paired(fns, data, rounds):
    """Best time of each function, the functions timed one after another in every round
    (so each sees the same machine load). The order turns by one each round: what runs
    just before a function leaves the caches full of its own state (flashruntime's
    objects, the count pass's bytes), and no function should always follow the same one."""
    best = {name: float("inf") for name in fns}
    names = list(fns)
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            fn, arg = fns[name]
            best[name] = min(best[name], _once(fn, arg if arg is not None else data))
    return best


def test_diagnose_throughput(benchmark):
    benchmark.extra_info["MB_per_round"] = MB_COLD
    benchmark(diagnose_all, COLD)


def test_diagnose_ratios(benchmark):
    """One table of ratios, every figure measured here."""
    rounds = 1 if benchmark.disabled else 7
    fns = {"diagnose": (diagnose_all, None), "scan": (scan_all, None),
           "count": (count_all, None)}
    if _fr_signals is not None:
        texts = [t.decode("utf-8", "replace") for t in COLD]  # decoded beforehand
        fns["flashruntime"] = (flashruntime_all, texts)
    cold = _paired(fns, COLD, rounds)
    warm = _paired({"scan": (scan_all, None), "count": (count_all, None)}, WARM,
                   1 if benchmark.disabled else 41)
    ratios = {"diagnose_vs_scan": cold["scan"] / cold["diagnose"],
              "scan_vs_count_16MiB": cold["count"] / cold["scan"],
              "scan_vs_count_warm_1MiB": warm["count"] / warm["scan"]}
    if "flashruntime" in cold:
        ratios["diagnose_vs_flashruntime"] = cold["flashruntime"] / cold["diagnose"]
    benchmark.extra_info.update({"MB_per_s_" + k: MB_COLD / v for k, v in cold.items()})
    benchmark.extra_info.update({"MB_per_s_warm_" + k: MB_WARM / v for k, v in warm.items()})
    benchmark.extra_info.update(ratios)
    print("\ndiagnosis over %d tails (%.1f MB, scanner %s), %s:" % (
        len(COLD), MB_COLD, IMPLEMENTATION, "smoke" if benchmark.disabled else
        "best of %d rounds" % rounds))
    for name, t in sorted(cold.items(), key=lambda kv: kv[1]):
        print("  %-13s %8.1f MB/s  %7.1f us/tail" % (name, MB_COLD / t, t / len(COLD) * 1e6))
    for name, t in sorted(warm.items(), key=lambda kv: kv[1]):
        print("  warm %-8s %8.1f MB/s" % (name, MB_WARM / t))
    print("  diagnose is %.2fx scan_tail (target >= 0.8); scan_tail is %.2fx the count pass "
          "on 16 MiB (target >= 0.5), %.2fx warm on 1 MiB (target >= 0.75)" % (
              ratios["diagnose_vs_scan"], ratios["scan_vs_count_16MiB"],
              ratios["scan_vs_count_warm_1MiB"]))
    if "diagnose_vs_flashruntime" in ratios:
        print("  diagnose is %.1fx flashruntime 0.3.0's from_local_launch->classify->decide "
              "(target >= 5)" % ratios["diagnose_vs_flashruntime"])
    else:
        print("  flashruntime not installed: its comparison is skipped")
    benchmark.pedantic(diagnose_all, args=(COLD,), rounds=1, iterations=1)
    # What was timed must be real work: every tail gets a class, most from a traceback.
    classes = {flashrun.diagnose(t, 1).failure_class for t in COLD[:32]}
    assert len(classes) > 3, classes


@pytest.mark.skipif(_fr_signals is None, reason="flashruntime==0.3.0 not installed")
def test_flashruntime_comparator_runs():
    flashruntime_all([t.decode("utf-8", "replace") for t in COLD[:4]])
