"""The supervisor loop alone: budget, backoff, fingerprint, pause, freeze and cancellation.

A fake attempt runner stands in for processes (the real ones are exercised by
tests/test_supervisor.py with real torchrun groups); the loop's decisions, events and
delays are checked without spawning anything or waiting on a clock, so these tests run in
milliseconds and under both scanner implementations.
"""
import asyncio
import os

import pytest

from flashrun.policy.budget import Backoff
from flashrun.record.events import read_events
from flashrun.record.journal import Journal
from flashrun.record.state import TrialState
from flashrun.runtime.attempt import AttemptOutcome
from flashrun.runtime.process import Exit
from flashrun.runtime.supervisor import Coordinator, supervise
from flashrun.scan import scan_tail
from flashrun.spec.group import GroupSpec

CRASH = (-9, b"step 3\n")
NCCL = (1, b"Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n"
           b"torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, "
           b"unhandled system error\n")
BUG = (1, b"Traceback (most recent call last):\n  File \"train.py\", line 2, in <module>\n"
          b"KeyError: 'lr'\n")
DNS = (1, b"Traceback (most recent call last):\n  File \"fetch.py\", line 4, in <module>\n"
          b"requests.exceptions.ConnectionError: HTTPSConnectionPool(host='hub', port=443): "
          b"Max retries exceeded with url: /x (Caused by NameResolutionError: "
          b"Temporary failure in name resolution)\n")
OK = (0, b"done\n")


class FakeAttempts:
    """Plays a script of (returncode, tail) outcomes, one per attempt."""

    def __init__(self, *script):
        self.script = list(script)
        self.calls = []

    async def __call__(self, argv, *, log_dir, env, on_started, **kw):
        self.calls.append({"argv": argv, "log_dir": log_dir, "env": env, **kw})
        os.makedirs(log_dir, exist_ok=True)
        rc, tail = self.script.pop(0)
        on_started(4242)
        ex = Exit(pid=4242, returncode=rc, started_at=0.0, exited_at=1.0, finished_at=1.0,
                  stop_requested=False, killed=False, leftovers=False)
        return AttemptOutcome(ex, False, None, None, tail, scan_tail(tail), str(log_dir))


class Sleeps:
    """A fake clock: sleeping records the delay and moves ``now`` forward at once."""

    def __init__(self):
        self.delays = []
        self.now = 1000.0

    async def __call__(self, seconds):
        self.delays.append(seconds)
        self.now += seconds

    def clock(self):
        return self.now


def run(tmp_path, fake, *, coordinator=None, backoff=Backoff(), **spec):
    journal = Journal(tmp_path)
    sleeps = Sleeps()
    group = GroupSpec(argv=("python", "train.py"), trial_id="t0",
                      mode=spec.pop("mode", "coordinated_training"), **spec)

    async def go():
        coord = (coordinator(journal, sleeps.clock) if coordinator
                 else Coordinator(journal, clock=sleeps.clock))
        return await supervise(group, run_dir=tmp_path, journal=journal, coordinator=coord,
                               backoff=backoff, say=lambda line: None,
                               attempt_runner=fake, sleep=sleeps)

    try:
        res = asyncio.run(go())
    finally:
        journal.close()
    return res, sleeps.delays, read_events(tmp_path / "events.jsonl")


def actions(events):
    return [e.data["action"] for e in events if e.type == "recovery_action_selected"]


def test_restart_budget_turns_the_last_relaunch_into_fail_job(tmp_path):
    fake = FakeAttempts(CRASH, CRASH, CRASH)
    res, _, events = run(tmp_path, fake, max_restarts=2)
    assert res.state == TrialState.FAILED and res.attempts == 3 and len(fake.calls) == 3
    assert actions(events) == ["restart_group", "restart_group", "fail_job"]
    assert "restart budget (2) is spent" in res.decisions[-1].reason
    assert res.exit_code == 128 + 9


def test_backoff_first_restart_immediate_then_doubling(tmp_path):
    fake = FakeAttempts(CRASH, CRASH, CRASH, CRASH, OK)
    res, delays, _ = run(tmp_path, fake, max_restarts=5,
                         backoff=Backoff(restart_base=1.0, restart_cap=3.0))
    assert res.state == TrialState.SUCCEEDED and res.attempts == 5
    assert delays == [1.0, 2.0, 3.0]  # restart 1 immediate (no sleep), then 1, 2, capped at 3


def test_same_root_cause_twice_fails_fast(tmp_path):
    fake = FakeAttempts(NCCL, NCCL, OK)
    res, _, events = run(tmp_path, fake, max_restarts=5)
    assert res.state == TrialState.FAILED and len(fake.calls) == 2
    assert actions(events) == ["restart_group", "fail_job"]
    assert res.decisions[-1].deterministic
    fps = [e.data["fingerprint"] for e in events if e.type == "failure_classified"]
    assert fps[0] == fps[1]


def test_a_code_error_is_not_restarted(tmp_path):
    res, delays, events = run(tmp_path, FakeAttempts(BUG, OK), max_restarts=3)
    assert res.state == TrialState.FAILED and res.attempts == 1 and delays == []
    assert actions(events) == ["fail_job"]


def test_a_dead_dependency_pauses_the_run_with_growing_backoff(tmp_path):
    coords = []

    def coordinator(journal, clock):
        coords.append(Coordinator(journal, clock=clock))
        return coords[-1]

    res, delays, events = run(tmp_path, FakeAttempts(DNS, DNS, OK), coordinator=coordinator,
                              max_restarts=3, mode="independent_tasks",
                              backoff=Backoff(pause_base=5.0, pause_cap=300.0))
    assert actions(events) == ["pause_job", "pause_job"]
    assert delays == [5.0, 10.0] and res.state == TrialState.SUCCEEDED
    assert coords[0].paused_until > 0  # every other launch of the run waited too


def test_frozen_automation_launches_nothing(tmp_path):
    def coordinator(journal, clock):
        c = Coordinator(journal, clock=clock)
        c.freeze("three trials failed within a minute")
        return c

    fake = FakeAttempts(OK)
    res, _, events = run(tmp_path, fake, coordinator=coordinator)
    assert res.state == TrialState.FROZEN and fake.calls == []
    assert actions(events) == ["freeze_automation"]


def test_an_incident_freezes_automation(tmp_path):
    journal = Journal(tmp_path)

    async def go():
        coord = Coordinator(journal, incident_threshold=2, incident_window_s=60.0)
        runs = [supervise(GroupSpec(argv=("x",), trial_id=tid, mode="coordinated_training"),
                          run_dir=tmp_path, journal=journal, coordinator=coord,
                          say=lambda line: None, attempt_runner=FakeAttempts(CRASH, OK),
                          sleep=Sleeps()) for tid in ("a", "b")]
        return await asyncio.gather(*runs)

    try:
        results = asyncio.run(go())
    finally:
        journal.close()
    # a fails and restarts (one failure is no incident); b's failure makes two distinct
    # trials inside the window: b freezes, and nothing may launch after that
    assert [r.state for r in results] == [TrialState.SUCCEEDED, TrialState.FROZEN]
    events = read_events(tmp_path / "events.jsonl")
    assert "freeze_automation" in actions(events)
    assert sum(e.type == "automation_frozen" for e in events) == 1


def test_spec_reaches_the_attempt(tmp_path):
    fake = FakeAttempts(OK)
    run(tmp_path, fake, grace=7.0, fatal_grace=2.0, hang_timeout=30.0, ring_size=4096,
        env={"A": "1"})
    call = fake.calls[0]
    assert (call["grace"], call["fatal_grace"], call["hang_timeout"], call["ring_size"]) == (
        7.0, 2.0, 30.0, 4096)
    assert call["env"]["A"] == "1" and call["env"]["FLASHRUN_ATTEMPT"] == "0"
    assert call["log_dir"] == tmp_path / "trials" / "t0" / "attempt-0"


def test_cancellation_propagates_and_the_attempt_finishes_first(tmp_path):
    started, finished = asyncio.Event(), []

    async def hanging(argv, *, log_dir, on_started, **kw):
        on_started(1)
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            finished.append(log_dir)  # a real attempt reaps its group here (shielded)

    journal = Journal(tmp_path)

    async def go():
        task = asyncio.ensure_future(supervise(
            GroupSpec(argv=("x",), trial_id="t0"), run_dir=tmp_path, journal=journal,
            say=lambda line: None, attempt_runner=hanging, sleep=Sleeps()))
        await started.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    try:
        asyncio.run(go())
    finally:
        journal.close()
    assert finished == [tmp_path / "trials" / "t0" / "attempt-0"]
    types = [e.type for e in read_events(tmp_path / "events.jsonl")]
    assert "launch_started" in types and "attempt_exited" not in types
