"""The test cluster itself: three slurmd, one per node name, and steps that span them.

These pin down the Slurm behaviour the backend's parser relies on (see
docs/slurm.md for the captured texts); they run real srun against the cluster.
"""

def srun(cluster, *args, timeout=60):
    return cluster.client("srun", *args, timeout=timeout)


def test_three_idle_nodes(slurm_cluster):
    assert slurm_cluster.node_states() == {"n1": "idle", "n2": "idle", "n3": "idle"}


def test_a_step_runs_one_task_on_each_node(slurm_cluster):
    r = srun(slurm_cluster, "-N3", "--ntasks-per-node=1", "--label", "printenv", "SLURMD_NODENAME")
    assert r.returncode == 0, r.stderr
    lines = sorted(r.stdout.decode().split("\n")[:-1])
    assert lines == ["0: n1", "1: n2", "2: n3"]


def test_srun_reports_each_failed_task_and_its_code(slurm_cluster):
    r = srun(slurm_cluster, "-N2", "--label", "bash", "-c", "exit $((3 + SLURM_PROCID))")
    err = r.stderr.decode()
    assert r.returncode == 4  # srun's own status: the highest task code
    assert "srun: error: n1: task 0: Exited with exit code 3" in err
    assert "srun: error: n2: task 1: Exited with exit code 4" in err


def test_a_signalled_task_is_named_by_its_signal(slurm_cluster):
    r = srun(slurm_cluster, "-N2", "--label", "bash", "-c",
             'if [ "$SLURM_PROCID" = 1 ]; then kill -KILL $$; fi; echo survived')
    assert r.returncode == 137
    assert "srun: error: n2: task 1: Killed" in r.stderr.decode()
    # a signal death ends the whole step: srun terminates the other tasks itself
    assert "srun: Force Terminated StepId=" in r.stderr.decode()
