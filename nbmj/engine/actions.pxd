# actions.py's Action as an extension type (compiled from actions.py itself; see state.pxd): the
# compiled mechanics read an action's fields as C struct members. Frozen: the fields are
# readonly; the JSON cache is written once, by to_json.

cdef class Action:
    cdef readonly str seat
    cdef readonly str kind
    cdef readonly object tile
    cdef readonly tuple use
    cdef public dict _json

    cpdef dict to_json(self)
