"""A full disk under the run directory (issue 12, defect 2).

The run dir lives on a 2 MB tmpfs mounted in a private mount namespace
(``unshare -rm``: works as root and, where user namespaces are allowed, without);
the child prints 10 MB, so the disk fills while it runs. Every write of the run
record must degrade to one line, the exit status must survive, no traceback.
Where no tmpfs can be mounted the test skips and says why.
"""
import shutil
import subprocess
import sys

import pytest

from adv_helpers import CLI, cli_env, no_traceback, script

MOUNT = "mount -t tmpfs -o size=2m flashrun-full-disk"


def _namespace_tmpfs_or_skip():
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("no unshare(1) here: cannot mount a private tmpfs")
    probe = subprocess.run([unshare, "-rm", "sh", "-c", "%s /mnt" % MOUNT],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("cannot mount a tmpfs in a private mount namespace here: %s"
                    % probe.stderr.strip())
    return unshare


def _in_full_disk(tmp_path, flashrun_args, keep):
    """Run ``flashrun ARGS`` with $DISK a fresh 2 MB tmpfs; copy ``keep`` out of it after."""
    unshare = _namespace_tmpfs_or_skip()
    disk = tmp_path / "disk"
    disk.mkdir()
    saved = tmp_path / "saved"
    saved.mkdir()
    cmd = " ".join("'%s'" % a for a in CLI + flashrun_args)
    shell = ('%s "$DISK" || exit 99; cd "$DISK"; %s; rc=$?; df -k "$DISK" >&2; '
             'cp -r %s "$SAVED"/ 2>/dev/null; exit $rc' % (MOUNT, cmd, keep))
    env = cli_env(DISK=str(disk), SAVED=str(saved))
    p = subprocess.run([unshare, "-rm", "sh", "-c", shell], capture_output=True, text=True,
                       env=env, timeout=180)
    assert p.returncode != 99, p.stderr
    return p, saved


@pytest.fixture
def flood7(tmp_path):
    return script(tmp_path, "flood7.py", """\
        import os, sys
        line = b"x" * 1023 + b"\\n"
        for _ in range(10 * 1024):
            os.write(1, line)
        print("giving up with 7", file=sys.stderr, flush=True)
        sys.exit(7)
        """)


def test_run_on_a_full_disk_keeps_the_exit_status(tmp_path, flood7):
    p, saved = _in_full_disk(tmp_path, ["run", "--quiet", "--max-restarts", "0", "--run-dir",
                                        "run", "--", sys.executable, str(flood7)], "run")
    assert p.returncode == 7, p.stderr
    no_traceback(p.stderr, p.stdout)
    assert "No space left on device" in p.stderr  # said, once per file it could not write
    assert "storage_timeout" in p.stderr  # a full run dir is evidence: the disk is the problem
    events = (saved / "run" / "events.jsonl").read_text()
    assert '"launch_started"' in events


def test_sweep_on_a_full_disk_decides_every_trial(tmp_path, flood7):
    ok = script(tmp_path, "ok.py", "print('fine')\n")
    grid = tmp_path / "grid.yaml"
    grid.write_text("name: full\ncommand: %s {prog}\ngrid: {prog: [%s, %s]}\n"
                    "max_restarts: 0\nconcurrency: 1\n" % (sys.executable, flood7, ok))
    p, saved = _in_full_disk(tmp_path, ["sweep", str(grid), "--run-dir", "run"], "run")
    no_traceback(p.stderr, p.stdout)
    assert p.returncode == 1, p.stdout + p.stderr
    # the summary comes from the in-memory state: one failed (exit 7), one succeeded
    assert "finished: 1 succeeded, 1 failed, 0 cancelled of 2" in p.stdout, p.stdout
    assert "exit 7" in p.stdout
