"""Sweep specs: ``grid.yaml`` or keyword arguments → a validated, expanded, frozen :class:`SweepSpec`.

The first arrow of DESIGN.md's data flow (``grid.yaml / API call → spec``). It only
parses: nothing is launched, and every mistake a user can make raises one
:class:`SpecError` pointing at the YAML node (``path:line:col: key: message (hint: ...)``).
The schema is documented in ``docs/grid.md``.

argv: the command template is shlex-split once, then ``{name}`` placeholders are
substituted *inside each token*, never through a shell, so ``0.1; rm -rf /`` stays one
literal argv element. A whole-token placeholder whose value is a list is spliced as
several tokens (``[]`` → none): that is how one trial gets extra flags.

Trial ids: ``t<index>`` + ``-name=value`` for each parameter that varies across the
sweep (unless at its ``defaults:`` value), sanitised for file names and cut at 64
characters (``t003-lr=0.01-seed=1``). The index is the position in expansion order (grid
product in key order, last key fastest; then ``trials:``), so a file always gives the
same ids; :attr:`TrialSpec.key` hashes the parameters alone.

:func:`launch_argv` gives the argv to spawn (torchrun trials under ``python -m
torch.distributed.run`` with their own c10d endpoint); :class:`PortAllocator` hands out
rendezvous ports that no two live groups share (both live in :mod:`flashrun.launch`).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import re
import shlex
from types import MappingProxyType
from typing import Any, List, Mapping, Optional, Sequence, Tuple, Union

from .launch import PortAllocator, command_argv, free_port  # noqa: F401  (re-exported)

__all__ = ["SpecError", "Objective", "TrialSpec", "SweepSpec", "load", "parse", "from_mapping",
           "dry_run_lines", "launch_argv", "free_port", "PortAllocator", "MAX_TRIALS"]

logger = logging.getLogger(__name__)

MAX_TRIALS = 100_000
ID_MAX_LEN = 64
KEYS = ("name", "command", "torchrun", "grid", "trials", "defaults", "concurrency",
        "max_restarts", "hang_timeout", "env", "objective", "cwd")
DEFAULTS = {"concurrency": 1, "max_restarts": 2, "hang_timeout": 600.0}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]+")
_PYTHON = re.compile(r"python(\d+(\.\d+)?)?\Z")
_FLOAT12 = re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+$")
Path = Tuple[Union[str, int], ...]
Parts = List[Union[str, Tuple[str]]]  # a token: literal strings and (name,) placeholders


class SpecError(ValueError):
    """An invalid sweep spec. ``str()`` is ``where: key: message (hint: ...)``; *where* is
    ``file:line:col`` (1-based), or ``<arguments>`` for :func:`from_mapping`."""

    def __init__(self, message: str, *, source: Optional[str] = None, line: Optional[int] = None,
                 col: Optional[int] = None, key: Optional[str] = None,
                 hint: Optional[str] = None) -> None:
        self.message, self.source, self.line, self.col = message, source, line, col
        self.key, self.hint = key, hint
        where = (source or "<arguments>") + (":%d:%d" % (line, col or 1) if line else "")
        text = "%s: %s%s" % (where, "%s: " % key if key else "", message)
        super().__init__(text + (" (hint: %s)" % hint if hint else ""))


@dataclasses.dataclass(frozen=True)
class Objective:
    """What "best" means: the *metric* name and ``mode`` ``"min"`` or ``"max"``."""

    metric: str
    mode: str = "min"


@dataclasses.dataclass(frozen=True)
class TrialSpec:
    """One expanded trial (a blueprint; attempts are the runner's business).

    *argv*: the command itself (for torchrun trials what runs under torchrun: see
    :func:`launch_argv`); *nproc*: slots it takes (ranks; 1 for plain commands); *env*:
    the sweep's ``env`` with placeholders filled; *cwd*: an absolute directory."""

    trial_id: str
    params: Mapping[str, Any]
    argv: Tuple[str, ...]
    nproc: int = 1
    torchrun: bool = False
    mode: str = "independent_tasks"
    env: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    index: int = 0
    cwd: Optional[str] = None

    __hash__ = None  # type: ignore[assignment]  # holds read-only mappings

    @property
    def key(self) -> str:
        """12 hex digits of sha256 over the canonical JSON of *params* (position-free)."""
        return hashlib.sha256(_canon(self.params).encode()).hexdigest()[:12]

    def to_dict(self) -> dict:
        """JSON-ready (what ``trials/<id>/params.json`` can hold)."""
        return _thaw({"trial_id": self.trial_id, "index": self.index, "params": self.params,
                      "argv": self.argv, "nproc": self.nproc, "torchrun": self.torchrun,
                      "mode": self.mode, "env": self.env, "cwd": self.cwd, "key": self.key})


@dataclasses.dataclass(frozen=True)
class SweepSpec:
    """A validated sweep. *raw* is the normalised spec (every key, ``cwd`` absolute):
    :meth:`to_yaml` writes it as ``spec.yaml``, which loads back to the same trials."""

    name: str
    trials: Tuple[TrialSpec, ...]
    concurrency: int = DEFAULTS["concurrency"]
    max_restarts: int = DEFAULTS["max_restarts"]
    hang_timeout: Optional[float] = DEFAULTS["hang_timeout"]
    env: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    objective: Optional[Objective] = None
    torchrun_nproc: Optional[int] = None
    source: Optional[str] = None
    raw: Mapping[str, Any] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    cwd: Optional[str] = None

    __hash__ = None  # type: ignore[assignment]

    @property
    def param_keys(self) -> Tuple[str, ...]:
        """Every parameter name in spec order (grid keys, then ``trials:``, then defaults)."""
        return tuple(dict.fromkeys(k for t in self.trials for k in t.params))

    @property
    def varying_keys(self) -> Tuple[str, ...]:
        """The parameters whose value differs between trials (what the views show)."""
        return _varying(self.param_keys, [t.params for t in self.trials])

    def trial(self, trial_id: str) -> TrialSpec:
        for t in self.trials:
            if t.trial_id == trial_id:
                return t
        raise KeyError(trial_id)

    def to_yaml(self) -> str:
        import yaml

        # non-ASCII is escaped: PyYAML's allow_unicode writes U+0085 raw and reads it as a break
        return yaml.dump(_thaw(self.raw), Dumper=_yaml_classes()[1], sort_keys=False)


# ----------------------------------------------------------------------- loading

def load(path: Union[str, "os.PathLike[str]"]) -> SweepSpec:
    """Read, validate and expand the sweep file at *path*."""
    source = os.fspath(path)
    try:
        with open(source, "r", encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise SpecError("no such file", source=source,
                        hint="relative paths start at %s" % os.getcwd()) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError("cannot read: %s" % exc, source=source) from None
    return parse(text, source=source)


def parse(text: str, *, source: str = "<string>") -> SweepSpec:
    """Validate and expand YAML *text*; errors name *source* and the node's line:col."""
    import yaml

    try:
        node = yaml.compose(text, Loader=_loader_class())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SpecError("invalid YAML: %s" % (exc.problem or exc.context or "syntax error"),
                        source=source, line=mark and mark.line + 1, col=mark and mark.column + 1,
                        hint="check indentation and quoting near here") from None
    except yaml.YAMLError as exc:
        raise SpecError("invalid YAML: %s" % exc, source=source) from None
    if node is None:
        raise SpecError("empty file", source=source, line=1, col=1, hint="see docs/grid.md")
    from ._spec_build import _Builder

    b = _Builder(source, os.path.dirname(os.path.abspath(source)) if os.path.exists(source)
                 else os.getcwd(),
                 re.sub(r"[^A-Za-z0-9._-]+", "-",
                        os.path.splitext(os.path.basename(source))[0]).strip("-._"))
    return b.build(b.construct(node, (), frozenset()))


def from_mapping(data: Mapping[str, Any], *, source: Optional[str] = None) -> SweepSpec:
    """Validate and expand a spec given as a Python mapping (the notebook API).

    Errors read ``<arguments>: key: message``; *source* is only recorded on the spec."""
    from ._spec_build import _Builder

    return dataclasses.replace(_Builder(None, os.getcwd(), "").build(data), source=source)


_YAML: Any = None


def _yaml_classes():
    """(Loader, Dumper): safe, and reading YAML 1.2 floats such as ``1e-3`` as numbers (the
    dumper quotes strings that look like them, so ``spec.yaml`` loads back unchanged)."""
    global _YAML
    if _YAML is None:
        import yaml

        class Loader(yaml.SafeLoader):
            pass

        class Dumper(yaml.SafeDumper):
            pass

        for cls in (Loader, Dumper):
            cls.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT12, list("-+0123456789"))
        _YAML = (Loader, Dumper)
    return _YAML


def _loader_class():
    return _yaml_classes()[0]


# ----------------------------------------------------------------------- helpers

def _canon(params: Mapping[str, Any]) -> str:
    return json.dumps(_thaw(params), sort_keys=True, separators=(",", ":"))


def _varying(keys: Sequence[str], params: Sequence[Mapping[str, Any]]) -> Tuple[str, ...]:
    return tuple(k for k in keys if len({_canon({k: p.get(k)}) for p in params}) > 1)


def _thaw(v: Any) -> Any:
    if isinstance(v, Mapping):
        return {k: _thaw(x) for k, x in v.items()}
    return [_thaw(x) for x in v] if isinstance(v, (list, tuple)) else v


def _freeze(v: Any) -> Any:
    if isinstance(v, Mapping):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    return tuple(_freeze(x) for x in v) if isinstance(v, (list, tuple)) else v


# ------------------------------------------------------------- launch and ports

def dry_run_lines(spec: SweepSpec) -> List[str]:
    """Printable lines: the sweep's settings, then one line per trial (id, slots, argv)."""
    n = len(spec.trials)
    lines = ["%s: %d trial%s, concurrency %d (%d at once), max_restarts %d, hang_timeout %s" % (
        spec.name, n, "" if n == 1 else "s", spec.concurrency,
        max(1, spec.concurrency // (spec.torchrun_nproc or 1)), spec.max_restarts,
        "off" if spec.hang_timeout is None else "%gs" % spec.hang_timeout)]
    if spec.objective:
        lines.append("objective: %s %s" % (spec.objective.mode, spec.objective.metric))
    if spec.env:
        lines.append("env: %s" % " ".join("%s=%s" % kv for kv in spec.env.items()))
    width = max(len(t.trial_id) for t in spec.trials)
    for t in spec.trials:
        lines.append("%-*s  %d slot%s  %-12s %s" % (
            width, t.trial_id, t.nproc, " " if t.nproc == 1 else "s",
            "torchrun x%d" % t.nproc if t.torchrun else "command", shlex.join(t.argv)))
    return lines


def launch_argv(trial: TrialSpec, rdzv_port: Optional[int] = None) -> List[str]:
    """The argv to spawn for *trial* (see :func:`flashrun.launch.command_argv`)."""
    return command_argv(trial.argv, trial.nproc if trial.torchrun else None,
                        rdzv_port=rdzv_port, rdzv_id=trial.trial_id)
