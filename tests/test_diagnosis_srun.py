"""Diagnosis of a 2-node torchrun group under srun: one torchrun per node, so each
node's agent prints its own report, and every line carries srun's task label.

The tails are built from the shapes the Slurm e2e run printed (torch 2.x agent,
gloo on CPU, srun --label, Slurm 22.05): rank 1 on node 2 SIGKILLed from outside,
rank 0's collective then failing on the closed connection. Both scanners.
"""
import pytest

from flashrun import diagnose
from flashrun.policy.table import Action
from flashrun.policy.taxonomy import FailureClass as F

AGENT_FRAMES = (
    'Traceback (most recent call last):\n'
    '  File "<frozen runpy>", line 198, in _run_module_as_main\n'
    '  File "/venv/lib/python3.11/site-packages/torch/distributed/run.py", line 1032, in <module>\n'
    '    main()\n'
    '  File "/venv/lib/python3.11/site-packages/torch/distributed/launcher/api.py",'
    ' line 383, in launch_agent\n'
    '    raise ChildFailedError(\n')

PEER_ERRORS = {
    "reset": "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:537] Read error"
             " [127.0.0.1]:21412: Connection reset by peer",
    "closed": "RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/"
              "pair.cc:553] Connection closed by peer [127.0.0.1]:42887. This is typically"
              " caused by a remote worker crashing. Check the logs of the remote worker"
              " before reporting an error. GLHF!",
}


def _label(task, text):
    return "".join("%d: %s\n" % (task, line) for line in text.splitlines())


def _report(task, rank, exitcode, traceback, pid):
    """torchrun's ChildFailedError block as one node's agent prints it."""
    return _label(task, (
        "E1130 17:45:28.735000 %d torch/distributed/elastic/multiprocessing/api.py:1002]"
        " failed (exitcode: %d) local_rank: 0 (pid: %d) of binary: /venv/bin/python\n"
        % (pid - 4, exitcode, pid)
        + AGENT_FRAMES
        + "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        "======================================================\n"
        "/work/examples/train_ddp.py FAILED\n"
        "------------------------------------------------------\n"
        "Failures:\n"
        "  <NO_OTHER_FAILURES>\n"
        "------------------------------------------------------\n"
        "Root Cause (first observed failure):\n"
        "[0]:\n"
        "  time      : 2026-11-30_17:45:28\n"
        "  host      : n%d\n"
        "  rank      : %d (local_rank: 0)\n"
        "  exitcode  : %d (pid: %d)\n"
        "  error_file: <N/A>\n"
        "  traceback : %s\n"
        "======================================================\n"
        % (task + 1, rank, exitcode, pid, traceback)))


def _rank0_error(peer):
    return _label(0, "".join("[rank0]: %s\n" % line for line in (
        "Traceback (most recent call last):",
        '  File "/work/examples/train_ddp.py", line 292, in main',
        "    loss.backward()",
        '  File "/venv/lib/python3.11/site-packages/torch/autograd/graph.py", line 979,'
        " in _engine_run_backward",
        "    return Variable._execution_engine.run_backward(",
        PEER_ERRORS[peer])))


def _steps():
    return _label(0, "".join("step %d | loss 0.5%d\n" % (i, i) for i in range(1, 5)))


KILLED = _report(1, 1, -9, "Signal 9 (SIGKILL) received by PID 25014", 25014)


def _survivor(peer):
    return _report(0, 0, 1, "To enable traceback see: https://pytorch.org/docs/stable/"
                   "elastic/errors.html", 25015)


def _stopped_agent():
    """Node 1's agent told to stop by srun after the step was cancelled."""
    return _label(0, (
        "slurmstepd-n1: error: *** STEP 2.0 ON n1 CANCELLED AT 2026-11-30T17:45:29 ***\n"
        "W1130 17:45:29.145000 25003 torch/distributed/elastic/agent/server/api.py:753]"
        " Received 15 death signal, shutting down workers\n"
        + AGENT_FRAMES +
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process 25003 got"
        " signal: 15\n"))


SRUN_EXITS = ("srun: error: n2: task 1: Exited with exit code 1\n"
              "srun: launch/slurm: _step_signal: Terminating StepId=2.0\n")
SRUN_KILLED = ("srun: error: n2: task 1: Killed\n"
               "srun: launch/slurm: _step_signal: Terminating StepId=2.0\n")

SIGKILLED_PEER = {
    # node 2's report first, then node 1's naming its own rank 0 (exit 1) as root cause
    "killed report, then survivor report": lambda p: (
        _steps() + KILLED + _rank0_error(p) + SRUN_EXITS + _survivor(p)
        + "srun: error: n1: task 0: Exited with exit code 1\n"),
    # the survivor's agent reports first: torchrun's "first observed failure" per node
    "survivor report, then killed report": lambda p: (
        _steps() + _rank0_error(p) + _survivor(p) + KILLED + SRUN_EXITS
        + "srun: error: n1: task 0: Exited with exit code 1\n"),
    # as the e2e run printed it: node 1's agent stopped by srun before it reported, its
    # cancel and stop lines read under rank 0's message (same task label)
    "survivor agent stopped": lambda p: (
        _steps() + KILLED + _rank0_error(p) + SRUN_EXITS + _stopped_agent()
        + "srun: error: n1: task 0: Exited with exit code 1\n"),
    # node 2's whole task SIGKILLed: no report of its agent, srun says Killed
    "srun reports the task killed": lambda p: (
        _steps() + _rank0_error(p) + SRUN_KILLED + _survivor(p)
        + "srun: error: n1: task 0: Exited with exit code 1\n"),
}


@pytest.mark.parametrize("peer", sorted(PEER_ERRORS))
@pytest.mark.parametrize("shape", sorted(SIGKILLED_PEER))
def test_a_peer_killed_by_a_signal_is_the_cause_not_the_survivors_collective_error(
        scan_impl, monkeypatch, shape, peer):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    tail = SIGKILLED_PEER[shape](peer)
    # the supervisor under Slurm: the scheduler was asked (no outside cause), and the
    # failed task's status is torchrun's exit 1
    d = diagnose(tail.encode(), 1, scheduler_reported=True)
    assert d.failure_class == F.WORKER_CRASH, d.summary()
    assert d.decision.action == Action.RESTART_GROUP
    assert d.decision.evidence.signal == 9
    assert d.root_exception is None  # the survivor's RuntimeError is not believed


def test_the_survivor_s_collective_error_stands_when_no_death_is_reported(scan_impl,
                                                                           monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    tail = _steps() + _rank0_error("reset") + _survivor("reset") + \
        "srun: error: n1: task 0: Exited with exit code 1\n"
    d = diagnose(tail.encode(), 1, scheduler_reported=True)
    assert d.failure_class == F.COMMUNICATION_ERROR, d.summary()


def test_the_other_rank_s_own_error_is_the_cause(scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    own = _label(1, "[rank1]: Traceback (most recent call last):\n"
                 '[rank1]:   File "/work/examples/train_ddp.py", line 280, in main\n'
                 "[rank1]: ValueError: batch 17 has shape (3, 5), expected (4, 5)\n")
    failed = _report(1, 1, 1, "To enable traceback see: https://pytorch.org/docs/stable/"
                     "elastic/errors.html", 25014)
    tail = _steps() + own + failed + _rank0_error("reset") + SRUN_EXITS + _survivor("reset")
    d = diagnose(tail.encode(), 1, scheduler_reported=True)
    assert d.failure_class == F.APPLICATION_ERROR and d.root_exception == "ValueError", \
        d.summary()


def test_a_rank_s_own_abort_after_its_collective_error_is_not_another_s_death(
        scan_impl, monkeypatch):
    # the watchdog on rank 0 aborts its own process (SIGABRT): that is the comm failure
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    watchdog = _label(0, "[rank0]:[E1130 17:45:28.1 ProcessGroupNCCL.cpp:616] [Rank 0]"
                      " Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9,"
                      " OpType=ALLREDUCE) ran for 600000 milliseconds before timing out.\n")
    tail = _steps() + _rank0_error("reset") + watchdog + \
        _report(0, 0, -6, "Signal 6 (SIGABRT) received by PID 25015", 25015)
    d = diagnose(tail.encode(), 1, scheduler_reported=True)
    assert d.failure_class == F.COMMUNICATION_ERROR, d.summary()
