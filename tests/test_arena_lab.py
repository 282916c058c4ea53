"""The variant lab: ``nbmj compare`` pairs the walls and detects a changed minimum at the N
the docs state; ``nbmj diff`` lists settings, items with rule IDs, and corpus hands that change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from nbmj.arena.lab import compare, diff_variants, required_games
from nbmj.cli import main

# The N that docs/arena.rst states for telling a 3-tai minimum from ningbo's 4.
DOCUMENTED_N = 60


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def three_tai(tmp_path):
    path = tmp_path / "ningbo3.nbv"
    path.write_text('variant ningbo3 extends ningbo "Ningbo with a 3-tai minimum"\nscoring tai {\n  minimum 3\n}\n', encoding="utf-8")
    return str(path)


def test_compare_detects_a_3_tai_minimum_at_the_documented_n(three_tai):
    r = run("compare", "ningbo", three_tai, "--games", str(DOCUMENTED_N), "--workers", "1", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.splitlines()[-1])
    draws = out["paired_differences"]["draw_rate"]
    assert draws["p_value"] < 0.01
    assert draws["ci95"][1] < 0  # fewer draws when cheaper hands may win
    assert out["variants"]["b"]["draw_rate"] < out["variants"]["a"]["draw_rate"]
    # the N is not luck: a normal-approximation bound from the observed rates is below it
    assert required_games(out["variants"]["a"]["draw_rate"], out["variants"]["b"]["draw_rate"]) <= DOCUMENTED_N


def test_a_variant_compared_with_itself_differs_in_nothing():
    """Paired seeds: the same walls and bots under the same rules play the same hands."""
    out = compare("ningbo", "ningbo", 20, seed=3)
    for d in out["paired_differences"].values():
        assert d["mean"] == 0 and d["p_value"] == 1.0
    assert out["variants"]["a"] == out["variants"]["b"]


def test_compare_reports_every_statistic_with_an_interval(three_tai):
    out = compare("ningbo", three_tai, 16, seed=1, workers=2, chunk=4)
    same = compare("ningbo", three_tai, 16, seed=1, workers=1)
    assert out == same
    for side in out["variants"].values():
        assert set(side["win_rate_by_seat"]) == set("ESWN")
        lo, hi = side["draw_rate_ci95"]
        assert lo <= side["draw_rate"] <= hi
        assert side["points_per_win"]["n"] == sum(side["hand_values"].values())
        for item in side["items"].values():
            assert item["ci95"][0] <= item["share_of_wins"] <= item["ci95"][1]
        assert "mean" in side["dealer_points_per_hand"]


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<svg")])
def test_compare_plots_the_distributions(tmp_path, suffix, magic):
    pytest.importorskip("matplotlib", reason="matplotlib is in the test extra")
    target = tmp_path / f"plot{suffix}"
    r = run("compare", "ningbo", "ningbo-000", "--games", "6", "--plot", str(target))
    assert r.exit_code == 0, r.output
    assert magic in target.read_bytes()[:400]
    assert "paired differences" in r.output


def test_compare_refuses_a_plot_it_cannot_draw(tmp_path):
    r = run("compare", "ningbo", "ningbo", "--games", "4", "--plot", str(tmp_path / "x.pdf"))
    assert r.exit_code == 2 and "png or .svg" in r.output


def test_compare_refuses_a_plot_it_cannot_write_before_the_run(tmp_path):
    """Found by an outside-in bad-input pass: --plot into a directory that does not exist
    played every hand, then printed matplotlib's FileNotFoundError as a traceback, the
    comparison lost."""
    pytest.importorskip("matplotlib", reason="matplotlib is in the test extra")
    from nbmj.arena.lab import LabError, plot_compare

    target = tmp_path / "nowhere" / "x.png"
    r = run("compare", "ningbo", "nosuch", "--games", "4", "--plot", str(target))  # (the variants are checked first)
    assert r.exit_code == 2 and "unknown variant 'nosuch'" in r.output
    r = run("compare", "ningbo", "ningbo", "--games", "4", "--plot", str(target))
    assert r.exit_code == 2, r.output
    assert r.output.strip() == f"nbmj: error: no directory {str(target.parent)!r} to write 'x.png' in"
    (tmp_path / "d.png").mkdir()
    result = compare("ningbo", "ningbo", 2)
    with pytest.raises(LabError, match=r"cannot write .*d\.png"):
        plot_compare(result, str(tmp_path / "d.png"))


# the corpus of this checkout, named by where this file is (not by the current directory, nor
# by where the package was installed from)
CORPUS = [Path(__file__).resolve().parents[1] / "docs" / "variants" / "examples", Path(__file__).resolve().parent / "golden" / "score"]


def test_diff_names_the_changed_setting_its_rules_and_the_hands_it_changes(three_tai):
    out = diff_variants("ningbo", three_tai, corpus=CORPUS)
    assert out["settings"] == [{"setting": "scoring.minimum", "a": 4, "b": 3, "rules": out["settings"][0]["rules"]}]
    assert "NB-13.1" in out["settings"][0]["rules"]
    assert out["items"] == []
    changed = {row["hand"]: row for row in out["corpus"]["changed"]}
    row = changed["nb-T27-three-tai-cannot-win"]
    assert row["a"]["valid"] is False and row["b"]["valid"] is True
    # only validity can change with the minimum: every listed hand keeps its points
    assert all(r["a"]["points"] == r["b"]["points"] for r in out["corpus"]["changed"])
    assert out["corpus"]["hands"] > 50


def test_diff_of_a_variant_with_itself_is_empty():
    out = diff_variants("ningbo", "ningbo", corpus=CORPUS)
    assert out["settings"] == [] and out["items"] == [] and out["corpus"]["changed"] == []


def test_diff_lists_items_with_their_rule_ids():
    r = run("diff", "ningbo", "ningbo-7wild", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.splitlines()[-1])
    items = {(row["item"], row["field"]): row for row in out["items"]}
    assert items[("all_flowers", "value")]["a"] == 8 and items[("all_flowers", "value")]["rule"] == "NB-12.16"
    settings = {row["setting"]: row for row in out["settings"]}
    assert settings["restrictions[win_after_pass]"]["rules"] == ["NB-8.7"]
    table = run("diff", "ningbo", "ningbo-7wild")
    assert table.exit_code == 0 and "settings" in table.output and "items" in table.output


@pytest.mark.parametrize("diffs", [(1.0, 2.0, 3.0), (0.5, 3.0, 1.0, 2.5), (-1.0, 4.0, 2.0, 3.0, 1.0), (0.0, 0.0, 1.0), (-2.0, -1.0, -3.0, -2.5, -1.5)])
def test_a_paired_p_value_agrees_with_its_interval(diffs):
    """The interval of a paired difference uses Student's t: so must its p-value. A normal
    p-value at small N said p = 0.0005 for differences 1, 2, 3, whose interval spans 0."""
    from nbmj.arena.lab import _paired
    from nbmj.arena.stats import Running

    run = Running()
    for d in diffs:
        run.add(d)
    out = _paired(run)
    lo, hi = run.ci95()
    assert (out["p_value"] < 0.05) == (lo > 0 or hi < 0), out


def test_diff_scores_a_corpus_file_of_one_situation_as_nbmj_score_reads_it(tmp_path):
    """docs/arena.rst: --corpus takes the nbmj score input, one per file or a list. A file of
    one situation (examples/situation.json) was skipped: 'corpus: 0 hands', and no change."""
    example = Path(__file__).resolve().parents[1] / "examples" / "situation.json"
    one = diff_variants("ningbo", "ninghai", corpus=[example])
    assert one["corpus"]["hands"] == 1
    (row,) = one["corpus"]["changed"]
    assert row["hand"] == "situation.json" and row["a"]["valid"] is True
    situation = json.loads(example.read_text(encoding="utf-8"))
    (tmp_path / "list.json").write_text(json.dumps([situation]), encoding="utf-8")
    listed = diff_variants("ningbo", "ninghai", corpus=[tmp_path / "list.json"])
    assert listed["corpus"]["changed"][0]["a"] == row["a"] and listed["corpus"]["changed"][0]["b"] == row["b"]


@pytest.mark.parametrize("text, said", [
    ("[]", "the corpus file {f!r} holds no situation: a situation object, a list of them, or {{\"id\", \"situation\"}}, not []"),
    ('"hand"', "the corpus file {f!r} holds no situation: a situation object, a list of them, or {{\"id\", \"situation\"}}, not 'hand'"),
    ("[1, 2]", "item 0 of the corpus file {f!r} is no situation object: 1"),
    (None, "the corpus directory {d!r} holds no .json file"),
])
def test_a_corpus_with_no_situation_in_it_is_refused_not_read_as_no_change(tmp_path, text, said):
    """A corpus file or directory that gives no situation was skipped without a word, and
    nbmj diff said 'corpus: 0 hands ...; 0 change', as if the change touched none of them."""
    f = tmp_path / "c.json"
    if text is not None:
        f.write_text(text, encoding="utf-8")
    r = run("diff", "ningbo", "ninghai", "--corpus", str(f if text is not None else tmp_path))
    assert r.exit_code == 2, r.output
    assert r.output.strip() == "nbmj: error: " + said.format(f=str(f), d=str(tmp_path))


def test_compare_of_one_paired_hand_is_refused_as_the_command_refuses_it():
    """compare(a, b, 1) gave every paired difference with nonzero mean p = 0.0 and an
    interval of one point, as sure as could be from one hand; nbmj compare asks for 2."""
    from nbmj.arena.lab import LabError

    with pytest.raises(LabError) as info:
        compare("ningbo", "ningbo-000", 1, seed=2)
    assert str(info.value) == "compare plays at least 2 paired hands (a difference's interval and p-value need two), not 1"
    assert isinstance(info.value, ValueError)
    assert compare("ningbo", "ningbo-000", 2, seed=2)["games"] == 2
