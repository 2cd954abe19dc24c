"""The compiled copies of plain modules (flashrun/compiled.py): used when built and
current, never when the source changed since the build or under
FLASHRUN_NO_EXTENSIONS=1. Each check runs a fresh interpreter."""
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from flashrun import compiled

SO = [m for m in compiled.COMPILED if any(
    f.startswith(m.rpartition(".")[2] + ".") and f.endswith(".so")
    for f in os.listdir(os.path.dirname(compiled.source_path(m))))]


def where(no_extensions=False):
    """{module: file it was loaded from} in a fresh interpreter, and its stderr."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("FLASHRUN_NO_EXTENSIONS", None)  # the pure-Python test pass sets it
    if no_extensions:
        env["FLASHRUN_NO_EXTENSIONS"] = "1"
    script = ("import json, importlib, flashrun\n"
              "print(json.dumps({m: importlib.import_module(m).__file__ for m in %r}))"
              % (compiled.COMPILED,))
    p = subprocess.run([sys.executable, "-W", "always", "-c", script], capture_output=True,
                       text=True, env=env, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout), p.stderr


def test_no_extensions_loads_every_module_from_source():
    files, _ = where(no_extensions=True)
    assert all(path.endswith(".py") for path in files.values()), files


@pytest.mark.skipif(not SO, reason="no compiled copies built (pure-Python install)")
def test_built_copies_are_used_while_their_source_is_unchanged():
    files, err = where()
    assert all(files[m].endswith(".so") for m in SO), files
    assert "changed since it was compiled" not in err


def test_a_changed_source_runs_from_source_with_one_warning(monkeypatch):
    """The guard compares each source with the hash the build recorded: a mismatch
    (an edit, a pull) loads the .py instead of the stale compiled copy."""
    built = compiled.hashes()
    assert compiled.stale(built) == ()
    built["flashrun.policy.taxonomy"] = "0" * 64
    assert compiled.stale(built) == ("flashrun.policy.taxonomy",)
    finder = compiled.SourceFirst(["flashrun.policy.taxonomy"])
    spec = finder.find_spec("flashrun.policy.taxonomy",
                            [os.path.dirname(compiled.source_path("flashrun.policy.taxonomy"))])
    assert spec.origin.endswith("taxonomy.py")
    assert finder.find_spec("flashrun.policy.table", [str(ROOT / "flashrun" / "policy")]) is None


def test_an_augmenting_pxd_is_hashed_with_its_source(tmp_path):
    """The fold's .pxd gives its compiled copy C types: editing it makes the built
    copy stale just as editing the .py does."""
    source = tmp_path / "mod.py"
    source.write_text("class Fold:\n    pass\n")
    bare = compiled.source_hash(str(source))
    (tmp_path / "mod.pxd").write_text("cdef class Fold:\n    cdef public list records\n")
    typed = compiled.source_hash(str(source))
    (tmp_path / "mod.pxd").write_text("cdef class Fold:\n    cdef public tuple records\n")
    assert len({bare, typed, compiled.source_hash(str(source))}) == 3


def test_a_changed_lexer_source_is_not_imported_and_the_twin_scans():
    """The C lexer has no .py: its sources are hashed together, and a stale build
    is not found at all, so flashrun.scan takes the pure-Python twin (equal results)."""
    built = compiled.hashes()
    built[compiled.LEXER_MODULE] = "0" * 64
    assert compiled.stale(built) == (compiled.LEXER_MODULE,)
    assert compiled.lexer_hash() == compiled.hashes()[compiled.LEXER_MODULE]
    with pytest.raises(ModuleNotFoundError):
        compiled.SourceFirst([compiled.LEXER_MODULE]).find_spec(
            compiled.LEXER_MODULE, [os.path.dirname(compiled.source_path("flashrun.scan._fold"))])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("FLASHRUN_NO_EXTENSIONS", None)
    script = ("import sys, flashrun\nfrom flashrun import compiled\n"
              "sys.meta_path.insert(0, compiled.SourceFirst([compiled.LEXER_MODULE]))\n"
              "from flashrun.scan import IMPLEMENTATION, scan_tail\n"
              "print(IMPLEMENTATION, scan_tail(b'KeyError: 1\\n').root_exception)")
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                       timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["py", "KeyError"]


JUDGE = """
import json, sys, pathlib, flashrun
from flashrun.scan import _types as T
tails = [p.read_bytes() for p in sorted(pathlib.Path(sys.argv[1]).glob("*/*.log"))]
ordinary = b"".join(b"INFO trainer: epoch %d done, saved /ckpt/epoch_%d.pt\\n" % (i, i)
                    for i in range(9))
for needle, _ in T.NEEDLES:  # each needle alone, outlived by ordinary output, after it
    line = b"[2026-12-01 10:00:00] " + needle + b" 7 (x)\\n"
    tails += [line, line + ordinary, ordinary + line]
out = []
for tail in tails:
    for code in (None, 1, -9, 137):
        d = flashrun.diagnose(tail, code)
        out.append([d.as_dict(), sorted(d.scan.markers), sorted(d.scan.survived_markers)])
print(json.dumps(out, sort_keys=True, default=str))
"""


@pytest.mark.skipif(not SO, reason="no compiled copies built (pure-Python install)")
def test_compiled_judgement_equals_its_source():
    """The compiled fold, taxonomy and decision give what their source gives, on every
    tail in tests/data and on each needle alone, outlived, and last: C types in a .pxd
    change speed, never results (a bit index typed as a C int once made ``1 << bit``
    overflow past bit 31, and a shell's "Killed" outlived by output read as memory in
    the source and as nothing compiled)."""
    def judge(no_extensions):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("FLASHRUN_NO_EXTENSIONS", None)
        if no_extensions:
            env["FLASHRUN_NO_EXTENSIONS"] = "1"
        p = subprocess.run([sys.executable, "-c", JUDGE, str(ROOT / "tests" / "data")],
                           capture_output=True, text=True, env=env, timeout=600)
        assert p.returncode == 0, p.stderr[-3000:]
        return json.loads(p.stdout)

    compiled_out, source_out = judge(False), judge(True)
    assert len(compiled_out) == len(source_out) > 4 * 2600
    differ = [i for i, (a, b) in enumerate(zip(compiled_out, source_out)) if a != b]
    assert not differ, (len(differ), compiled_out[differ[0]], source_out[differ[0]])
