"""examples/train_ddp.py under real torchrun (2 gloo ranks) and as a plain script.

The supervisor's relaunch is simulated by running torchrun twice with
FLASHRUN_ATTEMPT=0 then 1 and the same FLASHRUN_CKPT_DIR. The claim under test:
an attempt killed at step k and resumed from its newest *valid* checkpoint ends
with weights bit for bit equal to an uninterrupted run.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mechanism_fixtures import descendants

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "train_ddp.py"
STEPS = ["--steps", "30", "--ckpt-every", "10"]
TORCHRUN = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node", "2"]


def child_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("FLASHRUN_") and k not in ("RANK", "WORLD_SIZE", "MASTER_ADDR")}
    env.update(PYTHONPATH=str(REPO), OMP_NUM_THREADS="1")
    env.update({k: str(v) for k, v in extra.items()})
    return env


def run(cmd, env, cwd=None, timeout=120):
    """Run *cmd* in its own session; (returncode, stdout+stderr). On timeout:
    SIGTERM (torchrun stops its workers), then SIGKILL the whole tree."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, cwd=cwd, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        try:
            out, _ = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            for pid in descendants(proc.pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            proc.kill()
            out, _ = proc.communicate()
        pytest.fail("timed out after %ss:\n%s" % (timeout, out[-4000:]))


def torchrun(ckpt_dir, attempt, *args, heartbeat=None):
    env = child_env(FLASHRUN_CKPT_DIR=ckpt_dir, FLASHRUN_ATTEMPT=attempt)
    if heartbeat is not None:
        env["FLASHRUN_HEARTBEAT"] = str(heartbeat)
    return run(TORCHRUN + [str(EXAMPLE)] + STEPS + list(args), env)


def metrics_of(out):
    lines = [line for line in out.splitlines() if line.startswith("FLASHRUN_METRICS ")]
    assert len(lines) == 1, out[-4000:]
    return json.loads(lines[0].split(" ", 1)[1])


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """One uninterrupted 2-rank run: (metrics, output, checkpoint dir, heartbeat file)."""
    base = tmp_path_factory.mktemp("reference")
    beat = base / "heartbeat"
    rc, out = torchrun(base / "ck", 0, heartbeat=beat)
    assert rc == 0, out[-4000:]
    return metrics_of(out), out, base / "ck", beat


@pytest.mark.slow
def test_uninterrupted_run(reference):
    metrics, out, ck, beat = reference
    steps = [int(line.split()[1]) for line in out.splitlines() if line.startswith("step ")]
    assert steps == list(range(1, 31))  # printed by rank 0 only
    assert metrics["steps"] == 30 and metrics["start_step"] == 0
    assert metrics["world_size"] == 2 and metrics["skipped_checkpoints"] == []
    assert len(metrics["weights_sha256"]) == 64 and metrics["final_loss"] > 0
    assert json.loads((ck / "final_metrics.json").read_text()) == metrics
    assert sorted(p.name for p in ck.glob("step-*")) == [
        "step-000000010", "step-000000020", "step-000000030"]
    assert beat.exists()


@pytest.mark.slow
@pytest.mark.parametrize("mode,crash_at,crash_rank,start,skipped,evidence", [
    ("sigkill", 23, 1, 20, [], "exitcode  : -9"),
    ("corrupt_ckpt", 25, 1, 10, ["step-000000020"], "sha256 mismatch"),
])
def test_crash_then_resume_is_bit_exact(tmp_path, reference, mode, crash_at, crash_rank,
                                        start, skipped, evidence):
    ck = tmp_path / "ck"
    fault = ["--crash-at", str(crash_at), "--crash-mode", mode, "--crash-rank", str(crash_rank)]
    rc, out0 = torchrun(ck, 0, *fault)
    assert rc != 0, out0[-4000:]
    assert "FLASHRUN_METRICS" not in out0
    assert "exitcode  : -9" in out0  # the faulting rank died by SIGKILL
    rc, out1 = torchrun(ck, 1, *fault)  # the relaunch: same flags, attempt 1
    assert rc == 0, out1[-4000:]
    metrics = metrics_of(out1)
    assert (metrics["start_step"], metrics["skipped_checkpoints"]) == (start, skipped)
    assert "resumed from step %d (attempt 1)" % start in out1
    assert evidence in out0 + out1
    assert metrics["weights_sha256"] == reference[0]["weights_sha256"]
    assert metrics["final_loss"] == reference[0]["final_loss"]


# ------------------------------------------------------------ plain python runs

def plain(cwd, *args, attempt=None, timeout=120):
    env = child_env() if attempt is None else child_env(FLASHRUN_ATTEMPT=attempt)
    return run([sys.executable, str(EXAMPLE)] + STEPS + list(args), env, cwd=cwd, timeout=timeout)


def test_plain_script_uses_local_checkpoints_and_resumes_bit_exact(tmp_path):
    """World size 1, no FLASHRUN_CKPT_DIR: ./checkpoints. Attempt 0 is SIGKILLed
    between the parts and the manifest of step 20; attempt 1 (same flags: the
    fault only fires on attempt 0) skips the torn step 20 and resumes from 10."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    rc, out = plain(tmp_path / "a")
    assert rc == 0, out[-4000:]
    whole = metrics_of(out)
    assert whole["world_size"] == 1
    assert (tmp_path / "a" / "checkpoints" / "step-000000030" / "manifest.json").exists()

    fault = ["--crash-at", "15", "--crash-mode", "kill_in_ckpt_write"]
    rc, out = plain(tmp_path / "b", *fault, attempt=0)
    assert rc == -signal.SIGKILL, out[-4000:]
    torn = tmp_path / "b" / "checkpoints" / "step-000000020"
    assert torn.is_dir() and not (torn / "manifest.json").exists()
    rc, out = plain(tmp_path / "b", *fault, attempt=1)
    assert rc == 0, out[-4000:]
    assert "skipping checkpoint %s: torn: no manifest.json" % torn in out
    resumed = metrics_of(out)
    assert (resumed["start_step"], resumed["skipped_checkpoints"]) == (10, ["step-000000020"])
    assert resumed["weights_sha256"] == whole["weights_sha256"]


@pytest.mark.parametrize("mode,rc,text", [
    ("exit", 3, None),
    ("raise", 1, "RuntimeError: injected failure at step 2 on rank 0"),
    ("oom", 1, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."),
    ("import", 1, "ModuleNotFoundError: No module named 'nonexistent_module'"),
])
def test_crash_modes_fail_like_the_real_thing(tmp_path, mode, rc, text):
    got_rc, out = plain(tmp_path, "--crash-at", "2", "--crash-mode", mode)
    assert got_rc == rc, out[-4000:]
    if text:
        assert text in out
    assert "step 3 |" not in out


def test_crash_attempt_minus_one_fires_on_every_attempt(tmp_path):
    rc, out = plain(tmp_path, "--crash-mode", "import", "--crash-attempt", "-1", attempt=5)
    assert rc == 1 and "nonexistent_module" in out


def test_nccl_timeout_prints_the_watchdog_line_then_hangs(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, str(EXAMPLE)] + STEPS + ["--crash-at", "2", "--crash-mode", "nccl_timeout"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env=child_env(), start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if "Watchdog" in line or not line:
                break
        assert line.startswith("[rank0]:[E")
        assert "ProcessGroupNCCL.cpp:" in line
        assert ("[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=3, "
                "OpType=ALLREDUCE") in line
        assert line.rstrip().endswith("milliseconds before timing out.")
        time.sleep(0.5)
        assert proc.poll() is None  # and then it hangs
    finally:
        proc.kill()
        proc.wait(timeout=30)
        proc.stderr.close()
