"""`flashrun diagnose` as a user runs it: a real subprocess, real files."""
import json
import subprocess
import sys

from conftest import ROOT

LOG = ROOT / "examples" / "logs" / "rank1_import_error.log"


def flashrun(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "flashrun", *args], input=stdin,
                          capture_output=True, timeout=60, cwd=ROOT)


def test_diagnose_prints_class_action_reason_and_line():
    p = flashrun("diagnose", str(LOG), "--exit-code", "1")
    out = p.stdout.decode()
    assert p.returncode == 0, p.stderr
    assert out.startswith("application_error → fail_job")
    assert "believed (rank 1): ModuleNotFoundError: No module named 'nonexistent_module'" in out


def test_diagnose_json_and_stdin():
    p = flashrun("diagnose", "-", "--json", "--mode", "independent_tasks", stdin=LOG.read_bytes())
    out = json.loads(p.stdout)
    assert out["failure_class"] == "application_error" and out["action"] == "fail_job"
    assert out["evidence"]["rank"] == 1 and out["mode"] == "independent_tasks"


def test_unreadable_file_is_one_line_and_exit_2(tmp_path):
    p = flashrun("diagnose", str(tmp_path / "missing.log"))
    assert p.returncode == 2 and p.stdout == b""
    lines = p.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "missing.log" in lines[0] and "No such file" in lines[0]


def test_bad_arguments_are_one_line_and_exit_2():
    for args in (["diagnose", str(LOG), "--exit-code", "x"], ["diagnose"],
                 ["diagnose", str(LOG), "--mode", "sometimes"], ["frobnicate"]):
        p = flashrun(*args)
        assert p.returncode == 2, args
        assert len(p.stderr.decode().strip().splitlines()) == 1, p.stderr


def test_console_script_entry_point():
    import pathlib

    exe = pathlib.Path(sys.executable).parent / "flashrun"
    assert exe.exists(), "the flashrun console script is installed beside the interpreter"
    p = subprocess.run([str(exe), "--version"], capture_output=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith(b"flashrun ")
