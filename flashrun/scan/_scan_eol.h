/* Line-end search for the C lexer (_scan.pyx): the first '\n' or '\r' at or
 * after p[i], n when there is none. One search finds both ends a line can have,
 * instead of one memchr per byte value. 32 bytes a step with AVX2 when the CPU
 * has it (checked once, at import), else 16 with SSE2 (every x86-64), else a
 * byte loop. */
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

#ifdef FR_X86
__attribute__((target("avx2")))
static Py_ssize_t fr_find_eol_avx2(const unsigned char *p, Py_ssize_t i, Py_ssize_t n)
{
    const __m256i nl = _mm256_set1_epi8('\n'), cr = _mm256_set1_epi8('\r');
    while (i + 32 <= n) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(p + i));
        unsigned m = (unsigned)_mm256_movemask_epi8(
            _mm256_or_si256(_mm256_cmpeq_epi8(v, nl), _mm256_cmpeq_epi8(v, cr)));
        if (m)
            return i + __builtin_ctz(m);
        i += 32;
    }
    while (i < n && p[i] != '\n' && p[i] != '\r')
        i++;
    return i;
}
#endif

static inline Py_ssize_t fr_find_eol(const unsigned char *p, Py_ssize_t i, Py_ssize_t n)
{
#ifdef FR_X86
    if (fr_have_avx2)
        return fr_find_eol_avx2(p, i, n);
    {
        const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
        while (i + 16 <= n) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr)));
            if (m)
                return i + __builtin_ctz((unsigned)m);
            i += 16;
        }
    }
#endif
    while (i < n && p[i] != '\n' && p[i] != '\r')
        i++;
    return i;
}
#endif
