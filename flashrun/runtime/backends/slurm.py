"""The Slurm backend: each attempt is one ``srun`` (a step, or a job of its own).

Runtime layer (docs/architecture.md, docs/slurm.md); mechanism only: what the
scheduler's words mean is decided by :mod:`flashrun.policy`, and they are parsed by
:mod:`flashrun.scan.slurm`. ``srun``, ``squeue`` and ``scancel`` run as asyncio
subprocesses; no Slurm library is involved.

Start: ``srun --job-name flashrun-<token> --nodes N --ntasks-per-node 1 --label
--kill-on-bad-exit=1 [--partition/--time/--gpus-per-node/--exclude/extra]
python -m flashrun.runtime.backends.slurm_task ...`` runs as a local process group
(:func:`flashrun.runtime.process.spawn`), so its labelled output reaches the same
ring, log files, scanner and echo as a local group's. Inside an allocation
(``SLURM_JOB_ID`` in the environment) srun makes a step of it; outside, srun asks
for an allocation of its own that ends with it (why srun and not sbatch: docs/slurm.md).
The task launcher on each node starts one torchrun (or the plain command) and keeps
per-task logs in the attempt directory.

flashrun killed (SIGKILL included): srun dies with it (PDEATHSIG), and the orphan guard
(:mod:`flashrun.runtime.guard`) kills what it finds on this host and then runs ``scancel
--name <job> --user <uid>`` for every job of our own still registered, so tasks on other
nodes end too (a step inside the user's allocation ends with its srun).

Stop (:meth:`SlurmGroup.stop`, shielded from cancellation): ``scancel
--signal=TERM`` to the job (or step), ``grace`` seconds for srun to end, then
``scancel`` (the job; ``--signal=KILL`` for a step), then the local srun group
itself is stopped and reaped, and a job of our own is awaited until it has left
the queue (no longer COMPLETING). srun's own reaction to SIGTERM is an immediate
SIGKILL of every task, so the TERM always goes through scancel.

Report (:meth:`SlurmBackend.report`): srun's per-task lines and the step's
cancellation notice from the output tail, and the job's state from ``squeue -t all``
(waiting briefly while the job is still COMPLETING).
"""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import sys
import time
import uuid
from pathlib import Path
from typing import FrozenSet, List, Mapping, Optional, Sequence

from flashrun.runtime.backends import SchedulerReport
from flashrun.runtime.guard import drop_on_death, on_supervisor_death
from flashrun.runtime.process import Exit, StopPolicy, spawn
from flashrun.scan.slurm import JobRecord, parse_srun, parse_squeue, SCHEDULER_STATES
from flashrun.spec.backend import Slurm
from flashrun.runtime.ports import PortAllocator

__all__ = ["SlurmBackend", "SlurmGroup", "srun_argv", "STEP_FILE"]

logger = logging.getLogger(__name__)

STEP_FILE = "slurm-step.json"       # written by task 0 into the attempt directory
_SETTLE_S = 15.0                    # how long report() waits for a COMPLETING job
_SRUN_STOP_GRACE_S = 10.0           # local srun after the scancels: it ends by itself
_PORTS = PortAllocator()            # rendezvous ports: distinct for every live group


def srun_argv(options: Slurm, task_argv: Sequence[str], *, job_name: str,
              exclude: FrozenSet[str] = frozenset(), cwd: Optional[str] = None,
              srun: str = "srun") -> List[str]:
    """The srun command line for one attempt (pure; see the module doc)."""
    argv = [srun, "--job-name", job_name, "--nodes", str(options.nodes),
            "--ntasks", str(options.nodes), "--ntasks-per-node", "1", "--label",
            "--kill-on-bad-exit=1"]
    if options.partition:
        argv += ["--partition", options.partition]
    if options.time:
        argv += ["--time", str(options.time)]
    if options.gpus_per_node is not None:
        argv += ["--gpus-per-node", str(options.gpus_per_node)]
    if exclude:
        argv += ["--exclude", ",".join(sorted(exclude))]
    if cwd:
        argv += ["--chdir", str(cwd)]
    return argv + list(options.extra) + list(task_argv)


async def _run(*argv: str, env: Mapping[str, str], timeout: float = 30.0) -> tuple:
    """(returncode, stdout, stderr) of a short Slurm client command; (-1, b'', why) on failure."""
    try:
        proc = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=dict(env))
    except OSError as exc:
        return -1, b"", str(exc).encode()
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except asyncio.TimeoutError:
        proc.kill()
        await proc.wait()
        return -1, b"", b"timed out"
    return proc.returncode, out, err


class SlurmGroup:
    """One attempt's srun: the local process group plus the job or step it drives."""

    def __init__(self, group, *, job_name: str, inside: Optional[str], port: int,
                 log_dir: Optional[Path], env: Mapping[str, str], grace: float) -> None:
        self.group = group
        self.pid = group.pid
        self.output = group.output
        self.job_name = job_name
        self.inside = inside            # the allocation's job id, or None: a job of our own
        self.log_dir = log_dir
        self.env = env
        self.grace = grace
        self._port = port
        self._stopping: Optional[asyncio.Future] = None
        # a job of our own is cancelled by the orphan guard if flashrun dies (SIGKILL
        # included): its tasks on other nodes are out of reach of the guard's kills
        self._on_death = None if inside is not None else on_supervisor_death(
            ["scancel", "--name", job_name, "--user", str(os.getuid())])

    def _released(self, exit: Exit) -> Exit:
        if self._port is not None:
            _PORTS.release(self._port)
            self._port = None
        if self._on_death is not None:
            drop_on_death(self._on_death)
            self._on_death = None
        return exit

    async def wait(self) -> Exit:
        try:
            return self._released(await asyncio.shield(self.group.wait()))
        except asyncio.CancelledError:
            await self.stop()
            raise

    async def stop(self) -> Exit:
        """SIGTERM through scancel, grace, KILL; returns once srun is reaped (shielded)."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        cancelled = None
        while True:
            try:
                exit = await asyncio.shield(self._stopping)
                break
            except asyncio.CancelledError as exc:
                if self._stopping.done():
                    raise
                cancelled = exc
        if cancelled is not None:
            raise cancelled
        return exit

    def step_info(self) -> dict:
        import json

        try:
            return json.loads((self.log_dir / STEP_FILE).read_text())
        except (OSError, ValueError, TypeError):
            return {}

    def _target(self) -> Optional[List[str]]:
        if self.inside is None:
            return ["--name", self.job_name, "--user", str(os.getuid())]
        step = self.step_info().get("step")
        return ["%s.%s" % (self.inside, step)] if step is not None else None

    async def _stop(self) -> Exit:
        finished = self.group.exit
        if finished is None:
            target = self._target()
            if target is not None:
                await _run("scancel", "--signal=TERM", *target, env=self.env)
                finished = await self.group.wait(timeout=self.grace)
                if finished is None:
                    await _run("scancel", *([] if self.inside is None else ["--signal=KILL"]),
                               *target, env=self.env)
                    finished = await self.group.wait(timeout=_SRUN_STOP_GRACE_S)
            if finished is None:
                finished = await self.group.stop(StopPolicy(grace=_SRUN_STOP_GRACE_S))
        if self.inside is None:  # a job of our own never outlives the attempt
            await _run("scancel", "--name", self.job_name, "--user", str(os.getuid()),
                       env=self.env)
            await self._drained()
        return self._released(dataclasses.replace(finished, stop_requested=True))

    async def _drained(self) -> None:
        """Wait (bounded) until the job left the queue: COMPLETING means tasks still die."""
        deadline = time.monotonic() + _SETTLE_S + self.grace
        while time.monotonic() < deadline:
            rc, out, _ = await _run("squeue", "-h", "--name", self.job_name, "-o", "%T",
                                    env=self.env)
            if rc != 0 or not out.strip():
                return
            await asyncio.sleep(0.25)  # the controller reaps on its own clock
        logger.warning("slurm job %s still in the queue after stopping it", self.job_name)


class SlurmBackend:
    """Attempts as srun steps or jobs (see the module doc)."""

    kind = "slurm"

    def __init__(self, options: Slurm, *, nproc_per_node: Optional[int] = None,
                 python: str = sys.executable) -> None:
        self.options = options
        self.nproc_per_node = nproc_per_node
        self.python = python

    async def start(self, argv: Sequence[str], *, output, env: Mapping[str, str],
                    cwd: Optional[str] = None, name: str = "", grace: float,
                    log_dir=None, exclude: FrozenSet[str] = frozenset()) -> SlurmGroup:
        inside = env.get("SLURM_JOB_ID") or None
        job_name = "flashrun-%s" % uuid.uuid4().hex[:12]
        port = _PORTS.acquire()
        log_dir = Path(log_dir) if log_dir is not None else None
        task = [self.python, "-m", "flashrun.runtime.backends.slurm_task", "--port", str(port)]
        if log_dir is not None:
            log_dir.mkdir(parents=True, exist_ok=True)
            task += ["--log-dir", str(log_dir)]
        if self.nproc_per_node:
            task += ["--nproc-per-node", str(self.nproc_per_node)]
        task += ["--", *argv]
        child_env = dict(env)
        if inside is None:  # stale step variables would confuse srun's own allocation
            for k in [k for k in child_env if k.startswith("SLURM_") and k != "SLURM_CONF"]:
                del child_env[k]
        try:
            group = await spawn(srun_argv(self.options, task, job_name=job_name, exclude=exclude,
                                          cwd=cwd), output=output, cwd=cwd, env=child_env,
                                name=name, stop_policy=StopPolicy(grace=_SRUN_STOP_GRACE_S))
        except BaseException:
            _PORTS.release(port)
            raise
        logger.info("[%s] srun %s (%s, %d node(s)%s)", name, job_name,
                    "step of job %s" % inside if inside else "own allocation", self.options.nodes,
                    ", excluding %s" % ",".join(sorted(exclude)) if exclude else "")
        return SlurmGroup(group, job_name=job_name, inside=inside, port=port, log_dir=log_dir,
                          env=child_env, grace=grace)

    async def report(self, group: SlurmGroup) -> SchedulerReport:
        step = parse_srun(group.output.tail())
        record = await self._job_record(group)
        state, line = None, None
        if record is not None and record.scheduler_state and record.state != "CANCELLED":
            state = record.state
            line = "slurm: job %s %s%s" % (record.job_id, record.state,
                                           " (%s)" % record.reason if record.reason
                                           and record.reason != "None" else "")
        if step.cancelled in SCHEDULER_STATES and step.cancelled != "CANCELLED":
            state = state or step.cancelled
            line = "%s; %s" % (line, step.cancel_line) if line else step.cancel_line
        if state is None and step.failed_nodes:
            state, line = "NODE_FAIL", "srun: error: Node failure on %s" % ",".join(
                sorted(step.failed_nodes))
        info = group.step_info()
        nodes = tuple(info.get("nodes") or ())
        failed = set(step.failed_nodes)
        if state == "NODE_FAIL" and not failed and nodes:
            failed |= await self._down_nodes(group, nodes)
        return SchedulerReport(job_id=record.job_id if record else info.get("job"),
                               state=state, line=line,
                               job_state=record.state if record else None, nodes=nodes,
                               failed_nodes=frozenset(failed), tasks=step.tasks)

    async def _job_record(self, group: SlurmGroup) -> Optional[JobRecord]:
        if group.inside is not None:
            return None  # the allocation lives on; the step's own words say why it ended
        deadline = time.monotonic() + _SETTLE_S
        while True:
            rc, out, _ = await _run("squeue", "-h", "-t", "all", "--name", group.job_name,
                                    "-o", "%i|%T|%r|%N", env=group.env)
            rows = parse_squeue(out.decode("utf-8", "replace")) if rc == 0 else []
            record = rows[-1] if rows else None
            if record is None or record.state not in ("COMPLETING", "RUNNING", "CONFIGURING") \
                    or time.monotonic() >= deadline:
                return record
            await asyncio.sleep(0.25)  # the controller settles the final state on its own clock

    async def _down_nodes(self, group: SlurmGroup, nodes: Sequence[str]) -> set:
        rc, out, _ = await _run("sinfo", "-h", "-N", "-t", "down,drain,fail,no_respond", "-o",
                                "%N", env=group.env)
        bad = set(out.decode().split()) if rc == 0 else set()
        return bad & set(nodes)
