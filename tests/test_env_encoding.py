"""The feature planes and the action mask: the compiled encoder equals the pure-Python
reference at every step of random hands, the mask is the engine's legal list exactly, and
no mask is empty while the game waits for a seat. Under NBMJ_PUREPYTHON=1 the reference's
masks are checked alone: the compiled encoder reads the compiled engine state (state.pxd)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbmj._backend import compiled_module
from nbmj.engine import Game, Match
from nbmj.errors import IllegalActionError
from nbmj.env import _reference, layout as L
from nbmj.env.encoding import ReferenceEncoder, encoder_rules
from nbmj.rules import compile_text, list_variants, load_variant

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _engine_helpers import MANUAL_FLOWERS  # noqa: E402

# None under NBMJ_PUREPYTHON: the compiled encoder reads the compiled state's fields (state.pxd)
_encode = compiled_module("nbmj.env._encode")
needs_compiled = pytest.mark.skipif(_encode is None, reason="the compiled encoder was not built (pip install -e .), or NBMJ_PUREPYTHON is set")
BACKENDS = [_reference] if _encode is None else [_reference, _encode]

# every winner of a discard paid, and wilds in melds; flowers laid down by the player (the
# flower actions of the mask): what no shipped variant has, so that those paths of the
# encoders are compared too
EXTRA = compile_text(
    """
variant env_test extends ningbo "multiple winners, wilds in melds"
claims { multiple_winners all; wilds_in_melds yes }
"""
)
RULE_SETS = [load_variant(v) for v in list_variants()] + [EXTRA, MANUAL_FLOWERS]


def _random_hand(rules, seed: int):
    """Yield the game before every move of a hand played by random choices (wins taken half the time)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.step(legal[0] if legal[0].kind == "hu" and rng.random() < 0.5 else rng.choice(legal))
    yield game


def _planes_agree(rules, seed: int) -> int:
    er = encoder_rules(rules)
    compiled = _encode.TableEncoder(er)
    steps = 0
    for game in _random_hand(rules, seed):
        for p, seat in enumerate("ESWN"):
            ref = np.zeros(L.OBS_SHAPE, np.uint8)
            planes = np.full(L.OBS_SHAPE, 7, np.uint8)  # the encoder must overwrite every cell
            _reference.encode(game.observation(seat), ref, er, 3)
            compiled.encode(game, p, planes, 3)
            bad = np.argwhere(ref != planes)
            assert not len(bad), f"compiled planes differ at (row, tile) {bad[:5].tolist()}: {ref[tuple(bad[0])]} vs {planes[tuple(bad[0])]}"
        steps += 1
    return steps


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("use", [(), (10,), (10, 11, 12)])
def test_a_chi_without_two_hand_tiles_has_no_index(backend, use):
    """Found by an outside-in bad-input pass: a corrupted log's chi without its hand tiles
    reached the compiled action_index (through nbmj dataset), which read use[0] and use[1]
    unchecked: a segmentation fault. Both backends refuse it alike."""
    from nbmj.engine import Action

    with pytest.raises(ValueError, match="^no index for action "):
        backend.action_index(Action("W", "chi", 9, use))


@needs_compiled
@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_compiled_planes_equal_the_reference_at_every_step(rules):
    steps = sum(_planes_agree(rules, seed) for seed in range(6))
    assert steps > 300


@needs_compiled
@settings(max_examples=25, deadline=None)
@given(index=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32))
def test_compiled_planes_equal_the_reference_on_random_hands(index, seed):
    _planes_agree(RULE_SETS[index], seed)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_the_mask_is_the_legal_list_and_never_empty_while_a_seat_must_act(rules):
    offered = set()
    for seed in range(8):
        for game in _random_hand(rules, seed):
            waiting = set(game.to_act)
            for seat in "ESWN":
                legal = game.legal_actions(seat)
                for backend in BACKENDS:
                    mask = np.full(L.ACTION_SIZE, 9, np.int8)
                    lookup: list = [None] * L.ACTION_SIZE
                    assert backend.fill_mask(legal, mask, lookup) == len(legal)
                    marked = np.flatnonzero(mask)
                    assert set(mask.tolist()) <= {0, 1}
                    assert len(marked) == len(legal), f"two legal actions share an index: {legal}"
                    assert sorted(backend.action_index(a) for a in legal) == marked.tolist()
                    assert [lookup[i] for i in marked] == sorted(legal, key=backend.action_index)
                    assert bool(len(marked)) == (seat in waiting), f"{seat}: mask {marked} while waiting for {waiting}"
                offered.update(a.kind for a in legal)
    assert {"discard", "pass", "pon"} <= offered


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__.rsplit(".", 1)[-1])
def test_a_claim_window_tells_a_seat_only_whether_it_is_asked(backend):
    """Found by an outside-in embedder's pass: columns 12-15 of the seats plane marked every
    seat a claim window waits for, so an agent learnt which other seats could claim the
    discard (their hands decide it), as the protocol and Observation.to_json never say. A
    window now marks the encoded seat alone, if it is asked; a turn still marks the seat on
    turn."""
    rules = load_variant("ningbo")
    er = encoder_rules(rules)
    encoder = backend.TableEncoder(er) if backend is not _reference else None
    row = L.PLANE_INDEX["seats"]
    windows = shared = 0
    for seed in range(12):
        for game in _random_hand(rules, seed):
            waiting = set(game.to_act)
            for p, seat in enumerate("ESWN"):
                planes = np.zeros(L.OBS_SHAPE, np.uint8)
                if encoder is None:
                    _reference.encode(game.observation(seat), planes, er, 0)
                else:
                    encoder.encode(game, p, planes, 0)
                marked = {"ESWN"[(p + r) % 4] for r in range(4) if planes[row, 12 + r]}
                if game.phase in ("claims", "rob"):
                    assert marked == ({seat} & waiting), f"{seat} in a window waiting for {waiting}: {marked}"
                elif game.phase == "turn":
                    assert marked == waiting
            if game.phase in ("claims", "rob"):
                windows += 1
                shared += len(waiting) > 1
    assert windows > 20 and shared > 0  # windows asking several seats were met


def test_the_action_space_is_the_documented_blocks():
    covered = [i for _, first, count, _ in L.ACTION_RANGES for i in range(first, first + count)]
    assert covered == list(range(L.ACTION_SIZE))
    assert L.action_name(0) == "discard 1m" and L.action_name(L.PASS) == "pass"
    assert L.action_name(L.ANKAN + 27) == "ankan 1z" and L.action_name(L.FLOWER) == "flower 1f"
    with pytest.raises(IllegalActionError, match="125"):
        L.action_name(125)
    assert L.action_name(np.int64(L.PASS)) == "pass"  # (a NumPy integer, as a policy gives one)
    for bad in (-1, True, "x", 1.5, None):  # an NbmjError as the envs' step raises, never a TypeError
        with pytest.raises(IllegalActionError):
            L.action_name(bad)  # type: ignore[arg-type]


def test_the_plane_layout_is_the_documented_rows():
    assert L.OBS_SHAPE == (sum(rows for _, rows, _ in L.PLANES), 42)
    if _encode is not None:
        assert _encode.ROW_OFFSETS == L.PLANE_INDEX


@needs_compiled
def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    game = Game("ningbo", seed=11)
    encoder = _encode.TableEncoder(encoder_rules(game.rules))
    out = np.zeros(L.OBS_SHAPE, np.uint8)
    for p, seat in enumerate("ESWN"):
        encoder.encode(game, p, out, 0)
        obs = game.observation(seat)
        assert out[L.PLANE_INDEX["hand"]].tolist() == [obs["hand"].count(t) for t in range(42)]
        sizes = out[L.PLANE_INDEX["counts"], 2:6].tolist()
        assert sizes == [obs["hand_sizes"]["ESWN"[(p + r) % 4]] for r in range(4)]
        wind = out[L.PLANE_INDEX["seat_wind"]]
        assert np.flatnonzero(wind).tolist() == [27 + "ESWN".index(obs["seat_wind"])]


def _random_match(rules, seed: int, hands: int = 3):
    """Yield the game before every move of a match of ``hands`` hands played by random choices."""
    match = Match(rules, seed, hands=hands, keep_logs=False)
    rng = random.Random(seed)
    while not match.is_over:
        game = match.new_game()
        while not game.is_over:
            yield game
            legal = game.legal_actions(game.to_act[0])
            game.step(legal[0] if legal[0].kind == "hu" and rng.random() < 0.5 else rng.choice(legal))
        yield game
        match.record(game)


@needs_compiled
@settings(max_examples=20, deadline=None)
@given(index=st.integers(0, len(RULE_SETS) - 1), seed=st.integers(0, 2**32), stride=st.integers(1, 9))
def test_planes_read_now_and_then_equal_the_reference(index, seed, stride):
    """The encoder keeps rows between calls: read at random moments (several moves apart,
    claims replacing a river's last tile in between, new hands of a match), by random seats,
    it still writes what the reference writes."""
    rules = RULE_SETS[index]
    er = encoder_rules(rules)
    compiled = _encode.TableEncoder(er)
    rng = random.Random(seed)
    for step, game in enumerate(_random_match(rules, seed)):
        if step % stride and not game.is_over:
            continue
        for p in rng.sample(range(4), rng.randint(1, 4)):
            ref = np.zeros(L.OBS_SHAPE, np.uint8)
            planes = np.full(L.OBS_SHAPE, 7, np.uint8)
            _reference.encode(game.observation("ESWN"[p]), ref, er, step % 300)
            compiled.encode(game, p, planes, step % 300)
            bad = np.argwhere(ref != planes)
            assert not len(bad), f"step {step}, seat {p}: compiled planes differ at (row, tile) {bad[:5].tolist()}"


@needs_compiled
@pytest.mark.parametrize("rules", RULE_SETS[:3] + [MANUAL_FLOWERS], ids=lambda r: r.name)
def test_both_encoders_keep_the_same_masks_and_legal_actions(rules):
    er = encoder_rules(rules)
    encoders = [ReferenceEncoder(er), _encode.TableEncoder(er)]
    for seed in range(3):
        for game in _random_hand(rules, seed):
            outs = []
            for enc in encoders:
                planes = np.full(L.OBS_SHAPE, 7, np.uint8)
                mask = np.full(L.ACTION_SIZE, 9, np.int8)
                first = enc.observe_next(game, planes, mask, 1)
                seen = {}
                for p in range(4):
                    alone = np.full(L.ACTION_SIZE, 9, np.int8)
                    count = enc.fill_mask(game, p, alone)
                    assert count == len(game.legal_actions("ESWN"[p])) == int(alone.sum())
                    seen[p] = (alone.copy(), [enc.legal_action(p, i) for i in range(-1, L.ACTION_SIZE + 1)])
                outs.append((first, planes, mask, seen))
            (f0, planes0, mask0, seen0), (f1, planes1, mask1, seen1) = outs
            assert f0 == f1 == (game.phase_state.to_act() or [-1])[0]
            if f0 >= 0:
                assert (planes0 == planes1).all() and (mask0 == mask1).all()
                assert (mask0 == seen0[f0][0]).all()
            for p in range(4):
                assert (seen0[p][0] == seen1[p][0]).all()
                assert seen0[p][1] == seen1[p][1]
                marked = [a for a in seen0[p][1] if a is not None]
                assert marked == sorted(game.legal_actions("ESWN"[p]), key=_reference.action_index)
                assert all(a is b for a, b in zip(seen0[p][1], seen1[p][1]))


@needs_compiled
def test_the_vector_env_writes_the_same_batches_with_either_encoder():
    from nbmj.env import VectorEnv

    envs = [VectorEnv(6, "ninghai"), VectorEnv(6, "ninghai")]
    for table in envs[1].tables:
        table.encoder = ReferenceEncoder(table.encoder_rules)
    obs = [e.reset(seed=5)[0] for e in envs]
    rng = np.random.default_rng(0)
    for _ in range(250):
        for key in ("observation", "action_mask", "agent"):
            assert (obs[0][key] == obs[1][key]).all(), key
        mask = obs[0]["action_mask"]
        acts = (rng.random(mask.shape) * mask).argmax(axis=1)
        results = [e.step(acts) for e in envs]
        obs = [r[0] for r in results]
        for a, b in zip(results[0][1:4], results[1][1:4]):
            assert (a == b).all()


@needs_compiled
def test_records_that_are_not_tuples_are_read_afresh_at_every_call():
    """The kept rows trust that a record seen once never changes (the engine's records are
    named tuples). Records of another kind are read again at each call: changed in place,
    the planes follow."""
    from dataclasses import dataclass

    @dataclass
    class River:
        tile: int
        claimed_by: str | None

    rules = load_variant("ningbo")
    game = next(g for i, g in enumerate(_random_hand(rules, 4)) if i == 40)
    er = encoder_rules(rules)
    compiled = _encode.TableEncoder(er)

    def agree():
        for p in range(4):
            ref = np.zeros(L.OBS_SHAPE, np.uint8)
            planes = np.full(L.OBS_SHAPE, 7, np.uint8)
            _reference.encode(game.observation("ESWN"[p]), ref, er, 0)
            compiled.encode(game, p, planes, 0)
            assert (ref == planes).all()

    agree()
    river = game.table.seats[1].river
    river[:] = [River(r.tile, r.claimed_by) for r in river]
    game.invalidate()
    agree()
    river[0].claimed_by = "E" if river[0].claimed_by is None else None
    game.invalidate()
    agree()


@needs_compiled
@pytest.mark.parametrize("behind_the_table", ["step", "invalidate"])
def test_a_turn_mask_is_trusted_only_at_the_state_and_version_it_was_made_at(behind_the_table):
    """The compiled encoder marks the mask of the seat on turn from the engine's turn codes,
    without making the legal list, and the compiled act plays a marked action without looking
    for it in that list: only while the game is in the state, at the version, the mask was
    made at. After a move or an edit made behind the table's back the action goes to
    Game.step, which checks it: a discard of a seat no longer on turn is refused, and
    nothing moves."""
    from nbmj.env._common import make_table
    from nbmj.errors import IllegalActionError

    table = make_table("ningbo", None, reward="points", max_hands=1, illegal="raise", illegal_penalty=1.0)
    table.reset(5)
    game = table.game
    p = table.first_waiting()
    assert game.phase == "turn" and game.to_act == ["ESWN"[p]]
    mask = _encode.observe(table, p)["action_mask"]
    discards = [int(i) for i in np.flatnonzero(mask) if i < 42]
    assert [_reference.action_index(a) for a in game.legal_actions("ESWN"[p]) if a.kind == "discard"] == discards
    if behind_the_table == "step":
        game.step(game.legal_actions("ESWN"[p])[-1])  # the seat discards: it is no longer on turn
        before = game.full_state()
        with pytest.raises(IllegalActionError, match="not legal"):
            _encode.act(table, p, discards[0])
        assert game.full_state() == before
    else:
        hand = game.table.seats[p].hand
        tile = discards[0]
        hand[tile] -= 1  # the tile is taken from the hand by hand
        game.invalidate()
        before = game.full_state()
        if hand[tile] == 0:  # no longer held: refused
            with pytest.raises(IllegalActionError, match="not legal"):
                _encode.act(table, p, tile)
            assert game.full_state() == before
        else:  # still held: played by Game.step from the game as it is now
            _encode.act(table, p, tile)
            assert game.table.seats[p].river[-1].tile == tile and hand[tile] == before["hands"]["ESWN"[p]].count(tile) - 1


@needs_compiled
@pytest.mark.parametrize("size, steps", [(5, 400), (130, 160)], ids=["5 games", "130 games, read ahead"])
@pytest.mark.parametrize("kwargs", [{}, {"opponents": {"player_2": "random"}, "illegal": "penalty", "max_hands": 2}], ids=["learners", "bots"])
def test_the_compiled_vector_step_plays_as_the_python_loop(monkeypatch, kwargs, size, steps):
    """VectorEnv.step through nbmj.env._encode.play_batch and through its own Python loop:
    the same batches, rewards and terminations (with bots, illegal actions and hands of a
    match taken by the Python paths of the tables). A batch of 100 games or more is played
    with its next games' state asked of memory ahead of use, which must change nothing."""
    import nbmj.env.vector as vector

    if vector._play_batch is None:
        pytest.skip("the compiled step is not in use (NBMJ_PUREPYTHON=1 or not built)")
    compiled = vector.VectorEnv(size, "ningbo", **kwargs)
    looped = vector.VectorEnv(size, "ningbo", **kwargs)
    obs = [compiled.reset(seed=9)[0], looped.reset(seed=9)[0]]
    rng = np.random.default_rng(1)
    for step in range(steps):
        for key in ("observation", "action_mask", "agent"):
            assert (obs[0][key] == obs[1][key]).all(), (step, key)
        mask = obs[0]["action_mask"]
        acts = (rng.random(mask.shape) * mask).argmax(axis=1)
        if kwargs and step % 50 == 7:
            acts[step % size] = L.ACTION_SIZE - 1 if not mask[step % size, -1] else 0  # often illegal: penalized
        first = compiled.step(acts)
        monkeypatch.setattr(vector, "_play_batch", None)
        second = looped.step(acts)
        monkeypatch.undo()
        obs = [first[0], second[0]]
        for a, b in zip(first[1:4], second[1:4]):
            assert (a == b).all(), step


@needs_compiled
def test_an_illegal_action_leaves_both_vector_steps_in_the_same_state(monkeypatch):
    """An action that raises stops the step at its game: the games before it have moved
    (booked, dealt again when they ended, their new rows written), the others have not."""
    import nbmj.env.vector as vector
    from nbmj.errors import IllegalActionError

    if vector._play_batch is None:
        pytest.skip("the compiled step is not in use (NBMJ_PUREPYTHON=1 or not built)")
    envs = [vector.VectorEnv(6, "ningbo"), vector.VectorEnv(6, "ningbo")]
    obs = [e.reset(seed=2)[0] for e in envs]
    rng = np.random.default_rng(3)
    raised = 0
    for step in range(600):
        mask = obs[0]["action_mask"]
        acts = (rng.random(mask.shape) * mask).argmax(axis=1)
        if step % 9 == 4:
            acts[4] = int(np.flatnonzero(mask[4] == 0)[0])  # not legal: raises
        results = []
        for k, e in enumerate(envs):
            if k:
                monkeypatch.setattr(vector, "_play_batch", None)
            try:
                results.append(e.step(acts))
            except IllegalActionError:
                results.append(None)
            monkeypatch.undo()
        if results[0] is None:
            assert results[1] is None
            raised += 1
        else:
            for a, b in zip(results[0][1:4], results[1][1:4]):
                assert (a == b).all(), step
        for a, b in ((envs[0].rewards, envs[1].rewards), (envs[0].terminations, envs[1].terminations)):
            assert (a == b).all(), step
        obs = [e._obs() for e in envs]
        for key in ("observation", "action_mask", "agent"):
            assert (obs[0][key] == obs[1][key]).all(), (step, key)
    assert raised > 50


@needs_compiled
@pytest.mark.parametrize("kwargs", [{}, {"opponents": {"player_1": "greedy"}, "illegal": "penalty", "max_hands": 2}], ids=["learners", "bots"])
def test_the_aec_env_plays_alike_with_the_compiled_and_the_python_table_calls(monkeypatch, kwargs):
    import nbmj.env.aec as aec
    from nbmj.env import encoding

    if encoding.table_act is encoding._table_act:
        pytest.skip("the compiled table calls are not in use (NBMJ_PUREPYTHON=1 or not built)")

    def play(python: bool) -> list:
        if python:
            monkeypatch.setattr(aec, "_table_act", encoding._table_act)
            # observations in new arrays from Table.observe, not from the compiled pool
            monkeypatch.setattr(encoding, "observation_source", encoding.FreshObservations)
            monkeypatch.setattr(encoding, "table_observe", encoding._table_observe)
        trace = []
        env = aec.raw_env(variant="ninghai", **kwargs)
        rng = np.random.default_rng(4)
        for episode in range(4):
            env.reset(seed=episode)
            for n, agent in enumerate(env.agent_iter()):
                obs, reward, term, trunc, _ = env.last()
                other = env.observe(env.possible_agents[n % len(env.possible_agents)])
                trace.append((agent, reward, term, obs["observation"].tobytes(), obs["action_mask"].tobytes(), other["observation"].tobytes()))
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                action = int(legal[rng.integers(len(legal))])
                if kwargs and n % 37 == 5:
                    action = int(np.flatnonzero(obs["action_mask"] == 0)[0])  # penalized: the episode ends
                env.step(action)
        monkeypatch.undo()
        return trace

    assert play(False) == play(True)


@pytest.mark.parametrize("backend", BACKENDS, ids=lambda b: b.__name__.rsplit(".", 1)[-1])
def test_the_bars_after_a_pass_are_planes_only_while_the_variant_keeps_them_in_force(backend):
    """The passed-win flag and the passed-pong row show a bar in force, not the seat's flags:
    once the claim that ends the first go-around lifts the bars of a variant that keeps them
    only then, N's and W's planes show none though neither has acted since passing."""
    from _engine_helpers import closed_pass_window

    g = closed_pass_window()
    er = encoder_rules(g.rules)
    encoder = backend.TableEncoder(er) if backend is _encode else None
    for p in (2, 3):
        planes = np.zeros(L.OBS_SHAPE, np.uint8)
        if encoder is None:
            _reference.encode(g.observation("ESWN"[p]), planes, er, 0)
        else:
            encoder.encode(g, p, planes, 0)
        assert not planes[L.PLANE_INDEX["passed_pon"]].any()
        assert planes[L.PLANE_INDEX["flags"], 4] == 0


@needs_compiled
def test_a_rewards_list_the_caller_holds_is_never_written_by_a_later_step():
    """The compiled act takes the table's last rewards list again when it earned nothing
    and nothing else holds it; a list the caller kept is its own: steps played after it,
    up to the hand's end (whose rewards are added into the table's list, here by the bots'
    moves), leave it zeros, and the table's list then is another object."""
    from nbmj.env._common import make_table

    greedy = {f"player_{p}": "greedy" for p in (1, 2, 3)}  # bots that win hands, often on a learner's discard
    table = make_table("ningbo", greedy, reward="points", max_hands=1, illegal="raise", illegal_penalty=1.0)
    rng = np.random.default_rng(2)
    for seed in range(11, 41):  # hands until one ends with points won (a drawn hand earns nothing)
        table.reset(seed)
        kept = None
        while not table.over:
            p = table.first_waiting()
            mask = _encode.observe(table, p)["action_mask"]
            earned = _encode.act(table, p, L.HU if mask[L.HU] else int(rng.choice(np.flatnonzero(mask))))
            if kept is None and not any(earned):
                kept = earned  # held from here on
            del earned
        if any(table.rewards):
            break
    assert kept is not None and kept == [0.0] * 4
    assert table.rewards is not kept and any(table.rewards)
