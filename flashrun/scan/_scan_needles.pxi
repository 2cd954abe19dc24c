# Needle search of the C lexer (included by _scan.pyx): the exact Wu-Manber
# search's tables (Lexer._search walks them) and, below, the line prefilter
# that spares most lines that search. Both live in a NeedleSet: the built-in
# needles (T.NEEDLES) in one static set, and a set per list of site literals
# (a rules file's ``match`` strings: _site_set), built once and cached, holding
# the built-in needles first and the site's after them.

# Wu-Manber over 3-byte grams: a 12-bit hash of the gram ending at a position
# gives how far the window may skip (shift) and, at zero, the needles whose
# MIN_NEEDLE-byte head ends in that gram (head/next chains). Since the
# prefilter it runs on few lines, so its tables are kept small (12 KiB): each
# first touch of a bigger table was a cache miss.
cdef int _m = T.MIN_NEEDLE
cdef int _NBUILTIN = len(T.NEEDLES)

from libc.stdint cimport uint8_t

cdef enum:
    PF_Q = 4
    PF_STRIDE = 5  # MIN_NEEDLE - PF_Q + 1
    PF_HBITS = 16
    PF_SIZE = 65536  # one byte per hash value
    PF_SLOTS = 16384  # exact gram table, open addressing: MAXN needles of PF_STRIDE grams
                     # each fill it at most 5120/16384 (under half, asserted below)

cdef struct NeedleSet:
    int count
    const unsigned char* ndl[MAXN]
    int nlen[MAXN]
    uint64_t nbit[MAXN]
    unsigned char shift[HSIZE]
    short head[HSIZE]
    short next[MAXN]
    uint8_t pf[PF_SIZE]
    uint32_t pf_gram[PF_SLOTS]  # 0 = empty: no needle holds four NUL bytes


cdef inline unsigned int _hash(const unsigned char* p) noexcept nogil:
    """Hash of the three bytes ending at p (multiplicative, top 12 bits: HSIZE)."""
    cdef uint32_t g = (<uint32_t>(p - 2)[0]) | (<uint32_t>(p - 1)[0] << 8) | (<uint32_t>p[0] << 16)
    return (g * <uint32_t>2654435761u) >> 20


cdef void _build_tables(NeedleSet* ns, list keep, list bits) noexcept:
    """Wu-Manber tables for the needles ``keep`` (bytes the caller keeps alive)."""
    cdef int k, j, h, s
    cdef bytes nd
    ns.count = len(keep)
    for h in range(HSIZE):
        ns.shift[h] = _m - 2
        ns.head[h] = -1
    for k in range(ns.count):
        nd = keep[k]
        ns.ndl[k] = <const unsigned char*>nd
        ns.nlen[k] = len(nd)
        ns.nbit[k] = bits[k]
        for j in range(2, _m):
            h = _hash(ns.ndl[k] + j)
            s = _m - 1 - j
            if s < ns.shift[h]:
                ns.shift[h] = s
        h = _hash(ns.ndl[k] + _m - 1)
        ns.next[k] = ns.head[h]
        ns.head[h] = k


# Line prefilter: says, for a whole line, "no marker needle can be in here", so
# the exact per-line Wu-Manber search is skipped for the ordinary training
# output that makes up most of a tail.
#
# Every needle is at least MIN_NEEDLE (8) bytes long. From each needle one 8-byte
# window is chosen, and the five 4-grams starting at its offsets 0..4 are marked
# in a table indexed by a 16-bit hash of the gram, backed by an exact table of
# the grams themselves for the samples whose hash is marked. Sampling a line's
# 4-grams every 5 bytes from the line start lands on one of those five offsets
# of any window that lies wholly in the line, so a line whose samples all miss
# holds no needle; a line is searched exactly only when a sample is a needle gram.
# Unlike the Wu-Manber skip loop, the samples do not depend on each other, so
# the CPU overlaps their loads instead of waiting on each one.
#
# Table size, measured on the benchmark tails: a byte per hash value over 2^16
# values (64 KiB) beat 2^14 (16 KiB: ~5% of samples falsely marked, each then
# costs the exact check) and bit sets of 2^17..2^19 bits (fewer false marks, but
# the bit arithmetic costs more than it saves).
#
# The window of each needle is the one whose grams are rarest in _ORDINARY, a
# sample of the benign output that fills real tails (progress bars, step logs,
# warnings with site-packages paths). The choice only moves speed: any window
# is correct.

assert T.MIN_NEEDLE - PF_Q + 1 == PF_STRIDE and PF_SIZE == 1 << PF_HBITS
assert MAXN * PF_STRIDE < PF_SLOTS // 2  # any needle set leaves the gram table half empty

_ORDINARY = (
    b"Epoch 1:  37%|###7      | 371/1000 [01:02<01:45,  5.97it/s, loss=2.31, v_num=0]\n"
    b"Epoch 2: 100%|##########| 1000/1000 [02:47<00:00,  5.97it/s, loss=1.87, lr=3e-4]\n"
    b"Validation DataLoader 0:  45%|####5     | 9/20 [00:01<00:02,  4.81it/s]\n"
    b"step 1200/50000 | loss 2.4817 | lr 2.95e-04 | grad norm 0.913 | tok/s 118423\n"
    b"iteration   4200 | consumed samples 537600 | elapsed time per iteration (ms): 812.3\n"
    b"{'loss': 1.2034, 'grad_norm': 0.4471, 'learning_rate': 4.2e-05, 'epoch': 0.37}\n"
    b"{'eval_loss': 1.1873, 'eval_runtime': 31.2, 'eval_samples_per_second': 64.1}\n"
    b"[INFO] train.py:212 - global step 3000, train loss 0.7712, throughput 91.5 samples/s\n"
    b"INFO:root:Saving checkpoint to /checkpoints/run-17/step_000300 (model + optimizer)\n"
    b"wandb: Syncing run clean-sweep-4 to project pretrain, view at https://wandb.ai\n"
    b"/usr/lib/python3/site-packages/torch/utils/data/dataloader.py:558: UserWarning: "
    b"This DataLoader will create 16 worker processes in total. Our suggested max number "
    b"of worker in current system is 8, which is smaller than what this DataLoader is "
    b"going to create.\n"
    b"  warnings.warn(_create_warning_msg(\n"
    b"/opt/conda/lib/python3.10/site-packages/transformers/trainer.py:1402: FutureWarning: "
    b"the `use_cache` argument is deprecated and will be removed in a future version\n"
    b"Loading checkpoint shards: 100%|##########| 4/4 [00:09<00:00,  2.31s/it]\n"
    b"Downloading data files: 100%|##########| 2/2 [00:00<00:00, 1502.3it/s]\n"
    b"Map (num_proc=8): 100%|##########| 120000/120000 [00:41<00:00, 2894.07 examples/s]\n"
    b"Resuming from step 2500; skipping the first 320000 samples of the training set\n"
    b"[2024-05-14 10:42:01,118] torch.distributed.run: world size 8, local rank 3, "
    b"master addr 10.0.0.12 port 29500, initialising the process group\n"
    b"model has 124.4M trainable parameters, using bfloat16 mixed precision\n"
    b"[train] iter 3400: loss 2.0713, 1.3M tokens seen, 41.7k tokens/s, token acc 0.512\n"
    b"eval: perplexity 7.93 on 2048 held-out sequences; tokenizer vocab 50257, fast=True\n"
)


cdef inline uint32_t _pf_load(const unsigned char* p) noexcept nogil:
    cdef uint32_t g
    memcpy(&g, p, 4)
    return g


cdef inline unsigned int _pf_hash(uint32_t g) noexcept nogil:
    return (g * <uint32_t>2654435761u) >> (32 - PF_HBITS)


cdef bint _pf_exact(const NeedleSet* ns, uint32_t g, unsigned int h) noexcept nogil:
    cdef unsigned int k = h & (PF_SLOTS - 1)
    while ns.pf_gram[k]:
        if ns.pf_gram[k] == g:
            return 1
        k = (k + 1) & (PF_SLOTS - 1)
    return 0


cdef inline bint _pf_has(const NeedleSet* ns, const unsigned char* p) noexcept nogil:
    cdef uint32_t g = _pf_load(p)
    cdef unsigned int h = _pf_hash(g)
    return ns.pf[h] and _pf_exact(ns, g, h)


cdef void _pf_add(NeedleSet* ns, uint32_t g) noexcept:
    cdef unsigned int h = _pf_hash(g), k
    ns.pf[h] = 1
    k = h & (PF_SLOTS - 1)
    while ns.pf_gram[k] and ns.pf_gram[k] != g:
        k = (k + 1) & (PF_SLOTS - 1)
    ns.pf_gram[k] = g


cdef dict _ORDINARY_FREQ = {}
for _i in range(len(_ORDINARY) - PF_Q + 1):
    _g = _ORDINARY[_i:_i + PF_Q]
    _ORDINARY_FREQ[_g] = _ORDINARY_FREQ.get(_g, 0) + 1


cdef void _build_filter(NeedleSet* ns, list keep) noexcept:
    cdef dict freq = _ORDINARY_FREQ
    cdef Py_ssize_t i, w, o, best_w, cost, best_cost
    cdef bytes nd
    cdef const unsigned char* p
    for i in range(PF_SIZE):
        ns.pf[i] = 0
    for i in range(PF_SLOTS):
        ns.pf_gram[i] = 0
    for nd in keep:
        best_w, best_cost = 0, -1
        for w in range(len(nd) - T.MIN_NEEDLE + 1):
            cost = 0
            for o in range(PF_STRIDE):
                cost += freq.get(nd[w + o:w + o + PF_Q], 0)
            if best_cost < 0 or cost < best_cost:
                best_w, best_cost = w, cost
        p = <const unsigned char*>nd
        for o in range(PF_STRIDE):
            _pf_add(ns, _pf_load(p + best_w + o))
    assert sum(1 for i in range(PF_SLOTS) if ns.pf_gram[i]) < PF_SLOTS // 2


@cython.final
cdef class _Needles:
    """A NeedleSet and the bytes its pointers point into."""

    cdef NeedleSet* ns
    cdef bint owned
    cdef list keep

    def __cinit__(self, bint static=False):
        self.owned = not static
        self.ns = &_BUILTIN_NS if static else <NeedleSet*>PyMem_Malloc(sizeof(NeedleSet))
        if self.ns == NULL:
            raise MemoryError()

    def __dealloc__(self):
        if self.owned:
            PyMem_Free(self.ns)


cdef NeedleSet _BUILTIN_NS  # static, like the tables were before site sets: measured faster


cdef _Needles _make_set(tuple site):
    cdef _Needles out = _Needles(not site)
    out.keep = [n for n, _ in T.NEEDLES] + list(site)
    _build_tables(out.ns, out.keep, [b for _, b in T.NEEDLES] + [0] * len(site))
    _build_filter(out.ns, out.keep)
    return out


cdef _Needles _BUILTIN = _make_set(())
cdef dict _SITE_SETS = {}  # tuple of site literals -> _Needles (a few rules files per process)


cdef _Needles _site_set(object site):
    """The NeedleSet for the built-in needles plus ``site`` (checked literals)."""
    cdef _Needles found
    if not site:
        return _BUILTIN
    site = tuple(site)
    found = _SITE_SETS.get(site)
    if found is None:
        site = T.check_site(site)  # the same rule, and error, as the Python lexer
        if len(_SITE_SETS) >= 32:
            _SITE_SETS.clear()
        found = _SITE_SETS[site] = _make_set(site)
    return found


cdef inline Py_ssize_t _next_hit(const NeedleSet* ns, const unsigned char* p, Py_ssize_t n,
                                 Py_ssize_t i, Py_ssize_t cached) noexcept nogil:
    """First sampled position at or after ``i`` (sampling from ``i``) whose 4-gram is
    in the set, ``n`` if none. A cached answer still ahead of ``i`` stays valid:
    a needle wholly inside [i, cached) would have been hit by the earlier sampling."""
    if cached >= i:
        return cached
    cdef int k
    while i + 3 * PF_STRIDE + PF_Q <= n:  # four samples a round: their loads overlap
        if ns.pf[_pf_hash(_pf_load(p + i))] | ns.pf[_pf_hash(_pf_load(p + i + PF_STRIDE))] | \
                ns.pf[_pf_hash(_pf_load(p + i + 2 * PF_STRIDE))] | \
                ns.pf[_pf_hash(_pf_load(p + i + 3 * PF_STRIDE))]:
            for k in range(4):
                if _pf_has(ns, p + i + k * PF_STRIDE):
                    return i + k * PF_STRIDE
        i += 4 * PF_STRIDE
    while i + PF_Q <= n:
        if _pf_has(ns, p + i):
            return i
        i += PF_STRIDE
    return n
