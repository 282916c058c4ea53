# The phases, typed for the compiled modules (see state.pxd): Cython compiles phases.py's
# classes into extension types with these fields, in phases.py's order.

cdef class Deal:
    pass


cdef class Turn:
    cdef public int seat
    cdef public str mode
    cdef public object draw_kind
    cdef public object drawn
    cdef public tuple chi_bans


cdef class ClaimWindow:
    cdef public int tile
    cdef public int discarder
    cdef public dict options
    cdef public dict responses


cdef class RobWindow(ClaimWindow):
    pass


cdef class Over:
    cdef public object result
