"""One home for every default a user can change: the numbers behind ``run``, ``sweep``,
the CLI and grid.yaml.

A leaf of the import graph (docs/architecture.md, "Defaults"): every layer may import it; ``GroupSpec`` and
``SweepSpec`` carry these values; the front doors read them from here and nowhere else,
so a default cannot drift between doors. Seconds are always named ``*_s`` here and
spelled ``seconds`` in user-facing help.
"""
# Relaunches allowed after the first attempt (every door: run, sweep, CLI, grid.yaml).
MAX_RESTARTS = 3
# Seconds without output or heartbeat that mean "hung"; None: hang detection off
# (silence length is workload-specific, so it is opt-in everywhere).
HANG_TIMEOUT_S = None
# Before the first sign of life a group may be silent this many times hang_timeout
# (start-up: imports, rendezvous, data loading), unless startup_timeout is given.
STARTUP_FACTOR = 2.0
# Seconds between SIGTERM and SIGKILL when flashrun stops a group.
GRACE_S = 45.0
# Seconds a group may live after a fatal marker (NCCL watchdog, ECC, Xid) appeared live.
FATAL_GRACE_S = 10.0
# Bytes of each stream's newest output kept in memory (the tail the scanner reads).
RING_SIZE = 256 * 1024
# Failures of this many distinct trials ...
INCIDENT_THRESHOLD = 3
# ... inside this many seconds are one incident: automation freezes.
INCIDENT_WINDOW_S = 60.0
# Restart backoff: the first restart is immediate, then base * 2**(n-2) up to the cap.
RESTART_BACKOFF_BASE_S = 1.0
RESTART_BACKOFF_CAP_S = 30.0
# Pause backoff (a dead dependency): base * 2**(n-1) up to the cap.
PAUSE_BACKOFF_BASE_S = 5.0
PAUSE_BACKOFF_CAP_S = 300.0
# Trials run at once in a sweep (process slots: a torchrun trial takes nproc of them).
CONCURRENCY = 1
