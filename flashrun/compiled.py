"""Which pure-Python modules run compiled, and the guard that keeps a compiled copy honest.

Beside the scanner's own C lexer (``scan/_scan.pyx``), the build compiles a few
plain modules on the diagnosis path with Cython, unchanged (``COMPILED``): the
scan's fold and the policy steps that turn a ScanResult into a decision. Their
``.py`` files stay the source and the reference; a compiled copy is a build
output next to them (``*.so``), and Python's import system prefers it. A module may
have an augmenting ``.pxd`` beside it (the fold's: C types for its classes), which
only the compiled copy reads; it is hashed with its source.

A compiled copy must never run code other than its source. The build records
each source's SHA-256 in the generated ``flashrun/_built.py``; ``install()``
(called first thing by ``import flashrun``) makes the ``.py`` load instead of its
compiled copy when the source changed since the build (an editable checkout
after an edit or a ``git pull``: one warning names the fix) and, for every
module, when ``FLASHRUN_NO_EXTENSIONS=1`` (the pure-Python test pass). The C
lexer has no ``.py`` of its own: its sources (``LEXER``) are hashed together, and
when they changed its stale build is not imported, so ``flashrun.scan`` takes its
pure-Python twin (equal results, slower). A leaf: imports nothing from flashrun.
"""
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings

COMPILED = ("flashrun.scan._fold", "flashrun.scan._fold_text", "flashrun.policy.taxonomy",
            "flashrun.policy.decide", "flashrun.policy.history", "flashrun.policy.diagnose")
_ROOT = os.path.dirname(os.path.abspath(__file__))
LEXER_MODULE = "flashrun.scan._scan"
LEXER = ("scan/_scan.pyx", "scan/_scan_feed.pxi", "scan/_scan_needles.pxi",
         "scan/_scan_text.pxi", "scan/_scan_eol.h")  # under the package


def source_path(module: str, root: str = _ROOT) -> str:
    """The ``.py`` file of a dotted ``flashrun.`` module under ``root`` (the package)."""
    return os.path.join(root, *module.split(".")[1:]) + ".py"


def source_hash(path: str) -> str:
    """The hash of a ``.py`` source and of the augmenting ``.pxd`` beside it, if any
    (the C types its compiled copy was built with)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        digest.update(fh.read())
    pxd = path[:-3] + ".pxd"
    if os.path.isfile(pxd):
        with open(pxd, "rb") as fh:
            digest.update(b"\0pxd\0" + fh.read())
    return digest.hexdigest()


def lexer_hash(root: str = _ROOT) -> str:
    """One hash of all the C lexer's source files, each named."""
    digest = hashlib.sha256()
    for name in LEXER:
        with open(os.path.join(root, name), "rb") as fh:
            digest.update(name.encode() + b"\0" + fh.read() + b"\0")
    return digest.hexdigest()


def hashes(root: str = _ROOT) -> dict:
    """What the build records: each compiled module's source hash, the lexer's too."""
    out = {m: source_hash(source_path(m, root)) for m in COMPILED}
    out[LEXER_MODULE] = lexer_hash(root)
    return out


def stale(built: dict, root: str = _ROOT) -> tuple:
    """The modules whose source no longer matches the hash recorded at build time."""
    out = []
    for module in COMPILED + (LEXER_MODULE,):
        try:
            now = lexer_hash(root) if module == LEXER_MODULE else source_hash(
                source_path(module, root))
        except OSError:  # no source at all: nothing to prefer over the compiled copy
            continue
        if built.get(module) != now:
            out.append(module)
    return tuple(out)


class SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the named modules from their ``.py`` file, never a compiled copy; one
    with no ``.py`` (the C lexer) is not found at all, so its importer falls back."""

    def __init__(self, names):
        self.names = frozenset(names)

    def find_spec(self, fullname, path, target=None):
        if fullname not in self.names:
            return None
        for entry in path or ():
            source = os.path.join(entry, fullname.rpartition(".")[2] + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(
                    fullname, source, loader=importlib.machinery.SourceFileLoader(fullname,
                                                                                   source))
        raise ModuleNotFoundError("%s: its compiled copy is stale or disabled" % fullname,
                                  name=fullname)


def install(environ=os.environ) -> tuple:
    """Put the modules that must run from source in front of the import system; returns them."""
    if environ.get("FLASHRUN_NO_EXTENSIONS") == "1":
        names = COMPILED  # (flashrun.scan picks the lexer's twin itself)
    else:
        try:
            from flashrun._built import SOURCES  # written by setup.py when it compiles
        except ImportError:  # nothing compiled (pure-Python install): nothing to guard
            return ()
        names = stale(SOURCES)
        if names:
            warnings.warn("flashrun: %s changed since it was compiled; running it from source "
                          "(slower). Rebuild: pip install -e . (or python setup.py build_ext "
                          "--inplace)" % ", ".join(names), RuntimeWarning, stacklevel=3)
    if names and not any(isinstance(f, SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFirst(names))
    return names
