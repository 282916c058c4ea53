/* See shape.h. Two kinds of per-suit tables, indexed by the suit's counts read as a base-5
 * number (digit k = count of rank k+1):
 *
 * - win tables: one byte per pattern, low nibble = fewest wilds to turn the pattern into
 *   melds only, high nibble = fewest wilds for melds plus exactly one pair.
 * - need tables: five bytes per pattern holding ten nibbles, need(m, p) for m = 0..4 melds
 *   and p = 0..1 pairs: (3m + 2p) minus the largest overlap between the pattern and a
 *   target of m melds and p pairs, i.e. how many tiles the target still lacks. They are
 *   only a step of nb_init: queries read the class tables below, and they are freed.
 * - class tables: the need vectors of patterns of at most 14 tiles take only 110 distinct
 *   values in a suit and 55 in the honours, so each pattern maps to a one-byte class. Min-plus
 *   convolution over (melds, pair) is associative and commutative, so the hand's answer is
 *   final(n, pair_class(suit 0, suit 1), pair_class(suit 2, honours)): the two pair tables
 *   (164 and 149 classes) and the final table are small and stay in cache, and a query is
 *   seven loads. The per-pattern class table is a quarter of the size of the need table.
 *
 * Only patterns of at most 14 tiles are computed (no valid hand has more in one suit);
 * larger ones are never read. A wild stands for any kind with no copy limit (NB-10.4), so
 * the tables never cap a kind at four.
 *
 * Both recursions work on the lowest rank that holds a real tile: some group must take one
 * of those tiles. Within that group every other slot whose rank is present takes a real
 * tile: given any solution where it takes a wild (or nothing) instead, moving the real tile
 * into it from wherever it was is at least as good. So each pattern needs only a handful of
 * candidate groups: pung, pair, and the chows that start up to two ranks lower.
 */
#include "shape.h"

#include "bits.h"

#include <stdlib.h>
#include <string.h>

#define SUIT_PATTERNS 1953125 /* 5^9 */
#define HONOR_PATTERNS 78125  /* 5^7 */
#define SAT 15

static const int POW5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};

/* Class counts are fixed by the rules (110 suit, 55 honour, 164 and 149 pair classes); the
 * limits leave room and keep every class in a byte. */
#define MAX_SUIT_CLASSES 128
#define MAX_HONOR_CLASSES 64
#define MAX_PAIR_CLASSES 256
#define NEED_LEN (2 * (NB_MAX_MELDS + 1)) /* need(m, p) at [2m + p] */

static uint8_t *win_suit, *win_honor;
static uint8_t *cls_suit, *cls_honor;                      /* class of each pattern */
static uint8_t pair_ss[MAX_SUIT_CLASSES * MAX_SUIT_CLASSES];  /* [suit][suit] -> pair class */
static uint8_t pair_sh[MAX_SUIT_CLASSES * MAX_HONOR_CLASSES]; /* [suit][honour] -> pair class */
static uint8_t *final_need; /* [n][ss class][sh class]: fewest tiles to add for n melds + pair */
static int n_ss, n_sh;      /* pair class counts */
static int tables_ready;

static void build_chow_cands(void); /* the search's chow candidates (see decompose_from) */
static void build_group_info(void); /* what nb_readings reads of each group */

static inline int sat(int v) { return v > SAT ? SAT : v; }
static inline int imin(int a, int b) { return a < b ? a : b; }

/* ---------------------------------------------------------------- table building */

/* A candidate group for the lowest present rank i: the real tiles it takes (as a base-5
 * amount to subtract from the pattern index) and how many slots stay empty. */
typedef struct {
    int take;
    int missing;
    int kind; /* NB_CHOW, NB_PAIR or NB_PUNG */
} cand_t;

static int candidates(const uint8_t *d, int digits, int chows, int i, cand_t *out) {
    int n = 0;
    int r = d[i] < 3 ? d[i] : 3;
    out[n++] = (cand_t){r * POW5[i], 3 - r, NB_PUNG};
    r = d[i] < 2 ? d[i] : 2;
    out[n++] = (cand_t){r * POW5[i], 2 - r, NB_PAIR};
    if (chows) {
        for (int s = i - 2; s <= i; s++) {
            if (s < 0 || s + 2 >= digits) continue;
            int take = 0, missing = 0;
            for (int j = s; j < s + 3; j++) {
                if (j >= i && d[j] > 0) take += POW5[j];
                else missing++;
            }
            out[n++] = (cand_t){take, missing, NB_CHOW};
        }
    }
    return n;
}

static void build_win(uint8_t *t, int digits, int chows) {
    uint8_t d[9] = {0};
    int total = 0;
    t[0] = (uint8_t)(0 | (2 << 4));
    for (int idx = 1; idx < POW5[digits]; idx++) {
        int k = 0;
        while (d[k] == 4) { d[k] = 0; total -= 4; k++; }
        d[k]++; total++;
        if (total > NB_MAX_TILES) { t[idx] = SAT | (SAT << 4); continue; }
        int i = 0;
        while (!d[i]) i++;
        cand_t c[5];
        int nc = candidates(d, digits, chows, i, c);
        int melds = 99, with_pair = 99;
        for (int q = 0; q < nc; q++) {
            uint8_t rest = t[idx - c[q].take];
            if (c[q].kind == NB_PAIR) {
                with_pair = imin(with_pair, c[q].missing + (rest & 15));
            } else {
                melds = imin(melds, c[q].missing + (rest & 15));
                with_pair = imin(with_pair, c[q].missing + (rest >> 4));
            }
        }
        with_pair = imin(with_pair, melds + 2); /* a pair made of two wilds */
        t[idx] = (uint8_t)(sat(melds) | (sat(with_pair) << 4));
    }
}

static inline uint64_t need_load(const uint8_t *t, int idx) {
    uint64_t v;
    memcpy(&v, t + 5 * (size_t)idx, 8);
    return v & 0xFFFFFFFFFFull;
}

static inline int need_get(uint64_t v, int m, int p) { return (int)((v >> (4 * (2 * m + p))) & 15); }

static void build_need(uint8_t *t, int digits, int chows) {
    uint8_t d[9] = {0};
    int total = 0;
    uint64_t v = 0;
    for (int m = 0; m <= NB_MAX_MELDS; m++)
        for (int p = 0; p <= 1; p++) v |= (uint64_t)sat(3 * m + 2 * p) << (4 * (2 * m + p));
    memcpy(t, &v, 5);
    for (int idx = 1; idx < POW5[digits]; idx++) {
        int k = 0;
        while (d[k] == 4) { d[k] = 0; total -= 4; k++; }
        d[k]++; total++;
        if (total > NB_MAX_TILES) continue;
        int i = 0;
        while (!d[i]) i++;
        cand_t c[5];
        int nc = candidates(d, digits, chows, i, c);
        uint64_t rest[5];
        for (int q = 0; q < nc; q++) rest[q] = need_load(t, idx - c[q].take);
        uint64_t dropped = need_load(t, idx - POW5[i]); /* one tile of rank i left unused */
        uint64_t out = 0;
        for (int m = 0; m <= NB_MAX_MELDS; m++) {
            for (int p = 0; p <= 1; p++) {
                int best = need_get(dropped, m, p);
                for (int q = 0; q < nc; q++) {
                    if (c[q].kind == NB_PAIR) {
                        if (p) best = imin(best, c[q].missing + need_get(rest[q], m, 0));
                    } else if (m) {
                        best = imin(best, c[q].missing + need_get(rest[q], m - 1, p));
                    }
                }
                out |= (uint64_t)sat(best) << (4 * (2 * m + p));
            }
        }
        memcpy(t + 5 * (size_t)idx, &out, 5);
    }
}

int nb_ready(void) { return tables_ready; }

/* Class of a vector among the n found so far (linear: at most 256 of them); adds it when new.
 * Returns -1 when it would be class number max. */
static int vec_class(uint8_t (*set)[NEED_LEN], int *n, const uint8_t *v, int max) {
    for (int i = 0; i < *n; i++)
        if (!memcmp(set[i], v, NEED_LEN)) return i;
    if (*n >= max) return -1;
    memcpy(set[*n], v, NEED_LEN);
    return (*n)++;
}

/* Classes of every pattern of at most 14 tiles (larger ones get class 0 and are never read). */
static int classify(const uint8_t *need, int digits, uint8_t *cls, uint8_t (*set)[NEED_LEN], int *n, int max) {
    uint8_t d[9] = {0};
    int total = 0;
    uint64_t last = ~0ull;
    int last_class = 0;
    for (int idx = 0; idx < POW5[digits]; idx++) {
        if (idx) {
            int k = 0;
            while (d[k] == 4) { d[k] = 0; total -= 4; k++; }
            d[k]++; total++;
        }
        cls[idx] = 0;
        if (total > NB_MAX_TILES) continue;
        uint64_t packed = need_load(need, idx);
        if (packed != last) {
            uint8_t v[NEED_LEN];
            for (int i = 0; i < NEED_LEN; i++) v[i] = (uint8_t)((packed >> (4 * i)) & 15);
            last_class = vec_class(set, n, v, max);
            if (last_class < 0) return -1;
            last = packed;
        }
        cls[idx] = (uint8_t)last_class;
    }
    return 0;
}

/* Min-plus convolution over (melds, pair) of two need vectors: the best split of m melds
 * and the pair between two disjoint sets of kinds. Values stay below 4 * 15. */
static void convolve_full(const uint8_t *a, const uint8_t *b, uint8_t *out) {
    for (int m = 0; m <= NB_MAX_MELDS; m++) {
        int none = 255, pair = 255;
        for (int x = 0; x <= m; x++) {
            int y = m - x;
            none = imin(none, a[2 * x] + b[2 * y]);
            pair = imin(pair, imin(a[2 * x] + b[2 * y + 1], a[2 * x + 1] + b[2 * y]));
        }
        out[2 * m] = (uint8_t)none;
        out[2 * m + 1] = (uint8_t)pair;
    }
}

static int build_classes(const uint8_t *need_suit, const uint8_t *need_honor) {
    static uint8_t suits[MAX_SUIT_CLASSES][NEED_LEN], honors[MAX_HONOR_CLASSES][NEED_LEN];
    static uint8_t ss[MAX_PAIR_CLASSES][NEED_LEN], sh[MAX_PAIR_CLASSES][NEED_LEN];
    int n_suits = 0, n_honors = 0;
    n_ss = n_sh = 0;
    if (classify(need_suit, 9, cls_suit, suits, &n_suits, MAX_SUIT_CLASSES)) return -1;
    if (classify(need_honor, 7, cls_honor, honors, &n_honors, MAX_HONOR_CLASSES)) return -1;
    uint8_t v[NEED_LEN];
    for (int a = 0; a < n_suits; a++) {
        for (int b = 0; b < n_suits; b++) {
            convolve_full(suits[a], suits[b], v);
            int c = vec_class(ss, &n_ss, v, MAX_PAIR_CLASSES);
            if (c < 0) return -1;
            pair_ss[a * MAX_SUIT_CLASSES + b] = (uint8_t)c;
        }
        for (int h = 0; h < n_honors; h++) {
            convolve_full(suits[a], honors[h], v);
            int c = vec_class(sh, &n_sh, v, MAX_PAIR_CLASSES);
            if (c < 0) return -1;
            pair_sh[a * MAX_HONOR_CLASSES + h] = (uint8_t)c;
        }
    }
    final_need = malloc((size_t)(NB_MAX_MELDS + 1) * n_ss * n_sh);
    if (!final_need) return -1;
    for (int n = 0; n <= NB_MAX_MELDS; n++)
        for (int a = 0; a < n_ss; a++)
            for (int b = 0; b < n_sh; b++) {
                int best = 255;
                for (int x = 0; x <= n; x++)
                    best = imin(best, imin(ss[a][2 * x + 1] + sh[b][2 * (n - x)],
                                           ss[a][2 * x] + sh[b][2 * (n - x) + 1]));
                final_need[((size_t)n * n_ss + a) * n_sh + b] = (uint8_t)best;
            }
    return 0;
}

int nb_init(void) {
    if (tables_ready) return 0;
    /* need tables: 5 bytes per pattern, plus 8 bytes of slack for need_load */
    uint8_t *need_suit = calloc(5 * (size_t)SUIT_PATTERNS + 8, 1);
    uint8_t *need_honor = calloc(5 * (size_t)HONOR_PATTERNS + 8, 1);
    win_suit = malloc(SUIT_PATTERNS);
    win_honor = malloc(HONOR_PATTERNS);
    cls_suit = malloc(SUIT_PATTERNS);
    cls_honor = malloc(HONOR_PATTERNS);
    int ok = need_suit && need_honor && win_suit && win_honor && cls_suit && cls_honor;
    if (ok) {
        build_win(win_suit, 9, 1);
        build_win(win_honor, 7, 0);
        build_need(need_suit, 9, 1);
        build_need(need_honor, 7, 0);
        ok = build_classes(need_suit, need_honor) == 0;
    }
    free(need_suit);
    free(need_honor);
    if (!ok) {
        free(win_suit); free(win_honor); free(cls_suit); free(cls_honor); free(final_need);
        win_suit = win_honor = cls_suit = cls_honor = final_need = NULL;
        return -1;
    }
    build_chow_cands();
    build_group_info();
    tables_ready = 1;
    return 0;
}

/* ---------------------------------------------------------------- queries */

static inline int suit_index(const uint8_t *c, int digits) {
    int idx = 0;
    for (int k = digits - 1; k >= 0; k--) idx = idx * 5 + c[k];
    return idx;
}

static inline void hand_indices(const uint8_t *c, int idx[4]) {
    idx[0] = suit_index(c, 9);
    idx[1] = suit_index(c + 9, 9);
    idx[2] = suit_index(c + 18, 9);
    idx[3] = suit_index(c + 27, 7);
}

static inline int min_wilds_idx(const int idx[4]) {
    uint8_t e[4] = {win_suit[idx[0]], win_suit[idx[1]], win_suit[idx[2]], win_honor[idx[3]]};
    int melds = (e[0] & 15) + (e[1] & 15) + (e[2] & 15) + (e[3] & 15);
    int best = 99;
    for (int s = 0; s < 4; s++) best = imin(best, melds - (e[s] & 15) + (e[s] >> 4));
    return best;
}

int nb_min_wilds_at(const int idx[4]) { return min_wilds_idx(idx); }

int nb_min_wilds(const uint8_t *counts) {
    int idx[4];
    hand_indices(counts, idx);
    return min_wilds_idx(idx);
}

int nb_is_win(const uint8_t *counts, int wilds) { return nb_min_wilds(counts) <= wilds; }

int nb_is_seven_pairs(const uint8_t *counts, int wilds) {
    int total = wilds, odd = 0;
    for (int k = 0; k < NB_KINDS; k++) {
        total += counts[k];
        odd += counts[k] & 1;
    }
    return total == NB_MAX_TILES && odd <= wilds;
}

int nb_is_all_honors(const uint8_t *counts) {
    for (int k = 0; k < 27; k++)
        if (counts[k])
            return 0;
    return 1;
}

static inline int needed_idx(const int idx[4], int n_melds) {
    int n = n_melds < NB_MAX_MELDS ? n_melds : NB_MAX_MELDS;
    int ss = pair_ss[cls_suit[idx[0]] * MAX_SUIT_CLASSES + cls_suit[idx[1]]];
    int sh = pair_sh[cls_suit[idx[2]] * MAX_HONOR_CLASSES + cls_honor[idx[3]]];
    return final_need[((size_t)n * n_ss + ss) * n_sh + sh];
}

int nb_needed(const uint8_t *counts, int n_melds) {
    int idx[4];
    hand_indices(counts, idx);
    return needed_idx(idx, n_melds);
}

int nb_shanten_at(const int idx[4], int wilds, int n_melds) {
    int s = needed_idx(idx, n_melds) - wilds - 1;
    return s < -1 ? -1 : s;
}

int nb_shanten(const uint8_t *counts, int wilds, int n_melds) {
    int idx[4];
    hand_indices(counts, idx);
    return nb_shanten_at(idx, wilds, n_melds);
}

int nb_waits(const uint8_t *counts, int wilds, uint8_t *out) {
    int idx[4];
    hand_indices(counts, idx);
    int n = 0;
    for (int k = 0; k < NB_KINDS; k++) {
        if (counts[k] >= 4) continue;
        int s = k < 27 ? k / 9 : 3;
        int save = idx[s];
        idx[s] += POW5[k - 9 * s];
        if (min_wilds_idx(idx) <= wilds) out[n++] = (uint8_t)k;
        idx[s] = save;
    }
    return n;
}

int nb_check(const uint8_t *counts, long wilds, int need_complete) {
    int total = 0, bad = 0;
    for (int k = 0; k < NB_KINDS; k++) {
        total += counts[k];
        bad |= counts[k] > 4;
    }
    if (bad || wilds < 0 || total + wilds > NB_MAX_TILES) return -1;
    total += (int)wilds;
    int r = total % 3;
    if (r == 0 || (need_complete && r != 2)) return -1;
    return total;
}

/* One pass over a row: its suit indices and number of real tiles (row_indices, -1 when a
 * count is above 4), then with its wilds the total, or -1 when the row is invalid (read_row,
 * see nb_check). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Eight counts at a time in a 64-bit word (byte k = count of the k-th kind, little-endian). */
static inline uint64_t load8(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* Bytes 0-4 stay clear of the high bits after adding 0x7B; larger ones set a high bit in
 * the sum or in the byte itself (a carry from a bad byte only matters when one is bad). */
static inline uint64_t over4(uint64_t v) { return ((v + 0x7B7B7B7B7B7B7B7Bull) | v) & 0x8080808080808080ull; }

/* The base-5 number whose digit k is byte k (each 0-4): pairs, then quads, then eight. */
static inline int base5_8(uint64_t v) {
    const uint64_t b = 0x00FF00FF00FF00FFull, w = 0x0000FFFF0000FFFFull;
    v = (v & b) + ((v >> 8) & b) * 5;
    v = (v & w) + ((v >> 16) & w) * 25;
    return (int)(v & 0xFFFFFFFFu) + (int)(v >> 32) * 625;
}

static inline int row_indices(const uint8_t *c, int idx[4]) {
    uint64_t s0 = load8(c), s1 = load8(c + 9), s2 = load8(c + 18);
    uint64_t hz = load8(c + 26) >> 8; /* kinds 27-33 in bytes 0-6 */
    int top0 = c[8], top1 = c[17], top2 = c[26];
    if ((over4(s0) | over4(s1) | over4(s2) | over4(hz)) || ((top0 > 4) | (top1 > 4) | (top2 > 4))) return -1;
    /* bytes of the sum stay at most 16: no carries */
    int total = (int)(((s0 + s1 + s2 + hz) * 0x0101010101010101ull) >> 56) + top0 + top1 + top2;
    idx[0] = base5_8(s0) + top0 * 390625;
    idx[1] = base5_8(s1) + top1 * 390625;
    idx[2] = base5_8(s2) + top2 * 390625;
    idx[3] = base5_8(hz);
    return total;
}
#else
static inline int row_indices(const uint8_t *c, int idx[4]) {
    int total = 0, bad = 0;
    for (int s = 0; s < 4; s++) {
        int digits = s < 3 ? 9 : 7, v = 0;
        const uint8_t *d = c + 9 * s;
        for (int k = digits - 1; k >= 0; k--) {
            v = v * 5 + d[k];
            total += d[k];
            bad |= d[k] > 4;
        }
        idx[s] = v;
    }
    return bad ? -1 : total;
}
#endif

static inline int read_row(const uint8_t *c, long wilds, int need_complete, int idx[4]) {
    int total = row_indices(c, idx);
    if (total < 0 || wilds < 0 || total + wilds > NB_MAX_TILES) return -1;
    total += (int)wilds;
    int r = total % 3;
    if (r == 0 || (need_complete && r != 2)) return -1;
    return total;
}

int nb_row_indices(const uint8_t *counts, int idx[4]) { return row_indices(counts, idx); }

/* The kinds held: bit k set where counts[k] > 0. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Eight counts at a time: a byte (at most 4) is nonzero when one of its three low bits is;
 * the multiply gathers bit 8k of the word to bit 56 + k (no two products meet, so nothing
 * carries). */
static inline uint64_t nonzero8(const uint8_t *p) {
    uint64_t v = load8(p);
    v = (v | (v >> 1) | (v >> 2)) & 0x0101010101010101ull;
    return (v * 0x0102040810204080ull) >> 56;
}

static inline uint64_t present_kinds(const uint8_t *counts) {
    return nonzero8(counts) | nonzero8(counts + 8) << 8 | nonzero8(counts + 16) << 16 | nonzero8(counts + 24) << 24
           | (uint64_t)(counts[32] != 0) << 32 | (uint64_t)(counts[33] != 0) << 33;
}
#else
static inline uint64_t present_kinds(const uint8_t *counts) {
    uint64_t present = 0;
    for (int k = 0; k < NB_KINDS; k++)
        if (counts[k]) present |= 1ull << k;
    return present;
}
#endif

ptrdiff_t nb_is_win_batch(const uint8_t *hands, const int64_t *wilds, size_t n, uint8_t *out) {
    for (size_t row = 0; row < n; row++) {
        int idx[4];
        if (read_row(hands + NB_KINDS * row, (long)wilds[row], 1, idx) < 0) return (ptrdiff_t)row;
        out[row] = min_wilds_idx(idx) <= wilds[row];
    }
    return -1;
}

ptrdiff_t nb_shanten_batch(const uint8_t *hands, const int64_t *wilds, size_t n, int8_t *out) {
    for (size_t row = 0; row < n; row++) {
        int idx[4];
        int total = read_row(hands + NB_KINDS * row, (long)wilds[row], 0, idx);
        if (total < 0) return (ptrdiff_t)row;
        int s = needed_idx(idx, total / 3) - (int)wilds[row] - 1;
        out[row] = (int8_t)(s < -1 ? -1 : s);
    }
    return -1;
}

/* ---------------------------------------------------------------- decompositions */

/* Rank of a chow's wild-slot mask (bit j = slot j is a wild) in the Python order of the
 * sorted tuples of wild kinds: () < (k,) < (k,k+1) < (k,k+1,k+2) < (k,k+2) < (k+1,) ... */
static const uint8_t CHOW_MASK_RANK[8] = {0, 1, 5, 2, 7, 4, 6, 3};

static inline uint16_t group_code(int type, int first, int wild_rank) {
    return (uint16_t)(type * 272 + first * 8 + wild_rank);
}

#define SPLIT_LOG 128
#define SUIT_STATES 32

typedef struct {
    uint8_t c[NB_KINDS];
    int idx[4];     /* the suits' table indices of c (hand_indices), kept as c changes */
    uint8_t e[4];   /* the suits' win-table entries at idx */
    int meld_wilds; /* the sum of e's low nibbles: the wilds the real tiles left need as melds only */
    uint64_t present; /* bit k set while c[k] > 0: the lowest real tile left is its lowest bit */
    int wilds, melds_left, pair_left, n_melds;
    uint16_t pair;
    uint16_t melds[NB_MAX_MELDS];
    int depth;
    nb_keys *out;
    int failed;
    uint64_t wild_pungs, wild_chows; /* kinds that groups of wilds only may take */
    /* The lowest real kind and the code of the group taken last. Every group is taken at
     * the node of its lowest real tile, so two splits differ only in the order of groups
     * that share it: those are taken in nondecreasing code order, and each split is
     * reached once (every order was listed, and the repeats dropped after the sort). */
    int last_kind;
    uint16_t last_code;
    /* The suits are independent once the wilds left, the melds left and whether the pair is
     * still open are given: a search that reaches the first kind of a suit in the same state
     * as before finds the same groups from there on, however the lower suits went. So every
     * split found is logged (its groups in the order taken), and the splits a state led to
     * are a range of the log, which a later visit of that state completes with its own lower
     * groups instead of searching again. The log holds the first SPLIT_LOG splits; a state
     * whose range runs past it is not remembered. */
    int idx0[4]; /* the suits' table indices before any group is taken */
    size_t log_len;
    struct { uint16_t pair, melds[NB_MAX_MELDS]; } log[SPLIT_LOG];
    int n_states;
    struct { int key; size_t start, end; } states[SUIT_STATES];
} dec_t;

static int keys_push(nb_keys *k, uint64_t key) {
    if (k->len == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        uint64_t *p = malloc(cap * sizeof *p);
        if (!p) return -1;
        if (k->len) memcpy(p, k->keys, k->len * sizeof *p);
        free(k->heap);
        k->keys = k->heap = p;
        k->cap = cap;
    }
    k->keys[k->len++] = key;
    return 0;
}

static void emit(dec_t *st) {
    uint16_t m[NB_MAX_MELDS];
    int n = st->n_melds;
    memcpy(m, st->melds, sizeof m); /* a fixed size: copied inline, not by a call */
    for (int a = 1; a < n; a++) { /* insertion sort: at most four melds */
        uint16_t x = m[a];
        int b = a - 1;
        while (b >= 0 && m[b] > x) { m[b + 1] = m[b]; b--; }
        m[b + 1] = x;
    }
    uint64_t key = st->pair;
    for (int a = 0; a < n; a++) key = (key << NB_CODE_BITS) | m[a];
    if (keys_push(st->out, key)) st->failed = 1;
    if (st->log_len < SPLIT_LOG) {
        st->log[st->log_len].pair = st->pair;
        memcpy(st->log[st->log_len].melds, st->melds, sizeof st->melds);
    }
    st->log_len++;
}

/* Only wilds are left: they form melds of three wilds (any pung or chow, in nondecreasing
 * code order so each multiset comes once) and, if still open, a pair of two wilds. */
static void all_wild_melds(dec_t *st, uint16_t min_code) {
    if (st->melds_left == 0) {
        emit(st);
        return;
    }
    for (int kind = 0; kind < 3; kind += 2) { /* chows then pungs, in code order */
        int firsts = kind == NB_CHOW ? 27 : NB_KINDS;
        for (int f = 0; f < firsts; f++) {
            if (kind == NB_CHOW && f % 9 > 6) continue;
            if (!(((kind == NB_CHOW ? st->wild_chows : st->wild_pungs) >> f) & 1)) continue;
            uint16_t code = group_code(kind, f, kind == NB_CHOW ? CHOW_MASK_RANK[7] : 3);
            if (code < min_code) continue;
            st->melds[st->depth++] = code;
            st->melds_left--;
            all_wild_melds(st, code);
            st->melds_left++;
            st->depth--;
        }
    }
}

static void finish_with_wilds(dec_t *st) {
    if (st->pair_left) {
        for (int k = 0; k < NB_KINDS; k++) {
            if (!((st->wild_pungs >> k) & 1)) continue;
            st->pair = group_code(NB_PAIR, k, 2);
            all_wild_melds(st, 0);
        }
        st->pair_left = 1;
    } else {
        all_wild_melds(st, 0);
    }
}

/* Per kind: its suit (0-3), its weight in that suit's table index (5 ** its place, as
 * suit_index reads the counts) and its rank in its suit (0-8). */
static const uint8_t KIND_SUIT[NB_KINDS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3};
static const int KIND_WEIGHT[NB_KINDS] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625};
static const uint8_t KIND_RANK[NB_KINDS] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6};

static inline uint8_t win_entry(int suit, int idx) { return suit < 3 ? win_suit[idx] : win_honor[idx]; }

/* What the groups a search node may take through kind i have in common for fits(): they
 * all take tiles of i's suit s only. */
typedef struct {
    int s;
    int rest;       /* the wilds the other suits need as melds only */
    int pair_extra; /* the least a pair costs beyond that in one of the other suits (when
                     * the pair is still to take) */
} node_t;

static inline node_t node_at(const dec_t *st, int i) {
    node_t n;
    n.s = KIND_SUIT[i];
    n.rest = st->meld_wilds - (st->e[n.s] & 15);
    n.pair_extra = 99;
    if (st->pair_left) {
        for (int t = 0; t < 4; t++) {
            int x = (st->e[t] >> 4) - (st->e[t] & 15);
            if (t != n.s && x < n.pair_extra) n.pair_extra = x;
        }
    }
    return n;
}

/* Whether the real tiles left, once suit s has win-table entry e, can be completed with
 * `wilds` wilds into melds and, when pair_left, one pair. The counts of tiles and groups left
 * always agree (3 per meld, 2 for the pair), so enough wilds is all it takes. The search
 * asks before it takes a group, and so never enters a branch that cannot win (unless only
 * groups of wilds not asked for could finish it). */
static inline int fits(const node_t *n, uint8_t e, int wilds, int pair_left) {
    int need = n->rest + (e & 15);
    if (pair_left) {
        int x = (e >> 4) - (e & 15); /* the pair in suit s: its cost beyond melds only */
        need += x < n->pair_extra ? x : n->pair_extra;
    }
    return need <= wilds;
}

/* What taking a group changes besides the counts, to be put back after its branch. */
typedef struct {
    int idx, meld_wilds;
    uint8_t e;
    uint64_t present;
} undo_t;

/* Takes n real tiles of each kind set in kinds (bit j: kind first + j, all of suit s), the
 * suit's index becoming idx_s and its entry e. */
static inline void take_group(dec_t *st, int s, int idx_s, uint8_t e, int first, int kinds, int n, undo_t *undo) {
    undo->idx = st->idx[s];
    undo->e = st->e[s];
    undo->meld_wilds = st->meld_wilds;
    undo->present = st->present;
    st->meld_wilds += (e & 15) - (st->e[s] & 15);
    st->idx[s] = idx_s;
    st->e[s] = e;
    for (int j = 0; j < 3; j++) {
        if (!((kinds >> j) & 1)) continue;
        if (!(st->c[first + j] -= n)) st->present &= ~(1ull << (first + j));
    }
}

static inline void put_back(dec_t *st, int s, int first, int kinds, int n, const undo_t *undo) {
    for (int j = 0; j < 3; j++)
        if ((kinds >> j) & 1) st->c[first + j] += n;
    st->idx[s] = undo->idx;
    st->e[s] = undo->e;
    st->meld_wilds = undo->meld_wilds;
    st->present = undo->present;
}

/* The chows through kind i, the lowest real tile left, by i's rank: starting o = 2, 1, 0 ranks
 * below i (within the suit, no higher than rank 7), with each wild mask (bit j: slot j is a
 * wild). The slots below i are wilds (nothing real is left there), slot o takes a real tile,
 * the slots above either; the real slots above o need a real tile of their kind. They come
 * with the fewest wilds first, so that the search tries only the first
 * n_chow_cands[rank][w] of them when w wilds are left (or 2 for more): the keys are sorted
 * at the end, so the order the search finds decompositions in does not matter. */
typedef struct {
    uint8_t o, wilds, wild_rank;
    uint8_t real; /* the real slots (bit j: slot j) */
    uint8_t need; /* the real slots above o */
    int real5;    /* the real slots as base-5 digits: the index a chow from kind 0 takes */
} chow_cand_t;

static chow_cand_t chow_cands[9][7];
static int n_chow_cands[9][3];
/* Per rank, wilds left (0, 1, 2 or more) and the presence of the two kinds above i (bit 0:
 * i + 1, bit 1: i + 2), the candidates among the first n_chow_cands[rank][w] whose real
 * slots above o all hold a tile (bit m: chow_cands[rank][m]): the search walks these alone,
 * where it tested each candidate's slots in turn and most failed. The kinds i + 1 and i + 2
 * may be of the next suit only where no candidate needs them. */
static uint8_t chow_viable[9][3][4];

static void build_chow_cands(void) {
    static const uint8_t masks[3][4] = {{0, 2, 4, 6}, {1, 5}, {3}};
    static const int n_masks[3] = {4, 2, 1};
    for (int rank = 0; rank < 9; rank++) {
        int n = 0;
        for (int o = rank < 2 ? rank : 2; o >= 0; o--) {
            if (rank - o > 6) continue; /* no chow starts at rank 8 or 9 */
            for (int m = 0; m < n_masks[o]; m++) {
                int mask = masks[o][m], real = ~mask & 7;
                chow_cand_t c = {(uint8_t)o, 0, CHOW_MASK_RANK[mask], (uint8_t)real, (uint8_t)(real & (6 << o) & 7), 0};
                for (int j = 0; j < 3; j++) {
                    if ((real >> j) & 1) c.real5 += POW5[j];
                    else c.wilds++;
                }
                int at = n++; /* inserted by wilds, after those with as many */
                for (; at > 0 && chow_cands[rank][at - 1].wilds > c.wilds; at--) chow_cands[rank][at] = chow_cands[rank][at - 1];
                chow_cands[rank][at] = c;
            }
        }
        for (int w = 0; w < 3; w++) {
            n_chow_cands[rank][w] = 0;
            while (n_chow_cands[rank][w] < n && chow_cands[rank][n_chow_cands[rank][w]].wilds <= w) n_chow_cands[rank][w]++;
            for (int above = 0; above < 4; above++) {
                uint8_t viable = 0;
                for (int m = 0; m < n_chow_cands[rank][w]; m++) {
                    const chow_cand_t *c = &chow_cands[rank][m];
                    int need_above = c->need >> (c->o + 1); /* the needed slots above o, from i + 1 */
                    if ((above & need_above) == need_above) viable |= (uint8_t)(1 << m);
                }
                chow_viable[rank][w][above] = viable;
            }
        }
    }
}

/* decompose_from once every wild is placed: each group takes real tiles only, so the
 * lowest tile left goes into a pung, the pair or a chow starting at it. */
static void decompose_real(dec_t *st) {
    if (!st->present) { /* tiles and groups left agree: every group is filled */
        emit(st);
        return;
    }
    int i = NBMJ_CTZ64(st->present), weight = KIND_WEIGHT[i];
    node_t n = node_at(st, i);
    int s = n.s;
    undo_t undo;
    int entry_kind = st->last_kind;
    uint16_t entry_code = st->last_code, least = entry_kind == i ? entry_code : 0, code;
    st->last_kind = i;
    if (st->melds_left && st->c[i] >= 3 && (code = group_code(NB_PUNG, i, 0)) >= least) {
        int idx_s = st->idx[s] - 3 * weight;
        uint8_t e = win_entry(s, idx_s);
        if (fits(&n, e, 0, st->pair_left)) {
            take_group(st, s, idx_s, e, i, 1, 3, &undo); st->melds_left--;
            st->melds[st->depth++] = st->last_code = code;
            decompose_real(st);
            st->depth--;
            put_back(st, s, i, 1, 3, &undo); st->melds_left++;
        }
    }
    if (st->pair_left && st->c[i] >= 2 && (code = group_code(NB_PAIR, i, 0)) >= least) {
        int idx_s = st->idx[s] - 2 * weight;
        uint8_t e = win_entry(s, idx_s);
        if (fits(&n, e, 0, 0)) {
            take_group(st, s, idx_s, e, i, 1, 2, &undo); st->pair_left = 0;
            st->pair = st->last_code = code;
            decompose_real(st);
            put_back(st, s, i, 1, 2, &undo); st->pair_left = 1;
        }
    }
    if (st->melds_left && i < 27 && KIND_RANK[i] <= 6 && ((st->present >> i) & 7) == 7
        && (code = group_code(NB_CHOW, i, CHOW_MASK_RANK[0])) >= least) {
        int idx_s = st->idx[s] - 31 * weight; /* one tile of each of three ranks: 1 + 5 + 25 */
        uint8_t e = win_entry(s, idx_s);
        if (fits(&n, e, 0, st->pair_left)) {
            take_group(st, s, idx_s, e, i, 7, 1, &undo); st->melds_left--;
            st->melds[st->depth++] = st->last_code = code;
            decompose_real(st);
            st->depth--;
            put_back(st, s, i, 7, 1, &undo); st->melds_left++;
        }
    }
    st->last_kind = entry_kind;
    st->last_code = entry_code;
}

static void decompose_from(dec_t *st);

/* decompose_from at a node, searched. */
static void decompose_node(dec_t *st) {
    if (!st->wilds) {
        decompose_real(st);
        return;
    }
    if (!st->present) {
        finish_with_wilds(st);
        return;
    }
    int i = NBMJ_CTZ64(st->present), weight = KIND_WEIGHT[i], ci = st->c[i];
    node_t n = node_at(st, i);
    int s = n.s;
    undo_t undo;
    int entry_kind = st->last_kind;
    uint16_t entry_code = st->last_code, least = entry_kind == i ? entry_code : 0, code;
    st->last_kind = i;
    /* pungs and pairs holding r real tiles of kind i, the other slots wild */
    if (st->melds_left) {
        for (int r = 1; r <= 3 && r <= ci; r++) {
            int wilds = st->wilds - (3 - r), idx_s = st->idx[s] - r * weight;
            if (wilds < 0 || (code = group_code(NB_PUNG, i, 3 - r)) < least) continue;
            uint8_t e = win_entry(s, idx_s);
            if (!fits(&n, e, wilds, st->pair_left)) continue;
            take_group(st, s, idx_s, e, i, 1, r, &undo); st->wilds = wilds; st->melds_left--;
            st->melds[st->depth++] = st->last_code = code;
            decompose_from(st);
            st->depth--;
            put_back(st, s, i, 1, r, &undo); st->wilds += 3 - r; st->melds_left++;
        }
    }
    if (st->pair_left) {
        for (int r = 1; r <= 2 && r <= ci; r++) {
            int wilds = st->wilds - (2 - r), idx_s = st->idx[s] - r * weight;
            if (wilds < 0 || (code = group_code(NB_PAIR, i, 2 - r)) < least) continue;
            uint8_t e = win_entry(s, idx_s);
            if (!fits(&n, e, wilds, 0)) continue;
            take_group(st, s, idx_s, e, i, 1, r, &undo); st->wilds = wilds; st->pair_left = 0;
            st->pair = st->last_code = code;
            decompose_from(st);
            put_back(st, s, i, 1, r, &undo); st->wilds += 2 - r; st->pair_left = 1;
        }
    }
    if (st->melds_left && i < 27) {
        int rank = KIND_RANK[i];
        unsigned viable = chow_viable[rank][st->wilds < 2 ? st->wilds : 2][(st->present >> (i + 1)) & 3];
        while (viable) {
            const chow_cand_t *c = &chow_cands[rank][NBMJ_CTZ64(viable)];
            viable &= viable - 1;
            int first = i - c->o, wilds = st->wilds - c->wilds;
            if ((code = group_code(NB_CHOW, first, c->wild_rank)) < least) continue;
            int idx_s = st->idx[s] - c->real5 * KIND_WEIGHT[first];
            uint8_t e = win_entry(s, idx_s);
            if (!fits(&n, e, wilds, st->pair_left)) continue;
            take_group(st, s, idx_s, e, first, c->real, 1, &undo); st->wilds = wilds; st->melds_left--;
            st->melds[st->depth++] = st->last_code = code;
            decompose_from(st);
            st->depth--;
            put_back(st, s, first, c->real, 1, &undo); st->wilds += c->wilds; st->melds_left++;
        }
    }
    st->last_kind = entry_kind;
    st->last_code = entry_code;
}

/* The search from a node: at the first kind of a suit, the splits of a state met before
 * (see dec_t.log) are completed from the log; else the node is searched. */
static void decompose_from(dec_t *st) {
    if (st->failed) return;
    if (!st->present) {
        decompose_node(st);
        return;
    }
    int s = KIND_SUIT[NBMJ_CTZ64(st->present)];
    if (st->idx[s] != st->idx0[s]) { /* within a suit */
        decompose_node(st);
        return;
    }
    int key = ((s * (NB_MAX_TILES + 1) + st->wilds) * (NB_MAX_MELDS + 1) + st->melds_left) * 2 + st->pair_left;
    for (int q = 0; q < st->n_states; q++) {
        if (st->states[q].key != key) continue;
        size_t start = st->states[q].start, end = st->states[q].end;
        int depth = st->depth, pair_left = st->pair_left;
        uint16_t pair = st->pair, melds[NB_MAX_MELDS];
        memcpy(melds, st->melds, sizeof melds);
        for (size_t r = start; r < end && !st->failed; r++) {
            for (int j = depth; j < st->n_melds; j++) st->melds[j] = st->log[r].melds[j];
            if (pair_left) st->pair = st->log[r].pair;
            emit(st);
        }
        memcpy(st->melds, melds, sizeof melds);
        st->pair = pair;
        return;
    }
    size_t start = st->log_len;
    decompose_node(st);
    if (st->log_len <= SPLIT_LOG && st->n_states < SUIT_STATES) {
        st->states[st->n_states].key = key;
        st->states[st->n_states].start = start;
        st->states[st->n_states].end = st->log_len;
        st->n_states++;
    }
}

/* Sorts keys ascending: a Shell sort (Ciura's gaps), inline, without qsort's call to compare
 * per step; the gaps above the count are skipped, so a hand's few keys see one insertion sort. */
static void sort_keys(uint64_t *k, size_t n) {
    static const size_t gaps[] = {1750, 701, 301, 132, 57, 23, 10, 4, 1};
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        size_t gap = gaps[g];
        if (gap >= n) continue;
        for (size_t a = gap; a < n; a++) {
            uint64_t x = k[a];
            size_t b = a;
            while (b >= gap && k[b - gap] > x) { k[b] = k[b - gap]; b -= gap; }
            k[b] = x;
        }
    }
}

int nb_decompose(const uint8_t *counts, int wilds, int n_melds, nb_keys *out) {
    return nb_decompose_only(counts, wilds, n_melds, ~0ull, ~0ull, out);
}

int nb_decompose_only(const uint8_t *counts, int wilds, int n_melds, uint64_t wild_pungs, uint64_t wild_chows,
                      nb_keys *out) {
    dec_t st;
    st.wild_pungs = wild_pungs;
    st.wild_chows = wild_chows;
    memcpy(st.c, counts, NB_KINDS);
    hand_indices(st.c, st.idx);
    memcpy(st.idx0, st.idx, sizeof st.idx0);
    st.log_len = 0;
    st.n_states = 0;
    st.wilds = wilds;
    st.melds_left = st.n_melds = n_melds;
    st.pair_left = 1;
    st.pair = 0;
    st.present = present_kinds(counts);
    st.depth = 0;
    st.out = out;
    st.failed = 0;
    st.last_kind = -1;
    st.last_code = 0;
    out->len = 0;
    /* The search reads the tables (nb_init must have run). */
    if (!tables_ready) return -1;
    st.meld_wilds = 0;
    for (int s = 0; s < 4; s++) {
        st.e[s] = win_entry(s, st.idx[s]);
        st.meld_wilds += st.e[s] & 15;
    }
    node_t top = node_at(&st, 0);
    if (!fits(&top, st.e[0], wilds, 1)) return 0; /* no win: nothing to list */
    decompose_from(&st);
    if (st.failed) return -1;
    /* each split was reached once (see dec_t.last_code): sorted, the keys are the answer */
    if (out->len > 1) sort_keys(out->keys, out->len);
    return 0;
}

void nb_keys_free(nb_keys *keys) {
    free(keys->heap);
    keys->keys = keys->heap = NULL;
    keys->len = keys->cap = 0;
}

/* ---------------------------------------------------------------- readings */

/* Per chow wild rank: its wild mask (CHOW_MASK_RANK's inverse). */
static const uint8_t CHOW_RANK_MASK[8] = {0, 1, 3, 7, 5, 2, 6, 4};

/* The wait a winning tile makes in slot pos of a group (as _reference_readings._wait). */
static inline int wait_number(int type, int first, int pos) {
    if (type == NB_PAIR) return 0;
    if (type == NB_PUNG) return 1;
    if (pos == 1) return 2;
    int rank = KIND_RANK[first];
    return (pos == 2 && rank == 0) || (pos == 0 && rank == 6) ? 3 : 4;
}

#define NO_WAIT 255

/* What nb_readings reads of a group, by group code. */
typedef struct {
    uint8_t type, first;
    uint8_t real_waits[3]; /* per slot, the wait of a real winning tile of its kind (a pair's or
                            * pung's in slot 0), or NO_WAIT where a wild stands */
    uint8_t n_wild_waits;
    uint8_t wild_waits[3]; /* the waits of a wild winning tile, in slot order, each once */
    uint16_t order;        /* its place in the order of the Python tuples (type, first, mask):
                            * codes order types and first kinds alike, and a pair's or pung's
                            * masks by their number of wilds as the tuples do, but a chow's by
                            * the tuple of its wild kinds, while a mask tuple sorts as its bits
                            * (slot 0, slot 1, slot 2) read as a binary number */
} group_info_t;

static group_info_t group_info[NB_GROUP_CODES];

static void build_group_info(void) {
    for (int code = 0; code < NB_GROUP_CODES; code++) {
        group_info_t *g = &group_info[code];
        int type = code / 272, first = (code % 272) >> 3, rank = code & 7;
        if (first >= NB_KINDS) continue; /* no such group */
        int slots = type == NB_PAIR ? 2 : 3;
        int wild_bits = type == NB_CHOW ? CHOW_RANK_MASK[rank] : (1 << rank) - 1;
        g->type = (uint8_t)type;
        g->first = (uint8_t)first;
        g->order = (uint16_t)(type == NB_CHOW ? (code & ~7) | ((wild_bits & 1) << 2) | (wild_bits & 2) | (wild_bits >> 2) : code);
        for (int pos = 0; pos < 3; pos++) g->real_waits[pos] = NO_WAIT;
        int seen = 0;
        for (int pos = 0; pos < slots; pos++) {
            int wait = wait_number(type, first, pos);
            if (!((wild_bits >> pos) & 1)) {
                if (type == NB_CHOW || g->real_waits[0] == NO_WAIT) g->real_waits[type == NB_CHOW ? pos : 0] = (uint8_t)wait;
            } else if (!((seen >> wait) & 1)) {
                seen |= 1 << wait;
                g->wild_waits[g->n_wild_waits++] = (uint8_t)wait;
            }
        }
    }
}

/* Most hands keep a few readings, whose keys a scan of the list finds fastest; past
 * SCAN_MAX of them the keys kept also go into an open-addressing set (of key + 1: keys stay
 * below 2**55, and 0 marks a free slot), so a hand with thousands of readings stays linear. */
#define SCAN_MAX 32

typedef struct {
    uint64_t *slots;
    size_t cap; /* a power of two, at least twice the keys held */
    int shift;  /* 64 - log2(cap) */
} key_set;

static inline size_t key_slot(const key_set *set, uint64_t key) {
    return (size_t)(((key + 1) * 0x9E3779B97F4A7C15ull) >> set->shift);
}

/* Whether key is in the set; adds it when not. */
static int key_set_add(key_set *set, uint64_t key, int *added) {
    size_t mask = set->cap - 1, at = key_slot(set, key);
    while (set->slots[at]) {
        if (set->slots[at] == key + 1) {
            *added = 0;
            return 0;
        }
        at = (at + 1) & mask;
    }
    set->slots[at] = key + 1;
    *added = 1;
    return 0;
}

/* A set holding the keys of the readings listed so far, room for twice as many. */
static int key_set_rebuild(key_set *set, const nb_reading_list *list) {
    size_t cap = 64;
    int shift = 58;
    while (cap < 4 * list->len) { cap *= 2; shift--; }
    uint64_t *slots = calloc(cap, sizeof *slots);
    if (!slots) return -1;
    free(set->slots);
    set->slots = slots;
    set->cap = cap;
    set->shift = shift;
    int added;
    for (size_t r = 0; r < list->len; r++) key_set_add(set, list->items[r].key, &added);
    return 0;
}

/* Whether no reading listed so far has this key; -1 when memory runs out. */
static int key_is_new(key_set *set, const nb_reading_list *list, uint64_t key) {
    if (list->len <= SCAN_MAX) {
        for (size_t r = 0; r < list->len; r++)
            if (list->items[r].key == key) return 0;
        return 1;
    }
    if (!set->slots || 2 * (list->len + 1) > set->cap) {
        if (key_set_rebuild(set, list)) return -1;
    }
    int added;
    key_set_add(set, key, &added);
    return added;
}

static int readings_push(nb_reading_list *list, nb_reading reading) {
    if (list->len == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 16;
        nb_reading *p = malloc(cap * sizeof *p);
        if (!p) return -1;
        if (list->len) memcpy(p, list->items, list->len * sizeof *p);
        free(list->heap);
        list->items = list->heap = p;
        list->cap = cap;
    }
    list->items[list->len++] = reading;
    return 0;
}

int nb_readings(const nb_keys *splits, int n_melds, int win, const nb_reading_codes *codes, nb_reading_list *out) {
    const uint64_t code_mask = (1u << NB_CODE_BITS) - 1, or_bits = codes->or_bits;
    key_set seen = {NULL, 0, 0};
    int failed = 0;
    out->len = 0;
    for (size_t r = 0; r < splits->len && !failed; r++) {
        int g[1 + NB_MAX_MELDS]; /* the pair's code, then the melds' */
        uint64_t key = splits->keys[r];
        for (int j = n_melds; j >= 1; j--) {
            g[j] = (int)(key & code_mask);
            key >>= NB_CODE_BITS;
        }
        g[0] = (int)key;
        /* The melds as their tuples sort: the codes' order but for chows from one kind with
         * different wilds (codes 8 apart share a type and first kind; below 272 a chow), which
         * a split rarely holds: the sort runs only then. */
        int unsorted = 0;
        for (int a = 2; a <= n_melds; a++)
            unsorted |= g[a] < 272 && g[a] != g[a - 1] && (g[a] >> 3) == (g[a - 1] >> 3);
        if (unsorted) {
            for (int a = 2; a <= n_melds; a++) {
                int x = g[a], b = a - 1, order = group_info[x].order;
                while (b >= 1 && group_info[g[b]].order > order) { g[b + 1] = g[b]; b--; }
                g[b + 1] = x;
            }
        }
        uint64_t c = codes->pair[group_info[g[0]].first];
        uint64_t base = c & ~or_bits, ored = c & or_bits, split = 0;
        for (int j = 1; j <= n_melds; j++) { /* the key adds (or ors) the codes: their order does not matter */
            const group_info_t *info = &group_info[g[j]];
            c = info->type == NB_CHOW ? codes->chow[info->first] : codes->pung[info->first];
            base += c & ~or_bits;
            ored |= c & or_bits;
        }
        base |= ored;
        for (int gi = 0; gi <= n_melds; gi++) {
            if (gi > 1 && g[gi] == g[gi - 1]) continue; /* a meld equal to the one before offers the same slots */
            const group_info_t *info = &group_info[g[gi]];
            const uint8_t *waits = info->wild_waits;
            int n_waits = info->n_wild_waits;
            if (win >= 0) { /* a real winning tile takes the one slot of its kind, if real */
                unsigned pos = (unsigned)(win - info->first);
                if (info->type != NB_CHOW && pos) pos = 3;
                n_waits = pos <= 2 && info->real_waits[pos] != NO_WAIT;
                waits = info->real_waits + (n_waits ? pos : 0);
            }
            for (int w = 0; w < n_waits; w++) {
                uint64_t reading_key = (base * 8 + waits[w]) * 512;
                if (codes->exposed && info->type == NB_PUNG) reading_key += codes->exposed[info->first] + 1;
                int fresh = key_is_new(&seen, out, reading_key);
                if (fresh > 0) {
                    if (!split) { /* the groups' codes, as the first reading of the split needs them */
                        split = (uint64_t)g[0];
                        for (int j = 1; j <= n_melds; j++) split = (split << NB_CODE_BITS) | (uint64_t)g[j];
                    }
                    nb_reading reading = {reading_key, split, (uint8_t)gi, waits[w]};
                    fresh = readings_push(out, reading) ? -1 : 0;
                }
                if (fresh < 0) {
                    failed = 1;
                    break;
                }
            }
        }
    }
    free(seen.slots);
    return failed ? -1 : 0;
}

void nb_reading_list_free(nb_reading_list *list) {
    free(list->heap);
    list->items = list->heap = NULL;
    list->len = list->cap = 0;
}
