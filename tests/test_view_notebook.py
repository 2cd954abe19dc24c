"""flashrun.view.notebook, Sweep._repr_html_, RunResult._repr_html_, flashrun.run's notebook
output. Jupyter itself is not installed here, so IPython's ``display`` is replaced by a
recorder with the same contract (``display(obj, display_id=True)`` returns a handle whose
``update(obj)`` replaces that output); everything else (sweeps, processes) is real."""
import io
import sys
import types

import flashrun
from flashrun.record.state import RunState, TrialState, TrialStatus
from flashrun.view import notebook as N


class Display:
    """Records what a kernel would show: one entry per display id, updated in place."""

    def __init__(self):
        self.outputs = []      # the current object of each display
        self.calls = 0

    def __call__(self, obj, display_id=None):
        assert display_id is True
        index = len(self.outputs)
        self.outputs.append(obj)
        self.calls += 1
        display = self

        class Handle:
            def update(self, new):
                display.outputs[index] = new
                display.calls += 1

        return Handle()


EVIL = "<script>alert(1)</script>"


def grid(tmp_path, **extra):
    script = tmp_path / "train.py"
    script.write_text(
        "import sys\n"
        "lr = float(sys.argv[1])\n"
        "print('FLASHRUN_METRICS {\"loss\": %s}' % (lr * 10))\n")
    fields = dict(name="nb", command="%s %s {lr}" % (sys.executable, script),
                  grid={"lr": [0.1, 0.2]}, objective={"metric": "loss", "mode": "min"},
                  max_restarts=0)
    fields.update(extra)
    return fields


def test_notebook_view_updates_one_display_then_leaves_table_and_summary(tmp_path, monkeypatch):
    display = Display()
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    sw = flashrun.sweep(run_dir=tmp_path / "run", view=None, **grid(tmp_path))
    view = N.NotebookView(sw.spec, run_dir=str(sw.run_dir), display=display, html=str)
    sw._view = view
    rows = sw.run()
    print("after the sweep: the user's own line")
    assert [r["state"] for r in rows] == ["succeeded", "succeeded"]
    assert len(display.outputs) == 1                 # one output, updated in place
    final = display.outputs[0]
    assert view.closed and "(running)" not in final
    assert final.count('data-state="succeeded"') == 2
    assert "2 trials: 2 succeeded, 0 failed, 0 cancelled" in final
    assert "best (min loss): %s loss=1.0" % sw.spec.trials[0].trial_id in final
    assert "results: %s" % (sw.run_dir / "results.csv") in final
    # nothing of flashrun's view captured the user's print, and the print reached the cell
    assert "the user's own line" not in final
    assert "after the sweep: the user's own line" in out.getvalue()
    # after close, a late update changes nothing
    calls = display.calls
    view.update(RunState())
    assert display.calls == calls and display.outputs[0] == final


def test_updates_are_throttled_and_the_last_one_is_drawn(tmp_path):
    clock = [100.0]
    display = Display()
    view = N.NotebookView(None, display=display, html=str, clock=lambda: clock[0])
    s1 = RunState(trials={"a": TrialStatus("a", TrialState.RUNNING)})
    s2 = RunState(trials={"a": TrialStatus("a", TrialState.SUCCEEDED)})
    view.update(s1)
    view.update(s2)                                  # within the interval: deferred
    assert 'data-state="running"' in display.outputs[0]
    view._timer.join(5)                              # the timer draws the pending state
    assert 'data-state="succeeded"' in display.outputs[0]
    view.close(s2)
    assert view._timer is None


def test_sweep_repr_html_before_and_after(tmp_path):
    sw = flashrun.sweep(run_dir=tmp_path / "run", view=None,
                        **grid(tmp_path, env={"NOTE": "{note}"},
                               grid={"lr": [0.1], "note": [EVIL]}))
    before = sw._repr_html_()
    assert before.count('data-state="queued"') == 1 and "summary" not in before
    assert EVIL not in before and "&lt;script&gt;" in before
    sw.run()
    after = sw._repr_html_()
    assert 'data-state="succeeded"' in after and 'class="flashrun-summary"' in after
    assert "<script" not in after


def test_run_result_repr_html_shows_the_decision_escaped(tmp_path):
    res = flashrun.run([sys.executable, "-c",
                        "print('<b>hi</b>'); raise ValueError('<i>bad</i>')"],
                       run_dir=tmp_path / "r", max_restarts=1, echo=None)
    html = res._repr_html_()
    assert res.state is TrialState.FAILED
    assert "application_error → fail_job" in html
    assert "believed" in html and "ValueError: &lt;i&gt;bad&lt;/i&gt;" in html
    assert "<b>hi</b>" not in html and "&lt;b&gt;hi&lt;/b&gt;" in html


def test_run_in_a_notebook_shows_its_output_by_default(tmp_path, monkeypatch):
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    monkeypatch.setitem(sys.modules, "IPython", fake)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    res = flashrun.run([sys.executable, "-c", "print('live line from the job')"],
                       run_dir=tmp_path / "r")
    assert res.succeeded
    assert "live line from the job" in out.getvalue()


def test_run_outside_a_notebook_stays_quiet(tmp_path, monkeypatch, capfd):
    monkeypatch.delitem(sys.modules, "IPython", raising=False)
    res = flashrun.run([sys.executable, "-c", "print('quiet line')"], run_dir=tmp_path / "r")
    assert res.succeeded
    assert "quiet line" not in capfd.readouterr().out
