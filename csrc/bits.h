/* Bit counting shared by the compiled modules (nbmj/env/_encode.pyx, nbmj/engine/_mt.pyx,
 * nbmj/engine/_hot.pyx): one instruction where the compiler offers a builtin for it, a
 * portable loop where it does not. Functions, not macros: an argument is read once.
 */
#ifndef NBMJ_BITS_H
#define NBMJ_BITS_H

#include <stdint.h>

/* the index of the lowest set bit of x (x != 0) */
static inline int NBMJ_CTZ64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll((unsigned long long)x);
#else
    int c = 0;
    while (!(x & 1)) { x >>= 1; c++; }
    return c;
#endif
}

/* Python's int.bit_length() of n (0 for 0) */
static inline int NBMJ_BIT_LENGTH64(uint64_t n) {
#if defined(__GNUC__) || defined(__clang__)
    return n ? 64 - __builtin_clzll((unsigned long long)n) : 0;
#else
    int k = 0;
    while (n) { n >>= 1; k++; }
    return k;
#endif
}

#endif
