"""flashrun.record.results: metrics from metrics.json or the log tail, results files, best trial, summary."""
import csv
import json
import logging
import sys

import pytest

from flashrun.record import results as R
from flashrun import spec as S
from flashrun.record.events import Event, EventType as T
from flashrun.record.state import fold

SPEC = S.from_mapping({
    "name": "lr-sweep", "command": "p --lr {lr} --seed {seed} {extra}",
    "grid": {"lr": [0.1, 0.01], "seed": [0]}, "defaults": {"extra": []},
    "trials": [{"lr": 0.5, "seed": 1, "extra": ["--crash-at", 3]}],
    "objective": {"metric": "final_loss", "mode": "min"},
})
IDS = [t.trial_id for t in SPEC.trials]


# ----------------------------------------------------------------------- metrics

def test_metrics_json_wins_over_stdout(tmp_path):
    (tmp_path / "metrics.json").write_text('{"final_loss": 0.5}')
    (tmp_path / "stdout.log").write_text('FLASHRUN_METRICS {"final_loss": 9}\n')
    assert R.collect_metrics(tmp_path) == {"final_loss": 0.5}


def test_last_metrics_line_of_stdout(tmp_path):
    log = tmp_path / "out.log"
    log.write_text('step 1\nFLASHRUN_METRICS {"loss": 2}\nstep 2\n'
                   '[rank0]: FLASHRUN_METRICS {"loss": 1}\r\nteardown noise\n')
    assert R.collect_metrics(tmp_path, log) == {"loss": 1}
    assert R.collect_metrics(tmp_path / "missing") is None
    (tmp_path / "stdout.log").write_text("no metrics here\n")
    assert R.collect_metrics(tmp_path) is None


def test_bad_json_is_skipped_with_a_warning(tmp_path, caplog):
    log = tmp_path / "stdout.log"
    log.write_text('FLASHRUN_METRICS {"loss": 3}\nFLASHRUN_METRICS {"loss": \n')
    with caplog.at_level(logging.WARNING, logger="flashrun.record.results"):
        assert R.collect_metrics(tmp_path) == {"loss": 3}
    assert "not valid JSON" in caplog.text
    (tmp_path / "metrics.json").write_text("{broken")
    with caplog.at_level(logging.WARNING, logger="flashrun.record.results"):
        assert R.collect_metrics(tmp_path) == {"loss": 3}
    assert "metrics.json: unreadable" in caplog.text


def test_marker_in_prose_or_without_json_object_is_ignored(tmp_path, caplog):
    log = tmp_path / "stdout.log"
    log.write_text('progress\rFLASHRUN_METRICS {"a": 1}\rprogress\n'
                   'INFO we print FLASHRUN_METRICS {"a": 2} at the end\n'
                   'FLASHRUN_METRICSX {"a": 3}\n'
                   'FLASHRUN_METRICS [1, 2]\n')
    with caplog.at_level(logging.WARNING, logger="flashrun.record.results"):
        assert R.read_metrics_line(log) == {"a": 1}
    assert "not a JSON object" in caplog.text


@pytest.mark.parametrize("offset", [-20, -5, 0, 3, 17])
def test_marker_across_block_boundaries(tmp_path, offset):
    marker = b'FLASHRUN_METRICS {"k": "%s"}\n' % (b"v" * 30)
    filler = b"x" * 99 + b"\n"
    tail_len = R.BLOCK + offset  # put the marker line around the first block boundary
    after = (filler * (tail_len // 100 + 1))[:tail_len - 1] + b"\n"
    data = filler * 3000 + marker + after
    path = tmp_path / "stdout.log"
    path.write_bytes(data)
    assert R.read_metrics_line(path) == {"k": "v" * 30}
    assert R.read_metrics_line(path, max_scan_bytes=1000) is None  # outside the scan limit


def test_huge_line_without_newline_does_not_hide_earlier_metrics(tmp_path):
    path = tmp_path / "stdout.log"
    path.write_bytes(b'FLASHRUN_METRICS {"a": 1}\n' + b"z" * (R.MAX_LINE + R.BLOCK * 2))
    assert R.read_metrics_line(path) == {"a": 1}


# -------------------------------------------------------------------------- rows

def finished_state():
    ev = [Event(100.0, T.TRIAL_QUEUED, i) for i in IDS]
    ev += [Event(101.0, T.LAUNCH_STARTED, IDS[0], 0), Event(131.0, T.RUN_SUCCEEDED, IDS[0], 0),
           Event(101.0, T.LAUNCH_STARTED, IDS[1], 0),
           Event(105.0, T.FAILURE_CLASSIFIED, IDS[1], 0, {"failure_class": "application_error"}),
           Event(105.5, T.ATTEMPT_EXITED, IDS[1], 0, {"returncode": 1}),
           Event(106.0, T.RUN_FAILED, IDS[1], 0, {"reason": "KeyError: 'x'"}),
           Event(107.0, T.LAUNCH_STARTED, IDS[2], 0)]
    return fold(ev)


METRICS = {IDS[0]: {"final_loss": 0.25, "eval": {"acc": 0.9}},
           IDS[1]: {"final_loss": 0.01, "nan": float("nan")}}


def test_write_results_json_and_csv(tmp_path):
    rows = R.write_results(tmp_path, SPEC, finished_state(), METRICS, {IDS[2]: 7.0})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv", "results.json"]
    data = json.loads((tmp_path / "results.json").read_text())
    assert data == rows and [r["trial"] for r in rows] == IDS
    r0, r1, r2 = rows
    assert set(r0) == {"trial", "params", "state", "attempts", "failure_class", "reason",
                       "metrics", "duration_s", "exit_code"}
    assert r0["params"] == {"lr": 0.1, "seed": 0, "extra": []} and r0["duration_s"] == 30.0
    assert (r0["state"], r0["failure_class"], r0["metrics"]["eval"]) == ("succeeded", None, {"acc": 0.9})
    assert (r1["state"], r1["failure_class"], r1["reason"], r1["exit_code"]) == \
        ("failed", "application_error", "KeyError: 'x'", 1)
    assert r1["metrics"]["nan"] == "NaN"  # strict JSON
    assert (r2["state"], r2["duration_s"], r2["metrics"]) == ("running", 7.0, {})
    with open(tmp_path / "results.csv", newline="") as f:
        table = list(csv.reader(f))
    assert table[0] == ["trial", "state", "attempts", "duration_s", "exit_code", "failure_class",
                        "reason", "params.lr", "params.seed", "params.extra",
                        "metrics.eval.acc", "metrics.final_loss", "metrics.nan"]
    assert table[1] == [IDS[0], "succeeded", "1", "30.0", "", "", "", "0.1", "0", "[]", "0.9",
                        "0.25", ""]
    assert table[3][table[0].index("params.extra")] == '["--crash-at", 3]'


def test_write_results_is_atomic_and_stable(tmp_path):
    R.write_results(tmp_path, SPEC, finished_state(), METRICS)
    first = (tmp_path / "results.csv").read_text()
    R.write_results(tmp_path, SPEC, finished_state(), dict(reversed(list(METRICS.items()))))
    assert (tmp_path / "results.csv").read_text() == first
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_best_trial_and_summary():
    rows = R.build_rows(SPEC, finished_state(), METRICS)
    obj = SPEC.objective
    assert R.best_trial(rows, obj)["trial"] == IDS[0]  # the failed trial's 0.01 is ignored
    assert R.best_trial(rows, {"metric": "eval.acc", "mode": "max"})["trial"] == IDS[0]
    assert R.best_trial(rows, {"metric": "missing"}) is None
    assert R.best_trial(rows, None) is None
    tied = [dict(rows[0], trial="a"), dict(rows[0], trial="b")]
    assert R.best_trial(tied, S.Objective("final_loss", "max"))["trial"] == "a"
    lines = R.summary_lines(rows, R.best_trial(rows, obj), obj)
    assert lines == [
        "3 trials: 1 succeeded, 1 failed, 0 cancelled",
        "best (min final_loss): %s final_loss=0.25  lr=0.1 seed=0 extra=[]" % IDS[0],
        "failed:",
        "  %s  application_error: KeyError: 'x'  (attempts 1, exit 1)" % IDS[1],
        "not finished: 1 running",
    ]
    assert R.summary_lines(rows, None, obj)[1] == \
        "best (min final_loss): none (no succeeded trial reported final_loss)"


def test_as_dataframe_without_pandas(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        R.as_dataframe([])


def test_as_dataframe_with_pandas():
    pytest.importorskip("pandas", reason="pandas is optional and not installed")
    rows = R.build_rows(SPEC, finished_state(), METRICS)
    df = R.as_dataframe(rows)
    assert list(df.columns) == R.columns(rows) and len(df) == 3
    assert df.loc[0, "metrics.final_loss"] == 0.25
