"""CLI commands for sweeps: ``sweep grid.yaml`` and ``resume RUN_DIR``.

Front door of the data flow (docs/architecture.md) for many trials: reads and validates the
spec (a bad spec is one ``file:line:col`` error, exit 2, nothing launched),
runs it through ``flashrun.sweep`` with the live view, prints the results
summary, and exits 0 only when every trial succeeded.
"""
import dataclasses
import sys
from pathlib import Path

from flashrun.cli.common import UsageError, add_rules_option, load_rules
from flashrun.cli.view import add_view_args
from flashrun.record.rundir import RunDirError, check_reuse
from flashrun.spec.grid import SpecError, dry_run_lines, load


def _run(spec, run_dir, verbose, resume=False, view=None):
    from flashrun.sweeps import Sweep

    try:
        sw = Sweep(spec, run_dir, verbose=verbose, resume=resume)
    except RunDirError as exc:
        raise UsageError(str(exc)) from None
    if view is not None and view.view:
        return _run_viewed(sw, view)
    try:
        rows = sw.run()
    except KeyboardInterrupt as exc:
        return _stopped(sw, exc)
    return _finish(sw, rows)


def _run_viewed(sw, args):
    from flashrun.cli.view import serve_sweep
    from flashrun.runtime import loop

    def on_done(rows):
        return _finish(sw, rows)

    on_done.code = None
    try:
        loop.run(serve_sweep(sw, args.host, args.port, on_done))
    except KeyboardInterrupt as exc:
        if on_done.code is not None:
            return on_done.code
        return _stopped(sw, exc)
    return on_done.code if on_done.code is not None else 1


def _stopped(sw, exc):
    """Ctrl-C (130) or SIGTERM (143): every process was stopped; say how to continue."""
    from flashrun.runtime.loop import Terminated

    term = isinstance(exc, Terminated)
    print("[flashrun] %s: every process of the sweep was stopped; continue with "
          "flashrun resume %s" % ("terminated" if term else "interrupted", sw.run_dir),
          file=sys.stderr)
    return 143 if term else 130


def _finish(sw, rows):
    for line in sw.summary()[1:]:  # the view's last line already gave the counts
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
    if args.rules is not None or spec.rules is None:  # --rules, then grid.yaml, then $FLASHRUN_RULES
        rules = load_rules(args.rules)
        if rules is not None:
            spec = dataclasses.replace(spec, rules=rules)
    if args.dry_run:
        for line in dry_run_lines(spec):
            print(line)
        return 0
    if args.resume:
        _same_spec(spec, Path(args.resume), args.grid)
        return _run(spec, args.resume, args.verbose, resume=True, view=args)
    if args.run_dir is not None:
        try:
            check_reuse(args.run_dir, False, how="flashrun resume %s" % args.run_dir)
        except RunDirError as exc:
            raise UsageError(str(exc)) from None
    return _run(spec, args.run_dir, args.verbose, view=args)


def _same_spec(spec, run_dir: Path, grid: str) -> None:
    """``sweep GRID --resume DIR`` runs what ``resume DIR`` would, or refuses: one spec."""
    recorded = run_dir / "spec.yaml"
    if not recorded.exists():
        raise UsageError("%s has no spec.yaml: not a sweep run directory" % run_dir)
    try:
        old = load(recorded)
    except SpecError as exc:
        raise UsageError(str(exc)) from None
    if old.to_yaml() != spec.to_yaml():
        a, b = dict(old.raw), dict(spec.raw)
        keys = [k for k in dict.fromkeys(list(a) + list(b)) if a.get(k) != b.get(k)]
        raise UsageError("%s differs from the spec this run started with (%s: %s); continue "
                         "the original with: flashrun resume %s" % (
                             grid, recorded, ", ".join(keys) or "trials", run_dir))


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
    return _run(spec, run_dir, args.verbose, resume=True)


def _secret_source(run_dir: Path):
    """The grid file a sweep with secrets is resumed from (its spec.yaml has them masked)."""
    import hashlib
    import json

    from flashrun.sweeps import SOURCE_FILE

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
    p.add_argument("--run-dir", default=None, metavar="DIR",
                   help="where the record goes (default: a new runs/<name>-<timestamp>)")
    p.add_argument("--resume", metavar="RUN_DIR", default=None,
                   help="continue the sweep in RUN_DIR (skip trials that succeeded); GRID must "
                        "be the spec it started with")
    p.add_argument("--dry-run", action="store_true", help="print the expanded trials and stop")
    p.add_argument("--verbose", "-v", action="store_true", help="stream every trial's output")
    add_view_args(p, flag=True)
    add_rules_option(p)
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("resume", help="continue a sweep (after a freeze, Ctrl-C or a crash)",
                       description="Continue the sweep in RUN_DIR with the spec it started "
                                   "with (RUN_DIR/spec.yaml); trials that succeeded are kept.")
    p.add_argument("run_dir", help="the sweep's run directory")
    p.add_argument("--verbose", "-v", action="store_true", help="stream every trial's output")
    p.set_defaults(func=cmd_resume)
