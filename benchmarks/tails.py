"""A deterministic set of realistic 64 KiB log tails for the scanner benchmarks.

Each tail is what a dead run leaves behind: training output (step logs, tqdm
redraws, warnings, HF-style dict logs) followed by one real crash (the golden
tails bundled in tests/data/golden and the corpus in tests/data/corpus).
"""
import pathlib
import random

ROOT = pathlib.Path(__file__).resolve().parent.parent
TAIL = 64 * 1024


def _crashes():
    paths = sorted((ROOT / "tests" / "data" / "golden").glob("*.log"))
    paths += sorted((ROOT / "tests" / "data" / "corpus").glob("*.log"))
    return [p.read_bytes() for p in paths]


def _training_line(rnd, step):
    kind = rnd.random()
    if kind < 0.45:
        return b"step %6d | loss %.4f | lr %.2e | grad_norm %.3f | tokens/s %d\n" % (
            step, 4.0 / (1 + step * 1e-3), 3e-4, rnd.random() * 2, rnd.randint(9000, 12000))
    if kind < 0.75:
        bar = b"".join(b"Epoch 3:  %d%%|%s%s| %d/1000 [00:%02d<01:00, 12.3it/s, loss=%.3f]\r" % (
            p, "\u2588".encode() * (p // 10), b" " * (10 - p // 10), p * 10, p % 60, rnd.random())
            for p in range(rnd.randint(1, 4)))
        return bar + b"\n"
    if kind < 0.9:
        return (b"{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 2.9e-05, 'epoch': %.2f}\n"
                % (rnd.random(), rnd.random(), step / 1000))
    return (b"/opt/venv/lib/python3.11/site-packages/torch/utils/data/dataloader.py:617: "
            b"UserWarning: This DataLoader will create 8 worker processes in total.\n")


def tails(count=16, seed=1234):
    rnd = random.Random(seed)
    crashes = _crashes()
    out = []
    for i in range(count):
        crash = crashes[i % len(crashes)]
        body = bytearray()
        step = 0
        while len(body) < TAIL:
            body += _training_line(rnd, step)
            step += 1
        out.append(bytes(body + crash)[-TAIL:])
    return out
