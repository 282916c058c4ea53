"""Every rule in the rulebook is checked by at least one test that names its ID.

A test names a rule by writing its ID (``NB-8.1``, ``NH-3.2``) in its docstring, id or data,
or in its name as a name can spell it (``test_self_draw_item_NB_12_38``). What counts is
what a person wrote: the test modules, the variant files they read, and the ``pinned``
numbers of the golden files (taken from the sources, never regenerated). The rest of a
golden file is written by the code under test, and this file's own text does not count.
"""

import json
import re
from pathlib import Path

from nbmj.rules.rulebook import load_rules

TESTS = Path(__file__).resolve().parent
RULE_ID = re.compile(r"\b(?:NB|NH)-\d+\.\d+\b")
# NB_12_38 in a test's name (after a letter's or an underscore's end of a word)
NAME_ID = re.compile(r"(?<![A-Za-z0-9])(NB|NH)_(\d+)_(\d+)(?!\d)")


def _ids_named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in TESTS.rglob("*"):
        if not path.is_file() or path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix in (".py", ".nbv"):
            named.update(RULE_ID.findall(text))
            named.update(f"{a}-{b}.{c}" for a, b, c in NAME_ID.findall(text))
        elif path.suffix == ".json":
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and "pinned" in data:
                named.update(RULE_ID.findall(json.dumps(data["pinned"], ensure_ascii=False)))
    return named


def test_every_rule_is_named_by_a_test():
    rule_ids = {rule.id for rule in load_rules()}
    missing = sorted(rule_ids - _ids_named_in_tests(), key=_id_order)
    assert not missing, f"{len(missing)} rule(s) with no test naming them: {', '.join(missing)}"


def test_tests_name_only_rules_that_exist():
    rule_ids = {rule.id for rule in load_rules()}
    unknown = sorted(_ids_named_in_tests() - rule_ids, key=_id_order)
    assert not unknown, f"tests name rule IDs the rulebook does not have: {', '.join(unknown)}"


def _id_order(rule_id: str):
    prefix, number = rule_id.split("-")
    section, item = number.split(".")
    return prefix, int(section), int(item)
