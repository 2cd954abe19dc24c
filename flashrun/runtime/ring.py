"""Bounded byte ring: the newest ``capacity`` bytes of a stream, nothing more.

Where it sits in the data flow (docs/architecture.md)::

    process → stream → [ring] → scan

``stream`` appends every chunk a child writes; when the run ends, ``scan``
reads the tail. The ring never grows: memory per stream is ``capacity`` bytes
whatever the child prints (a 100 MB line without a newline costs the same as
silence). It knows nothing of lines, encodings, asyncio or files; appending is
one or two slice copies into a preallocated ``bytearray``, or none at all when one
``bytes`` chunk covers the whole ring (a flood): the ring then keeps a reference to
that immutable chunk and copies it only if a smaller append follows.
"""
from __future__ import annotations

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

    __slots__ = ("_buf", "_capacity", "_end", "_size", "_total", "_whole")

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        if capacity <= 0:
            raise ValueError("ring capacity must be positive, got %r" % (capacity,))
        self._capacity = int(capacity)
        self._buf = bytearray()  # allocated on first append: creating a ring is free
        self._end = 0  # index one past the newest byte
        self._size = 0  # bytes currently held
        self._total = 0
        self._whole: Optional[bytes] = None  # when set: the ring is this chunk's last bytes

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
        return self._total - self._size

    def __len__(self) -> int:
        return self._size

    def __bytes__(self) -> bytes:
        return self.tail()

    def __repr__(self) -> str:
        return "ByteRing(capacity=%d, len=%d, total=%d)" % (
            self._capacity, self._size, self._total)

    def append(self, data: BytesLike) -> None:
        """Append ``data`` (any contiguous bytes-like object), keeping the newest bytes."""
        view = data if isinstance(data, (bytes, bytearray)) else memoryview(data).cast("B")
        n = len(view)
        if n == 0:
            return
        cap = self._capacity
        if n >= cap and type(data) is bytes:  # immutable and covers the ring: no copy
            self._whole = data
            self._total += n
            self._size = cap
            return
        buf = self._buf
        if not buf:
            buf = self._buf = bytearray(cap)
        if self._whole is not None:  # a smaller append follows: lay the chunk out first
            whole, self._whole = self._whole, None
            buf[:] = memoryview(whole)[len(whole) - cap:]
            self._end = 0
        self._total += n
        if n >= cap:
            # Only the last `cap` bytes survive; lay them out from index 0.
            buf[:] = memoryview(view)[n - cap:]
            self._end = 0
            self._size = cap
            return
        end = self._end
        first = cap - end
        if n <= first:
            buf[end:end + n] = view
        else:
            mv = memoryview(view)
            buf[end:] = mv[:first]
            buf[:n - first] = mv[first:]
        self._end = (end + n) % cap
        size = self._size + n
        self._size = size if size < cap else cap

    def tail(self, n: Optional[int] = None) -> bytes:
        """The newest ``n`` bytes held (all of them when ``n`` is None), oldest first."""
        size = self._size
        k = size if n is None else max(0, min(int(n), size))
        if k == 0:
            return b""
        whole = self._whole
        if whole is not None:
            return whole if k == len(whole) else whole[len(whole) - k:]
        cap = self._capacity
        start = (self._end - k) % cap
        buf = self._buf
        if start + k <= cap:
            return bytes(buf[start:start + k])
        return bytes(buf[start:]) + bytes(buf[:self._end])

    def clear(self) -> None:
        """Forget everything, counters included (the memory is kept)."""
        self._end = 0
        self._size = 0
        self._total = 0
        self._whole = None
