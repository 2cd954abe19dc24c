"""Validation and expansion of sweep specs: the checks behind :mod:`flashrun.spec`.

Part of the first arrow of the data flow (docs/architecture.md) (``grid.yaml / API call →
spec``): ``_Builder`` walks the YAML nodes (or a plain mapping), checks every
key and value, expands the grid into trials and names them, and raises
``SpecError`` pointing at the node at fault. Split from ``spec.py`` to keep
each module one concept: ``spec`` holds the types and the loading API.
"""
from __future__ import annotations

import dataclasses
import difflib
import itertools
import math
import os
import shlex
from types import MappingProxyType
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from flashrun.redaction import fingerprint, is_secret_name, secret_param
from flashrun.spec._yaml import loader_class as _loader_class
from flashrun.spec.backend import backend_from_mapping
from flashrun.spec.model import (DEFAULTS, ID_MAX_LEN, KEYS, MAX_TRIALS, _IDENT, _NAME, _UNSAFE,
                                 Objective, Parts, Path, SpecError, SweepSpec, TrialSpec, _canon,
                                 _freeze, _varying)

# ----------------------------------------------------------------------- helpers

def _fmt(path: Path) -> str:
    out = ""
    for p in path:
        out += "[%d]" % p if isinstance(p, int) else ("." if out else "") + str(p)
    return out


def _kind(v: Any) -> str:
    for t, name in ((type(None), "null"), (bool, "true/false"), ((int, float), "a number"),
                    (str, "a string"), (Mapping, "a mapping"), ((list, tuple), "a list")):
        if isinstance(v, t):
            return name
    return type(v).__name__


def _scalar(v: Any) -> bool:
    return isinstance(v, (str, int, float)) and not (isinstance(v, float) and not math.isfinite(v))


def _render(v: Any) -> str:
    """A scalar parameter value as it appears in argv."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return v if isinstance(v, str) else repr(v)


def _placeholders(token: str) -> Parts:
    """Split *token* into literals and ``(name,)`` placeholders; ValueError when malformed."""
    parts: Parts = []
    lit, i = "", 0
    while i < len(token):
        c = token[i]
        if token[i:i + 2] in ("{{", "}}"):
            lit, i = lit + c, i + 2
        elif c == "{":
            j = token.find("}", i)
            if j < 0 or not _IDENT.match(token[i + 1:j]):
                raise ValueError("bad placeholder %r" % token[i:j + 1 if j >= 0 else None])
            parts += ([lit] if lit else []) + [(token[i + 1:j],)]
            lit, i = "", j + 1
        elif c == "}":
            raise ValueError("unmatched '}' at column %d of %r" % (i + 1, token))
        else:
            lit, i = lit + c, i + 1
    return parts + [lit] if lit or not parts else parts


def _trial_id(i: int, width: int, params: Mapping[str, Any], varying: Sequence[str],
              defaults: Mapping[str, Any], secrets: frozenset = frozenset()) -> str:
    out = "t%0*d" % (width, i)
    for k in varying:
        v = params.get(k)
        if k in defaults and _canon({k: v}) == _canon({k: defaults[k]}):
            continue
        if k in secrets or secret_param(k, v):  # never a secret in a directory name: a short hash tells them apart
            part = _UNSAFE.sub("_", "%s+%s" % (k, fingerprint(v))).strip("_")
        else:
            text = " ".join(map(_render, v)) if isinstance(v, list) else _render(v)
            part = _UNSAFE.sub("_", "%s=%s" % (k, text)).strip("_") or k
        if len(out) + 1 + len(part) > ID_MAX_LEN:
            return (out + "-" + part)[:ID_MAX_LEN].rstrip("-_.")
        out += "-" + part
    return out


def _secret_keys(template, env: Mapping[str, str]) -> frozenset:
    """Parameters whose value lands in a secret place: the token after a secret flag
    (``--db-pass {pw}``, ``-p {pw}``), a secret assignment (``--api-key={k}``,
    ``TOKEN={t}``) or a secret environment variable (``HF_TOKEN: "{t}"``)."""
    out = set()
    previous = None
    for _, parts, _ in template:
        names = [p[0] for p in parts if isinstance(p, tuple)]
        literal = "".join(p for p in parts if not isinstance(p, tuple))
        head = literal.split("=", 1)[0] if "=" in literal else None
        if (previous and previous.startswith("-") and is_secret_name(previous)) \
                or (head and is_secret_name(head)):
            out.update(names)
        previous = None if names else literal
    for k, v in env.items():
        if is_secret_name(k):
            out.update(p[0] for p in _placeholders(v) if isinstance(p, tuple))
    return frozenset(out)


class _Builder:
    """One validation pass. Remembers where each YAML value and key was, to point at it."""

    def __init__(self, source: Optional[str], base_dir: str, default_name: str) -> None:
        self.source, self.base_dir = source, base_dir
        self.default_name = default_name if _NAME.match(default_name) else "sweep"
        self.marks: Dict[Path, Tuple[int, int]] = {}
        self.key_marks: Dict[Path, Tuple[int, int]] = {}

    def fail(self, path: Path, message: str, hint: Optional[str] = None, *,
             at_key: bool = False, offset: Optional[int] = None) -> SpecError:
        label = _fmt(path) or None
        mark = (self.key_marks.get(path) if at_key else None) or self.marks.get(path)
        if offset is not None and path + ("@text",) in self.marks:
            line, col = self.marks[path + ("@text",)]
            mark = (line, col + offset)
        while mark is None and path:  # fall back to the nearest enclosing node
            path = path[:-1]
            mark = self.marks.get(path)
        line, col = mark if (mark and self.source) else (None, None)
        return SpecError(message, source=self.source, line=line, col=col, key=label, hint=hint)

    def construct(self, node: Any, path: Path, stack: frozenset) -> Any:
        """YAML node tree → plain values, recording the line:col of every value and key."""
        import yaml

        def at(n: Any) -> Tuple[int, int]:
            return n.start_mark.line + 1, n.start_mark.column + 1

        self.marks[path] = at(node)
        if id(node) in stack:
            raise self.fail(path, "recursive alias")
        stack = stack | {id(node)}
        loader = _loader_class()("")
        try:
            if isinstance(node, yaml.MappingNode):
                loader.flatten_mapping(node)  # merge keys (<<: *anchor)
                out: Dict[str, Any] = {}
                for knode, vnode in node.value:
                    key = loader.construct_object(knode) if isinstance(knode, yaml.ScalarNode) \
                        else None
                    self.key_marks[path + (key,)] = at(knode)
                    if not isinstance(key, str) or key in out:
                        raise self.fail(path + (key,), "duplicate key %r" % key if key in out else
                                        "keys must be strings, got %s" % _kind(key), at_key=True)
                    out[key] = self.construct(vnode, path + (key,), stack)
                return out
            if isinstance(node, yaml.SequenceNode):
                return [self.construct(v, path + (i,), stack) for i, v in enumerate(node.value)]
            value = loader.construct_object(node)
        except yaml.MarkedYAMLError as exc:
            raise self.fail(path, "cannot read value: %s" % (exc.problem or exc),
                            "only plain YAML values (no !!python tags)") from None
        quoted = node.style in ("'", '"')
        if isinstance(value, str) and node.style in (None, "'", '"') \
                and node.start_mark.line == node.end_mark.line \
                and node.end_mark.column - node.start_mark.column == len(value) + 2 * quoted:
            self.marks[path + ("@text",)] = (at(node)[0], at(node)[1] + quoted)  # verbatim text
        return value

    def typed(self, data: Mapping, key: str, ok: Any, expected: str, hint: Optional[str] = None,
              default: Any = None) -> Any:
        v = data.get(key, default)
        if key in data and not ok(v):
            raise self.fail((key,), "expected %s, got %s %r" % (expected, _kind(v), v), hint)
        return v

    def submap(self, data: Mapping, key: str, allowed: Sequence[str], hint: str) -> Optional[Mapping]:
        v = data.get(key)
        if v is not None and not isinstance(v, Mapping):
            raise self.fail((key,), "expected a mapping, got %s" % _kind(v), hint)
        for k in v or ():
            if k not in allowed:
                raise self.fail((key, k), "unknown key %r" % k, hint, at_key=True)
        return v

    def build(self, data: Any) -> SweepSpec:
        if not isinstance(data, Mapping):
            raise self.fail((), "the spec must be a mapping, got %s" % _kind(data),
                            "start with 'name:' and 'command:' lines; see docs/grid.md")
        for key in data:
            if key not in KEYS:
                close = difflib.get_close_matches(str(key), KEYS, n=1, cutoff=0.6)
                raise self.fail((key,), "unknown key %r" % key, "did you mean %r?" % close[0]
                                if close else "known keys: %s" % ", ".join(KEYS), at_key=True)
        def is_int(lo):  # noqa: E306
            return lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= lo
        name = self.typed(data, "name", lambda v: isinstance(v, str) and _NAME.match(v),
                          "a name of letters, digits, '.', '_' or '-'",
                          "it names the run directory", self.default_name)
        concurrency = self.typed(data, "concurrency", is_int(1), "an integer >= 1",
                                 "concurrency: 4", DEFAULTS["concurrency"])
        restarts = self.typed(data, "max_restarts", is_int(0), "an integer >= 0", None,
                              DEFAULTS["max_restarts"])
        def seconds(positive, null_ok):  # noqa: E306
            return lambda v: (v is None and null_ok) or (
                isinstance(v, (int, float)) and not isinstance(v, bool)
                and (0 < v if positive else 0 <= v) and v < math.inf)
        hang = self.typed(data, "hang_timeout", seconds(True, True), "seconds > 0 or null",
                          "null turns hang detection off", DEFAULTS["hang_timeout"])
        startup = self.typed(data, "startup_timeout", seconds(True, True), "seconds > 0 or null",
                             "null: twice hang_timeout", DEFAULTS["startup_timeout"])
        grace = self.typed(data, "grace", seconds(False, False), "seconds >= 0",
                           "grace: 45", DEFAULTS["grace"])
        fatal_grace = self.typed(data, "fatal_grace", seconds(False, False), "seconds >= 0",
                                 "fatal_grace: 10", DEFAULTS["fatal_grace"])
        backend = self._backend(data.get("backend"), ("backend",), None)
        nproc = self._torchrun(data, concurrency, remote=backend is not None
                               and backend.kind == "slurm")
        env = self._env({} if data.get("env") is None else data["env"])
        objective = self._objective(data)
        cwd = self.typed(data, "cwd", lambda v: isinstance(v, str) and v, "a directory path")
        cwd = os.path.normpath(os.path.join(self.base_dir, os.path.expanduser(cwd))) if cwd \
            else os.getcwd()
        rules_path, rules = self._rules(data)
        if "command" not in data:
            raise self.fail((), "missing required key 'command'", "command: python train.py --lr {lr}")
        template = self._command(data["command"])
        grid = self._grid(data.get("grid"))
        defaults = self._params(data["defaults"], ("defaults",)) if "defaults" in data else {}
        trials = data.get("trials")
        if trials is not None and not isinstance(trials, list):
            raise self.fail(("trials",), "expected a list of parameter mappings, got %s"
                            % _kind(trials), "trials: [{lr: 0.5, seed: 0}]")
        if len(trials or ()) + math.prod(len(v) for v in grid.values()) * bool(grid) > MAX_TRIALS:
            raise self.fail(("trials",), "grid and trials together give %d trials (limit %d)" % (
                len(trials) + math.prod(len(v) for v in grid.values()) * bool(grid), MAX_TRIALS))
        overrides = []
        for i, t in enumerate(trials or ()):  # a trial's own backend: {kind: slurm, nodes: 3}
            over = None
            if isinstance(t, Mapping) and "backend" in t:
                over = self._backend(t["backend"], ("trials", i, "backend"), backend)
                t = {k: v for k, v in t.items() if k != "backend"}
            overrides.append(over)
        raw_trials = [dict(t) for t in trials or ()]
        explicit = [self._params({k: v for k, v in t.items() if k != "backend"}
                                 if isinstance(t, Mapping) else t, ("trials", i))
                    for i, t in enumerate(trials or ())]
        if not grid and not explicit:
            raise self.fail(("grid",) if "grid" in data else (), "no trials: the grid is empty",
                            "give grid: {lr: [0.1, 0.01]} or a trials: list")
        combos, origins, order = self._expand(grid, explicit, defaults)
        self._check_placeholders(template, env, combos, origins, grid, explicit, defaults)
        varying = _varying(order, combos)
        secrets = _secret_keys(template, env)
        width = max(3, len(str(len(combos) - 1)))
        out = []
        for i, params in enumerate(combos):
            origin = origins[i]
            tb = overrides[origin[1]] if origin[0] == "trials" and overrides[origin[1]] \
                is not None else backend
            tenv = {k: "".join(_render(params[p[0]]) if isinstance(p, tuple) else p
                               for p in _placeholders(v)) for k, v in env.items()}
            out.append(TrialSpec(
                trial_id=_trial_id(i, width, params, varying, defaults, secrets),
                params=_freeze(params), secrets=secrets,
                argv=tuple(self._substitute(template, params, origins[i])), nproc=nproc or 1,
                torchrun=nproc is not None, env=MappingProxyType(tenv), index=i, cwd=cwd,
                mode="coordinated_training" if nproc or (tb is not None and tb.nodes > 1)
                else "independent_tasks", backend=tb))
        raw = {"name": name, "command": data["command"],
               "torchrun": {"nproc_per_node": nproc} if nproc else None, "grid": grid,
               "trials": raw_trials, "defaults": defaults, "concurrency": concurrency,
               "max_restarts": restarts, "hang_timeout": hang, "startup_timeout": startup,
               "backend": dict(data["backend"]) if data.get("backend") is not None else None,
               "grace": grace, "fatal_grace": fatal_grace, "env": env,
               "objective": dataclasses.asdict(objective) if objective else None, "cwd": cwd,
               "diagnosis": {"rules": rules_path} if rules_path else None}
        return SweepSpec(name=name, trials=tuple(out), concurrency=concurrency,
                         max_restarts=restarts, hang_timeout=None if hang is None else float(hang),
                         startup_timeout=None if startup is None else float(startup),
                         grace=float(grace), fatal_grace=float(fatal_grace),
                         env=MappingProxyType(dict(env)), objective=objective,
                         torchrun_nproc=nproc, source=self.source, raw=_freeze(raw), cwd=cwd,
                         rules=rules)

    def _rules(self, data: Mapping):
        """diagnosis: {rules: FILE}: the site rules file (relative to the grid file), read now."""
        hint = "diagnosis: {rules: site-rules.yaml}"
        diag = self.submap(data, "diagnosis", ("rules",), hint)
        value = None if diag is None else diag.get("rules")
        if value is None:
            return None, None
        if not isinstance(value, str) or not value:
            raise self.fail(("diagnosis", "rules"), "expected a file path", hint)
        path = os.path.normpath(os.path.join(self.base_dir, os.path.expanduser(value)))
        if not os.path.isfile(path):
            raise self.fail(("diagnosis", "rules"), "no such rules file %r" % value,
                            "relative paths start at the grid file's directory")
        from flashrun.spec import rules as rules_file

        return path, rules_file.load(path)

    def _backend(self, v: Any, path: Path, base: Any) -> Any:
        """A ``backend:`` mapping → spec.backend value (over ``base``'s fields), None if absent."""
        if v is None:
            return base
        if not isinstance(v, Mapping):
            raise self.fail(path, "expected a mapping, got %s" % _kind(v),
                            "backend: {kind: slurm, nodes: 2}")
        merged = dict(dataclasses.asdict(base), kind=base.kind) if base is not None and \
            base.kind == "slurm" and v.get("kind", "slurm") == "slurm" else {}
        merged.update(v)
        try:
            return backend_from_mapping(merged)
        except (TypeError, ValueError) as exc:
            raise self.fail(path, str(exc), "backend: {kind: slurm, nodes: 2, partition: gpu, "
                            "time: '1:00:00', extra: [--exclusive]}") from None

    def _torchrun(self, data: Mapping, concurrency: int, remote: bool = False) -> Optional[int]:
        tr = self.submap(data, "torchrun", ("nproc_per_node",), "torchrun: {nproc_per_node: 2}")
        if tr is None:
            return None
        n = tr.get("nproc_per_node")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise self.fail(("torchrun", "nproc_per_node"), "expected an integer >= 1, got %r"
                            % (n,), "torchrun: {nproc_per_node: 2}")
        if n > concurrency and not remote:  # Slurm trials take one slot each
            raise self.fail(("concurrency",) if "concurrency" in data else ("torchrun",),
                            "concurrency %d is less than torchrun.nproc_per_node %d: no trial "
                            "could ever start" % (concurrency, n),
                            "concurrency counts processes; set it to at least %d" % n)
        return n

    def _objective(self, data: Mapping) -> Optional[Objective]:
        hint = "objective: {metric: val_loss, mode: min}"
        obj = self.submap(data, "objective", ("metric", "mode"), hint)
        if obj is None:
            return None
        metric, mode = obj.get("metric"), obj.get("mode", "min")
        if not isinstance(metric, str) or not metric:
            raise self.fail(("objective", "metric"), "expected a metric name", hint)
        if mode not in ("min", "max"):
            raise self.fail(("objective", "mode"), "mode must be 'min' or 'max', got %r" % (mode,))
        return Objective(metric, mode)

    def _env(self, env: Any) -> Dict[str, str]:
        if not isinstance(env, Mapping):
            raise self.fail(("env",), "expected a mapping, got %s" % _kind(env),
                            'env: {OMP_NUM_THREADS: "1"}')
        for k, v in env.items():
            if not k or "=" in k or "\0" in k:
                raise self.fail(("env", k), "invalid variable name %r" % k, at_key=True)
            if isinstance(v, bool) or not _scalar(v):
                raise self.fail(("env", k), "expected a string, got %s %r" % (_kind(v), v),
                                'quote it: %s: "..."' % k)
            self._no_nul(v, ("env", k))
        return {k: _render(v) for k, v in env.items()}

    def _command(self, cmd: Any) -> List[Tuple[Path, Parts, int]]:
        """Command → [(node path, token parts, column of the token in the text or -1)]."""
        hint = "command: python train.py --lr {lr}  (or a list of argv strings)"
        items, pos = [], 0
        if isinstance(cmd, str):
            try:
                tokens = shlex.split(cmd)
            except ValueError as exc:
                raise self.fail(("command",), "cannot split the command: %s" % exc,
                                "close the quote, or write the command as a list") from None
            for t in tokens:
                at = cmd.find(t, pos)
                items.append((("command",), t, at))
                pos = at + len(t) if at >= 0 else pos
        elif isinstance(cmd, list):
            for i, t in enumerate(cmd):
                if isinstance(t, bool) or not _scalar(t):
                    raise self.fail(("command", i), "expected a string, got %s" % _kind(t), hint)
                items.append((("command", i), _render(t), 0))
        else:
            raise self.fail(("command",), "expected a string or a list, got %s" % _kind(cmd), hint)
        if not items:
            raise self.fail(("command",), "the command is empty", hint)
        for path, tok, _ in items:
            self._no_nul(tok, path)
        out = []
        for path, tok, off in items:
            try:
                out.append((path, _placeholders(tok), off))
            except ValueError as exc:
                raise self.fail(path, str(exc), "placeholders are {name}; write {{ and }} for "
                                "literal braces") from None
        return out

    def _no_nul(self, value: Any, path: Path) -> None:
        if isinstance(value, str) and "\0" in value:  # exec(2) cannot pass one: reject it here
            raise self.fail(path, "contains a NUL byte (\\0), which no argv or environment "
                            "value can hold", "remove it")

    def _value(self, v: Any, path: Path) -> Any:
        for i, x in enumerate(v if isinstance(v, list) else [v]):
            where = path + (i,) if isinstance(v, list) else path
            if not _scalar(x):
                raise self.fail(where, "expected a string, number or list of them, got %s"
                                % _kind(x), "a list value is spliced as argv tokens")
            self._no_nul(x, where)
        return list(v) if isinstance(v, list) else v

    def _params(self, entry: Any, path: Path) -> Dict[str, Any]:
        if not isinstance(entry, Mapping):
            raise self.fail(path, "expected a mapping of parameters, got %s" % _kind(entry),
                            "e.g. {lr: 0.5, seed: 0}")
        for k in entry:
            if not _IDENT.match(str(k)):
                raise self.fail(path + (k,), "parameter name %r is not an identifier" % k,
                                "use letters, digits and '_'", at_key=True)
        return {k: self._value(v, path + (k,)) for k, v in entry.items()}

    def _grid(self, grid: Any) -> Dict[str, list]:
        if grid is None:
            return {}
        if not isinstance(grid, Mapping):
            raise self.fail(("grid",), "expected a mapping of name: [values], got %s"
                            % _kind(grid), "grid: {lr: [0.1, 0.01]}")
        for k, vals in grid.items():
            if not _IDENT.match(str(k)):
                raise self.fail(("grid", k), "parameter name %r is not an identifier" % k,
                                "use letters, digits and '_'", at_key=True)
            if not isinstance(vals, list):
                raise self.fail(("grid", k), "expected a list of values, got %s" % _kind(vals),
                                "write %s: [%s]" % (k, _render(vals) if _scalar(vals) else "..."))
            if not vals:
                raise self.fail(("grid", k), "empty list: the grid would have no trials",
                                "give at least one value")
        out = {k: [self._value(v, ("grid", k, i)) for i, v in enumerate(vals)]
               for k, vals in grid.items()}
        for k, vals in out.items():
            seen = [_canon({k: v}) for v in vals]
            for i, c in enumerate(seen):
                if c in seen[:i]:
                    raise self.fail(("grid", k, i), "duplicate value %r" % (vals[i],),
                                    "remove one of them")
        total = math.prod(len(v) for v in out.values())
        if total > MAX_TRIALS:
            raise self.fail(("grid",), "the grid expands to %d trials (limit %d)"
                            % (total, MAX_TRIALS))
        return out

    def _expand(self, grid: Dict[str, list], explicit: List[dict], defaults: dict):
        order = list(dict.fromkeys([*grid, *(k for e in explicit for k in e), *defaults]))
        combos: List[Dict[str, Any]] = []
        origins: List[Path] = []
        seen: Dict[str, int] = {}
        sources = [({**defaults, **dict(zip(grid, values))}, ("grid",))
                   for values in (itertools.product(*grid.values()) if grid else ())]
        sources += [({**defaults, **e}, ("trials", i)) for i, e in enumerate(explicit)]
        for params, origin in sources:
            params = {k: params[k] for k in order if k in params}
            c = _canon(params)
            if c in seen:
                first = origins[seen[c]]
                raise self.fail(origin, "duplicate trial: the same parameters as %s" % (
                    _fmt(first) if first[0] == "trials" else "grid trial t%03d" % seen[c]),
                    "remove it; a trial runs once per parameter set")
            seen[c] = len(combos)
            combos.append(params)
            origins.append(origin)
        return combos, origins, order

    def _check_placeholders(self, template, env, combos, origins, grid, explicit, defaults):
        known = dict.fromkeys(k for c in combos for k in c)
        used: Dict[str, None] = {}
        sites = list(template)
        for k, v in env.items():
            try:
                sites.append((("env", k), _placeholders(v), 0))
            except ValueError as exc:
                raise self.fail(("env", k), str(exc), "write {{ and }} for literal braces") from None
        for path, parts, off in sites:
            col = 0
            for p in parts:
                if isinstance(p, tuple) and p[0] not in known:
                    close = difflib.get_close_matches(p[0], list(known), n=1, cutoff=0.6)
                    raise self.fail(path, "unknown placeholder {%s}" % p[0],
                                    "did you mean {%s}?" % close[0] if close else
                                    "add %s to grid, trials or defaults" % p[0],
                                    offset=off + col if off >= 0 else None)
                if isinstance(p, tuple):
                    used[p[0]] = None
                col += len(p[0]) + 2 if isinstance(p, tuple) else len(p)
        for k in known:
            if k not in used:
                where = ("grid", k) if k in grid else ("defaults", k) if k in defaults else \
                    next(("trials", i, k) for i, e in enumerate(explicit) if k in e)
                raise self.fail(where, "parameter %r is not used by the command or env" % k,
                                "use {%s} in the command, or remove it" % k, at_key=True)
        for params, origin in zip(combos, origins):
            for k in used:
                if k not in params:
                    raise self.fail(origin, "no value for {%s} in this trial" % k,
                                    "add %s to it, or give a default under defaults:" % k)

    def _substitute(self, template, params: Mapping[str, Any], origin: Path) -> List[str]:
        argv: List[str] = []
        for _, parts, _ in template:
            whole = parts[0] if len(parts) == 1 and isinstance(parts[0], tuple) else None
            if whole and isinstance(params[whole[0]], list):
                argv.extend(map(_render, params[whole[0]]))
                continue
            for p in parts:
                if isinstance(p, tuple) and isinstance(params[p[0]], list):
                    raise self.fail(origin, "{%s} is a list, and a list can only fill a whole "
                                    "argv token" % p[0], "make it its own token: {%s}" % p[0])
            argv.append("".join(_render(params[p[0]]) if isinstance(p, tuple) else p
                                for p in parts))
        return argv

