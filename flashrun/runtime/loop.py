"""Which event loop runs the supervisor, and how to run it from anywhere.

Where it sits in the data flow (docs/architecture.md)::

    grid.yaml / API call → spec → [loop] supervisor → process → stream → ...

The supervisor is asyncio code; this module picks the loop it runs on (uvloop
when installed, else the stdlib loop; ``FLASHRUN_LOOP=asyncio`` forces the
stdlib one) and provides :func:`run`, which works both from plain code and from
inside a running loop (a Jupyter cell), where it runs the coroutine on a fresh
loop in a helper thread and blocks the caller until it is done. In both cases
Ctrl-C (KeyboardInterrupt) cancels the coroutine and waits for its cleanup, so
every child it started is stopped and reaped before the interrupt propagates.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
from typing import Any, Callable, Coroutine, Dict, Optional, TypeVar

__all__ = ["implementation", "loop_factories", "new_event_loop", "run"]

logger = logging.getLogger(__name__)

T = TypeVar("T")
LoopFactory = Callable[[], asyncio.AbstractEventLoop]


def loop_factories() -> Dict[str, LoopFactory]:
    """Every loop available here, by name: always ``"asyncio"``, ``"uvloop"`` when installed."""
    factories: Dict[str, LoopFactory] = {"asyncio": asyncio.new_event_loop}
    try:
        import uvloop
    except ImportError:
        pass
    else:
        factories["uvloop"] = uvloop.new_event_loop
    return factories


def implementation() -> str:
    """The loop :func:`new_event_loop` makes: ``"uvloop"`` or ``"asyncio"``."""
    wanted = os.environ.get("FLASHRUN_LOOP", "").strip().lower()
    available = loop_factories()
    if wanted:
        if wanted not in available:
            raise RuntimeError("FLASHRUN_LOOP=%s is not available here (have: %s)"
                               % (wanted, ", ".join(sorted(available))))
        return wanted
    return "uvloop" if "uvloop" in available else "asyncio"


def new_event_loop() -> asyncio.AbstractEventLoop:
    """A new loop of the preferred implementation (see :func:`implementation`)."""
    return loop_factories()[implementation()]()


def run(main: Coroutine[Any, Any, T], *, loop_factory: Optional[LoopFactory] = None,
        debug: Optional[bool] = None) -> T:
    """Run ``main`` to completion on a new loop and return its result.

    From a thread without a running loop this is ``asyncio.run`` on the preferred
    loop. From inside a running loop (a notebook) the coroutine runs on a new
    loop in a helper thread while the caller blocks. KeyboardInterrupt cancels
    ``main``, waits for it to finish its cleanup, and is then re-raised.
    """
    factory = loop_factory or new_event_loop
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _run_here(main, factory, debug)
    return _run_in_thread(main, factory, debug)


def _run_here(main: Coroutine[Any, Any, T], factory: LoopFactory,
              debug: Optional[bool]) -> T:
    runner_cls = getattr(asyncio, "Runner", None)
    if runner_cls is not None:  # Python ≥ 3.11: Runner turns SIGINT into cancellation
        with runner_cls(loop_factory=factory, debug=debug) as runner:
            return runner.run(main)
    loop = factory()
    try:
        return _drive(loop, main, debug, None)
    finally:
        _close(loop)


def _drive(loop: asyncio.AbstractEventLoop, main: Coroutine[Any, Any, T],
           debug: Optional[bool], started: Optional[Callable[[asyncio.Task], None]]) -> T:
    asyncio.set_event_loop(loop)
    if debug is not None:
        loop.set_debug(debug)
    task = loop.create_task(main)
    if started is not None:
        started(task)
    try:
        return loop.run_until_complete(task)
    except KeyboardInterrupt:
        task.cancel()
        try:
            loop.run_until_complete(task)
        except (asyncio.CancelledError, Exception):
            pass
        raise


def _close(loop: asyncio.AbstractEventLoop) -> None:
    try:
        pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        shutdown_executor = getattr(loop, "shutdown_default_executor", None)
        if shutdown_executor is not None:
            loop.run_until_complete(shutdown_executor())
    finally:
        asyncio.set_event_loop(None)
        loop.close()


def _run_in_thread(main: Coroutine[Any, Any, T], factory: LoopFactory,
                   debug: Optional[bool]) -> T:
    outcome: Dict[str, Any] = {}
    ready = threading.Event()

    def started(task: asyncio.Task) -> None:
        outcome["task"] = task
        ready.set()

    def target() -> None:
        loop = factory()
        outcome["loop"] = loop
        try:
            outcome["value"] = _drive(loop, main, debug, started)
        except BaseException as exc:  # handed to the caller's thread
            outcome["error"] = exc
        finally:
            ready.set()
            try:
                _close(loop)
            finally:
                finished.set()

    # Waiting on an Event, not Thread.join(): on 3.11 a join interrupted by Ctrl-C
    # marks a live thread as stopped.
    finished = threading.Event()
    thread = threading.Thread(target=target, name="flashrun-loop", daemon=True)
    thread.start()
    try:
        while not finished.wait(0.1):
            pass
    except KeyboardInterrupt:
        ready.wait()
        task = outcome.get("task")
        if task is not None and not task.done():
            logger.info("interrupted: stopping everything before returning")
            try:
                outcome["loop"].call_soon_threadsafe(task.cancel)
            except RuntimeError:  # the loop closed meanwhile: nothing left to cancel
                pass
        while not finished.wait(0.1):  # a second Ctrl-C leaves the cleanup running behind us
            pass
        raise
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
