"""Every rule in the rulebook is checked by at least one test that names its ID.

A test names a rule by writing its ID (``NB-8.1``, ``NH-3.2``) in its name, id, docstring
or data: test modules and golden/perft files under tests/ are searched. This file's own
text does not count.
"""

import re
from pathlib import Path

from nbmj.rules.rulebook import load_rules

TESTS = Path(__file__).resolve().parent
RULE_ID = re.compile(r"\b(?:NB|NH)-\d+\.\d+\b")
SEARCHED_SUFFIXES = {".py", ".json", ".jsonl", ".txt", ".nbv"}


def _ids_named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in TESTS.rglob("*"):
        if path.is_file() and path.suffix in SEARCHED_SUFFIXES and path.name != Path(__file__).name:
            named.update(RULE_ID.findall(path.read_text(encoding="utf-8", errors="replace")))
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
