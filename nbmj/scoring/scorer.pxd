# scorer.py's functions as C functions over the scoring's extension types (compiled from
# scorer.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring.facts cimport HandFacts, facts
from nbmj.scoring.items cimport ItemPlan, plan_for
from nbmj.scoring.readings cimport Candidate, Reading, build_reading, candidate_notation, candidates
from nbmj.scoring.result cimport ScoreResult
from nbmj.scoring.settlement cimport settle
from nbmj.scoring.shapes cimport is_shape_candidate
from nbmj.scoring.situation cimport Situation
from nbmj.scoring.totals cimport meets_minimum, tai_from_entries


@cython.locals(entries=list, sit=Situation, slot=Py_ssize_t)
cpdef tuple _evaluate(HandFacts hf, Reading rd, object rules, ItemPlan plan, list hand_part, list values)
cpdef tuple _key(object total, object reason)
cpdef ScoreResult score(Situation situation, object rules)
@cython.locals(sit=Situation, hf=HandFacts, plan=ItemPlan, cands=list, values=list, hand_part=list, memo=dict,
               scored=tuple, best=tuple, rd=Reading, applied=tuple, entries=list, cand=Candidate,
               best_cand=Candidate)
cpdef ScoreResult _score_one(Situation situation, object rules, object hand_facts)
@cython.locals(choices=list, best=ScoreResult, result=ScoreResult, choice=Situation)
cpdef ScoreResult _score_with_facts(Situation situation, object rules, object hand_facts)
@cython.locals(out=list, seen=set, rest=list, t=int)
cpdef list heavenly_choices(Situation sit, object rules)
cpdef bint _heavenly_any(Situation sit, object rules) except -1
