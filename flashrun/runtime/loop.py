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

SIGTERM (what Slurm, Kubernetes and systemd send on preemption) does exactly
what SIGINT does when :func:`run` drives the loop on the main thread: the
coroutine is cancelled (children get SIGTERM, their grace, then SIGKILL), and
:class:`Terminated` (a KeyboardInterrupt) is raised once everything is reaped.
A second signal during that cleanup raises at once (the loop's shutdown then
SIGKILLs what is left).
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
from typing import Any, Callable, Coroutine, Dict, Optional, TypeVar

__all__ = ["Terminated", "implementation", "loop_factories", "new_event_loop", "run"]

logger = logging.getLogger(__name__)

T = TypeVar("T")
LoopFactory = Callable[[], asyncio.AbstractEventLoop]
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Terminated(KeyboardInterrupt):
    """SIGTERM stopped :func:`run`: everything it started was stopped and reaped first."""

    signum = signal.SIGTERM


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
    loop = factory()
    try:
        return _drive(loop, main, debug, None, signals=_on_main_thread())
    finally:
        _close(loop)


def _on_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _drive(loop: asyncio.AbstractEventLoop, main: Coroutine[Any, Any, T],
           debug: Optional[bool], started: Optional[Callable[[asyncio.Task], None]],
           signals: bool = False) -> T:
    asyncio.set_event_loop(loop)
    if debug is not None:
        loop.set_debug(debug)
    task = loop.create_task(main)
    if started is not None:
        started(task)
    received = []
    previous = {}

    def on_signal(signum: int) -> None:
        received.append(signum)
        if len(received) > 1:  # a second signal: no more waiting for graces
            logger.warning("signal %d again: killing what is left", signum)
            loop.stop()  # the loop's shutdown SIGKILLs every group still running
            return
        logger.info("signal %d: stopping everything before returning", signum)
        task.cancel()

    if signals:
        for signum in STOP_SIGNALS:
            previous[signum] = signal.getsignal(signum)
            loop.add_signal_handler(signum, on_signal, signum)
    try:
        try:
            value = loop.run_until_complete(task)
        except KeyboardInterrupt:
            task.cancel()
            try:
                loop.run_until_complete(task)
            except (asyncio.CancelledError, Exception):
                pass
            raise
        except asyncio.CancelledError:
            if received:
                raise Terminated() if received[0] == signal.SIGTERM else KeyboardInterrupt()
            raise
        except RuntimeError:
            if len(received) > 1:  # stopped by the second signal (see on_signal)
                raise Terminated() if received[0] == signal.SIGTERM else KeyboardInterrupt()
            raise
        if received:  # the coroutine absorbed the cancellation: the signal still stops us
            raise Terminated() if received[0] == signal.SIGTERM else KeyboardInterrupt()
        return value
    finally:
        for signum, handler in previous.items():
            loop.remove_signal_handler(signum)
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)


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
