"""Big sweeps stay linear (issue 12, defect 7).

``events.jsonl`` is the record and ``state.json`` a cache: the journal must not
rewrite the whole snapshot per event (that made 1,000 trials take minutes). Bounded
work is asserted (how many snapshots were written for thousands of events), never a
time. The snapshot still ends up equal to the fold of the events, and ``flashrun
status`` is right while the snapshot is stale.
"""
import json

from flashrun.record import journal as journal_mod
from flashrun.record.events import EventType as E, read_events
from flashrun.record.state import fold, read_state

from adv_helpers import flashrun, write_grid


def test_thousands_of_events_write_few_snapshots(tmp_path, monkeypatch):
    writes = [0]
    real = journal_mod.write_state

    def counting(*args, **kwargs):
        writes[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(journal_mod, "write_state", counting)  # instrumentation only
    j = journal_mod.Journal(tmp_path)
    n = 600
    for i in range(n):
        j.emit(E.TRIAL_QUEUED, "t%04d" % i, params={"i": i})
    for i in range(n):
        j.emit(E.LAUNCH_STARTED, "t%04d" % i, 0, pid=1000 + i)
        j.emit(E.ATTEMPT_EXITED, "t%04d" % i, 0, returncode=0)
        j.emit(E.RUN_SUCCEEDED, "t%04d" % i, 0)
    j.close()
    # one snapshot per second of emitting at most, plus the last one; never one per event
    assert writes[0] < 100, writes[0]
    state = read_state(tmp_path / "state.json")
    assert state.to_dict() == fold(read_events(tmp_path / "events.jsonl")).to_dict()
    assert state.counts()["succeeded"] == n


def test_status_folds_the_events_not_the_snapshot(tmp_path):
    grid = write_grid(tmp_path, "name: s\ncommand: true {i}\ngrid: {i: %s}\nconcurrency: 8\n"
                      % list(range(40)))
    p = flashrun("sweep", str(grid), "--run-dir", str(tmp_path / "run"))
    assert p.returncode == 0, p.stderr
    run = tmp_path / "run"
    # make the cache lie: status must not believe it
    cached = json.loads((run / "state.json").read_text())
    cached["trials"] = {}
    (run / "state.json").write_text(json.dumps(cached))
    st = flashrun("status", str(run), "--json")
    assert st.returncode == 0, st.stderr
    trials = json.loads(st.stdout)["trials"]
    assert len(trials) == 40 and {t["state"] for t in trials.values()} == {"succeeded"}
