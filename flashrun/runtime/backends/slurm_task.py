"""The per-node launcher of the Slurm backend: runs as each srun task, on its node.

Runtime layer, on the far side of srun (docs/slurm.md)::

    flashrun → srun → [slurm_task] (one per node) → torchrun → ranks

With ``--nproc-per-node K`` it starts ``torchrun --nnodes N --nproc-per-node K
--rdzv-backend static --rdzv-endpoint FIRST:PORT --rdzv-id JOB.STEP --node-rank
SLURM_NODEID``: FIRST is the address (``NodeAddr``) of the step's first node as
``scontrol show hostnames`` orders them, whose torchrun hosts the store. The static
rendezvous (not c10d's, which numbers nodes in an order of its own) makes global
rank = node index * K + local rank, so with one rank per node srun's task label
*is* the rank, and the rank torchrun's failure report names is the task whose
lines hold its traceback (the scanner believes that rank). Without it, the command runs as it is. Task 0 records the job, step and
nodes in ``<log dir>/slurm-step.json``.

Output: the child's stdout and stderr are copied, byte for byte, to this task's
own (srun labels and streams them) and to ``<log dir>/task-N.out`` / ``.err``, so
every rank's tail is complete on the shared run directory even when srun's stream
loses the last lines of a killed task. SIGTERM and SIGINT are ignored here (Slurm
signals the child directly; this process keeps copying until the child is gone);
a child killed by a signal is reported by dying of the same signal.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import threading
from typing import List, Optional

from flashrun.spec.launch import command_argv


def _scontrol(*args: str) -> str:
    return subprocess.run(["scontrol", *args], check=True, capture_output=True,
                          text=True).stdout


def first_node(nodelist: str) -> tuple:
    """(name, address) of the first node of ``nodelist``."""
    name = _scontrol("show", "hostnames", nodelist).split()[0]
    addr = name
    for field in _scontrol("show", "node", name).split():
        if field.startswith("NodeAddr="):
            addr = field.split("=", 1)[1] or name
    return name, addr


def _copy(src, dests: List) -> None:
    while True:
        chunk = os.read(src.fileno(), 65536)
        if not chunk:
            break
        for d in dests:
            try:
                os.write(d, chunk)
            except OSError:
                pass


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="flashrun-slurm-task")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--log-dir", default=None)
    p.add_argument("--nproc-per-node", type=int, default=None)
    p.add_argument("command", nargs=argparse.REMAINDER)
    args = p.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    env = os.environ
    task = int(env.get("SLURM_PROCID", "0"))
    job, step = env.get("SLURM_JOB_ID", "0"), env.get("SLURM_STEP_ID", "0")
    nodelist = env.get("SLURM_STEP_NODELIST") or env.get("SLURM_JOB_NODELIST", "")
    nnodes = int(env.get("SLURM_STEP_NUM_NODES") or env.get("SLURM_NNODES") or 1)
    if args.nproc_per_node:
        head, addr = first_node(nodelist)
        command = command_argv(command, args.nproc_per_node, rdzv_port=args.port,
                               rdzv_id="%s.%s" % (job, step), nnodes=nnodes, rdzv_host=addr,
                               node_rank=int(env.get("SLURM_NODEID", "0")))
    outs, errs = [1], [2]
    if args.log_dir:
        if task == 0:
            nodes = _scontrol("show", "hostnames", nodelist).split() if nodelist else []
            tmp = os.path.join(args.log_dir, ".slurm-step.json.%d" % os.getpid())
            with open(tmp, "w") as f:
                json.dump({"job": job, "step": step, "nodes": nodes,
                           "node": env.get("SLURMD_NODENAME")}, f)
            os.replace(tmp, os.path.join(args.log_dir, "slurm-step.json"))
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        outs.append(os.open(os.path.join(args.log_dir, "task-%d.out" % task), flags, 0o644))
        errs.append(os.open(os.path.join(args.log_dir, "task-%d.err" % task), flags, 0o644))
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    child = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE,
                             preexec_fn=lambda: (signal.signal(signal.SIGTERM, signal.SIG_DFL),
                                                 signal.signal(signal.SIGINT, signal.SIG_DFL)))
    copiers = [threading.Thread(target=_copy, args=(child.stdout, outs), daemon=True),
               threading.Thread(target=_copy, args=(child.stderr, errs), daemon=True)]
    for t in copiers:
        t.start()
    rc = child.wait()
    for t in copiers:
        t.join()
    if rc < 0:
        signal.signal(-rc, signal.SIG_DFL)
        os.kill(os.getpid(), -rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
