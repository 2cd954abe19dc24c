"""Score the diagnosis on the corpus of real crash-log tails in tests/data/corpus.

    python -m benchmarks.corpus [--verbose] [--tail-bytes N] [--corpus DIR]

``--corpus tests/data/heldout`` scores the held-out batch (classes only: where a
label has no ``action_kind`` the action is not scored).

Each case's last N bytes (64 KiB by default, what the supervisor keeps) and its exit
code go through ``flashrun.diagnose`` in ``coordinated_training`` mode; the class is
compared with the label's ``failure_class`` and the chosen action with its
``action_kind`` (fail_fast, retry, pause). Prints the confusion list (label → verdict)
and, last, one summary line with the scanner implementation in use.
"""
import argparse
import collections
import json
import pathlib
import sys

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus"
KIND = {"fail_job": "fail_fast", "retry_task": "retry", "restart_group": "retry",
        "replace_node": "retry", "pause_job": "pause", "freeze_automation": "pause"}


def cases(corpus: pathlib.Path = CORPUS):
    """(label row, log bytes) for every case listed in labels.jsonl."""
    with open(corpus / "labels.jsonl", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [(row, (corpus / ("%s.log" % row["id"])).read_bytes()) for row in rows]


def score(corpus: pathlib.Path = CORPUS, tail_bytes: int = 65536):
    """(class hits, (action hits, actions labelled), n, misses) where misses are
    (id, want, got, notes)."""
    import flashrun

    hit_cls = hit_act = n_act = 0
    misses = []
    rows = cases(corpus)
    for row, data in rows:
        d = flashrun.diagnose(data[-tail_bytes:], row["exit_code"], mode="coordinated_training")
        got = (d.failure_class.value, KIND[d.decision.action.value])
        want = (row["failure_class"], row.get("action_kind"))
        if row.get("action_kind") is None:  # a batch that labels classes only
            got, want = (got[0], None), (want[0], None)
        else:
            n_act += 1
        hit_cls += got[0] == want[0]
        hit_act += want[1] is not None and got[1] == want[1]
        if got != want:
            misses.append((row["id"], want, got, row.get("notes", "")))
    return hit_cls, (hit_act, n_act), len(rows), misses


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.corpus", description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=pathlib.Path, default=CORPUS)
    ap.add_argument("--tail-bytes", type=int, default=65536)
    ap.add_argument("--verbose", action="store_true", help="one line per wrong case")
    args = ap.parse_args(argv)
    from flashrun import scan

    hit_cls, (hit_act, n_act), n, misses = score(args.corpus, args.tail_bytes)
    confusion = collections.Counter((want[0], got[0]) for _, want, got, _ in misses)
    for (want, got), k in sorted(confusion.items()):
        print("  %-22s -> %-22s x%d" % (want, got, k))
    if args.verbose:
        for case_id, want, got, notes in misses:
            print("%s: want %s/%s, got %s/%s  %s" % (case_id, want[0], want[1], got[0], got[1],
                                                     notes[:100]))
    print("impl=%s n=%d class_acc=%.3f action_acc=%s" % (
        scan.IMPLEMENTATION, n, hit_cls / n, "%.3f" % (hit_act / n_act) if n_act else "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
