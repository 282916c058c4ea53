/* The seeding loops of MT19937 by a key (init_by_array of CPython's Modules/_randommodule.c)
 * for up to four generators side by side: nbmj/engine/_mt.pyx seeds every generator through
 * it. Not a rule of the game: the library's own generator, which the engine's
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

/* init_by_array of n (1 to 4) keys into the states mt[c], each already
 * init_genrand(19650218): addend[c][j] is key word j of key c plus j (the sum the first loop
 * adds at key word j), length[c] the key's words, and steps = max(624, the longest length)
 * the first loop's steps, as many for every chain (the caller runs a key longer than 624
 * words alone).
 *
 * The loops are init_by_array's, run in blocks between its wraps (past word 623, word 0
 * takes the last word written and the loop goes on at word 1), so that no step tests for
 * the wrap: with keys of at most 624 words, the first loop is words 1 to 623 and then word 1
 * again; the second loop's 623 steps are words 2 to 623 and then word 1. Word 0 is set last,
 * as there. */
NBMJ_ALWAYS_INLINE void nbmj_mt_seed_chains(const int n, uint32_t* const* mt, const uint32_t* const* addend, const ptrdiff_t* length,
                                            const ptrdiff_t steps) {
    uint32_t* m[4];
    const uint32_t* add[4];
    ptrdiff_t len[4], j[4];
    uint32_t prev[4];
    int c;
    ptrdiff_t i = 1, stop, left;
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
#define NBMJ_BLOCKS(total, STEP)                                                                          \
    for (left = (total); left > 0;) {                                                                     \
        stop = i + left < NBMJ_MT_N ? i + left : NBMJ_MT_N;                                               \
        left -= stop - i;                                                                                 \
        for (; i < stop; i++)                                                                             \
            for (c = 0; c < n; c++) STEP(c, i);                                                           \
        if (i == NBMJ_MT_N) { /* the wrap */                                                              \
            for (c = 0; c < n; c++) m[c][0] = prev[c];                                                    \
            i = 1;                                                                                        \
        }                                                                                                 \
    }
    NBMJ_BLOCKS(steps, NBMJ_KEYED)
    NBMJ_BLOCKS(NBMJ_MT_N - 1, NBMJ_MIXED)
    for (c = 0; c < n; c++) m[c][0] = 0x80000000u; /* the top bit set: the state is never all zero */
#undef NBMJ_KEYED
#undef NBMJ_MIXED
#undef NBMJ_BLOCKS
}

/* nbmj_mt_seed_chains for a count known at run time, each count its own specialised loop,
 * and the first loop's usual 624 steps a constant the compiler sees (a key of over 624 words
 * takes the loop with its own count) */
#define NBMJ_MT_SEED_CASE(k)                                                                             \
    case k:                                                                                              \
        if (steps == NBMJ_MT_N) nbmj_mt_seed_chains(k, mt, addend, length, NBMJ_MT_N);                    \
        else nbmj_mt_seed_chains(k, mt, addend, length, steps);                                          \
        break;
static void nbmj_mt_seed(int n, uint32_t* const* mt, const uint32_t* const* addend, const ptrdiff_t* length, ptrdiff_t steps) {
    switch (n) {
    NBMJ_MT_SEED_CASE(1)
    NBMJ_MT_SEED_CASE(2)
    NBMJ_MT_SEED_CASE(3)
    NBMJ_MT_SEED_CASE(4)
    default: break;
    }
}
#undef NBMJ_MT_SEED_CASE

#endif
