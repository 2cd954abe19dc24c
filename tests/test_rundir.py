"""flashrun.record.rundir: unique new run directories, reuse only on purpose."""
import multiprocessing

import pytest

from flashrun.record import rundir


def _claim(args):
    root, name = args
    return str(rundir.create(root, name, now=lambda: 1_700_000_000.0))


def test_two_runs_in_the_same_second_get_two_directories(tmp_path):
    a = rundir.create(tmp_path, "train", now=lambda: 1_700_000_000.0)
    b = rundir.create(tmp_path, "train", now=lambda: 1_700_000_000.0)
    assert a != b and a.is_dir() and b.is_dir()
    assert b.name == a.name + "-2"


def test_concurrent_processes_never_share_a_directory(tmp_path):
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        got = pool.map(_claim, [(str(tmp_path), "sweep")] * 16)
    assert len(set(got)) == 16


def test_names_are_sanitised(tmp_path):
    assert rundir.create(tmp_path, "a b/../c", now=lambda: 0.0).parent == tmp_path


def test_a_used_directory_is_reused_only_when_resuming(tmp_path):
    rundir.check_reuse(tmp_path, False, how="--resume")  # empty: fine
    (tmp_path / "events.jsonl").write_text('{"type": "trial_queued"}\n')
    with pytest.raises(rundir.RunDirError, match="already holds a run; continue it with --resume"):
        rundir.check_reuse(tmp_path, False, how="--resume")
    assert rundir.check_reuse(tmp_path, True, how="--resume") == tmp_path
