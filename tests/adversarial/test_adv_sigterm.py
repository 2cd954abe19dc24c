"""SIGTERM to the supervisor does what Ctrl-C does (issue 12, defect 1).

Slurm, Kubernetes and systemd preempt with SIGTERM: the children must get their
own SIGTERM and the grace period (a checkpoint handler runs), the journal must
record the cancellation, the exit status is 143, and ``resume`` carries on.
"""
import json
import os
import re
import signal

import pytest

from adv_helpers import flashrun, no_traceback, start, term_child, wait_for, write_grid  # noqa: F401 (fixture)


def _events(run_dir):
    return [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("signum,status", [(signal.SIGTERM, 143), (signal.SIGINT, 130)],
                         ids=["SIGTERM", "SIGINT"])
def test_stop_signal_to_run_gives_the_child_its_grace(tmp_path, term_child, signum, status):
    run_dir = tmp_path / "run"
    sup = start("run", "--grace", "10", "--quiet", "--run-dir", str(run_dir), "--",
                "python", str(term_child), str(tmp_path), "solo")
    try:
        wait_for(lambda: (tmp_path / "solo.ready").exists(), what="the child to start")
        os.kill(sup.pid, signum)
        out, err = sup.communicate(timeout=60)
    finally:
        if sup.poll() is None:
            sup.kill()
    err = err.decode()
    assert sup.returncode == status, err
    assert (tmp_path / "solo.term").read_text().startswith("checkpointed"), err
    no_traceback(err)
    assert any(e["type"] == "run_cancelled" for e in _events(run_dir))


def test_sigterm_to_sweep_gives_every_trial_its_grace_and_resume_works(tmp_path, term_child):
    grid = write_grid(tmp_path, """\
        name: preempt
        command: python %s %s {tag}
        grid: {tag: [a, b]}
        concurrency: 2
        max_restarts: 0
        """ % (term_child, tmp_path))
    run_dir = tmp_path / "run"
    sup = start("sweep", str(grid), "--run-dir", str(run_dir))
    try:
        wait_for(lambda: all((tmp_path / (t + ".ready")).exists() for t in "ab"),
                 what="both trials to start")
        os.kill(sup.pid, signal.SIGTERM)
        out, err = sup.communicate(timeout=60)
    finally:
        if sup.poll() is None:
            sup.kill()
    err = err.decode()
    assert sup.returncode == 143, err
    for t in "ab":
        assert (tmp_path / (t + ".term")).read_text().startswith("checkpointed"), err
    no_traceback(err, out.decode())
    assert any(e["type"] == "run_cancelled" for e in _events(run_dir))
    # the record says cancelled, and a resume finishes the sweep
    st = flashrun("status", str(run_dir), "--json")
    assert st.returncode == 0, st.stderr
    assert set(t["state"] for t in json.loads(st.stdout)["trials"].values()) == {"cancelled"}
    again = flashrun("resume", str(run_dir))
    assert again.returncode == 0, again.stdout + again.stderr
    st = json.loads(flashrun("status", str(run_dir), "--json").stdout)
    assert set(t["state"] for t in st["trials"].values()) == {"succeeded"}


def test_a_second_signal_does_not_wait_for_the_grace(tmp_path):
    stubborn = tmp_path / "stubborn.py"
    stubborn.write_text("import os, signal, sys, time\n"
                        "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                        "open(sys.argv[1], 'w').write(str(os.getpid()))\n"
                        "while True:\n    time.sleep(0.05)\n")
    pid_file = tmp_path / "pid"
    sup = start("run", "--grace", "600", "--quiet", "--run-dir", str(tmp_path / "run"), "--",
                "python", str(stubborn), str(pid_file))
    try:
        wait_for(lambda: pid_file.exists() and pid_file.read_text(), what="the child")
        child = int(pid_file.read_text())
        os.kill(sup.pid, signal.SIGTERM)  # starts the 600 s grace ...
        os.kill(sup.pid, signal.SIGINT)   # ... which a second signal cuts short
        out, err = sup.communicate(timeout=120)
    finally:
        if sup.poll() is None:
            sup.kill()
    # Both may be pending when the supervisor next runs, and the kernel then delivers
    # the lower-numbered SIGINT first: the status is the first signal's, whichever.
    second = re.search(rb"signal (\d+) again", err)
    assert second, err
    first = signal.SIGINT if int(second.group(1)) == signal.SIGTERM else signal.SIGTERM
    assert sup.returncode == 128 + first, err
    wait_for(lambda: _gone(child), what="the stubborn child to be killed")


def _gone(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True
