"""Sweep specs: ``grid.yaml`` or keyword arguments → a validated, expanded, frozen :class:`SweepSpec`.

The first arrow of the data flow (docs/architecture.md) (``grid.yaml / API call → spec``). It only
parses: nothing is launched, and every mistake a user can make raises one
:class:`SpecError` pointing at the YAML node (``path:line:col: key: message (hint: ...)``).
The schema is documented in ``docs/grid.md``.

argv: the command template is shlex-split once, then ``{name}`` placeholders are
substituted *inside each token*, never through a shell, so ``0.1; rm -rf /`` stays one
literal argv element. A whole-token placeholder whose value is a list is spliced as
several tokens (``[]`` → none): that is how one trial gets extra flags.

Trial ids: ``t<index>`` + ``-name=value`` for each parameter that varies across the
sweep (unless at its ``defaults:`` value), sanitised for file names and cut at 64
characters (``t003-lr=0.01-seed=1``); a secret parameter (flashrun/redaction.py)
shows as ``name+<hash>`` instead. The index is the position in expansion order (grid
product in key order, last key fastest; then ``trials:``), so a file always gives the
same ids; :attr:`TrialSpec.key` hashes the parameters alone.

:func:`launch_argv` gives the argv to spawn (torchrun trials under ``python -m
torch.distributed.run`` with their own c10d endpoint, :mod:`flashrun.spec.launch`);
:mod:`flashrun.runtime.ports` hands out rendezvous ports no two live groups share.
"""
from __future__ import annotations

import dataclasses
import os
import re
import shlex
from typing import Any, List, Mapping, Optional, Union

from flashrun.redaction import redact, redact_argv
from flashrun.spec._yaml import (MAX_ALIAS_NODES, MAX_DEPTH, MAX_DOCUMENT_BYTES, expansion,
                                 loader_class)
from flashrun.spec.launch import command_argv
from flashrun.spec.model import SpecError, SweepSpec, TrialSpec

__all__ = ["load", "parse", "from_mapping", "dry_run_lines", "launch_argv", "printable"]


# ----------------------------------------------------------------------- loading

def load(path: Union[str, "os.PathLike[str]"]) -> SweepSpec:
    """Read, validate and expand the sweep file at *path*."""
    source = os.fspath(path)
    return parse(read_source(source, "file"), source=source)


def read_source(source: str, what: str) -> str:
    """The text of a spec file (grid.yaml, a rules file); a SpecError naming it otherwise."""
    try:
        with open(source, "r", encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise SpecError("no such %s" % what, source=source,
                        hint="relative paths start at %s" % os.getcwd()) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError("cannot read: %s" % exc, source=source) from None


def parse(text: str, *, source: str = "<string>") -> SweepSpec:
    """Validate and expand YAML *text*; errors name *source* and the node's line:col."""
    import yaml

    if len(text) > MAX_DOCUMENT_BYTES:
        raise SpecError("the file is %d bytes; a sweep spec may have at most %d" % (
            len(text), MAX_DOCUMENT_BYTES), source=source,
            hint="list very many trials with a grid, not one by one")
    try:
        node = yaml.compose(text, Loader=loader_class())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SpecError("invalid YAML: %s" % (exc.problem or exc.context or "syntax error"),
                        source=source, line=mark and mark.line + 1, col=mark and mark.column + 1,
                        hint="check indentation and quoting near here") from None
    except yaml.YAMLError as exc:
        raise SpecError("invalid YAML: %s" % exc, source=source) from None
    except RecursionError:
        raise SpecError("nested more than %d levels deep" % MAX_DEPTH, source=source) from None
    if node is None:
        raise SpecError("empty file", source=source, line=1, col=1, hint="see docs/grid.md")
    distinct, expanded, depth, at = expansion(node)
    if at is not None:
        mark = at.start_mark
        raise SpecError("nested more than %d levels deep" % MAX_DEPTH if depth > MAX_DEPTH else
                        "aliases expand to more than %d nodes beyond the document's own %d"
                        % (MAX_ALIAS_NODES, distinct), source=source, line=mark.line + 1,
                        col=mark.column + 1, hint="an alias bomb? write the values out")
    from flashrun.spec._build import _Builder

    b = _Builder(source, os.path.dirname(os.path.abspath(source)) if os.path.exists(source)
                 else os.getcwd(),
                 re.sub(r"[^A-Za-z0-9._-]+", "-",
                        os.path.splitext(os.path.basename(source))[0]).strip("-._"))
    return b.build(b.construct(node, (), frozenset()))


def from_mapping(data: Mapping[str, Any], *, source: Optional[str] = None) -> SweepSpec:
    """Validate and expand a spec given as a Python mapping (the notebook API).

    Errors read ``<arguments>: key: message``; *source* is only recorded on the spec."""
    from flashrun.spec._build import _Builder

    return dataclasses.replace(_Builder(None, os.getcwd(), "").build(data), source=source)


# ------------------------------------------------------------- launch and ports

def dry_run_lines(spec: SweepSpec) -> List[str]:
    """Printable lines: the sweep's settings, then one line per trial (id, slots, argv)."""
    n = len(spec.trials)
    lines = ["%s: %d trial%s, concurrency %d (%d at once), max_restarts %d, hang_timeout %s" % (
        spec.name, n, "" if n == 1 else "s", spec.concurrency,
        max(1, spec.concurrency // max(t.slots for t in spec.trials)), spec.max_restarts,
        "off" if spec.hang_timeout is None else "%gs" % spec.hang_timeout)]
    if spec.objective:
        lines.append("objective: %s %s" % (spec.objective.mode, spec.objective.metric))
    if spec.env:
        lines.append("env: %s" % " ".join("%s=%s" % kv for kv in redact(spec.env).items()))
    width = max(len(t.trial_id) for t in spec.trials)
    for t in spec.trials:
        line = "%-*s  %d slot%s  %-12s %s" % (
            width, t.trial_id, t.slots, " " if t.slots == 1 else "s",
            "torchrun x%d" % t.nproc if t.torchrun else "command",
            shlex.join(redact_argv(t.argv)))
        if t.backend is not None and t.backend.kind == "slurm":
            b = t.backend
            line += "  [slurm: %d node%s%s%s%s]" % (
                b.nodes, "" if b.nodes == 1 else "s",
                ", partition %s" % b.partition if b.partition else "",
                ", time %s" % b.time if b.time else "",
                ", %s" % " ".join(b.extra) if b.extra else "")
        lines.append(line)
    return [printable(line) for line in lines]


_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e"
                          "\u2060-\u2069\ufeff]")


def printable(text: str) -> str:
    """``text`` safe for a terminal: control, bidi and zero-width characters (ESC, RLO, ...)
    written as ``\\xNN`` / ``\\uNNNN`` escapes, so a value cannot redraw or reorder the line."""
    return _UNPRINTABLE.sub(lambda m: ("\\x%02x" % ord(m.group()) if ord(m.group()) < 0x100
                                       else "\\u%04x" % ord(m.group())), text)


def launch_argv(trial: TrialSpec, rdzv_port: Optional[int] = None) -> List[str]:
    """The argv to spawn for *trial* (see :func:`flashrun.launch.command_argv`)."""
    return command_argv(trial.argv, trial.nproc if trial.torchrun else None,
                        rdzv_port=rdzv_port, rdzv_id=trial.trial_id)
