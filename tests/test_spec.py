"""flashrun.spec.grid: grid.yaml → validated, expanded, frozen trials; errors point at the node."""
import os
import re
import sys
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from flashrun import spec as S
from flashrun.runtime import ports
from flashrun.spec._build import _render
from flashrun.spec.grid import SpecError

BRIEF = """\
name: lr-sweep
command: python train.py --lr {lr} --batch-size {batch_size} --seed {seed}
torchrun: {nproc_per_node: 2}
grid:
  lr: [0.1, 0.01, 0.001]
  batch_size: [32, 64]
  seed: [0, 1]
trials:
  - {lr: 0.5, batch_size: 16, seed: 0}
concurrency: 4
max_restarts: 2
hang_timeout: 600
env: {OMP_NUM_THREADS: "1"}
objective: {metric: val_loss, mode: min}
"""
SAFE_ID = re.compile(r"t\d{3,}(-[A-Za-z0-9._=+-]+)*\Z")


def parse(text, source="grid.yaml"):
    return S.parse(textwrap.dedent(text), source=source)


def error(text, source="grid.yaml"):
    with pytest.raises(SpecError) as info:
        parse(text, source)
    return info.value


def test_brief_example_expands_grid_then_trials():
    s = parse(BRIEF)
    assert s.name == "lr-sweep" and len(s.trials) == 13
    assert (s.concurrency, s.max_restarts, s.hang_timeout) == (4, 2, 600.0)
    assert s.objective == S.Objective("val_loss", "min") and s.torchrun_nproc == 2
    first, last = s.trials[0], s.trials[-1]
    assert first.trial_id == "t000-lr=0.1-batch_size=32-seed=0"
    assert first.argv == ("python", "train.py", "--lr", "0.1", "--batch-size", "32", "--seed", "0")
    assert s.trials[1].params == {"lr": 0.1, "batch_size": 32, "seed": 1}  # last key fastest
    assert last.trial_id == "t012-lr=0.5-batch_size=16-seed=0" and last.index == 12
    for t in s.trials:
        assert (t.nproc, t.torchrun, t.mode) == (2, True, "coordinated_training")
        assert dict(t.env) == {"OMP_NUM_THREADS": "1"} and os.path.isabs(t.cwd)
    assert s.varying_keys == ("lr", "batch_size", "seed")


def test_specs_are_frozen_and_read_only():
    t = parse(BRIEF).trials[0]
    with pytest.raises(AttributeError):
        t.argv = ()
    with pytest.raises(TypeError):
        t.params["lr"] = 1
    assert isinstance(t.argv, tuple)


def test_plain_command_is_an_independent_task():
    s = parse("""\
        command: [python, -c, "print({x})"]
        grid: {x: [1, 2]}
        """)
    assert s.name == "grid" and s.torchrun_nproc is None  # name defaults to the file stem
    assert [t.argv for t in s.trials] == [("python", "-c", "print(1)"), ("python", "-c", "print(2)")]
    assert all((t.nproc, t.torchrun, t.mode) == (1, False, "independent_tasks") for t in s.trials)


@pytest.mark.parametrize("value", ["0.1; rm -rf /", '"--evil x"', "$(touch pwned)", "a b\nc", "'"])
def test_values_stay_one_literal_token(value):
    s = S.from_mapping({"command": "prog --lr {lr} --tag=x{lr}y", "grid": {"lr": [value]}})
    assert s.trials[0].argv == ("prog", "--lr", value, "--tag=x%sy" % value)


def test_quoted_template_token_is_substituted_inside_it():
    s = S.from_mapping({"command": "prog '--opt {a} {b}' {{literal}}", "grid": {"a": [1], "b": [2]}})
    assert s.trials[0].argv == ("prog", "--opt 1 2", "{literal}")


def test_list_value_splices_tokens_and_defaults_fill_gaps():
    s = parse("""\
        command: python train.py --lr {lr} {extra}
        grid: {lr: [0.1, 0.2]}
        defaults: {extra: []}
        trials:
          - {lr: 0.3, extra: [--crash-at, 15, --crash-mode, sigkill]}
        """)
    assert [t.argv[2:] for t in s.trials] == [
        ("--lr", "0.1"), ("--lr", "0.2"),
        ("--lr", "0.3", "--crash-at", "15", "--crash-mode", "sigkill")]
    # a parameter at its default value stays out of the id
    assert [t.trial_id for t in s.trials] == [
        "t000-lr=0.1", "t001-lr=0.2", "t002-lr=0.3-extra=--crash-at_15_--crash-mode_sigkill"]


def test_env_values_take_placeholders():
    s = S.from_mapping({"command": "prog {seed}", "grid": {"seed": [3]},
                        "env": {"SEED": "s{seed}", "N": 2}})
    assert dict(s.trials[0].env) == {"SEED": "s3", "N": "2"}


def test_yaml12_floats_bools_and_anchors():
    s = parse("""\
        command: prog {lr} {flag} {seed}
        grid: &g
          lr: [1e-3, 2.5E+2]
          flag: [true]
          seed: &s [0]
        trials:
          - {lr: 1, flag: false, seed: 7}
        """)
    assert [t.argv[1:] for t in s.trials] == [("0.001", "true", "0"), ("250.0", "true", "0"),
                                              ("1", "false", "7")]
    merged = S.parse("defaults: &d {b: 9}\ncommand: prog {a} {b}\n"
                     "grid:\n  <<: {a: [1]}\n  b: [2, 3]\n", source="g.yaml")
    assert [t.argv for t in merged.trials] == [("prog", "1", "2"), ("prog", "1", "3")]


def test_ids_are_stable_unique_and_filesystem_safe():
    text = """\
        command: prog {a} {b}
        grid:
          a: ["x/../../etc", "a b c", "ünï", "{{}}", "%s"]
          b: [1, 2]
        """ % ("z" * 200)
    ids = [t.trial_id for t in parse(text).trials]
    assert ids == [t.trial_id for t in parse(text).trials]
    assert len(set(ids)) == len(ids) == 10
    for i in ids:
        assert SAFE_ID.match(i), i
        assert len(i) <= S.model.ID_MAX_LEN and "/" not in i and ".." not in i.split("-")
    assert ids[0] == "t000-a=x_.._.._etc-b=1"


def test_trial_key_depends_on_params_only():
    a = S.from_mapping({"command": "p {x} {y}", "grid": {"x": [1, 2], "y": [3]}})
    b = S.from_mapping({"command": "p {x} {y}", "grid": {"x": [2], "y": [3]}})
    assert a.trials[1].key == b.trials[0].key and a.trials[0].key != a.trials[1].key
    assert re.fullmatch(r"[0-9a-f]{12}", a.trials[0].key)


def test_to_yaml_round_trips_to_the_same_trials(tmp_path):
    s = parse(BRIEF)
    path = tmp_path / "spec.yaml"
    path.write_text(s.to_yaml())
    again = S.load(path)
    assert [(t.trial_id, t.argv, dict(t.env), t.cwd) for t in again.trials] == \
        [(t.trial_id, t.argv, dict(t.env), t.cwd) for t in s.trials]
    assert (again.name, again.concurrency, again.objective) == (s.name, s.concurrency, s.objective)


def test_to_yaml_quotes_strings_that_read_as_yaml12_numbers():
    s = S.from_mapping({"command": "p {v} {n}", "grid": {"v": ["1e-3", "0E0"], "n": [1e-3]}})
    again = S.parse(s.to_yaml(), source="spec.yaml")
    assert [t.argv for t in again.trials] == [t.argv for t in s.trials]
    assert s.trials[0].argv == ("p", "1e-3", "0.001")


def test_cwd_is_relative_to_the_spec_file(tmp_path):
    (tmp_path / "sub").mkdir()
    path = tmp_path / "g.yaml"
    path.write_text("command: p {x}\ngrid: {x: [1]}\ncwd: sub\n")
    assert S.load(path).trials[0].cwd == str(tmp_path / "sub")


def test_dry_run_lines():
    lines = S.dry_run_lines(parse(BRIEF))
    assert lines[0] == ("lr-sweep: 13 trials, concurrency 4 (2 at once), max_restarts 2, "
                        "hang_timeout 600s")
    assert "objective: min val_loss" in lines and "env: OMP_NUM_THREADS=1" in lines
    row = [line for line in lines if line.startswith("t012")][0]
    assert "2 slots" in row and "torchrun x2" in row
    assert row.endswith("python train.py --lr 0.5 --batch-size 16 --seed 0")


# ------------------------------------------------------------------------ errors

FORMAT = re.compile(r"^grid\.yaml:\d+:\d+: .+$")

ERRORS = [
    # (id, yaml, line, col, text in message, text in hint)
    ("unknown-placeholder", "command: python t.py --lr {lrr}\ngrid: {lr: [1]}\n",
     1, 27, "unknown placeholder {lrr}", "did you mean {lr}?"),
    ("unused-grid-key", "command: p {a}\ngrid:\n  a: [1]\n  b: [2]\n",
     4, 3, "grid.b: parameter 'b' is not used", "use {b} in the command"),
    ("concurrency-word", "command: p {a}\ngrid: {a: [1]}\nconcurrency: four\n",
     3, 14, "concurrency: expected an integer >= 1, got a string 'four'", "concurrency: 4"),
    ("grid-not-list", "command: p {a}\ngrid:\n  a: 0.1\n",
     3, 6, "grid.a: expected a list of values, got a number", "write a: [0.1]"),
    ("grid-dict-value", "command: p {a}\ngrid:\n  a: [1, {x: 2}]\n",
     3, 10, "grid.a[1]: expected a string, number or list of them, got a mapping", ""),
    ("duplicate-trial", "command: p {a}\ngrid: {a: [1, 2]}\ntrials:\n  - {a: 3}\n  - {a: 2}\n",
     5, 5, "trials[1]: duplicate trial: the same parameters as grid trial t001", "remove it"),
    ("duplicate-grid-value", "command: p {a}\ngrid: {a: [1, 2, 1]}\n",
     2, 18, "grid.a[2]: duplicate value 1", ""),
    ("unknown-key", "command: p {a}\ngrid: {a: [1]}\nconcurrancy: 4\n",
     3, 1, "unknown key 'concurrancy'", "did you mean 'concurrency'?"),
    ("empty-grid", "command: p\ngrid: {}\n", 2, 7, "no trials: the grid is empty", "grid:"),
    ("empty-grid-list", "command: p {a}\ngrid: {a: []}\n", 2, 11, "grid.a: empty list", ""),
    ("yaml-syntax", "command: p {a}\ngrid: {a: [1, 2}\n", 2, 16, "invalid YAML", "indentation"),
    ("yaml-tab", "command: p\n\tgrid: 1\n", 2, 1, "invalid YAML", ""),
    ("duplicate-yaml-key", "command: p {a}\ngrid: {a: [1]}\ncommand: q\n",
     3, 1, "duplicate key 'command'", ""),
    ("missing-command", "grid: {a: [1]}\n", 1, 1, "missing required key 'command'", "command:"),
    ("concurrency-below-nproc", "command: p {a}\ngrid: {a: [1]}\ntorchrun: {nproc_per_node: 4}\n"
     "concurrency: 2\n", 4, 14, "concurrency 2 is less than torchrun.nproc_per_node 4", "at least 4"),
    ("objective-mode", "command: p {a}\ngrid: {a: [1]}\nobjective: {metric: m, mode: lowest}\n",
     3, 30, "mode must be 'min' or 'max'", ""),
    ("trial-missing-value", "command: p {a} {b}\ngrid: {a: [1], b: [2]}\ntrials:\n  - {a: 5}\n",
     4, 5, "trials[0]: no value for {b} in this trial", "defaults"),
    ("unmatched-brace", "command: p {a\ngrid: {a: [1]}\n", 1, 10, "bad placeholder '{a'", "{{"),
    ("unclosed-quote", "command: p '{a}\ngrid: {a: [1]}\n", 1, 10, "cannot split the command",
     "close the quote"),
    ("env-bool", "command: p {a}\ngrid: {a: [1]}\nenv: {DEBUG: true}\n", 3, 14,
     "env.DEBUG: expected a string, got true/false", 'quote it'),
    ("list-in-partial-token", "command: p --x={a}\ngrid: {a: [[1, 2]]}\n", 2, 7,
     "{a} is a list, and a list can only fill a whole argv token", "{a}"),
    ("bad-name", "name: ../evil\ncommand: p {a}\ngrid: {a: [1]}\n", 1, 7,
     "name: expected a name of letters", "run directory"),
    ("python-tag", "command: !!python/object:os.system p\ngrid: {a: [1]}\n", 1, 10,
     "cannot read value", "no !!python tags"),
    ("not-a-mapping", "- a\n- b\n", 1, 1, "the spec must be a mapping, got a list", ""),
    ("empty-file", "# nothing\n", 1, 1, "empty file", "docs/grid.md"),
    ("torchrun-typo", "command: p {a}\ngrid: {a: [1]}\ntorchrun: {nprocs: 2}\n", 3, 12,
     "unknown key 'nprocs'", "nproc_per_node"),
]


@pytest.mark.parametrize("text,line,col,message,hint", [e[1:] for e in ERRORS],
                         ids=[e[0] for e in ERRORS])
def test_errors_point_at_the_node(text, line, col, message, hint):
    e = error(text)
    assert FORMAT.match(str(e)), str(e)
    assert (e.line, e.col) == (line, col), str(e)
    assert str(e).startswith("grid.yaml:%d:%d: " % (line, col))
    assert message in e.message or message in str(e), str(e)
    if hint:
        assert hint in (e.hint or ""), str(e)
        assert str(e).endswith("(hint: %s)" % e.hint)


def test_error_message_example():
    e = error("command: python train.py --lr {lr}\ngrid:\n  lr: 0.1\n")
    assert str(e) == ("grid.yaml:3:7: grid.lr: expected a list of values, got a number "
                      "(hint: write lr: [0.1])")


def test_missing_file(tmp_path):
    with pytest.raises(SpecError) as info:
        S.load(tmp_path / "nope.yaml")
    assert str(info.value).startswith(str(tmp_path / "nope.yaml") + ": no such file")


def test_from_mapping_errors_name_the_key_not_a_file():
    with pytest.raises(SpecError) as info:
        S.from_mapping({"command": "p {a}", "grid": {"a": [1]}, "concurrency": "four"})
    assert str(info.value).startswith("<arguments>: concurrency: expected an integer >= 1")
    with pytest.raises(SpecError, match=r"^<arguments>: grid\.lr: expected a list"):
        S.from_mapping({"command": "p {lr}", "grid": {"lr": 0.1}})
    with pytest.raises(SpecError, match=r"did you mean 'max_restarts'"):
        S.from_mapping({"command": "p {a}", "grid": {"a": [1]}, "max_restart": 1})


def test_grid_size_limit():
    grid = {"k%d" % i: list(range(10)) for i in range(6)}
    with pytest.raises(SpecError, match="expands to 1000000 trials"):
        S.from_mapping({"command": " ".join("{k%d}" % i for i in range(6)), "grid": grid})


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                         max_size=30),  # NUL: rejected at validation (test_adv_spawn)
                 st.floats(allow_nan=False, allow_infinity=False), st.integers(), st.booleans()))
def test_any_value_is_one_argv_token_and_survives_spec_yaml(value):
    import yaml

    text = yaml.dump({"command": "prog --v {v}", "grid": {"v": [value]}},
                     Dumper=S._yaml.yaml_classes()[1])
    s = S.parse(text, source="g.yaml")
    assert s.trials[0].argv == ("prog", "--v", _render(value))
    assert SAFE_ID.match(s.trials[0].trial_id)
    again = S.parse(s.to_yaml(), source="spec.yaml")
    assert (again.trials[0].argv, again.trials[0].trial_id) == (s.trials[0].argv,
                                                                 s.trials[0].trial_id)


# ------------------------------------------------------------------ launch argv

def trial(argv, nproc=None):
    cmd = {"command": argv, "grid": {"x": [1]}}
    if nproc:
        cmd.update(torchrun={"nproc_per_node": nproc}, concurrency=nproc)
    return S.from_mapping(cmd).trials[0]


def test_launch_argv_plain_uses_this_interpreter():
    assert S.launch_argv(trial(["python", "t.py", "{x}"])) == [sys.executable, "t.py", "1"]
    assert S.launch_argv(trial(["/bin/echo", "{x}"]), 1234) == ["/bin/echo", "1"]


def test_launch_argv_torchrun_forms():
    head = [sys.executable, "-m", "torch.distributed.run", "--nnodes", "1", "--nproc-per-node",
            "2", "--rdzv-backend", "c10d", "--rdzv-endpoint", "127.0.0.1:29411"]
    t = trial(["python", "-u", "train.py", "--x", "{x}"], 2)
    argv = S.launch_argv(t, 29411)
    assert argv[:len(head)] == head
    assert argv[len(head):] == ["--rdzv-id", t.trial_id, "--max-restarts", "0", "train.py",
                                "--x", "1"]
    assert S.launch_argv(trial(["python3", "-m", "pkg.train", "{x}"], 2), 1)[-3:] == \
        ["--module", "pkg.train", "1"]
    assert S.launch_argv(trial(["./run.sh", "{x}"], 2))[-3:] == ["--no-python", "./run.sh", "1"]
    assert "127.0.0.1:0" in S.launch_argv(t)  # no port: the store binds a free one itself


def test_launch_argv_parses_with_torchruns_own_parser():
    run = pytest.importorskip("torch.distributed.run")
    argv = S.launch_argv(trial(["python", "train.py", "--x", "{x}"], 2), 29500)
    args = run.get_args_parser().parse_args(argv[3:])
    assert (args.nnodes, args.nproc_per_node, args.rdzv_backend) == ("1", "2", "c10d")
    assert (args.rdzv_endpoint, args.max_restarts) == ("127.0.0.1:29500", 0)
    assert (args.training_script, args.training_script_args) == ("train.py", ["--x", "1"])
    mod = run.get_args_parser().parse_args(
        S.launch_argv(trial(["python", "-m", "pkg", "{x}"], 2), 1)[3:])
    assert mod.module and mod.training_script == "pkg"


def test_port_allocator_never_hands_out_a_leased_port():
    probes = iter([5000, 5000, 5000, 5001, 5000, 5002])
    alloc = ports.PortAllocator(probe=lambda: next(probes))
    assert alloc.acquire() == 5000
    assert alloc.acquire() == 5001  # 5000 is still leased: probed again
    alloc.release(5000)
    assert alloc.acquire() == 5000 and alloc.leased == {5000, 5001}
    stuck = ports.PortAllocator(probe=lambda: 7, attempts=3)
    stuck.acquire()
    with pytest.raises(RuntimeError, match="no free port"):
        stuck.acquire()


def test_free_port_is_bindable_and_below_the_ephemeral_range():
    import socket

    span = ports.quiet_range()
    port = ports.free_port()
    with socket.socket() as s:
        s.bind(("", port))
    if span is not None:  # Linux: the kernel never picks this port for a connection
        assert span[0] <= port < span[1]
    real = ports.PortAllocator()
    got = {real.acquire() for _ in range(5)}
    assert len(got) == 5


def test_free_port_skips_a_port_something_listens_on():
    import socket

    span = ports.quiet_range()
    if span is None:
        pytest.skip("no ephemeral range to read on this platform")
    with socket.socket() as held:
        held.bind(("", ports.free_port()))
        held.listen()
        taken = held.getsockname()[1]
        assert not ports.bindable(taken)

        class Draws:
            def __init__(self):
                self.seen = []

            def randrange(self, lo, hi):
                self.seen.append((lo, hi))
                return taken if len(self.seen) == 1 else ports.free_port()

        draws = Draws()
        port = ports.free_port(rng=draws)
        assert port != taken and len(draws.seen) == 2 and draws.seen[0] == span


def test_quiet_range_reads_the_kernel_file_and_falls_back(tmp_path):
    f = tmp_path / "range"
    f.write_text("32768\t60999\n")
    assert ports.quiet_range(str(f)) == (16384, 32768)
    f.write_text("11000 60999\n")  # too little room above LOWEST: no quiet range
    assert ports.quiet_range(str(f)) is None
    f.write_text("garbage\n")
    assert ports.quiet_range(str(f)) is None
    assert ports.quiet_range(str(tmp_path / "absent")) is None
    port = ports.free_port(path=str(tmp_path / "absent"))  # the kernel's port 0 answer
    assert 0 < port < 65536 and ports.bindable(port)


# ------------------------------------------------------------- docs and example

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_docs_example_parses_as_documented():
    with open(os.path.join(ROOT, "docs", "grid.md")) as f:
        doc = f.read()
    block = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    s = S.parse(block, source=os.path.join(ROOT, "docs", "grid.yaml"))
    ids = [t.trial_id for t in s.trials]
    assert len(ids) == 13 and ids[0] in doc and ids[12] in doc
    assert s.trials[12].argv[-2:] == ("--crash-at", "15")


def test_example_grid_runs_train_ddp_with_valid_flags():
    import importlib.util

    s = S.load(os.path.join(ROOT, "examples", "grid.yaml"))
    assert len(s.trials) >= 4 and s.concurrency == 4 and s.torchrun_nproc == 2
    assert s.objective == S.Objective("final_loss", "min")
    assert s.trials[0].cwd == os.path.join(ROOT, "examples")
    crashing = [t for t in s.trials if "--crash-at" in t.argv]
    assert len(crashing) == 1 and "sigkill" in crashing[0].argv
    loader = importlib.util.spec_from_file_location(
        "train_ddp_example", os.path.join(ROOT, "examples", "train_ddp.py"))
    train = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(train)
    for t in s.trials:
        assert t.argv[:2] == ("python", "train_ddp.py")
        args = train.parse_args(list(t.argv[2:]))
        assert args.steps <= 40 and (args.crash_mode is None) == (t not in crashing)
