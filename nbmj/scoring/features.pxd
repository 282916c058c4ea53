# features.py's implementations as C functions over the scoring's extension types (compiled
# from features.py itself; see nbmj/engine/state.pxd). The registry holds them as Python
# callables; they call one another, and the scorer's readings, in C.
cimport cython

from nbmj.scoring.facts cimport FlowerCounts, HandFacts, SetGroup, tile_in_class
from nbmj.scoring.readings cimport Reading


cdef class FeatureDef:
    cdef readonly str name
    cdef readonly object impl
    cdef readonly bint reading
    cdef readonly object needs


@cython.locals(mask=long, g=SetGroup)
cpdef long _suit_mask(Reading rd) except? -1
cdef dict _PARSED_FLOWER_ARGS


@cython.locals(which=int, outside=bint, seat=long, other=long, parsed=tuple)
cpdef object flowers_asked(tuple args, FlowerCounts fc)
cdef dict _PUNGS_ARGS
@cython.locals(parsed=tuple, n=long, g=SetGroup)
cpdef long pungs(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long pairs(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long chows(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long flush(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long half_flush(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long all_honors(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long all_pungs(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long all_chows(tuple args, HandFacts hf, Reading rd) except? -1
@cython.locals(firsts=list, counts=list, g=SetGroup)
cpdef list chow_multiplicities(Reading rd)
@cython.locals(most=long, n=long)
cpdef long identical_chows(tuple args, HandFacts hf, Reading rd) except? -1
@cython.locals(found=long, n=long)
cpdef long chow_pairs(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long wait(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long big_crane(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long wild_as_itself(tuple args, HandFacts hf, Reading rd) except? -1
@cython.locals(g=SetGroup)
cpdef long all_simples(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long shape(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long wild_pair_win(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long win_tile_wild(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long concealed_hand(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long wilds_held(tuple args, HandFacts hf, Reading rd) except? -1
@cython.locals(before=list, wilds=long, t=long)
cpdef long wild_single_wait(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long discarded_wild(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long flowers(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long flower_sets(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long win(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long self_draw(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long after_discard_kong(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long after_kong(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long last_tile(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long first_turn(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long dealer(tuple args, HandFacts hf, Reading rd) except? -1
cpdef long melds_exposed(tuple args, HandFacts hf, Reading rd) except? -1
