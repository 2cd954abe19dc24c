# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""C scanner lexer: the same events as ``_scan_py.Lexer``, at memory speed.

Scan step of the data flow (docs/architecture.md). One pass over the bytes: a SIMD search finds
line ends (_scan_eol.h), a sampled gram prefilter rules out the lines that
cannot hold a marker needle, a Wu-Manber search finds every needle in the rest
(_scan_needles.pxi), and the per-rank traceback state lives in C arrays; an
ordinary line outside any traceback takes a short path (``Lexer.quick``).
Python objects are created only for the few lines that produce an event; the
shared ``_scan_fold.Fold`` turns the events into the ScanResult, so equal
events mean equal results. Read ``_scan_py.py`` first: every function of the
full path mirrors one there (the prefilter and ``quick`` are shortcuts with no
twin: they take effect only where the full path would do the same). Included: _scan_text.pxi (byte helpers), _scan_needles.pxi,
_scan_feed.pxi (the stream side: Scanner, scan_tail).
"""
from libc.string cimport memchr, memcmp, memcpy, memmove, strlen
from cpython.mem cimport PyMem_Malloc, PyMem_Free

from libc.stdint cimport uint32_t, uint64_t
cimport cython

from flashrun.scan import _types as T
from flashrun.scan._fold import Fold

cdef enum:
    CAP = 4096
    NAME_MAX = 200
    POD_MAX = 256
    INNER_SPAN = 298  # PREFIX_MAX + NAME_MAX + 2 (_py_text.INNER_SPAN)
    PFXMAX = 96
    T_LOOKBACK = 20
    NSLOTS = 16
    MSGMAX = 16
    MAXN = 1024  # built-in needles (about 750) and a rules file's literals together
    HSIZE = 4096
    S_OUT = 0
    S_FRAMES = 1
    S_MSG = 2
    S_CHAINED = 3

assert T.PREFIX_MAX == PFXMAX and T.NAME_MAX == NAME_MAX and T.POD_MAX == POD_MAX
assert T.PREFIX_MAX + T.NAME_MAX + 2 == INNER_SPAN
assert T.SEGMENT_CAP == CAP and T.RANK_LOOKBACK == T_LOOKBACK and T.RANK_SLOTS == NSLOTS and T.MESSAGE_MAX_LINES == MSGMAX
assert len(T.NEEDLES) <= MAXN and T.MAX_NEEDLES == MAXN

# Structural needles come first in T.NEEDLES, in this order.
cdef enum:
    N_TB = 0
    N_TERM = 1
    N_FRAME = 2
    N_EXIT0 = 3  # then the EXIT_NEEDLES, in their order
    C_EXIT_TEXT = 40

assert T.NEEDLES[N_TB][0] == T.N_TRACEBACK and T.NEEDLES[N_TERM][0] == T.N_TERMINATE
assert len(T.N_TRACEBACK) == 33
assert T.NEEDLES[N_FRAME][0] == T.N_FRAME and T.N_FRAME_LINE == b'", line ' 
assert tuple(n for n, _ in T.NEEDLES[N_EXIT0:N_EXIT0 + len(T.EXIT_NEEDLES)]) == T.EXIT_NEEDLES
assert T.EXIT_TEXT == C_EXIT_TEXT
cdef int _NEXIT = len(T.EXIT_NEEDLES)
cdef int N_TEAR0 = N_EXIT0 + _NEXIT  # then the TEARDOWN_NEEDLES
cdef int _NTEAR = len(T.TEARDOWN_NEEDLES)
assert tuple(n for n, _ in T.NEEDLES[N_TEAR0:N_TEAR0 + _NTEAR]) == T.TEARDOWN_NEEDLES
cdef int N_IGN0 = N_TEAR0 + _NTEAR  # then the IGNORED_NEEDLES
cdef int _NIGN = len(T.IGNORED_NEEDLES)
assert tuple(n for n, _ in T.NEEDLES[N_IGN0:N_IGN0 + _NIGN]) == T.IGNORED_NEEDLES
cdef int N_RST0 = N_IGN0 + _NIGN  # then the RESTART_NEEDLES
cdef int _NRST = len(T.RESTART_NEEDLES)
assert tuple(n for n, _ in T.NEEDLES[N_RST0:N_RST0 + _NRST]) == T.RESTART_NEEDLES
cdef int N_CFE0 = N_RST0 + _NRST  # then the CFE_NEEDLES
cdef int _NCFE = len(T.CFE_NEEDLES)
assert tuple(n for n, _ in T.NEEDLES[N_CFE0:N_CFE0 + _NCFE]) == T.CFE_NEEDLES
assert tuple(f for _, f in T.CFE_TEMPLATE) == tuple(range(_NCFE))  # needle k is field k
assert T.CFE_BARE == ((b"rank", b" (local_rank: ", T.CFE_RANK),
                      (b"exitcode", b" (pid: ", T.CFE_EXITCODE),
                      (b"traceback", b") received by PID ", T.CFE_TRACEBACK))  # _CFE_BARE_*
cdef uint64_t _FRAME_MARKS = T.FRAME_MARKS

# Event vocabulary, equal to _scan_types (checked below).
cdef enum:
    C_EV_TB = 1
    C_EV_CHAIN = 2
    C_EV_TERM = 3
    C_EV_MARK = 4
    C_EV_CFE = 5
    C_EV_SECTION = 6
    C_EV_EXIT = 7
    C_EV_NATIVE = 8
    C_EV_SITE = 9
    C_EV_IGNORED = 10
    C_EV_RESTART = 11
    C_TB_PLAIN = 0
    C_TB_GROUP = 1
    C_TB_RICH = 2
    C_TB_ORIGINAL = 3
    C_CTX_OUT = 0
    C_CTX_FRAMES = 1
    C_CTX_MSG = 2
    C_SEC_NONE = 0
    C_SEC_ROOT = 1
    C_SEC_OTHER = 2

assert (
    C_EV_TB, C_EV_CHAIN, C_EV_TERM, C_EV_MARK, C_EV_CFE, C_EV_SECTION, C_EV_EXIT,
    C_EV_NATIVE, C_EV_SITE, C_EV_IGNORED, C_EV_RESTART, C_TB_PLAIN, C_TB_GROUP, C_TB_RICH, C_TB_ORIGINAL, C_CTX_OUT,
    C_CTX_FRAMES, C_CTX_MSG, C_SEC_NONE, C_SEC_ROOT, C_SEC_OTHER,
) == (
    T.EV_TB, T.EV_CHAIN, T.EV_TERM, T.EV_MARK, T.EV_CFE, T.EV_SECTION, T.EV_EXIT,
    T.EV_NATIVE, T.EV_SITE, T.EV_IGNORED, T.EV_RESTART, T.TB_PLAIN, T.TB_GROUP, T.TB_RICH, T.TB_ORIGINAL, T.CTX_OUT,
    T.CTX_FRAMES, T.CTX_MSG, T.SEC_NONE, T.SEC_ROOT, T.SEC_OTHER,
)

cdef uint64_t _SHELL_KILLED = T.MARKER_BIT["shell_killed"]
# First bytes of a line body that _structure looks at even when no needle is in
# the line: blank or indented lines, "Killed", torchrun's "Root Cause" and
# "Failures:", the chain separators ("The above", "During"). Lines starting
# with one take the full path; _QUICK_SLOW adds the openings of prefixes.
cdef unsigned char _PLAIN_SLOW[256]
cdef unsigned char _QUICK_SLOW[256]
for _c in range(256):
    _PLAIN_SLOW[_c] = _c in b" \tKRFTD"
    _QUICK_SLOW[_c] = _PLAIN_SLOW[_c] or _c in b"[0123456789"
# First bytes of a line _rare_start looks at: "ERROR: ", "error: ", "fatal error: ",
# "FATAL: ", "CRITICAL: ", "[ERROR] ", "[Errno 2] ", "[WinError 5] "
cdef unsigned char _RARE_FIRST[256]
for _c in range(256):
    _RARE_FIRST[_c] = _c in b"EeFfC["


cdef bint _rare_start(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """For _plain_output, out of line (it stays small enough to inline): does the line
    start like an error report or an OSError's str(), which the full path reads?"""
    return _error_report(s, n) or ((s[0] == 0x5B or s[0] == 0x65) and _errno_start(s, n) >= 0)


cdef uint64_t _ERROR_REPORT = T.MARKER_BIT["error_report"]


include "_scan_text.pxi"
include "_scan_needles.pxi"


cdef inline bint _killed_end(const unsigned char* s, Py_ssize_t e) noexcept nogil:
    """_py.killed_end: the shell's "Killed", alone on the line or glued to the end of a
    progress bar that printed no newline ("... 6.17it/s]Killed"); ``e`` excludes
    trailing blanks."""
    return (e == 6 and memcmp(s, b"Killed", 6) == 0) or (
        e >= 7 and s[e - 1] == 0x64 and memcmp(s + e - 7, b"]Killed", 7) == 0)


cdef inline int _plain_output(const unsigned char* s, Py_ssize_t n, bint no_inner) noexcept nogil:
    """For a non-empty line with no needle, in a rank outside any traceback, whose
    first byte is not _PLAIN_SLOW: -1 if it may name an exception (the full path
    decides), else whether it counts as output (1) or is noise (0). ``no_inner``: the
    feed found no colon that could end an inner terminal's name in the line."""
    cdef Py_ssize_t end = n
    cdef bint colon
    cdef int field
    while end > 0 and (s[end - 1] == 0x20 or s[end - 1] == 0x09):
        end -= 1
    if s[end - 1] == 0x64 and _killed_end(s, end):  # 'd': the full path marks it
        return -1
    if _RARE_FIRST[s[0]] and _rare_start(s, n):  # an error report or an OSError's str()
        return -1
    if _alpha(s[0]):
        end = 1
        while end < n and end <= NAME_MAX and _IDENT[s[end]]:
            end += 1
        # A first word ended by anything but ':' or '.' cannot name an exception,
        # nor can one longer than _terminal_name allows (so a line of one long
        # word is not walked byte by byte).
        if end <= NAME_MAX and (end == n or s[end] == 0x3A or s[end] == 0x2E):
            end = _terminal_name(s, n, &colon)
            if end and _exception_like(s, end):
                return -1
    if not no_inner and (_inner_terminal(s, n) or _collapsed_terminal(s, n)):
        return -1
    if _CFE_BARE_START[s[0]] and _bare_field(s, n, &field):
        return -1  # torchrun's field with its indentation lost (T.CFE_BARE)
    return not _is_noise2(s, n)


cdef frozenset _NO_RANKS = frozenset()


@cython.final
cdef class Lexer:
    """Mirror of ``_scan_py.Lexer`` with its state in C arrays."""

    cdef public list events
    cdef public Py_ssize_t lineno
    cdef Py_ssize_t slot_act[NSLOTS]
    cdef int section
    cdef Py_ssize_t slot_rank[NSLOTS]
    cdef Py_ssize_t slot_used[NSLOTS]
    cdef int slot_state[NSLOTS]
    cdef int slot_prev[NSLOTS]
    cdef int slot_msg[NSLOTS]
    cdef int slot_group[NSLOTS]
    cdef Py_ssize_t found[MAXN]
    cdef int touched[MAXN]
    cdef int ntouched
    cdef int last_slot
    cdef uint64_t mask
    cdef unsigned char* cbuf  # cleaned copy of a line with ESC/NUL, allocated on first use
    cdef unsigned char pfx[PFXMAX]  # the inferred line prefix (_py.shape_end)
    cdef Py_ssize_t npfx
    cdef const unsigned char* infer  # this line's candidate prefix (valid during line())
    cdef bint no_inner  # this line holds no colon an inner terminal could end at
    cdef const NeedleSet* ns  # the needles searched: built-in, then the site's (_site_set)
    cdef int nsite  # how many site literals follow the built-in needles
    cdef Py_ssize_t ninfer

    def __cinit__(self):
        cdef int k
        self.events = []
        self.lineno = 0
        self.section = C_SEC_NONE
        for k in range(NSLOTS):
            self.slot_rank[k] = -2
            self.slot_used[k] = 0
            self.slot_state[k] = S_OUT
            self.slot_prev[k] = 0
            self.slot_msg[k] = 0
            self.slot_group[k] = 0
            self.slot_act[k] = 0
        for k in range(MAXN):
            self.found[k] = -1
        self.ntouched = 0
        self.last_slot = 0
        self.cbuf = NULL
        self.npfx = 0
        self.ninfer = 0
        self.ns = _BUILTIN.ns
        self.nsite = 0

    def __dealloc__(self):
        PyMem_Free(self.cbuf)

    cdef Lexer copy(self):
        cdef Lexer other = Lexer()
        other.lineno, other.section = self.lineno, self.section
        other.last_slot = self.last_slot
        other.ns, other.nsite = self.ns, self.nsite
        memcpy(other.pfx, self.pfx, self.npfx)
        other.npfx = self.npfx
        memcpy(other.slot_act, self.slot_act, sizeof(self.slot_act))
        memcpy(other.slot_rank, self.slot_rank, sizeof(self.slot_rank))
        memcpy(other.slot_used, self.slot_used, sizeof(self.slot_used))
        memcpy(other.slot_state, self.slot_state, sizeof(self.slot_state))
        memcpy(other.slot_prev, self.slot_prev, sizeof(self.slot_prev))
        memcpy(other.slot_msg, self.slot_msg, sizeof(self.slot_msg))
        memcpy(other.slot_group, self.slot_group, sizeof(self.slot_group))
        return other

    cdef inline int _slot(self, Py_ssize_t rank) noexcept nogil:
        if self.slot_rank[self.last_slot] == rank:  # ranks are unique: same answer as the scan
            self.slot_used[self.last_slot] = self.lineno
            return self.last_slot
        return self._slot_find(rank)

    cdef int _slot_find(self, Py_ssize_t rank) noexcept nogil:
        cdef int k, best = 0
        for k in range(NSLOTS):
            if self.slot_rank[k] == rank:
                self.slot_used[k] = self.lineno
                self.last_slot = k
                return k
            if self.slot_used[k] < self.slot_used[best]:
                best = k
        self.slot_rank[best] = rank
        self.slot_used[best] = self.lineno
        self.slot_state[best] = S_OUT
        self.slot_prev[best] = 0
        self.slot_msg[best] = 0
        self.slot_group[best] = 0
        self.slot_act[best] = 0
        self.last_slot = best
        return best

    cpdef dict activity(self):
        """Each rank's count of ordinary output lines (the -1 key: unprefixed lines)."""
        cdef int k
        return {self.slot_rank[k]: self.slot_act[k] for k in range(NSLOTS)
                if self.slot_rank[k] != -2}

    cpdef frozenset cut(self):
        """_py.Lexer.cut: the ranks whose traceback, still open, showed a whole frame
        before its last line (a frame's source or caret line, or a File line after one)."""
        cdef int k
        for k in range(NSLOTS):  # most tails cut nothing: no list, no new set
            if self.slot_prev[k] >= 2:
                break
        else:
            return _NO_RANKS
        return frozenset([self.slot_rank[k] for k in range(NSLOTS) if self.slot_rank[k] != -2
                          and self.slot_prev[k] >= 2
                          and (self.slot_state[k] == S_FRAMES or self.slot_state[k] == S_OUT)])

    cdef int _emit(self, int kind, Py_ssize_t rank, Py_ssize_t a, object b,
                   const unsigned char* c, Py_ssize_t cn) except -1:
        cdef object text = None
        if c != NULL:
            text = (<const char*>c)[:cn]
        self.events.append((kind, self.lineno, self.slot_act[self.last_slot], rank, a, b, text))
        return 0

    cdef int _field(self, Py_ssize_t rank, int field, const unsigned char* s, Py_ssize_t j,
                    Py_ssize_t q) except -1:
        """Emit one field of torchrun's block: its value s[j:q] without blanks around it."""
        while j < q and (s[j] == 0x20 or s[j] == 0x09):
            j += 1
        while q > j and (s[q - 1] == 0x20 or s[q - 1] == 0x09):
            q -= 1
        return self._emit(C_EV_CFE, rank, field, self.section, s + j, q - j)

    cdef void _search(self, const unsigned char* t, Py_ssize_t n) noexcept nogil:
        """Wu-Manber over 3-grams: first position of every needle in t, and the mask."""
        cdef Py_ssize_t pos = _m - 1, start
        cdef unsigned int h
        cdef int s, k
        cdef const NeedleSet* ns = self.ns
        self.mask = 0
        while pos < n:
            h = _hash(t + pos)
            s = ns.shift[h]
            if s:
                pos += s
                continue
            start = pos - _m + 1
            k = ns.head[h]
            while k >= 0:
                if self.found[k] < 0 and start + ns.nlen[k] <= n and \
                        memcmp(t + start, ns.ndl[k], ns.nlen[k]) == 0:
                    self.found[k] = start
                    self.touched[self.ntouched] = k
                    self.ntouched += 1
                    self.mask |= ns.nbit[k]
                k = ns.next[k]
            pos += 1

    cdef inline bint quick(self, const unsigned char* s, Py_ssize_t n) noexcept nogil:
        """All of line() for the commonest line, or nothing (returns 0).

        For a clean line the prefilter ruled out, with no prefix, while the
        unprefixed rank is outside any traceback: _plain without the prefix,
        needle and slot bookkeeping around it."""
        cdef int k = self.last_slot
        cdef int output
        if n == 0 or self.ntouched or self.slot_rank[k] != -1 or self.slot_state[k] != S_OUT \
                or self.slot_group[k] or _QUICK_SLOW[s[0]] or self.npfx \
                or self.slot_prev[k]:  # under a headless frame: its source, carets, or a
            return 0                   # bare class name as its terminal (headless_frame)
        output = _plain_output(s, n, 1)
        if output < 0:
            return 0
        self.lineno += 1
        self.slot_used[k] = self.lineno
        self.mask = 0
        self.slot_prev[k] = 0  # not a frame line (headless_frame)
        self.slot_act[k] += output
        return 1

    cdef int line(self, const unsigned char* s, Py_ssize_t n, int dirty,
                  bint may_hit, bint may_inner) except -1:
        """One segment; ``dirty`` says whether it holds ESC or NUL (-1: find out);
        ``may_hit`` false means the prefilter ruled out every needle in it;
        ``may_inner`` false, that the feed found no colon an inner terminal could end at
        (_next_inner; only for a whole, clean line: a segment's end is not the line's)."""
        cdef Py_ssize_t rank, off, q, r, k, e, a, lo, base, cut
        cdef const unsigned char* body
        cdef Py_ssize_t bn
        self.lineno += 1
        self.ninfer = 0
        for k in range(self.ntouched):  # forget the previous line's needle hits
            self.found[self.touched[k]] = -1
        self.ntouched = 0
        if dirty < 0:
            dirty = memchr(s, 0x1B, n) != NULL or memchr(s, 0, n) != NULL
        if dirty:
            if self.cbuf == NULL:
                self.cbuf = <unsigned char*>PyMem_Malloc(CAP)
                if self.cbuf == NULL:
                    raise MemoryError()
            n = _clean(s, n, self.cbuf)
            s = self.cbuf
        self.no_inner = not may_inner and not dirty
        if n and (s[0] == 0x5B or s[0] == 0x28 or _digit(s[0])):  # only these open a prefix
            off = _strip_prefixes(s, n, 0, &rank)
        else:
            off, rank = 0, -1
        base = off
        if self.npfx:  # the prefix inferred from the last prefixed traceback header
            e = _shape_end(s, n, off, self.pfx, self.npfx)
            if e > off:
                off = _strip_prefixes(s, n, e, &r)
                if r >= 0:
                    rank = r
        body = s + off
        bn = n - off
        if may_hit or dirty:
            self._search(body, bn)
            for k in range(_NBUILTIN, _NBUILTIN + self.nsite):  # a site literal: one event each
                if self.found[k] >= 0:
                    self._emit(C_EV_SITE, rank, k - _NBUILTIN, 0, body, bn)
        else:
            self.mask = 0
            if self._plain(rank, body, bn):
                return 0
        q = self.found[N_TB]
        if q >= 0 and _starts(body, bn, q + 33, b":\\n"):
            self.found[N_TB] = q = -1  # a traceback inside a string's repr: no header
        if q > 0:  # "...it/s][rank0]: Traceback": re-anchor at the glued prefix
            cut = q
            lo = q - T_LOOKBACK if q > T_LOOKBACK else 0
            a = q - 1
            while a > 0 and a >= lo:  # the nearest '[' that opens prefixes ending at q
                if body[a] == 0x5B:
                    e = _strip_prefixes(body, bn, a, &r)
                    if r >= 0 and e == q:
                        rank = r
                        body += q
                        bn -= q
                        cut = a
                        for k in range(self.ntouched):
                            e = self.touched[k]
                            self.found[e] = self.found[e] - q if self.found[e] >= q else -1
                        break
                a -= 1
            # whatever precedes the header is this traceback's prefix (_structure
            # adopts it for a plain header); a rank prefix after it stays a rank
            if off + cut - base <= PFXMAX:
                self.infer = s + base
                self.ninfer = off + cut - base
        elif q < 0:  # a frame ('  File "x", line N') after a prefix: adopt and strip it
            a = self.found[N_FRAME]
            if a > 0 and _frame_line_after(body, bn, a + 8) and off + a - base <= PFXMAX \
                    and _plausible_prefix(s + base, off + a - base):
                memcpy(self.pfx, s + base, off + a - base)
                self.npfx = off + a - base
                body += a
                bn -= a
                for k in range(self.ntouched):
                    e = self.touched[k]
                    self.found[e] = self.found[e] - a if self.found[e] >= a else -1
        e = bn
        while e > 0 and (body[e - 1] == 0x20 or body[e - 1] == 0x09):
            e -= 1
        if _killed_end(body, e):
            self.mask |= _SHELL_KILLED
        self._structure(rank, body, bn)
        return 0

    cdef inline bint _plain(self, Py_ssize_t rank, const unsigned char* body,
                     Py_ssize_t bn) noexcept nogil:
        """Fast path for the common line: no needle, its rank outside any traceback,
        and nothing at its start that _structure looks for. Returns whether it
        handled the line (what _structure and _machine would do: count activity);
        otherwise the caller takes the full path."""
        cdef int k, output
        if bn == 0 or _PLAIN_SLOW[body[0]]:
            return 0
        k = self._slot(rank)
        if self.slot_state[k] != S_OUT or self.slot_group[k] or self.slot_prev[k]:
            return 0  # (under a headless frame: its source, or a bare class name as its
            #           terminal: _machine and headless_frame)
        output = _plain_output(body, bn, self.no_inner)
        if output < 0:
            return 0
        self.slot_prev[k] = 0  # not a frame line (headless_frame)
        self.slot_act[k] += output
        return 1

    cdef int _structure(self, Py_ssize_t rank, const unsigned char* body,
                        Py_ssize_t bn) except -1:
        cdef int k = self._slot(rank), st, field, kind, chained, group
        cdef bint report
        cdef Py_ssize_t sp, j, p, code, sig, q, rn, cn, i, a
        cdef const unsigned char* rest
        cdef const unsigned char* content
        cdef bint neg
        st = self.slot_state[k]
        i = 0
        while i < bn and (body[i] == 0x20 or body[i] == 0x09):
            i += 1
        if i == bn:
            if st == S_MSG:
                self.slot_state[k] = S_OUT
            return 0
        sp = _lstrip(body, bn)
        rest = body + sp
        rn = bn - sp
        if _starts(rest, rn, 0, b"Root Cause"):
            self.section = C_SEC_ROOT
            return self._emit(C_EV_SECTION, rank, C_SEC_ROOT, 0, NULL, 0)
        if _starts(rest, rn, 0, b"Failures:"):
            self.section = C_SEC_OTHER
            return self._emit(C_EV_SECTION, rank, C_SEC_OTHER, 0, NULL, 0)
        if sp == 0:  # a field of torchrun's block behind an unknown prefix
            for field in range(_NCFE):
                p = self.found[N_CFE0 + field]
                if 0 < p <= PFXMAX:
                    return self._field(rank, field, body, p + self.ns.nlen[N_CFE0 + field], bn)
            j = _bare_field(body, bn, &field)  # ... or with its indentation lost
            if j:
                return self._field(rank, field, body, j, bn)
        else:
            for field in range(4):
                j = _key_value(rest, rn, _CFE_KEYS[field])
                if j:
                    return self._field(rank, field, rest, j, rn)
        report = 0  # a death report says how a worker died: never output
        for kind in range(_NEXIT):
            p = self.found[N_EXIT0 + kind]
            if p >= 0:
                j = p + self.ns.nlen[N_EXIT0 + kind]
                q = j + C_EXIT_TEXT if j + C_EXIT_TEXT < bn else bn
                self._emit(C_EV_EXIT, rank, kind, 0, body + j, q - j)
                report = 1
                break
        if not report:  # a launcher tearing the group down: not output either
            for kind in range(_NTEAR):
                if self.found[N_TEAR0 + kind] >= 0:
                    report = 1
                    break
        for kind in range(_NIGN):
            if self.found[N_IGN0 + kind] >= 0:
                self._emit(C_EV_IGNORED, rank, 0, 0, NULL, 0)
                report = 1
                break
        for kind in range(_NRST):
            if self.found[N_RST0 + kind] >= 0:
                self._emit(C_EV_RESTART, rank, 0, 0, NULL, 0)
                report = 1
                break
        p = self.found[N_TERM]
        if p >= 0:
            j = p + self.ns.nlen[N_TERM]
            q = j
            while q < bn and body[q] != 0x27:
                q += 1
            self._emit(C_EV_NATIVE, rank, 0, self.mask, body + j, q - j)
            self.slot_state[k] = S_MSG
            self.slot_msg[k] = 0
            return 0
        group = self.slot_group[k] and st != S_OUT
        if self.found[N_TB] >= 0:
            if _starts(rest, rn, 0, b"+ Exception Group"):
                kind = C_TB_GROUP
            elif _starts(rest, rn, 0, b"Original Traceback"):
                kind = C_TB_ORIGINAL
            elif rn > 0 and rest[0] == 0xE2:
                kind = C_TB_RICH
            elif group and rn > 0 and rest[0] == 0x7C:
                self.slot_prev[k] = 1
                return 0
            else:
                kind = C_TB_PLAIN
                if self.ninfer > 0 and _plausible_prefix(self.infer, self.ninfer):
                    memcpy(self.pfx, self.infer, self.ninfer)
                    self.npfx = self.ninfer
            chained = st == S_CHAINED or (st == S_MSG and kind == C_TB_ORIGINAL)
            self._emit(C_EV_TB, rank, kind, chained, NULL, 0)
            self.slot_state[k] = S_FRAMES
            self.slot_prev[k] = 0
            self.slot_group[k] = kind == C_TB_GROUP or (chained and self.slot_group[k])
            a = _collapsed_terminal(rest, rn)  # the frames and the exception on this line
            if a:
                self._emit(C_EV_TERM, rank, C_CTX_FRAMES, self.mask, rest + a, rn - a)
                self.slot_state[k] = S_MSG
                self.slot_msg[k] = 0
            return 0
        content = body
        cn = bn
        if group:
            if _starts(rest, rn, 0, b"+-") or _starts(rest, rn, 0, b"+ "):
                self.slot_state[k] = S_FRAMES
                self.slot_prev[k] = 1
                return 0
            if rn > 0 and rest[0] == 0x7C:
                if rn > 1 and rest[1] == 0x20:
                    content, cn = rest + 2, rn - 2
                else:
                    content, cn = rest + 1, rn - 1
                if st == S_MSG:
                    st = S_FRAMES
                    self.slot_state[k] = S_FRAMES
                    self.slot_prev[k] = 1
        j = _lstrip(content, cn)
        if _starts(content, cn, j, b"The above exception was the direct cause") or \
                _starts(content, cn, j, b"During handling of the above exception"):
            self._emit(C_EV_CHAIN, rank, 0, 0, NULL, 0)
            self.slot_state[k] = S_CHAINED
            return 0
        return self._machine(k, st, rank, content, cn, report)

    cdef int _machine(self, int k, int st, Py_ssize_t rank, const unsigned char* c,
                      Py_ssize_t cn, bint report) except -1:
        cdef bint colon
        cdef Py_ssize_t end, e
        if st == S_FRAMES:
            if _frame_like(c, cn):  # 1: a 'File "..."' line (3: one after a whole
                # frame); 2: a source or caret line
                if _starts(c, cn, _lstrip(c, cn), b'File "'):
                    self.slot_prev[k] = 3 if self.slot_prev[k] >= 2 else 1
                    e = _collapsed_terminal(c, cn)  # the rest collapsed onto this line
                    if e:
                        self._emit(C_EV_TERM, rank, C_CTX_FRAMES, self.mask, c + e, cn - e)
                        self.slot_state[k] = S_MSG
                        self.slot_msg[k] = 0
                        self.slot_prev[k] = 0
                        return 0
                else:
                    if self.slot_prev[k] == 2:  # an indented exception line (_py)
                        e = _lstrip(c, cn)
                        end = _terminal_name(c + e, cn - e, &colon)
                        if end and colon and _exception_like(c + e, end):
                            self._emit(C_EV_TERM, rank, C_CTX_FRAMES, self.mask, c + e, cn - e)
                            self.slot_state[k] = S_MSG
                            self.slot_msg[k] = 0
                            self.slot_prev[k] = 0
                            return 0
                    self.slot_prev[k] = 2
                if self.mask & _FRAME_MARKS:  # through an object-store client, a spawn pipe
                    self._emit(C_EV_MARK, rank, C_CTX_FRAMES, self.mask & _FRAME_MARKS, c, cn)
                return 0
            end = _terminal_name(c, cn, &colon)
            if end and (_exception_like(c, end) or self.slot_prev[k] and (
                    colon or _qualified_class(c, end))):  # (_py: after a frame)
                self._emit(C_EV_TERM, rank, C_CTX_FRAMES, self.mask, c, cn)
                self.slot_state[k] = S_MSG
                self.slot_msg[k] = 0
                self.slot_prev[k] = 0
                return 0
            self.slot_prev[k] = 0
            if self.mask:  # neither a frame nor its terminal: read as outside (_py)
                self._emit(C_EV_MARK, rank, C_CTX_OUT, self.mask, c, cn)
            return 0
        if st == S_MSG:
            end = _terminal_name(c, cn, &colon)
            if end and _exception_like(c, end):
                self._emit(C_EV_TERM, rank, C_CTX_MSG, self.mask, c, cn)
                self.slot_msg[k] = 0
                return 0
            if _is_record_start(c, cn):
                st = S_OUT
                self.slot_state[k] = S_OUT
            else:
                self.slot_msg[k] += 1
                if self.slot_msg[k] <= MSGMAX:
                    if self.mask:
                        self._emit(C_EV_MARK, rank, C_CTX_MSG, self.mask, c, cn)
                    return 0
                st = S_OUT
                self.slot_state[k] = S_OUT
        end = _terminal_name(c, cn, &colon)
        if end and not (_exception_like(c, end) or self.slot_prev[k] >= 2 and
                        _qualified_class(c, end)):  # (_py: under a headless frame)
            end = 0
        if not end and not self.no_inner:
            end = _inner_terminal(c, cn)  # "<prefix>Type: message", no header to infer it from
            if not end:
                end = _collapsed_terminal(c, cn)  # frames and exception on one line
            if end:
                c += end
                cn -= end
        if not end and cn and (c[0] == 0x5B or c[0] == 0x65):
            e = _errno_start(c, cn)  # "[Errno 2] No such file or directory: 'x'", typeless
            if e >= 0:
                c += e
                cn -= e
                end = 1
        if end:
            self._emit(C_EV_TERM, rank, C_CTX_OUT, self.mask, c, cn)
            self.slot_state[k] = S_MSG
            self.slot_msg[k] = 0
            self.slot_prev[k] = 0
            return 0
        self.slot_prev[k] = _headless_frame(c, cn, self.slot_prev[k])
        if _error_report(c, cn):  # "ERROR: ...", "fatal error: ..." (weak: the taxonomy)
            self.mask |= _ERROR_REPORT
        if self.mask:
            self._emit(C_EV_MARK, rank, C_CTX_OUT, self.mask, c, cn)
        if st == S_CHAINED:
            self.slot_state[k] = S_OUT
        # a frame pasted without its header is not the run carrying on
        if not report and not self.slot_prev[k] and not _is_noise(c, cn):
            self.slot_act[k] += 1
        return 0


include "_scan_feed.pxi"
