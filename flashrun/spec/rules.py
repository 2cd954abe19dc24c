"""Site rules files: YAML → a validated ``RuleSet`` (``flashrun.policy.rules``).

First arrow of the data flow (docs/architecture.md), beside grid.yaml: a rules
file is read and checked before anything starts, and every mistake raises one
``SpecError`` pointing at the YAML node (``file:line:col: key: message (hint:
...)``), the same error grid.yaml gives. Where a file comes from, in order:
``--rules FILE`` (``flashrun run``/``sweep``/``diagnose``), grid.yaml's
``diagnosis: {rules: FILE}`` (relative to the grid file), the ``FLASHRUN_RULES``
environment variable. The format is documented in docs/diagnosis.md and
examples/rules.yaml::

    rules:
      - match: "SITE-GW-0042 upstream unreachable"   # or regex: "..."
        class: storage_timeout
        reason: the storage gateway lost its upstream
        stream: stderr        # optional: stdout | stderr
        rank: 0               # optional: only this rank's lines
        terminal_only: false  # optional: only the believed traceback's terminal lines
        action: pause_job     # optional: replaces the table's action
"""
import difflib
import os
import re
from typing import Mapping, Optional

from flashrun.policy.rules import STREAMS, Rule, RuleSet
from flashrun.policy.table import Action
from flashrun.policy.taxonomy import FailureClass
from flashrun.spec.grid import read_source
from flashrun.spec.model import SpecError

ENV = "FLASHRUN_RULES"
RULE_KEYS = ("match", "regex", "class", "reason", "action", "stream", "rank", "terminal_only")
# Classes a rule may name: those read from a log (history and the hang detector decide the rest).
RULE_CLASSES = tuple(c.value for c in FailureClass
                     if c not in (FailureClass.CORRELATED_INCIDENT, FailureClass.UNKNOWN))


def load(path) -> RuleSet:
    """Read and validate the rules file at ``path``."""
    source = os.fspath(path)
    return parse(read_source(source, "rules file"), source=source)


def resolve(path=None, environ: Optional[Mapping[str, str]] = None) -> Optional[RuleSet]:
    """The rules a door should use: ``path`` if given, else ``$FLASHRUN_RULES``, else None."""
    if path is None:
        path = (os.environ if environ is None else environ).get(ENV) or None
    return None if path is None else load(path)


def parse(text: str, *, source: str = "<rules>") -> RuleSet:
    """Validate YAML ``text``; errors name ``source`` and the node's line:col."""
    import yaml

    from flashrun.spec._build import _Builder
    from flashrun.spec._yaml import loader_class

    try:
        node = yaml.compose(text, Loader=loader_class())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise SpecError("invalid YAML: %s" % (exc.problem or exc.context or "syntax error"),
                        source=source, line=mark and mark.line + 1,
                        col=mark and mark.column + 1,
                        hint="check indentation and quoting near here") from None
    except yaml.YAMLError as exc:
        raise SpecError("invalid YAML: %s" % exc, source=source) from None
    if node is None:
        raise SpecError("empty rules file", source=source, line=1, col=1,
                        hint="see examples/rules.yaml")
    b = _Builder(source, os.getcwd(), "rules")
    data = b.construct(node, (), frozenset())
    return _build(b, data, source)


def _unknown(b, path, key, known):
    close = difflib.get_close_matches(str(key), known, n=1)
    return b.fail(path + (key,), "unknown key", "did you mean %r?" % close[0] if close
                  else "known keys: %s" % ", ".join(known), at_key=True)


def _build(b, data, source) -> RuleSet:
    if not isinstance(data, dict):
        raise b.fail((), "a rules file is a mapping with a 'rules:' list",
                     "see examples/rules.yaml")
    for key in data:
        if key != "rules":
            raise _unknown(b, (), key, ["rules"])
    items = data.get("rules")
    if not isinstance(items, list) or not items:
        raise b.fail(("rules",), "'rules' must be a non-empty list of rules",
                     "each item: match or regex, class, reason")
    rules = []
    for i, item in enumerate(items):
        rules.append(_rule(b, ("rules", i), item, source))
    return RuleSet(tuple(rules), source)


def _string(b, path, item, key, required=False):
    value = item.get(key)
    if value is None:
        if required:
            raise b.fail(path, "missing %r" % key, _HINTS.get(key))
        return None
    if not isinstance(value, str) or not value.strip():
        raise b.fail(path + (key,), "must be a non-empty string", _HINTS.get(key))
    return value


_HINTS = {
    "class": "one of: %s" % ", ".join(RULE_CLASSES),
    "action": "one of: %s" % ", ".join(a.value for a in Action),
    "reason": "say in a few words what the line means, for the decision record",
    "match": "a literal piece of one log line",
    "stream": "stdout or stderr",
}


def _rule(b, path, item, source) -> Rule:
    if not isinstance(item, dict):
        raise b.fail(path, "a rule is a mapping", "match or regex, class, reason")
    for key in item:
        if key not in RULE_KEYS:
            raise _unknown(b, path, key, list(RULE_KEYS))
    match = _string(b, path, item, "match")
    regex = _string(b, path, item, "regex")
    if (match is None) == (regex is None):
        raise b.fail(path, "a rule needs exactly one of 'match' (a literal) and 'regex'",
                     "use match: for a fixed piece of text")
    if regex is not None:
        try:
            re.compile(regex.encode("utf-8"))
        except re.error as exc:
            raise b.fail(path + ("regex",), "bad regular expression: %s" % exc.msg,
                         "quote it in single quotes so YAML keeps backslashes") from None
    cls = _string(b, path, item, "class", required=True)
    if cls not in RULE_CLASSES:
        close = difflib.get_close_matches(cls, RULE_CLASSES, n=1)
        raise b.fail(path + ("class",), "unknown failure class %r" % cls,
                     "did you mean %r?" % close[0] if close else _HINTS["class"])
    action = _string(b, path, item, "action")
    if action is not None and action not in {a.value for a in Action}:
        raise b.fail(path + ("action",), "unknown action %r" % action, _HINTS["action"])
    reason = _string(b, path, item, "reason", required=True)
    stream = _string(b, path, item, "stream")
    if stream is not None and stream not in STREAMS:
        raise b.fail(path + ("stream",), "unknown stream %r" % stream, _HINTS["stream"])
    rank = item.get("rank")
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or rank < 0):
        raise b.fail(path + ("rank",), "must be a rank number (0 or more)")
    terminal_only = item.get("terminal_only", False)
    if not isinstance(terminal_only, bool):
        raise b.fail(path + ("terminal_only",), "must be true or false")
    line = b.marks.get(path, (0, 0))[0]
    return Rule(failure_class=cls, reason=reason.strip(), match=match, regex=regex,
                stream=stream, rank=rank, terminal_only=terminal_only, action=action,
                source=source, line=line)
