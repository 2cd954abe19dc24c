"""The command-line front door (``flashrun`` / ``python -m flashrun``): one module per command.

``main`` parses and dispatches (cli/main.py); docs/architecture.md places this package at
the top of the layers: it may import everything, nothing imports it.
"""
from flashrun.cli.main import main

__all__ = ["main"]
