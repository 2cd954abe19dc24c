"""diagnose(): a dead run's tail + exit status → Diagnosis (scan → classify → decide).

The public entry point of the policy half of the data flow (docs/architecture.md), used by the
CLI's ``diagnose`` command and by the supervisor after every failed attempt.
Pure: no I/O; history (the previous attempt's fingerprint, an incident flag)
comes in as arguments.
"""
import dataclasses
from dataclasses import dataclass
from typing import Mapping, Optional, Union

from flashrun.policy.decide import RecoveryDecision, decide
from flashrun.policy.history import fingerprint as _fingerprint
from flashrun.policy.history import is_deterministic
from flashrun.policy.rules import RuleSet
from flashrun.policy.explain import Explanation, explain
from flashrun.policy.taxonomy import (SCHEDULER_CLASSES, FailureClass, FailureSignals, classify,
                                      frozen)
from flashrun.scan import ScanResult, scan_tail


@dataclass(frozen=True)
class Diagnosis:
    """Why a run died and what to do about it."""

    failure_class: FailureClass
    decision: RecoveryDecision
    scan: ScanResult
    signals: FailureSignals
    fingerprint: str

    @property
    def root_exception(self) -> Optional[str]:
        """The exception type believed (the scan's root, or a survived traceback's when
        nothing else spoke: see FailureSignals.survived)."""
        return self.signals.root_exception

    @property
    def evidence(self):
        return self.decision.evidence

    def summary(self) -> str:
        """One line: class, action, reason."""
        return "%s → %s: %s" % (self.failure_class.value, self.decision.action.value,
                                self.decision.reason)

    def __str__(self):
        ev = self.decision.evidence
        lines = [self.summary()]
        if ev.line:
            where = "" if ev.rank is None else " (rank %d)" % ev.rank
            lines.append("  believed%s: %s" % (where, ev.line))
        if ev.markers:
            lines.append("  markers: %s" % ", ".join(ev.markers))
        if ev.rule:
            lines.append("  site rule: %s" % ev.rule)
        if ev.signal:
            lines.append("  signal: %d" % ev.signal)
        lines.append("  policy %s, mode %s" % (self.decision.policy_version,
                                              self.decision.mode.value))
        return "\n".join(lines)

    def as_dict(self):
        out = self.decision.as_dict()
        out["root_exception"] = self.root_exception
        return out

    def explain(self) -> Explanation:
        """Every piece of evidence weighed and why the winner won (flashrun.policy.explain)."""
        cls, why = classify(self.signals)
        return explain(self.scan, self.signals, cls, why)


def diagnose(tail: Union[bytes, str], exit_code: Optional[int] = None,
             mode: str = "coordinated_training", *, hung: bool = False,
             previous_fingerprint: Optional[str] = None,
             correlated: bool = False, scheduler_state: Optional[str] = None,
             scheduler_line: Optional[str] = None,
             scheduler_reported: bool = False, rules: Optional[RuleSet] = None,
             streams: Optional[Mapping[str, bytes]] = None,
             storage_error: Optional[str] = None) -> Diagnosis:
    """Diagnose a run from the end of its output and its exit status.

    ``tail`` is bytes (a str is encoded as UTF-8); ``exit_code`` is the status
    of the process that was run (negative = signal, 128+N from a shell, None if
    unknown). ``hung`` says the supervisor stopped it for silence;
    ``previous_fingerprint`` is the previous attempt's, to spot a deterministic
    failure; ``correlated`` says a sweep-wide incident is in progress.
    ``rules`` are a site's own markers (``flashrun.spec.rules.load``), weighed
    before the built-in evidence; ``streams`` (``{"stdout": ..., "stderr": ...}``)
    lets a rule restricted to one stream read only it.
    ``storage_error`` (one line) says the run directory's disk is full (ENOSPC/EDQUOT).
    """
    if isinstance(tail, str):
        try:  # text decoded with surrogateescape gets its bytes back
            tail = tail.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # any other lone surrogate: a replacement character
            tail = tail.encode("utf-8", "replace")
    if exit_code is not None and not isinstance(exit_code, int):
        raise TypeError("exit_code must be an int or None, not %s" % type(exit_code).__name__)
    scan = scan_tail(tail, rules.site, rules.site_patterns) if rules else scan_tail(tail)
    hit = rules.match(tail, scan, streams) if rules else None
    signals = FailureSignals.from_scan(exit_code, scan, hung=hung, correlated=correlated,
                                       scheduler_state=scheduler_state,
                                       scheduler_line=scheduler_line,
                                       scheduler_reported=scheduler_reported, rule=hit)
    if storage_error:  # the supervisor itself hit a full disk under the run: that is evidence
        signals = dataclasses.replace(signals, markers=signals.markers | {"enospc"},
                                      root_line=signals.root_line or storage_error)
    fp = _fingerprint(scan, exit_code)
    # a node failure, a preemption or a time limit twice in a row are two events outside
    # the program (the tails' SIGTERM tracebacks look alike), never a deterministic bug
    outside = scheduler_state in SCHEDULER_CLASSES
    decision = decide(signals, mode,
                      deterministic=not outside and is_deterministic(fp, previous_fingerprint),
                      fingerprint=fp)
    return frozen(Diagnosis, dict(failure_class=decision.failure_class, decision=decision,
                                  scan=scan, signals=signals, fingerprint=fp))
