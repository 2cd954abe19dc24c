"""History as evidence: root-cause fingerprints and the correlated-incident window.

Sits beside classify in the data flow (docs/architecture.md): the supervisor keeps the history
(previous fingerprint per trial, failure times across a sweep) and passes it
in; these functions only compute, with no clock of their own.
"""
import re
from dataclasses import dataclass, field
from typing import Optional, Tuple

_HEX = re.compile(r"0x[0-9a-fA-F]+")
# A path: from a separator (or a drive's "C:\\") up to a space, a quote, a colon, a
# comma or a parenthesis; the run of allowed characters takes the later separators
# with it. The drive form is tried only when the text holds one (":/" or ":\\"):
# otherwise every letter of the message would be a candidate start (same matches,
# half the time).
_SEP_RUN = r"[\\/][^\s'\":,)]+"
_PATH = re.compile(_SEP_RUN)
_DRIVE_PATH = re.compile(r"[A-Za-z]:" + _SEP_RUN + "|" + _SEP_RUN)
_RANK = re.compile(r"\[[Rr]ank\s*\d+\]?|\b[Rr]ank\s*\d+\]?")
_NUM = re.compile(r"\d+(?:\.\d+)?")


def normalise(message: str) -> str:
    """Message with addresses, paths, ranks and numbers replaced by placeholders.

    Each pattern runs only when the text holds what it needs (a cheap ``in``
    first: the path and rank patterns try every position of a long message)."""
    text = _HEX.sub("<addr>", message) if "0x" in message else message
    if "/" in text or "\\" in text:
        drive = ":/" in text or ":\\" in text
        text = (_DRIVE_PATH if drive else _PATH).sub("<path>", text)
    if "ank" in text:
        text = _RANK.sub("<rank>", text)
    text = _NUM.sub("<n>", text)
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
