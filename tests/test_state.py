"""flashrun.record.state: RunState = fold(events), and atomic state.json."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flashrun.record.events import Event, EventLog, EventType, read_events
from flashrun.record.state import (
    ACTION_STATES,
    TRANSITIONS,
    RunState,
    TrialState,
    TrialStatus,
    apply,
    fold,
    read_state,
    write_state,
)

REPO = Path(__file__).resolve().parents[1]
T = EventType
S = TrialState


class Clock:
    """Event factory with increasing timestamps."""

    def __init__(self):
        self.ts = 100.0

    def __call__(self, type_, trial="t0", attempt=None, **data):
        self.ts += 1
        return Event(self.ts, type_, trial, attempt, data)


@pytest.fixture
def e():
    return Clock()


def test_state_is_a_str_enum_with_the_machine_in_its_docstring():
    assert isinstance(S.RUNNING, str) and S.RUNNING == "running"
    for name in S.__members__:
        assert name in S.__doc__
    assert {s for s in S if s.terminal} == {S.SUCCEEDED, S.FAILED, S.CANCELLED}
    assert set(TRANSITIONS) == set(S)
    assert TRANSITIONS[S.SUCCEEDED] == frozenset()


def test_happy_path(e):
    events = [e(T.TRIAL_QUEUED, params={"lr": 0.1}), e(T.LAUNCH_STARTED, attempt=0),
              e(T.ATTEMPT_EXITED, attempt=0, returncode=0), e(T.RUN_SUCCEEDED, attempt=0)]
    state = fold(events)
    t = state.trials["t0"]
    assert t.state is S.SUCCEEDED
    assert (t.attempts, t.attempt, t.exit_code) == (1, 0, 0)
    assert (t.queued_at, t.started_at, t.exited_at, t.finished_at) == (101.0, 102.0, 103.0, 104.0)
    assert state.events == 4 and state.ignored == 0
    assert state.done
    assert state.counts()["succeeded"] == 1 and sum(state.counts().values()) == 1


def test_restart_from_a_transient_crash(e):
    events = [
        e(T.TRIAL_QUEUED),
        e(T.LAUNCH_STARTED, attempt=0),
        e(T.ATTEMPT_EXITED, attempt=0, returncode=-9),
        e(T.FAILURE_CLASSIFIED, attempt=0, failure_class="worker_crash"),
        e(T.RECOVERY_ACTION_SELECTED, attempt=0, action="restart_group",
          reason="rank 1 was killed", policy_version="1"),
    ]
    mid = fold(events)
    t = mid.trials["t0"]
    assert t.state is S.RESTARTING
    assert (t.exit_code, t.last_failure, t.last_decision) == (137, "worker_crash", "restart_group")
    assert t.reason == "rank 1 was killed" and t.policy_version == "1"
    assert not mid.done
    more = [e(T.CHECKPOINT_SKIPPED, attempt=1, step=30, reason="torn"),
            e(T.CHECKPOINT_SELECTED, attempt=1, step=20),
            e(T.LAUNCH_STARTED, attempt=1),
            e(T.OUTPUT_STALLED, attempt=1, silent_s=60)]
    t = fold(more, mid).trials["t0"]
    assert t.state is S.RUNNING
    assert (t.attempts, t.attempt, t.exit_code) == (2, 1, None)
    assert (t.checkpoints_skipped, t.resume_step, t.stalls) == (1, 20, 1)
    assert t.started_at == 102.0 and t.last_launch_at == 108.0


@pytest.mark.parametrize("action,expected", [
    ("retry_task", S.RESTARTING), ("replace_node", S.RESTARTING), ("pause_job", S.PAUSED),
    ("freeze_automation", S.FROZEN), ("fail_job", S.RUNNING), ("unheard_of", S.RUNNING),
])
def test_each_action_leads_to_its_state(e, action, expected):
    state = fold([e(T.LAUNCH_STARTED, attempt=0), e(T.ATTEMPT_EXITED, returncode=1),
                  e(T.RECOVERY_ACTION_SELECTED, action=action)])
    assert state.trials["t0"].state is expected
    assert state.trials["t0"].last_decision == action
    assert state.ignored == 0


def test_action_table_covers_the_design_actions():
    assert set(ACTION_STATES) == {"fail_job", "retry_task", "restart_group", "replace_node",
                                  "pause_job", "freeze_automation"}


def test_fail_job_then_run_failed(e):
    state = fold([e(T.LAUNCH_STARTED, attempt=0), e(T.ATTEMPT_EXITED, returncode=1),
                  e(T.FAILURE_CLASSIFIED, failure_class="application_error"),
                  e(T.RECOVERY_ACTION_SELECTED, action="fail_job", reason="KeyError is a bug"),
                  e(T.RUN_FAILED, reason="KeyError is a bug")])
    t = state.trials["t0"]
    assert t.state is S.FAILED and t.reason == "KeyError is a bug" and t.finished_at == 105.0


def test_run_wide_freeze_and_resume(e):
    events = [
        e(T.LAUNCH_STARTED, "a", 0), e(T.LAUNCH_STARTED, "b", 0), e(T.LAUNCH_STARTED, "c", 0),
        e(T.TRIAL_QUEUED, "d"),
        e(T.RECOVERY_ACTION_SELECTED, "a", 0, action="restart_group"),
        e(T.RECOVERY_ACTION_SELECTED, "b", 0, action="pause_job"),
        e(T.AUTOMATION_FROZEN, None, reason="5 trials died within 60 s"),
    ]
    frozen = fold(events)
    assert frozen.frozen and frozen.frozen_reason == "5 trials died within 60 s"
    states = {k: t.state for k, t in frozen.trials.items()}
    assert states == {"a": S.FROZEN, "b": S.FROZEN, "c": S.RUNNING, "d": S.QUEUED}
    resumed = apply(frozen, e(T.RESUMED, None, by="alice"))
    assert not resumed.frozen and resumed.frozen_reason is None
    states = {k: t.state for k, t in resumed.trials.items()}
    assert states == {"a": S.RESTARTING, "b": S.RESTARTING, "c": S.RUNNING, "d": S.QUEUED}
    assert resumed.ignored == 0


def test_trial_scoped_freeze_and_resume(e):
    state = fold([e(T.LAUNCH_STARTED, attempt=0), e(T.AUTOMATION_FROZEN, reason="x"),
                  e(T.RESUMED), e(T.LAUNCH_STARTED, attempt=1)])
    assert state.trials["t0"].state is S.RUNNING and not state.frozen
    assert state.trials["t0"].attempts == 2


def test_run_wide_cancel_spares_finished_trials(e):
    state = fold([e(T.LAUNCH_STARTED, "a", 0), e(T.RUN_SUCCEEDED, "a", 0),
                  e(T.LAUNCH_STARTED, "b", 0), e(T.TRIAL_QUEUED, "c"),
                  e(T.RUN_CANCELLED, None, reason="Ctrl-C")])
    assert state.cancelled and state.done
    assert {k: t.state for k, t in state.trials.items()} == {
        "a": S.SUCCEEDED, "b": S.CANCELLED, "c": S.CANCELLED}
    assert state.trials["b"].finished_at == state.updated_at


def test_illegal_transitions_are_ignored_and_counted(e):
    state = fold([e(T.LAUNCH_STARTED, attempt=0), e(T.RUN_SUCCEEDED),
                  e(T.LAUNCH_STARTED, attempt=1), e(T.TRIAL_QUEUED), e(T.RUN_FAILED),
                  e(T.ATTEMPT_EXITED, returncode=7)])
    t = state.trials["t0"]
    assert t.state is S.SUCCEEDED and t.attempts == 1
    assert t.exit_code == 7  # facts are still recorded
    assert state.ignored == 3 and state.events == 6


def test_failed_trial_can_be_requeued(e):
    state = fold([e(T.LAUNCH_STARTED, attempt=0), e(T.RUN_FAILED), e(T.TRIAL_QUEUED),
                  e(T.LAUNCH_STARTED, attempt=1)])
    assert state.trials["t0"].state is S.RUNNING and state.ignored == 0


def test_trials_keep_first_seen_order_and_are_read_only(e):
    state = fold([e(T.TRIAL_QUEUED, "z"), e(T.TRIAL_QUEUED, "a"), e(T.LAUNCH_STARTED, "z", 0)])
    assert list(state.trials) == ["z", "a"]
    with pytest.raises(TypeError):
        state.trials["q"] = TrialStatus("q")  # type: ignore[index]


def test_fold_of_the_log_file_equals_fold_of_the_events(tmp_path, e):
    events = [e(T.TRIAL_QUEUED, env={"HF_TOKEN": "x"}), e(T.LAUNCH_STARTED, attempt=0),
              e(T.ATTEMPT_EXITED, attempt=0, returncode=0), e(T.RUN_SUCCEEDED, attempt=0)]
    with EventLog(tmp_path / "events.jsonl") as log:
        for ev in events:
            log.append(ev)
    assert fold(read_events(tmp_path / "events.jsonl")) == fold(events)


# ------------------------------------------------------------------------- I/O

def test_write_and_read_state_round_trip(tmp_path, e):
    state = fold([e(T.TRIAL_QUEUED, "a"), e(T.LAUNCH_STARTED, "a", 0),
                  e(T.RECOVERY_ACTION_SELECTED, "a", 0, action="pause_job"),
                  e(T.AUTOMATION_FROZEN, None, reason="r")])
    path = tmp_path / "run" / "state.json"
    write_state(path, state)
    assert read_state(path) == state
    obj = json.loads(path.read_text())
    assert obj["schema"] == 1 and obj["trials"]["a"]["state"] == "frozen"
    assert obj["counts"]["frozen"] == 1
    write_state(path, RunState(), fsync=False)  # replaces
    assert read_state(path) == RunState()
    assert sorted(p.name for p in path.parent.iterdir()) == ["state.json"]  # no temp files left


def test_write_state_failure_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "state.json"
    write_state(path, RunState(events=1))

    def boom(src, dst):
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_state(path, RunState(events=2))
    monkeypatch.undo()
    assert read_state(path).events == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]


def test_read_state_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_state(tmp_path / "missing.json")
    (tmp_path / "old.json").write_text('{"schema": 99}')
    with pytest.raises(ValueError, match="schema"):
        read_state(tmp_path / "old.json")


def test_module_imports_alone_without_torch_or_asyncio():
    code = ("import sys, flashrun.record.state; "
            "assert 'torch' not in sys.modules and 'asyncio' not in sys.modules")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=60)


# ------------------------------------------------------------------ properties

random_events = st.lists(
    st.builds(
        lambda i, type_, trial, attempt, action: Event(
            float(i), type_, trial, attempt,
            {"action": action, "returncode": attempt, "failure_class": "hang", "step": attempt}),
        st.integers(0, 10**6),
        st.sampled_from(list(EventType)),
        st.sampled_from([None, "a", "b"]),
        st.one_of(st.none(), st.integers(0, 5)),
        st.sampled_from(sorted(ACTION_STATES) + ["other"]),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(random_events, random_events)
def test_fold_is_total_deterministic_and_incremental(a, b):
    whole = fold(a + b)
    assert whole == fold(a + b)
    assert whole == fold(b, fold(a))
    assert whole.events == len(a) + len(b)
    for t in whole.trials.values():
        assert t.attempts >= (0 if t.attempt is None else t.attempt + 1)
    assert RunState.from_dict(json.loads(json.dumps(whole.to_dict()))) == whole


@settings(max_examples=100, deadline=None)
@given(random_events)
def test_every_state_change_follows_the_transition_table(events):
    state = RunState()
    for ev in events:
        new = apply(state, ev)
        for key, t in new.trials.items():
            before = state.trials.get(key)
            if before is not None and before.state is not t.state:
                assert t.state in TRANSITIONS[before.state], (before.state, ev.type, t.state)
        state = new


def test_active_time_leaves_out_the_stop_and_restarts_count_only_policy_relaunches():
    from flashrun.record.events import Event, EventType as E

    evs = [Event(100.0, E.TRIAL_QUEUED, "t"),
           Event(100.0, E.LAUNCH_STARTED, "t", 0),
           Event(104.0, E.ATTEMPT_EXITED, "t", 0, {"returncode": -9}),
           Event(104.0, E.RECOVERY_ACTION_SELECTED, "t", 0, {"action": "restart_group"}),
           Event(105.0, E.LAUNCH_STARTED, "t", 1),
           Event(110.0, E.RUN_CANCELLED, None, None, {"reason": "Ctrl-C"}),  # sweep stopped
           Event(500.0, E.TRIAL_QUEUED, "t"),                                # resumed later
           Event(500.0, E.LAUNCH_STARTED, "t", 2),
           Event(505.0, E.RUN_SUCCEEDED, "t", 2)]
    t = fold(evs).trials["t"]
    assert t.state.value == "succeeded" and t.active_s == 15.0 and t.busy_since is None
    assert t.restarts == 1  # the crash spent one; the cancelled attempt none
    failed = fold(evs[:5] + [Event(106.0, E.RECOVERY_ACTION_SELECTED, "t", 1,
                                   {"action": "fail_job"}),
                             Event(106.0, E.RUN_FAILED, "t", 1)]).trials["t"]
    assert failed.restarts == 1
    again = fold(evs[:5] + [Event(106.0, E.RUN_FAILED, "t", 1),
                            Event(900.0, E.TRIAL_QUEUED, "t")]).trials["t"]
    assert again.restarts == 0  # resumed after failing: a fresh budget
