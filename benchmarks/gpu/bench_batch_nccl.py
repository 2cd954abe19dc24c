"""What BatchRecoveryCoordinator.synchronize() costs next to a plain training step, with NCCL on GPUs.

The GPU twin of benchmarks/bench_batch.py (which measures gloo on CPU in the
normal test run). Not a pytest benchmark: run it by hand on a GPU machine::

    python benchmarks/gpu/bench_batch_nccl.py                 # every visible GPU, one rank each
    python benchmarks/gpu/bench_batch_nccl.py --nproc 1       # one GPU (still a real NCCL group)
    torchrun --nproc-per-node 8 benchmarks/gpu/bench_batch_nccl.py

Comparator: a plain DDP training step of a small model (MLP, SGD) on the same
GPUs with no coordinator. Subject: the same steps with ``consume()`` per batch and a
check every 1, 10, 50 steps, blocking or ``async_op=True``; the check is the
coordinator's 2-element int64 all-reduce on the GPU plus the host read of its
result (which waits for the GPU's queue - the real price of a blocking check).
Blocks of ``--steps`` steps interleave (plain, blocking, async) for ``--rounds``
rounds; each block ends with ``torch.cuda.synchronize()``. Rank 0 prints a table
of medians and ratios measured in this run. Exits with status 2 and a message
when no CUDA device is present.
"""
import argparse
import datetime
import logging
import os
import statistics
import sys
import tempfile
import time

MODES = ("blocking", "async")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nproc", type=int, default=None,
                        help="ranks (one GPU each) to start; default: every visible GPU")
    parser.add_argument("--intervals", type=int, nargs="+", default=[1, 10, 50],
                        help="check every N steps (default: 1 10 50)")
    parser.add_argument("--steps", type=int, default=50, help="steps per block (default: 50)")
    parser.add_argument("--rounds", type=int, default=30, help="interleaved rounds (default: 30)")
    parser.add_argument("--hidden", type=int, default=1024, help="MLP width (default: 1024)")
    parser.add_argument("--batch", type=int, default=256, help="batch size (default: 256)")
    return parser.parse_args(argv)


def run_rank(local_rank, world_size, args, init_method):
    import torch
    import torch.distributed as dist

    from flashrun.batch import RECOVERY_METADATA_KEY, BatchRecoveryCoordinator, RecoveryMetadata, should_synchronize

    logging.getLogger("flashrun.batch").setLevel(logging.ERROR)  # measuring the check, not logging
    device = torch.device("cuda", local_rank)
    torch.cuda.set_device(device)
    if init_method is None:  # under torchrun: env:// rendezvous
        dist.init_process_group("nccl", device_id=device, timeout=datetime.timedelta(seconds=120))
    else:
        dist.init_process_group("nccl", init_method=init_method, rank=local_rank, world_size=world_size,
                                device_id=device, timeout=datetime.timedelta(seconds=120))
    rank = dist.get_rank()
    torch.manual_seed(rank)
    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Sequential(
        torch.nn.Linear(args.hidden, args.hidden), torch.nn.ReLU(), torch.nn.Linear(args.hidden, 10)
    ).to(device), device_ids=[device.index])
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(args.batch, args.hidden, device=device)
    y = torch.randint(0, 10, (args.batch,), device=device)

    def block(kind, coordinator, interval, calls):
        torch.cuda.synchronize()
        start = time.perf_counter()
        for step in range(args.steps):
            batch = {"x": x, "y": y}
            if coordinator is not None:
                if rank == world_size - 1 and step == 0:
                    batch[RECOVERY_METADATA_KEY] = RecoveryMetadata(failure_count=1)
                coordinator.consume(batch)
                if should_synchronize(step, args.steps, interval):
                    called = time.perf_counter()
                    coordinator.synchronize(async_op=kind == "async")
                    calls.append(time.perf_counter() - called)
            loss = torch.nn.functional.cross_entropy(model(batch["x"]), batch["y"])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        torch.cuda.synchronize()
        return time.perf_counter() - start

    rows = []
    for interval in args.intervals:
        coordinators = {mode: BatchRecoveryCoordinator("bench") for mode in MODES}
        assert coordinators["blocking"].device.type == "cuda", coordinators["blocking"].device
        times = {"plain": [], "blocking": [], "async": []}
        calls = {"plain": [], "blocking": [], "async": []}
        for round_number in range(args.rounds + 1):  # round 0 warms up
            for kind in ("plain",) + MODES:
                elapsed = block(kind, coordinators.get(kind), interval, calls[kind])
                if round_number:
                    times[kind].append(elapsed)
        for coordinator in coordinators.values():
            coordinator.synchronize()
            expected = args.rounds + 1  # one dropped sample per checked block, from the last rank
            if coordinator.total_failures != expected:
                raise AssertionError("lost a count: %d != %d" % (coordinator.total_failures, expected))
        plain = statistics.median(times["plain"])
        checks = -(-args.steps // interval)
        for mode in MODES:
            block_s = statistics.median(times[mode])
            cost = (block_s - plain) / checks
            rows.append((interval, mode, plain * 1e3, block_s * 1e3, statistics.median(calls[mode]) * 1e6,
                         cost * 1e6, cost / (plain / args.steps), block_s / plain - 1))
    if rank == 0:
        name = torch.cuda.get_device_name(device)
        print("NCCL, %d rank(s) on %s; torch %s; MLP %d-%d-10, batch %d; %d steps/block, %d rounds"
              % (world_size, name, torch.__version__, args.hidden, args.hidden, args.batch,
                 args.steps, args.rounds))
        print("%8s %9s %13s %9s %10s %13s %11s %9s" % ("interval", "mode", "plain blk ms", "blk ms",
                                                         "call us", "per check us", "check/step", "overhead"))
        for interval, mode, plain_ms, block_ms, call_us, cost_us, in_steps, overhead in rows:
            print("%8d %9s %13.3f %9.3f %10.1f %13.1f %11.3f %8.1f%%"
                  % (interval, mode, plain_ms, block_ms, call_us, cost_us, in_steps, 100 * overhead))
        sys.stdout.flush()
    dist.destroy_process_group()


def main(argv=None):
    args = parse_args(argv)
    import torch
    import torch.multiprocessing as mp

    if not torch.cuda.is_available() or torch.cuda.device_count() == 0:
        print("bench_batch_nccl: no CUDA device is available (torch %s, CUDA build: %s); "
              "run this on a GPU machine" % (torch.__version__, torch.version.cuda), file=sys.stderr)
        return 2
    if "LOCAL_RANK" in os.environ:  # started by torchrun
        run_rank(int(os.environ["LOCAL_RANK"]), int(os.environ["WORLD_SIZE"]), args, None)
        return 0
    nproc = args.nproc or torch.cuda.device_count()
    if nproc > torch.cuda.device_count():
        print("bench_batch_nccl: --nproc %d but only %d CUDA device(s)" % (nproc, torch.cuda.device_count()),
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        init_method = "file://" + os.path.join(tmp, "rendezvous")
        mp.start_processes(run_rank, args=(nproc, args, init_method), nprocs=nproc, join=True,
                           start_method="spawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())
