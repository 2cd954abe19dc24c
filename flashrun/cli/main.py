"""The command-line front door: ``flashrun <command>`` / ``python -m flashrun``.

Sits at the edge of the data flow (docs/architecture.md): it parses arguments, calls the
library, and turns results into text and exit statuses. Each command lives in its own
module with an ``install(subparsers)`` function; all user-facing printing happens in the
``cli`` package, never in library modules.
"""
import os
import sys
import threading

from flashrun import __version__
from flashrun.cli import diagnose, report, run, sweep, view
from flashrun.cli.common import Parser, UsageError
from flashrun.record.rundir import RunDirError
from flashrun.record.lock import RunDirBusy

COMMANDS = (diagnose.install, run.install, sweep.install, report.install, view.install)


def build_parser():
    parser = Parser(prog="flashrun", description="Keep many PyTorch jobs alive on one machine.")
    parser.add_argument("--version", action="version", version="flashrun " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for install in COMMANDS:
        install(sub)
    return parser


def _on_sigterm(signum, frame):
    """SIGTERM outside the event loop: stop like Ctrl-C (the loop has its own handler)."""
    from flashrun.runtime.loop import Terminated

    raise Terminated()


def main(argv=None):
    import signal

    previous = None
    if threading.current_thread() is threading.main_thread() \
            and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        previous = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _main(argv)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv):
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return 2
        return args.func(args)
    except (UsageError, RunDirBusy, RunDirError) as exc:
        print("flashrun: error: %s" % exc, file=sys.stderr)
        return 2
    except BrokenPipeError:  # `flashrun status | head`: the reader has gone, quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the exit-time flush cannot fail again
        except OSError:
            pass
        return 141
    except KeyboardInterrupt as exc:
        from flashrun.runtime.loop import Terminated

        return 143 if isinstance(exc, Terminated) else 130
