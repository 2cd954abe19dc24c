"""CLI commands for one supervised job: ``run``, ``status``, ``logs``.

Front door of the data flow (docs/architecture.md) for a single job: parses arguments into a
``flashrun.run`` call, prints flashrun's conclusions, and maps the outcome to
an exit status (0 success; the failed run's status, signals as 128+N; 130 on
Ctrl-C, 143 on SIGTERM). ``status`` and ``logs`` only read a run directory.
"""
import json
import signal
import sys
import threading
import time
from pathlib import Path

from flashrun.cli.common import UsageError
from flashrun.record.events import read_events
from flashrun.record.lock import holder
from flashrun.record.state import RunState, fold


from flashrun.runtime.loop import Terminated as _Terminated


def _on_sigterm(signum, frame):
    """SIGTERM outside the event loop (while the loop runs, it handles SIGTERM itself)."""
    raise _Terminated()


def cmd_run(args):
    from flashrun.api import run

    if not args.command:
        raise UsageError("run: give the command after --, e.g. flashrun run -- python train.py")
    if args.command[0] == "--":
        args.command = args.command[1:]
    if not args.command:
        raise UsageError("run: give the command after --, e.g. flashrun run -- python train.py")
    from flashrun.runtime.process import CannotStart, check_program
    from flashrun.spec.launch import command_argv

    try:  # before anything is created: a typo leaves no run directory behind
        check_program(command_argv(args.command))
    except CannotStart as exc:
        print("flashrun: error: %s" % exc.reason, file=sys.stderr)
        return exc.exit_status
    previous = signal.signal(signal.SIGTERM, _on_sigterm) \
        if threading.current_thread() is threading.main_thread() else None
    out = sys.stdout.buffer

    def say(line):
        out.flush()
        print(line, file=sys.stderr, flush=True)

    try:
        result = run(args.command, run_dir=args.run_dir, nproc_per_node=args.nproc_per_node,
                     max_restarts=args.max_restarts, hang_timeout=args.hang_timeout,
                     grace=args.grace, mode=args.mode, echo=None if args.quiet else out, say=say)
    except _Terminated:
        print("[flashrun] terminated: every process of the run was stopped", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("[flashrun] interrupted: every process of the run was stopped", file=sys.stderr)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    print("[flashrun] %s after %d attempt(s); run directory: %s" % (
        result.state.value, result.attempts, result.run_dir), file=sys.stderr)
    if result.succeeded:
        return 0
    return result.exit_code or 1


def load_state(run_dir: Path) -> RunState:
    events = run_dir / "events.jsonl"
    if not events.exists():
        raise UsageError("%s is not a flashrun run directory (no events.jsonl)" % run_dir)
    try:
        return fold(read_events(events, strict=False))
    except OSError as exc:
        raise UsageError("cannot read %s: %s" % (events, exc.strerror or exc)) from None


def cmd_status(args):
    run_dir = Path(args.run_dir)
    state = load_state(run_dir)
    if args.json:
        print(json.dumps(state.to_dict(), indent=2, default=str))
        return 0
    counts = ", ".join("%s %d" % kv for kv in state.counts().items() if kv[1])
    print("%s: %s%s" % (run_dir, counts or "empty", "  [automation FROZEN: %s]" %
                        state.frozen_reason if state.frozen else ""))
    for t in state.trials.values():
        line = "  %-24s %-10s attempts %d" % (t.trial, t.state.value, t.attempts)
        if t.exit_code is not None:
            line += "  exit %s" % t.exit_code
        if t.last_failure:
            line += "  %s → %s" % (t.last_failure, t.last_decision or "?")
        print(line)
        if t.reason and t.state.value != "succeeded":
            print("      %s" % t.reason)
    return 0


def _attempt_dir(run_dir: Path, trial, attempt):
    trials = sorted(p for p in (run_dir / "trials").glob("*") if p.is_dir())
    if not trials:
        raise UsageError("%s has no trials yet" % run_dir)
    tdir = run_dir / "trials" / trial if trial else trials[0]
    attempts = sorted((p for p in tdir.glob("attempt-*") if p.name[8:].isdigit()),
                      key=lambda p: int(p.name[8:]))
    if attempt is not None:
        chosen = tdir / ("attempt-%d" % attempt)
    elif attempts:
        chosen = attempts[-1]
    else:
        chosen = tdir / "attempt-0"
    if not chosen.exists():
        raise UsageError("no such attempt: %s" % chosen)
    return tdir.name, chosen


def cmd_logs(args):
    run_dir = Path(args.run_dir)
    trial, adir = _attempt_dir(run_dir, args.trial, args.attempt)
    path = adir / ("stderr.log" if args.stderr else "stdout.log")
    out = sys.stdout.buffer
    pos = 0
    gone = False
    while True:
        try:
            with open(path, "rb") as fh:
                fh.seek(pos)
                data = fh.read()
        except FileNotFoundError:
            data = b""
        out.write(data)
        out.flush()
        pos += len(data)
        if not args.follow:
            return 0
        if gone:  # the supervisor died: what it left is printed, nothing more will come
            print("[flashrun] the supervisor of %s is gone; stopped following" % run_dir,
                  file=sys.stderr)
            return 0
        t = load_state(run_dir).trials.get(trial)
        if t is not None and (t.state.terminal or t.attempt != int(adir.name[8:])):
            return 0
        gone = holder(run_dir) is None  # one more read after this, then stop
        if not gone:
            time.sleep(0.2)  # following a file: a short sleep between reads


def install(sub):
    p = sub.add_parser("run", help="run a command or torchrun group with automatic recovery",
                       description="Run a command (or, with --nproc-per-node, a torchrun "
                                   "group), stream its output, and recover it by policy.")
    p.add_argument("--max-restarts", type=int, default=3)
    p.add_argument("--nproc-per-node", type=int, default=None,
                   help="launch the command under torchrun --standalone with K ranks")
    p.add_argument("--hang-timeout", type=float, default=None,
                   help="stop and restart after S seconds without output or heartbeat")
    p.add_argument("--grace", type=float, default=45.0,
                   help="seconds between SIGTERM and SIGKILL when stopping (default 45)")
    p.add_argument("--run-dir", default=None, help="default: runs/<name>-<timestamp>")
    p.add_argument("--mode", choices=("coordinated_training", "independent_tasks"), default=None)
    p.add_argument("--quiet", action="store_true", help="do not echo the run's output")
    p.add_argument("command", nargs="...", help="-- then the command and its arguments")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("status", help="show the state of a run directory")
    p.add_argument("run_dir")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("logs", help="print an attempt's output")
    p.add_argument("run_dir")
    p.add_argument("--trial", default=None)
    p.add_argument("--attempt", type=int, default=None)
    p.add_argument("--stderr", action="store_true", help="stderr.log instead of stdout.log")
    p.add_argument("--follow", "-f", action="store_true")
    p.set_defaults(func=cmd_logs)
