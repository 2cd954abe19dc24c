"""Tests against a real Slurm cluster started on this host (see conftest.py).

A package, so its conftest is imported as ``slurm.conftest`` and never shadows
tests/conftest.py, which other test modules import by name."""
