"""The C lexer and the Python twin agree on every input (hypothesis).

Compared at two depths: the raw event stream (most sensitive) and the final
ScanResult, on random token soups, random bytes, and mutated real tails
(truncated at any offset, prefixes inserted, bytes flipped), fed whole and in
random chunks. FLASHRUN_HYPOTHESIS_EXAMPLES scales the run (default 3500 per
test, 14,000 in all); FLASHRUN_HYPOTHESIS_RANDOM=1 draws new examples.
"""
import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import CORPUS, DATA, IMPLS

c_impl, py_impl = IMPLS["c"], IMPLS["py"]
pytestmark = pytest.mark.skipif(c_impl is None, reason="C scanner not built")

EXAMPLES = int(os.environ.get("FLASHRUN_HYPOTHESIS_EXAMPLES", "3500"))
# Derandomised by default so CI is reproducible; FLASHRUN_HYPOTHESIS_RANDOM=1 hunts afresh.
RANDOM = os.environ.get("FLASHRUN_HYPOTHESIS_RANDOM") == "1"
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=not RANDOM,
                    suppress_health_check=list(HealthCheck))

TOKENS = [
    b"\n", b"\r", b"\r\n", b" ", b"  ", b"\t", b"[rank1]: ", b"[rank0]:", b"[default3]:", b"7: ",
    b"[1,2]<stderr>:", b"2021-03-10T13:22:37.483Z: ", b"Traceback (most recent call last):",
    b"  File \"train.py\", line 3, in <module>", b"    step()", b"    ~~~^^^", b"KeyError: 'x'",
    b"ValueError", b"torch.OutOfMemoryError: CUDA out of memory", b"RuntimeError: ", b":",
    b"\x1b[31m", b"\x1b[0m", b"\x1b]0;title\x07", b"\x1b", b"\x00", b"\xff\xfe", b"\xe2\x94\x82 ",
    b"\xe2\x95\xb0\xe2\x94\x80", b"  | ", b"  +-+---- 1 ----", b"  + Exception Group Traceback "
    b"(most recent call last):", b"The above exception was the direct cause of the following "
    b"exception:", b"During handling of the above exception, another exception occurred:",
    b"Original Traceback (most recent call last):", b"Killed", b"  rank      : 1",
    b"  exitcode  : -9", b"  error_file: <N/A>", b"  traceback : Signal 9 (SIGKILL) received",
    b"Root Cause (first observed failure):", b"Failures:", b"failed (exitcode: 1)",
    b"exits with return code = -9", b"terminate called after throwing an instance of 'c10::E'",
    b"  what():  NCCL error", b"[E ProcessGroupNCCL.cpp:1] Watchdog caught collective operation "
    b"timeout", b"it/s][rank2]: Traceback (most recent call last):", b"E1129 12:00:00 x",
    b"step 5 | loss 1.0", b"wandb: Syncing", b"x" * 4090, b"y" * 9000, b"CircuitBreakerTripped",
    b"No space left on device", b"ChildFailedError:", b"=====", b"Error: x", b"Warning: y",
    b"T\x1b[31mraceback (most recent call last):", b"NCCL\x00 error",
    # short and noise-like line starts (the C lexer decides them from two bytes)
    b"=", b"-", b"#", b"*", b"E", b"s", b"w", b"ER", b"[E", b"[I ", b"ERROR: x", b"srun: y",
    b"slurmstepd: z", b"wandb: w", b"E1129", b"test_x FAILED", b" FAILED", b"INFO:root:x",
    # prefixes the lexers infer from a traceback header, and death reports
    b"2025-03-01 10:00:00,001 - ERROR - stderr - ", b"2025-03-01 10:00:07,918 - ERROR - ",
    b"trainer-1  | ", b"trainer-12 | ", b"    ", b"[pod/w-0/pytorch] ", b"(Worker pid=4411) ",
    b"(VllmWorker rank=2 pid=77) ", b"(pid=12, ip=10.0.0.1) ", b"(raylet) ", b"(x pid=) ",
    b"429 Client Error: Too Many Requests for url: x", b"503 Server Error: ", b"404 Client Err",
    b"abc1 ", b" 41%|####  | 4/9 [00:01<00:02]", b"[3]:", b"died with <Signals.SIGSEGV: 11>.",
    b"Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)",
    b"srun: error: n1: task 3: Exited with exit code 2", b"terminated with signal SIGKILL",
    # prefixes in front of a bare terminal line (inner_terminal)
    b" - ERROR - ", b"ERROR:root:", b"WARNING - ", b" | ", b"] ", b"> ", b"caught ",
    b"pkg.mod.LoadError: ", b"KeyboardInterrupt", b"Error: ", b"SystemExit:",
    # site literals (SITE below), whole and cut
    b"fabric link flap", b"SITE-GW-0042 upstream", b"fabric li", b"nk flap",
    # Python's ignored-exception notes, teardown, cancels, object-store frames
    b"Exception ignored in: <function X.__del__ at 0x7f>", b"Error in atexit._run_exitfuncs:",
    b"Killing subprocess 41", b"Sending process 7 closing signal SIGTERM",
    b"*** STEP 1.0 ON n1 CANCELLED AT 2024-05-02T11:32:09 ***", b"DUE TO TASK FAILURE",
    b'  File "/x/site-packages/botocore/httpsession.py", line 4, in send',
    b"\xe2\x94\x82 /v/google/cloud/storage/blob.py:47 in upload_from_filename",
    # kubectl's prefix, torchrun's restart, Open MPI's death report
    b"[pod/w-0/pytorch] ", b"[pod/x] ", b"[pod/a/b/c]", b"[2024-01-01 00:00:00,000] [INFO] "
    b"[default] Worker group FAILED. 2/3 attempts left; will restart worker group",
    b"mpirun noticed that process rank 3 with PID 0 on node n2 exited on signal 9 (Killed).",
    b"Exception: process 3 terminated with signal SIGKILL", b"Step 1 exited with non-zero status 1",
    b" 20%|####  | 216/1063 [00:27<02:17,  6.17it/s]Killed", b"]Killed", b"Killed  \t",
    # an OSError's bare str(), torchrun's fields behind an unknown prefix
    b"[Errno 2] No such file or directory: 'x'", b"[Errno -2] ", b"[Errno ", b"[Errno 28] ",
    b"[Errno 5]x", b"2024-11-20 14:38:16 ", b"  rank      : 3 (local_rank: 3)",
    b"  exitcode  : 1 (pid: 96)", b"  traceback : To enable", b"operation not supported",
    # unindented fields, pipes' frames, a traceback in a repr, other signal reports
    b"rank : 0 (local_rank: 0)", b"exitcode : 1 (pid: 2)", b"exitcode", b" (local_rank: ",
    b"    self = reduction.pickle.load(from_parent)",
    b'  File "/x/multiprocessing/connection.py", line 1, in _recv', b"EOFError",
    b"KeyError: 'Traceback (most recent call last):\\n  File \"a\", line 1, in f\\nKeyError: 1'",
    b"failed assertion `x'", b"is killed by signal: Terminated.",
    b"traceback : Signal 9 (SIGKILL) received by PID 7", b") received by PID ", b"traceback",
    b"sagemaker-containers ERROR    ExecuteUserScriptError:", b"ExecuteUserScriptError",
    b"cv2.error: OpenCV(4.5.4) x", b"lmdb.Error: /d: y", b".error: ", b"error: z",
    b"UnicodeDecodeError: 'gbk' codec can't decode byte 0xa4", b"[WinError 1455] x",
    b"(truncated file: eof = 5, sblock->base_addr = 0, stored_eof = 9)",
    b"RuntimeError: Some background workers are no longer alive",
    b'sitk::ERROR: Unable to determine ImageIO reader for "x"',
    b"RuntimeError: Horovod detected that one or more processes exited with non-zero status",
    b"Horovod detected that one or more processes exited", b"Exit code: 137",
    b"-1073741819 (0xC0000005)", b"python3: No module named x", b"python: can't open file 'a'",
    b"u@h: Permission denied (publickey,password).", b"WeightsUnpickler error: x",
    # frames without their header (headless_frame), and what only looks like one
    b'File "/w/a.py", line 3, in f', b'File "', b'", line ', b"    x = f()", b"\t \t",
    b'File "cfg.yaml" missing', b'File "", line 1',
    # a program's own error report (error_report), whole and cut, and Windows' OSError
    b"ERROR: Pair style x", b"ERROR:root:No valid data", b"ERROR:root:", b"ERROR:a b:c",
    b"FATAL: no package", b"FATAL:", b"CRITICAL:io:x", b"fatal error: cuda.h: x",
    b"error: [WinError 2] x", b"error: [Errno 28] y", b"[ERROR] z", b"[FATAL] ",
    b"[CRITICAL] q", b"[WinError 5] ", b"*** ", b"*** IndexError: m",
]


def _real_tails():
    tails = [p.read_bytes() for p in sorted((DATA / "golden").glob("*.log"))]
    tails += [p.read_bytes() for p in sorted(CORPUS.glob("*.log"))]
    return tails or [b"Traceback (most recent call last):\n  File \"a\"\nKeyError: 1\n"]


REAL = _real_tails()


SITE = (b"fabric link flap", b"SITE-GW-0042 upstream", b"NCCL error")  # a rules file's


def check(data):
    assert c_impl._lex_events(data) == py_impl._lex_events(data)
    assert c_impl.scan_tail(data) == py_impl.scan_tail(data)
    assert c_impl._lex_events(data, SITE) == py_impl._lex_events(data, SITE)


@SETTINGS
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
@example([b"[rank1]: T", b"\x1b[31m", b"raceback (most recent call last):", b"\n"])
def test_token_soup(parts):
    check(b"".join(parts))


@SETTINGS
@given(st.binary(max_size=600))
# an unindented line right under a File line is its source (and carets under that its
# markers): the C fast paths must not count it as the run's output
@example(b'  File "t.py", line 3, in m\nenabled   : True\nTraceback (most recent call last):\n')
@example(b'File "t.py", line 3, in m\nx = f(y)\n^^^^^^^^\nTraceback (most recent call last):\n')
def test_random_bytes(data):
    check(data)


@st.composite
def mutated_tail(draw):
    data = bytearray(draw(st.sampled_from(REAL)))
    start = draw(st.integers(0, len(data)))
    end = draw(st.integers(start, len(data)))
    data = data[start:end]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["flip", "prefix", "insert"]))
        pos = draw(st.integers(0, len(data)))
        if kind == "flip" and data:
            pos = min(pos, len(data) - 1)
            data[pos] ^= draw(st.integers(1, 255))
        elif kind == "prefix":
            line_start = data.rfind(b"\n", 0, pos) + 1
            data[line_start:line_start] = draw(st.sampled_from(TOKENS[6:12]))
        else:
            data[pos:pos] = draw(st.sampled_from(TOKENS))
    return bytes(data)


@SETTINGS
@given(mutated_tail())
def test_mutated_real_tails(data):
    check(data)


@SETTINGS
@given(mutated_tail(), st.lists(st.integers(0, 1 << 16), max_size=8))
def test_random_split_points(data, cuts):
    whole = c_impl.scan_tail(data)
    for impl in (c_impl, py_impl):
        scanner = impl.Scanner()
        prev = 0
        for cut in sorted(c % (len(data) + 1) for c in cuts) + [len(data)]:
            scanner.feed(data[prev:cut])
            prev = cut
        assert scanner.result() == whole


def test_needles_at_every_offset():
    """The C line prefilter skips the exact needle search on lines it rules out:
    every needle, at every offset of a line, after lines of every length mod the
    sampling stride (so samples fall on every phase), must still be found."""
    from flashrun.scan._types import MARKER_BIT, NEEDLES

    for needle, bit in NEEDLES:
        lines = []
        for lead in range(12):
            lines.append(b"q" * lead)  # shifts where the next line starts
            lines.append(b"step 7 | " + b"z" * lead + needle + b" | tail")
            lines.append(b"{'loss': 1.5} " * (lead % 3) + needle)
        data = b"\n".join(lines) + b"\n"
        events = c_impl._lex_events(data)
        assert events == py_impl._lex_events(data), needle
        if bit and bit not in (MARKER_BIT["host_oom"], MARKER_BIT["shell_killed"]):
            assert any(ev[5] & bit for ev in events if ev[0] == 4), needle  # EV_MARK


def test_short_line_starts():
    """Every one-byte line and many two-byte starts, each followed by an event whose
    activity count says whether the line counted as output (the C lexer decides most
    of them from a table of first bytes and byte pairs), and glog's unindented frames."""
    seconds = b" \t:.[]0123456789ERWIFxsrlatndp=-*#<_\xe2\x1b\x00"
    starts = [bytes([a]) for a in range(256)] + [
        bytes([a, b]) + tail for a in range(256) for b in seconds for tail in (b"", b"x FAILED")]
    # glog's stack frames that lost their indent ("@", spaces, "0x") and near misses
    starts += [b"@ 0x", b"@ 0", b"@0x9bd", b"@     0x7f3c2b  f()", b"@ ", b"@  x0", b"@ 0x7 g"]
    # logging's bracketed "[ERROR:<logger>] <message>" and near misses
    starts += [b"[ERROR:__main__] x", b"[ERROR:] x", b"[ERROR:a]", b"[ERROR:a] ", b"[FATAL:b.c] y",
               b"[CRITICAL:x-1] z", b"[ERROR:a b] x", b"[E", b"[ERROR:a]x", b"[CRITICAL:"]
    lines = [s for s in starts if b"\n" not in s and b"\r" not in s]
    data = b"".join(line + b"\nKeyError: 'k'\n\n" for line in lines)
    assert c_impl._lex_events(data) == py_impl._lex_events(data)


def test_indented_lines_under_a_frame():
    """After a frame's source line, a second indented line shaped "Type: message" is
    the exception line a paste indented; carets, statements, a name without its colon
    or with a class-like name that is no exception are not. Both lexers alike."""
    frame = b'Traceback (most recent call last):\n  File "t.py", line 3, in <module>\n    f(x)\n'
    seconds = [b"    torch.cuda.OutOfMemoryError: CUDA out of memory.", b"    ValueError: bad",
               b"\tValueError: tab", b"        KeyError: 'k'", b"    ~~~^^^", b"    ^^^^",
               b"    ValueError:", b"    ValueError", b"    x: int = 3", b"    Config: x",
               b"    socket.error: [Errno 104] reset", b"    a.b.Warning: w", b"    ",
               b"    RuntimeError: x\r", b'  File "u.py", line 9, in g']
    for second in seconds:
        for after in (b"", b"step 2\n", b"    OSError: later\n"):
            data = frame + second + b"\n" + after
            assert c_impl._lex_events(data) == py_impl._lex_events(data), (second, after)
            assert c_impl.scan_tail(data) == py_impl.scan_tail(data), (second, after)
    root = py_impl.scan_tail(frame + seconds[0] + b"\n").root
    assert root is not None and root.exc_type == "torch.cuda.OutOfMemoryError"
    assert py_impl.scan_tail(frame + b"    ~~~^^^\n").root is None


@pytest.mark.parametrize("avx2", [True, False])
def test_line_ends_at_every_vector_offset(avx2):
    """The C lexer finds line ends 16 or 32 bytes at a time: ends at every offset
    around those widths, each kind of end, on both the AVX2 and the SSE2 path."""
    was = c_impl._eol_avx2(avx2)
    try:
        for length in range(0, 80):
            for end in (b"\n", b"\r", b"\r\n", b""):
                data = (b"x" * length + end) * 3 + b"KeyError: 1\n" + b"y" * length
                assert c_impl._lex_events(data) == py_impl._lex_events(data), (length, end)
                assert c_impl.scan_tail(data) == py_impl.scan_tail(data), (length, end)
    finally:
        c_impl._eol_avx2(was)


@pytest.mark.parametrize("avx2", [True, False])
def test_line_flags_at_every_vector_offset(avx2):
    """The line-end search also says whether a line holds ESC or NUL (stripped before
    the line is read: left in, they would stay in the exception's message) and a colon
    where an exception name may end behind a prefix (else the inner terminal is not
    looked for): each at every offset around the 16- and 32-byte steps, in a chunk's
    first line and after it, on both the AVX2 and the SSE2 path, reads as the Python
    lexer reads it."""
    was = c_impl._eol_avx2(avx2)
    try:
        for lead in (b"", b"step 1 | loss 0.5\n"):
            for pad in range(0, 70):
                q = b"q" * pad
                for line in (b"ValueError: x " + q + b"\x1b[31mred\x1b[0m",
                             b"ValueError: x " + q + b"\x00z",
                             q + b" - ERROR - ValueError: bad",
                             q + b" RuntimeError:\r",
                             q + b" KeyError:"):
                    data = lead + line + b"\n" + line + b"\n"
                    assert c_impl._lex_events(data) == py_impl._lex_events(data), \
                        (pad, line)
                    assert c_impl.scan_tail(data) == py_impl.scan_tail(data), (pad, line)
    finally:
        c_impl._eol_avx2(was)


def test_first_word_around_the_name_limit():
    """A terminal line's dotted type name may be up to NAME_MAX bytes; the C lexer
    stops walking a first word there (a flood of one-word lines is not walked byte
    by byte). Names and plain words of every length around the limit, dotted or
    not, bare or with a message, must read the same in both lexers, and a name one
    byte too long must not be taken for an exception."""
    from flashrun.scan._types import NAME_MAX

    for length in range(NAME_MAX - 3, NAME_MAX + 4):
        for word in (b"A" * (length - 5) + b"Error", b"a." * ((length - 5) // 2)
                     + b"x" * ((length - 5) % 2) + b"Error", b"w" * length):
            assert len(word) == length
            for line in (word, word + b": boom", word + b".", word + b" tail"):
                data = b"Traceback (most recent call last):\n  File \"t.py\", line 1\n" \
                    + line + b"\nstep 1\n"
                assert c_impl._lex_events(data) == py_impl._lex_events(data), line[-20:]
                assert c_impl.scan_tail(data) == py_impl.scan_tail(data), line[-20:]
        named = c_impl.scan_tail(b"Traceback (most recent call last):\n  File \"t.py\", "
                                 b"line 1\n" + b"A" * (length - 5) + b"Error: boom\n")
        assert (named.root_exception is not None) == (length <= NAME_MAX), length


@pytest.mark.parametrize("avx2", [True, False])
def test_inner_terminal_at_every_colon_position(avx2):
    """The C lexer looks for "<prefix>Type: message" only within INNER_SPAN bytes, and
    only on lines where its line-end search saw a colon a name can end at (16 or 32
    bytes a step): prefixes of every length around the limits and the vector widths,
    names of every suffix, quiet levels in every case (before a rank tag, after one,
    around a cut one), fed whole and in pieces."""
    from flashrun.scan._types import INNER_SPAN, PREFIX_MAX

    names = [b"ValueError", b"a.b.KeyboardInterrupt", b"SystemExit", b"CircuitBreakerTripped",
             b"x.ExceptionGroup", b"StopIteration", b"TokenExpired", b"Failure", b"Error",
             b"BatchFailure", b"1Error", b"Foo", b"WarnError"]
    lines = []
    for width in list(range(0, 12)) + list(range(PREFIX_MAX - 6, PREFIX_MAX + 3)):
        for sep in (b" - ", b":", b"] ", b"| ", b"> ", b") ", b"  ", b" ", b"w "):
            for level in (b"", b"ERROR", b"WaRn", b"info", b"DEBUG"):
                prefix = (level + b"-" * width)[:max(width, len(level))] + sep
                for name in names:
                    for after in (b": boom", b":", b": ", b"x: y", b":x"):
                        lines.append(prefix + name + after)
    for tagged in (b"[INFO] [rank1]: ", b"[rank1]: [INFO] ", b"info [rank] ", b"[ran info ",
                   b"[rankinfo] ", b"[r: ", b"w[rank2]: ", b"[rank3]:WARN [rank0]: "):
        for name in names[:4]:
            lines.append(tagged + name + b": boom")
    lines.append(b"-" * (INNER_SPAN - 12) + b" ValueError: at the span's end")
    lines.append(b"-" * (INNER_SPAN - 11) + b" ValueError: just past it")
    data = b"".join(line + b"\nstep 1\n\n" for line in lines)
    was = c_impl._eol_avx2(avx2)
    try:
        assert c_impl._lex_events(data) == py_impl._lex_events(data)
        for cut in (1, 7, 31, 33, 4099):
            scanner = c_impl.Scanner()
            for k in range(0, len(data), cut):
                scanner.feed(data[k:k + cut])
            assert scanner.result() == py_impl.scan_tail(data), cut
    finally:
        c_impl._eol_avx2(was)


@pytest.mark.parametrize("avx2", [True, False])
def test_site_literals_at_every_offset(avx2):
    """Site literals (a rules file's) join the C lexer's needle set and its line
    prefilter: each at every offset after lines of every length mod the sampling
    stride, beside built-in needles, duplicated, equal to a built-in needle, with
    a pattern the fold applies; events and results equal, fed whole and in pieces."""
    import re

    site = (b"SITE-GW-0042 upstream", b"fabric link flap", b"fabric link flap",
            b"Traceback (most recent call last)", b"\xe2\x94\x82 box marker")
    patterns = (None, re.compile(rb"flap on port [0-9]"), None, None, None)
    lines = []
    for lead in range(12):
        for literal in site:
            lines.append(b"q" * lead)
            lines.append(b"[rank%d]: step 7 | " % (lead % 3) + b"z" * lead + literal + b" on port 3")
            lines.append(b"\x1b[31m" + literal[:5] + b"\x1b[0m" + literal[5:] + b" | NCCL error")
    data = b"\n".join(lines) + b"\n"
    was = c_impl._eol_avx2(avx2)
    try:
        assert c_impl._lex_events(data, site) == py_impl._lex_events(data, site)
        want = py_impl.scan_tail(data, site, patterns)
        assert c_impl.scan_tail(data, site, patterns) == want
        assert {i for i, _, _ in want.site_hits} == {0, 1, 2, 3, 4}
        for cut in (1, 13, 4099):
            scanner = c_impl.Scanner(site, patterns)
            for k in range(0, len(data), cut):
                scanner.feed(data[k:k + cut])
            assert scanner.result() == want, cut
    finally:
        c_impl._eol_avx2(was)
