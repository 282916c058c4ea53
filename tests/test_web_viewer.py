"""The replay viewer (``nbmj view``): frames that follow the log, a page that needs nothing
outside itself, and the page as a browser shows it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.cli import main
from nbmj.engine import Game, make_bots, play_hand
from nbmj.engine.actions import ACTION_KINDS
from nbmj.errors import ReplayError
from nbmj.narration import describe
from nbmj.rules import load_variant
from nbmj.web.viewer import render_html, replay_frames


def _played(variant: str, seed: int) -> tuple[Game, str]:
    game = Game(variant, seed=seed)
    play_hand(game, make_bots("greedy"))
    return game, game.log_text()


@pytest.fixture(scope="module")
def ningbo_hand() -> tuple[Game, str]:
    return _played("ningbo", 7)


def test_one_frame_for_the_deal_and_one_after_each_action(ningbo_hand):
    game, log = ningbo_hand
    lines = [json.loads(x) for x in log.splitlines()]
    actions = [ev for ev in lines[1:] if ev["e"] in ACTION_KINDS]
    rp = replay_frames(log)
    assert len(rp.frames) == len(actions) + 1
    assert rp.complete
    # Every event of the log is told exactly once, in order, in both languages.
    told = [e for f in rp.frames for e in f.events]
    assert [e["e"] for e in told] == [ev["e"] for ev in lines[1:]]
    assert [e["zh"] for e in told] == [describe(ev, "zh", "chinese") for ev in lines[1:]]
    # The last frame's settlement is the engine's.
    assert rp.frames[-1].table["result"]["deltas"] == game.result.deltas


def test_frames_keep_every_tile_and_set_the_drawn_tile_apart(ningbo_hand):
    _, log = ningbo_hand
    rp = replay_frames(log)
    for frame in rp.frames[1:]:
        seats = frame.table["seats"]
        shown = Counter()
        for seat in seats.values():
            shown.update(seat["hand"])
            shown.update([seat["drawn"]] if seat["drawn"] else [])
            shown.update(t for m in seat["melds"] for t in m["tiles"])
            shown.update(r["tile"] for r in seat["river"] if r["claimed_by"] is None)
            shown.update(seat["flowers"])
        # No kind is shown more than four times: a claimed tile is in its meld, not twice.
        assert max(shown.values()) <= 4, frame.step
        last = frame.events[-1]
        if last["e"] == "draw":
            drawer = [s for s, v in seats.items() if v["drawn"]]
            assert len(drawer) == 1


def test_claimed_river_tiles_name_the_claimer(ningbo_hand):
    _, log = ningbo_hand
    rp = replay_frames(log)
    takes = [json.loads(x) for x in log.splitlines() if '"e":"take"' in x]
    assert takes, "seed 7 has claims"
    final = rp.frames[-1].table["seats"]
    for take in takes:
        if take["claim"] in ("chi", "pon", "kan"):
            river = final[take["from"]]["river"]
            assert any(r["tile"] == take["tile"] and r["claimed_by"] == take["seat"] for r in river)


def test_the_page_is_self_contained_and_escapes_its_data(tmp_path, ningbo_hand):
    _, log = ningbo_hand
    page = render_html(log, lang="zh")
    assert '<html lang="zh">' in page
    assert not re.search(r"""(src|href)\s*=\s*["'](https?:)?//""", page)
    assert "<link" not in page and "@import" not in page
    # A label that tries to close the data element stays inside it.
    variant = tmp_path / "evil.nbv"
    variant.write_text(
        'variant evil extends ningbo "a label that closes the script"\n'
        "items {\n"
        '  item closed "</script><b>x" 1 tai when wait(closed)  [NB-12.6]\n'
        "}\n",
        encoding="utf-8",
    )
    rules = load_variant(str(variant))
    header, *rest = log.splitlines()
    forged = {**json.loads(header), "variant": "evil", "rules_digest": rules.digest}  # (the hand plays alike under both)
    evil_log = "\n".join([json.dumps(forged), *rest]) + "\n"
    page = render_html(evil_log, rules=rules)
    data = page.split('<script id="replay-data" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["item_labels"]["closed"] == "</script><b>x"


def test_the_finished_hand_comes_with_its_settlement_explained(ningbo_hand):
    """The viewer's data carry the engine's explanation of the settlement (issue #43): the
    same terms, adding up to the same deltas, as the game's own."""
    game, log = ningbo_hand
    settlement = replay_frames(log).settlement
    assert settlement == game.settlement().to_json()
    assert settlement["deltas"] == game.result.deltas


def test_a_log_cut_short_is_shown_as_incomplete(ningbo_hand):
    _, log = ningbo_hand
    cut = "\n".join(log.splitlines()[:30]) + "\n"
    rp = replay_frames(cut)
    assert not rp.complete and rp.settlement is None
    assert rp.frames[-1].table["result"] is None


def test_view_command_writes_a_page_and_refuses_a_bad_log(tmp_path, ningbo_hand):
    _, log = ningbo_hand
    good = tmp_path / "h.log"
    good.write_text(log, encoding="utf-8")
    out = tmp_path / "h.html"
    res = CliRunner().invoke(main, ["view", str(good), "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    lines = log.splitlines()
    lines[12] = lines[12].replace('"seat":"', '"seat":"X', 1)
    bad = tmp_path / "bad.log"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out2 = tmp_path / "bad.html"
    res = CliRunner().invoke(main, ["view", str(bad), "-o", str(out2)])
    assert res.exit_code == 2
    assert res.output.startswith("nbmj: error:") and "Traceback" not in res.output
    assert not out2.exists()
    with pytest.raises(ReplayError):
        replay_frames("\n".join(lines))
    # a whole number of more than Python's 4,300 digits: a ValueError no JSONDecodeError, a traceback before
    lines = log.splitlines()
    lines[0] = lines[0].replace("{", '{"n":' + "9" * 5000 + ",", 1)
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["view", str(bad), "-o", str(out2)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("nbmj: error: line 1 holds a number too long to read") and "Traceback" not in res.output
    assert not out2.exists()


def test_a_user_variant_log_needs_its_file(tmp_path):
    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "a 3-tai minimum"\nscoring tai { minimum 3 }\n', encoding="utf-8")
    rules = load_variant(str(variant))
    game = Game(rules, seed=3)
    play_hand(game, make_bots("greedy"))
    log = tmp_path / "t.log"
    log.write_text(game.log_text(), encoding="utf-8")
    res = CliRunner().invoke(main, ["view", str(log), "-o", str(tmp_path / "t.html")])
    assert res.exit_code == 2 and "variant" in res.output
    res = CliRunner().invoke(main, ["view", str(log), "-o", str(tmp_path / "t.html"), "--variant", str(variant)])
    assert res.exit_code == 0, res.output


def test_a_log_that_names_its_variant_by_a_path_reads_no_file(tmp_path):
    """A crafted log's header can say "variant": "/some/file": nbmj view and nbmj replay
    loaded whatever file it named, and quoted its first line in the error when it was no
    variant file. A log names its variant; a file is given with --variant."""
    secret = tmp_path / "secret.txt"
    secret.write_text("the first line of a private file\n", encoding="utf-8")
    variant = tmp_path / "thursday.nbv"
    variant.write_text('variant thursday extends ningbo "a 3-tai minimum"\nscoring tai { minimum 3 }\n', encoding="utf-8")
    game = Game("ningbo", seed=3)
    play_hand(game, make_bots("greedy"))
    lines = game.log_text().splitlines()
    for named in (str(secret), str(variant), "../thursday", "thursday.nbv"):
        header = json.loads(lines[0])
        header["variant"] = named
        log = tmp_path / "crafted.log"
        log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
        for args in (["view", str(log), "-o", str(tmp_path / "crafted.html")], ["replay", str(log)]):
            res = CliRunner().invoke(main, args)
            assert res.exit_code == 2, (named, args[0], res.output)
            assert f"line 1: a log names its variant, never a file: {named!r}" in res.output, res.output
            assert "private file" not in res.output and "Traceback" not in res.output
        with pytest.raises(ReplayError, match="never a file"):
            replay_frames(log.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- in a real browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _dom(page: Path, fragment: str) -> str:
    assert CHROMIUM is not None
    out = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", f"{page.as_uri()}#{fragment}"],
        capture_output=True, text=True, timeout=120, check=True,
    )
    return out.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (.ci/run installs Debian's chromium)")
def test_a_browser_steps_through_the_hand(tmp_path, ningbo_hand):
    game, log = ningbo_hand
    page = tmp_path / "hand.html"
    page.write_text(render_html(log), encoding="utf-8")
    rp = replay_frames(log)
    start = _dom(page, "step=0")
    assert "is dealt" in start and 'id="settlement" hidden' in start
    # Every seat's 13 or 14 dealt tiles are drawn as tiles in its hand row.
    for seat, st in rp.frames[0].table["seats"].items():
        section = start.split(f'id="seat-{seat}"', 1)[1].split("</section>", 1)[0]
        hand_row = section.split('class="row hand"', 1)[1].split("</div>", 1)[0]
        assert hand_row.count('class="tile') == len(st["hand"]) + (1 if st["drawn"] else 0)
    # Wilds are marked in the hands that hold them.
    wild_codes = set(rp.frames[0].table["wilds"])
    held = [c for st in rp.frames[0].table["seats"].values() for c in st["hand"] if c in wild_codes]
    assert start.count('class="tile wild"') >= len(held)
    end = _dom(page, "step=end")
    winner = game.result.winners[0]["seat"] if game.result.winners else None
    assert "Settlement" in end
    if winner:
        assert f"+{game.result.deltas[winner]}" in end
    # the settlement explained, as at the table: who pays whom, each line with its rule
    assert "who pays whom" in end and re.search(r"N[BH]-\d+", end)
    middle = _dom(page, f"step={len(rp.frames) // 2}")
    assert f"step {len(rp.frames) // 2} of {len(rp.frames) - 1}" in middle


def test_view_refuses_to_write_the_page_over_its_own_log(tmp_path, ningbo_hand):
    """nbmj view hand.log -o hand.log (meant: hand.html) replaced the log, the only record of
    the hand, by the page, and said 'wrote hand.log'."""
    _, log = ningbo_hand
    path = tmp_path / "h.log"
    path.write_text(log, encoding="utf-8")
    (tmp_path / "link.log").symlink_to(path)
    for given in (str(path), str(tmp_path / "link.log")):
        res = CliRunner().invoke(main, ["view", str(path), "-o", given])
        assert res.exit_code == 2, res.output
        assert res.output.strip() == f"nbmj: error: the page would write over its own log: -o {given!r} is the log {str(path)!r}; give another file"
        assert path.read_text(encoding="utf-8") == log
