"""Invariants over many simulated hands of every shipped variant, with greedy and random bots:
every tile accounted for at every step, 143 drawable tiles in Ningbo (NB-4.8), hand sizes
(NB-6.6), settlements summing to zero, every bot action legal, and every log replaying to
the same states. ``NBMJ_SLOW=1`` plays ten times as many hands."""

import os

import pytest

from nbmj.core import BACKEND
from nbmj.engine import Game, make_bots
from nbmj.rules import list_variants, load_variant

SLOW = os.environ.get("NBMJ_SLOW", "") not in ("", "0")
# per variant and bot: 200 hands per variant in the ordinary suite; the pure-Python core
# (CI's second pass) is several times slower, and that pass is about parity, so it plays fewer.
HANDS = 1000 if SLOW else (100 if BACKEND == "cython" else 25)
STEP_CHECKED = 20  # hands whose every step is checked; the rest are checked at the end


def accounted(g: Game) -> int:
    n = sum(sum(h) for h in g.hands)
    n += sum(len(m[1]) for ms in g.melds for m in ms)
    n += sum(len(f) for f in g.flowers)
    n += sum(1 for river in g.rivers for _, claimed in river if claimed is None)
    n += g.wall.remaining + (g.wall.indicator_pos is not None)
    return n


def check_sizes(g: Game) -> None:
    """NB-6.6, NB-10.2: concealed tiles plus three per meld make 13, or 14 for the player in
    turn; a flower held in hand (flowers laid down by hand, NB-5.4) counts until it is laid down,
    and with flowers replaced at once none is ever held."""
    for p in range(4):
        held_flowers = sum(g.hands[p][t] for t in range(42) if g.is_flower(t))
        if g.rules.flowers.in_play == "auto":
            assert held_flowers == 0, (p, g.hands[p])
        size = sum(g.hands[p]) + 3 * len(g.melds[p])
        in_turn = g.phase == "turn" and p == g.current
        assert size == (14 if in_turn else 13), (p, size, g.phase)


def check_wins_offered(g: Game) -> None:
    """The engine skips the win check for hands that are not ready; it must never hide a win."""
    if g.phase == "turn" and g.turn_mode in ("draw", "dealer_first") and g.last_draw is not None:
        seat = "ESWN"[g.current]
        assert (g.win_for(seat) is not None) == any(a.kind == "hu" for a in g.legal_actions(seat))
    if g.phase == "claims" and g.rules.claims.win_on_discard and g.can_draw() and not g.banned_claims():
        t, d = g.claim_tile, g.claim_from
        if t in g.wilds:
            return
        for q in range(4):
            if q != d and not g.passed_win[q] and g.win_for("ESWN"[q]) is not None:
                assert any(a.kind == "hu" for a in g.options.get(q, ()))


def play_checked(rules, seed, bot, every_step):
    g = Game(rules, seed)
    bots = make_bots(bot, seed)
    total = rules.tiles.total
    while not g.is_over:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        action = bots[seat](g.observation(seat), legal)
        assert action in legal
        g.step(action)
        if every_step:
            assert accounted(g) == total
            if not g.is_over:
                check_sizes(g)
                check_wins_offered(g)
    assert accounted(g) == total
    return g


@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("variant", list_variants())
def test_invariants_over_simulated_hands(variant, bot):
    rules = load_variant(variant)
    drawable = rules.tiles.total - (1 if rules.wilds.enabled else 0)
    for seed in range(HANDS):
        g = play_checked(rules, seed, bot, every_step=seed < STEP_CHECKED)
        res = g.result
        assert sum(res.deltas.values()) == 0
        assert g.wall.drawn + g.wall.remaining == drawable  # 143 in Ningbo (NB-4.8)
        if res.outcome == "win":
            assert res.winners and all(s.valid for s in res.scores)
        else:  # a draw pays only what the wall's flowers and kongs earned (none when void)
            assert res.winners == () and res.deltas == res.immediate
        if seed < STEP_CHECKED:
            states = list(Game.replay(g.log_text(), rules=rules))
            assert states[-1] == g.full_state()
