# result.py's ScoreResult as an extension type (compiled from result.py itself).

cdef class ScoreResult:
    cdef readonly bint valid
    cdef readonly object reason
    cdef readonly object reason_rule
    cdef readonly tuple items
    cdef readonly object tai
    cdef readonly object fu
    cdef readonly object fan
    cdef readonly object points
    cdef readonly dict payments
    cdef readonly str decomposition
    cdef readonly str wait
    cdef readonly object hu
    cdef readonly object fan_raw
    cdef readonly object minimum_tai
    cdef readonly bint capped
    cdef readonly tuple payment_rules
    cdef readonly object multiplier
    cdef readonly object minimum
    cdef readonly tuple minimum_alternatives
    cdef readonly object variant
