"""The pure-Python scanner splits lines in linear time (issue 12, defect 8).

Line splitting used to search for the absent terminator (``\\r`` in a ``\\n`` file)
to the chunk's end once per line: quadratic. The growth test compares CPU time at
two sizes (4x the bytes must cost well under 8x the time: linear gives ~4x, the old
splitter ~13x here); the lexer is replaced by a no-op for it so the splitter alone is
measured (instrumentation, not a mock of what is tested). A ratio of CPU times on
the same machine, never an absolute threshold. The splitting edge cases stay equal
between the C and Python scanners whatever the chunking.
"""
import random
import time

import pytest

from flashrun.scan import _py


def _split_cpu(data: bytes, monkeypatch) -> float:
    monkeypatch.setattr(_py.Lexer, "line", lambda self, s: None)
    best = float("inf")
    for _ in range(2):
        scanner = _py.Scanner()
        t = time.process_time()
        scanner.feed(data)
        best = min(best, time.process_time() - t)
    return best


@pytest.mark.parametrize("line", [b"\n", b"\r"], ids=["LF", "CR"])
def test_python_line_splitting_grows_linearly(line, monkeypatch):
    small = _split_cpu(line * (1 << 18), monkeypatch)
    large = _split_cpu(line * (1 << 20), monkeypatch)
    assert large < 8 * max(small, 1e-3), (small, large)


def test_many_short_lines_scan_equal_in_c_and_python(scan_impl):
    rng = random.Random(12)
    pieces = [b"\n", b"\r", b"\r\n", b"x", b"Traceback (most recent call last):",
              b"RuntimeError: boom", b"[rank1]: ", b"\x1b[2K", b""]
    for _ in range(30):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 400)))
        whole = _py.scan_tail(data)
        scanner = scan_impl.Scanner()
        i = 0
        while i < len(data):
            j = i + rng.randint(1, 17)
            scanner.feed(data[i:j])
            i = j
        assert scanner.result() == whole
        assert scan_impl.scan_tail(data) == whole
