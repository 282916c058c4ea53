# ending.py's functions as C functions for the other mechanics (compiled from ending.py itself;
# see state.pxd).
from nbmj.engine.state cimport TableState
from nbmj.engine.restrictions cimport liable as liable_seat
from nbmj.engine.wins cimport scored_melds, situation


cpdef object finish_win(TableState t, wins)
cpdef held_bonuses(TableState t, winners)
cpdef list losers_settlement(TableState t, winners)
cpdef object finish_draw(TableState t)
cpdef object end(TableState t, str outcome, list winners, list deltas, list scores, situations=*)
