/* Hand-shape core in C: win check, shanten, waits and decompositions with wild tiles.
 *
 * A hand is a 34-count vector (kinds 1-9m, 1-9p, 1-9s, 1-7z) plus a number of wilds; a wild
 * stands for any kind, even a fifth copy (rule NB-10.4). Callers validate the hand first
 * (counts 0-4, total = counts + wilds at most 14, total % 3 in {1, 2}); these functions
 * assume valid input.
 *
 * Per-suit lookup tables keyed by the base-5 digits of the suit's counts are built on first
 * use by nb_init(), which the caller must run while holding the GIL (it is not thread-safe;
 * everything else only reads the tables and is safe without the GIL).
 */
#ifndef NBMJ_SHAPE_H
#define NBMJ_SHAPE_H

#include <stddef.h>
#include <stdint.h>

#define NB_KINDS 34
#define NB_MAX_TILES 14
#define NB_MAX_MELDS 4

/* Group codes: type * 272 + first kind * 8 + wild rank. Their numeric order equals the
 * Python order of the Group named tuples (type name, tiles, wild kinds), so sorted codes
 * give the same order in both backends. */
#define NB_CHOW 0
#define NB_PAIR 1
#define NB_PUNG 2
#define NB_GROUP_CODES (3 * 272)
#define NB_CODE_BITS 10

/* Builds the lookup tables; returns 0, or -1 when memory runs out. Idempotent. */
int nb_init(void);
int nb_ready(void);

/* Fewest wilds that complete the real tiles into melds and one pair (saturates at 15). */
int nb_min_wilds(const uint8_t *counts);

/* Fewest tiles to add so the real tiles become a subset of n_melds melds and one pair. */
int nb_needed(const uint8_t *counts, int n_melds);

int nb_is_win(const uint8_t *counts, int wilds);

/* nb_min_wilds and nb_shanten from a hand's suit indices instead of its counts: each suit's
 * counts as a base-5 number (digit k = count of rank k+1), the three suits then the honours. */
int nb_min_wilds_at(const int idx[4]);
int nb_shanten_at(const int idx[4], int wilds, int n_melds);

/* The suit indices of 34 counts into idx, and their sum; -1 when a count is above 4. */
int nb_row_indices(const uint8_t *counts, int idx[4]);

/* The other winning shapes, for a valid 3n+2 hand: seven pairs (14 tiles, every kind an
 * even count once the wilds pair the odd ones; four of a kind are two pairs) and every real
 * tile an honour (乱风, any arrangement). Neither needs the tables. */
int nb_is_seven_pairs(const uint8_t *counts, int wilds);
int nb_is_all_honors(const uint8_t *counts);
int nb_shanten(const uint8_t *counts, int wilds, int n_melds);

/* Writes the kinds that complete a 3n+1 hand into out (kind order); returns how many.
 * Kinds held four times as real tiles are left out: no fifth real copy can be drawn. */
int nb_waits(const uint8_t *counts, int wilds, uint8_t *out);

/* The total (tiles plus wilds, at least 1) when the hand is valid for the purpose, else -1:
 * a count above 4, negative wilds, a total above 14, or a total that is not 3n+2
 * (need_complete) or not 3n+1 / 3n+2 (otherwise). */
int nb_check(const uint8_t *counts, long wilds, int need_complete);

/* Whole batches: hands is n rows of 34 counts, wilds n values. Return -1 when every row
 * was valid and answered, else the index of the first invalid row (nb_check's rules). */
ptrdiff_t nb_is_win_batch(const uint8_t *hands, const int64_t *wilds, size_t n, uint8_t *out);
ptrdiff_t nb_shanten_batch(const uint8_t *hands, const int64_t *wilds, size_t n, int8_t *out);

/* Every distinct decomposition of a 3n+2 hand, as sorted, duplicate-free keys: the pair's
 * group code in the top bits, then the meld codes ascending, NB_CODE_BITS each. keys may
 * start as a buffer of the caller's (cap keys, heap NULL): most hands fit, and need no
 * allocation; past it they move to memory of their own, heap, which nb_keys_free frees. */
typedef struct {
    uint64_t *keys;
    size_t len;
    size_t cap;
    uint64_t *heap;
} nb_keys;

/* Returns 0, or -1 when memory runs out (out->keys must then still be freed). */
int nb_decompose(const uint8_t *counts, int wilds, int n_melds, nb_keys *out);

/* As nb_decompose, but a pair or pung of wilds only is listed only for the kinds whose bit
 * is set in wild_pungs, and a chow of wilds only only for the first kinds set in
 * wild_chows (bit k = kind k); nb_decompose is this with every bit set. */
int nb_decompose_only(const uint8_t *counts, int wilds, int n_melds, uint64_t wild_pungs, uint64_t wild_chows,
                      nb_keys *out);
void nb_keys_free(nb_keys *keys);

/* The readings of a winning hand, as nbmj.core._reference_readings.compact_readings lists
 * them (see there for the keys): for each of the splits nb_decompose_only listed (sorted,
 * duplicate-free), each slot the winning tile can take, a reading whose key came before left
 * out. */
typedef struct {
    uint64_t key;   /* the reading's key */
    uint64_t split; /* the pair's group code in the top bits, then the melds' codes in the
                     * order their Python tuples sort (not the codes' order: see nb_readings),
                     * NB_CODE_BITS each */
    uint8_t group;  /* the group holding the winning tile: 0 the pair, then the melds */
    uint8_t wait;   /* the wait's number in _reference_readings.WAITS */
} nb_reading;

/* As nb_keys: items may start as a buffer of the caller's (heap NULL). */
typedef struct {
    nb_reading *items;
    size_t len;
    size_t cap;
    nb_reading *heap;
} nb_reading_list;

/* What a reading's key is made of: per kind the code of a chow from it, a pung and a pair
 * of it (each below 2**40), per kind the exposed code (0-510) of a pung, or NULL for none,
 * and the code bits that are or-ed rather than added. */
typedef struct {
    const uint64_t *chow, *pung, *pair, *exposed;
    uint64_t or_bits;
} nb_reading_codes;

/* win is the winning tile's kind, or -1 for a wild. Returns 0, or -1 when memory runs out
 * (out->items must then still be freed). */
int nb_readings(const nb_keys *splits, int n_melds, int win, const nb_reading_codes *codes, nb_reading_list *out);
void nb_reading_list_free(nb_reading_list *list);

#endif
