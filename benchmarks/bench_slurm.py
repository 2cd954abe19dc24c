"""Slurm backend overhead: launch (submit → first output line) and exit → relaunch.

Comparator: the local backend, same command, same machine, same run. The command
prints ``up`` at once, and on its first attempt prints ``bye`` and exits 1 (an
``unknown`` failure: one restart), so every round measures

* **launch**: ``launch_started`` event → the first ``up`` line reaching flashrun's
  echo (for Slurm: srun's allocation, slurmd's step launch, the per-node launcher);
* **relaunch**: attempt 0's ``bye`` line → attempt 1's ``up`` line (the exit seen
  through srun, the scheduler report, the decision, and a new launch).

Slurm is the real three-node cluster of ``tests/slurm`` started on this host for
the module; where it cannot start, the test skips with the reason. Smoke
(``--benchmark-disable``): one round per backend, structure asserted, no timing.
``--benchmark-enable``: 5 rounds; medians and the slurm/local ratios land in
``extra_info``.
"""
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

import pytest

import flashrun

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "slurm"))
from cluster import ClusterUnavailable, LocalSlurm  # noqa: E402

SCRIPT = ("import os, sys\nprint('up', flush=True)\n"
          "if os.environ['FLASHRUN_ATTEMPT'] == '0':\n    print('bye', flush=True)\n    sys.exit(1)\n")


@pytest.fixture(scope="module")
def cluster():
    try:
        c = LocalSlurm().start()
    except ClusterUnavailable as exc:
        sys.stderr.write("\n[bench_slurm] no Slurm test cluster: %s\n" % exc)
        pytest.skip("no Slurm test cluster: %s" % exc)
    old = os.environ.get("SLURM_CONF")
    c.activate()
    yield c
    c.stop()
    if old is None:
        os.environ.pop("SLURM_CONF", None)
    else:
        os.environ["SLURM_CONF"] = old


async def one_round(run_dir: Path, backend) -> dict:
    seen = []   # (time, line) in arrival order

    def echo(data: bytes) -> None:
        now = time.time()
        for line in data.decode(errors="replace").splitlines():
            word = line.rsplit(" ", 1)[-1]
            if word in ("up", "bye"):
                seen.append((now, word))

    script = run_dir.parent / ("%s.py" % run_dir.name)
    script.write_text(SCRIPT)
    res = await flashrun.run_async(["python", str(script)], run_dir=run_dir, backend=backend,
                                   max_restarts=1, echo=echo, say=lambda line: None, grace=5.0)
    assert res.succeeded and res.attempts == 2, res.tail[-2000:]
    import json

    events = [json.loads(x) for x in (run_dir / "events.jsonl").read_text().splitlines()]
    launched = [e["ts"] for e in events if e["type"] == "launch_started"]
    ups = [t for t, w in seen if w == "up"]
    bye = [t for t, w in seen if w == "bye"]
    assert len(launched) == 2 and len(ups) == 2 and len(bye) == 1, (seen, launched)
    return {"launch_s": ups[0] - launched[0], "relaunch_s": ups[1] - bye[0]}


def measure(tmp_path: Path, rounds: int) -> dict:
    out = {}
    for name, backend in (("local", None), ("slurm", flashrun.Slurm(nodes=1))):
        got = [asyncio.run(one_round(tmp_path / ("%s-%d" % (name, i)), backend))
               for i in range(rounds)]
        out[name] = {k: statistics.median(g[k] for g in got) for k in ("launch_s", "relaunch_s")}
    out["ratio"] = {k: out["slurm"][k] / max(out["local"][k], 1e-6)
                    for k in ("launch_s", "relaunch_s")}
    return out


@pytest.mark.slow
def test_slurm_launch_and_relaunch_vs_local(benchmark, cluster, tmp_path):
    rounds = 5 if benchmark.enabled else 1
    res = benchmark.pedantic(measure, args=(tmp_path, rounds), rounds=1, iterations=1)
    for name in ("local", "slurm", "ratio"):
        for k, v in res[name].items():
            benchmark.extra_info["%s_%s" % (name, k)] = round(v, 4)
    print("\n".join("%-6s launch %.3fs  exit→relaunch %.3fs" % (
        n, res[n]["launch_s"], res[n]["relaunch_s"]) for n in ("local", "slurm")))
    assert all(res[n][k] > 0 for n in ("local", "slurm") for k in ("launch_s", "relaunch_s"))
    assert not cluster.jobs()
