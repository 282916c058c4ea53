# shapes.py compiled from its own source (see nbmj/engine/state.pxd); the scorer calls
# is_shape_candidate as a C function.
cimport cython

from nbmj.scoring.facts cimport suit_bit
from nbmj.scoring.readings cimport Candidate


@cython.locals(first=int)
cpdef bint is_shape_candidate(Candidate cand) except -1
