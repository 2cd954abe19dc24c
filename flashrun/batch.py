"""Batch recovery for training scripts: drop samples that cannot be produced, keep ranks in step.

Where this sits: a training-side helper that runs *inside* the user's script (its
Dataset, its DataLoader workers and its training loop). It is not part of the
supervisor flow of docs/architecture.md (spec -> supervisor -> scan -> classify -> decide ->
act). Its one link to that flow is the exception it raises: when failures run
away, every rank raises :class:`CircuitBreakerTripped` at the same step, the
ranks die with that terminal line, and the scanner classifies it as
``data_error`` (fail fast: a restart would replay the same data).

The data path inside the script::

    Dataset.__getitem__ -- GenerationRecoveryGuard.run(fetch) --> sample | SampleUnavailable
      -> collate_with_recovery(collate_fn)      drop SampleUnavailable/None items, build a
                                                placeholder when nothing is left, attach
                                                RecoveryMetadata under "__recovery__"
      -> (pickled from the DataLoader worker to the training process)
      -> BatchRecoveryCoordinator.consume       pop the metadata, warn, accumulate
      -> BatchRecoveryCoordinator.synchronize   one all_reduce of [fatal, failures]:
                                                rank 0 logs the drops; any fatal rank
                                                trips the breaker on every rank

This module and its collective mechanism ``flashrun._batch_dist`` import torch
(as does ``ckpt``); ``import flashrun`` never imports them. See docs/batch.md for the user guide and the
measured cost of synchronisation.
"""
import dataclasses
import logging
from collections.abc import Callable, Iterable, MutableMapping
from typing import Any, Optional, Tuple, Union

import torch
from torch.utils.data import default_collate

from flashrun import _batch_dist

logger = logging.getLogger(__name__)

__all__ = [
    "RECOVERY_METADATA_KEY",
    "BatchRecoveryCoordinator",
    "CircuitBreakerTripped",
    "GenerationRecoveryGuard",
    "RecoveryMetadata",
    "SampleUnavailable",
    "SyncResult",
    "collate_with_recovery",
    "should_synchronize",
]

RECOVERY_METADATA_KEY = "__recovery__"


def _check_int(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, got %s" % (name, type(value).__name__))
    if value < minimum:
        raise ValueError("%s must be >= %d, got %d" % (name, minimum, value))
    return value


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


# -- values -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SampleUnavailable:
    """What a dataset returns in place of a sample it could not provide.

    ``counts_as_failure`` is False for a deliberate skip (the sample is dropped
    and nothing is reported) and True for a failure (it is counted across ranks).
    ``fatal`` asks every rank to stop at the next synchronisation.
    """

    reason: str = ""
    counts_as_failure: bool = False
    consecutive_failures: int = 0
    fatal: bool = False


@dataclasses.dataclass(frozen=True)
class RecoveryMetadata:
    """What one batch (or the pending state of a coordinator) has to report."""

    failure_count: int = 0
    locally_empty: bool = False
    fatal: bool = False
    error: str = ""

    def __post_init__(self):
        _check_int("failure_count", self.failure_count, 0)
        if not isinstance(self.error, str):
            raise TypeError("error must be a str, got %s" % type(self.error).__name__)

    @classmethod
    def from_unavailable(
        cls, unavailable: Iterable[SampleUnavailable], *, locally_empty: bool
    ) -> "RecoveryMetadata":
        """Count the items that count as failures; carry the reason of the first fatal one."""
        failures = 0
        fatal = False
        error = ""
        for item in unavailable:
            if not isinstance(item, SampleUnavailable):
                raise TypeError("expected SampleUnavailable, got %s" % type(item).__name__)
            if item.counts_as_failure:
                failures += 1
            if item.fatal and not fatal:
                fatal = True
                error = item.reason
        return cls(failure_count=failures, locally_empty=bool(locally_empty), fatal=fatal, error=error)

    @property
    def needs_report(self) -> bool:
        """True when a batch carrying this has anything for the coordinator to count or warn about."""
        return self.failure_count > 0 or self.locally_empty or self.fatal


@dataclasses.dataclass(frozen=True)
class SyncResult:
    """One completed check across ranks.

    ``failure_count``: samples dropped as failures on all ranks together since the
    previous check. ``total_failures``: the same, summed over the coordinator's
    life. ``fatal_ranks`` is always 0 in a returned result (otherwise the check
    raised).
    """

    failure_count: int
    fatal_ranks: int
    world_size: int
    total_failures: int


class CircuitBreakerTripped(RuntimeError):
    """Raised on every rank, at the same step, when any rank reported a fatal data failure.

    The scanner recognises this name in a traceback's terminal line and classifies
    the run as ``data_error`` with action ``fail_job``: restarting would replay the
    same data and fail the same way.
    """

    def __init__(self, phase: str, fatal_ranks: int, local_error: str = "", world_size: int = 1):
        self.phase = phase
        self.fatal_ranks = fatal_ranks
        self.local_error = local_error
        self.world_size = world_size
        local = _one_line(local_error) if local_error else "none on this rank"
        super().__init__(
            "circuit breaker tripped in phase %r: %d of %d rank(s) reported a fatal data "
            "failure; local error: %s" % (phase, fatal_ranks, world_size, local)
        )

    def __reduce__(self):
        return (type(self), (self.phase, self.fatal_ranks, self.local_error, self.world_size))


# -- dataset side ---------------------------------------------------------------


class GenerationRecoveryGuard:
    """Retry an operation that produces one sample; give up with a :class:`SampleUnavailable`.

    ``run(operation, description=...)`` calls ``operation()`` up to ``retries + 1``
    times. When every attempt raised, the sample is *exhausted*: the guard returns
    ``SampleUnavailable(counts_as_failure=True)`` carrying the running count of
    consecutive exhausted samples, and ``fatal=True`` once that count reaches
    ``max_consecutive_failures``. A success resets the count.

    The guard lives on the dataset, so every DataLoader worker holds its own copy
    and counts are per worker (per persistent worker when ``persistent_workers``
    is set; a fresh copy per epoch otherwise).
    """

    def __init__(self, retries: int, max_consecutive_failures: int):
        self.retries = _check_int("retries", retries, 0)
        self.max_consecutive_failures = _check_int(
            "max_consecutive_failures", max_consecutive_failures, 1
        )
        self._consecutive = 0

    @property
    def consecutive_failures(self) -> int:
        return self._consecutive

    def __repr__(self):
        return "GenerationRecoveryGuard(retries=%d, max_consecutive_failures=%d, consecutive_failures=%d)" % (
            self.retries,
            self.max_consecutive_failures,
            self._consecutive,
        )

    def run(self, operation: Callable[[], Any], *, description: str) -> Any:
        attempts = self.retries + 1
        last: Optional[BaseException] = None
        for attempt in range(1, attempts + 1):
            try:
                result = operation()
            except Exception as exc:  # noqa: BLE001 - the point is to survive any data error
                last = exc
                logger.warning(
                    "%s failed (attempt %d/%d): %s: %s",
                    description, attempt, attempts, type(exc).__name__, exc,
                )
                continue
            if self._consecutive:
                logger.info(
                    "%s succeeded; recovered after %d consecutive unavailable sample(s)",
                    description, self._consecutive,
                )
                self._consecutive = 0
            return result
        self._consecutive += 1
        fatal = self._consecutive >= self.max_consecutive_failures
        reason = "%s: %s: %s (%d attempt(s))" % (description, type(last).__name__, last, attempts)
        if fatal:
            logger.error(
                "%s is unavailable; %d consecutive unavailable sample(s) reached the bound of %d",
                description, self._consecutive, self.max_consecutive_failures,
            )
        else:
            logger.warning(
                "%s is unavailable after %d attempt(s); dropping it (%d consecutive)",
                description, attempts, self._consecutive,
            )
        return SampleUnavailable(
            reason=reason,
            counts_as_failure=True,
            consecutive_failures=self._consecutive,
            fatal=fatal,
        )


class _RecoveringCollate:
    """The picklable callable made by :func:`collate_with_recovery` (spawn workers pickle it)."""

    def __init__(self, collate_fn: Callable[[list], Any], empty_sample: Optional[Callable[[], Any]]):
        self.collate_fn = collate_fn
        self.empty_sample = empty_sample

    def __repr__(self):
        return "collate_with_recovery(%r, empty_sample=%r)" % (self.collate_fn, self.empty_sample)

    def __call__(self, samples: list) -> MutableMapping:
        kept = []
        unavailable = []
        for sample in samples:
            if sample is None:
                continue
            if isinstance(sample, SampleUnavailable):
                unavailable.append(sample)
            else:
                kept.append(sample)
        locally_empty = not kept
        if kept:
            batch = self.collate_fn(kept)
        elif self.empty_sample is not None:
            batch = self.collate_fn([self.empty_sample()])
        else:
            batch = {}
        if not isinstance(batch, MutableMapping):
            raise TypeError(
                "collate_with_recovery needs collate_fn to return a dict-like batch to carry %r, "
                "got %s" % (RECOVERY_METADATA_KEY, type(batch).__name__)
            )
        metadata = RecoveryMetadata.from_unavailable(unavailable, locally_empty=locally_empty)
        if metadata.needs_report:
            batch[RECOVERY_METADATA_KEY] = metadata
        return batch


def collate_with_recovery(
    collate_fn: Optional[Callable[[list], Any]] = None,
    *,
    empty_sample: Optional[Callable[[], Any]] = None,
) -> Callable[[list], MutableMapping]:
    """Wrap ``collate_fn`` (default: torch's ``default_collate``) for batches with missing samples.

    ``SampleUnavailable`` and ``None`` items are removed before ``collate_fn`` sees
    the list. When nothing is left, the batch is ``collate_fn([empty_sample()])`` -
    a placeholder the training step can run on with zero weight, so this rank
    still takes part in collectives (DDP's gradient all-reduce) - or, without
    ``empty_sample``, a dict holding only the metadata. ``RecoveryMetadata`` is
    attached under ``RECOVERY_METADATA_KEY`` only when there is something to
    report. The batch must be dict-like. The result is picklable when
    ``collate_fn`` and ``empty_sample`` are (module-level functions).
    """
    return _RecoveringCollate(default_collate if collate_fn is None else collate_fn, empty_sample)


# -- training-loop side ---------------------------------------------------------


def should_synchronize(
    step: int, total_steps: Optional[int], interval: int, *, will_stop: bool = False
) -> bool:
    """Whether the 0-based ``step`` of a phase of ``total_steps`` steps is a check point.

    True after every ``interval``-th step (steps ``interval - 1``, ``2 * interval - 1``,
    ...), on the last step (``step == total_steps - 1``; pass ``None`` when the
    length is unknown), and whenever ``will_stop`` is set (the loop is about to
    leave early). Every rank must get the same answer: it decides a collective,
    so ``will_stop`` has to be agreed across ranks.
    """
    _check_int("step", step, 0)
    _check_int("interval", interval, 1)
    if total_steps is not None:
        _check_int("total_steps", total_steps, 1)
        if step >= total_steps:
            raise ValueError("step %d is outside a phase of %d steps" % (step, total_steps))
    if will_stop or (step + 1) % interval == 0:
        return True
    return total_steps is not None and step == total_steps - 1


class BatchRecoveryCoordinator:
    """Count dropped samples across ranks and stop every rank together on a fatal failure.

    ``consume(batch)`` once per batch; ``synchronize()`` at the same steps on every
    rank (see :func:`should_synchronize`). A check is one ``all_reduce`` (SUM) of
    a 2-element int64 tensor ``[fatal, failure_count]`` on ``device`` (CPU under
    gloo, the local accelerator under NCCL; chosen on first use unless given).

    ``synchronize(async_op=True)`` starts the reduce and returns; the *next*
    ``synchronize`` call (of either kind) waits for it and acts on it, so a fatal
    failure is seen one check late, still on every rank at the same call. A
    blocking ``synchronize()`` drains a pending asynchronous check before its own,
    so end every phase with one.
    """

    def __init__(self, phase: str, *, device: Union[str, torch.device, None] = None):
        if not isinstance(phase, str) or not phase:
            raise ValueError("phase must be a non-empty str, got %r" % (phase,))
        self.phase = phase
        self._device = None if device is None else torch.device(device)
        self._pending_failures = 0
        self._pending_fatal = False
        self._pending_error = ""
        self._total_failures = 0
        self._inflight: Optional[Tuple[_batch_dist.Reduction, str]] = None

    def __repr__(self):
        return "BatchRecoveryCoordinator(%r, device=%r)" % (self.phase, self._device)

    @property
    def device(self) -> torch.device:
        if self._device is None:
            self._device = _batch_dist.default_device()
        return self._device

    @property
    def pending(self) -> RecoveryMetadata:
        """What this rank has accumulated and not yet sent."""
        return RecoveryMetadata(
            failure_count=self._pending_failures, fatal=self._pending_fatal, error=self._pending_error
        )

    @property
    def in_flight(self) -> bool:
        return self._inflight is not None

    @property
    def total_failures(self) -> int:
        """Failures summed over all ranks and every completed check so far."""
        return self._total_failures

    def consume(self, batch: MutableMapping, *, synchronize: bool = False) -> RecoveryMetadata:
        """Pop this batch's metadata, warn about it, and accumulate it; return it.

        A batch without the key reports nothing. Synchronises (blocking) when
        ``synchronize`` is set or when torch.distributed is not initialised (a
        single process checks every batch: there is nobody to wait for).
        """
        if not isinstance(batch, MutableMapping):
            raise TypeError("consume() needs a dict-like batch, got %s" % type(batch).__name__)
        metadata = batch.get(RECOVERY_METADATA_KEY, None)
        if RECOVERY_METADATA_KEY in batch and not isinstance(metadata, RecoveryMetadata):
            raise TypeError(
                "batch[%r] must be a RecoveryMetadata, got %s"
                % (RECOVERY_METADATA_KEY, type(metadata).__name__)
            )
        leftovers = sorted(
            key for key in batch
            if isinstance(key, str) and key.startswith("__") and key != RECOVERY_METADATA_KEY
        )
        if leftovers:
            raise RuntimeError(
                "batch holds reserved key(s) %s that nothing consumes (only %r is popped by "
                "BatchRecoveryCoordinator); remove them in collate_fn"
                % (", ".join(repr(key) for key in leftovers), RECOVERY_METADATA_KEY)
            )
        batch.pop(RECOVERY_METADATA_KEY, None)
        if metadata is None:
            metadata = RecoveryMetadata()
        if metadata.failure_count:
            logger.warning("[%s] %d sample(s) in this batch were unavailable and dropped",
                           self.phase, metadata.failure_count)
        if metadata.locally_empty:
            logger.warning("[%s] no sample of this batch was available on this rank; "
                           "it is a placeholder", self.phase)
        if metadata.fatal:
            logger.error("[%s] fatal data failure on this rank: %s", self.phase, metadata.error)
        self._pending_failures += metadata.failure_count
        if metadata.fatal and not self._pending_fatal:
            self._pending_fatal = True
            self._pending_error = metadata.error or "a fatal data failure with no reason given"
        if synchronize or not _batch_dist.is_distributed():
            self.synchronize()
        return metadata

    def synchronize(self, *, async_op: bool = False) -> Optional[SyncResult]:
        """Check every rank's pending state; raise :class:`CircuitBreakerTripped` if any is fatal.

        Blocking: returns the result of the check (its ``failure_count`` includes
        a drained asynchronous check). ``async_op=True``: finishes the check the
        previous call started, if any, returning its result (else None), and
        starts a new one. Without a process group the check is local and
        immediate either way.
        """
        fatal, self._pending_fatal = self._pending_fatal, False
        failures, self._pending_failures = self._pending_failures, 0
        local_error, self._pending_error = self._pending_error, ""
        if not _batch_dist.is_distributed():
            return self._finish(int(fatal), failures, 1, local_error)
        world_size = _batch_dist.rank_and_world_size()[1]
        drained = None
        if self._inflight is not None:
            (reduction, inflight_error), self._inflight = self._inflight, None
            fatal_ranks, inflight_failures = reduction.wait()
            drained = self._finish(fatal_ranks, inflight_failures, world_size, inflight_error)
        reduction = _batch_dist.start_reduction(fatal, failures, self.device, async_op=async_op)
        if async_op:
            self._inflight = (reduction, local_error)
            return drained
        fatal_ranks, failures = reduction.wait()
        result = self._finish(fatal_ranks, failures, world_size, local_error)
        if drained is None:
            return result
        return dataclasses.replace(result, failure_count=result.failure_count + drained.failure_count)

    def _finish(self, fatal_ranks: int, failures: int, world_size: int, local_error: str) -> SyncResult:
        self._total_failures += failures
        if failures and _batch_dist.rank_and_world_size()[0] == 0:
            logger.warning(
                "[%s] dropped %d unavailable sample(s) across %d rank(s) since the last check "
                "(%d in this phase)",
                self.phase, failures, world_size, self._total_failures,
            )
        if fatal_ranks:
            raise CircuitBreakerTripped(self.phase, fatal_ranks, local_error, world_size)
        return SyncResult(failure_count=failures, fatal_ranks=0, world_size=world_size,
                          total_failures=self._total_failures)
