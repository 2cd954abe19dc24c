"""``flashrun diagnose LOG``: the judgement of a dead run, from its log, without running anything.

Front door of the policy half of the data flow (docs/architecture.md): reads the end of a
log, calls ``flashrun.policy.diagnose``, prints the decision as text or JSON.
"""
import argparse
import json
import os
import sys

from flashrun.cli.common import UsageError, add_rules_option, load_rules

TAIL_BYTES = 1 << 20  # diagnose reads at most the last MiB of a log


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
    from flashrun.policy.diagnose import diagnose

    rules = load_rules(args.rules)
    tail = _read_tail(args.logfile, args.tail_bytes)
    result = diagnose(tail, args.exit_code, mode=args.mode, rules=rules)
    if args.json:
        out = result.as_dict()
        out["file"] = args.logfile
        if args.explain:
            out["explanation"] = result.explain().as_dict()
        print(json.dumps(out, indent=2))
    else:
        print(result)
        if args.explain:
            print("\n".join(result.explain().lines()))
    return 0


def install(sub):
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
    p.add_argument("--explain", action="store_true",
                   help="list every piece of evidence weighed and why the winner won")
    add_rules_option(p)
    p.add_argument("--tail-bytes", type=int, default=TAIL_BYTES, help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_diagnose)


