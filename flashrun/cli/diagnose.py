"""``flashrun diagnose LOG``: the judgement of a dead run, from its log, without running anything.

Front door of the policy half of the data flow (docs/architecture.md): reads the end of a
log, calls ``flashrun.policy.diagnose``, prints the decision as text or JSON.
"""
import argparse
import json
import os
import stat
import sys

from flashrun.cli.common import UsageError, add_rules_option, load_rules

TAIL_BYTES = 1 << 20  # diagnose reads at most the last MiB of a log


def _keep_tail(fh, limit):
    """The last ``limit`` bytes of a stream read to its end, holding at most ~3x that."""
    buf = bytearray()
    block = bytearray(1 << 20)
    view = memoryview(block)
    while True:
        n = fh.readinto(block)
        if not n:
            break
        buf += view[:n]
        if len(buf) > 2 * limit:
            del buf[:-limit]
    return bytes(buf[-limit:]) if limit else b""


def _read_tail(path, limit):
    """At most the last ``limit`` bytes of ``path`` ('-': stdin), in bounded memory.

    A regular file is read from ``size - limit``; a pipe, a terminal or stdin is read to
    its end keeping only the tail; a device with no end (``/dev/zero``) gives its first
    ``limit`` bytes."""
    if path == "-":
        return _keep_tail(sys.stdin.buffer, limit)
    try:
        with open(path, "rb") as fh:
            mode = os.fstat(fh.fileno()).st_mode
            if stat.S_ISREG(mode):
                size = fh.seek(0, os.SEEK_END)
                fh.seek(max(0, size - limit))
                return fh.read(limit)
            if stat.S_ISCHR(mode) and not os.isatty(fh.fileno()):
                return fh.read(limit)
            return _keep_tail(fh, limit)
    except OSError as exc:
        raise UsageError("cannot read %s: %s" % (path, exc.strerror or exc)) from None


def cmd_diagnose(args):
    from flashrun.policy.diagnose import diagnose

    rules = load_rules(args.rules)
    tail = _read_tail(args.logfile, args.tail_bytes)
    result = diagnose(tail, args.exit_code, mode=args.mode, rules=rules)
    from flashrun.redaction import redact_text, scrub

    if args.json:  # the evidence quotes the log: secrets in it are masked
        out = scrub(result.as_dict())
        out["file"] = args.logfile
        if args.explain:
            out["explanation"] = scrub(result.explain().as_dict())
        print(json.dumps(out, indent=2))
    else:
        print(redact_text(str(result)))
        if args.explain:
            print(redact_text("\n".join(result.explain().lines())))
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


