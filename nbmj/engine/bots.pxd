# bots.py's loop and its bots' choices, compiled from bots.py itself (see state.pxd): the typed
# locals of the greedy bot's scan and play_hand's loop.
cimport cython

from nbmj.engine.actions cimport Action
from nbmj.engine.game cimport Game
from nbmj.engine.state cimport TableState
from nbmj.engine.phases cimport Over, Turn
from nbmj.engine._mt cimport draw_below as _draw_below


cdef class RandomBot:
    cdef public object rng
    cdef public bint always_win
    cdef public bint _fast

    @cython.locals(first=Action)
    cpdef object choose(self, list legal)


cdef class GreedyBot:
    @cython.locals(counts=bytearray, held=list)
    cpdef object choose_at(self, Game game, int p, list legal)
    cpdef object choose(self, bytearray counts, int w, set wilds, list legal)


@cython.locals(counts=bytearray, held=list)
cpdef tuple hand_shape(object tiles, object wilds)
@cython.locals(counts=bytearray, held=list, n=int)
cpdef tuple split_wilds(object by_id, object wilds)
@cython.locals(by_id=bytearray, t=int)
cpdef bytearray tile_counts(object tiles)
@cython.locals(near=int, r=int, d=int)
cpdef int _isolation(bytearray counts, int t) except? -99
@cython.locals(best_shanten=int, s=int, t=int, scored=list)
cpdef tuple _best_discard(bytearray counts, int w, wilds, list discards)
@cython.locals(c=bytearray)
cpdef tuple _without(bytearray counts, int w, set wilds, tiles)
@cython.locals(t=TableState, p=int)
cpdef object _play(Game game, list by_position)
@cython.locals(t=TableState, turn=Turn, p=int, moves=int)
cpdef int play_bots(Game game, dict bots) except -1
@cython.locals(legal=list, random_bot=RandomBot, greedy_bot=GreedyBot)
cpdef bot_move(Game game, int p, object bot)
