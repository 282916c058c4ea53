# The fast tier's inner loops, typed for its compiled build (setup.py compiles fast.py with
# this .pxd beside it; NBMJ_PUREPYTHON=1 runs fast.py itself): these helper functions become C
# functions with C locals. Nothing else is declared: the module's classes stay Python classes.
cimport cython


@cython.locals(total=cython.long, k=cython.int, left=cython.long, r=cython.int)
cdef double _useful(bytearray c, int w, int s, list unseen, long unseen_wilds) except? -1.0

@cython.locals(near=cython.int, r=cython.int, d=cython.int)
cdef int _connected(bytearray c, int t) except? -999

@cython.locals(score=cython.double, s0=cython.int, s1=cython.int, s2=cython.int, k=cython.int, main=cython.int,
               off=cython.int, n=cython.int, pairs=cython.int, first=cython.int)
cdef double _lean(object lean, object melds, list unseen, bytearray c, list gains, list valued) except? -1.0

@cython.locals(risk=cython.double, weight=cython.double, t=cython.int, river=bytearray, table=list, unseen=list, threats=list)
cdef object _danger_table(object view, object stakes, bint dead_wilds)

@cython.locals(mask=bytearray, t=cython.int)
cdef bytearray _let_go(object river)
