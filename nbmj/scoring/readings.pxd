# readings.py's Reading as an extension type and its functions as C functions (compiled from
# readings.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring._decomp cimport ReadingCodes
from nbmj.scoring._decomp cimport readings as core_readings
from nbmj.scoring.facts cimport HandFacts, SetGroup, suit_bit
from nbmj.scoring.situation cimport Situation


cdef class Reading:
    cdef public tuple sets
    cdef public tuple pungs
    cdef public int chows
    cdef public int pair
    cdef public int pair_wilds
    cdef public str wait
    cdef public int wild_as_itself
    cdef public object split
    cdef public str shape
    cdef public int suits


cdef class SignatureSpec:
    cdef readonly tuple classes
    cdef readonly bint exposure
    cdef readonly bint pair_class
    cdef readonly bint itself
    cdef readonly bint chows
    cdef readonly bint suits
    cdef readonly bint pair_wilds
    cdef readonly bint chow_ranks
    cdef readonly bint chow_kinds


cdef class Candidate:
    cdef public object signature
    cdef public tuple split
    cdef public int exposed
    cdef public str wait
    cdef public int wild_as_itself


cdef class SpecTables:
    cdef readonly SignatureSpec spec
    cdef readonly tuple cls
    cdef readonly tuple pung_codes
    cdef readonly ReadingCodes codes_on_discard
    cdef readonly ReadingCodes codes
    cdef readonly dict keep
    cpdef frozenset keep_for(self, frozenset wild_kinds)


# a C variable: spec_tables calls its get as a C method
cdef ByObject _TABLES


@cython.locals(winds=int, tables=SpecTables, tables_by_winds=list)
cpdef SpecTables spec_tables(SignatureSpec spec, int seat_kind, int round_kind)
@cython.locals(sit=Situation, tables=SpecTables, cls=tuple, keep=frozenset, win=int, on_discard=bint,
               track_itself=bint, track_pair_wilds=bint, chow_kinds=bint, suits=bint, key=cython.ulonglong, suit_class=cython.ulonglong, melded_suits=cython.ulonglong, g=SetGroup, codes=ReadingCodes, found=list, gi=int, out=list,
               seen_readings=set, use_pair=bint, use_exposure=bint, win_key=int, first=int, pos=int, typ=str,
               mask=tuple, melds=tuple, pair=tuple, groups=tuple, exposed_gi=int, split=tuple)
cpdef list candidates(HandFacts hf, SignatureSpec spec=*)
@cython.locals(cand=Candidate)
cdef Candidate _candidate(object signature, tuple split, int exposed, str wait, int wild_as_itself)
# the canonical suit class of a core key's or-ed suit bits (C look-ups in candidates)
cdef tuple _SUIT_CLASS_IN_KEY
cdef long _ON_A_DISCARD_CODES
cdef unsigned long long _KEY_SUITS
cdef int _KEY_SUIT_SHIFT
cdef dict _GROUP_SETS
cdef Py_ssize_t _GROUP_SETS_KEPT
@cython.locals(found=tuple)
cpdef tuple _group_sets(tuple group)
@cython.locals(split=tuple, pair=tuple, melds=tuple, exposed=int, gj=int, sets=list, both=tuple, pair_wilds=int)
cpdef Reading build_reading(HandFacts hf, Candidate cand)
@cython.locals(pair=tuple, melds=tuple, parts=list)
cpdef str candidate_notation(HandFacts hf, Candidate cand)
@cython.locals(first=Py_ssize_t)
cdef str _meld_text(tuple meld)
# the notation of each kind's chow, pung and pair (C look-ups in candidate_notation)
cdef tuple _CHOW_TEXT
cdef tuple _PUNG_TEXT
cdef tuple _PAIR_TEXT
