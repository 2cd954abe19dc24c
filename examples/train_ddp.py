#!/usr/bin/env python
"""A small, bit-for-bit deterministic DDP training job for flashrun (CPU, gloo).

Run it under torchrun (what a flashrun ``GroupSpec`` launches)::

    python -m torch.distributed.run --standalone --nproc-per-node 2 examples/train_ddp.py

or alone (world size 1, no process group)::

    python examples/train_ddp.py --steps 40

It trains a tiny MLP (with dropout, so RNG state matters) on synthetic data,
checkpoints every ``--ckpt-every`` steps through :mod:`flashrun.ckpt` (model,
optimizer, step and every rank's torch RNG state), resumes from
``ckpt.load_latest()`` on start, touches the heartbeat every step, and prints
``step N | loss X`` from rank 0. It ends with one line
``FLASHRUN_METRICS {"final_loss": ..., "steps": ..., "weights_sha256": ...}``
and writes the same JSON to ``--metrics-out`` (default
``<checkpoint dir>/final_metrics.json``). An interrupted run resumed from its
checkpoints ends with the same ``weights_sha256`` as an uninterrupted one.

Batches come from a generator seeded by (seed, step, rank), so the data needs
no saved state; dropout uses the global torch RNG, whose per-rank state is
gathered to rank 0 and saved with each checkpoint.

Fault injection (to exercise the supervisor). A fault fires only on the
attempt ``$FLASHRUN_ATTEMPT == --crash-attempt`` (default 0, i.e. the first
attempt; ``-1`` = every attempt, a deterministic bug) and only on rank
``--crash-rank``. ``--crash-at K`` means "after K optimizer steps", before
step K+1 begins. Modes, and what each leaves in the log:

  exit                sys.exit(3); prints nothing.
  raise               RuntimeError("injected failure at step K on rank R") traceback.
  sigkill             SIGKILL to itself; prints nothing (the log just stops, rc -9).
  hang                the rank sleeps forever before its next collective; the other
                      ranks block in DDP's gradient all_reduce. Prints nothing.
  import              ``import nonexistent_module`` at start-up (before the process
                      group): ModuleNotFoundError traceback. --crash-at is ignored.
  import_after_init   the same import just after ``init_process_group``, so torch's
                      distributed excepthook prints the traceback behind ``[rankR]:``
                      (what a lazy import in a real job looks like). --crash-at is ignored.
  oom                 raises a real torch.OutOfMemoryError with CUDA's message (the
                      class exists on CPU builds; no memory is actually exhausted).
  nccl_timeout        prints a simulated NCCL watchdog line
                      ``[rankR]:[E... ProcessGroupNCCL.cpp:...] [Rank R] Watchdog caught
                      collective operation timeout: WorkNCCL(...) ran for ... milliseconds
                      before timing out.`` to stderr, then hangs like ``hang``.
  corrupt_ckpt        flips one byte in the middle of the largest part of the newest
                      complete checkpoint, then SIGKILLs itself. Prints nothing.
  kill_in_ckpt_write  the first checkpoint save at or after step K SIGKILLs the writer
                      between the parts and the manifest (via
                      FLASHRUN_CKPT_FAULT=kill_before_manifest). Always rank 0, the
                      only writer; --crash-rank is ignored. Prints one log line
                      ``WARNING flashrun.ckpt: FLASHRUN_CKPT_FAULT=kill_before_manifest:
                      killing this process before the manifest of step N``.

One-shot faults for any launcher: ``--fault-marker PATH`` makes the faulting
rank append one JSON line ``{"t": <time.time()>, "mode": ..., "rank": ...,
"step": ...}`` to PATH just before the fault fires (the fault's own timestamp);
with ``--crash-once`` the fault fires only while PATH does not exist yet, so it
fires once however the job is relaunched (plain torchrun restarts set no
``$FLASHRUN_ATTEMPT``). Combine with ``--crash-attempt -1``.
``--log-time`` appends ``| time T`` (``time.time()``) to each step line.
``--log-join`` makes every rank log one line once it joined the group (only
rank 0 prints otherwise): a multi-node launch then shows every node's output.

On resume, rank 0 prints ``resumed from step N (attempt A)`` and flashrun.ckpt
logs ``WARNING flashrun.ckpt: skipping checkpoint <dir>: <reason>`` for each
torn or corrupt checkpoint it passed over.
"""
import argparse
import datetime
import hashlib
import json
import logging
import os
import signal
import sys
import time

try:
    from flashrun import ckpt
except ImportError:  # run from a checkout without installing flashrun
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from flashrun import ckpt

CRASH_MODES = (
    "exit", "raise", "sigkill", "hang", "import", "import_after_init", "oom", "nccl_timeout",
    "corrupt_ckpt", "kill_in_ckpt_write",
)
START_UP_MODES = ("import", "import_after_init")  # fire at start-up; --crash-at is ignored
IN_FEATURES = 16
HIDDEN = 64

OOM_MESSAGE = (
    "CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB "
    "of which 1.12 GiB is free. Including non-PyTorch memory, this process has 77.97 GiB memory "
    "in use. Of the allocated memory 75.31 GiB is allocated by PyTorch, and 1.98 GiB is reserved "
    "by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
    "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation "
    "for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                epilog=__doc__[__doc__.index("Fault injection"):],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=60, help="optimizer steps in total (default 60)")
    p.add_argument("--ckpt-every", type=int, default=10, help="checkpoint every K steps (default 10)")
    p.add_argument("--keep-last", type=int, default=None, help="prune all but N checkpoints")
    p.add_argument("--lr", type=float, default=1e-2, help="Adam learning rate (default 1e-2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--batch-size", type=int, default=32, help="per rank (default 32)")
    p.add_argument("--step-sleep", type=float, default=0.0, help="sleep S seconds per step")
    p.add_argument("--pg-timeout", type=float, default=1800.0,
                   help="process group timeout in seconds (default 1800)")
    p.add_argument("--metrics-out", default=None,
                   help="where rank 0 writes the final metrics JSON "
                        "(default <checkpoint dir>/final_metrics.json)")
    p.add_argument("--crash-at", type=int, default=None, metavar="STEP",
                   help="inject the fault after STEP optimizer steps")
    p.add_argument("--crash-mode", choices=CRASH_MODES, default=None, help="see below")
    p.add_argument("--crash-rank", type=int, default=0, metavar="R",
                   help="the rank that faults (default 0)")
    p.add_argument("--crash-attempt", type=int, default=0, metavar="N",
                   help="inject only when $FLASHRUN_ATTEMPT == N (default 0); -1 = always")
    p.add_argument("--fault-marker", default=None, metavar="PATH",
                   help="the faulting rank appends a JSON line (time, mode, rank, step) "
                        "to PATH just before the fault fires")
    p.add_argument("--crash-once", action="store_true",
                   help="fire only while --fault-marker does not exist yet (once per job, "
                        "whatever relaunches it)")
    p.add_argument("--log-time", action="store_true",
                   help="append '| time T' (time.time()) to each step line")
    p.add_argument("--log-join", action="store_true",
                   help="every rank logs one line once it has joined the group "
                        "(otherwise only rank 0 prints)")
    args = p.parse_args(argv)
    if args.crash_once and not args.fault_marker:
        p.error("--crash-once needs --fault-marker")
    if args.crash_mode and args.crash_mode not in START_UP_MODES and args.crash_at is None:
        p.error("--crash-mode %s needs --crash-at" % args.crash_mode)
    if args.steps < 1 or args.ckpt_every < 1:
        p.error("--steps and --ckpt-every must be >= 1")
    return args


def say(line, stream=None):
    """Write one whole line in one call: several ranks share the launcher's pipe,
    and print()'s separate write of the newline lets another rank's line in."""
    stream = stream or sys.stdout
    stream.write(line + "\n")
    stream.flush()


def mark_fault(path, mode, rank, step):
    """Append the fault's own timestamp to *path* (one JSON line), durably, before it fires."""
    if not path:
        return
    line = json.dumps({"t": time.time(), "mode": mode, "rank": rank, "step": step})
    with open(path, "a") as f:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())


def lazy_import_of_a_missing_module():
    """The import_after_init fault: a module imported where it is first needed, not installed."""
    import nonexistent_module  # noqa: F401


def hang_forever():
    while True:
        time.sleep(3600)


def nccl_timeout_line(rank, seq, numel):
    now = datetime.datetime.now()
    stamp = now.strftime("%m%d %H:%M:%S.") + "%06d000" % now.microsecond
    return (
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:632] [Rank %d] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=%d, NumelOut=%d, "
        "Timeout(ms)=600000) ran for 600019 milliseconds before timing out."
        % (rank, stamp, rank, seq, numel, numel)
    )


def corrupt_newest_checkpoint():
    """Flip one byte in the largest part of the newest complete checkpoint."""
    complete = [p for _, p in ckpt.list_checkpoints() if (p / ckpt.MANIFEST_NAME).exists()]
    if not complete:
        return None
    parts = [f for f in complete[-1].iterdir() if f.suffix == ".pt"]
    target = max(parts, key=lambda f: f.stat().st_size)
    with open(target, "r+b") as f:
        offset = target.stat().st_size // 2
        f.seek(offset)
        byte = f.read(1)
        f.seek(offset)
        f.write(bytes([byte[0] ^ 0xFF]))
        f.flush()
        os.fsync(f.fileno())
    return target


def weights_sha256(module):
    """sha256 over every tensor of *module*'s state dict: name, dtype, shape, bytes."""
    h = hashlib.sha256()
    for name, tensor in module.state_dict().items():
        t = tensor.detach().cpu().contiguous()
        h.update(("%s|%s|%s\n" % (name, t.dtype, tuple(t.shape))).encode())
        h.update(bytes(t.clone().untyped_storage()))
    return h.hexdigest()


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    rank = int(os.environ.get("RANK", "0"))
    world = int(os.environ.get("WORLD_SIZE", "1"))
    attempt = int(os.environ.get("FLASHRUN_ATTEMPT", "0"))
    mode = args.crash_mode
    target_rank = 0 if mode == "kill_in_ckpt_write" else args.crash_rank
    inject = mode is not None and args.crash_attempt in (-1, attempt) and rank == target_rank
    if inject and args.crash_once and os.path.exists(args.fault_marker):
        inject = False  # it already fired in an earlier launch

    if inject and mode == "import":
        mark_fault(args.fault_marker, mode, rank, 0)
        import nonexistent_module  # noqa: F401  (injected start-up failure)

    import torch
    import torch.distributed as dist
    import torch.nn as nn

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    distributed = "MASTER_ADDR" in os.environ and "RANK" in os.environ
    if distributed:
        dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=args.pg_timeout))
    if args.log_join:
        logging.info("rank %d of %d joined (attempt %d)", rank, world, attempt)
    if inject and mode == "import_after_init":
        mark_fault(args.fault_marker, mode, rank, 0)
        lazy_import_of_a_missing_module()  # behind [rankR]: once the process group exists

    torch.manual_seed(args.seed)
    model = nn.Sequential(
        nn.Linear(IN_FEATURES, HIDDEN), nn.Tanh(), nn.Dropout(0.1),
        nn.Linear(HIDDEN, HIDDEN), nn.Tanh(), nn.Linear(HIDDEN, 1),
    )
    w_true = torch.randn(IN_FEATURES, generator=torch.Generator().manual_seed(args.seed + 7))
    optim = torch.optim.Adam(model.parameters(), lr=args.lr)
    torch.manual_seed(args.seed * 1000 + 1 + rank)  # per-rank dropout stream

    def batch(step, size=args.batch_size, salt=rank):
        g = torch.Generator().manual_seed(args.seed * 1_000_003 + step * 1009 + salt)
        x = torch.randn(size, IN_FEATURES, generator=g)
        y = torch.sin(x @ w_true).unsqueeze(1) + 0.1 * x[:, :1] ** 2
        return x, y

    start = 0
    skipped = []
    found = ckpt.load_latest(report=skipped)
    if found is not None:
        start, state = found
        model.load_state_dict(state["model"])
        optim.load_state_dict(state["optim"])
        rng = state["rng"]
        if len(rng) == world:
            torch.set_rng_state(rng[rank])
        else:
            logging.warning("checkpoint from world size %d, now %d: reseeding dropout",
                            len(rng), world)
        if rank == 0:
            say("resumed from step %d (attempt %d)" % (start, attempt))

    net = nn.parallel.DistributedDataParallel(model) if distributed else model
    numel = sum(p.numel() for p in model.parameters())
    loss_fn = nn.MSELoss()

    for step in range(start, args.steps):
        if inject and step == args.crash_at and mode != "kill_in_ckpt_write":
            mark_fault(args.fault_marker, mode, rank, step)
            if mode == "exit":
                sys.exit(3)
            if mode == "raise":
                raise RuntimeError("injected failure at step %d on rank %d" % (step, rank))
            if mode == "sigkill":
                os.kill(os.getpid(), signal.SIGKILL)
            if mode == "hang":
                hang_forever()
            if mode == "oom":
                raise torch.OutOfMemoryError(OOM_MESSAGE)
            if mode == "nccl_timeout":
                say(nccl_timeout_line(rank, step + 1, numel), sys.stderr)
                hang_forever()
            if mode == "corrupt_ckpt":
                corrupt_newest_checkpoint()
                os.kill(os.getpid(), signal.SIGKILL)
        ckpt.heartbeat()
        x, y = batch(step)
        optim.zero_grad(set_to_none=True)
        loss = loss_fn(net(x), y)
        loss.backward()
        optim.step()
        done = step + 1
        if rank == 0:
            stamp = " | time %.6f" % time.time() if args.log_time else ""
            say("step %d | loss %.6f%s" % (done, loss.item(), stamp))
        if done % args.ckpt_every == 0 or done == args.steps:
            rng = [torch.get_rng_state()]
            if distributed:  # tensor all_gather: the *_object collectives need NumPy
                rng = [torch.empty_like(rng[0]) for _ in range(world)]
                dist.all_gather(rng, torch.get_rng_state())
            if inject and mode == "kill_in_ckpt_write" and done >= args.crash_at:
                mark_fault(args.fault_marker, mode, rank, done)
                os.environ[ckpt.ENV_FAULT] = "kill_before_manifest"
            ckpt.save({"model": model.state_dict(), "optim": optim.state_dict(),
                       "step": done, "rng": rng}, done, keep_last=args.keep_last)
        if args.step_sleep:
            time.sleep(args.step_sleep)

    model.eval()
    with torch.no_grad():
        x, y = batch(10**6, size=256, salt=10**6)
        final_loss = loss_fn(model(x), y).item()
    metrics = {
        "final_loss": final_loss,
        "steps": args.steps,
        "start_step": start,
        "skipped_checkpoints": [s.path.name for s in skipped],
        "world_size": world,
        "attempt": attempt,
        "weights_sha256": weights_sha256(model),
    }
    if rank == 0:
        out = args.metrics_out or str(ckpt.checkpoint_dir() / "final_metrics.json")
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "w") as f:
            json.dump(metrics, f, indent=1)
        say("FLASHRUN_METRICS " + json.dumps(metrics, sort_keys=True))
    if distributed:
        dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
