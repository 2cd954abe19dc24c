"""Unit tests for flashrun.batch (single process; multi-rank behaviour is in test_batch_dist.py).

Real parts throughout: real DataLoader workers started with ``spawn``, a real
one-rank gloo process group for the collective path, real subprocesses for the
NCCL benchmark script. The only fake is the NCCL device choice
(test_default_device_follows_the_accelerator_for_nccl): there is no CUDA here.
"""
import dataclasses
import datetime
import logging
import os
import pickle
import subprocess
import sys
import traceback
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    # torch warns at import when NumPy is absent; the project runs with warnings as errors.
    warnings.filterwarnings("ignore", message="Failed to initialize NumPy", category=UserWarning)
    import torch
    import torch.distributed as dist
    from torch.utils.data import DataLoader, Dataset, get_worker_info

from flashrun import _batch_dist, batch
from flashrun.batch import (
    RECOVERY_METADATA_KEY,
    BatchRecoveryCoordinator,
    CircuitBreakerTripped,
    GenerationRecoveryGuard,
    RecoveryMetadata,
    SampleUnavailable,
    collate_with_recovery,
    should_synchronize,
)

REPO = Path(__file__).resolve().parents[1]
BATCH_LOGGER = "flashrun.batch"


class Flaky:
    """An operation that raises ``failures`` times (TimeoutError) and then returns ``value``."""

    def __init__(self, failures, value="ok"):
        self.failures = failures
        self.value = value
        self.calls = 0

    def __call__(self):
        self.calls += 1
        if self.calls <= self.failures:
            raise TimeoutError("service timed out (call %d)" % self.calls)
        return self.value


def always_fails():
    raise OSError("unreadable file")


def sample(i):
    return {"x": torch.tensor([float(i)]), "i": torch.tensor(i)}


def empty_sample():
    return {"x": torch.zeros(1), "i": torch.tensor(-1)}


def lost(fatal=False, reason="gone"):
    return SampleUnavailable(reason=reason, counts_as_failure=True, consecutive_failures=1, fatal=fatal)


# -- values ---------------------------------------------------------------------


def test_recovery_metadata_key_is_fixed():
    assert RECOVERY_METADATA_KEY == "__recovery__"


def test_sample_unavailable_defaults_are_a_silent_skip_and_it_is_frozen_and_picklable():
    skip = SampleUnavailable()
    assert (skip.reason, skip.counts_as_failure, skip.consecutive_failures, skip.fatal) == ("", False, 0, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        skip.fatal = True
    value = SampleUnavailable(reason="x", counts_as_failure=True, consecutive_failures=3, fatal=True)
    assert pickle.loads(pickle.dumps(value)) == value


def test_recovery_metadata_defaults_frozen_and_validated():
    metadata = RecoveryMetadata()
    assert (metadata.failure_count, metadata.locally_empty, metadata.fatal, metadata.error) == (0, False, False, "")
    assert not metadata.needs_report
    with pytest.raises(dataclasses.FrozenInstanceError):
        metadata.failure_count = 1
    with pytest.raises(ValueError, match="failure_count"):
        RecoveryMetadata(failure_count=-1)
    with pytest.raises(TypeError, match="failure_count"):
        RecoveryMetadata(failure_count="2")
    with pytest.raises(TypeError, match="error"):
        RecoveryMetadata(error=None)
    assert pickle.loads(pickle.dumps(RecoveryMetadata(2, True, True, "e"))) == RecoveryMetadata(2, True, True, "e")


def test_from_unavailable_counts_only_failures_and_carries_the_first_fatal_reason():
    items = [
        SampleUnavailable(reason="skipped on purpose"),  # not a failure
        lost(reason="first loss"),
        lost(fatal=True, reason="first fatal"),
        lost(fatal=True, reason="second fatal"),
        SampleUnavailable(reason="fatal skip", fatal=True),
    ]
    metadata = RecoveryMetadata.from_unavailable(items, locally_empty=False)
    assert metadata == RecoveryMetadata(failure_count=3, locally_empty=False, fatal=True, error="first fatal")
    only_skips = RecoveryMetadata.from_unavailable(iter([SampleUnavailable()] * 3), locally_empty=True)
    assert only_skips == RecoveryMetadata(failure_count=0, locally_empty=True)
    assert RecoveryMetadata.from_unavailable([], locally_empty=False) == RecoveryMetadata()


def test_from_unavailable_rejects_other_items():
    with pytest.raises(TypeError, match="SampleUnavailable"):
        RecoveryMetadata.from_unavailable([None], locally_empty=False)


# -- GenerationRecoveryGuard -----------------------------------------------------


@pytest.mark.parametrize(
    "retries, bound, error",
    [(-1, 1, ValueError), (0, 0, ValueError), (2, -3, ValueError), (1.5, 1, TypeError),
     (True, 1, TypeError), (1, "3", TypeError)],
)
def test_guard_validates_its_arguments(retries, bound, error):
    with pytest.raises(error):
        GenerationRecoveryGuard(retries, bound)


def test_guard_returns_the_result_of_a_first_success():
    guard = GenerationRecoveryGuard(retries=2, max_consecutive_failures=1)
    operation = Flaky(0, value=41)
    assert guard.run(operation, description="sample 1") == 41
    assert operation.calls == 1
    assert guard.consecutive_failures == 0


def test_guard_retries_and_logs_every_failed_attempt(caplog):
    guard = GenerationRecoveryGuard(retries=2, max_consecutive_failures=5)
    operation = Flaky(2)
    with caplog.at_level(logging.INFO, logger=BATCH_LOGGER):
        assert guard.run(operation, description="sample 7") == "ok"
    assert operation.calls == 3
    failed = [r.getMessage() for r in caplog.records if "failed (attempt" in r.getMessage()]
    assert failed == [
        "sample 7 failed (attempt 1/3): TimeoutError: service timed out (call 1)",
        "sample 7 failed (attempt 2/3): TimeoutError: service timed out (call 2)",
    ]


def test_guard_gives_up_after_retries_plus_one_attempts():
    guard = GenerationRecoveryGuard(retries=1, max_consecutive_failures=3)
    operation = Flaky(10)
    result = guard.run(operation, description="sample 3")
    assert operation.calls == 2
    assert isinstance(result, SampleUnavailable)
    assert result.counts_as_failure and not result.fatal
    assert result.consecutive_failures == guard.consecutive_failures == 1
    assert "sample 3" in result.reason and "TimeoutError" in result.reason and "call 2" in result.reason


def test_guard_with_no_retries_calls_once():
    guard = GenerationRecoveryGuard(retries=0, max_consecutive_failures=1)
    operation = Flaky(1)
    result = guard.run(operation, description="s")
    assert operation.calls == 1
    assert result.fatal and result.consecutive_failures == 1


def test_guard_turns_fatal_at_the_bound_and_a_success_resets_and_logs_recovery(caplog):
    guard = GenerationRecoveryGuard(retries=0, max_consecutive_failures=3)
    with caplog.at_level(logging.INFO, logger=BATCH_LOGGER):
        first = [guard.run(always_fails, description="f%d" % i) for i in range(2)]
        assert [(r.consecutive_failures, r.fatal) for r in first] == [(1, False), (2, False)]
        assert guard.run(lambda: "back", description="good") == "back"
        assert guard.consecutive_failures == 0
        again = [guard.run(always_fails, description="g%d" % i) for i in range(4)]
    assert [(r.consecutive_failures, r.fatal) for r in again] == [(1, False), (2, False), (3, True), (4, True)]
    recovered = [r for r in caplog.records if "recovered after 2 consecutive" in r.getMessage()]
    assert len(recovered) == 1 and recovered[0].levelno == logging.INFO
    assert any(r.levelno == logging.ERROR and "reached the bound of 3" in r.getMessage() for r in caplog.records)


def test_guard_lets_base_exceptions_through():
    guard = GenerationRecoveryGuard(retries=3, max_consecutive_failures=1)

    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        guard.run(interrupted, description="s")
    assert guard.consecutive_failures == 0


def test_guard_pickles_with_its_count_and_copies_count_separately():
    guard = GenerationRecoveryGuard(retries=0, max_consecutive_failures=4)
    guard.run(always_fails, description="s")
    copy = pickle.loads(pickle.dumps(guard))
    assert copy.consecutive_failures == 1 and copy.retries == 0 and copy.max_consecutive_failures == 4
    copy.run(always_fails, description="s")
    assert (guard.consecutive_failures, copy.consecutive_failures) == (1, 2)


@settings(max_examples=60, deadline=None)
@given(
    retries=st.integers(0, 3),
    bound=st.integers(1, 4),
    # per sample: how many attempts fail before one succeeds; > retries means exhausted
    plan=st.lists(st.integers(0, 5), max_size=25),
)
def test_guard_matches_a_reference_counter(retries, bound, plan):
    guard = GenerationRecoveryGuard(retries, bound)
    consecutive = 0
    for failures in plan:
        operation = Flaky(failures, value=failures)
        result = guard.run(operation, description="s")
        assert operation.calls == min(failures + 1, retries + 1)
        if failures <= retries:
            consecutive = 0
            assert result == failures
        else:
            consecutive += 1
            assert result == SampleUnavailable(
                reason=result.reason, counts_as_failure=True,
                consecutive_failures=consecutive, fatal=consecutive >= bound,
            )
        assert guard.consecutive_failures == consecutive


# -- collate_with_recovery -------------------------------------------------------


def test_collate_drops_unavailable_and_none_and_reports_the_failures():
    collate = collate_with_recovery(empty_sample=empty_sample)
    out = collate([sample(0), lost(), None, sample(2), SampleUnavailable(), lost()])
    assert out["i"].tolist() == [0, 2]
    assert out[RECOVERY_METADATA_KEY] == RecoveryMetadata(failure_count=2)


def test_collate_attaches_nothing_when_there_is_nothing_to_report():
    collate = collate_with_recovery(empty_sample=empty_sample)
    assert RECOVERY_METADATA_KEY not in collate([sample(0), sample(1)])
    skipped = collate([sample(0), None, SampleUnavailable(reason="deliberate")])
    assert RECOVERY_METADATA_KEY not in skipped
    assert skipped["i"].tolist() == [0]


def test_collate_builds_a_placeholder_when_nothing_is_left():
    collate = collate_with_recovery(empty_sample=empty_sample)
    out = collate([lost(), None])
    assert out["i"].tolist() == [-1]
    assert out[RECOVERY_METADATA_KEY] == RecoveryMetadata(failure_count=1, locally_empty=True)
    out = collate([])
    assert out[RECOVERY_METADATA_KEY] == RecoveryMetadata(locally_empty=True)


def test_collate_without_empty_sample_yields_only_the_metadata():
    out = collate_with_recovery()([lost(fatal=True, reason="svc down"), None])
    assert out == {RECOVERY_METADATA_KEY: RecoveryMetadata(1, True, True, "svc down")}


def test_collate_uses_the_given_collate_fn():
    seen = []

    def collate_fn(samples):
        seen.append(samples)
        return {"n": len(samples)}

    out = collate_with_recovery(collate_fn)([1, lost(), 3])
    assert seen == [[1, 3]]
    assert out == {"n": 2, RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=1)}


def test_collate_needs_a_dict_like_batch():
    with pytest.raises(TypeError, match="dict-like"):
        collate_with_recovery()([(torch.zeros(1), 0), (torch.ones(1), 1)])


def test_collate_is_picklable():
    collate = pickle.loads(pickle.dumps(collate_with_recovery(empty_sample=empty_sample)))
    assert collate([lost()])["i"].tolist() == [-1]


# -- spawn DataLoader workers ------------------------------------------------------


class SpawnFlakyDataset(Dataset):
    """Eight samples; ``0`` and ``5`` can never be produced.

    With two workers and batches of two, worker 0 gets batches [0, 1] and [4, 5],
    so it meets 5 last in an epoch and 0 first in the next: two consecutive
    failures only if the worker (and its guard) persists across epochs.
    """

    FAILING = {0, 5}

    def __init__(self):
        self.guard = GenerationRecoveryGuard(retries=1, max_consecutive_failures=2)

    def __len__(self):
        return 8

    def __getitem__(self, index):
        def fetch():
            if index in self.FAILING:
                raise TimeoutError("sample %d unavailable" % index)
            return {"i": torch.tensor(index), "worker": torch.tensor(get_worker_info().id)}

        return self.guard.run(fetch, description="sample %d" % index)


def test_spawn_persistent_workers_carry_metadata_and_keep_per_worker_counts():
    loader = DataLoader(
        SpawnFlakyDataset(), batch_size=2, num_workers=2, persistent_workers=True,
        multiprocessing_context="spawn", timeout=60,
        collate_fn=collate_with_recovery(empty_sample=empty_sample),
    )
    coordinator = BatchRecoveryCoordinator("spawn")
    epochs = []
    for _ in range(2):
        seen = []
        for number, item in enumerate(loader):
            assert set(item["worker"].tolist()) <= {number % 2}, "round-robin batch assignment changed"
            metadata = item.get(RECOVERY_METADATA_KEY, RecoveryMetadata())
            seen.append((item["i"].tolist(), metadata.failure_count, metadata.fatal))
            if not metadata.fatal:
                coordinator.consume(item)
        epochs.append(seen)
    assert epochs[0] == [([1], 1, False), ([2, 3], 0, False), ([4], 1, False), ([6, 7], 0, False)]
    # Epoch 2: worker 0 still remembers sample 5, so sample 0 is its second consecutive loss.
    assert epochs[1][0] == ([1], 1, True)
    assert epochs[1][1:] == epochs[0][1:]
    assert coordinator.total_failures == 3
    with pytest.raises(CircuitBreakerTripped, match="'spawn'"):
        coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(1, False, True, "sample 0")})


# -- CircuitBreakerTripped ---------------------------------------------------------


def test_circuit_breaker_is_a_named_runtime_error_with_a_one_line_message():
    error = CircuitBreakerTripped("train", 2, "sample 4: TimeoutError:\n  service down", world_size=4)
    assert isinstance(error, RuntimeError)
    assert (type(error).__module__, type(error).__qualname__) == ("flashrun.batch", "CircuitBreakerTripped")
    line = traceback.format_exception_only(type(error), error)
    assert line == [
        "flashrun.batch.CircuitBreakerTripped: circuit breaker tripped in phase 'train': 2 of 4 "
        "rank(s) reported a fatal data failure; local error: sample 4: TimeoutError: service down\n"
    ]
    assert "none on this rank" in str(CircuitBreakerTripped("eval", 1, "", world_size=2))


def test_circuit_breaker_pickles_with_its_fields():
    error = pickle.loads(pickle.dumps(CircuitBreakerTripped("train", 1, "e", world_size=3)))
    assert (error.phase, error.fatal_ranks, error.local_error, error.world_size) == ("train", 1, "e", 3)
    assert str(error) == str(CircuitBreakerTripped("train", 1, "e", world_size=3))


# -- BatchRecoveryCoordinator without a process group ------------------------------


def test_coordinator_validates_phase():
    with pytest.raises(ValueError):
        BatchRecoveryCoordinator("")


def test_consume_pops_the_metadata_and_returns_it():
    coordinator = BatchRecoveryCoordinator("train")
    item = {"x": 1, RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=2)}
    assert coordinator.consume(item) == RecoveryMetadata(failure_count=2)
    assert item == {"x": 1}
    assert coordinator.total_failures == 2  # not distributed: checked at once


def test_consume_treats_a_missing_key_as_nothing_to_report():
    coordinator = BatchRecoveryCoordinator("train")
    item = {"x": 1, "_private": 2}
    assert coordinator.consume(item) == RecoveryMetadata()
    assert item == {"x": 1, "_private": 2}


@pytest.mark.parametrize("value", [None, {"failure_count": 1}, SampleUnavailable()])
def test_consume_rejects_metadata_of_the_wrong_type(value):
    item = {"x": 1, RECOVERY_METADATA_KEY: value}
    with pytest.raises(TypeError, match="RecoveryMetadata"):
        BatchRecoveryCoordinator("train").consume(item)
    assert RECOVERY_METADATA_KEY in item


def test_consume_rejects_leftover_reserved_keys_by_name():
    item = {"x": 1, "__weights__": 2, "__cache": 3, RECOVERY_METADATA_KEY: RecoveryMetadata(1)}
    coordinator = BatchRecoveryCoordinator("train")
    with pytest.raises(RuntimeError, match="'__cache', '__weights__'"):
        coordinator.consume(item)
    assert RECOVERY_METADATA_KEY in item and coordinator.pending == RecoveryMetadata()


def test_consume_needs_a_dict_like_batch():
    with pytest.raises(TypeError, match="dict-like"):
        BatchRecoveryCoordinator("train").consume([torch.zeros(1)])


def test_consume_warns_on_failures_and_on_a_locally_empty_batch(caplog):
    coordinator = BatchRecoveryCoordinator("eval")
    with caplog.at_level(logging.WARNING, logger=BATCH_LOGGER):
        coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=3)})
        coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(locally_empty=True)})
        coordinator.consume({"x": 1})
    messages = [r.getMessage() for r in caplog.records]
    assert "[eval] 3 sample(s) in this batch were unavailable and dropped" in messages
    assert any("[eval] no sample of this batch was available" in m for m in messages)
    assert "[eval] dropped 3 unavailable sample(s) across 1 rank(s) since the last check (3 in this phase)" in messages
    assert len(messages) == 3


def test_not_distributed_a_fatal_batch_trips_the_breaker_at_once():
    coordinator = BatchRecoveryCoordinator("train")
    item = {RECOVERY_METADATA_KEY: RecoveryMetadata(1, True, True, "sample 9: OSError: unreadable")}
    with pytest.raises(CircuitBreakerTripped) as caught:
        coordinator.consume(item)
    assert (caught.value.phase, caught.value.fatal_ranks, caught.value.world_size) == ("train", 1, 1)
    assert "phase 'train'" in str(caught.value) and "1 of 1 rank(s)" in str(caught.value)
    assert "sample 9: OSError: unreadable" in str(caught.value)
    assert coordinator.pending == RecoveryMetadata()


def test_a_fatal_batch_without_a_reason_still_names_a_local_error():
    with pytest.raises(CircuitBreakerTripped, match="local error: a fatal data failure with no reason given"):
        BatchRecoveryCoordinator("train").consume({RECOVERY_METADATA_KEY: RecoveryMetadata(fatal=True)})


def test_not_distributed_synchronize_is_local_and_returns_the_totals():
    coordinator = BatchRecoveryCoordinator("train")
    assert coordinator.device == torch.device("cpu")
    result = coordinator.synchronize(async_op=True)
    assert result == batch.SyncResult(failure_count=0, fatal_ranks=0, world_size=1, total_failures=0)
    assert not coordinator.in_flight


# -- BatchRecoveryCoordinator in a real (one-rank) gloo group ----------------------


@pytest.fixture
def gloo_world_of_one(tmp_path):
    dist.init_process_group(
        "gloo", init_method="file://%s" % (tmp_path / "rendezvous"), rank=0, world_size=1,
        timeout=datetime.timedelta(seconds=30),
    )
    try:
        yield
    finally:
        dist.destroy_process_group()


def test_synchronize_is_one_int64_all_reduce_on_cpu_under_gloo(gloo_world_of_one, monkeypatch):
    calls = []
    real_all_reduce = dist.all_reduce

    def spy(tensor, *args, **kwargs):
        calls.append((tensor.dtype, tuple(tensor.shape), tensor.device.type, tensor.tolist()))
        return real_all_reduce(tensor, *args, **kwargs)

    monkeypatch.setattr(_batch_dist.dist, "all_reduce", spy)
    coordinator = BatchRecoveryCoordinator("train")
    assert coordinator.device == torch.device("cpu")
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=2)})
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=1)})
    assert calls == []  # distributed: consume only accumulates
    assert coordinator.pending == RecoveryMetadata(failure_count=3)
    result = coordinator.synchronize()
    assert calls == [(torch.int64, (2,), "cpu", [0, 3])]
    assert (result.failure_count, result.total_failures, result.world_size) == (3, 3, 1)
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=1)}, synchronize=True)
    assert len(calls) == 2 and coordinator.total_failures == 4


def test_async_check_is_acted_on_by_the_next_call(gloo_world_of_one):
    coordinator = BatchRecoveryCoordinator("train")
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=2)})
    assert coordinator.synchronize(async_op=True) is None
    assert coordinator.in_flight and coordinator.total_failures == 0
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(1, False, True, "svc down")})
    drained = coordinator.synchronize(async_op=True)  # finishes the first check, starts the fatal one
    assert (drained.failure_count, drained.total_failures) == (2, 2)
    with pytest.raises(CircuitBreakerTripped, match="1 of 1 rank.*local error: svc down"):
        coordinator.synchronize(async_op=True)
    assert not coordinator.in_flight and coordinator.total_failures == 3


def test_blocking_synchronize_drains_a_pending_async_check(gloo_world_of_one):
    coordinator = BatchRecoveryCoordinator("train")
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=2)})
    coordinator.synchronize(async_op=True)
    coordinator.consume({RECOVERY_METADATA_KEY: RecoveryMetadata(failure_count=5)})
    result = coordinator.synchronize()
    assert not coordinator.in_flight
    assert (result.failure_count, result.total_failures) == (7, 7)


def test_default_device_is_cpu_for_gloo_and_an_explicit_device_wins(gloo_world_of_one):
    assert _batch_dist.default_device() == torch.device("cpu")
    assert BatchRecoveryCoordinator("x", device="cpu").device == torch.device("cpu")


def test_default_device_follows_the_accelerator_for_nccl(monkeypatch):
    # Mocked: no CUDA or NCCL on this machine. Only the device choice is under test;
    # the NCCL path itself is exercised by benchmarks/gpu/bench_batch_nccl.py on a GPU host.
    monkeypatch.setattr(_batch_dist, "is_distributed", lambda: True)
    monkeypatch.setattr(_batch_dist.dist, "get_backend", lambda: "nccl")
    monkeypatch.setattr(_batch_dist.torch.accelerator, "current_accelerator", lambda: torch.device("cuda"))
    monkeypatch.setattr(_batch_dist.torch.accelerator, "current_device_index", lambda: 3)
    assert _batch_dist.default_device() == torch.device("cuda", 3)
    monkeypatch.setattr(_batch_dist.dist, "get_backend", lambda: "cpu:gloo,cuda:nccl")
    assert _batch_dist.default_device() == torch.device("cpu")
    monkeypatch.setattr(_batch_dist.dist, "get_backend", lambda: "nccl")
    monkeypatch.setattr(_batch_dist.torch.accelerator, "current_accelerator", lambda: None)
    with pytest.raises(RuntimeError, match="pass device="):
        _batch_dist.default_device()


# -- should_synchronize -------------------------------------------------------------


@pytest.mark.parametrize(
    "total, interval, expected",
    [(5, 1, [0, 1, 2, 3, 4]), (25, 10, [9, 19, 24]), (20, 10, [9, 19]), (7, 50, [6]), (100, 50, [49, 99])],
)
def test_should_synchronize_every_interval_and_on_the_last_step(total, interval, expected):
    assert [s for s in range(total) if should_synchronize(s, total, interval)] == expected


def test_should_synchronize_when_stopping_or_with_unknown_length():
    assert should_synchronize(3, 100, 10, will_stop=True)
    assert not should_synchronize(3, None, 10)
    assert should_synchronize(9, None, 10)


@pytest.mark.parametrize(
    "args, error",
    [((-1, 10, 1), ValueError), ((10, 10, 1), ValueError), ((0, 10, 0), ValueError),
     ((0, 0, 1), ValueError), ((0.5, 10, 1), TypeError), ((0, 10, None), TypeError)],
)
def test_should_synchronize_validates(args, error):
    with pytest.raises(error):
        should_synchronize(*args)


@settings(max_examples=100, deadline=None)
@given(total=st.integers(1, 300), interval=st.integers(1, 60))
def test_should_synchronize_never_leaves_more_than_interval_steps_unchecked(total, interval):
    steps = [s for s in range(total) if should_synchronize(s, total, interval)]
    assert steps[-1] == total - 1
    gaps = [b - a for a, b in zip([-1] + steps, steps)]
    assert max(gaps) <= interval
    assert len(steps) in (total // interval, total // interval + 1)


# -- the NCCL benchmark script on a machine without CUDA ----------------------------


def test_nccl_benchmark_script_has_help_and_refuses_clearly_without_cuda():
    script = REPO / "benchmarks" / "gpu" / "bench_batch_nccl.py"
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="", PYTHONPATH=os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p))
    shown = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True,
                           timeout=60, env=env)
    assert shown.returncode == 0 and "--nproc" in shown.stdout and "--intervals" in shown.stdout
    refused = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                             timeout=120, env=env)
    assert refused.returncode == 2, refused.stderr
    assert "no CUDA device" in refused.stderr
