"""Fake supervisor: run GROUPS copies of a command under flashrun and wait for them.

    supervise.py --loop asyncio|uvloop --dir D [--groups N] [--grace S] -- argv...

Prints ``guard=<pid>`` and ``spawned=<pid>`` lines once everything runs, and on
the way out (Ctrl-C cancels the main task) one ``exit pid=.. rc=.. killed=..``
line per group. Used to prove that Ctrl-C stops everything and that SIGKILL of
this process leaves no descendant alive.
"""
import argparse
import asyncio
import os
import sys

from flashrun.runtime.loop import loop_factories, run
from flashrun.runtime.process import StopPolicy, guard_pid, spawn
from flashrun.runtime.stream import Output


async def main(a):
    groups = []
    try:
        for i in range(a.groups):
            out = Output(os.path.join(a.dir, str(i)))
            groups.append(await spawn(a.argv, output=out, name="g%d" % i,
                                      stop_policy=StopPolicy(grace=a.grace)))
        print("guard=%d" % guard_pid(), flush=True)
        for g in groups:
            print("spawned=%d" % g.pid, flush=True)
        # return_exceptions=True: on cancellation gather waits for every wait() to
        # finish its stop-and-reap, not just the first one.
        await asyncio.gather(*(g.wait() for g in groups), return_exceptions=True)
    finally:
        for g in groups:
            if g.exit is not None:
                print("exit pid=%d rc=%d killed=%d" % (g.pid, g.exit.returncode, g.exit.killed),
                      flush=True)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--loop", default="asyncio")
    p.add_argument("--dir", required=True)
    p.add_argument("--groups", type=int, default=1)
    p.add_argument("--grace", type=float, default=45.0)
    p.add_argument("argv", nargs=argparse.REMAINDER)
    a = p.parse_args()
    a.argv = a.argv[1:] if a.argv[:1] == ["--"] else a.argv
    try:
        run(main(a), loop_factory=loop_factories()[a.loop])
    except KeyboardInterrupt:
        sys.exit(130)
