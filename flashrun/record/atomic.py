"""Atomic file replacement: a reader sees the old file or the new one, never half.

Used wherever flashrun rewrites a file others read while it runs (state.json,
results, checkpoint manifests): write a temp file in the same directory, flush
and fsync it, then ``os.replace`` it over the target. ``write_private`` writes a file
that may hold a secret (a tail, params.json, spec.yaml), readable by its owner only.
No policy, no asyncio.
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


def write_private(path: Union[str, "os.PathLike[str]"], data: Union[bytes, str]) -> None:
    """Write ``data`` (str as UTF-8) to ``path`` with mode 0600 from the start."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
    with open(fd, "wb") as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)
