"""The rule digest in every log header, and the replay that refuses other rules of the same
name (issue #45 item 5): a user file that shadows a shipped variant makes logs that name
the shipped variant, and only the digest tells the two apart."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Game, make_bots, play_hand
from nbmj.engine.game import replay
from nbmj.errors import ReplayError
from nbmj.rules import compile_text, load_variant
from nbmj.rules.registry import ENV_VAR, VariantShadowWarning

SHADOW = 'variant ningbo extends ningbo "our ningbo"\nshadows ningbo\nscoring tai { minimum 2 }\n'


def _log(rules, seed=3):
    game = Game(rules, seed)
    play_hand(game, make_bots("greedy"))
    return game.log_text()


def test_the_digest_is_of_the_rules_not_of_their_names_or_file():
    ningbo = load_variant("ningbo")
    assert ningbo.digest.startswith("sha256:") and len(ningbo.digest) == 7 + 64
    renamed = compile_text(
        'variant elsewhere extends ningbo "another name, summary and file, the same rules"\nalias somewhere\n', "x/y.nbv"
    )
    assert (renamed.name, renamed.source) != (ningbo.name, ningbo.source) and renamed.digest == ningbo.digest
    changed = compile_text('variant elsewhere extends ningbo "one setting changed"\nscoring tai { minimum 2 }\n')
    assert changed.digest != ningbo.digest
    assert len({load_variant(n).digest for n in ("ningbo", "ningbo-000", "ningbo-7wild", "ninghai", "ninghai-yaoerliu")}) == 5


def test_every_log_header_carries_the_digest_of_its_rules():
    for name in ("ningbo", "ninghai"):
        header = json.loads(_log(name).splitlines()[0])
        assert header["rules_digest"] == load_variant(name).digest
        assert list(header)[:4] == ["format", "variant", "rules_digest", "seed"]


def test_replay_refuses_a_log_whose_digest_is_not_the_rules_given_naming_both():
    log = _log("ningbo")
    mine = compile_text(SHADOW, "mine.nbv")
    with pytest.raises(ReplayError) as info:
        list(replay(log, rules=mine))
    message = str(info.value)
    assert info.value.index == 0 and message.startswith("line 1: the log was played under rules")
    assert load_variant("ningbo").digest in message and mine.digest in message and "mine.nbv" in message
    # and the other way round: a log of the user file does not replay as the shipped rules
    with pytest.raises(ReplayError, match=load_variant("ningbo").digest):
        list(replay(_log(mine), rules=load_variant("ningbo")))
    assert list(replay(_log(mine), rules=mine))


def test_a_log_from_before_the_digest_still_replays():
    lines = _log("ningbo").splitlines()
    header = json.loads(lines[0])
    del header["rules_digest"]
    assert list(replay([json.dumps(header)] + lines[1:]))


def test_a_shadowing_file_on_the_path_makes_logs_that_replay_only_under_it(tmp_path, monkeypatch):
    """End to end: a user's ningbo.nbv on NBMJ_VARIANT_PATH is announced, plays, and its
    log names ningbo; the replay command finds the shipped ningbo once the file is gone,
    and refuses the log naming both digests."""
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "ningbo.nbv").write_text(SHADOW, encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(rules_dir))
    with pytest.warns(VariantShadowWarning):
        game = Game("ningbo", seed=5)
    play_hand(game, make_bots("greedy"))
    log = tmp_path / "hand.log"
    log.write_text(game.log_text(), encoding="utf-8")
    assert json.loads(game.log_lines()[0])["variant"] == "ningbo"
    assert CliRunner().invoke(main, ["replay", str(log)]).exit_code == 0  # the shadow is still on the path
    monkeypatch.delenv(ENV_VAR)
    out = CliRunner().invoke(main, ["replay", str(log)])
    assert out.exit_code == 2 and "Traceback" not in out.output
    assert game.rules.digest in out.output and load_variant("ningbo").digest in out.output
    ok = CliRunner().invoke(main, ["replay", str(log), "--variant", str(rules_dir / "ningbo.nbv")])
    assert ok.exit_code == 0, ok.output


def test_simulate_and_arena_json_name_the_digest_of_their_rules():
    runner = CliRunner()
    sim = json.loads(runner.invoke(main, ["simulate", "--games", "2", "--json"]).output)
    assert sim["rules_digest"] == load_variant("ningbo").digest
    arena = json.loads(runner.invoke(main, ["arena", "--bot", "random", "--games", "2", "--variant", "ninghai", "--json"]).output)
    assert arena["rules_digest"] == load_variant("ninghai").digest
    both = json.loads(runner.invoke(main, ["compare", "ningbo", "ningbo-000", "--games", "2", "--json"]).output)
    assert both["rules_digest"] == {"a": load_variant("ningbo").digest, "b": load_variant("ningbo-000").digest}
