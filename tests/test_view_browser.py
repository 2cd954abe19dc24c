"""The live page and the report in a real headless chromium (Debian's, via selenium).

One real sweep (benchmarks/view_demo.py: plain python trials, one crashing once, one
waiting on a file this test creates, one printing ``<script>``) is started with
``flashrun sweep --view``; the browser reads the page the way a person would. Skipped,
with the reason, when chromium or chromedriver is missing (``.ci/view-setup``).
"""
import json
import urllib.parse

import pytest

from benchmarks import view_demo as demo

why = demo.chromium_missing()
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(why is not None, reason=why or "")]

WAIT_S = 120  # a generous ceiling on a busy 2-core machine; every wait ends on a condition


@pytest.fixture(scope="module")
def driver():
    d = demo.make_driver()
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    root = tmp_path_factory.mktemp("viewdemo")
    grid = demo.write_demo(root)
    go = root / "go"
    proc, url = demo.start_sweep(grid, root / "run", go)
    try:
        yield {"proc": proc, "url": url, "run": root / "run", "go": go, "root": root}
    finally:
        demo.stop(proc)


def until(driver, js, what, timeout=WAIT_S):
    """Wait until the page's *js* expression is truthy (checked by the browser); its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: d.execute_script("return " + js), message=what)


def inside(driver, element_id, selector, fn="e => e.textContent"):
    """What *fn* gives for each element matching *selector* inside the element with id
    *element_id* (ids hold ``=`` and ``.``, which CSS selectors would need escaped)."""
    return driver.execute_script(
        "return Array.from(document.getElementById(arguments[0]).querySelectorAll(arguments[1]))"
        ".map(%s)" % fn, element_id, selector)


def rows(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#trows tr')).map("
        "r => [r.dataset.trial, r.dataset.state])")


def tid(driver, kind):
    """The trial id of a demo kind (ids are t000-kind-... as the spec names them)."""
    for t, _ in rows(driver):
        if kind in t:
            return t
    raise AssertionError("no trial for %s in %s" % (kind, rows(driver)))


def test_live_page_table_timeline_update_and_escaping(driver, sweep):
    driver.get(sweep["url"])
    assert driver.title.startswith("flashrun")
    # every trial listed; the crash recovered, evil failed fast, wait is running
    until(driver, "document.querySelectorAll('#trows tr').length === 5", "5 rows")
    crash = tid(driver, "crash")
    wait = tid(driver, "wait")
    evil = tid(driver, "evil")
    for t, state in ((crash, "succeeded"), (evil, "failed"), (wait, "running")):
        until(driver, "(document.getElementById(%s)||{}).dataset?.state === %s"
              % (json.dumps("row-" + t), json.dumps(state)), "%s %s" % (t, state))
    assert dict(rows(driver))[tid(driver, "ok-a")] in ("succeeded", "running")
    # the timeline: two attempt bars for the crash (the first restarted) and a restart mark
    bars = inside(driver, "tl-" + crash, "rect.attempt", "r => r.getAttribute('class')")
    assert bars == ["attempt restarted", "attempt succeeded"], bars
    assert len(inside(driver, "tl-" + crash, "line.restart-mark")) == 1
    # escaping: nothing the trial printed ran; its text is shown as text
    assert driver.execute_script("return window.pwned === undefined")
    believed = inside(driver, "row-" + evil, "td.believed")[0]
    assert "ValueError: " + demo.EVIL_RAISE in believed
    # a live update, no reload: mark the window, release the waiting trial, watch its row
    driver.execute_script("window.noReload = 42")
    before = driver.execute_script("return window.flashrunUpdates")
    sweep["go"].write_text("go")
    until(driver, "document.getElementById(%s).dataset.state === 'succeeded'"
          % json.dumps("row-" + wait), "the waiting trial succeeds on the page")
    assert driver.execute_script("return window.noReload") == 42
    assert driver.execute_script("return window.flashrunUpdates") > before
    assert set(s for _, s in rows(driver)) <= {"succeeded", "failed"}
    # sort and filter work
    driver.find_element("id", "state-filter").send_keys("failed")
    until(driver, "Array.from(document.querySelectorAll('#trows tr')).filter(r => !r.hidden)"
                  ".map(r => r.dataset.trial).join() === %s" % json.dumps(evil), "filter")
    driver.execute_script("document.getElementById('state-filter').value='';"
                          "document.getElementById('state-filter').onchange()")
    png = driver.get_screenshot_as_png()
    variance, colours, w, h = demo.pixel_stats(driver, png)
    assert variance > 100 and colours > 20, (variance, colours)


def test_trial_page_shows_the_believed_line_and_links_the_log(driver, sweep):
    driver.get(sweep["url"])
    until(driver, "document.querySelectorAll('#trows tr').length === 5", "5 rows")
    evil = tid(driver, "evil")
    driver.get(urllib.parse.urljoin(sweep["url"], "/trial/" + urllib.parse.quote(evil)))
    marked = driver.execute_script("return Array.from(document.querySelectorAll("
                                   "'mark.believed')).map(m => m.textContent)")
    assert any("ValueError: " + demo.EVIL_RAISE in m for m in marked), marked
    assert "application_error → fail_job" in driver.find_element("id", "detail").text
    assert demo.EVIL_PRINT in driver.find_element("css selector", "pre.tail").text
    assert driver.execute_script("return window.pwned === undefined")
    href = driver.find_element("link text", "stdout.log").get_attribute("href")
    driver.get(href)
    assert demo.EVIL_PRINT in driver.find_element("tag name", "body").text
    assert driver.execute_script("return window.pwned === undefined")
    for path in ("/file/..%2f..%2f..%2f..%2fetc%2fpasswd", "/file/%2e%2e/%2e%2e/etc/passwd",
                 "/file//etc/passwd"):
        driver.get(urllib.parse.urljoin(sweep["url"], "/") + path.lstrip("/"))
        assert "root:" not in driver.find_element("tag name", "body").text


def test_report_opens_offline_with_the_same_data(driver, sweep, tmp_path):
    import subprocess
    import sys

    driver.get(sweep["url"])
    until(driver, "Array.from(document.querySelectorAll('#trows tr')).every("
                  "r => ['succeeded', 'failed'].includes(r.dataset.state))", "all finished")
    live_rows = sorted(rows(driver))
    out = tmp_path / "report.html"
    p = subprocess.run([sys.executable, "-m", "flashrun", "report", str(sweep["run"]), "-o",
                        str(out)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    driver.get(out.as_uri())
    assert sorted(rows(driver)) == live_rows
    # nothing was fetched: the document is the only resource
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    crash = tid(driver, "crash")
    assert len(inside(driver, "tl-" + crash, "rect.attempt")) == 2
    assert driver.execute_script("return window.pwned === undefined")
    marked = driver.execute_script("return Array.from(document.querySelectorAll("
                                   "'mark.believed')).map(m => m.textContent)")
    assert any(demo.EVIL_RAISE in m for m in marked)
    assert driver.execute_script("return document.querySelectorAll('svg.plot').length") >= 2
    png = driver.get_screenshot_as_png()
    variance, colours, _, _ = demo.pixel_stats(driver, png)
    assert variance > 100 and colours > 20, (variance, colours)


def test_view_of_a_finished_run_in_another_process(driver, sweep):
    """After the sweep, ``flashrun view RUN_DIR`` (a separate process) serves the same
    rows and says the run is finished; the sweep's own server is still up too."""
    driver.get(sweep["url"])
    until(driver, "Array.from(document.querySelectorAll('#trows tr')).every("
                  "r => ['succeeded', 'failed'].includes(r.dataset.state))", "all finished")
    live_rows = sorted(rows(driver))
    proc, url = demo.start_view(sweep["run"])
    try:
        driver.get(url)
        assert sorted(rows(driver)) == live_rows
        until(driver, "document.getElementById('supervisor').dataset.status === 'finished'",
              "finished banner")
    finally:
        demo.stop(proc)


@pytest.mark.parametrize("name", ["view-live.png", "view-trial.png", "view-report.png"])
def test_committed_screenshots_are_not_blank(driver, name):
    """docs/img holds what ``python -m benchmarks.view_screens`` took; each must show a
    page (luma variance and colour count, decoded by chromium's canvas)."""
    from pathlib import Path

    png = (Path(__file__).resolve().parents[1] / "docs" / "img" / name).read_bytes()
    variance, colours, width, height = demo.pixel_stats(driver, png)
    assert width >= 800 and height >= 500
    assert variance > 100 and colours > 20, (variance, colours)


def test_a_large_run_lists_every_row_and_sorts(driver, tmp_path):
    """A 120-trial run (written through the record layer, as the benchmark does): the live
    page parses 50 rows, appends the other 70 after the first paint; sorting by a column
    then orders all 120."""
    from benchmarks.bench_view import synth_run

    synth_run(tmp_path / "big", 120)
    proc, url = demo.start_view(tmp_path / "big")
    try:
        driver.get(url)
        until(driver, "document.body.dataset.rows === 'all'", "all rows appended")
        assert len(rows(driver)) == 120
        assert len(set(t for t, _ in rows(driver))) == 120
        headers = driver.find_elements("css selector", "#trials-table th")
        [h for h in headers if h.text == "loss"][0].click()
        losses = driver.execute_script(
            "const i = Array.from(document.querySelectorAll('#trials-table th'))"
            ".findIndex(h => h.textContent.startsWith('loss'));"
            "return Array.from(document.querySelectorAll('#trows tr')).map("
            "r => r.cells[i].getAttribute('data-v')).filter(v => v !== '').map(Number)")
        assert len(losses) > 100 and losses == sorted(losses)
    finally:
        demo.stop(proc)


def test_sweep_with_view_exits_with_the_sweeps_status(driver, sweep):
    """Last (it stops the module's sweep): after the sweep, the server keeps serving until
    Ctrl-C; then the process exits 1 (the evil trial failed) having printed the summary."""
    driver.get(sweep["url"])
    until(driver, "Array.from(document.querySelectorAll('#trows tr')).every("
                  "r => ['succeeded', 'failed'].includes(r.dataset.state))", "all finished")
    until(driver, "document.getElementById('supervisor').dataset.status === 'finished'",
          "the sweep's journal is closed")
    proc = sweep["proc"]
    assert proc.poll() is None                       # still serving
    assert demo.stop(proc) == 1
    out = "".join(proc.lines)
    assert out.count("flashrun view: http://") == 1  # the URL printed once
    assert "finished: 4 succeeded, 1 failed, 0 cancelled of 5" in out
    assert "still serving" in out


def test_trial_page_updates_itself_when_its_trial_changes(driver, tmp_path):
    """A running trial's page (served by ``flashrun view``) re-fetches its detail when the
    trial's events arrive: the badge turns from running to succeeded without a reload."""
    from benchmarks.bench_view import synth_run
    from flashrun.record.events import EventLog, EventType as T

    running = synth_run(tmp_path / "small", 10)
    proc, url = demo.start_view(tmp_path / "small")
    try:
        tid = running[0]
        driver.get(urllib.parse.urljoin(url, "/trial/" + urllib.parse.quote(tid)))
        badge = "document.querySelector('#detail h2 .state').textContent"
        assert driver.execute_script("return " + badge) == "running"
        driver.execute_script("window.noReload = 7")
        with EventLog(tmp_path / "small" / "events.jsonl") as log:
            log.emit(T.ATTEMPT_EXITED, tid, 0, returncode=0)
            log.emit(T.RUN_SUCCEEDED, tid, 0)
        until(driver, badge + " === 'succeeded'", "the trial page follows its trial")
        assert driver.execute_script("return window.noReload") == 7
    finally:
        demo.stop(proc)
