"""Benchmark: what the web view costs for sweeps of 10, 100 and 500 trials.

Comparator: ``flashrun status RUN_DIR`` on the same run directory, in the same process
and the same run (it reads and folds ``events.jsonl`` and prints one line per trial: the
cheapest look at a run flashrun had). For each size:

* ``status ms``: ``flashrun status`` (the CLI function, in-process, stdout captured);
* ``load ms``: :class:`~flashrun.view.rundata.RunReader` reading the whole run directory
  (events, params, every attempt's tail, metrics lines, checkpoints);
* ``page ms`` / ``page KiB``: rendering the live page (:func:`~flashrun.view.page.render_page`);
* ``report ms`` / ``report KiB``: the static report with every trial's detail;
* ``update ms`` / ``update B``: one trial finishing: the server's :meth:`ViewServer.poll`
  (read the new bytes of events.jsonl, fold, re-read that trial's files, render its rows)
  and the size of the SSE message every open page receives;
* ``first paint ms``: chromium's ``first-contentful-paint`` for the live page served by
  ``flashrun view`` (median of 3 loads; full run only, when chromium is installed).

Run directories are written through the real record layer (EventLog, the files a
supervisor leaves); every fifth trial crashed once and was restarted, every seventeenth
failed on a ValueError, five are still running. With ``--benchmark-disable`` (the CI
smoke) each size is measured once without the browser. Nothing here asserts a timing.
"""
from __future__ import annotations

import contextlib
import io
import json
import statistics
import time
from pathlib import Path

import pytest

from flashrun.record.events import Event, EventLog, EventType as T
from flashrun.view import page, rundata

SIZES = (10, 100, 500)
RUNNING = 5
_TABLE: list = []


def synth_run(run_dir: Path, n: int) -> list:
    """A sweep of *n* trials; returns the ids of the trials still running."""
    run_dir.mkdir(parents=True)
    lrs, seeds = [0.1, 0.03, 0.01, 0.003, 0.001], list(range(max(1, n // 5)))
    (run_dir / "spec.yaml").write_text(
        "name: bench-%d\ncommand: python train.py --lr {lr} --seed {seed}\n"
        "grid: {lr: %s, seed: %s}\nmax_restarts: 2\nobjective: {metric: loss, mode: min}\n"
        % (n, json.dumps(lrs), json.dumps(seeds)))
    ts = [1_700_000_000.0]
    running = []
    with EventLog(run_dir / "events.jsonl") as log:
        def emit(type, trial, attempt=None, **data):
            ts[0] += 0.01
            log.append(Event(ts[0], type, trial, attempt, data))

        for i in range(n):
            tid = "t%03d-lr=%s-seed=%d" % (i, lrs[i % 5], seeds[i // 5 % len(seeds)])
            tdir = run_dir / "trials" / tid
            tdir.mkdir(parents=True)
            (tdir / "params.json").write_text(json.dumps({"lr": lrs[i % 5],
                                                          "seed": seeds[i // 5 % len(seeds)]}))
            emit(T.TRIAL_QUEUED, tid, params={"lr": lrs[i % 5]})
            attempts = 2 if i % 5 == 3 else 1
            for a in range(attempts):
                adir = tdir / ("attempt-%d" % a)
                adir.mkdir()
                lines = ["epoch %d batch %d loss %.4f" % (s // 10, s, 1.0 / (s + 1))
                         for s in range(30)]
                lines += ['FLASHRUN_METRICS {"step": %d, "loss": %.5f}'
                          % (s, (1 + i % 7) / (s + 1)) for s in range(20)]
                emit(T.LAUNCH_STARTED, tid, a, pid=0, log_dir=str(adir))
                last = i >= n - RUNNING
                if a == 0 and attempts == 2:
                    lines.append("torchrun: rank 1 failed with exitcode -9")
                elif i % 17 == 16:
                    lines.append("ValueError: loss is nan at step 20")
                text = "\n".join(lines) + "\n"
                (adir / "stdout.log").write_text(text)
                (adir / "stderr.log").write_text("")
                if last and a == attempts - 1:
                    running.append(tid)
                    continue
                (adir / "tail.txt").write_text(text)
                if a == 0 and attempts == 2:
                    emit(T.ATTEMPT_EXITED, tid, a, returncode=-9)
                    emit(T.FAILURE_CLASSIFIED, tid, a, failure_class="worker_crash",
                         evidence="torchrun: rank 1 failed with exitcode -9", rank=1)
                    emit(T.RECOVERY_ACTION_SELECTED, tid, a, action="restart_group",
                         reason="a worker died of signal 9", delay_s=0.0)
                elif i % 17 == 16:
                    emit(T.ATTEMPT_EXITED, tid, a, returncode=1)
                    emit(T.FAILURE_CLASSIFIED, tid, a, failure_class="application_error",
                         evidence="ValueError: loss is nan at step 20")
                    emit(T.RECOVERY_ACTION_SELECTED, tid, a, action="fail_job",
                         reason="the code raised ValueError")
                    emit(T.RUN_FAILED, tid, a, reason="the code raised ValueError")
                else:
                    emit(T.ATTEMPT_EXITED, tid, a, returncode=0)
                    emit(T.RUN_SUCCEEDED, tid, a)
    return running


def _best_ms(fn, repeat):
    times = []
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return min(times), out


def _status(run_dir):
    from flashrun.cli.main import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main(["status", str(run_dir)]) == 0
    return buf.getvalue()


def _first_paint(driver, run_dir):
    from benchmarks import view_demo as demo

    proc, url = demo.start_view(run_dir)
    try:
        paints = []
        for _ in range(3):
            driver.get(url)
            fcp = driver.execute_script(
                "return new Promise(done => { const f = () => { const e = performance"
                ".getEntriesByName('first-contentful-paint'); e.length ? done(e[0].startTime)"
                " : setTimeout(f, 20); }; f(); })")
            paints.append(float(fcp))
        return statistics.median(paints)
    finally:
        demo.stop(proc)


def measure(run_dir: Path, running: list, *, repeat: int, driver=None) -> dict:
    status_ms, status_out = _best_ms(lambda: _status(run_dir), repeat)
    load_ms, reader = _best_ms(lambda: rundata.RunReader(run_dir), repeat)
    links = page.Links(lambda t: "/trial/" + t, lambda p: "/file/" + p)
    page_ms, html = _best_ms(lambda: page.render_page(reader.data, links, live=True), repeat)
    report_ms, report = _best_ms(lambda: page.render_page(reader.data, links, details=True),
                                 repeat)
    paint = _first_paint(driver, run_dir) if driver is not None else None
    upd_ms, upd_bytes = [], []
    try:
        from flashrun.view.server import ViewServer

        srv = ViewServer(run_dir)
        poll = srv.poll
    except ImportError:  # no aiohttp: the same steps without the server object
        srv = None

        def poll():
            changed = reader.poll()
            return json.dumps(page.update_payload(reader.data, changed, links)).encode()
    for tid in running:
        with EventLog(run_dir / "events.jsonl") as log:
            log.append(Event.now(T.ATTEMPT_EXITED, tid, 0, {"returncode": 0}))
            log.append(Event.now(T.RUN_SUCCEEDED, tid, 0))
        t0 = time.perf_counter()
        msg = poll()
        upd_ms.append((time.perf_counter() - t0) * 1000)
        upd_bytes.append(len(msg))
    return {"status_ms": status_ms, "status_bytes": len(status_out), "load_ms": load_ms,
            "page_ms": page_ms, "page_bytes": len(html), "report_ms": report_ms,
            "report_bytes": len(report), "update_ms": statistics.median(upd_ms),
            "update_bytes": statistics.median(upd_bytes), "first_paint_ms": paint}


@pytest.fixture(scope="module")
def browser():
    """A function giving one shared headless chromium, started on first use (full runs
    only), or None when chromium is missing."""
    from benchmarks import view_demo as demo

    made = []

    def get():
        if demo.chromium_missing():
            return None
        if not made:
            made.append(demo.make_driver())
        return made[0]

    yield get
    for d in made:
        d.quit()


@pytest.mark.parametrize("trials", SIZES)
def test_view_cost_vs_status(benchmark, tmp_path, capsys, browser, trials):
    full = not benchmark.disabled
    run_dir = tmp_path / "run"
    running = synth_run(run_dir, trials)
    result = {}

    def one_round():
        result.update(measure(run_dir, running, repeat=5 if full else 1,
                              driver=browser() if full else None))

    benchmark.pedantic(one_round, rounds=1, iterations=1)
    r = result
    assert r["page_bytes"] > 0 and r["update_bytes"] > 0
    benchmark.extra_info.update(trials=trials, **{k: (round(v, 2) if isinstance(v, float) else v)
                                                  for k, v in r.items()})
    _TABLE.append((trials, r))
    with capsys.disabled():
        print("\n| trials | `flashrun status` ms | load ms | page ms (× status) | page KiB | "
              "report ms | report KiB | update ms | update B (÷ page) | first paint ms |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for n, x in _TABLE:
            print("| %d | %.1f | %.1f | %.1f (%.1fx) | %.0f | %.1f | %.0f | %.2f | %d (%.4f) | %s |"
                  % (n, x["status_ms"], x["load_ms"], x["page_ms"],
                     x["page_ms"] / x["status_ms"], x["page_bytes"] / 1024, x["report_ms"],
                     x["report_bytes"] / 1024, x["update_ms"], x["update_bytes"],
                     x["update_bytes"] / x["page_bytes"],
                     "-" if x["first_paint_ms"] is None else "%.0f" % x["first_paint_ms"]))
