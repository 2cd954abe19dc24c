"""Which markers seen in live output end a group before it exits by itself.

Observe step of the data flow (docs/architecture.md, "Process rules"): the runtime's live
scanner raises an alarm when a line carries one of these markers, waits the spec's
``fatal_grace`` and then stops the group. Which markers count is policy, so it lives here;
the attempt (mechanism) only asks. Pure: no I/O.
"""
from flashrun.scan._types import MARKER_BIT

# A collective that timed out (the NCCL watchdog), a GPU that reported uncorrectable
# memory errors or fell off the bus, an NCCL communicator error: the group cannot recover
# in place, and waiting for it to exit on its own can take the watchdog's full timeout.
FATAL_MARKERS = frozenset({"watchdog", "ecc", "xid", "gpu_lost", "nccl"})
FATAL_MASK = sum(MARKER_BIT[m] for m in FATAL_MARKERS)
