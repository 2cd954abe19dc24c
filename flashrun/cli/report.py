"""CLI command ``report RUN_DIR [-o FILE]``: the run as one self-contained HTML file.

Front door of the data flow (docs/architecture.md) for reading a finished (or running) run:
flashrun.view.rundata reads the run directory, flashrun.view.page renders it with every
trial's detail inlined, and this module writes the file. The file needs nothing from the
network (CSS, script and SVG plots are inside it); its links to full logs are relative to
where it is written, so they work while it sits next to the run directory.
"""
import os
from pathlib import Path

from flashrun.cli.common import UsageError


def cmd_report(args):
    from flashrun.record.atomic import write_atomic
    from flashrun.view import page, rundata

    run_dir = Path(args.run_dir)
    try:
        data = rundata.load(run_dir)
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None
    out = Path(args.output) if args.output else run_dir / "report.html"
    base = out.resolve().parent
    root = run_dir.resolve()

    def file_link(rel):
        return Path(os.path.relpath(root / rel, base)).as_posix()

    html = page.render_page(data, page.Links.anchors(file_link), details=True)
    write_atomic(out, html)
    print("report: %s (%d trials, %d KiB)" % (out, len(data.model.trials), len(html) // 1024))
    return 0


def install(sub):
    p = sub.add_parser("report", help="write a run as one self-contained HTML file",
                       description="Write the run directory as one static HTML file (table, "
                                   "timeline, plots, every trial's decisions and log tails) "
                                   "that opens offline.")
    p.add_argument("run_dir")
    p.add_argument("-o", "--output", default=None, help="default: RUN_DIR/report.html")
    p.set_defaults(func=cmd_report)
