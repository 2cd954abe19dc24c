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
