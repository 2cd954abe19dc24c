/* Line-end search for the C lexer (_scan.pyx): the first '\n' or '\r' at or
 * after p[i], n when there is none, and what the line before it holds. One
 * search finds both ends a line can have, instead of one memchr per byte value.
 * 32 bytes a step with AVX2 when the CPU has it (checked once, at import), else
 * 16 with SSE2 (every x86-64), else a byte loop (also for the first byte of a
 * chunk and its last 32 or 16). */
#ifndef FLASHRUN_SCAN_EOL_H
#define FLASHRUN_SCAN_EOL_H
#include <stddef.h>
#if defined(__GNUC__) && defined(__x86_64__)
#define FR_X86 1
#include <immintrin.h>
#endif

static int fr_have_avx2 = 0;

static void fr_eol_init(void)
{
#ifdef FR_X86
    __builtin_cpu_init();
    fr_have_avx2 = __builtin_cpu_supports("avx2");
#endif
}

/* The line-end search, also telling what the line [i, end) holds (*flags):
 * FR_DIRTY, ESC or NUL (the lexer strips those first); FR_COLON, a colon where
 * an exception name may end behind a prefix ("... - ERROR - ValueError: x"): the
 * byte before it is a name's last byte (FR_NAME_LAST, the last bytes of the
 * exception suffixes), a space or a line end follows it (or the chunk ends). A
 * line without one cannot hold an inner terminal (_inner_terminal), so the lexer
 * skips that search. ESC, NUL and colons are found in the same vector steps as
 * the line end; a colon's neighbours are compared only in steps that hold a
 * colon (the next byte) or ": " (whether the byte before lies in 'd'..'t', the
 * range of FR_NAME_LAST); the few left are checked one by one. */
#define FR_NAME_LAST "rntdep"

static inline int fr_colon_here(const unsigned char *p, Py_ssize_t c, Py_ssize_t n)
{
    unsigned char b;
    if (c == 0)
        return 0;
    b = p[c - 1];  /* one of FR_NAME_LAST */
    return (b == 'r' || b == 'n' || b == 't' || b == 'd' || b == 'e' || b == 'p') &&
           (c + 1 == n || p[c + 1] == ' ' || p[c + 1] == '\n' || p[c + 1] == '\r');
}

#define FR_COLON 1
#define FR_DIRTY 2

static inline Py_ssize_t fr_find_eol_scalar_flags(const unsigned char *p, Py_ssize_t i,
                                                  Py_ssize_t n, int *flags)
{
    while (i < n && p[i] != '\n' && p[i] != '\r') {
        if (p[i] == ':' && !(*flags & FR_COLON) && fr_colon_here(p, i, n))
            *flags |= FR_COLON;
        else if (p[i] == 0x1B || p[i] == 0)
            *flags |= FR_DIRTY;
        i++;
    }
    return i;
}

#ifdef FR_X86
__attribute__((target("avx2")))
static Py_ssize_t fr_find_eol_flags_avx2(const unsigned char *p, Py_ssize_t i, Py_ssize_t n,
                                         int *flags)
{
    const __m256i nl = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    const __m256i co = _mm256_set1_epi8(':'), sp = _mm256_set1_epi8(' ');
    const __m256i esc = _mm256_set1_epi8(0x1B), nul = _mm256_setzero_si256();
    while (i >= 1 && i + 33 <= n) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(p + i));
        unsigned e = (unsigned)_mm256_movemask_epi8(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, nl), _mm256_cmpeq_epi8(v, cr)));
        unsigned below = e ? (e & -e) - 1 : 0xFFFFFFFFu;  /* positions before the end */
        if ((unsigned)_mm256_movemask_epi8(_mm256_or_si256(
                _mm256_cmpeq_epi8(v, esc), _mm256_cmpeq_epi8(v, nul))) & below)
            *flags |= FR_DIRTY;
        if (!(*flags & FR_COLON)) {
            unsigned c = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, co)) & below;
            if (c) {
                __m256i w = _mm256_loadu_si256((const __m256i *)(p + i + 1));
                c &= (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
                    _mm256_or_si256(_mm256_cmpeq_epi8(w, sp), _mm256_cmpeq_epi8(w, nl)),
                    _mm256_cmpeq_epi8(w, cr)));
                if (c) {  /* ": " is common ("'loss': 1.2"): the byte before, in vector too,
                           * whether it lies in 'd'..'t' (FR_NAME_LAST's range) */
                    __m256i u = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(p + i - 1)),
                                                _mm256_set1_epi8('d'));
                    c &= (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
                        _mm256_min_epu8(u, _mm256_set1_epi8('t' - 'd')), u));
                }
                while (c) {
                    if (fr_colon_here(p, i + __builtin_ctz(c), n)) {
                        *flags |= FR_COLON;
                        break;
                    }
                    c &= c - 1;
                }
            }
        }
        if (e)
            return i + __builtin_ctz(e);
        i += 32;
    }
    return fr_find_eol_scalar_flags(p, i, n, flags);
}
#endif

static inline Py_ssize_t fr_find_eol_flags(const unsigned char *p, Py_ssize_t i, Py_ssize_t n,
                                           int *flags)
{
    *flags = 0;
#ifdef FR_X86
    if (fr_have_avx2)
        return fr_find_eol_flags_avx2(p, i, n, flags);
    {
        const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
        const __m128i co = _mm_set1_epi8(':'), sp = _mm_set1_epi8(' ');
        const __m128i esc = _mm_set1_epi8(0x1B), nul = _mm_setzero_si128();
        while (i >= 1 && i + 17 <= n) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            unsigned e = (unsigned)_mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr)));
            unsigned below = e ? (e & -e) - 1 : 0xFFFFu;
            if ((unsigned)_mm_movemask_epi8(_mm_or_si128(
                    _mm_cmpeq_epi8(v, esc), _mm_cmpeq_epi8(v, nul))) & below)
                *flags |= FR_DIRTY;
            if (!(*flags & FR_COLON)) {
                unsigned c = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, co)) & below;
                if (c) {
                    __m128i w = _mm_loadu_si128((const __m128i *)(p + i + 1));
                    c &= (unsigned)_mm_movemask_epi8(_mm_or_si128(
                        _mm_or_si128(_mm_cmpeq_epi8(w, sp), _mm_cmpeq_epi8(w, nl)),
                        _mm_cmpeq_epi8(w, cr)));
                    if (c) {
                        __m128i u = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(p + i - 1)),
                                                 _mm_set1_epi8('d'));
                        c &= (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
                            _mm_min_epu8(u, _mm_set1_epi8('t' - 'd')), u));
                    }
                    while (c) {
                        if (fr_colon_here(p, i + __builtin_ctz(c), n)) {
                            *flags |= FR_COLON;
                            break;
                        }
                        c &= c - 1;
                    }
                }
            }
            if (e)
                return i + __builtin_ctz(e);
            i += 16;
        }
    }
#endif
    return fr_find_eol_scalar_flags(p, i, n, flags);
}

#endif
