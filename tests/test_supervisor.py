"""The supervisor end to end: real torchrun groups (2 gloo ranks), real signals.

Each test launches examples/train_ddp.py through flashrun and checks what a
user would: the decision, the attempts, the final weights against an
uninterrupted run (bit for bit), the run directory, and the process table.
"""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import flashrun
from conftest import ROOT
from flashrun.record.events import read_events
from mechanism_fixtures import alive, descendants, identify, wait_dead

TRAIN = str(ROOT / "examples" / "train_ddp.py")
pytestmark = pytest.mark.slow
FAST = ["--steps", "24", "--ckpt-every", "5"]


def metrics(result):
    for line in reversed(result.tail.decode(errors="replace").splitlines()):
        if "FLASHRUN_METRICS " in line:
            return json.loads(line.split("FLASHRUN_METRICS ", 1)[1])
    raise AssertionError("no metrics line in the tail")


def train(tmp_path, *extra, **options):
    options.setdefault("max_restarts", 2)
    options.setdefault("grace", 5.0)
    return flashrun.run(["python", TRAIN, *FAST, *extra], nproc_per_node=2,
                        run_dir=tmp_path / "run", **options)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    r = train(tmp_path_factory.mktemp("reference"))
    assert r.succeeded and r.attempts == 1
    return metrics(r)["weights_sha256"]


def types(run_dir):
    return [e.type.value for e in read_events(os.path.join(run_dir, "events.jsonl"))]


def test_sigkilled_rank_restarts_from_checkpoint_bit_exact(tmp_path, reference):
    r = train(tmp_path, "--crash-at", "13", "--crash-mode", "sigkill", "--crash-rank", "1")
    assert r.succeeded and r.attempts == 2 and r.exit_code == 0
    assert [d.action.value for d in r.decisions] == ["restart_group"]
    assert r.decisions[0].failure_class == "worker_crash"
    m = metrics(r)
    assert m["start_step"] == 10 and m["weights_sha256"] == reference
    t = types(r.run_dir)
    for needed in ("launch_started", "attempt_exited", "failure_classified",
                   "recovery_action_selected", "run_succeeded"):
        assert needed in t
    state = json.loads((tmp_path / "run" / "state.json").read_text())
    assert state["trials"]["run"]["state"] == "succeeded"


def test_import_error_behind_rank_prefix_fails_fast(tmp_path):
    r = train(tmp_path, "--crash-mode", "import", "--crash-rank", "1", "--crash-attempt", "-1")
    assert r.state == "failed" and r.attempts == 1
    d = r.decisions[0]
    assert (d.failure_class, d.action) == ("application_error", "fail_job")
    assert d.evidence.rank == 1 and "nonexistent_module" in d.evidence.line
    assert r.exit_code == 1


def test_corrupted_newest_checkpoint_falls_back(tmp_path, reference):
    r = train(tmp_path, "--crash-at", "17", "--crash-mode", "corrupt_ckpt")
    assert r.succeeded and r.attempts == 2
    m = metrics(r)
    assert m["start_step"] == 10 and m["skipped_checkpoints"] and m["weights_sha256"] == reference


def test_hang_inside_a_collective_is_detected_and_restarted(tmp_path, reference):
    # start-up (imports, rendezvous) gets its own generous allowance: on a loaded 2-core box
    # a relaunch can take longer than the hang timeout to print its first line
    r = train(tmp_path, "--crash-at", "8", "--crash-mode", "hang", "--crash-rank", "1",
              hang_timeout=8.0, startup_timeout=180.0)
    assert r.succeeded and r.attempts == 2
    assert r.decisions[0].failure_class == "hang"
    assert "output_stalled" in types(r.run_dir)
    assert metrics(r)["weights_sha256"] == reference


def test_watchdog_line_then_hang_is_acted_on_before_the_hang_timeout(tmp_path):
    t0 = time.monotonic()
    r = train(tmp_path, "--crash-at", "6", "--crash-mode", "nccl_timeout", "--crash-rank", "1",
              hang_timeout=600.0, fatal_grace=1.0)
    assert r.succeeded and r.attempts == 2
    assert r.decisions[0].failure_class == "communication_error"
    assert time.monotonic() - t0 < 300  # far below the 600 s hang timeout, even on a busy box


def test_plain_command_exit_status_and_restart_budget(tmp_path):
    r = flashrun.run([sys.executable, "-c", "import sys; sys.exit(3)"], run_dir=tmp_path / "r",
                     max_restarts=1)
    assert r.state == "failed" and r.attempts == 2 and r.exit_code == 3
    assert [d.action.value for d in r.decisions] == ["retry_task", "fail_job"]
    r = flashrun.run([sys.executable, "-c", "import os; os.kill(os.getpid(), 9)"],
                     run_dir=tmp_path / "k", max_restarts=0)
    assert r.exit_code == 137


def test_children_get_the_flashrun_environment_and_secrets_stay_out(tmp_path):
    code = ("import os, json; print(json.dumps({k: v for k, v in os.environ.items() "
            "if k.startswith('FLASHRUN_')}))")
    r = flashrun.run([sys.executable, "-c", code, "--api-token=hunter2"], run_dir=tmp_path / "e",
                     env={"HF_TOKEN": "hunter2", "MY_SECRET_KEY": "hunter2"})
    env = json.loads(r.tail.decode().strip().splitlines()[-1])
    assert env["FLASHRUN_ATTEMPT"] == "0" and env["FLASHRUN_TRIAL_ID"] == "run"
    assert env["FLASHRUN_CKPT_DIR"].endswith("trials/run/ckpt")
    assert env["FLASHRUN_RUN_DIR"] == str(tmp_path / "e")
    for name in ("events.jsonl", "state.json"):
        assert b"hunter2" not in (tmp_path / "e" / name).read_bytes()


def _run_cli(tmp_path, *extra):
    with open(tmp_path / "supervisor.out", "wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "flashrun", "run", "--nproc-per-node", "2", "--grace", "3",
             "--run-dir", str(tmp_path / "cli"), "--", "python", TRAIN, "--steps", "100000",
             "--step-sleep", "0.05", *extra],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


def _run_pids(run_dir, timeout=60):
    """(pid, start time) of the launched torchrun leader and its workers, once they exist."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        events = run_dir / "events.jsonl"
        if events.exists():
            pids = [e.data["pid"] for e in read_events(events) if e.type.value == "launch_started"]
            if pids:
                kids = descendants(pids[0])
                if len(kids) >= 2:
                    return identify([pids[0], *kids])
        time.sleep(0.2)
    raise AssertionError("the run never started its workers")


def test_sigkill_of_the_supervisor_leaves_no_process(tmp_path):
    proc = _run_cli(tmp_path)
    try:
        pids = _run_pids(tmp_path / "cli")
        proc.kill()
        proc.wait(timeout=10)
        assert wait_dead(pids, 10) == set()
    finally:
        proc.kill()


@pytest.mark.parametrize("sig, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_ctrl_c_or_sigterm_stops_everything(tmp_path, sig, status):
    proc = _run_cli(tmp_path)
    try:
        pids = _run_pids(tmp_path / "cli")
        proc.send_signal(sig)
        assert proc.wait(timeout=60) == status
        assert alive(pids) == set()
    finally:
        proc.kill()


def test_status_and_logs_commands(tmp_path):
    r = flashrun.run([sys.executable, "-c", "print('out-line'); import sys; "
                      "print('err-line', file=sys.stderr)"], run_dir=tmp_path / "s")
    assert r.succeeded
    cli = [sys.executable, "-m", "flashrun"]
    st = subprocess.run(cli + ["status", r.run_dir], capture_output=True, text=True, timeout=60)
    assert st.returncode == 0 and "succeeded" in st.stdout
    logs = subprocess.run(cli + ["logs", r.run_dir], capture_output=True, text=True, timeout=60)
    assert logs.stdout == "out-line\n"
    err = subprocess.run(cli + ["logs", r.run_dir, "--stderr", "--attempt", "0"],
                         capture_output=True, text=True, timeout=60)
    assert err.stdout == "err-line\n"
    bad = subprocess.run(cli + ["status", str(tmp_path)], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "not a flashrun run directory" in bad.stderr


def test_flaky_data_breaker_fails_fast_as_data_error(tmp_path):
    """Issue 5's example under `flashrun run`: the breaker trips on all ranks, no restart loop."""
    flaky = str(ROOT / "examples" / "train_with_flaky_data.py")
    p = subprocess.run([sys.executable, "-m", "flashrun", "run", "--nproc-per-node", "2",
                        "--max-restarts", "3", "--grace", "5", "--run-dir", str(tmp_path / "f"),
                        "--", "python", flaky, "--steps", "12", "--fail-burst-at", "3"],
                       capture_output=True, timeout=300)
    err = p.stderr.decode(errors="replace")
    assert p.returncode == 1, err[-3000:]
    assert "data_error → fail_job" in err
    assert "after 1 attempt(s)" in err
    out = p.stdout.decode(errors="replace")
    assert out.count("CircuitBreakerTripped") >= 2


def test_silent_start_up_gets_its_own_allowance(tmp_path):
    """A child silent for longer than the hang timeout *before its first line* is
    starting up, not hung, until the start-up allowance runs out."""
    slow = "import time; time.sleep(3.5); print('up', flush=True); time.sleep(0.2)"
    r = flashrun.run([sys.executable, "-c", slow], run_dir=tmp_path / "a", hang_timeout=3.0,
                     max_restarts=0, grace=1.0)
    assert r.succeeded and r.attempts == 1  # 3.5 s silent > 3 s timeout, < 6 s allowance
    stuck = "import time; time.sleep(60)"
    t0 = time.monotonic()
    r = flashrun.run([sys.executable, "-c", stuck], run_dir=tmp_path / "b", hang_timeout=3.0,
                     max_restarts=0, grace=1.0)
    assert r.state == "failed" and r.decisions[0].failure_class == "hang"
    assert time.monotonic() - t0 >= 6.0  # not before the start-up allowance (2 x 3 s)
    stalls = [e for e in read_events(tmp_path / "b" / "events.jsonl") if e.type == "output_stalled"]
    assert stalls and stalls[0].data["silent_s"] >= 6.0


def test_a_hang_after_the_first_line_gets_the_hang_timeout_not_the_start_up_allowance(tmp_path):
    """Once the child has spoken, the start-up allowance is over: a hang after that is
    caught hang_timeout after the last line. (It was caught only when the start-up
    allowance ran out, whose deadline the watcher had gone to sleep on: 600 s of silence
    here, where half of that is the bound.)"""
    spoke = "import time; print('step 1', flush=True); time.sleep(3600)"
    r = flashrun.run([sys.executable, "-c", spoke], run_dir=tmp_path / "a", hang_timeout=3.0,
                     startup_timeout=600.0, max_restarts=0, grace=1.0)
    assert r.state == "failed" and r.decisions[0].failure_class == "hang"
    stalls = [e for e in read_events(tmp_path / "a" / "events.jsonl") if e.type == "output_stalled"]
    assert stalls and 3.0 <= stalls[0].data["silent_s"] < 300.0
