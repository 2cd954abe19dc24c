"""flashrun.runtime.backends: the srun command line (pure) and the policy's use of a report."""
from flashrun.policy.diagnose import diagnose
from flashrun.policy.table import Action
from flashrun.policy.taxonomy import FailureClass as F
from flashrun.runtime.backends import LocalBackend, SchedulerReport, make_backend
from flashrun.runtime.backends.slurm import SlurmBackend, srun_argv
from flashrun.scan.slurm import TaskExit
from flashrun.spec.backend import Local, Slurm


def test_srun_argv_one_task_per_node_and_every_option():
    argv = srun_argv(Slurm(nodes=2, partition="gpu", time="10", gpus_per_node=4,
                           extra=("--exclusive",)), ["python", "x.py"], job_name="flashrun-ab",
                     exclude=frozenset({"n3", "n1"}), cwd="/w")
    assert argv[:2] == ["srun", "--job-name"] and argv[-2:] == ["python", "x.py"]
    joined = " ".join(argv)
    for part in ("--nodes 2", "--ntasks 2", "--ntasks-per-node 1", "--label",
                 "--kill-on-bad-exit=1", "--partition gpu", "--time 10", "--gpus-per-node 4",
                 "--exclude n1,n3", "--chdir /w", "--exclusive python x.py"):
        assert part in joined, part


def test_srun_argv_minimal():
    argv = srun_argv(Slurm(nodes=1), ["true"], job_name="j")
    assert not {"--partition", "--time", "--gpus-per-node", "--exclude", "--chdir"} & set(argv)


def test_make_backend():
    assert isinstance(make_backend(None), LocalBackend)
    assert isinstance(make_backend(Local()), LocalBackend)
    b = make_backend(Slurm(nodes=2), nproc_per_node=1)
    assert isinstance(b, SlurmBackend) and b.nproc_per_node == 1


def test_report_exit_code_is_the_first_failed_task():
    r = SchedulerReport(tasks=(TaskExit(1, "n2", None, 9, "Killed"),
                               TaskExit(0, "n1", 143, None, "Exited with exit code 143")))
    assert r.exit_code == -9
    assert r.as_dict()["tasks"][0] == {"task": 1, "node": "n2", "exit_code": None, "signal": 9}
    assert SchedulerReport().exit_code is None


CANCEL_LINE = (b"srun: error: n2: task 1: Exited with exit code 1\n"
               b"0: slurmstepd-n1: error: *** STEP 2.0 ON n1 CANCELLED AT 2026-11-30T16:24:42 ***\n")


def test_scheduler_state_outranks_the_tail():
    tail = b"1: Traceback (most recent call last):\n1: ValueError: boom\n"
    d = diagnose(tail, 1, scheduler_state="NODE_FAIL", scheduler_line="slurm: job 8 NODE_FAIL")
    assert d.failure_class == F.NODE_LOSS and d.decision.action == Action.REPLACE_NODE
    assert d.evidence.line == "slurm: job 8 NODE_FAIL"
    assert diagnose(tail, 1, scheduler_state="PREEMPTED").failure_class == F.PREEMPTION
    assert diagnose(tail, 1, scheduler_state="TIMEOUT").failure_class == F.PREEMPTION
    assert diagnose(b"", 137, scheduler_state="OUT_OF_MEMORY").failure_class == F.OUT_OF_MEMORY


def test_a_reported_plain_cancel_is_not_a_preemption():
    # srun cancels the step itself after a task failed: the log says CANCELLED AT, with
    # no reason, after the task's failure; the log alone reads it so, as does the scheduler
    assert diagnose(CANCEL_LINE, 1).failure_class == F.WORKER_CRASH
    d = diagnose(CANCEL_LINE, 1, scheduler_reported=True)
    assert d.failure_class == F.WORKER_CRASH
    # a bare cancel with nothing failing before it is a cancellation, unless the
    # scheduler, asked, says nothing outside ended the job
    bare = (b"0: step 9\n"
            b"0: slurmstepd-n1: error: *** STEP 2.0 ON n1 CANCELLED AT 2026-11-30T16:24:42 ***\n")
    assert diagnose(bare, 143).failure_class == F.PREEMPTION
    assert diagnose(bare, 143, scheduler_reported=True).failure_class != F.PREEMPTION


def test_a_repeated_scheduler_cause_is_not_a_deterministic_bug():
    # what the surviving rank prints when its peer's node went away
    tail = (b"0: Traceback (most recent call last):\n"
            b'0:   File "train.py", line 9, in <module>\n'
            b"0: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] "
            b"Connection closed by peer [127.0.0.1]:41234\n")
    first = diagnose(tail, 1, scheduler_state="NODE_FAIL")
    again = diagnose(tail, 1, scheduler_state="NODE_FAIL", previous_fingerprint=first.fingerprint)
    assert again.decision.action == Action.REPLACE_NODE and not again.decision.deterministic
    # the same tail without the scheduler's word is judged by the usual rule
    plain = diagnose(tail, 1, previous_fingerprint=first.fingerprint)
    assert plain.decision.action == Action.FAIL_JOB and plain.decision.deterministic
