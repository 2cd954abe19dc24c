"""The restart budget and the backoff between attempts: how many relaunches, how soon.

Decide step of the data flow (docs/architecture.md, "Taxonomy and policy"): after the
table picks an action, ``spend`` says whether the budget allows it and how long to wait;
the supervisor (runtime) only carries that out. Pure: no clock, no I/O.
"""
import dataclasses
from dataclasses import dataclass
from typing import Tuple

from flashrun.policy.decide import RecoveryDecision
from flashrun.policy.table import RELAUNCH, Action
from flashrun import defaults as D


@dataclass(frozen=True)
class Backoff:
    """Delays between attempts. The first restart is immediate; pauses grow 2x."""

    restart_base: float = D.RESTART_BACKOFF_BASE_S
    restart_cap: float = D.RESTART_BACKOFF_CAP_S
    pause_base: float = D.PAUSE_BACKOFF_BASE_S
    pause_cap: float = D.PAUSE_BACKOFF_CAP_S

    def __post_init__(self):
        for name in ("restart_base", "restart_cap", "pause_base", "pause_cap"):
            if getattr(self, name) < 0:
                raise ValueError("Backoff.%s must be >= 0 seconds, got %r"
                                 % (name, getattr(self, name)))

    def restart_delay(self, restarts: int) -> float:
        return 0.0 if restarts <= 1 else min(self.restart_cap,
                                             self.restart_base * 2 ** (restarts - 2))

    def pause_delay(self, pauses: int) -> float:
        return min(self.pause_cap, self.pause_base * 2 ** (pauses - 1))


@dataclass(frozen=True)
class Budget:
    """What a trial has spent so far: relaunches (restarts + pauses) and pauses."""

    max_restarts: int
    restarts: int = 0
    pauses: int = 0


def spend(decision: RecoveryDecision, budget: Budget,
          backoff: Backoff) -> Tuple[RecoveryDecision, Budget, float]:
    """(the decision to act on, the budget after it, seconds to wait before acting).

    A relaunch or pause beyond ``max_restarts`` becomes ``fail_job`` with the reason
    saying so; otherwise it spends one restart and gets its backoff delay."""
    if decision.action not in RELAUNCH and decision.action != Action.PAUSE_JOB:
        return decision, budget, 0.0
    if budget.restarts >= budget.max_restarts:
        spent = dataclasses.replace(
            decision, action=Action.FAIL_JOB, scope="job",
            reason="%s; the restart budget (%d) is spent" % (decision.reason,
                                                             budget.max_restarts))
        return spent, budget, 0.0
    restarts = budget.restarts + 1
    if decision.action == Action.PAUSE_JOB:
        pauses = budget.pauses + 1
        return (decision, dataclasses.replace(budget, restarts=restarts, pauses=pauses),
                backoff.pause_delay(pauses))
    return (decision, dataclasses.replace(budget, restarts=restarts),
            backoff.restart_delay(restarts))
