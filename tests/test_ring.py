"""flashrun.runtime.ring: the bounded byte ring keeps exactly the newest bytes."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from flashrun.runtime.ring import DEFAULT_CAPACITY, ByteRing


def test_empty():
    ring = ByteRing(8)
    assert len(ring) == 0 and ring.total == 0 and ring.dropped == 0
    assert ring.tail() == b"" and ring.tail(3) == b"" and bytes(ring) == b""


def test_default_capacity_is_256_kib():
    assert ByteRing().capacity == DEFAULT_CAPACITY == 256 * 1024


@pytest.mark.parametrize("capacity", [0, -1])
def test_capacity_must_be_positive(capacity):
    with pytest.raises(ValueError):
        ByteRing(capacity)


def test_wraps_and_keeps_newest():
    ring = ByteRing(8)
    ring.append(b"abcde")
    ring.append(b"fghij")
    assert ring.tail() == b"cdefghij"
    assert ring.tail(3) == b"hij"
    assert ring.tail(100) == b"cdefghij"
    assert ring.tail(0) == b""
    assert (len(ring), ring.total, ring.dropped) == (8, 10, 2)


def test_chunk_larger_than_capacity():
    ring = ByteRing(4)
    ring.append(b"xy")
    ring.append(b"0123456789")
    assert ring.tail() == b"6789" and ring.total == 12 and ring.dropped == 8
    ring.append(b"A")
    assert ring.tail() == b"789A"


def test_exact_fill_and_boundary():
    ring = ByteRing(4)
    ring.append(b"abcd")
    assert ring.tail() == b"abcd"
    ring.append(b"ef")
    assert ring.tail() == b"cdef" and ring.tail(2) == b"ef"


def test_accepts_any_bytes_like():
    ring = ByteRing(16)
    ring.append(bytearray(b"ab"))
    ring.append(memoryview(b"xxcdxx")[2:4])
    ring.append(memoryview(bytearray(b"ef")))
    assert ring.tail() == b"abcdef"


def test_binary_bytes_are_exact():
    data = bytes(range(256)) * 3
    ring = ByteRing(300)
    ring.append(data)
    assert ring.tail() == data[-300:]


def test_clear():
    ring = ByteRing(4)
    ring.append(b"abcdef")
    ring.clear()
    assert ring.tail() == b"" and ring.total == 0
    ring.append(b"z")
    assert ring.tail() == b"z"


def test_memory_is_bounded():
    ring = ByteRing(1024)
    for _ in range(1000):
        ring.append(b"x" * 777)
    assert ring.held < 3 * 1024 and len(ring) == 1024


@settings(max_examples=300, deadline=None)
@given(capacity=st.integers(1, 64),
       chunks=st.lists(st.binary(max_size=150), max_size=30),
       n=st.one_of(st.none(), st.integers(-5, 200)))
def test_matches_reference(capacity, chunks, n):
    ring = ByteRing(capacity)
    everything = b""
    for chunk in chunks:
        ring.append(chunk)
        everything += chunk
        assert ring.tail() == everything[-capacity:] if everything else ring.tail() == b""
        assert ring.held < 3 * capacity
    kept = everything[len(everything) - min(len(everything), capacity):]
    expect = kept if n is None else kept[len(kept) - max(0, min(n, len(kept))):]
    assert ring.tail(n) == expect
    assert ring.total == len(everything)
    assert ring.dropped == len(everything) - len(kept)


def test_big_bytes_chunks_are_kept_by_reference():
    ring = ByteRing(8)
    big = b"0123456789abcdef"
    ring.append(big)
    assert ring.tail() == b"89abcdef" and ring.tail(3) == b"def"
    assert ring._chunks[-1] is big  # kept, not copied
    ring.append(bytearray(b"XY"))  # small pieces and bytearrays are copied
    assert ring.tail() == b"abcdefXY" and ring.total == 18 and ring.dropped == 10
    ring.append(b"z" * 8)
    assert ring.tail(9) == b"z" * 8 and ring.held < 3 * 8
    ring.append(memoryview(b"0123456789" * 10)[3:40])
    assert ring.tail() == (b"0123456789" * 10)[32:40]
