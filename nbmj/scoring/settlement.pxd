# settlement.py's records (Link, Owing, LoserPayment) as extension types and its payment look-up as C (compiled from
# settlement.py itself; see nbmj/engine/state.pxd).
cimport cython

from nbmj.scoring._by_object cimport ByObject
from nbmj.scoring.situation cimport Situation


cdef class Link:
    cdef readonly str seat
    cdef readonly long fed_winner
    cdef readonly long winner_fed
    cdef readonly bint mutual


cdef class Owing:
    cdef readonly str payer
    cdef readonly long amount
    cdef readonly str basis
    cdef readonly object rule
    cdef readonly str situation
    cdef readonly long multiplier
    cdef readonly tuple roles
    cdef readonly long replaced
    cdef readonly object partner
    cdef readonly object link
    cdef readonly tuple covers


cdef class LoserPayment:
    cdef readonly str payer
    cdef readonly str payee
    cdef readonly long amount
    cdef readonly long payer_fu
    cdef readonly long payee_fu
    cdef readonly str relation
    cdef readonly long step
    cdef readonly long rate
    cdef readonly long steps
    cdef readonly str mode


# a C variable: settle calls its get as a C method
cdef ByObject _UNIT_PAYMENTS


cdef Py_ssize_t _SCALED_KEPT
cdef dict _NO_PAYMENTS
@cython.locals(cache=dict, key=tuple, unit=tuple, factors=tuple, f=object, s=str, bloom=object,
               melds=tuple, scaled=dict, payments=dict)
cpdef tuple payments_of(Situation sit, object rules, object points, bint valid)
