"""Read the rulebook: the ``.. rule::`` blocks of ``spec/rulebook/*.rst``.

The rulebook is reStructuredText, but this reader needs no Sphinx: each rule is a directive
block of a fixed shape, found with regular expressions::

    .. rule:: NB-4.2
       :title: Which tiles become wild
       :sources: S001, S003, S000
       :variant: wilds.kinds

       The other three copies of the indicator tile are wild (百搭). ...

``:title:`` and ``:sources:`` are required, ``:variant:`` is optional; the body is every
following line indented more than the directive, up to the next line that is not.

>>> rules = load_rules()
>>> rule = next(r for r in rules if r.id == "NB-10.4")
>>> rule.title
'A wild may stand for a fifth copy of a kind'
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from ..errors import NbmjError

__all__ = ["Rule", "RULE_ID", "load_rules", "rules_by_id", "source_tags"]

#: The form of a rule ID: ``NB-<section>.<n>`` (Ningbo) or ``NH-<section>.<n>`` (Ninghai).
RULE_ID = re.compile(r"(?:NB|NH)-[1-9]\d*\.[1-9]\d*")

_DIRECTIVE = re.compile(r"^(?P<indent>[ \t]*)\.\.[ \t]+rule::[ \t]*(?P<arg>.*?)[ \t]*$")
_OPTION = re.compile(r"^:(?P<name>[A-Za-z_][\w-]*):(?:[ \t]+(?P<value>.*?))?[ \t]*$")
_KNOWN_OPTIONS = {"title", "sources", "variant"}
_TAG_LINE = re.compile(r"^(?P<tag>[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)[ \t]*$")


@dataclass(frozen=True)
class Rule:
    """One rule of the rulebook.

    ``id`` is the permanent rule ID (``"NB-4.2"``); ``title`` its one-line title;
    ``sources`` the source tags it cites (see :func:`source_tags`); ``variant`` the
    rule-set parameters that express its alternatives (may be empty); ``text`` the body
    with its indentation removed; ``file`` the file name (``"04-wilds.rst"``) and ``line``
    the 1-based line of the ``.. rule::`` directive.
    """

    id: str
    title: str
    sources: tuple[str, ...]
    variant: tuple[str, ...]
    text: str
    file: str
    line: int

    @property
    def prefix(self) -> str:
        """``"NB"`` for a Ningbo rule, ``"NH"`` for a Ninghai one."""
        return self.id.split("-", 1)[0]

    @property
    def section(self) -> int:
        """The section number: 4 for ``NB-4.2``."""
        return int(self.id.split("-", 1)[1].split(".")[0])

    @property
    def number(self) -> int:
        """The rule's number within its section: 2 for ``NB-4.2``."""
        return int(self.id.split(".")[1])


def _default_root() -> Path:
    from .._paths import spec_root

    return spec_root() / "rulebook"


def _split_list(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _parse_file(path: Path) -> list[Rule]:
    lines = path.read_text(encoding="utf-8").splitlines()
    rules: list[Rule] = []
    i = 0
    while i < len(lines):
        match = _DIRECTIVE.match(lines[i])
        if not match:
            i += 1
            continue
        where = f"{path.name}:{i + 1}"
        rule_id = match.group("arg")
        if not RULE_ID.fullmatch(rule_id):
            raise NbmjError(f"{where}: malformed rule id {rule_id!r} (expected NB-<section>.<n> or NH-<section>.<n>)")
        base = _indent_of(lines[i])
        start = i
        i += 1
        # The block: every following line that is blank or indented deeper than the directive.
        block: list[str] = []
        while i < len(lines) and (not lines[i].strip() or _indent_of(lines[i]) > base):
            block.append(lines[i])
            i += 1
        while block and not block[-1].strip():
            block.pop()
        options: dict[str, str] = {}
        j = 0
        while j < len(block) and block[j].strip():
            opt = _OPTION.match(block[j].strip())
            if not opt:
                raise NbmjError(f"{path.name}:{start + 2 + j}: rule {rule_id!r}: expected an option line, got {block[j].strip()!r}")
            name = opt.group("name")
            if name not in _KNOWN_OPTIONS:
                raise NbmjError(f"{path.name}:{start + 2 + j}: rule {rule_id!r}: unknown option {name!r}")
            if name in options:
                raise NbmjError(f"{path.name}:{start + 2 + j}: rule {rule_id!r}: option {name!r} given twice")
            options[name] = opt.group("value") or ""
            j += 1
        for required in ("title", "sources"):
            if not options.get(required, "").strip():
                raise NbmjError(f"{where}: rule {rule_id!r} has no {required!r}")
        sources = _split_list(options["sources"])
        if not sources:
            raise NbmjError(f"{where}: rule {rule_id!r} lists no sources")
        text = textwrap.dedent("\n".join(block[j:])).strip("\n")
        if not text.strip():
            raise NbmjError(f"{where}: rule {rule_id!r} has no text")
        rules.append(
            Rule(
                id=rule_id,
                title=options["title"].strip(),
                sources=sources,
                variant=_split_list(options.get("variant", "")),
                text=text,
                file=path.name,
                line=start + 1,
            )
        )
    return rules


def load_rules(root: str | Path | None = None) -> list[Rule]:
    """Every rule in the rulebook, in file order and then in order within each file.

    ``root`` is the rulebook directory; by default the shipped ``spec/rulebook``. Raises
    :class:`~nbmj.errors.NbmjError` for a malformed rule block (bad ID, missing title or
    sources, an unknown option, no text) or for an ID used twice.
    """
    directory = Path(root) if root is not None else _default_root()
    if not directory.is_dir():
        raise NbmjError(f"rulebook directory not found: {str(directory)!r}")
    rules: list[Rule] = []
    seen: dict[str, Rule] = {}
    for path in sorted(directory.glob("*.rst")):
        for rule in _parse_file(path):
            if rule.id in seen:
                first = seen[rule.id]
                raise NbmjError(
                    f"{rule.file}:{rule.line}: duplicate rule id {rule.id!r} (first at {first.file}:{first.line})"
                )
            seen[rule.id] = rule
            rules.append(rule)
    return rules


def rules_by_id(root: str | Path | None = None) -> dict[str, Rule]:
    """The rules of :func:`load_rules` keyed by ID."""
    return {rule.id: rule for rule in load_rules(root)}


def source_tags(root: str | Path | None = None) -> dict[str, str]:
    """The source tags defined on the rulebook's ``sources.rst`` page, with their descriptions.

    A tag is a line holding only the tag (``S000``, ``X-NBR``) with its description
    indented below it, as in a reStructuredText definition list.
    """
    directory = Path(root) if root is not None else _default_root()
    path = directory / "sources.rst"
    if not path.is_file():
        raise NbmjError(f"rulebook sources page not found: {str(path)!r}")
    lines = path.read_text(encoding="utf-8").splitlines()
    tags: dict[str, str] = {}
    for i, line in enumerate(lines):
        match = _TAG_LINE.match(line)
        if not match or i + 1 >= len(lines) or _indent_of(lines[i + 1]) == 0 or not lines[i + 1].strip():
            continue
        body: list[str] = []
        for follow in lines[i + 1 :]:
            if follow.strip() and _indent_of(follow) == 0:
                break
            body.append(follow.strip())
        tags[match.group("tag")] = " ".join(part for part in body if part)
    return tags
