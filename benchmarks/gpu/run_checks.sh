#!/usr/bin/env bash
# The GPU checks, in one command for a lent GPU machine (python3 there has CUDA torch):
# the NCCL batch-coordinator benchmark and real CUDA faults judged by flashrun run.
# Results land in $OUT (or ./gpu-out) as text files; commit them under benchmarks/gpu/results/.
set -u
out=${OUT:-gpu-out}
mkdir -p "$out"
export PYTHONPATH=$PWD PYTHONUNBUFFERED=1 FLASHRUN_NO_EXTENSIONS=1
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  python3 -c "import torch, sys; print('torch', torch.__version__, 'cuda', torch.version.cuda, 'nccl', torch.cuda.nccl.version(), 'python', sys.version.split()[0])"
} > "$out/env.txt" 2>&1
timeout 240 python3 benchmarks/gpu/bench_batch_nccl.py --nproc 1 > "$out/bench_batch_nccl.txt" 2>&1
echo "exit $?" >> "$out/bench_batch_nccl.txt"
for fault in oom assert illegal; do
  timeout 120 python3 -m flashrun run --max-restarts 1 --run-dir "/tmp/fr-$fault" --quiet -- \
    python3 benchmarks/gpu/faults.py "$fault" > "$out/fault_$fault.txt" 2>&1
  echo "flashrun exit $?" >> "$out/fault_$fault.txt"
  tail -c 6000 /tmp/fr-$fault/trials/run/attempt-*/tail.txt > "$out/tail_$fault.txt" 2>/dev/null
done
ls -la "$out"
