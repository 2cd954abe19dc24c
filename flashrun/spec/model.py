"""The sweep blueprint types: ``SweepSpec``, ``TrialSpec``, ``Objective``, ``SpecError``.

First arrow of the data flow (docs/architecture.md: ``grid.yaml / API call → spec``).
Plain frozen values, no I/O: ``spec/grid.py`` loads them, ``spec/_build.py`` validates and
expands them. Trial ids, argv templating and the schema are documented in docs/grid.md.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import re
from types import MappingProxyType
from typing import Any, List, Mapping, Optional, Sequence, Tuple, Union

from flashrun import defaults as D
from flashrun.spec._yaml import yaml_classes

logger = logging.getLogger(__name__)

MAX_TRIALS = 100_000
ID_MAX_LEN = 64
KEYS = ("name", "command", "torchrun", "grid", "trials", "defaults", "concurrency",
        "max_restarts", "hang_timeout", "startup_timeout", "grace", "fatal_grace", "env",
        "objective", "cwd", "backend", "diagnosis")
# grid.yaml's defaults are flashrun's defaults (flashrun/defaults.py), the same in every door.
DEFAULTS = {"concurrency": D.CONCURRENCY, "max_restarts": D.MAX_RESTARTS,
            "hang_timeout": D.HANG_TIMEOUT_S, "startup_timeout": None, "grace": D.GRACE_S,
            "fatal_grace": D.FATAL_GRACE_S}
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\Z")
_UNSAFE = re.compile(r"[^A-Za-z0-9._=+-]+")
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
    backend: Any = None        # spec.backend.Slurm for a Slurm trial; None: this machine
    secrets: frozenset = frozenset()  # parameters that reach a secret flag or variable

    __hash__ = None  # type: ignore[assignment]  # holds read-only mappings

    def shown_params(self) -> dict:
        """*params* as flashrun may write or print them: every secret one is ``***``."""
        from flashrun.redaction import REDACTED, secret_param

        return {k: REDACTED if k in self.secrets or secret_param(k, v) else _thaw(v)
                for k, v in self.params.items()}

    @property
    def slots(self) -> int:
        """Concurrency it takes: its processes here, one job on Slurm (see docs/grid.md)."""
        return 1 if self.backend is not None and self.backend.kind == "slurm" else self.nproc

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
    startup_timeout: Optional[float] = DEFAULTS["startup_timeout"]
    grace: float = DEFAULTS["grace"]
    fatal_grace: float = DEFAULTS["fatal_grace"]
    env: Mapping[str, str] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    objective: Optional[Objective] = None
    torchrun_nproc: Optional[int] = None
    source: Optional[str] = None
    raw: Mapping[str, Any] = dataclasses.field(default_factory=lambda: MappingProxyType({}))
    cwd: Optional[str] = None
    rules: Optional[Any] = None  # a RuleSet from diagnosis: {rules: FILE} (flashrun.spec.rules)

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

    def to_yaml(self, *, redacted: bool = False) -> str:
        """The normalised spec as YAML; ``redacted``: every secret (by the rule of
        :mod:`flashrun.redaction`) replaced by ``***`` (then it is a record for
        people, not a spec to run)."""
        import yaml

        raw = _thaw(self.raw)
        if redacted:
            raw = _redact_raw(raw, self.secret_keys)
        # non-ASCII is escaped: PyYAML's allow_unicode writes U+0085 raw and reads it as a break
        return yaml.dump(raw, Dumper=yaml_classes()[1], sort_keys=False)

    @property
    def has_secrets(self) -> bool:
        """True when the command, a parameter or an env value holds a secret."""
        raw = _thaw(self.raw)
        return bool(self.secret_keys) or _redact_raw(raw, self.secret_keys) != raw

    @property
    def secret_keys(self) -> frozenset:
        """Parameters that reach a secret flag or variable in some trial."""
        return frozenset().union(*(t.secrets for t in self.trials))


# ----------------------------------------------------------------------- helpers

def _canon(params: Mapping[str, Any]) -> str:
    return json.dumps(_thaw(params), sort_keys=True, separators=(",", ":"))


def _varying(keys: Sequence[str], params: Sequence[Mapping[str, Any]]) -> Tuple[str, ...]:
    return tuple(k for k in keys if len({_canon({k: p.get(k)}) for p in params}) > 1)


def _redact_raw(raw: dict, keys: frozenset = frozenset()) -> dict:
    from flashrun.redaction import REDACTED, redact, redact_argv, redact_text, secret_param

    out = dict(raw)
    cmd = raw.get("command")
    out["command"] = redact_text(cmd) if isinstance(cmd, str) else \
        [redact_text(t) for t in redact_argv([str(t) for t in cmd or ()])]
    def hide(params):
        return {k: REDACTED if k in keys else v for k, v in redact(params).items()}

    out["grid"] = {k: [REDACTED if k in keys or secret_param(k, v) else v for v in vals]
                   for k, vals in (raw.get("grid") or {}).items()}
    out["trials"] = [hide(t) for t in raw.get("trials") or ()]
    out["defaults"] = hide(raw.get("defaults") or {})
    out["env"] = redact(raw.get("env") or {})
    return out


def _thaw(v: Any) -> Any:
    if isinstance(v, Mapping):
        return {k: _thaw(x) for k, x in v.items()}
    return [_thaw(x) for x in v] if isinstance(v, (list, tuple)) else v


def _freeze(v: Any) -> Any:
    if isinstance(v, Mapping):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    return tuple(_freeze(x) for x in v) if isinstance(v, (list, tuple)) else v


