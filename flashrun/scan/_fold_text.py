"""Reading one event's text for the fold (scan step of the data flow, docs/architecture.md).

The fold (``_fold.py``) decides; these helpers only read what a lexer event
carries: a terminal line's type and message, a death report's code or signal, and
whether a marker line was logged at a quiet level. Shared by both lexers' folds,
so they read alike. Pure functions over bytes and str; no state.
"""
import re

from flashrun.scan import _types as T

# A log line at a level below error: a logger's INFO/WARNING/DEBUG (any case, as a
# word near the line's start, not part of an identifier such as gRPC's
# "debug_error_string"), glog's I/W/D records, "[W file:line]" notes, Python's
# "...Warning:" categories. A marker on such a line is a note the program handled
# ("OOM guard enabled", "upload failed, retrying", "failed to decode sample, skipping"):
# the program went on, so it is not why it died.
_QUIET_START = re.compile(r"[IWD]\d{4} |\[[IWD] ")
_QUIET_WORD = re.compile(r"(?<![A-Za-z_])(?:INFO|WARNING|WARN|DEBUG|[Ii]nfo|[Ww]arning|[Dd]ebug)"
                         r"(?![A-Za-z_])|(?<=\w)Warning:")
# Every match holds one of these once lowercased: three plain "in" tests rule most
# lines out before the regex (which costs microseconds per line) runs.
_LEVEL_PARTS = ("info", "warn", "debug")
QUIET_SPAN = 88  # the level word starts within the first 80 characters


# NCCL's debug levels have no ERROR: it reports failures as "NCCL WARN ..." (debug.cc),
# so its WARN is not a quiet level.
_LOUD_WARN = "NCCL WARN"
_ERROR_COLON = "rror:"


# NCCL's return-code trace (NCCLCHECK: INFO "<file>:<line> -> <code>" at every frame a
# failure climbs through, "[Async thread]" on its init thread): at INFO, its report
# that a call failed, not a note.
_NCCL_TRACE = re.compile(r"NCCL INFO [\w./-]+:\d+ -> \d+(?: \[Async thread\])?\s*$")


def quiet(line):
    """Is ``line`` logged at a level below error (a note, see _QUIET_WORD)?"""
    if "NCCL INFO" in line and _NCCL_TRACE.search(line) is not None:
        return False
    if py_warning(line):
        return True
    if line and line[0] in "IWD[" and _QUIET_START.match(line) is not None:
        return True
    head = line[:QUIET_SPAN]
    if _LOUD_WARN in head:
        head = head.replace(_LOUD_WARN, "NCCL")
    low = head.lower()
    for part in _LEVEL_PARTS:
        if part in low:
            level = _QUIET_WORD.search(head)
            # a level word after an error's own "...error:" is the message's (a
            # compiler's "error: ...: warning: ..."), not the line's level
            return level is not None and _ERROR_COLON not in low[:level.start()]
    return False


# Python's warnings module: "<file>:<line>: UserWarning: ..." (any category). A library
# notice about the environment, printed once where it was raised (usually at import);
# unlike a logger's note of an event (a retry, a refused connection), never the word
# on why a run later died.
# The module's own shape, "<file>:<lineno>: <Category>Warning: ", wherever the category
# starts (a long site-packages path puts it past QUIET_SPAN).
_PY_WARNING = re.compile(r":\d+: [A-Z][A-Za-z]*Warning: ")


# Notes a run prints whatever becomes of it, so they never say why it ended: torch's
# notes at interpreter exit for a process group never destroyed (2.4's "process group
# has NOT been destroyed before we destruct ProcessGroupNCCL", 2.5's
# "destroy_process_group() was not called before program exit"), pyarrow's at exit
# once S3 was used ("arrow::fs::FinalizeS3 was not called even though S3 was
# initialized. This could lead to a segmentation fault at exit"), and
# ProcessGroupNCCL's at every barrier() that names no device ("Rank 0 using best-guess
# GPU 0 to perform barrier as devices used by this process are currently unknown",
# 2.x: "using GPU 0 as device used by this process is currently unknown. This can
# potentially cause a hang ..."). The words they hold (NCCL, a segfault, a hang)
# describe what could happen, not what did.
_ROUTINE_NOTES = ("has NOT been destroyed", "was not called before program exit",
                  "FinalizeS3 was not called",
                  "used by this process are currently unknown",
                  "used by this process is currently unknown")


def routine_note(line):
    """Is ``line`` a note every run prints (``_ROUTINE_NOTES``)?"""
    for note in _ROUTINE_NOTES:
        if note in line:
            return True
    return False


def py_warning(line):
    """Is ``line`` a warnings-module notice (``<file>:<line>: UserWarning: ...``), not an
    error's message that quotes one?"""
    if "Warning: " not in line:
        return False
    at = _PY_WARNING.search(line)
    return at is not None and _ERROR_COLON not in line[:at.start()]


def text(raw, limit=400):
    """An event's bytes as text (invalid UTF-8 replaced), at most ``limit`` characters."""
    return raw.decode("utf-8", "replace")[:limit]


# The OSError subclass Python itself makes of an errno (PEP 3151; Linux numbers),
# for an OSError's str() printed without its type ("[Errno 2] No such file ...");
# negative codes are getaddrinfo's (socket.gaierror).
_ERRNO_TYPES = {1: "PermissionError", 2: "FileNotFoundError", 3: "ProcessLookupError",
                4: "InterruptedError", 10: "ChildProcessError", 11: "BlockingIOError",
                13: "PermissionError", 17: "FileExistsError", 20: "NotADirectoryError",
                21: "IsADirectoryError", 32: "BrokenPipeError", 103: "ConnectionAbortedError",
                104: "ConnectionResetError", 108: "BrokenPipeError",
                110: "TimeoutError", 111: "ConnectionRefusedError", 114: "BlockingIOError",
                115: "BlockingIOError"}


def errno_type(line):
    """The exception type of an OSError's bare str(), ``[Errno N] ...``."""
    code = to_int(line[7:line.find("]")].encode())
    if code is None:
        return "OSError"
    return "socket.gaierror" if code < 0 else _ERRNO_TYPES.get(code, "OSError")


# The fold builds one ScanResult per scan and a Terminal per terminal line. A
# frozen dataclass's __init__ sets each field through object.__setattr__ (15 calls
# for a ScanResult, a visible share of scanning a 64 KiB tail); these fill the
# instance dict at once instead, here where they run compiled. Same objects, same
# equality and hash; tests/test_scan.py checks that every result has exactly the
# dataclass's fields.
_new, _set = object.__new__, object.__setattr__
_Terminal = T.Terminal
_ScanResult = T.ScanResult


def make_terminal(exc_type, message, line, rank):
    """Terminal(exc_type, message, line, rank), built the fast way."""
    term = _new(_Terminal)
    term.__dict__.update({"exc_type": exc_type, "message": message, "line": line, "rank": rank})
    return term


def make_result(values):
    """A ScanResult from a dict holding every field, built the fast way: the dict
    becomes the instance's own (the caller gives it up), no copy."""
    result = _new(_ScanResult)
    _set(result, "__dict__", values)
    return result


def parse_terminal(raw, rank):
    """Split a terminal line the lexer accepted into type and message."""
    line = text(raw)
    i = line.find(":")
    if line.startswith("[Errno "):  # the lexer accepted only "[Errno N] " here
        exc_type, message = errno_type(line), line.strip()
    elif line.startswith("[WinError "):  # and "[WinError N] "
        exc_type, message = "OSError", line.strip()
    elif i > 0 and " " not in line[:i] and (i + 1 == len(line) or line[i + 1] == " "):
        exc_type, message = line[:i], line[i + 1:].strip()
    else:
        exc_type, message = line.strip(), ""
    return make_terminal(exc_type, message, line.rstrip(), None if rank < 0 else rank)


# Linux signal numbers by name: launchers print names (mp.spawn's "SIGKILL",
# CalledProcessError's "<Signals.SIGSEGV: 11>", an IDE's "signal 10: SIGBUS"
# from a macOS run), and the name is what carries across platforms.
_SIGNALS = {b"SIGHUP": 1, b"SIGINT": 2, b"SIGQUIT": 3, b"SIGILL": 4, b"SIGTRAP": 5,
            b"SIGABRT": 6, b"SIGIOT": 6, b"SIGBUS": 7, b"SIGFPE": 8, b"SIGKILL": 9,
            b"SIGUSR1": 10, b"SIGSEGV": 11, b"SIGUSR2": 12, b"SIGPIPE": 13, b"SIGALRM": 14,
            b"SIGTERM": 15, b"SIGXCPU": 24, b"SIGXFSZ": 25, b"SIGSYS": 31}


def _signal_name(text):
    i = text.find(b"SIG")
    if i < 0:
        return None
    j = i + 3
    while j < len(text) and 0x41 <= text[j] <= 0x5A:
        j += 1
    return _SIGNALS.get(text[i:j])


def exit_status(source, text):
    """The status an EXIT_NEEDLES report gives: an exit code, or minus the signal
    number for a signal death; None when the text after the needle is not one."""
    kind = T.EXIT_KINDS[source]
    if kind == "name":  # the needle is the signal's name (strsignal's words)
        return -T.STRSIGNAL[T.EXIT_NEEDLES[source]]
    if kind == "failed":  # a non-zero exit whose code this line does not give
        return 1
    if kind == "signal":
        named = _signal_name(text)
        if named is not None:
            return -named
        code = to_int(text[text.find(b":") + 1:] if text.startswith(b"SIG") else text)
        return None if code is None else -abs(code)
    if kind == "list":  # "[0, 134]": the first member that is not a clean exit
        for part in text.split(b"]")[0].split(b","):
            code = to_int(part)
            if code:
                return code
        return to_int(text)
    code = to_int(text)
    if kind == "ide" and b"signal" in text:  # "139 (interrupted by signal 11: SIGSEGV)"
        named = _signal_name(text)
        if named is None:
            named = to_int(text[text.find(b"signal") + 6:])
        if named:
            return -named
    return code


def to_int(raw):
    """The leading (signed) integer of ``raw``, at most 9 digits; None if there is none."""
    if raw is None:
        return None
    raw = raw.lstrip()
    neg = raw[:1] == b"-"
    digits = bytearray()
    for c in raw[neg:]:
        if not 0x30 <= c <= 0x39 or len(digits) >= 9:
            break
        digits.append(c)
    if not digits:
        return None
    value = int(digits)
    return -value if neg else value
