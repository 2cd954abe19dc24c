"""Run one fault scenario under flashrun or under plain torchrun, and measure what happened.

Where it sits in the resilience benchmark::

    scenarios → [harness] → storm → report (benchmarks/resilience/__init__.py) → __main__

Both launchers run the same 2-rank gloo job with the same flags. flashrun runs
it through ``flashrun.run(nproc_per_node=2)``; the comparator is
``python -m torch.distributed.run --standalone --nproc-per-node 2
--max-restarts N`` in its own session, whose merged stdout/stderr is read line
by line and stamped with the wall clock on arrival.

The clock of each figure:

* the fault moment is the fault's own timestamp (the marker line the faulting
  rank writes just before it fires), the time the harness sent SIGKILL (the
  kill from outside), or the logging timestamp of the circuit-breaker line;
* flashrun decides at its ``recovery_action_selected`` event; torchrun at the
  arrival of its ``will restart worker group`` line (``LOGLEVEL=INFO``), or of
  its ``failed (exitcode ...)`` line when it gives up;
* the job is back when rank 0 prints the first step of the next attempt
  (``--log-time`` puts ``time.time()`` on every step line).

Plain torchrun has no hang detection: it is stopped after ``torchrun_cap_s``
and reported as hung.
"""
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import List, Optional, Tuple

from .scenarios import CKPT_EVERY, STEPS, Observed, Scenario, judge

REPO = Path(__file__).resolve().parents[2]
TRAIN = REPO / "examples" / "train_ddp.py"
FLAKY = REPO / "examples" / "train_with_flaky_data.py"
TRIAL = "run"  # flashrun.run's trial id

STEP = re.compile(rb"^step (\d+) \| loss \S+(?: \| time (\d+\.\d+))?")
BREAKER = re.compile(rb"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}) .*circuit breaker tripped")
TORCHRUN_RESTART = b"will restart worker group"
TORCHRUN_FAILED = b"failed (exitcode"


@dataclass(frozen=True)
class Settings:
    """Everything that shapes a run; written into the JSON next to the figures."""

    mode: str = "full"
    scenarios: Tuple[str, ...] = ()          # keys; empty = all
    torchrun: bool = True                    # run the plain-torchrun comparator
    steps: int = STEPS
    ckpt_every: int = CKPT_EVERY
    step_sleep: float = 0.05
    # Start-up counts as silence too: on a loaded 2-core box a relaunch once took
    # over 9 s to import torch, so 20 s keeps slow starts from reading as hangs.
    hang_timeout: float = 20.0
    grace: float = 5.0
    fatal_grace: float = 2.0
    max_restarts: int = 3
    torchrun_cap_s: float = 60.0
    storm_trials: int = 16
    storm_concurrency: int = 2
    storm_baseline: bool = True
    correlated_trials: int = 8
    correlated_concurrency: int = 4
    correlated_counterfactual: bool = True
    incident_threshold: int = 3
    incident_window_s: float = 5.0
    restart_backoff_s: float = 0.25

    def as_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}


def child_env(**extra) -> dict:
    """A clean environment for a job: none of our FLASHRUN_/torchrun variables, one thread."""
    drop = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "GROUP_RANK",
            "MASTER_ADDR", "MASTER_PORT")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FLASHRUN_", "TORCHELASTIC_")) and k not in drop}
    path = os.environ.get("PYTHONPATH")
    env.update(OMP_NUM_THREADS="1", PYTHONPATH=str(REPO) + (os.pathsep + path if path else ""))
    env.update({k: str(v) for k, v in extra.items()})
    return env


def job_args(sc: Optional[Scenario], st: Settings, marker: Path) -> List[str]:
    """The job's argv after the interpreter (the same for both launchers)."""
    if sc is not None and sc.script == "flaky_data":
        return [str(FLAKY), *sc.args]
    argv = [str(TRAIN), "--steps", str(st.steps), "--ckpt-every", str(st.ckpt_every),
            "--step-sleep", str(st.step_sleep), "--log-time"]
    if sc is not None:
        argv += list(sc.args)
        if sc.marker:
            argv += ["--fault-marker", str(marker)]
    return argv


# ------------------------------------------------------------------ processes

def _children() -> dict:
    out: dict = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            out.setdefault(ppid, []).append(int(entry))
    return out


def descendants(pid: int) -> List[int]:
    children, out, todo = _children(), [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def rank_pid(leader: int, rank: int) -> Optional[int]:
    """The worker process of *rank* under a torchrun *leader* (read from /proc environ)."""
    want = b"RANK=%d" % rank
    for pid in descendants(leader):
        try:
            with open("/proc/%d/environ" % pid, "rb") as f:
                if want in f.read().split(b"\0"):
                    return pid
        except OSError:
            continue
    return None


class Killer(threading.Thread):
    """SIGKILLs one rank from outside once rank 0's log shows ``step N``.

    ``log`` is polled (it is written live by flashrun or by the torchrun reader);
    ``leader()`` returns the torchrun leader's pid once known. ``t`` is the wall
    clock at the kill; ``step`` the last step printed before it.
    """

    def __init__(self, log, leader, rank: int, step: int, timeout: float = 120.0):
        super().__init__(name="resilience-killer", daemon=True)
        self.log, self.leader, self.rank, self.at = log, leader, rank, step
        self.timeout = timeout
        self.t: Optional[float] = None
        self.step: Optional[int] = None
        self.done = threading.Event()

    def run(self) -> None:
        deadline = time.monotonic() + self.timeout
        while not self.done.is_set() and time.monotonic() < deadline:
            steps = steps_in(self.log()) if self.log() and self.log().exists() else []
            leader = self.leader()
            if steps and steps[-1][0] >= self.at and leader:
                pid = rank_pid(leader, self.rank)
                if pid is not None:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:  # it exited between the look-up and the kill
                        continue
                    self.t = time.time()
                    self.step = steps_in(self.log())[-1][0]
                    return
            self.done.wait(0.01)


# ------------------------------------------------------------------ parsing

def steps_in(path: Optional[Path], lines=None) -> List[Tuple[int, Optional[float]]]:
    """``(step, time)`` of every step line of a log file (or of given lines)."""
    if lines is None:
        try:
            lines = Path(path).read_bytes().splitlines()
        except OSError:
            return []
    out = []
    for line in lines:
        m = STEP.match(line)
        if m:
            out.append((int(m.group(1)), float(m.group(2)) if m.group(2) else None))
    return out


def marker_times(path: Path) -> List[float]:
    try:
        return [json.loads(line)["t"] for line in path.read_text().splitlines() if line.strip()]
    except OSError:
        return []


def breaker_time(lines) -> Optional[float]:
    for line in lines:
        m = BREAKER.match(line)
        if m:
            when = datetime.datetime.strptime(m.group(1).decode(), "%Y-%m-%d %H:%M:%S")
            return when.timestamp() + int(m.group(2)) / 1000.0
    return None


def metrics_in(lines) -> Optional[dict]:
    for line in reversed(lines):
        if line.startswith(b"FLASHRUN_METRICS "):
            return json.loads(line.split(b" ", 1)[1])
    return None


def _since(t: Optional[float], t0: Optional[float]) -> Optional[float]:
    return None if t is None or t0 is None else round(t - t0, 3)


def _record(sc: Scenario, st: Settings, obs: Observed, *, fault_t, decided_t, back_t,
            fault_step, wall, fired, where, launcher, decisions, extra=None) -> dict:
    start = obs.start_step
    wrong = judge(sc.expected, obs, decisions=decisions, hang_timeout=st.hang_timeout)
    rec = {
        "fault": sc.fault, "key": sc.key, "launcher": launcher,
        "expected": sc.expected.summary(decisions), "observed": obs.summary(),
        "correct": not wrong, "mismatches": list(wrong), "why": sc.expected.why,
        "detect_s": _since(decided_t, fault_t), "recover_s": _since(back_t, fault_t),
        "attempts": obs.attempts, "state": obs.state,
        "failure_class": obs.failure_class, "action": obs.action,
        "fault_step": fault_step, "steps_preserved": start,
        "steps_recomputed": None if start is None or fault_step is None else fault_step - start,
        "skipped_checkpoints": list(obs.skipped), "bit_exact": obs.bit_exact,
        "fault_fired": fired, "wall_s": round(wall, 2), "where": str(where), "note": sc.note,
    }
    rec.update(extra or {})
    return rec


# ------------------------------------------------------------------ flashrun

def run_flashrun(sc: Scenario, st: Settings, work: Path, reference_sha: Optional[str]) -> dict:
    """One scenario under ``flashrun.run``; the measured record."""
    import flashrun
    from flashrun.record.events import EventType, read_events
    from flashrun.policy.budget import Backoff

    work.mkdir(parents=True, exist_ok=True)
    run_dir, marker = work / "run", work / "fault.jsonl"
    trial = run_dir / "trials" / TRIAL
    killer = None
    if sc.kill:
        def leader():
            try:
                evs = read_events(run_dir / "events.jsonl", strict=False)
            except OSError:
                return None
            return next((e.data["pid"] for e in evs
                         if e.type == EventType.LAUNCH_STARTED and e.attempt == 0), None)
        killer = Killer(lambda: trial / "attempt-0" / "stdout.log", leader, *sc.kill)
        killer.start()
    said: List[str] = []
    t0 = time.time()
    try:
        res = flashrun.run([sys.executable] + job_args(sc, st, marker), nproc_per_node=2,
                           run_dir=run_dir, max_restarts=st.max_restarts,
                           hang_timeout=st.hang_timeout, grace=st.grace,
                           fatal_grace=st.fatal_grace, env=child_env(), cwd=str(work),
                           backoff=Backoff(restart_base=st.restart_backoff_s), say=said.append)
    finally:
        if killer is not None:
            killer.done.set()
            killer.join()
    wall = time.time() - t0
    evs = read_events(run_dir / "events.jsonl")
    decided = [e for e in evs if e.type == EventType.RECOVERY_ACTION_SELECTED]
    exited = [e for e in evs if e.type == EventType.ATTEMPT_EXITED]
    attempts = sorted((int(p.name.split("-")[1]), p) for p in trial.glob("attempt-*"))
    logs = [(p / "stdout.log").read_bytes().splitlines() + (p / "stderr.log").read_bytes()
            .splitlines() for _, p in attempts]
    fault_t = (killer.t if killer else None) or next(iter(marker_times(marker)), None) \
        or (breaker_time(logs[0]) if logs else None)
    first = steps_in(None, logs[0]) if logs else []
    fault_step = killer.step if killer and killer.step is not None else \
        (first[-1][0] if first else None)
    back = [s for log in logs[1:] for s in steps_in(None, log)]  # first step of any relaunch
    metrics = metrics_in(logs[-1]) if res.succeeded and logs else None
    d0 = res.decisions[0] if res.decisions else None
    obs = Observed(
        state=res.state.value, attempts=res.attempts,
        failure_class=d0.failure_class.value if d0 else None,
        action=d0.action.value if d0 else None,
        start_step=metrics["start_step"] if metrics and res.attempts > 1 else None,
        skipped=tuple(metrics["skipped_checkpoints"]) if metrics else (),
        bit_exact=None if metrics is None or reference_sha is None
        else metrics["weights_sha256"] == reference_sha,
        detect_s=_since(decided[0].ts if decided else None, fault_t))
    return _record(sc, st, obs, fault_t=fault_t, decided_t=decided[0].ts if decided else None,
                   back_t=back[0][1] if back else None, fault_step=fault_step, wall=wall,
                   fired=len(marker_times(marker)) if sc.marker else (1 if fault_t else 0),
                   where=run_dir, launcher="flashrun",
                   decisions=True, extra={
                       "conclusions": said, "actions": [e.data["action"] for e in decided],
                       # fault → the torchrun group flashrun launched had exited (its own
                       # detection and shutdown), and exit → flashrun's decision
                       "group_exit_s": _since(exited[0].ts if exited else None, fault_t),
                       "decide_ms": None if not (exited and decided) else
                       round(1000 * (decided[0].ts - exited[0].ts), 1)})


# ------------------------------------------------------------------ plain torchrun

class _Reader(threading.Thread):
    """Reads the merged output line by line: ``(arrival time, line)``, copied to a log file."""

    def __init__(self, stream, log: Path):
        super().__init__(name="resilience-reader", daemon=True)
        self.stream, self.log, self.lines = stream, log, []

    def run(self) -> None:
        with open(self.log, "wb") as out:
            for line in iter(self.stream.readline, b""):
                self.lines.append((time.time(), line.rstrip(b"\n")))
                out.write(line)
                out.flush()


def torchrun(args: List[str], st: Settings, work: Path, cap: float, restarts: int,
             kill: Optional[Tuple[int, int]] = None):
    """Run plain torchrun; ``(returncode or None when capped, [(t, line)], killer, wall)``."""
    work.mkdir(parents=True, exist_ok=True)
    log = work / "torchrun.log"
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node",
           "2", "--max-restarts", str(restarts), *args]
    t0 = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=work,
                            env=child_env(LOGLEVEL="INFO"), start_new_session=True)
    reader = _Reader(proc.stdout, log)
    reader.start()
    killer = Killer(lambda: log, lambda: proc.pid, *kill) if kill else None
    if killer:
        killer.start()
    rc: Optional[int]
    try:
        rc = proc.wait(timeout=cap)
    except subprocess.TimeoutExpired:
        rc = None
        family = descendants(proc.pid)
        proc.send_signal(signal.SIGTERM)  # torchrun stops its workers on SIGTERM
        try:
            proc.wait(timeout=st.grace)
        except subprocess.TimeoutExpired:
            pass
        for pid in family + [proc.pid]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait()
    finally:
        if killer:
            killer.done.set()
            killer.join()
        reader.join(timeout=30)
        proc.stdout.close()
    return rc, reader.lines, killer, time.time() - t0


def run_torchrun(sc: Scenario, st: Settings, work: Path, reference_sha: Optional[str]) -> dict:
    """One scenario under plain torchrun ``--max-restarts N``; the measured record."""
    marker = work / "fault.jsonl"
    rc, lines, killer, wall = torchrun(job_args(sc, st, marker), st, work, st.torchrun_cap_s,
                                       st.max_restarts, sc.kill)
    text = [line for _, line in lines]
    cuts = [i for i, (_, line) in enumerate(lines) if TORCHRUN_RESTART in line]
    segments = [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]
    fault_t = (killer.t if killer else None) or next(iter(marker_times(marker)), None) \
        or breaker_time(text)
    reaction = next((t for t, line in lines if TORCHRUN_RESTART in line), None) or \
        next((t for t, line in lines if TORCHRUN_FAILED in line and (fault_t is None or
                                                                     t >= fault_t)), None)
    first = steps_in(None, segments[0])
    back = [s for seg in segments[1:] for s in steps_in(None, seg)]  # any relaunch
    metrics = metrics_in(text) if rc == 0 else None
    attempts = len(segments)
    state = "hung" if rc is None else "succeeded" if rc == 0 else "failed"
    died = sum(1 for seg in segments[1:] if any(b"connectFullMesh failed" in x for x in seg))
    stuck = rc is None and attempts > 1 and not steps_in(None, segments[-1])
    notes = tuple(n for n in (
        "%d relaunch%s died in gloo init" % (died, "" if died == 1 else "es") if died else "",
        "relaunch %d printed nothing: hung at start-up" % (attempts - 1) if stuck else "",
        "stopped at the %gs cap" % st.torchrun_cap_s if rc is None else "") if n)
    obs = Observed(
        state=state, attempts=attempts,
        start_step=metrics["start_step"] if metrics and attempts > 1 else None,
        skipped=tuple(metrics["skipped_checkpoints"]) if metrics else (),
        bit_exact=None if metrics is None or reference_sha is None
        else metrics["weights_sha256"] == reference_sha,
        detect_s=_since(reaction, fault_t), extra=notes)
    fault_step = killer.step if killer and killer.step is not None else \
        (first[-1][0] if first else None)
    extra = {"returncode": rc, "capped_at_s": st.torchrun_cap_s if rc is None else None,
             "relaunches_died_in_gloo_init": died, "last_relaunch_hung_at_start": stuck}
    return _record(sc, st, obs, fault_t=fault_t, decided_t=reaction,
                   back_t=back[0][1] if back else None, fault_step=fault_step, wall=wall,
                   fired=len(marker_times(marker)) if sc.marker else (1 if fault_t else 0),
                   where=work / "torchrun.log", launcher="torchrun", decisions=False, extra=extra)


def reference(st: Settings, work: Path) -> dict:
    """The uninterrupted run every final model is compared with (plain torchrun, no fault)."""
    rc, lines, _, wall = torchrun(job_args(None, st, work / "unused"), st, work,
                                  st.torchrun_cap_s, 0)
    metrics = metrics_in([line for _, line in lines]) if rc == 0 else None
    if metrics is None:
        raise RuntimeError("the uninterrupted reference run failed (rc %s); see %s"
                           % (rc, work / "torchrun.log"))
    return {"weights_sha256": metrics["weights_sha256"], "steps": metrics["steps"],
            "wall_s": round(wall, 2), "where": str(work / "torchrun.log")}
