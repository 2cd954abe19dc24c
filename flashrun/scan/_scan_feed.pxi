# Stream side of the C lexer (included by _scan.pyx): cuts chunks into lines
# (line ends found by _scan_eol.h), keeps lines cut by a chunk boundary, sends
# each line to the Lexer (the quick path when the prefilter allows), and folds
# the events. Mirrors _scan_py.Scanner.

cdef extern from "_scan_eol.h":
    Py_ssize_t fr_find_eol_flags(const unsigned char* p, Py_ssize_t i, Py_ssize_t n,
                                 int* flags) nogil
    int FR_COLON, FR_DIRTY
    const char* FR_NAME_LAST
    void fr_eol_init()
    int fr_have_avx2

fr_eol_init()
assert set(<bytes>FR_NAME_LAST) == {c for c in range(256) if _SUFFIX_LAST[c]}


def _eol_avx2(enable):
    """Test hook: use the AVX2 line-end search or not (only where the CPU has it);
    returns whether it was in use."""
    global fr_have_avx2
    was = fr_have_avx2
    fr_eol_init()
    if not enable:
        fr_have_avx2 = 0
    return bool(was)


@cython.final
cdef class Scanner:
    """Incremental scanner: ``feed`` chunks of a stream, then ``result()``.

    ``site``: a site's literals (bytes of at least MIN_NEEDLE bytes, e.g. a rules
    file's ``match`` strings), searched in the same pass as the built-in needles;
    each line holding one gives an EV_SITE event, and a ``site_hits`` entry when it
    also matches ``site_patterns[i]`` (None, or a compiled bytes regex: a site rule's
    regex is run only on the lines holding its literal).

    Equal to ``scan_tail`` of the concatenation whatever the chunk boundaries;
    memory stays bounded (two segment buffers and the fold's bounded state).
    """

    cdef Lexer lexer
    cdef object fold
    cdef _Needles needles  # keeps the lexer's NeedleSet alive
    cdef unsigned char* pending  # a line cut by a chunk boundary (CAP bytes, on first use)
    cdef Py_ssize_t npending
    cdef unsigned char* tail  # the last CAP bytes of a line longer than CAP (same block)
    cdef Py_ssize_t ntail
    cdef bint long_, after_cr

    def __cinit__(self, site=(), site_patterns=()):
        self.lexer = Lexer()
        self.needles = _site_set(site)
        self.lexer.ns = self.needles.ns
        self.lexer.nsite = self.needles.ns.count - _NBUILTIN
        self.fold = Fold(self.needles.keep[_NBUILTIN:], site_patterns)
        self.npending = 0
        self.ntail = 0
        self.long_ = 0
        self.after_cr = 0
        self.pending = NULL
        self.tail = NULL

    def __dealloc__(self):
        PyMem_Free(self.pending)

    cdef void _append_tail(self, const unsigned char* p, Py_ssize_t n) noexcept nogil:
        cdef Py_ssize_t drop
        if n >= CAP:
            memcpy(self.tail, p + n - CAP, CAP)
            self.ntail = CAP
            return
        drop = self.ntail + n - CAP
        if drop > 0:
            memmove(self.tail, self.tail + drop, self.ntail - drop)
            self.ntail -= drop
        memcpy(self.tail + self.ntail, p, n)
        self.ntail += n

    cdef int _partial(self, const unsigned char* p, Py_ssize_t n) except -1:
        cdef Py_ssize_t room
        if self.pending == NULL:
            self.pending = <unsigned char*>PyMem_Malloc(2 * CAP)
            if self.pending == NULL:
                raise MemoryError()
            self.tail = self.pending + CAP
        if self.long_:
            self._append_tail(p, n)
            return 0
        room = CAP - self.npending
        if n <= room:
            memcpy(self.pending + self.npending, p, n)
            self.npending += n
            return 0
        memcpy(self.pending + self.npending, p, room)
        self.lexer.line(self.pending, CAP, -1, 1, 1)
        self.npending = 0
        self.long_ = 1
        self.ntail = 0
        self._append_tail(p + room, n - room)
        return 0

    cdef int _end_line(self, bint is_cr) except -1:
        if self.long_:
            self.lexer.line(self.tail, self.ntail, -1, 1, 1)
        elif self.npending or not self.after_cr:
            self.lexer.line(self.pending, self.npending, -1, 1, 1)
        self.npending = 0
        self.ntail = 0
        self.long_ = 0
        self.after_cr = is_cr
        return 0

    cdef inline int _whole(self, const unsigned char* p, Py_ssize_t n, bint is_cr,
                    int dirty, bint may_hit, bint may_inner) except -1:
        """A complete line with nothing pending: no copy."""
        cdef Py_ssize_t start
        if n == 0 and self.after_cr:
            pass
        elif n <= CAP:
            self.lexer.line(p, n, dirty, may_hit, may_inner)
        else:
            start = n - CAP if n - CAP > CAP else CAP
            self.lexer.line(p, CAP, dirty, may_hit, 1)
            self.lexer.line(p + start, n - start, dirty, may_hit, 1)
        self.after_cr = is_cr
        return 0

    def feed(self, chunk):
        """Scan the next chunk of the stream (bytes-like)."""
        if isinstance(chunk, bytes):
            self._feed(<bytes>chunk)
        elif isinstance(chunk, (bytearray, memoryview)):
            self._feed(bytes(chunk))
        else:
            raise TypeError("Scanner.feed() needs bytes, not %s" % type(chunk).__name__)

    cdef int _feed(self, bytes data) except -1:
        cdef const unsigned char* p
        cdef Py_ssize_t n, i = 0, j, hit = -1
        cdef bint dirty, may_hit, may_inner
        cdef int flags
        p = <const unsigned char*>data
        n = len(data)
        while i < n:
            j = fr_find_eol_flags(p, i, n, &flags)
            if j == n:
                self._partial(p + i, n - i)
                break
            if self.npending == 0 and not self.long_:
                hit = _next_hit(self.lexer.ns, p, n, i, hit)
                dirty = flags & FR_DIRTY
                may_hit = hit < j
                may_inner = flags & FR_COLON
                if dirty or may_hit or may_inner or j - i > CAP or \
                        not self.lexer.quick(p + i, j - i):
                    self._whole(p + i, j - i, p[j] == 0x0D, dirty, may_hit, may_inner)
                else:
                    self.after_cr = p[j] == 0x0D
            else:
                self._partial(p + i, j - i)
                self._end_line(p[j] == 0x0D)
            i = j + 1
        self._flush()
        return 0

    cdef _flush(self):
        cdef list events = self.lexer.events
        if events:
            self.fold.push_all(events)
            del events[:]

    def take_recent_mask(self):
        """Marker bits of complete lines fed since the previous call (for live alarms)."""
        return self.fold.take_recent()

    def result(self):
        """The ScanResult of everything fed so far (a pending last line included)."""
        return self._result()

    cdef object _result(self):
        cdef Lexer lexer
        if not self.long_ and not self.npending:  # nothing to finish: no copies
            return self.fold.result(self.lexer.activity(), self.lexer.lineno, self.lexer.cut())
        lexer = self.lexer.copy()
        fold = self.fold.copy()
        if self.long_:
            lexer.line(self.tail, self.ntail, -1, 1, 1)
        elif self.npending:
            lexer.line(self.pending, self.npending, -1, 1, 1)
        fold.push_all(lexer.events)
        return fold.result(lexer.activity(), lexer.lineno, lexer.cut())


def scan_tail(data, site=(), site_patterns=()):
    """Scan a whole tail at once (same result as one Scanner fed any way)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("scan_tail() needs bytes, not %s" % type(data).__name__)
    cdef Scanner scanner = Scanner(site, site_patterns)
    scanner._feed(data if isinstance(data, bytes) else bytes(data))
    return scanner._result()


def _lex_events(data, site=()):
    """Test hook: the raw event list for ``data`` fed whole (see tests)."""
    cdef Scanner scanner = Scanner(site)
    scanner.fold = _Recorder()
    scanner.feed(data)
    return scanner.fold.events


class _Recorder:
    def __init__(self):
        self.events = []

    def push_all(self, events):
        self.events.extend(events)
