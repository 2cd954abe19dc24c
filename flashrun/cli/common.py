"""Shared pieces of the command-line front door: the usage error and the argument parser.

Every ``flashrun.cli`` command module imports from here and ``cli/main.py`` imports the
command modules, so the import graph has no cycle (docs/architecture.md, "Layers").
"""
import argparse


class UsageError(Exception):
    """Bad arguments or an unreadable input: one line on stderr, exit 2."""


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors become one ``UsageError`` line."""

    def error(self, message):
        raise UsageError("%s: %s (see --help)" % (self.prog, message))
