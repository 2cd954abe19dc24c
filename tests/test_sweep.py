"""Sweeps end to end: real processes, the real CLI, a real event loop in the notebook tests."""
import asyncio
import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import flashrun
from flashrun.record.events import read_events
from mechanism_fixtures import alive, identify, wait_dead
from flashrun.policy.budget import Backoff

FAST = Backoff(restart_base=0.05, restart_cap=0.1, pause_base=0.2, pause_cap=0.5)
CLI = [sys.executable, "-m", "flashrun"]


def write_grid(tmp_path, body):
    path = tmp_path / "grid.yaml"
    path.write_text(textwrap.dedent(body))
    return path


def events(run_dir, kind=None):
    evs = read_events(os.path.join(run_dir, "events.jsonl"))
    return [e for e in evs if kind is None or e.type.value == kind]


def test_schema_error_is_one_line_with_position_and_nothing_runs(tmp_path):
    grid = write_grid(tmp_path, """\
        name: bad
        command: python -c "print(1)" {lr}
        grid:
          lr: [0.1]
        concurency: 2
        """)
    p = subprocess.run(CLI + ["sweep", str(grid), "--run-dir", str(tmp_path / "run")],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "grid.yaml:5:1" in lines[0] and "concurrency" in lines[0]
    assert not (tmp_path / "run").exists()


def test_values_stay_literal_argv_tokens(tmp_path):
    marker = tmp_path / "pwned"
    rows = flashrun.sweep(
        name="inject", command=[sys.executable, "-c",
                                "import sys, json; print('FLASHRUN_METRICS', "
                                "json.dumps(dict(argv=sys.argv[1:])))", "{value}"],
        grid={"value": ["; touch %s" % marker, "$(touch %s)" % marker, "--evil x"]},
        concurrency=3, run_dir=tmp_path / "run", view=None).run()
    assert not marker.exists()
    got = sorted(r["metrics"]["argv"][0] for r in rows)
    assert got == sorted(["; touch %s" % marker, "$(touch %s)" % marker, "--evil x"])
    assert all(len(r["metrics"]["argv"]) == 1 for r in rows)


def test_concurrency_counts_processes_and_is_respected(tmp_path):
    log = tmp_path / "spans"
    code = ("import os, sys, time; t0 = time.time(); time.sleep(0.4); "
            "open(sys.argv[1], 'a').write('%f %f\\n' % (t0, time.time()))")
    rows = flashrun.sweep(name="slots", command=[sys.executable, "-c", code, str(log), "{i}"],
                          grid={"i": list(range(8))}, concurrency=3,
                          run_dir=tmp_path / "run", view=None).run()
    assert [r["state"] for r in rows] == ["succeeded"] * 8
    spans = [tuple(map(float, line.split())) for line in log.read_text().splitlines()]
    peak = max(sum(1 for a, b in spans if a <= t < b) for t, _ in spans)
    assert 2 <= peak <= 3  # never above the limit; overlap shows the slots were used


def test_torchrun_trials_get_distinct_rendezvous_ports(tmp_path):
    code = ("import os, json\n"  # rank 0 reports; both ranks writing one pipe would interleave
            "if os.environ['RANK'] == '0':\n"
            "    print('FLASHRUN_METRICS ' + json.dumps(dict(w=int(os.environ['WORLD_SIZE']))))")
    grid = tmp_path / "grid.yaml"
    grid.write_text(json.dumps({"name": "ports", "command": ["python", "-c", code, "{i}"],
                                "torchrun": {"nproc_per_node": 2}, "grid": {"i": [0, 1, 2, 3]},
                                "concurrency": 4}))
    sw = flashrun.sweep(grid, run_dir=tmp_path / "run", view=None)
    rows = sw.run()
    assert all(r["state"] == "succeeded" and r["metrics"]["w"] == 2 for r in rows)
    launches = events(sw.run_dir, "launch_started")
    ports = [next(a for a in e.data["argv"] if a.startswith("127.0.0.1:")) for e in launches]
    assert len(launches) == 4 and len(set(ports)) == 4
    assert all(p != "127.0.0.1:0" for p in ports)


def test_correlated_incident_freezes_then_resume_continues(tmp_path):
    flag = tmp_path / "healthy"
    code = ("import os, sys, time; time.sleep(0.2)\n"
            "if not os.path.exists(sys.argv[1]):\n"
            "    print('RuntimeError: NCCL error: unhandled system error', file=sys.stderr)\n"
            "    sys.exit(1)\n"
            "print('FLASHRUN_METRICS {{\"ok\": 1}}')")
    options = dict(name="storm", command=[sys.executable, "-c", code, str(flag), "{i}"],
                   grid={"i": list(range(6))}, concurrency=3, max_restarts=3,
                   run_dir=tmp_path / "run", view=None, backoff=FAST)
    rows = flashrun.sweep(**options).run()
    states = [r["state"] for r in rows]
    assert "frozen" in states and "succeeded" not in states
    evs = events(tmp_path / "run")
    assert any(e.type.value == "automation_frozen" for e in evs)
    launched = {e.trial for e in evs if e.type.value == "launch_started"}
    assert len(launched) == 3, "queued trials were not launched into the incident"
    restarts = [e for e in evs if e.type.value == "launch_started" and e.attempt > 0]
    assert len(restarts) <= 2
    flag.write_text("ok")
    p = subprocess.run(CLI + ["resume", str(tmp_path / "run")], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    rows = json.loads((tmp_path / "run" / "results.json").read_text())
    assert [r["state"] for r in rows] == ["succeeded"] * 6
    assert any(e.type.value == "resumed" for e in events(tmp_path / "run"))


def test_pause_holds_every_launch_until_the_backoff_is_over(tmp_path):
    code = ("import sys, os, time\n"
            "if sys.argv[1] == '0' and os.environ['FLASHRUN_ATTEMPT'] == '0':\n"
            "    print('OSError: [Errno 28] No space left on device', file=sys.stderr)\n"
            "    sys.exit(1)\n"
            "print('FLASHRUN_METRICS {{\"t\": %f}}' % time.time())")
    rows = flashrun.sweep(name="pause", command=[sys.executable, "-c", code, "{i}"],
                          grid={"i": [0, 1, 2]}, concurrency=1, run_dir=tmp_path / "run",
                          view=None, backoff=Backoff(pause_base=1.5)).run()
    assert [r["state"] for r in rows] == ["succeeded"] * 3
    decided = events(tmp_path / "run", "recovery_action_selected")
    assert [e.data["action"] for e in decided] == ["pause_job"]
    failed_at = events(tmp_path / "run", "attempt_exited")[0].ts
    assert all(r["metrics"]["t"] - failed_at >= 1.4 for r in rows)


def test_results_files_and_best_trial(tmp_path):
    code = "import sys; print('FLASHRUN_METRICS {{\"loss\": %s}}' % sys.argv[1])"
    sw = flashrun.sweep(name="best", command=[sys.executable, "-c", code, "{loss}"],
                        grid={"loss": [0.5, 0.2, 0.9]}, objective={"metric": "loss", "mode": "min"},
                        run_dir=tmp_path / "run", view=None)
    sw.run()
    assert sw.best()["metrics"]["loss"] == 0.2
    csv = (tmp_path / "run" / "results.csv").read_text().splitlines()
    assert len(csv) == 4 and "metrics.loss" in csv[0]
    assert (tmp_path / "run" / "spec.yaml").exists()
    for t in sw.spec.trials:
        assert (tmp_path / "run" / "trials" / t.trial_id / "params.json").exists()


def test_notebook_api_inside_a_running_loop(tmp_path):
    code = "print('FLASHRUN_METRICS {{\"x\": 1}}')"

    async def cell():
        blocking = flashrun.sweep(name="nb", command=[sys.executable, "-c", code, "{i}"],
                                  grid={"i": [0, 1]}, run_dir=tmp_path / "a", view=None).run()
        awaited = await flashrun.sweep(name="nb", command=[sys.executable, "-c", code, "{i}"],
                                       grid={"i": [0, 1]}, run_dir=tmp_path / "b",
                                       view=None).run_async()
        return blocking, awaited

    blocking, awaited = asyncio.run(cell())
    assert [r["state"] for r in blocking + awaited] == ["succeeded"] * 4


def test_background_sweep_status_and_cancel_leave_no_process(tmp_path):
    code = "import time; time.sleep(60)"
    sw = flashrun.sweep(name="bg", command=[sys.executable, "-c", code, "{i}"],
                        grid={"i": [0, 1, 2]}, concurrency=2, run_dir=tmp_path / "run",
                        view=None, grace=2.0).start()
    deadline = time.monotonic() + 120  # polls the state, the deadline only guards a hang
    while sw.status().get("running", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert sw.status() == {"running": 2, "queued": 1}
    procs = identify(e.data["pid"] for e in events(tmp_path / "run", "launch_started"))
    sw.cancel()
    sw.wait(timeout=1)
    assert sw.done
    assert alive(procs) == set()
    assert sw.status().get("cancelled") == 3


@pytest.mark.slow
def test_resume_after_sigkill_of_the_supervisor(tmp_path):
    flag = tmp_path / "go"  # trials 1 and 2 wait until it exists: they are mid-run when killed
    code = ("import os, sys, time\n"
            "if sys.argv[1] != '0' and not os.path.exists(%r): time.sleep(30)\n"
            "print('FLASHRUN_METRICS {{\"i\": %%s}}' %% sys.argv[1])" % str(flag))
    grid = tmp_path / "grid.yaml"
    grid.write_text(json.dumps({"name": "killed", "command": [sys.executable, "-c", code, "{i}"],
                                "grid": {"i": [0, 1, 2]}, "concurrency": 3}))
    run_dir = tmp_path / "run"
    with open(tmp_path / "out", "wb") as out:
        proc = subprocess.Popen(CLI + ["sweep", str(grid), "--run-dir", str(run_dir)],
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if (run_dir / "events.jsonl").exists() and events(run_dir, "run_succeeded") \
                    and len(events(run_dir, "launch_started")) == 3:
                break
            time.sleep(0.1)
        procs = identify(e.data["pid"] for e in events(run_dir, "launch_started"))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        assert wait_dead(procs, 10) == set()
    finally:
        proc.kill()
    first = [e.trial for e in events(run_dir, "run_succeeded")]
    flag.write_text("")
    p = subprocess.run(CLI + ["sweep", str(grid), "--resume", str(run_dir)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout + p.stderr
    rows = json.loads((run_dir / "results.json").read_text())
    assert [r["state"] for r in rows] == ["succeeded"] * 3
    assert sorted(r["metrics"]["i"] for r in rows) == [0, 1, 2]
    relaunched = {e.trial for e in events(run_dir, "launch_started")}
    assert len(events(run_dir, "run_succeeded")) == 3
    assert set(first) <= relaunched
    assert sum(1 for e in events(run_dir, "launch_started") if e.trial == first[0]) == 1
