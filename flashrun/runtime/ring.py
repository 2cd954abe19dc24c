"""Bounded byte ring: the newest ``capacity`` bytes of a stream, nothing more.

Where it sits in the data flow (docs/architecture.md)::

    process → stream → [ring] → scan

``stream`` appends every chunk a child writes; when the run ends, ``scan``
reads the tail. The ring never grows past a small multiple of ``capacity``
whatever the child prints (a 100 MB line without a newline costs the same as
silence). It knows nothing of lines, encodings, asyncio or files.

Appending does not copy a ``bytes`` chunk of a useful size: the ring keeps a
reference to it (bytes are immutable) in a queue of chunks and drops the oldest
ones once the newer ones cover ``capacity``; so a flood is not copied at all on
its way through. Small pieces (and bytearray or memoryview data) are copied into
a pending buffer that becomes one chunk once it is big enough. Held bytes stay
below ``3 * capacity``; ``tail()`` joins what it needs.
"""
from __future__ import annotations

from collections import deque
from typing import Optional, Union

__all__ = ["ByteRing", "DEFAULT_CAPACITY"]

#: Default ring size per stream (256 KiB), enough for a few deep tracebacks.
DEFAULT_CAPACITY = 256 * 1024

BytesLike = Union[bytes, bytearray, memoryview]


class ByteRing:
    """Keep the last ``capacity`` bytes appended to it.

    ``total`` counts every byte ever appended, so ``dropped`` (``total - len``)
    says how much of the stream the ring no longer holds. Not thread-safe: one
    writer, readers on the same thread (the event loop).
    """

    __slots__ = ("_capacity", "_chunks", "_held", "_pending", "_small", "_total")

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity <= 0:
            raise ValueError("ring capacity must be positive, got %r" % (capacity,))
        self._capacity = int(capacity)
        self._small = max(1, min(4096, self._capacity // 8))  # smaller pieces are copied
        self._chunks: deque = deque()  # bytes, oldest first
        self._held = 0  # bytes in _chunks
        self._pending = bytearray()  # small pieces after the chunks, not yet a chunk
        self._total = 0

    @property
    def capacity(self) -> int:
        """The most bytes the ring holds."""
        return self._capacity

    @property
    def total(self) -> int:
        """Bytes appended since creation (or the last ``clear``)."""
        return self._total

    @property
    def dropped(self) -> int:
        """Bytes appended that the ring no longer holds (overwritten)."""
        return self._total - len(self)

    @property
    def held(self) -> int:
        """Bytes kept in memory (at least ``len``, below ``3 * capacity``)."""
        return self._held + len(self._pending)

    def __len__(self) -> int:
        return min(self._held + len(self._pending), self._capacity)

    def __bytes__(self) -> bytes:
        return self.tail()

    def __repr__(self) -> str:
        return "ByteRing(capacity=%d, len=%d, total=%d)" % (
            self._capacity, len(self), self._total)

    def append(self, data: BytesLike) -> None:
        """Append ``data`` (any contiguous bytes-like object), keeping the newest bytes."""
        n = len(data) if isinstance(data, (bytes, bytearray)) else memoryview(data).nbytes
        if n == 0:
            return
        cap = self._capacity
        self._total += n
        if type(data) is bytes and n >= self._small:
            self._seal()
            if n > 2 * cap:  # only the newest cap bytes of a huge chunk are kept
                data = data[n - cap:]
            self._chunks.append(data)
            self._held += len(data)
        else:
            pending = self._pending
            pending += data if isinstance(data, (bytes, bytearray)) else memoryview(data).cast("B")
            if len(pending) > cap:
                del pending[:len(pending) - cap]
                self._chunks.clear()
                self._held = 0
            elif len(pending) >= max(self._small, cap // 2):
                self._seal()
        chunks = self._chunks
        keep = len(self._pending)
        while chunks and self._held - len(chunks[0]) + keep >= cap:
            self._held -= len(chunks.popleft())

    def _seal(self) -> None:
        if self._pending:
            self._chunks.append(bytes(self._pending))
            self._held += len(self._pending)
            self._pending = bytearray()

    def tail(self, n: Optional[int] = None) -> bytes:
        """The newest ``n`` bytes held (all of them when ``n`` is None), oldest first."""
        size = len(self)
        k = size if n is None else max(0, min(int(n), size))
        if k == 0:
            return b""
        pieces = [bytes(self._pending)] if self._pending else []
        got = len(self._pending)
        for chunk in reversed(self._chunks):
            if got >= k:
                break
            pieces.append(chunk)
            got += len(chunk)
        if len(pieces) == 1 and len(pieces[0]) == k:
            return pieces[0]
        data = b"".join(reversed(pieces))
        return data[len(data) - k:]

    def clear(self) -> None:
        """Forget everything, counters included."""
        self._chunks.clear()
        self._held = 0
        self._pending = bytearray()
        self._total = 0
