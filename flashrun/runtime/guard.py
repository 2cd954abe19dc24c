"""No process outlives the supervisor: the parent-death machinery behind :mod:`flashrun.process`.

Where it sits in the data flow (docs/architecture.md)::

    supervisor → [process (+ _guard)] → stream → exit → scan → ...

:func:`flashrun.process.spawn` starts each attempt's leader in a session of its
own; this module makes sure nothing it starts survives the supervisor, SIGKILL
included. Three layers:

* **PDEATHSIG on the leader**: the leader gets ``PR_SET_PDEATHSIG = SIGKILL``
  before ``exec`` (Linux), through ``setpriv`` or a ``preexec_fn``
  (:func:`pdeathsig_method`), so it dies with the thread that spawned it;
* **the FLASHRUN_GROUP token**: every group's environment carries
  ``FLASHRUN_GROUP=<supervisor token>/<n>``, which each descendant inherits
  whatever its session (torchrun starts its workers in sessions of their own,
  outside the leader's group). A group's members are its process group *and*
  every live process whose ``/proc/<pid>/environ`` holds the token
  (:func:`_members`, :func:`_signal_members`); stop(), leftover clearing and
  the guard all find members this way;
* **the guard process**: one tiny process per supervisor process, in its own
  session, started on first spawn, watches a pipe whose write end only the
  supervisor holds. On EOF (the supervisor died, for any reason) or when its
  parent changes, it SIGKILLs every registered group and every process whose
  environment carries this supervisor's token (:func:`guard_pid`).
* **cleanup commands**: what no signal reaches (a Slurm job on other hosts) is
  released by a command registered with :func:`on_supervisor_death` (``scancel
  --name ...``); the guard runs each, bounded, after its kills, and
  :func:`drop_on_death` takes one back once its attempt is over.

A descendant that both leaves the group and drops the variable from its
environment escapes.
"""
from __future__ import annotations

import atexit
import ctypes
import functools
import itertools
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
from typing import Callable, Dict, List, Optional, Set, Tuple

__all__ = ["ENV_TOKEN", "drop_on_death", "guard_pid", "on_supervisor_death",
           "pdeathsig_method"]

logger = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1


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


def _new_group_token() -> str:
    """A fresh ``FLASHRUN_GROUP`` value for one spawned group: ``<supervisor token>/<n>``."""
    return "%s/%d" % (_SUPERVISOR_TOKEN, next(_GROUP_NUMBERS))


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


def _members(pgid: Optional[int], needle: bytes) -> Tuple[List[Tuple[int, int]], bool]:
    """(pid, pgrp) of every live member: the token's carriers and the group's processes;
    and whether the process group ``pgid`` still exists.

    Once a process group is empty its id may be reused by an unrelated group, so
    a caller that saw ``False`` passes ``pgid=None`` from then on: tokens only."""
    members = [(pid, g) for pid, g in ((p, _proc_pgrp(p)) for p in _token_carriers(needle))
               if g is not None]
    if pgid is None:
        return members, False
    if any(g == pgid for _, g in members):
        return members, True
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return members, False
    except PermissionError:
        return members + [(pgid, pgid)], True
    # Still signalable: zombies only, or members that cleared their environment.
    for name in os.listdir("/proc"):
        if name.isdigit() and _proc_pgrp(int(name)) == pgid:
            return members + [(int(name), pgid)], True
    return members, True


def _signal_members(pgid: Optional[int], needle: bytes, sig: int) -> bool:
    """``sig`` to the group (killpg, while it exists) and to each member outside it.
    Returns whether the process group still exists."""
    members, exists = _members(pgid, needle)
    if exists:
        try:
            os.killpg(pgid, sig)
        except (ProcessLookupError, PermissionError):
            exists = False
    for pid, g in members:
        if g != pgid:
            try:
                os.kill(pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
    return exists


# -- the guard: kills registered groups when the supervisor process dies -----

_GUARD_CODE = r"""
import os, signal, sys, time
for s in (signal.SIGINT, signal.SIGHUP, signal.SIGPIPE):
    signal.signal(s, signal.SIG_IGN)
parent, needle, groups, buf = int(sys.argv[1]), b"\0" + sys.argv[2].encode(), set(), b""
cleanups = {}
os.set_blocking(0, False)
def drain():
    global buf
    eof = False
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
        if line[:1] == b"c":  # "c<id> <hex of the NUL-joined argv>": a cleanup command
            key, argv = line[1:].split(b" ", 1)
            cleanups[int(key)] = bytes.fromhex(argv.decode()).split(b"\0")
        elif line[:1] == b"x":
            cleanups.pop(int(line[1:]), None)
        else:
            (groups.add if line[:1] == b"+" else groups.discard)(int(line[1:]))
    return eof
eof = False
while not eof and os.getppid() == parent:
    time.sleep(0.2)  # polled, not woken per message: registering costs the supervisor no switch
    eof = drain()
drain()  # what the supervisor wrote just before it died
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
import subprocess
for key in sorted(cleanups):  # in the order they were registered
    try:
        subprocess.run(cleanups[key], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=15)
    except (OSError, subprocess.SubprocessError):
        pass
"""


class _Guard:
    """The supervisor-side end of the guard process (one per supervisor process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: Optional[subprocess.Popen] = None
        self._owner = 0
        self._groups: Set[int] = set()
        self._cleanups: Dict[int, bytes] = {}
        self._next_cleanup = itertools.count(1)

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
        for line in self._cleanups.values():
            self._proc.stdin.write(line)
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

    def add_cleanup(self, argv: List[str]) -> int:
        key = next(self._next_cleanup)
        line = b"c%d %s\n" % (key, b"\0".join(os.fsencode(a) for a in argv).hex().encode())
        self._cleanups[key] = line
        self._send(line)
        return key

    def drop_cleanup(self, key: int) -> None:
        if self._cleanups.pop(key, None) is not None and self._proc is not None:
            self._send(b"x%d\n" % key)

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
        self._cleanups = {}
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


def on_supervisor_death(argv: List[str]) -> int:
    """Have the guard run ``argv`` (bounded: 15 s) if this process dies before
    :func:`drop_on_death` takes it back: for what no signal from this host reaches (a
    Slurm job's tasks on other nodes). The command runs with the guard's environment
    (this process's, when the guard started). Returns the key to drop it with."""
    return _GUARD.add_cleanup(list(argv))


def drop_on_death(key: int) -> None:
    """Take back a command :func:`on_supervisor_death` registered (its work is done)."""
    _GUARD.drop_cleanup(key)
