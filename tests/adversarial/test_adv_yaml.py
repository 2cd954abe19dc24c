"""Hostile and surprising grid.yaml files (issue 12, defects 6 and 9).

An alias bomb (nested aliases under ``env:`` or under an unknown key) is refused
before anything is built: one line, a bounded number of nodes constructed. The
scalars follow YAML 1.2 core as docs/grid.md says: ``no``/``on``/``off``/``yes``
stay strings, ``010`` is 10, ``1:20`` is a string. ``trials:`` lists obey the
100,000-trial limit like the grid does.
"""
import re

import pytest

from flashrun.spec import _build
from flashrun.spec.grid import SpecError, from_mapping, parse
from flashrun.spec.model import MAX_TRIALS

from adv_helpers import flashrun, one_line, write_grid


def _bomb(under: str, levels: int = 9) -> str:
    lines = ['  a0: &a0 ["lol"]']
    lines += ["  a%d: &a%d [%s]" % (i, i, ", ".join(["*a%d" % (i - 1)] * 10))
              for i in range(1, levels)]
    return "name: bomb\ncommand: echo {x}\ngrid: {x: [1]}\n%s:\n%s\n" % (under, "\n".join(lines))


@pytest.fixture
def constructed(monkeypatch):
    """Count the nodes the spec builder constructs (instrumentation, not a mock)."""
    calls = [0]
    real = _build._Builder.construct

    def counting(self, node, path, stack):
        calls[0] += 1
        return real(self, node, path, stack)

    monkeypatch.setattr(_build._Builder, "construct", counting)
    return calls


@pytest.mark.parametrize("under", ["env", "not_a_key"])
def test_alias_bomb_is_refused_before_building(under, constructed):
    with pytest.raises(SpecError) as err:
        parse(_bomb(under), source="bomb.yaml")
    assert "aliases expand to more than" in str(err.value)
    assert re.match(r"bomb\.yaml:\d+:\d+: ", str(err.value))
    assert constructed[0] == 0  # nothing was built


def test_alias_bomb_on_the_command_line_is_one_line(tmp_path):
    grid = write_grid(tmp_path, _bomb("env"))
    p = flashrun("sweep", str(grid), "--dry-run")
    assert p.returncode == 2
    assert "aliases expand to more than" in one_line(p.stderr)


def test_modest_aliases_still_work(constructed):
    spec = parse("name: ok\ncommand: echo {x} {y}\ngrid: {x: &b [1, 2], y: *b}\n")
    assert len(spec.trials) == 4
    assert constructed[0] < 50


def test_deep_nesting_is_one_error():
    text = "command: echo {x}\ngrid: {x: [1]}\nenv: " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(SpecError) as err:
        parse(text, source="deep.yaml")
    assert "nested more than" in str(err.value)


@pytest.mark.parametrize("literal,value", [
    ("no", "no"), ("on", "on"), ("off", "off"), ("yes", "yes"), ("Yes", "Yes"),
    ("010", 10), ("1:20", "1:20"), ("1_000", "1_000"), ("2024-01-01", "2024-01-01"),
    ("0x1f", 31), ("1e-3", 0.001), ("true", True), ("'010'", "010"),
])
def test_scalars_follow_yaml_1_2(literal, value):
    spec = parse("command: echo {x}\ngrid: {x: [%s]}\n" % literal)
    got = spec.trials[0].params["x"]
    assert got == value and type(got) is type(value)


def test_spec_yaml_round_trips_strings_that_look_like_numbers():
    spec = parse("command: echo {x}\ngrid: {x: ['0o17', '010', 'yes', '1e3', '0x10']}\n")
    again = parse(spec.to_yaml())
    assert [t.params for t in again.trials] == [t.params for t in spec.trials]


def test_trials_list_obeys_the_trial_limit():
    trials = [{"x": i} for i in range(MAX_TRIALS + 1)]
    with pytest.raises(SpecError) as err:
        from_mapping({"command": "echo {x}", "trials": trials})
    assert "limit %d" % MAX_TRIALS in str(err.value)
