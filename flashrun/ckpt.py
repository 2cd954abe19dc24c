"""Training-side checkpoints and heartbeat: the far end of the data flow (docs/architecture.md).

The supervisor gives every attempt of a trial the same ``$FLASHRUN_CKPT_DIR``
and a ``$FLASHRUN_HEARTBEAT`` file. Inside the training script this module is
what makes "restart the group from its newest valid checkpoint" true:

* :func:`save` writes ``<dir>/step-000000042/`` from rank 0 only: one part file
  per top-level key (``torch.save``, each fsynced), then ``manifest.json`` last
  (sha256 and size of every part, step, world size, format version; temp file +
  fsync + ``os.replace``). With ``torch.distributed`` initialised every rank
  waits until rank 0 is done, so when ``save`` returns anywhere the checkpoint
  is complete (and a failure on rank 0 raises on every rank).
* :func:`load_latest` returns ``(step, state)`` of the newest checkpoint whose
  manifest exists and whose parts re-hash correctly. A torn newest one (no
  manifest: killed mid-write) or a corrupted one (hash mismatch) is skipped with
  a logged warning naming it, and reported through ``report=``.
* :func:`find_latest` does the same check without torch: the supervisor uses it
  to emit ``CHECKPOINT_SKIPPED`` / ``CHECKPOINT_SELECTED`` before a restart.
* :func:`heartbeat` touches ``$FLASHRUN_HEARTBEAT`` (rate-limited) so the
  supervisor can tell a slow step from a hang.

Without the environment variables (plain ``python train.py``) checkpoints go
to ``./checkpoints`` (or ``directory=``) and ``heartbeat()`` does nothing.
``import flashrun.ckpt`` does not import torch; :func:`save` and
:func:`load_latest` import it when called.

Test hook: ``FLASHRUN_CKPT_FAULT=kill_before_manifest`` makes :func:`save`
SIGKILL its own process after the parts are written and before the manifest
(``raise_before_manifest`` raises :class:`CheckpointError` instead). A suffix
``@STEP`` restricts the fault to that step.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import pickle
import re
import shutil
import signal
import time
from pathlib import Path
from typing import Any, List, Mapping, Optional, Tuple, Union

from flashrun.record.atomic import write_atomic

logger = logging.getLogger(__name__)

__all__ = [
    "ENV_DIR",
    "ENV_HEARTBEAT",
    "ENV_FAULT",
    "DEFAULT_DIR",
    "FORMAT",
    "FORMAT_VERSION",
    "MANIFEST_NAME",
    "CheckpointError",
    "SkippedCheckpoint",
    "LoadReport",
    "checkpoint_dir",
    "step_path",
    "list_checkpoints",
    "verify",
    "find_latest",
    "save",
    "load_latest",
    "heartbeat",
]

ENV_DIR = "FLASHRUN_CKPT_DIR"
ENV_HEARTBEAT = "FLASHRUN_HEARTBEAT"
ENV_FAULT = "FLASHRUN_CKPT_FAULT"
DEFAULT_DIR = "checkpoints"
FORMAT = "flashrun-ckpt"
FORMAT_VERSION = 1
MANIFEST_NAME = "manifest.json"
STEP_DIGITS = 9

_STEP_DIR = re.compile(r"^step-(\d+)$")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")

PathLike = Union[str, "os.PathLike[str]"]


class CheckpointError(RuntimeError):
    """A checkpoint could not be written or a chosen one could not be read."""


@dataclasses.dataclass(frozen=True)
class SkippedCheckpoint:
    """A checkpoint directory that was not used, and why (one line)."""

    path: Path
    step: int
    reason: str


@dataclasses.dataclass(frozen=True)
class LoadReport:
    """Result of :func:`find_latest`: the newest valid checkpoint (``step`` and
    ``path`` are ``None`` when there is none) and the newer ones skipped on the
    way, newest first."""

    directory: Path
    step: Optional[int]
    path: Optional[Path]
    skipped: Tuple[SkippedCheckpoint, ...] = ()


class _Invalid(Exception):
    """Internal: why a checkpoint directory is not usable."""


# ------------------------------------------------------------------- locations

def checkpoint_dir(directory: Optional[PathLike] = None) -> Path:
    """*directory*, else ``$FLASHRUN_CKPT_DIR``, else ``./checkpoints`` (absolute)."""
    chosen = directory if directory is not None else (os.environ.get(ENV_DIR) or DEFAULT_DIR)
    return Path(chosen).absolute()


def step_path(step: int, directory: Optional[PathLike] = None) -> Path:
    """``<dir>/step-000000042``: zero padded so names sort like steps."""
    return checkpoint_dir(directory) / ("step-%0*d" % (STEP_DIGITS, step))


def list_checkpoints(directory: Optional[PathLike] = None) -> List[Tuple[int, Path]]:
    """Every ``step-N`` directory (complete or not) as ``(step, path)``, oldest first."""
    root = checkpoint_dir(directory)
    try:
        entries = list(os.scandir(root))
    except FileNotFoundError:
        return []
    found = []
    for entry in entries:
        m = _STEP_DIR.match(entry.name)
        if m and entry.is_dir(follow_symlinks=False):
            found.append((int(m.group(1)), Path(entry.path)))
    found.sort()
    return found


# ----------------------------------------------------------------- file helpers

def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _atomic_write_json(path: Path, obj: Any) -> None:
    write_atomic(path, json.dumps(obj, indent=1))
    _fsync_dir(path.parent)


def _part_name(index: int, key: str) -> str:
    return "%02d-%s.pt" % (index, _UNSAFE.sub("_", key)[:64] or "part")


# ------------------------------------------------------------------- validation

def verify(path: PathLike) -> dict:
    """Check one checkpoint directory; return its manifest.

    Raises :class:`CheckpointError` with a one-line reason when the manifest is
    missing (torn), unreadable, of an unknown format, or when a part is missing
    or does not match its recorded size and sha256 (corrupt).
    """
    try:
        return _verify(Path(path))
    except _Invalid as exc:
        raise CheckpointError("%s: %s" % (path, exc)) from None


def _verify(path: Path) -> dict:
    manifest_path = path / MANIFEST_NAME
    try:
        with open(manifest_path, "r", encoding="utf-8") as f:
            manifest = json.load(f)
    except FileNotFoundError:
        raise _Invalid("torn: no %s (interrupted while writing)" % MANIFEST_NAME) from None
    except (OSError, ValueError) as exc:
        raise _Invalid("unreadable %s: %s" % (MANIFEST_NAME, exc)) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise _Invalid("not a %s manifest" % FORMAT)
    version = manifest.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise _Invalid("format version %r is newer than %d" % (version, FORMAT_VERSION))
    m = _STEP_DIR.match(path.name)
    if m and manifest.get("step") != int(m.group(1)):
        raise _Invalid("manifest step %r does not match directory" % (manifest.get("step"),))
    parts = manifest.get("parts")
    if not isinstance(parts, list):
        raise _Invalid("manifest has no parts list")
    for part in parts:
        try:
            name, digest, size = part["file"], part["sha256"], part["bytes"]
        except (TypeError, KeyError):
            raise _Invalid("malformed part entry %r" % (part,)) from None
        if "/" in name or name in ("", ".", ".."):
            raise _Invalid("bad part file name %r" % (name,))
        file = path / name
        try:
            actual_size = file.stat().st_size
        except FileNotFoundError:
            raise _Invalid("corrupt: part %s is missing" % name) from None
        if actual_size != size:
            raise _Invalid("corrupt: %s has %d bytes, manifest says %s" % (name, actual_size, size))
        if _sha256(file) != digest:
            raise _Invalid("corrupt: sha256 mismatch in %s" % name)
    return manifest


def find_latest(directory: Optional[PathLike] = None) -> LoadReport:
    """Newest valid checkpoint under *directory*, without importing torch.

    Newer invalid ones are skipped, each logged as a warning naming the
    directory and the reason, and listed in ``LoadReport.skipped``.
    """
    root = checkpoint_dir(directory)
    skipped = []
    for step, path in reversed(list_checkpoints(root)):
        try:
            _verify(path)
        except _Invalid as exc:
            logger.warning("skipping checkpoint %s: %s", path, exc)
            skipped.append(SkippedCheckpoint(path, step, str(exc)))
            continue
        return LoadReport(root, step, path, tuple(skipped))
    return LoadReport(root, None, None, tuple(skipped))


# ------------------------------------------------------------------ distributed

def _dist():
    """``torch.distributed`` when a process group is initialised, else None."""
    import torch.distributed as dist

    if dist.is_available() and dist.is_initialized():
        return dist
    return None


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


def _broadcast_from_rank0(dist, value: Any) -> Any:
    """Rank 0's *value* on every rank (a small picklable object).

    Not ``broadcast_object_list``: that needs NumPy, which a training
    environment may lack. Two tensor broadcasts (length, then bytes) instead;
    on NCCL the tensors live on the current CUDA device.
    """
    import torch

    device = torch.device("cpu")
    if "nccl" in str(dist.get_backend()):
        device = torch.device("cuda", torch.cuda.current_device())
    payload = pickle.dumps(value) if dist.get_rank() == 0 else b""
    size = torch.tensor([len(payload)], dtype=torch.int64, device=device)
    dist.broadcast(size, src=0)
    if dist.get_rank() == 0:
        data = torch.frombuffer(bytearray(payload), dtype=torch.uint8).to(device)
    else:
        data = torch.empty(int(size.item()), dtype=torch.uint8, device=device)
    dist.broadcast(data, src=0)
    if dist.get_rank() == 0:
        return value
    return pickle.loads(bytes(data.cpu().contiguous().untyped_storage()))


# -------------------------------------------------------------------------- save

def _fault(step: int) -> None:
    spec = os.environ.get(ENV_FAULT, "")
    if not spec:
        return
    mode, _, at = spec.partition("@")
    if at and at.strip() != str(step):
        return
    if mode == "kill_before_manifest":
        logger.warning("%s=%s: killing this process before the manifest of step %d",
                       ENV_FAULT, spec, step)
        os.kill(os.getpid(), signal.SIGKILL)
    elif mode == "raise_before_manifest":
        raise CheckpointError("%s=%s: injected failure before the manifest of step %d"
                              % (ENV_FAULT, spec, step))
    else:
        logger.warning("ignoring unknown %s=%r", ENV_FAULT, spec)


def _write(state: Mapping[str, Any], step: int, world_size: int, path: Path) -> None:
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        # A copy of this step from an earlier attempt (torn, corrupt or whole):
        # drop its manifest first so a crash while rewriting leaves it torn.
        try:
            (path / MANIFEST_NAME).unlink()
        except FileNotFoundError:
            pass
        _fsync_dir(path)
        shutil.rmtree(path)
    path.mkdir()
    _fsync_dir(path.parent)
    parts = []
    for index, (key, value) in enumerate(state.items()):
        name = _part_name(index, key)
        file = path / name
        with open(file, "wb") as f:
            torch.save(value, f)
            f.flush()
            os.fsync(f.fileno())
        parts.append({"key": key, "file": name, "sha256": _sha256(file),
                      "bytes": file.stat().st_size})
    _fsync_dir(path)
    _fault(step)
    manifest = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "step": step,
        "world_size": world_size,
        "created": time.time(),
        "torch": torch.__version__,
        "parts": parts,
    }
    _atomic_write_json(path / MANIFEST_NAME, manifest)


def _prune(root: Path, step: int, keep_last: int) -> None:
    """Keep the newest *keep_last* complete checkpoints at or below *step*;
    remove older ones and older torn ones. Newer directories are left alone."""
    older = [(s, p) for s, p in list_checkpoints(root) if s <= step]
    complete = [(s, p) for s, p in older if (p / MANIFEST_NAME).exists()]
    if len(complete) <= keep_last:
        return
    oldest_kept = complete[-keep_last][0]
    for s, p in older:
        if s < oldest_kept:
            logger.info("pruning checkpoint %s (keep_last=%d)", p, keep_last)
            shutil.rmtree(p, ignore_errors=True)


def save(
    state: Mapping[str, Any],
    step: int,
    *,
    directory: Optional[PathLike] = None,
    keep_last: Optional[int] = None,
) -> Path:
    """Write checkpoint *step* of *state* and return its directory.

    *state* maps names to anything ``torch.save`` accepts; each top-level key
    becomes one part file. Only rank 0 writes (rank from the process group, or
    ``$RANK`` without one). With a process group every rank calls ``save`` and
    returns only after rank 0 has written the manifest; if rank 0 fails, it
    re-raises its error and the other ranks raise :class:`CheckpointError`.
    (With NCCL, set the CUDA device first: the outcome is broadcast as a
    small tensor on it.) An existing directory for the same step is replaced.
    *keep_last* (optional) prunes all but the newest N complete checkpoints.
    """
    if not isinstance(state, Mapping):
        raise TypeError("state must be a mapping of str to picklable values")
    bad = [k for k in state if not isinstance(k, str)]
    if bad:
        raise TypeError("checkpoint keys must be str, got %r" % (bad[:3],))
    if isinstance(step, bool) or not isinstance(step, int) or step < 0:
        raise ValueError("step must be a non-negative int, got %r" % (step,))
    if keep_last is not None and keep_last < 1:
        raise ValueError("keep_last must be >= 1")
    dist = _dist()
    rank = dist.get_rank() if dist is not None else _env_int("RANK", 0)
    world_size = dist.get_world_size() if dist is not None else _env_int("WORLD_SIZE", 1)
    root = checkpoint_dir(directory)
    path = step_path(step, root)
    failure: Optional[BaseException] = None
    if rank == 0:
        try:
            _write(state, step, world_size, path)
            logger.info("saved checkpoint %s", path)
            if keep_last is not None:
                _prune(root, step, keep_last)
        except BaseException as exc:  # re-raised below, after telling the others
            failure = exc
    if dist is not None:
        message = None if failure is None else "%s: %s" % (type(failure).__name__, failure)
        message = _broadcast_from_rank0(dist, message)
        if failure is None and message is not None:
            raise CheckpointError("rank 0 failed to write %s: %s" % (path, message))
    if failure is not None:
        raise failure
    return path


# -------------------------------------------------------------------------- load

def load_latest(
    directory: Optional[PathLike] = None,
    *,
    map_location: Any = "cpu",
    weights_only: bool = True,
    report: Optional[list] = None,
) -> Optional[Tuple[int, dict]]:
    """``(step, state)`` of the newest valid checkpoint, or ``None`` if none.

    Torn and corrupted newer checkpoints are skipped (a warning each); pass a
    list as *report* to receive them as :class:`SkippedCheckpoint` values,
    newest first. With a process group, rank 0 chooses and broadcasts the step
    so every rank loads the same one (the other ranks re-verify it; if they
    cannot, or rank 0 could not scan, every rank raises :class:`CheckpointError`). *state* has
    the keys given to :func:`save`, in the same order. ``weights_only`` and
    ``map_location`` go to ``torch.load``.
    """
    import torch

    dist = _dist()
    root = checkpoint_dir(directory)
    if dist is None:
        found = find_latest(root)
    else:
        # Rank 0 decides; a failure there is sent along so no rank waits forever.
        outcome: Any = None
        if dist.get_rank() == 0:
            try:
                outcome = find_latest(root)
            except Exception as exc:
                outcome = "%s: %s" % (type(exc).__name__, exc)
                _broadcast_from_rank0(dist, outcome)
                raise
        outcome = _broadcast_from_rank0(dist, outcome)
        if isinstance(outcome, str):
            raise CheckpointError("rank 0 could not scan %s: %s" % (root, outcome))
        found = outcome
    if report is not None:
        report.extend(found.skipped)
    if found.step is None:
        return None
    path = step_path(found.step, root)
    try:
        if dist is None or dist.get_rank() == 0:  # verified just now by find_latest
            with open(path / MANIFEST_NAME, "r", encoding="utf-8") as f:
                manifest = json.load(f)
        else:
            manifest = _verify(path)
    except (_Invalid, OSError, ValueError) as exc:  # another rank's view, or a race
        raise CheckpointError("checkpoint %s chosen by rank 0 is not valid here: %s"
                              % (path, exc)) from None
    state = {}
    for part in manifest["parts"]:
        state[part["key"]] = torch.load(
            path / part["file"], map_location=map_location, weights_only=weights_only
        )
    logger.info("loaded checkpoint %s (step %d)", path, found.step)
    return found.step, state


# --------------------------------------------------------------------- heartbeat

_last_beat: dict = {}


def heartbeat(path: Optional[PathLike] = None, *, min_interval: float = 1.0) -> bool:
    """Touch the heartbeat file (mtime = now; created if missing).

    The file is *path*, else ``$FLASHRUN_HEARTBEAT``; with neither this is a
    no-op. Calls within *min_interval* seconds of the last touch of the same
    file do nothing, so it is safe to call every step. Returns True when the
    file was touched. Never raises for I/O errors (logged once per file).
    """
    target = path if path is not None else os.environ.get(ENV_HEARTBEAT)
    if not target:
        return False
    key = os.fspath(target)
    now = time.monotonic()
    last = _last_beat.get(key)
    if last is not None and now - last < min_interval:
        return False
    _last_beat[key] = now
    try:
        try:
            os.utime(key, None)
        except FileNotFoundError:
            with open(key, "ab"):
                pass
    except OSError as exc:
        if last is None:
            logger.warning("cannot touch heartbeat file %s: %s", key, exc)
        return False
    return True
