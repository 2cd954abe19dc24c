"""Fake worker: write BYTES bytes to one stream as fast as possible.

    flood.py BYTES [--mode text|noline|binary|lines] [--stream stdout|stderr]
             [--block N] [--seed N] [--no-hash]

text: 80-byte numbered lines; noline: one endless line, no newline at all;
binary: random bytes (NUL, invalid UTF-8, lone \\r); lines: formatted training-log
lines through print() (what a real script costs per byte). When done, one line
on the other stream: ``flood bytes=N sha256=HEX t0=NS t1=NS`` (t0/t1: monotonic
ns around the write loop, for throughput measurements).
"""
import argparse
import hashlib
import os
import random
import sys
import time


def block(mode, size, seed):
    if mode == "text":
        lines, i, n = [], 0, 0
        while n < size:
            line = b"%08d " % i + b"abcdefghijklmnopqrstuvwxyz0123456789" * 2 + b"\n"
            line = line[:79] + b"\n"
            lines.append(line)
            n += len(line)
            i += 1
        return b"".join(lines)[:size]
    if mode == "noline":
        return (b"0123456789abcdefghijklmnopqrstuvwxyz" * (size // 36 + 1))[:size]
    return random.Random(seed).randbytes(size)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("nbytes", type=int)
    p.add_argument("--mode", default="text", choices=["text", "noline", "binary", "lines"])
    p.add_argument("--stream", default="stdout", choices=["stdout", "stderr"])
    p.add_argument("--block", type=int, default=1 << 20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--no-hash", action="store_true")
    a = p.parse_args()
    fd, other = (1, 2) if a.stream == "stdout" else (2, 1)
    h = None if a.no_hash else hashlib.sha256()
    left = a.nbytes
    t0 = time.monotonic_ns()
    if a.mode == "lines":
        out = sys.stdout if fd == 1 else sys.stderr
        out.reconfigure(write_through=False)
        i = 0
        while left > 0:
            line = "step %d loss %.6f lr %.3e grad_norm %.4f tokens/s %d\n" % (
                i, 1.0 / (i + 1), 3e-4, (i % 97) / 7.0, 1000 + i % 1000)
            if len(line) > left:
                line = line[:left - 1] + "\n" if left > 1 else "\n"
            out.write(line)
            if h is not None:
                h.update(line.encode())
            left -= len(line)
            i += 1
        out.flush()
    else:
        data = block(a.mode, min(a.block, max(a.nbytes, 1)), a.seed)
        view = memoryview(data)
        while left > 0:
            chunk = view[:left] if left < len(view) else view
            write_all(fd, chunk)
            if h is not None:
                h.update(chunk)
            left -= len(chunk)
    t1 = time.monotonic_ns()
    digest = h.hexdigest() if h is not None else "-"
    write_all(other, b"flood bytes=%d sha256=%s t0=%d t1=%d\n" % (a.nbytes, digest.encode(), t0, t1))


if __name__ == "__main__":
    main()
