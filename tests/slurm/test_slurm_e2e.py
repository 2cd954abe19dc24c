"""End to end on the real test cluster: flashrun supervising 2-node torchrun groups via srun.

Every test runs ``examples/train_ddp.py`` (gloo, one rank per node, so world size
2) through ``flashrun.run_async(..., backend=flashrun.Slurm(nodes=2),
nproc_per_node=1)``. Faults are real: a rank's process SIGKILLed from outside, a
node set DOWN with scontrol, a job preempted by a higher-priority partition, a
missing module. The test waits for the first checkpoint of attempt 0 (an event on
disk) before injecting a fault. After each test: no job in squeue (the fixture)
and no process of the run alive (``_assert_run_gone``).
"""
import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

import flashrun
from flashrun.policy.table import Action
from flashrun.policy.taxonomy import FailureClass as F
from flashrun.record.state import TrialState

pytestmark = pytest.mark.slow   # real torchrun groups on the cluster (about 3 minutes)

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "train_ddp.py"
STEPS = ["--steps", "20", "--ckpt-every", "4"]
SLOW = ["--step-sleep", "0.3"]   # >= 4.8 s to act after the first checkpoint (step 4)


def _env():
    return {"OMP_NUM_THREADS": "1", "PYTHONPATH": str(REPO)}


async def _run(run_dir, *train_args, max_restarts=2, nodes=2):
    lines = []
    result = await flashrun.run_async(
        ["python", str(EXAMPLE), *STEPS, *train_args], run_dir=run_dir, nproc_per_node=1,
        backend=flashrun.Slurm(nodes=nodes), max_restarts=max_restarts, env=_env(), grace=5.0,
        say=lines.append)
    return result, lines


def _metrics(result):
    found = [ln for ln in result.tail.decode(errors="replace").splitlines()
             if "FLASHRUN_METRICS " in ln]
    assert found, result.tail[-3000:]
    return json.loads(found[-1].split("FLASHRUN_METRICS ", 1)[1])


def _step_info(run_dir, attempt):
    return json.loads((Path(run_dir) / "trials" / "run" / ("attempt-%d" % attempt)
                       / "slurm-step.json").read_text())


async def _until(predicate, timeout=120.0, what="condition"):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %s" % what)
        await asyncio.sleep(0.1)  # waiting on a file the run writes


def _first_checkpoint(run_dir):
    ck = Path(run_dir) / "trials" / "run" / "ckpt"
    return lambda: any(ck.glob("step-*/manifest*"))


def _run_pids(run_dir, **env_has):
    """Processes whose environment says they belong to this run (and match env_has)."""
    needles = [("FLASHRUN_RUN_DIR=%s\0" % run_dir).encode()]
    needles += [("%s=%s\0" % kv).encode() for kv in env_has.items()]
    found = []
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % d, "rb") as f:
                data = b"\0" + f.read()
        except OSError:
            continue
        if all(b"\0" + n in data for n in needles):
            found.append(int(d))
    return found


def _assert_run_gone(run_dir):
    left = _run_pids(run_dir)
    assert not left, "processes of the run survived: %s" % left


@pytest.fixture(scope="module")
def reference(slurm_session, tmp_path_factory):
    """One uninterrupted 2-node run: its result and log lines (test (a) checks it)."""
    slurm_session.resume_nodes()
    run_dir = tmp_path_factory.mktemp("slurm-ref") / "run"
    # --log-join: rank 1 prints nothing else in a run that succeeds
    result, lines = asyncio.run(_run(run_dir, "--log-join"))
    assert not slurm_session.jobs()
    return run_dir, result, lines


def test_two_node_group_trains_to_the_end(slurm_cluster, reference):
    run_dir, result, lines = reference
    assert result.state == TrialState.SUCCEEDED and result.attempts == 1, lines
    m = _metrics(result)
    assert m["steps"] == 20 and m["world_size"] == 2 and m["start_step"] == 0
    info = _step_info(run_dir, 0)
    assert len(info["nodes"]) == 2 and len(set(info["nodes"])) == 2
    adir = Path(run_dir) / "trials" / "run" / "attempt-0"
    # every task kept its own log; lines carry srun's task label in the combined log
    assert (adir / "task-0.out").exists() and (adir / "task-1.out").exists()
    combined = (adir / "stdout.log").read_text() + (adir / "stderr.log").read_text()
    labels = {line.split(":", 1)[0] for line in combined.splitlines()}
    assert {"0", "1"} <= labels  # both tasks' lines came through srun's stream
    assert "rank 1 of 2 joined" in (adir / "task-1.err").read_text()
    assert "FLASHRUN_METRICS" in (adir / "task-0.out").read_text() + \
        (adir / "task-1.out").read_text()
    _assert_run_gone(run_dir)


def test_rank_killed_on_second_node_restarts_group_bit_exact(slurm_cluster, reference, tmp_path):
    run_dir = tmp_path / "run"

    async def scenario():
        run = asyncio.ensure_future(_run(run_dir, *SLOW))
        await _until(_first_checkpoint(run_dir), what="the first checkpoint")
        second = _step_info(run_dir, 0)["nodes"][1]
        victims = _run_pids(run_dir, SLURMD_NODENAME=second, FLASHRUN_ATTEMPT="0", LOCAL_RANK="0")
        assert len(victims) == 1, victims  # the one rank (a torchrun worker) on that node
        os.kill(victims[0], signal.SIGKILL)
        return await run

    result, lines = asyncio.run(scenario())
    assert result.state == TrialState.SUCCEEDED, lines
    first = result.decisions[0]
    assert first.failure_class == F.WORKER_CRASH and first.action == Action.RESTART_GROUP, lines
    assert first.evidence.signal == 9
    m = _metrics(result)
    assert m["start_step"] > 0, "attempt 1 did not resume from a checkpoint"
    assert m["weights_sha256"] == _metrics(reference[1])["weights_sha256"]
    _assert_run_gone(run_dir)


def test_node_down_mid_run_is_replaced(slurm_cluster, reference, tmp_path):
    run_dir = tmp_path / "run"

    async def scenario():
        run = asyncio.ensure_future(_run(run_dir, *SLOW))
        await _until(_first_checkpoint(run_dir), what="the first checkpoint")
        lost = _step_info(run_dir, 0)["nodes"][1]
        r = slurm_cluster.client("scontrol", "update", "nodename=%s" % lost, "state=down",
                                 "reason=flashrun-test")
        assert r.returncode == 0, r.stderr
        return lost, await run

    lost, (result, lines) = asyncio.run(scenario())
    assert result.state == TrialState.SUCCEEDED, lines
    first = result.decisions[0]
    assert first.failure_class == F.NODE_LOSS and first.action == Action.REPLACE_NODE, lines
    assert "NODE_FAIL" in (first.evidence.line or ""), first.evidence
    relaunched = _step_info(run_dir, result.attempts - 1)["nodes"]
    assert lost not in relaunched and len(relaunched) == 2
    m = _metrics(result)
    assert m["start_step"] > 0
    assert m["weights_sha256"] == _metrics(reference[1])["weights_sha256"]
    _assert_run_gone(run_dir)


def test_missing_module_on_one_rank_fails_after_one_attempt(slurm_cluster, tmp_path):
    run_dir = tmp_path / "run"
    result, lines = asyncio.run(_run(run_dir, "--crash-mode", "import", "--crash-rank", "1"))
    assert result.state == TrialState.FAILED and result.attempts == 1, lines
    d = result.decisions[0]
    assert d.failure_class == F.APPLICATION_ERROR and d.action == Action.FAIL_JOB, lines
    assert "ModuleNotFoundError" in (d.evidence.line or ""), d.evidence
    _assert_run_gone(run_dir)


def test_preempted_job_resumes_bit_exact(slurm_cluster, reference, tmp_path):
    run_dir = tmp_path / "run"

    async def scenario():
        run = asyncio.ensure_future(_run(run_dir, *SLOW))
        await _until(_first_checkpoint(run_dir), what="the first checkpoint")
        node = _step_info(run_dir, 0)["nodes"][1]
        # a job of the higher-tier partition wants that whole node: Slurm preempts ours
        urgent = await asyncio.create_subprocess_exec(
            "srun", "-p", "urgent", "--exclusive", "-w", node, "true",
            env=slurm_cluster.env, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL)
        assert await urgent.wait() == 0
        return await run

    result, lines = asyncio.run(scenario())
    assert result.state == TrialState.SUCCEEDED, lines
    first = result.decisions[0]
    assert first.failure_class == F.PREEMPTION and first.action == Action.RESTART_GROUP, lines
    assert "PREEMPTED" in (first.evidence.line or ""), first.evidence
    m = _metrics(result)
    assert m["start_step"] > 0
    assert m["weights_sha256"] == _metrics(reference[1])["weights_sha256"]
    _assert_run_gone(run_dir)


def test_sweep_on_slurm_recovers_a_crashed_trial(slurm_cluster, tmp_path):
    run_dir = tmp_path / "sweep"
    sw = flashrun.sweep(
        name="slurm-sweep", run_dir=run_dir, view=None,
        command="python %s --steps 8 --ckpt-every 4 --seed {seed} {crash}" % EXAMPLE,
        torchrun={"nproc_per_node": 1}, backend=flashrun.Slurm(nodes=1),
        trials=[{"seed": 0, "crash": []}, {"seed": 1, "crash": []},
                {"seed": 2, "crash": ["--crash-mode", "sigkill", "--crash-at", "5"]}],
        env=_env(), concurrency=2, max_restarts=2, grace=5.0)
    rows = sw.run()
    assert [r["state"] for r in rows] == ["succeeded"] * 3, rows
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    crashed = [e for e in events if e["type"] == "recovery_action_selected"]
    assert len(crashed) == 1 and crashed[0]["trial"].startswith("t002"), crashed
    assert crashed[0]["data"]["action"] == "restart_group"
    launches = [e for e in events if e["type"] == "launch_started"]
    assert len(launches) == 4
    _assert_run_gone(run_dir)


def test_cancelling_the_run_leaves_no_job_and_no_process(slurm_cluster, tmp_path):
    run_dir = tmp_path / "run"

    async def scenario():
        run = asyncio.ensure_future(_run(run_dir, *SLOW))
        await _until(_first_checkpoint(run_dir), what="the first checkpoint")
        assert slurm_cluster.jobs(), "the attempt's job should be running"
        run.cancel()
        with pytest.raises(asyncio.CancelledError):
            await run

    asyncio.run(scenario())
    assert not slurm_cluster.jobs()   # scancel'ed before the cancellation propagated
    _assert_run_gone(run_dir)


def test_cli_run_backend_slurm(slurm_cluster, tmp_path):
    import subprocess

    run_dir = tmp_path / "cli"
    env = dict(os.environ, **_env())
    r = subprocess.run([sys.executable, "-m", "flashrun", "run", "--backend", "slurm",
                        "--nodes", "2", "--nproc-per-node", "1", "--run-dir", str(run_dir),
                        "--", "python", str(EXAMPLE), "--steps", "4", "--ckpt-every", "2"],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "FLASHRUN_METRICS" in r.stdout and "succeeded after 1 attempt" in r.stderr
    assert len(_step_info(run_dir, 0)["nodes"]) == 2
    bad = subprocess.run([sys.executable, "-m", "flashrun", "run", "--nodes", "2", "--", "true"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "--backend slurm" in bad.stderr
    _assert_run_gone(run_dir)


def test_inside_an_allocation_each_attempt_is_a_step(slurm_cluster, reference, tmp_path):
    """flashrun under salloc: attempts are steps of the one job; a killed rank restarts there."""
    import subprocess

    run_dir = tmp_path / "inside"
    env = dict(slurm_cluster.env, **_env())
    r = subprocess.run(["salloc", "-N2", sys.executable, "-m", "flashrun", "run",
                        "--backend", "slurm", "--nodes", "2", "--nproc-per-node", "1",
                        "--grace", "5", "--run-dir", str(run_dir), "--",
                        "python", str(EXAMPLE), *STEPS, "--crash-mode", "sigkill",
                        "--crash-at", "6", "--crash-rank", "1"],
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "worker_crash → restart_group" in r.stderr, r.stderr[-3000:]
    first, second = _step_info(run_dir, 0), _step_info(run_dir, 1)
    assert first["job"] == second["job"] and first["step"] != second["step"]
    m = json.loads([ln for ln in r.stdout.splitlines() if "FLASHRUN_METRICS " in ln][-1]
                   .split("FLASHRUN_METRICS ", 1)[1])
    assert m["start_step"] > 0
    assert m["weights_sha256"] == _metrics(reference[1])["weights_sha256"]
    _assert_run_gone(run_dir)


def test_sweep_ctrl_c_stops_every_job_and_resume_finishes(slurm_cluster, tmp_path):
    import subprocess

    grid = tmp_path / "grid.yaml"
    grid.write_text(
        "name: cc\n"
        "command: python %s --steps 12 --ckpt-every 4 --step-sleep 0.25 --seed {seed}\n"
        "torchrun: {nproc_per_node: 1}\n"
        "backend: {kind: slurm, nodes: 1}\n"
        "grid: {seed: [0, 1, 2]}\n"
        "concurrency: 2\n"
        "env: {OMP_NUM_THREADS: '1', PYTHONPATH: '%s'}\n" % (EXAMPLE, REPO))
    run_dir = tmp_path / "run"
    env = dict(slurm_cluster.env, **_env())
    proc = subprocess.Popen([sys.executable, "-m", "flashrun", "sweep", str(grid), "--run-dir",
                             str(run_dir)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not any((run_dir / "trials").glob("*/ckpt/step-*/manifest*")):
            assert proc.poll() is None and time.monotonic() < deadline, proc.poll()
            time.sleep(0.1)  # waiting on a file the run writes
        assert slurm_cluster.jobs()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, out[-3000:]
    assert "flashrun resume" in out
    assert not [j for j in slurm_cluster.jobs() if j.split()[1] != "COMPLETING"]
    _assert_run_gone(run_dir)
    r = subprocess.run([sys.executable, "-m", "flashrun", "resume", str(run_dir)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    rows = json.loads((run_dir / "results.json").read_text())
    rows = rows["trials"] if isinstance(rows, dict) else rows
    assert sorted(row["state"] for row in rows) == ["succeeded"] * 3
    _assert_run_gone(run_dir)


def test_supervisor_killed_leaves_no_job(slurm_cluster, tmp_path):
    """flashrun SIGKILLed mid-run: srun dies with it (parent-death signal), and the orphan
    guard scancels the job by name, as it would with tasks on other hosts. (On this
    one-host cluster the guard also finds the tasks by token.)"""
    import subprocess

    run_dir = tmp_path / "killed"
    env = dict(slurm_cluster.env, **_env())
    proc = subprocess.Popen([sys.executable, "-m", "flashrun", "run", "--backend", "slurm",
                             "--nodes", "2", "--nproc-per-node", "1", "--run-dir", str(run_dir),
                             "--", "python", str(EXAMPLE), *STEPS, *SLOW],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        asyncio.run(_until(_first_checkpoint(run_dir), what="the first checkpoint"))
        assert slurm_cluster.jobs()
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 60
    while (slurm_cluster.jobs() or _run_pids(run_dir)) and time.monotonic() < deadline:
        time.sleep(0.2)  # Slurm ends the job on its own clock
    assert not slurm_cluster.jobs()
    _assert_run_gone(run_dir)
