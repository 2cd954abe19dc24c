"""Rendezvous ports for torchrun groups that run side by side on one machine.

Runtime layer of the data flow (docs/architecture.md): the sweep leases a port per
torchrun trial before launching it (``spec.launch.command_argv`` puts it in the argv) and
returns it when the trial ends, so no two live groups share a c10d store port.
"""
import socket
import threading
from typing import Any


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
