"""flashrun.runtime.stream: every byte a child writes reaches the ring, the log file and the watcher;
the live echo prefixes lines, never blocks, and says what it skipped.

Unit tests feed Output/Echo directly; the rest run real fake workers (tests/bin)
through flashrun.runtime.process under both loops (``aloop``).
"""
import asyncio
import hashlib
import io
import logging
import os
import re
import sys
import threading
import time

import pytest

from flashrun.runtime.process import spawn
from flashrun.runtime.stream import Echo, Output
from mechanism_fixtures import Collect, aloop, reset_peak_rss, rss_kib, worker  # noqa: F401

LINE = re.compile(rb"^(\S+) r=(\d+) s=(out|err) i=(\d+)$")
FLOOD = re.compile(rb"flood bytes=(\d+) sha256=(\w+)")


def file_sha256(path):
    h, size = hashlib.sha256(), 0
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
            size += len(block)
    return size, h.hexdigest()


def check_numbered(path, stream, tag, ranks, lines):
    """Every (rank) sequence of ``stream`` in the file is complete, whole and in order."""
    seen = {r: 0 for r in range(ranks)}
    with open(path, "rb") as f:
        for raw in f:
            m = LINE.match(raw.rstrip(b"\n"))
            assert m, "torn or foreign line in %s: %r" % (path, raw[:100])
            assert m.group(1) == tag.encode() and m.group(3) == stream.encode()
            rank, i = int(m.group(2)), int(m.group(4))
            assert i == seen[rank], "rank %d: line %d after %d" % (rank, i, seen[rank] - 1)
            seen[rank] += 1
    assert seen == {r: lines for r in range(ranks)}


def flood_report(data):
    m = FLOOD.search(data)
    assert m, data[-300:]
    return int(m.group(1)), m.group(2).decode()


# -- Echo (no loop) ------------------------------------------------------------------

def test_echo_prefixes_every_line_across_chunks():
    sink = Collect()
    echo = Echo(sink)
    a, b = echo.source("[t1/0 out] "), echo.source(b"[t1/0 err] ")
    a.write(b"one\ntw")
    a.write(b"o\nthree")          # line still open
    b.write(b"boom\n")            # cuts a's line: a continues on a new prefixed line
    a.write(b" cont\n")
    a.finish()
    b.finish()
    echo.close()
    assert sink.data == (b"[t1/0 out] one\n[t1/0 out] two\n[t1/0 out] three\n"
                         b"[t1/0 err] boom\n[t1/0 out]  cont\n")


def test_echo_finish_terminates_open_line_and_no_prefix_mode():
    sink = Collect()
    echo = Echo(sink)
    src = echo.source()
    src.write(b"abc")
    src.write(b"def")
    src.finish()
    echo.close()
    assert sink.data == b"abcdef\n"


def test_echo_skips_when_sink_is_slow_and_says_so():
    gate = threading.Event()
    entered = threading.Event()
    sink = Collect()

    def slow(data):
        entered.set()
        gate.wait(10)
        sink(data)

    echo = Echo(slow, max_pending=100)
    src = echo.source("[p] ")
    src.write(b"first\n")
    assert entered.wait(5)        # the writer thread is now stuck in the sink
    src.write(b"x" * 60 + b"\n")  # fits in the pending buffer
    src.write(b"y" * 60 + b"\n")  # does not: skipped
    src.write(b"z" * 60 + b"\n")  # skipped too
    assert src.skipped == 122 and echo.skipped == 122
    gate.set()
    assert echo.flush(5)
    src.write(b"after\n")
    src.finish()
    echo.close()
    assert sink.data == (b"[p] first\n[p] " + b"x" * 60 + b"\n"
                         b"[p] [flashrun: echo skipped 122 bytes]\n[p] after\n")


def test_echo_reports_skips_at_finish():
    gate, entered = threading.Event(), threading.Event()
    sink = Collect()
    echo = Echo(lambda d: (entered.set(), gate.wait(60), sink(d)), max_pending=10)
    src = echo.source("[q] ")
    src.write(b"a\n")
    assert entered.wait(60)  # the writer thread holds "a" and blocks: the queue is empty
    src.write(b"b" * 8 + b"\n")
    src.write(b"c" * 50)
    gate.set()
    src.finish()
    echo.close()
    assert sink.data.endswith(b"[q] [flashrun: echo skipped 50 bytes]\n")


def test_echo_failing_sink_disables_echo(caplog):
    def broken(data):
        raise BrokenPipeError(32, "Broken pipe")

    echo = Echo(broken)
    src = echo.source("[x] ")
    with caplog.at_level(logging.WARNING, logger="flashrun.runtime.echo"):
        src.write(b"hello\n")
        assert echo.flush(5)
        src.write(b"ignored\n")
        echo.close()
    assert "echo disabled" in caplog.text


def test_echo_to_binary_file_text_stream_and_raw_partial_writes():
    class Trickle(io.RawIOBase):
        def __init__(self):
            self.data = bytearray()

        def writable(self):
            return True

        def write(self, b):
            b = bytes(b[:3])
            self.data += b
            return len(b)

    raw, text, binary = Trickle(), io.StringIO(), io.BytesIO()
    for sink in (raw, text, binary):
        echo = Echo(sink)
        src = echo.source("[r] ")
        src.write("héllo\nw".encode())
        src.write(b"orld\n")
        echo.close()
    expect = "[r] héllo\n[r] world\n"
    assert raw.data.decode() == expect and text.getvalue() == expect
    assert binary.getvalue().decode() == expect


def test_echo_rejects_non_sinks():
    with pytest.raises(TypeError):
        Echo(42)


# -- Output (fed directly, on a loop) --------------------------------------------------

def test_output_merges_streams_line_aligned_and_watch_sees_the_same(aloop, tmp_path):
    seen = []
    out = Output(tmp_path, ring_size=1024, watch=seen.append)

    async def go():
        out.feed(out.stdout, b"o1\no2-par")
        out.feed(out.stderr, b"e1\ne2")
        assert out.tail() == b"o1\ne1\no2-par\ne2"  # pending partials, each on its own line
        out.feed(out.stdout, b"tial\n")
        out.feed(out.stderr, b"-end\n")
        await out.aclose()

    aloop.run(go())
    assert out.tail() == b"o1\ne1\no2-partial\ne2-end\n"
    assert b"".join(seen) == out.combined.tail()
    assert all(chunk.endswith(b"\n") for chunk in seen)
    assert (tmp_path / "stdout.log").read_bytes() == b"o1\no2-partial\n"
    assert (tmp_path / "stderr.log").read_bytes() == b"e1\ne2-end\n"
    assert out.stdout.tail() == b"o1\no2-partial\n" and out.stderr.tail(4) == b"end\n"
    assert out.tail(7) == b"e2-end\n"


def test_output_long_line_is_merged_in_pieces(aloop):
    seen = []
    out = Output(None, ring_size=1 << 20, watch=seen.append)

    async def go():
        for _ in range(40):
            out.feed(out.stdout, b"x" * 4096)
        assert seen and sum(map(len, seen)) >= 64 * 1024
        out.feed(out.stdout, b"\n")
        out.close()

    aloop.run(go())
    assert b"".join(seen) == b"x" * 40 * 4096 + b"\n" == out.tail()


def test_output_watch_that_raises_is_dropped(aloop, caplog):
    calls = []

    def watch(chunk):
        calls.append(chunk)
        raise ValueError("scanner bug")

    out = Output(None, watch=watch)

    async def go():
        with caplog.at_level(logging.ERROR, logger="flashrun.runtime.stream"):
            out.feed(out.stdout, b"a\n")
            out.feed(out.stdout, b"b\n")
        out.close()

    aloop.run(go())
    assert calls == [b"a\n"]
    assert out.stats().watch_error == "ValueError: scanner bug"
    assert out.tail() == b"a\nb\n"
    assert "watcher failed" in caplog.text


def test_output_writes_log_files_while_running(aloop, tmp_path):
    out = Output(tmp_path)

    async def go():
        out.feed(out.stdout, b"early line\n")
        deadline = time.monotonic() + 5
        while (tmp_path / "stdout.log").read_bytes() != b"early line\n":
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        await out.aclose()

    aloop.run(go())


def test_output_log_write_error_keeps_the_ring(aloop, tmp_path, caplog):
    out = Output(tmp_path)

    async def go():
        full = os.open("/dev/full", os.O_WRONLY)  # every write: ENOSPC
        os.close(out.stdout._fd)
        out.stdout._fd = full
        with caplog.at_level(logging.ERROR, logger="flashrun.runtime.stream"):
            out.feed(out.stdout, b"still in the tail\n")
            out.feed(out.stdout, b"and this\n")
            out.feed(out.stderr, b"stderr is fine\n")
            await out.aclose()

    aloop.run(go())
    assert out.stdout.tail() == b"still in the tail\nand this\n"
    assert "No space left" in out.stats().stdout.log_error
    assert out.stats().stdout.bytes == 27 and out.stats().stderr.log_error is None
    assert (tmp_path / "stderr.log").read_bytes() == b"stderr is fine\n"
    assert "cannot write" in caplog.text


def test_output_pauses_the_pipes_when_the_disk_lags(aloop, tmp_path):
    out = Output(tmp_path, write_buffer=1000)
    flow = []
    out._flow = flow.append
    gate = threading.Event()
    real_write = out.stdout._write

    def slow_write(chunks):
        gate.wait(10)
        real_write(chunks)

    out.stdout._write = slow_write

    async def go():
        for _ in range(5):
            out.feed(out.stdout, b"x" * 399 + b"\n")
        assert flow == [False]           # paused: above the high-water mark
        gate.set()
        deadline = time.monotonic() + 5
        while flow != [False, True]:     # resumed once the writer caught up
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        await out.aclose()

    aloop.run(go())
    assert (tmp_path / "stdout.log").read_bytes() == (b"x" * 399 + b"\n") * 5


def test_output_close_without_loop(tmp_path):
    out = Output(tmp_path)
    assert out.close(timeout=5) and out.closed
    assert (tmp_path / "stdout.log").read_bytes() == b""


def test_output_last_output_and_stats(aloop):
    out = Output(None)
    assert out.last_output is None

    async def go():
        before = time.monotonic()
        out.feed(out.stderr, b"x\n")
        assert before <= out.last_output <= time.monotonic()
        assert out.stderr.last_output == out.last_output and out.stdout.last_output is None
        out.close()
        out.close()  # idempotent

    aloop.run(go())
    stats = out.stats()
    assert (stats.stderr.bytes, stats.stdout.bytes, stats.stderr.log_path) == (2, 0, None)


# -- real children --------------------------------------------------------------------

def test_writers_by_lines_on_both_streams(aloop, tmp_path):
    """N groups × K ranks sharing one pipe × M lines each, on stdout and stderr."""
    groups, ranks, lines = 4, 3, 3000

    async def go():
        outs = [Output(tmp_path / str(g)) for g in range(groups)]
        procs = [await spawn(worker("numbered.py", "--lines", lines, "--ranks", ranks,
                                    "--tag", "g%d" % g), output=outs[g])
                 for g in range(groups)]
        exits = await asyncio.gather(*(p.wait() for p in procs))
        assert [e.returncode for e in exits] == [0] * groups

    aloop.run(go())
    for g in range(groups):
        check_numbered(tmp_path / str(g) / "stdout.log", "out", "g%d" % g, ranks, lines)
        check_numbered(tmp_path / str(g) / "stderr.log", "err", "g%d" % g, ranks, lines)


def test_sixty_four_children_at_once(aloop, tmp_path):
    n, lines = 64, 200

    async def go():
        outs = [Output(tmp_path / str(i), ring_size=64 * 1024) for i in range(n)]
        procs = await asyncio.gather(*(
            spawn(worker("numbered.py", "--lines", lines, "--tag", "c%d" % i), output=outs[i])
            for i in range(n)))
        exits = await asyncio.gather(*(p.wait() for p in procs))
        assert all(e.returncode == 0 for e in exits)
        assert len({p.pid for p in procs}) == n

    aloop.run(go(), timeout=120)
    for i in range(n):
        check_numbered(tmp_path / str(i) / "stdout.log", "out", "c%d" % i, 1, lines)
        check_numbered(tmp_path / str(i) / "stderr.log", "err", "c%d" % i, 1, lines)


@pytest.mark.parametrize("mode,nbytes", [("binary", 8 << 20), ("noline", 100 << 20)],
                         ids=["binary-8MB", "no-newline-100MB"])
def test_bytes_are_stored_exactly(aloop, tmp_path, mode, nbytes):
    """Random bytes (NUL, invalid UTF-8) and a 100 MB line without newline, byte-exact."""
    ring = 256 * 1024

    async def go():
        out = Output(tmp_path, ring_size=ring)
        proc = await spawn(worker("flood.py", nbytes, "--mode", mode, "--seed", 7), output=out)
        assert (await proc.wait()).returncode == 0
        return out

    rss0 = rss_kib()
    out = aloop.run(go(), timeout=120)
    growth_mib = (rss_kib() - rss0) / 1024
    size, digest = file_sha256(tmp_path / "stdout.log")
    assert (size, digest) == flood_report(out.stderr.tail())
    assert size == nbytes == out.stats().stdout.bytes
    with open(tmp_path / "stdout.log", "rb") as f:
        f.seek(nbytes - ring)
        assert out.stdout.tail() == f.read()
    assert growth_mib < 200, "RSS grew by %.0f MiB" % growth_mib


@pytest.mark.slow
def test_flood_keeps_memory_bounded(aloop, tmp_path, capsys):
    """~200 MB as fast as possible (FLASHRUN_FLOOD_BYTES=2147483648 for the 2 GB run)."""
    nbytes = int(os.environ.get("FLASHRUN_FLOOD_BYTES", 200 << 20))
    seen = [0]

    def watch(chunk):
        seen[0] += len(chunk)

    async def go():
        with open(os.devnull, "wb") as devnull:
            echo = Echo(devnull)
            out = Output(tmp_path, watch=watch, echo_stdout=echo.source("[flood] "))
            t0 = time.monotonic()
            proc = await spawn(worker("flood.py", nbytes, "--mode", "text"), output=out)
            assert (await proc.wait()).returncode == 0
            echo.close()
        return out, time.monotonic() - t0

    peak_known = reset_peak_rss()
    rss0 = rss_kib()
    out, elapsed = aloop.run(go(), timeout=600)
    rss1, peak = rss_kib(), rss_kib("VmHWM")
    size, digest = file_sha256(tmp_path / "stdout.log")
    assert (size, digest) == flood_report(out.stderr.tail())
    assert size == nbytes and seen[0] == nbytes + out.stats().stderr.bytes
    growth = (max(rss1, peak) if peak_known else rss1) - rss0
    with capsys.disabled():
        sys.stdout.write("\n[%s] flood %d MiB in %.2fs (%.0f MiB/s); RSS before %d KiB, after "
                         "%d KiB, peak %s KiB\n" % (
                             aloop.name, nbytes >> 20, elapsed, nbytes / elapsed / 2**20,
                             rss0, rss1, peak if peak_known else "?"))
    assert growth < 200 * 1024, "RSS grew by %.0f MiB" % (growth / 1024)


def test_slow_echo_skips_but_files_and_tail_keep_everything(aloop, tmp_path):
    nbytes = 16 << 20
    sink = Collect()

    def slow(data):
        time.sleep(0.01)
        sink(data)

    async def go():
        echo = Echo(slow, max_pending=64 * 1024)
        out = Output(tmp_path, echo_stdout=echo.source("[s] "))
        proc = await spawn(worker("flood.py", nbytes, "--mode", "text"), output=out)
        assert (await proc.wait()).returncode == 0
        echo.close()
        return out, echo

    out, echo = aloop.run(go())
    assert echo.skipped > 0 and out.stats().stdout.echo_skipped == echo.skipped
    notes = re.findall(rb"\[flashrun: echo skipped (\d+) bytes\]", sink.data)
    assert sum(int(n) for n in notes) == echo.skipped
    assert file_sha256(tmp_path / "stdout.log") == flood_report(out.stderr.tail())


def test_live_echo_of_a_real_child(aloop, tmp_path):
    sink = Collect()

    async def go():
        echo = Echo(sink)
        out = Output(tmp_path, echo_stdout=echo.source("[t7/2 out] "),
                     echo_stderr=echo.source("[t7/2 err] "))
        proc = await spawn(worker("numbered.py", "--lines", 500, "--ranks", 2), output=out)
        await proc.wait()
        echo.close()

    aloop.run(go())
    got = {"out": [], "err": []}
    for line in sink.data.splitlines():
        m = re.match(rb"^\[t7/2 (out|err)\] (w r=\d s=(out|err) i=\d+)$", line)
        assert m and m.group(1) == m.group(3), line
        got[m.group(1).decode()].append(m.group(2) + b"\n")
    assert b"".join(got["out"]) == (tmp_path / "stdout.log").read_bytes()
    assert b"".join(got["err"]) == (tmp_path / "stderr.log").read_bytes()


def test_watch_and_last_output_with_a_real_child(aloop, tmp_path):
    seen = []

    async def go():
        out = Output(tmp_path, watch=seen.append)
        proc = await spawn(worker("sleeper.py", "--pidfile", tmp_path / "pids"), output=out)
        while out.last_output is None:
            await asyncio.sleep(0.01)
        first = out.last_output
        await asyncio.sleep(0.3)          # the sleeper prints nothing more
        assert out.last_output == first and first < time.monotonic() - 0.25
        await proc.stop()
        return out

    out = aloop.run(go())
    assert out.stdout.tail().startswith(b"sleeper ") and b"".join(seen) == out.tail()


def test_slow_disk_pauses_the_child_and_loses_nothing(aloop, tmp_path, monkeypatch):
    """The log writer falls behind: reading pauses (the child waits), then resumes."""
    import flashrun.runtime.stream as stream_mod

    flow = []
    real_reading = stream_mod.OutputPipes._reading
    real_write = stream_mod.StreamCapture._write

    def reading(self, on):
        flow.append(on)
        real_reading(self, on)

    def slow_write(self, chunks):
        time.sleep(0.002)
        real_write(self, chunks)

    monkeypatch.setattr(stream_mod.OutputPipes, "_reading", reading)
    monkeypatch.setattr(stream_mod.StreamCapture, "_write", slow_write)

    async def go():
        out = Output(tmp_path, write_buffer=64 * 1024)
        proc = await spawn(worker("flood.py", 8 << 20, "--mode", "binary"), output=out)
        assert (await proc.wait()).returncode == 0
        return out

    out = aloop.run(go())
    assert False in flow and True in flow
    assert file_sha256(tmp_path / "stdout.log") == flood_report(out.stderr.tail())
