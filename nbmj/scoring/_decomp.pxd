# _decomp.py compiled from its own source (see nbmj/engine/state.pxd): the tile count as a C
# loop over the bytes, and ReadingCodes an extension type whose tables readings() reads as C
# fields (it lives here, not in readings.py, which cimports this module).
cimport cython


cdef class ReadingCodes:
    cdef readonly tuple chow
    cdef readonly tuple pung
    cdef readonly tuple pair
    cdef readonly object exposed  # a tuple, or None
    cdef readonly long or_bits


@cython.locals(total=long, n=cython.uchar)
cpdef long tile_total(bytes counts, long wilds) except? -1
cdef dict _READINGS
cdef Py_ssize_t _READINGS_KEPT


@cython.locals(entry=tuple, found=list)
cpdef list readings(bytes counts, long wilds, frozenset keep, long win, ReadingCodes codes)
