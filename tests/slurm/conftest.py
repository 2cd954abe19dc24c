"""The ``slurm_cluster`` fixture: one real three-node cluster for the whole session.

Every test in this directory is marked ``slurm``. The cluster starts on first use
(see :mod:`tests.slurm.cluster`); where it cannot start, each test that needs it
is skipped and the reason is printed (``-ra`` shows it in the summary, and it is
written to the terminal when the start fails). After each test the fixture
checks that the queue is empty (a test that leaves a job pending or running
fails; one Slurm is still COMPLETING must drain within 30 s), and it
returns any node a test set DOWN to service.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from cluster import ClusterUnavailable, LocalSlurm  # noqa: E402

_STATE = {}


def pytest_collection_modifyitems(config, items):
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.slurm)


@pytest.fixture(scope="session")
def slurm_session():
    if "error" in _STATE:
        pytest.skip(_STATE["error"])
    try:
        cluster = LocalSlurm().start()
    except ClusterUnavailable as exc:
        _STATE["error"] = "no Slurm test cluster: %s" % exc
        sys.stderr.write("\n[slurm tests] %s\n" % _STATE["error"])
        pytest.skip(_STATE["error"])
    old = os.environ.get("SLURM_CONF")
    cluster.activate()
    try:
        yield cluster
    finally:
        cluster.stop()
        if old is None:
            os.environ.pop("SLURM_CONF", None)
        else:
            os.environ["SLURM_CONF"] = old
        left = cluster.leftover_pids()
        assert not left, "cluster processes survived the teardown: %s" % left


@pytest.fixture
def slurm_cluster(slurm_session):
    """The session's cluster, with every node idle; the queue must be empty afterwards."""
    slurm_session.resume_nodes()
    yield slurm_session
    # a job Slurm is still COMPLETING (its tasks being reaped) is not left behind
    left = [j for j in slurm_session.jobs() if j.split()[1] != "COMPLETING"]
    slurm_session.cancel_all()   # waits until the queue is empty
    slurm_session.resume_nodes()
    assert not left, "jobs left in squeue after the test: %s" % left
    assert not slurm_session.jobs(), "jobs still COMPLETING 30 s after the test"
