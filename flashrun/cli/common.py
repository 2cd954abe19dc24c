"""Shared pieces of the command-line front door: the usage error and the argument parser.

Every ``flashrun.cli`` command module imports from here and ``cli/main.py`` imports the
command modules, so the import graph has no cycle (docs/architecture.md, "Layers").
"""
import argparse


class UsageError(Exception):
    """Bad arguments or an unreadable input: one line on stderr, exit 2."""


def add_rules_option(p):
    p.add_argument("--rules", default=None, metavar="FILE",
                   help="site rules: a site's own log markers and what they mean (default: "
                        "$FLASHRUN_RULES; see examples/rules.yaml)")


def load_rules(path):
    """The site rules for a command (``--rules FILE`` or $FLASHRUN_RULES), or None; a bad
    file is one UsageError line, before anything starts."""
    from flashrun.spec import rules
    from flashrun.spec.model import SpecError

    try:
        return rules.resolve(path)
    except SpecError as exc:
        raise UsageError(str(exc)) from None


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors become one ``UsageError`` line."""

    def error(self, message):
        raise UsageError("%s: %s (see --help)" % (self.prog, message))
