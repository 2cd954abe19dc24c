"""decide(): FailureSignals + mode (+ history) → one frozen RecoveryDecision.

Decide step of the data flow (docs/architecture.md). The action comes from the versioned table;
history can only make it stricter: the same root cause on two consecutive
attempts turns any relaunch into ``fail_job``.
"""
from dataclasses import dataclass, field
from typing import Optional, Tuple

from flashrun.policy.table import POLICY_VERSION, RELAUNCH, TABLE, Action, Mode

_MODES = {m.value: m for m in Mode}  # Mode(x) is an Enum call: slow on the per-failure path
# The scope each action touches, for a site rule that sets the action itself.
SCOPE = {Action.FAIL_JOB: "job", Action.RETRY_TASK: "task", Action.RESTART_GROUP: "group",
         Action.REPLACE_NODE: "node", Action.PAUSE_JOB: "job", Action.FREEZE_AUTOMATION: "sweep"}
from flashrun.policy.taxonomy import FailureClass, FailureSignals, classify, frozen


@dataclass(frozen=True)
class Evidence:
    """What the decision believed: the line, its rank, the markers, the exit."""

    line: Optional[str] = None
    rank: Optional[int] = None
    markers: Tuple[str, ...] = ()
    exit_code: Optional[int] = None
    signal: Optional[int] = None
    fingerprint: Optional[str] = None
    rule: Optional[str] = None  # the site rule that decided ("rules.yaml:3 (match '...')")

    def as_dict(self):
        return {"line": self.line, "rank": self.rank, "markers": list(self.markers),
                "exit_code": self.exit_code, "signal": self.signal,
                "fingerprint": self.fingerprint, "rule": self.rule}


@dataclass(frozen=True)
class RecoveryDecision:
    failure_class: FailureClass
    action: Action
    scope: str
    reason: str
    mode: Mode
    policy_version: str = POLICY_VERSION
    deterministic: bool = False
    evidence: Evidence = field(default_factory=Evidence)

    def as_dict(self):
        return {"failure_class": self.failure_class.value, "action": self.action.value,
                "scope": self.scope, "reason": self.reason, "mode": self.mode.value,
                "policy_version": self.policy_version, "deterministic": self.deterministic,
                "evidence": self.evidence.as_dict()}


def decide(signals: FailureSignals, mode="coordinated_training", *,
           deterministic: bool = False, fingerprint: Optional[str] = None) -> RecoveryDecision:
    """Classify, look the class up in the table, apply history, explain."""
    mode = _MODES.get(mode) or Mode(mode)
    cls, why = classify(signals)
    action, scope, rule = TABLE[(cls, mode)]
    reason = "%s: %s" % (why, rule)
    hit = signals.rule if cls != FailureClass.CORRELATED_INCIDENT else None
    if hit is not None and hit.rule.action is not None:
        action = Action(hit.rule.action)
        scope = SCOPE[action]
        reason = "%s (the rule sets the action)" % why
    if deterministic and action in RELAUNCH:
        action, scope = Action.FAIL_JOB, "job"
        reason = "%s; the same root cause ended the previous attempt, so a restart " \
                 "would repeat it" % why
    evidence = frozen(Evidence, dict(
        line=hit.line if hit is not None else signals.root_line,
        rank=hit.rank if hit is not None else signals.root_rank,
        markers=tuple(sorted(signals.root_markers | signals.markers)),
        exit_code=signals.exit_code,
        signal=signals.signal,
        fingerprint=fingerprint,
        rule=hit.rule.describe() if hit is not None else None,
    ))
    return frozen(RecoveryDecision, dict(
        failure_class=cls, action=action, scope=scope, reason=reason, mode=mode,
        policy_version=POLICY_VERSION,
        deterministic=deterministic and action == Action.FAIL_JOB, evidence=evidence))
