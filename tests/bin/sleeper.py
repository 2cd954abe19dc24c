"""Fake worker: a process tree that sleeps, like torchrun and its ranks.

    sleeper.py --pidfile F [--children K] [--grandchildren] [--setsid] [--daemon]
               [--ignore-term] [--exit-after S] [--exit-code N]

The leader forks K children (each optionally forking one grandchild); with
--setsid each child first starts a session of its own, as torchrun does for its
workers, so it and its grandchild live outside the leader's process group.
--daemon adds one double-forked process re-parented away from the leader but
still in its group. Every process appends its pid to F, then sleeps.
--ignore-term: every process ignores SIGTERM.
--exit-after S: the leader exits after S seconds and leaves the rest behind.
"""
import argparse
import os
import signal
import sys
import time


def record(path):
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.write(fd, b"%d\n" % os.getpid())
    os.close(fd)


def sleep_forever():
    while True:
        time.sleep(3600)


def fork(body):
    pid = os.fork()
    if pid == 0:
        try:
            body()
        finally:
            os._exit(0)
    return pid


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pidfile", required=True)
    p.add_argument("--children", type=int, default=0)
    p.add_argument("--grandchildren", action="store_true")
    p.add_argument("--setsid", action="store_true")
    p.add_argument("--daemon", action="store_true")
    p.add_argument("--ignore-term", action="store_true")
    p.add_argument("--exit-after", type=float, default=None)
    p.add_argument("--exit-code", type=int, default=0)
    a = p.parse_args()
    if a.ignore_term:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # inherited by every fork

    def child():
        if a.setsid:
            os.setsid()
        if a.grandchildren:
            fork(lambda: (record(a.pidfile), sleep_forever()))
        record(a.pidfile)
        sleep_forever()

    def daemon():
        fork(lambda: (record(a.pidfile), sleep_forever()))  # intermediate exits at once

    record(a.pidfile)
    for _ in range(a.children):
        fork(child)
    if a.daemon:
        os.waitpid(fork(daemon), 0)
    print("sleeper %d ready" % os.getpid(), flush=True)
    if a.exit_after is not None:
        time.sleep(a.exit_after)
        sys.exit(a.exit_code)
    sleep_forever()


if __name__ == "__main__":
    main()
