"""History as evidence: root-cause fingerprints and the correlated-incident window.

Sits beside classify in the data flow (docs/architecture.md): the supervisor keeps the history
(previous fingerprint per trial, failure times across a sweep) and passes it
in; these functions only compute, with no clock of their own.
"""
from dataclasses import dataclass, field
from typing import Optional, Tuple

# normalise's placeholders, one pass each, in this order (each pass reads the text the
# one before it left, as a chain of re.sub calls would):
#   <addr>  "0x" and hex digits;
#   <path>  from a separator (or a drive's "C:\\", tried only when the text holds ":/"
#           or ":\\") through the run of characters that are not whitespace, a quote,
#           a colon, a comma or a parenthesis: the later separators go with it;
#   <rank>  "rank" or "Rank" (after "[" or at a word's start), spaces, digits and an
#           optional "]";
#   <n>     digits, with a decimal part.
# Hand-written rather than regular expressions: they run on every failure right after
# a scan, which leaves the regex engine's code and tables out of the CPU's caches
# (timed that way, scan then diagnose, over bench_diagnose.py's tails: 2-4 us less per
# diagnosis than the regular expressions). tests/test_policy.py holds them to the
# regular expressions they replace (r"0x[0-9a-fA-F]+", r"[A-Za-z]:[\\/][^\s'\":,)]+|[\\/][^\s'\":,)]+",
# r"\[[Rr]ank\s*\d+\]?|\b[Rr]ank\s*\d+\]?", r"\d+(?:\.\d+)?").
# (The character sets are literals in the loops, where the compiled copy tests a
# character against a literal with a switch.)


def _hex_pass(text):
    out, last, i = [], 0, text.find("0x")
    while i >= 0:
        k = i + 2
        while k < len(text) and text[k] in "0123456789abcdefABCDEF":
            k += 1
        if k > i + 2:
            out.append(text[last:i])
            out.append("<addr>")
            last = k
            i = text.find("0x", k)
        else:
            i = text.find("0x", i + 1)
    return "".join(out) + text[last:] if out else text


def _decimal(c):
    """``c.isdecimal()`` (regex's \\d), without the Unicode tables for ASCII."""
    if c < "\x80":
        return "0" <= c <= "9"
    return c.isdecimal()


def _space(c):
    """``c.isspace()`` (regex's \\s), without the Unicode tables for ASCII."""
    if c < "\x80":
        return c == " " or "\t" <= c <= "\r" or "\x1c" <= c <= "\x1f"
    return c.isspace()


def _word(c):
    """regex's word character (\\b's test), without the Unicode tables for ASCII."""
    if c < "\x80":
        return "a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9" or c == "_"
    return c.isalnum()


def _path_end(text, k):
    """Where the run of path characters from ``k`` ends."""
    while k < len(text) and text[k] not in "'\":,)" and not _space(text[k]):
        k += 1
    return k


def _path_pass(text, drive):
    out, last = [], 0
    for i in range(len(text)):
        c = text[i]
        if i < last or (c != "/" and c != "\\"):
            continue
        k = _path_end(text, i + 1)
        if k == i + 1:
            continue
        start = i
        if drive and i - 2 >= last and text[i - 1] == ":" and \
                text[i - 2] in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz":
            start = i - 2
        out.append(text[last:start])
        out.append("<path>")
        last = k
    return "".join(out) + text[last:] if out else text


def _rank_pass(text):
    out, last, a = [], 0, text.find("ank")
    while a >= 0:
        r = a - 1
        k = a + 3
        if r >= last and (text[r] == "r" or text[r] == "R"):
            while k < len(text) and _space(text[k]):
                k += 1
            d = k
            while k < len(text) and _decimal(text[k]):
                k += 1
            if k > d:
                if k < len(text) and text[k] == "]":
                    k += 1
                if r - 1 >= last and text[r - 1] == "[":
                    start = r - 1
                elif r == 0 or not _word(text[r - 1]):
                    start = r
                else:
                    start = -1
                if start >= 0:
                    out.append(text[last:start])
                    out.append("<rank>")
                    last = k
                    a = text.find("ank", k)
                    continue
        a = text.find("ank", a + 1)
    return "".join(out) + text[last:] if out else text


def _number_pass(text):
    out, last, i = [], 0, 0
    while i < len(text):
        if not _decimal(text[i]):
            i += 1
            continue
        k = i + 1
        while k < len(text) and _decimal(text[k]):
            k += 1
        if k + 1 < len(text) and text[k] == "." and _decimal(text[k + 1]):
            k += 2
            while k < len(text) and _decimal(text[k]):
                k += 1
        out.append(text[last:i])
        out.append("<n>")
        last = i = k
    return "".join(out) + text[last:] if out else text


def normalise(message: str) -> str:
    """Message with addresses, paths, ranks and numbers replaced by placeholders.

    Each pass runs only when the text holds what it needs (a cheap ``in`` first)."""
    text = _hex_pass(message) if "0x" in message else message
    if "/" in text or "\\" in text:
        text = _path_pass(text, ":/" in text or ":\\" in text)
    if "ank" in text:
        text = _rank_pass(text)
    text = _number_pass(text)
    return " ".join(text.split())[:200]


def fingerprint(scan, exit_code: Optional[int] = None) -> str:
    """Rank- and run-independent identity of a root cause.

    Exception type + normalised message when a traceback explains the death;
    otherwise the markers and the signal (or exit status) that were seen.
    """
    if scan.root is not None:
        return "%s: %s" % (scan.root.exc_type, normalise(scan.root.message))
    marks = ",".join(scan.all_markers) or "-"
    code = exit_code if scan.signal is None else -scan.signal
    return "markers=%s exit=%s" % (marks, code)


def is_deterministic(current: str, previous: Optional[str]) -> bool:
    """Same root cause on two consecutive attempts ⇒ a restart will not help.

    Fingerprints without a traceback (a bare signal death) are not evidence of
    determinism: two SIGKILLs in a row are two crashes, not a bug.
    """
    return previous is not None and current == previous and not current.startswith("markers=")


@dataclass(frozen=True)
class IncidentWindow:
    """A correlated incident: at least ``threshold`` failures of distinct trials
    within ``window_s`` seconds. Immutable: ``add`` returns the next window."""

    threshold: int = 3
    window_s: float = 60.0
    failures: Tuple[Tuple[float, str], ...] = field(default=())

    def __post_init__(self):
        if self.threshold < 2:
            raise ValueError("incident threshold must be at least 2, got %r" % self.threshold)
        if self.window_s <= 0:
            raise ValueError("incident window must be positive, got %r" % self.window_s)

    def add(self, ts: float, trial: str) -> "IncidentWindow":
        kept = tuple(f for f in self.failures if ts - f[0] <= self.window_s)
        return IncidentWindow(self.threshold, self.window_s, kept + ((ts, trial),))

    @property
    def active(self) -> bool:
        return len({trial for _, trial in self.failures}) >= self.threshold
