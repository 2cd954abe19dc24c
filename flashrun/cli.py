"""The command-line front door: ``flashrun <command>`` / ``python -m flashrun``.

Sits at the edge of DESIGN.md's flow: it parses arguments, calls the library
(``diagnose`` here; the supervisor and sweep commands register themselves in
``COMMANDS``), and turns results into text and exit statuses. All
user-facing printing happens here, never in library modules.
"""
import argparse
import json
import os
import sys

from flashrun import __version__

TAIL_BYTES = 1 << 20  # diagnose reads at most the last MiB of a log


class UsageError(Exception):
    """Bad arguments or an unreadable input: one line on stderr, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError("%s: %s (see --help)" % (self.prog, message))


def _read_tail(path, limit):
    if path == "-":
        data = sys.stdin.buffer.read()
        return data[-limit:]
    try:
        with open(path, "rb") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            fh.seek(max(0, size - limit))
            return fh.read()
    except OSError as exc:
        raise UsageError("cannot read %s: %s" % (path, exc.strerror or exc)) from None


def cmd_diagnose(args):
    from flashrun.diagnosis import diagnose

    tail = _read_tail(args.logfile, args.tail_bytes)
    result = diagnose(tail, args.exit_code, mode=args.mode)
    if args.json:
        out = result.as_dict()
        out["file"] = args.logfile
        print(json.dumps(out, indent=2))
    else:
        print(result)
    return 0


def _add_diagnose(sub):
    p = sub.add_parser("diagnose", help="explain why a run died, from its log",
                       description="Read the end of a log and say why the run died and what "
                                   "flashrun would do about it.")
    p.add_argument("logfile", help="log file to read ('-' for stdin)")
    p.add_argument("--exit-code", type=int, default=None,
                   help="exit status of the process that was run (negative = signal)")
    p.add_argument("--mode", choices=("coordinated_training", "independent_tasks"),
                   default="coordinated_training",
                   help="a torchrun group (default) or an independent sweep trial")
    p.add_argument("--json", action="store_true", help="print the decision as JSON")
    p.add_argument("--tail-bytes", type=int, default=TAIL_BYTES, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_diagnose)


# Other front-door modules append (name, installer) pairs here.
COMMANDS = [("diagnose", _add_diagnose)]


def _optional_commands():
    """Commands that live in their own modules, if present in this build."""
    for module in ("flashrun.cli_run", "flashrun.cli_sweep"):
        try:
            mod = __import__(module, fromlist=["install"])
        except ImportError as exc:
            if exc.name != module:
                raise
            continue
        yield mod.install


def build_parser():
    parser = _Parser(prog="flashrun", description="Keep many PyTorch jobs alive on one machine.")
    parser.add_argument("--version", action="version", version="flashrun " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for _, install in COMMANDS:
        install(sub)
    for install in _optional_commands():
        install(sub)
    return parser


def main(argv=None):
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return 2
        return args.func(args)
    except UsageError as exc:
        print("flashrun: error: %s" % exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
