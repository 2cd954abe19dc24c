/* Line-end search for the C lexer (_scan.pyx): the first '\n' or '\r' at or
 * after p, 16 bytes per step with SSE2 where the compiler has it (every x86-64),
 * a byte loop elsewhere. One search finds both ends a line can have, instead of
 * one memchr per byte value. Returns n when there is none. */
#ifndef FLASHRUN_SCAN_EOL_H
#define FLASHRUN_SCAN_EOL_H
#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline Py_ssize_t fr_find_eol(const unsigned char *p, Py_ssize_t i, Py_ssize_t n)
{
#if defined(__SSE2__)
    const __m128i nl = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    while (i + 16 <= n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        int m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, nl), _mm_cmpeq_epi8(v, cr)));
        if (m)
            return i + __builtin_ctz((unsigned)m);
        i += 16;
    }
#endif
    while (i < n && p[i] != '\n' && p[i] != '\r')
        i++;
    return i;
}
#endif
