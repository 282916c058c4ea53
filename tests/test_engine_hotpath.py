"""The compiled hot path (nbmj.engine._hot) gives what its pure-Python twins give: the
same legal lists, the same state and events after a discard, the same greedy discard, the
same counts, and so the same logs for whole hands of every shipped variant. And the value
bound from a table's counts refuses only wins the scorer refuses, the same ones as the
bound from a Situation."""

from __future__ import annotations

import copy
import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nbmj import core
from nbmj.engine import Game, _hotpath, bots, claim_window, dealing, draws, game, turn, wall, wins
from nbmj.engine.bots import make_bots, play_hand
from nbmj.engine.phases import ClaimWindow, Turn
from nbmj.rules import list_variants, load_variant
from nbmj.rules.model import SEATS
from nbmj.scoring import score
from nbmj.scoring.bound import may_be_valid

hot = _hotpath.compiled
needs_compiled = pytest.mark.skipif(hot is None, reason="the compiled hot path is not built (or NBMJ_PUREPYTHON is set)")


def test_the_hot_path_is_built_with_the_core():
    """One build makes both: a compiled core with a pure-Python hot path is a broken install."""
    if os.environ.get("NBMJ_PUREPYTHON", "") not in ("", "0"):
        assert _hotpath.BACKEND == "python" and _hotpath.discard is turn.discard
    else:
        assert _hotpath.BACKEND == core.BACKEND


def _state(g: Game) -> tuple[object, ...]:
    t = g.table
    return (g.full_state(), list(t.events), repr(t.phase), [s.ready for s in t.seats], [s.discarded_wild for s in t.seats],
            t.last_tile_drawn, t.current, t.discards_made, dict(t.scores).keys())


@needs_compiled
@pytest.mark.parametrize("variant", list_variants())
def test_each_step_of_the_compiled_path_matches_its_twin(variant):
    rules = load_variant(variant)
    checked = 0
    for seed in range(4):
        g = Game(rules, seed)
        mover = make_bots("random" if seed % 2 else "greedy", seed)
        while not g.is_over:
            t = g.table
            ph = t.phase
            seat = g.to_act[0]
            if type(ph) is Turn:
                p = ph.seat
                assert hot.turn_actions(t, ph, p) == turn.turn_actions(t, ph, p)
                assert hot.is_ready(t, p) == wins.is_ready(t, p)
            elif type(ph) is ClaimWindow and not ph.responses:
                assert hot.offers_of(t, ph.discarder, ph.tile) == claim_window.offers(t, ph.discarder, ph.tile) == ph.options
            action = mover[seat](g.observation(seat), g.legal_actions(seat))
            if type(ph) is Turn and action.kind == "discard":
                a, b = copy.deepcopy(g), copy.deepcopy(g)
                a._enter(turn.discard(a.table, ph.seat, action.tile))
                b._enter(hot.discard(b.table, ph.seat, action.tile))
                assert _state(a) == _state(b)
                checked += 1
            elif type(ph) is ClaimWindow and len(ph.responses) + 1 == len(ph.options):
                a, b = copy.deepcopy(g), copy.deepcopy(g)
                for twin, resolve in ((a, claim_window.resolve_claims), (b, hot.resolve_claims)):
                    window = twin.table.phase
                    window.responses[SEATS.index(seat)] = copy.deepcopy(action)
                    twin._enter(resolve(twin.table, window))
                assert _state(a) == _state(b)
            g.step(action)
    assert checked > 50


@needs_compiled
@pytest.mark.parametrize("reserve_left", [None, 1], ids=["full wall", "one tile above the reserve"])
def test_start_turn_matches_its_twin(reserve_left):
    """NB-6.2, NB-5.4, NB-5.5, NB-5.7: the compiled turn start (the head draw, then each
    flower drawn replaced from the tail, again while the replacement is a flower) leaves the
    twin's phase and state; with one tile above the reserve, a flower drawn finds no
    replacement and the hand ends drawn."""
    flowers_drawn = 0
    for seed in range(120):
        g = Game("ningbo", seed)
        for p in range(4):
            a, b = copy.deepcopy(g), copy.deepcopy(g)
            if reserve_left is not None:
                for x in (a, b):
                    x.table.wall.remaining = x.table.kept_tiles + reserve_left
            phase_a, phase_b = draws.start_turn(a.table, p), hot.start_turn(b.table, p)
            assert repr(phase_a) == repr(phase_b)
            assert _state(a) == _state(b)
            flowers_drawn += len(a.table.seats[p].flowers) > len(g.table.seats[p].flowers)
    assert flowers_drawn >= 20  # the flower branch, not only the plain draw, was compared


@needs_compiled
@pytest.mark.parametrize("log", [True, False])
def test_a_flower_drawn_is_replaced_as_the_twin_replaces_it(log):
    """NB-5.4, NB-5.5: the compiled replacement (a flower drawn, put aside, its replacement
    drawn from the tail, again while it is a flower) leaves the twin's state and events,
    also when the wall cannot give a replacement (NB-5.7)."""
    checked = 0
    for seed in range(40):
        g = Game("ningbo", seed, log=log)
        t = g.table
        flowers = [k for k in range(34, 42) if t.wt.flower_flag[k]]
        for p in range(4):
            for f in flowers:
                a, b = copy.deepcopy(g), copy.deepcopy(g)
                a.table.seats[p].hand[f] += 1  # as if just drawn
                b.table.seats[p].hand[f] += 1
                assert draws.replace_flower(a.table, p, f) == hot.replace_flower_typed(b.table, p, f)
                assert _state(a) == _state(b)
                checked += 1
        if seed % 8 == 0:  # the wall used up down to its reserve: no replacement
            a, b = copy.deepcopy(g), copy.deepcopy(g)
            for x in (a, b):
                x.table.wall.remaining = x.table.kept_tiles
                x.table.seats[0].hand[flowers[0]] += 1
            assert draws.replace_flower(a.table, 0, flowers[0]) is None is hot.replace_flower_typed(b.table, 0, flowers[0])
            assert _state(a) == _state(b)
    assert checked >= 40 * 4


@pytest.fixture
def reference_path(monkeypatch):
    """Every hot function of the game, the bots and the wins bound to its pure-Python twin."""
    def use_reference():
        monkeypatch.setattr(game, "_discard", turn.discard)
        monkeypatch.setattr(game, "_turn_actions", turn.turn_actions)
        monkeypatch.setattr(game, "_resolve_claims", claim_window.resolve_claims)
        monkeypatch.setattr(game, "_deal", dealing.deal)
        monkeypatch.setattr(game, "_shuffle", wall.shuffle)
        monkeypatch.setattr(bots, "_choose_discard", bots._best_discard)
        monkeypatch.setattr(bots, "_play_hand", bots._play)
        monkeypatch.setattr(bots, "_greedy_act", None)
        monkeypatch.setattr(wins, "_reach_from_hand", None)  # the bound from counts by its closures
    return use_reference


@needs_compiled
@pytest.mark.parametrize("variant", list_variants())
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_whole_hands_log_the_same_on_both_paths(variant, bot, reference_path):
    rules = load_variant(variant)
    compiled_logs = []
    for seed in range(6):
        g = Game(rules, seed)
        play_hand(g, make_bots(bot, seed))
        compiled_logs.append(g.log_text())
    reference_path()
    for seed in range(6):
        g = Game(rules, seed)
        play_hand(g, make_bots(bot, seed))
        assert g.log_text() == compiled_logs[seed]


def _counts(draw: list[int]) -> bytearray:
    counts = bytearray(34)
    for k in draw:
        if counts[k] < 4:
            counts[k] += 1
    return counts


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14), st.integers(0, 3), st.sets(st.integers(0, 33), max_size=4))
def test_the_greedy_discard_matches_its_twin(tiles, w, wilds):
    counts = _counts(tiles)
    for k in wilds:
        counts[k] = 0
    assume(sum(counts) and (sum(counts) + w) % 3 == 2 and sum(counts) + w <= 14)  # a hand on turn
    from nbmj.engine.precomputed import DISCARD_ACTS

    discards = [DISCARD_ACTS[0][k] for k in range(34) if counts[k]]
    discards += [DISCARD_ACTS[0][k] for k in sorted(wilds)][:w]
    before = bytes(counts)
    expected = bots._best_discard(counts, w, wilds, discards)
    assert bytes(counts) == before
    assert hot.best_discard(counts, w, wilds, discards) == expected
    assert bytes(counts) == before


@pytest.mark.parametrize("variant", list_variants())
def test_the_bound_from_counts_refuses_only_what_the_scorer_refuses(variant, monkeypatch, reference_path):
    """Over the wins hands meet, the bound from counts refuses exactly the wins the bound
    from the Situation refuses for their value, and never one the scorer allows. (On the
    pure-Python path, which asks wins._may_reach at each call.)"""
    reference_path()
    rules = load_variant(variant)
    seen = {"checked": 0, "refused": 0}
    may_reach = wins._may_reach

    def checked(t, p, tile, win_by, discarder):
        answer = may_reach(t, p, tile, win_by, discarder)
        sit = wins.situation(t, p, tile, win_by, discarder)
        if not answer:
            assert not score(sit, t.rules).valid, sit
            assert not may_be_valid(sit, t.rules), sit
            seen["refused"] += 1
        elif not may_be_valid(sit, t.rules):  # refused by the Situation's bound: for another reason only
            from nbmj.scoring.bound import value_bound
            from nbmj.scoring.facts import facts

            assert value_bound(facts(sit, rules), rules).reaches(rules.scoring), sit
        seen["checked"] += 1
        return answer

    monkeypatch.setattr(wins, "_may_reach", checked)
    for seed in range(16):
        play_hand(Game(rules, seed), make_bots("greedy" if seed % 2 else "random", seed))
    assert seen["checked"] > 10


def test_a_hand_set_by_hand_as_a_list_is_played_by_the_twins():
    """A referee may set a hand to a list: the compiled path hands it to the twins."""
    g = Game("ningbo", 5)
    rng = random.Random(5)
    t = g.table
    for s in t.seats:
        s.hand = list(s.hand)  # type: ignore[assignment]
    g.invalidate()
    steps = 0
    while not g.is_over and steps < 40:
        seat = g.to_act[0]
        g.step(rng.choice(g.legal_actions(seat)))
        steps += 1
    assert steps > 10


@needs_compiled
@pytest.mark.parametrize("variant", list_variants())
def test_the_compiled_greedy_choice_matches_the_bot_s(variant, monkeypatch):
    rules = load_variant(variant)
    greedy = bots.GreedyBot()
    checked = 0
    for seed in range(3):
        g = Game(rules, seed)
        mover = make_bots("random", seed)
        while not g.is_over:
            seat = g.to_act[0]
            obs, legal = g.observation(seat), g.legal_actions(seat)
            compiled = hot.greedy_act(obs, legal)
            with monkeypatch.context() as m:
                m.setattr(bots, "_greedy_act", None)
                assert greedy(obs, legal) is compiled
            checked += 1
            g.step(mover[seat](obs, legal))
    assert checked > 100


@needs_compiled
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list_variants()), st.integers(0, 2**32 - 1))
def test_the_chi_offers_match_their_twin_over_small_and_banned_hands(variant, seed):
    """The compiled 吃张打张 test of a chi (some tile left to discard, NB-8.5): over hands of
    two to eleven tiles, many of them only the chow's tiles and the banned ones."""
    rng = random.Random(seed)
    g = Game(variant, seed % 7)
    t = g.table
    d = rng.randrange(4)
    q = (d + 1) % 4
    tile = rng.randrange(27)
    s = tile - tile % 9
    near = [k for k in range(max(s, tile - 3), min(s + 9, tile + 4))] + sorted(t.wt.wilds)
    hand = bytearray(42)
    extra = (0, 2, 2, 3, 5, 8, 11)
    if rng.random() < 0.5:  # a chow's two tiles and only banned ones beside (and maybe a wild)
        extra = (0, 0, 0, 1)
        low = rng.choice([k for k in (tile - 2, tile - 1, tile + 1) if s <= k and k + 1 < s + 9 and k + 1 != tile] or [s])
        for k in (low, low + 1) if low != tile - 1 else (tile - 1, tile + 1):
            hand[k] += 1
        for _ in range(rng.choice((0, 1, 2, 2, 3, 5))):
            k = rng.choice([tile, tile - 3, tile + 3] + sorted(t.wt.wilds) * (rng.random() < 0.3))
            if s <= k < s + 9 or k in t.wt.wilds:
                hand[k] = min(4, hand[k] + 1)
    for _ in range(rng.choice(extra)):
        k = rng.choice(near) if rng.random() < 0.9 else rng.randrange(34)
        if hand[k] < 4 and sum(hand) < 13:  # a hand answering a discard
            hand[k] += 1
    for p in range(4):
        if p != q:
            t.seats[p].hand = bytearray(42)  # nobody else may claim
    t.seats[q].hand = hand
    t.seats[q].ready = False
    assert hot.offers_of(t, d, tile) == claim_window.offers(t, d, tile)


@needs_compiled
def test_the_compiled_chi_bans_are_the_twin_s_for_every_chow():
    """吃张打张 (NB-8.x) bans, for each tile of the suits claimed as the low, middle and high tile."""
    from nbmj.engine.claims import chi_discard_bans

    checked = 0
    for tile in range(27):
        for use in ((tile + 1, tile + 2), (tile - 1, tile + 1), (tile - 2, tile - 1)):
            if all(u // 9 == tile // 9 and 0 <= u < 27 for u in use) and abs(use[1] - use[0]) <= 2:
                for given in (use, use[::-1]):
                    assert hot.chi_discard_bans(tile, given) == chi_discard_bans(tile, given), (tile, given)
                    checked += 1
    assert checked == 2 * 3 * 7 * 3  # seven runs of each shape in each of three suits, both orders
    assert hot.chi_discard_bans(3, (4, 5, 6)) == chi_discard_bans(3, (4, 5, 6))  # not a chow: the twin answers


@needs_compiled
def test_the_records_the_hot_path_makes_are_the_classes_own():
    from nbmj.engine.state import Offence, RiverTile, TableMeld

    made = [hot.record(RiverTile, 5, None), hot.record(RiverTile, 30, "S"), hot.record(TableMeld, "chi", (3, 4, 5), 2),
            hot.record(Offence, 1, 2, 7, True)]
    expected = [RiverTile(5, None), RiverTile(30, "S"), TableMeld("chi", (3, 4, 5), 2), Offence(1, 2, 7, True)]
    for ours, theirs in zip(made, expected):
        assert type(ours) is type(theirs) and ours == theirs and repr(ours) == repr(theirs) and hash(ours) == hash(theirs)
        assert ours._asdict() == theirs._asdict() and ours._replace() == theirs
    assert made[1].claimed_by == "S" and made[2].tiles == (3, 4, 5) and made[3].claimed is True



@needs_compiled
def test_a_discard_in_the_river_is_one_shared_record_per_tile_and_a_claim_makes_a_new_one():
    """Unclaimed discards of one tile share a record (a hand makes none per discard, so the
    garbage collector runs several times less often); a claim's record is always new, which
    the encoder's identity check of a seat's last river record relies on."""
    from nbmj.engine.state import RiverTile

    unclaimed = [hot.record(RiverTile, t, None) for t in range(42)]
    assert all(r == RiverTile(t, None) and type(r) is RiverTile for t, r in enumerate(unclaimed))
    assert all(hot.record(RiverTile, t, None) is unclaimed[t] for t in range(42))
    assert len({id(r) for r in unclaimed}) == 42
    claimed = [hot.record(RiverTile, 5, "S") for _ in range(2)]
    assert claimed[0] == claimed[1] == RiverTile(5, "S") and claimed[0] is not claimed[1]
    assert hot.record(RiverTile, 42, None) is not hot.record(RiverTile, 42, None)  # past the tile ids: made anew

    game = Game("ningbo", seed=11, log=False)
    while not game.is_over:
        game.step(game.legal_actions(game.to_act[0])[0])
    rivers = [record for seat in game.table.seats for record in seat.river]
    assert rivers and all(r is unclaimed[r.tile] for r in rivers if r.claimed_by is None)


@needs_compiled
def test_records_of_atomic_values_are_left_out_of_the_garbage_collector():
    """A record of ints, strs, None and tuples of ints can never be in a reference cycle, so
    the hot path does not track it (as CPython does for such plain tuples); a record holding
    anything else is tracked as the class's own constructor would leave it."""
    import gc

    from nbmj.engine.state import Offence, RiverTile, TableMeld

    for atomic in (hot.record(RiverTile, 5, None), hot.record(RiverTile, 30, "S"), hot.record(TableMeld, "pon", (3, 3, 3), 2),
                   hot.record(Offence, 1, 2, 7, True)):
        assert not gc.is_tracked(atomic), atomic
    holder: list[object] = []
    for kept in (hot.record(RiverTile, 5, holder), hot.record(TableMeld, "pon", (3, 3, [3]), 2)):
        assert gc.is_tracked(kept), kept
    cycle = hot.record(RiverTile, 5, holder)
    holder.append(cycle)  # the kind of record that can be in a cycle: the collector sees it
    assert any(r is cycle for r in gc.get_referrers(holder))


@needs_compiled
@pytest.mark.parametrize("log", [False, True])
def test_a_dealt_hand_s_seats_and_wall_are_left_out_of_the_garbage_collector_and_still_freed(log):
    """The compiled deal untracks the seats, their record lists, the wall and the state's
    lists: none can be in a cycle. Untracked objects are freed by refcounting alone, so
    hands played and dropped leave no memory behind; a list set later is tracked."""
    import gc
    import sys

    g = Game("ninghai", 5, log=log)
    t = g.table
    for s in t.seats:
        for kept in (s, s.melds, s.river, s.flowers, s.fed, s.passed_pon):
            assert not gc.is_tracked(kept), kept
    for kept in (t.offences, t.immediate, t.events, t.wall, t.wall.tiles):
        assert not gc.is_tracked(kept), kept
    t.seats[0].river = []
    assert gc.is_tracked(t.seats[0].river)

    # every list of the seats, the state and the wall, held here alone once its game is
    # dropped: their holders (untracked seats, wall, state) were freed by refcounting
    held = []
    for seed in range(30):
        g = Game("ninghai", seed, log=log)
        t = g.table
        held += [t.offences, t.immediate, t.events, t.wall.tiles]
        held += [lst for s in t.seats for lst in (s.melds, s.river, s.flowers, s.fed)]
        play_hand(g, make_bots("random", seed))
    del g, t
    gc.collect()
    assert [sys.getrefcount(lst) for lst in held] == [3] * len(held)  # (held, the loop name and the argument)


@needs_compiled
def test_the_turn_codes_fit_any_counts_of_a_hand():
    """The compiled legal list of the seat on turn is made from codes in a fixed room: counts
    no hand of the game holds (a concealed and an added kong of every kind, two pungs of one
    tile) still give the twin's list, not a write past the room."""
    g = Game("ningbo", 5)
    t = g.table
    ph = t.phase
    assert type(ph) is Turn
    p = ph.seat
    hand = t.seats[p].hand
    for k in range(34):
        hand[k] = 4  # 136 tiles
    assert hot.turn_actions(t, ph, p) == turn.turn_actions(t, ph, p)
    assert sum(a.kind == "ankan" for a in turn.turn_actions(t, ph, p)) > 0
    from nbmj.engine.state import TableMeld

    t.seats[p].melds[:] = [TableMeld("pon", (k,) * 3, None) for k in range(34)]  # an added kong of every kind
    assert hot.turn_actions(t, ph, p) == turn.turn_actions(t, ph, p)
    assert sum(a.kind == "kakan" for a in turn.turn_actions(t, ph, p)) == 34
    t.seats[p].melds[:] = [TableMeld("pon", (k % 34,) * 3, None) for k in range(50)]  # pungs of one tile twice
    assert hot.turn_actions(t, ph, p) == turn.turn_actions(t, ph, p)
