"""One attempt of one trial: spawn the group, watch it, return how it ended.

Where it sits in the data flow (docs/architecture.md)::

    supervisor → [attempt] → process → stream → exit (+ hang / fatal marker)

The attempt owns three watchers and no policy:

* **exit**: the group's own end, awaited (no polling);
* **hang**: no output and no heartbeat-file touch for ``hang_timeout`` seconds;
  the timer sleeps exactly until the deadline the last activity implies. Until
  the first sign of life the allowance is ``startup_timeout`` (default twice
  the hang timeout): importing torch on a loaded machine is slow, not hung; in
  that phase it wakes at least every ``hang_timeout`` too, so a run that speaks
  and then hangs is caught ``hang_timeout`` after its last line, not at the end
  of the start-up allowance;
* **fatal marker**: the incremental scanner reads the live stream in its one
  pass; when it has seen a marker of a line that should end the run (an NCCL
  watchdog timeout, an uncorrectable ECC error, ...) the watcher wakes. If the
  group has not exited ``fatal_grace`` seconds later it is stopped, so a group
  that prints its death notice and then hangs is acted on at once instead of
  after the hang timeout.

Whatever happens, including cancellation, the group is stopped and reaped
before this module returns or re-raises.
"""
import asyncio
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, FrozenSet, Mapping, Optional, Sequence

from flashrun.runtime.backends import LocalBackend
from flashrun.runtime.process import CannotStart, Exit, start_failure  # noqa: F401
from flashrun import defaults as D
from flashrun.policy.live import FATAL_MARKERS, FATAL_MASK
from flashrun.record.degrade import STORAGE_ERRNOS
from flashrun.scan import Scanner, ScanResult
from flashrun.runtime.stream import Echo, Output

logger = logging.getLogger(__name__)

@dataclass(frozen=True)
class AttemptOutcome:
    """How one attempt ended, and what it printed last."""

    exit: Exit
    hung: bool
    fatal: Optional[str]          # the marker line that made flashrun stop it
    silent_s: Optional[float]     # seconds without activity when a hang was declared
    tail: bytes                   # the end of stdout and stderr, interleaved as printed
    scan: ScanResult              # the live scanner's view of the whole stream
    log_dir: str
    scheduler: Optional[Any] = None   # the backend's SchedulerReport (None on this machine)
    storage_error: Optional[str] = None  # a log file hit a full disk (ENOSPC/EDQUOT)

    @property
    def succeeded(self) -> bool:
        return self.exit.returncode == 0 and not self.hung and self.fatal is None


class _LiveWatch:
    """The Output's watch callback: feeds the scanner, wakes on a fatal marker."""

    def __init__(self, scanner: Scanner, wake: asyncio.Event):
        self.scanner = scanner
        self.wake = wake

    def __call__(self, chunk: bytes) -> None:
        self.scanner.feed(chunk)
        if self.scanner.take_recent_mask() & FATAL_MASK and not self.wake.is_set():
            self.wake.set()


def _heartbeat_age(path: Optional[str]) -> Optional[float]:
    if not path:
        return None
    try:
        return max(0.0, time.time() - os.stat(path).st_mtime)
    except OSError:
        return None


async def run_attempt(argv: Sequence[str], *, log_dir: Path, env: Mapping[str, str],
                      cwd: Optional[str] = None, echo: Optional[Echo] = None,
                      prefix: str = "", ring_size: int = D.RING_SIZE,
                      hang_timeout: Optional[float] = None, heartbeat: Optional[str] = None,
                      startup_timeout: Optional[float] = None,
                      grace: float = D.GRACE_S, fatal_grace: float = D.FATAL_GRACE_S,
                      on_started: Optional[Callable[[int], None]] = None,
                      on_stalled: Optional[Callable[[float], None]] = None,
                      backend: Any = None, exclude: FrozenSet[str] = frozenset(),
                      ) -> AttemptOutcome:
    """Run one attempt to its end (exit, hang, or fatal marker) and reap it.

    ``backend`` (default: this machine) starts the group; ``exclude`` names nodes it
    must avoid. After the end the backend's report joins the outcome. Raises
    :class:`CannotStart` (one-line reason) when the program cannot be started."""
    backend = backend if backend is not None else LocalBackend()
    wake = asyncio.Event()
    scanner = Scanner()
    output = Output(log_dir, ring_size=ring_size,
                    echo_stdout=echo.source(prefix) if echo else None,
                    echo_stderr=echo.source(prefix) if echo else None,
                    watch=_LiveWatch(scanner, wake))
    try:
        group = await backend.start(argv, output=output, cwd=cwd, env=env,
                                    name=prefix.strip("[] "), grace=grace, log_dir=log_dir,
                                    exclude=exclude)
    except OSError as exc:  # nothing started: missing program or cwd, E2BIG, ...
        raise start_failure(exc, str(argv[0]), None if cwd is None else os.fspath(cwd)) from None
    if on_started is not None:
        on_started(group.pid)
    waiter = asyncio.ensure_future(group.wait())
    woken = asyncio.ensure_future(wake.wait())
    hung, fatal, silent = False, None, None
    fatal_at: Optional[float] = None
    try:
        while not waiter.done():
            now = time.monotonic()
            deadline = None
            if hang_timeout:
                last = output.last_output or output.created_at
                age = _heartbeat_age(heartbeat)
                if age is not None:
                    last = max(last, now - age)
                silent = now - last
                starting = last <= output.created_at  # nothing yet: still starting up
                limit = hang_timeout
                if starting:
                    limit = (startup_timeout if startup_timeout is not None
                             else D.STARTUP_FACTOR * hang_timeout)
                if silent >= limit:
                    hung = True
                    if on_stalled is not None:
                        on_stalled(silent)
                    break
                deadline = limit - silent
                if starting:
                    # output wakes nothing here, and its first line shortens the
                    # allowance to hang_timeout, so look again by then
                    deadline = min(deadline, hang_timeout)
            if fatal_at is not None:
                if now >= fatal_at + fatal_grace:
                    break
                left = fatal_at + fatal_grace - now
                deadline = left if deadline is None else min(deadline, left)
            await asyncio.wait({waiter, woken}, timeout=deadline,
                               return_when=asyncio.FIRST_COMPLETED)
            if woken.done() and fatal_at is None:
                seen = scanner.result()
                hit = FATAL_MARKERS.intersection(seen.all_markers)
                if hit:
                    fatal_at = time.monotonic()
                    fatal = _fatal_line(seen, hit)
                    logger.info("[%s] fatal marker seen (%s); stopping in %.0fs unless it exits",
                                prefix, ", ".join(sorted(hit)), fatal_grace)
                else:
                    wake.clear()
                    woken = asyncio.ensure_future(wake.wait())
        if waiter.done():
            result = waiter.result()
            if fatal_at is not None and result is not None:
                fatal = None  # it died by itself: the exit and the tail tell the story
        else:
            result = await group.stop()
            await asyncio.wait({waiter})
    except BaseException:
        waiter.cancel()
        await group.stop()  # cancellation-safe: returns only once the group is reaped
        raise
    finally:
        woken.cancel()
    assert result is not None
    report = await backend.report(group)
    storage = next(("flashrun: cannot write %s (%s)" % (st.path, st.log_error)
                    for st in (output.stdout, output.stderr)
                    if st.log_errno in STORAGE_ERRNOS), None)
    return AttemptOutcome(result, hung, fatal, silent if hung else None, output.tail(),
                          scanner.result(), str(log_dir), report, storage)


def _fatal_line(scan: ScanResult, hit) -> str:
    for marker, line in scan.evidence:
        if marker in hit:
            return line
    return ", ".join(sorted(hit))
