"""Real GPU failures for the diagnosis to judge: run one, print what torch prints, exit.

    python benchmarks/gpu/faults.py oom       # allocate more than the GPU holds
    python benchmarks/gpu/faults.py assert    # an out-of-range index in a CUDA kernel
    python benchmarks/gpu/faults.py illegal   # a kernel reads through a wild device pointer

Run by ``benchmarks/gpu/run_checks.sh`` under ``flashrun run`` so the supervisor's
scanner and policy see torch's own output on a real device (no GPU here: these
messages are otherwise only simulated text in the test suite).
"""
import sys


def main(kind: str) -> None:
    import torch

    dev = torch.device("cuda")
    if kind == "oom":
        free, total = torch.cuda.mem_get_info()
        torch.empty(int(total * 2), dtype=torch.uint8, device=dev)
    elif kind == "assert":
        x = torch.zeros(8, device=dev)
        idx = torch.tensor([100], device=dev)
        y = x[idx]
        torch.cuda.synchronize()
        print(y)
    elif kind == "illegal":
        import cupy  # the GPU image ships it; a raw kernel is the shortest way to a wild read

        wild = cupy.RawKernel(r"""
        extern "C" __global__ void wild(float* out) { out[0] = *(float*)0xdead0000ull; }
        """, "wild")
        out = cupy.zeros(1, dtype=cupy.float32)
        wild((1,), (1,), (out,))
        torch.zeros(4, device=dev).sum().item()  # torch meets the sticky error
    else:
        raise SystemExit("unknown fault %r" % kind)


if __name__ == "__main__":
    main(sys.argv[1])
