# claims.py's chow helpers as C functions for the mechanics (compiled from claims.py itself; see
# nbmj/engine/state.pxd).
cimport cython


@cython.locals(low=int, high=int, u=int)
cpdef tuple chi_discard_bans(int tile, use)
cpdef list chi_uses(int tile, long options)
