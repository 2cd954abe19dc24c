"""Helpers and fixtures shared by the attack suite (tests/adversarial, issue 12).

No conftest.py here: tests/conftest.py is imported as ``conftest`` by other tests,
and a second one would shadow it.

Every test here drives the real ``flashrun`` command line in a child interpreter
and real child processes; nothing is mocked. Waits are on events (a file
appearing, a line printed, a process exiting) with generous deadlines, never on
fixed sleeps.
"""
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Callable, List, Optional

import pytest


CLI = [sys.executable, "-m", "flashrun"]
ROOT = Path(__file__).resolve().parents[2]


def cli_env(**extra: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def flashrun(*args: str, timeout: float = 120, **kw) -> subprocess.CompletedProcess:
    """Run ``flashrun ARGS`` to its end; stdout and stderr captured as text."""
    kw.setdefault("env", cli_env())
    return subprocess.run(CLI + list(args), capture_output=True, text=True, timeout=timeout,
                          **kw)


def start(*args: str, **kw) -> subprocess.Popen:
    """Start ``flashrun ARGS`` in the background (its own session, output in pipes)."""
    kw.setdefault("env", cli_env())
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.Popen(CLI + list(args), start_new_session=True, **kw)


def wait_for(predicate: Callable[[], object], timeout: float = 60.0, what: str = "") -> object:
    """Poll ``predicate`` until it is truthy (a file appeared, a line was written)."""
    deadline = time.monotonic() + timeout
    delay = 0.01
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out after %.0fs waiting for %s" % (timeout, what or
                                                                          predicate))
        time.sleep(delay)
        delay = min(delay * 2, 0.2)


def script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return path


def write_grid(tmp_path: Path, text: str, name: str = "grid.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def no_traceback(*texts: Optional[str]) -> None:
    for text in texts:
        assert "Traceback (most recent call last)" not in (text or ""), text


def one_line(text: str) -> str:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    assert len(lines) == 1, text
    return lines[0]


def grep_tree(root: Path, needles: List[str]) -> List[str]:
    """Every ``path: needle`` where a needle occurs in a file name or file content."""
    hits = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            for n in needles:
                if n in name:
                    hits.append("%s/%s: name holds %r" % (dirpath, name, n))
        for name in filenames:
            path = os.path.join(dirpath, name)
            try:
                with open(path, "rb") as fh:
                    data = fh.read()
            except OSError:
                continue
            for n in needles:
                if n.encode() in data:
                    hits.append("%s: holds %r" % (path, n))
    return hits


@pytest.fixture
def term_child(tmp_path):
    """A child that says READY, then on SIGTERM writes ``<dir>/<tag>.term`` and exits 3.

    A second run (the marker ``<dir>/<tag>.term`` exists) exits 0 at once: resume works."""
    return script(tmp_path, "term_child.py", """\
        import os, signal, sys, time
        out, tag = sys.argv[1], sys.argv[2]
        done = os.path.join(out, tag + ".term")
        if os.path.exists(done):
            print("already checkpointed", flush=True)
            sys.exit(0)
        def on_term(signum, frame):
            with open(done + ".tmp", "w") as f:
                f.write("checkpointed %d" % os.getpid())
            os.replace(done + ".tmp", done)
            sys.exit(3)
        signal.signal(signal.SIGTERM, on_term)
        open(os.path.join(out, tag + ".ready"), "w").close()
        print("READY", flush=True)
        while True:
            time.sleep(0.05)
        """)
