# The live wall, typed for the compiled modules (see state.pxd): its draws are C methods for
# the mechanics that draw (draws.py, dealing.py), compiled from wall.py's own source.
cimport cython


cdef class Wall:
    cdef public list tiles
    cdef public object indicator_pos
    cdef public bytearray _taken
    cdef public int _head
    cdef public int _tail
    cdef public int remaining
    cdef public int drawn

    @cython.locals(taken=bytearray, i=Py_ssize_t)
    cpdef object draw_head(self)
    @cython.locals(taken=bytearray, stack=Py_ssize_t, i=Py_ssize_t, top=Py_ssize_t, bottom=Py_ssize_t)
    cpdef object draw_tail(self)
    @cython.locals(taken=bytearray, i=Py_ssize_t)
    cpdef list draw_head_many(self, Py_ssize_t n)
