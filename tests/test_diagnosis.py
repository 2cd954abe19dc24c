"""diagnose(): golden tails, the corpus of real crash logs (tests/data/corpus), and the API."""
import json

import pytest

import flashrun
from conftest import DATA, IMPLS, corpus_cases

GOLDEN = sorted((DATA / "golden").glob("*.log"))
ACTION_KIND = {"fail_job": "fail_fast", "retry_task": "retry", "restart_group": "retry",
               "replace_node": "retry", "pause_job": "pause", "freeze_automation": "pause"}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden(path, scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    want = json.loads(path.with_suffix(".json").read_text())
    d = flashrun.diagnose(path.read_bytes(), want["exit_code"])
    got = {"exit_code": want["exit_code"], "failure_class": d.failure_class.value,
           "action": d.decision.action.value, "root_exception": d.root_exception,
           "root_rank": d.scan.root_rank, "markers": list(d.scan.all_markers)}
    assert got == want


CASES = corpus_cases()


def test_corpus_is_in_the_repo():
    assert len(CASES) >= 67, "tests/data/corpus lost cases"


def test_corpus_accuracy_and_traps(scan_impl, monkeypatch):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    ok_cls = ok_act = 0
    wrong_traps = []
    for case_id, data, row in CASES:
        d = flashrun.diagnose(data[-65536:], row["exit_code"])
        cls_ok = d.failure_class.value == row["failure_class"]
        act_ok = ACTION_KIND[d.decision.action.value] == row["action_kind"]
        ok_cls += cls_ok
        ok_act += act_ok
        if "TRAP:" in row["notes"] and not (cls_ok and act_ok):
            wrong_traps.append(case_id)
    n = len(CASES)
    assert not wrong_traps
    assert ok_cls / n >= 0.95 and ok_act / n >= 0.97, (ok_cls, ok_act, n)


def test_diagnose_accepts_str_and_explains_itself():
    d = flashrun.diagnose("Traceback (most recent call last):\n  File \"a.py\"\n"
                          "KeyError: 'lr'\n", 1, mode="independent_tasks")
    assert d.failure_class == "application_error"
    assert d.decision.action == "fail_job"
    assert d.root_exception == "KeyError"
    assert d.evidence.line == "KeyError: 'lr'"
    assert d.decision.policy_version == flashrun.POLICY_VERSION
    text = str(d)
    assert "application_error" in text and "KeyError: 'lr'" in text and "fail_job" in text


def test_an_exception_carrying_another_is_read_as_the_inner_one():
    """A root whose message is another exception's terminal line (a framework
    re-raising with str(e)): the inner class is the root, in the decision and in its
    explanation; an inner class that names code leaves the wrapper's words their say."""
    d = flashrun.diagnose(
        b"Traceback (most recent call last):\n  File \"fit.py\", line 9, in <module>\n"
        b"AttributeError: tensorflow.python.framework.errors_impl.ResourceExhaustedError: "
        b"OOM when allocating tensor with shape[64,512,512] and type float\n", 1)
    assert d.failure_class == "out_of_memory"
    assert d.root_exception == "tensorflow.python.framework.errors_impl.ResourceExhaustedError"
    terminal = d.explain().items[0]
    assert terminal.kind == "terminal" and terminal.points_to == "out_of_memory"
    assert terminal.used
    d = flashrun.diagnose(b"RuntimeError: ImportError: /x/cuda_utils.so: cannot read file "
                          b"data: Stale file handle\n", 1)
    assert d.failure_class == "storage_timeout" and d.root_exception == "RuntimeError"
    d = flashrun.diagnose(b"RuntimeError: Error(s) in loading state_dict for Net:\n", 1)
    assert d.failure_class == "application_error" and d.root_exception == "RuntimeError"


def test_a_traceback_cut_after_a_frame_is_the_codes_and_says_so():
    """The tail ends inside a traceback, after a whole frame and before its exception
    line, on both scanners: the code raised; the explanation names that evidence."""
    tail = (b"epoch 3 step 12\nTraceback (most recent call last):\n"
            b"  File \"/work/train.py\", line 19, in <module>\n"
            b"    from torchvision import transforms\n")
    impls = [impl for impl in IMPLS.values() if impl is not None]
    for impl in impls:
        assert impl.scan_tail(tail).unfinished_traceback
    d = flashrun.diagnose(tail, 1)
    assert d.failure_class == "application_error" and d.root_exception is None
    kinds = [item.kind for item in d.explain().items]
    assert kinds[0] == "cut traceback" and d.explain().items[0].used
    # a frame line alone says nothing of what raised; output after the frames ends it
    for impl in impls:
        assert not impl.scan_tail(tail.rsplit(b"    from", 1)[0]).unfinished_traceback
        assert not impl.scan_tail(tail + b"epoch 3 step 13\n").unfinished_traceback


def test_an_error_report_is_weak_evidence_and_the_explanation_names_its_shape():
    """A tool's own "FATAL: ..." as its last words, on both scanners: application_error
    when nothing else speaks, read from the line's shape (no needle) and said so; a
    SIGKILL beside it outranks it."""
    tail = b"loading config\nFATAL: no training package; set PKG or pass -P\n"
    for impl in [impl for impl in IMPLS.values() if impl is not None]:
        assert impl.scan_tail(tail).markers == ("error_report",)
    d = flashrun.diagnose(tail, 1)
    assert d.failure_class == "application_error"
    [item] = [item for item in d.explain().items if item.kind == "marker"]
    assert item.used and item.source == "built-in: line shape 'error_report'"
    assert flashrun.diagnose(tail, -9).failure_class == "worker_crash"


def test_same_fingerprint_twice_is_deterministic():
    tail = b"Traceback (most recent call last):\n  File \"a\"\nRuntimeError: NCCL error in: x.cpp:12\n"
    first = flashrun.diagnose(tail, 1)
    assert first.decision.action == "restart_group"
    again = flashrun.diagnose(tail.replace(b"12", b"99"), 1,
                              previous_fingerprint=first.fingerprint)
    assert again.decision.action == "fail_job" and again.decision.deterministic


def test_signal_deaths_in_a_row_are_not_deterministic():
    first = flashrun.diagnose(b"", -9)
    again = flashrun.diagnose(b"", -9, previous_fingerprint=first.fingerprint)
    assert again.failure_class == "worker_crash" and again.decision.action == "restart_group"


def test_hang_and_correlated_flags():
    assert flashrun.diagnose(b"step 3\n", None, hung=True).failure_class == "hang"
    d = flashrun.diagnose(b"Killed\n", 137, correlated=True)
    assert d.failure_class == "correlated_incident" and d.decision.action == "freeze_automation"


@pytest.mark.parametrize("junk", [b"\x00" * 1000, bytes(range(256)) * 64, b"\r" * 5000,
                                  b"\x1b[" * 3000, "ünïcödé ☃".encode() * 100])
def test_junk_never_raises(junk):
    d = flashrun.diagnose(junk, 1)
    assert d.failure_class in flashrun.FailureClass


def test_bad_arguments_are_type_errors():
    with pytest.raises(TypeError):
        flashrun.diagnose(None, 1)
    with pytest.raises(TypeError):
        flashrun.diagnose(b"", "1")
    with pytest.raises(ValueError):
        flashrun.diagnose(b"", 1, mode="sometimes")


# Tails printed by torch 2.11 (CUDA 13) on a real H200, captured by benchmarks/gpu/run_checks.sh
# under `flashrun run` (benchmarks/gpu/results/): the only real-GPU output in the suite.
GPU_TAILS = [("h200_oom.log", "out_of_memory", "fail_job", "torch.OutOfMemoryError"),
             ("h200_assert.log", "application_error", "fail_job", "torch.AcceleratorError"),
             ("h200_illegal.log", "application_error", "fail_job", None)]


@pytest.mark.parametrize("name,cls,action,root", GPU_TAILS)
def test_real_gpu_tails(scan_impl, monkeypatch, name, cls, action, root):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    d = flashrun.diagnose((DATA / "gpu" / name).read_bytes(), 1)
    assert (d.failure_class.value, d.decision.action.value) == (cls, action)
    if root is not None:
        assert d.root_exception == root


# --- Generalisation by mechanism: synthetic tails in shapes real tools print ------------
# Each case is written here (not taken from the corpus) in the wording of the tool or
# torch release that prints it; docs/needles.md says where each family comes from.

LEGACY_LAUNCH_SEGV = """\
Traceback (most recent call last):
  File "/opt/conda/lib/python3.8/runpy.py", line 194, in _run_module_as_main
    return _run_code(code, main_globals, None,
  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/launch.py", line 260, in main
    raise subprocess.CalledProcessError(returncode=process.returncode,
subprocess.CalledProcessError: Command '['/opt/conda/bin/python', '-u', 'pretrain.py', \
'--local_rank=3']' died with <Signals.SIGSEGV: 11>.
"""
CHILD_OOM = """\
Traceback (most recent call last):
  File "pretrain.py", line 412, in <module>
    loss = model(batch).loss
  File "/opt/conda/lib/python3.8/site-packages/torch/nn/modules/module.py", line 1102, in _call_impl
    return forward_call(*input, **kwargs)
RuntimeError: CUDA out of memory. Tried to allocate 1.53 GiB (GPU 3; 31.75 GiB total capacity)
"""
ACCELERATE_EXIT = """\
  File "/usr/local/lib/python3.10/dist-packages/accelerate/commands/launch.py", line 577, in \
simple_launcher
    raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)
subprocess.CalledProcessError: Command '['/usr/bin/python3', 'finetune.py', '--bf16']' returned \
non-zero exit status 1.
"""
SPAWN_KILLED = """\
Traceback (most recent call last):
  File "main_worker.py", line 301, in <module>
    mp.spawn(run, nprocs=world, args=(cfg,), join=True)
  File "/venv/lib/python3.9/site-packages/torch/multiprocessing/spawn.py", line 136, in join
    raise ProcessExitedException(
torch.multiprocessing.spawn.ProcessExitedException: process 2 terminated with signal SIGKILL
"""
SRUN_EXIT = """\
epoch 7 | step 5300 | loss 1.884
srun: error: gpu-a100-017: task 5: Exited with exit code 1
srun: launch/slurm: _step_signal: Terminating StepId=881234.0
"""
SLURM_CANCEL = SRUN_EXIT + (
    "slurmstepd: error: *** STEP 881234.0 ON gpu-a100-017 CANCELLED AT 2025-03-02T04:11:09 ***\n")
DEEPSPEED_KILL = """\
[2025-01-09 11:02:13,500] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 40213
[2025-01-09 11:02:13,812] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', \
'train.py', '--local_rank=0'] exits with return code = -9
"""


@pytest.mark.parametrize("tail, exit_code, want", [
    (LEGACY_LAUNCH_SEGV, 1, "worker_crash"),
    (CHILD_OOM + LEGACY_LAUNCH_SEGV, 1, "out_of_memory"),  # the child says why: believed
    (ACCELERATE_EXIT, 1, "worker_crash"),
    ("Traceback (most recent call last):\n  File \"finetune.py\", line 8\n"
     "KeyError: 'input_ids'\n" + ACCELERATE_EXIT, 1, "application_error"),
    (SPAWN_KILLED, 1, "worker_crash"),
    (SRUN_EXIT, 1, "worker_crash"),
    # srun tears the step down after task 5 failed: the bare cancel is its consequence
    (SLURM_CANCEL, 1, "worker_crash"),
    # a cancel with no reason and nothing failing before it: someone cancelled the job
    ("epoch 7 | step 5300 | loss 1.884\nslurmstepd: error: *** JOB 881234 ON gpu-a100-017 "
     "CANCELLED AT 2025-03-02T04:11:09 ***\n", 143, "preemption"),
    (DEEPSPEED_KILL, 247, "worker_crash"),
], ids=["legacy-launch-segv", "child-oom-under-launch", "accelerate-silent", "accelerate-child",
        "spawn-sigkill", "srun-exit", "srun-teardown-cancel", "scancel", "deepspeed-kill"])
def test_launcher_reports_say_how_and_child_evidence_says_why(scan_impl, monkeypatch, tail,
                                                              exit_code, want):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    assert flashrun.diagnose(tail, exit_code).failure_class.value == want


@pytest.mark.parametrize("tail, status", [
    (LEGACY_LAUNCH_SEGV, -11), (SPAWN_KILLED, -9), (SRUN_EXIT, 1), (DEEPSPEED_KILL, -9),
    ("process 0 terminated with exit code 3\n", 3),
    ("Command terminated by signal 6\n", -6),
    ("Command exited with non-zero status 2\n", 2),
    ("Process finished with exit code 134 (interrupted by signal 6: SIGABRT)\n", -6),
    ("Process finished with exit code 138 (interrupted by signal 10: SIGBUS)\n", -7),  # macOS
    ("Process finished with exit code 1\n", 1),
    ("srun: error: n3: tasks 2-3,5: Killed\n", -9),
])
def test_launcher_exit_status_is_read_from_the_report(scan_impl, tail, status):
    assert scan_impl.scan_tail(tail.encode()).launcher_exitcode == status


@pytest.mark.parametrize("tail, exit_code, want", [
    ("loading shards\n./run.sh: line 14: 48213 Aborted                 (core dumped) python "
     "infer.py --fp16\n", 134, "worker_crash"),
    ("step 3\n[1]  + 4123 killed     python train.py\n", None, "worker_crash"),
    ("building index...\nzsh: segmentation fault (core dumped)  python build_index.py\n", 139,
     "worker_crash"),
    ("[2]  + 9137 bus error  python3 bench.py --size 4096\n", None, "worker_crash"),
    ("Epoch 2:  61%|██████    | 610/1000 [03:12<02:03,  3.17it/s]zsh: illegal hardware "
     "instruction  python train.py\n", None, "worker_crash"),
    # a SIGKILL says how, not why: memory only when the tail puts memory at stake
    ("step 88\nrun.sh: line 3:   771 Killed                  python train.py\n", None,
     "worker_crash"),
    ("Loading checkpoint shards:  50%|#####     | 1/2 [00:09<00:09,  9.51s/it]\n"
     "run.sh: line 3:   771 Killed                  python chat.py\n", None, "out_of_memory"),
    ("Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)\n", None,
     "worker_crash"),
    ("eval 3/9\nCommand terminated by signal 11\n", None, "worker_crash"),
    ("eval 3/9\nCommand exited with non-zero status 1\n", None, "worker_crash"),
    ("epoch 2\nsrun: error: gpu-n3: task 1: Killed\n", 1, "worker_crash"),  # a signal, no memory
    ("epoch 2\nsrun: error: gpu-n3: task 1: Out Of Memory\n", 1, "out_of_memory"),
    ("step 10 loss 2.0\n", 1, "unknown"),  # a bare exit status says nothing of the failure
], ids=["bash-abort", "zsh-job-killed", "zsh-segv", "zsh-bus-error", "glued-to-bar",
        "bash-killed", "bash-killed-loading-a-model", "ide-segv", "gnu-time-signal", "gnu-time-status", "srun-killed",
        "srun-oom", "bare-exit"])
def test_shell_ide_and_tool_death_lines(scan_impl, monkeypatch, tail, exit_code, want):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    assert flashrun.diagnose(tail, exit_code).failure_class.value == want


def test_a_kill_with_memory_at_stake_explains_both_lines(scan_impl, monkeypatch):
    """A model's load in flight is context for the shell's SIGKILL notice: together they
    read as memory and the explanation marks both; alone, the load is no line to
    believe."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    load = "Loading checkpoint shards:  50%|#####     | 1/2 [00:09<00:09,  9.51s/it]\n"
    killed = "run.sh: line 3:   771 Killed                  python chat.py\n"
    d = flashrun.diagnose(load + killed, 137)
    assert d.failure_class == "out_of_memory"
    assert d.signals.root_line == killed.rstrip("\n")
    used = {i.source for i in d.explain().items if i.used}
    assert used >= {"built-in: needle family 'mem_context'",
                    "built-in: needle family 'shell_killed'"}
    alone = flashrun.diagnose(load, None)
    assert alone.failure_class == "unknown" and alone.signals.root_line is None


CUDA_BLOCK = ("CUDA kernel errors might be asynchronously reported at some other API call, so the "
              "stacktrace below might be incorrect.\nFor debugging consider passing "
              "CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side "
              "assertions.\n")


def _tb(terminal, frame='  File "/work/train.py", line 77, in step\n    out = model(x)\n'):
    return "Traceback (most recent call last):\n" + frame + terminal + "\n"


@pytest.mark.parametrize("tail, want", [
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=405 error=2 : out of "
     "memory\n" + _tb("RuntimeError: cuda runtime error (2) : out of memory at "
                      "/pytorch/aten/src/THC/THCCachingAllocator.cpp:510"), "out_of_memory"),
    (_tb("RuntimeError: CUDA error: out of memory") + CUDA_BLOCK, "out_of_memory"),
    (_tb("torch.OutOfMemoryError: XPU out of memory. Tried to allocate 3.00 GiB"),
     "out_of_memory"),
    (_tb("RuntimeError: [enforce fail at alloc_cpu.cpp:83] . DefaultCPUAllocator: can't allocate "
         "memory: you tried to allocate 8589934592 bytes. Error code 12 (Cannot allocate memory)"),
     "out_of_memory"),
    ("terminate called after throwing an instance of 'std::bad_alloc'\n  what():  "
     "std::bad_alloc\nAborted (core dumped)\n", "out_of_memory"),
    (_tb("RuntimeError: CUDA error: uncorrectable ECC error encountered") + CUDA_BLOCK,
     "accelerator_failure"),
    (_tb("RuntimeError: CUDA error: unspecified launch failure") + CUDA_BLOCK,
     "accelerator_failure"),
    (_tb("RuntimeError: CUDA error: an illegal memory access was encountered") + CUDA_BLOCK,
     "application_error"),
    (_tb("RuntimeError: unexpected EOF, expected 7716 more bytes. The file might be corrupted."),
     "artifact_corruption"),
    (_tb("RuntimeError: storage has wrong size: expected 4 got 1024"), "artifact_corruption"),
    (_tb("RuntimeError: Invalid magic number; corrupt file?"), "artifact_corruption"),
    (_tb("RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 1152 vs 1046"),
     "storage_timeout"),
    (_tb("RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed "
         "writing file data/12: file write failed"), "storage_timeout"),
    (_tb("RuntimeError: DataLoader worker (pid(s) 8812) exited unexpectedly"), "worker_crash"),
    ("[rank3]:[E1130 02:11:45.118000 PG ID 0 PG GUID 0(default_pg) Rank 3] Heartbeat monitor "
     "timed out! Process will be terminated after dumping debug info.\n",
     "communication_error"),
    (_tb("RuntimeError: Timed out initializing process group in store based barrier on rank 5, "
         "for key: store_based_barrier_key:1 (world_size=8, num_workers_joined=7, timeout=0:30:00)"),
     "communication_error"),
    (_tb("json.decoder.JSONDecodeError: Expecting ',' delimiter: line 1 column 88 (char 87)"),
     "data_error"),
    # torch 2.6's safe loader refusing a global: an UnpicklingError, but the file is intact
    (_tb("_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to "
         "do so you have two options, do those steps only if you trust the source of the "
         "checkpoint.") + "\tWeightsUnpickler error: Unsupported global: GLOBAL "
     "numpy.core.multiarray.scalar was not an allowed global by default.\n",
     "application_error"),
    (_tb("_pickle.UnpicklingError: invalid load key, '<'."), "artifact_corruption"),
    # ENOSPC on one of torch's own shared-memory segments: /dev/shm, memory
    (_tb("RuntimeError: unable to write to file </torch_18812_3377913925_4>: No space left on "
         "device (28)"), "out_of_memory"),
    (_tb("OSError: [Errno 28] No space left on device: '/ckpt/step_900.pt'"), "storage_timeout"),
    # Slurm's memory reports, old and new; a Lustre eviction; c10d's store socket
    ("step 300 | loss 2.1\nslurmstepd: error: Detected 1 oom_kill event in StepId=1054.0. Some "
     "of the step tasks have been OOM Killed.\n", "out_of_memory"),
    ("step 300 | loss 2.1\nslurmstepd: error: Job 41176 exceeded memory limit (3940736 > "
     "2068480), being killed\nslurmstepd: error: Exceeded job memory limit\n", "out_of_memory"),
    (_tb("OSError: [Errno 108] Cannot send after transport endpoint shutdown"), "storage_timeout"),
    (_tb("RuntimeError: Socket Timeout"), "communication_error"),
    # NCCL reports failures at its WARN level, and an INFO trace after it is no recovery
    ("node1:1234:5678 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from "
     "peer 10.1.1.2<43512> with error 12, opcode 32671, len 0, vendor err 129 (Recv)\n"
     "node1:1234:5678 [0] NCCL INFO transport/net.cc:1134 -> 6\n", "communication_error"),
    (_tb("RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"),
     "accelerator_failure"),
    (_tb("RuntimeError: CUDA error: system not yet initialized"), "accelerator_failure"),
    ("Epoch 3:  50%|#####     | 500/1000\nHandling auto-requeue signal: 10\n"
     "Requeued SLURM job: 4412\n", "preemption"),
    (_tb("OSError: Unable to load weights from pytorch checkpoint file for 'm.bin' at 'm.bin'. "
         "If you tried to load a PyTorch model from a TF 2.0 checkpoint, please set "
         "from_tf=True."), "artifact_corruption"),
    (_tb("pyarrow.lib.ArrowInvalid: JSON parse error: Invalid value. in row 0") +
     "\nThe above exception was the direct cause of the following exception:\n\n" +
     _tb("datasets.exceptions.DatasetGenerationError: An error occurred while generating the "
         "dataset"), "data_error"),
    # ROCm's runtime reporting a GPU fault, glued to a progress bar, before the abort
    ("Epoch 1:  25%|##5       | 5/20 [1:04:24<3:07:19, 749s/it]HW Exception by GPU node-1 "
     "(Agent handle: 0x35d1f0) reason :GPU Hang\nAborted (core dumped)\n", "accelerator_failure"),
    # the Hub failing to serve, slow or unreachable: the run's model store (the contract
    # has no network class; storage_timeout's action is the same back-off)
    (_tb("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='cdn-lfs.huggingface.co'"
         ", port=443): Read timed out."), "storage_timeout"),
    ("'(ProtocolError('Connection aborted.', RemoteDisconnected('Remote end closed connection "
     "without response')), '(Request ID: fd98)')' thrown while requesting GET "
     "https://huggingface.co/datasets/x/resolve/main/train/14.jsonl.zst\n", "storage_timeout"),
    (_tb("requests.exceptions.ConnectTimeout: HTTPSConnectionPool(host='huggingface.co', "
         "port=443): Max retries exceeded with url: /gpt2/resolve/main/config.json"),
     "storage_timeout"),
    # an error about the code's structure names components; it is not their failure
    (_tb("TypeError: __init__(): incompatible constructor arguments. The following argument "
         "types are supported:\n    1. torch._C._distributed_c10d.TCPStore(host_name: str)"),
     "application_error"),
    (_tb("ModuleNotFoundError: No module named 'botocore'"), "application_error"),
    # PBS's, LSF's and the kubelet's own kill notices
    ("epoch 3 step 900\n=>> PBS: job killed: walltime 86415 exceeded limit 86400\n",
     "preemption"),
    ("epoch 3 step 900\n=>> PBS: job killed: mem 34000000kb exceeded limit 33554432kb\n",
     "out_of_memory"),
    ("epoch 3 step 900\nTERM_RUNLIMIT: job killed after reaching LSF run time limit.\n"
     "Exited with exit code 140.\n", "preemption"),
    ("epoch 3 step 900\nTERM_MEMLIMIT: job killed after reaching LSF memory usage limit.\n"
     "Exited with exit code 137.\n", "out_of_memory"),
    ("step 9\nThe node was low on resource: memory. Threshold quantity: 100Mi, available: "
     "82Mi.\n", "out_of_memory"),
    # the Hub broke off a download: the store's failure, fetched again it is fine
    (_tb("OSError: Consistency check failed: file should be of size 4976698672 but has size "
         "2382430208 (model-00001-of-00002.safetensors)."), "storage_timeout"),
    # the allocator's message body without its first words
    ("Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; 1.24 GiB already "
     "allocated; 2.88 MiB free; 1.25 GiB reserved in total by PyTorch)\n", "out_of_memory"),
    # the DataLoader's shared-memory hint is a guess among causes: a crash, not memory
    ("ERROR: Unexpected bus error encountered in worker. This might be caused by "
     "insufficient shared memory (shm).\n" + _tb("RuntimeError: DataLoader worker (pid 8812) "
                                                  "is killed by signal: Bus error. It is "
                                                  "possible that dataloader's workers are out "
                                                  "of shared memory."), "worker_crash"),
    (_tb("RuntimeError: Stop_waiting response is expected"), "communication_error"),
    ("epoch 1 step 30\n*** Error in `python': double free or corruption (!prev): "
     "0x000055d5c8e1e7a0 ***\n", "worker_crash"),
    (_tb("RuntimeError: cuda runtime error (6) : the launch timed out and was terminated at "
         "/opt/conda/conda-bld/pytorch/work/aten/src/THC/generic/THCTensorCopy.cpp:21"),
     "accelerator_failure"),
    (_tb("fsspec.exceptions.FSTimeoutError: Caught FSTimeoutError in DataLoader worker "
         "process 1."), "storage_timeout"),
    (_tb("Exception: (('gsutil cat gs://bucket/train/20.tar',), {'shell': True}): exit 1 "
         "(read) {'worker_id': 0} @ <Pipe (...)>\", <webdataset.gopen.Pipe object at "
         "0x7fce1cc86e80>"), "storage_timeout"),
], ids=["thc-oom", "c10-cuda-oom", "xpu-oom", "cpu-alloc", "bad-alloc", "ecc-block",
        "launch-failure", "illegal-access", "legacy-eof", "legacy-size", "legacy-magic",
        "save-unexpected-pos", "save-write-failed", "dataloader-exited", "nccl-heartbeat",
        "store-barrier", "json-sample", "weights-only-refusal", "pickle-corrupt",
        "shm-enospc", "disk-enospc", "slurm-oom-kill", "slurm-mem-limit", "lustre-evicted",
        "store-socket-timeout", "nccl-warn-ib", "nvlink", "fabric-not-ready",
        "lightning-requeue", "hf-weights", "arrow-json", "rocm-hw-exception", "hub-read-timeout",
        "hub-dropped", "hub-unreachable", "structure-names-tcpstore", "structure-names-botocore",
        "pbs-walltime", "pbs-mem", "lsf-runlimit", "lsf-memlimit", "kubelet-eviction",
        "hub-short-download", "oom-body-only", "shm-hint-is-a-guess", "store-stop-waiting", "glibc-double-free", "cuda-launch-timeout",
        "fsspec-timeout", "webdataset-pipe"])
def test_needle_families_across_releases(scan_impl, monkeypatch, tail, want):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    assert flashrun.diagnose(tail, 1).failure_class.value == want


def test_noise_after_the_terminal_line_does_not_hide_it(scan_impl, monkeypatch):
    """Progress bars redrawn after the exception, indented shutdown chatter and the
    launcher's report are weighed as noise, not as the run carrying on."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    bars = "".join(" 41%%|████      | %d/1000 [01:1%d<01:40,  5.9it/s]\n" % (410, i)
                   for i in range(10))
    chatter = "".join("    at shutdown hook %d\n" % i for i in range(10))
    tail = CHILD_OOM + bars + chatter + "wandb: Waiting for W&B process to finish... (failed 1).\n"
    assert flashrun.diagnose(tail, 1).failure_class.value == "out_of_memory"
    survived = CHILD_OOM + "".join("2025-01-09 11:02:%02d INFO step %d loss 1.2\n" % (i, i)
                                   for i in range(10))
    assert flashrun.diagnose(survived, None).failure_class.value != "out_of_memory"


def test_a_survived_traceback_is_believed_only_when_nothing_else_speaks(scan_impl, monkeypatch):
    """Shutdown chatter after the exception sets the traceback aside as survived; with
    an error exit and no other evidence it is still the best explanation, but a signal,
    a death line or an unknown exit status keep their own meaning."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    tb = _tb("ValueError: tokenizer vocabulary does not match the checkpoint")
    chatter = "".join("2025-02-11 08:00:%02d INFO server: shutting down worker %d\n" % (i, i)
                      for i in range(10)) + "2025-02-11 08:00:11 INFO server: finished\n"
    d = flashrun.diagnose(tb + chatter, 1)
    assert d.failure_class == "application_error" and d.signals.survived
    assert [i.kind for i in d.explain().items if i.used] == ["survived terminal"]
    assert flashrun.diagnose(tb + chatter, None).failure_class == "unknown"
    assert flashrun.diagnose(tb + chatter, 137).failure_class == "worker_crash"
    assert flashrun.diagnose(tb + chatter + "Killed\n", 1).failure_class == "worker_crash"


@pytest.mark.parametrize("terminal", [
    "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled "
    "cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1\nncclUnhandledCuda"
    "Error: Call to CUDA function failed.\nLast error:\nCuda failure 'out of memory'",
    "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 37.3 GiB for an array with "
    "shape (100000, 100000) and data type float32",
    "RuntimeError: HIP error: hipErrorOutOfMemory",
    "submitit.core.utils.UncompletedJobError: Job 4242_0 (task: 0) with path "
    "/ckpt/4242_0_result.pkl has not produced any output (state: OUT_OF_MEMORY)",
], ids=["nccl-cuda-oom", "numpy-alloc", "hip-oom", "submitit-slurm-state"])
def test_memory_families_from_other_libraries(scan_impl, monkeypatch, terminal):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    assert flashrun.diagnose(_tb(terminal), 1).failure_class == "out_of_memory"


def test_agent_error_lines_after_the_traceback_do_not_hide_it(scan_impl, monkeypatch):
    """A supervisor's own ERROR records (with a weak 'timed out' in them) after the
    worker's traceback: still the worker's error."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    agent = "".join("[2025-02-11 08:00:%02d][ERROR][agent] heartbeat from worker %d timed out\n"
                    % (i, i) for i in range(12))
    d = flashrun.diagnose(_tb("KeyError: 'attention_mask'") + agent, 1)
    assert d.failure_class == "application_error" and d.root_exception == "KeyError"


@pytest.mark.parametrize("before, terminal, after, exit_code, want", [
    ("/venv/accelerate/utils/memory.py:52: UserWarning: lower the batch size to avoid CUDA out "
     "of memory errors\n  warnings.warn(\n", "KeyError: 'labels'", "", 1, "application_error"),
    ("", "AssertionError: timed out waiting for the reference output", "", 1,
     "application_error"),
    ("INFO data: retry policy for No space left on device is 3\n",
     "TypeError: forward() got an unexpected keyword argument 'labels'", "", 1,
     "application_error"),
    ("NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.\n", "ValueError: nan loss",
     "", 1, "accelerator_failure"),
    ("", "ValueError: x", "Killed\n", 137, "worker_crash"),
    ("", "KeyError: 1", "slurmstepd: error: *** JOB 9 ON n1 CANCELLED AT 2024-01-01T00:00:00 "
     "DUE TO TIME LIMIT ***\n", 1, "preemption"),
], ids=["oom-prose-keyerror", "timeout-in-assert", "disk-prose-typeerror", "xid-then-code",
        "killed-after-code", "cancel-after-code"])
def test_code_errors_outweigh_prose_but_not_system_reports(scan_impl, monkeypatch, before,
                                                          terminal, after, exit_code, want):
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    assert flashrun.diagnose(before + _tb(terminal) + after, exit_code).failure_class == want


def test_cpp_abort_right_after_a_traceback_is_its_teardown(scan_impl, monkeypatch):
    """torch 1.x: c10's intrusive_ptr assert aborts while the interpreter unwinds the
    uncaught exception; the Python traceback before it is the failure. A C++ abort
    after ordinary output is a failure of its own."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    abort = ("terminate called after throwing an instance of 'c10::Error'\n  what():  "
             "owning_ptr == NullType::singleton() || owning_ptr->refcount_.load() > 0 "
             "INTERNAL ASSERT FAILED at ../c10/util/intrusive_ptr.h:348, please report a bug "
             "to PyTorch.\n")
    stale = _tb("RuntimeError: read(): fd 33 failed with Stale file handle")
    assert flashrun.diagnose(stale + abort, None).failure_class.value == "storage_timeout"
    eof = _tb("RuntimeError: unexpected EOF, expected 4859355 more bytes. The file might be "
              "corrupted.")
    assert flashrun.diagnose(eof + abort, None).failure_class.value == "artifact_corruption"
    later = stale + "".join("step %d\n" % i for i in range(40)) + abort
    assert flashrun.diagnose(later, None).root_exception == "c10::Error"


def test_a_reraised_formatted_traceback_is_not_a_prefix(scan_impl, monkeypatch):
    """torch < 1.0's DataLoader re-raised a worker's traceback as the message of a new
    exception: the "OSError: " before the nested header is a terminal, not a prefix."""
    monkeypatch.setattr("flashrun.policy.diagnose.scan_tail", scan_impl.scan_tail)
    tail = ("Traceback (most recent call last):\n  File \"model.py\", line 399, in <module>\n"
            "    for batch in loader:\n  File \"/usr/lib/torch/utils/data/dataloader.py\", "
            "line 658, in _process_next_batch\n    raise batch.exc_type(batch.exc_msg)\n"
            "OSError: Traceback (most recent call last):\n  File \"/usr/lib/torch/utils/data/"
            "dataloader.py\", line 138, in _worker_loop\n    samples = collate_fn(...)\n"
            "  File \"data.py\", line 56, in __getitem__\n    pair = np.load(path)\n"
            "OSError: [Errno 5] Input/output error\n")
    d = flashrun.diagnose(tail, 1)
    assert (d.failure_class.value, d.root_exception) == ("storage_timeout", "OSError")
