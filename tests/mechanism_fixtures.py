"""Shared fixtures and helpers for the mechanism tests (ring, stream, process).

Not a conftest: import explicitly, ``from mechanism_fixtures import aloop, ...``
(tests/ is on sys.path, as for ``from conftest import ROOT``). ``aloop`` runs
every async behaviour once per loop implementation (stdlib asyncio, and uvloop
when installed), in debug mode, fails the test if anything reached the loop's
exception handler (the mixin of uvloop's own test suite, as a parametrized
fixture), and checks that every child the test started was reaped.
"""
from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any, Coroutine, Dict, Iterable, List, Optional, Set, Tuple

import pytest

from flashrun.runtime.loop import loop_factories

BIN = Path(__file__).resolve().parent / "bin"
LOOPS = loop_factories()


def worker(script: str, *args: object) -> List[str]:
    """argv for a fake worker in tests/bin (isolated, no site: starts fast)."""
    return [sys.executable, "-I", "-S", str(BIN / script)] + [str(a) for a in args]


class LoopRunner:
    """One event loop for one test: debug mode, exception handler calls recorded."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop = LOOPS[name]()
        self.loop.set_debug(True)
        self.errors: List[Dict[str, Any]] = []
        self.loop.set_exception_handler(lambda loop, ctx: self.errors.append(ctx))

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 60.0) -> Any:
        """Run ``coro`` to completion on this loop, bounded by ``timeout`` seconds."""
        return self.loop.run_until_complete(asyncio.wait_for(coro, timeout))

    def close(self) -> None:
        loop = self.loop
        try:
            pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()
        assert not self.errors, "loop exception handler was called: %r" % (self.errors,)
        assert not pending, "test left tasks running: %r" % (pending,)


@pytest.fixture(params=sorted(LOOPS))
def aloop(request: pytest.FixtureRequest) -> Iterable[LoopRunner]:
    """A fresh debug-mode loop per test, once for each loop implementation; afterwards
    every child the test started must have been reaped."""
    before = children_of(os.getpid())
    runner = LoopRunner(request.param)
    try:
        yield runner
    finally:
        runner.close()
    assert_no_children(ignore=before)


# -- the process table -------------------------------------------------------------

def proc_stat(pid: int) -> Optional[Tuple[str, int, int, int]]:
    """(state, ppid, pgrp, starttime) of ``pid`` from /proc, or None if it is gone."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            raw = f.read()
    except OSError:
        return None
    fields = raw[raw.rfind(b")") + 2:].split()
    return fields[0].decode(), int(fields[1]), int(fields[2]), int(fields[19])


def identify(pids: Iterable[int]) -> Set[Tuple[int, int]]:
    """(pid, starttime) pairs, so a recycled pid is never mistaken for a survivor."""
    out = set()
    for pid in pids:
        st = proc_stat(pid)
        if st is not None:
            out.add((pid, st[3]))
    return out


def alive(procs: Iterable[Tuple[int, int]]) -> Set[Tuple[int, int]]:
    """Those of ``procs`` still running (a zombie is dead: it holds no memory, no GPU)."""
    out = set()
    for pid, start in procs:
        st = proc_stat(pid)
        if st is not None and st[3] == start and st[0] not in ("Z", "X"):
            out.add((pid, start))
    return out


def wait_dead(procs: Iterable[Tuple[int, int]], timeout: float) -> Set[Tuple[int, int]]:
    """Poll /proc until all of ``procs`` are dead or ``timeout`` passes; the survivors."""
    procs = set(procs)
    deadline = time.monotonic() + timeout
    while True:
        left = alive(procs)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.02)


def children_of(pid: int) -> Set[int]:
    """Every process (zombies included) whose parent is ``pid``."""
    out = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            st = proc_stat(int(name))
            if st is not None and st[1] == pid:
                out.add(int(name))
    return out


def descendants(pid: int) -> List[int]:
    """Every process below ``pid`` in the process tree (children, grandchildren, ...)."""
    out: List[int] = []
    todo = [pid]
    while todo:
        for child in children_of(todo.pop()):
            out.append(child)
            todo.append(child)
    return out


def assert_no_children(ignore: Iterable[int] = (), timeout: float = 5.0) -> None:
    """No child of the test process is left (but the orphan guard and ``ignore``,
    children that other tests left behind): everything was reaped."""
    from flashrun.runtime.process import guard_pid

    ignore = set(ignore) | {guard_pid()}
    deadline = time.monotonic() + timeout
    while True:
        left = children_of(os.getpid()) - ignore
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert not left, "children not reaped: %r" % sorted(
        (pid, proc_stat(pid)) for pid in left)


def _pids_ready(path: Path, count: int, deadline: float) -> Optional[List[int]]:
    """The pids in ``path`` once there are ``count``; None to wait more; fail at the deadline."""
    try:
        pids = [int(x) for x in path.read_text().split()]
    except FileNotFoundError:
        pids = []
    if len(pids) >= count:
        return pids
    if time.monotonic() > deadline:
        raise AssertionError("only %d of %d pids in %s" % (len(pids), count, path))
    return None


def read_pids(path: Path, count: int, timeout: float = 10.0) -> List[int]:
    """Wait until ``path`` lists ``count`` pids (one per line) and return them."""
    deadline = time.monotonic() + timeout
    while (pids := _pids_ready(path, count, deadline)) is None:
        time.sleep(0.01)
    return pids


async def aread_pids(path: Path, count: int, timeout: float = 10.0) -> List[int]:
    """:func:`read_pids` without blocking the loop."""
    deadline = time.monotonic() + timeout
    while (pids := _pids_ready(path, count, deadline)) is None:
        await asyncio.sleep(0.01)
    return pids


def rss_kib(field: str = "VmRSS") -> int:
    """VmRSS (or VmHWM, the peak) of this process, KiB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError("no %s in /proc/self/status" % field)


def reset_peak_rss() -> bool:
    """Reset VmHWM to the current RSS (Linux ≥ 4.0); False where not allowed."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


class Collect:
    """An echo sink that keeps everything (thread-safe: list.append)."""

    def __init__(self) -> None:
        self.chunks: List[bytes] = []

    def __call__(self, data: bytes) -> None:
        self.chunks.append(data)

    @property
    def data(self) -> bytes:
        return b"".join(self.chunks)
