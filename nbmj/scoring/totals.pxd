# totals.py's sums as C loops (compiled from totals.py itself; see nbmj/engine/state.pxd).
cimport cython


@cython.locals(tai=object, minimum_tai=object, multiplier=object, capped=bint, entry=tuple, item=object, value=object)
cpdef object tai_from_entries(object scoring, object entries)
@cython.locals(reached=double, alt_tai=double, alt_multiplier=double)
cpdef bint reaches_minimum(object scoring, double tai, double value, double multiplier) except -1
@cython.locals(counted=double, multiplier=double)
cpdef bint meets_minimum(object scoring, object total) except -1
