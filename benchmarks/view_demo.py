"""A small real sweep to look at, and a headless chromium to look with.

Shared by tests/test_view_browser.py, ``python -m benchmarks.view_screens`` (the README's
screenshots) and benchmarks/bench_view.py. The sweep is plain python commands (no
torchrun), five trials:

* ``ok-a``, ``ok-b``: report a loss over five steps and succeed;
* ``crash``: the first attempt kills itself with SIGKILL after two steps (it leaves a
  marker file in its checkpoint directory, shared by every attempt), the second attempt
  sees the marker and succeeds: one restart;
* ``wait``: prints, then waits until the file named by ``$DEMO_GO_FILE`` exists (the test
  creates it while watching the page), then succeeds;
* ``evil``: prints ``<script>`` and raises a ``ValueError`` holding another: the page
  must show both as text, and flashrun fails it fast (application error).

Chromium is Debian's (``.ci/view-setup`` installs it); nothing is downloaded.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional, Tuple

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")
KINDS = ("ok-a", "ok-b", "crash", "wait", "evil")
EVIL_PRINT = "<script>window.pwned=1</script>"
EVIL_RAISE = "bad value <script>window.pwned=2</script>"

TRIAL = r'''
import json, os, signal, sys, time
kind = sys.argv[1]
ckpt = os.environ["FLASHRUN_CKPT_DIR"]

def metrics(n, base):
    for s in range(n):
        print("FLASHRUN_METRICS " + json.dumps({"step": s, "loss": round(base / (s + 1), 4)}),
              flush=True)

if kind == "crash":
    marker = os.path.join(ckpt, "crashed-once")
    if not os.path.exists(marker):
        os.makedirs(ckpt, exist_ok=True)
        open(marker, "w").close()
        metrics(2, 3.0)
        print("about to be killed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    metrics(5, 1.5)
elif kind == "wait":
    go = os.environ["DEMO_GO_FILE"]
    print("waiting for " + go, flush=True)
    while not os.path.exists(go):
        time.sleep(0.05)
    metrics(5, 2.0)
elif kind == "evil":
    print(%(evil_print)r, flush=True)
    raise ValueError(%(evil_raise)r)
else:
    metrics(5, {"ok-a": 1.0, "ok-b": 2.5}[kind])
'''


def chromium_missing() -> Optional[str]:
    """Why the browser tests cannot run here, or None when they can."""
    if not os.access(CHROMIUM, os.X_OK):
        return "%s is missing: run .ci/view-setup (apt-get install chromium chromium-driver)" \
            % CHROMIUM
    if not os.access(CHROMEDRIVER, os.X_OK):
        return "%s is missing: run .ci/view-setup (apt-get install chromium-driver)" \
            % CHROMEDRIVER
    import importlib.util

    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


def make_driver(width: int = 1280, height: int = 900):
    """A headless chromium driven through Debian's chromedriver (no Selenium Manager, no
    download), with a fresh profile directory."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument("--user-data-dir=%s" % tempfile.mkdtemp(prefix="flashrun-chromium-"))
    opts.add_argument("--window-size=%d,%d" % (width, height))
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=opts)


def write_demo(directory: Path, kinds=KINDS) -> Path:
    """The trial script and grid.yaml in *directory*; returns the grid's path."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    trial = directory / "trial.py"
    trial.write_text(TRIAL % {"evil_print": EVIL_PRINT, "evil_raise": EVIL_RAISE})
    grid = directory / "grid.yaml"
    grid.write_text(
        "name: view-demo\n"
        "command: %s %s {kind}\n"
        "grid: {kind: [%s]}\n"
        "concurrency: %d\n"
        "max_restarts: 2\n"
        "objective: {metric: loss, mode: min}\n" % (sys.executable, trial, ", ".join(kinds),
                                                   len(kinds)))
    return grid


def start_sweep(grid: Path, run_dir: Path, go_file: Path,
                extra: Tuple[str, ...] = ("--view", "--port", "0")) -> Tuple[subprocess.Popen, str]:
    """``flashrun sweep GRID --view`` in a child process; (process, URL it printed)."""
    env = dict(os.environ, DEMO_GO_FILE=str(go_file), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "flashrun", "sweep", str(grid), "--run-dir",
                             str(run_dir)] + list(extra), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env)
    return proc, read_url(proc)


def start_view(run_dir: Path) -> Tuple[subprocess.Popen, str]:
    """``flashrun view RUN_DIR --port 0`` in a child process; (process, URL)."""
    proc = subprocess.Popen([sys.executable, "-m", "flashrun", "view", str(run_dir), "--port",
                             "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return proc, read_url(proc)


def read_url(proc: subprocess.Popen) -> str:
    """The URL the server prints once; the rest of its output is drained by a thread into
    ``proc.lines`` (so a full pipe never blocks it)."""
    import threading

    proc.lines = []
    for line in proc.stdout:
        proc.lines.append(line)
        m = re.search(r"flashrun view: (http://\S+)", line)
        if m:
            proc.drain = threading.Thread(target=lambda: proc.lines.extend(proc.stdout),
                                          daemon=True)
            proc.drain.start()
            return m.group(1)
    raise RuntimeError("the server printed no URL:\n" + "".join(proc.lines))


VARIANCE_JS = """
const done = arguments[arguments.length - 1];
const img = new Image();
img.onload = () => {
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let n = 0, s = 0, s2 = 0; const colours = new Set();
  for (let i = 0; i < d.length; i += 4 * 7) {
    const v = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
    n++; s += v; s2 += v * v; if (colours.size < 5000) colours.add(d[i] << 16 | d[i+1] << 8 | d[i+2]);
  }
  const mean = s / n; done([s2 / n - mean * mean, colours.size, img.width, img.height]);
};
img.onerror = () => done(null);
img.src = 'data:image/png;base64,' + arguments[0];
"""


def pixel_stats(driver, png: bytes):
    """(luma variance, distinct colours, width, height) of a PNG, decoded by the browser's
    own canvas (no imaging package needed)."""
    import base64

    return driver.execute_async_script(VARIANCE_JS, base64.b64encode(png).decode("ascii"))


def stop(proc: subprocess.Popen, timeout: float = 60) -> Optional[int]:
    """SIGINT (like Ctrl-C), then SIGKILL if it lingers; its exit status."""
    import signal

    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    drain = getattr(proc, "drain", None)
    if drain is not None:
        drain.join(10)
    if proc.stdout is not None and (drain is None or not drain.is_alive()):
        proc.stdout.close()
    return proc.returncode
