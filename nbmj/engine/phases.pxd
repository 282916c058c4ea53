cimport cython

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

    cpdef list to_act(self)


cdef class ClaimWindow:
    cdef public int tile
    cdef public int discarder
    cdef public dict options
    cdef public dict responses

    cpdef list to_act(self)


cdef class RobWindow(ClaimWindow):
    pass


cdef class Over:
    cdef public object result


# the engine's constructors of its two commonest phases, called as C functions
@cython.locals(ph=Turn)
cpdef Turn new_turn(int seat, str mode, object draw_kind, object drawn, tuple chi_bans=*)
@cython.locals(ph=ClaimWindow)
cpdef ClaimWindow new_claim_window(int tile, int discarder, dict options)
