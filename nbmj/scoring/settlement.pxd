# settlement.py's Link as an extension type and its payment look-up as C (compiled from
# settlement.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring.situation cimport Situation


cdef class Link:
    cdef readonly str seat
    cdef readonly long fed_winner
    cdef readonly long winner_fed
    cdef readonly bint mutual


@cython.locals(per_rules=tuple, cache=dict, key=tuple, unit=tuple, factors=tuple, f=object, s=str)
cpdef tuple settle(Situation sit, object rules, object points, bint valid=*)
