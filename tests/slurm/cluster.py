"""A real three-node Slurm cluster on this one host, for the ``slurm`` tests.

Not part of the package: test infrastructure. :class:`LocalSlurm` writes a
``slurm.conf`` into a temporary directory (``SlurmctldHost=localhost``,
``ProctrackType=proctrack/linuxproc``, ``TaskPlugin=task/none``, nodes
``n1``..``n3`` on 127.0.0.1, each slurmd on its own port, one default
partition), generates a munge key, and starts ``munged``, ``slurmctld`` and one
``slurmd -N nX`` per node in the foreground as children of this process, each in
a session of its own. Clients find the cluster through ``SLURM_CONF`` (see
:attr:`LocalSlurm.env`; :meth:`LocalSlurm.activate` exports it).

``stop()`` cancels every job, waits for the queue to drain, stops the daemons
(SIGTERM, then SIGKILL) and kills any ``slurmstepd`` that still carries this
cluster's ``SLURM_CONF`` in its environment, so nothing of the cluster survives.

When the cluster cannot start (no packages, not root, a daemon exits) ``start``
raises :class:`ClusterUnavailable` whose message says why; the conftest turns
that into a printed skip.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from flashrun.runtime.ports import free_port

NODES = ("n1", "n2", "n3")
DAEMONS = ("munged", "mungekey", "slurmctld", "slurmd", "srun", "sbatch", "scontrol",
           "sinfo", "squeue", "scancel")


class ClusterUnavailable(RuntimeError):
    """The cluster cannot run here; the message is the reason (shown in the skip)."""


def _free_ports(n: int) -> List[int]:
    """Distinct daemon ports, drawn as flashrun draws rendezvous ports (below the
    kernel's ephemeral range, so no outgoing connection takes one before it is bound)."""
    ports: List[int] = []
    while len(ports) < n:
        port = free_port()
        if port not in ports:
            ports.append(port)
    return ports


def _which(name: str) -> Optional[str]:
    return shutil.which(name, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")


def _conf(root: Path, ctld_port: int, node_ports: Sequence[int], cpus: int, mem_mb: int) -> str:
    user = "root" if os.geteuid() == 0 else os.environ.get("USER", "nobody")
    lines = [
        "ClusterName=flashrun-test",
        "SlurmctldHost=localhost",
        "SlurmctldPort=%d" % ctld_port,
        "SlurmUser=%s" % user,
        "SlurmdUser=%s" % user,
        "AuthType=auth/munge",
        "CredType=cred/munge",
        "AuthInfo=socket=%s" % (root / "munge" / "munge.socket"),
        "StateSaveLocation=%s" % (root / "state"),
        "SlurmdSpoolDir=%s" % (root / "spool" / "%n"),
        "SlurmctldPidFile=%s" % (root / "slurmctld.pid"),
        "SlurmdPidFile=%s" % (root / "slurmd-%n.pid"),
        "SlurmctldLogFile=%s" % (root / "log" / "slurmctld.log"),
        "SlurmdLogFile=%s" % (root / "log" / "slurmd-%n.log"),
        "SlurmctldDebug=info",
        "SlurmdDebug=info",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "SwitchType=switch/none",
        "MpiDefault=none",
        "SchedulerType=sched/backfill",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_CPU",
        "JobCompType=jobcomp/none",
        "JobAcctGatherType=jobacct_gather/none",
        "AccountingStorageType=accounting_storage/none",
        "ReturnToService=1",
        "SlurmdTimeout=30",
        "InactiveLimit=0",
        "KillWait=5",
        "MinJobAge=300",
        "MessageTimeout=10",
        # preemption by partition priority: a job in "urgent" cancels what runs in "debug"
        "PreemptType=preempt/partition_prio",
        "PreemptMode=CANCEL",
    ]
    for name, port in zip(NODES, node_ports):
        lines.append("NodeName=%s NodeAddr=127.0.0.1 NodeHostname=localhost Port=%d CPUs=%d "
                     "RealMemory=%d State=UNKNOWN" % (name, port, cpus, mem_mb))
    nodes = ",".join(NODES)
    lines.append("PartitionName=debug Nodes=%s Default=YES MaxTime=INFINITE State=UP "
                 "OverSubscribe=NO PriorityTier=1" % nodes)
    lines.append("PartitionName=urgent Nodes=%s MaxTime=INFINITE State=UP OverSubscribe=NO "
                 "PriorityTier=10" % nodes)
    return "\n".join(lines) + "\n"


class LocalSlurm:
    """Bring up (``start``) and tear down (``stop``) the cluster under ``root``."""

    def __init__(self, root: Optional[Path] = None, cpus: int = 2, mem_mb: int = 1000):
        self._own_root = root is None
        self.root = Path(root or tempfile.mkdtemp(prefix="flashrun-slurm-"))
        self.conf_path = self.root / "slurm.conf"
        self.cpus, self.mem_mb = cpus, mem_mb
        self.procs: Dict[str, subprocess.Popen] = {}
        self.env: Dict[str, str] = {}

    # ------------------------------------------------------------------ start

    def start(self, timeout: float = 60.0) -> "LocalSlurm":
        missing = [d for d in DAEMONS if not _which(d)]
        if missing:
            raise ClusterUnavailable("Slurm/munge programs missing: %s (run .ci/slurm-setup as "
                                     "root)" % " ".join(missing))
        if os.geteuid() != 0:
            raise ClusterUnavailable("the test cluster runs slurmd as root; not root here")
        for d in ("munge", "state", "log", *("spool/%s" % n for n in NODES)):
            (self.root / d).mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o755)
        os.chmod(self.root / "munge", 0o700)
        ports = _free_ports(1 + len(NODES))
        self.conf_path.write_text(_conf(self.root, ports[0], ports[1:], self.cpus, self.mem_mb))
        self.env = dict(os.environ, SLURM_CONF=str(self.conf_path))
        for k in [k for k in self.env if k.startswith(("SLURM_", "SBATCH_", "SALLOC_"))
                  and k != "SLURM_CONF"]:
            del self.env[k]   # this process may itself run inside an allocation
        key = self.root / "munge" / "munge.key"
        subprocess.run([_which("mungekey"), "--create", "--keyfile", str(key)], check=True,
                       capture_output=True)
        os.chmod(key, 0o400)
        try:
            self._spawn("munged", [_which("munged"), "--foreground", "--force",
                                   "--key-file", str(key),
                                   "--socket", str(self.root / "munge" / "munge.socket"),
                                   "--pid-file", str(self.root / "munge" / "munged.pid"),
                                   "--log-file", str(self.root / "log" / "munged.log"),
                                   "--seed-file", str(self.root / "munge" / "munged.seed")])
            self._wait(lambda: (self.root / "munge" / "munge.socket").exists(), timeout,
                       "munged did not create its socket")
            self._spawn("slurmctld", [_which("slurmctld"), "-D", "-i", "-f", str(self.conf_path)])
            self._wait(lambda: self.client("scontrol", "ping").returncode == 0
                       and b"UP" in self.client("scontrol", "ping").stdout, timeout,
                       "slurmctld did not answer scontrol ping")
            for n in NODES:
                self._spawn("slurmd-" + n, [_which("slurmd"), "-D", "-N", n,
                                            "-f", str(self.conf_path)])
            self._wait(lambda: self.idle_nodes() == len(NODES), timeout,
                       "the nodes did not all become idle")
        except BaseException:
            self.stop()
            raise
        return self

    def _spawn(self, name: str, argv: List[str]) -> None:
        log = open(self.root / "log" / ("%s.out" % name), "wb")
        self.procs[name] = subprocess.Popen(argv, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                            start_new_session=True)
        log.close()

    def _wait(self, ready, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            dead = [n for n, p in self.procs.items() if p.poll() is not None]
            if dead:
                raise ClusterUnavailable("%s exited: %s" % (", ".join(dead), self._logs(dead)))
            if ready():
                return
            time.sleep(0.2)  # daemon start-up has no event to wait on from here
        raise ClusterUnavailable("%s within %.0fs: %s" % (what, timeout, self._logs(list(self.procs))))

    def _logs(self, names: Sequence[str]) -> str:
        out = []
        for n in names:
            for f in (self.root / "log" / ("%s.out" % n), self.root / "log" / ("%s.log" % n)):
                if f.exists():
                    out.append("%s: %s" % (f.name, f.read_text(errors="replace")[-600:].strip()))
        return " | ".join(out) or "(no log)"

    # ---------------------------------------------------------------- clients

    def client(self, *argv: str, timeout: float = 30.0) -> subprocess.CompletedProcess:
        return subprocess.run([_which(argv[0]) or argv[0], *argv[1:]], env=self.env,
                              capture_output=True, timeout=timeout)

    def idle_nodes(self) -> int:
        return sum(1 for s in self.node_states().values() if s == "idle")

    def node_states(self) -> Dict[str, str]:
        r = self.client("sinfo", "-h", "-N", "-o", "%N %t")  # one line per node and partition
        if r.returncode:
            return {}
        return dict(line.split()[:2] for line in r.stdout.decode().splitlines() if line.strip())

    def jobs(self) -> List[str]:
        r = self.client("squeue", "-h", "-o", "%i %T %j")
        return [line for line in r.stdout.decode().splitlines() if line.strip()]

    def resume_nodes(self) -> None:
        """Return every node to service (after a test set one DOWN or DRAIN)."""
        for n, state in self.node_states().items():
            if state.rstrip("*~#!%$@^-") not in ("idle", "alloc", "mix"):
                self.client("scontrol", "update", "nodename=%s" % n, "state=resume")

    def activate(self) -> None:
        """Export ``SLURM_CONF`` into this process (the code under test reads it)."""
        os.environ["SLURM_CONF"] = str(self.conf_path)

    # ------------------------------------------------------------------- stop

    def cancel_all(self, timeout: float = 30.0) -> None:
        if not self.procs.get("slurmctld") or self.procs["slurmctld"].poll() is not None:
            return
        self.client("scancel", "--user=%s" % os.getuid(), "--full")
        self.client("scancel", "--user=%s" % os.getuid(), "--signal=KILL", "--full")
        deadline = time.monotonic() + timeout
        while self.jobs() and time.monotonic() < deadline:
            time.sleep(0.2)

    def stop(self) -> None:
        try:
            self.cancel_all()
        except Exception:
            pass
        order = [n for n in self.procs if n.startswith("slurmd-")] + ["slurmctld", "munged"]
        for name in order:
            p = self.procs.get(name)
            if p is None or p.poll() is not None:
                continue
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        for pid in self.leftover_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.procs.clear()
        if self._own_root:
            shutil.rmtree(self.root, ignore_errors=True)

    def leftover_pids(self) -> List[int]:
        """Processes that carry this cluster's SLURM_CONF (stepds, tasks, daemons)."""
        needle = ("SLURM_CONF=%s\0" % self.conf_path).encode()
        me, found = os.getpid(), []
        for d in os.listdir("/proc"):
            if not d.isdigit() or int(d) == me:
                continue
            try:
                with open("/proc/%s/environ" % d, "rb") as f:
                    if needle in f.read():
                        found.append(int(d))
            except OSError:
                continue
        return found


if __name__ == "__main__":  # manual use: python tests/slurm/cluster.py → a shell-ready export
    c = LocalSlurm().start()
    print("export SLURM_CONF=%s  # daemons: %s; Ctrl-C stops" % (
        c.conf_path, " ".join("%s=%d" % (n, p.pid) for n, p in c.procs.items())), flush=True)
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        c.stop()
