"""Spawn one process group, stop it, and always reap it.

Where it sits in DESIGN.md's data flow::

    supervisor → [process] → stream → exit → scan → ...

The supervisor calls :func:`spawn` once per attempt. The child runs in its own
session (so its process group id is its pid and terminal signals such as Ctrl-C
never reach it directly), reads ``/dev/null``, and writes both stdout and stderr
into pipes read by :class:`~flashrun.stream.OutputPipes`. What comes back
is an :class:`Exit` value; nothing else leaves this module.

Lifecycle of a :class:`ProcessGroup` (``state``)::

    running ──leader exits──▶ clearing ──group empty──▶ draining ──pipes EOF──▶ done
       │                         ▲   (members outlived the leader: stop them too)
       └──stop()/cancel─▶ stopping (SIGTERM to the group, grace, SIGKILL to the group)

``wait()`` and ``stop()`` return only in ``done``: the leader reaped, no live
member left in the group, the output drained and the log files closed.
Cancelling a task awaiting either one stops the group and waits for ``done``
(shielded: further cancellations are absorbed) before ``CancelledError``
propagates; so does leaving ``async with group``.

No orphans when the supervisor dies. Two layers:

* the leader gets ``PR_SET_PDEATHSIG = SIGKILL`` before ``exec`` (Linux), so it
  dies with the thread that spawned it (see :func:`pdeathsig_method`);
* the leader's descendants (torchrun's workers, data loader workers) are not
  covered by that, so a tiny *guard* process (one per supervisor process, in its
  own session, started on first spawn) watches a pipe whose write end only the
  supervisor holds. On EOF (the supervisor died, for any reason, SIGKILL
  included) or when its parent changes, it SIGKILLs every registered group and
  every process whose environment carries this supervisor's token (below).

A group's members are its process group *and* every descendant that carries
the group's ``FLASHRUN_GROUP`` token in its environment: torchrun starts each
worker in a session of its own, outside the leader's group, so stop(),
leftover clearing and the guard all find members by token too. A descendant
that both leaves the group and drops the variable from its environment escapes.
"""
from __future__ import annotations

import asyncio
import atexit
import ctypes
import errno
import functools
import itertools
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Callable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from .stream import Output, OutputPipes

__all__ = ["ENV_TOKEN", "Exit", "ProcessGroup", "StopPolicy", "exit_status", "guard_pid",
           "pdeathsig_method", "run", "spawn"]

logger = logging.getLogger(__name__)

StrPath = Union[str, "os.PathLike[str]"]

_PR_SET_PDEATHSIG = 1
_DRAIN_TIMEOUT = 2.0      # after the group is gone, wait this long for the pipes to reach EOF
_KILL_REPORT = 10.0       # complain this often about a process that survives SIGKILL


def exit_status(returncode: int) -> int:
    """Shell-style exit status: a signal death ``-N`` becomes ``128 + N`` (``-9`` → 137)."""
    return 128 - returncode if returncode < 0 else returncode


@dataclass(frozen=True)
class StopPolicy:
    """How a group is stopped: ``signal`` to the whole group, ``grace`` seconds, then SIGKILL.

    The default grace (45 s) is longer than torchrun's own 30 s shutdown window,
    so torchrun gets to stop its workers itself.
    """

    signal: int = signal.SIGTERM
    grace: float = 45.0


@dataclass(frozen=True)
class Exit:
    """How a group ended. Times are ``time.monotonic()`` seconds."""

    pid: int
    returncode: int          # the leader's; negative = killed by that signal
    started_at: float
    exited_at: float         # the leader was reaped
    finished_at: float       # group empty, output drained, logs closed
    stop_requested: bool     # flashrun asked it to stop (stop(), cancellation)
    killed: bool             # the grace ran out and the group got SIGKILL
    leftovers: bool          # members outlived the leader and had to be stopped

    @property
    def signal(self) -> Optional[int]:
        """The signal that killed the leader, or None if it exited."""
        return -self.returncode if self.returncode < 0 else None

    @property
    def exit_status(self) -> int:
        """See :func:`exit_status`."""
        return exit_status(self.returncode)


# -- the child side: PR_SET_PDEATHSIG before exec -----------------------------
#
# Two ways to set it, same effect (the flag survives exec):
# * "preexec": prctl through ctypes in a preexec_fn. Python then has to fork()
#   instead of vfork(), which costs time in proportion to the supervisor's
#   memory (≈3 ms at 90 MB, ≈18 ms at 300 MB here; a notebook holding tensors
#   pays far more);
# * "setpriv": exec through util-linux's ``setpriv --pdeathsig KILL --`` (a C
#   program, ≈0.5 ms in the child), keeping the vfork path. Used when available.
# FLASHRUN_PDEATHSIG=preexec|setpriv|off overrides the choice.

def _load_prctl() -> Optional[Callable[..., int]]:
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
    fn.restype = ctypes.c_int
    return fn


_prctl = _load_prctl()  # resolved here: the forked child must not load libraries


def _pdeathsig_hook(parent: int) -> Callable[[], None]:
    prctl = _prctl

    def preexec() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the supervisor died before prctl took effect
            os.kill(os.getpid(), signal.SIGKILL)

    return preexec


@functools.lru_cache(maxsize=None)
def _setpriv() -> Optional[str]:
    path = shutil.which("setpriv")
    if path is None or _prctl is None:
        return None
    try:
        usage = subprocess.run([path, "--help"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=5).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return path if b"--pdeathsig" in usage else None


def pdeathsig_method() -> str:
    """How spawned leaders get PR_SET_PDEATHSIG: ``"setpriv"``, ``"preexec"`` or ``"off"``."""
    wanted = os.environ.get("FLASHRUN_PDEATHSIG", "").strip().lower()
    if _prctl is None or wanted == "off":
        return "off"
    if wanted == "preexec" or (wanted != "setpriv" and _setpriv() is None):
        return "preexec"
    if _setpriv() is None:
        raise RuntimeError("FLASHRUN_PDEATHSIG=setpriv but no setpriv with --pdeathsig here")
    return "setpriv"


def _resolve(program: str, env: Optional[Mapping[str, str]], cwd: Optional[str]) -> str:
    """The file exec would run, or the OSError Popen would have raised."""
    if os.sep in program:
        path = program if os.path.isabs(program) or cwd is None else os.path.join(cwd, program)
    else:
        search = (env if env is not None else os.environ).get("PATH", os.defpath)
        path = shutil.which(program, path=search) or ""
    if not path or not os.path.exists(path):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), program)
    if os.path.isdir(path) or not os.access(path, os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), program)
    return path


# -- the guard: kills registered groups when the supervisor process dies -----

_GUARD_CODE = r"""
import os, signal, sys, time
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_IGN)
parent, needle, groups, buf = int(sys.argv[1]), b"\0" + sys.argv[2].encode(), set(), b""
os.set_blocking(0, False)
eof = False
while not eof and os.getppid() == parent:
    time.sleep(0.2)  # polled, not woken per message: registering costs the supervisor no switch
    while True:
        try:
            data = os.read(0, 65536)
        except BlockingIOError:
            break
        eof = not data
        if eof:
            break
        buf += data
    *lines, buf = buf.split(b"\n")
    for line in lines:
        (groups.add if line[:1] == b"+" else groups.discard)(int(line[1:]))
def carriers():
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/environ" % name, "rb") as f:
                if needle in b"\0" + f.read():
                    yield int(name)
        except OSError:
            pass
for attempt in range(3):
    for pid in carriers():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    for pgid in groups:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except OSError:
            pass
    time.sleep(0.05)
"""


class _Guard:
    """The supervisor-side end of the guard process (one per supervisor process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: Optional[subprocess.Popen] = None
        self._owner = 0
        self._groups: Set[int] = set()

    @property
    def pid(self) -> Optional[int]:
        proc = self._proc
        return proc.pid if proc is not None and self._owner == os.getpid() else None

    def _start(self) -> None:
        # Called with the lock held.
        self._proc = subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", _GUARD_CODE, str(os.getpid()),
             "%s=%s/" % (ENV_TOKEN, _SUPERVISOR_TOKEN)],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, start_new_session=True)
        self._owner = os.getpid()
        for pgid in self._groups:
            self._proc.stdin.write(b"+%d\n" % pgid)
        self._proc.stdin.flush()

    def _send(self, line: bytes) -> None:
        with self._lock:
            if self._owner != os.getpid():
                self._proc, self._groups = None, set()
            for attempt in range(2):
                try:
                    if self._proc is None or self._proc.poll() is not None:
                        self._reap_dead()
                        self._start()
                    self._proc.stdin.write(line)
                    self._proc.stdin.flush()
                    return
                except OSError as exc:
                    logger.warning("orphan guard unavailable (%s); restarting it", exc)
                    self._reap_dead()
            logger.error("orphan guard could not be started; only PDEATHSIG protects children")

    def _reap_dead(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def register(self, pgid: int) -> None:
        self._groups.add(pgid)
        self._send(b"+%d\n" % pgid)

    def unregister(self, pgid: int) -> None:
        self._groups.discard(pgid)
        if self._proc is not None:
            self._send(b"-%d\n" % pgid)

    def close(self) -> None:
        """Close the pipe; the guard kills what is still registered and exits."""
        with self._lock:
            if self._owner == os.getpid():
                self._reap_dead()

    def _after_fork(self) -> None:
        # A forked child must not keep the guard's pipe open (EOF means "supervisor gone"),
        # and its groups are its own.
        global _SUPERVISOR_TOKEN
        _SUPERVISOR_TOKEN = _new_supervisor_token()
        proc, self._proc = self._proc, None
        self._groups = set()
        self._lock = threading.Lock()
        if proc is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
            proc.returncode = 0  # not ours to reap; silences Popen.__del__


_GUARD = _Guard()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_GUARD._after_fork)
atexit.register(_GUARD.close)


def guard_pid() -> Optional[int]:
    """Pid of this process's orphan guard, or None before the first spawn."""
    return _GUARD.pid


# -- group membership -----------------------------------------------------------
#
# A process group is not enough: torchrun starts every worker in a session of
# its own (so it can killpg them), and a SIGKILLed torchrun leaves them running
# outside our group. So each group's environment also carries a token,
# FLASHRUN_GROUP=<supervisor token>/<n>, which every descendant inherits whatever
# its session; members are "same pgid, or token in /proc/<pid>/environ".
# (A zombie's environ reads empty: zombies never count, and a container's pid 1
# may never reap them.)

ENV_TOKEN = "FLASHRUN_GROUP"


def _new_supervisor_token() -> str:
    return "%d.%s" % (os.getpid(), os.urandom(4).hex())


_SUPERVISOR_TOKEN = _new_supervisor_token()
_GROUP_NUMBERS = itertools.count(1)


def _proc_pgrp(pid: int) -> Optional[int]:
    """The process group of a live (non-zombie) ``pid``, else None."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rfind(b")") + 2:].split()
    return None if fields[0] in (b"Z", b"X") else int(fields[2])


def _token_carriers(needle: bytes) -> List[int]:
    """Pids whose environment holds ``needle`` (``\\0NAME=value`` or a prefix of it)."""
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if name.isdigit():
            try:
                with open("/proc/%s/environ" % name, "rb") as f:
                    if needle in b"\0" + f.read():
                        found.append(int(name))
            except OSError:
                pass
    return found


def _members(pgid: int, needle: bytes) -> List[Tuple[int, int]]:
    """(pid, pgrp) of every live member: the token's carriers and the group's processes."""
    members = [(pid, g) for pid, g in ((p, _proc_pgrp(p)) for p in _token_carriers(needle))
               if g is not None]
    if any(g == pgid for _, g in members):
        return members
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return members
    except PermissionError:
        return members + [(pgid, pgid)]
    # Still signalable: zombies only, or members that cleared their environment.
    for name in os.listdir("/proc"):
        if name.isdigit() and _proc_pgrp(int(name)) == pgid:
            return members + [(int(name), pgid)]
    return members


def _signal_members(pgid: int, needle: bytes, sig: int) -> None:
    """``sig`` to the group (killpg) and to each member living outside it."""
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass
    for pid, g in _members(pgid, needle):
        if g != pgid:
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass


def _watch_exit(proc: subprocess.Popen) -> "asyncio.Future[int]":
    """A future resolved with the leader's return code once it exited and was reaped.

    A pidfd becomes readable when the process exits (Linux ≥ 5.3); the loop polls
    it like any fd, so there is no SIGCHLD handler and no thread per child. Older
    kernels: one thread blocked in waitpid, as asyncio's ThreadedChildWatcher.
    """
    loop = asyncio.get_running_loop()
    fut: "asyncio.Future[int]" = loop.create_future()

    def reap() -> None:
        if not fut.done():
            fut.set_result(proc.wait())

    try:
        pidfd = os.pidfd_open(proc.pid)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        def waiter() -> None:
            proc.wait()
            try:
                loop.call_soon_threadsafe(reap)
            except RuntimeError:  # loop closed
                pass
        threading.Thread(target=waiter, name="flashrun-wait-%d" % proc.pid, daemon=True).start()
        return fut

    def readable() -> None:
        loop.remove_reader(pidfd)
        os.close(pidfd)
        reap()

    loop.add_reader(pidfd, readable)
    return fut


class ProcessGroup:
    """A running group (build one with :func:`spawn`).

    ``pid``/``pgid`` (equal: the leader leads its own session), ``name``,
    ``output`` (the :class:`~flashrun.stream.Output` it writes to),
    ``stop_policy``, ``started_at`` (monotonic), ``state`` (see module doc),
    ``returncode`` (the leader's, once reaped) and ``exit`` (the :class:`Exit`
    once ``done``, else None).
    """

    def __init__(self, proc: subprocess.Popen, pipes: OutputPipes, stop_policy: StopPolicy,
                 name: str, token: str) -> None:
        self.pid: int = proc.pid
        self.pgid: int = self.pid
        self.token = token
        self._needle = ("\0%s=%s\0" % (ENV_TOKEN, token)).encode()
        self.output = pipes.output
        self.name = name or str(self.pid)
        self.stop_policy = stop_policy
        self.started_at = time.monotonic()
        self.exit: Optional[Exit] = None
        self.state = "running"
        self._proc = proc
        self._pipes = pipes
        self._exited = _watch_exit(proc)
        self._exited_at: Optional[float] = None
        self._stop_requested = False
        self._killed = False
        self._leftovers = False
        self._stop_task: Optional[asyncio.Task] = None
        self._finish = asyncio.get_running_loop().create_task(self._run_to_end())

    def __repr__(self) -> str:
        return "<ProcessGroup %s pid=%d %s>" % (self.name, self.pid, self.state)

    @property
    def returncode(self) -> Optional[int]:
        """The leader's return code once reaped (members may still be stopping)."""
        return self._exited.result() if self._exited.done() else None

    def signal(self, sig: int) -> None:
        """Send ``sig`` to every member of the group (no-op once it is done)."""
        if self.exit is None:
            self._signal(sig)

    def members(self) -> List[int]:
        """Pids of the live members: the process group, plus descendants that left it."""
        return sorted(pid for pid, _ in _members(self.pgid, self._needle))

    def _signal(self, sig: int) -> None:
        _signal_members(self.pgid, self._needle, sig)

    def _alive(self) -> bool:
        return bool(_members(self.pgid, self._needle))

    async def wait(self, timeout: Optional[float] = None) -> Optional[Exit]:
        """The :class:`Exit` once the group is done; None if ``timeout`` s pass first.

        A timeout leaves the group running; cancellation stops it (see module doc).
        """
        if self.exit is not None:
            return self.exit
        try:
            if timeout is None:
                return await asyncio.shield(self._finish)
            done, _ = await asyncio.wait({self._finish}, timeout=timeout)
            return self._finish.result() if done else None
        except asyncio.CancelledError:
            await self._stop_uncancellable(None)
            raise

    async def stop(self, policy: Optional[StopPolicy] = None) -> Exit:
        """Stop the group (``policy`` or the group's own) and return its :class:`Exit`.

        Idempotent; a stop already in progress keeps its policy.
        """
        if self.exit is not None:
            return self.exit
        return await self._stop_uncancellable(policy)

    async def __aenter__(self) -> "ProcessGroup":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        if self.exit is None:
            await self._stop_uncancellable(None)

    # -- internals ---------------------------------------------------------------
    async def _stop_uncancellable(self, policy: Optional[StopPolicy]) -> Exit:
        if not self._finish.done():
            self._start_stop(policy)
        cancelled: Optional[asyncio.CancelledError] = None
        while True:
            try:
                result = await asyncio.shield(self._finish)
                break
            except asyncio.CancelledError as exc:
                if self._finish.done():
                    raise
                cancelled = cancelled or exc  # absorb until the group is reaped
        if cancelled is not None:
            raise cancelled
        return result

    def _start_stop(self, policy: Optional[StopPolicy]) -> asyncio.Task:
        if self._stop_task is None:
            self._stop_task = asyncio.get_running_loop().create_task(
                self._terminate(policy or self.stop_policy))
        return self._stop_task

    async def _terminate(self, policy: StopPolicy) -> None:
        if not self._exited.done():  # else: only leftovers; the leader's exit was its own
            self._stop_requested = True
            self.state = "stopping"
        logger.info("[%s] stopping group %d with signal %d (grace %.1fs)", self.name, self.pgid,
                    policy.signal, policy.grace)
        self._signal(policy.signal)
        if await self._wait_gone(policy.grace):
            return
        logger.warning("[%s] group %d still alive after %.1fs; sending SIGKILL",
                       self.name, self.pgid, policy.grace)
        self._killed = True
        self._signal(signal.SIGKILL)
        while not await self._wait_gone(_KILL_REPORT):
            if self._exited.done():
                logger.error("[%s] members of group %d survive SIGKILL (uninterruptible?); "
                             "giving up on them", self.name, self.pgid)
                return
            logger.error("[%s] leader %d survives SIGKILL; still waiting", self.name, self.pid)
            self._signal(signal.SIGKILL)

    async def _wait_gone(self, timeout: float) -> bool:
        """Wait until the leader is reaped and no member is alive; False on timeout."""
        deadline = time.monotonic() + timeout
        try:
            await asyncio.wait_for(asyncio.shield(self._exited), timeout)
        except asyncio.TimeoutError:
            return False
        delay = 0.005
        while self._alive():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            await asyncio.sleep(min(delay, remaining))
            delay = min(delay * 2, 0.1)
        return True

    async def _run_to_end(self) -> Exit:
        try:
            returncode = await asyncio.shield(self._exited)
            self._exited_at = time.monotonic()
            if self._stop_task is None and self._alive():
                self._leftovers = True
                self.state = "clearing"
                logger.warning("[%s] leader %d exited (%d) but its group lives on; stopping it",
                               self.name, self.pid, returncode)
                self._start_stop(None)
            if self._stop_task is not None:
                await self._stop_task
            self.state = "draining"
            try:
                if not self._pipes.closed.done():
                    await asyncio.wait_for(asyncio.shield(self._pipes.closed), _DRAIN_TIMEOUT)
            except asyncio.TimeoutError:
                logger.warning("[%s] output pipes still open %.1fs after group %d ended "
                               "(a process left the session?); closing them",
                               self.name, _DRAIN_TIMEOUT, self.pgid)
        except asyncio.CancelledError:
            # Only the loop cancels this task, when it shuts down with the group
            # still unfinished (nobody awaited it): no time for a grace period.
            await self._teardown()
            raise
        return await self._done(returncode)

    async def _teardown(self) -> None:
        self._stop_requested = self._killed = True
        if self._stop_task is not None:
            self._stop_task.cancel()
        exited = self._exited
        while not exited.done():
            self._signal(signal.SIGKILL)
            try:
                await asyncio.wait({exited}, timeout=1.0)
            except asyncio.CancelledError:
                continue
        self._exited_at = self._exited_at or time.monotonic()
        deadline = time.monotonic() + _DRAIN_TIMEOUT
        while self._alive() and time.monotonic() < deadline:
            self._signal(signal.SIGKILL)
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                pass
        logger.warning("[%s] event loop shut down before group %d finished; killed it",
                       self.name, self.pgid)
        await self._done(exited.result())

    async def _done(self, returncode: int) -> Exit:
        self._pipes.close()
        _GUARD.unregister(self.pgid)
        cancelled: Optional[asyncio.CancelledError] = None
        try:
            await self.output.aclose()
        except asyncio.CancelledError as exc:  # the loop is going away: block briefly
            cancelled = exc
            self.output.close(timeout=_DRAIN_TIMEOUT)
        self.state = "done"
        self.exit = Exit(self.pid, returncode, self.started_at, self._exited_at or time.monotonic(),
                         time.monotonic(), self._stop_requested, self._killed, self._leftovers)
        logger.debug("[%s] %r", self.name, self.exit)
        if cancelled is not None:
            raise cancelled
        return self.exit


async def spawn(argv: Sequence[StrPath], *, output: Output, cwd: Optional[StrPath] = None,
                env: Optional[Mapping[str, str]] = None,
                stop_policy: StopPolicy = StopPolicy(), name: str = "",
                pipe_size: int = 256 * 1024) -> ProcessGroup:
    """Start ``argv`` (a list, never a shell string) as the leader of a new session.

    ``env`` is the child's whole environment (None: inherit ours); stdin is
    /dev/null; stdout and stderr go to ``output``, which the group owns from
    now on (closed when the group is done, or here if the spawn fails).
    ``name`` is the ``trial/attempt`` label used in log messages; ``pipe_size``
    the kernel buffer asked for each pipe (best effort).
    Raises ``OSError`` (e.g. ``FileNotFoundError``) when the program cannot start.
    """
    args = [os.fspath(a) for a in argv]
    cwd = None if cwd is None else os.fspath(cwd)
    if not args:
        output.close(timeout=_DRAIN_TIMEOUT)
        raise ValueError("empty argv")
    token = "%s/%d" % (_SUPERVISOR_TOKEN, next(_GROUP_NUMBERS))
    pipes: Optional[OutputPipes] = None
    try:
        pipes = OutputPipes(output)
        w_out, w_err = await pipes.open(pipe_size)
        try:
            # Popen, not loop.subprocess_exec: the same vfork-able spawn under every
            # loop (uvloop always fork()s, which costs time in proportion to our RSS).
            method, preexec = pdeathsig_method(), None
            if method == "setpriv":
                _resolve(args[0], env, cwd)  # setpriv would hide a missing program
                args = [_setpriv(), "--pdeathsig", "KILL", "--"] + args
            elif method == "preexec":
                preexec = _pdeathsig_hook(os.getpid())
            child_env = dict(os.environ if env is None else env)
            child_env[ENV_TOKEN] = token
            proc = subprocess.Popen(
                args, stdin=subprocess.DEVNULL, stdout=w_out, stderr=w_err, cwd=cwd,
                env=child_env, start_new_session=True, preexec_fn=preexec)
        finally:
            os.close(w_out)  # the child holds them now; EOF once every holder is gone
            os.close(w_err)
    except BaseException:
        if pipes is not None:
            pipes.close()
        output.close(timeout=_DRAIN_TIMEOUT)
        raise
    _GUARD.register(proc.pid)
    group = ProcessGroup(proc, pipes, stop_policy, name, token)
    logger.debug("[%s] spawned %d: %s", group.name, group.pid, args)
    return group


async def run(argv: Sequence[StrPath], *, output: Output, **kwargs: object) -> Exit:
    """Spawn and wait: the :class:`Exit`. Cancelling it stops and reaps the group."""
    group = await spawn(argv, output=output, **kwargs)  # type: ignore[arg-type]
    return await group.wait()  # type: ignore[return-value]
