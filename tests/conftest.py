"""Shared fixtures: the scanner implementations (``c`` and ``py``) and paths, and a
terminal's SIGINT handling for the whole session."""
import os
import pathlib
import signal

import pytest

from flashrun.scan import _py as _scan_py

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
CORPUS = DATA / "corpus"

try:
    from flashrun.scan import _scan as _scan_c
except ImportError:  # pure-Python install: the C cases skip, the guard test says why
    _scan_c = None

IMPLS = {"c": _scan_c, "py": _scan_py}


@pytest.fixture(scope="session", autouse=True)
def terminal_sigint():
    """Python's own SIGINT handler, as a terminal's Python has it.

    Tests press Ctrl-C (os.kill of SIGINT to this process) and stop children with
    SIGINT. A background job of a non-interactive shell (``cmd &`` in a script) starts
    with SIGINT ignored; Python then leaves it ignored and every child inherits that,
    so those tests would wait for an interrupt that never comes. A handler, unlike an
    ignored signal, is reset to the default in a child at exec."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture(params=["c", "py"])
def scan_impl(request):
    """Run a scanner test against the C lexer and the pure-Python twin."""
    impl = IMPLS[request.param]
    if impl is None:
        pytest.skip("C scanner not built (FLASHRUN_NO_EXTENSIONS or no compiler)")
    return impl


def corpus_cases():
    """(id, bytes, label) for the development corpus of real crash logs (tests/data/corpus)."""
    import json

    labels = CORPUS / "labels.jsonl"
    if not labels.exists():
        return []
    out = []
    for line in labels.read_text().splitlines():
        row = json.loads(line)
        out.append((row["id"], (CORPUS / ("%s.log" % row["id"])).read_bytes(), row))
    return out


def pytest_report_header(config):
    from flashrun import scan

    return "flashrun scanner: %s (FLASHRUN_NO_EXTENSIONS=%s)" % (
        scan.IMPLEMENTATION, os.environ.get("FLASHRUN_NO_EXTENSIONS", ""))
