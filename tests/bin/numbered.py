"""Fake worker: RANKS processes sharing stdout/stderr, each writing LINES numbered lines.

    numbered.py --lines M [--ranks K] [--tag T] [--stream stdout|stderr|both]

Every line is ``<tag> r=<rank> s=<out|err> i=<n>`` written with one os.write
(atomic on a pipe), alternating streams in "both" mode, so a reader can check
that each (rank, stream) sequence arrives whole, complete and in order.
"""
import argparse
import os
import subprocess
import sys


def write_lines(tag, rank, lines, stream):
    fds = {"stdout": [(1, "out")], "stderr": [(2, "err")], "both": [(1, "out"), (2, "err")]}[stream]
    for i in range(lines):
        for fd, name in fds:
            os.write(fd, b"%s r=%d s=%s i=%d\n" % (tag.encode(), rank, name.encode(), i))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--lines", type=int, required=True)
    p.add_argument("--ranks", type=int, default=1)
    p.add_argument("--rank", type=int, default=0)
    p.add_argument("--tag", default="w")
    p.add_argument("--stream", default="both", choices=["stdout", "stderr", "both"])
    a = p.parse_args()
    if a.ranks > 1 and a.rank == 0:
        base = [sys.executable, "-I", "-S", __file__, "--lines", str(a.lines),
                "--tag", a.tag, "--stream", a.stream]
        procs = [subprocess.Popen(base + ["--rank", str(r)]) for r in range(1, a.ranks)]
        write_lines(a.tag, 0, a.lines, a.stream)
        sys.exit(max(p.wait() for p in procs))
    write_lines(a.tag, a.rank, a.lines, a.stream)


if __name__ == "__main__":
    main()
