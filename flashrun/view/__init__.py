"""Looking at a run: the terminal view (a live table on a TTY, plain lines on a pipe).

The view layer of docs/architecture.md: it reads ``RunState`` (flashrun.record) and
renders it; it never changes the record and never decides anything.
"""
from flashrun.view.terminal import LiveView, PlainView, make_view

__all__ = ["LiveView", "PlainView", "make_view"]
