# The view's counting loops, typed for its compiled build (setup.py compiles view.py with this
# .pxd beside it; NBMJ_PUREPYTHON=1 runs view.py itself): these helpers become C functions with C
# locals. Nothing else is declared: SeatView stays a Python class.
cimport cython


@cython.locals(seen=bytearray, t=cython.int)
cdef bytearray _seen_copies(object by_id, object rivers, object melds, int indicator)

@cython.locals(unseen=list, k=cython.int, x=cython.int)
cdef list _unseen_kinds(bytearray seen)
