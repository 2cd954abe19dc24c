"""flashrun.record.events: Event values, the append-only JSONL log, redaction."""
import dataclasses
import json
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flashrun.record.events import (
    REDACTED,
    Event,
    EventLog,
    EventLogCorrupt,
    EventType,
    read_events,
    redact,
    redact_argv,
    redact_text,
    scrub,
)

REPO = Path(__file__).resolve().parents[1]


def ev(type_=EventType.LAUNCH_STARTED, trial="t0", attempt=0, ts=1.5, **data):
    return Event(ts, type_, trial, attempt, data)


# ---------------------------------------------------------------- Event values

def test_event_type_is_a_str_enum_with_the_required_members():
    required = {
        "LAUNCH_STARTED", "OUTPUT_STALLED", "ATTEMPT_EXITED", "FAILURE_CLASSIFIED",
        "RECOVERY_ACTION_SELECTED", "RUN_SUCCEEDED", "RUN_FAILED", "AUTOMATION_FROZEN",
        "TRIAL_QUEUED", "CHECKPOINT_SKIPPED", "RUN_CANCELLED", "RESUMED",
    }
    assert required <= set(EventType.__members__)
    assert isinstance(EventType.RUN_FAILED, str)
    assert EventType.RUN_FAILED == "run_failed"
    assert str(EventType.RUN_FAILED) == "run_failed"


def test_event_is_frozen_and_serialises_to_one_json_line():
    e = ev(EventType.ATTEMPT_EXITED, returncode=-9, note="line1\nline2")
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.ts = 2.0  # type: ignore[misc]
    line = e.to_json()
    assert "\n" not in line
    obj = json.loads(line)
    assert obj == {"v": 1, "ts": 1.5, "type": "attempt_exited", "trial": "t0", "attempt": 0,
                   "data": {"returncode": -9, "note": "line1\nline2"}}
    assert Event.from_json(line) == e


def test_event_normalises_data_so_it_round_trips():
    e = Event(3, "run_failed", "t1", None, {"path": Path("/a/b"), "pair": (1, 2),
                                            "kind": EventType.RESUMED, "s": {3}})
    assert e.type is EventType.RUN_FAILED
    assert e.ts == 3.0 and isinstance(e.ts, float)
    assert e.data == {"path": "/a/b", "pair": [1, 2], "kind": "resumed", "s": [3]}
    assert Event.from_json(e.to_json()) == e


def test_non_finite_floats_become_strings_so_lines_stay_strict_json():
    e = ev(loss=float("nan"), hi=float("inf"), lo=[float("-inf")])
    assert e.data == {"loss": "NaN", "hi": "Infinity", "lo": ["-Infinity"]}
    json.loads(e.to_json(), parse_constant=lambda c: pytest.fail("non-strict JSON: " + c))
    assert Event.from_json(e.to_json()) == e
    with pytest.raises(ValueError):
        ev(ts=float("nan"))


def test_event_now_stamps_wall_clock_time():
    import time

    before = time.time()
    e = Event.now(EventType.TRIAL_QUEUED, "t0")
    assert before <= e.ts <= time.time()
    assert e.attempt is None and e.data == {}


@pytest.mark.parametrize("bad", [
    '{"ts": 1, "type": "launch_started", "data": []}',
    '{"ts": "x", "type": "launch_started"}',
    '{"type": "launch_started"}',
    '{"ts": 1, "type": "nope"}',
    "[1, 2]",
])
def test_from_json_rejects_bad_input(bad):
    with pytest.raises((ValueError, KeyError)):
        Event.from_json(bad)


# ------------------------------------------------------------------- redaction

def test_redact_env_masks_sensitive_keys_case_insensitively():
    env = {"HF_TOKEN": "hf_x", "aws_secret_access_key": "s", "DB_Password": "p",
           "WANDB_API_KEY": "k", "PATH": "/bin", "HOME": "/root"}
    assert redact(env) == {"HF_TOKEN": REDACTED, "aws_secret_access_key": REDACTED,
                           "DB_Password": REDACTED, "WANDB_API_KEY": REDACTED,
                           "PATH": "/bin", "HOME": "/root"}
    assert env["HF_TOKEN"] == "hf_x"  # a copy, not in place


def test_redact_argv_masks_flag_values():
    argv = ["python", "train.py", "--api-token=abc", "--password", "hunter2", "--lr", "0.1",
            "--secret-key", "--no-x", "HF_TOKEN=zzz", "--name=ok", "--Key=v"]
    assert redact_argv(argv) == [
        "python", "train.py", "--api-token=***", "--password", "***", "--lr", "0.1",
        "--secret-key", "--no-x", "HF_TOKEN=***", "--name=ok", "--Key=***",
    ]


def test_redact_text_masks_assignments_inside_strings():
    assert redact_text("env HF_TOKEN=abc python t.py --x=1") == "env HF_TOKEN=*** python t.py --x=1"
    assert redact_text("no secrets here") == "no secrets here"


def test_scrub_walks_nested_data():
    data = {"env": {"MY_SECRET": "x", "A": "1"}, "argv": ["--token", "t", "run"],
            "nested": [{"password": "p"}, 3], "api_key": {"deep": "value"}}
    assert scrub(data) == {"env": {"MY_SECRET": REDACTED, "A": "1"},
                           "argv": ["--token", REDACTED, "run"],
                           "nested": [{"password": REDACTED}, 3], "api_key": REDACTED}


def test_no_secret_reaches_the_event_log(tmp_path):
    path = tmp_path / "events.jsonl"
    with EventLog(path) as log:
        log.emit(EventType.TRIAL_QUEUED, "t0", env={"HF_TOKEN": "sekrit-1"},
                 argv=["python", "t.py", "--wandb-key=sekrit-2", "--auth-token", "sekrit-3"],
                 cmd="OPENAI_API_KEY=sekrit-4 python t.py")
    raw = path.read_bytes()
    assert b"sekrit" not in raw
    (event,) = read_events(path)
    assert event.data["env"] == {"HF_TOKEN": REDACTED}


# -------------------------------------------------------------------- EventLog

def test_log_appends_one_line_per_event_and_flushes_each(tmp_path):
    path = tmp_path / "sub" / "events.jsonl"
    log = EventLog(path)
    e1 = ev(EventType.TRIAL_QUEUED, attempt=None)
    log.append(e1)
    assert read_events(path) == [e1]  # visible before close
    e2 = log.emit(EventType.LAUNCH_STARTED, "t0", 0, pid=123)
    log.close()
    assert log.closed
    assert read_events(path) == [e1, e2]
    assert path.read_bytes().count(b"\n") == 2
    with pytest.raises(ValueError):
        log.append(e1)


def test_log_reopens_in_append_mode(tmp_path):
    path = tmp_path / "events.jsonl"
    with EventLog(path) as log:
        log.append(ev(ts=1))
    with EventLog(path, fsync=True) as log:
        log.append(ev(ts=2))
    assert [e.ts for e in read_events(path)] == [1.0, 2.0]


def test_reader_skips_a_torn_last_line(tmp_path):
    path = tmp_path / "events.jsonl"
    good = ev(ts=1)
    path.write_text(good.to_json() + "\n" + ev(ts=2).to_json()[:17])
    assert read_events(path) == [good]


def test_reader_skips_complete_json_without_newline(tmp_path):
    # A line is only committed once its newline is written.
    path = tmp_path / "events.jsonl"
    path.write_text(ev(ts=1).to_json() + "\n" + ev(ts=2).to_json())
    assert [e.ts for e in read_events(path)] == [1.0]


def test_writer_cuts_a_torn_tail_before_appending(tmp_path, caplog):
    path = tmp_path / "events.jsonl"
    path.write_text(ev(ts=1).to_json() + "\n" + '{"ts": 2, "ty')
    with caplog.at_level(logging.WARNING, logger="flashrun.record.events"):
        with EventLog(path) as log:
            log.append(ev(ts=3))
    assert [e.ts for e in read_events(path)] == [1.0, 3.0]
    assert "torn" in caplog.text


def test_writer_repairs_a_file_that_is_only_a_torn_line(tmp_path):
    path = tmp_path / "events.jsonl"
    path.write_bytes(b'{"ts": 1, "type": "laun')
    with EventLog(path) as log:
        log.append(ev(ts=3))
    assert [e.ts for e in read_events(path)] == [3.0]


def test_reader_rejects_a_corrupt_complete_line_with_its_position(tmp_path, caplog):
    path = tmp_path / "events.jsonl"
    path.write_text(ev(ts=1).to_json() + "\n\n" + "{not json}\n" + ev(ts=3).to_json() + "\n")
    with pytest.raises(EventLogCorrupt, match=r"events\.jsonl:3"):
        read_events(path)
    with caplog.at_level(logging.WARNING, logger="flashrun.record.events"):
        assert [e.ts for e in read_events(path, strict=False)] == [1.0, 3.0]
    assert "events.jsonl:3" in caplog.text


def test_reader_skips_unknown_event_types_with_a_warning(tmp_path, caplog):
    path = tmp_path / "events.jsonl"
    future = json.dumps({"v": 2, "ts": 2, "type": "from_the_future", "data": {}})
    path.write_text(ev(ts=1).to_json() + "\n" + future + "\n")
    with caplog.at_level(logging.WARNING, logger="flashrun.record.events"):
        assert [e.ts for e in read_events(path)] == [1.0]
    assert "from_the_future" in caplog.text


def test_concurrent_appends_never_interleave(tmp_path):
    path = tmp_path / "events.jsonl"
    log = EventLog(path)
    blob = "x" * 5000

    def writer(n):
        for i in range(50):
            log.emit(EventType.OUTPUT_STALLED, "t%d" % n, i, blob=blob)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    log.close()
    events = read_events(path)
    assert len(events) == 200
    for n in range(4):
        assert [e.attempt for e in events if e.trial == "t%d" % n] == list(range(50))


def test_module_imports_alone_without_torch_or_asyncio():
    code = ("import sys, flashrun.record.events; "
            "assert 'torch' not in sys.modules and 'asyncio' not in sys.modules, sys.modules.keys()")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=60)


# ------------------------------------------------------------------ properties

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**53, 2**53),
                         st.floats(), st.text(max_size=20))
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
events_strategy = st.builds(
    Event,
    ts=st.floats(0, 2e9, allow_nan=False),
    type=st.sampled_from(list(EventType)),
    trial=st.one_of(st.none(), st.text(min_size=1, max_size=10)),
    attempt=st.one_of(st.none(), st.integers(0, 100)),
    data=st.dictionaries(st.text(max_size=8), json_values, max_size=4),
)


@settings(max_examples=150, deadline=None)
@given(events_strategy)
def test_any_event_round_trips_through_json(e):
    assert Event.from_json(e.to_json()) == e
    assert scrub(e.data) == e.data  # scrubbing is idempotent


@settings(max_examples=60, deadline=None)
@given(st.lists(events_strategy, min_size=1, max_size=6), st.data())
def test_a_log_cut_at_any_byte_reads_as_a_prefix(tmp_path_factory, events, data):
    path = tmp_path_factory.mktemp("cut") / "events.jsonl"
    with EventLog(path) as log:
        for e in events:
            log.append(e)
    raw = path.read_bytes()
    cut = data.draw(st.integers(0, len(raw)))
    path.write_bytes(raw[:cut])
    got = read_events(path)
    assert got == events[: raw[:cut].count(b"\n")]
    with EventLog(path) as log:  # and the writer can carry on after the cut
        log.append(events[0])
    assert read_events(path) == got + [events[0]]
