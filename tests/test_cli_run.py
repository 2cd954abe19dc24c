"""`flashrun run / status / logs / sweep --resume` as a new user meets them: real processes,
the real CLI, the rough edges found by trying it (docs/architecture.md, "Vocabulary")."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT
from flashrun.cli.main import build_parser
from flashrun.spec.launch import command_argv


def flashrun(*args, cwd=None, timeout=120):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "flashrun", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd or ROOT, env=env)


def test_two_runs_with_default_dirs_never_share_one(tmp_path):
    a = flashrun("run", "--quiet", "--", sys.executable, "-c", "pass", cwd=tmp_path)
    b = flashrun("run", "--quiet", "--", sys.executable, "-c", "pass", cwd=tmp_path)
    assert a.returncode == 0 and b.returncode == 0, (a.stderr, b.stderr)
    dirs = sorted(p for p in (tmp_path / "runs").iterdir())
    assert len(dirs) == 2
    for d in dirs:  # each directory holds one run of one attempt
        assert [p.name for p in (d / "trials" / "run").glob("attempt-*")] == ["attempt-0"]


def test_an_existing_run_dir_is_reused_only_with_resume(tmp_path):
    rd = str(tmp_path / "r")
    first = flashrun("run", "--quiet", "--run-dir", rd, "--", sys.executable, "-c", "pass")
    assert first.returncode == 0, first.stderr
    again = flashrun("run", "--quiet", "--run-dir", rd, "--", sys.executable, "-c", "pass")
    assert again.returncode == 2
    lines = again.stderr.strip().splitlines()
    assert len(lines) == 1 and "already holds a run" in lines[0] and "--resume" in lines[0]
    assert [p.name for p in (tmp_path / "r" / "trials" / "run").glob("attempt-*")] == ["attempt-0"]
    resumed = flashrun("run", "--quiet", "--resume", "--run-dir", rd, "--", sys.executable, "-c",
                       "pass")
    assert resumed.returncode == 0, resumed.stderr
    assert sorted(p.name for p in (tmp_path / "r" / "trials" / "run").glob("attempt-*")) == \
        ["attempt-0", "attempt-1"]


def test_run_passes_env_cwd_and_exit_code(tmp_path):
    rd = str(tmp_path / "r")
    code = "import os, sys; print(os.environ['FOO'], os.getcwd()); sys.exit(7)"
    p = flashrun("run", "--max-restarts", "0", "--env", "FOO=bar", "--cwd", str(tmp_path),
                 "--run-dir", rd, "--", sys.executable, "-c", code)
    assert p.returncode == 7
    assert p.stdout.split() == ["[run/0]", "bar", str(tmp_path)]  # the echo prefixes lines
    st = json.loads(flashrun("status", rd, "--json").stdout)
    assert st["trials"]["run"]["exit_code"] == 7


def test_a_bare_script_runs_under_torchrun_with_this_interpreter():
    argv = command_argv(["train.py", "--lr", "1"], 2)
    assert argv[:3] == [sys.executable, "-m", "torch.distributed.run"]
    assert argv[-3:] == ["train.py", "--lr", "1"] and "--no-python" not in argv
    assert command_argv(["./run.sh", "x"], 2)[-3:] == ["--no-python", "./run.sh", "x"]


@pytest.mark.slow
def test_torchrun_form_with_a_non_executable_script(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import os; print('rank', os.environ['RANK'])\n")
    script.chmod(0o644)
    p = flashrun("run", "--nproc-per-node", "1", "--run-dir", str(tmp_path / "r"), "--",
                 str(script), timeout=300)
    assert p.returncode == 0, p.stderr
    assert "rank 0" in p.stdout


@pytest.fixture(scope="module")
def sweep_dir(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sweep")
    grid = tmp / "grid.yaml"
    grid.write_text(textwrap.dedent("""\
        name: logs
        command: python -c "print('value', {x})"
        grid: {x: [1, 2, 3]}
        concurrency: 3
        """))
    rd = tmp / "run"
    p = flashrun("sweep", str(grid), "--run-dir", str(rd))
    assert p.returncode == 0, p.stderr
    return grid, rd


def test_logs_on_a_sweep_lists_trials_and_takes_short_ids(sweep_dir):
    _, rd = sweep_dir
    p = flashrun("logs", str(rd))
    assert p.returncode == 2
    assert "holds 3 trials; choose one with --trial: t000 t001 t002" in p.stderr
    p = flashrun("logs", str(rd), "--trial", "t001")
    assert p.returncode == 0 and p.stdout == "value 2\n"
    full = sorted(os.listdir(rd / "trials"))[2]
    assert flashrun("logs", str(rd), "--trial", full, "--attempt", "0").stdout == "value 3\n"
    missing = flashrun("logs", str(rd), "--trial", "t001", "--attempt", "4")
    assert missing.returncode == 2 and "numbered from 0" in missing.stderr


def test_sweep_resume_refuses_a_grid_that_changed(sweep_dir, tmp_path):
    grid, rd = sweep_dir
    changed = tmp_path / "grid.yaml"
    changed.write_text(grid.read_text().replace("[1, 2, 3]", "[1, 2, 4]"))
    p = flashrun("sweep", str(changed), "--resume", str(rd))
    assert p.returncode == 2
    line = p.stderr.strip()
    assert "differs from the spec this run started with" in line and "flashrun resume" in line
    same = flashrun("sweep", str(grid), "--resume", str(rd))
    assert same.returncode == 0, same.stderr
    again = flashrun("sweep", str(grid), "--run-dir", str(rd))
    assert again.returncode == 2 and "already holds a run" in again.stderr


def _options(parser):
    for action in parser._actions:
        if action.option_strings and action.dest != "help":
            yield action


def test_every_option_has_help_and_shows_its_default():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name in ("run", "sweep", "resume", "status", "logs", "diagnose"):
        for action in _options(sub.choices[name]):
            assert action.help, "%s %s has no help" % (name, action.option_strings[0])
            if action.default not in (None, False, [], "==SUPPRESS==") and \
                    action.help != "==SUPPRESS==":
                assert "default" in action.help, "%s %s hides its default %r" % (
                    name, action.option_strings[0], action.default)


def test_piped_sweep_prints_the_final_counts_once(tmp_path):
    grid = tmp_path / "grid.yaml"
    grid.write_text("command: python -c pass {x}\ngrid: {x: [1, 2]}\n")
    p = flashrun("sweep", str(grid), "--run-dir", str(tmp_path / "r"))
    assert p.returncode == 0, p.stderr
    assert sum("2 succeeded" in line for line in p.stdout.splitlines()) == 1, p.stdout


PLAN = r"""
import json, os, signal, sys, time
plan = json.loads(sys.argv[1])
step = plan[int(os.environ["FLASHRUN_ATTEMPT"])]
if step == "crash":
    os.kill(os.getpid(), signal.SIGKILL)
if step == "block":
    open(sys.argv[2], "w").close()
    time.sleep(600)
"""


def _interrupted_sweep(tmp_path, plan, max_restarts):
    import signal as sig
    import time

    script = tmp_path / "plan.py"
    script.write_text(PLAN)
    started = tmp_path / "started"
    grid = tmp_path / "grid.yaml"
    grid.write_text(json.dumps({"name": "budget", "command": ["python", str(script),
                                                              json.dumps(plan), str(started),
                                                              "{x}"],
                                "grid": {"x": [0]}, "max_restarts": max_restarts,
                                "grace": 5}))
    rd = tmp_path / "r"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "flashrun", "sweep", str(grid), "--run-dir",
                             str(rd)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 120  # waits for the blocking attempt's file, not a time
    while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert started.exists(), proc.communicate()
    proc.send_signal(sig.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    return rd


@pytest.mark.slow
def test_an_interrupted_attempt_spends_no_restart_after_resume(tmp_path):
    # attempt 0 is stopped by Ctrl-C; after resume attempt 1 crashes and is still restarted
    rd = _interrupted_sweep(tmp_path, ["block", "crash", "ok"], max_restarts=1)
    p = flashrun("resume", str(rd))
    assert p.returncode == 0, p.stdout + p.stderr
    st = json.loads(flashrun("status", str(rd), "--json").stdout)["trials"]
    (t,) = st.values()
    assert (t["state"], t["attempts"], t["restarts"]) == ("succeeded", 3, 1)


@pytest.mark.slow
def test_restarts_spent_before_an_interrupt_stay_spent(tmp_path):
    # attempt 0 crashes (one restart spent), attempt 1 is interrupted; after resume attempt 2
    # crashes and the budget of one is gone: fail_job, no attempt 3
    rd = _interrupted_sweep(tmp_path, ["crash", "block", "crash", "ok"], max_restarts=1)
    p = flashrun("resume", str(rd))
    assert p.returncode == 1
    st = json.loads(flashrun("status", str(rd), "--json").stdout)["trials"]
    (t,) = st.values()
    assert (t["state"], t["attempts"]) == ("failed", 3)
    assert "restart budget (1) is spent" in t["reason"]
