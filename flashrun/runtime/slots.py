"""Process slots of one machine: how many trials of a sweep run at once.

Runtime layer of the data flow (docs/architecture.md): the sweep acquires ``n`` slots
before it supervises a trial (a torchrun trial takes one per rank) and releases them when
the trial ends. FIFO, so a wide trial is not starved by narrow ones behind it.
"""
import asyncio
from collections import deque


class Slots:
    """A FIFO weighted semaphore: a trial waits for ``n`` process slots in arrival order."""

    def __init__(self, capacity: int):
        self.capacity = self.free = capacity
        self._waiters: deque = deque()

    async def acquire(self, n: int) -> None:
        n = min(n, self.capacity)
        while self._waiters and self._waiters[0][1].done():  # cancelled waiters left behind
            self._waiters.popleft()
        if not self._waiters and self.free >= n:
            self.free -= n
            return
        fut = asyncio.get_running_loop().create_future()
        entry = [n, fut]
        self._waiters.append(entry)
        try:
            await fut
        except BaseException:
            # A cancelled entry stays queued and is skipped (O(1), not a scan of the queue).
            if fut.done() and not fut.cancelled():
                self.release(n)
            else:
                fut.cancel()
                self.release(0)  # the entries behind it may fit now
            raise

    def release(self, n: int) -> None:
        self.free += min(n, self.capacity)
        while self._waiters and (self._waiters[0][1].done() or self._waiters[0][0] <= self.free):
            n, fut = self._waiters.popleft()
            if not fut.done():
                self.free -= n
                fut.set_result(None)
