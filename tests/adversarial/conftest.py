"""Fixtures of the attack suite (tests/adversarial, issue 12); helpers live in adv_helpers."""
import pytest

from adv_helpers import script


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
