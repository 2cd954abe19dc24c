"""Scanner selector (scan step of the data flow (docs/architecture.md)): the C lexer or its Python twin.

FLASHRUN_NO_EXTENSIONS=1 forces the pure-Python scanner. IMPLEMENTATION says
which one is in use: "c" or "py".
"""
import os

from flashrun.scan._types import MARKERS, ScanResult, Terminal  # noqa: F401

if os.environ.get("FLASHRUN_NO_EXTENSIONS") == "1":
    from flashrun.scan._py import Scanner, scan_tail
    IMPLEMENTATION = "py"
else:
    try:
        from flashrun.scan._scan import Scanner, scan_tail
        IMPLEMENTATION = "c"
    except ImportError:  # no compiler at install time: the twin gives equal results
        from flashrun.scan._py import Scanner, scan_tail
        IMPLEMENTATION = "py"

__all__ = ["IMPLEMENTATION", "MARKERS", "ScanResult", "Scanner", "Terminal", "scan_tail"]
