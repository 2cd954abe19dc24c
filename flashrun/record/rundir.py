"""Run directories: a new one is never shared, an old one is reused only on purpose.

Record layer of the data flow (docs/architecture.md, "On disk"): the front doors ask for a
fresh directory (``create``) or check that a directory they were given is either empty of
runs or being resumed (``check_reuse``). Two runs started in the same second get
``name-<timestamp>`` and ``name-<timestamp>-2``: the name is claimed with an exclusive
``mkdir``, so no two processes can get the same one.
"""
import os
import re
import time
from pathlib import Path
from typing import Callable, Union

from flashrun.record import lock

PathLike = Union[str, "os.PathLike[str]"]
_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")


class RunDirError(ValueError):
    """A run directory that cannot be used as asked: the message says why and what to do."""


def create(root: PathLike, name: str, *, now: Callable[[], float] = time.time) -> Path:
    """Make and return a new directory ``root/<name>-<YYYYmmdd-HHMMSS>[-N]`` (N from 2)."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    stem = "%s-%s" % (_SAFE.sub("-", name).strip("-.") or "run",
                      time.strftime("%Y%m%d-%H%M%S", time.localtime(now())))
    for n in range(1, 10_000):
        path = root / (stem if n == 1 else "%s-%d" % (stem, n))
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path
    raise RunDirError("%s: no free run directory name after 10000 tries" % (root / stem))


def holds_a_run(path: PathLike) -> bool:
    """True when *path* already holds a run's record (a non-empty events.jsonl)."""
    import stat

    events = Path(path) / "events.jsonl"
    try:
        st = events.stat()
    except OSError:  # missing, or unreadable: whoever opens it says why
        return False
    return stat.S_ISREG(st.st_mode) and st.st_size > 0


def check_reuse(path: PathLike, resume: bool, *, how: str) -> Path:
    """*path*, after checking it may be used: a directory that holds a run needs ``resume``.

    *how* is what the user types to resume (``--resume``, ``resume=True``), for the message."""
    path = Path(path)
    pid = lock.holder(path)
    if pid is not None:  # a live supervisor writes it now: that is the first thing to say
        raise lock.RunDirBusy(path, pid or None)
    if holds_a_run(path) and not resume:
        raise RunDirError("%s already holds a run; continue it with %s, or choose another "
                          "directory" % (path, how))
    return path
