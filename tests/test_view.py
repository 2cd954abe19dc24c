"""flashrun.view.terminal: plain lines for pipes, a rich live table for terminals; both read RunState only."""
import io
import re
import sys
import time
import types

import pytest
from rich.console import Console

from flashrun import spec as S
from flashrun.view import terminal as V
from flashrun.record.events import Event, EventType as T
from flashrun.record.state import RunState, TrialState, fold

SPEC = S.from_mapping({
    "name": "lr-sweep", "command": "python train.py --lr {lr} --seed {seed} --steps {steps}",
    "grid": {"lr": [0.1, 0.01], "seed": [0, 1], "steps": [5]}, "concurrency": 4,
    "torchrun": {"nproc_per_node": 2}, "objective": {"metric": "final_loss", "mode": "min"},
})
IDS = [t.trial_id for t in SPEC.trials]
ANSI = re.compile(r"\x1b")


class Run:
    """Builds a RunState event by event, at fake wall times."""

    def __init__(self):
        self.events = [Event(100.0, T.TRIAL_QUEUED, i) for i in IDS]
        self.ts = 100.0

    def add(self, type, trial=None, attempt=None, dt=1.0, **data):
        self.ts += dt
        self.events.append(Event(self.ts, type, trial, attempt, data))
        return self

    @property
    def state(self):
        return fold(self.events)


def plain(verbose=False):
    out = io.StringIO()
    return V.PlainView(out, SPEC, run_dir="runs/lr-sweep-1", verbose=verbose,
                       wall=lambda: 1000.0, monotonic=lambda: 50.0), out


def lines(out):
    return out.getvalue().splitlines()


def test_plain_one_line_per_change_and_none_when_nothing_changed():
    view, out = plain()
    run = Run()
    view.update(run.state)
    assert lines(out) == ["[lr-sweep] 4 trials queued"]
    run.add(T.LAUNCH_STARTED, IDS[0], 0)
    view.update(run.state)
    view.update(run.state)
    view.update(run.state, {IDS[0]: V.TrialLive(last_line="step 3")})
    assert lines(out)[1:] == ["[lr-sweep] t000 RUNNING attempt 0/3 (lr=0.1 seed=0)"]
    run.add(T.ATTEMPT_EXITED, IDS[0], 0, returncode=-9)  # a fact, not a state change
    run.add(T.FAILURE_CLASSIFIED, IDS[0], 0, failure_class="worker_crash")
    view.update(run.state)
    assert len(lines(out)) == 2
    run.add(T.RECOVERY_ACTION_SELECTED, IDS[0], 0, action="restart_group",
            reason="a rank was killed")
    run.add(T.CHECKPOINT_SELECTED, IDS[0], 1, step=10)
    run.add(T.LAUNCH_STARTED, IDS[0], 1)
    view.update(run.state)  # two changes folded into one update: the latest is reported
    assert lines(out)[2:] == ["[lr-sweep] t000 RUNNING attempt 1/3 (lr=0.1 seed=0) from step 10"]
    run.add(T.RUN_SUCCEEDED, IDS[0], 1, dt=40.0)
    view.update(run.state, {IDS[0]: V.TrialLive(last_metric={"steps": 5, "final_loss": 0.25})})
    assert lines(out)[3] == "[lr-sweep] t000 SUCCEEDED in 45s final_loss=0.25"  # the objective
    assert not ANSI.search(out.getvalue())


def test_plain_failure_freeze_resume_and_close():
    view, out = plain()
    run = Run()
    view.update(run.state)
    run.add(T.LAUNCH_STARTED, IDS[1], 0)
    run.add(T.FAILURE_CLASSIFIED, IDS[1], 0, failure_class="application_error")
    run.add(T.ATTEMPT_EXITED, IDS[1], 0, returncode=1)
    run.add(T.RUN_FAILED, IDS[1], 0, reason="KeyError: 'x'\n\x1b[31mred\x1b[0m")
    view.update(run.state)
    assert lines(out)[-1] == ("[lr-sweep] t001 FAILED application_error: KeyError: 'x' red "
                              "(exit 1)")
    run.add(T.AUTOMATION_FROZEN, reason="5 trials failed in 60s")
    view.update(run.state)
    assert lines(out)[-1] == ("[lr-sweep] AUTOMATION FROZEN: 5 trials failed in 60s; nothing "
                              "restarts or starts until a person resumes: flashrun resume "
                              "runs/lr-sweep-1")
    run.add(T.RESUMED, by="alice")
    view.update(run.state)
    assert lines(out)[-1] == "[lr-sweep] automation resumed"
    view.print_line("trial output line\n")
    assert lines(out)[-1] == "trial output line"
    for i in IDS[2:] + IDS[:1]:
        run.add(T.RUN_CANCELLED, i, reason="stopped by Ctrl-C")
    view.close(run.state)
    view.close(run.state)  # idempotent
    tail = lines(out)[-4:]
    assert tail[:3] == ["[lr-sweep] %s CANCELLED: stopped by Ctrl-C" % t for t in ("t000", "t002", "t003")]
    assert tail[-1] == "[lr-sweep] finished: 0 succeeded, 1 failed, 3 cancelled of 4 in 9s"
    assert not ANSI.search(out.getvalue())


def test_plain_verbose_reports_queued_exits_and_stalls():
    view, out = plain(verbose=True)
    run = Run()
    view.update(run.state)
    assert lines(out) == ["[lr-sweep] %s QUEUED" % i.split("-")[0] for i in IDS]
    run.add(T.LAUNCH_STARTED, IDS[0], 0)
    view.update(run.state)
    run.add(T.OUTPUT_STALLED, IDS[0], 0, silent_s=600)
    run.add(T.ATTEMPT_EXITED, IDS[0], 0, returncode=-9, hang=True)
    view.update(run.state)
    assert lines(out)[-2:] == ["[lr-sweep] t000 exited 137 (hung)", "[lr-sweep] t000 no output (stall 1)"]
    assert "steps=5" in lines(out)[-3]  # verbose shows every parameter


def test_sensitive_params_are_masked():
    spec = S.from_mapping({"name": "s", "command": "p {api_key} {x}",
                           "grid": {"api_key": ["k1", "k2"], "x": [1]}})
    out = io.StringIO()
    view = V.PlainView(out, spec)
    view.update(fold([Event(1.0, T.LAUNCH_STARTED, spec.trials[0].trial_id, 0)]))
    assert "k1" not in out.getvalue() and "api_key=***" in out.getvalue()


# ---------------------------------------------------------------------- live view

def live(**kw):
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=120, height=40, color_system=None)
    kw.setdefault("auto_refresh", False)
    view = V.LiveView(console, SPEC, run_dir="runs/lr-sweep-1", redirect=False,
                      wall=lambda: 1000.0, monotonic=lambda: 50.0, **kw)
    return view, buf


def snapshot(state, extra=None, height=40):
    console = Console(file=io.StringIO(), width=120, height=height, record=True)
    shared = V._Shared(SPEC, "runs/lr-sweep-1", wall=lambda: 1000.0, monotonic=lambda: 50.0)
    console.print(V.render(state, shared, extra or {}, max_rows=height - 8))
    return console.export_text()


def test_live_table_columns_and_cells():
    run = Run()
    run.add(T.LAUNCH_STARTED, IDS[0], 0)
    run.add(T.LAUNCH_STARTED, IDS[1], 0)
    run.add(T.FAILURE_CLASSIFIED, IDS[1], 0, failure_class="out_of_memory")
    run.add(T.RUN_FAILED, IDS[1], 0, reason="CUDA out of memory")
    text = snapshot(run.state, {IDS[0]: V.TrialLive(last_line="step 7 | loss 0.5",
                                                    started_monotonic=20.0)})
    text = "\n".join(line.strip() for line in text.splitlines())
    header = [line for line in text.splitlines() if "trial" in line][0].split()
    assert header == ["trial", "lr", "seed", "state", "attempt", "elapsed", "last", "failure"]
    assert "failure" not in snapshot(Run().state)  # only shown when a trial has failed
    row0 = [line for line in text.splitlines() if line.startswith("t000")][0]
    assert row0.split()[:6] == ["t000", "0.1", "0", "running", "0/3", "30s"]
    assert "step 7 | loss 0.5" in row0
    row1 = [line for line in text.splitlines() if line.startswith("t001")][0]
    assert "failed" in row1 and "out_of_memory" in row1
    assert "1/4 done" not in text and "0/4 done · 1 running · 1 failed · 2 queued" in text
    assert "ETA" in text and "FROZEN" not in text


def test_live_summary_eta_and_banners():
    run = Run()
    for i in IDS[:2]:
        run.add(T.LAUNCH_STARTED, i, 0)
    run.add(T.RUN_SUCCEEDED, IDS[0], 0, dt=60.0)
    run.add(T.RUN_SUCCEEDED, IDS[1], 0, dt=60.0)
    # two done in 61s and 120s (wall) → mean 90.5s × 2 left / (4 slots // 2 ranks) = 90s
    assert V.eta_seconds(run.state, SPEC) == pytest.approx(90.5)
    assert "2/4 done" in snapshot(run.state) and "ETA 1m30s" in snapshot(run.state)
    run.add(T.LAUNCH_STARTED, IDS[2], 0)
    run.add(T.RECOVERY_ACTION_SELECTED, IDS[2], 0, action="pause_job",
            reason="S3 unreachable")
    run.add(T.FAILURE_CLASSIFIED, IDS[2], 0, failure_class="storage_timeout")
    text = snapshot(run.state)
    assert "PAUSED: backing off after storage_timeout on t002 (S3 unreachable)" in text
    run.add(T.AUTOMATION_FROZEN, reason="4 failures in 60s")
    text = snapshot(run.state)
    assert "AUTOMATION FROZEN: 4 failures in 60s" in text
    assert "flashrun resume runs/lr-sweep-1" in text


def test_live_keeps_active_rows_when_too_many():
    spec = S.from_mapping({"name": "big", "command": "p {i}", "grid": {"i": list(range(60))}})
    events = [Event(1.0, T.TRIAL_QUEUED, t.trial_id) for t in spec.trials]
    events.append(Event(2.0, T.LAUNCH_STARTED, spec.trials[59].trial_id, 0))
    console = Console(file=io.StringIO(), width=120, record=True)
    console.print(V.render(fold(events), V._Shared(spec), {}, max_rows=10))
    text = "\n".join(line.strip() for line in console.export_text().splitlines())
    assert "\nt059 " in text and "… 51 more (51 queued)" in text and "\nt010 " not in text


def test_live_view_draws_prints_above_and_keeps_final_table():
    view, buf = live()
    run = Run()
    view.update(run.state)
    run.add(T.LAUNCH_STARTED, IDS[0], 0)
    view.update(run.state)
    view.print_line("\x1b[32m[t000] hello from rank 0\x1b[0m")
    for i in IDS:
        if i != IDS[0]:
            run.add(T.LAUNCH_STARTED, i, 0)
        run.add(T.RUN_SUCCEEDED, i, 0)
    view.close(run.state)
    out = buf.getvalue()
    assert "[t000] hello from rank 0" in out
    final = out[out.rindex("attempt"):]  # the last frame drawn
    assert "4/4 done" in final and "finished" in final and final.count("succeeded") == 4
    view.print_line("after close")  # still printed, never lost
    assert "after close" in buf.getvalue()


def test_live_auto_refresh_is_throttled_and_flushes_output_in_order():
    view, buf = live(auto_refresh=True, refresh_per_second=4)
    run = Run()
    started = time.monotonic()
    for n in range(200):
        view.update(run.state, {IDS[0]: V.TrialLive(last_line="line %d" % n)})
        view.print_line("out %d" % n)
    elapsed = time.monotonic() - started
    view.close(run.state)
    out = buf.getvalue()
    assert [int(m) for m in re.findall(r"out (\d+)", out)] == list(range(200))
    draws = out.count("0/4 done")
    assert draws <= 3 + elapsed * 4 + 2, (draws, elapsed)


def test_live_background_flush_prints_output_without_further_updates():
    view, buf = live(auto_refresh=True, refresh_per_second=20)
    view.update(Run().state)
    view.print_line("lonely line")
    deadline = time.monotonic() + 5
    while "lonely line" not in buf.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        assert "lonely line" in buf.getvalue()
    finally:
        view.close()


def test_live_view_thread_stops_on_close():
    view, _ = live(auto_refresh=True)
    view.update(Run().state)
    thread = view._thread
    assert thread is not None and thread.is_alive()
    view.close(Run().state)
    assert not thread.is_alive()


# -------------------------------------------------------------------- make_view

class TTY(io.StringIO):
    def isatty(self):
        return True


def test_make_view_picks_by_stream(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    assert isinstance(V.make_view(io.StringIO(), spec=SPEC), V.PlainView)
    view = V.make_view(TTY(), spec=SPEC)
    assert isinstance(view, V.LiveView)
    view.close()


def test_jupyter_detection_does_not_import_ipython(monkeypatch):
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    assert V._in_jupyter() is False
    assert "IPython" not in sys.modules
    kernel_shell = types.SimpleNamespace(kernel=object())
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: kernel_shell
    monkeypatch.setitem(sys.modules, "IPython", fake)
    assert V._in_jupyter() is True
    fake.get_ipython = lambda: types.SimpleNamespace()  # terminal IPython: no kernel
    assert V._in_jupyter() is False


def test_jupyter_gets_the_notebook_view_even_without_ipywidgets(monkeypatch):
    """The notebook view needs only IPython.display (a display updated in place), not
    ipywidgets: no Output widget that could capture the user's later prints."""
    from flashrun.view.notebook import NotebookView

    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    display = types.ModuleType("IPython.display")
    display.display = lambda obj, display_id=None: None
    display.HTML = str
    monkeypatch.setitem(sys.modules, "IPython", fake)
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert isinstance(V.make_view(spec=SPEC), NotebookView)
    assert isinstance(V.make_view(io.StringIO(), spec=SPEC), V.PlainView)  # a given stream


def test_helpers():
    assert [V.duration(s) for s in (None, 0, 59.4, 61, 3600 * 2 + 65)] == \
        ["-", "0s", "59s", "1m01s", "2h01m"]
    assert V.clean("a\x1b[1;31mb\x1b[0m\r\nc\x00d") == "ab c d"
    assert V.eta_seconds(RunState(), SPEC) is None
    assert TrialState.RUNNING.value == "running"


# ------------------------------------------------- rough edges a new user hit (issue 10)

def test_running_trial_shows_its_newest_log_line_without_verbose(tmp_path):
    adir = tmp_path / "trials" / IDS[0] / "attempt-0"
    adir.mkdir(parents=True)
    (adir / "stdout.log").write_bytes(b"step 1 | loss 0.9\nstep 2 | loss 0.7\n\n")
    run = Run().add(T.LAUNCH_STARTED, IDS[0], 0)
    console = Console(file=io.StringIO(), width=120, height=40, record=True)
    shared = V._Shared(SPEC, str(tmp_path), wall=lambda: 1000.0, monotonic=lambda: 50.0)
    console.print(V.render(run.state, shared, {}, max_rows=30))
    row0 = [ln.strip() for ln in console.export_text().splitlines() if ln.strip().startswith("t000")]
    assert "step 2 | loss 0.7" in row0[0]
    assert shared.peek(run.state.trials[IDS[1]]) is None  # queued: nothing to read


def test_finished_trial_shows_the_objective_not_bookkeeping():
    shared = V._Shared(SPEC)
    live = V.TrialLive(last_metric={"attempt": 0, "start_step": 10, "final_loss": 0.25,
                                    "weights_sha256": "ab" * 32})
    assert shared.metric_text(live) == "final_loss=0.25"
    plain_spec = V._Shared(S.from_mapping({"command": "x {a}", "grid": {"a": [1, 2]}}))
    assert plain_spec.metric_text(V.TrialLive(last_metric={"sha": "x", "a": 1, "b": 2.5, "c": 3,
                                                           "d": 4})) == "a=1 b=2.5 c=3"


def test_verbose_lines_are_whole_and_prefix_only_lines_dropped():
    from flashrun.sweeps import _LineSink

    said = []
    sink = _LineSink(said.append)
    for piece in (b"[t000/0] hello", b" ", b"1\n[t000/0] \n\n[t001/2] ", b"x\r\n", b"[t0"):
        sink(piece)
    assert said == ["[t000/0] hello 1", "[t001/2] x"]
