"""Multi-process tests for flashrun.batch: real gloo ranks, real launchers, no mocks.

* tests/bin/batch_worker.py starts 2 or 4 ranks with torch.multiprocessing
  (spawn) and runs every scenario in one process group; each rank writes what it
  saw to JSON, and these tests compare the ranks with each other.
* examples/train_with_flaky_data.py runs under real torchrun; its output is what
  the supervisor would read.

Every launch has a timeout and its whole process group is killed on expiry, so a
rank that falls out of step fails the test instead of hanging it.
"""
import json
import os
import re
import signal
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    # torch warns at import when NumPy is absent; the project runs with warnings as errors.
    warnings.filterwarnings("ignore", message="Failed to initialize NumPy", category=UserWarning)
    from flashrun.batch import should_synchronize

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
WORKER = REPO / "tests" / "bin" / "batch_worker.py"
EXAMPLE = REPO / "examples" / "train_with_flaky_data.py"
TIMEOUT_S = 150


def launch(argv, *, timeout=TIMEOUT_S):
    """Run argv in its own session; kill the whole group if it outlives ``timeout``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p))
    process = subprocess.Popen(argv, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        pytest.fail("%s hung for %d s:\n%s" % (argv[-1], timeout, output.decode(errors="replace")[-6000:]))
    return process.returncode, output


@pytest.fixture(scope="module", params=[2, 4], ids=["world2", "world4"])
def ranks(request, tmp_path_factory):
    """What each rank of one real gloo group recorded, scenario by scenario."""
    out = tmp_path_factory.mktemp("batch_world%d" % request.param)
    rc, output = launch([sys.executable, str(WORKER), "--world-size", str(request.param), "--out", str(out)])
    assert rc == 0, output.decode(errors="replace")[-6000:]
    return [json.loads((out / ("rank%d.json" % rank)).read_text()) for rank in range(request.param)]


def sync_steps(total, interval):
    return [step for step in range(total) if should_synchronize(step, total, interval)]


def dropped_lines(log):
    pattern = re.compile(r"dropped (\d+) unavailable sample\(s\) across (\d+) rank\(s\) .*\((\d+) in this phase\)")
    return [tuple(int(g) for g in m.groups()) for level, message in log if (m := pattern.search(message))]


def test_non_fatal_failures_on_several_ranks_are_totalled_on_rank_0_and_training_continues(ranks):
    world_size = len(ranks)
    runs = [r["nonfatal"] for r in ranks]
    assert [run["steps_done"] for run in runs] == [6] * world_size
    assert all(run["tripped_at"] is None for run in runs)
    assert sum(1 for run in runs if any(c[1] for c in run["consumed"])) >= 2, "scenario needs failures on >1 rank"

    # What every rank consumed, summed per check window, is what each check reported.
    expected, previous = [], -1
    for step in sync_steps(6, 2):
        expected.append(sum(c[1] for run in runs for c in run["consumed"] if previous < c[0] <= step))
        previous = step
    running = [sum(expected[: i + 1]) for i in range(len(expected))]
    for run in runs:
        assert [s[2] for s in run["syncs"]] == running
        assert run["total_failures"] == running[-1] > 0

    assert dropped_lines(runs[0]["log"]) == [
        (count, world_size, total) for count, total in zip(expected, running) if count
    ]
    assert all(dropped_lines(run["log"]) == [] for run in runs[1:])
    assert len({run["checksum"] for run in runs}) == 1, "DDP replicas diverged"


def test_a_locally_empty_rank_keeps_in_step(ranks):
    world_size = len(ranks)
    runs = [r["empty"] for r in ranks]
    assert [run["steps_done"] for run in runs] == [5] * world_size
    last, first = runs[-1], runs[0]
    assert last["consumed"][2] == [2, 4, True, False]   # every sample failed: placeholder batch
    assert first["consumed"][3] == [3, 0, True, False]  # every sample skipped on purpose: no failure
    assert all(run["total_failures"] == 4 for run in runs)
    for run in (first, last):
        assert any("no sample of this batch was available" in message for _, message in run["log"])
    assert len({run["checksum"] for run in runs}) == 1, "DDP replicas diverged"


def test_one_fatal_rank_trips_every_rank_at_the_same_step(ranks):
    world_size = len(ranks)
    runs = [r["fatal_blocking"] for r in ranks]
    # The burst starts at step 2; the first check at or after it trips the breaker.
    expected_step = min(step for step in sync_steps(8, 2) if step >= 2)
    assert [run["tripped_at"] for run in runs] == [expected_step] * world_size
    for rank, run in enumerate(runs):
        error = run["error"]
        assert error["type"] == "flashrun.batch.CircuitBreakerTripped"
        assert (error["fatal_ranks"], error["world_size"]) == (1, world_size)
        assert "phase 'scenario'" in error["message"]
        assert "1 of %d rank(s)" % world_size in error["message"]
        if rank == world_size - 1:
            assert "planned failure rank %d step 2" % rank in error["local_error"]
            assert error["local_error"] in error["message"]
        else:
            assert error["local_error"] == "" and "local error: none on this rank" in error["message"]
    assert len({run["checksum"] for run in runs}) == 1


def test_async_checks_trip_every_rank_one_check_late(ranks):
    world_size = len(ranks)
    runs = [r["fatal_async"] for r in ranks]
    checks = [step for step in sync_steps(8, 2) if step >= 2]
    # The fatal state goes out with the first check after step 2 and is read by the next one.
    assert [run["tripped_at"] for run in runs] == [checks[1]] * world_size
    assert checks[1] > min(r["fatal_blocking"]["tripped_at"] for r in ranks)
    for rank, run in enumerate(runs):
        assert run["error"]["fatal_ranks"] == 2
        assert "2 of %d rank(s)" % world_size in run["error"]["message"]
        assert bool(run["error"]["local_error"]) == (rank in (0, world_size - 1))


# -- the example, under torchrun -----------------------------------------------------


def torchrun(*args):
    return launch([sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2",
                   str(EXAMPLE), *args])


def test_example_burst_trips_every_rank_together_and_fails_fast():
    rc, output = torchrun("--fail-burst-at", "3", "--steps", "8")
    text = output.decode(errors="replace")
    assert rc != 0, text[-4000:]
    tripped = dict(re.findall(r"rank (\d+) stopping: circuit breaker tripped at step (\d+)", text))
    assert tripped == {"0": "3", "1": "3"}, text[-4000:]
    terminal = re.findall(r"^\[rank(\d)\]: flashrun\.batch\.CircuitBreakerTripped: (.*)$", text, re.M)
    assert sorted(rank for rank, _ in terminal) == ["0", "1"]
    assert all("phase 'train': 1 of 2 rank(s)" in message for _, message in terminal)
    assert "feature service unreachable (outage)" in dict(terminal)["1"]

    import flashrun

    diagnosis = flashrun.diagnose(output, rc)
    assert diagnosis.failure_class == "data_error"
    assert diagnosis.decision.action.value == "fail_job"


def test_example_without_a_burst_drops_some_samples_and_finishes():
    rc, output = torchrun("--steps", "6", "--sync-interval", "2", "--async-sync")
    text = output.decode(errors="replace")
    assert rc == 0, text[-4000:]
    finished = re.findall(r"rank (\d) finished (\d+) steps; (\d+) sample\(s\) dropped across ranks", text)
    assert sorted(finished) == [("0", "6", finished[0][2]), ("1", "6", finished[0][2])]
    assert int(finished[0][2]) > 0
    assert "CircuitBreakerTripped" not in text
