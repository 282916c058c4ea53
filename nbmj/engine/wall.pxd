# The live wall, typed for the compiled modules (see state.pxd).

cdef class Wall:
    cdef public list tiles
    cdef public object indicator_pos
    cdef public bytearray _taken
    cdef public int _head
    cdef public int _tail
    cdef public int remaining
    cdef public int drawn
