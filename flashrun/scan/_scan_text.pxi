# Byte-level helpers of the C lexer (included by _scan.pyx). Each mirrors the
# function of the same name in _py_text.py: launcher prefixes, terminal-line names,
# noise and record starts, ANSI/NUL cleaning. No Python objects: all nogil.

cdef enum:
    NSUFFIX = 11
cdef const char* _EXC_SUFFIX[NSUFFIX]
_EXC_SUFFIX[:] = [b"Error", b"Exception", b"Interrupt", b"Exit", b"Tripped", b"Failure",
                  b"ExceptionGroup", b"StopIteration", b"Expired", b"Failed", b"Unsupported"]
cdef enum:
    NEXCMOD = 5
cdef const char* _EXC_MODULE[NEXCMOD]
_EXC_MODULE[:] = [b"error", b"errors", b"exception", b"exceptions", b"exc"]
cdef const char* _NOISE[10]
_NOISE[:] = [b"ERROR:", b"WARNING:", b"wandb:", b"Process finished", b"srun:",
             b"slurmstepd:", b"frame #", b"Exception raised from", b"terminate called",
             b"<NO_OTHER_FAILURES>"]
# Which _NOISE prefixes (index + 1, 0 for none) start with a given byte: at most two.
cdef unsigned char _NOISE_A[256]
cdef unsigned char _NOISE_B[256]
# What a first byte can mean to _is_noise, so most lines take one table load.
cdef enum:
    L_NOISE = 1  # = - * #: rules and banners
    L_GLOG = 2  # E W I F: a glog record?
    L_BRACKET = 4  # [E1129 ...] style records
    L_PREFIX = 8  # a _NOISE prefix starts with it
    L_SPACE = 16  # an indented line: a continuation or a report field ("  host : x")
    L_AT = 32  # @: a glog stack frame that lost its indent ("@     0x7f3c2b  f()")
cdef unsigned char _LEAD[256]
# Bit (s[0] | s[1] << 8): could a line starting with these two bytes be noise by
# its start? When not, only the " FAILED" ending is left to check (_is_noise2).
cdef unsigned char _NOISE2[8192]
cdef unsigned char _IDENT[256]
cdef unsigned char _SUFFIX_LAST[256]  # last bytes of the _EXC_SUFFIX names
cdef unsigned char _AFTER_SPACE[256]  # what may precede the space before an inner terminal


cdef void _build_classes() noexcept:
    cdef int c, k
    for c in range(256):
        _NOISE_A[c] = _NOISE_B[c] = 0
        _LEAD[c] = (L_NOISE if c in b"=-*#" else 0) | (L_GLOG if c in b"EWIF" else 0) | (
            L_BRACKET if c == 0x5B else 0) | (L_SPACE if c == 0x20 or c == 0x09 else 0) | (
            L_AT if c == 0x40 else 0)
        _IDENT[c] = c == 0x5F or 0x30 <= c <= 0x39 or 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A
        _SUFFIX_LAST[c] = 0
        _AFTER_SPACE[c] = c in b" -|]:>)*0123456789"
    for k in range(NSUFFIX):  # derived from the names, like _py_text._SUFFIX_LAST
        _SUFFIX_LAST[(<const unsigned char*>_EXC_SUFFIX[k])[strlen(_EXC_SUFFIX[k]) - 1]] = 1
    for k in range(10):
        c = <unsigned char>_NOISE[k][0]
        if _NOISE_A[c] == 0:
            _NOISE_A[c] = k + 1
        else:
            assert _NOISE_B[c] == 0, "three noise prefixes share a first byte"
            _NOISE_B[c] = k + 1
        _LEAD[c] |= L_PREFIX
    cdef int a, b
    cdef bint maybe
    for a in range(256):
        for b in range(256):
            maybe = _LEAD[a] & L_NOISE or (_LEAD[a] & L_GLOG and _digit(b)) or (
                _LEAD[a] & L_BRACKET and (b == b'E' or b == b'W' or b == b'I' or b == b'F'
                                          or _digit(b))) or _LEAD[a] & L_SPACE or (
                _LEAD[a] & L_AT and b == 0x20)
            if _NOISE_A[a] and <unsigned char>_NOISE[_NOISE_A[a] - 1][1] == b:
                maybe = 1
            if _NOISE_B[a] and <unsigned char>_NOISE[_NOISE_B[a] - 1][1] == b:
                maybe = 1
            if maybe:
                _NOISE2[(a | b << 8) >> 3] |= 1 << (a & 7)


_build_classes()
cdef const char* _RECORD[6]
_RECORD[:] = [b"ERROR:", b"WARNING:", b"INFO", b"wandb:", b"slurmstepd: ", b"srun: "]
cdef const char* _CFE_KEYS[4]
_CFE_KEYS[:] = [b"rank", b"exitcode", b"error_file", b"traceback"]


cdef inline bint _digit(unsigned char c) noexcept nogil:
    return 0x30 <= c <= 0x39


cdef inline bint _alpha(unsigned char c) noexcept nogil:
    return c == 0x5F or 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


cdef inline bint _starts(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                         const char* lit) noexcept nogil:
    """Does s[i:] start with the NUL-terminated literal? Stops at the first mismatch."""
    cdef Py_ssize_t k = 0
    while lit[k]:
        if i + k >= n or s[i + k] != <unsigned char>lit[k]:
            return 0
        k += 1
    return 1


cdef inline Py_ssize_t _number(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                               int maxlen, Py_ssize_t* end) noexcept nogil:
    cdef Py_ssize_t j = i, v = 0
    while j < n and j - i < maxlen and _digit(s[j]):
        v = v * 10 + s[j] - 0x30
        j += 1
    end[0] = j
    return v if j > i else -1


cdef bint _holds(const unsigned char* s, Py_ssize_t n, const char* w) noexcept nogil:
    """Does ``s`` hold the NUL-terminated literal ``w`` (bytes.__contains__)?"""
    cdef Py_ssize_t i, wn = strlen(w)
    for i in range(n - wn + 1):
        if s[i] == <unsigned char>w[0] and memcmp(s + i, w, wn) == 0:
            return 1
    return 0


cdef Py_ssize_t _key_value(const unsigned char* s, Py_ssize_t n, const char* key) noexcept nogil:
    """_py.key_value: where the value of ``key<spaces>:`` at s's start begins (after
    the colon), 0 if s does not start so."""
    cdef Py_ssize_t j
    if not _starts(s, n, 0, key):
        return 0
    j = strlen(key)
    while j < n and s[j] == 0x20:
        j += 1
    return j + 1 if j < n and s[j] == 0x3A else 0


cdef const char* _CFE_BARE_KEY[3]
_CFE_BARE_KEY[:] = [b"rank", b"exitcode", b"traceback"]
cdef const char* _CFE_BARE_SHAPE[3]
_CFE_BARE_SHAPE[:] = [b" (local_rank: ", b" (pid: ", b") received by PID "]
cdef int _CFE_BARE_FIELD[3]
_CFE_BARE_FIELD[:] = [0, 1, 3]  # T.CFE_RANK, T.CFE_EXITCODE, T.CFE_TRACEBACK
cdef unsigned char _CFE_BARE_START[256]  # the keys' first bytes: the short path's gate
for _k in range(3):
    _CFE_BARE_START[<unsigned char>_CFE_BARE_KEY[_k][0]] = 1


cdef Py_ssize_t _bare_field(const unsigned char* s, Py_ssize_t n, int* field) noexcept nogil:
    """T.CFE_BARE: where the value of an unindented field line starts (after its
    colon), 0 if the line is not one (a key at the start, spaces, a colon, and the
    template's value shape somewhere in the line); ``field`` gets its field."""
    cdef Py_ssize_t j
    cdef int k
    for k in range(3):
        j = _key_value(s, n, _CFE_BARE_KEY[k])
        if j and _holds(s, n, _CFE_BARE_SHAPE[k]):
            field[0] = _CFE_BARE_FIELD[k]
            return j
    return 0


cdef Py_ssize_t _errno_start(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py.errno_start: where an OSError's str() starts ("[Errno N] text", "[WinError N]
    text"), alone or behind distutils' "error: "; -1 if the line is not one."""
    cdef Py_ssize_t i = 0, j
    if _starts(s, n, 0, b"error: "):
        i = 7
    if _starts(s, n, i, b"[Errno "):
        j = i + 7
        if j < n and s[j] == 0x2D:
            j += 1
    elif _starts(s, n, i, b"[WinError "):
        j = i + 10
    else:
        return -1
    if _number(s, n, j, 6, &j) < 0:
        return -1
    return i if _starts(s, n, j, b"] ") else -1


cdef unsigned char _LOGGER[256]  # a logger name's bytes (_py.error_report)
for _c in range(256):
    _LOGGER[_c] = _c in b"._-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


cdef inline bint _word_then_text(const unsigned char* s, Py_ssize_t n, const char* w) noexcept nogil:
    return _starts(s, n, 0, w) and n > <Py_ssize_t>strlen(w)


cdef Py_ssize_t _level_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Where an error level word ("ERROR:", "FATAL:", "CRITICAL:") at s[i:] ends, -1
    if none starts there."""
    cdef const char* level
    if i >= n:
        return -1
    if s[i] == 0x45:  # 'E'
        level = b"ERROR:"
    elif s[i] == 0x46:  # 'F'
        level = b"FATAL:"
    elif s[i] == 0x43:  # 'C'
        level = b"CRITICAL:"
    else:
        return -1
    return i + <Py_ssize_t>strlen(level) if _starts(s, n, i, level) else -1


cdef inline Py_ssize_t _logger_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t j) noexcept nogil:
    while j < n and _LOGGER[s[j]]:
        j += 1
    return j


cdef bint _error_report(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py.error_report: a program's own error report at the line's start ("ERROR: ",
    "fatal error: ", "[ERROR] ", logging's "ERROR:<logger>:<message>" and its bracketed
    "[ERROR:<logger>] <message>")."""
    cdef Py_ssize_t j, k
    if n == 0:
        return 0
    if s[0] == 0x65:  # 'e'
        return _word_then_text(s, n, b"error: ")
    if s[0] == 0x66:  # 'f'
        return _word_then_text(s, n, b"fatal error: ")
    if s[0] == 0x5B:  # '['
        if _word_then_text(s, n, b"[ERROR] ") or _word_then_text(s, n, b"[FATAL] ") or \
                _word_then_text(s, n, b"[CRITICAL] "):
            return 1
        k = _level_end(s, n, 1)
        if k < 0:
            return 0
        j = _logger_end(s, n, k)
        return k < j < n - 2 and s[j] == 0x5D and s[j + 1] == 0x20
    k = _level_end(s, n, 0)
    if k < 0:
        return 0
    if k < n and s[k] == 0x20:  # "ERROR: message"
        return n > k + 1
    j = _logger_end(s, n, k)
    return k < j < n - 1 and s[j] == 0x3A


cdef Py_ssize_t _iso_timestamp(const unsigned char* s, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    cdef const char* pat = b"dddd-dd-ddTdd:dd:dd"
    cdef Py_ssize_t k, j
    if i + 19 > n:
        return -1
    for k in range(19):
        if pat[k] == b'd':
            if not _digit(s[i + k]):
                return -1
        elif s[i + k] != <unsigned char>pat[k]:
            return -1
    j = i + 19
    if j < n and s[j] == 0x2E:
        j += 1
        while j < n and _digit(s[j]):
            j += 1
    if j < n and s[j] == 0x5A:
        j += 1
    if j + 1 < n and s[j] == 0x3A and s[j + 1] == 0x20:
        return j + 2
    if j < n and s[j] == 0x20:
        return j + 1
    return -1


cdef inline bint _actor_byte(unsigned char c) noexcept nogil:
    return _alpha(c) or _digit(c) or c == 0x2E or c == 0x2D or c == 0x3A


cdef Py_ssize_t _actor_prefix(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                              Py_ssize_t* rank) noexcept nogil:
    """_py_text._actor_prefix: ``(<Name> pid=<N>[, ip=<addr>]) `` (Ray, vLLM)."""
    cdef Py_ssize_t j = i + 1, k, v, e, r, it
    cdef bint pid = 0
    while j < n and j < i + 1 + NAME_MAX and _actor_byte(s[j]):
        j += 1
    if j > i + 1 and j < n and s[j] == 0x20:
        j += 1  # the name
    elif j > i + 1 and not (j < n and s[j] == 0x3D):
        return -1
    else:
        j = i + 1
    rank[0] = -1
    for it in range(4):
        k = j
        while k < n and k < j + 8 and 0x61 <= s[k] <= 0x7A:
            k += 1
        if k == j or not (k < n and s[k] == 0x3D):
            return -1
        v = k + 1
        while v < n and v < k + 1 + NAME_MAX and _actor_byte(s[v]):
            v += 1
        if v == k + 1:
            return -1
        if (k - j == 3 and _starts(s, n, j, b"pid")) or (k - j == 4 and _starts(s, n, j, b"rank")):
            r = _number(s, n, k + 1, 8, &e)
            if r < 0 or e != v:
                return -1
            if k - j == 3:
                pid = 1
            else:
                rank[0] = r
        if _starts(s, n, v, b") "):
            if pid:
                return v + 2
            return -1
        if _starts(s, n, v, b", "):
            j = v + 2
        elif v < n and s[v] == 0x20:
            j = v + 1
        else:
            return -1
    return -1


cdef Py_ssize_t _launcher_prefix(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                                 Py_ssize_t* rank) noexcept nogil:
    cdef Py_ssize_t j, k, r, w
    cdef const char* word
    if i >= n:
        return -1
    if s[i] == 0x28:  # '(': a worker process's name and pid (Ray, vLLM)
        return _actor_prefix(s, n, i, rank)
    if s[i] == 0x5B:
        if _starts(s, n, i + 1, b"pod/"):  # kubectl logs --prefix: "[pod/NAME/CONTAINER] "
            j = i + 5
            k = 0  # a '/' in the name
            while j < n and j < i + 5 + POD_MAX and s[j] != 0x20 and s[j] != 0x5D:
                if s[j] == 0x2F:
                    k = 1
                j += 1
            if k and _starts(s, n, j, b"] "):
                rank[0] = -1  # names a pod, not a rank
                return j + 2
            return -1
        for w in range(2):
            word = b"rank" if w == 0 else b"default"
            if _starts(s, n, i + 1, word):
                r = _number(s, n, i + 1 + (4 if w == 0 else 7), 6, &j)
                if r >= 0 and _starts(s, n, j, b"]:"):
                    j += 2
                    if j < n and s[j] == 0x20:
                        j += 1
                    rank[0] = r
                    return j
                return -1
        _number(s, n, i + 1, 6, &j)
        if j > i + 1 and j < n and s[j] == 0x2C:
            r = _number(s, n, j + 1, 6, &k)
            if r >= 0 and (_starts(s, n, k, b"]<stderr>:") or _starts(s, n, k, b"]<stdout>:")):
                rank[0] = r
                return k + 10
        return -1
    if _digit(s[i]):
        r = _number(s, n, i, 5, &j)
        if j + 1 < n and s[j] == 0x3A and s[j + 1] == 0x20:
            rank[0] = r
            return j + 2
    return -1


cdef Py_ssize_t _strip_prefixes(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                                Py_ssize_t* rank) noexcept nogil:
    cdef Py_ssize_t j, r = -1, it
    rank[0] = -1
    for it in range(4):
        j = _iso_timestamp(s, n, i)
        if j > 0:
            i = j
            continue
        j = _launcher_prefix(s, n, i, &r)
        if j < 0:
            break
        if r >= 0:
            rank[0] = r
        i = j
    return i


cdef inline bint _alnum(unsigned char c) noexcept nogil:
    return _digit(c) or 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


cdef Py_ssize_t _shape_end(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                           const unsigned char* p, Py_ssize_t m) noexcept nogil:
    """_py.shape_end: end of a prefix of s[i:] shaped like p[:m], or -1."""
    cdef Py_ssize_t j = 0, k, q
    cdef bint d1, d2
    cdef unsigned char c
    while j < m:
        c = p[j]
        if _alnum(c):
            k = j
            d1 = 0
            while k < m and _alnum(p[k]):
                d1 = d1 or _digit(p[k])
                k += 1
            q = i
            d2 = 0
            while q < n and _alnum(s[q]):
                d2 = d2 or _digit(s[q])
                q += 1
            if d1:
                if not d2:
                    return -1
            elif q - i != k - j or memcmp(s + i, p + j, k - j) != 0:
                return -1
            i = q
            j = k
        elif c == 0x20 and j > 0:
            k = j
            while k < m and p[k] == 0x20:
                k += 1
            q = i
            while q < n and q - i < k - j and s[q] == 0x20:
                q += 1
            if q == i:
                return -1
            i = q
            j = k
        else:
            if i >= n or s[i] != c:
                return -1
            i += 1
            j += 1
    return i


cdef bint _frame_line_after(const unsigned char* s, Py_ssize_t n, Py_ssize_t i) noexcept nogil:
    """Does '", line ' occur in s[i:]? (_py: body.find(N_FRAME_LINE, i) > 0)"""
    cdef const unsigned char* q
    while i + 8 <= n:
        q = <const unsigned char*>memchr(s + i, 0x22, n - i)
        if q == NULL:
            return 0
        i = q - s
        if i + 8 <= n and memcmp(q, b'", line ', 8) == 0:
            return 1
        i += 1
    return 0


cdef bint _plausible_prefix(const unsigned char* p, Py_ssize_t m) noexcept nogil:
    """_py.plausible_prefix: not an exception group's rail, nor a box-drawn frame,
    nor what starts with a terminal line's "Type: " (a re-raised formatted traceback)."""
    cdef Py_ssize_t i = 0, end
    cdef bint colon
    while i < m and p[i] == 0x20:
        i += 1
    if i == m:
        return 1
    if p[i] == 0x7C or p[i] == 0x2B or p[i] == 0xE2:
        return 0
    end = _terminal_name(p + i, m - i, &colon)
    return not (colon and _exception_like(p + i, end))


cdef inline Py_ssize_t _terminal_name(const unsigned char* s, Py_ssize_t n, bint* colon) noexcept nogil:
    cdef Py_ssize_t i = 0
    colon[0] = 0
    if n == 0 or not _alpha(s[0]):
        return 0
    while i <= NAME_MAX:
        while i < n and i <= NAME_MAX and _IDENT[s[i]]:
            i += 1
        if i + 1 < n and s[i] == 0x2E and _alpha(s[i + 1]):
            i += 1
            continue
        break
    if i > NAME_MAX:
        return 0
    if i == n:
        return i
    if s[i] == 0x3A and (i + 1 == n or s[i + 1] == 0x20):
        colon[0] = 1
        return i
    return 0


cdef bint _has_lower(const unsigned char* p, Py_ssize_t m, const char* w) noexcept nogil:
    """Does ``p`` hold the lower-case ASCII word ``w`` in any case?"""
    cdef Py_ssize_t i, j, wn = strlen(w)
    for i in range(m - wn + 1):
        j = 0
        while j < wn and (p[i + j] | 0x20) == <unsigned char>w[j]:
            j += 1
        if j == wn:
            return 1
    return 0


cdef bint _quiet_level(const unsigned char* p, Py_ssize_t m) noexcept nogil:
    """_py.quiet_level: the prefix names a log level below error, after its last rank
    tag (a level before one is a wrapper's)."""
    cdef Py_ssize_t i = m - 5
    while i >= 0 and memcmp(p + i, b"[rank", 5) != 0:
        i -= 1
    if i < 0:  # no tag (or a prefix shorter than one)
        i = -1
    p += i + 1
    m -= i + 1
    return _has_lower(p, m, b"warn") or _has_lower(p, m, b"info") or _has_lower(p, m, b"debug")


cdef inline Py_ssize_t _name_before(const unsigned char* s, Py_ssize_t n, Py_ssize_t c,
                                    Py_ssize_t lo) noexcept nogil:
    """_py_text._name_before: where the dotted name ending at the colon ``s[c]``
    starts (not before ``lo``), -1 when that colon cannot end an exception's name."""
    cdef Py_ssize_t a = c
    if not ((c + 1 == n or s[c + 1] == 0x20) and _SUFFIX_LAST[s[c - 1]]):
        return -1
    while a > lo and (_IDENT[s[a - 1]] or s[a - 1] == 0x2E):
        a -= 1
    return a


cdef inline bint _exception_at(const unsigned char* s, Py_ssize_t n, Py_ssize_t a,
                               Py_ssize_t c) noexcept nogil:
    """_py_text._exception_at: a terminal line at ``a``, its name an exception's."""
    cdef bint colon
    cdef Py_ssize_t end = _terminal_name(s + a, n - a, &colon)
    return end == c - a and colon and _exception_like(s + a, end)


cdef Py_ssize_t _inner_terminal(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py.inner_terminal: where "<prefix>Type: message" has its terminal line, 0 if none."""
    cdef Py_ssize_t lim = n if n < INNER_SPAN else INNER_SPAN
    cdef Py_ssize_t c, a
    cdef unsigned char b
    cdef const unsigned char* q
    if lim < 2:
        return 0
    q = <const unsigned char*>memchr(s + 1, 0x3A, lim - 1)
    while q != NULL:
        c = q - s
        a = _name_before(s, n, c, 0)
        if 0 < a <= PFXMAX:
            b = s[a - 1]
            if (b == 0x3A or b == 0x5D or b == 0x7C or b == 0x3E or b == 0x22 or b == 0x09 or (
                    b == 0x20 and (a == 1 or _AFTER_SPACE[s[a - 2]]))) and \
                    _exception_at(s, n, a, c) and _plausible_prefix(s, a) and \
                    not _quiet_level(s, a):
                return a
        if c + 1 >= lim:
            break
        q = <const unsigned char*>memchr(s + c + 1, 0x3A, lim - c - 1)
    return 0


cdef Py_ssize_t _find(const unsigned char* s, Py_ssize_t n, Py_ssize_t i,
                      const char* w, Py_ssize_t wn) noexcept nogil:
    """The first ``w`` (``wn`` bytes) in ``s[i:n]``, -1 if none (bytes.find)."""
    cdef const unsigned char* q
    while i + wn <= n:
        q = <const unsigned char*>memchr(s + i, w[0], n - wn + 1 - i)
        if q == NULL:
            return -1
        i = q - s
        if memcmp(s + i, w, wn) == 0:
            return i
        i += 1
    return -1


cdef Py_ssize_t _collapsed_terminal(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py_text.collapsed_terminal: where the terminal starts after the last frame of a
    traceback collapsed onto one line, 0 if none."""
    cdef Py_ssize_t p = _find(s, n, 0, b'", line ', 8), q, r, i, c, a
    cdef const unsigned char* m
    if p < 0:
        return 0
    q = r = _find(s, n, p, b", in ", 5)
    while r >= 0:  # the last one (bytes.rfind)
        q = r
        r = _find(s, n, r + 1, b", in ", 5)
    if q < p:
        return 0
    m = <const unsigned char*>memchr(s + q + 5, 0x20, n - q - 5) if q + 5 < n else NULL
    if m == NULL:
        return 0
    i = m - s
    m = <const unsigned char*>memchr(s + i + 1, 0x3A, n - i - 1) if i + 1 < n else NULL
    while m != NULL:
        c = m - s
        a = _name_before(s, n, c, i)
        if a > i and s[a - 1] == 0x20 and _exception_at(s, n, a, c):
            return a
        if c + 1 >= n:
            break
        m = <const unsigned char*>memchr(s + c + 1, 0x3A, n - c - 1)
    return 0


cdef inline bint _qualified_class(const unsigned char* s, Py_ssize_t end) noexcept nogil:
    """_py_text.qualified_class: "pkg.mod.Name", a module's part first, a class last."""
    cdef Py_ssize_t start = end
    while start > 0 and s[start - 1] != 0x2E:
        start -= 1
    return start > 0 and 0x41 <= s[start] <= 0x5A and (s[0] == 0x5F or 0x61 <= s[0] <= 0x7A)


cdef bint _exception_like(const unsigned char* s, Py_ssize_t end) noexcept nogil:
    cdef Py_ssize_t start = end, L, k, sl
    cdef int m
    while start > 0 and s[start - 1] != 0x2E:
        start -= 1
    L = end - start
    if L == 5 and (memcmp(s + start, b"Error", 5) == 0 or memcmp(s + start, b"error", 5) == 0):
        return start > 0  # a module's own exception (cv2.error, lmdb.Error), not "Error:"
    if L == 7 and memcmp(s + start, b"Failure", 7) == 0:
        return 0
    for k in range(NSUFFIX):
        sl = 0
        while _EXC_SUFFIX[k][sl]:
            sl += 1
        if L >= sl and memcmp(s + end - sl, _EXC_SUFFIX[k], sl) == 0:
            return 1
    if start > 1 and 0x41 <= s[start] <= 0x5A:  # a class in an exceptions module (_py_text)
        k = start - 1
        while k > 0 and s[k - 1] != 0x2E:
            k -= 1
        sl = start - 1 - k
        for m in range(NEXCMOD):
            if sl == <Py_ssize_t>strlen(_EXC_MODULE[m]) and memcmp(s + k, _EXC_MODULE[m], sl) == 0:
                return 1
    return 0


cdef inline bint _glog(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    return (n >= 6 and (s[0] == b'E' or s[0] == b'W' or s[0] == b'I' or s[0] == b'F')
            and _digit(s[1]) and _digit(s[2]) and _digit(s[3]) and _digit(s[4])
            and s[5] == 0x20)


cdef bint _failure_index(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """torchrun's "[3]:" failure index line (s[0] is '[' and s[1] a digit)."""
    cdef Py_ssize_t j
    _number(s, n, 1, 6, &j)
    while n > j and (s[n - 1] == 0x20 or s[n - 1] == 0x09):
        n -= 1
    return n - j == 2 and s[j] == 0x5D and s[j + 1] == 0x3A


cdef inline bint _noise_end(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """Noise by its end: "test_x FAILED", or a progress bar redrawn ("..%|..]")."""
    cdef const unsigned char* q
    if s[n - 1] == b'D':
        return n >= 7 and memcmp(s + n - 7, b" FAILED", 7) == 0
    if s[n - 1] == 0x5D:
        q = <const unsigned char*>memchr(s, 0x25, n)
        while q != NULL:
            if q + 1 < s + n and q[1] == 0x7C:
                return 1
            q = <const unsigned char*>memchr(q + 1, 0x25, s + n - q - 1)
    return 0


cdef inline bint _glog_frame(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py_text._glog_frame: "@", spaces, "0x": a glog stack frame without its indent."""
    cdef Py_ssize_t i = 1
    while i < n and s[i] == 0x20:
        i += 1
    return i > 1 and i + 1 < n and s[i] == b'0' and s[i + 1] == b'x'


cdef inline bint _is_noise(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    cdef int k
    cdef unsigned char c, lead
    if n == 0:
        return 1
    c = s[0]
    lead = _LEAD[c]
    if lead:
        if lead & L_NOISE or (lead & L_GLOG and _glog(s, n)):
            return 1
        if lead & L_BRACKET and n >= 3 and (s[1] == b'E' or s[1] == b'W' or s[1] == b'I'
                                            or s[1] == b'F') and (_digit(s[2]) or s[2] == 0x20):
            return 1
        if lead & L_BRACKET and n >= 3 and _digit(s[1]) and _failure_index(s, n):
            return 1
        if lead & L_SPACE:
            return 1
        if lead & L_AT and _glog_frame(s, n):
            return 1
        if lead & L_PREFIX and n >= 2:  # every prefix is longer than one byte
            k = _NOISE_A[c]
            if s[1] == <unsigned char>_NOISE[k - 1][1] and _starts(s, n, 0, _NOISE[k - 1]):
                return 1
            k = _NOISE_B[c]
            if k and s[1] == <unsigned char>_NOISE[k - 1][1] and _starts(s, n, 0, _NOISE[k - 1]):
                return 1
    return _noise_end(s, n)


cdef inline bint _is_noise2(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_is_noise, with one table load deciding most lines."""
    cdef unsigned int pair
    if n < 2:
        return _is_noise(s, n)
    pair = s[0] | s[1] << 8
    if (_NOISE2[pair >> 3] >> (pair & 7)) & 1:
        return _is_noise(s, n)
    return _noise_end(s, n)


cdef bint _is_record_start(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py_text.is_record_start (requests' HTTPError text after a message is none)."""
    cdef int k
    if n == 0:
        return 0
    if _digit(s[0]) and n > 17 and _digit(s[1]) and _digit(s[2]) and (
            _starts(s, n, 3, b" Client Error: ") or _starts(s, n, 3, b" Server Error: ")):
        return 0
    if s[0] == 0x5B or _digit(s[0]) or _glog(s, n):
        return 1
    for k in range(6):
        if _starts(s, n, 0, _RECORD[k]):
            return 1
    return 0


cdef inline bint _frame_like(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    return n == 0 or s[0] == 0x20 or s[0] == 0x09 or s[0] == 0xE2 or s[0] == 0x5E \
        or s[0] == 0x7E


cdef inline Py_ssize_t _lstrip(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i = 0
    while i < n and s[i] == 0x20:
        i += 1
    return i


cdef inline bint _blank(const unsigned char* s, Py_ssize_t n) noexcept nogil:
    """_py_text._blank: only spaces and tabs (or nothing)."""
    cdef Py_ssize_t j
    for j in range(n):
        if s[j] != 0x20 and s[j] != 0x09:
            return False
    return True


cdef int _headless_frame(const unsigned char* s, Py_ssize_t n, int prev) noexcept nogil:
    """_py_text.headless_frame: 1 for a 'File "...", line N' line outside any traceback
    (3 after a whole frame), 2 for a non-blank line under one (the line right after
    it, indented or not; after that, a line _frame_like), else 0."""
    cdef Py_ssize_t i = _lstrip(s, n), j
    if n - i >= 6 and memcmp(s + i, b'File "', 6) == 0:
        for j in range(i + 5, n - 7):
            if s[j] == 0x22 and memcmp(s + j, b'", line ', 8) == 0:
                return 3 if prev >= 2 else 1
    if prev and not _blank(s, n) and (prev != 2 or _frame_like(s, n)):
        return 2
    return 0


cdef Py_ssize_t _clean(const unsigned char* s, Py_ssize_t n, unsigned char* out) noexcept nogil:
    cdef Py_ssize_t i = 0, o = 0
    cdef unsigned char c
    while i < n:
        c = s[i]
        if c == 0:
            i += 1
        elif c == 0x1B:
            i += 1
            if i < n and s[i] == 0x5B:
                i += 1
                while i < n and 0x30 <= s[i] <= 0x3F:
                    i += 1
                while i < n and 0x20 <= s[i] <= 0x2F:
                    i += 1
                if i < n and 0x40 <= s[i] <= 0x7E:
                    i += 1
            elif i < n and s[i] == 0x5D:
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
            out[o] = c
            o += 1
            i += 1
    return o
