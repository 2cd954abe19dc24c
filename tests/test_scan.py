"""Scanner behaviour, run on both implementations through ``scan_impl``."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from flashrun.scan import ScanResult

TORCHRUN_BLOCK = b"""\
E1129 14:20:16.969000 5172 torch/distributed/elastic/multiprocessing/api.py:1002] failed (exitcode: 1) local_rank: 1 (pid: 5177) of binary: /usr/bin/python3
Traceback (most recent call last):
  File ".../bin/torchrun", line 8, in <module>
    sys.exit(main())
             ^^^^^^
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED
------------------------------------------------------------
Failures:
[1]:
  time      : 2026-11-29_14:20:16
  host      : localhost
  rank      : 0 (local_rank: 0)
  exitcode  : -15 (pid: 5176)
  error_file: <N/A>
  traceback : Signal 15 (SIGTERM) received by PID 5176
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2026-11-29_14:20:16
  host      : localhost
  rank      : 1 (local_rank: 1)
  exitcode  : 1 (pid: 5177)
  error_file: /tmp/err.json
  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html
============================================================
"""


def scan(impl, text):
    return impl.scan_tail(text if isinstance(text, bytes) else text.encode())


def test_root_cause_behind_rank_prefix_beats_wrapper(scan_impl):
    log = (b"[rank1]: Traceback (most recent call last):\n"
           b"[rank1]:   File \"train.py\", line 7, in <module>\n"
           b"[rank1]:     import nonexistent_module\n"
           b"[rank1]: ModuleNotFoundError: No module named 'nonexistent_module'\n"
           + TORCHRUN_BLOCK)
    r = scan(scan_impl, log)
    assert r.root.exc_type == "ModuleNotFoundError"
    assert r.root.rank == 1
    assert r.root.message == "No module named 'nonexistent_module'"
    assert r.child_failed and r.cfe_rank == 1 and r.cfe_exitcode == 1
    assert r.cfe_error_file == "/tmp/err.json"
    assert r.launcher_exitcode == 1


def test_surviving_rank_symptom_is_not_root(scan_impl):
    log = (b"[rank0]: Traceback (most recent call last):\n"
           b"[rank0]:   File \"train.py\", line 9, in <module>\n"
           b"[rank0]:     dist.barrier()\n"
           b"[rank0]: RuntimeError: [pair.cc:553] Connection closed by peer [127.0.0.1]:1\n"
           b"[rank1]: Traceback (most recent call last):\n"
           b"[rank1]:   File \"train.py\", line 7, in <module>\n"
           b"[rank1]: KeyError: 'lr'\n" + TORCHRUN_BLOCK)
    r = scan(scan_impl, log)
    assert (r.root.exc_type, r.root.rank) == ("KeyError", 1)
    assert "peer_closed" not in r.root_markers


def test_root_rank_that_printed_nothing_means_no_root(scan_impl):
    log = (b"[rank0]: Traceback (most recent call last):\n"
           b"[rank0]:   File \"train.py\", line 9, in <module>\n"
           b"[rank0]: RuntimeError: [pair.cc:537] Read error: Connection reset by peer\n"
           + TORCHRUN_BLOCK.replace(b"exitcode  : 1 (pid: 5177)", b"exitcode  : -9 (pid: 5177)")
           .replace(b"traceback : To enable traceback see: https://pytorch.org/docs/stable/"
                    b"elastic/errors.html", b"traceback : Signal 9 (SIGKILL) received by PID 5177"))
    r = scan(scan_impl, log)
    assert r.root is None
    assert r.cfe_rank == 1 and r.cfe_exitcode == -9 and r.signal == 9


def test_prose_mention_is_not_a_terminal_line(scan_impl):
    r = scan(scan_impl, "2026-01-01 12:00:00 WARNING ImportError: flash_attn not available\n"
                        "step 1 | loss 2.0\n")
    assert r.root is None and r.tracebacks == 0


def test_plain_traceback_and_multiline_message(scan_impl):
    r = scan(scan_impl, "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                        "    load()\nRuntimeError: Error(s) in loading state_dict for Net:\n"
                        "\tsize mismatch for fc.weight: copying a param with shape [2]\n")
    assert r.root.exc_type == "RuntimeError"
    assert "state_dict" in r.root_markers


@pytest.mark.parametrize("prefix, rank", [
    (b"[rank3]: ", 3), (b"[default2]:", 2), (b"5: ", 5), (b"[1,7]<stderr>:", 7),
    (b"2021-03-10T13:22:37.483Z: [1,4]<stderr>:", 4), (b"2024-01-01T00:00:00.1234567Z ", None),
])
def test_launcher_prefixes_are_stripped_and_rank_kept(scan_impl, prefix, rank):
    body = [b"Traceback (most recent call last):", b"  File \"a.py\", line 1, in <module>",
            b"    f()", b"ValueError: bad value"]
    r = scan(scan_impl, b"".join(prefix + line + b"\n" for line in body))
    assert r.root.exc_type == "ValueError" and r.root.rank == rank


def test_chain_keeps_every_terminal_as_evidence(scan_impl):
    log = ("Traceback (most recent call last):\n  File \"a.py\", line 3, in step\n"
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n\n"
           "The above exception was the direct cause of the following exception:\n\n"
           "Traceback (most recent call last):\n  File \"a.py\", line 9, in <module>\n"
           "RuntimeError: step failed\n")
    r = scan(scan_impl, log)
    assert [t.exc_type for t in r.chain] == ["torch.OutOfMemoryError", "RuntimeError"]
    assert r.root.exc_type == "RuntimeError"
    assert "cuda_oom" in r.root_markers


def test_during_handling_chain(scan_impl):
    log = ("Traceback (most recent call last):\n  File \"a.py\", line 3, in f\n"
           "KeyError: 'x'\n\nDuring handling of the above exception, another exception "
           "occurred:\n\nTraceback (most recent call last):\n  File \"a.py\", line 5, in f\n"
           "OSError: [Errno 28] No space left on device\n")
    r = scan(scan_impl, log)
    assert [t.exc_type for t in r.chain] == ["KeyError", "OSError"]
    assert "enospc" in r.root_markers


def test_dataloader_original_traceback_joins_the_chain(scan_impl):
    log = ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
           "OSError: Caught OSError in DataLoader worker process 0.\n"
           "Original Traceback (most recent call last):\n"
           "  File \"worker.py\", line 202, in _worker_loop\n"
           "OSError: image file is truncated (43 bytes not processed)\n")
    r = scan(scan_impl, log)
    assert len(r.chain) == 2 and r.root.message.startswith("image file is truncated")
    assert "bad_image" in r.root_markers


def test_exception_group_members_are_evidence(scan_impl):
    log = ("  + Exception Group Traceback (most recent call last):\n"
           "  |   File \"exc.py\", line 14, in <module>\n"
           "  | ExceptionGroup: many (2 sub-exceptions)\n"
           "  +-+---------------- 1 ----------------\n"
           "    | ValueError: bad value\n"
           "    +---------------- 2 ----------------\n"
           "    | torch.OutOfMemoryError: CUDA out of memory\n"
           "    +------------------------------------\n")
    r = scan(scan_impl, log)
    types = [t.exc_type for t in r.chain]
    assert types == ["ExceptionGroup", "ValueError", "torch.OutOfMemoryError"]
    assert "cuda_oom" in r.root_markers


def test_rich_box_traceback(scan_impl):
    log = ("╭──────────── Traceback (most recent call last) ────────────╮\n"
           "│ /app/train.py:10 in <module>                              │\n"
           "│ ❱ 10 main()                                               │\n"
           "╰───────────────────────────────────────────────────────────╯\n"
           "ValueError: learning rate must be positive\n")
    r = scan(scan_impl, log)
    assert r.root.exc_type == "ValueError"


def test_caret_lines_are_frames(scan_impl):
    log = ("Traceback (most recent call last):\n  File \"a.py\", line 2, in <module>\n"
           "    x = d['k'] + 1\n        ~^^^^^\nKeyError: 'k'\n")
    assert scan(scan_impl, log).root.exc_type == "KeyError"


def test_bare_terminal_name(scan_impl):
    log = "Traceback (most recent call last):\n  File \"a.py\", line 2, in <module>\nKeyboardInterrupt\n"
    r = scan(scan_impl, log)
    assert r.root.exc_type == "KeyboardInterrupt" and r.root.message == ""


def test_caught_then_continued_traceback_is_stale(scan_impl):
    log = ("Traceback (most recent call last):\n  File \"a.py\", line 2, in fetch\n"
           "ConnectionError: remote feature service timed out\n"
           + "".join("step %d | loss 1.0\n" % i for i in range(40)) + "Killed\n")
    r = scan(scan_impl, log)
    assert r.root is None and r.stale_tracebacks == 1
    assert "shell_killed" in r.markers and "network" not in r.markers


def test_ansi_escapes_are_ignored(scan_impl):
    log = (b"\x1b[31mTraceback (most recent call last):\x1b[0m\n  File \"a.py\", line 1\n"
           b"\x1b[1;31mValueError\x1b[0m: \x1b[35mbad\x1b[0m\n")
    r = scan(scan_impl, log)
    assert r.root.exc_type == "ValueError" and r.root.message == "bad"


def test_progress_bar_redraws_and_glued_errors(scan_impl):
    bar = b"".join(b"\r 4%%|\xe2\x96\x88   | %d/100 [00:01<00:10, 9.1it/s]" % i for i in range(50))
    log = (bar + b"[E ProcessGroupNCCL.cpp:458] [Rank 0] Watchdog caught collective operation "
           b"timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE) ran for 1800000 milliseconds\n")
    r = scan(scan_impl, log)
    assert {"nccl", "watchdog"} <= set(r.markers)


def test_rank_prefix_glued_to_progress_bar(scan_impl):
    log = (b"  0%|          | 0/800 [00:00<?, ?it/s][rank0]: Traceback (most recent call last):\n"
           b"[rank0]:   File \"gpu.py\", line 125, in <module>\n"
           b"[rank0]: AttributeError: 'Accelerator' object has no attribute 'get'\n")
    r = scan(scan_impl, log)
    assert (r.root.exc_type, r.root.rank) == ("AttributeError", 0)


def test_hard_wrapped_frame_lines_stay_frames(scan_impl):
    log = ("Traceback (most recent call last):\n"
           "  File \"/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py\", line 15\n"
           "01, in _call_impl\n    return forward_call(*args, **kwargs)\n"
           "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 1\n"
           "0.76 GiB total capacity)\n")
    r = scan(scan_impl, log)
    assert r.root.exc_type == "torch.cuda.OutOfMemoryError"


def test_invalid_utf8_and_nul_bytes(scan_impl):
    log = (b"\xff\xfe garbage \x00\x00\nTraceback (most recent call last):\n"
           b"  File \"a.py\", line 1\nValueError: caf\xe9 \x00bad\n")
    r = scan(scan_impl, log)
    assert r.root.exc_type == "ValueError" and "\ufffd" in r.root.message


def test_first_line_cut_midway(scan_impl):
    log = b"ne 7, in <module>\n    import x\nModuleNotFoundError: No module named 'x'\n"
    assert scan(scan_impl, log).root.exc_type == "ModuleNotFoundError"


def test_megabyte_lines_without_newline(scan_impl):
    huge = b"x" * (5 << 20)
    r = scan(scan_impl, huge + b" RuntimeError: CUDA error: unspecified launch failure")
    assert "gpu_lost" in r.markers and r.lines == 2
    r = scan(scan_impl, b"ValueError: head " + huge + b"\nsecond\n")
    assert r.root.exc_type == "ValueError"


def test_native_abort_names_the_cpp_type(scan_impl):
    log = ("terminate called after throwing an instance of 'c10::DistBackendError'\n"
           "  what():  [PG 0 Rank 3] Process group watchdog thread terminated with exception: "
           "Watchdog caught collective operation timeout\n"
           "Exception raised from checkTimeout at ProcessGroupNCCL.cpp:632\n")
    r = scan(scan_impl, log)
    assert r.native_abort == "c10::DistBackendError" and r.root.exc_type == "c10::DistBackendError"
    assert "watchdog" in r.root_markers


@pytest.mark.parametrize("line, marker", [
    ("Killed", "shell_killed"),
    ("RuntimeError: DataLoader worker (pid 22358) is killed by signal: Killed.", "host_oom"),
    ("NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.", "xid"),
    ("OSError: [Errno 116] Stale file handle", "estale"),
    ("OSError: [Errno 122] Disk quota exceeded", "enospc"),
    ("botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL", "object_store"),
    ("RuntimeError: PytorchStreamReader failed reading zip archive", "corrupt_zip"),
    ("safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge",
     "corrupt_safetensors"),
    ("_pickle.UnpicklingError: invalid load key, '\\x9e'.", "corrupt_pickle"),
    ("PIL.UnidentifiedImageError: cannot identify image file 'x.jpg'", "bad_image"),
    ("slurmstepd: error: *** JOB 1 ON n1 CANCELLED AT 2024-04-20T09:09:37 DUE TO TIME LIMIT ***",
     "time_limit"),
    ("flashrun.batch.CircuitBreakerTripped: phase train: 1 fatal rank(s)", "circuit_breaker"),
    ("segmentation fault (core dumped)  python train.py", "segfault"),
    ("train.py: error: unrecognized arguments: --local-rank=1", "usage_error"),
])
def test_markers(scan_impl, line, marker):
    r = scan(scan_impl, line + "\n")
    assert marker in r.all_markers


def test_torchrun_and_deepspeed_exit_lines(scan_impl):
    r = scan(scan_impl, "torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: -9) "
                        "local_rank: 0 (pid: 1322) of binary: /bin/python\n")
    assert r.launcher_exitcode == -9
    r = scan(scan_impl, "[ERROR] [launch.py:434:sigkill_handler] ['python'] exits with return "
                        "code = -9\n")
    assert r.launcher_exitcode == -9


def test_empty_and_tiny_inputs(scan_impl):
    assert scan(scan_impl, b"") == ScanResult()
    assert scan(scan_impl, b"\n").lines == 1
    assert scan(scan_impl, b"\r\n").lines == 1


@pytest.mark.parametrize("bad", ["text", None, 3, ["a"]])
def test_non_bytes_is_a_type_error(scan_impl, bad):
    with pytest.raises(TypeError):
        scan_impl.scan_tail(bad)
    with pytest.raises(TypeError):
        scan_impl.Scanner().feed(bad)


def test_bytes_like_inputs(scan_impl):
    log = b"Traceback (most recent call last):\n  File \"a\"\nKeyError: 1\n"
    assert scan_impl.scan_tail(bytearray(log)) == scan_impl.scan_tail(memoryview(log))


def test_incremental_equals_whole(scan_impl):
    log = (b"[rank1]: Traceback (most recent call last):\r\n[rank1]:   File \"t.py\"\r\n"
           b"[rank1]: ValueError: x\r\n" + TORCHRUN_BLOCK)
    whole = scan_impl.scan_tail(log)
    for size in (1, 2, 3, 7, 64, 4097):
        s = scan_impl.Scanner()
        for i in range(0, len(log), size):
            s.feed(log[i:i + size])
        assert s.result() == whole


def test_result_mid_stream_does_not_disturb_the_stream(scan_impl):
    s = scan_impl.Scanner()
    s.feed(b"Traceback (most recent call last):\n  File \"a\"\nKeyError: 'lo")
    early = s.result()
    assert early.root.message == "'lo"
    s.feed(b"ng'\n")
    assert s.result().root.message == "'long'"


def test_incremental_memory_is_bounded(scan_impl):
    import tracemalloc

    s = scan_impl.Scanner()
    chunk = (b"step 1 | loss 2.0\n" * 100) + b"x" * 70000
    s.feed(chunk)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(200):  # ~14 MB streamed, with NCCL lines that keep producing events
        s.feed(chunk + b"[E ProcessGroupNCCL.cpp:1] NCCL error: unhandled system error\n")
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < 1 << 20, grown
    assert "nccl" in s.result().markers


def test_c_scan_does_not_copy_the_tail():
    import tracemalloc

    from conftest import IMPLS

    if IMPLS["c"] is None:
        pytest.skip("C scanner not built")
    tail = b"".join(b"step %6d | loss 1.2345 | lr 3e-4\n" % i for i in range(40000))
    IMPLS["c"].scan_tail(tail)  # warm up module-level caches
    tracemalloc.start()
    IMPLS["c"].scan_tail(tail)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # the scanner's fixed buffers (two segments, a cleaning buffer) and the result,
    # nothing that grows with the 1.4 MB input
    assert peak < 64 * 1024 < len(tail), peak


def test_take_recent_mask_reports_new_marker_lines_once(scan_impl):
    from flashrun.scan._types import MARKER_BIT

    s = scan_impl.Scanner()
    s.feed(b"step 1 | loss 2.0\n")
    assert s.take_recent_mask() == 0
    s.feed(b"[E ProcessGroupNCCL.cpp:1] Watchdog caught collective operation timeout\n")
    assert s.take_recent_mask() & MARKER_BIT["watchdog"]
    assert s.take_recent_mask() == 0  # taken
    assert "watchdog" in s.result().markers  # results are unaffected


# --- Inferred prefixes: whatever precedes a traceback header is its lines' prefix -------

def _prefixed(prefix_of, terminal, frames=2):
    """A traceback whose every line carries ``prefix_of(i)`` (i counts lines)."""
    body = ["Traceback (most recent call last):"]
    for f in range(frames):
        body += ['  File "/srv/app/step%d.py", line %d, in run' % (f, 10 + f), "    go()"]
    body.append(terminal)
    return "".join(prefix_of(i) + line + "\n" for i, line in enumerate(body))


@pytest.mark.parametrize("prefix_of, rank", [
    (lambda i: "2025-03-01 10:00:%02d,%03d - ERROR - stderr - [rank3]: " % (i, 7 * i), 3),
    (lambda i: "2025-03-01 10:00:%02d.%06d | ERROR    | trainer:run:%d - " % (i, i, 40 + i), None),
    (lambda i: "[pod/trainer-worker-1/pytorch] ", None),
    (lambda i: "trainer-1  | ", None),
    (lambda i: "(RayTrainWorker pid=%d, ip=10.0.3.%d) " % (4411, 7), None),
    (lambda i: "(VllmWorker rank=2 pid=%d) " % (4411 + i), 2),
    (lambda i: "step=%d uuid=%08x-77aa " % (1200 + i, 0x3f2a9c10 + i), None),
    (lambda i: "    ", None),  # a block pasted with four spaces of indentation
    (lambda i: "I1130 10:00:0%d.123 %d train.py:44] [default5]:" % (i, 900 + i), 5),
], ids=["logger-rank", "loguru", "kubectl", "compose", "ray", "vllm-rank", "step-uuid",
        "indented", "glog-default"])
def test_inferred_prefix_carries_the_traceback(scan_impl, prefix_of, rank):
    text = _prefixed(prefix_of, "torch.OutOfMemoryError: CUDA out of memory. Tried to "
                                "allocate 20.00 MiB")
    r = scan(scan_impl, text)
    assert r.root_exception == "torch.OutOfMemoryError"
    assert r.root_rank == rank and "cuda_oom" in r.root_markers


def test_inferred_prefix_counters_change_and_padding_varies(scan_impl):
    """docker compose pads names to one width: 'w-9  | ' and 'w-10 | ' share a shape."""
    lines = ["w-9  | Traceback (most recent call last):", 'w-10 |   File "a.py", line 1, in f',
             "w-9  |     f()", "w-11 | KeyError: 'lr'"]
    r = scan(scan_impl, "\n".join(lines) + "\n")
    assert r.root_exception == "KeyError" and r.root.message == "'lr'"


def test_lines_of_another_shape_keep_their_meaning(scan_impl):
    """Only lines shaped like the inferred prefix lose it: an INFO record of the
    same logger is output, a plain traceback after it is read as before."""
    text = _prefixed(lambda i: "2025-03-01 10:00:0%d - ERROR - " % i, "ValueError: bad shape")
    text += "2025-03-01 10:00:09 - INFO - step 12 loss 1.5\n"
    text += 'Traceback (most recent call last):\n  File "b.py", line 2, in g\nKeyError: 7\n'
    r = scan(scan_impl, text)
    assert r.root_exception == "KeyError" and r.tracebacks == 2


def test_exception_group_rails_are_not_prefixes(scan_impl):
    text = ("  + Exception Group Traceback (most recent call last):\n"
            '  |   File "g.py", line 3, in <module>\n'
            "  | ExceptionGroup: two (2 sub-exceptions)\n"
            "  +-+---------------- 1 ----------------\n"
            "    | Traceback (most recent call last):\n"
            '    |   File "g.py", line 1, in f\n'
            "    | ValueError: one\n"
            "    +------------------------------------\n")
    r = scan(scan_impl, text)
    assert [t.exc_type for t in r.chain][-2:] == ["ExceptionGroup", "ValueError"] or \
        r.root_exception in ("ExceptionGroup", "ValueError")


@pytest.mark.parametrize("prefix_of", [
    lambda i: "2025-01-01 10:00:%02d ERROR worker " % i,
    lambda i: "    ",
    lambda i: "[pod/trainer-3/main] ",
], ids=["logger", "indented", "kubectl"])
def test_prefix_inferred_from_a_frame_when_the_header_was_cut(scan_impl, prefix_of):
    """A tail that starts below the 'Traceback' line: the first frame's prefix is the
    traceback's prefix, so its terminal line is still read."""
    lines = ['  File "/srv/app/model.py", line 88, in forward', "    return self.net(x)",
             '  File "/venv/torch/nn/modules/linear.py", line 125, in forward',
             "    return F.linear(input, self.weight, self.bias)",
             "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x512 and 256x10)"]
    r = scan(scan_impl, "".join(prefix_of(i) + line + "\n" for i, line in enumerate(lines)))
    assert r.root_exception == "RuntimeError" and r.root.message.startswith("mat1 and mat2")


@pytest.mark.parametrize("prefix", ["2024-11-20 14:38:16 ", "trainer-1  | ", "  "],
                         ids=["platform-timestamp", "compose", "indented"])
def test_torchrun_block_cut_above_its_header_behind_a_prefix(scan_impl, prefix):
    """A tail that starts inside torchrun's failure block, each field behind a
    prefix no stripper knows: the fields are still the block's."""
    block = TORCHRUN_BLOCK.decode().split("Root Cause (first observed failure):\n[0]:\n")[1]
    text = "".join(prefix + line + "\n" for line in block.splitlines()[1:-1])
    assert text.startswith(prefix + "  host") and "Root Cause" not in text
    r = scan(scan_impl, text)
    assert (r.cfe_rank, r.cfe_exitcode, r.cfe_error_file) == (1, 1, "/tmp/err.json")


@pytest.mark.parametrize("line,exc_type", [
    ("[Errno 2] No such file or directory: 'ckpt/optim_states.pt'", "FileNotFoundError"),
    ("[Errno 13] Permission denied: '/data'", "PermissionError"),
    ("[Errno 111] Connection refused", "ConnectionRefusedError"),
    ("[Errno -2] Name or service not known", "socket.gaierror"),
    ("[Errno 5] Input/output error", "OSError"),
])
def test_an_oserrors_bare_str_is_a_terminal_line(scan_impl, line, exc_type):
    """A script that catches an OSError and prints it leaves its str() alone; the type
    is the one Python makes of the errno."""
    r = scan(scan_impl, "step 9 | loss 0.4\n" + line + "\n")
    assert r.root_exception == exc_type and r.root.message == line


@pytest.mark.parametrize("line", ["[Errno x] no", "[Errno 2]no space", "[Errnos 2] x",
                                  "[E 2] x", "see [Errno 2] below"])
def test_errno_lookalikes_are_no_terminal(scan_impl, line):
    assert scan(scan_impl, line + "\n").root is None


def test_a_field_word_in_ordinary_output_is_not_a_field(scan_impl):
    r = scan(scan_impl, "INFO world rank      : 3 of 8\nstep 7 exitcode: 0 traceback: none\n")
    assert (r.cfe_rank, r.cfe_exitcode, r.cfe_error_file) == (None, None, None)


def test_prose_mentioning_a_file_adopts_no_prefix(scan_impl):
    text = ('Warning: config  File "a.yaml" not found, using defaults\n'
            "Warning: ValueError: not a terminal\nstep 1\n")
    assert scan(scan_impl, text).root is None


def test_silent_signalled_root_rank_voids_symptoms_not_another_ranks_failure(scan_impl):
    """torchrun names rank 0, killed by SIGABRT (its watchdog), with no traceback; rank 3
    ran out of memory and rank 1 only saw the peer go: rank 3's failure is the cause."""
    def tb(rank, terminal):
        return "".join("[rank%d]: %s\n" % (rank, line) for line in (
            "Traceback (most recent call last):", '  File "t.py", line 9, in step',
            "    step()", terminal))
    block = ("Root Cause (first observed failure):\n[0]:\n  rank      : 0 (local_rank: 0)\n"
             "  exitcode  : -6 (pid: 4242)\n  error_file: <N/A>\n"
             "  traceback : Signal 6 (SIGABRT) received by PID 4242\n")
    oom = tb(3, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB")
    peer = tb(1, "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] "
                 "Connection closed by peer [10.0.0.1]:5000")
    r = scan(scan_impl, oom + peer + block)
    assert r.root_exception == "torch.OutOfMemoryError" and r.root_rank == 3
    assert scan(scan_impl, peer + block).root is None


@pytest.mark.parametrize("line,exc", [
    (b"2025-01-01 10:00:01,002 - ERROR - ValueError: bad shape (3, 4)", "ValueError"),
    (b"ERROR:root:KeyError: 'label'", "KeyError"),
    (b"[2025-01-01 10:00:01,002][__main__][ERROR] - FileNotFoundError: [Errno 2] x",
     "FileNotFoundError"),
    (b"trainer-1  | torch.OutOfMemoryError: CUDA out of memory.", "torch.OutOfMemoryError"),
    (b"2025-01-01 10:00:01.123 | ERROR    | __main__:main:42 - OSError: [Errno 28] No space",
     "OSError"),
    (b"    KeyError: 'label'", "KeyError"),
    # prose, and errors logged at a quiet level: the program went on
    (b"INFO caught ValueError: retrying", None),
    (b"2025-01-01 10:00:01,002 - WARNING - ConnectionError: retrying in 5 s", None),
    (b"Warning: ValueError: not a terminal", None),
    (b"[rank0]: loss: 1.23", None),
])
def test_bare_terminal_after_an_unknown_prefix(scan_impl, line, exc):
    """A terminal line behind a prefix nothing taught the lexer (no traceback header
    to infer it from): the logger's, a container's or an indented paste's."""
    r = scan(scan_impl, b"step 4\n" + line + b"\n")
    assert r.root_exception == exc
    if exc:
        assert r.root.line.startswith(exc)


def _cfe(rank, exitcode, trace):
    return ("Root Cause (first observed failure):\n[0]:\n  rank      : %d (local_rank: %d)\n"
            "  exitcode  : %d (pid: 77)\n  error_file: <N/A>\n  traceback : %s\n"
            % (rank, rank, exitcode, trace))


@pytest.mark.parametrize("terminal,exitcode,trace,believed", [
    ("KeyError: 'k'", -9, "Signal 9 (SIGKILL) received by PID 77", False),
    ("PIL.UnidentifiedImageError: cannot identify image file", -9,
     "Signal 9 (SIGKILL) received by PID 77", False),
    # the OOM killer's SIGKILL after memory trouble: the traceback may tell why
    ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", -9,
     "Signal 9 (SIGKILL) received by PID 77", True),
    # a Python exception's own status, and signals a dying process can raise itself
    ("KeyError: 'k'", 1, "To enable traceback see: https://pytorch.org/docs", True),
    ("KeyError: 'k'", -6, "Signal 6 (SIGABRT) received by PID 77", True),
])
def test_sigkilled_rank_did_not_die_of_its_traceback(scan_impl, terminal, exitcode, trace,
                                                       believed):
    """torchrun names rank 3 as the first failure, killed by SIGKILL: no Python
    exception ends a process that way, so rank 3's earlier traceback was survived."""
    tb = "".join("[rank3]: %s\n" % line for line in (
        "Traceback (most recent call last):", '  File "t.py", line 9, in step',
        "    step()", terminal))
    r = scan(scan_impl, tb + _cfe(3, exitcode, trace))
    assert (r.root is not None) == believed
    if not believed:
        assert r.survived and r.survived[-1].line == terminal and r.signal == 9


def test_launcher_teardown_is_not_output(scan_impl):
    """DeepSpeed's one 'Killing subprocess' line per local rank (and torchrun's
    'closing signal') after a native abort do not make the abort look survived."""
    abort = ("terminate called after throwing an instance of 'std::runtime_error'\n"
             "  what():  [Rank 5] NCCL watchdog thread terminated with exception: "
             "Watchdog caught collective operation timeout\n")
    teardown = "".join("[2025-02-18 23:10:14,336] [INFO] [launch.py:315:sigkill_handler] "
                       "Killing subprocess %d\n" % pid for pid in range(8))
    teardown += "".join("[kube] Sending process %d closing signal SIGTERM\n" % pid
                        for pid in range(4))
    r = scan(scan_impl, abort + teardown)
    assert r.native_abort and "watchdog" in r.all_markers


@pytest.mark.parametrize("note", [
    "2024-07-02 14:03:11,883 INFO  OOM guard enabled: batches raising torch.OutOfMemoryError are skipped",
    "2024-02-11 07:41:12,702 WARNING ckpt: upload failed: Read timeout on endpoint URL: "
    "https://b.s3.amazonaws.com/x (attempt 1/5), retrying",
    "[W ProcessGroupNCCL.cpp:1 Warning] NCCL error seen once, retrying",
    "W0821 23:12:13.550000 1 x.py:1] No space left on device for the cache; cache disabled",
    "/x/train.py:12: UserWarning: image file is truncated; skipping it",
])
def test_a_handled_note_is_not_evidence(scan_impl, note):
    """A marker on a line at a level below error is a note the program handled."""
    r = scan(scan_impl, "step 1\n%s\nstep 2\n" % note)
    assert r.markers == () and r.evidence == ()


def test_outside_reports_count_whatever_level_word_they_carry(scan_impl):
    r = scan(scan_impl, "step 1\n  Warning  OOMKilling  52s  kubelet  Memory cgroup out of "
                        "memory: Killed process 48213 (python)\n")
    assert r.markers == ("host_oom",)


@pytest.mark.parametrize("tail, killed", [
    (" 20%|####      | 216/1063 [00:27<02:17,  6.17it/s]Killed\n", True),
    ("step 9\nKilled   \n", True),
    ("Epoch 1: 100%|##########| 10/10 [00:01<00:00]Killed\n", True),
    ("the job was not Killed\n", False),
    ("[rank0]: step 9 [Killed]\n", False),
])
def test_the_shells_killed_glued_to_a_progress_bar(scan_impl, tail, killed):
    """tqdm redraws with \\r and prints no final newline: the shell's "Killed" lands
    right after the bar's "]" (issue 11: death notices glued to a progress bar)."""
    assert ("shell_killed" in scan(scan_impl, tail).markers) == killed


def test_every_result_and_terminal_has_exactly_the_dataclass_fields(scan_impl):
    """The fold builds ScanResult and Terminal by filling their instance dicts at once
    (_fold_text.make_result/make_terminal, not the frozen dataclasses' __init__): a
    field added to a class and missed there, or a stray key, fails here. Over the dev
    corpus and a C++ terminate (the fold's own Terminal), on both lexers."""
    import dataclasses

    from conftest import corpus_cases
    from flashrun.scan import Terminal

    want = {f.name for f in dataclasses.fields(ScanResult)}
    want_term = {f.name for f in dataclasses.fields(Terminal)}
    tails = [tail for _, tail, _ in corpus_cases()] + [
        b"terminate called after throwing an instance of 'c10::Error'\n  what():  boom\n"]
    terms = 0
    for tail in tails:
        result = scan(scan_impl, tail)
        assert set(vars(result)) == want
        for term in result.chain + result.survived:
            assert set(vars(term)) == want_term
            terms += 1
        assert result == dataclasses.replace(result)  # the same object __init__ would build
    assert terms > len(tails) // 2


@pytest.mark.parametrize("line, want", [
    ("2026-01-02 10:00:01 WARNING root: upload failed, retrying", True),
    ("I1202 10:00:00.000 42 loader.cc:12] failed to decode sample, skipping", True),
    ("[W ProcessGroupNCCL.cpp:1569] NCCL watchdog", True),
    ("/opt/x.py:12: UserWarning: cudnn failed", True),
    ("node-1:42:42 [0] NCCL WARN NET/IB : Got completion with error 12", False),
    ("status = StatusCode.UNAVAILABLE, debug_error_string = failed to connect", False),
    ("RuntimeError: CUDA error: out of memory", False),
    ("", False),
])
def test_quiet_level_words(line, want):
    from flashrun.scan._fold_text import quiet

    assert quiet(line) is want


@given(st.text(alphabet="IWDNFOARGEBUnfoarg [:_]0123-wid", max_size=40))
def test_quiet_prefilters_never_hide_a_level_word(text):
    """quiet() runs its regexes only after cheap tests (the first character, lowercased
    substrings); they must never rule out a line the regexes alone would call quiet."""
    from flashrun.scan import _fold_text as F

    head = text[:F.QUIET_SPAN].replace(F._LOUD_WARN, "NCCL")
    alone = F._QUIET_START.match(text) is not None or F._QUIET_WORD.search(head) is not None
    assert F.quiet(text) is alone
