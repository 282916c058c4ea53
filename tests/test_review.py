"""``nbmj review``: golden reviews of logged hands in English and Chinese, the JSON for
programs, the replay page's review layer, and bad input."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.bots import BUILTIN_BOTS
from nbmj.bots.review import REASONS, review_log, review_text
from nbmj.cli import main
from nbmj.engine import Game
from nbmj.rules import load_variant
from nbmj.rules.model import SEATS

if str(Path(__file__).parent) not in sys.path:  # importlib import mode leaves tests/ off sys.path
    sys.path.insert(0, str(Path(__file__).parent))
from _goldens import updating  # noqa: E402

GOLDEN = Path(__file__).parent / "golden" / "review"
#: (variant, seed, the bot of each seat, the seat reviewed): a greedy seat among strong ones
CASES = [("ningbo", 5, ("strong", "greedy", "strong", "greedy"), "N"), ("ninghai", 2, ("greedy", "strong", "greedy", "strong"), "E")]


def _log(variant, seed, names):
    rules = load_variant(variant)
    game = Game(rules, seed)
    bots = {s: BUILTIN_BOTS[n](seed, s, rules) for s, n in zip(SEATS, names)}
    while not game.is_over:
        seat = game.to_act[0]
        game.step(bots[seat](game.observation(seat), game.legal_actions(seat)))
    return game.log_text()


@pytest.mark.parametrize("variant,seed,names,seat", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_golden_reviews_in_both_languages(variant, seed, names, seat, lang):
    log_path = GOLDEN / f"{variant}-{seed}.log"
    text_path = GOLDEN / f"{variant}-{seed}-{seat}.{lang}.txt"
    if updating():
        log_path.write_text(_log(variant, seed, names), encoding="utf-8")
    review = review_log(log_path.read_text(encoding="utf-8"), seat)
    lines = "\n".join(review_text(review, lang)) + "\n"
    if updating():
        text_path.write_text(lines, encoding="utf-8")
    assert lines == text_path.read_text(encoding="utf-8")
    assert review.disagreements, "a greedy seat disagrees with the strong bot somewhere"


def test_review_json_for_programs():
    r = CliRunner().invoke(main, ["review", str(GOLDEN / "ningbo-5.log"), "--seat", "N", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["format"] == "nbmj-review/1" and data["seat"] == "N" and data["bot"] == "strong"
    assert data["disagreements"] == sum(1 for d in data["items"] if not d["agree"]) > 0
    for d in data["items"]:
        assert {"frame", "kind", "agree", "stake", "before", "player", "bot", "reasons"} <= set(d)
        if d["agree"]:
            assert d["stake"] == 0 and d["reasons"] == []
        else:
            assert d["player"]["text"] != d["bot"]["text"] and d["reasons"]
            for reason in d["reasons"]:
                assert reason["code"] in REASONS and reason["en"] and reason["zh"]
                if reason["rule"]:
                    assert reason["en"].endswith(f"[{reason['rule']}]")


def test_the_review_names_the_minimum_rule_for_a_wait_that_cannot_win():
    """In the Ningbo golden hand greedy sits on waits below the 4-台 minimum: the review
    says so and cites NB-13.1."""
    review = review_log((GOLDEN / "ningbo-5.log").read_text(encoding="utf-8"), "N")
    rules = {r.rule for d in review.disagreements for r in d.reasons}
    codes = {r.code for d in review.disagreements for r in d.reasons}
    assert "no_valid_wait" in codes and "NB-13.1" in rules


def test_a_choice_the_bot_rates_as_high_is_no_disagreement():
    """Where the bot's options tie, its pick between them says nothing against the other:
    the player's choice agrees, without reasons and without stake; a lower-rated one does
    not, and a passed win (rated against a win's infinite value) never ties."""
    from nbmj.bots.review import Review, Reviewed
    from nbmj.bots.strong import Option
    from nbmj.engine import Action

    a, b = Action("E", "discard", tile=4), Action("E", "discard", tile=5)
    tie = Reviewed(0, "turn", Option(a, 1.25, 1), Option(b, 1.25, 1), 1, (), ())
    lower = Reviewed(1, "turn", Option(a, 1.0, 1), Option(b, 1.25, 1), 1, (), ())
    passed = Reviewed(2, "claim", Option(Action("E", "pass"), 3.0, 0), Option(Action("E", "hu"), float("inf"), -1), 0, (), ())
    assert tie.agree and tie.stake == 0
    assert not lower.agree and lower.stake == 0.25
    assert not passed.agree
    review = Review({}, "E", "strong", (tie, lower, passed), None)
    assert review.disagreements == [lower, passed] and review.disagreement_rate == 2 / 3
    assert Review({}, "E", "strong", (), None).disagreement_rate == 0.0
    assert review.to_json()["disagreement_rate"] == round(2 / 3, 4)


def test_the_replay_page_carries_the_review_layer(tmp_path):
    out = tmp_path / "hand.html"
    r = CliRunner().invoke(main, ["view", str(GOLDEN / "ningbo-5.log"), "-o", str(out), "--review", "N", "--lang", "zh"])
    assert r.exit_code == 0, r.output
    page = out.read_text(encoding="utf-8")
    data = json.loads(page.split('<script id="replay-data" type="application/json">', 1)[1].split("</script>", 1)[0])
    assert data["review"]["seat"] == "N" and data["review"]["disagreements"] > 0
    assert "review-mark" in page and "render = function" in page
    plain = tmp_path / "plain.html"
    assert CliRunner().invoke(main, ["view", str(GOLDEN / "ningbo-5.log"), "-o", str(plain)]).exit_code == 0
    assert "review-mark" not in plain.read_text(encoding="utf-8")


def test_bad_input_is_one_line_and_status_2(tmp_path):
    bad = tmp_path / "bad.log"
    bad.write_text('{"format":"nbmj-log/1","variant":"ningbo","seed":1}\n{"e":"discard","seat":"E","tile":"5m"}\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["review", str(bad), "--seat", "E"])
    assert r.exit_code == 2 and "line 2" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["review", str(tmp_path / "missing.log"), "--seat", "E"])
    assert r.exit_code == 2 and "cannot read" in r.output
    r = CliRunner().invoke(main, ["review", str(GOLDEN / "ningbo-5.log"), "--seat", "X"])
    assert r.exit_code == 2


def test_a_browser_shows_the_review_layer(tmp_path):
    """The page's review script runs: a mark per disagreement on the timeline, and at a
    disagreement's step the two choices and the reasons with their rule IDs."""
    import shutil
    import subprocess

    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if chromium is None:
        pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium)")
    log = (GOLDEN / "ningbo-5.log").read_text(encoding="utf-8")
    review = review_log(log, "N")
    from nbmj.web.viewer import render_html

    page = tmp_path / "hand.html"
    page.write_text(render_html(log, lang="en", review=review.to_json()), encoding="utf-8")
    wrong = next(d for d in review.disagreements if any(r.code == "no_valid_wait" for r in d.reasons))
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                          f"{page.as_uri()}#step={wrong.frame}"], capture_output=True, text=True, timeout=120, check=True).stdout
    assert dom.count('class="review-mark') == len(review.disagreements)
    panel = dom.split('id="review"', 1)[1].split("</section>", 1)[0]
    assert wrong.player.action.__str__() in panel and wrong.bot.action.__str__() in panel
    assert "[NB-13.1]" in panel
