"""flashrun.spec.backend: the Local/Slurm values every door builds, and their validation."""
import pytest

from flashrun.spec.backend import Local, Slurm, backend_from_mapping


def test_slurm_defaults_and_extra_as_tuple():
    s = Slurm(nodes=2, extra=["--exclusive"])
    assert s.kind == "slurm" and s.nodes == 2 and s.extra == ("--exclusive",)
    assert s.partition is None and s.time is None and s.gpus_per_node is None


@pytest.mark.parametrize("kwargs, word", [
    ({"nodes": 0}, "nodes"), ({"nodes": True}, "nodes"), ({"nodes": 2, "time": "soon"}, "time"),
    ({"nodes": 1, "gpus_per_node": -1}, "gpus_per_node"), ({"nodes": 1, "extra": "--x"}, "extra"),
])
def test_slurm_rejects_bad_values(kwargs, word):
    with pytest.raises(ValueError, match=word):
        Slurm(**kwargs)


@pytest.mark.parametrize("time", ["30", "1:00:00", "2-00", "1-12:00:00", "05:00"])
def test_slurm_time_formats(time):
    assert Slurm(time=time).time == time


def test_from_mapping():
    assert backend_from_mapping({"kind": "local"}) == Local()
    assert backend_from_mapping({}) == Local()
    s = backend_from_mapping({"kind": "slurm", "nodes": 2, "partition": "gpu", "time": 30,
                              "extra": ["--exclusive"]})
    assert s == Slurm(nodes=2, partition="gpu", time="30", extra=("--exclusive",))
    with pytest.raises(ValueError, match="unknown backend key"):
        backend_from_mapping({"kind": "slurm", "node": 2})
    with pytest.raises(ValueError, match="local' or 'slurm"):
        backend_from_mapping({"kind": "k8s"})


GRID = """
name: s
command: python x.py --lr {lr}
torchrun: {nproc_per_node: 1}
backend: {kind: slurm, nodes: 2, time: 10}
grid: {lr: [0.1, 0.2]}
trials:
  - {lr: 0.3, backend: {nodes: 3}}
concurrency: 2
"""


def test_grid_backend_per_trial_override_and_round_trip():
    from flashrun.spec.grid import parse

    spec = parse(GRID)
    assert [t.backend for t in spec.trials] == [Slurm(nodes=2, time="10")] * 2 + [
        Slurm(nodes=3, time="10")]
    assert [t.slots for t in spec.trials] == [1, 1, 1]  # concurrency counts jobs on Slurm
    assert {t.mode for t in spec.trials} == {"coordinated_training"}
    again = parse(spec.to_yaml())
    assert [t.backend for t in again.trials] == [t.backend for t in spec.trials]
    assert "backend" not in again.trials[2].params


def test_grid_backend_errors_point_at_the_key():
    from flashrun.spec.grid import SpecError, parse

    with pytest.raises(SpecError, match=r"<s>:5:\d+: backend: unknown backend key"):
        parse(GRID.replace("nodes: 2, time: 10", "nodes: 2, tim: 10"), source="<s>")
    with pytest.raises(SpecError, match="expected a mapping"):
        parse(GRID.replace("{kind: slurm, nodes: 2, time: 10}", "slurm"), source="<s>")


def test_local_trials_have_no_backend():
    from flashrun.spec.grid import parse

    spec = parse("name: s\ncommand: python x.py --a {a}\ngrid: {a: [1]}\n")
    assert spec.trials[0].backend is None and spec.trials[0].slots == 1


def test_slurm_ranks_do_not_count_against_concurrency():
    from flashrun.spec.grid import SpecError, parse

    grid = "name: s\ncommand: python x.py --a {a}\ngrid: {a: [1]}\ntorchrun: {nproc_per_node: 8}\n"
    with pytest.raises(SpecError, match="concurrency 1 is less than"):
        parse(grid)
    spec = parse(grid + "backend: {kind: slurm, nodes: 2}\n")
    assert spec.trials[0].nproc == 8 and spec.trials[0].slots == 1
