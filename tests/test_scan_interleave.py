"""The verdict does not depend on how ranks' output interleaves (hypothesis).

Ranks write to one pipe and their lines mix in any order a loaded machine
likes. The scanner knows a line's rank only by its prefix (``[rankN]: `` from
torch's excepthook, ``[defaultN]:`` from torchrun's ``--tee``); unprefixed lines
from every process are one more stream (rank -1). A drawn scenario gives each
stream its lines; any merge that keeps every stream's own order must get the
same failure class as the streams printed one after another, from both scanner
implementations. The launcher's report comes last: the agent prints it after
every worker has exited.
"""
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import IMPLS
from flashrun.policy.taxonomy import FailureClass, FailureSignals, classify

# Derandomised by default (reproducible CI); FLASHRUN_HYPOTHESIS_RANDOM=1 hunts afresh.
SETTINGS = settings(max_examples=int(os.environ.get("FLASHRUN_INTERLEAVE_EXAMPLES", "300")),
                    deadline=None,
                    derandomize=os.environ.get("FLASHRUN_HYPOTHESIS_RANDOM") != "1",
                    suppress_health_check=list(HealthCheck))

# Each failure: the frames and the terminal line of a fatal traceback.
FAILURES = {
    "breaker": ('flashrun/batch.py", line 453, in _finish',
                "flashrun.batch.CircuitBreakerTripped: circuit breaker tripped in phase 'train': "
                "1 of 4 rank(s) reported a fatal data failure; local error: sample 9: "
                "TimeoutError: feature service unreachable"),
    "oom": ('torch/nn/modules/linear.py", line 125, in forward',
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"),
    "value": ('train.py", line 88, in collate', "ValueError: expected 3 channels, got 4"),
    "peer": ('torch/distributed/distributed_c10d.py", line 2501, in all_reduce',
             "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection "
             "closed by peer [10.0.0.2]:29500"),
    "nccl": ('torch/distributed/distributed_c10d.py", line 2050, in barrier',
             "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1333, "
             "remote process exited or there was a network error"),
}
SYMPTOMS = ("peer", "nccl")
CAUSES = ("breaker", "oom", "value")


def _traceback(prefix, failure):
    frame, terminal = FAILURES[failure]
    return [prefix + "Traceback (most recent call last):",
            prefix + '  File "/srv/train.py", line 201, in <module>',
            prefix + "    main()",
            prefix + '  File "/srv/' + frame,
            prefix + "    out = self.step(batch)",
            prefix + terminal]


def _ordinary(rank, i):
    return "2026-11-30 16:13:50,%03d rank%d INFO train: step %d loss %.3f" % (
        i % 1000, rank, i, 1.0 / (i + 1))


@st.composite
def scenarios(draw):
    """(streams, launcher report): each rank's lines in its own order."""
    nranks = draw(st.integers(1, 4))
    tee = draw(st.booleans())  # every line prefixed [defaultN]: or only tracebacks [rankN]:
    same = draw(st.sampled_from(CAUSES))
    named = draw(st.booleans())  # the launcher's block names the root-cause rank
    mixed = draw(st.booleans())  # ranks fail in different ways (no block may say which)
    streams = {-1: []}
    failing = []
    for rank in range(nranks):
        prefix = ("[default%d]:" if tee else "[rank%d]: ") % rank
        lines = streams.setdefault(rank, []) if tee else streams[-1]
        own = streams.setdefault(rank, [])
        for i in range(draw(st.integers(0, 12))):
            lines.append((prefix if tee else "") + _ordinary(rank, i))
        if tee and draw(st.booleans()):  # caught, logged with its traceback, and survived
            own.extend(_traceback(prefix, draw(st.sampled_from(sorted(FAILURES)))))
            for i in range(draw(st.integers(8, 12))):
                own.append(prefix + _ordinary(rank, 100 + i))
        kind = draw(st.sampled_from(("none", "symptom", "cause")))
        if kind == "none":
            continue
        failure = draw(st.sampled_from(SYMPTOMS)) if kind == "symptom" else (
            draw(st.sampled_from(CAUSES)) if named or mixed else same)
        own.extend(_traceback(prefix, failure))
        failing.append((rank, kind))
        for i in range(draw(st.integers(0, 3))):  # shutdown chatter after the traceback
            streams[-1].append(draw(st.sampled_from((
                "wandb: Waiting for W&B process to finish... (failed 1).",
                "2026-11-30 16:13:51,000 rank%d ERROR train: rank %d stopping" % (rank, rank),
                "2026-11-30 16:13:51,002 rank%d WARNING batch: sample 7 failed (attempt 1/2): "
                "TimeoutError: feature service timed out" % rank))))
    report = []
    if named and failing:
        causes = [r for r, kind in failing if kind == "cause"] or [r for r, _ in failing]
        root = draw(st.sampled_from(causes))
        report = ["E1130 16:13:51.842000 4911 torch/distributed/elastic/multiprocessing/api.py"
                  ":1002] failed (exitcode: 1) local_rank: %d (pid: 4918)" % root,
                  "Traceback (most recent call last):",
                  '  File "/venv/bin/torchrun", line 8, in <module>',
                  "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
                  "=" * 60, "train.py FAILED", "-" * 60, "Failures:"]
        for rank, _ in failing:
            if rank != root:
                report += ["[%d]:" % rank, "  time      : 2026-11-30_16:13:51",
                           "  host      : node7", "  rank      : %d (local_rank: %d)" % (rank, rank),
                           "  exitcode  : 1 (pid: 49%02d)" % rank, "  error_file: <N/A>",
                           "  traceback : To enable traceback see: https://pytorch.org/docs/"]
        report += ["-" * 60, "Root Cause (first observed failure):", "[%d]:" % root,
                   "  time      : 2026-11-30_16:13:51", "  host      : node7",
                   "  rank      : %d (local_rank: %d)" % (root, root),
                   "  exitcode  : 1 (pid: 4918)", "  error_file: <N/A>",
                   "  traceback : To enable traceback see: https://pytorch.org/docs/", "=" * 60]
    return {k: v for k, v in streams.items() if v}, report


def _verdict(impl, lines):
    data = ("\n".join(lines) + "\n").encode()
    return classify(FailureSignals.from_scan(1, impl.scan_tail(data)))[0]


def _merge(streams, seed):
    """Any interleaving of the streams that keeps each one's own order."""
    rnd = random.Random(seed)
    queues = {k: list(v) for k, v in streams.items()}
    out = []
    while queues:
        k = rnd.choice(sorted(queues))
        out.append(queues[k].pop(0))
        if not queues[k]:
            del queues[k]
    return out


@SETTINGS
@given(scenario=scenarios(), seed=st.integers(0, 2 ** 32 - 1))
def test_interleaving_never_changes_the_class(scan_impl, scenario, seed):
    streams, report = scenario
    in_order = [line for k in sorted(streams) for line in streams[k]]
    want = _verdict(scan_impl, in_order + report)
    assert _verdict(scan_impl, _merge(streams, seed) + report) == want


def test_survived_records_are_chosen_whatever_the_order(scan_impl):
    """Found by a random hunt: both ranks' tracebacks survived (each rank logged
    steps after it) and no launcher block names a root. The record kept as survived
    was the one printed last, so rank 0's breaker then rank 1's NCCL symptom read as
    a communication error and the reverse as a data error; a rank's own error now
    outranks another's communication symptom in either order."""
    r0 = _traceback("[default0]:", "breaker") + ["[default0]:" + _ordinary(0, i) for i in range(8)]
    r1 = _traceback("[default1]:", "nccl") + ["[default1]:" + _ordinary(1, i) for i in range(8)]
    for lines in (r0 + r1, r1 + r0, _merge({0: r0, 1: r1}, 0)):
        assert _verdict(scan_impl, lines) == FailureClass.DATA_ERROR


def test_breaker_then_unprefixed_logging_lines_stays_a_data_error(scan_impl):
    """The case that failed under load: rank 1's breaker traceback, then two of rank
    0's unprefixed logging lines, then torchrun's block naming rank 0."""
    tb0 = _traceback("[rank0]: ", "breaker")
    tb1 = _traceback("[rank1]: ", "breaker")
    logging = ["2026-11-30 16:13:50,951 rank0 WARNING flashrun.batch: [train] 1 sample(s) "
               "in this batch were unavailable and dropped",
               "2026-11-30 16:13:50,952 rank0 ERROR train: rank 0 stopping: circuit breaker "
               "tripped at step 3"]
    report = ["Failures:", "[1]:", "  time      : 2026-11-30_16:13:51", "  host      : node7",
              "  rank      : 1 (local_rank: 1)", "  exitcode  : 1 (pid: 4919)",
              "Root Cause (first observed failure):", "[0]:",
              "  time      : 2026-11-30_16:13:51", "  host      : node7",
              "  rank      : 0 (local_rank: 0)", "  exitcode  : 1 (pid: 4918)", "=" * 60]
    for lines in (tb0 + tb1 + report, tb0 + tb1 + logging + report, tb1 + report,
                  tb1 + logging + report, logging + tb1 + tb0 + report):
        assert _verdict(scan_impl, lines).value == "data_error", lines


@pytest.mark.skipif(IMPLS["c"] is None, reason="C scanner not built")
@SETTINGS
@given(scenario=scenarios(), seed=st.integers(0, 2 ** 32 - 1))
def test_interleaved_tails_lex_the_same_in_c_and_python(scenario, seed):
    streams, report = scenario
    data = ("\n".join(_merge(streams, seed) + report) + "\n").encode()
    assert IMPLS["c"]._lex_events(data) == IMPLS["py"]._lex_events(data)
