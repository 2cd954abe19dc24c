"""Why a diagnosis came out as it did: every piece of evidence weighed, and the winner.

Classify step of the data flow (docs/architecture.md), read-only: it takes what
``diagnose`` already computed (the ScanResult, the FailureSignals, the rule hit,
the decision) and lists each piece of evidence with the line that showed it,
its rank, its kind, the class it points to on its own and what produced it (a
built-in needle family, the scanner's traceback reading, a launcher report, a
site rule), then says which precedence step chose the class. Pure: no I/O. Used
by ``flashrun diagnose --explain`` and written with every FAILURE_CLASSIFIED
event.
"""
from dataclasses import dataclass
from typing import Optional, Tuple

from flashrun.policy.taxonomy import FailureSignals, classify, signal_from_exit
from flashrun.scan._types import SHAPE_MARKERS


@dataclass(frozen=True)
class Item:
    """One piece of evidence: where it was, what it is, where it points."""

    kind: str                 # "terminal", "marker", "launcher report", "exit status", ...
    line: Optional[str]
    rank: Optional[int]
    points_to: str            # the class this evidence alone would give
    source: str               # the rule or the built-in that produced it
    used: bool = False        # it supports the class that won

    def as_dict(self):
        return {"kind": self.kind, "line": self.line, "rank": self.rank,
                "points_to": self.points_to, "source": self.source, "used": self.used}


@dataclass(frozen=True)
class Explanation:
    failure_class: str
    why: str                  # the precedence step that chose the class
    items: Tuple[Item, ...]
    set_aside: Tuple[str, ...]  # evidence the scanner weighed and did not count

    def as_dict(self):
        return {"failure_class": self.failure_class, "why": self.why,
                "evidence": [i.as_dict() for i in self.items], "set_aside": list(self.set_aside)}

    def lines(self):
        """Human-readable lines (the CLI prints them)."""
        out = ["evidence weighed:"]
        for i in self.items:
            where = "" if i.rank is None else " rank %d" % i.rank
            mark = "*" if i.used else "-"
            out.append("  %s %-16s -> %-20s [%s]%s" % (mark, i.kind, i.points_to, i.source, where))
            if i.line:
                out.append("      %s" % i.line[:160])
        if not self.items:
            out.append("  (none: the tail says nothing about the failure)")
        for s in self.set_aside:
            out.append("  set aside: %s" % s)
        out.append("winner: %s, because %s" % (self.failure_class, self.why))
        out.append("  (* = supports the winner; precedence: flashrun/policy/taxonomy.py, "
                   "docs/diagnosis.md)")
        return out


def _alone(**fields) -> str:
    return classify(FailureSignals(**fields))[0].value


def explain(scan, signals: FailureSignals, failure_class, why: str) -> Explanation:
    """The explanation of one classification (``why`` is classify's own reason)."""
    items = []
    final = getattr(failure_class, "value", failure_class)
    hit = signals.rule
    if hit is not None:
        items.append(Item("site rule", hit.line, hit.rank, hit.rule.failure_class,
                          "rule %s" % hit.rule.describe()))
    if scan.root is not None:
        root_markers = signals.root_markers  # as classify read them (taxonomy.from_scan)
        for term in scan.chain:
            # the root as classify read it: the exception it carries, if it carries one
            exc_type = signals.root_exception if term is scan.root else term.exc_type
            cls = _alone(root_exception=exc_type, chain_types=(exc_type,),
                         root_markers=root_markers if term is scan.root else frozenset())
            items.append(Item("terminal" if term is scan.root else "chained terminal",
                              term.line, term.rank, cls, "built-in: traceback reading"))
    if scan.root is None and signals.survived and scan.survived:
        term = scan.survived[-1]
        items.append(Item("survived terminal", term.line, term.rank, _alone(
            root_exception=term.exc_type, chain_types=(term.exc_type,),
            root_markers=frozenset(scan.survived_markers)),
            "built-in: the last traceback, output followed it and nothing else spoke"))
    unfinished = scan.root is None and scan.unfinished_traceback
    if unfinished:
        items.append(Item("cut traceback", "a traceback the tail cuts after a frame, "
                          "before its exception line", None, _alone(unfinished=True),
                          "built-in: traceback reading"))
    evidence = dict(scan.evidence)
    for name in scan.root_markers:
        items.append(Item("marker (root)", evidence.get(name), scan.root_rank,
                          _alone(root_markers=frozenset({name}), root_exception="X",
                                 not_a_pickle=name == "not_a_pickle" and signals.not_a_pickle),
                          "built-in: needle family %r" % name))
    # a shell's SIGKILL notice and the memory at stake beside it are read together
    killed = frozenset({"shell_killed", "mem_context"})
    paired = killed <= set(scan.markers)
    for name in scan.markers:
        if name in scan.root_markers:
            continue
        items.append(Item("marker", evidence.get(name), None,
                          _alone(markers=killed if paired and name in killed
                                 else frozenset({name}),
                                 not_a_pickle=name == "not_a_pickle" and signals.not_a_pickle),
                          ("built-in: line shape %r" if name in SHAPE_MARKERS
                           else "built-in: needle family %r") % name))
    if scan.cfe_rank is not None or scan.cfe_exitcode is not None:
        items.append(Item("launcher block", "torchrun: rank %s exitcode %s%s" % (
            scan.cfe_rank, scan.cfe_exitcode,
            "" if scan.signal is None else " (signal %d)" % scan.signal), scan.cfe_rank,
            _alone(signal=scan.signal, reported_exit=scan.cfe_exitcode),
            "built-in: torchrun's ChildFailedError block"))
    if scan.launcher_exitcode is not None:
        code = scan.launcher_exitcode
        items.append(Item("launcher report", "a worker %s" % (
            "died of signal %d" % -code if code < 0 else "exited with code %d" % code), None,
            _alone(signal=-code if code < 0 else None, reported_exit=code),
            "built-in: death report (docs/needles.md)"))
    if signals.exit_code is not None:
        items.append(Item("exit status", "the process exited with %d" % signals.exit_code, None,
                          _alone(exit_code=signals.exit_code,
                                 signal=signal_from_exit(signals.exit_code)),
                          "built-in: exit status"))
    if signals.hung:
        items.append(Item("supervisor", "no output and no heartbeat within the hang timeout",
                          None, "hang", "built-in: hang detector"))
    if signals.correlated:
        items.append(Item("history", "many runs failed inside the incident window", None,
                          "correlated_incident", "built-in: incident window"))
    items = [Item(i.kind, i.line, i.rank, i.points_to, i.source, i.points_to == final)
             for i in items]
    aside = []
    if scan.stale_tracebacks:
        aside.append("%d traceback(s) followed by %d or more lines of their own rank's output "
                     "(caught and survived)" % (scan.stale_tracebacks, 8))
    wrappers = scan.tracebacks - scan.stale_tracebacks - (
        1 if scan.root is not None or unfinished else 0)
    if wrappers > 0:
        aside.append("%d other traceback(s): launcher wrappers or other ranks' symptoms" % wrappers)
    return Explanation(final, why, tuple(items), tuple(aside))
