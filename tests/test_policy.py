"""The pure policy core: taxonomy precedence, the versioned table, decide, history."""
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from flashrun.policy.decide import decide
from flashrun.policy.history import IncidentWindow, fingerprint, is_deterministic, normalise
from flashrun.policy.table import POLICY_VERSION, RELAUNCH, TABLE, Action, Mode
from flashrun.policy.taxonomy import FailureClass, FailureSignals, classify, signal_from_exit
from flashrun.scan import ScanResult, Terminal

F = FailureClass


def sig(**kw):
    kw.setdefault("root_markers", frozenset())
    kw.setdefault("markers", frozenset())
    for key in ("root_markers", "markers"):
        kw[key] = frozenset(kw[key])
    return FailureSignals(**kw)


@pytest.mark.parametrize("signals, want", [
    (sig(correlated=True, markers={"cuda_oom"}), F.CORRELATED_INCIDENT),
    (sig(markers={"control_plane"}, root_markers={"cuda_oom"}), F.COMMUNICATION_ERROR),
    (sig(markers={"time_limit", "preempt"}, signal=9), F.PREEMPTION),
    (sig(markers={"node_fail"}), F.NODE_LOSS),
    (sig(root_exception="RuntimeError", chain_types=("RuntimeError",), root_markers={"ecc"},
         markers={"native_abort"}), F.ACCELERATOR_FAILURE),
    (sig(root_exception="CircuitBreakerTripped", chain_types=("flashrun.batch.CircuitBreakerTripped",),
         root_markers={"circuit_breaker", "timeout"}), F.DATA_ERROR),
    (sig(root_exception="RuntimeError", chain_types=("torch.OutOfMemoryError", "RuntimeError"),
         root_markers={"cuda_oom"}), F.OUT_OF_MEMORY),
    (sig(markers={"host_oom"}, exit_code=137, signal=9), F.OUT_OF_MEMORY),
    (sig(hung=True), F.HANG),
    (sig(hung=True, markers={"watchdog", "nccl"}), F.COMMUNICATION_ERROR),
    (sig(root_exception="OSError", chain_types=("OSError",), root_markers={"estale"}),
     F.STORAGE_TIMEOUT),
    (sig(root_exception="EOFError", chain_types=("EOFError",), root_markers={"pickle_eof"}),
     F.ARTIFACT_CORRUPTION),
    (sig(root_exception="OSError", chain_types=("OSError",), root_markers={"bad_image"}),
     F.DATA_ERROR),
    (sig(root_exception="RuntimeError", chain_types=("RuntimeError",),
         root_markers={"gloo", "peer_closed"}), F.COMMUNICATION_ERROR),
    (sig(root_exception="KeyError", chain_types=("KeyError",), markers={"nccl", "watchdog"}),
     F.APPLICATION_ERROR),
    (sig(markers={"nccl", "watchdog"}), F.COMMUNICATION_ERROR),
    (sig(root_exception="requests.exceptions.ConnectionError",
         chain_types=("requests.exceptions.ConnectionError",), root_markers={"network"}),
     F.STORAGE_TIMEOUT),  # the contract has no network class
    (sig(markers={"usage_error"}, exit_code=2), F.APPLICATION_ERROR),
    (sig(root_exception="KeyboardInterrupt", chain_types=("KeyboardInterrupt",), signal=2),
     F.UNKNOWN),
    (sig(signal=11, markers={"segfault"}), F.WORKER_CRASH),
    (sig(signal=9), F.WORKER_CRASH),
    (sig(signal=15, markers={"launcher_sigterm"}), F.UNKNOWN),
    (sig(exit_code=1), F.UNKNOWN),
])
def test_classify_precedence(signals, want):
    cls, reason = classify(signals)
    assert cls == want and reason


@pytest.mark.parametrize("code, want", [(-9, 9), (137, 9), (139, 11), (1, None), (0, None),
                                        (None, None), (255, None),
                                        (-1073741819, None)])  # Windows' NTSTATUS 0xC0000005
def test_signal_from_exit(code, want):
    assert signal_from_exit(code) == want


def test_table_covers_every_class_and_mode():
    for cls in F:
        for mode in Mode:
            action, scope, reason = TABLE[(cls, mode)]
            assert isinstance(action, Action) and scope and reason


def test_table_rows_that_matter():
    C, I = Mode.COORDINATED_TRAINING, Mode.INDEPENDENT_TASKS
    assert TABLE[(F.APPLICATION_ERROR, C)][0] == Action.FAIL_JOB
    assert TABLE[(F.WORKER_CRASH, C)][0] == Action.RESTART_GROUP
    assert TABLE[(F.WORKER_CRASH, I)][0] == Action.RETRY_TASK
    assert TABLE[(F.STORAGE_TIMEOUT, I)][0] == Action.PAUSE_JOB
    assert TABLE[(F.CORRELATED_INCIDENT, C)][0] == Action.FREEZE_AUTOMATION
    with pytest.raises(TypeError):
        TABLE[(F.HANG, C)] = (Action.FAIL_JOB, "job", "no")


def test_decide_is_a_pure_function_of_its_inputs():
    s = sig(signal=9)
    a, b = decide(s, "coordinated_training"), decide(s, Mode.COORDINATED_TRAINING)
    assert a == b and a.policy_version == POLICY_VERSION
    assert a.action in RELAUNCH and a.scope == "group" and a.reason
    with pytest.raises(Exception):
        a.action = Action.FAIL_JOB  # frozen


def test_decide_history_only_makes_it_stricter():
    s = sig(root_exception="RuntimeError", chain_types=("RuntimeError",), root_markers={"nccl"})
    assert decide(s).action == Action.RESTART_GROUP
    strict = decide(s, deterministic=True, fingerprint="RuntimeError: x")
    assert strict.action == Action.FAIL_JOB and strict.deterministic
    assert strict.evidence.fingerprint == "RuntimeError: x"
    app = sig(root_exception="KeyError", chain_types=("KeyError",))
    assert decide(app, deterministic=True).action == Action.FAIL_JOB


def test_decision_serialises():
    d = decide(sig(signal=9, exit_code=-9), "independent_tasks")
    out = d.as_dict()
    assert out["action"] == "retry_task" and out["evidence"]["signal"] == 9
    assert out["policy_version"] == POLICY_VERSION


def test_normalise_strips_run_specific_details():
    a = normalise("CUDA out of memory. Tried to allocate 2.00 GiB on rank 3 at 0x7f3a2b "
                  "(/home/alice/run-17/model.py)")
    b = normalise("CUDA out of memory. Tried to allocate 4.50 GiB on rank 0 at 0x11ff "
                  "(/home/bob/run-99/model.py)")
    assert a == b


def test_normalise_paths_windows_and_posix():
    assert normalise(r"cannot open C:\Users\ann\ckpt\last.pt: denied") == \
        normalise(r"cannot open D:\data\x.pt: denied") == "cannot open <path>: denied"
    assert normalise("cannot open /home/ann/ckpt/last.pt (rank 3)") == \
        "cannot open <path> (<rank>)"


# The regular expressions normalise's hand-written passes replace (flashrun/policy/
# history.py), applied as a chain of re.sub calls: the reference the passes must match.
_REF_HEX = re.compile(r"0x[0-9a-fA-F]+")
_REF_SEP_RUN = r"[\\/][^\s'\":,)]+"
_REF_PATH = re.compile(_REF_SEP_RUN)
_REF_DRIVE_PATH = re.compile(r"[A-Za-z]:" + _REF_SEP_RUN + "|" + _REF_SEP_RUN)
_REF_RANK = re.compile(r"\[[Rr]ank\s*\d+\]?|\b[Rr]ank\s*\d+\]?")
_REF_NUM = re.compile(r"\d+(?:\.\d+)?")


def _reference_normalise(message):
    text = _REF_HEX.sub("<addr>", message)
    text = _REF_DRIVE_PATH.sub("<path>", text)  # the drive form, tried everywhere
    text = _REF_RANK.sub("<rank>", text)
    text = _REF_NUM.sub("<n>", text)
    return " ".join(text.split())[:200]


# what the passes read: separators, drive letters, quotes and stops, hex, ranks, digits
# (ASCII, Arabic-Indic, fullwidth), Unicode spaces and word characters
_PIECES = ["0x", "0x1f", "0xZ", "/", "\\", "C:", "c:\\", "z:/", ":", ",", ")", "'", '"', " ",
           "\t", "\u00a0", "\u3000", "rank", "Rank", "[rank", "RANK", "ank", "]", "[", "_",
           "a", "x", "é", "1", "23", "4.5", ".", "\u0663", "\uff17", "\n", "-", "<", ">"]


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join) | st.text(max_size=80))
def test_normalise_matches_the_regular_expressions_it_replaces(text):
    assert normalise(text) == _reference_normalise(text)


@pytest.mark.parametrize("text", [
    "rank3/4", "Rank12/x", "10x1f", "a/0x12", "abc:/x y", "C:/a:b/c", "x[rank 7]y", "_rank3",
    "é rank3", "[rank]rank2", "rank1]rank2", "0x", "0xg/", "/ ", "// /", "1.2.3", "1..2",
    "C:\\Users\\ann\\x.pt: denied", "\u0663\u0664.\u0665 ranks", "on rank\u00a0 4]"])
def test_normalise_matches_the_regular_expressions_on_edges(text):
    assert normalise(text) == _reference_normalise(text)


def test_fingerprint_and_determinism():
    r1 = ScanResult(root=Terminal("KeyError", "'lr' at step 10", "KeyError: 'lr'", 1))
    r2 = ScanResult(root=Terminal("KeyError", "'lr' at step 99", "KeyError: 'lr'", 0))
    assert fingerprint(r1) == fingerprint(r2)
    assert is_deterministic(fingerprint(r1), fingerprint(r2))
    assert not is_deterministic(fingerprint(r1), None)
    bare = fingerprint(ScanResult(signal=9), -9)
    assert not is_deterministic(bare, bare)


def test_incident_window():
    w = IncidentWindow(threshold=3, window_s=10)
    w = w.add(0.0, "t1").add(1.0, "t1").add(2.0, "t2")
    assert not w.active  # two distinct trials
    assert w.add(3.0, "t3").active
    assert not w.add(30.0, "t3").active  # the old ones fell out of the window
    with pytest.raises(ValueError):
        IncidentWindow(threshold=1)


def test_table_rows_are_named_and_an_incomplete_table_is_refused():
    from flashrun.policy import table as T

    row = TABLE[(F.HANG, Mode.COORDINATED_TRAINING)]
    assert isinstance(row, T.Row) and row.action == Action.RESTART_GROUP and row.scope == "group"
    partial = {k: v for k, v in T._ROWS.items() if k != F.HANG}
    with pytest.raises(ValueError, match="no row for hang/"):
        T._build(partial)
    odd = dict(T._ROWS)
    odd[F.HANG] = (Action.RETRY_TASK, "planet", Action.RESTART_GROUP, "group", "why")
    with pytest.raises(ValueError, match="unknown scope.*planet"):
        T._build(odd)


def test_budget_spend_is_pure_and_counts_relaunches_and_pauses():
    from flashrun.policy.budget import Backoff, Budget, spend
    from flashrun.policy.taxonomy import FailureSignals

    crash = decide(FailureSignals(exit_code=-9, signal=9), "coordinated_training")
    back = Backoff(restart_base=1.0, restart_cap=4.0, pause_base=5.0, pause_cap=8.0)
    b = Budget(max_restarts=3)
    d1, b, w1 = spend(crash, b, back)
    d2, b, w2 = spend(crash, b, back)
    d3, b, w3 = spend(crash, b, back)
    d4, b4, w4 = spend(crash, b, back)
    assert [d.action for d in (d1, d2, d3)] == [Action.RESTART_GROUP] * 3
    assert (w1, w2, w3) == (0.0, 1.0, 2.0) and b.restarts == 3
    assert d4.action == Action.FAIL_JOB and "budget (3) is spent" in d4.reason and b4 == b
    assert back.pause_delay(1) == 5.0 and back.pause_delay(3) == 8.0  # capped
    with pytest.raises(ValueError, match="restart_base"):
        Backoff(restart_base=-1)


def test_fast_frozen_values_equal_the_dataclass_constructor():
    """diagnose builds its frozen values without their __init__ (policy.taxonomy.frozen):
    each must hold every field and equal the one the constructor builds."""
    import dataclasses

    import flashrun

    d = flashrun.diagnose(b"Traceback (most recent call last):\n  File \"a.py\"\nKeyError: 'x'\n",
                          1, previous_fingerprint="KeyError: 'x'")
    for value in (d, d.decision, d.decision.evidence, d.signals):
        names = {f.name for f in dataclasses.fields(value)}
        assert set(vars(value)) == names, type(value)
        assert type(value)(**{n: getattr(value, n) for n in names}) == value
