"""Atomic file replacement: a reader sees the old file or the new one, never half.

Used wherever flashrun rewrites a file others read while it runs (state.json,
results, checkpoint manifests): write a temp file in the same directory, flush
and fsync it, then ``os.replace`` it over the target. No policy, no asyncio.
"""
import os
import tempfile
from pathlib import Path
from typing import Union


def write_atomic(path: Union[str, "os.PathLike[str]"], text: str, *, fsync: bool = True) -> None:
    """Replace ``path`` with ``text`` (UTF-8) in one step; the temp file never lingers."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".%s." % path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
