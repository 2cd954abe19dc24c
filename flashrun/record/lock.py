"""One supervisor per run directory: an ``flock`` on ``RUN_DIR/.lock``.

Part of the record layer (docs/architecture.md, ``act → events``): the journal is the
single writer of a run directory, and this lock is what makes "single" true across
processes. The lock belongs to the open file, so the kernel drops it the moment its
holder dies, SIGKILL included: a stale lock cannot exist, and the next supervisor takes
the directory over at once. The file holds the holder's pid, for the one-line refusal
(``run directory runs/x is in use by flashrun pid 4242``) and for readers that want to
know whether anyone still writes the run (``flashrun logs --follow``). Plain OS calls,
no asyncio, no policy.
"""
import errno
import fcntl
import os
from pathlib import Path
from typing import Optional, Union

__all__ = ["LOCK_NAME", "RunDirBusy", "RunLock", "holder"]

LOCK_NAME = ".lock"
PathLike = Union[str, "os.PathLike[str]"]


class RunDirBusy(RuntimeError):
    """Another live supervisor holds the run directory."""

    def __init__(self, run_dir: PathLike, pid: Optional[int]) -> None:
        self.run_dir, self.pid = os.fspath(run_dir), pid
        super().__init__("run directory %s is in use by flashrun %s; wait for it to finish or "
                         "use another run directory" % (
                             self.run_dir, "pid %d" % pid if pid else "(pid unknown)"))


def _read_pid(fd: int) -> Optional[int]:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() else None
    except OSError:
        return None


def _try_lock(fd: int) -> bool:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


class RunLock:
    """The exclusive lock of one run directory, held until :meth:`release`."""

    def __init__(self, run_dir: PathLike) -> None:
        self.path = Path(run_dir) / LOCK_NAME
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            if not _try_lock(fd):
                raise RunDirBusy(run_dir, _read_pid(fd))
            # ours now (a dead holder's pid, if any, is simply overwritten)
            os.ftruncate(fd, 0)
            os.pwrite(fd, b"%d\n" % os.getpid(), 0)
        except BaseException:
            os.close(fd)
            raise
        self._fd: Optional[int] = fd

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the file drops the lock


def holder(run_dir: PathLike) -> Optional[int]:
    """The pid of the live supervisor holding ``run_dir`` (0 if its pid is unreadable),
    or None when nobody holds it."""
    try:
        fd = os.open(Path(run_dir) / LOCK_NAME, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return _read_pid(fd) or 0
            raise
        return None
    finally:
        os.close(fd)
