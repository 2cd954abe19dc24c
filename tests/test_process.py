"""flashrun.runtime.process: spawn a group in its own session, stop it, always reap it, and
leave no descendant behind, whatever happens to the awaiting task or the supervisor.

Every "dead" below is read from the process table (/proc, pid + start time), not
inferred from return codes.
"""
import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flashrun.runtime.process import (
    ENV_TOKEN, Exit, StopPolicy, _setpriv, exit_status, pdeathsig_method, run, spawn)
from flashrun.runtime.stream import Output
from mechanism_fixtures import (  # noqa: F401
    LOOPS, aloop, alive, aread_pids, identify, proc_stat, read_pids, wait_dead, worker)

REPO = Path(__file__).resolve().parent.parent
FAST = StopPolicy(grace=0.5)
METHODS = ["preexec"] + (["setpriv"] if _setpriv() else [])  # ways to set PR_SET_PDEATHSIG


def tree_args(tmp_path, *extra):
    """A torchrun-like tree of 6: the leader; 2 children in sessions of their own (as
    torchrun's workers), each with a grandchild; 1 re-parented daemon in the leader's group."""
    return worker("sleeper.py", "--pidfile", tmp_path / "pids", "--children", 2,
                  "--grandchildren", "--setsid", "--daemon", *extra), 6


@pytest.mark.parametrize("rc,status", [(-9, 137), (-15, 143), (-2, 130), (0, 0), (3, 3), (255, 255)])
def test_exit_status_is_shell_style(rc, status):
    assert exit_status(rc) == status
    ex = Exit(1, rc, 0.0, 1.0, 1.0, False, False, False)
    assert ex.exit_status == status and ex.signal == (-rc if rc < 0 else None)


@pytest.mark.parametrize("args,rc", [(["0"], 0), (["3"], 3), (["0", "--signal", "SIGKILL"], -9),
                                     (["0", "--signal", "SIGTERM"], -15)],
                         ids=["ok", "code3", "sigkill", "sigterm"])
def test_exit_codes(aloop, tmp_path, args, rc):
    async def go():
        group = await spawn(worker("exit_with.py", *args, "--message", "bye"),
                            output=Output(tmp_path))
        assert group.pgid == group.pid and proc_stat(group.pid)[2] == group.pid
        return await group.wait(), group

    ex, group = aloop.run(go())
    assert ex.returncode == rc and group.returncode == rc and group.state == "done"
    assert not ex.stop_requested and not ex.killed and not ex.leftovers
    assert ex.started_at <= ex.exited_at <= ex.finished_at
    assert (tmp_path / "stderr.log").read_bytes() == b"bye\n"


def test_own_session_env_cwd_and_devnull_stdin(aloop, tmp_path):
    code = ("import os,sys; print(os.getsid(0)==os.getpid(), os.getcwd(), os.environ['FLASHRUN_X'],"
            " repr(sys.stdin.read()), open('/dev/stdout','w').write('reopened\\n'))")

    async def go():
        out = Output(tmp_path / "o")
        return await run([sys.executable, "-c", code], output=out, cwd=tmp_path,
                         env={"FLASHRUN_X": "42", "PATH": os.environ["PATH"]}), out

    ex, out = aloop.run(go())
    assert ex.returncode == 0, out.tail()
    # /dev/stdout can be reopened: a real pipe, not a socket
    assert out.stdout.tail() == b"reopened\nTrue %s 42 '' 9\n" % str(tmp_path).encode()


@pytest.mark.parametrize("method", METHODS)
def test_spawn_failure_raises_and_closes_output(aloop, tmp_path, monkeypatch, method):
    monkeypatch.setenv("FLASHRUN_PDEATHSIG", method)
    assert pdeathsig_method() == method
    (tmp_path / "not-executable").write_text("#!/bin/sh\n")
    cases = [([str(tmp_path / "no-such-program")], None, FileNotFoundError),
             (["no-such-program-on-path"], None, FileNotFoundError),
             (["./not-executable"], tmp_path, PermissionError)]

    async def go():
        for argv, cwd, error in cases:
            out = Output(tmp_path / "o")
            with pytest.raises(error):
                await spawn(argv, output=out, cwd=cwd)
            assert out.closed

    aloop.run(go())


@pytest.mark.parametrize("method", METHODS + ["off"])
def test_every_pdeathsig_method_runs_programs_alike(aloop, tmp_path, monkeypatch, method):
    monkeypatch.setenv("FLASHRUN_PDEATHSIG", method)
    (tmp_path / "tool").write_text("#!/bin/sh\necho \"$0:$1\"\n")
    (tmp_path / "tool").chmod(0o755)

    async def go():
        a = await run(["./tool", "x y"], output=Output(tmp_path / "a"), cwd=tmp_path)
        b = await run(["tool", "z"], output=Output(tmp_path / "b"),
                      env={"PATH": "%s:%s" % (tmp_path, os.defpath)})
        return a, b

    a, b = aloop.run(go())
    assert a.returncode == b.returncode == 0
    assert (tmp_path / "a" / "stdout.log").read_bytes() == b"./tool:x y\n"
    assert (tmp_path / "b" / "stdout.log").read_bytes() == b"%s/tool:z\n" % bytes(tmp_path)


def test_members_include_descendants_in_sessions_of_their_own(aloop, tmp_path):
    argv, n = tree_args(tmp_path)

    async def go():
        group = await spawn(argv, output=Output(tmp_path / "o"), stop_policy=FAST)
        pids = await aread_pids(tmp_path / "pids", n)
        members = group.members()
        sessions = {proc_stat(p)[2] for p in pids}
        with open("/proc/%d/environ" % group.pid, "rb") as f:
            env = f.read().split(b"\0")
        await group.stop()
        return pids, members, sessions, env, group

    pids, members, sessions, env, group = aloop.run(go())
    assert sorted(pids) == members and len(sessions) == 3  # leader's group + 2 sessions
    assert b"%s=%s" % (ENV_TOKEN.encode(), group.token.encode()) in env
    assert group.members() == []


def test_stop_sigterm_honoured_kills_the_whole_tree(aloop, tmp_path):
    argv, n = tree_args(tmp_path)

    async def go():
        group = await spawn(argv, output=Output(tmp_path / "o"), stop_policy=StopPolicy(grace=30))
        procs = identify(await aread_pids(tmp_path / "pids", n))
        t0 = time.monotonic()
        ex = await group.stop()
        return ex, procs, time.monotonic() - t0

    ex, procs, took = aloop.run(go())
    assert ex.returncode == -15 and ex.stop_requested and not ex.killed
    assert took < 10
    assert len(procs) == n and not alive(procs)


def test_stop_sigterm_ignored_escalates_to_sigkill(aloop, tmp_path):
    argv, n = tree_args(tmp_path, "--ignore-term")

    async def go():
        group = await spawn(argv, output=Output(tmp_path / "o"), stop_policy=FAST)
        procs = identify(await aread_pids(tmp_path / "pids", n))
        t0 = time.monotonic()
        ex = await group.stop()
        return ex, procs, time.monotonic() - t0

    ex, procs, took = aloop.run(go())
    assert ex.returncode == -9 and ex.killed and ex.stop_requested
    assert took >= 0.5
    assert len(procs) == n and not alive(procs)


def test_stop_policy_override_and_custom_signal(aloop, tmp_path):
    async def go():
        group = await spawn(worker("sleeper.py", "--pidfile", tmp_path / "pids"),
                            output=Output(tmp_path / "o"))
        await aread_pids(tmp_path / "pids", 1)
        return await group.stop(StopPolicy(signal=signal.SIGINT, grace=5))

    ex = aloop.run(go())
    assert ex.returncode == -2 and not ex.killed  # KeyboardInterrupt, then Python re-raises SIGINT


def test_leftovers_after_leader_exit_are_stopped(aloop, tmp_path):
    argv, n = tree_args(tmp_path, "--ignore-term", "--exit-after", "0.3", "--exit-code", "4")

    async def go():
        group = await spawn(argv, output=Output(tmp_path / "o"), stop_policy=FAST)
        procs = identify(await aread_pids(tmp_path / "pids", n))
        return await group.wait(), procs

    ex, procs = aloop.run(go())
    assert ex.returncode == 4 and ex.leftovers and ex.killed and not ex.stop_requested
    assert len(procs) == n and not alive(procs)


def test_wait_timeout_leaves_the_group_running(aloop, tmp_path):
    async def go():
        group = await spawn(worker("sleeper.py", "--pidfile", tmp_path / "pids"),
                            output=Output(tmp_path / "o"), stop_policy=FAST)
        assert await group.wait(timeout=0.2) is None
        assert group.state == "running" and group.returncode is None
        group.signal(signal.SIGTERM)
        return await group.wait(timeout=10)

    assert aloop.run(go()).returncode == -15


def test_async_with_stops_on_the_way_out(aloop, tmp_path):
    argv, n = tree_args(tmp_path, "--ignore-term")

    async def go():
        with pytest.raises(RuntimeError):
            async with await spawn(argv, output=Output(tmp_path / "o"), stop_policy=FAST) as g:
                procs = identify(await aread_pids(tmp_path / "pids", n))
                raise RuntimeError("user code failed")
        return g, procs

    group, procs = aloop.run(go())
    assert group.exit.killed and not alive(procs)


@pytest.mark.parametrize("how", ["cancel", "cancel-twice", "wait_for-timeout", "run"])
def test_cancellation_never_orphans(aloop, tmp_path, how):
    """Cancelling the task that awaits a group reaps the leader and kills every descendant
    before CancelledError propagates (regression test, after trio's)."""
    argv, n = tree_args(tmp_path, "--ignore-term")

    async def go():
        if how == "run":
            task = asyncio.ensure_future(run(argv, output=Output(tmp_path / "o"),
                                             stop_policy=FAST))
            procs = identify(await aread_pids(tmp_path / "pids", n))
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            return procs, None
        group = await spawn(argv, output=Output(tmp_path / "o"), stop_policy=FAST)
        procs = identify(await aread_pids(tmp_path / "pids", n))
        if how == "wait_for-timeout":
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(group.wait(), 0.05)
        else:
            task = asyncio.ensure_future(group.wait())
            await asyncio.sleep(0.05)
            task.cancel()
            if how == "cancel-twice":
                await asyncio.sleep(0.1)  # inside the grace period
                task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        assert group.exit is not None and group.exit.killed  # reaped before we got here
        return procs, group

    procs, group = aloop.run(go())
    assert len(procs) == n and not alive(procs)


def test_loop_shutdown_kills_abandoned_groups(tmp_path, caplog):
    """A coroutine that returns without awaiting its group: the loop's shutdown kills it."""
    from flashrun.runtime.loop import run as run_loop

    argv, n = tree_args(tmp_path, "--ignore-term")
    for name, factory in sorted(LOOPS.items()):
        pidfile = tmp_path / "pids"
        pidfile.unlink(missing_ok=True)

        async def go():
            group = await spawn(argv, output=Output(tmp_path / name))
            return group, identify(await aread_pids(pidfile, n))

        group, procs = run_loop(go(), loop_factory=factory)
        assert group.exit is not None and group.exit.killed, name
        # SIGKILLed, they are gone from the group (a dying process's environ reads
        # empty); on a loaded machine the kernel may still be finishing an exit
        assert not wait_dead(procs, timeout=5), name
    assert "shut down before group" in caplog.text


# -- the supervisor itself dies -------------------------------------------------------------

def _start_supervisor(tmp_path, loop_name, *argv, groups=2, grace=0.5, pdeathsig=None):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    if pdeathsig is not None:
        env["FLASHRUN_PDEATHSIG"] = pdeathsig
    cmd = [sys.executable, str(REPO / "tests" / "bin" / "supervise.py"), "--loop", loop_name,
           "--dir", str(tmp_path / "runs"), "--groups", str(groups), "--grace", str(grace), "--"]
    sup = subprocess.Popen(cmd + list(argv), stdout=subprocess.PIPE, env=env)
    lines = []
    deadline = time.monotonic() + 20
    while len([x for x in lines if x.startswith(b"spawned=")]) < groups:
        assert time.monotonic() < deadline and sup.poll() is None, lines
        lines.append(sup.stdout.readline().strip())
    guard = int([x for x in lines if x.startswith(b"guard=")][0].split(b"=")[1])
    return sup, guard


@pytest.mark.parametrize("loop_name", sorted(LOOPS))
def test_sigkill_of_the_supervisor_leaves_no_descendant(tmp_path, loop_name):
    argv, n = tree_args(tmp_path, "--ignore-term")
    sup, guard = _start_supervisor(tmp_path, loop_name, *argv)
    try:
        procs = identify(read_pids(tmp_path / "pids", 2 * n)) | identify([guard])
        assert len(procs) == 2 * n + 1
        sup.kill()
        sup.wait(10)
        left = wait_dead(procs, timeout=5)
        assert not left, "survivors: %r" % [(p, proc_stat(p)) for p, _ in left]
    finally:
        sup.kill()
        sup.wait(10)
        sup.stdout.close()


_CLEANUP_SUPERVISOR = """
import sys, time
from flashrun.runtime import guard
write = "import sys; open(sys.argv[1], 'w').write('ran')"
dropped = guard.on_supervisor_death([sys.executable, "-c", write, sys.argv[1]])
kept = guard.on_supervisor_death([sys.executable, "-c", write, sys.argv[2]])
guard.drop_on_death(dropped)
print("guard=%d" % guard.guard_pid(), flush=True)
time.sleep(600)
"""


def test_sigkill_of_the_supervisor_runs_its_cleanup_commands(tmp_path):
    """What no signal from this host reaches (a Slurm job's tasks elsewhere) is released
    by a command the guard runs when the supervisor dies, SIGKILL included; a command
    taken back (its attempt ended) does not run. Commands run in registration order,
    so once the kept one has written its file the dropped one would have too."""
    dropped, kept = tmp_path / "dropped", tmp_path / "kept"
    sup = subprocess.Popen([sys.executable, "-c", _CLEANUP_SUPERVISOR, str(dropped), str(kept)],
                           stdout=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        line = sup.stdout.readline()
        assert line.startswith(b"guard="), line
        guard = int(line.split(b"=")[1])
        sup.kill()
        sup.wait(10)
        assert not wait_dead(identify([guard]), timeout=30)  # it ran the commands and left
        assert kept.read_text() == "ran"
        assert not dropped.exists()
    finally:
        sup.kill()
        sup.wait(10)
        sup.stdout.close()


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("loop_name", sorted(LOOPS))
def test_pdeathsig_kills_the_leader_even_without_the_guard(tmp_path, loop_name, method):
    sup, guard = _start_supervisor(
        tmp_path, loop_name, *worker("sleeper.py", "--pidfile", tmp_path / "pids"), groups=1,
        pdeathsig=method)
    try:
        procs = identify(read_pids(tmp_path / "pids", 1))
        os.kill(guard, signal.SIGKILL)       # the outer layer is gone
        assert not wait_dead(identify([guard]), timeout=5)
        sup.kill()
        sup.wait(10)
        assert not wait_dead(procs, timeout=5)
    finally:
        sup.kill()
        sup.wait(10)
        sup.stdout.close()


@pytest.mark.parametrize("loop_name", sorted(LOOPS))
def test_ctrl_c_stops_everything(tmp_path, loop_name):
    argv, n = tree_args(tmp_path, "--ignore-term")
    sup, guard = _start_supervisor(tmp_path, loop_name, *argv)
    try:
        procs = identify(read_pids(tmp_path / "pids", 2 * n))
        sup.send_signal(signal.SIGINT)
        out, _ = sup.communicate(timeout=20)
        assert sup.returncode == 130
        # the supervisor stopped (SIGTERM, grace, SIGKILL) and reaped each group itself
        exits = [line for line in out.splitlines() if line.startswith(b"exit ")]
        assert len(exits) == 2 and all(b"rc=-9 killed=1" in line for line in exits), out
        assert not alive(procs)
        assert not wait_dead(identify([guard]), timeout=5)
    finally:
        sup.kill()
        sup.wait(10)
        sup.stdout.close()
