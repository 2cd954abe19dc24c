"""flashrun.ckpt: manifest-last checkpoints, skipping torn/corrupt ones, heartbeat.

torch is imported inside the tests (never at collection) because importing it
without NumPy warns, and warnings are errors here; the warning is filtered for
this module only.
"""
import json
import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from flashrun import ckpt

pytestmark = pytest.mark.filterwarnings("ignore:Failed to initialize NumPy:UserWarning")

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in (ckpt.ENV_DIR, ckpt.ENV_HEARTBEAT, ckpt.ENV_FAULT, "RANK", "WORLD_SIZE"):
        monkeypatch.delenv(name, raising=False)


def child_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLASHRUN_")}
    env.update(PYTHONPATH=str(REPO), OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    env.update(extra)
    return env


def make_state(value=1.0):
    import torch

    return {"model": {"w": torch.full((3, 4), value), "b": torch.arange(4)},
            "step": 7, "rng": [torch.get_rng_state()], "meta": {"name": "x", "lr": 0.1}}


def assert_state_equal(a, b):
    import torch

    assert a.keys() == b.keys()
    assert torch.equal(a["model"]["w"], b["model"]["w"])
    assert torch.equal(a["model"]["b"], b["model"]["b"])
    assert torch.equal(a["rng"][0], b["rng"][0])
    assert a["step"] == b["step"] and a["meta"] == b["meta"]


def flip_byte(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


# ------------------------------------------------------------------ round trip

def test_save_then_load_round_trip(tmp_path):
    state = make_state()
    path = ckpt.save(state, 7, directory=tmp_path)
    assert path == tmp_path / "step-000000007"
    manifest = json.loads((path / "manifest.json").read_text())
    assert manifest["format"] == "flashrun-ckpt" and manifest["version"] == ckpt.FORMAT_VERSION
    assert manifest["step"] == 7 and manifest["world_size"] == 1
    assert [p["key"] for p in manifest["parts"]] == list(state)
    for part in manifest["parts"]:
        assert len(part["sha256"]) == 64 and (path / part["file"]).stat().st_size == part["bytes"]
    report = []
    step, loaded = ckpt.load_latest(tmp_path, report=report)
    assert step == 7 and report == []
    assert_state_equal(loaded, state)
    assert sorted(p.name for p in path.iterdir()) == sorted(
        [p["file"] for p in manifest["parts"]] + ["manifest.json"])


def test_step_names_sort_like_steps(tmp_path):
    for step in (10, 9, 100, 1000000):
        ckpt.save({"x": step}, step, directory=tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["step-000000009", "step-000000010", "step-000000100", "step-001000000"]
    assert [s for s, _ in ckpt.list_checkpoints(tmp_path)] == [9, 10, 100, 1000000]
    assert ckpt.load_latest(tmp_path) == (1000000, {"x": 1000000})


def test_nothing_to_load(tmp_path):
    assert ckpt.load_latest(tmp_path / "absent") is None
    assert ckpt.load_latest(tmp_path) is None
    (tmp_path / "step-000000001").mkdir()
    (tmp_path / "notes").mkdir()
    report = []
    assert ckpt.load_latest(tmp_path, report=report) is None
    assert [s.step for s in report] == [1]


# ------------------------------------------------------- torn / corrupt skipped

def test_torn_newest_is_skipped_with_a_warning(tmp_path, monkeypatch, caplog):
    ckpt.save(make_state(1.0), 10, directory=tmp_path)
    monkeypatch.setenv(ckpt.ENV_FAULT, "raise_before_manifest")
    with pytest.raises(ckpt.CheckpointError, match="injected"):
        ckpt.save(make_state(2.0), 20, directory=tmp_path)
    torn = tmp_path / "step-000000020"
    assert torn.is_dir() and not (torn / "manifest.json").exists() and any(torn.iterdir())
    report = []
    with caplog.at_level(logging.WARNING, logger="flashrun.ckpt"):
        step, state = ckpt.load_latest(tmp_path, report=report)
    assert step == 10 and float(state["model"]["w"][0, 0]) == 1.0
    assert [(s.step, s.path) for s in report] == [(20, torn)]
    assert report[0].reason.startswith("torn")
    assert str(torn) in caplog.text and "torn" in caplog.text


@pytest.mark.parametrize("damage", ["flip", "truncate", "delete", "manifest"])
def test_corrupted_newest_is_skipped(tmp_path, damage, caplog):
    ckpt.save(make_state(1.0), 10, directory=tmp_path)
    newest = ckpt.save(make_state(2.0), 20, directory=tmp_path)
    part = newest / "00-model.pt"
    if damage == "flip":
        flip_byte(part)
    elif damage == "truncate":
        part.write_bytes(part.read_bytes()[:-1])
    elif damage == "delete":
        part.unlink()
    else:
        (newest / "manifest.json").write_text("{\"format\": ")
    report = []
    with caplog.at_level(logging.WARNING, logger="flashrun.ckpt"):
        step, _ = ckpt.load_latest(tmp_path, report=report)
    assert step == 10
    assert [s.step for s in report] == [20]
    expected = {"flip": "sha256 mismatch in 00-model.pt", "truncate": "bytes",
                "delete": "missing", "manifest": "unreadable"}[damage]
    assert expected in report[0].reason
    assert str(newest) in caplog.text
    with pytest.raises(ckpt.CheckpointError, match=expected):
        ckpt.verify(newest)


def test_several_bad_ones_are_all_reported_newest_first(tmp_path):
    ckpt.save({"x": 1}, 1, directory=tmp_path)
    flip_byte(ckpt.save({"x": 2}, 2, directory=tmp_path) / "00-x.pt")
    (tmp_path / "step-000000003").mkdir()
    found = ckpt.find_latest(tmp_path)
    assert (found.step, found.path) == (1, tmp_path / "step-000000001")
    assert [s.step for s in found.skipped] == [3, 2]


def test_resaving_a_bad_step_replaces_it(tmp_path):
    ckpt.save({"x": 1, "old_key": 0}, 5, directory=tmp_path)
    flip_byte(tmp_path / "step-000000005" / "00-x.pt")
    ckpt.save({"x": 2}, 5, directory=tmp_path)
    assert ckpt.load_latest(tmp_path) == (5, {"x": 2})
    assert sorted(p.name for p in (tmp_path / "step-000000005").iterdir()) == [
        "00-x.pt", "manifest.json"]


def test_fault_hook_can_target_one_step(tmp_path, monkeypatch):
    monkeypatch.setenv(ckpt.ENV_FAULT, "raise_before_manifest@3")
    ckpt.save({"x": 2}, 2, directory=tmp_path)
    with pytest.raises(ckpt.CheckpointError):
        ckpt.save({"x": 3}, 3, directory=tmp_path)
    assert ckpt.load_latest(tmp_path) == (2, {"x": 2})


def test_kill_before_manifest_really_kills_the_writer(tmp_path):
    script = textwrap.dedent("""
        import os, sys
        from flashrun import ckpt
        ckpt.save({"x": 1}, 1)
        os.environ[ckpt.ENV_FAULT] = "kill_before_manifest"
        ckpt.save({"x": 2}, 2)
        print("survived")
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=child_env(FLASHRUN_CKPT_DIR=str(tmp_path)), timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "survived" not in proc.stdout
    assert (tmp_path / "step-000000002" / "00-x.pt").exists()
    report = []
    assert ckpt.load_latest(tmp_path, report=report) == (1, {"x": 1})
    assert report[0].step == 2 and "torn" in report[0].reason


# -------------------------------------------------------------- where it writes

def test_without_env_it_writes_to_local_checkpoints_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ckpt.save({"x": 1}, 3)
    assert (tmp_path / "checkpoints" / "step-000000003" / "manifest.json").exists()
    assert ckpt.load_latest() == (3, {"x": 1})
    assert ckpt.heartbeat() is False  # no $FLASHRUN_HEARTBEAT: a no-op


def test_env_dir_wins_over_cwd_and_argument_wins_over_env(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(ckpt.ENV_DIR, str(tmp_path / "from-env"))
    ckpt.save({"x": 1}, 1)
    ckpt.save({"x": 2}, 2, directory=tmp_path / "explicit")
    assert (tmp_path / "from-env" / "step-000000001").is_dir()
    assert (tmp_path / "explicit" / "step-000000002").is_dir()
    assert not (tmp_path / "checkpoints").exists()


def test_only_rank_zero_writes(tmp_path, monkeypatch):
    monkeypatch.setenv("RANK", "1")
    path = ckpt.save({"x": 1}, 1, directory=tmp_path)
    assert path == tmp_path / "step-000000001" and not path.exists()


def test_keep_last_prunes_older_complete_and_torn(tmp_path):
    for step in (1, 2, 3):
        ckpt.save({"x": step}, step, directory=tmp_path)
    (tmp_path / "step-000000000").mkdir()  # an old torn one
    newer = ckpt.save({"x": 50}, 50, directory=tmp_path)
    ckpt.save({"x": 4}, 4, directory=tmp_path, keep_last=2)  # newer step 50 left alone
    assert [s for s, _ in ckpt.list_checkpoints(tmp_path)] == [3, 4, 50]
    assert newer.exists()


def test_bad_arguments(tmp_path):
    with pytest.raises(TypeError):
        ckpt.save({1: "x"}, 1, directory=tmp_path)
    with pytest.raises(TypeError):
        ckpt.save([("x", 1)], 1, directory=tmp_path)
    with pytest.raises(ValueError):
        ckpt.save({"x": 1}, -1, directory=tmp_path)
    with pytest.raises(ValueError):
        ckpt.save({"x": 1}, 1, directory=tmp_path, keep_last=0)
    assert not any(tmp_path.iterdir())


def test_import_and_find_latest_do_not_import_torch(tmp_path):
    ckpt.save({"x": 1}, 4, directory=tmp_path)
    (tmp_path / "step-000000005").mkdir()
    code = textwrap.dedent("""
        import sys
        from flashrun import ckpt
        found = ckpt.find_latest(sys.argv[1])
        assert (found.step, [s.step for s in found.skipped]) == (4, [5]), found
        assert "torch" not in sys.modules
    """)
    subprocess.run([sys.executable, "-c", code, str(tmp_path)], check=True,
                   env=child_env(), timeout=60)


# -------------------------------------------------------------------- heartbeat

def test_heartbeat_touches_the_file_and_is_rate_limited(tmp_path, monkeypatch):
    beat = tmp_path / "hb"
    monkeypatch.setenv(ckpt.ENV_HEARTBEAT, str(beat))
    assert ckpt.heartbeat() is True
    assert beat.exists()
    os.utime(beat, (1000, 1000))
    assert ckpt.heartbeat() is False  # within a second of the last touch
    assert beat.stat().st_mtime == 1000
    assert ckpt.heartbeat(min_interval=0) is True
    assert beat.stat().st_mtime > time.time() - 60


def test_heartbeat_never_raises(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="flashrun.ckpt"):
        assert ckpt.heartbeat(tmp_path / "missing-dir" / "hb") is False
    assert "heartbeat" in caplog.text


# ------------------------------------------------------------------ distributed

DIST_WORKER = textwrap.dedent("""
    import json, os, sys, time
    import torch.distributed as dist
    from flashrun import ckpt

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    real_write = ckpt._atomic_write_json

    def slow_write(path, obj):  # rank 0 takes its time before the manifest
        time.sleep(1.0)
        real_write(path, obj)

    ckpt._atomic_write_json = slow_write
    out = {"rank": rank}
    path = ckpt.save({"rank_that_wrote": rank}, 5)
    out["manifest_after_save"] = (path / "manifest.json").exists()
    report = []
    step, state = ckpt.load_latest(report=report)
    out["loaded"] = [step, state["rank_that_wrote"]]
    if rank == 0:
        os.environ[ckpt.ENV_FAULT] = "raise_before_manifest"
    try:
        ckpt.save({"x": 1}, 6)
        out["second_save"] = "ok"
    except ckpt.CheckpointError as exc:
        out["second_save"] = type(exc).__name__ + ": " + str(exc)
    report = []
    out["after_failure"] = ckpt.load_latest(report=report)[0]
    out["skipped"] = [s.step for s in report]
    # one write of the whole line: both ranks share torchrun's stdout, and print()'s
    # separate writes of text and newline interleaved there once on a loaded machine
    os.write(1, ("RESULT " + json.dumps(out) + "\\n").encode())
    dist.destroy_process_group()
""")


def run_group(cmd, env, timeout):
    """Run a torchrun command in its own session; on timeout stop it and its workers."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)  # torchrun stops its workers on SIGTERM
        try:
            out, _ = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
        pytest.fail("timed out after %ss:\n%s" % (timeout, out[-4000:]))
    return proc.returncode, out


@pytest.mark.slow
def test_two_gloo_ranks_wait_for_the_manifest_and_agree(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text(DIST_WORKER)
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone",
           "--nproc-per-node", "2", str(script)]
    rc, out = run_group(cmd, child_env(FLASHRUN_CKPT_DIR=str(tmp_path / "ck")), timeout=120)
    assert rc == 0, out[-4000:]
    results = {}
    for line in out.splitlines():
        if "RESULT " in line:
            obj = json.loads(line.split("RESULT ", 1)[1])
            results[obj["rank"]] = obj
    assert sorted(results) == [0, 1], out[-4000:]
    for rank, r in results.items():
        assert r["manifest_after_save"] is True  # save returned only once it was complete
        assert r["loaded"] == [5, 0]  # written by rank 0, read by everyone
        assert r["after_failure"] == 5 and r["skipped"] == [6]
    assert results[0]["second_save"].startswith("CheckpointError: FLASHRUN_CKPT_FAULT")
    assert results[1]["second_save"].startswith("CheckpointError: rank 0 failed to write")
