# The view, typed for its compiled build (setup.py compiles view.py with this .pxd beside it;
# NBMJ_PUREPYTHON=1 runs view.py itself): SeatView becomes an extension type with the fields of
# its __slots__, in view.py's order, and the counting helpers C functions with C locals.
cimport cython


cdef class SeatView:
    cdef public object obs
    cdef public object seat
    cdef public object position
    cdef public object wind
    cdef public object wind_of
    cdef public object round_wind
    cdef public object wilds
    cdef public object wild_kinds
    cdef public object counts
    cdef public object w
    cdef public object wild_ids
    cdef public object melds
    cdef public object rivers
    cdef public object visible
    cdef public object unseen
    cdef public object unseen_wilds
    cdef public object unseen_wild_id
    cdef public object pool
    cdef public object dealer
    cdef public object indicator
    cdef public object _flowers
    cdef public object _discard
    cdef public object _drawable
    cdef public object _discarded_wild
    cdef public object _fed
    cdef public object _river_kinds
    cdef public object _links


@cython.locals(seen=bytearray, t=cython.int)
cdef bytearray _seen_copies(object by_id, object rivers, object melds, int indicator)

@cython.locals(unseen=list, k=cython.int, x=cython.int)
cdef list _unseen_kinds(bytearray seen)
