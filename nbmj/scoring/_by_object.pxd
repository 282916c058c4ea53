# _by_object.py compiled from its own source (see nbmj/engine/state.pxd): ByObject an
# extension type whose get and put the scorer's modules call as C methods.
cimport cython

cdef object _NOTHING


cdef class ByObject:
    cdef readonly Py_ssize_t kept
    cdef readonly object _last
    cdef readonly object _last_value
    cdef readonly dict _entries

    @cython.locals(entry=tuple)
    cpdef object get(self, object key)
    cpdef object put(self, object key, object value)
    cpdef list values(self)
    cpdef clear(self)
