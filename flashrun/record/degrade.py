"""Writes of the run record that degrade instead of stopping the supervisor.

Part of the record layer (docs/architecture.md, last arrow of the data flow: ``act →
events``). The run directory is where flashrun *keeps* what happened; it is not what
the supervisor needs to go on deciding. So every write of the record (events.jsonl,
state.json, tail.txt, results.*, params.json, spec.yaml) goes through one
:class:`RecordWrites`: an ``OSError`` becomes one warning line per file and error
(``cannot write PATH (No space left on device); the run goes on without it``), the
in-memory state, the exit status and the decision survive.

A full disk or a spent quota under the run directory (ENOSPC, EDQUOT) is more than a
nuisance: it is evidence about the run itself (the child writes its checkpoints
somewhere too), so :attr:`RecordWrites.storage_error` keeps the first such error for
the supervisor to hand to ``diagnose`` (failure class ``storage_timeout``).
No asyncio, no policy.
"""
import errno
import logging
import os
from typing import Any, Callable, Dict, Optional, Tuple, Union

logger = logging.getLogger(__name__)

#: errno values that mean "the storage under the run directory is full".
STORAGE_ERRNOS = frozenset(e for e in (errno.ENOSPC, getattr(errno, "EDQUOT", None))
                           if e is not None)

PathLike = Union[str, "os.PathLike[str]"]


def describe(path: PathLike, exc: OSError) -> str:
    """``cannot write PATH (No space left on device)``: the one-line form of a failed write."""
    return "cannot write %s (%s)" % (os.fspath(path), exc.strerror or exc)


class RecordWrites:
    """Failed writes of one run directory: each said once, the storage error kept."""

    def __init__(self) -> None:
        self.failed: Dict[Tuple[str, Optional[int]], str] = {}
        self.storage_error: Optional[str] = None

    def note(self, path: PathLike, exc: OSError) -> None:
        """Record (and say once) that ``path`` could not be written."""
        key = (os.fspath(path), exc.errno)
        if key not in self.failed:
            self.failed[key] = describe(path, exc)
            logger.warning("%s; the run goes on without it", self.failed[key])
        if exc.errno in STORAGE_ERRNOS and self.storage_error is None:
            self.storage_error = "flashrun: " + describe(path, exc)

    def attempt(self, path: PathLike, write: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
        """Call ``write(*args, **kwargs)``; False (and :meth:`note`) when it raises OSError."""
        try:
            write(*args, **kwargs)
        except OSError as exc:
            self.note(path, exc)
            return False
        return True
