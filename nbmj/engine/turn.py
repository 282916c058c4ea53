"""The player on turn: what they may do (win, kong, flower kong, discard) and carrying it
out. A discard ends the turn and opens the claim window (:mod:`.claim_window`).

Functions over the :class:`~.state.TableState` and the :class:`~.phases.Turn` phase that
return the phase that follows.
"""

from __future__ import annotations

from typing import TypeVar

from ..tiles import N_KINDS
from .actions import Action
from .claim_window import open_claims
from .draws import after_draw, replace_flower
from .ending import finish_draw, finish_win
from .kongs import begin_kakan, declare_ankan
from .phases import Phase, Turn
from .precomputed import TURN_ACTIONS, TURN_ANKAN, TURN_CODE_IDS, TURN_FLOWER, TURN_HU, TURN_KAKAN
from .restrictions import check_offence, discardable
from .state import UNCLAIMED, TableState
from .wins import is_ready, self_win

__all__ = ["turn_options", "turn_codes", "turn_action", "turn_actions", "do_turn_action", "discard"]

_Name = TypeVar("_Name")


def turn_options(t: TableState, ph: Turn, p: int, names: tuple[_Name, ...]) -> list[_Name]:
    """The legal actions of ``p`` on turn, in the order :meth:`Game.legal_actions
    <nbmj.engine.game.Game.legal_actions>` promises: a win first, then concealed kongs, added
    kongs, flower kongs, and the discards by tile id. Each is listed as ``names[code]``, where
    its code is a small int: a discard's its tile id, a kong's a base plus its tile id, a
    win's ``TURN_HU`` (:data:`nbmj.engine.precomputed.TURN_CODES`).

    This is the one statement of what a seat on turn may do: :func:`turn_actions` lists the
    shared Actions (``names`` is :data:`~nbmj.engine.precomputed.TURN_ACTIONS` of ``p``),
    :func:`turn_codes` the codes, and the RL encoder the indices of its action space."""
    st = t.seats[p]
    hand = st.hand
    er = t.er
    mode = ph.mode
    codes: list[_Name] = []
    drew = mode == "draw" or mode == "dealer_first"
    may_kong = drew or (mode == "after_pon" and not t.in_force(er.kong_pon))
    if drew and ph.drawn is not None:
        # the hand before this draw is the one judged at the last discard, unless a kong
        # changed it this turn: a hand that was not ready cannot win on one tile. A flower
        # kong laid down by hand (NB-5.4) is one: the flower held at that discard made the
        # hand a tile short, never ready, and the tile drawn this turn stays in it
        if (st.ready or ph.draw_kind == "kong_replacement" or (not er.auto_flowers and ph.draw_kind == "flower_replacement")) \
                and self_win(t, p, ph.drawn, ph.draw_kind) is not None:
            codes.append(names[TURN_HU])
    melds = st.melds
    # (4 in hand, a C-speed scan, first: four of a kind is rare)
    if may_kong and (melds or 4 in hand) and t.can_kong() and not (er.no_claims and "kan" in t.banned_claims(False)):  # NH-1.8
        if 4 in hand:
            wilds = t.wt.wilds
            for k in range(N_KINDS):
                if hand[k] == 4 and (k not in wilds or er.wild_kong):  # NB-4.11, NB-4.14
                    codes.append(names[TURN_ANKAN + k])
        held = []
        for m in melds:  # a plain loop: cheaper than a comprehension for a few melds
            if m.kind == "pon" and hand[m.tiles[0]]:
                held.append(m.tiles[0])
        if held:
            held.sort()
            for k in held:
                codes.append(names[TURN_KAKAN + k])
    flower_flag = t.wt.flower_flag
    # the manual flower kong: on any turn of the seat's (NB-5.4 note), after a claim too; a
    # flower is not a kong, so no kong restriction bars it (NB-5.6)
    if not er.auto_flowers:
        for k in range(N_KINDS, 42):
            if hand[k] and flower_flag[k]:
                codes.append(names[TURN_FLOWER + k])
    bans = ph.chi_bans
    if bans or er.discard_limited:  # a restriction may limit the discard: ask it
        for k in discardable(t, p, hand, bans):
            codes.append(names[k])
    else:  # no restriction on the discard: held_discards's tiles, tested in the loop that lists
        # them (a call and a second loop over its mask cost ~900 instructions an env step)
        playable = t.wt.playable_mask
        for k in range(42):
            if hand[k] and playable >> k & 1:
                codes.append(names[k])
    return codes


def turn_codes(t: TableState, ph: Turn, p: int) -> list[int]:
    """The codes of the legal actions of ``p`` on turn (:func:`turn_options`)."""
    return turn_options(t, ph, p, TURN_CODE_IDS)


def turn_action(p: int, code: int) -> Action:
    """The shared :class:`~nbmj.engine.actions.Action` of a turn code of position ``p``."""
    action = TURN_ACTIONS[p][code]
    assert action is not None, f"no turn action has the code {code}"
    return action


def turn_actions(t: TableState, ph: Turn, p: int) -> list[Action]:
    """The legal actions of ``p`` on turn, in the order :meth:`Game.legal_actions
    <nbmj.engine.game.Game.legal_actions>` promises (:func:`turn_options`)."""
    # (TURN_ACTIONS has None where no action has the code, but no legal code is one of those;
    # the ignore, not typing.cast: the compiled module would call cast at every turn)
    return turn_options(t, ph, p, TURN_ACTIONS[p])  # type: ignore[arg-type]


def do_turn_action(t: TableState, ph: Turn, p: int, a: Action) -> Phase:
    """Carry out the legal action ``a`` of ``p`` on turn."""
    kind = a.kind
    tile = a.tile
    if kind == "discard":
        assert tile is not None
        return discard(t, p, tile)
    if kind == "hu":
        assert ph.drawn is not None
        return finish_win(t, [(p, ph.drawn, ph.draw_kind or "self_draw", None, self_win(t, p, ph.drawn, ph.draw_kind))])
    assert tile is not None
    if kind == "ankan":
        return declare_ankan(t, p, tile)
    if kind == "kakan":
        return begin_kakan(t, p, tile)
    # kind == "flower": the manual flower kong
    replacement = replace_flower(t, p, tile)
    if replacement is None:
        return finish_draw(t)
    draw_kind = "kong_replacement" if ph.draw_kind == "kong_replacement" else "flower_replacement"
    return after_draw(t, p, replacement, draw_kind)


def discard(t: TableState, p: int, tile: int) -> Phase:
    """``p`` discards ``tile``; the others may then claim it."""
    st = t.seats[p]
    st.hand[tile] -= 1
    st.river.append(UNCLAIMED[tile])
    st.changes += 1
    t.discards_made += 1
    ready = st.ready = is_ready(t, p)
    er = t.er
    if er.bao_suits or er.bao_terminals:
        check_offence(t, p, tile, ready)
    if tile in t.wt.wilds:
        st.discarded_wild = True
    return open_claims(t, p, tile)
