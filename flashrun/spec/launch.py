"""How a command becomes the argv flashrun spawns: plain, or under torchrun.

Between spec and supervisor in the data flow (docs/architecture.md). A leading bare
``python``/``python3`` means the interpreter running flashrun. Torchrun groups
run ``python -m torch.distributed.run --nnodes 1 --nproc-per-node K
--rdzv-backend c10d --rdzv-endpoint 127.0.0.1:PORT --max-restarts 0`` (flashrun
does the restarting); port 0 lets the store bind a free port itself, and
``flashrun.runtime.ports`` hands out explicit ports no two live groups share.
"""
import re
import sys
from typing import List, Optional, Sequence

_PYTHON = re.compile(r"python(\d+(\.\d+)?)?\Z")


def command_argv(argv: Sequence[str], nproc_per_node: Optional[int] = None, *,
                 rdzv_port: Optional[int] = None, rdzv_id: str = "run",
                 nnodes: int = 1, rdzv_host: str = "127.0.0.1",
                 node_rank: Optional[int] = None) -> List[str]:
    """``argv`` as spawned: itself, or (with ``nproc_per_node``) under torchrun.

    ``nnodes``/``rdzv_host``/``node_rank`` serve multi-node groups (the Slurm
    backend's task launcher passes the step's node count, the first node's address
    and its own node index): with ``node_rank`` the rendezvous is torchrun's
    ``static`` one, hosted by node 0, so global rank = node_rank * K + local rank
    and a failure's rank names the node whose log lines carry it.

    ``python script.py ...`` and a bare ``script.py ...`` (torchrun's own form) →
    ``script.py ...`` run by this interpreter; ``python -m pkg ...`` → ``--module pkg ...``;
    any other program → ``--no-python`` + argv.
    """
    argv = [str(a) for a in argv]
    if not argv:
        raise ValueError("empty command")
    if _PYTHON.match(argv[0].rsplit("/", 1)[-1]) and "/" not in argv[0]:
        argv[0] = sys.executable
    if nproc_per_node is None:
        return argv
    if nproc_per_node < 1:
        raise ValueError("nproc_per_node must be >= 1, got %r" % nproc_per_node)
    head = [sys.executable, "-m", "torch.distributed.run", "--nnodes", str(nnodes),
            "--nproc-per-node", str(nproc_per_node), "--rdzv-backend",
            "c10d" if node_rank is None else "static",
            "--rdzv-endpoint", "%s:%d" % (rdzv_host, rdzv_port or 0), "--rdzv-id", rdzv_id,
            "--max-restarts", "0"]
    if node_rank is not None:
        head += ["--node-rank", str(node_rank)]
    rest = argv[1:] if _PYTHON.match(argv[0].rsplit("/", 1)[-1]) else None
    if rest and rest[0] == "-u":
        rest = rest[1:]
    if rest and len(rest) >= 2 and rest[0] == "-m":
        return head + ["--module", *rest[1:]]
    if rest and not rest[0].startswith("-"):
        return head + rest
    if rest is None and argv[0].endswith(".py"):
        return head + argv  # torchrun runs a script path with the interpreter, so do we
    return head + ["--no-python", *argv]
