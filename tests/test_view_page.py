"""flashrun.view.model / rundata / page / svg: a run directory written through the real
record layer is read back and rendered; the HTML is parsed (html.parser) and checked."""
import html.parser
import json
import os
import subprocess
import sys

import pytest

from flashrun.record.events import Event, EventLog, EventType as T
from flashrun.view import page, rundata
from flashrun.view.model import RunModel

from view_fixtures import EVIL, write_run


class Tree(html.parser.HTMLParser):
    """Every start tag with its attributes, and all text, from one HTML document."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags, self.text, self.scripts = [], [], []
        self._in_script = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)

    def find(self, tag, **attrs):
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]


@pytest.fixture
def run(tmp_path):
    return write_run(tmp_path / "run")


def links():
    return page.Links.anchors(lambda p: p)


def test_model_folds_attempts_decisions_and_outcomes(run):
    data = rundata.load(run)
    m = data.model
    assert list(m.trials) == ["t0", "t1", "t2"]
    t1 = m.trials["t1"]
    assert [(a.n, a.outcome) for a in sorted(t1.attempts.values(), key=lambda a: a.n)] == \
        [(0, "restarted"), (1, "succeeded")]
    assert t1.attempts[1].resume_step == 2                       # CHECKPOINT_SELECTED
    d = t1.decisions[0]
    assert (d.failure_class, d.action, d.rank) == ("worker_crash", "restart_group", 1)
    assert d.evidence == "torchrun: rank 1 failed with exitcode -9"
    assert d.facts["fingerprint"] == "abc"
    assert m.trials["t2"].attempts[0].outcome == "failed"
    assert t1.checkpoints == [{"name": "step-000000002", "step": 2, "complete": True}]
    assert [p["loss"] for p in m.trials["t0"].attempts[0].series] == [1.0, 0.5, 1 / 3, 0.25, 0.2]
    assert data.objective == ("loss", "min") and data.max_restarts == 2
    assert data.varying_keys == ["lr", "note"]
    assert page.best_trial_id(data) == "t1"                     # 0.5/6 < 0.2


def test_page_table_timeline_and_escaping(run):
    data = rundata.load(run)
    text = page.render_page(data, links(), details=True)
    tree = Tree(text)
    rows = tree.find("tr")
    states = {r["data-trial"]: r["data-state"] for r in rows if "data-trial" in r}
    assert states == {"t0": "succeeded", "t1": "succeeded", "t2": "failed"}
    # attempts numbered from 0 as everywhere in flashrun: t1's second attempt is 1 of max 2
    assert '<td class="num" data-v="1">1/2</td>' in page.table_row(data, "t1", links())
    assert '<td class="num" data-v="0">0/2</td>' in page.table_row(data, "t0", links())
    # the restart: two attempt bars, the first "restarted", a restart mark on the second
    assert "attempt 0: restarted (exit -9) worker_crash → restart_group" in "".join(tree.text)
    bars = [a for t, a in tree.tags if t == "rect" and "attempt" in a.get("class", "")]
    assert sorted(b["class"] for b in bars) == ["attempt failed", "attempt restarted",
                                                "attempt succeeded", "attempt succeeded"]
    assert len(tree.find("line", **{"class": "restart-mark"})) == 1
    assert len(tree.find("line", **{"class": "fail-mark"})) == 2
    # the evil string is text everywhere: no extra script element, exact text present
    assert len(tree.find("script")) == 1
    assert "<script>" not in "".join(tree.scripts)
    assert "ValueError: bad value " + EVIL in "".join(tree.text)
    assert EVIL not in text                                     # only ever escaped
    # the believed line is highlighted inside t2's tail
    marked = [m.split("</mark>")[0] for m in text.split('<mark class="believed">')[1:]]
    assert marked == ["torchrun: rank 1 failed with exitcode -9",
                      "ValueError: bad value &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;"]
    # links: anchors to the details, log files relative to the run dir
    assert tree.find("a", href="#trial-t1")
    assert tree.find("a", href="trials/t1/attempt-0/stdout.log")
    assert tree.find("section", id="trial-t2")
    # plots: the objective against each swept parameter, best trial ringed
    best = tree.find("circle", **{"class": "pt best"})
    assert [b["data-trial"] for b in best] == ["t1", "t1"]
    assert tree.find("polyline", **{"data-name": "t0"})
    # nothing refers to the network
    assert "http://" not in text and "https://" not in text


def test_update_payload_holds_only_changed_rows(run):
    data = rundata.load(run)
    one = page.update_payload(data, ["t1"], links())
    assert set(one["rows"]) == {"t1"}
    row_id, row, tl_id, tl = one["rows"]["t1"]
    assert (row_id, tl_id) == ("row-t1", "tl-t1")
    assert 'data-state="succeeded"' in row and "restart-mark" in tl
    # a payload is JSON, and sending one trial costs far less than sending all of them
    assert len(json.dumps(one)) < len(json.dumps(page.update_payload(data, ["t0", "t1", "t2"],
                                                                     links())))


def test_reader_follows_appended_bytes_and_holds_a_torn_line(run):
    reader = rundata.RunReader(run)
    start = reader.offset
    assert start == os.path.getsize(run / "events.jsonl")
    line = Event(5000.0, T.TRIAL_QUEUED, "t9").to_json() + "\n"
    with open(run / "events.jsonl", "a") as f:
        f.write(line[:10])                                      # a torn write ...
    assert reader.poll() == set()
    with open(run / "events.jsonl", "a") as f:
        f.write(line[10:])                                      # ... completed
    assert reader.poll() == {"t9"}
    assert reader.offset == start + len(line.encode())
    assert reader.data.state.trials["t9"].state.value == "queued"
    assert reader.poll() == set()                               # nothing new: nothing read


def test_run_wide_freeze_is_a_period_and_touches_every_trial():
    m = RunModel()
    m.feed([Event(1.0, T.TRIAL_QUEUED, "a"), Event(2.0, T.LAUNCH_STARTED, "a", 0)])
    assert m.feed([Event(3.0, T.AUTOMATION_FROZEN, None, None, {"reason": "3 in 60s"})]) == {"a"}
    assert [(p.kind, p.start, p.end, p.reason) for p in m.periods] == \
        [("frozen", 3.0, None, "3 in 60s")]
    m.feed([Event(9.0, T.RESUMED, None, None, {"by": "me"})])
    assert m.periods[0].end == 9.0
    # drawn on the trial's timeline row as a shaded stretch, seconds since the start
    from flashrun.view.svg import timeline_row

    row = timeline_row(m.trials["a"], 1.0, 9.0, 10.0, m.periods)
    assert '<rect class="period frozen" x="2" y="0" width="6" height="1"' in row
    assert "<title>frozen: 3 in 60s</title>" in row
    # a pause_job decision is a per-trial pause period that ends at the next launch
    m.feed([Event(10.0, T.ATTEMPT_EXITED, "a", 0, {"returncode": 1}),
            Event(10.5, T.RECOVERY_ACTION_SELECTED, "a", 0,
                  {"action": "pause_job", "reason": "storage", "delay_s": 30.0}),
            Event(12.0, T.LAUNCH_STARTED, "a", 1)])
    assert [(p.kind, p.start, p.end, p.trial) for p in m.periods[1:]] == \
        [("paused", 10.5, 12.0, "a")]
    assert m.trials["a"].attempts[0].outcome == "restarted"


def test_supervisor_status_from_the_lock_of_a_real_journal(tmp_path):
    """A child process opens a Journal (which holds .lock) and waits: alive; we
    kill it with SIGKILL (no clean-up runs): gone, with the resume hint."""
    code = ("import sys; from flashrun.record.journal import Journal; "
            "j = Journal(sys.argv[1]); j.emit('trial_queued', 'a'); "
            "j.emit('launch_started', 'a', 0, pid=1); print('ready', flush=True); "
            "sys.stdin.read()")
    p = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        reader = rundata.RunReader(tmp_path)
        assert reader.data.supervisor[0] == "alive"
        assert str(p.pid) in reader.data.supervisor[1]
        p.kill()
        p.wait()
        reader.poll()
        status, detail = reader.data.supervisor
        assert status == "gone" and "flashrun resume" in detail
        text = page.render_page(reader.data, links(), live=True)
        assert 'data-status="gone"' in text and 'data-alive="0"' in text
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stdin.close()
        p.stdout.close()


def test_without_lock_file_a_finished_run_is_finished(run):
    assert rundata.load(run).supervisor[0] == "finished"
    live = write_run(run.parent / "live", live_trial=True)
    assert rundata.load(live).supervisor[0] == "gone"           # pid 999999 is not running


def test_render_reads_no_files(tmp_path):
    """The render is pure: it never touches the disk (the run dir is
    removed after loading, and rendering still works)."""
    import shutil

    run = write_run(tmp_path / "run")
    data = rundata.load(run)
    shutil.rmtree(run)
    assert "t1" in page.render_page(data, links(), details=True)
    assert "t1" in page.render_trial_page(data, "t1", links())


def test_an_attempt_that_ends_in_one_batch_gets_its_final_tail(tmp_path):
    """The reader saw t3 running (empty log); its exit, diagnosis and failure then arrive
    in one poll: the tail shown is the final one, with the believed line."""
    run = write_run(tmp_path / "run", live_trial=True)
    reader = rundata.RunReader(run)
    assert reader.data.model.trials["t3"].attempts[0].tail == "working\n"
    adir = run / "trials" / "t3" / "attempt-0"
    (adir / "tail.txt").write_text("working\nRuntimeError: boom\n")
    with EventLog(run / "events.jsonl") as log:
        log.emit(T.ATTEMPT_EXITED, "t3", 0, returncode=1)
        log.emit(T.FAILURE_CLASSIFIED, "t3", 0, failure_class="application_error",
                 evidence="RuntimeError: boom")
        log.emit(T.RECOVERY_ACTION_SELECTED, "t3", 0, action="fail_job", reason="code")
        log.emit(T.RUN_FAILED, "t3", 0, reason="code")
    assert reader.poll() == {"t3"}
    a = reader.data.model.trials["t3"].attempts[0]
    assert a.outcome == "failed" and a.tail.endswith("RuntimeError: boom\n")
    detail = page.trial_detail(reader.data, "t3", links())
    assert '<mark class="believed">RuntimeError: boom</mark>' in detail


def test_running_attempt_metrics_are_read_from_new_bytes_only(tmp_path):
    run = write_run(tmp_path / "run", live_trial=True)
    reader = rundata.RunReader(run)
    log = run / "trials" / "t3" / "attempt-0" / "stdout.log"
    a = reader.data.model.trials["t3"].attempts[0]
    assert a.series == [] and a.metrics is None
    with open(log, "a") as f:
        f.write('FLASHRUN_METRICS {"step": 1, "loss": 0.5}\nFLASHRUN_METRICS {"step": 2, "lo')
    assert reader.refresh_running() == {"t3"}
    assert [p["step"] for p in a.series] == [1]           # the torn line waits
    assert reader._follow[("t3", 0)][0] == log.stat().st_size
    with open(log, "a") as f:
        f.write('ss": 0.25}\n')
    assert reader.refresh_running() == {"t3"}
    assert [p["loss"] for p in a.series] == [0.5, 0.25] and a.metrics == {"step": 2, "loss": 0.25}
    assert reader.refresh_running() == set()               # nothing new, nothing changed
