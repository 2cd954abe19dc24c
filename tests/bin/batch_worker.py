"""Fake training job for tests/test_batch_dist.py: real gloo ranks running batch-recovery scenarios.

    python tests/bin/batch_worker.py --world-size N --out DIR

Starts N ranks with torch.multiprocessing (spawn), joins them into one gloo
process group through a file rendezvous in DIR, and runs every scenario below
in order in the same group. Each rank writes ``DIR/rank<R>.json``: per scenario,
what it consumed, what each check returned, where (if anywhere) the circuit
breaker tripped, the flashrun.batch log lines it emitted, and a checksum of its
DDP model so the test can prove the ranks stayed in step. Every collective has
a timeout, so a rank that falls out of step fails instead of hanging.
"""
import argparse
import datetime
import json
import logging
import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch.utils.data import DataLoader, Dataset

from flashrun.batch import (
    BatchRecoveryCoordinator,
    CircuitBreakerTripped,
    GenerationRecoveryGuard,
    collate_with_recovery,
    should_synchronize,
)

BATCH = 4
FEATURES = 8


def plan_nonfatal(rank, world_size, step):
    """Slots of this rank's batch at ``step`` that fail for good: several ranks, varying counts."""
    return range((rank + step) % 3)


def plan_empty(rank, world_size, step):
    return range(BATCH) if (rank == world_size - 1 and step == 2) else ()


def plan_burst(fatal_ranks, at_step):
    def plan(rank, world_size, step):
        if (rank % world_size) in fatal_ranks and step >= at_step:
            return range(BATCH)
        return ()
    return plan


class PlannedDataset(Dataset):
    """Sample ``step * BATCH + slot`` fails every attempt when ``slot`` is in the plan for that step.

    On one rank of the empty scenario, step 3 returns ``None`` for every slot (a
    deliberate skip: locally empty, no failure).
    """

    def __init__(self, rank, world_size, steps, plan, guard, skip_step=None):
        self.rank = rank
        self.world_size = world_size
        self.steps = steps
        self.plan = plan
        self.guard = guard
        self.skip_step = skip_step

    def __len__(self):
        return self.steps * BATCH

    def __getitem__(self, index):
        step, slot = divmod(index, BATCH)
        if step == self.skip_step:
            return None

        def fetch():
            if slot in self.plan(self.rank, self.world_size, step):
                raise TimeoutError("planned failure rank %d step %d slot %d" % (self.rank, step, slot))
            generator = torch.Generator().manual_seed(1000 * self.rank + index)
            return {"x": torch.randn(FEATURES, generator=generator), "w": torch.tensor(1.0)}

        return self.guard.run(fetch, description="rank %d sample %d" % (self.rank, index))


def empty_sample():
    return {"x": torch.zeros(FEATURES), "w": torch.tensor(0.0)}


class LogRecorder(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines = []

    def emit(self, record):
        self.lines.append([record.levelname, record.getMessage()])


def run_scenario(rank, world_size, recorder, *, steps, interval, plan, async_op=False,
                 max_consecutive=100, skip_rank=None, skip_step=None):
    recorder.lines = []
    guard = GenerationRecoveryGuard(retries=1, max_consecutive_failures=max_consecutive)
    dataset = PlannedDataset(rank, world_size, steps, plan, guard,
                             skip_step=skip_step if rank == skip_rank else None)
    loader = DataLoader(dataset, batch_size=BATCH, collate_fn=collate_with_recovery(empty_sample=empty_sample))
    torch.manual_seed(0)
    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(FEATURES, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    coordinator = BatchRecoveryCoordinator("scenario")
    out = {"consumed": [], "syncs": [], "tripped_at": None, "error": None, "steps_done": 0}
    step = -1
    try:
        for step, batch in enumerate(loader):
            sync = should_synchronize(step, steps, interval)
            metadata = coordinator.consume(batch, synchronize=sync and not async_op)
            out["consumed"].append([step, metadata.failure_count, metadata.locally_empty, metadata.fatal])
            if sync and async_op:
                result = coordinator.synchronize(async_op=True)
                if result is not None:
                    out["syncs"].append([step, result.failure_count, result.total_failures])
            elif sync:
                out["syncs"].append([step, None, coordinator.total_failures])
            loss = (model(batch["x"]).squeeze(1).pow(2) * batch["w"]).sum() / batch["w"].sum().clamp(min=1.0)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            out["steps_done"] = step + 1
        if async_op:
            result = coordinator.synchronize()
            out["syncs"].append(["final", result.failure_count, result.total_failures])
    except CircuitBreakerTripped as exc:
        out["tripped_at"] = step
        out["error"] = {"type": "%s.%s" % (type(exc).__module__, type(exc).__qualname__),
                        "message": str(exc), "fatal_ranks": exc.fatal_ranks,
                        "world_size": exc.world_size, "local_error": exc.local_error}
    out["total_failures"] = coordinator.total_failures
    out["checksum"] = sum(p.detach().double().sum().item() for p in model.parameters())
    out["log"] = recorder.lines
    return out


def rank_main(rank, world_size, out_dir):
    torch.set_num_threads(1)
    dist.init_process_group(
        "gloo", init_method="file://" + os.path.join(out_dir, "rendezvous"),
        rank=rank, world_size=world_size, timeout=datetime.timedelta(seconds=30),
    )
    recorder = LogRecorder()
    batch_logger = logging.getLogger("flashrun.batch")
    batch_logger.addHandler(recorder)
    batch_logger.setLevel(logging.INFO)
    batch_logger.propagate = False  # keep the test's output readable; everything is in the JSON
    last = world_size - 1
    results = {
        "nonfatal": run_scenario(rank, world_size, recorder, steps=6, interval=2, plan=plan_nonfatal),
        "empty": run_scenario(rank, world_size, recorder, steps=5, interval=1, plan=plan_empty,
                              skip_rank=0, skip_step=3),
        "fatal_blocking": run_scenario(rank, world_size, recorder, steps=8, interval=2,
                                       plan=plan_burst({last}, 2), max_consecutive=3),
        "fatal_async": run_scenario(rank, world_size, recorder, steps=8, interval=2,
                                    plan=plan_burst({0, last}, 2), max_consecutive=3, async_op=True),
    }
    dist.barrier()
    dist.destroy_process_group()
    with open(os.path.join(out_dir, "rank%d.json" % rank), "w") as fh:
        json.dump(results, fh)
    # Leave without the interpreter's teardown. Once in about a hundred loaded runs a
    # rank aborted there, after its results were written ("terminate called without
    # an active exception": a C++ thread object of torch's gloo group destroyed while
    # joinable at exit), and the spawn parent failed the whole module's fixture for
    # what is torch's exit, not the recovery checks under test.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--world-size", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    mp.start_processes(rank_main, args=(args.world_size, args.out), nprocs=args.world_size,
                       join=True, start_method="spawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
