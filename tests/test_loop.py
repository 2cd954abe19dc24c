"""flashrun.runtime.loop: loop choice, and run() from plain code or from inside a running loop
(a notebook cell), where Ctrl-C still stops and reaps everything before propagating."""
import asyncio
import os
import signal
import threading

import pytest

from flashrun.runtime import loop as floop
from flashrun.runtime.process import StopPolicy, spawn
from flashrun.runtime.stream import Output
from mechanism_fixtures import LOOPS, aloop, alive, aread_pids, identify, worker  # noqa: F401


def test_prefers_uvloop_when_installed(monkeypatch):
    monkeypatch.delenv("FLASHRUN_LOOP", raising=False)
    assert floop.implementation() == ("uvloop" if "uvloop" in LOOPS else "asyncio")
    loop = floop.new_event_loop()
    try:
        assert type(loop).__module__.split(".")[0] == floop.implementation()
    finally:
        loop.close()


def test_env_forces_the_stdlib_loop(monkeypatch):
    monkeypatch.setenv("FLASHRUN_LOOP", "asyncio")
    assert floop.implementation() == "asyncio"
    monkeypatch.setenv("FLASHRUN_LOOP", "trio")
    with pytest.raises(RuntimeError, match="FLASHRUN_LOOP=trio"):
        floop.implementation()


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_run_from_plain_code(name):
    async def main():
        await asyncio.sleep(0)
        return threading.current_thread() is threading.main_thread(), type(
            asyncio.get_running_loop()).__module__

    on_main, module = floop.run(main(), loop_factory=LOOPS[name])
    assert on_main and module.startswith(name)


def test_run_inside_a_running_loop_uses_a_helper_thread(aloop):
    async def inner():
        return threading.current_thread().name

    async def inner_fails():
        raise ValueError("boom")

    async def cell():  # what a notebook cell does: a sync call inside the kernel's loop
        name = floop.run(inner())
        with pytest.raises(ValueError, match="boom"):
            floop.run(inner_fails())
        return name

    assert aloop.run(cell()) == "flashrun-loop"


def _interrupt_after_spawn(tmp_path, n):
    async def main():
        group = await spawn(worker("sleeper.py", "--pidfile", tmp_path / "pids", "--children", 2,
                                   "--ignore-term"), output=Output(tmp_path / "o"),
                            stop_policy=StopPolicy(grace=0.3))
        main.procs = identify(await aread_pids(tmp_path / "pids", n))
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, delivered to the main thread
        await group.wait()
    return main


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_ctrl_c_from_plain_code_reaps_before_raising(tmp_path, name):
    main = _interrupt_after_spawn(tmp_path, 3)
    with pytest.raises(KeyboardInterrupt):
        floop.run(main(), loop_factory=LOOPS[name])
    assert len(main.procs) == 3 and not alive(main.procs)


def test_ctrl_c_inside_a_running_loop_reaps_before_raising(aloop, tmp_path):
    main = _interrupt_after_spawn(tmp_path, 3)

    async def cell():
        with pytest.raises(KeyboardInterrupt):
            floop.run(main())

    aloop.run(cell())
    assert len(main.procs) == 3 and not alive(main.procs)
