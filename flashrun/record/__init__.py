"""The run record on disk: events (the log of truth), the folded state, results, atomic files.

The record layer of docs/architecture.md: ``events.jsonl`` is append-only and
authoritative; ``state.json`` is a cache folded from it (``state.fold``); ``journal`` ties
the two together for the runtime; ``results`` collects metrics and writes results files.
It imports no other flashrun layer.
"""
