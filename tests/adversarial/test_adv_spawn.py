"""Trials that cannot start (issue 12, defect 3).

A NUL byte is rejected when the spec is read (file:line:col, nothing launched); a
missing program, a missing cwd or an argument over the kernel's limit (E2BIG) fail
that trial with a one-line reason while the other trials go on; ``flashrun run``
of a missing command says so in one line, exits 127 and leaves no run directory.
"""
import json
import re
import sys

import pytest

from adv_helpers import flashrun, no_traceback, one_line, script, write_grid


@pytest.mark.parametrize("where", ["grid", "env", "command"])
def test_nul_byte_is_rejected_at_validation(tmp_path, where):
    text = {"grid": 'command: echo {x}\ngrid: {x: ["a\\0b"]}\n',
            "env": 'command: echo {x}\ngrid: {x: [1, 2]}\nenv: {A: "a\\0b"}\n',
            "command": 'command: ["echo", "a\\0b", "{x}"]\ngrid: {x: [1, 2]}\n'}[where]
    grid = write_grid(tmp_path, "name: nul\n" + text)
    p = flashrun("sweep", str(grid), "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    line = one_line(p.stderr)
    assert re.match(r"flashrun: error: .*grid\.yaml:\d+:\d+: .*NUL", line), line
    assert not (tmp_path / "run").exists()


def test_trials_that_cannot_start_fail_alone(tmp_path):
    ok = script(tmp_path, "ok.py", "print('fine')\n")
    big = "y" * 200_000
    grid = write_grid(tmp_path, """\
        name: spawn
        command: ["{prog}", "{arg}"]
        max_restarts: 2
        trials:
          - {prog: %s, arg: %s}
          - {prog: /nonexistent/prog, arg: x}
          - {prog: nosuchcmd-flashrun, arg: x}
          - {prog: %s, arg: %s}
        """ % (sys.executable, ok, sys.executable, big))
    p = flashrun("sweep", str(grid), "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    no_traceback(p.stderr, p.stdout)
    assert p.returncode == 1, p.stderr
    assert "finished: 1 succeeded, 3 failed, 0 cancelled of 4" in p.stdout, p.stdout
    rows = json.loads((tmp_path / "run" / "results.json").read_text())
    reasons = [r["reason"] for r in rows if r["state"] == "failed"]
    assert len(reasons) == 3
    assert all(r.startswith("cannot start") and "\n" not in r for r in reasons), reasons
    assert [r["exit_code"] for r in rows] == [0, 127, 127, 126]
    assert "Argument list too long" in reasons[2]
    assert [r["attempts"] for r in rows] == [1, 0, 0, 0]  # a program that is not there is not retried


def test_missing_cwd_fails_each_trial_in_one_line(tmp_path):
    grid = write_grid(tmp_path, """\
        name: nocwd
        command: echo {x}
        grid: {x: [1, 2]}
        cwd: %s
        """ % (tmp_path / "gone"))
    p = flashrun("sweep", str(grid), "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    no_traceback(p.stderr, p.stdout)
    assert p.returncode == 1
    assert "finished: 0 succeeded, 2 failed" in p.stdout
    failed = p.stdout.split("failed:\n", 1)[1].splitlines()[:2]
    assert all("cannot start: working directory" in ln and "No such file" in ln
               for ln in failed), p.stdout


@pytest.mark.parametrize("prog,message,status", [
    ("nosuchcmd", "nosuchcmd: command not found", 127),
    ("/nonexistent/prog", "/nonexistent/prog: No such file or directory", 127),
])
def test_run_of_a_missing_command(tmp_path, prog, message, status):
    p = flashrun("run", "--", prog, "arg", cwd=tmp_path)
    assert p.returncode == status, p.stderr
    assert one_line(p.stderr) == "flashrun: error: " + message
    assert not (tmp_path / "runs").exists()
