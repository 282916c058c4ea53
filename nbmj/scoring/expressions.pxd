# expressions.py's Program as an extension type, its ops run as a C loop over C ints (compiled
# from expressions.py itself; see nbmj/engine/state.pxd). expressions.py's first line turns off
# the bounds checks of its indexing: every index there is a slot, op or feature position that
# the Program itself gave out, below the length of what it indexes.
cimport cython

from nbmj.scoring.facts cimport HandFacts
from nbmj.scoring.features cimport FeatureImpl
from nbmj.scoring.readings cimport Reading


cdef class Program:
    cdef public dict slot_of
    cdef public Py_ssize_t hand_size
    cdef public Py_ssize_t size
    cdef public list features
    cdef public Py_ssize_t hand_features
    cdef public list feature_slots
    cdef public list feature_impls
    cdef public list ops
    cdef public Py_ssize_t hand_ops

    cpdef list new_values(self)
    @cython.locals(i=Py_ssize_t, slot=Py_ssize_t, impl=FeatureImpl, value=long)
    cpdef fill_hand(self, HandFacts hf, list values)
    cpdef bint holds(self, HandFacts hf, object expr) except -1
    @cython.locals(values=list)
    cpdef long hand_value(self, HandFacts hf, Py_ssize_t slot) except? -1
    @cython.locals(i=Py_ssize_t, slot=Py_ssize_t, impl=FeatureImpl)
    cpdef fill_reading(self, HandFacts hf, Reading rd, list values)


@cython.locals(i=Py_ssize_t, op=long, slot=Py_ssize_t, operand=Py_ssize_t, a=long, b=long, op_and=long, op_or=long,
               op_not=long, op_ge=long, op_gt=long, op_le=long, op_lt=long, op_eq=long)
cpdef run(list ops, Py_ssize_t start, Py_ssize_t end, list values)
