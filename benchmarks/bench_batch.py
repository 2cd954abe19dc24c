"""Benchmark: what BatchRecoveryCoordinator.synchronize() costs next to a plain training step (gloo).

Comparator: a plain DDP training step of a small model (MLP 256-512-10, batch
64, SGD, one intra-op thread per rank) on two gloo CPU ranks, with no
coordinator. Subject: the same steps with ``consume()`` on every batch and a
``synchronize()`` every 1, 10 or 50 steps, blocking or non-blocking
(``async_op=True``).

Two real gloo ranks: this pytest process is rank 0; a follower subprocess (this
file run as a script) is rank 1. Before each block of ``STEPS`` steps rank 0
broadcasts which block comes next - inside pytest-benchmark's untimed ``setup``
- and both ranks run it. A round is a plain block, a block in the other mode and
then the benchmarked block (timed by pytest-benchmark); interleaving makes the
drift of a shared machine hit all three alike. Inside every block each training
step and each ``consume``/``synchronize`` call is timed on its own, so the
ratios rest on medians of many samples, not on small differences of noisy
blocks. Rank 1 reports one dropped sample per block: every check carries data,
and rank 0 verifies the total.

Ratios measured in the same run, in ``extra_info`` (docs/batch.md has a run):

* ``check_call_in_steps``: median ``synchronize()`` call / median plain step.
* ``consume_call_in_steps``: median ``consume()`` call / median plain step.
* ``step_slowdown``: median training step inside checked blocks / plain - 1
  (what a check in flight costs the compute it overlaps).
* ``overhead_per_step``: (check / interval + consume) / plain step + slowdown.
* ``block_overhead``: median whole block / median plain block - 1 (noisier).
* ``async_over_blocking``: median non-blocking call / median blocking call.

``--benchmark-disable`` (the CI smoke) runs one round of each: quick, same code.
"""
import argparse
import datetime
import logging
import os
import signal
import statistics
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    # torch warns at import when NumPy is absent; the project runs with warnings as errors.
    warnings.filterwarnings("ignore", message="Failed to initialize NumPy", category=UserWarning)
    import torch
    import torch.distributed as dist

from flashrun.batch import RECOVERY_METADATA_KEY, BatchRecoveryCoordinator, RecoveryMetadata, should_synchronize

REPO = Path(__file__).resolve().parents[1]
STEPS = 50  # a multiple of every interval: each block holds whole check periods
INTERVALS = (1, 10, 50)
MODES = ("blocking", "async")
KINDS = ("plain",) + MODES
ROUNDS = 8  # at least; --benchmark-min-rounds raises it for a longer, steadier run
IN_FEATURES, HIDDEN, CLASSES, BATCH = 256, 512, 10, 64


class Rank:
    """One rank's model, data and coordinators; both processes build the same."""

    def __init__(self, rank):
        torch.manual_seed(rank)
        self.rank = rank
        self.model = torch.nn.parallel.DistributedDataParallel(torch.nn.Sequential(
            torch.nn.Linear(IN_FEATURES, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, CLASSES)
        ))
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.01)
        self.x = torch.randn(BATCH, IN_FEATURES)
        self.y = torch.randint(0, CLASSES, (BATCH,))
        self.interval = 1
        self.coordinators = {}
        self.blocks = {}

    def begin(self, interval):
        self.interval = interval
        self.coordinators = {mode: BatchRecoveryCoordinator("bench") for mode in MODES}
        self.blocks = dict.fromkeys(MODES, 0)
        self.samples = {kind: {"step": [], "consume": [], "check": []} for kind in KINDS}

    def run(self, kind):
        """``STEPS`` training steps; ``kind`` is "plain" or a mode of checking.

        Records, per step, the time of the training step itself and of each
        ``consume``/``synchronize`` call, so that the ratios rest on medians of
        many samples rather than on differences of whole blocks.
        """
        coordinator = self.coordinators.get(kind)
        samples = self.samples[kind]
        clock = time.perf_counter
        for step in range(STEPS):
            batch = {"x": self.x, "y": self.y}
            if coordinator is not None:
                if self.rank == 1 and step == 0:
                    batch[RECOVERY_METADATA_KEY] = RecoveryMetadata(failure_count=1)
                start = clock()
                coordinator.consume(batch)
                samples["consume"].append(clock() - start)
                if should_synchronize(step, STEPS, self.interval):
                    start = clock()
                    coordinator.synchronize(async_op=kind == "async")
                    samples["check"].append(clock() - start)
            start = clock()
            loss = torch.nn.functional.cross_entropy(self.model(batch["x"]), batch["y"])
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            samples["step"].append(clock() - start)
        if coordinator is not None:
            self.blocks[kind] += 1

    def drain(self):
        for coordinator in self.coordinators.values():
            coordinator.synchronize()

    def obey(self, command):
        name, arg = command
        if name == "begin":
            self.begin(arg)
        elif name == "run":
            self.run(arg)
        elif name == "drain":
            self.drain()
        else:
            raise ValueError("unknown command %r" % (command,))


_OPS = ("stop", "begin", "run", "drain")


def _broadcast(command):
    """Send (rank 0) or receive a command as a 2-element int64 tensor (object collectives need NumPy)."""
    tensor = torch.zeros(2, dtype=torch.int64)
    if command is not None:
        name, arg = command
        tensor[0] = _OPS.index(name)
        tensor[1] = KINDS.index(arg) if name == "run" else (arg or 0)
    dist.broadcast(tensor, src=0)
    name = _OPS[int(tensor[0])]
    return name, KINDS[int(tensor[1])] if name == "run" else int(tensor[1])


class Leader:
    """Rank 0: tells the follower what comes next, then does the same."""

    def __init__(self):
        self.local = Rank(0)

    def announce(self, kind):
        _broadcast(("run", kind))

    def timed(self, kind):
        self.announce(kind)
        start = time.perf_counter()
        self.local.run(kind)
        return time.perf_counter() - start

    def do(self, name, arg=None):
        _broadcast((name, arg))
        self.local.obey((name, arg))


def follow(init_method):
    torch.set_num_threads(1)
    logging.getLogger("flashrun.batch").setLevel(logging.ERROR)
    dist.init_process_group("gloo", init_method=init_method, rank=1, world_size=2,
                            timeout=datetime.timedelta(seconds=60))
    local = Rank(1)
    while True:
        command = _broadcast(None)
        if command[0] == "stop":
            break
        local.obey(command)
    dist.barrier()  # both ranks leave the collectives together: see the fixture's teardown
    dist.destroy_process_group()
    return 0


def _exit_now(code):
    """Leave without the interpreter's teardown. After destroy_process_group gloo's
    threads may still be winding down; on a loaded 2-core box the C++ static
    destructors at a normal exit then met a joinable std::thread and aborted the
    follower ("terminate called without an active exception", SIGABRT) after it had
    done everything asked of it. The protocol is over here: flush and go."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bench_batch")
    init_method = "file://%s" % (tmp / "rendezvous")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p))
    log_path = tmp / "follower.log"
    batch_logger = logging.getLogger("flashrun.batch")
    threads, level = torch.get_num_threads(), batch_logger.level
    with open(log_path, "wb") as log:
        follower = subprocess.Popen([sys.executable, __file__, "--follow", init_method], env=env,
                                    stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        torch.set_num_threads(1)
        batch_logger.setLevel(logging.ERROR)  # measuring the check, not log handlers
        dist.init_process_group("gloo", init_method=init_method, rank=0, world_size=2,
                                timeout=datetime.timedelta(seconds=60))
        yield Leader()
        _broadcast(("stop", None))
        # without this barrier the leader could tear its gloo pairs down while the follower
        # was still inside the broadcast: gloo then aborts the follower ("terminate called
        # without an active exception", seen about one run in three on a busy 2-core box)
        dist.barrier()
        dist.destroy_process_group()
        assert follower.wait(timeout=60) == 0, log_path.read_text(errors="replace")
    finally:
        torch.set_num_threads(threads)
        batch_logger.setLevel(level)
        if dist.is_initialized():
            dist.destroy_process_group()
        if follower.poll() is None:
            os.killpg(follower.pid, signal.SIGKILL)
            follower.wait()


@pytest.fixture
def rounds(request):
    return max(ROUNDS, request.config.getoption("benchmark_min_rounds"))


def test_plain_training_step(benchmark, pair, rounds):
    """The comparator on its own: a block of plain steps, no coordinator."""
    pair.do("begin", 1)
    benchmark.pedantic(pair.local.run, args=("plain",), setup=lambda: pair.announce("plain"),
                       rounds=rounds, warmup_rounds=1)
    benchmark.extra_info.update(steps_per_block=STEPS, comparator="itself")
    assert pair.local.blocks == dict.fromkeys(MODES, 0)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("interval", INTERVALS)
def test_synchronize_cost_against_a_plain_step(benchmark, pair, rounds, interval, mode):
    other = "async" if mode == "blocking" else "blocking"
    blocks = {kind: [] for kind in KINDS}
    pair.do("begin", interval)

    def setup():
        blocks["plain"].append(pair.timed("plain"))
        blocks[other].append(pair.timed(other))
        pair.announce(mode)

    def target():
        start = time.perf_counter()
        pair.local.run(mode)
        blocks[mode].append(time.perf_counter() - start)

    benchmark.pedantic(target, setup=setup, rounds=rounds, warmup_rounds=1)
    pair.do("drain")

    # Rank 1 dropped one sample per checked block; every check reached rank 0.
    for kind in MODES:
        assert pair.local.coordinators[kind].total_failures == pair.local.blocks[kind] > 0
        assert not pair.local.coordinators[kind].in_flight
    samples = pair.local.samples
    assert len(samples[mode]["check"]) == len(blocks[mode]) * (STEPS // interval)

    median = statistics.median
    step = median(samples["plain"]["step"])
    check = {kind: median(samples[kind]["check"]) for kind in MODES}
    consume = {kind: median(samples[kind]["consume"]) for kind in MODES}
    slowdown = {kind: median(samples[kind]["step"]) / step - 1 for kind in MODES}
    benchmark.extra_info.update(
        comparator="plain DDP training step (MLP %d-%d-%d, batch %d, 2 gloo ranks), same run"
        % (IN_FEATURES, HIDDEN, CLASSES, BATCH),
        interval=interval,
        mode=mode,
        steps_per_block=STEPS,
        plain_step_s=step,
        check_call_s=check,
        check_call_in_steps={kind: check[kind] / step for kind in MODES},
        consume_call_in_steps={kind: consume[kind] / step for kind in MODES},
        step_slowdown=slowdown,
        overhead_per_step={kind: (check[kind] / interval + consume[kind]) / step + slowdown[kind]
                           for kind in MODES},
        block_overhead={kind: median(blocks[kind]) / median(blocks["plain"]) - 1 for kind in MODES},
        async_over_blocking=check["async"] / check["blocking"],
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="rank 1 of the gloo pair used by bench_batch.py")
    parser.add_argument("--follow", required=True, metavar="INIT_METHOD")
    _exit_now(follow(parser.parse_args().follow))
