"""CLI commands for sweeps: ``sweep grid.yaml`` and ``resume RUN_DIR``.

Front door of the data flow (docs/architecture.md) for many trials: reads and validates the
spec (a bad spec is one ``file:line:col`` error, exit 2, nothing launched),
runs it through ``flashrun.sweep`` with the live view, prints the results
summary, and exits 0 only when every trial succeeded.
"""
import sys
from pathlib import Path

from flashrun.cli.common import UsageError
from flashrun.spec.grid import SpecError, dry_run_lines, load


def _run(spec, run_dir, verbose):
    from flashrun.runtime.loop import Terminated
    from flashrun.sweep import Sweep

    sw = Sweep(spec, run_dir, verbose=verbose)
    try:
        rows = sw.run()
    except KeyboardInterrupt as exc:
        print("[flashrun] %s: every process of the sweep was stopped; continue with "
              "flashrun resume %s" % ("terminated" if isinstance(exc, Terminated) else
                                      "interrupted", sw.run_dir), file=sys.stderr)
        return 143 if isinstance(exc, Terminated) else 130
    for line in sw.summary():
        print(line)
    print("results: %s" % (sw.run_dir / "results.csv"))
    states = {r["state"] for r in rows}
    if "frozen" in states:
        print("automation is frozen after a correlated incident; look at the failures, then "
              "run: flashrun resume %s" % sw.run_dir)
    return 0 if states <= {"succeeded"} else 1


def cmd_sweep(args):

    try:
        spec = load(args.grid)
    except SpecError as exc:
        raise UsageError(str(exc)) from None
    if args.dry_run:
        for line in dry_run_lines(spec):
            print(line)
        return 0
    run_dir = args.resume or args.run_dir
    return _run(spec, run_dir, args.verbose)


def cmd_resume(args):

    run_dir = Path(args.run_dir)
    spec_file = run_dir / "spec.yaml"
    if not spec_file.exists():
        raise UsageError("%s has no spec.yaml: not a sweep run directory" % run_dir)
    spec_file = _secret_source(run_dir) or spec_file
    try:
        spec = load(spec_file)
    except SpecError as exc:
        raise UsageError(str(exc)) from None
    return _run(spec, run_dir, args.verbose)


def _secret_source(run_dir: Path):
    """The grid file a sweep with secrets is resumed from (its spec.yaml has them masked)."""
    import hashlib
    import json

    from flashrun.sweep import SOURCE_FILE

    ref_file = run_dir / SOURCE_FILE
    if not ref_file.exists():
        return None
    try:
        ref = json.loads(ref_file.read_text())
        text = Path(ref["path"]).read_bytes()
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UsageError("%s: the sweep's secrets stay in its grid file, which cannot be read "
                         "(%s); run: flashrun sweep GRID --resume %s"
                         % (ref_file, getattr(exc, "strerror", None) or exc, run_dir)) from None
    if hashlib.sha256(text).hexdigest() != ref["sha256"]:
        raise UsageError("%s changed since the sweep started (its secrets are not kept in the run "
                         "directory); run: flashrun sweep %s --resume %s"
                         % (ref["path"], ref["path"], run_dir))
    return Path(ref["path"])


def install(sub):
    p = sub.add_parser("sweep", help="run every trial of a grid.yaml, recovering each by policy",
                       description="Run a sweep: many trials at once, each recovered by policy.")
    p.add_argument("grid", help="the sweep spec (see docs/grid.md)")
    p.add_argument("--run-dir", default=None, help="default: runs/<name>-<timestamp>")
    p.add_argument("--resume", metavar="RUN_DIR", default=None,
                   help="continue a sweep in RUN_DIR: skip trials that succeeded")
    p.add_argument("--dry-run", action="store_true", help="print the expanded trials and stop")
    p.add_argument("--verbose", "-v", action="store_true", help="stream every trial's output")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("resume", help="continue a sweep (after a freeze, Ctrl-C or a crash)")
    p.add_argument("run_dir")
    p.add_argument("--verbose", "-v", action="store_true")
    p.set_defaults(func=cmd_resume)
