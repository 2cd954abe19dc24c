"""Collective mechanism under :mod:`flashrun.batch`: the one all-reduce of a recovery check.

Where this sits: training-side, inside the user's script, below
``BatchRecoveryCoordinator.synchronize`` (not part of the supervisor flow of
docs/architecture.md). ``flashrun.batch`` decides what to send and what a result means
(log, trip the breaker); this module only knows torch.distributed: whether a
process group is up, which device its collectives want, and how to run one
SUM all-reduce of ``[fatal, failure_count]``, blocking or not.
"""
import dataclasses
from typing import Any, Optional, Tuple, Union

import torch
import torch.distributed as dist


def is_distributed() -> bool:
    """True when torch.distributed is built in and a default process group is initialised."""
    return dist.is_available() and dist.is_initialized()


def rank_and_world_size() -> Tuple[int, int]:
    if not is_distributed():
        return 0, 1
    return dist.get_rank(), dist.get_world_size()


def default_device() -> torch.device:
    """The device for the check tensor, from what torch reports.

    CPU without a process group, and when the backend reduces CPU tensors (gloo,
    mpi, or a mixed ``cpu:gloo,cuda:nccl`` group - a CPU check then never waits
    on the accelerator's stream). Otherwise (NCCL and other accelerator-only
    backends) the current device of the current accelerator.
    """
    if not is_distributed():
        return torch.device("cpu")
    backend = str(dist.get_backend()).lower()
    if "gloo" in backend or backend == "mpi":
        return torch.device("cpu")
    if hasattr(torch, "accelerator"):  # torch >= 2.6
        accelerator = torch.accelerator.current_accelerator()
        index = torch.accelerator.current_device_index if accelerator is not None else None
    else:
        accelerator = torch.device("cuda") if torch.cuda.is_available() else None
        index = torch.cuda.current_device
    if accelerator is None:
        raise RuntimeError(
            "process group backend %r cannot reduce CPU tensors and torch reports no "
            "accelerator; pass device= to BatchRecoveryCoordinator" % backend
        )
    return torch.device(accelerator.type, index())


@dataclasses.dataclass(frozen=True)
class Reduction:
    """A started (or finished) all-reduce of ``[fatal, failure_count]``."""

    tensor: torch.Tensor
    work: Optional[Any] = None

    def wait(self) -> Tuple[int, int]:
        """Block until the reduce is done; return ``(fatal_ranks, failure_count)`` summed over ranks."""
        if self.work is not None:
            self.work.wait()
        fatal_ranks, failures = self.tensor.tolist()
        return int(fatal_ranks), int(failures)


def start_reduction(fatal: bool, failures: int, device: Union[str, torch.device], *,
                    async_op: bool) -> Reduction:
    """Run (``async_op=False``) or start (``async_op=True``) one SUM all-reduce on the default group."""
    tensor = torch.tensor([int(fatal), int(failures)], dtype=torch.int64, device=device)
    if async_op:
        return Reduction(tensor, dist.all_reduce(tensor, op=dist.ReduceOp.SUM, async_op=True))
    dist.all_reduce(tensor, op=dist.ReduceOp.SUM)
    return Reduction(tensor)
