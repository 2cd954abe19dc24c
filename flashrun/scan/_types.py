"""Values and tables shared by both scanner lexers (scan step of the data flow (docs/architecture.md)).

The scanner is two layers. A *lexer* walks the tail once, line by line, and
emits a short list of events for the few lines that matter (traceback headers,
terminal lines, marker hits, torchrun's ChildFailedError block). The lexer
exists twice, in C (``_scan.pyx``) and in Python (``_scan_py.py``), and both
must emit the same events for every input. The *fold* (``_scan_fold.py``) turns
events into a ``ScanResult``; it is shared, so equal events give equal results.

This module holds what both lexers must agree on: limits, event codes, the
marker needles, and the result types.
"""
import functools
from dataclasses import dataclass
from typing import Optional, Tuple

# A line longer than SEGMENT_CAP is examined through its first SEGMENT_CAP bytes
# and its last SEGMENT_CAP bytes, so a many-megabyte line costs no more than two
# short ones and a stream needs at most this much memory per pending line.
SEGMENT_CAP = 4096
# The longest dotted name read as an exception type ("pkg.mod.SomeError"); a
# first word longer than this makes a line ordinary output, whatever follows.
NAME_MAX = 200
# The longest "pod/NAME/CONTAINER" read as kubectl's "--prefix" ("[pod/x/c] ").
POD_MAX = 256
# A terminal line's message may continue on this many following lines.
MESSAGE_MAX_LINES = 16
# Per-rank traceback state slots; the least recently seen rank is recycled.
RANK_SLOTS = 16
# Evidence followed by this many lines of ordinary output was survived.
STALE_ACTIVITY = 8

# Event kinds emitted by the lexers: (kind, lineno, activity, rank, a, b, c).
EV_TB = 1        # a: header kind (TB_*), b: 1 when it continues a chain
EV_CHAIN = 2     # a chain separator line ("The above exception ...")
EV_TERM = 3      # a: context (CTX_*), b: marker mask, c: the line
EV_MARK = 4      # a: context, b: marker mask, c: the line
EV_CFE = 5       # a: field (CFE_*), b: section, c: the value
EV_SECTION = 6   # a: section (SEC_*)
EV_EXIT = 7      # a: source (index in EXIT_NEEDLES), c: up to EXIT_TEXT bytes after it
EV_NATIVE = 8    # c: C++ type thrown ("c10::DistBackendError")
EV_SITE = 9      # a: index of the site literal (Scanner(site=...)), c: the line
EV_IGNORED = 10  # the rank's next traceback did not end the program (IGNORED_NEEDLES)
EV_RESTART = 11  # the launcher restarted the group: earlier evidence is an earlier attempt's

TB_PLAIN, TB_GROUP, TB_RICH, TB_ORIGINAL = 0, 1, 2, 3
CTX_OUT, CTX_FRAMES, CTX_MSG = 0, 1, 2
CFE_RANK, CFE_EXITCODE, CFE_ERROR_FILE, CFE_TRACEBACK = 0, 1, 2, 3
SEC_NONE, SEC_ROOT, SEC_OTHER = 0, 1, 2

# Marker names, by bit position in an event's mask.
MARKERS = (
    "nccl", "watchdog", "gloo", "peer_closed", "rendezvous", "dist_backend",
    "cuda_oom", "host_oom", "ecc", "xid", "gpu_lost", "illegal_access",
    "device_assert", "enospc", "mem_context", "estale", "eio", "object_store",
    "timeout", "network", "corrupt_zip", "corrupt_safetensors", "corrupt_pickle",
    "pickle_eof", "bad_image", "circuit_breaker", "segfault",
    "abort", "native_abort", "preempt", "time_limit", "node_fail",
    "launcher_sigterm", "usage_error", "state_dict", "control_plane",
    "write_failed", "worker_exit", "bad_sample", "step_cancelled", "task_failure",
    "store_stack", "nccl_usage", "unsupported_device", "shell_killed",  # docs/needles.md
    "weights_only", "no_answer", "hub", "short_download", "spawn_pipe", "peer_pipe",
    "not_a_pickle", "locale_codec", "ssh_denied", "launch_refused", "check_failed",
    "download", "wrong_archive", "no_backend", "code_message", "missing_library",
    "missing_object", "error_report", "corrupt_model",
)
assert len(MARKERS) <= 64, "marker masks are 64-bit in the C lexer"
# Markers the lexers set from a line's shape, not from a needle (error_report).
SHAPE_MARKERS = frozenset({"error_report"})
MARKER_BIT = {name: 1 << i for i, name in enumerate(MARKERS)}
# Markers read on a traceback's frame lines (where the failing call went, not why).
FRAME_MARKS = MARKER_BIT["object_store"] | MARKER_BIT["spawn_pipe"] | MARKER_BIT["peer_pipe"]

# Needles that only steer the lexer (no marker bit of their own).
N_TRACEBACK = b"Traceback (most recent call last)"
N_TERMINATE = b"terminate called after throwing an instance of '"
N_FRAME = b'  File "'  # a traceback frame: what precedes it on its line is a prefix
N_FRAME_LINE = b'", line '
# How a launcher, a shell or a tool reports that a worker died (a code or a
# signal, never why). The lexer emits the text after the needle; the fold reads
# it (``_fold.exit_status``). Sources and wording: docs/needles.md.
# strsignal's words for the crash signals, as srun's task reports end (": Aborted"),
# and the signal each names
STRSIGNAL = {b": Killed": 9, b": Aborted": 6, b": Segmentation fault": 11,
             b": Bus error": 7, b": Illegal instruction": 4,
             b": Floating point exception": 8}
EXIT_REPORTS = (
    (b"failed (exitcode: ", "code"),                    # torchrun agent (elastic api.py)
    (b"exits with return code = ", "code"),             # DeepSpeed launcher (sigkill_handler)
    (b"died with <Signals.", "signal"),                 # subprocess.CalledProcessError
    (b"returned non-zero exit status ", "code"),        # subprocess.CalledProcessError
    (b"terminated with signal ", "signal"),             # torch.multiprocessing.spawn
    (b"terminated with exit code ", "code"),            # torch.multiprocessing.spawn
    (b": Exited with exit code ", "code"),              # srun: error: node: task N: Exited ...
    (b"Command exited with non-zero status ", "code"),  # GNU time
    (b"Command terminated by signal ", "signal"),       # GNU time
    (b"Process finished with exit code ", "ide"),       # PyCharm/IntelliJ: code (signal N: NAME)
    # srun: error: node: task(s) N: <strsignal of the task's signal>[ (core dumped)];
    # the crash signals' names (kind "name": the needle names the signal, STRSIGNAL)
    *((name, "name") for name in STRSIGNAL),
    (b"exited on signal ", "signal"),                   # Open MPI: mpirun noticed ... rank N ...
    (b" exited with non-zero status ", "code"),         # a wrapper's own "Step 1 exited with ..."
    # SageMaker's training toolkit (sagemaker-containers, sagemaker-training): the user
    # script exited non-zero; its code follows on a later line ("ExitCode 1"), or not
    # at all in the older toolkit: read as a failed exit, status 1
    (b"ExecuteUserScriptError", "failed"),
    # Open MPI's mpirun (and PRRTE's prterun; horovodrun's gloo_run.py copies the
    # words): "mpirun detected that one or more processes exited with non-zero status,
    # thus causing the job to be terminated. The first process to do so was:" (its
    # code on a later field line), and the banner before it, "Primary job  terminated
    # normally, but 1 process returned a non-zero exit code." (errmgr's template)
    (b" detected that one or more processes exited", "failed"),
    (b"Primary job  terminated normally, but ", "failed"),
    # MosaicML composer's launcher (cli/launcher.py): "Rank N crashed with exit code C."
    # and "Global rank N (PID P) exited with code C"; the same words are docker
    # compose's ("trainer-1 exited with code 137") and most process managers'
    (b" crashed with exit code ", "code"),
    (b" exited with code ", "code"),
    # SkyPilot's job driver: "Job 439 failed with return code list: [1]"
    (b" failed with return code list: [", "list"),
    # a tool's or a wrapper's own words for a child's non-zero exit ("Training failed
    # with exit code -9", "Command failed with exit code 1", execa's and most runners')
    (b" failed with exit code ", "code"),
    # the same without "exit" (OpenCompass's runners: "<task> failed with code 127",
    # and many job runners' "Process failed with code 1")
    (b" failed with code ", "code"),
    # process managers' and servers' words for a child's signal death ("Process
    # exited with signal 9", "worker killed with signal 11", text-generation-
    # inference's "Shard process was signaled to shutdown with signal 4")
    (b" exited with signal ", "signal"),
    (b" killed with signal ", "signal"),
    (b" died with signal ", "signal"),
    (b" shutdown with signal ", "signal"),
    # DeepSpeed's launcher (and torch.distributed.launch) killing the rest of the group:
    # its sigkill_handler runs when a worker exits non-zero ("Killing subprocess N",
    # one line per local rank, then "exits with return code = C" when the tail reaches
    # it): a worker's death, its code unknown until that line. (The handler also
    # runs on the launcher's own SIGINT/SIGTERM; a stop from outside says so itself:
    # a KeyboardInterrupt, a scheduler's cancel.)
    (b"Killing subprocess ", "failed"),
    # torchrun's agent closing the workers that survived one that failed ("Sending
    # process 2950432 closing signal SIGTERM", elastic multiprocessing api.py): the
    # same report in torchrun's words. (When the agent itself was told to stop, its
    # "Received Signals.SIGTERM death signal, shutting down workers" says so.)
    (b" closing signal SIG", "failed"),
    # GitHub Actions' runner closing a step whose process failed ("Error: Process
    # completed with exit code 143.")
    (b"Process completed with exit code ", "code"),
    # Kaldi's job runners (and ESPnet's, k2's and every recipe built on them): run.pl's
    # "run.pl: job failed, log is in exp/x/train.log" and queue.pl's / slurm.pl's
    # "queue.pl: job failed with status 1, log is in ..."
    (b"job failed, log is in ", "failed"),
    (b".pl: job failed with status ", "code"),
    # NVIDIA FLARE's ProcessExecutor: "process finished with execution code: -9" (the
    # client's training subprocess; a negative code is the signal, as subprocess says)
    (b"finished with execution code: ", "code"),
    # the classic notebook server's note that its restarter brought a dead kernel back
    # ("WARNING:root:kernel <id> restarted", its websocket handler's on_kernel_restarted;
    # a restart the user asks for does not print it): the kernel, the run, died unseen
    (b"WARNING:root:kernel ", "failed"),
    # wandb closing a run whose process exited non-zero ("wandb: Waiting for W&B process
    # to finish... (failed 1). Press Control-C to abort syncing.")
    (b"W&B process to finish... (failed ", "code"),
)
EXIT_NEEDLES = tuple(needle for needle, _ in EXIT_REPORTS)
EXIT_KINDS = tuple(kind for _, kind in EXIT_REPORTS)
EXIT_TEXT = 40
# How a launcher says it is tearing the group down: like a death report, never a
# sign that the program went on (whatever logger prefix it has; DeepSpeed's
# "Killing subprocess N", one line per local rank, is a death report above).
TEARDOWN_NEEDLES = (
    # uvicorn (vLLM's, sglang's and most inference servers' front end) shutting down
    b"Waiting for application shutdown", b"Application shutdown complete",
    b"Finished server process",
)
# Python's own notes that the traceback after them did not end the program: an
# exception raised in __del__ or a weakref callback (sys.unraisablehook), and one
# raised by an atexit handler while the interpreter was already exiting.
IGNORED_NEEDLES = (b"Exception ignored in", b"Error in atexit._run_exitfuncs")
# torchrun's agent starting the group again after a failure (elastic agent api.py:
# "Worker group FAILED. 2/3 attempts left; will restart worker group"): what came
# before belongs to an earlier attempt.
RESTART_NEEDLES = (b"will restart worker group",)
# The fields of torchrun's failure block as its template prints them (elastic
# errors/__init__.py, torch >= 1.10: two spaces, the key padded to ten, a colon).
# An indented field line is read wherever the key starts; these find a field
# behind a prefix that no stripper knows (a platform's "2024-11-20 14:38:16 ",
# a compose service's "trainer-1  | "), when the block's header was cut off.
CFE_TEMPLATE = ((b"  rank      : ", CFE_RANK), (b"  exitcode  : ", CFE_EXITCODE),
                (b"  error_file: ", CFE_ERROR_FILE), (b"  traceback : ", CFE_TRACEBACK))
CFE_NEEDLES = tuple(needle for needle, _ in CFE_TEMPLATE)
# The same block pasted with its indentation lost ("rank : 0 (local_rank: 0)",
# "exitcode : 1 (pid: 16677)", "traceback : Signal 9 (SIGKILL) received by PID 7"): a
# key at a line's start is a field only when its
# value has the template's own shape. No needle: the C lexer's short path sends
# a line that starts with a key to the full path (a needle "exitcode" would mark
# the common grams "exit" and "code" in the line prefilter).
CFE_BARE = ((b"rank", b" (local_rank: ", CFE_RANK), (b"exitcode", b" (pid: ", CFE_EXITCODE),
            (b"traceback", b") received by PID ", CFE_TRACEBACK))  # "Signal 9 (SIGKILL) ..."
STRUCTURAL = (N_TRACEBACK, N_TERMINATE, N_FRAME) + EXIT_NEEDLES + TEARDOWN_NEEDLES + \
    IGNORED_NEEDLES + RESTART_NEEDLES + CFE_NEEDLES

_MARKER_NEEDLES = {
    # (torch/csrc/cuda/nccl.cpp, behind DataParallel and torch.cuda.nccl: "NCCL Error %d: %s")
    "nccl": (b"NCCL error", b"NCCL Error ", b"ncclSystemError", b"ncclInternalError",
             b"ncclUnhandledCudaError", b"ncclRemoteError",
             b"NCCL WARN", b"ProcessGroupNCCL", b"NCCL communicator",
             # nccl-tests' NCCLCHECK ("host: Test NCCL failure common.cu:345 'unhandled
             # system error'")
             b"Test NCCL failure",
             # ncclGetErrorString's words, behind any framework's own wrapper that drops
             # the "NCCL" (HugeCTR's "Runtime error: unhandled system error", Paddle's)
             b"unhandled system error", b"unhandled cuda error",
             b"remote process exited or there was a network error",
             b"please report this issue to the NCCL developers",
             # NCCL's IB transport on a failed work completion ("NET/IB : Got completion
             # from peer 10.0.0.2<36315> with error 12, opcode 0, len 0, vendor err
             # 129", later "... with status=12 opcode=..."): the fabric dropped the
             # connection (12: the retry counter ran out)
             b"Got completion from peer",
             # NCCL's bootstrap socket (misc/socket.cc) when its "NCCL WARN" prefix is
             # lost or another library wraps it: "socketStartConnect: Connect to
             # 10.0.0.2<47527> failed : Software caused connection abort"
             b"socketStartConnect: Connect to",
             # the same file's retry note ("NCCL INFO Call to connect returned Connection
             # refused, retrying"): a bootstrap peer that never answers
             b"Call to connect returned",
             # NCCL's return-code trace from its communicator-init thread (group.cc:
             # INFO "<file>:<line> -> <code> [Async thread]"): only a failure climbs it
             # (read as a report, not a note, by _fold_text.quiet)
             # (codes 1, 2, 3, 6: CUDA, system, internal, remote; 4 and 5 below)
             b" -> 1 [Async thread]", b" -> 2 [Async thread]", b" -> 3 [Async thread]",
             b" -> 6 [Async thread]",
             # Intel's oneCCL (torch-ccl, the "ccl" and "xccl" backends): its log
             # records' error level and its exceptions' prefix
             b"|CCL_ERROR|", b"oneCCL: "),
    # NCCL's result codes for a caller's mistake (init.cc, NCCLUtils): a restart repeats it
    "nccl_usage": (b"ncclInvalidUsage", b"ncclInvalidArgument", b"invalid usage (run with",
                   b"Duplicate GPU detected",
                   # the same codes (4, 5) on NCCL's init-thread return-code trace
                   b" -> 4 [Async thread]", b" -> 5 [Async thread]"),
    # (and Horovod's stall check, a collective some ranks never joined: "One or more
    # tensors were submitted to be reduced, gathered or broadcasted by subset of ranks
    # and are waiting for remainder of ranks for more than 60 seconds.")
    "watchdog": (b"watchdog thread terminated", b"collective operation timeout",
                 b"waiting for remainder of ranks",
                 b"NCCL operations have failed or timed out", b"watchdog got stuck",
                 b"Heartbeat monitor timed out",
                 # torch.distributed.rpc's timeout (TensorPipe agent, behind Pipe and
                 # the pipeline plugins: "RPCErr:1:RPC ran for more than 60000
                 # milliseconds and timed out."): a peer that never answered the call
                 b"RPC ran for more than",
                 # DeepEP, the expert-parallel all-to-all under MoE training and serving,
                 # giving up on its peers: the host's wait for the dispatch counts
                 # (deep_ep.cpp: "DeepEP error: timeout (dispatch CPU)") and its kernels'
                 # device-side waits ("DeepEP timeout for dispatch receivers, rank 3, ...")
                 b"DeepEP error: timeout", b"DeepEP timeout for "),
    # (and GlooDeviceFactory.cpp failing to make its transport device for the host)
    # (TensorPipe, torch.distributed.rpc's transport: its errors name their source
    # file, "In operator() at tensorpipe/common/ibv.h:172 ...")
    "gloo": (b"gloo/transport", b"ProcessGroupGloo", b"connectFullMesh", b"GlooDeviceFactory",
             b"tensorpipe/",
             b"unsupported gloo device",
             # UCX, the transport under Open MPI's pml_ucx, UCC and NCCL's UCX plugin:
             # its log records' error level ("[ts] [host:pid:tid] sock.c:323 UCX
             # ERROR connect(...) failed", two spaces in newer releases) and Open MPI's
             # UCX layer ("pml_ucx.c:419 Error: ucp_ep_create(proc=9) failed")
             b"UCX ERROR", b"UCX  ERROR", b"pml_ucx.c:",
             # Open MPI's runtime (ORTE, PRRTE) under Horovod and mpirun: "A process or
             # daemon was unable to complete a TCP connection to another process:"
             b"unable to complete a TCP connection"),
    # (and Horovod's collectives after a peer failed: "Horovod has been shut down. This
    # was caused by an exception on one of the ranks ...", common/operations.cc)
    "peer_closed": (b"Connection closed by peer", b"Connection reset by peer",
                    b"Horovod has been shut down"),
    "rendezvous": (b"RendezvousConnectionError", b"RendezvousTimeoutError",
                   # python-etcd's exceptions (etcd.EtcdKeyNotFound, etcd.EtcdException,
                   # etcd.EtcdConnectionFailed) under torch elastic's etcd rendezvous
                   b"etcd.Etcd",
                   b"RendezvousClosedError", b"RendezvousError",
                   b"The client socket has timed out", b"DistStoreError", b"TCPStore",
                   # (not c10d's socket.cpp warning "The client socket has failed to
                   # connect to [host]:port": on Windows it is printed for every address
                   # the client tries before one works, error 10049, heldout209)
                   # but its error once every address failed ("The client socket has
                   # failed to connect to any network address of (node3, 29500)")
                   b"failed to connect to any network address of",
                   # Horovod's launcher giving up on its remote tasks ("Timed out waiting
                   # for tasks to start. Please check connectivity between servers.")
                   b"Please check connectivity between servers",
                   b"store_based_barrier", b"store based barrier", b"ncclCommInitRank",
                   # c10d's socket, before DistNetworkError named it (torch < 2.1)
                   b"The server socket has failed", b"Address already in use",
                   b"connect() timed out",
                   b"Socket Timeout",  # c10d's socket receive timing out (TCPStore)
                   b"Stop_waiting response is expected",  # TCPStore's server gone (1.x)
                   # c10d's FileStore waiting for its peers' keys (FileStore.cpp: wait()
                   # and get() past the store's timeout)
                   b"Wait timeout", b"Timeout waiting for key",
                   # the coordination service JAX's and TensorFlow's multi-host runs meet
                   # at (tsl's coordination_service: "DEADLINE_EXCEEDED: Barrier timed
                   # out. Barrier_id: ...", and at start-up "Stopping coordination service
                   # as cluster registration failed"): peers that never arrived
                   b"Barrier timed out", b"cluster registration failed",
                   # c10d's socket failing to resolve the store's host (torch 1.x: a
                   # std::invalid_argument, so Python shows a ValueError)
                   b"host not found: ",
                   # and c10d's socket.cpp when it cannot look the store's host up (2.x:
                   # "[c10d] The IPv6 network addresses of (host, 29500) cannot be
                   # retrieved (gai error: -2 - Name or service not known)", "[c10d] The
                   # hostname of the client socket cannot be retrieved. err=-3"): a
                   # MASTER_ADDR or a host name the group cannot resolve
                   b"cannot be retrieved (gai error", b"of the client socket cannot be retrieved",
                   # accelerate's check that its main port is free ("Tried to launch
                   # distributed communication on port `29500`, but another process is
                   # utilizing it.")
                   b"Tried to launch distributed communication on port",
                   # a simulator client giving up on its server (CARLA: "RuntimeError:
                   # time-out of 10000ms while waiting for the simulator, make sure the
                   # simulator is ready and connected to localhost:2000")
                   b"while waiting for the simulator",
                   # the ssh that multi-node launchers (DeepSpeed's runner, pdsh, mpirun's
                   # plm) use to reach their peers, failing to find or reach one ("ssh:
                   # Could not resolve hostname node-0: Name or service not known", "ssh:
                   # connect to host 10.0.0.2 port 22: No route to host")
                   b"ssh: Could not resolve hostname ", b"ssh: connect to host ",
                   # any framework's listening socket that cannot bind its address: the
                   # errno's own words and numbers (EADDRINUSE 98, EADDRNOTAVAIL 99, and
                   # Winsock's 10048/10049) and the usual wording around a bind() call
                   b"Cannot assign requested address", b"[Errno 98]", b"[Errno 99]",
                   b"WinError 10048", b"WinError 10049", b"failed to bind",
                   b"Failed to bind", b"Failed bind", b"Cannot bind to",
                   # gRPC's status for a peer it cannot reach (a federated server, an
                   # XLA mesh master, Ray's GCS: the job's own coordinator), in Python's
                   # repr and in gRPC core's words
                   b"StatusCode.UNAVAILABLE", b"failed to connect to all addresses",
                   # and a channel closed under a call (gRPC core's "Socket closed", as
                   # TensorFlow's Status prints it: "(0) Unavailable: Socket closed", a
                   # TPU or parameter-server worker gone)
                   b"Unavailable: Socket closed", b"UNAVAILABLE: Socket closed",
                   # torch_xla's XRT mesh service (mesh_service.cc): a TPU worker that
                   # cannot reach the job's mesh master ("Failed to connect to client
                   # mesh master: host:port")
                   b"Failed to connect to client mesh master"),
    "dist_backend": (b"DistBackendError", b"DistNetworkError"),
    "cuda_oom": (b"CUDA out of memory", b"OutOfMemoryError", b"CUBLAS_STATUS_ALLOC_FAILED",
                 # a tool's own words ("ERROR: Out of GPU memory")
                 b"Out of GPU memory", b"out of GPU memory",
                 b"HIP out of memory", b"MPS backend out of memory", b"XPU out of memory",
                 # Paddle's allocator ("Out of memory error on GPU 0. Cannot allocate
                 # 1.2GB memory on GPU 0, ... available memory is only 647.8MB."), on
                 # its GPU, XPU and custom devices alike
                 b"Out of memory error on ",
                 b"cudaErrorMemoryAllocation", b"CUDNN_STATUS_ALLOC_FAILED",
                 # cudaGetErrorString(cudaErrorMemoryAllocation) behind any check
                 # macro's "<call or where>: ": c10's "CUDA error: out of memory",
                 # THC's "cuda runtime error (2) : out of memory", the driver API's,
                 # TensorRT-LLM's "CUDA runtime error in ::cudaMallocAsync(..): out
                 # of memory", HIP's, Caffe2's and most C++ runtimes'
                 b": out of memory",
                 # the same string in parentheses: TensorRT's "Error Code 1: Cuda Runtime
                 # (out of memory)", TensorRT 7's "Cuda Error in allocate: 2 (out of
                 # memory)"
                 b"(out of memory)",
                 # glog's CHECK_EQ on a CUDA call (Caffe's CUDA_CHECK, behind OpenPose and
                 # the Caffe forks): "Check failed: error == cudaSuccess (2 vs. 0)  out of
                 # memory", 2 being cudaErrorMemoryAllocation
                 b"== cudaSuccess (2 vs. 0)",
                 # the same string after a call's name and "error" (faiss's StandardGpu-
                 # Resources: "cudaMalloc error out of memory [2]")
                 b"error out of memory",
                 # the error enums' names: HIP's hipErrorOutOfMemory, Metal's command
                 # buffer status (MLX: "[METAL] Command buffer execution failed:
                 # Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)")
                 b"ErrorOutOfMemory",
                 # bitsandbytes' CUDA_CHECK_RETURN ("Error out of memory at line 380 in
                 # file .../csrc/pythonInterface.c")
                 b"Error out of memory",
                 # NCCL's CUDACHECK ("Cuda failure 2 'out of memory'", and older NCCL's
                 # "Cuda failure 'out of memory'")
                 b"'out of memory'",
                 # c10's caching allocator past the process's allowed fraction
                 # (set_per_process_memory_fraction): "Allocation on device 0 would
                 # exceed allowed memory. (out of memory)"
                 b"would exceed allowed memory",
                 # cuRAND's status enum for a generator that cannot allocate its state
                 # (cupy, spaCy's thinc on a small GPU)
                 b"CURAND_STATUS_ALLOCATION_FAILED",
                 # nvdiffrast's NVDR_CHECK_CUDA_ERROR ("Cuda error: %d[%s;]") with
                 # cudaErrorMemoryAllocation's number
                 b"Cuda error: 2[",
                 b"CUDA_ERROR_OUT_OF_MEMORY",
                 # Caffe2's CUDA_ENFORCE with CUDA error 2 (cudaErrorMemoryAllocation)
                 b"error == cudaSuccess. 2 vs 0",
                 # Intel's Level Zero and Unified Runtime result codes (XPU, SYCL):
                 # ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
                 # and SYCL's "Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES)" (and
                 # UR_RESULT_ERROR_OUT_OF_RESOURCES), what a large allocation on an Intel
                 # GPU fails with (pytorch/pytorch#177714: Level Zero's errors instead
                 # of torch's OutOfMemoryError). Not ROCm's HSA_STATUS_ERROR_OUT_OF_
                 # RESOURCES: hsa_init and rocminfo fail with it when the runtime cannot
                 # set up its queues or threads, no allocation of the run's
                 b"_ERROR_OUT_OF_DEVICE_MEMORY", b"PI_ERROR_OUT_OF_RESOURCES",
                 b"UR_RESULT_ERROR_OUT_OF_RESOURCES",
                 # c10's caching allocator failing to write its OOM report: after a
                 # failed cudaMalloc it asks NVML which processes hold the GPU's memory
                 # (CUDACachingAllocator.cpp, reportProcessMemoryInfo, called only on
                 # that path), and an NVML that cannot answer (a MIG slice, a
                 # container without it) turns the report into "NVML_SUCCESS == r
                 # INTERNAL ASSERT FAILED" or "NVML_SUCCESS == DriverAPI::get()->
                 # nvmlDeviceGetHandleByPciBusId_v2_( pci_id, &nvml_device) INTERNAL
                 # ASSERT FAILED": the allocation had already failed
                 b"NVML_SUCCESS == r INTERNAL ASSERT", b"NVML_SUCCESS == DriverAPI::get()->nvml",
                 # vLLM refusing to start on a GPU whose memory other processes hold
                 # ("Free memory on device cuda:0 (1.54/22.05 GiB) on startup is less
                 # than desired GPU memory utilization (0.9, 19.84 GiB)")
                 b"on startup is less than desired GPU memory utilization",
                 # XLA's PJRT allocator on a TPU or GPU ("RESOURCE_EXHAUSTED: Error
                 # allocating device buffer: Attempting to allocate 15.65G. That was not
                 # possible. There are 11.08G free.")
                 b"Error allocating device buffer",
                 # Habana SynapseAI (Gaudi) failing to allocate device workspace:
                 # "FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of size ::N failed!"
                 b"workspace Allocation of size",
                 # the allocator's message body, when a paste lost its first words
                 # ("Tried to allocate ... reserved in total by PyTorch)", torch 1.x-2.0;
                 # "... is reserved by PyTorch but unallocated", 2.1+)
                 b"reserved in total by PyTorch", b"reserved by PyTorch but unallocated",
                 # a cudaMalloc that failed, in the words of many C++ and Rust GPU
                 # runtimes (NVIDIA DALI's CUDABadAlloc among them), and DALI's memory
                 # resources' "Can't allocate N bytes on device D."
                 b"CUDA allocation failed", b"Can't allocate ",
                 # TensorFlow's allocators (ResourceExhaustedError): "OOM when allocating
                 # tensor with shape[...]"
                 b"OOM when allocating",
                 # XLA's allocator (JAX, torch_xla): "RESOURCE_EXHAUSTED: Out of memory
                 # while trying to allocate N bytes"; GPU allocators' "fail(ed) to
                 # allocate memory" (PhysX's PxgCudaDeviceMemoryAllocator among them)
                 b"Out of memory while trying to allocate", b"fail to allocate memory",
                 b"failed to allocate memory",
                 # TensorFlow's hint, printed with every allocator OOM ("Hint: If you want
                 # to see a list of allocated tensors when OOM happens, add
                 # report_tensor_allocations_upon_oom to RunOptions ...")
                 b"report_tensor_allocations_upon_oom",
                 # XLA's status for any allocation ("RESOURCE_EXHAUSTED: Out of memory
                 # allocating N bytes."); ONNX Runtime's BFC arena ("Failed to allocate
                 # memory for requested buffer of size N") and others' capitalised words
                 b"RESOURCE_EXHAUSTED: Out of memory", b"Failed to allocate memory",
                 # XLA's device allocator as an INTERNAL status ("INTERNAL: Failed to
                 # allocate 7077888 bytes for new constant": JAX, TPU and GPU runtimes)
                 b"INTERNAL: Failed to allocate",
                 # and its BFC allocator's status on a GPU ("RESOURCE_EXHAUSTED: Failed to
                 # allocate request for 6.27GiB (6727663616B) on device ordinal 0")
                 b"Failed to allocate request for",
                 # cudnn.torch (Lua) finding no convolution algorithm whose workspace fits
                 # ("No algorithms found that would fit in free GPU memory")
                 b"that would fit in free GPU memory",
                 # XLA's compiler when a program's buffers do not fit the device's memory
                 # ("XLA:TPU compile permanent error. Ran out of memory in memory space
                 # hbm. Used 20.5G of 15.48G hbm.")
                 b"Ran out of memory in memory space"),
    # (systemd's "killed by the OOM killer"; Ray's worker-died text lists "killed by
    # SIGKILL by OOM killer" among possible causes, which is no evidence)
    "host_oom": (b"is killed by signal: Killed", b"Out of memory: Killed process",
                 # Vertex AI's and AI Platform's replica report ("The replica workerpool0-0
                 # ran out-of-memory and exited with a non-zero status of 9(SIGKILL)")
                 b"ran out-of-memory and exited",
                 b"oom-kill", b"by the OOM killer", b"oom_reaper", b"Cannot allocate memory",
                 b"can't allocate memory", b"std::bad_alloc", b"Killed process ",
                 # c10's DefaultCPUAllocator ("not enough memory: you tried to allocate"),
                 # TH's (torch < 1.2), Lua's LUA_ERRMEM (LuaJIT: "not enough memory"),
                 # Windows' ERROR_NOT_ENOUGH_MEMORY ("Not enough memory resources")
                 b"not enough memory", b"Not enough memory",
                 # the same refusal in a library's own words, host or device:
                 # tiny-cuda-nn's GPUMemory ("Could not allocate memory: <file>:<line>
                 # cudaMalloc(..) failed with error out of memory"), MuJoCo's
                 # mju_malloc ("mujoco.FatalError: Could not allocate memory")
                 b"Could not allocate memory",
                 # c10's CPU allocator before it said so in words (CPUAllocator.cpp:
                 # "posix_memalign(&data, gAlignment, nbytes) == 0. 12 vs 0", 12 being
                 # ENOMEM); Ray's memory monitor's closing advice, which names its
                 # documentation page ("...ray-oom-prevention.html")
                 b"nbytes) == 0. 12 vs 0", b"ray-oom-prevention",
                 # an allocator's plain words (DyNet's "CPU memory allocation failed",
                 # "GPU memory allocation failed"); runc's for a container killed while
                 # starting ("container init was OOM-killed (memory limit too low?)");
                 # Kaggle's notebook notice ("Your notebook tried to allocate more memory
                 # than is available. It has restarted.")
                 b"memory allocation failed", b"OOM-killed",
                 b"tried to allocate more memory than is available",
                 # Google Colab's notice when its VM ran out of RAM ("Your session
                 # crashed after using all available RAM.")
                 b"crashed after using all available RAM",
                 b"_ArrayMemoryError", b"for an array with shape", b"state: OUT_OF_MEMORY",
                 b"Out Of Memory", b"OOMKilled",
                 # Ray's memory monitor (raylet, ActorDiedError's exit detail)
                 b"running low on memory", b"memory pressure (OOM)",
                 # Windows' commit limit; ATen's MapAllocator failing to write, resize or
                 # map one of torch's own shared-memory segments ("unable to write to
                 # file </torch_...>: No space left on device": /dev/shm is memory, not a
                 # disk). Not the DataLoader's bus-error hints ("This might be caused by
                 # insufficient shared memory", "It is possible that dataloader's workers
                 # are out of shared memory"): a guess among causes, no evidence
                 b"paging file is too small", b"[WinError 1455]", b"file </torch_",
                 # (the same Windows code as Rust's std prints an io::Error, under
                 # safetensors and tokenizers: "... (os error 1455)")
                 b"os error 1455",
                 # (and Windows' own text for it in Chinese, with no number: "页面文件太小，
                 # 无法完成操作。", where a Chinese system localizes the message)
                 "页面文件太小".encode(),
                 # Slurm's cgroup and accounting reports (slurmstepd): "Detected 1
                 # oom_kill event in StepId=..." (21.08+), "StepId=7.0 exceeded memory
                 # limit (X > Y), being killed", "Exceeded job memory limit"
                 b"oom_kill event", b"exceeded memory limit", b"Exceeded job memory limit",
                 b"Exceeded step memory limit",
                 # PBS's and LSF's kill notices at the memory limit; the kubelet evicting
                 # pods from a node short of memory
                 b"PBS: job killed: mem", b"PBS: job killed: vmem", b"TERM_MEMLIMIT",
                 b"low on resource: memory"),
    # A shell's notice that its job got SIGKILL (bash "Killed" alone or padded in a job
    # line, macOS bash "Killed: 9", zsh "zsh: killed"): most often the OOM killer, so
    # memory when nothing else speaks, never against a traceback that does
    # (zsh's job table pads its lowercase "killed" the same way: "[1]  + 4123 killed  cmd")
    "shell_killed": (b" Killed  ", b"zsh: killed", b"Killed: 9", b" killed  "),
    "ecc": (b"ECC error", b"uncorrectable ECC", b"ECC_UNCORRECTABLE", b"ecc error",
            b"cudaErrorECCUncorrectable",
            b"uncorrectable hardware error"),  # amdgpu: "N uncorrectable hardware errors"
    "xid": (b"NVRM: Xid", b"Xid (PCI"),
    "gpu_lost": (b"fallen off the bus", b"unspecified launch failure", b"GPU is lost",
                 # NVML unable to reach the driver at all ("Failed to initialize NVML:
                 # Unknown Error", a container that lost its device nodes;
                 # "... Driver/library version mismatch" below)
                 b"Failed to initialize NVML",
                 # the amdgpu kernel driver finding a GPU ring hung and resetting the GPU
                 # ("[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout",
                 # "amdgpu: GPU reset begin!")
                 b"amdgpu_job_timedout", b"amdgpu: GPU reset begin",
                 # the kernel driver failing to bring a GPU up ("NVRM: RmInitAdapter
                 # failed! (0x26:0xffff:1127)"): the machine's
                 b"RmInitAdapter failed",
                 # the kernel's PCIe error reporting on a fatal link error ("AER:
                 # Multiple Uncorrected (Fatal) error received", "PCIe Bus Error:
                 # severity=Uncorrected (Fatal)", then "AER: device recovery failed"):
                 # the GPU's link to the host is gone
                 b"Uncorrected (Fatal)", b"AER: device recovery failed",
                 b"cudaErrorLaunchFailure", b"CUDA_ERROR_LAUNCH_FAILED", b"hipErrorLaunchFailure",
                 b"Unable to determine the device handle",
                 # CUDA's own words for an NVLink fault and for a node whose GPU fabric
                 # (NVSwitch's fabric manager) did not come up: the machine, not the code
                 b"uncorrectable NVLink error", b"cudaErrorNvlinkUncorrectable",
                 b"system not yet initialized", b"cudaErrorSystemNotReady",
                 # cudaErrorDevicesUnavailable: the GPUs are held by another process
                 # (exclusive mode) or the driver cannot bring them up: the machine's
                 b"devices are busy or unavailable",
                 # (CUDA 12's wording of the same: "CUDA-capable device(s) is/are busy or
                 # unavailable")
                 b"is/are busy or unavailable",
                 # cudaErrorUnknown (30, 999 since CUDA 10.1) with nothing more specific:
                 # the driver cannot serve the process (a wedged UVM module, a GPU in a
                 # bad state after a fault), the machine's, whatever the call
                 b"CUDA error: unknown error", b"(30) : unknown error", b"cudaErrorUnknown",
                 b"CUDA_ERROR_UNKNOWN",
                 # the same code in c10's words at device discovery ("CUDA unknown error -
                 # this may be due to an incorrectly set up environment ... Setting the
                 # available devices to be zero"), darknet's check_error ("CUDA Error:
                 # unknown error"), glog's CHECK on a CUDA call ("Check failed: error ==
                 # cudaSuccess (30 vs. 0) unknown error", 999 since CUDA 10.1)
                 b"CUDA unknown error", b"CUDA Error: unknown error",
                 b"cudaSuccess (30 vs. 0)", b"cudaSuccess (999 vs. 0)",
                 # NVML finding a kernel module other than its library's (a driver
                 # upgraded without a reboot: "Failed to initialize NVML: Driver/library
                 # version mismatch"): the node's, until it restarts
                 b"Driver/library version mismatch",
                 # ROCm's runtime (ROCr) on a GPU fault: "HW Exception by GPU node-9
                 # (Agent handle: 0x...) reason :GPU Hang"
                 b"HW Exception by GPU",
                 # a kernel killed by the driver's watchdog (cudaErrorLaunchTimeout, the
                 # THC-era "cuda runtime error (6)"): the device, not the network
                 b"the launch timed out and was terminated", b"cudaErrorLaunchTimeout",
                 # Level Zero's and Unified Runtime's device-lost result (Intel XPU:
                 # ZE_RESULT_ERROR_DEVICE_LOST, UR_RESULT_ERROR_DEVICE_LOST), Vulkan's
                 b"_ERROR_DEVICE_LOST",
                 # ncnn's Vulkan backend (rife-, realesrgan-, waifu2x-ncnn-vulkan) prints
                 # a failed call's VkResult as a number: -4 is VK_ERROR_DEVICE_LOST
                 b"vkQueueSubmit failed -4", b"vkWaitForFences failed -4"),
    "illegal_access": (b"illegal memory access", b"misaligned address",
                       # cuda-memcheck's and compute-sanitizer's reports ("========= Invalid
                       # __global__ read of size 4 bytes", "... Invalid __shared__ write"):
                       # a kernel's out-of-bounds access, the code's
                       b"========= Invalid __",
                       b"an illegal instruction",
                       # cudaErrorInvalidConfiguration: a kernel launched with a grid or
                       # block the device cannot run, the launching code's mistake
                       b"invalid configuration argument",
                       # Intel's compute runtime (NEO) on a GPU page fault: "Segmentation
                       # fault from GPU at 0x..., ctx_id: 1 (CCS) type: 0 (NotPresent)"
                       b"Segmentation fault from GPU",
                       # ROCm's: the HSA runtime's and the kernel driver's words for it
                       b"Memory access fault by GPU", b"MEMORY_APERTURE_VIOLATION",
                       # cuda-gdb stopping a kernel on its fault ("received signal
                       # CUDA_EXCEPTION_14, Warp Illegal Address"; lane and device
                       # illegal addresses, misaligned and out-of-range accesses)
                       b"received signal CUDA_EXCEPTION_",
                       # the runtime's enum names, as check macros print them (NVIDIA's
                       # helper_cuda.h: 'CUDA error at f.cu:198 code=700(cudaErrorIllegal
                       # Address) "cudaDeviceSynchronize()"'), and the driver API's
                       b"cudaErrorIllegalAddress", b"cudaErrorMisalignedAddress",
                       b"cudaErrorIllegalInstruction", b"CUDA_ERROR_ILLEGAL_ADDRESS"),
    # a build without code for this GPU (CUDA's "no kernel image", HIP's "no binary")
    # (and a device index the machine does not have: cudaErrorInvalidDevice, "invalid
    # device ordinal", a configuration's mistake)
    "unsupported_device": (b"no kernel image is available", b"hipErrorNoBinaryForGpu",
                           # torch's own check of the GPU against the architectures the
                           # wheel was built for (torch/cuda/__init__.py: "NVIDIA GeForce
                           # RTX 5090 with CUDA capability sm_120 is not compatible with
                           # the current PyTorch installation."; older wheels: "Found GPU0
                           # X which is of cuda capability 3.0. PyTorch no longer supports
                           # this GPU because it is too old."): every kernel fails after it
                           b"is not compatible with the current PyTorch installation",
                           b"PyTorch no longer supports this GPU because it is too old",
                           # the same for a CPU: TensorFlow's cpu_feature_guard ("The
                           # TensorFlow library was compiled to use AVX instructions, but
                           # these aren't available on your machine.", then the abort)
                           b"but these aren't available on your machine",
                           b"invalid device function", b"operation not supported",
                           b"invalid device ordinal", b"cudaErrorInvalidDevice",
                           # no device visible to the process (cudaErrorNoDevice: "no
                           # CUDA-capable device is detected"; the driver API's
                           # CUDA_ERROR_NO_DEVICE, as TensorFlow's cuInit reports it)
                           b"no CUDA-capable device is detected", b"CUDA_ERROR_NO_DEVICE",
                           # rocBLAS finding no Tensile kernels for this GPU's architecture
                           # ("rocBLAS error: Cannot read .../TensileLibrary.dat: ... for GPU
                           # arch : gfx900")
                           b"rocBLAS error: Cannot read ",
                           # MPS without float64 ("Cannot convert a MPS Tensor to float64
                           # dtype as the MPS framework doesn't support float64") and
                           # Lightning's accelerator check ("GPUAccelerator can not run on
                           # your system since the accelerator is not available")
                           b"the MPS framework doesn't support",
                           # headless rendering with no display or EGL device for it (EGL's
                           # "eglGetDisplay() failed", "eglInitialize() failed with error:
                           # 3008" as nvdiffrast and pybullet print them, GLFW's "Failed to
                           # get EGL display", Vulkan's ErrorInitializationFailed /
                           # VK_ERROR_INITIALIZATION_FAILED): the machine's setup, every
                           # attempt, whatever abort follows
                           b"eglGetDisplay() failed", b"eglInitialize() failed", b"EGL init failed",
                           # CUDA's MPS client without its daemon (cudaErrorMpsConnection-
                           # Failed, 805: "MPS client failed to connect to the MPS control
                           # daemon or the MPS server"): the host's setup
                           b"failed to connect to the MPS control daemon",
                           # cudaErrorNotSupported in the runtime's words ("CUDA error: the
                           # requested functionality is not supported"): a call this GPU or
                           # driver does not offer (BF16 GEMMs on an older architecture)
                           b"the requested functionality is not supported",
                           b"Failed to get EGL display", b"ErrorInitializationFailed",
                           b"VK_ERROR_INITIALIZATION_FAILED",
                           b"since the accelerator is not available",
                           # and its other words for the same missing library ("rocBLAS
                           # error: Could not load .../TensileLibrary_lazy_gfx1103.dat",
                           # "Could not initialize Tensile library")
                           b"rocBLAS error: Could not load ",
                           b"Could not initialize Tensile library",
                           # Triton's OutOfResources: a kernel configuration needing more
                           # shared memory or threads than this GPU has ("out of resource:
                           # shared memory, Required: N, Hardware limit: M")
                           b"out of resource: "),
    # a torch build without the distributed part the run asked for (TCPStore's "use_libuv
    # was requested but PyTorch was built without libuv support", c10d's "Distributed
    # package doesn't have NCCL built in", MPI's, UCC's): a setup error, not the network
    # (TCPStore.cpp's own words are "PyTorch was build without libuv support")
    "no_backend": (b"without libuv support", b"Distributed package doesn't have ",
                   # a build without the device the run asked for (torch's "Torch not
                   # compiled with CUDA enabled", Horovod's "... not compiled with CUDA.",
                   # mmcv's and detectron2's "not compiled with GPU support")
                   b"not compiled with CUDA", b"not compiled with GPU support"),
    # a library the program needs that is not there: the dynamic loader's (dlopen's and
    # ld.so's "libcuda.so: cannot open shared object file"; cuDNN's "Could not load
    # library ...", then an abort): an install's or an environment's mistake
    "missing_library": (b"cannot open shared object file",
                        # XLA's and TensorFlow's check of the cuDNN they loaded against the
                        # one they were built with (cuda_dnn.cc: "Loaded runtime CuDNN
                        # library: 8.5.0 but source was compiled with: 8.6.0.")
                        b"but source was compiled with",
                        # cuDNN 9's loader for its sub-libraries ("Unable to load any of
                        # {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9, libcudnn_cnn.so}",
                        # then "Invalid handle. Cannot load symbol cudnnCreate...")
                        b"Unable to load any of {", b"Cannot load symbol ",
                        # Intel MKL unable to load its CPU-specific kernels ("Intel MKL
                        # FATAL ERROR: Cannot load libmkl_avx2.so or libmkl_def.so") and
                        # mkl-service refusing a threading layer that conflicts with
                        # another OpenMP runtime ("Error: mkl-service + Intel(R) MKL:
                        # MKL_THREADING_LAYER=INTEL is incompatible with libgomp.so.1
                        # library."): the environment, every attempt alike
                        b"Intel MKL FATAL ERROR", b"mkl-service + Intel(R) MKL",
                        # glibc's dynamic loader on a library older than the one a binary
                        # was linked against ("libstdc++.so.6: version `GLIBCXX_3.4.29'
                        # not found (required by ...)"): dl-version.c's backquote
                        b": version `",
                        # CPython aborting in an extension module linked against another
                        # libpython than the one running it (macOS framework builds, a
                        # conda and a system Python: "Fatal Python error: PyThreadState_Get:
                        # no current thread"): the environment, every attempt alike
                        b"PyThreadState_Get: no current thread",
                        # HDF5's filter pipeline without the plugin a dataset was written
                        # with (H5Z.c: "required filter 'blosc' is not registered")
                        b"required filter '",
                        # the CUDA runtime finding only the driver's link-time stub
                        # (cudaErrorStubLibrary, 34: no driver installed or visible) or a
                        # driver older than the runtime (cudaErrorInsufficientDriver, 35),
                        # by their enum names and cudaGetErrorString's words
                        b"cudaErrorStubLibrary", b"cudaErrorInsufficientDriver",
                        b"CUDA driver version is insufficient",
                        # torch's own check before the runtime's (torch < 1.5: "The NVIDIA
                        # driver on your system is too old (found version 6050). Please
                        # update your GPU driver by downloading and installing ...")
                        b"Please update your GPU driver",
                        # the NVIDIA container runtime refusing an image whose CUDA needs a
                        # newer driver (nvidia-docker 1: "unsupported CUDA version: driver
                        # 8.0 < image 9.0"; nvidia-container-cli: "requirement error:
                        # unsatisfied condition: cuda>=11.6, please update your driver")
                        b"unsupported CUDA version: driver", b"unsatisfied condition: cuda",
                        # slurmstepd failing to start the task's program ("slurmstepd:
                        # error: execve(): torchrun: No such file or directory"): not
                        # installed where the task runs; srun's exit report after it says
                        # only how the task ended
                        b"error: execve(): ",
                        # the dynamic loader on an extension built against another
                        # torch or CUDA (flash-attn's "flash_attn_2_cuda.so: undefined
                        # symbol: _ZNK3c10..."): an ABI mismatch, the environment's
                        b"undefined symbol: ",
                        # torch's Inductor without a usable Triton ("Cannot find a
                        # working triton installation. Either the package is not
                        # installed or it is too old.")
                        b"Cannot find a working triton installation",
                        # TensorFlow without a loadable cuDNN ("DNN library is not found."
                        # from its first convolution)
                        b"DNN library is not found",
                        # Magnum's headless GL context (habitat-sim, other simulators'
                        # renderers) where the machine gives no EGL device or display
                        b"Unable to create windowless context"),
    # Apple's frameworks (Metal, MPS) assert on a caller's misuse or a backend limit
    # as "<file>:<line>: failed assertion `<what>'": a device assert of their own
    # CUDA's device assert, "<file>:<line>: <kernel>: block: [x,y,z], thread: [x,y,z]
    # Assertion `<cond>` failed.", also when a paste lost its backticks
    "device_assert": (b"device-side assert triggered", b"Assertion `", b"failed assertion `",
                      b"], thread: ["),
    "enospc": (b"No space left on device", b"[Errno 28]",
               # Go's syscall text, lower case (docker, containerd, the kubelet:
               # "write /usr/local/cuda/bin/nvdisasm: no space left on device")
               b"no space left on device",
               # the same in a platform's or a library's words (SageMaker's artifact
               # upload, datasets' NotEnoughDiskSpace)
               b"Insufficient disk space", b"insufficient disk space",
               b"Not enough disk space", b"not enough disk space",
               # Windows' ERROR_DISK_FULL (112) as FormatMessage words it, which Python,
               # LMDB and most libraries print on Windows
               b"not enough space on the disk",
               # a quota is a disk full for this user (EDQUOT, 122)
               b"Disk quota exceeded", b"[Errno 122]", b"disk quota exceeded"),
    # Not evidence: what the process was doing when a shell reported it killed. A
    # model's or a checkpoint's load in flight (transformers' "Loading checkpoint
    # shards", a script's "Loading model ...") and a resident-memory figure in its
    # progress lines ("host_rss 63.3 GiB") make the OOM killer the
    # likely sender of a bare SIGKILL; without them a shell's "Killed" says only how
    # the process died (the contract: no memory evidence, worker_crash)
    "mem_context": (b"Loading checkpoint", b"Loading model",
                    b"Loading weights", b"loading weights", b"host_rss",
                    # TensorFlow's allocator warning of a single allocation that large
                    # ("Allocation of 18454937600 exceeds 10% of system memory.")
                    b"exceeds 10% of system memory"),
    "estale": (b"Stale file handle", b"Stale NFS file handle", b"[Errno 116]",
               # ENODEV from mmap on a mount that cannot map files (a FUSE, network or
               # overlay file system: Rust's "No such device (os error 19)" under
               # safetensors, llama.cpp's "mmap failed: No such device")
               b"(os error 19)", b"mmap failed: No such device",
               # SQLite's SQLITE_BUSY ("database is locked"): a database file shared by
               # processes or hosts (an Optuna study, a cache, a DB on NFS whose locks
               # do not hold), busy past the timeout
               b"database is locked",
               # the kubelet unable to mount a pod's volume (an NFS or a cloud disk out of
               # reach: "Unable to mount volumes for pod ...", later "Unable to attach or
               # mount volumes: ...")
               b"Unable to mount volumes", b"Unable to attach or mount volumes",
               # ENOLCK: the file system's lock manager gone or absent (NFS without
               # lockd: HDF5's file lock, fcntl and flock users)
               b"No locks available"),
    "eio": (b"Input/output error", b"[Errno 5]",
            # SQLite's SQLITE_IOERR, as a library with an on-disk database prints it
            # (MIOpen's kernel database: "Internal error while accessing SQLite
            # database: disk I/O error")
            b"disk I/O error",
            # ESHUTDOWN: a Lustre client evicted by its servers
            b"Cannot send after transport endpoint shutdown", b"[Errno 108]",
            # ENOTCONN on a file: a FUSE mount whose daemon is gone (Colab's Google
            # Drive, s3fs, gcsfuse, sshfs: "[Errno 107] Transport endpoint is not
            # connected")
            b"[Errno 107] Transport endpoint is not connected"),
    # multiprocessing's spawn child reading its start-up object from the parent's
    # pipe (spawn.py _main: "self = reduction.pickle.load(from_parent)"), on a
    # traceback's stack: the parent died or failed to send it, so the child's
    # EOFError or UnpicklingError is fallout, not a file's corruption (a frame mark)
    "spawn_pipe": (b"load(from_parent)",),
    # a multiprocessing Connection's frames (recv on a Pipe to a subprocess:
    # SubprocVecEnv, custom worker pools): an EOFError there is the other end's death
    "peer_pipe": (b"multiprocessing/connection.py", b"multiprocessing\\connection.py"),
    "object_store": (b"botocore", b"amazonaws.com", b"storage.googleapis.com",
                     # TensorFlow's HTTP client under its gs:// file system ("Error
                     # executing an HTTP request: HTTP response code 503 ... when resuming
                     # upload gs://...")
                     b"Error executing an HTTP request",
                     b"blob.core.windows.net",
                     b"S3UploadFailedError", b"google.cloud.storage", b"google/cloud/storage",
                     b"azure.storage.blob", b"azure/storage/blob", b"s3transfer",
                     b"upload_from_filename", b"download_to_filename",
                     # fsspec's timeout (s3fs, gcsfs, adlfs); webdataset's pipe reading a
                     # shard ("gsutil cat gs://...", "aws s3 cp ...") exiting non-zero:
                     # gopen's "{args}: exit {status} (read) {info}" and its Pipe object
                     b"FSTimeoutError", b"webdataset.gopen", b" (read) {'"),
    "timeout": (b"ConnectTimeout", b"timed out", b"TimeoutError"),
    # a server that accepted the request and then did not answer (urllib3's
    # ReadTimeoutError "Read timed out.", requests' ReadTimeout, http.client's
    # RemoteDisconnected "Remote end closed connection without response"): from an
    # object host, a failing store, not an unreachable network
    "no_answer": (b"Read timed out", b"ReadTimeout", b"RemoteDisconnected",
                  b"closed connection without response",
                  # a 5xx status in a client's own words (TensorFlow's HTTP client: "HTTP
                  # response code 503 with body ...")
                  b"HTTP response code 5",
                  # S3's throttling reply, by its error code and its reason phrase ("503
                  # Slow Down", "An error occurred (SlowDown) ... Please reduce your
                  # request rate."): the store not answering, with or without a root
                  b"SlowDown", b"503 Slow Down",
                  # wandb's client when its API does not answer ("wandb: Network error
                  # (HTTPError), entering retry loop.")
                  b"entering retry loop",
                  # HTTP's own words for a server that is throttling or failing
                  # (429, 500, 502, 503, 504 reason phrases, as requests and urllib print
                  # them)
                  b"Too Many Requests", b"Internal Server Error", b"Service Unavailable",
                  b"Bad Gateway", b"Gateway Time-out", b"Gateway Timeout",
                  # requests' Response repr for a 5xx answer ("(<Response [500]>)", as
                  # API clients such as wandb's print a failed call)
                  b"<Response [50",
                  # the status code in urllib's HTTPError ("HTTP Error 503: Service
                  # Unavailable") and huggingface_hub's retry warning ("HTTP Error 429
                  # thrown while requesting HEAD https://huggingface.co/...")
                  b"HTTP Error 429", b"HTTP Error 50",
                  # a response whose body stopped mid-way (urllib3's ProtocolError
                  # "Connection broken: ConnectionResetError(..)" / "IncompleteRead(..)",
                  # requests' ChunkedEncodingError around it): a download cut off
                  b"ChunkedEncodingError", b"Connection broken: ",
                  # a server throttling its callers in words (GitHub's API behind
                  # torch.hub: "HTTP Error 403: rate limit exceeded", "API rate limit
                  # exceeded for 1.2.3.4")
                  b"rate limit exceeded"),
    # the Hugging Face Hub's hosts, which serve model and dataset files like an object
    # store (huggingface_hub, transformers, datasets downloads)
    "hub": (b"huggingface.co", b"cdn-lfs.hf.co", b"xethub.hf.co",
            # datasets' load_dataset: "Couldn't reach 'org/name' on the Hub (ConnectionError)"
            b"' on the Hub ("),
    # An object store answering that the object or bucket asked for does not exist:
    # S3's error codes and messages (boto3, s3fs, the AWS CLI), Google Cloud
    # Storage's "No such object: bucket/key", Azure's BlobNotFound, MosaicML
    # streaming's "... not found! Either check the bucket path or the bucket
    # permission". A wrong path in the run's configuration, the same on every try.
    "missing_object": (b"NoSuchKey", b"NoSuchBucket", b"The specified key does not exist",
                       # transformers' from_pretrained on a name that is neither a local
                       # folder nor a repository on the Hub ("x is not a local folder and
                       # is not a valid model identifier listed on
                       # 'https://huggingface.co/models'"), when a paste lost the OSError
                       b"is not a valid model identifier",
                       b"The specified bucket does not exist", b"No such object: ",
                       b"BlobNotFound", b"check the bucket path",
                       # any HTTP server's answer that the URL names nothing: requests'
                       # raise_for_status ("404 Client Error: Not Found for url: ..."),
                       # urllib's HTTPError ("HTTP Error 404: Not Found"), and the old
                       # cached_path of transformers and Flair ("HEAD request failed for
                       # url ... with status code 404"): a stale or wrong address, the
                       # same on every attempt
                       b"404 Client Error", b"HTTP Error 404", b"with status code 404",
                       # curl's -f answer for the same ("curl: (22) The requested URL
                       # returned error: 404")
                       b"returned error: 404",
                       # raise_for_status's other refusals ("409 Client Error: Public
                       # access is not permitted on this storage account. for url: .."):
                       # a bad request, credentials, a method or a state the server will
                       # refuse again (not 408 or 429, which ask to come back later)
                       b"400 Client Error", b"401 Client Error", b"403 Client Error",
                       b"405 Client Error", b"409 Client Error", b"410 Client Error",
                       b"422 Client Error",
                       # the Hub's words for the same ("Entry Not Found for url: ...",
                       # "Repository Not Found for url: ...", "Revision Not Found for
                       # url: ...") when a paste lost the status line
                       b"Not Found for url: ",
                       # and botocore's ClientError for a request S3 refused: not there
                       # ("An error occurred (404) when calling the HeadObject operation")
                       # or not allowed ("(403) ... Forbidden", "(AccessDenied)",
                       # "(InvalidAccessKeyId)"): the key, bucket or credentials the run
                       # was given, the same on every attempt
                       b"An error occurred (404)", b"An error occurred (403)",
                       b"An error occurred (AccessDenied)",
                       # (the key id also in the old CLI's "A client error
                       # (InvalidAccessKeyId) occurred when calling the GetObject
                       # operation"), and a session token past its expiry (STS's
                       # "(ExpiredToken)", botocore's ExpiredTokenException): a credential
                       # the run was started with
                       b"(InvalidAccessKeyId)", b"ExpiredToken",
                       # the same refusals in other clients' words: requests' Response
                       # repr as W&B's client logs it ("Error while calling W&B API: user
                       # is not logged in (<Response [401]>)"), reqwest's (Rust: the Hub's
                       # xet client, "HTTP status client error (403 Forbidden), domain:
                       # ..."), and a bare status line ("401 - Unauthorized")
                       b"<Response [401]>", b"<Response [403]>", b"<Response [404]>",
                       b"HTTP status client error (", b"401 - Unauthorized",
                       b"401 Unauthorized"),
    # a loader's own words for a download that failed (a model or dataset fetch from
    # any host: "Download error for file https://...", "Error downloading model from
    # ...", torchvision's and most fetchers' "Failed to download", the "Fail to
    # download" of many helpers): with a network marker, the store the run fetches
    # from is failing
    "download": (b"Download error", b"download error", b"Error downloading",
                 b"error downloading", b"Failed to download", b"failed to download",
                 b"Fail to download",
                 # wget's words for a host it could not resolve or reach ("Connecting
                 # to host (host)|1.2.3.4|:443... failed: Connection timed out.")
                 b"... failed: ",
                 # curl's error line ("curl: (N) <message>") for the codes of a transfer
                 # that did not get through: 6 a host not resolved, 7 a connect refused
                 # or failed, 18 a partial file, 28 a timeout ("Failed to connect to
                 # github.com port 443 after 21040 ms: Timed out"), 35 the TLS handshake,
                 # 52 an empty reply, 56 a receive failure
                 b"curl: (6) ", b"curl: (7) ", b"curl: (18) ", b"curl: (28) ",
                 b"curl: (35) ", b"curl: (52) ", b"curl: (56) ",
                 # gdown, the Google Drive downloader of many research repos, when Drive
                 # refuses the file ("Access denied with the following error: Cannot
                 # retrieve the public link of the file. ... or have had many accesses",
                 # older releases "Too many users have viewed or downloaded this file
                 # recently")
                 b"Cannot retrieve the public link of the file",
                 b"Too many users have viewed or downloaded"),
    "network": (b"Temporary failure in name resolution", b"Name or service not known",
                # Go's HTTP client ("net/http: request canceled while waiting for
                # connection (Client.Timeout exceeded while awaiting headers)", "net/http:
                # TLS handshake timeout": a registry pull, any Go tool's fetch) and the
                # AWS C++ SDK's ("Unable to connect to endpoint", TensorFlow's s3://)
                b"net/http: ", b"Unable to connect to endpoint",
                b"Network is unreachable", b"No route to host",
                b"Max retries exceeded with url", b"HTTPSConnectionPool",
                b"HTTPConnectionPool", b"SSLError",
                b"Connection refused", b"ConnectionError",
                b"couldn't connect to",  # transformers' hub OSError
                b"Internet connection",  # huggingface_hub's LocalEntryNotFoundError
                b"Temporary failure resolving", b"CONNECTION FAILED",  # apt, conda
                # a client's own words for a server it never reached (comet_ml's
                # "Could not connect to server after multiple tries", most SDKs')
                b"Could not connect to server"),
    "corrupt_zip": (b"PytorchStreamReader failed", b"failed finding central directory",
                    b"BadZipFile", b"not a zip file",
                    # torchvision's download check (download_url, check_integrity: the
                    # file's MD5 does not match), behind every torchvision/TorchGeo dataset
                    b"File not found or corrupted",
                    # and its download helpers' MD5 check ("The MD5 checksum of the
                    # download file x.rar does not match the one on record."; TorchGeo's
                    # datasets call them)
                    b"does not match the one on record",
                    # gzip's and GNU tar's words for a damaged .tar.gz (a model archive)
                    b"invalid compressed data--", b"Unexpected EOF in archive",
                    # Python's tarfile and gzip on a damaged or wrong file (tarfile.
                    # ReadError: "file could not be opened successfully", gzip's
                    # BadGzipFile: "Not a gzipped file (b'<!')")
                    b"could not be opened successfully", b"Not a gzipped file",
                    # gzip's and zipfile's checksum of a member ("CRC check failed
                    # 0x7668da3b != 0x316d6d75", "Bad CRC-32 for file 'x.bin'"): the
                    # archive was cut or damaged
                    b"CRC check failed 0x", b"Bad CRC-32 for file"),
    # huggingface_hub's check of a downloaded file's size: the store broke off the
    # download (storage; fetching it again is the fix)
    "short_download": (b"Consistency check failed: file should be of size",),
    # an intact zip that is not the kind of archive the loader reads: torch.jit.load of
    # a torch.save file, or the reverse ("PytorchStreamReader failed locating file
    # constants.pkl: file not found"): a mix-up, the same on every attempt
    # (and pickle's "invalid load key, '{'": a JSON file, a model's config.json, passed
    # where a checkpoint was expected)
    # (and "invalid load key, '\\xff'": a JPEG's first byte, an image handed to a model
    # loader)
    "wrong_archive": (b"failed locating file", b"invalid load key, '{'",
                      b"invalid load key, '\\xff'"),
    # a UnicodeDecodeError by a platform's default codec, not UTF-8: the code opened a
    # file without an encoding and the locale's (Windows' GBK or cp1252, a C locale's
    # ASCII) read a UTF-8 file; a configuration error, not undecodable data
    "locale_codec": (b"'gbk' codec can't", b"'cp936' codec can't", b"'cp1252' codec can't",
                     b"'cp932' codec can't", b"'charmap' codec can't",
                     b"'ascii' codec can't decode", b"'shift_jis' codec can't",
                     b"'cp949' codec can't", b"'big5' codec can't",
                     # Python's own decoding of a string literal ("(unicode error)
                     # 'unicodeescape' codec can't decode bytes": a Windows path's "\U"
                     # in source or a config): the code's, not the data's
                     b"'unicodeescape' codec can't"),
    # torch's weights-only unpickler meeting a byte that starts no operation it reads
    # (_weights_only_unpickler.py: "WeightsUnpickler error: Unsupported operand 118"):
    # the taxonomy reads the byte; one that is no pickle opcode at all ('v', 118: a Git
    # LFS pointer's "version"; '<': an HTML page) says the file is no pickle
    "not_a_pickle": (b"Unsupported operand ",),
    # a model file format's reader finding the file damaged. The HDF5 library opening
    # a file (h5py, Keras .h5 weights, datasets): shorter than its superblock says
    # ("truncated file: eof = N, sblock->base_addr = 0, stored_eof = M"), or no HDF5
    # signature at all (the file is something else)
    "corrupt_model": (b"truncated file: eof = ", b"file signature not found",
                      # (HDF5 1.8's capitals, "Truncated file: eof = " and "File
                      # signature not found"), and LMDB's page check on a damaged
                      # database file ("mdb_get: MDB_CORRUPTED: Located page was wrong
                      # type"), an LMDB dataset or feature store
                      b"Truncated file: eof = ", b"File signature not found", b"MDB_CORRUPTED",
                      # ONNX Runtime failing to parse a model file's protobuf
                      # ("[ONNXRuntimeError] : 7 : INVALID_PROTOBUF : Load model from
                      # x.onnx failed:Protobuf parsing failed."): a download cut short,
                      # a git-lfs pointer in the model's place
                      b"INVALID_PROTOBUF", b"Protobuf parsing failed",
                      # llama.cpp's GGUF loader on a short file ("tensor 'blk.2.ffn_down.
                      # weight' data is not within the file bounds, model is corrupted or
                      # incomplete")
                      b"model is corrupted or incomplete",
                      # conda's verification of a cached package ("CondaVerificationError:
                      # The package for pytorch located at ... appears to be corrupted.")
                      b"appears to be corrupted",
                      # a Git LFS pointer file in the real file's place (a clone without
                      # git-lfs: "version https://git-lfs.github.com/spec/v1"), whatever
                      # parser then chokes on its text
                      b"git-lfs.github.com/spec",
                      # SentencePiece's loader on a tokenizer.model that is not a model
                      # proto (a cut download, an LFS pointer): "RuntimeError: Internal:
                      # src/sentencepiece_processor.cc(1101) [model_proto->ParseFromArray(
                      # serialized.data(), serialized.size())]"
                      # (its own check's text from "ParseFromArray" on: a page that
                      # escaped "->" as "-&gt;" keeps it)
                      b"ParseFromArray(serialized.data()",
                      # and its later wording ("RuntimeError: Internal: could not parse
                      # ModelProto from ./tokenizer.model", sentencepiece_processor.cc's
                      # Load)
                      b"could not parse ModelProto"),
    "corrupt_safetensors": (b"SafetensorError", b"HeaderTooLarge",
                            b"Error while deserializing header",
                            b"InvalidHeaderDeserialization", b"MetadataIncompleteBuffer"),
    # torch.load's safe unpickler refusing a global (weights_only, the default since
    # torch 2.6): the file is intact, the code must allow the type or load otherwise
    "weights_only": (b"Weights only load failed", b"WeightsUnpickler error",
                     b"we changed the default value of the `weights_only`"),
    "corrupt_pickle": (b"invalid load key", b"UnpicklingError", b"unpickling stack underflow",
                       # torch.load's legacy tar reader, where a file that is not a zip
                       # archive falls through (serialization.py: KeyError "filename
                       # 'storages' not found"): neither format, a damaged file
                       b"filename 'storages' not found",
                       b"pickle data was truncated", b"The file might be corrupted",
                       b"unexpected EOF, expected", b"storage has wrong size",
                       # the storage reader of the zip-era loader (torch/csrc's
                       # serialization: "storage has wrong byte size: expected %ld got %ld")
                       b"storage has wrong byte size",
                       b"Invalid magic number; corrupt file",
                       # transformers' load_state_dict: torch.load failed on a file that is
                       # not text, or the file is a git-lfs pointer, not the weights
                       b"Unable to load weights from pytorch checkpoint",
                       b"without having git-lfs installed"),
    "pickle_eof": (b"Ran out of input",),
    "bad_image": (b"UnidentifiedImageError", b"cannot identify image file",
                  # an image cv2.imread could not read (it returns None, no error): OpenCV's
                  # check on the empty Mat in the next call (cvtColor's "(-215:Assertion
                  # failed) !_src.empty()", resize's "!ssize.empty()")
                  b"!_src.empty()", b"!ssize.empty()",
                  b"image file is truncated", b"broken data stream when reading image",
                  b"DecompressionBombError", b"Premature end of JPEG",
                  b"Invalid data found when processing input", b"libpng error",
                  b"Corrupt JPEG data", b"Not a JPEG file",
                  # a loader's own words for an image it could not decode
                  b"Corrupted image", b"corrupted image",
                  # medical volumes: SimpleITK finds no reader that decodes the file,
                  # nibabel cannot tell its format
                  b"Unable to determine ImageIO reader", b"Cannot work out file type of",
                  # NVIDIA DALI's decoders: nvJPEG's status for a bad JPEG (3, by number
                  # as DALI 0.x prints it, or by name), libjpeg refusing to start
                  # ("Assert on \"jpeg_start_decompress(&cinfo)\" failed")
                  b'NVJPEG error "3"', b"NVJPEG_STATUS_BAD_JPEG", b"jpeg_start_decompress",
                  # DALI's image factory finding no format, or several, in a sample's bytes
                  b"Unrecognized image format", b"image has ambiguous format",
                  # GDAL reading a raster's block (rasterio, TorchGeo): "band 1:
                  # IReadBlock failed at X offset 0, Y offset 5460: ..."
                  b"IReadBlock failed",
                  # TensorFlow's DecodeImage op (tf.io.decode_image, Keras'
                  # image_dataset_from_directory) on bytes that are no image it knows:
                  # "Unknown image file format. One of JPEG, PNG, GIF, BMP required."
                  b"Unknown image file format",
                  # OpenCV's imdecode on an empty or undecodable buffer (an image record
                  # that holds nothing: MXNet's RecordIO iterators): "(-215) !buf.empty()
                  # && buf.isContinuous() in function imdecode_" (4.x: "'imdecode_'")
                  b"in function imdecode_", b"in function 'imdecode_'"),
    "circuit_breaker": (b"CircuitBreakerTripped",),
    # (Windows' NTSTATUS for an access violation and a stack overflow, as an IDE or a
    # shell prints the exit code in any language: "... -1073741819 (0xC0000005)")
    "segfault": (b"Segmentation fault", b"segmentation fault", b"*** SIGSEGV",
                 # faulthandler's dump of the threads' stacks when a fatal signal (or a
                 # Windows exception) reaches the interpreter, the crashing one marked
                 # ("Current thread 0x00001324 (most recent call first):", its frames
                 # "  File "x.py", line 67 in f"): a native crash, not a traceback cut
                 # before its exception line (c10's "Exception raised from f at x.cpp:
                 # 120 (most recent call first):" heads a C++ exception's frames)
                 b"Current thread 0x",
                 b"0xC0000005", b"0xC00000FD",
                 # Windows' own reports of a native crash: the Application event log's
                 # ("Faulting application name: python.exe ...", "Faulting module path:")
                 # and NTSTATUS names as cargo and debuggers print them
                 # ("STATUS_INTEGER_DIVIDE_BY_ZERO", STATUS_ACCESS_VIOLATION,
                 # STATUS_STACK_BUFFER_OVERRUN, STATUS_ILLEGAL_INSTRUCTION)
                 b"Faulting application ", b"STATUS_INTEGER_DIVIDE_BY_ZERO",
                 b"STATUS_ACCESS_VIOLATION", b"STATUS_STACK_BUFFER_OVERRUN",
                 b"STATUS_ILLEGAL_INSTRUCTION",
                 # SIGSEGV's si_code SEGV_MAPERR in crash handlers' words (UCX's "Caught
                 # signal 11 (Segmentation fault: address not mapped to object ...)",
                 # ViZDoom's "*** Fatal Error *** Address not mapped to object (signal 11)")
                 b"ddress not mapped to object",
                 # TensorFlow's stack-trace handler, for any fatal signal ("*** Received
                 # signal 11 ***", then "*** BEGIN MANGLED STACK TRACE ***")
                 b"*** Received signal "),
    "abort": (b"Aborted (core dumped)", b"*** SIGABRT", b"Bus error", b"*** Aborted at",
              b"Illegal instruction", b"bus error", b" Aborted   ", b"zsh: abort",
              # Windows' NTSTATUS for an illegal instruction, as Visual Studio's debugger
              # prints an unhandled one ("0xC000001D: Illegal Instruction.")
              b"0xC000001D",
              b"illegal hardware instruction", b"Floating point exception",
              # a runtime's own signal handler naming SIGFPE (Marian's "Error:
              # Floating-point exception")
              b"Floating-point exception",
              b"floating point exception", b"Fatal Python error: Aborted",
              # any other fatal error of the interpreter (Py_FatalError prints "Fatal
              # Python error: <function>: <message>" and aborts: "PyEval_RestoreThread:
              # the function must be called with the GIL held", "_enter_buffered_busy:
              # could not acquire lock ... at interpreter shutdown", "GC object already
              # tracked"): the process aborted; the words that name a cause (its start-up
              # failing, a stack overflow, a foreign libpython) are read first
              b"Fatal Python error: ",
              # glibc's heap checks abort the process (malloc_printerr: "*** Error in
              # `python': double free or corruption (!prev): 0x...", "free(): invalid
              # pointer", "munmap_chunk(): invalid pointer", "malloc(): corrupted top
              # size", "malloc_consolidate(): invalid chunk size", "corrupted size vs.
              # prev_size", "corrupted double-linked list")
              b"double free or corruption", b"free(): ", b"munmap_chunk(): ",
              b"malloc(): ", b"malloc_consolidate(): ", b"corrupted size vs. prev_size",
              b"corrupted double-linked list",
              # SIGTRAP's words: bash's strsignal ("Trace/breakpoint trap (core
              # dumped)"), zsh's and macOS sh's ("zsh: trace trap  python main.py")
              b"Trace/breakpoint trap", b"trace trap ",
              # the DataLoader's signal handlers in a worker: torch's and Paddle's
              # "ERROR: Unexpected floating-point exception encountered in
              # [DataLoader] worker.", Paddle's "ERROR: Unexpected BUS error encountered
              # in DataLoader worker." (torch's says "bus error")
              b"floating-point exception", b"BUS error encountered"),
    "native_abort": (b"terminate called after throwing", b"terminate called without an",
                     b"terminate called recursively",
                     # LLVM's libc++abi (macOS, clang builds): "libc++abi: terminating
                     # due to uncaught exception of type std::runtime_error: ..."
                     b"terminating due to uncaught exception"),
    "preempt": (b"DUE TO PREEMPTION", b"PREEMPTED", b"was preempted",
                # Colab taking its GPU back ("You cannot currently connect to a GPU due
                # to usage limits in Colab.")
                b"due to usage limits",
                b"DUE TO JOB REQUEUE", b"is preempted",  # Slurm requeue, submitit
                # the clouds' own words for a reclaimed spot or low-priority node: Azure
                # ML's service error ("PreemptionError: Nodes of this job got pre-empted"),
                # AWS Batch's status reason for a reclaimed spot host ("Host EC2
                # Terminated"), SkyPilot's controller ("The cluster is preempted.")
                b"PreemptionError", b"got pre-empted", b"Host EC2 Terminated",
                # Lightning's SLURM connector handling the scheduler's warning signal
                b"auto-requeue signal", b"Requeued SLURM job",
                b"TERM_PREEMPT"),  # LSF: "TERM_PREEMPT: job killed after preemption."
    # slurmstepd's "*** STEP|JOB N ON host CANCELLED AT t ***" with no reason: a user's
    # scancel, or srun tearing the step down because a task failed (kill-on-bad-exit)
    "step_cancelled": (b"CANCELLED AT", b"Job step aborted"),
    "task_failure": (b"DUE TO TASK FAILURE",),
    # Slurm's cancel; PBS's and LSF's own kill notices at the wall-time limit
    "time_limit": (b"DUE TO TIME LIMIT", b"PBS: job killed: walltime", b"TERM_RUNLIMIT",
                   # a notebook runner's per-cell limit (nbclient's CellTimeoutError,
                   # "Cell execution timed out", "Timeout of 5 seconds exceeded waiting
                   # for output"): the run's time was up, not its code
                   b"CellTimeoutError", b"Cell execution timed out",
                   b"exceeded waiting for output",
                   # Kubernetes' active deadline for a pod or a Job (DeadlineExceeded: "Pod
                   # was active on the node longer than the specified deadline", "Job was
                   # active longer than specified deadline")
                   b"longer than the specified deadline", b"longer than specified deadline",
                   # Torque's and Moab's job mail ("Job exceeded its walltime limit. Job
                   # was aborted", "MOAB_INFO:  job exceeded wallclock limit")
                   b"exceeded its walltime limit", b"exceeded wallclock limit"),
    "node_fail": (b"DUE TO NODE FAILURE", b"NODE_FAIL", b"node failure", b"Node failure on",
                  # Kubernetes: the node controller's events
                  b"NodeNotReady", b"TaintManagerEviction",
                  # Ray's GCS and ActorDiedError
                  b"missed too many heartbeats", b"because its node has died"),
    "launcher_sigterm": (b"death signal, shutting down workers",),
    "usage_error": (b": error: unrecognized arguments", b": error: the following arguments",
                    b": error: argument ", b": error: invalid choice",
                    b": error: ambiguous option",
                    # argparse's own message for extra arguments, behind a parser that
                    # prints its errors another way (ParlAI's "Parse Error: unrecognized
                    # arguments: -n 100", a subclass's error())
                    b"unrecognized arguments: ",
                    # click's (and typer's) usage errors, exit status 2 ("Error: No such
                    # option: -v", "Error: Missing option '--config'.", "Error: Invalid
                    # value for '--lr': ...", "Error: Got unexpected extra argument (x)")
                    b"No such option: ", b"Error: No such command ", b"Error: Missing option ",
                    b"Error: Missing argument ", b"Error: Invalid value for ",
                    b"Got unexpected extra argument",
                    # jsonargparse (LightningCLI's parser) rejecting a config or an
                    # argument: "error: 'Configuration check failed :: ...'", newer releases
                    # "error: Validation failed: Key ... is required"
                    b"Configuration check failed", b"error: Validation failed: ",
                    # gRPC's message size limit ("Sent message larger than max (N vs.
                    # M)", grpc_status 8): a setting, the same on every attempt
                    b"message larger than max (",
                    # CPython itself refusing the command line: a script or a -m module
                    # that is not there (Modules/main.c, runpy)
                    b"python: can't open file '", b"python3: can't open file '",
                    b"python.exe: can't open file '", b"python: No module named ",
                    b"python3: No module named ", b"python.exe: No module named ",
                    # runpy's words for a -m target inside a package that is not there
                    # ("python3: Error while finding module specification for 'x.y'
                    # (ModuleNotFoundError: No module named 'x')")
                    b"Error while finding module specification for",
                    # and for a -m target that is a package without __main__ ("python3:
                    # No module named pkg.__main__; 'pkg' is a package and cannot be
                    # directly executed")
                    b"cannot be directly executed"),
    # ssh refusing a multi-node launcher (pdsh, DeepSpeed's hostfile runner, mpirun):
    # no passwordless login set up, a launch that fails the same way every time
    # a connection that cannot authenticate: ssh's key refused, and TLS refusing the
    # server's certificate (an expired one, a proxy's, a Python without a CA bundle:
    # "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: unable to get local
    # issuer certificate"): the client's setup, the same on every attempt
    "ssh_denied": (b"Permission denied (publickey", b"CERTIFICATE_VERIFY_FAILED",
                   b"certificate verify failed"),
    # a native library's own assertion failing: glog's CHECK ("Check failed: a == b
    # (1 vs. 2)": TensorFlow, XLA, Paddle, lmdeploy's TurboMind), and the C runtime's
    # and most C++ libraries' "Assertion failed: " (MSVC's assert, TensorRT-LLM's
    # TLLM_CHECK): a code error, whatever signal follows it
    # (and the CHECK_CUDA / CHECK_CUSPARSE / CHECK_CUBLAS macros of NVIDIA's library
    # samples that much kernel code copies: "CUSPARSE API failed at line 130 with
    # error: internal error (7)")
    # (Rust's panic, as in HF tokenizers, safetensors, dolma and polars: "thread 'main'
    # panicked at 'msg', src/x.rs:1:2" before Rust 1.73, "thread '<unnamed>' panicked at
    # src/x.rs:1:2:" and the message on the next line since; SentencePiece's CHECK and
    # LOG(FATAL): "Program terminated with an unrecoverable error.")
    # (Qt's Q_ASSERT and Q_ASSERT_X, qFatal then abort, under OpenCV's highgui and
    # Qt plotting backends: 'ASSERT: "false" in file qasciikey.cpp, line 501',
    # 'ASSERT failure in QList<T>::at: "index out of range", file ...')
    "check_failed": (b"Check failed: ", b"Assertion failed: ", b" API failed at line ",
                     # c10's TORCH_INTERNAL_ASSERT when a paste lost its RuntimeError ("N >
                     # 0 INTERNAL ASSERT FAILED at .../KernelUtils.h:27, please report a bug
                     # to PyTorch."); NVML's in the OOM report is memory (cuda_oom)
                     b"INTERNAL ASSERT FAILED at",
                     # Apple's Metal frameworks asserting ("MPSNDArray.mm:705: failed
                     # assertion '[MPSNDArray initWithDevice:descriptor:] Error: product of
                     # dimension sizes > 2**31'") and MPSGraph's MLIR verifier refusing an
                     # op the code built ("error: 'mps.matmul' op contracting dimensions
                     # differ 3072 & 784"): the code's, whatever signal follows
                     b"failed assertion '", b"error: 'mps.",
                     b"' panicked at ", b"Program terminated with an unrecoverable error",
                     b'ASSERT: "', b"ASSERT failure in ",
                     # glog's CHECK_NOTNULL ("F tensorflow/core/lib/png/png_io.cc:341]
                     # 'image' Must be non NULL", then the abort)
                     b"Must be non NULL",
                     # the Intel and LLVM OpenMP runtimes' fatal errors, then their abort
                     # ("OMP: Error #15: Initializing libiomp5md.dll, but found
                     # libiomp5md.dll already initialized.": two OpenMP runtimes loaded,
                     # a conda and pip mix on Windows)
                     b"OMP: Error #",
                     # LLVM's report_fatal_error ("LLVM ERROR: Cannot select: intrinsic
                     # %llvm.nvvm.shfl.sync.bfly.i32", then abort) under the JITs that
                     # compile through it (Triton, Numba, XLA, TVM): a kernel this
                     # toolchain cannot build for this target, the same every attempt
                     b"LLVM ERROR: ",
                     # a threading runtime refused a thread by the per-user process
                     # limit (RLIMIT_NPROC) and gives up: libgomp's gomp_fatal
                     # ("libgomp: Thread creation failed: Resource temporarily
                     # unavailable") and OpenBLAS's server ("OpenBLAS blas_thread_init:
                     # pthread_create failed for thread 55 of 64: ..."): a limit or a
                     # thread count to configure (OMP_NUM_THREADS)
                     b"Thread creation failed: ", b"pthread_create failed"),
    # CPython's own words for a call or an attribute that the code got wrong, when a
    # paste lost the line's TypeError/AttributeError prefix ("__init__() missing 1
    # required positional argument: 'x'", "got an unexpected keyword argument",
    # "takes 2 positional arguments but 3 were given", "'NoneType' object has no
    # attribute 'x'", "object is not subscriptable", "object is not callable")
    "code_message": (b"required positional argument", b"unexpected keyword argument",
                     b"positional arguments but ", b"positional argument but ",
                     b"object has no attribute '",
                     # (AttributeError on a module or a class: "module 'x' has no
                     # attribute 'y'", "type object 'X' has no attribute 'y'")
                     b"' has no attribute '",
                     # CUDA graphs: a call a stream capture does not allow
                     # (cudaErrorStreamCaptureUnsupported: "operation not permitted when
                     # stream is capturing"; the driver's CUDA_ERROR_STREAM_CAPTURE_*),
                     # an instantiated graph that cannot take an update
                     # (CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE), and c10's allocator
                     # refusing what its async backend lacks ("cudaMallocAsync does not
                     # yet support checkPoolLiveAllocations"): the code's, every attempt
                     b"when stream is capturing", b"STREAM_CAPTURE_", b"cudaErrorStreamCapture",
                     b"GRAPH_EXEC_UPDATE_FAILURE", b"cudaMallocAsync does not yet support",
                     # ATen's refusal under torch.use_deterministic_algorithms(True)
                     # ("cumsum_cuda_kernel does not have a deterministic implementation,
                     # but you set 'torch.use_deterministic_algorithms(True)'"; with
                     # warn_only it is a UserWarning, a note), when a paste lost the type
                     b"does not have a deterministic implementation, but you set",
                     # ATen's device and dtype checks, the same when a paste lost the
                     # RuntimeError: "Expected all tensors to be on the same device, but
                     # found at least two devices, cpu and cuda:0!" (1.5+), torch 1.x's
                     # "Expected object of device type cuda but got device type cpu for
                     # argument #1", and convolution's "Input type (torch.FloatTensor) and
                     # weight type (torch.cuda.FloatTensor) should be the same"
                     b"Expected all tensors to be on the same device",
                     b"Expected object of device type ", b"and weight type (",
                     # CPython's last resort against runaway recursion ("Fatal Python
                     # error: Cannot recover from stack overflow.", after a
                     # RecursionError was caught and recursed on) and Open MPI refusing
                     # a call before MPI_Init ("*** The MPI_Comm_rank() function was
                     # called before MPI_INIT was invoked."): the code's, every attempt
                     b"Cannot recover from stack overflow", b"was called before MPI_INIT",
                     # runaway recursion in other words: RecursionError's message when a
                     # paste lost its type ("maximum recursion depth exceeded while
                     # calling a Python object"), .NET's "Process is terminated due to
                     # StackOverflowException." and a native runtime naming Windows'
                     # STATUS_STACK_OVERFLOW ("Caught Win32 exception 0xc00000fd: Stack
                     # overflow."; the bare exit code stays a crash, see "segfault")
                     b"maximum recursion depth exceeded", b"StackOverflowException",
                     b": Stack overflow",
                     # DataParallel's check that the module sits on device_ids[0]
                     # ("module must have its parameters and buffers on device cuda:0
                     # (device_ids[0]) but found one of them on device: cpu")
                     b"must have its parameters and buffers on device",
                     # the per-process limits in the errno's and CPython's words, when a
                     # paste lost the OSError/RuntimeError: EMFILE ("[Errno 24] Too many
                     # open files"; the DataLoader's own "Too many open files.
                     # Communication with the workers is no longer possible. Please
                     # increase the limit using `ulimit -n`") and a thread refused ("can't
                     # start new thread"): a limit to raise, or a leak in the code
                     b"Too many open files", b"can't start new thread",
                     # multiprocessing's spawn start method re-importing a main module
                     # with no __main__ guard (spawn.py: "An attempt has been made to
                     # start a new process before the current process has finished its
                     # bootstrapping phase."): Windows and macOS DataLoader workers
                     b"finished its bootstrapping phase",
                     b"object is not subscriptable", b"object is not callable",
                     # pickle refusing an object a spawned worker or a save needs
                     # ("Can't pickle <function f at 0x..>: it's not the same object as
                     # __main__.f", "Can't pickle local object", 3.x's "cannot pickle
                     # '_thread.lock' object")
                     b"Can't pickle ", b"cannot pickle '",
                     # torch.tensor on ragged nested lists (tensor_new.cpp: "expected
                     # sequence of length 692 at dim 2 (got 472)"), a collate without padding
                     b"expected sequence of length ",
                     # pyarrow's JSON reader meeting a record longer than its block
                     # ("straddling object straddles two block boundaries (try to increase
                     # block size?)") and scikit-learn's input check ("Input contains NaN,
                     # infinity or a value too large for dtype('float64')"), when a paste
                     # or a handler lost their type
                     b"straddles two block boundaries", b"Input contains NaN, infinity",
                     # EROFS's words (a write under a read-only mount: a container's image
                     # layer, a read-only volume), a setup the run meets every attempt
                     b"Read-only file system",
                     # llama.cpp's quantizer and apex's amp refusing what they were given
                     # ("llama_model_quantize: failed to quantize: ...", "When using
                     # amp.initialize, you need to provide a model with parameters located
                     # on a CUDA device"), diffusers' LoRA loaders without PEFT ("PEFT
                     # backend is required for this method")
                     b"failed to quantize: ", b"you need to provide a model with parameters",
                     b"PEFT backend is required",
                     # Lightning stopping before a step for want of data ("`Trainer.fit`
                     # stopped: No training batches.")
                     b"stopped: No training batches",
                     # joblib's loky pool when a task's arguments do not pickle ("A task
                     # has failed to un-serialize. Please ensure that the arguments of the
                     # function are all picklable.")
                     b"arguments of the function are all picklable",
                     # an UnboundLocalError's words (ceval's templates: 3.11+ "cannot
                     # access local variable 'x' where it is not associated with a
                     # value", its free-variable twin, and the older "local variable
                     # 'x' referenced before assignment"), when a caller printed the
                     # error without its type
                     b"where it is not associated with a value",
                     b"referenced before assignment",
                     # torch autograd's words for a second backward through a freed graph
                     # (a RuntimeError whose type a paste lost)
                     b"backward through the graph a second time",
                     # and its other refusals: "element 0 of tensors does not require
                     # grad and does not have a grad_fn", "one of the variables needed
                     # for gradient computation has been modified by an inplace operation"
                     b"does not require grad and does not have a grad_fn",
                     b"modified by an inplace operation",
                     # ATen's shape checks, the same when a paste lost their type: layer
                     # norm's "Given normalized_shape=[..], expected input with shape",
                     # convolution's "Given groups=1, weight of size [..], expected
                     # input[..] to have 3 channels", addmm's "mat1 and mat2 shapes cannot
                     # be multiplied", broadcasting's "The size of tensor a (3) must match
                     # the size of tensor b (4)", the losses' "Expected input batch_size"
                     b"Given normalized_shape=", b"Given groups=", b"shapes cannot be multiplied",
                     b"must match the size of tensor", b"Expected input batch_size",
                     # and the same family's: stack's "stack expects each tensor to be
                     # equal size, but got [3, 375, 500] at entry 0 and [..] at entry 1"
                     # (a collate of unresized images), cat's "Sizes of tensors must
                     # match except in dimension 1", view's "shape '[2, 3]' is invalid
                     # for input of size 7", the dtype check's "expected scalar type
                     # Float but found Half" (1.x: "Expected object of scalar type"),
                     # embedding's "index out of range in self"
                     b"stack expects each tensor to be equal size",
                     b"Sizes of tensors must match except in dimension",
                     b"is invalid for input of size", b"expected scalar type ",
                     b"Expected object of scalar type ", b"index out of range in self",
                     # ATen's TORCH_CHECK form naming its operator ("grid_sampler():
                     # expected 4D or 5D input and grid with same number of dimensions,
                     # but got ...", "gather(): Expected dtype int64 for index")
                     b"(): expected ", b"(): Expected ",
                     # TensorRT's logger, a builder or runtime check failing
                     # ("[builder.cpp::buildSerializedNetwork::751] Error Code 2: Internal
                     # Error (...)", TensorRT 10's "IBuilder::buildSerializedNetwork:
                     # Error Code 4: ..."): the engine, its inputs or its settings
                     b"] Error Code ", b": Error Code ",
                     # numpy's broadcasting ValueError ("operands could not be broadcast
                     # together with shapes (196,22,3) (263,)") and torch.linalg's
                     # LinAlgError ("linalg.svd: The algorithm failed to converge because
                     # the input matrix contained non-finite values", "... is
                     # ill-conditioned"), when a paste or a tool's report lost the type
                     b"could not be broadcast together",
                     b"failed to converge because the input matrix",
                     # numpy's and torch's IndexError words ("index 5 is out of bounds
                     # for axis 0 with size 3", "... for dimension 0 ..."), and numpy's
                     # KeyError for an .npz member not there ("'x' is not a file in the
                     # archive"), when a paste lost the type
                     b" is out of bounds for axis ", b" is out of bounds for dimension ",
                     b" is not a file in the archive",
                     # the CUDA math libraries' status names, as torch's checks print
                     # them when a paste lost the RuntimeError (ATen's cudnn/Exceptions.h:
                     # "cuDNN error: CUDNN_STATUS_EXECUTION_FAILED"; CUDABlas.cpp: "CUDA
                     # error: CUBLAS_STATUS_INVALID_VALUE when calling `cublasSgemm(..)`";
                     # cuSOLVER's and cuSPARSE's the same): a call the library refused or
                     # could not run, the same on every attempt. Their ALLOC_FAILED
                     # names are memory's (cuda_oom), which outranks this
                     b"CUDNN_STATUS_", b"CUBLAS_STATUS_", b"CUSOLVER_STATUS_",
                     b"CUSPARSE_STATUS_",
                     # the input checks of C++/CUDA extensions and ATen kernels (the
                     # CHECK_CONTIGUOUS/CHECK_CUDA idiom: TORCH_CHECK(x.is_contiguous(),
                     # #x " must be contiguous"), when a paste lost the RuntimeError
                     b" must be contiguous", b" must be a CUDA tensor",
                     # NVRTC compiling a kernel torch generated at run time (the fusers,
                     # the jiterator: "nvrtc compilation failed: " then the kernel's
                     # source) or refusing its options ("nvrtc: error: invalid value for
                     # --gpu-architecture (-arch)": a toolkit older than the GPU)
                     b"nvrtc compilation failed", b"nvrtc: error: ",
                     # and the same in the fusers' and nvFuser's words ("CUDA NVRTC
                     # compile error: ...", the old fuser's "fused_kernel.cpp:131:
                     # NVRTC_ERROR unknown"); ptxas refusing the PTX a JIT (Triton, a
                     # fuser) generated ("ptxas fatal   : Ptx assembly aborted due to
                     # errors", after "Feature '.bf16' requires .target sm_80")
                     b"NVRTC compile error", b"NVRTC_ERROR",
                     b"Ptx assembly aborted due to errors",
                     # DDP's reducer on parameters that took no part in the loss
                     # (reducer.cpp: "Expected to have finished reduction in the prior
                     # iteration before starting a new one", 1.9+ then "Parameter indices
                     # which did not receive grad for rank 1: ..."), a type lost
                     b"Expected to have finished reduction in the prior iteration",
                     # torch.cuda's refusal in a forked child ("Cannot re-initialize CUDA
                     # in forked subprocess. To use CUDA with multiprocessing, you must
                     # use the 'spawn' start method"), glued or typeless; the losses'
                     # target check ("Target -1 is out of bounds."); transformers' check
                     # of a DeepSpeed config against its arguments ("Please correct the
                     # following DeepSpeed config values that mismatch TrainingArguments
                     # values:")
                     b"Cannot re-initialize CUDA in forked subprocess",
                     b" is out of bounds.",
                     b"DeepSpeed config values that mismatch TrainingArguments",
                     b"which did not receive grad for rank ",
                     # the export scripts of the YOLOv5 lineage (export.py: "<prefix>
                     # export failure: <e>", later "export failure \u274c <t>s: <e>"):
                     # the model cannot be traced or converted
                     b" export failure: ", b" export failure \xe2\x9d\x8c",
                     # xformers' dispatcher explaining why no kernel fits the inputs
                     # ("`cutlassF` is not supported because:" / "bf16 is only supported
                     # on A100+ GPUs"), under its NotImplementedError
                     b"` is not supported because:",
                     # NumPy 2's message for an extension built against NumPy 1.x ("A
                     # module that was compiled using NumPy 1.x cannot be run in NumPy
                     # 2.0.2 as it may crash."), the environment's, on every attempt
                     b"compiled using NumPy 1.x cannot be run in",
                     # libraries' words for a configuration naming what is not there:
                     # Hydra's instantiate ("Error locating target 'pkg.mod.Name'"),
                     # transformers' Auto classes ("Unrecognized configuration class
                     # <class '...'> for this kind of AutoModel")
                     b"Error locating target '", b"Unrecognized configuration class",
                     # Hydra's run_and_report, after the app raised and its trace was cut
                     # to the message ("Set the environment variable HYDRA_FULL_ERROR=1
                     # for a complete stack trace."): the code raised; anything else the
                     # tail says (memory, NCCL, a store) outranks it
                     b"HYDRA_FULL_ERROR=1",
                     # (not "No module named": programs report an optional module they
                     # go on without in those words, "Skipping tfevents export: No module
                     # named 'tensorboard'", and torch's own UserWarning "Failed to
                     # initialize NumPy: No module named 'numpy'" carries them)
                     # OmegaConf's struct mode (Hydra's, NeMo's and Lightning's configs)
                     # refusing a key the config does not declare: "Key 'x' is not in
                     # struct", whatever exception class a framework wraps it in
                     b"is not in struct",
                     # OmegaConf's error template, whatever the class (ConfigKeyError,
                     # ValidationError, MissingMandatoryValue, InterpolationResolutionError:
                     # some lack an Error suffix): the message, then "    full_key: <key>"
                     # and "    object_type=<type>" (a tab before each in releases up
                     # to 2.0; none where a paste lost the indentation)
                     b"full_key: ",
                     # ONNX Runtime's status tag ("[ONNXRuntimeError] : 2 :
                     # INVALID_ARGUMENT : ..."): its pybind module's classes (Fail,
                     # InvalidArgument, NoSuchFile, InvalidGraph) have no Error suffix
                     b"[ONNXRuntimeError]",
                     # a program's top-level handler logging what escaped it (tiny-cuda-
                     # nn's and instant-ngp's tlog: "Uncaught exception: <what()>")
                     b"Uncaught exception",
                     # ComfyUI's check of a workflow before it runs ("Failed to validate
                     # prompt for output 9: Required input is missing"): the graph the
                     # user built, the same on every attempt
                     b"Failed to validate prompt for output",
                     # CPython's words for an index of the wrong type, when a tool prints
                     # only str(e): "list indices must be integers or slices, not str"
                     # (Python 2: "list indices must be integers, not str")
                     b"indices must be integers",
                     # and for a dict key or a set member that cannot be hashed
                     # ("unhashable type: 'list'")
                     b"unhashable type: '",
                     # torch.compile's footer under any error it raised while compiling
                     # (torch/_dynamo/exc.py: "You can suppress this exception and fall
                     # back to eager by setting: ... suppress_errors = True"); memory
                     # and the other classes' evidence outrank it
                     b"fall back to eager by setting",
                     # and the footer that closes its message in 2.x (augment_exc_message:
                     # 'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more
                     # information', later 'Set TORCHDYNAMO_VERBOSE=1 for the internal
                     # stack trace (please do this ...)'), when the tail keeps only it
                     b"TORCHDYNAMO_VERBOSE=1 for ",
                     # Lua's header over the frames of an error that reached the top
                     # (lua.c's and LuaJIT's message handler: "luajit: f.lua:196: bad
                     # argument #2 to '?' (...)", then "stack traceback:" and tab-indented
                     # "[C]: in function 'dofile'" frames): Torch7's Python traceback, the
                     # error uncaught; the words above it outrank it when they name a class
                     b"stack traceback:",
                     # VS Code's debugger stopping on an uncaught exception: its pane's
                     # "Exception has occurred: XlaRuntimeError", the message on the lines
                     # below without the type; the message's own words outrank it
                     b"Exception has occurred: ",
                     # an OSError's str() for a missing path inside a program's own report
                     # ("Training failed due to [Errno 2] No such file or directory: 'x'"):
                     # FileNotFoundError's words, a path the run was given; the same str()
                     # when a paste lost its "[Errno 2] " too ("No such file or directory:
                     # './outputs/depth_est/00000000.pfm'": the quote after the colon is
                     # Python's filename, where C tools print "x: No such file or directory")
                     b"[Errno 2] No such file or directory",
                     b"No such file or directory: '",
                     # ninja's last words when a compile step of a C++/CUDA extension
                     # failed (torch.utils.cpp_extension's JIT build, setup.py builds)
                     b"ninja: build stopped: subcommand failed",
                     # the compilers themselves failing an extension's build: nvcc's
                     # "nvcc fatal   : Unsupported gpu architecture 'compute_86'", gcc's
                     # and clang's "fatal error: THC/THC.h: No such file or directory"
                     # then "compilation terminated.", the preprocessor's "error: #error
                     # -- unsupported GNU version!", and setuptools' report of the
                     # compiler's exit ("error: command '/usr/local/cuda/bin/nvcc' failed
                     # with exit code 1", distutils' "... failed with exit status 1")
                     b"nvcc fatal", b"compilation terminated.", b"error: #error",
                     b"error: command '",
                     # and the linker's (gcc's driver: "collect2: error: ld returned 1
                     # exit status" after "cannot find -lcuda" or an undefined reference)
                     b"ld returned 1 exit status",
                     # ITK's exception, as ANTs, elastix and ITK's own tools print what
                     # they caught ("itk::ExceptionObject (0x...)", then its Location,
                     # File, Line and "Description: itk::ERROR: ..." lines); a reader's
                     # failure on a file is a bad image (bad_image) and is read first
                     b"itk::ExceptionObject (",
                     # ggml's assert (llama.cpp, whisper.cpp): "GGML_ASSERT: ggml-alloc.c:
                     # 148: !\"not enough space in the buffer\"", newer "GGML_ASSERT(cond)
                     # failed"; it aborts after it, and the abort is its consequence
                     b"GGML_ASSERT",
                     # transformers' lazy module when a submodule fails to import ("Failed
                     # to import transformers.integrations.peft because of the following
                     # error (look up to see its traceback):"), and ImportError's own words
                     # for a name a module lacks (a version mismatch)
                     b"because of the following error (look up to see its traceback)",
                     b"cannot import name '",
                     # wandb's sweep agent reporting the exception a run raised, by its
                     # repr ("Run 88zsh0ib errored: ValueError('signal only works in main
                     # thread')"); memory, disk and network words in it are read first
                     b" errored: ",
                     # torch's FileAdapter (torch.load, torch.jit.load of a path) when the
                     # C library cannot open it: "open file failed because of errno 2 on
                     # fopen: No such file or directory, file path: x.pt" (errno 42 on
                     # Windows: a path it cannot encode); a full disk's or a failing
                     # mount's words in it are read first
                     b"open file failed because of errno",
                     # CPython failing to start (pylifecycle.c's fatal_error, 3.8+: the
                     # "Fatal Python error: init_fs_encoding: ..." or "config_init_hash_seed:
                     # PYTHONHASHSEED must be ..." line, then "Python runtime state:
                     # preinitialized" or "core initialized"; 3.7's "Fatal Python error:
                     # Py_Initialize: ..."): its environment (PYTHONHOME, PYTHONHASHSEED, a
                     # broken install) stops every attempt alike. A fatal error once running
                     # says "initialized" and reads as the crash it names
                     b"Python runtime state: preinitialized",
                     b"Python runtime state: core initialized",
                     b"Fatal Python error: Py_Initialize",
                     # a training loop stopping itself on a non-finite loss: the DETR,
                     # DeiT and MAE engines' "Loss is nan, stopping training" (then
                     # sys.exit(1)), YOLOv3/v5's "WARNING: non-finite loss, ending
                     # training", Keras' TerminateOnNaN ("Batch 1882: Invalid loss,
                     # terminating training"); the learning rate, the data's scale or the
                     # model diverges the same way again
                     b"Loss is nan", b"Loss is inf", b"non-finite loss",
                     b"Invalid loss, terminating",
                     # (other loops print the value's own repr, "Stopping training
                     # session because loss is NaN"; ignite's TerminateOnNan: "Output
                     # 'loss' contains NaN or Inf. Stop training")
                     b"loss is NaN", b"Loss is NaN", b"contains NaN or Inf. Stop",
                     # autograd's hint under its backward errors (an in-place update of a
                     # saved tensor, a gradient that could not be computed), when a paste
                     # kept only the hint: "Hint: enable anomaly detection to find the
                     # operation that failed to compute its gradient, with
                     # torch.autograd.set_detect_anomaly(True)."
                     b"enable anomaly detection to find the operation",
                     # ComfyUI's report of a node that raised, as its window shows it
                     # and users paste it ("Error occurred when executing
                     # SUPIR_model_loader:", then str(e), then the frames without their
                     # header): the node's code raised; memory words in it are read first
                     b"Error occurred when executing ",
                     # TensorFlow 1.x's last line after a failed session.run, the error's
                     # class and message again ("InvalidArgumentError (see above for
                     # traceback): No OpKernel was registered ..."): an error was raised;
                     # memory, data and the other classes' words in it are read first
                     b" (see above for traceback): "),
    # The command never ran: a shell that cannot find or execute it (bash's
    # "bash: /usr/bin/python: No such file or directory", "x: command not found",
    # "./run.sh: Permission denied"; zsh's own words), or Slurm refusing the job's
    # request (sbatch/srun/salloc: slurm_strerror's texts behind their own prefixes).
    # Weak: believed only when nothing else says why (a startup script's harmless
    # "No such file" must not outweigh the run's own death)
    # (": command not found" covers zsh's "zsh: command not found: x" too)
    # (dash, Debian's and Ubuntu's /bin/sh, says "sh: 1: torchrun: not found")
    "launch_refused": (b": command not found", b": not found",
                       # the same in a Chinese locale's bash ("行 25: ./run.sh: 权限不够",
                       # "未找到命令")
                       "权限不够".encode(), "未找到命令".encode(),
                       # the kubelet unable to pull the container's image ("Failed to pull
                       # image "x": rpc error: ... name unknown"): a network's words, when
                       # they are there, say more
                       b"Failed to pull image ",
                       # the docker CLI's report of its daemon refusing to create or run
                       # the container ("docker: Error response from daemon: could not
                       # select device driver "" with capabilities: [[gpu]]", "unknown or
                       # invalid runtime name: nvidia", "OCI runtime create failed: ...")
                       # and Slurm's SPANK plugins failing a task's setup (pyxis, a
                       # container plugin: "Failed to invoke spank plugin stack")
                       b"Error response from daemon: ", b"Failed to invoke spank plugin stack",
                       # a cloud refusing to start the job for the account's quota
                       # (SageMaker's CreateTrainingJob: "An error occurred
                       # (ResourceLimitExceeded) when calling the CreateTrainingJob
                       # operation: The account-level service limit ... is 0 Instances")
                       b"An error occurred (ResourceLimitExceeded)",
                       # Open MPI's mapper refusing the launch (help-orte-rmaps-base.txt:
                       # "There are not enough slots available in the system to satisfy
                       # the 8 slots that were requested by the application"): more ranks
                       # than the hosts offer, under mpirun, horovodrun, torchpack
                       b"There are not enough slots available in the system",
                       b": No such file or directory", b"zsh: no such file or directory: ",
                       b": Permission denied", b"zsh: permission denied: ",
                       # bash reading a file that is not a shell script (a Python file
                       # run without its interpreter): "line 21: syntax error near
                       # unexpected token `('"
                       b"syntax error near unexpected token",
                       # dash's (Debian's and Ubuntu's /bin/sh) words for a script it
                       # cannot parse: "run.sh: 25: Syntax error: Bad for loop variable"
                       b": Syntax error: ",
                       b"Batch job submission failed", b"Unable to allocate resources",
                       b"Unable to create step for job", b"Job submit/allocate failed",
                       b"Failed to validate job spec", b"Invalid generic resource",
                       # the job's environment refused before the run: Environment
                       # Modules' and Lmod's unknown module ("Unable to locate a
                       # modulefile for 'conda'", "The following module(s) are unknown:")
                       b"Unable to locate a modulefile for",
                       b"Lmod has detected the following error",
                       # a cluster scheduler refusing the job (Grid Engine's qsub: "Unable
                       # to run job: Job was rejected because job requests unknown queue";
                       # LSF's bsub: "No such queue. Job not submitted."; sbatch, whose
                       # every error is a refused submission: "sbatch: error: *** Error
                       # partition 'x' is not valid for this job")
                       b"Unable to run job: ", b"Job not submitted", b"sbatch: error: ",
                       # PowerShell running what is not there ("FullyQualifiedErrorId :
                       # CommandNotFoundException": a venv never created)
                       b"CommandNotFoundException",
                       b"The following module(s) are unknown",
                       # Windows console-script launchers (torchrun.exe, accelerate.exe,
                       # pip.exe) whose script names an interpreter that is not there:
                       # distlib's "Fatal error in launcher: Unable to create process
                       # using '...'" and the conda/setuptools launcher's "failed to
                       # create process."
                       b"Fatal error in launcher: ", b"failed to create process."),
    # (and accelerate's set_module_tensor_to_device loading a checkpoint into a
    # model built from a config it does not match: "Trying to set a tensor of shape
    # torch.Size([1024]) in "bias" (which has shape torch.Size([1216])), this looks
    # incorrect.")
    "state_dict": (b"size mismatch for ", b"Error(s) in loading state_dict",
                   b"Missing key(s) in state_dict", b"Unexpected key(s) in state_dict",
                   b"Trying to set a tensor of shape"),
    "control_plane": (b"Unable to contact slurm controller", b"slurm_receive_msg",
                      # Torque's and PBS Pro's clients unable to reach pbs_server ("qsub:
                      # cannot connect to server gm-1 (errno=111) Connection refused")
                      b"cannot connect to server ",
                      b"Socket timed out on send/recv operation"),
    "write_failed": (b"PytorchStreamWriter failed", b"file write failed", b"unexpected pos "),
    "worker_exit": (b"exited unexpectedly",
                    # MS-MPI's mpiexec after a rank died ("[1] process exited without
                    # calling finalize", "C:\\app.exe ended prematurely and may have
                    # crashed. exit code 1")
                    b"ended prematurely and may have crashed",
                    # Kubernetes' word for a container that keeps dying (a pod status
                    # "CrashLoopBackOff", the kubelet's event "Back-off restarting failed
                    # container"): it exits and is restarted, its reason not said here
                    b"CrashLoopBackOff", b"Back-off restarting failed container",
                    # Databricks' notebook notice of its Spark driver's death ("The spark
                    # driver has stopped unexpectedly and is restarting.", "Spark context
                    # has stopped and the driver is restarting.")
                    b"driver has stopped unexpectedly", b"the driver is restarting",
                    # Paddle's DataLoader: "DataLoader 8 workers exit unexpectedly, pids:"
                    b"workers exit unexpectedly",
                    # and its reader thread failing in the main process (dataloader_iter.py
                    # logs "DataLoader reader thread raised an exception!", then the
                    # queue's SystemError: "(Fatal) Blocking queue is killed because the
                    # data reader raises an exception."): the reader's own error unseen
                    b"reader thread raised an exception",
                    b"Blocking queue is killed because the data reader",
                    # paddle.distributed.launch (launch_utils.py) when a trainer dies:
                    # "ABORT!!! Out of all 4 trainers, the trainer process with rank=[3]
                    # was aborted. Please check its log."; MindSpore's msrun: "Worker
                    # process 130673 exit with exception."
                    b"was aborted. Please check its log", b"exit with exception.",
                    # batchgenerators' (nnU-Net's) liveness check of its worker processes
                    b"workers are no longer alive",
                    # nnU-Net v2's export/preprocessing pool: "Background workers died.
                    # Look for the error message further up! ..."
                    b"Background workers died",
                    # vLLM's engine-core child failing at start-up ("See root cause above")
                    b"Engine core initialization failed",
                    # the DataLoader's report of a worker's signal death (any signal:
                    # "Killed" also reads as memory, "Segmentation fault" as a crash)
                    b"is killed by signal: ",
                    # a pool's worker gone: Ray's ActorDiedError ("The actor died
                    # unexpectedly") and WorkerCrashedError ("The worker died
                    # unexpectedly"), vLLM's executors ("Worker proc VllmWorker-1 died
                    # unexpectedly, shutting down executor."), most pools' words; Ray's
                    # GCS exit detail and the raylet's report of a task's worker
                    b" died unexpectedly", b"worker process has died",
                    b"A worker died or was killed",
                    # older Ray's "Invalid return value: likely worker died or was killed
                    # while executing the task"
                    b"worker died or was killed while executing",
                    # a simulator's game process gone (ViZDoom's ViZDoomErrorException:
                    # "Unexpected ViZDoom instance crash.")
                    b"ViZDoom instance crash",
                    # LocalRayletDiedError: "The task's local raylet died. Check raylet.out"
                    b"local raylet died",
                    # a notebook's kernel process gone: Jupyter's notice ("The kernel
                    # appears to have died. It will restart automatically."; JupyterLab's
                    # "The kernel for x.ipynb appears to have died. ..."), VS Code's
                    # ("The Kernel crashed while executing code in the current cell"),
                    # the Jupyter server's restarter log line
                    b"appears to have died. It will restart",
                    # Spyder's console ("Kernel died, restarting") and VS Code's Jupyter
                    # log ("Disposing session as kernel process died ExitCode: ...")
                    b"Kernel died, restarting", b"kernel process died",
                    b"Kernel crashed while executing",
                    b"KernelRestarter: restarting kernel",
                    # concurrent.futures' BrokenProcessPool (Inductor's compile workers,
                    # any process pool): "A process in the process pool was terminated
                    # abruptly while the future was running or pending."
                    b"terminated abruptly",
                    # datasets' map with num_proc (py_utils.iflatmap_unordered): "One of
                    # the subprocesses has abruptly died during map operation."
                    b"has abruptly died"),
    # a data loader's own words for samples it could not decode (loaders also log
    # the samples they skipped: at a quiet level, which does not count, see _fold)
    "bad_sample": (b"undecodable", b"failed to decode", b"Failed to decode",
                   # torchaudio's loaders ("Failed to load audio from <path>")
                   b"Failed to load audio",
                   b"corrupt sample", b"corrupted sample",
                   # decoders' own words: libsndfile, Arrow/Parquet, tarfile (webdataset
                   # shards), Python's and Rust's UTF-8 decoders
                   b"Format not recognised", b"File contains data in an unknown format",
                   b"magic bytes not found",
                   b"unexpected end of data", b"codec can't decode", b"valid UTF-8",
                   # Arrow's JSON and CSV readers (datasets' json/csv builders)
                   b"JSON parse error", b"CSV parse error",
                   # Python's wave and SciPy's wavfile on a file that is no RIFF WAV
                   b"does not start with RIFF id", b"Only 'RIFF' and 'RIFX' supported",
                   # TensorFlow's record reader (record_reader.cc) on a damaged TFRecord
                   # shard: "DataLossError: corrupted record at 2585605691"
                   b"corrupted record at",
                   # Parquet's reader on a damaged file ("Invalid parquet file. Corrupt
                   # footer.", the C++ reader's "Unexpected end of stream") and the
                   # PyTorch TFRecord reader's ("Failed to read the record.")
                   b"Corrupt footer", b"Unexpected end of stream", b"Failed to read the record",
                   # RDKit parsing or sanitizing a molecule (a SMILES string, an SDF
                   # record): "SMILES Parse Error: syntax error while parsing: C1CC",
                   # "Can't kekulize mol.  Unkekulized atoms: 0 1 2", "Explicit valence
                   # for atom # 17 O, 4, is greater than permitted" (older releases
                   # without the count), under any exception type or logged alone
                   b"SMILES Parse Error", b"Can't kekulize mol", b"Explicit valence for atom"),
}


def _needle_table():
    """All needles as (bytes, marker bit or 0 for structural ones), in a fixed order."""
    table = [(n, 0) for n in STRUCTURAL]
    for name in MARKERS:
        for needle in _MARKER_NEEDLES.get(name, ()):
            table.append((needle, MARKER_BIT[name]))
    return tuple(table)


NEEDLES = _needle_table()
# Every needle is at least this long: the C lexer's skip search hashes
# three-byte grams and skips up to MIN_NEEDLE - 2 bytes at a time, and its line
# prefilter samples four-byte grams every MIN_NEEDLE - 3 bytes.
MIN_NEEDLE = min(len(n) for n, _ in NEEDLES)
MAX_NEEDLES = 1024  # built-in and site needles together (the C lexer's tables)
assert MIN_NEEDLE >= 8, MIN_NEEDLE
assert len({n for n, _ in NEEDLES}) == len(NEEDLES), "needles must be unique"


def check_site(site):
    """``site`` as a tuple of literals the scanners can search, or ValueError."""
    site = tuple(site)
    if len(site) > MAX_NEEDLES - len(NEEDLES):
        raise ValueError("at most %d site literals, not %d"
                         % (MAX_NEEDLES - len(NEEDLES), len(site)))
    for literal in site:
        if not isinstance(literal, bytes) or len(literal) < MIN_NEEDLE:
            raise ValueError("a site literal is bytes of at least %d bytes: %r"
                             % (MIN_NEEDLE, literal))
    return site


# A [rankN]: prefix glued before a traceback header is looked for this far back.
RANK_LOOKBACK = 20
# The longest line prefix inferred from a traceback header (see _py.shape_end).
PREFIX_MAX = 96
# How far into a line the colon of "<prefix>Type: message" may be (_py_text.inner_terminal).
INNER_SPAN = PREFIX_MAX + NAME_MAX + 2


@functools.lru_cache(maxsize=1024)
def marker_names(mask: int) -> Tuple[str, ...]:
    """The marker names set in ``mask``, in table order (few masks recur: cached)."""
    return tuple(name for i, name in enumerate(MARKERS) if mask >> i & 1)


@dataclass(frozen=True)
class Terminal:
    """One terminal line: the exception that ended a traceback, as printed."""

    exc_type: str
    message: str
    line: str
    rank: Optional[int]


@dataclass(frozen=True)
class ScanResult:
    """What the end of a dead run's output says about why it died.

    ``root`` is the terminal line the scanner believes (None when no traceback
    explains the death); ``chain`` holds every terminal of the root's chain,
    oldest first, with the root last. ``root_markers`` come from the root's own
    lines; ``markers`` from log lines outside any traceback that were not
    followed by ordinary output (evidence that was survived does not count).
    ``evidence`` pairs each marker with the last line that showed it.
    ``survived`` is the chain of the last traceback set aside because its rank
    printed ordinary output after it (with ``survived_markers``): weak evidence,
    believed only when nothing else says why the run died. ``site_hits`` holds, for
    each site literal the scan was given (``scan_tail(data, site=...)``) and each
    rank, the last line that held it.
    """

    root: Optional[Terminal] = None
    chain: Tuple[Terminal, ...] = ()
    survived: Tuple[Terminal, ...] = ()
    survived_markers: Tuple[str, ...] = ()
    root_markers: Tuple[str, ...] = ()
    markers: Tuple[str, ...] = ()
    evidence: Tuple[Tuple[str, str], ...] = ()
    signal: Optional[int] = None
    launcher_exitcode: Optional[int] = None
    child_failed: bool = False
    cfe_rank: Optional[int] = None
    cfe_exitcode: Optional[int] = None
    cfe_error_file: Optional[str] = None
    native_abort: Optional[str] = None
    tracebacks: int = 0
    stale_tracebacks: int = 0
    # a traceback the tail cut before its exception line, after a whole frame (its
    # rank's last line a frame's source or caret line): the code raised, though the
    # tail does not say what
    unfinished_traceback: bool = False
    lines: int = 0
    # (index of the site literal, rank or None, the last line of that rank holding it
    # and matching its pattern, if any), oldest line first
    site_hits: Tuple[Tuple[int, Optional[int], str], ...] = ()
    site: Tuple[bytes, ...] = ()  # the site literals the scan searched for

    @property
    def root_exception(self) -> Optional[str]:
        return self.root.exc_type if self.root else None

    @property
    def root_rank(self) -> Optional[int]:
        return self.root.rank if self.root else None

    @property
    def all_markers(self) -> Tuple[str, ...]:
        """Every marker seen, in MARKERS order (the fingerprint of a death without a
        traceback): sorted by bit (the bits follow that order), not by walking all 64 names."""
        if not self.root_markers and not self.markers:
            return ()
        seen = set(self.root_markers)
        seen.update(self.markers)
        return tuple(sorted((m for m in seen if m in MARKER_BIT), key=MARKER_BIT.__getitem__))

