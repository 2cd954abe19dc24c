"""Byte-level helpers of the pure-Python lexer (``_py.py``); the C lexer's twins are in
``_scan_text.pxi``, one function for one function.

Scan step of the data flow (docs/architecture.md): ANSI/NUL cleaning, launcher prefixes
(ISO timestamps, ``[rankN]:``, ``[defaultN]:``, mpirun's ``[j,r]<stderr>:``, srun's
``N: ``, Ray's and vLLM's ``(<Name> pid=<N>) ``), inferred prefix shapes
(``shape_end``), terminal-line names, noise and record starts. Pure functions over bytes;
no state.
"""
from flashrun.scan._types import INNER_SPAN, NAME_MAX, POD_MAX, PREFIX_MAX

_SPACE = b" \t"
_DIGITS = b"0123456789"
# How exception class names end (torch._dynamo's BackendCompilerFailed and Unsupported
# included); a first word ending so, then a colon, reads as a terminal line.
_EXC_SUFFIXES = (b"Error", b"Exception", b"Interrupt", b"Exit", b"Tripped", b"Failure",
                 b"ExceptionGroup", b"StopIteration", b"Expired", b"Failed", b"Unsupported")
# Modules that hold a package's exception classes by convention: a capitalised name
# in one is a class of exception whatever its ending (gym.error.NameNotFound,
# omegaconf.errors.MissingMandatoryValue, triton.runtime.errors.OutOfResources,
# torch._dynamo.exc.Unsupported).
_EXC_MODULES = (b"error", b"errors", b"exception", b"exceptions", b"exc")
_NOISE_PREFIXES = (b"ERROR:", b"WARNING:", b"wandb:", b"Process finished", b"srun:",
                   b"slurmstepd:", b"frame #", b"Exception raised from", b"terminate called",
                   b"<NO_OTHER_FAILURES>")
# (Slurm's daemons' lines, "slurmstepd: error: Detected 8 oom-kill event(s) ...", are
# the scheduler's, never an exception message's next line)
_RECORD_PREFIXES = (b"ERROR:", b"WARNING:", b"INFO", b"wandb:", b"slurmstepd: ", b"srun: ")


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


# The bytes of a worker-process prefix's name and of its fields' values (_actor_prefix).
_ACTOR_BYTES = frozenset(b"._-:0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _actor_prefix(s, i):
    """(rank, end) of a worker-process prefix at ``i`` (its ``(``), or (-1, -1).

    Ray prints each actor's and task's output behind ``(<Name> pid=<N>[, ip=<addr>]) ``
    (``(pid=<N>) `` when it has no name), and vLLM its worker processes' behind the
    same shape (``(VllmWorkerProcess pid=<N>) ``, ``(VllmWorker rank=<R> pid=<N>) ``):
    an optional name, then ``key=value`` fields set off by spaces or ``, ``, one of
    them ``pid``, then ``) ``. A ``rank=`` field is a rank."""
    n = len(s)
    j = i + 1
    while j < n and j < i + 1 + NAME_MAX and s[j] in _ACTOR_BYTES:
        j += 1
    if j > i + 1 and s.startswith(b" ", j):
        j += 1  # the name
    elif j > i + 1 and not s.startswith(b"=", j):
        return -1, -1
    else:
        j = i + 1  # no name: the first field starts the prefix
    rank = -1
    pid = False
    for _ in range(4):
        k = j
        while k < n and k < j + 8 and 0x61 <= s[k] <= 0x7A:
            k += 1
        if k == j or not s.startswith(b"=", k):
            return -1, -1
        key = s[j:k]
        v = k + 1
        while v < n and v < k + 1 + NAME_MAX and s[v] in _ACTOR_BYTES:
            v += 1
        if v == k + 1:
            return -1, -1
        if key == b"pid" or key == b"rank":
            r, e = _number(s, k + 1, 8)
            if r < 0 or e != v:
                return -1, -1
            if key == b"pid":
                pid = True
            else:
                rank = r
        if s.startswith(b") ", v):
            return (rank, v + 2) if pid else (-1, -1)
        if s.startswith(b", ", v):
            j = v + 2
        elif s.startswith(b" ", v):
            j = v + 1
        else:
            return -1, -1
    return -1, -1


def _launcher_prefix(s, i):
    """One launcher prefix at ``i``: (rank, end) or (-1, -1)."""
    n = len(s)
    if i >= n:
        return -1, -1
    c = s[i]
    if c == 0x28:  # '(': a worker process's name and pid (Ray, vLLM)
        return _actor_prefix(s, i)
    if c == 0x5B:  # '['
        if s.startswith(b"pod/", i + 1):  # kubectl logs --prefix: "[pod/NAME/CONTAINER] "
            j = i + 5
            while j < n and j < i + 5 + POD_MAX and s[j] != 0x20 and s[j] != 0x5D:
                j += 1
            if s.startswith(b"] ", j) and b"/" in s[i + 5:j]:
                return -1, j + 2  # names a pod, not a rank
            return -1, -1
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
        if r >= 0:
            rank = r
        i = j
    return rank, i


def _alnum(c):
    return 0x30 <= c <= 0x39 or 0x41 <= c <= 0x5A or 0x61 <= c <= 0x7A


def shape_end(s, i, pfx):
    """End of a prefix of ``s[i:]`` shaped like ``pfx``, or -1.

    Shape: a run of letters and digits that holds a digit (a timestamp field, a
    counter, a pid, a rank, a uuid part) matches any such run; other runs must
    be equal; a run of spaces inside the prefix matches 1 to as many spaces
    (padded names: docker compose's ``name-1  | ``); every other byte, leading
    spaces included (a pasted block's indentation), matches itself.
    """
    n, m, j = len(s), len(pfx), 0
    while j < m:
        c = pfx[j]
        if _alnum(c):
            k, digit = j, False
            while k < m and _alnum(pfx[k]):
                digit = digit or pfx[k] <= 0x39
                k += 1
            q, digit2 = i, False
            while q < n and _alnum(s[q]):
                digit2 = digit2 or s[q] <= 0x39
                q += 1
            if (not digit2) if digit else s[i:q] != pfx[j:k]:
                return -1
            i, j = q, k
        elif c == 0x20 and j > 0:
            k = j
            while k < m and pfx[k] == 0x20:
                k += 1
            q = i
            while q < n and q - i < k - j and s[q] == 0x20:
                q += 1
            if q == i:
                return -1
            i, j = q, k
        else:
            if i >= n or s[i] != c:
                return -1
            i += 1
            j += 1
    return i


def plausible_prefix(p):
    """Can ``p`` (what precedes a plain traceback header) be a line prefix? Not
    an exception group's ``|`` or ``+`` rail, nor a box-drawn frame, nor what starts
    with a terminal line's ``Type: `` (torch < 1.0's DataLoader re-raised a worker's
    formatted traceback as its message, ``OSError: Traceback (most recent call
    last):``: the traceback that follows is not prefixed; a KeyError's repr holds it
    all on one line, ``KeyError: 'Traceback (most recent call last):\\n  File ...'``)."""
    t = p.lstrip(b" ")
    if not t:
        return True
    if t[0] in b"|+" or t[0] == 0xE2:
        return False
    end, colon = terminal_name(t)
    return not (colon and exception_like(t, end))


def terminal_name(s):
    """If ``s`` starts like a terminal line: (end of the dotted name, has colon), else (0, 0)."""
    n = len(s)
    if n == 0 or not (s[0] == 0x5F or 0x41 <= s[0] <= 0x5A or 0x61 <= s[0] <= 0x7A):
        return 0, 0
    i = 0
    while i <= NAME_MAX:  # past it the answer is (0, 0): no need to walk a huge word
        while i < n and i <= NAME_MAX and (s[i] == 0x5F or 0x30 <= s[i] <= 0x39 or 0x41 <= s[i] <= 0x5A
                         or 0x61 <= s[i] <= 0x7A):
            i += 1
        if i + 1 < n and s[i] == 0x2E and (s[i + 1] == 0x5F or 0x41 <= s[i + 1] <= 0x5A
                                           or 0x61 <= s[i + 1] <= 0x7A):
            i += 1
            continue
        break
    if i > NAME_MAX:
        return 0, 0
    if i == n:
        return i, 0
    if s[i] == 0x3A and (i + 1 == n or s[i + 1] == 0x20):
        return i, 1
    return 0, 0


# Last bytes of the names exception_like accepts ("...Error", "...Exit", "...Group", ...).
_SUFFIX_LAST = frozenset(x[-1] for x in _EXC_SUFFIXES)
_NAME_BYTES = frozenset(b"._0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_AFTER_SPACE = frozenset(b" -|]:>)*0123456789")
# '"': a JSON string ("message": "TypeError: ..."); a tab: a paste indented by one, a
# log's tab-separated fields ("2026-12-01\tERROR\tValueError: x")
_BEFORE_NAME = frozenset(b':]|>"\t')


_QUIET_LEVELS = (b"warn", b"info", b"debug")


def quiet_level(p):
    """Does the prefix ``p`` name a log level below error (any case)? Only after its
    last rank tag: a level before ``[rank1]:`` is a wrapper's that logs every line of
    the child's output at one level (a GUI's ``[2025-04-07 03:45:04] [INFO] [rank1]: ``),
    not the child's own."""
    low = p[p.rfind(b"[rank") + 1:].lower()
    return any(level in low for level in _QUIET_LEVELS)


def _name_before(s, c, lo):
    """Where the dotted name ending at the colon ``s[c]`` starts, walking back no
    further than ``lo``, when that colon can end an exception's name (a name's last
    byte before it, a space or the line's end after it); -1 when it cannot."""
    if not ((c + 1 == len(s) or s[c + 1] == 0x20) and s[c - 1] in _SUFFIX_LAST):
        return -1
    a = c
    while a > lo and s[a - 1] in _NAME_BYTES:
        a -= 1
    return a


def _exception_at(s, a, c):
    """Does a terminal line start at ``a``, its name (up to the colon ``c``) an
    exception's?"""
    end, colon = terminal_name(s[a:])
    return end == c - a and colon and exception_like(s[a:], end)


def inner_terminal(s):
    """Where a terminal line starts after a line prefix, 0 if it does not.

    ``<prefix>Type: message``: a logging framework's or a container's prefix in front
    of a bare terminal line with no traceback header to infer it from
    (``... - ERROR - ValueError: x``, ``ERROR:root:KeyError: 'k'``, ``svc-1  | OSError:
    ...``). The name must read as an exception (exception_like), be followed by a
    colon and a space (or the line's end), and be set off from a plausible prefix of
    at most PREFIX_MAX bytes: right after ``:``, ``]``, ``|``, ``>``, a tab or ``"`` (a JSON
    string: torchrun's error file as its agent logs it, ``"message": "TypeError: ..."``,
    or a structured log), or after a
    space that follows one of ``-|]:>)*``, a digit, another space or the line start
    (``*``: pdb's ``*** IndexError: ...`` for an error in a command it ran).
    A name after a word (``caught ValueError: retrying``) is prose, not a prefix, and
    a prefix naming a quiet level (``WARNING``, ``Info``, ``debug``: quiet_level) says
    the program logged the error and went on."""
    n = len(s)
    c = s.find(b":", 1, min(n, INNER_SPAN))
    while c > 0:
        a = _name_before(s, c, 0)
        if 0 < a <= PREFIX_MAX and (s[a - 1] in _BEFORE_NAME or (
                s[a - 1] == 0x20 and (a == 1 or s[a - 2] in _AFTER_SPACE))) and \
                _exception_at(s, a, c) and plausible_prefix(s[:a]) and not quiet_level(s[:a]):
            return a
        c = s.find(b":", c + 1, min(n, INNER_SPAN))
    return 0


def collapsed_terminal(s):
    """Where the terminal starts in a traceback a paste collapsed onto one line, 0 if
    it does not.

    Line breaks a paste turned into runs of spaces (a wrapped issue text, a quote in
    single backticks) leave the frames and the exception on one line: ``Traceback
    (most recent call last):   File "x.py", line 3, in <module>     main()
    ValueError: bad``. After the line's last frame (``", line N`` then ``, in <name>``)
    and its source, the first ``Type: message`` whose name reads as an exception and
    stands after a space is the terminal."""
    p = s.find(b'", line ')
    if p < 0:
        return 0
    q = s.rfind(b", in ")
    if q < p:
        return 0
    i = s.find(b" ", q + 5)  # past the frame's function name
    if i < 0:
        return 0
    c = s.find(b":", i + 1)
    while c > 0:
        a = _name_before(s, c, i)
        if a > i and s[a - 1] == 0x20 and _exception_at(s, a, c):
            return a
        c = s.find(b":", c + 1)
    return 0


def key_value(s, key):
    """Where the value of ``key<spaces>:`` at the start of ``s`` begins (after the
    colon), 0 if ``s`` does not start so: a field line of torchrun's block."""
    if not s.startswith(key):
        return 0
    j = len(key)
    while j < len(s) and s[j] == 0x20:
        j += 1
    return j + 1 if j < len(s) and s[j] == 0x3A else 0


_DISTUTILS = b"error: "


def errno_start(s):
    """Where an OSError's ``str()`` starts in ``s``, -1 if ``s`` is not one: ``[Errno
    N] text`` (OSError.__str__: ``"[Errno %d] %s"``, then ``": %r"`` of a file name) or
    Windows' ``[WinError N] text``, alone or behind distutils' ``error: `` (its
    setup() ends on an OSError with ``SystemExit("error: " + str(exc))``). What a
    script's ``print(e)`` or ``logger.error(e)`` leaves when it catches the error and
    exits, or an extension build's last word: a terminal line without its type (the
    fold names it from the errno)."""
    i = len(_DISTUTILS) if s.startswith(_DISTUTILS) else 0
    if s.startswith(b"[Errno ", i):
        j = i + 8 if s[i + 7:i + 8] == b"-" else i + 7  # getaddrinfo's codes are negative
    elif s.startswith(b"[WinError ", i):
        j = i + 10
    else:
        return -1
    v, j = _number(s, j)
    return i if v >= 0 and s.startswith(b"] ", j) else -1


# A program's own error report at a line's start: the level words tools print
# before their last message ("ERROR: ...", "FATAL: ...", gcc's and clang's "fatal
# error: ...", setuptools' and git's "error: ..."), bracketed ("[ERROR] ..."), and
# Python logging's default format ("ERROR:<logger>:<message>", logging.basicConfig).
# Not "Error: " (what wrappers print around another failure: "Error: failed to run
# torchrun ...").
ERROR_WORDS = (b"ERROR: ", b"FATAL: ", b"CRITICAL: ", b"fatal error: ", b"error: ",
               b"[ERROR] ", b"[FATAL] ", b"[CRITICAL] ")
ERROR_LEVELS = (b"ERROR:", b"FATAL:", b"CRITICAL:")


def error_report(s):
    """Does ``s`` start with a program's own error report and a message after it?
    (logging's ``ERROR:<logger>:<message>``, and ``[ERROR:<logger>] <message>`` where
    the format brackets the two, as Sockeye's does)"""
    for word in ERROR_WORDS:
        if s.startswith(word):
            return len(s) > len(word)
    bracket = 1 if s[:1] == b"[" else 0
    for level in ERROR_LEVELS:
        if s.startswith(level, bracket):
            k = bracket + len(level)
            j = k
            while j < len(s) and s[j] in _LOGGER_BYTES:
                j += 1
            if bracket:
                return k < j < len(s) - 2 and s[j] == 0x5D and s[j + 1] == 0x20
            return k < j < len(s) - 1 and s[j] == 0x3A
    return False


_LOGGER_BYTES = frozenset(b"._-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def exception_like(s, end):
    """Does the dotted name ``s[:end]`` read as an exception class?"""
    start = s.rfind(b".", 0, end) + 1
    last = s[start:end]
    if last == b"Error" or last == b"error":
        # a module's own exception (cv2.error, socket.error, zlib.error, lmdb.Error,
        # binascii.Error); a bare "Error:" is a tool's word, not a class
        return start > 0
    if last == b"Failure":
        return False
    if last.endswith(_EXC_SUFFIXES):
        return True
    if start > 1 and 0x41 <= s[start] <= 0x5A:  # a class in an exceptions module
        module = s.rfind(b".", 0, start - 1) + 1
        return s[module:start - 1] in _EXC_MODULES
    return False


def qualified_class(s, end):
    """Does the name ``s[:end]`` read as a class under its module ("pkg.mod.Name")?
    Python prints an exception whose str() is empty as its name alone, qualified
    unless it is a builtin or __main__'s: right after a frame, that line is the
    terminal whatever the name ends in. The first part starts in lower case (a
    module), the last in upper case (a class)."""
    start = s.rfind(b".", 0, end) + 1
    return start > 0 and 0x41 <= s[start] <= 0x5A and (s[0] == 0x5F or 0x61 <= s[0] <= 0x7A)


def killed_end(s):
    """The shell's "Killed", alone on the (right-stripped) line or glued to the end of
    a progress bar that printed no newline ("... 6.17it/s]Killed")."""
    return s == b"Killed" or s.endswith(b"]Killed")


def _glog(s):
    """glog-style record: E1129, W1129, I1129, F1129 followed by a space."""
    return (len(s) >= 6 and s[0] in b"EWIF" and s[1] in _DIGITS and s[2] in _DIGITS
            and s[3] in _DIGITS and s[4] in _DIGITS and s[5] == 0x20)


def _glog_frame(s):
    """A frame of glog's failure stack trace ("    @     0x7f3c2b0d1234  f()") that a
    paste stripped of its indent: "@", spaces, "0x"."""
    i = _lstrip_spaces(s, 1)
    return i > 1 and s.startswith(b"0x", i)


def is_noise(s):
    """Launcher and shutdown chatter that does not mean the run kept going (and the
    stack a crash prints: c10's "frame #N", glog's "@ 0x..." frames)."""
    if not s:
        return True
    c = s[0]
    if c in b"=-*#" or _glog(s) or (c == 0x40 and _glog_frame(s)):
        return True
    if c == 0x5B and len(s) >= 3 and s[1] in b"EWIF" and (s[2] in _DIGITS or s[2] == 0x20):
        return True
    if c == 0x5B and len(s) >= 3 and s[1] in _DIGITS:  # torchrun's "[3]:" failure index
        _, j = _number(s, 1)
        if s[j:].rstrip(b" \t") == b"]:":
            return True
    if c == 0x20 or c == 0x09:  # continuations, a launcher report's "  host : x" fields
        return True
    if s[-1] == 0x5D and b"%|" in s:  # a progress bar redrawn: "  3%|▎  | 3/100 [00:01<..]"
        return True
    return s.startswith(_NOISE_PREFIXES) or s.endswith(b" FAILED")


def is_record_start(s):
    """A line that starts a new log record and so ends an unprefixed message. A line
    opening with digits is one (a timestamp, a counter, a progress bar), unless it is
    requests' HTTPError text ("429 Client Error: Too Many Requests for url: ..."), which
    libraries put on the line after their own message."""
    return bool(s) and (s[0] == 0x5B or (s[0] in _DIGITS and not _http_error(s))
                        or _glog(s) or s.startswith(_RECORD_PREFIXES))


def _http_error(s):
    """Does ``s`` open with requests' HTTPError text: a 3-digit status, then
    ``" Client Error: "`` or ``" Server Error: "`` (models.py, raise_for_status)?"""
    return len(s) > 17 and s[1] in _DIGITS and s[2] in _DIGITS and (
        s.startswith(b" Client Error: ", 3) or s.startswith(b" Server Error: ", 3))


def _frame_like(s):
    return not s or s[0] in _SPACE or s[0] == 0xE2 or s[0] == 0x5E or s[0] == 0x7E


def headless_frame(s, prev):
    """Frames pasted without their traceback's header, outside any traceback: 1 for a
    'File "...", line N' line (3 when it follows a whole frame), 2 for a line under
    one (the line right after it is its source, indented or not, where a paste lost
    the indent; after that, a line _frame_like, as inside a traceback: indented, or
    carets), else 0. cut() reads a tail
    ending in such a run, after a whole frame, as a traceback cut before its
    exception line."""
    t = s[_lstrip_spaces(s):]
    if t.startswith(b'File "') and b'", line ' in t:
        return 3 if prev >= 2 else 1
    if prev and not _blank(s) and (prev != 2 or _frame_like(s)):
        return 2
    return 0


def _blank(s):
    for c in s:
        if c != 0x20 and c != 0x09:
            return False
    return True


def _lstrip_spaces(s, i=0):
    while i < len(s) and s[i] == 0x20:
        i += 1
    return i
