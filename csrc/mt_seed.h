/* The seeding loops of MT19937 by a key (init_by_array of CPython's Modules/_randommodule.c)
 * for up to four generators side by side: nbmj/engine/_mt.pyx seeds the engine's generators
 * through it. Not a rule of the game: the library's own generator, which the engine's
 * shuffles, dice and random bots must draw from exactly.
 *
 * Each generator's state starts as init_genrand(19650218) (the caller copies it in). Each
 * step of a seeding multiplies the word written just before: one generator's steps form a
 * chain of dependent multiplications, so that chains of several generators run in one loop
 * in about the time of one. The loop is written once here and specialised for each count of
 * chains, so that each chain's last word and key position stay in registers: a generic
 * loop over a count known only at run time kept them in memory and read and wrote them at
 * every step (the module is built with -fno-strict-aliasing, as Python's own headers ask,
 * under which any write of a state word might change them).
 */
#ifndef NBMJ_MT_SEED_H
#define NBMJ_MT_SEED_H

#include <stddef.h>
#include <stdint.h>

#define NBMJ_MT_N 624

#if defined(_MSC_VER)
#define NBMJ_ALWAYS_INLINE static __forceinline
#elif defined(__GNUC__) || defined(__clang__)
#define NBMJ_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define NBMJ_ALWAYS_INLINE static inline
#endif

/* init_by_array of n (1 to 4) keys of 1 to 624 words each into the states mt[c], each already
 * init_genrand(19650218): addend[c][j] is key word j of key c plus j (the sum the first loop
 * adds at key word j), length[c] the key's words.
 *
 * The loops are init_by_array's with their wraps written out: with no key longer than 624
 * words, the first loop's max(624, length) = 624 steps are words 1 to 623, then word 1 again
 * after word 0 took the last word written; the second loop's 623 steps are words 2 to 623,
 * then, after the same wrap, word 1. Word 0 is set last, as there. */
NBMJ_ALWAYS_INLINE void nbmj_mt_seed_chains(const int n, uint32_t* const* mt, const uint32_t* const* addend, const ptrdiff_t* length) {
    uint32_t* m[4];
    const uint32_t* add[4];
    ptrdiff_t len[4], j[4];
    uint32_t prev[4];
    int c;
    ptrdiff_t i;
    for (c = 0; c < n; c++) {
        m[c] = mt[c];
        add[c] = addend[c];
        len[c] = length[c];
        j[c] = 0;
        prev[c] = m[c][0];
    }
#define NBMJ_KEYED(c, i)                                                                                  \
    do {                                                                                                  \
        prev[c] = m[c][i] = (m[c][i] ^ ((prev[c] ^ (prev[c] >> 30)) * 1664525u)) + add[c][j[c]];          \
        if (++j[c] == len[c]) j[c] = 0;                                                                   \
    } while (0)
#define NBMJ_MIXED(c, i) (prev[c] = m[c][i] = (m[c][i] ^ ((prev[c] ^ (prev[c] >> 30)) * 1566083941u)) - (uint32_t)(i))
    for (i = 1; i < NBMJ_MT_N; i++)
        for (c = 0; c < n; c++) NBMJ_KEYED(c, i);
    for (c = 0; c < n; c++) {
        m[c][0] = prev[c];
        NBMJ_KEYED(c, 1);
    }
    for (i = 2; i < NBMJ_MT_N; i++)
        for (c = 0; c < n; c++) NBMJ_MIXED(c, i);
    for (c = 0; c < n; c++) {
        m[c][0] = prev[c];
        NBMJ_MIXED(c, 1);
        m[c][0] = 0x80000000u; /* the top bit set: the state is never all zero */
    }
#undef NBMJ_KEYED
#undef NBMJ_MIXED
}

/* nbmj_mt_seed_chains for a count known at run time, each count its own specialised loop */
static void nbmj_mt_seed(int n, uint32_t* const* mt, const uint32_t* const* addend, const ptrdiff_t* length) {
    switch (n) {
    case 1: nbmj_mt_seed_chains(1, mt, addend, length); break;
    case 2: nbmj_mt_seed_chains(2, mt, addend, length); break;
    case 3: nbmj_mt_seed_chains(3, mt, addend, length); break;
    case 4: nbmj_mt_seed_chains(4, mt, addend, length); break;
    default: break;
    }
}

#endif
