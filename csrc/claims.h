/* Claims on a discard in C: which claims a hand may make on a discarded tile, and whose
 * claim takes it (rulebook NB-7.1 to NB-7.7, NB-8.9).
 *
 * Small integers only; the caller reads the variant and passes plain values. The same API
 * as nbmj.core._reference_claims (the Python reference documents every argument). Callers
 * validate their input first; these functions assume it is valid. nb_claim_options needs
 * the shape tables (nb_init, see shape.h) when it is asked about a win; after that neither
 * function touches shared state, so both run without the GIL.
 */
#ifndef NBMJ_CLAIMS_H
#define NBMJ_CLAIMS_H

#include <stdint.h>

/* Claim kinds (Claim in Python): what resolve_claims reads per seat. */
#define NB_CLAIM_NONE 0
#define NB_CLAIM_HU 1
#define NB_CLAIM_KAN 2
#define NB_CLAIM_PON 3
#define NB_CLAIM_CHI 4

/* Flags in (ClaimFlag): which claims may be offered, and how wilds behave. */
#define NB_MAY_HU 1
#define NB_MAY_KAN 2
#define NB_MAY_PON 4
#define NB_MAY_CHI 8
#define NB_DISCARDED_WILD 16
#define NB_WILDS_IN_MELDS 32

/* Options out (ClaimOption): HU, KAN, PON share the flag bits; chows by the claimed
 * tile's place in the run. */
#define NB_OPT_HU 1
#define NB_OPT_KAN 2
#define NB_OPT_PON 4
#define NB_OPT_CHI_HIGH 8  /* uses tile-2, tile-1 */
#define NB_OPT_CHI_MID 16  /* uses tile-1, tile+1 */
#define NB_OPT_CHI_LOW 32  /* uses tile+1, tile+2 */

/* counts: 34 counts, wild kinds counted as themselves; wilds: wild tiles besides them;
 * wild_mask: bit k when kind k is wild; tile: 0-41 (34 and up is a wild flower);
 * relation: 1 next, 2 opposite, 3 previous. Returns the NB_OPT_* bits. */
int nb_claim_options(const uint8_t *counts, int wilds, uint64_t wild_mask, int tile, int relation, int flags);

/* declared: 4 claim kinds by seat (the discarder's is NONE); tiers: the tier of HU, KAN,
 * PON, CHI (lower first); seat_order: relations 1-3, nearest first. Writes the winning
 * seats, nearest first, to out (room for 3) and returns how many. */
int nb_resolve_claims(const uint8_t *declared, int discarder, const uint8_t *tiers, const uint8_t *seat_order,
                      int all_winners, uint8_t *out);

#endif
