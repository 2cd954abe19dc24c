"""Fold lexer events into a ScanResult (scan step of the data flow (docs/architecture.md)).

Shared by the C and the Python lexer, so equal event streams give equal
results. The fold keeps bounded state (the last MAX_RECORDS tracebacks, the last
line of each marker) so a live stream of any length costs constant memory.

Choosing the root cause:

0. (See also ``survived`` below: one record set aside as survived is kept for
   the taxonomy, which believes it only when nothing else explains a death. It is
   picked as the root is across ranks (_across_ranks: each rank's last, a rank's
   own error before another's communication symptom), so no interleaving moves it.)
1. A traceback is a *record*: its terminal lines (a chain or an exception
   group adds more), the markers on its message lines, and the activity count
   when its last terminal was printed. A record followed by STALE_ACTIVITY
   lines of ordinary output *from its own rank* was caught and survived; it is
   not a cause. Activity is counted per rank (unprefixed lines are one more
   "rank", -1): another rank's output, interleaved however the pipes mixed it,
   says nothing about whether this rank lived on, so the verdict never depends
   on how ranks interleave. A launcher's failure report (torchrun's block) is
   noise to the lexer, not activity.
2. Wrapper records (torchrun's ``ChildFailedError`` and ``SignalException``, a
   launcher's ``CalledProcessError``, mp.spawn's ``ProcessExitedException``)
   say nothing about the user's failure; how the worker died (its code or
   signal) comes from the launcher's report line instead (EV_EXIT).
3. When torchrun's block names a root-cause rank, the last record of that rank
   is believed. If records carry rank prefixes but none from that rank and the
   block says a signal killed it, the root rank printed nothing: the others'
   communication symptoms are not the cause, though another rank's own
   failure (an OOM that brought the group down) still is. (A root rank that
   exited with a code printed its reason somewhere this tail does not reach;
   the other ranks' records stand.)
4. Otherwise the last record that is not a communication symptom (a peer's
   ``Connection closed by peer``, a watchdog timeout) is believed; if all are
   symptoms, the first one. "Last" and "first" are within a rank: across ranks,
   whose lines interleave however the pipes mixed them, the record with the
   more specific evidence wins, then the lowest rank (``_across_ranks``).
5. torchrun's "first observed failure" is a race: a rank that aborted on a
   dead peer can be reported before the peer's SIGKILL. When the believed
   record is only such a symptom and a failure of *another* rank killed by a
   hard signal (not torchrun's own SIGTERM) is reported, that death is the
   cause. Reported where: any torchrun block, any section (under srun each
   node's agent prints its own block, naming its own rank as root cause; rank
   and exit code pair up by srun's task label), or srun's ``task N: Killed`` /
   mp.spawn's ``terminated with signal`` when the record has a rank prefix.
   Likewise a root-cause rank whose record is only a symptom yields to another
   rank's own error.
6. What makes a record "only a symptom": communication markers, and nothing
   of its own beyond weak network/timeout words and outside reports (a
   scheduler's cancel, torchrun's "Received 15 death signal") that, carrying the
   same srun task label, were read as lines of its message. A symptom set
   aside keeps those reports as markers outside the root.
"""
from flashrun.scan import _types as T
from flashrun.scan._types import (CFE_ERROR_FILE, CFE_EXITCODE, CFE_RANK, CFE_TRACEBACK,
                                     CTX_FRAMES, CTX_MSG, EV_CFE, EV_EXIT, EV_IGNORED, EV_MARK,
                                     EV_NATIVE, EV_RESTART, EV_SECTION, EV_SITE, EV_TB, EV_TERM,
                                     MARKERS, SEC_NONE, SEC_OTHER, SEC_ROOT, STALE_ACTIVITY)
from flashrun.scan._fold_text import exit_status, make_result, make_terminal, parse_terminal
from flashrun.scan._fold_text import routine_note as _routine_note
from flashrun.scan._fold_text import py_warning as _py_warning
from flashrun.scan._fold_text import quiet as _quiet
from flashrun.scan._fold_text import text as _text
from flashrun.scan._fold_text import to_int as _int

MAX_RECORDS = 32
MAX_OPEN_RANKS = 1024  # open tracebacks remembered per rank (a live scanner sees any number)
MAX_SITE_HITS = 256  # (site literal, rank) pairs remembered, each with its last line
# A DataLoader's "worker exited unexpectedly" is the same kind of symptom: the
# worker's own traceback, when the tail holds it, says why.
_SYMPTOM = (T.MARKER_BIT["worker_exit"] | T.MARKER_BIT["peer_closed"] | T.MARKER_BIT["gloo"]
            | T.MARKER_BIT["nccl"]
            | T.MARKER_BIT["watchdog"] | T.MARKER_BIT["dist_backend"]
            | T.MARKER_BIT["rendezvous"])
_WEAK = T.MARKER_BIT["network"] | T.MARKER_BIT["timeout"] | T.MARKER_BIT["no_answer"] \
    | T.MARKER_BIT["hub"] | T.MARKER_BIT["mem_context"]
# Memory evidence in a traceback: consistent with the OOM killer's SIGKILL after it.
_MEMORY = T.MARKER_BIT["host_oom"] | T.MARKER_BIT["cuda_oom"]
# Reports about a process from outside it (the scheduler's cancel, torchrun's
# "Received 15 death signal"): under srun they carry the same task label as the
# rank's own lines and may be read as part of its message, but they are not the
# record's own evidence, so they never make a communication symptom a failure.
_REPORTS = (T.MARKER_BIT["preempt"] | T.MARKER_BIT["time_limit"] | T.MARKER_BIT["node_fail"]
            | T.MARKER_BIT["launcher_sigterm"] | T.MARKER_BIT["control_plane"]
            | T.MARKER_BIT["step_cancelled"] | T.MARKER_BIT["task_failure"])
# Reports from outside the process (the kernel, the driver, the scheduler, a launcher):
# never a note the program handled, whatever level word their line carries
# (a kubelet event of type "Warning", "OOMKilling").
_OUTSIDE = _REPORTS | T.MARKER_BIT["host_oom"] | T.MARKER_BIT["xid"] | T.MARKER_BIT["ecc"] \
    | T.MARKER_BIT["gpu_lost"] | T.MARKER_BIT["shell_killed"]
_HARDWARE = T.MARKER_BIT["xid"] | T.MARKER_BIT["ecc"] | T.MARKER_BIT["gpu_lost"]
# A C++ abort whose thrown error is a collective's (c10d's DistBackendError after the
# NCCL watchdog) is the same communication symptom as the Python traceback would be.
_NATIVE = T.MARKER_BIT["native_abort"] | T.MARKER_BIT["abort"]
# An object-store client's frames on a traceback's stack, not in its message.
_STORE_STACK = T.MARKER_BIT["store_stack"]
# NCCL's own words for ENOSPC ("include/shm.h:28 NCCL WARN Call to posix_fallocate failed:
# No space left on device", "failed to extend /dev/shm/nccl-x to N bytes"): its
# shared-memory segments live in /dev/shm, memory, so a transport that could not be
# set up, not a full disk
_ENOSPC = T.MARKER_BIT["enospc"]
_NCCL_SHM = T.MARKER_BIT["nccl"] | _ENOSPC
_OBJECT_STORE = T.MARKER_BIT["object_store"]
# A spawn child's traceback through its read of the parent's pipe: the parent's
# failure's fallout (a child that never got its start-up object), never a cause.
_SPAWN_PIPE = T.MARKER_BIT["spawn_pipe"]
# ... except when the child did get it and could not rebuild it: pickle's lookup of a
# class its __main__ or its modules lack ("Can't get attribute 'Dataset' on <module
# '__main__'>", a notebook's or a script's unguarded class under spawn) is the code's.
_UNPICKLE_CODE = ("AttributeError", "ModuleNotFoundError", "ImportError")
_PEER_PIPE = T.MARKER_BIT["peer_pipe"]  # a Connection's frames (the taxonomy reads it)
# Death reports whose text names another task than the one that printed a
# traceback: srun's "task N: Killed", mp.spawn's "process N terminated with signal".
_TASK_REPORTS = frozenset(i for i, (needle, _kind) in enumerate(T.EXIT_REPORTS)
                          if needle in (b": Killed", b"terminated with signal "))
# Launcher-side exceptions: torchrun's wrapper, a launcher's subprocess check, and
# torchrun's own SignalException when it is told to stop. They never explain a death.
_WRAPPERS = ("ChildFailedError", "CalledProcessError", "SignalException",
             "ProcessExitedException", "ProcessRaisedException",  # mp.spawn's
             "TrainingFailedError",  # Ray Train's
             "TuneError",  # Ray Tune's "Trials did not complete": some trial failed
             "ExecuteUserScriptError")  # SageMaker's training toolkit
# Exception types too generic to say more than the death report their message holds.
_GENERIC = ("Exception", "RuntimeError")
# Signals torchrun itself sends when it tears a group down: not a cause.
_SOFT_SIGNALS = (1, 2, 15)


class _Record:
    __slots__ = ("rank", "terms", "mask", "act", "evidence", "ignored", "reports_death", "native")

    def __init__(self, rank):
        self.rank = rank
        self.terms = []
        self.mask = 0
        self.act = 0
        self.evidence = {}
        # set aside like a survived one: Python said it did not end the program
        # (EV_IGNORED), or it belongs to an attempt the launcher restarted (EV_RESTART)
        self.ignored = False
        # its last terminal line is itself a death report ("Exception: process 3
        # terminated with signal SIGKILL"): a wrapper, like ChildFailedError
        self.reports_death = False
        self.native = False  # opened by a C++ terminate, not a Python traceback

    def add(self, mask, line):
        if mask:  # most terminal lines carry no marker
            self.mask |= mask
            for bit in _bits(mask):
                self.evidence.setdefault(bit, line)

    def copy(self):
        other = _Record(self.rank)
        other.terms = list(self.terms)
        other.mask, other.act, other.evidence = self.mask, self.act, dict(self.evidence)
        other.ignored = self.ignored
        other.reports_death = self.reports_death
        other.native = self.native
        return other


# Each marker's bit as a Python int, by index: the compiled fold types a bit index
# as a C int, and "1 << bit" in C would overflow past bit 31.
_BIT = tuple(1 << i for i in range(64))


def _bits(mask):
    """The indexes of the set bits of ``mask``, lowest first."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits


class Fold:
    """Accumulates events; ``result(activity, lines)`` builds the ScanResult."""

    def __init__(self, site=(), site_patterns=()):
        self.records = []
        self.open = {}
        self.total = 0
        self.marks = {}
        self.exitcode = None
        self.native = None
        self.child_failed = False
        self.cfe = {SEC_NONE: {}, SEC_ROOT: {}, SEC_OTHER: {}}
        # (rank, exitcode, section) of failures torchrun's blocks report killed by a
        # hard signal, any block, any section: the first two of distinct ranks
        self.hard = []
        self.cfe_pending = {}  # line label -> the rank its block's failure entry names
        self.hard_task = None  # a hard signal death srun or mp.spawn reports for a task
        self.recent = 0  # marker bits pushed since the last take_recent() (a live alarm)
        self.site = {}  # (site literal index, rank) -> (line number, the last line holding it)
        self.ignore_next = set()  # ranks whose next traceback Python said it ignored
        # the unprefixed stream's output count at the first death report (a launcher's,
        # torchrun's block): what follows it is an epilog (sacct, events), not the job
        self.report_act = None
        self.exit_lineno = -1  # the line of the last death report (EV_EXIT)
        # per site literal, None or a compiled bytes regex the line must also match:
        # a site rule's regex runs only on the lines holding its literal
        self.site_patterns = tuple(site_patterns)
        self.site_literals = tuple(site)

    def copy(self):
        other = Fold.__new__(Fold)
        mapping = {id(r): r.copy() for r in self.records}
        other.records = [mapping[id(r)] for r in self.records]
        other.open = {k: mapping.get(id(r), r.copy()) for k, r in self.open.items()}
        other.total, other.marks = self.total, dict(self.marks)
        other.exitcode, other.native = self.exitcode, self.native
        other.child_failed = self.child_failed
        other.cfe = {k: dict(v) for k, v in self.cfe.items()}
        other.hard = list(self.hard)
        other.cfe_pending = dict(self.cfe_pending)
        other.hard_task = self.hard_task
        other.recent = self.recent
        other.site = dict(self.site)
        other.ignore_next = set(self.ignore_next)
        other.report_act = self.report_act
        other.exit_lineno = self.exit_lineno
        other.site_patterns = self.site_patterns
        other.site_literals = self.site_literals
        return other

    def _new(self, rank):
        record = _Record(rank)
        self.records.append(record)
        if len(self.records) > MAX_RECORDS:
            del self.records[0]
            if len(self.open) > MAX_OPEN_RANKS:  # forget ranks whose records are gone
                kept = {id(r) for r in self.records}
                self.open = {k: r for k, r in self.open.items() if id(r) in kept}
        self.open[rank] = record
        self.total += 1
        if rank in self.ignore_next:
            self.ignore_next.discard(rank)
            record.ignored = True
        return record

    def push(self, event):
        kind, _lineno, act, rank, a, b, c = event
        line = None
        if kind == EV_MARK and a != CTX_FRAMES:
            line = _text(c)  # a message or output line, read once
            if _routine_note(line):
                return  # a note every run prints (_fold_text.routine_note): no evidence
        if kind == EV_TERM or kind == EV_MARK or kind == EV_NATIVE:
            if b & _NCCL_SHM == _NCCL_SHM:
                b &= ~_ENOSPC  # NCCL's ENOSPC is its shared memory's (/dev/shm), no disk
            self.recent |= b
        if (kind == EV_EXIT or kind == EV_CFE or kind == EV_SECTION) and rank < 0 \
                and self.report_act is None:
            self.report_act = act  # the first death report: unprefixed output ends here
        if kind == EV_TB:
            if not (b and rank in self.open):
                self._new(rank)
        elif kind == EV_TERM:
            record = self.open.get(rank) if a == CTX_FRAMES else None
            if record is None:
                record = self._new(rank)
            term = parse_terminal(c, rank)
            record.terms.append(term)
            record.reports_death = _lineno == self.exit_lineno
            record.add(b, term.line)
            record.act = act
            if term.exc_type.endswith("ChildFailedError"):
                self.child_failed = True
        elif kind == EV_MARK:
            record = self.open.get(rank)
            if a == CTX_FRAMES:  # where the failing call went, not why
                if record is not None:
                    if b & _OBJECT_STORE:  # through an object-store client
                        record.add(_STORE_STACK, _text(c))
                    if b & (_SPAWN_PIPE | _PEER_PIPE):
                        record.add(b & (_SPAWN_PIPE | _PEER_PIPE), _text(c))
            elif a == CTX_MSG and record is not None:
                record.add(b, line)
            else:
                quiet = bool(b & ~_OUTSIDE) and _quiet(line)
                late = self.report_act is not None  # after the first death report
                for bit in _bits(b):
                    note = quiet and not _BIT[bit] & _OUTSIDE
                    if note and bit in self.marks and not self.marks[bit][3]:
                        continue  # a later note does not take back a report of it
                    self.marks[bit] = (rank, act, line, note, late, _lineno)
        elif kind == EV_NATIVE:
            name = _text(c, 200)
            self.native = name
            record = self.open.get(rank)
            if record is not None and record.terms and record.act == act and \
                    not record.native and record is self.records[-1]:
                # C++ terminate right after a Python traceback's last line, nothing
                # printed between: the interpreter's teardown of that exception (c10's
                # intrusive_ptr assert while unwinding), not a failure of its own; what
                # its what() line says still reads into the same record
                return
            record = self._new(rank)
            record.native = True
            record.terms.append(make_terminal(name, "", "terminate called after throwing an "
                                                "instance of '%s'" % name,
                                                None if rank < 0 else rank))
            record.add(b, record.terms[-1].line)
            record.act = act
        elif kind == EV_EXIT:
            self.exit_lineno = _lineno
            code = exit_status(a, c)
            # A signal death is the more telling report: a later plain code (the
            # launcher's own exit 1) does not hide it.
            if code is not None and (self.exitcode is None or self.exitcode >= 0 or code < 0):
                self.exitcode = code
            if (a in _TASK_REPORTS and self.hard_task is None and code is not None
                    and code < 0 and -code not in _SOFT_SIGNALS):
                self.hard_task = code
        elif kind == EV_RESTART:  # an earlier attempt ended: its evidence is set aside
            for record in self.records:
                record.ignored = True
            self.open.clear()
            self.marks.clear()
            self.exitcode = self.native = self.hard_task = self.report_act = None
            self.hard = []
        elif kind == EV_IGNORED:
            if len(self.ignore_next) < MAX_OPEN_RANKS:
                self.ignore_next.add(rank)
        elif kind == EV_SITE:
            key = (a, rank)
            pattern = self.site_patterns[a] if a < len(self.site_patterns) else None
            if (key in self.site or len(self.site) < MAX_SITE_HITS) and (
                    pattern is None or pattern.search(c) is not None):
                self.site[key] = (_lineno, _text(c))
        elif kind == EV_CFE:
            self.cfe[b][a] = c
            self.child_failed = True
            # Under srun each node's torchrun prints its own block; lines keep their
            # task label, so a failure's rank and exit code pair up by label.
            if a == CFE_RANK:
                if len(self.cfe_pending) < MAX_OPEN_RANKS or rank in self.cfe_pending:
                    self.cfe_pending[rank] = _int(c)
            elif a == CFE_EXITCODE and len(self.hard) < 2:
                code = _int(c)
                if code is not None and code < 0 and -code not in _SOFT_SIGNALS:
                    dead = self.cfe_pending.get(rank)
                    if dead not in [h[0] for h in self.hard]:
                        self.hard.append((dead, code, b))

    def push_all(self, events):
        """push() each event of a list, in order (a feed's worth at once)."""
        for event in events:
            self.push(event)

    def _death_of_another(self, root):
        """(rank, exitcode) of a hard signal death reported for another rank than
        ``root``'s: torchrun's blocks (any block: under srun each node prints one),
        then srun's or mp.spawn's task report; None when nothing says so.
        An unprefixed record's rank is unknown: only the Failures: section and a
        task report (a multi-rank log) then speak of another process."""
        for dead, code, section in self.hard:
            if root.rank >= 0 and dead is not None and dead != root.rank:
                return dead, code
            if root.rank < 0 and section == SEC_OTHER:
                return dead, code
        if self.hard_task is not None and root.rank >= 0:
            return None, self.hard_task
        return None

    def take_recent(self):
        """Marker bits pushed since the previous call, and forget them."""
        bits, self.recent = self.recent, 0
        return bits

    def result(self, activity, lines, cut=frozenset()):
        """``activity`` maps each rank (-1: unprefixed lines) to its count of
        ordinary output lines so far (the lexer's ``activity()``); ``lines``, how many
        lines the lexer read (a note on the last of them may be a silent tail's word);
        ``cut``, the ranks whose tail ends inside a traceback's frames after a whole
        frame, its header shown or not (the lexer's ``cut()``)."""
        if self.report_act is not None and activity.get(-1, 0) > self.report_act:
            activity = dict(activity)
            activity[-1] = self.report_act
        cfe = self.cfe[SEC_ROOT] or self.cfe[SEC_NONE]
        cfe_rank = cfe_exit = error_file = signal = None
        if cfe:  # most tails have no torchrun block
            cfe_rank = _int(cfe.get(CFE_RANK))
            cfe_exit = _int(cfe.get(CFE_EXITCODE))
            error_file = cfe.get(CFE_ERROR_FILE)
            trace = cfe.get(CFE_TRACEBACK, b"")
            if trace.startswith(b"Signal "):  # "Signal 9 (SIGKILL) received by PID 7"
                signal = _int(trace[7:])
            if signal is None and cfe_exit is not None and cfe_exit < 0:
                signal = -cfe_exit
        candidates, aside, stale, survived, kept = [], [], 0, None, []
        for record in self.records:
            if not record.terms:
                continue
            # a generic exception whose message only reports a child's death (no
            # evidence of its own, unlike "DataLoader worker ... is killed by signal:
            # Killed." with its OOM marker; a specific type such as torch's
            # InductorError around a failed gcc says more than the death)
            last = record.terms[-1].exc_type
            wrapper = last.endswith(_WRAPPERS) or (
                record.mask & _SPAWN_PIPE and last.rpartition(".")[2] not in _UNPICKLE_CODE) or (
                record.reports_death and last.rpartition(".")[2] in _GENERIC
                and not record.mask & ~_WEAK & ~_REPORTS)
            if record.ignored or _survived(activity, record.rank, record.act):
                stale += 1
                aside.append(record)
                if not wrapper:
                    kept.append(record)
                continue
            if wrapper:
                continue
            candidates.append(record)
        if kept:  # the survived record, whatever the interleaving of ranks: not a
            # communication symptom when another rank's own error survived too
            survived = _across_ranks([r for r in kept if not _symptom(r)] or kept, True)
        root = _choose(candidates, cfe_rank, signal is not None)
        if root is not None and signal == 9 and cfe_rank is not None and \
                root.rank in (cfe_rank, -1) and not root.mask & _MEMORY:
            # torchrun says this rank was SIGKILLed. A Python exception ends a process
            # with a status, never with SIGKILL: the traceback it printed earlier was
            # caught and survived, and what killed it came from outside.
            survived, root = root, None
            stale += 1
        if root is not None and _symptom(root):  # set aside: its outside reports still count
            death = self._death_of_another(root)
            if death is not None:
                root = None
                dead, code = death
                if dead is not None:  # torchrun's block named it
                    cfe_rank, cfe_exit = dead, code
                signal = -code
        # A traceback the tail cut inside its frames, after a whole frame (a frame's
        # line and its source line: a bare header, or a frame line alone, says nothing
        # of what raised), no exception line, and Python did not say it was ignored;
        # or frames pasted without their header (no traceback record in that rank).
        unfinished = False
        for rank in cut:
            record = self.open.get(rank)
            if record is None or (not record.terms and not record.ignored):
                unfinished = True
        markers, evidence = [], []
        standing = root is not None and not _symptom(root)
        for bit in sorted(self.marks):
            rank, act, line, quiet, late, _ = self.marks[bit]
            # a scheduler's report printed after the tasks were already reported dead,
            # while a traceback explains their death, is the teardown's consequence
            # (srun's "Node failure" after unkillable tasks), not its cause
            if late and standing and _BIT[bit] & _REPORTS:
                continue
            # a report from outside the process (the kernel, the driver, a scheduler)
            # is not taken back by output printed after it (an epilog, an event list)
            if not quiet and (_BIT[bit] & _OUTSIDE or not _survived(activity, rank, act)):
                markers.append(MARKERS[bit])
                evidence.append((MARKERS[bit], line))
        # a note logged at a quiet level is the program's word that it went on; when
        # nothing else in the tail says anything (no traceback standing, no marker but
        # weak network words, no death report) and a logger's note of an event is the
        # tail's last line, it is the last word the run said ("HTTP Error 429 thrown
        # while requesting HEAD https://huggingface.co/..."); a note the run printed
        # anything after ("OOM guard enabled", then a step) it went on from, a
        # warnings-module notice (UserWarning) is printed once where it was raised (and a
        # note every run prints never gets this far: push drops it)
        if root is None and signal is None and self.exitcode is None and \
                not [m for m in markers if not T.MARKER_BIT[m] & _WEAK]:
            for bit in sorted(self.marks):
                rank, act, line, quiet, late, at = self.marks[bit]
                if quiet and at == lines and not _py_warning(line) and \
                        MARKERS[bit] not in markers:
                    markers.append(MARKERS[bit])
                    evidence.append((MARKERS[bit], line))
        # outside reports read into any standing record count, and a GPU's own hardware
        # fault (ECC, Xid, a lost device) even in a record set aside: a server that logs
        # its shutdown after it did not carry on computing
        for record, kinds in [(r, _REPORTS) for r in candidates if r is not root] + \
                [(r, _HARDWARE) for r in aside]:
            for bit in _bits(record.mask & kinds):
                if MARKERS[bit] not in markers:
                    markers.append(MARKERS[bit])
                    evidence.append((MARKERS[bit], record.evidence[bit]))
        root_markers = ()
        if root is not None:
            root_markers = T.marker_names(root.mask)
            evidence = [(MARKERS[bit], root.evidence[bit]) for bit in sorted(root.evidence)
                        ] + [e for e in evidence if e[0] not in root_markers]
        return make_result({
            "root": root.terms[-1] if root else None,
            "chain": tuple(root.terms) if root else (),
            "survived": tuple(survived.terms) if survived is not None else (),
            "survived_markers": T.marker_names(survived.mask) if survived is not None else (),
            "root_markers": root_markers,
            "markers": tuple(markers),
            "evidence": tuple(evidence),
            "signal": signal,
            "launcher_exitcode": self.exitcode,
            "child_failed": self.child_failed,
            "cfe_rank": cfe_rank,
            "cfe_exitcode": cfe_exit,
            "cfe_error_file": None if error_file is None else _text(error_file, 300),
            "native_abort": self.native,
            "tracebacks": self.total,
            "stale_tracebacks": stale,
            "unfinished_traceback": unfinished,
            "lines": lines,
            "site_hits": tuple([(index, None if rank < 0 else rank, line) for (index, rank), (
                _, line) in sorted(self.site.items(), key=_line_order)]),
            "site": self.site_literals,
        })


def _line_order(item):
    """Sort key of a ``site`` entry: the line number it was last seen on."""
    return item[1][0]


def _survived(activity, rank, act):
    """Did ``rank`` print STALE_ACTIVITY ordinary lines after its count was ``act``?
    A rank no longer tracked (its slot was recycled for lack of output) did not."""
    return activity.get(rank, act) - act >= STALE_ACTIVITY


def _symptom(record):
    """A communication symptom: comm markers, nothing of its own beyond weak
    network/timeout words and outside reports read into its message (a C++ abort
    of the collective's own error included)."""
    mask = record.mask
    return mask & _SYMPTOM and not mask & ~_SYMPTOM & ~_WEAK & ~_REPORTS & ~_NATIVE


def _choose(candidates, cfe_rank, signalled):
    if not candidates:
        return None
    plain = [r for r in candidates if not _symptom(r)]
    if cfe_rank is not None:
        ranked = [r for r in candidates if r.rank == cfe_rank]
        # torchrun's root cause is its first observed failure, a race: a rank that
        # failed on a dead peer yields to another rank's own error (under srun each
        # node's agent names its own rank, so the last block read is no verdict).
        if ranked and (not _symptom(ranked[-1]) or not plain):
            return ranked[-1]
    if cfe_rank is not None and signalled and [r for r in candidates if r.rank >= 0]:
        return _across_ranks(plain, True)  # the others' symptoms are not the cause
    if plain:
        return _across_ranks(plain, True)
    return _across_ranks(candidates, False)


def _across_ranks(records, last):
    """One record, whatever the interleaving of ranks: each rank's last (or first)
    record in its own order, then the one with the most specific evidence (marker
    bits beyond the weak network/timeout ones), then the lowest rank.

    Within a rank, a last record with no evidence of its own yields to the one just
    before it (no ordinary line printed between) when that one ran out of memory:
    processes that share a console (spawned DataLoader workers, a Windows pool) die
    together when memory runs out, the later ones in generic words (a DLL that fails
    to initialise after "the paging file is too small")."""
    if not records:
        return None
    per_rank = {}
    for record in records:
        if last or record.rank not in per_rank:
            earlier = per_rank.get(record.rank)
            if earlier is None or not (earlier.mask & _MEMORY and earlier.act == record.act
                                       and not record.mask & ~_WEAK):
                per_rank[record.rank] = record
    if len(per_rank) == 1:
        return next(iter(per_rank.values()))
    return min(per_rank.values(), key=_specificity)


def _specificity(record):
    """Sort key across ranks: specific evidence (beyond the weak words) first, then the
    lowest rank."""
    return not record.mask & ~_WEAK, record.rank
