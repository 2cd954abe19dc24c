"""Pure-Python scanner lexer: the reference the C lexer (``_scan.pyx``) mirrors.

Scan step of the data flow (docs/architecture.md): bytes of a dead (or live) run's output → events
for the few lines that matter → ``_scan_fold.Fold`` → ``ScanResult``.

Byte-level helpers live in ``_py_text.py`` (the C twins: ``_scan_text.pxi``).

Line model, identical in both lexers:

* lines end at ``\\n`` or ``\\r``; an empty line right after a ``\\r`` is the
  second half of ``\\r\\n`` and is skipped;
* a line longer than SEGMENT_CAP is seen through its first SEGMENT_CAP bytes
  and its last SEGMENT_CAP bytes (two segments), so memory and time stay
  bounded whatever the line length;
* NUL bytes and ANSI escape sequences are removed before anything else;
* a prefix is inferred from the line of a plain traceback header or of a frame
  (whatever precedes ``Traceback (most recent call last):`` or ``  File "..",
  line N``); later lines of the same shape lose it (``shape_end``);
* launcher prefixes (ISO timestamps, ``[rankN]:``, ``[defaultN]:``, mpirun's
  ``[1,0]<stderr>:``, srun's ``N: ``, Ray's and vLLM's ``(<Name> pid=<N>) ``) are
  stripped and the rank kept; a
  ``[rankN]: Traceback`` glued after a progress bar re-anchors the line there;
* each rank has its own traceback state: OUT → FRAMES (after a header) → MSG
  (after the terminal line) → OUT; chain separators park it in CHAINED;
* a traceback a paste collapsed onto one line (its header, frames and exception
  on the header's line, a frame's line or a line of frames) has its terminal
  after the line's last frame (``collapsed_terminal``);
* a rank outside any traceback also tracks frames pasted without their header
  (``headless_frame``), so a tail that ends inside them after a whole frame
  reads as a cut traceback (``cut()``), as one with its header does;
* each rank also counts its own ordinary output lines (``activity()``), so a
  traceback is judged survived only by its own rank's later output, whatever
  the other ranks printed in between; indented lines (continuations, a
  launcher report's ``key   : value`` fields), torchrun's ``[3]:`` index,
  progress-bar redraws and death reports are noise, not output.
"""
from flashrun.scan import _types as T
from flashrun.scan._fold import Fold
from flashrun.scan._py_text import (_blank, _frame_like, _lstrip_spaces, clean,
                                    collapsed_terminal, errno_start,
                                    error_report, exception_like, headless_frame, inner_terminal,
                                    qualified_class,
                                    is_noise, is_record_start, key_value, killed_end,
                                    plausible_prefix, shape_end, strip_prefixes,
                                    terminal_name)

OUT, FRAMES, MSG, CHAINED = 0, 1, 2, 3
_FRAME_MARKS = T.FRAME_MARKS
_ERROR_REPORT = T.MARKER_BIT["error_report"]
_CHAIN_PREFIXES = (b"The above exception was the direct cause",
                   b"During handling of the above exception")
_CFE_FIELDS = (b"rank", b"exitcode", b"error_file", b"traceback")


class Lexer:
    """Line-by-line state machine; appends event tuples to ``self.events``."""

    def __init__(self):
        self.events = []
        self.lineno = 0
        self.section = T.SEC_NONE
        self.slot_rank = [-2] * T.RANK_SLOTS
        self.slot_used = [0] * T.RANK_SLOTS
        self.slot_state = [OUT] * T.RANK_SLOTS
        self.slot_prev_frame = [0] * T.RANK_SLOTS
        self.slot_msg = [0] * T.RANK_SLOTS
        self.slot_group = [0] * T.RANK_SLOTS
        self.slot_act = [0] * T.RANK_SLOTS
        self.cur = 0
        self.pfx = b""  # inferred line prefix (see shape_end)
        self.infer = b""
        self.site = ()  # a site's literals, searched after the built-in needles
        self.needles = T.NEEDLES
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
        self.slot_act[best] = 0
        return best

    def _emit(self, kind, rank, a=0, b=0, c=None):
        self.events.append((kind, self.lineno, self.slot_act[self.cur], rank, a, b, c))

    def activity(self):
        """Each rank's count of ordinary output lines (the -1 key: unprefixed lines)."""
        return {self.slot_rank[k]: self.slot_act[k] for k in range(T.RANK_SLOTS)
                if self.slot_rank[k] != -2}

    def cut(self):
        """The ranks whose traceback, still open, showed a whole frame (a File line and
        its source line) before its last line: the tail cut it before its exception
        line. The last line is a frame's source or caret line, or a File line after
        a whole frame (a header with one File line alone says nothing); frames pasted
        without their header count the same (headless_frame)."""
        return frozenset(self.slot_rank[k] for k in range(T.RANK_SLOTS)
                         if self.slot_rank[k] != -2 and self.slot_prev_frame[k] >= 2
                         and self.slot_state[k] in (FRAMES, OUT))

    def line(self, s):
        """Process one segment (no line terminators, at most SEGMENT_CAP bytes)."""
        self.lineno += 1
        needles = self.present  # needles seen in the raw chunk: a filter, not a rule
        if b"\x1b" in s or b"\x00" in s:
            s = clean(s)
            needles = self.needles  # cleaning can join a needle that escapes split
        rank, off = strip_prefixes(s, 0)
        base = off
        if self.pfx:  # the prefix inferred from the last prefixed traceback header
            e = shape_end(s, off, self.pfx)
            if e > off:
                r, off = strip_prefixes(s, e)
                if r >= 0:
                    rank = r
        body = s[off:]
        mask = 0
        found = {}
        for needle, bit in needles:
            p = body.find(needle)
            if p >= 0:
                mask |= bit
                found[needle] = p
        for index, literal in enumerate(self.site):  # a site literal: one event each
            if literal in found:
                self._emit(T.EV_SITE, rank, index, 0, body)
        p = found.get(T.N_TRACEBACK, -1)
        if p >= 0 and body.startswith(b":\\n", p + len(T.N_TRACEBACK)):
            # "KeyError: 'Traceback (most recent call last):\n  File ...'": a worker's
            # traceback inside a string's repr (torch < 1.0's DataLoader re-raise, a
            # KeyError's message), not a header: the line is the terminal around it
            del found[T.N_TRACEBACK]
            p = -1
        self.infer = b""
        if p > 0:  # "...it/s][rank0]: Traceback": re-anchor at the glued prefix
            cut = a = p
            while True:  # the nearest '[' that opens launcher prefixes ending at p
                a = body.rfind(b"[", max(0, p - T.RANK_LOOKBACK), a)
                if a <= 0:
                    break
                r, q = strip_prefixes(body, a)
                if r >= 0 and q == p:
                    rank, body, cut = r, body[q:], a
                    found = {k: v - q for k, v in found.items() if v >= q}
                    break
            # whatever precedes the header is this traceback's prefix (_structure
            # adopts it for a plain header); a rank prefix after it stays a rank
            if off + cut - base <= T.PREFIX_MAX:
                self.infer = s[base:off + cut]
        elif p < 0:  # a frame ('  File "x", line N') after a prefix: adopt and strip it
            f = found.get(T.N_FRAME, -1)
            if f > 0 and body.find(T.N_FRAME_LINE, f + len(T.N_FRAME)) > 0 and \
                    off + f - base <= T.PREFIX_MAX and plausible_prefix(s[base:off + f]):
                self.pfx = s[base:off + f]
                body = body[f:]
                found = {k: v - f for k, v in found.items() if v >= f}
        if killed_end(body.rstrip(b" \t")):
            mask |= T.MARKER_BIT["shell_killed"]
        self._structure(rank, body, mask, found)

    def _structure(self, rank, body, mask, found):
        k = self.cur = self._slot(rank)
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
        if sp == 0:  # a field of torchrun's block behind an unknown prefix
            for needle, field in T.CFE_TEMPLATE:
                p = found.get(needle, -1)
                if 0 < p <= T.PREFIX_MAX:
                    value = body[p + len(needle):].strip(b" \t")
                    return self._emit(T.EV_CFE, rank, field, self.section, value)
            for key, shape, field in T.CFE_BARE:  # ... or with its indentation lost
                j = key_value(rest, key)
                if j and shape in rest:
                    return self._emit(T.EV_CFE, rank, field, self.section,
                                      rest[j:].strip(b" \t"))
        else:
            for field, key in enumerate(_CFE_FIELDS):
                j = key_value(rest, key)
                if j:
                    return self._emit(T.EV_CFE, rank, field, self.section,
                                      rest[j:].strip(b" \t"))
        report = False  # a death report says how a worker died: never output
        for source, needle in enumerate(T.EXIT_NEEDLES):
            p = found.get(needle, -1)
            if p >= 0:
                j = p + len(needle)
                self._emit(T.EV_EXIT, rank, source, 0, body[j:j + T.EXIT_TEXT])
                report = True
                break
        if not report:  # a launcher tearing the group down: not output either
            report = any(found.get(needle, -1) >= 0 for needle in T.TEARDOWN_NEEDLES)
        if any(found.get(needle, -1) >= 0 for needle in T.IGNORED_NEEDLES):
            self._emit(T.EV_IGNORED, rank)
            report = True
        if any(found.get(needle, -1) >= 0 for needle in T.RESTART_NEEDLES):
            self._emit(T.EV_RESTART, rank)
            report = True
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
                if self.infer and plausible_prefix(self.infer):
                    self.pfx = self.infer
            chained = st == CHAINED or (st == MSG and kind == T.TB_ORIGINAL)
            self._emit(T.EV_TB, rank, kind, int(chained))
            self.slot_state[k], self.slot_prev_frame[k] = FRAMES, 0
            self.slot_group[k] = kind == T.TB_GROUP or (chained and self.slot_group[k])
            a = collapsed_terminal(rest)  # the frames and the exception on this line
            if a:
                self._emit(T.EV_TERM, rank, T.CTX_FRAMES, mask, rest[a:])
                self.slot_state[k], self.slot_msg[k] = MSG, 0
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
        return self._state_machine(k, st, rank, content, mask, report)

    def _state_machine(self, k, st, rank, content, mask, report):
        if st == FRAMES:
            if _frame_like(content):
                # 1: a frame's 'File "..."' line (3: one after a whole frame); 2: its
                # source or caret line
                if content[_lstrip_spaces(content):].startswith(b'File "'):
                    self.slot_prev_frame[k] = 3 if self.slot_prev_frame[k] >= 2 else 1
                    a = collapsed_terminal(content)  # the rest collapsed onto this line
                    if a:
                        self._emit(T.EV_TERM, rank, T.CTX_FRAMES, mask, content[a:])
                        self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = \
                            MSG, 0, 0
                        return None
                else:
                    if self.slot_prev_frame[k] == 2:
                        # a second indented line under a frame whose source line was
                        # read, shaped "Type: message": the exception line, indented by
                        # a paste that skipped the inner frames (no statement reads so)
                        line = content[_lstrip_spaces(content):]
                        end, colon = terminal_name(line)
                        if end and colon and exception_like(line, end):
                            self._emit(T.EV_TERM, rank, T.CTX_FRAMES, mask, line)
                            self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = \
                                MSG, 0, 0
                            return None
                    self.slot_prev_frame[k] = 2
                if mask & _FRAME_MARKS:  # through an object-store client, a spawn pipe
                    self._emit(T.EV_MARK, rank, T.CTX_FRAMES, mask & _FRAME_MARKS, content)
                return None
            end, colon = terminal_name(content)
            # after a frame, "Type: message" or a class's bare qualified name is the
            # terminal; elsewhere the name must read as an exception
            if end and (exception_like(content, end) or self.slot_prev_frame[k] and (
                    colon or qualified_class(content, end))):
                self._emit(T.EV_TERM, rank, T.CTX_FRAMES, mask, content)
                self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = MSG, 0, 0
                return None
            self.slot_prev_frame[k] = 0
            if mask:  # neither a frame nor its terminal (a mangled terminal, another
                # process's line): what it says counts as it would outside a traceback
                self._emit(T.EV_MARK, rank, T.CTX_OUT, mask, content)
            return None
        if st == MSG:
            end, _ = terminal_name(content)
            if end and exception_like(content, end):
                self._emit(T.EV_TERM, rank, T.CTX_MSG, mask, content)
                self.slot_msg[k] = 0
                return None
            if is_record_start(content):
                st = self.slot_state[k] = OUT
            else:
                self.slot_msg[k] += 1
                if self.slot_msg[k] <= T.MESSAGE_MAX_LINES:
                    if mask:
                        self._emit(T.EV_MARK, rank, T.CTX_MSG, mask, content)
                    return None
                st = self.slot_state[k] = OUT
        end, _ = terminal_name(content)
        # under a frame pasted without its header (its source line read), a class's
        # qualified name is its terminal too
        if end and (exception_like(content, end) or self.slot_prev_frame[k] >= 2 and
                    qualified_class(content, end)):
            self._emit(T.EV_TERM, rank, T.CTX_OUT, mask, content)
            self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = MSG, 0, 0
            return None
        a = inner_terminal(content)  # "<prefix>Type: message" with no header to infer it from
        if not a:
            a = collapsed_terminal(content)  # frames and the exception on one line
        if a:
            self._emit(T.EV_TERM, rank, T.CTX_OUT, mask, content[a:])
            self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = MSG, 0, 0
            return None
        e = errno_start(content)  # "[Errno 2] No such file or directory: 'x'", typeless
        if e >= 0:
            self._emit(T.EV_TERM, rank, T.CTX_OUT, mask, content[e:])
            self.slot_state[k], self.slot_msg[k], self.slot_prev_frame[k] = MSG, 0, 0
            return None
        self.slot_prev_frame[k] = headless_frame(content, self.slot_prev_frame[k])
        if error_report(content):  # "ERROR: ...", "fatal error: ..." (weak: taxonomy)
            mask |= _ERROR_REPORT
        if mask:
            self._emit(T.EV_MARK, rank, T.CTX_OUT, mask, content)
        if st == CHAINED:
            self.slot_state[k] = OUT
        # a frame pasted without its header is not the run carrying on
        if not report and not self.slot_prev_frame[k] and not is_noise(content):
            self.slot_act[k] += 1
        return None


class Scanner:
    """Incremental scanner: ``feed`` chunks of a stream, then ``result()``.

    Equal to ``scan_tail`` of the concatenation whatever the chunk boundaries;
    memory stays bounded (one pending segment, the fold's bounded state).
    """

    def __init__(self, site=(), site_patterns=()):
        self._lexer = Lexer()
        site = T.check_site(site)
        self._lexer.site = site
        self._lexer.needles = T.NEEDLES + tuple((literal, 0) for literal in site)
        self._fold = Fold(site, site_patterns)
        self._pending = bytearray()
        self._tail = bytearray()
        self._long = False
        self._after_cr = False

    def feed(self, chunk):
        if not isinstance(chunk, (bytes, bytearray, memoryview)):
            raise TypeError("Scanner.feed() needs bytes, not %s" % type(chunk).__name__)
        chunk = bytes(chunk)
        region = bytes(self._tail if self._long else self._pending) + chunk
        self._lexer.present = tuple(nb for nb in self._lexer.needles if nb[0] in region)
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
        self._fold.push_all(self._lexer.events)
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
        lexer.present = lexer.needles
        fold = self._fold.copy()
        if self._long:
            lexer.line(bytes(self._tail))
        elif self._pending:
            lexer.line(bytes(self._pending))
        fold.push_all(lexer.events)
        return fold.result(lexer.activity(), lexer.lineno, lexer.cut())


def scan_tail(data, site=(), site_patterns=()):
    """Scan a whole tail at once (same result as one Scanner fed any way)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("scan_tail() needs bytes, not %s" % type(data).__name__)
    scanner = Scanner(site, site_patterns)
    scanner.feed(data)
    return scanner.result()


class _Recorder:
    def __init__(self):
        self.events = []

    def push_all(self, events):
        self.events.extend(events)


def _lex_events(data, site=()):
    """Test hook: the raw event list for ``data`` fed whole (see tests)."""
    scanner = Scanner(site)
    scanner._fold = _Recorder()
    scanner.feed(data)
    return scanner._fold.events
