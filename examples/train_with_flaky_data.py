"""Train a small model on samples from a flaky feature service, with batch recovery.

Every sample needs a call to a remote feature service. The call sometimes times
out once (the guard's retry recovers it), sometimes for good (the sample is
dropped and counted across ranks), and with ``--fail-burst-at STEP`` the
service goes down for one rank from that step on: its guard reaches the bound of
consecutive unavailable samples, the rank's batch is marked fatal, and at the
next check every rank raises ``flashrun.batch.CircuitBreakerTripped`` at the
same step. The supervisor then fails the job fast (``data_error``) instead of
restarting into the same outage.

Run it::

    torchrun --standalone --nproc-per-node 2 examples/train_with_flaky_data.py [--fail-burst-at STEP]
    python -m flashrun run --nproc-per-node 2 -- python examples/train_with_flaky_data.py [...]
    python examples/train_with_flaky_data.py            # one process, no process group

The service is simulated (deterministic, by sample index) so that runs repeat.
"""
import argparse
import logging
import os
import sys

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, Dataset, DistributedSampler

from flashrun.batch import (
    BatchRecoveryCoordinator,
    CircuitBreakerTripped,
    GenerationRecoveryGuard,
    collate_with_recovery,
    should_synchronize,
)

logger = logging.getLogger("train_with_flaky_data")

FEATURES = 16
CLASSES = 4


class FeatureService:
    """A stand-in for a remote hidden-state / feature service that times out now and then.

    Sample ``i`` fails its first call when ``i % 7 == 3`` (a retry recovers it) and
    every call when ``i % 23 == 5`` (it is dropped). During an outage - samples of
    rank ``outage_rank`` from index ``outage_from`` on, as read through a
    non-shuffling DistributedSampler - every call fails.
    """

    def __init__(self, world_size, outage_from=None, outage_rank=0):
        self.world_size = world_size
        self.outage_from = outage_from
        self.outage_rank = outage_rank
        self._calls = {}

    def fetch(self, index):
        calls = self._calls[index] = self._calls.get(index, 0) + 1
        if (self.outage_from is not None and index >= self.outage_from
                and index % self.world_size == self.outage_rank):
            raise TimeoutError("feature service unreachable (outage) for sample %d" % index)
        if index % 23 == 5 or (index % 7 == 3 and calls == 1):
            raise TimeoutError("feature service timed out for sample %d" % index)
        generator = torch.Generator().manual_seed(index)
        return torch.randn(FEATURES, generator=generator)


class FlakyFeatureDataset(Dataset):
    def __init__(self, length, service, guard):
        self.length = length
        self.service = service
        self.guard = guard  # one copy per DataLoader worker: counts are per worker

    def __len__(self):
        return self.length

    def __getitem__(self, index):
        def make_sample():
            features = self.service.fetch(index)
            label = int(features.sum() > 0) + 2 * int(features[0] > 0)
            return {"x": features, "y": torch.tensor(label), "weight": torch.tensor(1.0)}

        return self.guard.run(make_sample, description="sample %d" % index)


def empty_sample():
    """A placeholder with zero weight: a rank with nothing left still runs the step (and DDP's all-reduce)."""
    return {"x": torch.zeros(FEATURES), "y": torch.tensor(0), "weight": torch.tensor(0.0)}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=4)
    parser.add_argument("--sync-interval", type=int, default=1,
                        help="check failures across ranks every N steps (and on the last step)")
    parser.add_argument("--async-sync", action="store_true",
                        help="overlap the check with compute (a fatal failure is seen one check late)")
    parser.add_argument("--retries", type=int, default=1)
    parser.add_argument("--max-consecutive-failures", type=int, default=3)
    parser.add_argument("--num-workers", type=int, default=2)
    parser.add_argument("--fail-burst-at", type=int, default=None, metavar="STEP",
                        help="from this step on, the feature service is down for --burst-rank")
    parser.add_argument("--burst-rank", type=int, default=None,
                        help="rank that loses the service (default: the last rank)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    distributed = "RANK" in os.environ and "WORLD_SIZE" in os.environ
    if distributed:
        dist.init_process_group("gloo")
    rank = dist.get_rank() if distributed else 0
    world_size = dist.get_world_size() if distributed else 1
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s rank" + str(rank) + " %(levelname)s %(name)s: %(message)s",
    )
    try:
        return train(args, rank, world_size, distributed)
    finally:
        if distributed:
            dist.destroy_process_group()


def train(args, rank, world_size, distributed):
    burst_rank = world_size - 1 if args.burst_rank is None else args.burst_rank
    per_step = args.batch_size * world_size
    outage_from = None if args.fail_burst_at is None else args.fail_burst_at * per_step
    service = FeatureService(world_size, outage_from=outage_from, outage_rank=burst_rank)
    guard = GenerationRecoveryGuard(args.retries, args.max_consecutive_failures)
    dataset = FlakyFeatureDataset(args.steps * per_step, service, guard)
    sampler = DistributedSampler(dataset, world_size, rank, shuffle=False) if distributed else None
    loader = DataLoader(
        dataset,
        batch_size=args.batch_size,
        sampler=sampler,
        num_workers=args.num_workers,
        persistent_workers=args.num_workers > 0,
        collate_fn=collate_with_recovery(empty_sample=empty_sample),
    )
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(FEATURES, 32), torch.nn.ReLU(), torch.nn.Linear(32, CLASSES)
    )
    if distributed:
        model = torch.nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    coordinator = BatchRecoveryCoordinator("train")

    step = -1
    try:
        for step, batch in enumerate(loader):
            sync = should_synchronize(step, args.steps, args.sync_interval)
            coordinator.consume(batch, synchronize=sync and not args.async_sync)
            if sync and args.async_sync:
                coordinator.synchronize(async_op=True)
            losses = torch.nn.functional.cross_entropy(model(batch["x"]), batch["y"], reduction="none")
            loss = (losses * batch["weight"]).sum() / batch["weight"].sum().clamp(min=1.0)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if step % 5 == 0:
                logger.info("step %d loss %.4f", step, loss.item())
        if args.async_sync:
            coordinator.synchronize()  # drain the last asynchronous check
    except CircuitBreakerTripped:
        logger.error("rank %d stopping: circuit breaker tripped at step %d", rank, step)
        raise
    logger.info("rank %d finished %d steps; %d sample(s) dropped across ranks",
                rank, step + 1, coordinator.total_failures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
