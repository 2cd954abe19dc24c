"""``python -m benchmarks.view_screens``: the README's screenshots of the live page and the report.

Runs the demo sweep of benchmarks/view_demo.py with ``flashrun sweep --view`` and takes,
in Debian's headless chromium:

* ``docs/img/view-live.png``: the live page while the waiting trial still runs (after the
  crash was recovered and the evil trial failed);
* ``docs/img/view-trial.png``: the crashing trial's page (its decision and both attempts);
* ``docs/img/view-report.png``: the report of the finished sweep, opened from file://.

Each screenshot is checked not to be blank (luma variance and colour count, decoded by the
browser's canvas) before it is written. ``--out DIR`` writes elsewhere.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

from benchmarks import view_demo as demo

ROOT = Path(__file__).resolve().parents[1]


def _wait(driver, js, timeout=120):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
        lambda d: d.execute_script("return " + js))


def _shot(driver, path: Path, max_height: int = 2000) -> tuple:
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(height, 600), max_height))
    png = driver.get_screenshot_as_png()
    stats = demo.pixel_stats(driver, png)
    if not stats or stats[0] < 100 or stats[1] < 20:
        raise RuntimeError("%s looks blank: %r" % (path, stats))
    path.write_bytes(png)
    return stats


def _trial(driver, kind):
    ids = driver.execute_script("return Array.from(document.querySelectorAll('#trows tr'))"
                                ".map(r => r.dataset.trial)")
    return next(t for t in ids if kind in t)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"))
    args = ap.parse_args(argv)
    why = demo.chromium_missing()
    if why:
        print("view_screens: %s" % why, file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="flashrun-screens-"))
    grid = demo.write_demo(work)
    proc, url = demo.start_sweep(grid, work / "run", work / "go")
    driver = demo.make_driver()
    try:
        driver.get(url)
        _wait(driver, "document.querySelectorAll('#trows tr').length === 5")
        _wait(driver, "Array.from(document.querySelectorAll('#trows tr')).filter("
                      "r => ['succeeded', 'failed'].includes(r.dataset.state)).length === 4")
        driver.execute_script("return new Promise(r => setTimeout(r, 1500))")  # bars grow
        print("live page", _shot(driver, out / "view-live.png"))
        crash = _trial(driver, "crash")
        driver.get(urllib.parse.urljoin(url, "/trial/" + urllib.parse.quote(crash)))
        print("trial page", _shot(driver, out / "view-trial.png"))
        (work / "go").write_text("go")
        driver.get(url)
        _wait(driver, "Array.from(document.querySelectorAll('#trows tr')).every("
                      "r => ['succeeded', 'failed'].includes(r.dataset.state))")
        report = work / "report.html"
        subprocess.run([sys.executable, "-m", "flashrun", "report", str(work / "run"), "-o",
                        str(report)], check=True, capture_output=True)
        driver.set_window_size(1280, 900)
        driver.get(report.as_uri())
        print("report", _shot(driver, out / "view-report.png", max_height=2400))
    finally:
        driver.quit()
        demo.stop(proc)
    print("screenshots in %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
