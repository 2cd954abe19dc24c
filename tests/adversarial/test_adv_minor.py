"""The minor list of issue 12 (defect 9): bounded memory and total functions.

``flashrun diagnose -`` keeps only the tail of what is piped in, ``diagnose
/dev/zero`` ends in bounded memory, ``diagnose()`` takes any str (a lone
surrogate included), and a live Scanner does not keep state per distinct
``[rankN]`` forever. Memory is measured (the child's peak RSS from ``wait4``,
tracemalloc in process); nothing here times anything. (The 100,000-trial limit for
``trials:`` lists is in test_adv_yaml.py.)
"""
import os
import subprocess
import sys
import threading
import tracemalloc

from flashrun.policy.diagnose import diagnose

from adv_helpers import CLI, cli_env

MIB = 1 << 20


# A forked child's ru_maxrss counts the pages it shared with its parent before exec: when the
# parent is a pytest process that grew to hundreds of MiB, that is what wait4 reports. So a
# small interpreter runs the command and reports its own child's peak, which starts clean.
_PEAK = ("import resource, subprocess, sys; rc = subprocess.run(sys.argv[1:]).returncode; "
         "print('PEAK_RSS_KIB %d' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
         "file=sys.stderr); sys.exit(rc)")


def _diagnose_rss(args, feed_mib=0):
    """(returncode, stdout, peak RSS in MiB) of ``flashrun diagnose ARGS``; ``feed_mib`` MiB
    of log lines are piped to its stdin."""
    proc = subprocess.Popen([sys.executable, "-c", _PEAK] + CLI + ["diagnose"] + args,
                            env=cli_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)

    def feed():
        block = (b"step 1 loss 0.5 " * 64)[:1023] + b"\n"
        block = block * 1024
        try:
            for _ in range(feed_mib):
                proc.stdin.write(block)
            proc.stdin.write(b"Traceback (most recent call last):\n  File \"t.py\", line 1\n"
                             b"RuntimeError: the end\n")
        except BrokenPipeError:
            pass
        finally:
            proc.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    with proc.stdout, proc.stderr:
        out = proc.stdout.read()  # small: the verdict; the child ends after stdin's EOF
        err = proc.stderr.read()
    writer.join()
    proc.wait()
    peak = [int(line.split()[1]) for line in err.decode().splitlines()
            if line.startswith("PEAK_RSS_KIB ")]
    assert peak, err.decode()
    return proc.returncode, out.decode() + err.decode(), peak[0] / 1024


def test_diagnose_stdin_keeps_only_the_tail():
    rc, out, rss = _diagnose_rss(["-"], feed_mib=256)
    assert rc == 0, out
    assert "RuntimeError" in out  # the tail was kept and judged
    assert rss < 150, "peak RSS %.0f MiB for 256 MiB piped in" % rss


def test_diagnose_dev_zero_ends_in_bounded_memory():
    rc, out, rss = _diagnose_rss(["/dev/zero"])
    assert rc == 0, out
    assert rss < 150, rss


def test_diagnose_takes_any_str():
    d = diagnose("RuntimeError: bad \ud800 byte\n", 1)
    assert d.failure_class is not None
    d = diagnose("RuntimeError: escaped \udc80 byte\n", 1)
    assert d.failure_class is not None


def test_live_scanner_memory_is_bounded_across_ranks(scan_impl):
    scanner = scan_impl.Scanner()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for r in range(20000):
            scanner.feed(b"[rank%d]: Traceback (most recent call last):\n"
                         b"[rank%d]:   File \"a.py\", line 1, in <module>\n"
                         b"[rank%d]: RuntimeError: boom %d\n" % (r, r, r, r))
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert grown < 2 * MIB, "%d bytes kept for 20,000 ranks" % grown
    assert scanner.result().root_exception == "RuntimeError"
