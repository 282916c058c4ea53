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

typedef struct {
    uint8_t c[NB_KINDS];
    int idx[4]; /* the suits' table indices of c (hand_indices), kept as c changes */
    int wilds, melds_left, pair_left, n_melds;
    uint16_t pair;
    uint16_t melds[NB_MAX_MELDS];
    int depth;
    nb_keys *out;
    int failed;
    uint64_t wild_pungs, wild_chows; /* kinds that groups of wilds only may take */
} dec_t;

static int keys_push(nb_keys *k, uint64_t key) {
    if (k->len == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        uint64_t *p = realloc(k->keys, cap * sizeof *p);
        if (!p) return -1;
        k->keys = p;
        k->cap = cap;
    }
    k->keys[k->len++] = key;
    return 0;
}

static void emit(dec_t *st) {
    uint16_t m[NB_MAX_MELDS];
    int n = st->n_melds;
    memcpy(m, st->melds, n * sizeof *m);
    for (int a = 1; a < n; a++) { /* insertion sort: at most four melds */
        uint16_t x = m[a];
        int b = a - 1;
        while (b >= 0 && m[b] > x) { m[b + 1] = m[b]; b--; }
        m[b + 1] = x;
    }
    uint64_t key = st->pair;
    for (int a = 0; a < n; a++) key = (key << NB_CODE_BITS) | m[a];
    if (keys_push(st->out, key)) st->failed = 1;
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

/* Whether the real tiles left can still be completed with the wilds left: groups are
 * taken lowest kind first, so a branch that cannot win is cut before it is explored. The
 * counts of tiles and groups left always agree (3 per meld, 2 for the pair), so enough
 * wilds is all it takes. */
static inline int can_finish(const dec_t *st) {
    const int *idx = st->idx;
    uint8_t e[4] = {win_suit[idx[0]], win_suit[idx[1]], win_suit[idx[2]], win_honor[idx[3]]};
    int melds = (e[0] & 15) + (e[1] & 15) + (e[2] & 15) + (e[3] & 15);
    if (!st->pair_left) return melds <= st->wilds;
    for (int s = 0; s < 4; s++)
        if (melds - (e[s] & 15) + (e[s] >> 4) <= st->wilds) return 1;
    return 0;
}

/* Per kind: its suit (0-3) and its weight in that suit's table index (5 ** its place, as
 * suit_index reads the counts). */
static const uint8_t KIND_SUIT[NB_KINDS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3};
static const int KIND_WEIGHT[NB_KINDS] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1, 5, 25, 125, 625, 3125, 15625};

static inline void take(dec_t *st, int kind, int n) { /* n < 0 puts tiles back */
    st->c[kind] -= n;
    st->idx[KIND_SUIT[kind]] -= n * KIND_WEIGHT[kind];
}

/* The wild masks (bit j: slot j of the chow is a wild) of a chow whose slot o holds kind i,
 * the lowest real tile left: the slots below o are wilds, slot o is real, the slots above
 * either. By o: {0, 2, 4, 6}, {1, 5}, {3}, in increasing order. */
static const uint8_t CHOW_MASKS[3][4] = {{0, 2, 4, 6}, {1, 5, 0, 0}, {3, 0, 0, 0}};
static const int N_CHOW_MASKS[3] = {4, 2, 1};

static void decompose_from(dec_t *st, int from) {
    if (st->failed) return;
    if (!can_finish(st)) return;
    int i = from;
    while (i < NB_KINDS && !st->c[i]) i++;
    if (i == NB_KINDS) {
        finish_with_wilds(st);
        return;
    }
    int ci = st->c[i];
    /* pungs and pairs holding r real tiles of kind i, the other slots wild */
    if (st->melds_left) {
        for (int r = 1; r <= 3 && r <= ci; r++) {
            if (3 - r > st->wilds) continue;
            take(st, i, r); st->wilds -= 3 - r; st->melds_left--;
            st->melds[st->depth++] = group_code(NB_PUNG, i, 3 - r);
            decompose_from(st, i);
            st->depth--;
            take(st, i, -r); st->wilds += 3 - r; st->melds_left++;
        }
    }
    if (st->pair_left) {
        for (int r = 1; r <= 2 && r <= ci; r++) {
            if (2 - r > st->wilds) continue;
            take(st, i, r); st->wilds -= 2 - r; st->pair_left = 0;
            st->pair = group_code(NB_PAIR, i, 2 - r);
            decompose_from(st, i);
            take(st, i, -r); st->wilds += 2 - r; st->pair_left = 1;
        }
    }
    /* chows through kind i: slots below i are wilds (nothing real is left there), slot i
     * takes a real tile, higher slots take a real tile or a wild (CHOW_MASKS). */
    if (st->melds_left && i < 27) {
        for (int s = i - 2; s <= i; s++) {
            if (s < 0 || s / 9 != i / 9 || s % 9 > 6) continue;
            const uint8_t *masks = CHOW_MASKS[i - s];
            for (int m = 0; m < N_CHOW_MASKS[i - s]; m++) {
                int mask = masks[m];
                int ok = 1, used = 0;
                for (int j = 0; j < 3; j++) {
                    int wild = (mask >> j) & 1;
                    if (!wild && s + j > i && !st->c[s + j]) ok = 0;
                    used += wild;
                }
                if (!ok || used > st->wilds) continue;
                for (int j = 0; j < 3; j++)
                    if (!((mask >> j) & 1)) take(st, s + j, 1);
                st->wilds -= used; st->melds_left--;
                st->melds[st->depth++] = group_code(NB_CHOW, s, CHOW_MASK_RANK[mask]);
                decompose_from(st, i);
                st->depth--;
                st->wilds += used; st->melds_left++;
                for (int j = 0; j < 3; j++)
                    if (!((mask >> j) & 1)) take(st, s + j, -1);
            }
        }
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
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
    st.wilds = wilds;
    st.melds_left = st.n_melds = n_melds;
    st.pair_left = 1;
    st.pair = 0;
    st.depth = 0;
    st.out = out;
    st.failed = 0;
    out->len = 0;
    /* The pruning in decompose_from reads the tables (nb_init must have run). */
    if (!tables_ready) return -1;
    decompose_from(&st, 0);
    if (st.failed) return -1;
    if (out->len > 1) {
        if (out->len <= 32) { /* most hands: an insertion sort, without qsort's calls to compare */
            uint64_t *k = out->keys;
            for (size_t a = 1; a < out->len; a++) {
                uint64_t x = k[a];
                size_t b = a;
                while (b > 0 && k[b - 1] > x) { k[b] = k[b - 1]; b--; }
                k[b] = x;
            }
        } else {
            qsort(out->keys, out->len, sizeof *out->keys, cmp_u64);
        }
        size_t w = 1;
        for (size_t r = 1; r < out->len; r++)
            if (out->keys[r] != out->keys[w - 1]) out->keys[w++] = out->keys[r];
        out->len = w;
    }
    return 0;
}

void nb_keys_free(nb_keys *keys) {
    free(keys->keys);
    keys->keys = NULL;
    keys->len = keys->cap = 0;
}
