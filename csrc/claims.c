/* Claims on a discard; see claims.h. */
#include "claims.h"

#include "shape.h"

#define HONOURS_START 27

int nb_claim_options(const uint8_t *counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags) {
    int tile_wild = tile >= NB_KINDS || ((wild_mask >> tile) & 1);
    int out = 0;
    if (tile_wild && !(flags & NB_DISCARDED_WILD)) return 0; /* NB-8.9: a dead wild */
    if (flags & NB_MAY_HU) {
        uint8_t shape[NB_KINDS];
        int w = wilds, total = wilds;
        for (int k = 0; k < NB_KINDS; k++) {
            total += counts[k];
            if ((wild_mask >> k) & 1) {
                w += counts[k];
                shape[k] = 0;
            } else {
                shape[k] = counts[k];
            }
        }
        if (total % 3 == 1) {
            int fits = 1;
            if (tile_wild) w++;
            else if (shape[tile] < 4) shape[tile]++;
            else fits = 0; /* no fifth natural copy */
            if (fits && nb_is_win(shape, w)) out |= NB_OPT_HU;
        }
    }
    int in_melds = (flags & NB_WILDS_IN_MELDS) != 0;
#define USABLE(k) (in_melds || !((wild_mask >> (k)) & 1))
    if (tile < NB_KINDS && USABLE(tile)) {
        if ((flags & NB_MAY_KAN) && counts[tile] >= 3) out |= NB_OPT_KAN;
        if ((flags & NB_MAY_PON) && counts[tile] >= 2) out |= NB_OPT_PON;
    }
    /* a chow uses the discard too: a wild discard (claimable, NB-4.12) chows only where wilds may meld (NB-4.11) */
    if ((flags & NB_MAY_CHI) && relation == 1 && tile < HONOURS_START && USABLE(tile)) {
        int rank = tile % 9;
        if (rank >= 2 && counts[tile - 2] && counts[tile - 1] && USABLE(tile - 2) && USABLE(tile - 1))
            out |= NB_OPT_CHI_HIGH;
        if (rank >= 1 && rank <= 7 && counts[tile - 1] && counts[tile + 1] && USABLE(tile - 1) && USABLE(tile + 1))
            out |= NB_OPT_CHI_MID;
        if (rank <= 6 && counts[tile + 1] && counts[tile + 2] && USABLE(tile + 1) && USABLE(tile + 2))
            out |= NB_OPT_CHI_LOW;
    }
#undef USABLE
    return out;
}

int nb_resolve_claims(const uint8_t *declared, int discarder, const uint8_t *tiers, const uint8_t *seat_order,
                      int all_winners, uint8_t *out) {
    int seats[3], n = 0, best = -1, first = -1;
    for (int i = 0; i < 3; i++) {
        int q = (discarder + seat_order[i]) % 4;
        if (declared[q] == NB_CLAIM_NONE) continue;
        seats[n++] = q;
        int tier = tiers[declared[q] - 1];
        if (best < 0 || tier < best) {
            best = tier;
            first = q;
        }
    }
    if (first < 0) return 0;
    if (all_winners && declared[first] == NB_CLAIM_HU) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (declared[seats[i]] == NB_CLAIM_HU) out[m++] = (uint8_t)seats[i];
        return m;
    }
    out[0] = (uint8_t)first;
    return 1;
}
