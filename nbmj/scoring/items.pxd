# items.py's records and plan as extension types, its loops over C ints (compiled from
# items.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring.expressions cimport Program
from nbmj.scoring.facts cimport HandFacts
from nbmj.scoring.readings cimport Reading, SignatureSpec


cdef class Applied:
    cdef readonly object item
    cdef readonly long count
    cdef readonly long value


cdef class ItemPlan:
    cdef public tuple items
    cdef public Program program
    cdef public list hand_items
    cdef public list reading_items
    cdef public list values
    cdef public list restrictions
    cdef public list hand_conditions
    cdef public bint reading_restrictions
    cdef public Py_ssize_t n_values
    cdef public bint resolve
    cdef public SignatureSpec spec
    cdef public dict memo
    cdef public Py_ssize_t _memo_size
    cdef public list _recent

    @cython.locals(order=Py_ssize_t, when=Py_ssize_t, each=Py_ssize_t, n=long, value=long, item_values=list)
    cpdef _entries(self, list compiled, list values, list out)
    cpdef list new_values(self)
    @cython.locals(win_by=str, position=Py_ssize_t, condition=Program, slot=Py_ssize_t)
    cpdef Py_ssize_t fill_hand(self, HandFacts hf, list values) except -2
    @cython.locals(out=list)
    cpdef list hand_entries(self, list values)
    cpdef list hand_part(self, HandFacts hf, list values)
    cpdef tuple reading_context(self, HandFacts hf, list values)
    @cython.locals(memo=dict, seat_kind=int, round_kind=int, melded=tuple, win_by=str, recent=tuple)
    cpdef dict memo_of(self, HandFacts hf, list values)
    @cython.locals(per_context=dict)
    cpdef dict memo_for(self, tuple context)
    cpdef forget(self)
    @cython.locals(out=list)
    cpdef tuple found_entries(self, HandFacts hf, Reading rd, list hand_part, list values)
    @cython.locals(items=tuple, entries=list)
    cpdef list entries_of(self, tuple found)
    cpdef list apply_entries(self, HandFacts hf, Reading rd, list hand_part, list values)


# a C variable: plan_for calls its get as a C method
cdef ByObject _PLANS
cdef Py_ssize_t _RECENT_CONTEXTS


@cython.locals(plan=ItemPlan)
cpdef ItemPlan plan_for(object rules)
cpdef list _resolve_entries(list cands)
