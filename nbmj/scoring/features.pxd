# features.py's implementations as extension types over the scoring's extension types
# (compiled from features.py itself; see nbmj/engine/state.pxd). Each feature's value is a
# C method of its class (cpdef: the program's loop calls it through the type's table of C
# methods, a Python caller as a method); they call one another, and the scorer's readings, in C.
cimport cython

from nbmj.scoring.facts cimport FlowerCounts, HandFacts, HandLevel, SetGroup, class_code, kind_in_class, sets_only, suit_bit, win_method_code
from nbmj.scoring.readings cimport Reading


cdef class FeatureImpl:
    cdef readonly tuple args
    cpdef long value(self, HandFacts hf, Reading rd) except? -1
    cpdef long level_value(self, HandLevel hl) except? -2


cdef class HandLevelFeature(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1


cdef class FeatureDef:
    cdef readonly str name
    cdef readonly object impl
    cdef readonly bint reading
    cdef readonly object needs


cdef class Pungs(FeatureImpl):
    cdef readonly int cls
    cdef readonly object exposed
    cdef readonly object size
    @cython.locals(cls=int, n=long, g=SetGroup)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class Pairs(FeatureImpl):
    cdef readonly int cls
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class Chows(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1


@cython.locals(mask=long, g=SetGroup)
cpdef long _suit_mask(Reading rd) except? -1


cdef class Flush(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class HalfFlush(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class AllHonors(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class AllPungs(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class AllChows(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1


@cython.locals(firsts=list, counts=list, g=SetGroup)
cpdef list chow_multiplicities(Reading rd)


cdef class IdenticalChows(FeatureImpl):
    @cython.locals(most=long, n=long)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class ChowPairs(FeatureImpl):
    @cython.locals(found=long, n=long)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class Wait(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class BigCrane(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class WildAsItself(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class AllSimples(FeatureImpl):
    @cython.locals(g=SetGroup)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class Shape(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class WildPairWin(FeatureImpl):
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class WinTileWild(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class ConcealedHand(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class WildsHeld(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class WildSingleWait(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2
    @cython.locals(before=bytearray, wilds=long)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1


cpdef bint wild_single_wait_of(bytearray before, long wilds) except -1
cdef bytearray _NO_BYTES


cdef class DiscardedWild(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class Flowers(HandLevelFeature):
    cdef readonly int which
    cdef readonly bint outside
    @cython.locals(seat=long, other=long)
    cpdef long count(self, FlowerCounts fc) except? -1
    cpdef long level_value(self, HandLevel hl) except? -2


cdef class FlowerSets(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class Win(HandLevelFeature):
    cdef readonly int method
    cpdef long level_value(self, HandLevel hl) except? -2

cdef long _SELF_DRAWN_CODES


cdef class SelfDraw(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class AfterDiscardKong(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class AfterKong(FeatureImpl):
    @cython.locals(n=long)
    cpdef long value(self, HandFacts hf, Reading rd) except? -1

cdef class LastTile(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class FirstTurn(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class Dealer(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2

cdef class MeldsExposed(HandLevelFeature):
    cpdef long level_value(self, HandLevel hl) except? -2
