# _decomp.py compiled from its own source (see nbmj/engine/state.pxd): the tile count as a C
# loop over the bytes.
cimport cython


@cython.locals(total=long, n=cython.uchar)
cpdef long tile_total(bytes counts, long wilds) except? -1
