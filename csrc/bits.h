/* Bit counting shared by the compiled modules (nbmj/env/_encode.pyx, nbmj/engine/_mt.pyx,
 * nbmj/engine/_hot.pyx): one instruction where the compiler offers a builtin for it, a
 * portable loop where it does not.
 */
#ifndef NBMJ_BITS_H
#define NBMJ_BITS_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
/* the index of the lowest set bit of x (x != 0) */
#define NBMJ_CTZ64(x) __builtin_ctzll((unsigned long long)(x))
/* Python's int.bit_length() of n (0 for 0) */
#define NBMJ_BIT_LENGTH64(n) ((n) ? 64 - __builtin_clzll((unsigned long long)(n)) : 0)
#else
static inline int NBMJ_CTZ64(uint64_t x) { int c = 0; while (!(x & 1)) { x >>= 1; c++; } return c; }
static inline int NBMJ_BIT_LENGTH64(uint64_t n) { int k = 0; while (n) { n >>= 1; k++; } return k; }
#endif

#endif
