"""The strong bot and its fast tier: what they read from the rules and the scorer."""

from __future__ import annotations

import pytest

from nbmj.bots.fast import FastBot, Leanings
from nbmj.bots.outlook import Outlook, Sketch
from nbmj.bots.stakes import Stakes
from nbmj.bots.strong import StrongBot
from nbmj.bots.view import SeatView
from nbmj.engine import Game
from nbmj.engine.bots import GreedyBot
from nbmj.rules import compile_text, load_variant
from nbmj.rules.model import SEATS
from nbmj.scoring import Meld, Situation, score
from nbmj.tiles import parse_tiles

NINGBO = load_variant("ningbo")
NINGHAI = load_variant("ninghai")


def _decisions(rules, seeds):
    """Every strong decision with its options, in hands of strong bots against greedy ones."""
    for seed in seeds:
        game = Game(rules, seed)
        bots = {s: (StrongBot(rules) if i % 2 == 0 else GreedyBot()) for i, s in enumerate(SEATS)}
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            obs = game.observation(seat)
            if isinstance(bots[seat], StrongBot) and len(legal) > 1:
                decision = bots[seat].decide(obs, legal)
                yield game, seat, obs, decision
                action = decision.action
            else:
                action = bots[seat](obs, legal)
            game.step(action)


@pytest.mark.parametrize("variant", ["ningbo", "ninghai", "ningbo-riichi-advanced"])
def test_NB_13_1_every_wait_the_bot_weighs_is_the_scorers_answer(variant):
    """For each ready hand the bot weighs, each wait's validity and points are those of the
    scorer on the completed hand (the minimum NB-13.1, the win restrictions, the wilds)."""
    rules = load_variant(variant)
    checked = 0
    for game, seat, obs, decision in _decisions(rules, range(3)):
        view = SeatView(obs)
        wind = view.wind_of
        for option in decision.options:
            if option.action.kind != "discard" or not option.waits:
                continue
            hand = list(obs["hand"])
            hand.remove(option.action.tile)
            for x in option.waits:
                if x.kind < 0 or not x.unseen:
                    continue
                sit = Situation(
                    seat=view.wind, round_wind=view.round_wind, concealed=tuple(sorted(hand)), win_tile=x.kind,
                    win_by="self_draw", melds=tuple(Meld(k, t, None if src is None else wind[src]) for k, t, src in view.my_melds()),
                    flowers=tuple(obs["flowers"][seat]), indicator=obs["indicator"],
                    fed=tuple((wind[s], n) for s, n in view.fed.items() if n), discarded_wild=view.discarded_wild)
                result = score(sit, rules)
                assert x.self_draw.valid == result.valid, (sit, result.reason)
                if result.valid:
                    assert x.self_draw.points == result.points
                checked += 1
    assert checked > 0


def test_NB_14_1_NH_4_8_who_pays_comes_from_the_variants_payments():
    """The discarder alone pays 2S in Ningbo (NB-14.1); in Ninghai every loser pays S
    whoever discarded (NH-4.8): the bot reads both from the rules through the scorer."""
    for rules, discarder_pays, other_pays in ((NINGBO, 2.0, 0.0), (NINGHAI, 1.0, 1.0)):
        obs = Game(rules, 1).observation("E")
        view = SeatView(obs)
        stakes = Stakes(rules)
        assert stakes.share(view, "S", "E", "E") == discarder_pays
        assert stakes.share(view, "S", "E", "W") == other_pays


def test_NB_14_5_a_third_meld_from_one_seat_links_the_two():
    """Ningbo's 三摊: with two melds from South already, a third from South would make this
    seat pay South's self-drawn win 5S instead of S (NB-14.6)."""
    obs = dict(Game(NINGBO, 1).observation("E").to_dict())
    obs["melds"] = {"E": [{"kind": "pon", "tiles": [0, 0, 0], "from": "S"}, {"kind": "pon", "tiles": [9, 9, 9], "from": "S"}],
                    "S": [], "W": [], "N": []}
    view = SeatView(obs)
    stakes = Stakes(NINGBO)
    assert stakes.share(view, "S", "E", None) == 1.0
    third = ("pon", (18, 18, 18), "S")
    assert stakes.share(view, "S", "E", None, my_claim=third) == 5.0


def test_NB_14_5_the_bots_count_only_the_meld_kinds_the_liability_counts():
    """NB-14.5 (``liability.counts``): three chows this seat claimed from South link the two
    where chows count (South's self-drawn win costs this seat 5S, NB-14.6), and not under
    ``counts pon kan``, as the engine settles it: then this seat pays S (NB-14.2)."""
    obs = dict(Game(NINGBO, 1).observation("E").to_dict())
    obs["melds"] = {"E": [{"kind": "chi", "tiles": [0, 1, 2], "from": "S"}, {"kind": "chi", "tiles": [3, 4, 5], "from": "S"},
                          {"kind": "chi", "tiles": [6, 7, 8], "from": "S"}], "S": [], "W": [], "N": []}
    no_chows = compile_text('variant nochi extends ningbo "chows do not link"\nliability { counts pon kan }\n', "nochi.nbv")
    assert Stakes(NINGBO).share(SeatView(obs), "S", "E", None) == 5.0
    assert Stakes(no_chows).share(SeatView(obs), "S", "E", None) == 1.0
    fourth = ("pon", (18, 18, 18), "S")
    assert Stakes(no_chows).share(SeatView(obs), "S", "E", None, my_claim=fourth) == 1.0


def test_NB_14_5_the_fast_bot_counts_only_the_meld_kinds_the_liability_counts():
    """NB-14.5 (``liability.counts``): the fast bot does not claim a third meld from one seat
    (it would link the two); two chows this seat claimed from East make a pung of East's
    discard a third meld where chows count, and only the first counted one under
    ``counts pon kan``, where the bot takes the pung that readies its hand."""
    obs = dict(Game(NINGBO, 1).observation("S").to_dict())
    assert 33 not in obs["wilds"]  # 7z (中) is no wild here
    obs["melds"] = {"E": [], "S": [{"kind": "chi", "tiles": [0, 1, 2], "from": "E"}, {"kind": "chi", "tiles": [3, 4, 5], "from": "E"}],
                    "W": [], "N": []}
    obs["hand"] = parse_tiles("7z7z1p1p2p3p7s")
    obs["phase"], obs["to_act"], obs["discard"] = "claims", ["S"], {"seat": "E", "tile": 33}
    from nbmj.engine.actions import Action

    legal = [Action.parse("S pon 7z"), Action("S", "pass")]
    no_chows = compile_text('variant nochi extends ningbo "chows do not link"\nliability { counts pon kan }\n', "nochi.nbv")
    assert FastBot(NINGBO)(obs, legal).kind == "pass"
    assert FastBot(no_chows)({**obs, "variant": "nochi"}, legal).kind == "pon"


def test_NB_4_12_a_discarded_wild_is_dead_where_no_one_may_win_on_it():
    from nbmj.bots.defence import Threats

    for name, dead in (("ningbo", True), ("ningbo-riichi-advanced", False)):
        rules = load_variant(name)
        obs = _observation("123m456p789s1122z5z", name, indicator="8m", wall=30)
        obs["rivers"] = {s: [{"tile": t, "claimed_by": None} for t in parse_tiles("19m19p19s1234z")] for s in SEATS}
        view = SeatView(obs)
        rules_kit = Stakes(rules)
        threats = Threats(view, rules_kit, Outlook(rules), rules)
        wild = min(view.wilds)
        chance, cost = threats.deal_in(wild, False)
        assert (chance == 0.0 and cost == 0.0) == dead, name


def _renamed_flush():
    return compile_text('''
variant renamed extends ninghai-yaobansan "ninghai with its flush items renamed"
items {
  drop fan_flush
  drop fan_half_flush
  new item one_colour "清一色" 3 fan when flush [NH-3.4]
  new item colour_and_honours "混一色" 2 fan when half_flush [NH-3.6]
}
''')


def test_the_bots_read_item_features_never_item_names():
    """A variant that calls its flush items by other names is valued the same by the
    estimate and the fast tier's leanings."""
    renamed = _renamed_flush()
    sketch = Sketch(_counts("1234567899m11z3p"), 0, [], (), "E", "E", False, 15.0, [3] * 34, 0, 100)
    assert Outlook(renamed).prospect(sketch).points == pytest.approx(Outlook(NINGHAI).prospect(sketch).points)
    assert Leanings(renamed).suit == Leanings(NINGHAI).suit > 0


def _counts(text):
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


def test_a_strong_bot_never_deals_its_own_review_a_disagreement():
    """The bot is deterministic: reviewing a seat it played finds every choice its own."""
    from nbmj.bots.review import review_log

    game = Game(NINGBO, 3)
    bots = {s: StrongBot(NINGBO) for s in SEATS}
    while not game.is_over:
        seat = game.to_act[0]
        game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
    review = review_log(game.log_text(), "S")
    assert review.decisions and not review.disagreements


def _observation(hand, rules_name="ningbo", indicator="8m", wall=80):
    """A seat's observation early in a hand (East, dealer, nothing discarded yet)."""
    from nbmj.rules.wilds import wild_tiles
    from nbmj.tiles import parse_tile

    ind = parse_tile(indicator)
    rules = load_variant(rules_name)
    empty = {s: [] for s in SEATS}
    return {
        "variant": rules.name, "seat": "E", "seat_wind": "E", "dealer": "E", "round_wind": "E",
        "seat_winds": {s: s for s in SEATS}, "hand": sorted(parse_tiles(hand)), "drawn": None,
        "indicator": ind, "wilds": sorted(wild_tiles(rules.wilds, ind)), "melds": dict(empty), "rivers": dict(empty),
        "flowers": dict(empty), "discard": None, "wall_remaining": wall, "wall_kept": 0,
    }


@pytest.mark.parametrize("bot", [StrongBot, FastBot])
def test_NB_13_1_a_ready_hand_that_can_win_over_one_that_cannot(bot):
    """555z 666z 123m 456p 99s: discarding 1m, 4p or 6p leaves a two-sided wait worth 3 台
    (two dragon pungs and no wild), below Ningbo's minimum of 4 (NB-13.1); discarding 2m or
    5p (嵌张), 3m (边张) or 9s (单吊) adds the wait's 台 and wins. Greedy sees them all as
    equally ready."""
    from nbmj.engine import Action

    obs = _observation("555z666z123m456p99s")
    legal = [Action("E", "discard", t) for t in sorted(set(obs["hand"]))]
    choice = bot(NINGBO)(obs, legal)
    assert choice.tile in parse_tiles("23m5p9s")


def test_a_seat_view_reads_an_engine_observation_as_it_reads_its_snapshot():
    """The view reads an engine Observation through its tuple accessors and some fields only
    when first asked; it must see exactly what it sees in the same observation's plain-dict
    snapshot (a bot program's view), at every decision of whole hands in both variants."""
    fields = ("seat", "wind", "wind_of", "round_wind", "dealer", "wilds", "wild_kinds", "counts", "w", "wild_ids", "indicator",
              "unseen", "unseen_wilds", "unseen_wild_id", "pool", "flowers", "discard", "drawable", "discarded_wild", "fed")
    compared = 0
    for rules in (NINGBO, NINGHAI):
        for seed in range(3):
            game = Game(rules, seed)
            bots = {s: FastBot(rules) for s in SEATS}
            while not game.is_over:
                seat = game.to_act[0]
                obs = game.observation(seat)
                live, snapshot = SeatView(obs), SeatView(obs.to_dict())
                for name in fields:
                    assert getattr(live, name) == getattr(snapshot, name), name
                assert list(live.visible) == list(snapshot.visible)
                for s in SEATS:
                    assert list(live.melds[s]) == [tuple(m) for m in snapshot.melds[s]]
                    assert [tuple(r) for r in live.rivers[s]] == [tuple(r) for r in snapshot.rivers[s]]
                    assert live.links(s) == snapshot.links(s)
                    assert live.river_kinds(s) == snapshot.river_kinds(s)
                compared += 1
                game.step(bots[seat](obs, game.legal_actions(seat)))
    assert compared > 300


def _with_a_seat_that_looks_ready(obs, seat="S"):
    """``obs`` (a dict) where ``seat`` shows three pungs of honours this seat does not hold, none
    claimed from this seat: a seat that looks ready, which has let go of some of this seat's tiles."""
    held = set(obs["hand"])
    honours = [k for k in range(27, 34) if k not in held][:3]
    out = dict(obs)
    sources = [o for o in SEATS if o not in (seat, obs["seat"])]  # no three from one seat (三摊, NB-14.5)
    out["melds"] = {**obs["melds"], seat: [{"kind": "pon", "tiles": [k, k, k], "from": sources[i % 2]} for i, k in enumerate(honours)]}
    # it has let go of every other kind this seat holds: those are safe from it
    let_go = sorted(set(obs["hand"]))[::2]
    out["rivers"] = {**obs["rivers"], seat: [{"tile": t, "claimed_by": None} for t in let_go]}
    return out


def test_NH_4_8_the_fast_bot_does_not_defend_where_a_deal_in_costs_no_more_than_another_win():
    """In Ninghai every loser pays the winner the same whoever discarded (NH-4.8): dealing in
    costs this seat nothing beyond what the same win on another seat's discard, or
    self-drawn, would. The fast tier weighed a seat that looks ready by the discarder's whole
    share (as in Ningbo, where the discarder alone pays, NB-14.1), so it threw tiles that
    made its hand slower to keep a seat from winning that would be paid as much anyway."""
    for rules, extra in ((NINGHAI, 0.0), (NINGBO, 2.0 - 0.45)):
        view = SeatView(_with_a_seat_that_looks_ready(dict(Game(rules, 1).observation("E").to_dict())))
        assert Stakes(rules).deal_in_extra(view, "S") == pytest.approx(extra)
    checked = 0
    for seed in range(40):
        game = Game(NINGHAI, seed)
        legal = game.legal_actions("E")
        if len(legal) < 2:
            continue
        obs = dict(game.observation("E").to_dict())
        assert FastBot(NINGHAI)(_with_a_seat_that_looks_ready(obs), legal) == FastBot(NINGHAI)(obs, legal), seed
        checked += 1
    assert checked >= 30


def test_the_fast_bot_claims_a_chow_when_the_step_outweighs_the_leaning_it_gives_up():
    """The fast tier refused a chow that lowered its shanten whenever its leanings (a
    one-suit hand, valuable pairs) dropped at all (by 0.05), while its own discards trade a
    step of shanten against 2.4 units of leaning: in Ninghai, where every pair leans toward
    a pung worth 胡, it passed most chows that would have brought it a step nearer."""
    from nbmj import core

    offered = taken = 0
    for seed in range(12):  # hands played by greedy bots; the fast bot asked at each chow offered
        game = Game(NINGHAI, seed)
        greedy = GreedyBot()
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            obs = game.observation(seat)
            if legal[0].kind != "hu" and any(a.kind == "chi" for a in legal):
                action = FastBot(NINGHAI)(obs, legal)
                counts = bytearray(34)  # (Ninghai has no wilds)
                for t in obs["hand"]:
                    counts[t] += 1
                now = core.shanten(counts)
                for a in legal:
                    if a.kind == "chi":
                        after = bytearray(counts)
                        for u in a.use:
                            after[u] -= 1
                        if core.shanten(after) < now:
                            offered += 1
                            taken += action == a
            game.step(greedy(obs, legal))
    assert offered >= 20 and taken > 0.75 * offered, (taken, offered)
