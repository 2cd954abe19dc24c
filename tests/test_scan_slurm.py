"""flashrun.scan.slurm on text captured from the real test cluster (Slurm 22.05).

tests/data/slurm/*.txt are srun's and scontrol's own output, copied from runs
on the cluster of tests/slurm (docs/slurm.md says how each was produced).
"""
import signal
from pathlib import Path

import pytest

from flashrun.scan.slurm import (parse_hostnames, parse_scontrol_job, parse_squeue, parse_srun)

DATA = Path(__file__).resolve().parent / "data" / "slurm"


def text(name):
    return (DATA / name).read_bytes()


def test_node_failure_names_the_node_and_the_cancel_reason():
    r = parse_srun(text("node_fail.txt"))
    assert r.failed_nodes == {"n2"}
    assert r.cancelled == "NODE_FAIL"
    assert r.cancel_line.startswith("*** STEP 8.0 ON n1 CANCELLED AT")
    assert [(t.task, t.node, t.signal) for t in r.tasks] == [
        (1, "n2", signal.SIGTERM), (0, "n1", signal.SIGTERM)]


@pytest.mark.parametrize("name, state", [("preempted.txt", "PREEMPTED"),
                                         ("timeout.txt", "TIMEOUT"),
                                         ("bad_exit.txt", "")])
def test_the_step_cancel_notice_gives_the_reason(name, state):
    assert parse_srun(text(name)).cancelled == state


def test_exit_codes_and_signals_per_task_first_report_wins():
    r = parse_srun(text("signals.txt"))
    by_task = {t.task: t for t in r.tasks}
    assert sorted(by_task) == [0, 1, 2, 3, 5]
    assert by_task[1].signal == signal.SIGSEGV and by_task[1].exit_code is None
    assert by_task[1].returncode == -signal.SIGSEGV   # the later "exit code 139" is ignored
    assert {by_task[t].signal for t in (2, 3, 5)} == {signal.SIGKILL}
    assert by_task[0].exit_code == 3 and by_task[0].returncode == 3
    assert r.first_failure().task == 1 and r.cancelled is None and not r.failed_nodes


def test_the_first_failed_task_is_srun_s_first_report():
    r = parse_srun(text("bad_exit.txt"))
    assert r.first_failure().task == 1 and r.first_failure().exit_code == 1


def test_output_without_srun_lines_reports_nothing():
    r = parse_srun(b"0: step 1 | loss 0.5\n1: srun: error: lookalike inside a task\n")
    assert r.tasks == () and r.cancelled is None and r.failed_nodes == frozenset()


def test_scontrol_show_job():
    job = parse_scontrol_job(text("scontrol_node_fail.txt").decode())
    assert (job.job_id, job.state, job.reason, job.nodes) == ("8", "NODE_FAIL", "NodeDown", "n[1-2]")
    assert job.scheduler_state == "NODE_FAIL"
    assert parse_scontrol_job("slurm_load_jobs error: Invalid job id specified") is None


def test_squeue_rows_and_which_states_are_scheduler_causes():
    rows = parse_squeue("12|PREEMPTED|None|n[1-2]\n\n13|COMPLETED|None|n3\n14|FAILED|NonZeroExitCode|\n")
    assert [(r.job_id, r.state) for r in rows] == [("12", "PREEMPTED"), ("13", "COMPLETED"),
                                                   ("14", "FAILED")]
    assert [r.scheduler_state for r in rows] == ["PREEMPTED", None, None]


def test_hostnames():
    assert parse_hostnames("n1\nn2\n\n") == ["n1", "n2"]


def test_one_line_for_several_tasks_with_a_host_list():
    # srun's template: error("%s: %s %s: Exited with exit code %d", hosts, "tasks", range, rc)
    r = parse_srun(b"srun: error: n[1-2]: tasks 0-1,3: Exited with exit code 2\n")
    assert [(t.task, t.node, t.exit_code) for t in r.tasks] == [
        (0, "n[1-2]", 2), (1, "n[1-2]", 2), (3, "n[1-2]", 2)]
