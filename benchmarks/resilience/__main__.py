"""``python -m benchmarks.resilience [--smoke|--full]``: run the suite, print the table, write JSON.

The command-line end of the resilience benchmark (scenarios → harness → storm →
report → here). ``--full`` (the default): all nine faults under flashrun and
plain torchrun, both storms with their comparators, written to
``benchmarks/results/<host>.json``. ``--smoke``: the reduced CI set (three
faults under flashrun only, tiny storms), written to
``benchmarks/results/<host>-smoke.json``. The exit status is 1 when any
flashrun outcome differs from the expected one.
"""
import argparse
import dataclasses
import logging
import sys
import tempfile
import warnings
from pathlib import Path

from . import FULL, SMOKE, run_suite, table, write
from .scenarios import BY_KEY


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.resilience",
                                description=__doc__.split("\n\n")[0])
    size = p.add_mutually_exclusive_group()
    size.add_argument("--smoke", action="store_true", help="the reduced CI set")
    size.add_argument("--full", action="store_true", help="everything (the default)")
    p.add_argument("--only", nargs="+", choices=sorted(BY_KEY), metavar="FAULT",
                   help="run only these faults (%s)" % ", ".join(BY_KEY))
    p.add_argument("--no-torchrun", action="store_true", help="skip the torchrun comparator")
    p.add_argument("--work-dir", type=Path, default=None,
                   help="where the runs and flashrun.log go (default: a new temp dir, kept)")
    p.add_argument("--out", type=Path, default=None, help="JSON path (default: by host)")
    args = p.parse_args(argv)
    warnings.filterwarnings("ignore", message="Failed to initialize NumPy")
    work = args.work_dir or Path(tempfile.mkdtemp(prefix="resilience-"))
    work.mkdir(parents=True, exist_ok=True)
    # flashrun's own log (stops, kills, conclusions) goes to a file beside the runs.
    handler = logging.FileHandler(work / "flashrun.log")
    handler.setFormatter(logging.Formatter("%(created).3f %(name)s %(levelname)s %(message)s"))
    logging.getLogger("flashrun").addHandler(handler)
    logging.getLogger("flashrun").setLevel(logging.INFO)
    logging.getLogger("flashrun").propagate = False
    st = SMOKE if args.smoke else FULL
    if args.only:
        st = dataclasses.replace(st, scenarios=tuple(args.only))
    if args.no_torchrun:
        st = dataclasses.replace(st, torchrun=False)
    res = run_suite(st, work, say=lambda line: print(line, flush=True))
    print()
    print(table(res))
    print("\nwrote %s" % write(res, args.out))
    wrong = [r for r in res["fault_matrix"] if not r["correct"]]
    wrong += [x for x in (res["crash_storm"], res["correlated_storm"]) if not x["correct"]]
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
