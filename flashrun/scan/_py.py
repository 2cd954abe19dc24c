"""Pure-Python scanner lexer: the reference the C lexer (``_scan.pyx``) mirrors.

Scan step of the data flow (docs/architecture.md): bytes of a dead (or live) run's output → events
for the few lines that matter → ``_scan_fold.Fold`` → ``ScanResult``.

Line model, identical in both lexers:

* lines end at ``\\n`` or ``\\r``; an empty line right after a ``\\r`` is the
  second half of ``\\r\\n`` and is skipped;
* a line longer than SEGMENT_CAP is seen through its first SEGMENT_CAP bytes
  and its last SEGMENT_CAP bytes (two segments), so memory and time stay
  bounded whatever the line length;
* NUL bytes and ANSI escape sequences are removed before anything else;
* launcher prefixes (ISO timestamps, ``[rankN]:``, ``[defaultN]:``, mpirun's
  ``[1,0]<stderr>:``, srun's ``N: ``) are stripped and the rank kept; a
  ``[rankN]: Traceback`` glued after a progress bar re-anchors the line there;
* each rank has its own traceback state: OUT → FRAMES (after a header) → MSG
  (after the terminal line) → OUT; chain separators park it in CHAINED.
"""
from flashrun.scan import _types as T
from flashrun.scan._fold import Fold

OUT, FRAMES, MSG, CHAINED = 0, 1, 2, 3
_SPACE = b" \t"
_DIGITS = b"0123456789"
_EXC_SUFFIXES = (b"Error", b"Exception", b"Interrupt", b"Exit", b"Tripped", b"Failure",
                 b"ExceptionGroup", b"StopIteration", b"Expired")
_NOISE_PREFIXES = (b"ERROR:", b"WARNING:", b"wandb:", b"Process finished", b"srun:",
                   b"slurmstepd:", b"frame #", b"Exception raised from", b"terminate called",
                   b"<NO_OTHER_FAILURES>")
_RECORD_PREFIXES = (b"ERROR:", b"WARNING:", b"INFO", b"wandb:")
_CHAIN_PREFIXES = (b"The above exception was the direct cause",
                   b"During handling of the above exception")
_CFE_FIELDS = (b"rank", b"exitcode", b"error_file", b"traceback")


def clean(s):
    """Drop NUL bytes and ANSI escape sequences (CSI, OSC, two-byte)."""
    out = bytearray()
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == 0:
            i += 1
        elif c == 0x1B:
            i += 1
            if i < n and s[i] == 0x5B:  # CSI: params, intermediates, final
                i += 1
                while i < n and 0x30 <= s[i] <= 0x3F:
                    i += 1
                while i < n and 0x20 <= s[i] <= 0x2F:
                    i += 1
                if i < n and 0x40 <= s[i] <= 0x7E:
                    i += 1
            elif i < n and s[i] == 0x5D:  # OSC: up to BEL or ESC backslash
                i += 1
                while i < n and s[i] != 0x07 and s[i] != 0x1B:
                    i += 1
                if i < n and s[i] == 0x07:
                    i += 1
                elif i + 1 < n and s[i] == 0x1B and s[i + 1] == 0x5C:
                    i += 2
            elif i < n:
                i += 1
        else:
            out.append(c)
            i += 1
    return bytes(out)


def _number(s, i, maxlen=6):
    """Parse up to ``maxlen`` digits at ``i``: (value, end) or (-1, i)."""
    j, n, v = i, len(s), 0
    while j < n and j - i < maxlen and 0x30 <= s[j] <= 0x39:
        v = v * 10 + s[j] - 0x30
        j += 1
    return (v, j) if j > i else (-1, i)


def _iso_timestamp(s, i):
    """End of an ``YYYY-MM-DDTHH:MM:SS[.fff][Z]`` prefix plus ': ' or ' ', else -1."""
    n = len(s)
    if i + 19 > n:
        return -1
    for k, c in enumerate(b"dddd-dd-ddTdd:dd:dd"):
        b = s[i + k]
        if c == 0x64:
            if not 0x30 <= b <= 0x39:
                return -1
        elif b != c:
            return -1
    j = i + 19
    if j < n and s[j] == 0x2E:
        j += 1
        while j < n and 0x30 <= s[j] <= 0x39:
            j += 1
    if j < n and s[j] == 0x5A:
        j += 1
    if j + 1 < n and s[j] == 0x3A and s[j + 1] == 0x20:
        return j + 2
    if j < n and s[j] == 0x20:
        return j + 1
    return -1


def _launcher_prefix(s, i):
    """One launcher prefix at ``i``: (rank, end) or (-1, -1)."""
    n = len(s)
    if i >= n:
        return -1, -1
    c = s[i]
    if c == 0x5B:  # '['
        for word in (b"rank", b"default"):
            if s.startswith(word, i + 1):
                r, j = _number(s, i + 1 + len(word))
                if r >= 0 and s.startswith(b"]:", j):
                    j += 2
                    if j < n and s[j] == 0x20:
                        j += 1
                    return r, j
                return -1, -1
        _, j = _number(s, i + 1)  # mpirun: [job,rank]<stderr>:
        if j > i + 1 and j < n and s[j] == 0x2C:
            r, k = _number(s, j + 1)
            if r >= 0 and (s.startswith(b"]<stderr>:", k) or s.startswith(b"]<stdout>:", k)):
                return r, k + 10
        return -1, -1
    if 0x30 <= c <= 0x39:  # srun --label: "N: "
        r, j = _number(s, i, 5)
        if j + 1 < n and s[j] == 0x3A and s[j + 1] == 0x20:
            return r, j + 2
    return -1, -1


def strip_prefixes(s, i):
    """Strip up to four stacked prefixes from ``i``: (rank or -1, body offset)."""
    rank = -1
    for _ in range(4):
        j = _iso_timestamp(s, i)
        if j > 0:
            i = j
            continue
        r, j = _launcher_prefix(s, i)
        if j < 0:
            break
        rank, i = r, j
    return rank, i


def terminal_name(s):
    """If ``s`` starts like a terminal line: (end of the dotted name, has colon), else (0, 0)."""
    n = len(s)
    if n == 0 or not (s[0] == 0x5F or 0x41 <= s[0] <= 0x5A or 0x61 <= s[0] <= 0x7A):
        return 0, 0
    i = 0
    while True:
        while i < n and (s[i] == 0x5F or 0x30 <= s[i] <= 0x39 or 0x41 <= s[i] <= 0x5A
                         or 0x61 <= s[i] <= 0x7A):
            i += 1
        if i + 1 < n and s[i] == 0x2E and (s[i + 1] == 0x5F or 0x41 <= s[i + 1] <= 0x5A
                                           or 0x61 <= s[i + 1] <= 0x7A):
            i += 1
            continue
        break
    if i > 200:
        return 0, 0
    if i == n:
        return i, 0
    if s[i] == 0x3A and (i + 1 == n or s[i + 1] == 0x20):
        return i, 1
    return 0, 0


def exception_like(s, end):
    """Does the dotted name ``s[:end]`` read as an exception class?"""
    start = s.rfind(b".", 0, end) + 1
    last = s[start:end]
    if last == b"Error" or last == b"Failure":
        return False
    return last.endswith(_EXC_SUFFIXES)


def _glog(s):
    """glog-style record: E1129, W1129, I1129, F1129 followed by a space."""
    return (len(s) >= 6 and s[0] in b"EWIF" and s[1] in _DIGITS and s[2] in _DIGITS
            and s[3] in _DIGITS and s[4] in _DIGITS and s[5] == 0x20)


def is_noise(s):
    """Launcher and shutdown chatter that does not mean the run kept going."""
    if not s:
        return True
    c = s[0]
    if c in b"=-*#" or _glog(s):
        return True
    if c == 0x5B and len(s) >= 3 and s[1] in b"EWIF" and (s[2] in _DIGITS or s[2] == 0x20):
        return True
    return s.startswith(_NOISE_PREFIXES) or s.endswith(b" FAILED")


def is_record_start(s):
    """A line that starts a new log record and so ends an unprefixed message."""
    return bool(s) and (s[0] == 0x5B or s[0] in _DIGITS or _glog(s)
                        or s.startswith(_RECORD_PREFIXES))


def _frame_like(s):
    return not s or s[0] in _SPACE or s[0] == 0xE2 or s[0] == 0x5E or s[0] == 0x7E


def _blank(s):
    for c in s:
        if c != 0x20 and c != 0x09:
            return False
    return True


def _lstrip_spaces(s):
    i = 0
    while i < len(s) and s[i] == 0x20:
        i += 1
    return i


class Lexer:
    """Line-by-line state machine; appends event tuples to ``self.events``."""

    def __init__(self):
        self.events = []
        self.lineno = 0
        self.act = 0
        self.section = T.SEC_NONE
        self.slot_rank = [-2] * T.RANK_SLOTS
        self.slot_used = [0] * T.RANK_SLOTS
        self.slot_state = [OUT] * T.RANK_SLOTS
        self.slot_prev_frame = [0] * T.RANK_SLOTS
        self.slot_msg = [0] * T.RANK_SLOTS
        self.slot_group = [0] * T.RANK_SLOTS
        self.present = T.NEEDLES

    def _slot(self, rank):
        best = 0
        for k in range(T.RANK_SLOTS):
            if self.slot_rank[k] == rank:
                self.slot_used[k] = self.lineno
                return k
            if self.slot_used[k] < self.slot_used[best]:
                best = k
        self.slot_rank[best] = rank
        self.slot_used[best] = self.lineno
        self.slot_state[best] = OUT
        self.slot_prev_frame[best] = 0
        self.slot_msg[best] = 0
        self.slot_group[best] = 0
        return best

    def _emit(self, kind, rank, a=0, b=0, c=None):
        self.events.append((kind, self.lineno, self.act, rank, a, b, c))

    def line(self, s):
        """Process one segment (no line terminators, at most SEGMENT_CAP bytes)."""
        self.lineno += 1
        needles = self.present  # needles seen in the raw chunk: a filter, not a rule
        if b"\x1b" in s or b"\x00" in s:
            s = clean(s)
            needles = T.NEEDLES  # cleaning can join a needle that escapes split
        rank, off = strip_prefixes(s, 0)
        body = s[off:]
        mask = 0
        found = {}
        for needle, bit in needles:
            p = body.find(needle)
            if p >= 0:
                mask |= bit
                found[needle] = p
        p = found.get(T.N_TRACEBACK, -1)
        if p > 0:  # "...it/s][rank0]: Traceback": re-anchor at the glued prefix
            a = body.rfind(b"[rank", max(0, p - T.RANK_LOOKBACK), p)
            if a > 0:
                r, q = strip_prefixes(body, a)
                if r >= 0 and q == p:
                    rank, body = r, body[q:]
                    found = {k: v - q for k, v in found.items() if v >= q}
        if body.rstrip(b" \t") == b"Killed":
            mask |= T.MARKER_BIT["host_oom"]
        self._structure(rank, body, mask, found)

    def _structure(self, rank, body, mask, found):
        k = self._slot(rank)
        st = self.slot_state[k]
        if _blank(body):
            if st == MSG:
                self.slot_state[k] = OUT
            return
        sp = _lstrip_spaces(body)
        rest = body[sp:]
        if rest.startswith(b"Root Cause"):
            self.section = T.SEC_ROOT
            return self._emit(T.EV_SECTION, rank, T.SEC_ROOT)
        if rest.startswith(b"Failures:"):
            self.section = T.SEC_OTHER
            return self._emit(T.EV_SECTION, rank, T.SEC_OTHER)
        if sp > 0:
            for field, key in enumerate(_CFE_FIELDS):
                if rest.startswith(key):
                    j = len(key)
                    while j < len(rest) and rest[j] == 0x20:
                        j += 1
                    if j < len(rest) and rest[j] == 0x3A:
                        value = rest[j + 1:].strip(b" \t")
                        return self._emit(T.EV_CFE, rank, field, self.section, value)
        p = found.get(T.N_TORCHRUN_EXIT, -1)
        if p < 0:
            p = found.get(T.N_DEEPSPEED_EXIT, -1)
            source, needle = T.EXIT_DEEPSPEED, T.N_DEEPSPEED_EXIT
        else:
            source, needle = T.EXIT_TORCHRUN, T.N_TORCHRUN_EXIT
        if p >= 0:
            j = p + len(needle)
            neg = j < len(body) and body[j] == 0x2D
            code, _ = _number(body, j + neg, 4)
            if code >= 0:
                return self._emit(T.EV_EXIT, rank, source, -code if neg else code)
        p = found.get(T.N_TERMINATE, -1)
        if p >= 0:
            j = p + len(T.N_TERMINATE)
            q = body.find(b"'", j)
            self._emit(T.EV_NATIVE, rank, 0, mask, body[j:q if q >= 0 else len(body)])
            self.slot_state[k], self.slot_msg[k] = MSG, 0
            return None
        group = self.slot_group[k] and st != OUT
        if found.get(T.N_TRACEBACK, -1) >= 0:
            if rest.startswith(b"+ Exception Group"):
                kind = T.TB_GROUP
            elif rest.startswith(b"Original Traceback"):
                kind = T.TB_ORIGINAL
            elif rest[:1] == b"\xe2":
                kind = T.TB_RICH
            elif group and rest[:1] == b"|":
                self.slot_prev_frame[k] = 1
                return None
            else:
                kind = T.TB_PLAIN
            chained = st == CHAINED or (st == MSG and kind == T.TB_ORIGINAL)
            self._emit(T.EV_TB, rank, kind, int(chained))
            self.slot_state[k], self.slot_prev_frame[k] = FRAMES, 0
            self.slot_group[k] = kind == T.TB_GROUP or (chained and self.slot_group[k])
            return None
        content = body
        if group:
            if rest.startswith(b"+-") or rest.startswith(b"+ "):
                self.slot_state[k], self.slot_prev_frame[k] = FRAMES, 1
                return None
            if rest[:1] == b"|":
                content = rest[2:] if rest[1:2] == b" " else rest[1:]
                if st == MSG:
                    st = self.slot_state[k] = FRAMES
                    self.slot_prev_frame[k] = 1
        chain_text = content[_lstrip_spaces(content):]
        if chain_text.startswith(_CHAIN_PREFIXES):
            self._emit(T.EV_CHAIN, rank)
            self.slot_state[k] = CHAINED
            return None
        return self._state_machine(k, st, rank, content, mask)

    def _state_machine(self, k, st, rank, content, mask):
        if st == FRAMES:
            if _frame_like(content):
                self.slot_prev_frame[k] = 1
                return None
            end, colon = terminal_name(content)
            if end and (self.slot_prev_frame[k] or exception_like(content, end)) and (
                    colon or exception_like(content, end)):
                self._emit(T.EV_TERM, rank, T.CTX_FRAMES, mask, content)
                self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = MSG, 0, 0
                return None
            self.slot_prev_frame[k] = 0
            return None
        if st == MSG:
            end, _ = terminal_name(content)
            if end and exception_like(content, end):
                self._emit(T.EV_TERM, rank, T.CTX_MSG, mask, content)
                self.slot_msg[k] = 0
                return None
            if rank < 0 and is_record_start(content):
                st = self.slot_state[k] = OUT
            else:
                self.slot_msg[k] += 1
                if self.slot_msg[k] <= T.MESSAGE_MAX_LINES:
                    if mask:
                        self._emit(T.EV_MARK, rank, T.CTX_MSG, mask, content)
                    return None
                st = self.slot_state[k] = OUT
        end, _ = terminal_name(content)
        if end and exception_like(content, end):
            self._emit(T.EV_TERM, rank, T.CTX_OUT, mask, content)
            self.slot_state[k], self.slot_msg[k] = MSG, 0
            return None
        if mask:
            self._emit(T.EV_MARK, rank, T.CTX_OUT, mask, content)
        if st == CHAINED:
            self.slot_state[k] = OUT
        if not is_noise(content):
            self.act += 1
        return None


class Scanner:
    """Incremental scanner: ``feed`` chunks of a stream, then ``result()``.

    Equal to ``scan_tail`` of the concatenation whatever the chunk boundaries;
    memory stays bounded (one pending segment, the fold's bounded state).
    """

    def __init__(self):
        self._lexer = Lexer()
        self._fold = Fold()
        self._pending = bytearray()
        self._tail = bytearray()
        self._long = False
        self._after_cr = False

    def feed(self, chunk):
        if not isinstance(chunk, (bytes, bytearray, memoryview)):
            raise TypeError("Scanner.feed() needs bytes, not %s" % type(chunk).__name__)
        chunk = bytes(chunk)
        region = bytes(self._tail if self._long else self._pending) + chunk
        self._lexer.present = tuple(nb for nb in T.NEEDLES if nb[0] in region)
        i, n = 0, len(chunk)
        # Next \n and next \r at or after i, each searched again only once passed (-1:
        # none left), so a chunk of many short lines is split in linear time.
        j_n = chunk.find(b"\n")
        j_r = chunk.find(b"\r")
        while i < n:
            if 0 <= j_n < i:
                j_n = chunk.find(b"\n", i)
            if 0 <= j_r < i:
                j_r = chunk.find(b"\r", i)
            j = j_n if j_r < 0 or (0 <= j_n < j_r) else j_r
            if j < 0:
                self._partial(chunk[i:])
                break
            self._partial(chunk[i:j])
            self._end_line(chunk[j] == 0x0D)
            i = j + 1
        self._flush_events()

    def _partial(self, piece):
        cap = T.SEGMENT_CAP
        if self._long:
            self._tail += piece
            del self._tail[:-cap]
            return
        self._pending += piece
        if len(self._pending) > cap:
            self._lexer.line(bytes(self._pending[:cap]))
            self._tail = self._pending[cap:]
            del self._tail[:-cap]
            self._pending = bytearray()
            self._long = True

    def _end_line(self, is_cr):
        if self._long:
            self._lexer.line(bytes(self._tail))
        elif self._pending or not self._after_cr:
            self._lexer.line(bytes(self._pending))
        self._pending = bytearray()
        self._tail = bytearray()
        self._long = False
        self._after_cr = is_cr

    def _flush_events(self):
        for ev in self._lexer.events:
            self._fold.push(ev)
        self._lexer.events.clear()

    def take_recent_mask(self):
        """Marker bits of complete lines fed since the previous call (for live alarms)."""
        return self._fold.take_recent()

    def result(self):
        """The ScanResult of everything fed so far (a pending last line included)."""
        lexer = Lexer.__new__(Lexer)
        lexer.__dict__.update({k: (list(v) if isinstance(v, list) else v)
                               for k, v in self._lexer.__dict__.items()})
        lexer.events = []
        lexer.present = T.NEEDLES
        fold = self._fold.copy()
        if self._long:
            lexer.line(bytes(self._tail))
        elif self._pending:
            lexer.line(bytes(self._pending))
        for ev in lexer.events:
            fold.push(ev)
        return fold.result(lexer.act, lexer.lineno)


def scan_tail(data):
    """Scan a whole tail at once (same result as one Scanner fed any way)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("scan_tail() needs bytes, not %s" % type(data).__name__)
    scanner = Scanner()
    scanner.feed(data)
    return scanner.result()


class _Recorder:
    def __init__(self):
        self.events = []

    def push(self, ev):
        self.events.append(ev)


def _lex_events(data):
    """Test hook: the raw event list for ``data`` fed whole (see tests)."""
    scanner = Scanner()
    scanner._fold = _Recorder()
    scanner.feed(data)
    return scanner._fold.events
