"""Child output: pipe bytes → ring buffer → log file → live echo (and a watcher).

Where it sits in the data flow (docs/architecture.md)::

    supervisor → process → [stream] → exit → scan → ...

``process`` spawns a group whose stdout and stderr are the write ends of two
:class:`OutputPipes`; the event loop's pipe transports hand every chunk read to
a protocol callback (``data_received``), and from there one call per chunk
(never per line, no StreamReader) does all of this:

* ``last_output`` = ``time.monotonic()`` (hang detection, together with the
  heartbeat file, is the supervisor's business);
* append to the stream's :class:`~flashrun.ring.ByteRing` (bounded tail);
* queue it for ``stdout.log`` / ``stderr.log``, written by one thread per
  output (``os.writev`` of whole batches), so a slow or stalled disk never
  blocks the loop; past ``write_buffer`` queued bytes the child's pipes are
  paused instead (the child waits for the disk). Files and rings never drop a byte;
* merge both streams, line-aligned, into a combined ring and hand the same
  bytes to the optional ``watch`` callback (the incremental scanner's ``feed``);
* hand the chunk to the stream's :class:`EchoSource` for the live echo.

The echo is the only part allowed to lose bytes: an :class:`Echo` (in
:mod:`flashrun.echo`, re-exported here) owns one bounded buffer drained by one
writer thread, so a slow terminal never blocks the event loop (and so never
makes a child wait). When the buffer is full the chunk is skipped, counted, and
a note ``[flashrun: echo skipped N bytes]`` is shown once the echo catches up.
"""
from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import sys
import threading
import time
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple, Union

from flashrun.runtime.echo import Echo, EchoSource  # noqa: F401  (re-exported: from flashrun.stream import Echo)
from flashrun.runtime.ring import DEFAULT_CAPACITY, ByteRing

__all__ = [
    "Echo", "EchoSource", "Output", "OutputPipes", "OutputStats", "StreamCapture", "StreamStats",
]

logger = logging.getLogger(__name__)

Watch = Callable[[bytes], object]

_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_F_SETPIPE_SZ = getattr(fcntl, "F_SETPIPE_SZ", 1031 if sys.platform.startswith("linux") else None)
_IOV_MAX = 1024
_LINE_LIMIT = 64 * 1024        # a partial line longer than this is merged without waiting


@dataclass(frozen=True)
class StreamStats:
    """Counters of one stream after (or during) a run."""

    name: str
    bytes: int              # every byte read from the pipe (all of them are in the log file)
    ring_dropped: int       # bytes older than the ring's tail
    echo_skipped: int       # bytes the live echo left out
    log_path: Optional[str]
    log_error: Optional[str]  # first error writing the log file, if any


@dataclass(frozen=True)
class OutputStats:
    stdout: StreamStats
    stderr: StreamStats
    watch_error: Optional[str]


class StreamCapture:
    """One child stream: its ring, its log file, its echo source. Fed by :class:`Output`."""

    def __init__(self, name: str, path: Optional[str], ring_size: int,
                 echo: Optional[EchoSource]) -> None:
        self.name = name
        self.path = path
        self.ring = ByteRing(ring_size)
        self.echo = echo
        self.last_output: Optional[float] = None
        self.log_error: Optional[str] = None
        self.log_errno: Optional[int] = None
        self._fd = -1
        if path:
            try:
                self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _O_CLOEXEC,
                                   0o600)
            except OSError as exc:  # a full or read-only disk: keep the in-memory tail only
                self._failed(exc)
        self._partial = bytearray()  # unterminated last line, not yet merged

    @property
    def nbytes(self) -> int:
        """Bytes received so far."""
        return self.ring.total

    def tail(self, n: Optional[int] = None) -> bytes:
        """The newest ``n`` bytes of this stream (whole ring when None)."""
        return self.ring.tail(n)

    def _write(self, chunks: List[bytes]) -> None:
        # Log writer thread only. One writev per batch; regular files rarely write short.
        while chunks and self._fd >= 0:
            try:
                n = os.writev(self._fd, chunks[:_IOV_MAX])
            except OSError as exc:
                self._failed(exc)
                self._close_fd()
                return
            while n and chunks:
                if n >= len(chunks[0]):
                    n -= len(chunks.pop(0))
                else:
                    chunks[0] = chunks[0][n:]
                    n = 0

    def _failed(self, exc: OSError) -> None:
        self.log_error = "%s: %s" % (type(exc).__name__, exc)
        self.log_errno = exc.errno
        logger.error("cannot write %s (%s); keeping only the in-memory tail",
                     self.path, exc.strerror or exc)

    def _close_fd(self) -> None:
        fd, self._fd = self._fd, -1
        if fd >= 0:
            try:
                os.close(fd)
            except OSError as exc:  # e.g. a delayed write error reported at close (NFS)
                self.log_error = self.log_error or "%s: %s" % (type(exc).__name__, exc)

    def stats(self) -> StreamStats:
        return StreamStats(self.name, self.ring.total, self.ring.dropped,
                           self.echo.skipped if self.echo is not None else 0,
                           self.path, self.log_error)


class _LogWriter:
    """Writes one output's log files on a thread of its own, so a slow disk never blocks the loop.

    The loop thread queues the chunks themselves (no copy). Above ``high_water``
    queued bytes the output asks its protocol to pause reading the child's pipes,
    so the child waits for the disk while memory stays bounded; at a quarter of
    it reading resumes. Nothing is ever dropped.
    """

    def __init__(self, streams: List[StreamCapture], high_water: int,
                 flow: Callable[[bool], None]) -> None:
        self._streams = streams
        self._high = high_water
        self._flow = flow  # flow(False) pauses reading, flow(True) resumes
        self._cond = threading.Condition(threading.Lock())
        self._items: List[Tuple[StreamCapture, bytes]] = []
        self._queued = 0
        self._paused = False
        self._closing = False
        self._thread: Optional[threading.Thread] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._finished = threading.Event()
        self._waiters: List[asyncio.Future] = []

    def put(self, stream: StreamCapture, data: bytes) -> None:
        with self._cond:
            self._items.append((stream, data))
            self._queued += len(data)
            if self._thread is None:
                self._loop = asyncio.get_running_loop()
                self._thread = threading.Thread(target=self._run, name="flashrun-log",
                                                daemon=True)
                self._thread.start()
            self._cond.notify()
            pause = self._queued > self._high and not self._paused
            if pause:
                self._paused = True
        if pause:
            self._flow(False)

    def _maybe_resume(self) -> None:  # loop thread
        with self._cond:
            resume = self._paused and self._queued <= self._high // 4
            if resume:
                self._paused = False
        if resume:
            self._flow(True)

    def _run(self) -> None:
        cond = self._cond
        while True:
            with cond:
                while not self._items and not self._closing:
                    cond.wait()
                batch, self._items = self._items, []
            if not batch:
                break
            nbytes = 0
            for stream in self._streams:
                chunks = [data for owner, data in batch if owner is stream]
                nbytes += sum(map(len, chunks))
                stream._write(chunks)
            with cond:
                self._queued -= nbytes
                paused = self._paused
            if paused:
                self._call_soon(self._maybe_resume)
        self._finish()

    def _call_soon(self, callback: Callable[[], None]) -> None:
        try:
            self._loop.call_soon_threadsafe(callback)
        except RuntimeError:  # the loop is closed; nobody waits any more
            pass

    def _finish(self) -> None:
        for stream in self._streams:
            stream._close_fd()
        with self._cond:
            self._finished.set()
            waiters, self._waiters = self._waiters, []
        for fut in waiters:
            self._call_soon(lambda fut=fut: fut.done() or fut.set_result(None))

    def close(self) -> None:
        """Let the thread write what is queued and close the files (no wait)."""
        with self._cond:
            self._closing = True
            started = self._thread is not None
            self._cond.notify()
        if not started:
            self._finish()

    async def wait_closed(self) -> None:
        fut = asyncio.get_running_loop().create_future()
        with self._cond:
            if self._finished.is_set():
                return
            self._waiters.append(fut)
        await fut


class Output:
    """Everything one attempt's child prints: two streams and their combined, line-aligned tail.

    ``directory``: where ``stdout.log`` and ``stderr.log`` are written (created
    if missing; a writer thread per output writes them); ``None`` keeps output in
    memory only. ``ring_size``: bytes kept per stream and for the combined tail.
    ``echo_stdout``/``echo_stderr``: live echo handles (:meth:`Echo.source`).
    ``watch``: called on the loop thread with the combined stream in arrival
    order, cut at line ends (each call holds whole lines of one stream; a line
    longer than 64 KiB is passed on in pieces; an unterminated last line
    arrives at close). The concatenation of all ``watch`` calls is exactly the
    combined stream, so an incremental scan equals a scan of :meth:`tail` while
    nothing was dropped. A ``watch`` that raises is logged and not called again.
    ``write_buffer``: bytes queued for the disk before the child's pipes are
    paused (the only memory besides the rings).
    """

    def __init__(self, directory: Union[str, "os.PathLike[str]", None] = None, *,
                 ring_size: int = DEFAULT_CAPACITY,
                 echo_stdout: Optional[EchoSource] = None,
                 echo_stderr: Optional[EchoSource] = None,
                 watch: Optional[Watch] = None,
                 write_buffer: int = 1 << 20) -> None:
        paths: Dict[str, Optional[str]] = {"stdout": None, "stderr": None}
        if directory is not None:
            directory = os.fspath(directory)
            try:
                os.makedirs(directory, exist_ok=True)
            except OSError as exc:  # the streams say it once each, and keep the tail
                logger.error("cannot create %s (%s)", directory, exc.strerror or exc)
            paths = {k: os.path.join(directory, k + ".log") for k in paths}
        self.directory = directory
        self.stdout = StreamCapture("stdout", paths["stdout"], ring_size, echo_stdout)
        try:
            self.stderr = StreamCapture("stderr", paths["stderr"], ring_size, echo_stderr)
        except BaseException:
            self.stdout._close_fd()
            raise
        self.combined = ByteRing(ring_size)
        self.created_at = time.monotonic()
        self.last_output: Optional[float] = None
        self.watch_error: Optional[str] = None
        self._watch = watch
        self._flow: Optional[Callable[[bool], None]] = None
        self._writer = _LogWriter([self.stdout, self.stderr], write_buffer, self._set_flow) \
            if directory is not None else None
        self._closed = False

    def _set_flow(self, reading: bool) -> None:
        if self._flow is not None:
            self._flow(reading)

    # -- hot path ------------------------------------------------------------
    def feed(self, stream: StreamCapture, data: bytes) -> None:
        """Take one chunk read from ``stream``'s pipe (called by the protocol)."""
        now = time.monotonic()
        stream.last_output = now
        self.last_output = now
        stream.ring.append(data)
        if self._writer is not None and stream._fd >= 0:
            self._writer.put(stream, data)
        self._merge(stream, data)
        if stream.echo is not None:
            stream.echo.write(data)

    def _merge(self, stream: StreamCapture, data: bytes) -> None:
        partial = stream._partial
        nl = data.rfind(b"\n")
        if nl < 0:
            partial += data
            if len(partial) >= _LINE_LIMIT:
                self._emit(bytes(partial))
                partial.clear()
            return
        end = nl + 1
        if partial:  # one copy: the pending piece and the chunk's lines joined
            self._emit(b"".join((partial, memoryview(data)[:end])))
            partial.clear()
        elif end == len(data):
            self._emit(data)
        else:
            self._emit(data[:end])
        if end < len(data):
            partial += memoryview(data)[end:]

    def _emit(self, chunk: bytes) -> None:
        self.combined.append(chunk)
        watch = self._watch
        if watch is not None:
            try:
                watch(chunk)
            except Exception as exc:
                self._watch = None
                self.watch_error = "%s: %s" % (type(exc).__name__, exc)
                logger.exception("output watcher failed; it will not be called again")

    # -- readers ---------------------------------------------------------------
    def tail(self, n: Optional[int] = None) -> bytes:
        """Newest ``n`` bytes of stdout and stderr together, in arrival order, line-aligned.

        Unterminated last lines still pending (while the child runs) are
        included, each on a line of its own.
        """
        pending = [bytes(s._partial) for s in (self.stdout, self.stderr) if s._partial]
        data = self.combined.tail(n)
        if pending:
            data = data + b"\n".join(pending)
        return data if n is None or len(data) <= n else data[len(data) - n:]

    def stats(self) -> OutputStats:
        return OutputStats(self.stdout.stats(), self.stderr.stats(), self.watch_error)

    @property
    def closed(self) -> bool:
        return self._closed

    def _finalize(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._flow = None
        for stream in (self.stdout, self.stderr):
            if stream._partial:
                self._emit(bytes(stream._partial))
                stream._partial.clear()
            if stream.echo is not None:
                stream.echo.finish()
        if self._writer is not None:
            self._writer.close()

    async def aclose(self) -> None:
        """Merge pending partial lines, end echo lines, and wait until the log files
        are written and closed, without blocking the loop. Idempotent; rings and
        counters stay readable afterwards.
        """
        self._finalize()
        if self._writer is not None:
            await self._writer.wait_closed()

    def close(self, timeout: Optional[float] = None) -> bool:
        """:meth:`aclose` for code outside the loop: blocks up to ``timeout`` s
        (None: until done); False if the files are not closed yet."""
        self._finalize()
        return self._writer is None or self._writer._finished.wait(timeout)

class _PipeReader(asyncio.Protocol):
    """Read end of one child pipe: every chunk straight into the output."""

    def __init__(self, owner: "OutputPipes", stream: StreamCapture) -> None:
        self._owner = owner
        self._stream = stream
        self._feed = owner.output.feed
        self.transport: Optional[asyncio.ReadTransport] = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self._feed(self._stream, data)

    def eof_received(self) -> bool:
        return False  # close the transport

    def connection_lost(self, exc: Optional[Exception]) -> None:
        if exc is not None:
            logger.debug("%s pipe closed with %r", self._stream.name, exc)
        self._owner._pipe_lost(self)


class OutputPipes:
    """The two pipes a child writes into, read by the loop's own pipe transports.

    :meth:`open` makes one real pipe per stream (``pipe_size`` bytes of kernel
    buffer when the kernel allows), starts reading the read ends and returns the
    write ends, which the caller hands to the child as stdout and stderr and
    then closes. ``closed`` resolves once both pipes reached EOF, i.e. every
    process holding a write end is gone. Real pipes under every loop (uvloop's
    own subprocess support hands children socketpairs, on which
    ``open("/dev/stdout")`` fails). Create it inside the running loop.
    """

    def __init__(self, output: Output) -> None:
        self.output = output
        self.closed: "asyncio.Future[None]" = asyncio.get_running_loop().create_future()
        self._readers: List[_PipeReader] = []

    async def open(self, pipe_size: int = 1 << 20) -> Tuple[int, int]:
        loop = asyncio.get_running_loop()
        ends: List[int] = []
        try:
            for stream in (self.output.stdout, self.output.stderr):
                r, w = os.pipe()
                ends.append(w)
                if pipe_size and _F_SETPIPE_SZ is not None:
                    try:
                        fcntl.fcntl(w, _F_SETPIPE_SZ, pipe_size)
                    except OSError:  # over the per-user pipe quota: keep the default
                        pass
                pipe = open(r, "rb", buffering=0)
                reader = _PipeReader(self, stream)
                self._readers.append(reader)
                try:
                    await loop.connect_read_pipe(lambda: reader, pipe)
                except BaseException:
                    self._readers.remove(reader)
                    pipe.close()
                    raise
            self.output._flow = self._reading
        except BaseException:
            for w in ends:
                os.close(w)
            self.close()
            raise
        return ends[0], ends[1]

    def _reading(self, on: bool) -> None:
        # Flow control asked for by the output's log writer (disk slower than the child).
        for reader in self._readers:
            transport = reader.transport
            if transport is not None and not transport.is_closing():
                transport.resume_reading() if on else transport.pause_reading()

    def _pipe_lost(self, reader: _PipeReader) -> None:
        reader.transport = None
        if all(r.transport is None for r in self._readers) and not self.closed.done():
            self.closed.set_result(None)

    def close(self) -> None:
        """Stop reading; pipes still open are closed (what they still held is lost)."""
        for reader in self._readers:
            if reader.transport is not None:
                reader.transport.close()
