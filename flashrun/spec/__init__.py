"""What to run: grid.yaml and keyword arguments → validated, frozen blueprints.

The first arrow of the data flow (docs/architecture.md): ``SweepSpec``/``TrialSpec``
(model.py) loaded and checked by grid.py and _build.py, ``GroupSpec`` (group.py) for the
runtime, and the argv a trial is launched with (launch.py). Nothing here starts a process.
"""
from flashrun.spec.grid import dry_run_lines, from_mapping, launch_argv, load, parse
from flashrun.spec.group import GroupSpec
from flashrun.spec.launch import command_argv
from flashrun.spec.model import MAX_TRIALS, Objective, SpecError, SweepSpec, TrialSpec

__all__ = ["GroupSpec", "MAX_TRIALS", "Objective", "SpecError", "SweepSpec",
           "TrialSpec", "command_argv", "dry_run_lines", "from_mapping",
           "launch_argv", "load", "parse"]
