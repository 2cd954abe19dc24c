"""Many trials at once: slots, one supervised task per trial, results, resume.

Where it sits in the data flow (docs/architecture.md)::

    grid.yaml / API call → spec → [sweep] → supervisor (per trial) → ... → journal → view, results

``run_sweep`` expands nothing itself (the spec did): it writes the run
directory, queues every trial that has not already succeeded, and runs them
through the supervisor with ``concurrency`` process slots (a K-rank torchrun
trial takes K). All trials share one ``Coordinator``: a correlated incident
freezes automation for the whole sweep (running trials go on; nothing is
restarted or launched), and a ``pause_job`` decision holds every launch until
its back-off is over. ``Sweep`` is the notebook handle around it: blocking,
background, or awaited, inside a running loop or not.
"""
import asyncio
import dataclasses
import hashlib
import json
import logging
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from flashrun.runtime import loop as _loop
from flashrun.record.events import EventType as E
from flashrun.record import rundir
from flashrun.record.atomic import write_private
from flashrun.record.journal import Journal
from flashrun.runtime.ports import PortAllocator
from flashrun.spec.launch import command_argv
from flashrun.record.degrade import RecordWrites
from flashrun.record.results import (as_dataframe, best_trial, build_rows, collect_metrics,
                                     summary_lines, write_results)
from flashrun.spec.grid import SweepSpec, TrialSpec, from_mapping, launch_argv, load
from flashrun.record.state import TrialState
from flashrun.runtime.stream import Echo
from flashrun import defaults as D
from flashrun.policy.budget import Backoff
from flashrun.runtime.slots import Slots
from flashrun.runtime.supervisor import Coordinator, supervise
from flashrun.spec import rules as rules_file
from flashrun.spec.group import GroupSpec

logger = logging.getLogger(__name__)


SOURCE_FILE = "spec.source.json"  # where a spec with secrets is read from on resume


def _write_spec(spec: SweepSpec, run_dir: Path, writes: RecordWrites) -> None:
    """``spec.yaml`` (0600). A spec holding secrets that came from a file is kept
    *referenced*: spec.yaml has them masked, ``spec.source.json`` names the file and its
    sha256, and ``resume`` reads that file. From keyword arguments there is no file to
    point at, so spec.yaml keeps them, readable by the owner only."""
    spec_file = run_dir / "spec.yaml"
    source = Path(spec.source) if spec.source else None
    if spec.has_secrets and source is not None and source.is_file():
        text = source.read_bytes()
        ref = {"path": str(source.resolve()), "sha256": hashlib.sha256(text).hexdigest()}
        writes.attempt(run_dir / SOURCE_FILE, write_private, run_dir / SOURCE_FILE,
                       json.dumps(ref, indent=1) + "\n")
        body = ("# secrets masked (***): flashrun resume reads %s (sha256 %s)\n"
                % (ref["path"], ref["sha256"][:12]) + spec.to_yaml(redacted=True))
    else:
        body = spec.to_yaml()
    writes.attempt(spec_file, write_private, spec_file, body)


def _prepare(spec: SweepSpec, run_dir: Path, writes: RecordWrites) -> None:
    if not (run_dir / "spec.yaml").exists():
        _write_spec(spec, run_dir, writes)


def _prepare_trial(trial: TrialSpec, run_dir: Path, writes: RecordWrites) -> None:
    """``trials/<id>/params.json``, written when the trial first gets its slots (so queueing
    10,000 trials costs no file system work)."""
    tdir = run_dir / "trials" / trial.trial_id
    params = tdir / "params.json"
    if writes.attempt(tdir, tdir.mkdir, parents=True, exist_ok=True):
        writes.attempt(params, write_private, params,
                       json.dumps(trial.shown_params(), indent=1, default=str))


async def run_sweep(spec: SweepSpec, run_dir: Union[str, Path], *, view=None,
                    verbose: bool = False, backoff: Backoff = Backoff(),
                    incident_threshold: int = D.INCIDENT_THRESHOLD,
                    incident_window_s: float = D.INCIDENT_WINDOW_S) -> List[dict]:
    """Run (or resume) every trial of ``spec`` in ``run_dir``; the results rows."""
    run_dir = Path(run_dir)
    journal = Journal(run_dir)
    _prepare(spec, run_dir, journal.writes)
    say = view.print_line if view is not None else logger.warning
    coordinator = Coordinator(journal, incident_threshold=incident_threshold,
                              incident_window_s=incident_window_s)
    if journal.state.frozen:
        coordinator.frozen = False
        journal.emit(E.RESUMED, by="flashrun resume")
    done = {tid for tid, t in journal.state.trials.items() if t.state == TrialState.SUCCEEDED}
    pending = [t for t in spec.trials if t.trial_id not in done]
    journal.emit_many(E.TRIAL_QUEUED, ((trial.trial_id, {"params": trial.shown_params(),
                                                          "argv": list(trial.argv)})
                                        for trial in pending))
    live: Dict[str, Any] = {}
    if view is not None:
        view.update(journal.state, live)
        if hasattr(view, "update_changed"):  # O(1) per event, not O(trials)
            journal.listen(lambda state, event: view.update_changed(state, live, event.trial))
        else:
            journal.listen(lambda state, event: view.update(state, live))
    rules = spec.rules if spec.rules is not None else rules_file.resolve(None)
    slots = Slots(spec.concurrency)
    ports = PortAllocator()
    echo = Echo(_LineSink(say)) if verbose else None
    durations: Dict[str, float] = {}

    async def one(trial: TrialSpec) -> None:
        await slots.acquire(trial.slots)
        remote = trial.backend is not None and trial.backend.kind == "slurm"
        port = ports.acquire() if trial.torchrun and not remote else None
        try:
            _prepare_trial(trial, run_dir, journal.writes)
            if remote:  # the per-node launcher wraps it in torchrun (runtime.backends.slurm)
                argv, extra = tuple(command_argv(trial.argv)), {
                    "backend": trial.backend,
                    "nproc_per_node": trial.nproc if trial.torchrun else None}
            else:
                argv, extra = tuple(launch_argv(trial, port)), {}
            group = GroupSpec(argv=argv, trial_id=trial.trial_id,
                              mode=trial.mode, env=dict(trial.env), cwd=trial.cwd,
                              max_restarts=spec.max_restarts, hang_timeout=spec.hang_timeout,
                              startup_timeout=spec.startup_timeout, grace=spec.grace,
                              fatal_grace=spec.fatal_grace, slots=trial.slots, rules=rules,
                              **extra)
            before = journal.state.trials.get(trial.trial_id)
            res = await supervise(group, run_dir=run_dir, journal=journal,
                                  coordinator=coordinator, echo=echo, backoff=backoff, say=say,
                                  spent=before.restarts if before is not None else 0)
            durations[trial.trial_id] = res.duration_s
            if view is not None and res.last_log_dir:
                live[trial.trial_id] = _finished(res)
                view.update(journal.state, live)
        finally:
            if port is not None:
                ports.release(port)
            slots.release(trial.slots)

    tasks = [asyncio.ensure_future(one(t)) for t in pending]
    try:
        await asyncio.gather(*tasks)
    except BaseException:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        journal.emit(E.RUN_CANCELLED, reason="the sweep was cancelled")
        raise
    finally:
        if echo is not None:
            echo.close()
        rows = _results(spec, run_dir, journal, durations)
        if view is not None:
            view.close(journal.state)
        journal.close()
    return rows


def _finished(res):
    from flashrun.view.terminal import TrialLive

    lines = [ln for ln in res.tail.decode("utf-8", "replace").splitlines() if ln.strip()]
    return TrialLive(last_line=lines[-1][-120:] if lines else None,
                     last_metric=collect_metrics(res.last_log_dir))


class _LineSink:
    """The echo's bytes → whole lines for the view: a partial line waits for its end (a
    child's ``print(a, b)`` arrives in pieces), and lines with nothing after their
    ``[trial/attempt]`` prefix are dropped."""

    def __init__(self, say):
        self.say = say
        self.pending = b""

    def __call__(self, data: bytes) -> None:
        lines = (self.pending + data).split(b"\n")
        self.pending = lines.pop()
        for line in lines:
            text = line.decode("utf-8", "replace").rstrip("\r")
            if text.strip() and not _PREFIX_ONLY.fullmatch(text):
                self.say(text)


_PREFIX_ONLY = re.compile(r"\[[^\]\s]*/\d+\]\s*")


def _results(spec: SweepSpec, run_dir: Path, journal: Journal, durations) -> List[dict]:
    metrics = {}
    for trial in spec.trials:
        st = journal.state.trials.get(trial.trial_id)
        if st is None or st.attempt is None:
            continue
        adir = run_dir / "trials" / trial.trial_id / ("attempt-%d" % st.attempt)
        metrics[trial.trial_id] = collect_metrics(adir)
    try:
        return write_results(run_dir, spec, journal.state, metrics, durations)
    except OSError as exc:  # the rows are still returned and summarised
        journal.writes.note(run_dir / "results.json", exc)
        return build_rows(spec, journal.state, metrics, durations)


class Sweep:
    """A sweep you can run blocking, in the background, or awaited (notebooks too).

    ``rows`` (after it ends) are the results as dicts; ``dataframe()`` the same as
    a pandas DataFrame when pandas is installed.
    """

    def __init__(self, spec: SweepSpec, run_dir: Optional[Union[str, Path]] = None, *,
                 view: Any = "auto", verbose: bool = False, resume: bool = False, **options):
        self.spec = spec
        # a new sweep gets a directory of its own at once; an existing one only to resume it
        self.run_dir = (rundir.check_reuse(run_dir, resume, how="resume=True")
                        if run_dir is not None else rundir.create("runs", spec.name))
        self.verbose = verbose
        self.options = options
        self._view = view
        self.rows: Optional[List[dict]] = None
        self._thread: Optional[threading.Thread] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._task: Optional[asyncio.Future] = None
        self._error: Optional[BaseException] = None

    def _make_view(self):
        if self._view == "auto":
            from flashrun.view.terminal import make_view
            return make_view(sys.stdout, verbose=self.verbose, spec=self.spec,
                             run_dir=str(self.run_dir))
        return self._view

    async def run_async(self) -> List[dict]:
        self.rows = await run_sweep(self.spec, self.run_dir, view=self._make_view(),
                                    verbose=self.verbose, **self.options)
        return self.rows

    def run(self) -> List[dict]:
        """Block until every trial is done (works inside a running loop)."""
        return _loop.run(self.run_async())

    def start(self) -> "Sweep":
        """Run in a background thread; ``wait()``, ``status()``, ``cancel()`` follow it."""
        if self._thread is not None:
            raise RuntimeError("this sweep was already started")
        ready = threading.Event()

        def main():
            self._loop = _loop.new_event_loop()
            self._task = self._loop.create_task(self.run_async())
            ready.set()
            try:
                self._loop.run_until_complete(self._task)
            except BaseException as exc:  # noqa: B902 - reported by wait()
                self._error = exc
            finally:
                self._loop.close()

        self._thread = threading.Thread(target=main, name="flashrun-sweep", daemon=True)
        self._thread.start()
        ready.wait()
        return self

    def wait(self, timeout: Optional[float] = None) -> Optional[List[dict]]:
        if self._thread is None:
            raise RuntimeError("start() the sweep first")
        self._thread.join(timeout)
        if self._thread.is_alive():
            return None
        if self._error is not None and not isinstance(self._error, asyncio.CancelledError):
            raise self._error
        return self.rows

    @property
    def done(self) -> bool:
        """A started sweep has finished (succeeded, failed or been cancelled)."""
        return self._thread is not None and not self._thread.is_alive()

    def cancel(self, timeout: Optional[float] = 120) -> None:
        """Stop every trial (reaping every process) and wait for it."""
        if self._loop is not None and self._task is not None and not self._task.done():
            self._loop.call_soon_threadsafe(self._task.cancel)
        if self._thread is not None:
            self._thread.join(timeout)

    def status(self) -> Dict[str, int]:
        """Trial counts by state, read from the run directory."""
        from flashrun.record.events import read_events
        from flashrun.record.state import fold

        events = self.run_dir / "events.jsonl"
        if not events.exists():
            return {}
        return {k: v for k, v in fold(read_events(events, strict=False)).counts().items() if v}

    def best(self):
        return best_trial(self.rows or [], self.spec.objective)

    def summary(self) -> List[str]:
        return summary_lines(self.rows or [], self.best(), self.spec.objective)

    def dataframe(self):
        return as_dataframe(self.rows or [])

    def _repr_html_(self) -> str:
        """A static table (and, after the end, the summary): what a saved notebook keeps."""
        from flashrun.record.events import read_events
        from flashrun.record.state import RunState, TrialStatus, fold
        from flashrun.view.notebook import params_of, sweep_html

        events = self.run_dir / "events.jsonl"
        state = fold(read_events(events, strict=False)) if events.exists() else RunState()
        if not state.trials:
            state = RunState(trials={t.trial_id: TrialStatus(t.trial_id) for t in self.spec.trials})
        running = self._thread is not None and not self.done
        return sweep_html(self.spec.name, state, params_of(self.spec), rows=self.rows,
                          objective=self.spec.objective, run_dir=str(self.run_dir),
                          max_restarts=self.spec.max_restarts, running=running)


def sweep(source: Optional[Union[str, Path]] = None, *, run_dir=None, view: Any = "auto",
          verbose: bool = False, **fields) -> Sweep:
    """A Sweep from a grid.yaml path, or from the same fields as keyword arguments."""
    options = {k: fields.pop(k) for k in ("backoff", "incident_threshold", "incident_window_s",
                                          "resume") if k in fields}
    if source is not None and fields:
        raise TypeError("sweep(%r, ...): give a grid.yaml path or its fields as keyword "
                        "arguments, not both (got %s)" % (str(source), ", ".join(sorted(fields))))
    if hasattr(fields.get("backend"), "kind"):  # flashrun.Slurm(...) → its grid.yaml mapping
        b = fields["backend"]
        fields["backend"] = dict(dataclasses.asdict(b), kind=b.kind)
    spec = load(source) if source is not None else from_mapping(fields)
    return Sweep(spec, run_dir, view=view, verbose=verbose, **options)
