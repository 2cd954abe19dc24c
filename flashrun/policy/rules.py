"""Site rules: a site's own markers, as evidence the diagnosis weighs (classify step).

Part of the policy half of the data flow (docs/architecture.md): a ``RuleSet``
(loaded and validated by ``flashrun.spec.rules``) is matched against a dead
run's tail after the scan. Pure: no I/O, values in, a ``RuleHit`` out.

A rule matches a literal (``match``) or a regular expression (``regex``) on
one line of the tail, optionally only on one stream (when the caller has the
streams apart), on one rank's lines (by the launcher prefix the scanner
reads), or only on the terminal lines of the traceback the scanner believes.

Matched in the scanner's own pass: a literal of at least MIN_NEEDLE bytes joins
the scanner's needle set (``RuleSet.site``), and so does the longest literal run
a regex requires; the regex then runs only on the lines holding it
(``RuleSet.site_patterns``, applied by the fold). The scan's ``site_hits`` say
which rules hit on which lines. Rules the needle set cannot serve (a shorter
literal, a regex with no such literal, a stream rule when the streams are apart)
are matched after the scan: a literal with ``bytes.find`` over the tail (only the
lines holding it are looked at further), a regex line by line.

Precedence (docs/diagnosis.md, "Site rules"): the first rule in file order
that matches wins; a hit beats every class read from the log itself, and only
history (a correlated incident across many runs) beats it. Its ``action``, when
given, replaces the table's action for that class.
"""
import re
from dataclasses import dataclass, field
from typing import Mapping, Optional, Tuple

from flashrun.scan import _py_text as _lex
from flashrun.scan._types import MAX_NEEDLES, MIN_NEEDLE, NEEDLES

STREAMS = ("stdout", "stderr")


@dataclass(frozen=True)
class Rule:
    """One site rule. Exactly one of ``match`` (a literal) and ``regex`` is set."""

    failure_class: str
    reason: str
    match: Optional[str] = None
    regex: Optional[str] = None
    stream: Optional[str] = None
    rank: Optional[int] = None
    terminal_only: bool = False
    action: Optional[str] = None
    source: str = "<rules>"
    line: int = 0
    _compiled: Optional["re.Pattern"] = field(default=None, compare=False, repr=False)
    _literal: bytes = field(default=b"", compare=False, repr=False)
    _needle: bytes = field(default=b"", compare=False, repr=False)  # for the scanner

    def __post_init__(self):
        if (self.match is None) == (self.regex is None):
            raise ValueError("a rule needs exactly one of match and regex")
        if self.regex is not None:
            object.__setattr__(self, "_compiled", re.compile(self.regex.encode("utf-8")))
            needle = required_literal(self._compiled)
        else:
            object.__setattr__(self, "_literal", self.match.encode("utf-8"))
            needle = self._literal
        if len(needle) >= MIN_NEEDLE and not self.terminal_only:
            object.__setattr__(self, "_needle", needle)

    @property
    def where(self) -> str:
        return "%s:%d" % (self.source, self.line)

    def describe(self) -> str:
        what = ("match %r" % self.match) if self.match is not None else "regex %r" % self.regex
        return "%s (%s)" % (self.where, what)

    def hits(self, line: bytes) -> bool:
        if self._compiled is not None:
            return self._compiled.search(line) is not None
        return self._literal in line


@dataclass(frozen=True)
class RuleHit:
    """A rule that matched, and the line it matched."""

    rule: Rule
    line: str
    rank: Optional[int]


@dataclass(frozen=True)
class RuleSet:
    """Rules in file order (the first that matches wins)."""

    rules: Tuple[Rule, ...] = ()
    source: Optional[str] = None
    # What the scanner searches for these rules in its own pass (built from rules):
    # one literal per rule it can serve, the rule's regex (or None) beside it.
    site: Tuple[bytes, ...] = field(default=(), compare=False, repr=False)
    site_patterns: Tuple[Optional["re.Pattern"], ...] = field(default=(), compare=False,
                                                              repr=False)
    _index: Tuple[Optional[int], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        site, patterns, index = [], [], []
        room = MAX_NEEDLES - len(NEEDLES)
        for rule in self.rules:
            if rule._needle and len(site) < room:
                index.append(len(site))
                site.append(rule._needle)
                patterns.append(rule._compiled)
            else:
                index.append(None)
        object.__setattr__(self, "site", tuple(site))
        object.__setattr__(self, "site_patterns", tuple(patterns))
        object.__setattr__(self, "_index", tuple(index))

    def __bool__(self):
        return bool(self.rules)

    def match(self, tail: bytes, scan=None,
              streams: Optional[Mapping[str, bytes]] = None) -> Optional[RuleHit]:
        """The first rule (in file order) that matches ``tail``; ``scan`` (the tail's
        ScanResult, scanned with ``site`` and ``site_patterns``) serves the rules the
        scanner searched and ``terminal_only``; ``streams`` (name → bytes) serves
        ``stream``: without it a stream rule reads the whole tail."""
        scanned = scan is not None and scan.site == self.site
        for rule, index in zip(self.rules, self._index):
            if index is not None and scanned and (rule.stream is None or streams is None):
                hit = _from_scan(rule, index, scan)
            else:
                hit = _match_rule(rule, tail, scan, streams)
            if hit is not None:
                return hit
        return None


def required_literal(pattern: "re.Pattern") -> bytes:
    """The longest run of literal bytes every match of ``pattern`` holds (top level
    only; b"" when case is ignored or nothing qualifies)."""
    try:
        from re import _parser
    except ImportError:  # Python < 3.11
        import sre_parse as _parser  # type: ignore[no-redef]
    if pattern.flags & re.IGNORECASE:
        return b""
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except Exception:  # an internal parser that changed: the line-by-line path still works
        return b""
    best, run = b"", bytearray()
    for op, arg in parsed:
        if op is _parser.LITERAL:
            run.append(arg)
            continue
        if len(run) > len(best):
            best = bytes(run)
        run = bytearray()
    return bytes(run) if len(run) > len(best) else best


def _from_scan(rule, index, scan):
    """The rule's hit from the scan's site_hits: the latest line of a rank it accepts."""
    hit = None
    for found, rank, line in scan.site_hits:
        if found == index and (rule.rank is None or rank == rule.rank):
            hit = RuleHit(rule, line.rstrip(), rank)
    return hit


def _lines_with(data: bytes, needle: bytes):
    """Each line of ``data`` holding ``needle`` (every line when needle is empty)."""
    if not needle:
        yield from data.splitlines()
        return
    start = 0
    while True:
        p = data.find(needle, start)
        if p < 0:
            return
        a = max(data.rfind(b"\n", 0, p), data.rfind(b"\r", 0, p)) + 1
        e = len(data)
        for end in (data.find(b"\n", p), data.find(b"\r", p)):
            if 0 <= end < e:
                e = end
        yield data[a:e]
        start = e + 1


def _match_rule(rule, tail, scan, streams):
    if rule.terminal_only:
        if scan is None or scan.root is None:
            return None
        for term in scan.chain:
            if rule.hits(term.line.encode("utf-8", "surrogateescape")):
                return RuleHit(rule, term.line, term.rank)
        return None
    data = tail
    if rule.stream is not None and streams is not None:
        data = streams.get(rule.stream, b"")
    hit = None  # the latest line that matches, as the scanner's site_hits give it
    for raw in _lines_with(data, rule._literal):
        line = _lex.clean(raw) if b"\x1b" in raw or b"\x00" in raw else raw
        rank, off = _lex.strip_prefixes(line, 0)
        if rule.rank is not None and rank != rule.rank:
            continue
        if rule.hits(line[off:]):
            hit = RuleHit(rule, line[off:].decode("utf-8", "replace")[:400].rstrip(),
                          None if rank < 0 else rank)
    return hit
