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

from flashrun import defaults as D
from flashrun.cli.common import UsageError, add_rules_option, load_rules
from flashrun.record.rundir import RunDirError, check_reuse
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
    rules = load_rules(args.rules)  # before anything starts: a bad file is one line
    if args.run_dir is not None:
        try:
            check_reuse(args.run_dir, args.resume, how="--resume")
        except RunDirError as exc:
            raise UsageError(str(exc)) from None
    if getattr(args, "backend", "local") == "local":  # on Slurm the program lives on the nodes
        from flashrun.runtime.process import CannotStart, check_program
        from flashrun.spec.launch import command_argv

        try:  # before anything is created: a typo leaves no run directory behind
            check_program(command_argv(args.command, args.nproc_per_node))
        except CannotStart as exc:
            print("flashrun: error: %s" % exc.reason, file=sys.stderr)
            return exc.exit_status
    previous = signal.signal(signal.SIGTERM, _on_sigterm) \
        if threading.current_thread() is threading.main_thread() else None
    out = sys.stdout.buffer

    def say(line):
        out.flush()
        print(line, file=sys.stderr, flush=True)

    backend = None
    if args.backend == "slurm":
        from flashrun.spec.backend import Slurm

        try:
            backend = Slurm(nodes=args.nodes, partition=args.partition, time=args.time,
                            gpus_per_node=args.gpus_per_node, extra=tuple(args.slurm_arg))
        except ValueError as exc:
            raise UsageError("run: %s" % exc) from None
    elif any(v not in (None, []) for v in (args.nodes, args.partition, args.time,
                                           args.gpus_per_node, args.slurm_arg)):
        raise UsageError("run: --nodes/--partition/--time/--gpus-per-node/--slurm-arg need "
                         "--backend slurm")
    if backend is not None and args.nodes is None:
        raise UsageError("run: --backend slurm needs --nodes N")
    try:
        result = run(args.command, run_dir=args.run_dir, nproc_per_node=args.nproc_per_node,
                     backend=backend,
                     max_restarts=args.max_restarts, hang_timeout=args.hang_timeout,
                     startup_timeout=args.startup_timeout, grace=args.grace,
                     fatal_grace=args.fatal_grace, env=dict(args.env), cwd=args.cwd,
                     mode=args.mode, resume=args.resume, echo=None if args.quiet else out,
                     say=say, rules=rules)
    except RunDirError as exc:
        raise UsageError(str(exc)) from None
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


def _trial_dir(run_dir: Path, trial) -> Path:
    """The trial directory a ``--trial`` names: a full id or the short ``tNNN`` the
    views print; without one, the only trial (a sweep with several needs the choice)."""
    trials = sorted(p.name for p in (run_dir / "trials").glob("*") if p.is_dir())
    if not trials:
        raise UsageError("%s has no trials yet" % run_dir)
    if trial is None:
        if len(trials) == 1:
            return run_dir / "trials" / trials[0]
        raise UsageError("%s holds %d trials; choose one with --trial: %s" % (
            run_dir, len(trials), " ".join(t.split("-", 1)[0] for t in trials)))
    matches = [t for t in trials if t == trial or t.split("-", 1)[0] == trial]
    if len(matches) != 1:
        raise UsageError("no trial %r in %s; trials: %s" % (
            trial, run_dir, " ".join(t.split("-", 1)[0] for t in trials)))
    return run_dir / "trials" / matches[0]


def _attempt_dir(run_dir: Path, trial, attempt):
    tdir = _trial_dir(run_dir, trial)
    attempts = sorted((p for p in tdir.glob("attempt-*") if p.name[8:].isdigit()),
                      key=lambda p: int(p.name[8:]))
    if attempt is not None:
        chosen = tdir / ("attempt-%d" % attempt)
    elif attempts:
        chosen = attempts[-1]
    else:
        chosen = tdir / "attempt-0"
    if not chosen.exists():
        raise UsageError("no attempt %s of trial %s (attempts are numbered from 0: %s)" % (
            attempt if attempt is not None else 0, tdir.name,
            " ".join(p.name[8:] for p in attempts) or "none yet"))
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


def _env_pair(text):
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError("expected KEY=VALUE")
    return key, value


def install(sub):
    p = sub.add_parser("run", help="run a command or torchrun group with automatic recovery",
                       description="Run a command (or, with --nproc-per-node, a torchrun "
                                   "group), stream its output, and recover it by policy. "
                                   "Exits with the run's exit code (a signal N as 128+N).")
    p.add_argument("--nproc-per-node", type=int, default=None, metavar="K",
                   help="launch the command under torchrun --standalone with K ranks; a .py "
                        "script runs with this interpreter, as torchrun does")
    p.add_argument("--max-restarts", type=int, default=D.MAX_RESTARTS, metavar="N",
                   help="relaunches allowed after the first attempt (default: %(default)s)")
    p.add_argument("--mode", choices=("coordinated_training", "independent_tasks"), default=None,
                   help="how a failure is recovered: a whole torchrun group together "
                        "(default with --nproc-per-node) or one task on its own (default "
                        "otherwise)")
    p.add_argument("--hang-timeout", type=float, default=D.HANG_TIMEOUT_S, metavar="SECONDS",
                   help="stop and restart after this many seconds without output or "
                        "heartbeat (default: off)")
    p.add_argument("--startup-timeout", type=float, default=None, metavar="SECONDS",
                   help="silence allowed before the first output (default: %g x "
                        "--hang-timeout)" % D.STARTUP_FACTOR)
    p.add_argument("--grace", type=float, default=D.GRACE_S, metavar="SECONDS",
                   help="between SIGTERM and SIGKILL when stopping (default: %(default)s)")
    p.add_argument("--fatal-grace", type=float, default=D.FATAL_GRACE_S, metavar="SECONDS",
                   help="how long a group may live after a fatal marker (NCCL watchdog, "
                        "ECC, Xid) appears in its output (default: %(default)s)")
    p.add_argument("--env", action="append", type=_env_pair, default=[], metavar="KEY=VALUE",
                   help="set an environment variable for the run (repeatable)")
    p.add_argument("--cwd", default=None, metavar="DIR", help="working directory of the run")
    p.add_argument("--run-dir", default=None, metavar="DIR",
                   help="where the record goes (default: a new runs/<name>-<timestamp>)")
    p.add_argument("--resume", action="store_true",
                   help="continue the run already in --run-dir (its attempt count goes on)")
    p.add_argument("--quiet", action="store_true", help="do not echo the run's output")
    p.add_argument("--backend", choices=("local", "slurm"), default="local",
                   help="where attempts run (default: this machine); see docs/slurm.md")
    p.add_argument("--nodes", type=int, default=None,
                   help="slurm: nodes per attempt, one task (one torchrun) on each")
    p.add_argument("--gpus-per-node", type=int, default=None, help="slurm: srun --gpus-per-node")
    p.add_argument("--partition", default=None, help="slurm: srun --partition")
    p.add_argument("--time", default=None, help="slurm: srun --time (per attempt)")
    p.add_argument("--slurm-arg", action="append", default=[], metavar="ARG",
                   help="slurm: one more srun argument (repeatable), e.g. --slurm-arg=--exclusive")
    add_rules_option(p)
    p.add_argument("command", nargs="...", help="-- then the command and its arguments")
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("status", help="show the state of a run directory",
                       description="Show the state of every trial of a run directory.")
    p.add_argument("run_dir", help="a run directory (runs/<name>-<timestamp>)")
    p.add_argument("--json", action="store_true", help="print the whole state as JSON")
    p.set_defaults(func=cmd_status)

    p = sub.add_parser("logs", help="print an attempt's output",
                       description="Print the output of one attempt of one trial.")
    p.add_argument("run_dir", help="a run directory (runs/<name>-<timestamp>)")
    p.add_argument("--trial", default=None, metavar="ID",
                   help="the trial: its id or the short tNNN the tables show (needed when a "
                        "sweep has several trials)")
    p.add_argument("--attempt", type=int, default=None, metavar="N",
                   help="the attempt, numbered from 0 (default: the latest)")
    p.add_argument("--stderr", action="store_true", help="stderr.log instead of stdout.log")
    p.add_argument("--follow", "-f", action="store_true",
                   help="keep printing new output until the attempt ends")
    p.set_defaults(func=cmd_logs)
