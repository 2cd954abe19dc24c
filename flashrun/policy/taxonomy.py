"""Failure taxonomy: (exit code, ScanResult, history) → one FailureClass.

Classify step of the data flow (docs/architecture.md). ``FailureSignals`` gathers the evidence;
``classify`` applies a fixed precedence, strongest scope first:

=====  ==========================  ==============================================
order  class                       evidence
=====  ==========================  ==============================================
1      correlated_incident         many runs failed together (history)
1b     (a site rule's class)       a site rule matched (flashrun.policy.rules)
2      communication_error         the scheduler/controller itself is unreachable (the
                                   contract has no control-plane class;
                                   control_plane_failure comes only from a site rule)
3      node_loss / preemption /    the scheduler's own job state first (NODE_FAIL,
       out_of_memory               PREEMPTED, TIMEOUT, OUT_OF_MEMORY: see
                                   SCHEDULER_CLASSES), then its words in the log
                                   (a time limit is a preemption: the scheduler took
                                   the resources back; the job resumes elsewhere)
4      accelerator_failure         ECC, Xid, unspecified launch failure, GPU lost
5      data_error (breaker)        flashrun's CircuitBreakerTripped
6      out_of_memory               CUDA OOM, host OOM kill, MemoryError
7      hang                        no output and no heartbeat (unless comm markers)
8      storage_timeout             ENOSPC, EDQUOT, ESTALE, EIO, object-store errors,
                                   a failed fetch (the Hub or a download unreachable,
                                   a URLError)
9      artifact_corruption         corrupt checkpoint / model file
10     data_error                  an undecodable sample
11     communication_error         NCCL/gloo/rendezvous/store in the root cause, and
                                   NCCL refusing a call (invalid usage or argument)
12     storage_timeout             DNS, refused/reset connections, HTTP errors of any
                                   other remote dependency (the contract has no
                                   network class; network_degradation comes only
                                   from a site rule)
13     worker_crash (root)         the root says a worker died unexpectedly
                                   (DataLoader "exited unexpectedly")
14     application_error           any other Python exception at the root, bad CLI
                                   arguments, state_dict mismatch, device assert
14b    application_error           exit status 126/127 (the shell's "cannot
                                   execute" / "not found"), the run's own or a
                                   launcher's report, with nothing else said
15     worker_crash                a signal death (SIGKILL, SIGSEGV, SIGABRT, ...), a
                                   shell's death line, or a launcher reporting a
                                   worker's non-zero exit with no error printed
15a    application_error           a traceback the tail cuts after a whole frame,
                                   before its exception line (header or not), when
                                   no signal or stop from outside spoke (checked
                                   before a launcher's report of the exit)
15b    application_error           the shell could not start the command, or the
                                   scheduler refused the job's request (weak)
15c    application_error           the program's own error report as its last words
                                   ("ERROR: ...", "fatal error: ..."; weak, and not
                                   under a stop from outside)
16     unknown                     nothing says why (SIGTERM from outside, a bare
                                   exit status with a silent tail)
=====  ==========================  ==============================================

Systemic beats node beats process beats application evidence. Communication
markers outside the root traceback are symptoms of another rank's failure and
only count when there is no root traceback at all. A launcher's report (how a
worker died: its code or signal) is believed only when nothing says why.
docs/diagnosis.md states the class boundaries this table implements.
"""
import pickletools
from dataclasses import dataclass
from enum import Enum
from typing import Any, FrozenSet, Optional, Tuple

from flashrun.scan import _py_text as _lex


class FailureClass(str, Enum):
    APPLICATION_ERROR = "application_error"
    DATA_ERROR = "data_error"
    OUT_OF_MEMORY = "out_of_memory"
    WORKER_CRASH = "worker_crash"
    HANG = "hang"
    COMMUNICATION_ERROR = "communication_error"
    NETWORK_DEGRADATION = "network_degradation"
    ACCELERATOR_FAILURE = "accelerator_failure"
    NODE_LOSS = "node_loss"
    PREEMPTION = "preemption"
    STORAGE_TIMEOUT = "storage_timeout"
    ARTIFACT_CORRUPTION = "artifact_corruption"
    CONTROL_PLANE_FAILURE = "control_plane_failure"
    CORRELATED_INCIDENT = "correlated_incident"
    UNKNOWN = "unknown"

    def __str__(self):
        return self.value


_COMM = frozenset({"nccl", "watchdog", "gloo", "peer_closed", "rendezvous", "dist_backend"})
# A collective's or a store's own words (a reset connection alone may be any client's).
_GROUP = _COMM - {"peer_closed"}
_ACCEL = frozenset({"ecc", "xid", "gpu_lost"})
_OOM = frozenset({"cuda_oom", "host_oom"})
_DISK = frozenset({"enospc", "estale", "eio", "write_failed", "short_download"})
# Markers that say where the failing call was (its stack), not what went wrong.
_WHERE = frozenset({"store_stack", "spawn_pipe", "peer_pipe"})
_ARTIFACT = frozenset({"corrupt_zip", "corrupt_safetensors", "corrupt_pickle", "corrupt_model"})
_NET = frozenset({"network", "timeout", "no_answer"})
# What says a network failure was a fetch of the run's inputs: the Hub's hosts, a
# loader's own "download failed" words.
_FETCH = frozenset({"hub", "download"})
# Without a root, a bare timeout is no one's: only a network marker names the network.
_NET_UNPLACED = _NET - {"timeout"}
_CODE = frozenset({"device_assert", "illegal_access", "usage_error", "state_dict",
                   "nccl_usage", "unsupported_device", "weights_only", "locale_codec",
                   "ssh_denied", "check_failed", "wrong_archive", "no_backend",
                   "code_message", "missing_library", "missing_object"})
# A CUDA kernel's own fault: a code error, whichever messenger (NCCL, the watchdog)
# carried it, unless the GPU reported hardware faults (checked before).
_KERNEL_FAULT = frozenset({"device_assert", "illegal_access"})
_CRASH_MARKERS = frozenset({"segfault", "abort", "native_abort"})
# The generic C++ exception types a terminate names ("terminate called after throwing
# an instance of 'std::runtime_error'"), and the markers such a root carries alone.
_STD_TYPES = frozenset({"std::runtime_error", "std::exception", "std::system_error",
                        "std::logic_error"})
_NATIVE_ROOT = frozenset({"native_abort", "abort"})
# What reading or writing a pipe whose other end died raises, and what connecting to
# its listener raises once that process is gone (a DataLoader worker's shared tensor
# fetched from the resource_sharer of a worker that died: "FileNotFoundError: [Errno 2]"
# for its Unix socket, "ConnectionRefusedError: [Errno 111]").
_PEER_GONE_TYPES = frozenset({"EOFError", "BrokenPipeError", "ConnectionResetError",
                              "ConnectionRefusedError", "FileNotFoundError"})
# The marker an OSError's own "[Errno 2] No such file or directory" sets.
_ERRNO_WORDS = frozenset({"code_message"})
# A loader refusing an intact file (torch 2.6's safe loader) or reading the wrong kind of
# archive: no corruption, whatever its words about zip records.
_REFUSED = frozenset({"weights_only", "wrong_archive"})
# Exceptions raised for an allocation that failed: CPython's, torch 2.1+'s, and
# pyarrow's (ArrowMemoryError, a MemoryError: "realloc of size 2172846080 failed").
_MEMORY_TYPES = frozenset({"MemoryError", "OutOfMemoryError", "ArrowMemoryError"})
# Signals that mean the process itself crashed or was killed hard.
_CRASH_SIGNALS = frozenset({4, 5, 6, 7, 8, 9, 11})  # SIGTRAP (5): an uncaught trap
_NET_TYPES = ("ConnectionError", "ConnectionResetError", "ConnectionRefusedError",
              "ConnectionAbortedError", "TimeoutError", "timeout",
              "ReadTimeout", "ConnectTimeout", "ReadTimeoutError", "ConnectTimeoutError",
              "ProtocolError", "RemoteDisconnected", "gaierror")
_STOPPED_TYPES = ("KeyboardInterrupt", "SystemExit")
_NET_TYPE_SET, _STOPPED_TYPE_SET = frozenset(_NET_TYPES), frozenset(_STOPPED_TYPES)
_NONE: FrozenSet[str] = frozenset()
# Exception types that are plain code errors whatever their message says.
_CODE_TYPES = frozenset({
    "KeyError", "ValueError", "TypeError", "AttributeError", "NameError", "ImportError",
    "ModuleNotFoundError", "SyntaxError", "IndentationError", "IndexError", "AssertionError",
    "NotImplementedError", "ZeroDivisionError", "UnboundLocalError", "RecursionError",
    "FileNotFoundError"})
# Markers outside the root traceback that are the system's own death reports.
_SYSTEM = frozenset({"host_oom", "xid", "gpu_lost", "ecc", "control_plane", "node_fail",
                     "preempt", "time_limit", "launcher_sigterm"})
# Exceptions about the code's own structure (a call, an attribute, an import): their
# messages name components ("TCPStore(...)", "'ProcessGroupNCCL' object has no
# attribute ..."), which says nothing of those components failing.
_STRUCTURE_TYPES = frozenset({"TypeError", "AttributeError", "NameError", "ImportError",
                              "ModuleNotFoundError", "SyntaxError", "IndentationError",
                              "UnboundLocalError", "NotImplementedError"})
# Exceptions of decoders a data loader calls on one sample: JSON and CSV records,
# text (UnicodeDecodeError), audio (libsndfile through soundfile), video (PyAV,
# decord). Not audioread's NoBackendError: no decoder is installed (ffmpeg), which
# fails every sample alike, a fault of the environment.
_DECODE_TYPES = frozenset({"JSONDecodeError", "ParserError", "LibsndfileError",
                           "InvalidDataError", "DECORDError",
                           "UnicodeDecodeError"})
# Hugging Face datasets' wrapper for "the source files could not be turned into
# a dataset" (builder.py, around whatever the file reader raised: Arrow's parse
# and cast errors, a bad parquet footer): the data's fault, unless the chain
# shows a plain code error underneath it.
_DATA_WRAPPERS = frozenset({"DatasetGenerationError"})
# Signals a process gets when it is stopped from outside: they say nothing of why.
_SOFT_SIGNALS = frozenset({1, 2, 15})
# The exit statuses POSIX shells keep for a command that never started (a launcher
# or scheduler passes them on: "task 0: Exited with exit code 127"): it names a
# program that is not there or cannot be executed, which a restart repeats.
_NOT_STARTED = {126: "it could not execute", 127: "it could not find"}

# A scheduler's job state (Slurm's names) that says why the job ended: evidence that
# outranks anything in the log tail (a killed task's last words are symptoms).
SCHEDULER_CLASSES = {
    "NODE_FAIL": (FailureClass.NODE_LOSS, "the scheduler reports a node failure"),
    "BOOT_FAIL": (FailureClass.NODE_LOSS, "a node of the job failed to boot"),
    "PREEMPTED": (FailureClass.PREEMPTION, "the scheduler preempted the job"),
    "TIMEOUT": (FailureClass.PREEMPTION, "the job reached its time limit"),
    "DEADLINE": (FailureClass.PREEMPTION, "the job reached its deadline"),
    "OUT_OF_MEMORY": (FailureClass.OUT_OF_MEMORY, "the scheduler killed the job for memory"),
}


def frozen(cls, values):
    """``cls(**values)`` for a frozen dataclass given every field, without the
    generated ``__init__``'s ``object.__setattr__`` per field: the diagnosis builds
    four such values per failure. Same objects: equality, hash and repr are the
    dataclass's own (tests/test_policy.py checks each caller gives every field)."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def signal_from_exit(exit_code: Optional[int]) -> Optional[int]:
    """The signal behind an exit status: -N from Popen, 128+N from a shell. A large
    negative status is a Windows NTSTATUS (-1073741819 = 0xC0000005), no signal."""
    if exit_code is None:
        return None
    if exit_code < 0:
        return -exit_code if exit_code >= -64 else None
    if 128 < exit_code < 160:
        return exit_code - 128
    return None


@dataclass(frozen=True)
class FailureSignals:
    """Everything classify() may look at, gathered from one failed attempt."""

    exit_code: Optional[int] = None
    signal: Optional[int] = None
    root_exception: Optional[str] = None
    root_line: Optional[str] = None
    root_rank: Optional[int] = None
    chain_types: Tuple[str, ...] = ()
    root_markers: FrozenSet[str] = frozenset()
    markers: FrozenSet[str] = frozenset()
    reported_exit: Optional[int] = None
    hung: bool = False
    correlated: bool = False
    scheduler_state: Optional[str] = None   # e.g. Slurm's NODE_FAIL (see SCHEDULER_CLASSES)
    # The scheduler was asked: its verdict (scheduler_state, None = no outside cause)
    # replaces scheduler words in the log ("CANCELLED AT" is also printed when srun
    # itself ends a step whose task failed).
    scheduler_reported: bool = False
    rule: Optional[Any] = None  # a site rule's RuleHit (flashrun.policy.rules)
    survived: bool = False  # the root is a traceback output followed (nothing else spoke)
    unfinished: bool = False  # a traceback the tail cut before its exception line
    # torch's weights-only unpickler met a byte that is no pickle opcode at all: the
    # file is something else (a Git LFS pointer, an HTML page), not a checkpoint
    not_a_pickle: bool = False

    @classmethod
    def from_scan(cls, exit_code, scan, *, hung=False, correlated=False, scheduler_state=None,
                  scheduler_line=None, scheduler_reported=False, rule=None):
        """Build the signals from an exit status and a ScanResult."""
        signal = signal_from_exit(exit_code)
        if signal is None:
            signal = scan.signal
        for candidate in (scan.cfe_exitcode, scan.launcher_exitcode):
            if signal is None and candidate is not None and candidate < 0:
                signal = signal_from_exit(candidate)
        root, chain, root_markers, survived = scan.root, scan.chain, scan.root_markers, False
        if (root is None and scan.survived and exit_code and signal is None
                and _NET.issuperset(scan.markers) and scan.cfe_exitcode is None
                and scan.launcher_exitcode is None and not hung):
            # It died with an error status and nothing else (at most a weak network
            # or timeout marker) says why: the last traceback it printed, though
            # output followed it (shutdown chatter, a server that logged it
            # finished), is the best evidence there is.
            root, chain, root_markers, survived = (scan.survived[-1], scan.survived,
                                                   scan.survived_markers, True)
        if root_markers and root is not None and _refused_op(root.message):
            # the backend is named as the one lacking the operation, not as failing: a
            # call this configuration cannot make fails every attempt alike (code)
            root_markers = frozenset(root_markers) - _COMM
        line = root.line if root else None
        root_type = root.exc_type if root else None
        chain_types = tuple(t.exc_type for t in chain)
        inner = _inner_exception(root.message) if root else None
        if inner is not None and inner.rpartition(".")[2] not in _STRUCTURE_TYPES:
            # the wrapper only carried it (an inner ImportError or TypeError names code,
            # and its words, e.g. a failed dlopen's OSError text, keep the wrapper's say)
            root_type, chain_types = inner, chain_types + (inner,)
        if line is None and scan.cfe_rank is not None:
            line = "torchrun: rank %d failed with exitcode %s" % (scan.cfe_rank, scan.cfe_exitcode)
        # (what a run was doing when it was killed is context, never the line believed)
        told = [e for e in scan.evidence if e[0] != "mem_context"]
        if line is None and told:
            line = told[-1][1]
        if line is None and scan.launcher_exitcode is not None:
            line = "launcher: a worker failed with exitcode %d" % scan.launcher_exitcode
        if scheduler_state in SCHEDULER_CLASSES and scheduler_line:
            line = scheduler_line
        return frozen(cls, dict(
            exit_code=exit_code,
            signal=signal,
            root_exception=root_type,
            root_line=line,
            root_rank=root.rank if root and root.rank is not None else scan.cfe_rank,
            chain_types=chain_types,
            root_markers=frozenset(root_markers) if root_markers else _NONE,
            markers=frozenset(scan.markers) if scan.markers else _NONE,
            reported_exit=scan.cfe_exitcode if scan.cfe_exitcode is not None
            else scan.launcher_exitcode,
            hung=hung,
            correlated=correlated,
            scheduler_state=scheduler_state,
            scheduler_reported=scheduler_reported or scheduler_state is not None,
            rule=rule,
            survived=survived,
            unfinished=scan.unfinished_traceback,
            not_a_pickle=any(marker == "not_a_pickle" and _no_opcode(text)
                             for marker, text in scan.evidence),
        ))


# Every byte that starts an operation in some pickle protocol (0-5).
_PICKLE_OPCODES = frozenset(ord(op.code) for op in pickletools.opcodes)


def _no_opcode(line):
    """Does the weights-only unpickler's "Unsupported operand N" name a byte that is
    no pickle opcode? (118, 'v': the "version" a Git LFS pointer starts with; 60, '<':
    an HTML page.) An opcode it does not support (a newer protocol's) is a refusal of
    an intact file, as the rest of its message says."""
    _head, sep, rest = line.partition("Unsupported operand ")
    end = 0
    while end < 3 and rest[end:end + 1].isdigit():
        end += 1
    return bool(sep and end) and int(rest[:end]) not in _PICKLE_OPCODES


def _refused_op(message):
    """Does the message start with c10d's refusal of an operation a backend lacks?
    ("ProcessGroupNCCL does not support send" in torch 1.x, "Backend gloo does not
    support allgather_coalesced" from Backend.hpp, "ProcessGroup nccl does not
    support ...")"""
    head, sep, _rest = message.partition(" does not support ")
    if not sep or len(head) > 40:
        return False
    words = head.split()
    return (len(words) == 1 and words[0].startswith("ProcessGroup")) or (
        len(words) == 2 and words[0] in ("Backend", "ProcessGroup") and words[1].isidentifier())


def _inner_exception(message):
    """The class of another exception whose terminal line is this message's start
    ("AttributeError: tensorflow.python.framework.errors_impl.ResourceExhaustedError:
    OOM when allocating ...", a framework re-raising with str(e) as the message; the
    same with a short name), or None."""
    name, sep, _rest = message.partition(": ")
    if not sep or len(name) > 120 or name == "Exception" or \
            not all(part.isidentifier() for part in name.split(".")):
        return None
    raw = name.encode()  # the scanner's own reading of a class name
    return name if _lex.exception_like(raw, len(raw)) else None


def classify(s: FailureSignals) -> Tuple[FailureClass, str]:
    """One FailureClass and the short reason for it (see the module table)."""
    root_markers = s.root_markers
    types = {t.rpartition(".")[2] for t in s.chain_types}  # short names
    has_root = s.root_exception is not None
    root_type = s.root_exception.rpartition(".")[2] if has_root else None
    if root_type in _STRUCTURE_TYPES:
        # its message names what the code called wrongly ("TCPStore(...)": incompatible
        # constructor arguments): a marker there is a name, not that part failing
        root_markers = _NONE
    # raised on a multiprocessing pipe or socket: its type and errno words ("Connection
    # refused", "No such file or directory") are that local peer's, not a network's or
    # the run's path (the peer's death is read below)
    local_peer = root_type in _PEER_GONE_TYPES and "peer_pipe" in (root_markers | s.markers)
    if local_peer:
        root_markers = root_markers - _NET - _ERRNO_WORDS
    evidence = root_markers | s.markers
    root_net = root_markers & _NET
    # a connection that could not authenticate (ssh's key, TLS refusing the server's
    # certificate) reached its server: the client's setup, not a store or network fault
    unauthenticated = "ssh_denied" in evidence
    code_root = has_root and root_type in _CODE_TYPES
    if code_root and not root_markers - {"timeout"} - _WHERE:
        # A plain code error at the root outweighs prose elsewhere that mentions
        # memory, disks or images, and a "timed out" in its own message; the
        # system's own reports (a kill, the GPU's faults, the scheduler) still count.
        # A network marker in its message ("Connection refused", "Could not connect
        # to server": an SDK that gave up and raised a ValueError) names the network.
        evidence = s.markers & _SYSTEM
        root_net = _NONE
    if s.correlated:
        return FailureClass.CORRELATED_INCIDENT, "many runs failed inside the incident window"
    if s.rule is not None:
        return FailureClass(s.rule.rule.failure_class), "site rule %s: %s" % (
            s.rule.rule.where, s.rule.rule.reason)
    if "control_plane" in evidence:
        # the contract has no control-plane class: a job's scheduler, like its store, is
        # the group's coordinator, and the labels read it as communication (site rules
        # may still name control_plane_failure, whose action is a pause)
        return FailureClass.COMMUNICATION_ERROR, "the scheduler's controller is unreachable"
    if s.scheduler_state in SCHEDULER_CLASSES:
        return SCHEDULER_CLASSES[s.scheduler_state]
    scheduler = s.markers | root_markers  # a cancel line can follow a message unbroken
    if "node_fail" in scheduler and not s.scheduler_reported:
        return FailureClass.NODE_LOSS, "the scheduler reports a node failure"
    if scheduler & {"preempt", "time_limit"} and not s.scheduler_reported:
        return FailureClass.PREEMPTION, "the scheduler cancelled or preempted the job"
    if "usage_error" in evidence and not has_root:
        # argparse's "prog: error: ..." ends the run before it starts; whatever its
        # help text says about memory, NCCL or disks is prose
        return FailureClass.APPLICATION_ERROR, "bad command-line arguments"
    if evidence & _ACCEL:
        return FailureClass.ACCELERATOR_FAILURE, "the GPU reported a hardware fault"
    if "circuit_breaker" in root_markers or "CircuitBreakerTripped" in types:
        return FailureClass.DATA_ERROR, "the batch circuit breaker tripped on bad samples"
    # a shell's bare "Killed" counts when no traceback speaks, or when the process did
    # end by SIGKILL (a Python exception never ends one that way): the OOM killer's
    # when the tail shows memory at stake (a model's load in flight, resident-memory
    # figures), else a SIGKILL that says only how the process died
    killed = "shell_killed" in (s.markers | root_markers) and (not has_root or s.signal == 9)
    if evidence & _OOM or types & _MEMORY_TYPES or (killed and "mem_context" in s.markers):
        return FailureClass.OUT_OF_MEMORY, "the process ran out of memory"
    if killed:
        return FailureClass.WORKER_CRASH, "a shell reports the process was killed (SIGKILL) " \
            "and nothing in the tail puts memory at stake"
    if s.hung:
        if evidence & {"watchdog", "nccl"}:
            return FailureClass.COMMUNICATION_ERROR, "a collective timed out and the group hung"
        return FailureClass.HANG, "no output and no heartbeat within the hang timeout"
    store = "object_store" in evidence or ("store_stack" in root_markers and not code_root)
    # A fetch of the run's inputs failing: the Hub (which serves model and dataset
    # files like an object store) or a loader's download unreachable or not
    # answering, a loader's words that its download failed, or urllib's URLError at
    # the root (urlopen: a download). The store the run reads from is failing,
    # whatever the network's part in it (the contract has no network class for it);
    # the root's own words when there is a root (a download retried and then done
    # does not explain a later error), else the tail's (markers of lines the run
    # outlived are already gone).
    placed = root_markers if has_root else evidence
    # (a reset connection alone is the fetch's own: "Couldn't reach https://huggingface.co/
    # ... ConnectionResetError(104, 'Connection reset by peer')"; a collective's or a
    # store's words still name the group)
    fetch = (placed & _FETCH and placed & _NET and not placed & _GROUP) or \
        root_type == "URLError" or "download" in placed
    # the store answered that what the run asked for does not exist: the run's path
    missing = "missing_object" in evidence
    if evidence & _DISK or (not missing and not unauthenticated and (
            store and (evidence & _NET or has_root) or fetch)):
        return FailureClass.STORAGE_TIMEOUT, "storage failed (full, quota, stale, I/O, an " \
            "object store or a failed fetch)"
    if s.not_a_pickle or not evidence & _REFUSED and (
            root_markers & _ARTIFACT or ("pickle_eof" in root_markers and "EOFError" in types)
            or (not has_root and s.markers & _ARTIFACT)):  # a refusal is no corruption
        return FailureClass.ARTIFACT_CORRUPTION, "a checkpoint or model file is corrupt"
    # a decode error by the locale's default codec is the code's (no encoding given),
    # and so is a loader's "failed to load" whose own message carries the code error
    # it caught ("Failed to load audio: module 'ffmpeg' has no attribute 'input'")
    if "locale_codec" not in root_markers and not (
            "bad_sample" in root_markers and "code_message" in root_markers) and (
            evidence & {"bad_image", "bad_sample"} or types & _DECODE_TYPES or (
                types & _DATA_WRAPPERS and not types & _CODE_TYPES)):
        return FailureClass.DATA_ERROR, "a data sample could not be decoded"
    if "no_backend" in evidence:
        return FailureClass.APPLICATION_ERROR, \
            "torch was built without the distributed backend asked for"
    if evidence & _KERNEL_FAULT:
        return FailureClass.APPLICATION_ERROR, \
            "a GPU kernel faulted (an illegal access or a device assert)"
    # NCCL refusing a call (ncclInvalidUsage, ncclInvalidArgument): a configuration it
    # will not run, but the contract counts every NCCL failure as communication
    if "nccl_usage" in evidence:
        return FailureClass.COMMUNICATION_ERROR, "NCCL refused the call (invalid usage " \
            "or argument: check the process group's configuration)"
    # a C++ terminate of a standard exception type whose what() says nothing of its
    # own (or was cut off) names no cause: the tail's communication words do
    mute_native = has_root and root_type in _STD_TYPES and root_markers <= _NATIVE_ROOT
    if root_markers & _COMM or ((not has_root or mute_native) and s.markers & _COMM):
        return FailureClass.COMMUNICATION_ERROR, "a collective or the rendezvous store failed"
    # (a server that answered, refusing the request or the credential, is no network fault)
    if not unauthenticated and not missing and (
            root_net or (types & _NET_TYPE_SET and not local_peer) or (
                not has_root and s.markers & _NET_UNPLACED)):
        # the contract has no network class: a remote dependency a run reaches (the
        # Hub, a URL, a model server) is what it fetches from, its store; the same
        # back-off as network_degradation, which site rules may still name
        return FailureClass.STORAGE_TIMEOUT, "a network dependency failed (DNS, a " \
            "refused or reset connection, an HTTP error)"
    # an EOFError raised reading a multiprocessing pipe, a BrokenPipeError (or a
    # reset) writing to one, or a refused or vanished socket connecting to one: the
    # process at its other end died (SubprocVecEnv's and habitat's VectorEnv workers,
    # a custom pool, a DataLoader worker sharing a tensor) without a word here
    # (its frames in the root traceback, or pasted without their header right before it:
    # local_peer above)
    if ("worker_exit" in root_markers or (not has_root and "worker_exit" in evidence)
            or local_peer) and not root_markers & _CODE:
        return FailureClass.WORKER_CRASH, "a worker process died without saying why"
    if root_markers & {"segfault", "abort"} and not root_markers & _CODE and not code_root \
            and "native_abort" not in root_markers:
        # "DataLoader worker (pid N) is killed by signal: Segmentation fault.": the
        # exception reports a worker's signal death, it is not a code error of its own.
        # (A C++ terminate is the other way round: the abort that follows an uncaught
        # exception is its consequence, and the exception, like Python's, the code's.)
        return FailureClass.WORKER_CRASH, "a worker died of a signal"
    if has_root and not types <= _STOPPED_TYPE_SET:
        return FailureClass.APPLICATION_ERROR, "the code raised %s" % s.root_exception
    if evidence & _CODE:
        return FailureClass.APPLICATION_ERROR, "a configuration error (bad arguments, a shape " \
            "mismatch, a device assert, a launch that cannot log in)"
    if (s.signal in _CRASH_SIGNALS) or evidence & _CRASH_MARKERS:
        return FailureClass.WORKER_CRASH, "a worker died of %s" % (
            "signal %d" % s.signal if s.signal else "a native crash")
    # a stop from outside: the launcher's SIGTERM, a soft signal, or Ctrl-C at the root
    # (a launcher that then tears the group down reports a death it did not suffer)
    stopped = "launcher_sigterm" in evidence or s.signal in _SOFT_SIGNALS or \
        root_type == "KeyboardInterrupt"
    if s.unfinished and not has_root and not stopped:
        # the tail ends inside a traceback, before its exception line: the program
        # raised, and nothing else in the tail says why (a signal, a marker spoke first)
        return FailureClass.APPLICATION_ERROR, "the code raised (the tail cuts its " \
            "traceback before the exception line)"
    status = s.reported_exit if s.reported_exit is not None else s.exit_code
    if status in _NOT_STARTED and not stopped:
        return FailureClass.APPLICATION_ERROR, "the command never ran: status %d is the " \
            "shell's for a command %s" % (status, _NOT_STARTED[status])
    # a launch refused (a shell, a container daemon, a scheduler's plugin) is why a
    # worker then exited with a status; a signal is a death of its own
    refused = "launch_refused" in evidence
    if s.reported_exit and not stopped and not (refused and s.reported_exit > 0):
        return FailureClass.WORKER_CRASH, "a launcher reports a worker exited with %s and " \
            "no error was printed" % ("signal %d" % -s.reported_exit if s.reported_exit < 0
                                      else "code %d" % s.reported_exit)
    if refused:
        return FailureClass.APPLICATION_ERROR, "the command never ran: the shell could not " \
            "start it, a container daemon or the scheduler refused it"
    if "error_report" in evidence and not stopped:
        # the program's own last words were an error report ("ERROR: ...", "fatal
        # error: ...") and nothing else in the tail says why: a tool refusing its input
        # or its configuration, the same on every attempt
        return FailureClass.APPLICATION_ERROR, "the program reported an error in its own " \
            "words and nothing else says why"
    if "step_cancelled" in scheduler and "task_failure" not in scheduler and \
            not s.scheduler_reported:
        # a cancel with no reason and nothing that failed before it: someone cancelled
        return FailureClass.PREEMPTION, "the job step was cancelled and nothing failed first"
    return FailureClass.UNKNOWN, "nothing in the output says why"
