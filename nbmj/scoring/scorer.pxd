# scorer.py's functions as C functions over the scoring's extension types (compiled from
# scorer.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring.facts cimport HandFacts, facts
from nbmj.scoring.items cimport ItemPlan, plan_for
from nbmj.scoring.readings cimport Candidate, Reading, build_reading, candidate_notation, candidates
from nbmj.scoring.result cimport ScoreResult
from nbmj.scoring.settlement cimport payments_of
from nbmj.scoring.shapes cimport is_shape_candidate
from nbmj.scoring.situation cimport Situation, check_situation
from nbmj.scoring.totals cimport meets_minimum, tai_from_entries


cdef class _Settings:
    cdef readonly bint wilds
    cdef readonly tuple shapes
    cdef readonly bint win_on_discard
    cdef readonly bint claim_discarded_wild
    cdef readonly bint rob_kong
    cdef readonly bint heavenly_any
    cdef readonly object scoring
    cdef readonly object minimum
    cdef readonly tuple alternatives
    cdef readonly str name
    cdef readonly str minimum_rule
    cdef readonly Py_ssize_t hand_size
    cdef readonly dict outcomes


cdef class _Outcome:
    cdef readonly tuple applied
    cdef readonly object total
    cdef readonly str short
    cdef readonly tuple key_valid
    cdef readonly tuple key_refused


# C variables: their get is called as a C method
cdef ByObject _SETTINGS
cdef ByObject _HAND_FU_ITEMS
cdef Py_ssize_t _OUTCOMES_KEPT
cdef long _SHORT


@cython.locals(settings=_Settings)
cpdef _Settings _settings(object rules)
@cython.locals(entries=list, short=str, outcome=_Outcome)
cpdef _Outcome _outcome(_Settings settings, ItemPlan plan, tuple found)
@cython.locals(i=Py_ssize_t, slot=Py_ssize_t, per_reading=bint)
cpdef Py_ssize_t _forbidding(ItemPlan plan, list values, str win_by) except -2
cpdef tuple _key(object total, object reason)
cpdef ScoreResult score(object situation, object rules)
@cython.locals(sit=Situation, hf=HandFacts, plan=ItemPlan, cands=list, values=list, hand_part=list, memo=dict,
               scored=tuple, best=tuple, rd=Reading, applied=tuple, found=tuple, outcome=_Outcome,
               refusal=Py_ssize_t, hand_refusal=Py_ssize_t, cand=Candidate, best_cand=Candidate,
               settings=_Settings)
cpdef ScoreResult _score_one(Situation situation, object rules, object hand_facts)
@cython.locals(choices=list, best=ScoreResult, result=ScoreResult, choice=Situation)
cpdef ScoreResult _score_with_facts(Situation situation, object rules, object hand_facts)
cpdef list heavenly_choices(Situation sit, object rules)
@cython.locals(out=list, seen=set, rest=list, t=int)
cpdef list _winning_tile_choices(Situation sit)
cpdef bint _heavenly_any(Situation sit, object rules) except -1
