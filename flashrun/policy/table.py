"""The recovery table: (FailureClass, mode) → (action, scope, reason). Data, versioned.

Decide step of the data flow (docs/architecture.md). Same failure + same POLICY_VERSION ⇒ same
action; bump the version whenever a row changes so recorded decisions can be
traced to the table that made them.

Modes: ``independent_tasks`` (a sweep trial; a retry touches one trial) and
``coordinated_training`` (a torchrun group; a lost rank stops the group and
recovery is a whole-group restart from the newest valid checkpoint).
"""
from enum import Enum
from types import MappingProxyType
from typing import NamedTuple

from flashrun.policy.taxonomy import FailureClass as F

# 2026.11.2: scheduler job states (SCHEDULER_CLASSES) outrank the log.
# 2026.12.0: exit status 126/127 alone is a command that never ran (taxonomy row 14b);
# a failed fetch (the Hub, a download) is storage_timeout, no longer network_degradation.
# 2026.12.1: an object store saying the object does not exist (missing_object) is the
# run's path (application_error), not a failing store; cudaErrorUnknown is the machine's.
# 2026.12.2: a launcher's teardown (DeepSpeed's "Killing subprocess") reports a worker's
# death; Ctrl-C at the root is a stop from outside, whatever a launcher reports after it.
# 2026.12.3: Hydra's HYDRA_FULL_ERROR note is the code's error when nothing else speaks.
# 2026.12.4: a traceback the tail cuts after a whole frame, before its exception line, is
# the code's when nothing else speaks.
# 2026.12.5: NCCL's invalid usage is communication_error (the contract's NCCL rule); new
# memory, archive, throttling and death-report needles (docs/needles.md); a traceback cut
# at a File line after a whole frame, or pasted without its header, is still cut.
# The log no longer yields network_degradation: the contract has no network class, and a
# remote dependency's failure reads as storage_timeout (the same pause_job).
# 2026.12.6: a program's own error report as its last words ("ERROR: ...") is a weak
# application_error; a loader's failed download with no traceback is a failed fetch; a
# broken pipe to a worker is its death; memory just before a generic death explains it;
# frames pasted without their header are not output; new needles (docs/needles.md).
# 2026.12.7: an HTTP 404 is the run's address (application_error), not a failing store; a
# network marker in a code-typed root's own message names the network (a bare "timed
# out" there still does not); the notebook server's kernel-restarted note is a death
# report; an exception whose message is another's terminal line ("AttributeError:
# ...ResourceExhaustedError: OOM ...") is read as the inner one, unless that one names
# code; new memory, device, archive, server and environment needles (docs/needles.md).
# 2026.12.8: a class's bare qualified name right after a frame is the terminal (an
# exception with an empty str()); c10d's "<backend> does not support <op>" is code, not
# the backend failing; torchrun's "closing signal" is a death report, like DeepSpeed's
# "Killing subprocess"; new needles (docs/needles.md): Windows launchers, python-etcd,
# ENOLCK, wget, HDF5 filters, numpy/ATen words without their type, Rust's panic,
# SentencePiece's fatal check, NCCL's error strings, Caffe's CUDA check, XLA's compile
# OOM, Windows' commit limit in Chinese, spawn's bootstrapping error, TCPStore's libuv.
# 2026.12.9: a logger's note (not a warnings-module notice) on a tail's last line is
# the word of a tail that says nothing else; new needles (docs/needles.md): Paddle's
# DataLoader and the DataLoader's FPE handler, click's usage errors, HTTP status codes
# in urllib's and huggingface_hub's words, gdown's refusal, builds without CUDA, Open
# MPI's runtime, ATen's operator-named checks, TensorRT's logger, Qt's assertions,
# compilers failing an extension's build, NCCL's bootstrap socket, OmegaConf unindented;
# a traceback collapsed onto one line is read (its terminal after the last frame);
# NCCL's and Horovod's retry and stall notes.
# 2026.12.10: a training loop stopping on a non-finite loss, autograd's hint, HTTP 404,
# dash's missing command, the rest of glibc's heap checks, SIGTRAP, SentencePiece's parse;
# Paddle's allocator, ComfyUI's node report, runpy's package, glog's CHECK_NOTNULL;
# frames that lost their indent are frames; JupyterLab's kernel notice, click's missing
# subcommand, Windows' illegal instruction; torch's exit note on a process group is no word.
# OpenMP's fatal errors, S3's refusals (403, AccessDenied), TF 1.x's closing line.
# 2026.12.13: a weights-only "Unsupported operand" byte that is no pickle opcode is a
# corrupt file, not a refusal; an interpreter's fatal error is an abort, faulthandler's
# dump a crash; a reset Hub fetch is the store's; a warnings-module line is a note however
# long its path; a refused launch (docker's daemon, a SPANK plugin) explains the exit
# status after it; a loader's words that carry a caught code error are the code's; new
# needles (docs/needles.md): thread and file limits, LLVM, Open MPI, the clouds'
# preemptions, Go's errors, NVML, Torque and Moab mail, LMDB, pyarrow's MemoryError,
# Kubernetes' pod states and events, MKL, sanitizers, ATen's determinism check, PCIe
# AER, CUDA graphs' capture and update errors.
# 2026.12.14: a shell's Killed is a signal death (worker_crash) unless the tail puts memory
# at stake (a model's load in flight, a host_rss figure); a C++ terminate's exception is
# the code's, the abort its consequence; Ray's and vLLM's worker prefix is a launcher's;
# c10d's lookup of the store's host, accelerate's busy port and a launcher's ssh to its
# peers are the rendezvous, and so is a scheduler's controller out of reach (the contract
# has no control-plane class); c10's OOM report failing on NVML is memory, ROCm's HSA out
# of resources at start-up is not; a refused credential or TLS certificate is the run's
# setup, a server that answered no network fault; requests' HTTPError text under a
# library's message is that message's; new needles (docs/needles.md): schedulers'
# refusals, renderers without EGL, mmap on mounts that cannot map, SQLite, Metal.
# 2026.12.15: new needles (docs/needles.md): torch's own GPU-capability check and XLA's
# cuDNN check are the setup's; DeepEP's all-to-all time-outs and the JAX/TF coordination
# service's barriers are the group's; XLA's BFC allocator and cudnn.torch's workspace
# search are memory; runaway recursion in other words, torch.compile's message footer and
# Lua's "stack traceback:" and VS Code's "Exception has occurred:" over an uncaught
# error are the code's; HDF5 1.8's signature words are a damaged file, a loader's
# "Corrupted image" an undecodable sample.
POLICY_VERSION = "2026.12.15"


class Action(str, Enum):
    FAIL_JOB = "fail_job"
    RETRY_TASK = "retry_task"
    RESTART_GROUP = "restart_group"
    REPLACE_NODE = "replace_node"
    PAUSE_JOB = "pause_job"
    FREEZE_AUTOMATION = "freeze_automation"

    def __str__(self):
        return self.value


class Mode(str, Enum):
    INDEPENDENT_TASKS = "independent_tasks"
    COORDINATED_TRAINING = "coordinated_training"

    def __str__(self):
        return self.value


# Actions that launch the same spec again.
RELAUNCH = frozenset({Action.RETRY_TASK, Action.RESTART_GROUP, Action.REPLACE_NODE})

_I, _C = Mode.INDEPENDENT_TASKS, Mode.COORDINATED_TRAINING
A = Action

_ROWS = {
    F.APPLICATION_ERROR: (A.FAIL_JOB, "job", A.FAIL_JOB, "job",
                          "a code or configuration error fails the same way on every attempt"),
    F.DATA_ERROR: (A.FAIL_JOB, "job", A.FAIL_JOB, "job",
                   "a restart would replay the same bad data; fix or skip it"),
    F.OUT_OF_MEMORY: (A.FAIL_JOB, "job", A.FAIL_JOB, "job",
                      "the same configuration runs out of memory again; lower the batch size"),
    F.WORKER_CRASH: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
                     "no code error was seen, so the group restarts from the newest checkpoint"),
    F.HANG: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
             "it was stopped and restarts from the newest checkpoint"),
    F.COMMUNICATION_ERROR: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
                            "the whole group restarts together from the newest checkpoint"),
    F.NETWORK_DEGRADATION: (A.PAUSE_JOB, "job", A.PAUSE_JOB, "job",
                            "a network dependency is down; back off before trying again"),
    F.ACCELERATOR_FAILURE: (A.RETRY_TASK, "task", A.REPLACE_NODE, "node",
                            "the GPU faulted; restart away from the faulty device"),
    F.NODE_LOSS: (A.RETRY_TASK, "task", A.REPLACE_NODE, "node",
                  "a node was lost; restart on healthy hardware"),
    F.PREEMPTION: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
                   "the scheduler took the resources back (preemption or time limit); resume "
                   "from the newest checkpoint in a new allocation"),
    F.STORAGE_TIMEOUT: (A.PAUSE_JOB, "job", A.PAUSE_JOB, "job",
                        "storage is full or unreachable; back off and probe before launching more"),
    F.ARTIFACT_CORRUPTION: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
                            "a checkpoint is corrupt; restart from the newest one that verifies"),
    F.CONTROL_PLANE_FAILURE: (A.PAUSE_JOB, "job", A.PAUSE_JOB, "job",
                              "the scheduler is unreachable; back off"),
    F.CORRELATED_INCIDENT: (A.FREEZE_AUTOMATION, "sweep", A.FREEZE_AUTOMATION, "sweep",
                            "many runs failed together; stop acting until a person looks"),
    F.UNKNOWN: (A.RETRY_TASK, "task", A.RESTART_GROUP, "group",
                "one restart from the newest checkpoint is cheap"),
}


class Row(NamedTuple):
    """One cell of the table: what to do, how wide, and the reason a user reads."""

    action: Action
    scope: str      # task | group | node | job | sweep
    reason: str


SCOPES = frozenset({"task", "group", "node", "job", "sweep"})


def _build(rows) -> "MappingProxyType[tuple, Row]":
    """Expand the per-class rows into (class, mode) → Row, refusing an incomplete table."""
    table = {}
    for cls, (ia, iscope, ca, cscope, reason) in rows.items():
        table[(cls, _I)] = Row(A(ia), iscope, reason)
        table[(cls, _C)] = Row(A(ca), cscope, reason)
    missing = sorted("%s/%s" % (c.value, m.value) for c in F for m in Mode if (c, m) not in table)
    if missing:
        raise ValueError("the policy table has no row for %s" % ", ".join(missing))
    bad = sorted({r.scope for r in table.values()} - SCOPES)
    if bad:
        raise ValueError("unknown scope(s) in the policy table: %s" % ", ".join(bad))
    return MappingProxyType(table)


TABLE = _build(_ROWS)
