"""A run directory written event by event through the real record layer (EventLog), with
the files a supervisor leaves (params.json, attempt logs, tail.txt, ckpt/), for the view
tests. Times are given, so the render is deterministic."""
import json
from pathlib import Path

from flashrun.record.events import Event, EventLog, EventType as T

EVIL = "<script>alert('x')</script>"


def write_run(run_dir, *, live_trial=False):
    """Three trials: t0 succeeds; t1 crashes once (worker_crash → restart_group) then
    succeeds; t2 prints EVIL and fails (application_error → fail_job). With *live_trial*
    a fourth, t3, is still running."""
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "spec.yaml").write_text(
        "name: demo\ncommand: python train.py --lr {lr}\ngrid: {lr: [0.1, 0.01, 0.001]}\n"
        "max_restarts: 2\nobjective: {metric: loss, mode: min}\n")
    ids = ["t0", "t1", "t2"] + (["t3"] if live_trial else [])
    lrs = {"t0": 0.1, "t1": 0.01, "t2": 0.001, "t3": 0.5}
    for tid in ids:
        (run_dir / "trials" / tid).mkdir(parents=True, exist_ok=True)
        (run_dir / "trials" / tid / "params.json").write_text(
            json.dumps({"lr": lrs[tid], "note": EVIL if tid == "t2" else "ok"}))
    log = EventLog(run_dir / "events.jsonl")
    ts = [1000.0]

    def emit(type, trial=None, attempt=None, dt=1.0, **data):
        ts[0] += dt
        log.append(Event(ts[0], type, trial, attempt, data))

    def attempt(tid, n, lines, final=None):
        adir = run_dir / "trials" / tid / ("attempt-%d" % n)
        adir.mkdir(parents=True, exist_ok=True)
        text = "".join(line + "\n" for line in lines)
        (adir / "stdout.log").write_text(text)
        (adir / "stderr.log").write_text("")
        (adir / "tail.txt").write_text(text)
        if final is not None:
            (adir / "metrics.json").write_text(json.dumps(final))

    for tid in ids:
        emit(T.TRIAL_QUEUED, tid, params={"lr": lrs[tid]}, dt=0.1)
    emit(T.LAUNCH_STARTED, "t0", 0, pid=999999, log_dir="x")
    emit(T.LAUNCH_STARTED, "t1", 0, pid=999999, log_dir="x")
    attempt("t0", 0, ['FLASHRUN_METRICS {"step": %d, "loss": %s}' % (s, 1.0 / (s + 1))
                      for s in range(5)])
    emit(T.ATTEMPT_EXITED, "t0", 0, returncode=0, dt=3)
    emit(T.RUN_SUCCEEDED, "t0", 0)
    attempt("t1", 0, ['FLASHRUN_METRICS {"step": 0, "loss": 2.0}',
                      "torchrun: rank 1 failed with exitcode -9"])
    emit(T.ATTEMPT_EXITED, "t1", 0, returncode=-9)
    emit(T.FAILURE_CLASSIFIED, "t1", 0, failure_class="worker_crash",
         evidence="torchrun: rank 1 failed with exitcode -9", rank=1, fingerprint="abc",
         markers=["signal"])
    emit(T.RECOVERY_ACTION_SELECTED, "t1", 0, action="restart_group",
         reason="a worker died of signal 9", policy_version="2026.11.1", delay_s=0.0)
    (run_dir / "trials" / "t1" / "ckpt" / "step-000000002").mkdir(parents=True)
    (run_dir / "trials" / "t1" / "ckpt" / "step-000000002" / "manifest.json").write_text("{}")
    emit(T.CHECKPOINT_SELECTED, "t1", None, path="ckpt/step-000000002", step=2)
    emit(T.LAUNCH_STARTED, "t1", 1, pid=999999, log_dir="x")
    attempt("t1", 1, ['FLASHRUN_METRICS {"step": %d, "loss": %s}' % (s, 0.5 / (s + 1))
                      for s in range(2, 6)])
    emit(T.ATTEMPT_EXITED, "t1", 1, returncode=0, dt=2)
    emit(T.RUN_SUCCEEDED, "t1", 1)
    emit(T.LAUNCH_STARTED, "t2", 0, pid=999999, log_dir="x")
    attempt("t2", 0, ["hello " + EVIL, "Traceback (most recent call last):",
                      "ValueError: bad value " + EVIL])
    emit(T.ATTEMPT_EXITED, "t2", 0, returncode=1)
    emit(T.FAILURE_CLASSIFIED, "t2", 0, failure_class="application_error",
         evidence="ValueError: bad value " + EVIL, rank=None)
    emit(T.RECOVERY_ACTION_SELECTED, "t2", 0, action="fail_job", reason="the code raised "
         + EVIL, policy_version="2026.11.1", delay_s=0.0)
    emit(T.RUN_FAILED, "t2", 0, reason="the code raised " + EVIL)
    if live_trial:
        emit(T.LAUNCH_STARTED, "t3", 0, pid=999999, log_dir="x")
        attempt("t3", 0, ["working"])
    log.close()
    return run_dir
