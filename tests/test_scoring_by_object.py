"""The scorer's per-object cache (nbmj.scoring._by_object.ByObject), under either backend:
values are found by the identity of their object, never by equality."""

from __future__ import annotations

from dataclasses import dataclass

from nbmj.scoring._by_object import ByObject


@dataclass(frozen=True)
class _Key:
    name: str


def test_a_value_is_found_by_its_object_and_an_equal_object_has_none() -> None:
    cache = ByObject()
    first, twin = _Key("ningbo"), _Key("ningbo")
    assert first == twin and first is not twin
    assert cache.get(first) is None
    kept = cache.put(first, ["plan"])
    assert cache.get(first) is kept
    assert cache.get(twin) is None  # equal, but another object: its own value
    cache.put(twin, ["other plan"])
    assert cache.get(first) == ["plan"] and cache.get(twin) == ["other plan"]


def test_the_last_object_asked_about_is_answered_after_another_was_put() -> None:
    cache = ByObject()
    a, b = _Key("a"), _Key("b")
    cache.put(a, 1)
    cache.put(b, 2)
    assert [cache.get(a), cache.get(b), cache.get(a), cache.get(a)] == [1, 2, 1, 1]


def test_it_starts_over_when_full_and_clear_forgets_every_value() -> None:
    cache = ByObject(kept=3)
    keys = [_Key(str(i)) for i in range(4)]
    for i, key in enumerate(keys[:3]):
        cache.put(key, i)
    assert len(cache) == 3 and sorted(cache.values()) == [0, 1, 2]
    cache.put(keys[3], 3)  # a fourth: the three before are forgotten
    assert len(cache) == 1 and cache.get(keys[0]) is None and cache.get(keys[3]) == 3
    cache.clear()
    assert len(cache) == 0 and cache.get(keys[3]) is None and list(cache.values()) == []


def test_a_reused_id_does_not_find_the_value_of_a_dead_object() -> None:
    cache = ByObject()
    # objects are held while kept, so a live entry's id cannot be reused; once the cache starts
    # over, a new object at the same address is not taken for the old one
    cache.put(_Key("gone"), "old")
    cache.clear()
    fresh = _Key("fresh")
    assert cache.get(fresh) is None
