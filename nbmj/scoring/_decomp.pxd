# _decomp.py compiled from its own source (see nbmj/engine/state.pxd): the tile count as a C
# loop over the bytes.
cimport cython


@cython.locals(total=long, n=cython.uchar)
cpdef long tile_total(bytes counts, long wilds) except? -1
cdef dict _READINGS
cdef Py_ssize_t _READINGS_KEPT


@cython.locals(key=tuple, found=tuple)
cpdef tuple readings(bytes counts, long wilds, frozenset keep, long win, object codes)
