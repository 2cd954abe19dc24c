"""Fake worker: say something, then exit with a code or die by a signal.

    exit_with.py CODE [--signal NAME] [--message TEXT] [--stamp]

--stamp prints ``stamp=<monotonic ns>`` as the very last thing before exiting
(relaunch-latency measurements).
"""
import argparse
import os
import signal
import sys
import time


def main():
    p = argparse.ArgumentParser()
    p.add_argument("code", type=int)
    p.add_argument("--signal", default=None)
    p.add_argument("--message", default=None)
    p.add_argument("--stamp", action="store_true")
    a = p.parse_args()
    if a.message is not None:
        sys.stderr.write(a.message + "\n")
        sys.stderr.flush()
    if a.stamp:
        os.write(1, b"stamp=%d\n" % time.monotonic_ns())
    if a.signal:
        os.kill(os.getpid(), getattr(signal, a.signal))
        time.sleep(10)
    os._exit(a.code)


if __name__ == "__main__":
    main()
