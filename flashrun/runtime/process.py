"""Spawn one process group, stop it, and always reap it.

Where it sits in the data flow (docs/architecture.md)::

    supervisor → [process] → stream → exit → scan → ...

The supervisor calls :func:`spawn` once per attempt. The child runs in its own
session (so its process group id is its pid and terminal signals such as Ctrl-C
never reach it directly), reads ``/dev/null``, and writes both stdout and stderr
into pipes read by :class:`~flashrun.runtime.stream.OutputPipes`. What comes back
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

No orphans when the supervisor dies (the machinery lives in
:mod:`flashrun.runtime.guard`; its public names are re-exported here). Two layers:

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
import enum
import errno
import logging
import os
import shutil
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import List, Mapping, Optional, Sequence, Union

from flashrun import defaults as D
from flashrun.record.state import exit_code_of
from flashrun.runtime.guard import (  # ENV_TOKEN, guard_pid, pdeathsig_method, _setpriv are re-exported
    _GUARD, ENV_TOKEN, _members, _new_group_token, _pdeathsig_hook, _setpriv, _signal_members,
    guard_pid, pdeathsig_method)
from flashrun.runtime.stream import Output, OutputPipes

__all__ = ["CannotStart", "ENV_TOKEN", "Exit", "check_program", "start_failure", "ProcessGroup", "StopPolicy", "exit_status", "guard_pid",
           "pdeathsig_method", "run", "spawn"]

logger = logging.getLogger(__name__)


class GroupState(str, enum.Enum):
    """Lifecycle of a :class:`ProcessGroup`; the diagram is in this module's docstring.

    RUNNING → CLEARING (leader exited, stopping members that outlived it) → DRAINING
    (group empty, reading the pipes to EOF) → DONE; RUNNING → STOPPING (stop()/cancel:
    SIGTERM, grace, SIGKILL) → DRAINING → DONE. Only DONE is terminal.
    """

    RUNNING = "running"
    STOPPING = "stopping"
    CLEARING = "clearing"
    DRAINING = "draining"
    DONE = "done"

    def __str__(self):
        return self.value


StrPath = Union[str, "os.PathLike[str]"]

_DRAIN_TIMEOUT = 2.0      # after the group is gone, wait this long for the pipes to reach EOF
_KILL_REPORT = 10.0       # complain this often about a process that survives SIGKILL


def exit_status(returncode: int) -> int:
    """Shell-style exit status: a signal death ``-N`` becomes ``128 + N`` (``-9`` → 137)."""
    return exit_code_of(returncode)


@dataclass(frozen=True)
class StopPolicy:
    """How a group is stopped: ``signal`` to the whole group, ``grace`` seconds, then SIGKILL.

    The default grace (``flashrun.defaults.GRACE_S``, 45 s) is longer than torchrun's own 30 s shutdown window,
    so torchrun gets to stop its workers itself.
    """

    signal: int = signal.SIGTERM
    grace: float = D.GRACE_S


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




class CannotStart(Exception):
    """The program could not be started at all (missing, not executable, bad cwd, E2BIG).

    ``reason`` is one line (``nosuchcmd: command not found``); ``exit_status`` what a
    shell would give: 127 for a program that is not there, 126 for any other failure."""

    def __init__(self, reason: str, exit_status: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.exit_status = exit_status


def start_failure(exc: OSError, program: str, cwd: Optional[str] = None) -> CannotStart:
    """The :class:`CannotStart` that describes ``exc`` raised while starting ``program``."""
    why = exc.strerror or str(exc)
    if cwd is not None and exc.filename is not None and os.fspath(exc.filename) == cwd:
        return CannotStart("working directory %s: %s" % (cwd, why), 126)
    if exc.errno == errno.ENOENT:
        return CannotStart("%s: command not found" % program if os.sep not in program
                           else "%s: %s" % (program, why), 127)
    return CannotStart("%s: %s" % (program, why), 126)


def check_program(argv: Sequence[str], env: Optional[Mapping[str, str]] = None,
                  cwd: Optional[str] = None) -> None:
    """Raise :class:`CannotStart` unless ``argv[0]`` names a program exec could run."""
    try:
        _resolve(argv[0], env, cwd)
    except OSError as exc:
        raise start_failure(exc, argv[0], cwd) from None


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
        self._pgid_live = True
        self.token = token
        self._needle = ("\0%s=%s\0" % (ENV_TOKEN, token)).encode()
        self.output = pipes.output
        self.name = name or str(self.pid)
        self.stop_policy = stop_policy
        self.started_at = time.monotonic()
        self.exit: Optional[Exit] = None
        self.state = GroupState.RUNNING
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
        return sorted(pid for pid, _ in self._scan())

    def _group_id(self) -> Optional[int]:
        """The pgid while the group exists; None once it emptied (its id may be reused)."""
        return self.pgid if self._pgid_live else None

    def _forget_group(self) -> None:
        if self._pgid_live:
            self._pgid_live = False
            _GUARD.unregister(self.pgid)  # the guard still kills the token's carriers

    def _scan(self):
        members, exists = _members(self._group_id(), self._needle)
        if not exists:
            self._forget_group()
        return members

    def _signal(self, sig: int) -> None:
        if not _signal_members(self._group_id(), self._needle, sig):
            self._forget_group()

    def _alive(self) -> bool:
        return bool(self._scan())

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
            self.state = GroupState.STOPPING
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
                self.state = GroupState.CLEARING
                logger.warning("[%s] leader %d exited (%d) but its group lives on; stopping it",
                               self.name, self.pid, returncode)
                self._start_stop(None)
            if self._stop_task is not None:
                await self._stop_task
            self.state = GroupState.DRAINING
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
        self.state = GroupState.DONE
        self.exit = Exit(self.pid, returncode, self.started_at, self._exited_at or time.monotonic(),
                         time.monotonic(), self._stop_requested, self._killed, self._leftovers)
        logger.debug("[%s] %r", self.name, self.exit)
        if cancelled is not None:
            raise cancelled
        return self.exit


async def spawn(argv: Sequence[StrPath], *, output: Output, cwd: Optional[StrPath] = None,
                env: Optional[Mapping[str, str]] = None,
                stop_policy: StopPolicy = StopPolicy(), name: str = "",
                pipe_size: int = 1 << 20) -> ProcessGroup:
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
    token = _new_group_token()
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
