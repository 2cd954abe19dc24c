"""Live echo: child output → one terminal (or any sink), never blocking the event loop.

Where it sits in the data flow (docs/architecture.md)::

    supervisor → process → stream → [echo] (live) ; stream → exit → scan → ...

:class:`~flashrun.stream.Output` hands every chunk read from a child's pipe to
that stream's :class:`EchoSource`; all sources of one run share one
:class:`Echo`, which owns one bounded buffer drained by one daemon writer
thread ("flashrun-echo"). The event loop only appends to that buffer, so a slow
or stalled terminal never blocks it (and so never makes a child wait). The echo
is the only part of the output path allowed to lose bytes: when the buffer is
full, whole chunks are skipped and counted (``Echo.skipped``, per source
``EchoSource.skipped``), and a note ``[flashrun: echo skipped N bytes]`` is shown
once the echo catches up. Log files and rings (``stream``) never drop a byte.
"""
from __future__ import annotations

import io
import logging
import threading
from typing import BinaryIO, Callable, Optional, Union

__all__ = ["Echo", "EchoSink", "EchoSource"]

logger = logging.getLogger(__name__)

EchoSink = Union[BinaryIO, Callable[[bytes], object]]

_SKIP_NOTE = b"[flashrun: echo skipped %d bytes]\n"


class Echo:
    """Live echo of many streams onto one sink, never blocking the event loop.

    ``sink`` is a binary file object (``sys.stdout.buffer``; anything with
    ``write``) or a callable taking ``bytes``. It is only ever called from the
    echo's own daemon thread ("flashrun-echo"), started on first use. Streams
    write through :meth:`source` handles; each line gets its source's prefix, and
    lines of different sources never share a terminal line (a source cut
    mid-line by another continues on a new, prefixed line). At most
    ``max_pending`` bytes wait for the sink; beyond that whole chunks are
    skipped and counted (``skipped``, and per source).
    """

    def __init__(self, sink: EchoSink, *, max_pending: int = 1 << 20) -> None:
        if isinstance(sink, io.TextIOBase):
            sink = getattr(sink, "buffer", sink)  # sys.stdout → sys.stdout.buffer
        write = getattr(sink, "write", None)
        if write is None and not callable(sink):
            raise TypeError("echo sink must have .write() or be callable, got %r" % (sink,))
        self._write = write if write is not None else sink
        self._file = write is not None
        self._sink = sink
        self._text = isinstance(sink, io.TextIOBase)  # a text stream without .buffer (notebooks)
        self._max = max(1, int(max_pending))
        self._cond = threading.Condition(threading.Lock())
        self._pending = bytearray()
        self._open: Optional[EchoSource] = None  # source whose line is unterminated on the sink
        self._thread: Optional[threading.Thread] = None
        self._busy = False
        self._closed = False
        self._broken = False
        self.skipped = 0

    def source(self, prefix: Union[str, bytes] = b"") -> "EchoSource":
        """A handle for one stream; ``prefix`` (e.g. ``"[t3/1 rank0] "``) starts each line."""
        if isinstance(prefix, str):
            prefix = prefix.encode("utf-8", "replace")
        return EchoSource(self, bytes(prefix))

    # -- producer side (event loop thread) ---------------------------------
    def _break(self) -> None:
        # Lock held: end whatever line is open on the sink; its owner re-prefixes.
        if self._open is not None:
            self._pending += b"\n"
            self._open._at_bol = True
            self._open = None

    def _note(self, src: "EchoSource") -> None:
        # Lock held: the skip note, on a line of its own.
        self._break()
        self._pending += src.prefix + _SKIP_NOTE % src._unreported
        src._unreported = 0

    def _put(self, src: "EchoSource", data: bytes) -> None:
        with self._cond:
            if self._closed or self._broken:
                return
            pending = self._pending
            if pending and len(pending) + len(data) > self._max:
                src.skipped += len(data)
                src._unreported += len(data)
                self.skipped += len(data)
                return
            if src._unreported:
                self._note(src)
            if self._open is not src:
                self._break()
            prefix = src.prefix
            if src._at_bol:
                pending += prefix
            ends_line = data.endswith(b"\n")
            if prefix:
                pending += data.replace(b"\n", src._nl_prefix)
                if ends_line:
                    del pending[-len(prefix):]
            else:
                pending += data
            src._at_bol = ends_line
            self._open = None if ends_line else src
            self._wake()

    def _finish(self, src: "EchoSource") -> None:
        with self._cond:
            if self._closed or self._broken:
                return
            if src._unreported:
                self._note(src)
            elif self._open is src:
                self._break()
            if self._pending:
                self._wake()

    def _wake(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="flashrun-echo", daemon=True)
            self._thread.start()
        self._cond.notify()

    # -- consumer side (echo thread) ----------------------------------------
    def _run(self) -> None:
        cond = self._cond
        while True:
            with cond:
                while not self._pending and not self._closed:
                    cond.wait()
                if not self._pending:
                    return
                buf, self._pending = self._pending, bytearray()
                self._busy = True
            try:
                self._emit(buf)
            except Exception:  # broken pipe, closed terminal, a failing callable
                logger.warning("live echo failed; echo disabled for this run", exc_info=True)
                with cond:
                    self._broken = True
                    self._busy = False
                    self._pending = bytearray()
                    cond.notify_all()
                return
            with cond:
                self._busy = False
                cond.notify_all()

    def _emit(self, buf: bytearray) -> None:
        if not self._file:
            self._write(bytes(buf))
            return
        if self._text:
            self._write(buf.decode("utf-8", "replace"))
        else:
            view = memoryview(buf)
            while view:  # a raw file object may write partially
                n = self._write(view)
                view = view[n:] if n is not None and n < len(view) else view[:0]
        flush = getattr(self._sink, "flush", None)
        if flush is not None:
            flush()

    def flush(self, timeout: float = 5.0) -> bool:
        """Block until everything queued reached the sink; False on timeout."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._broken or (not self._pending and not self._busy), timeout)

    def close(self, timeout: float = 5.0) -> None:
        """Write what is queued (waiting at most ``timeout`` s), then stop the thread."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                logger.warning("live echo sink still blocked after %.1fs; abandoning it", timeout)


class EchoSource:
    """One stream's handle on an :class:`Echo`: its prefix, line state and skip counter."""

    __slots__ = ("_echo", "prefix", "_nl_prefix", "_at_bol", "_unreported", "skipped")

    def __init__(self, echo: Echo, prefix: bytes) -> None:
        self._echo = echo
        self.prefix = prefix
        self._nl_prefix = b"\n" + prefix
        self._at_bol = True
        self._unreported = 0
        self.skipped = 0

    def write(self, data: bytes) -> None:
        """Queue ``data`` for the echo, or skip it (counted) when the echo is behind."""
        self._echo._put(self, data)

    def finish(self) -> None:
        """End this source's open line and report skipped bytes not yet noted."""
        self._echo._finish(self)
