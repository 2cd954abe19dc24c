"""One supervisor per run directory (issue 12, defect 5).

Two real ``flashrun sweep`` processes on one run directory: the second refuses in
one line naming the first one's pid, and writes nothing. After the first is
SIGKILLed (its lock cannot outlive it), a third takes the directory over and
finishes the sweep.
"""
import json
import os
import signal

from adv_helpers import flashrun, no_traceback, one_line, script, start, wait_for, write_grid


def _launches(run_dir):
    return sum(1 for line in (run_dir / "events.jsonl").read_text().splitlines()
               if json.loads(line)["type"] == "launch_started")


def test_second_supervisor_is_refused_and_a_dead_ones_lock_is_taken_over(tmp_path):
    child = script(tmp_path, "child.py", """\
        import os, sys, time
        out, tag = sys.argv[1], sys.argv[2]
        open(os.path.join(out, tag + ".ready"), "w").close()
        while not os.path.exists(os.path.join(out, "go")):
            time.sleep(0.05)
        """)
    grid = write_grid(tmp_path, """\
        name: shared
        command: python %s %s {tag}
        grid: {tag: [a, b]}
        concurrency: 2
        """ % (child, tmp_path))
    run_dir = tmp_path / "run"
    first = start("sweep", str(grid), "--run-dir", str(run_dir))
    try:
        wait_for(lambda: all((tmp_path / (t + ".ready")).exists() for t in "ab"),
                 what="the first sweep's trials")
        before = (run_dir / "events.jsonl").read_bytes()
        second = flashrun("sweep", str(grid), "--run-dir", str(run_dir))
        assert second.returncode == 2, second.stderr
        line = one_line(second.stderr)
        assert "in use by flashrun pid %d" % first.pid in line, line
        assert (run_dir / "events.jsonl").read_bytes() == before  # it wrote nothing
        resume = flashrun("resume", str(run_dir))
        assert resume.returncode == 2 and "pid %d" % first.pid in resume.stderr
    finally:
        os.kill(first.pid, signal.SIGKILL)  # no cleanup at all: the lock dies with it
        first.communicate(timeout=60)
    (tmp_path / "go").touch()
    third = flashrun("resume", str(run_dir))  # a run dir that holds a run continues by resume
    no_traceback(third.stderr, third.stdout)
    assert third.returncode == 0, third.stdout + third.stderr
    assert _launches(run_dir) == 4  # two by the dead supervisor, two by the one that took over
