"""Rendezvous ports for torchrun groups that run side by side on one machine.

Runtime layer of the data flow (docs/architecture.md): the sweep leases a port per
torchrun trial before launching it (``spec.launch.command_argv`` puts it in the argv) and
returns it when the trial ends, so no two live groups share a c10d store port.

A port is only reserved once torchrun's store binds it, seconds after the lease. Asking
the kernel for port 0 hands out a port from the ephemeral range, the same range it draws
the local port of every outgoing connection from; on a busy host one of those
connections can take the port in between and the store fails with ``EADDRINUSE``. So the
probe picks ports just below the ephemeral range, which the kernel never gives to an
outgoing connection, and checks each one is free on every address before handing it out.
"""
import random
import socket
import threading
from typing import Any, Optional, Tuple

EPHEMERAL_RANGE = "/proc/sys/net/ipv4/ip_local_port_range"
QUIET_SPAN = 16384        # how many ports below the ephemeral range the probe draws from
LOWEST = 10000            # never below this: well-known and registered services live there


def quiet_range(path: str = EPHEMERAL_RANGE) -> Optional[Tuple[int, int]]:
    """``[lo, hi)`` just below the kernel's ephemeral range, or None where it is unknown
    (not Linux) or leaves no room above ``LOWEST``."""
    try:
        with open(path) as f:
            first = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    lo = max(LOWEST, first - QUIET_SPAN)
    return (lo, first) if first - lo >= 1024 else None


def bindable(port: int) -> bool:
    """True when nothing holds ``port`` on any IPv4 or IPv6 address (the store binds all)."""
    families = [(socket.AF_INET, "")]
    if socket.has_ipv6:
        families.append((socket.AF_INET6, "::"))
    for family, anywhere in families:
        try:
            s = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue                          # no such family on this host
        try:
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            s.bind((anywhere, port))
        except OSError:
            return False
        finally:
            s.close()
    return True


def free_port(rng: Any = random, path: str = EPHEMERAL_RANGE, tries: int = 64) -> int:
    """A port free right now that no outgoing connection will take before the store binds:
    drawn at random below the ephemeral range; port 0's answer where that range is unknown
    or every draw is taken."""
    span = quiet_range(path)
    if span is not None:
        for _ in range(tries):
            port = rng.randrange(*span)
            if bindable(port):
                return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
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
