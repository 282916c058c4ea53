# The compiled generator's C function that the compiled engine calls (nbmj/engine/bots.pxd
# cimports it): see _mt.pyx.

cpdef Py_ssize_t draw_below(rng, Py_ssize_t n) except -1
