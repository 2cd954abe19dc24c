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
import threading
import tracemalloc

from flashrun.policy.diagnose import diagnose

from adv_helpers import CLI, cli_env

MIB = 1 << 20


def _diagnose_rss(args, feed_mib=0):
    """(returncode, stdout, peak RSS in MiB) of ``flashrun diagnose ARGS``; ``feed_mib`` MiB
    of log lines are piped to its stdin."""
    proc = subprocess.Popen(CLI + ["diagnose"] + args, env=cli_env(), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

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
    out = proc.stdout.read()
    proc.stdout.close()
    writer.join()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, out.decode(), usage.ru_maxrss / 1024


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
