"""diagnose(): golden tails, the corpus of real crash logs (tests/data/corpus), and the API."""
import json

import pytest

import flashrun
from conftest import DATA, corpus_cases

GOLDEN = sorted((DATA / "golden").glob("*.log"))
ACTION_KIND = {"fail_job": "fail_fast", "retry_task": "retry", "restart_group": "retry",
               "replace_node": "retry", "pause_job": "pause", "freeze_automation": "pause"}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path, scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    want = json.loads(path.with_suffix(".json").read_text())
    d = flashrun.diagnose(path.read_bytes(), want["exit_code"])
    got = {"exit_code": want["exit_code"], "failure_class": d.failure_class.value,
           "action": d.decision.action.value, "root_exception": d.root_exception,
           "root_rank": d.scan.root_rank, "markers": list(d.scan.all_markers)}
    assert got == want


CASES = corpus_cases()


def test_corpus_is_in_the_repo():
    assert len(CASES) >= 67, "tests/data/corpus lost cases"


def test_corpus_accuracy_and_traps(scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    ok_cls = ok_act = 0
    wrong_traps = []
    for case_id, data, row in CASES:
        d = flashrun.diagnose(data[-65536:], row["exit_code"])
        cls_ok = d.failure_class.value == row["failure_class"]
        act_ok = ACTION_KIND[d.decision.action.value] == row["action_kind"]
        ok_cls += cls_ok
        ok_act += act_ok
        if "TRAP:" in row["notes"] and not (cls_ok and act_ok):
            wrong_traps.append(case_id)
    n = len(CASES)
    assert not wrong_traps
    assert ok_cls / n >= 0.95 and ok_act / n >= 0.97, (ok_cls, ok_act, n)


def test_diagnose_accepts_str_and_explains_itself():
    d = flashrun.diagnose("Traceback (most recent call last):\n  File \"a.py\"\n"
                          "KeyError: 'lr'\n", 1, mode="independent_tasks")
    assert d.failure_class == "application_error"
    assert d.decision.action == "fail_job"
    assert d.root_exception == "KeyError"
    assert d.evidence.line == "KeyError: 'lr'"
    assert d.decision.policy_version == flashrun.POLICY_VERSION
    text = str(d)
    assert "application_error" in text and "KeyError: 'lr'" in text and "fail_job" in text


def test_same_fingerprint_twice_is_deterministic():
    tail = b"Traceback (most recent call last):\n  File \"a\"\nRuntimeError: NCCL error in: x.cpp:12\n"
    first = flashrun.diagnose(tail, 1)
    assert first.decision.action == "restart_group"
    again = flashrun.diagnose(tail.replace(b"12", b"99"), 1,
                              previous_fingerprint=first.fingerprint)
    assert again.decision.action == "fail_job" and again.decision.deterministic


def test_signal_deaths_in_a_row_are_not_deterministic():
    first = flashrun.diagnose(b"", -9)
    again = flashrun.diagnose(b"", -9, previous_fingerprint=first.fingerprint)
    assert again.failure_class == "worker_crash" and again.decision.action == "restart_group"


def test_hang_and_correlated_flags():
    assert flashrun.diagnose(b"step 3\n", None, hung=True).failure_class == "hang"
    d = flashrun.diagnose(b"Killed\n", 137, correlated=True)
    assert d.failure_class == "correlated_incident" and d.decision.action == "freeze_automation"


@pytest.mark.parametrize("junk", [b"\x00" * 1000, bytes(range(256)) * 64, b"\r" * 5000,
                                  b"\x1b[" * 3000, "ünïcödé ☃".encode() * 100])
def test_junk_never_raises(junk):
    d = flashrun.diagnose(junk, 1)
    assert d.failure_class in flashrun.FailureClass


def test_bad_arguments_are_type_errors():
    with pytest.raises(TypeError):
        flashrun.diagnose(None, 1)
    with pytest.raises(TypeError):
        flashrun.diagnose(b"", "1")
    with pytest.raises(ValueError):
        flashrun.diagnose(b"", 1, mode="sometimes")


# Tails printed by torch 2.11 (CUDA 13) on a real H200, captured by benchmarks/gpu/run_checks.sh
# under `flashrun run` (benchmarks/gpu/results/): the only real-GPU output in the suite.
GPU_TAILS = [("h200_oom.log", "out_of_memory", "fail_job", "torch.OutOfMemoryError"),
             ("h200_assert.log", "application_error", "fail_job", "torch.AcceleratorError"),
             ("h200_illegal.log", "application_error", "fail_job", None)]


@pytest.mark.parametrize("name,cls,action,root", GPU_TAILS)
def test_real_gpu_tails(scan_impl, monkeypatch, name, cls, action, root):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    d = flashrun.diagnose((DATA / "gpu" / name).read_bytes(), 1)
    assert (d.failure_class.value, d.decision.action.value) == (cls, action)
    if root is not None:
        assert d.root_exception == root
