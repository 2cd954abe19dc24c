"""How a command becomes the argv flashrun spawns: plain, or under torchrun.

Between spec and supervisor in the data flow (docs/architecture.md). A leading bare
``python``/``python3`` means the interpreter running flashrun. Torchrun groups
run ``python -m torch.distributed.run --nnodes 1 --nproc-per-node K
--rdzv-backend c10d --rdzv-endpoint 127.0.0.1:PORT --max-restarts 0`` (flashrun
does the restarting); port 0 lets the store bind a free port itself, and
:class:`PortAllocator` hands out explicit ports no two live groups share.
"""
import re
import socket
import sys
import threading
from typing import Any, List, Optional, Sequence

_PYTHON = re.compile(r"python(\d+(\.\d+)?)?\Z")


def command_argv(argv: Sequence[str], nproc_per_node: Optional[int] = None, *,
                 rdzv_port: Optional[int] = None, rdzv_id: str = "run") -> List[str]:
    """``argv`` as spawned: itself, or (with ``nproc_per_node``) under torchrun.

    ``python script.py ...`` → ``script.py ...``; ``python -m pkg ...`` →
    ``--module pkg ...``; any other program → ``--no-python`` + argv.
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
    head = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1",
            "--nproc-per-node", str(nproc_per_node), "--rdzv-backend", "c10d",
            "--rdzv-endpoint", "127.0.0.1:%d" % (rdzv_port or 0), "--rdzv-id", rdzv_id,
            "--max-restarts", "0"]
    rest = argv[1:] if _PYTHON.match(argv[0].rsplit("/", 1)[-1]) else None
    if rest and rest[0] == "-u":
        rest = rest[1:]
    if rest and len(rest) >= 2 and rest[0] == "-m":
        return head + ["--module", *rest[1:]]
    if rest and not rest[0].startswith("-"):
        return head + rest
    return head + ["--no-python", *argv]


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port the kernel says is free right now (bind to port 0, read it, close)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class PortAllocator:
    """Rendezvous ports for concurrent groups: never one port to two live groups.

    ``acquire()`` probes (default :func:`free_port`) until it gets a port not currently
    leased; ``release(port)`` gives it back when the group has exited. Thread-safe."""

    def __init__(self, probe: Any = free_port, attempts: int = 100) -> None:
        self._probe, self._attempts = probe, attempts
        self._leased: set = set()
        self._lock = threading.Lock()

    def acquire(self) -> int:
        with self._lock:
            for _ in range(self._attempts):
                port = self._probe()
                if port not in self._leased:
                    self._leased.add(port)
                    return port
        raise RuntimeError("no free port after %d probes" % self._attempts)

    def release(self, port: int) -> None:
        with self._lock:
            self._leased.discard(port)

    @property
    def leased(self) -> frozenset:
        with self._lock:
            return frozenset(self._leased)
