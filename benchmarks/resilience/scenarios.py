"""The fault matrix: each fault, how it is injected, and the outcome a launcher should produce.

Where it sits in the resilience benchmark::

    [scenarios] → harness (runs one scenario under flashrun or plain torchrun, measures)
                → storm (sweeps) → report (__init__.py: table, JSON)
                → __main__ / benchmarks/bench_resilience.py

Data only: no processes, no clock. Every expected outcome is fixed here, with a
one-line reason, before anything runs; the harness measures what happened and
``judge`` compares the two. The same expectation judges both launchers (it is
what a launcher *should* do), so plain torchrun is marked wrong where it does
something else (restarting a missing import, hanging until killed).

All ``train_ddp.py`` scenarios run the same job (``JOB_ARGS`` + the settings'
step count): 2 gloo ranks, a checkpoint every 10 steps, ``--log-time`` step
lines. A transient fault fires once per scenario whichever launcher relaunches
it (``--crash-once`` with a marker file; plain torchrun sets no
``$FLASHRUN_ATTEMPT``); a deterministic one (a missing module, an OOM, a data
outage) fires on every attempt, as it would for real.
"""
from dataclasses import dataclass, field
from typing import Optional, Tuple

STEPS = 30
CKPT_EVERY = 10
# One-shot: fire on whichever attempt first gets there, and never again (marker file).
ONCE = ("--crash-attempt", "-1", "--crash-once")
# Deterministic: fire on every attempt.
ALWAYS = ("--crash-attempt", "-1")


@dataclass(frozen=True)
class Expected:
    """What a launcher should end with. ``None`` fields are not judged.

    ``failure_class``/``action``: flashrun's first decision (plain torchrun has
    none, so they are not judged there). ``attempts``: launches of the group in
    all. ``start_step``: where the relaunched job resumed. ``skipped``:
    checkpoints it must pass over. ``bit_exact``: the final weights equal the
    uninterrupted run's. ``detect_fraction``: time to detect must be under this
    fraction of the hang timeout (a death notice must not wait for the hang
    detector).
    """

    state: str
    attempts: int
    why: str
    failure_class: Optional[str] = None
    action: Optional[str] = None
    start_step: Optional[int] = None
    skipped: Tuple[str, ...] = ()
    bit_exact: Optional[bool] = None
    detect_fraction: Optional[float] = None

    def summary(self, decisions: bool = True) -> str:
        """One line; ``decisions=False`` leaves out class and action (plain torchrun has none)."""
        head = "%s/%s → " % (self.failure_class, self.action) \
            if decisions and self.failure_class else ""
        return head + outcome_words(self.state, self.attempts, self.start_step, self.bit_exact)


@dataclass(frozen=True)
class Scenario:
    """One fault. ``script``: ``train_ddp`` or ``flaky_data``; ``args``: its fault
    flags; ``kill``: ``(rank, step)`` when the harness itself SIGKILLs that rank
    from outside once rank 0 prints ``step <step>``; ``marker``: the script
    records the fault's own time in a marker file (``--fault-marker``)."""

    key: str
    fault: str
    expected: Expected
    script: str = "train_ddp"
    args: Tuple[str, ...] = ()
    kill: Optional[Tuple[int, int]] = None
    marker: bool = True
    note: str = ""
    smoke: bool = False

    @property
    def one_shot(self) -> bool:
        return "--crash-once" in self.args


def _resumed(start, skipped=(), **kw):
    return dict(state="succeeded", attempts=2, start_step=start, skipped=skipped,
                bit_exact=True, **kw)


SCENARIOS: Tuple[Scenario, ...] = (
    Scenario(
        "import_error", "ModuleNotFoundError at start-up on rank 1 (behind [rank1]:)",
        Expected("failed", 1, "a missing module fails the same way on every attempt: "
                 "a restart only burns the budget", "application_error", "fail_job"),
        args=("--crash-mode", "import_after_init", "--crash-rank", "1") + ALWAYS, smoke=True,
        note="the import runs after init_process_group, so torch's excepthook prefixes it"),
    Scenario(
        "system_exit", "SystemExit(3) on rank 1 after step 15",
        Expected(why="exit status 3 with no traceback is no evidence of a bug: one group "
                 "restart from step 10 is the cheap right move", failure_class="unknown",
                 action="restart_group", **_resumed(10)),
        args=("--crash-at", "15", "--crash-mode", "exit", "--crash-rank", "1") + ONCE),
    Scenario(
        "sigkill_outside", "SIGKILL of rank 1 from outside, mid-run (after step 12)",
        Expected(why="a signal death is a transient worker crash: restart the group from "
                 "its newest checkpoint", failure_class="worker_crash",
                 action="restart_group", **_resumed(10)),
        kill=(1, 12), marker=False, smoke=True,
        note="the harness kills the rank's pid (found under the torchrun leader) as soon as "
             "rank 0 has printed step 12; 8 steps of margin before the step-20 checkpoint"),
    Scenario(
        "kill_in_ckpt_write", "SIGKILL inside the checkpoint write (parts on disk, no manifest)",
        Expected(why="the writer was killed: restart, pass over the torn step-20 and "
                 "resume from step 10", failure_class="worker_crash", action="restart_group",
                 **_resumed(10, ("step-000000020",))),
        args=("--crash-at", "15", "--crash-mode", "kill_in_ckpt_write") + ONCE),
    Scenario(
        "corrupt_ckpt", "newest checkpoint corrupted (a flipped byte in a part), then SIGKILL",
        Expected(why="a killed rank is restarted; the corrupt step-20 fails its hash and "
                 "the job falls back to step 10", failure_class="worker_crash",
                 action="restart_group", **_resumed(10, ("step-000000020",))),
        args=("--crash-at", "25", "--crash-mode", "corrupt_ckpt", "--crash-rank", "1") + ONCE),
    Scenario(
        "hang", "rank 1 hangs after step 15; rank 0 blocks in the gradient all-reduce",
        Expected(why="no output and no heartbeat: the hang detector stops the group and "
                 "restarts it", failure_class="hang", action="restart_group", **_resumed(10)),
        args=("--crash-at", "15", "--crash-mode", "hang", "--crash-rank", "1") + ONCE),
    Scenario(
        "watchdog_hang", "rank 1 prints an NCCL watchdog timeout line, then hangs",
        Expected(why="the watchdog line is a death notice: act on it at once, long before "
                 "the hang timeout", failure_class="communication_error",
                 action="restart_group", detect_fraction=0.5, **_resumed(10)),
        args=("--crash-at", "15", "--crash-mode", "nccl_timeout", "--crash-rank", "1") + ONCE,
        smoke=True, note="the NCCL line is simulated text (gloo on CPU has no NCCL watchdog)"),
    Scenario(
        "circuit_breaker", "CircuitBreakerTripped from the batch coordinator (data outage)",
        Expected("failed", 1, "the feature service is down for good: restarting walks "
                 "into the same outage", "data_error", "fail_job"),
        script="flaky_data", args=("--steps", "20", "--num-workers", "0", "--fail-burst-at", "6"),
        marker=False, note="examples/train_with_flaky_data.py; the outage persists across attempts"),
    Scenario(
        "oom", "torch.OutOfMemoryError on rank 1 at step 5",
        Expected("failed", 1, "the same batch on the same memory runs out again: fail fast "
                 "and let a person shrink it", "out_of_memory", "fail_job"),
        args=("--crash-at", "5", "--crash-mode", "oom", "--crash-rank", "1") + ALWAYS,
        note="simulated: a real torch.OutOfMemoryError with CUDA's message, raised on CPU "
             "(this machine has no GPU)"),
)

BY_KEY = {s.key: s for s in SCENARIOS}


def outcome_words(state: str, attempts: Optional[int], start_step: Optional[int],
                  bit_exact: Optional[bool]) -> str:
    words = [state]
    if attempts is not None:
        words.append("%d attempt%s" % (attempts, "" if attempts == 1 else "s"))
    if start_step is not None:
        words.append("resumed@%d" % start_step)
    if bit_exact is not None:
        words.append("bit-exact" if bit_exact else "weights DIFFER")
    return ", ".join(words)


@dataclass(frozen=True)
class Observed:
    """What a launcher did, as measured (the harness fills it)."""

    state: str                          # succeeded | failed | hung (stopped at the cap)
    attempts: Optional[int]
    failure_class: Optional[str] = None
    action: Optional[str] = None
    start_step: Optional[int] = None
    skipped: Tuple[str, ...] = ()
    bit_exact: Optional[bool] = None
    detect_s: Optional[float] = None
    extra: Tuple[str, ...] = field(default=())

    def summary(self) -> str:
        head = "%s/%s → " % (self.failure_class, self.action) if self.failure_class else ""
        tail = " (%s)" % "; ".join(self.extra) if self.extra else ""
        return head + outcome_words(self.state, self.attempts, self.start_step,
                                    self.bit_exact) + tail


def judge(expected: Expected, observed: Observed, *, decisions: bool,
          hang_timeout: float) -> Tuple[str, ...]:
    """Every way *observed* differs from *expected* (empty: correct). ``decisions``:
    the launcher classifies (flashrun) so class and action are judged too."""
    wrong = []

    def check(name, want, got):
        if want is not None and want != got:
            wrong.append("%s: expected %s, got %s" % (name, want, got))

    check("state", expected.state, observed.state)
    check("attempts", expected.attempts, observed.attempts)
    if decisions:
        check("class", expected.failure_class, observed.failure_class)
        check("action", expected.action, observed.action)
    check("resumed from", expected.start_step, observed.start_step)
    if expected.state == "succeeded":
        check("skipped checkpoints", list(expected.skipped), list(observed.skipped))
    check("bit-exact", expected.bit_exact, observed.bit_exact)
    if expected.detect_fraction is not None:
        bound = expected.detect_fraction * hang_timeout
        if observed.detect_s is None or observed.detect_s >= bound:
            wrong.append("detect: expected < %.1fs (%.0f%% of the %.0fs hang timeout), got %s"
                         % (bound, 100 * expected.detect_fraction, hang_timeout,
                            "never" if observed.detect_s is None else "%.1fs" % observed.detect_s))
    return tuple(wrong)
