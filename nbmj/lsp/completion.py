"""Completion: what may come next where the author types.

Read from the tokens before the cursor (the file need not parse): sections and statement
keywords at the top level; a section's settings and each setting's values; in ``items``
the item names, units, clause keywords, features and a feature's arguments; restriction
kinds, win methods, payment situations and payers; rule IDs after ``[`` (the rulebook's and
the house rules of the file and its parents); variant names on the search path after
``extends``.
"""

from __future__ import annotations

from lsprotocol import types as lsp

from ..rules import model as M
from ..rules.registry import search_dirs, variant_infos
from ..rules.schema import (
    ALWAYS_KINDS,
    OPTIONAL_SECTIONS,
    SCORING_SCHEMA,
    SECTION_SCHEMA,
    SUIT_WORDS,
    TABLE_SECTIONS,
    UNLESS_WORDS,
    WINDOWS,
    WINDOWS_OF,
)
from .document import Document
from .knowledge import local_rules, inherited, rulebook, setting_names, setting_reader
from .texts import meaning, rule_title, say
from .tokens import Tok, is_word

__all__ = ["complete"]

_CLAUSES = ("each", "when", "excludes", "group", "not_for_minimum")


def _item(label: str, kind: lsp.CompletionItemKind, detail: str | None = None, doc: str | None = None,
          insert: str | None = None, snippet: bool = False) -> lsp.CompletionItem:
    return lsp.CompletionItem(
        label=label,
        kind=kind,
        detail=detail,
        documentation=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=doc) if doc else None,
        insert_text=insert,
        insert_text_format=lsp.InsertTextFormat.Snippet if snippet else None,
    )


def _words(words: tuple[str, ...] | list[str], kind: lsp.CompletionItemKind = lsp.CompletionItemKind.Value) -> list[lsp.CompletionItem]:
    return [_item(w, kind) for w in words]


def complete(doc: Document, line: int, column: int, language: str) -> list[lsp.CompletionItem]:
    """The completions at a 1-based position of the normalized text.

    Statements never span lines, so what comes before the cursor is read from its line:
    the tokens after the last ``;`` or brace, up to the word being typed.
    """
    typed = doc.token_at(line, column)
    if typed is not None and not is_word(typed):
        typed = None
    rule = _rule_context(doc, line, column)
    if rule is not None:
        text, start, end = rule
        return _replacing(_rule_ids(doc, language, text), doc, line, start, end)
    before: list[Tok] = []
    for tok in doc.toks[line - 1] if 0 < line <= len(doc.toks) else []:
        if tok is typed or tok.end > column:
            break
        if tok.kind == "COMMENT":
            return []
        before = [] if tok.kind in ("SEMICOLON", "LBRACE", "RBRACE") else [*before, tok]
    section = doc.section_at(line, column)
    if section is None:
        items = _top_level(doc, before)
    else:
        items = _in_section(doc, section.name.text, section.qualifier.text if section.qualifier else None, before, language)
    # the word being typed is replaced whole: names hold '-' and '.', where editors end words
    return _replacing(items, doc, line, typed.column, typed.end) if typed is not None else items


def _replacing(items: list[lsp.CompletionItem], doc: Document, line: int, start: int, end: int) -> list[lsp.CompletionItem]:
    """The items, each replacing the columns ``start`` to ``end`` of the line."""
    rng = doc.range_of(line, start, end)
    for item in items:
        item.text_edit = lsp.TextEdit(range=rng, new_text=item.insert_text or item.label)
        item.insert_text = None
    return items


def _rule_context(doc: Document, line: int, column: int) -> tuple[str, int, int] | None:
    """In a rule ID at the cursor: what is typed after ``[``, and the columns it spans;
    else None."""
    raw = doc.toks[line - 1] if 0 < line <= len(doc.toks) else []
    for tok in raw:
        if tok.kind == "RULE" and tok.column < column < tok.end:
            return tok.text[1 : column - tok.column], tok.column + 1, tok.end - 1
    opening = [t for t in raw if t.kind == "UNKNOWN" and t.text == "[" and t.end <= column]
    if opening:
        last = opening[-1]
        between = [t for t in raw if last.end <= t.column and t.column <= column]
        if all(t.kind == "WORD" for t in between) and len(between) <= 1:
            return (between[0].text, between[0].column, between[0].end) if between else ("", last.end, last.end)
    return None


def _rule_ids(doc: Document, language: str, typed: str) -> list[lsp.CompletionItem]:
    out = [
        _item(rid, lsp.CompletionItemKind.Reference, rule_title(r, language))
        for rid, r in rulebook().items()
        if rid.startswith(typed[:3].upper()) or not typed
    ]
    for rid, entry in local_rules(doc.compilation).items():
        out.append(_item(rid, lsp.CompletionItemKind.Reference, entry.value.title))
    return out


def _top_level(doc: Document, before: list[Tok]) -> list[lsp.CompletionItem]:
    if not before:
        has_header = any(st.first.kind == "VARIANT" for st in doc.outline.top)
        if not has_header:
            return [_item("variant", lsp.CompletionItemKind.Keyword, insert='variant ${1:name} extends ${2:ningbo} "${3:summary}"', snippet=True)]
        out = [_item(k, lsp.CompletionItemKind.Keyword) for k in ("alias", "shadows")]
        present = {s.name.text for s in doc.outline.sections}
        for name in (*SECTION_SCHEMA, *TABLE_SECTIONS):
            if name not in present:
                out.append(_item(name, lsp.CompletionItemKind.Module, insert=f"{name} {{\n\t$0\n}}", snippet=True))
        if "scoring" not in present:
            out.extend(
                _item(f"scoring {kind}", lsp.CompletionItemKind.Module, insert=f"scoring {kind} {{\n\t$0\n}}", snippet=True)
                for kind in SCORING_SCHEMA
            )
        out.extend(_item(f"{name} none", lsp.CompletionItemKind.Module) for name in OPTIONAL_SECTIONS if name not in present)
        return out
    first = before[0]
    if first.kind == "VARIANT" and before[-1].kind == "EXTENDS":
        return _variant_names(doc)
    if first.kind == "SHADOWS":
        return _words(sorted({n for info in variant_infos() for n in (info.name, *info.aliases)}), lsp.CompletionItemKind.Module)
    if first.text == "scoring" and len(before) == 1:
        return _words(tuple(SCORING_SCHEMA), lsp.CompletionItemKind.EnumMember)
    if first.kind == "VARIANT" and len(before) == 2:
        return [_item("extends", lsp.CompletionItemKind.Keyword)]
    return []


def _variant_names(doc: Document) -> list[lsp.CompletionItem]:
    """The variants a name after ``extends`` may find: on the search path from this file's
    directory, then the shipped ones."""
    from ..errors import RuleSetError
    from ..rules.headers import read_header

    seen: dict[str, lsp.CompletionItem] = {}
    from_dir = doc.path.parent if doc.path is not None else None
    for directory in search_dirs(from_dir):
        for path in sorted(directory.glob("*.nbv")):
            if doc.path is not None and path.resolve() == doc.path.resolve():
                continue
            try:
                # the headers the registry keeps: parsing every file again on each request
                # stalled the server for seconds beside a large file
                header = read_header(path)
            except (RuleSetError, OSError, UnicodeDecodeError):
                continue
            for name in (header.name, *header.aliases):
                seen.setdefault(name, _item(name, lsp.CompletionItemKind.Module, str(path), header.summary))
    for info in variant_infos():
        for name in (info.name, *info.aliases):
            seen.setdefault(name, _item(name, lsp.CompletionItemKind.Module, info.name if name != info.name else None, info.summary))
    return list(seen.values())


def _in_section(doc: Document, name: str, qualifier: str | None, before: list[Tok], language: str) -> list[lsp.CompletionItem]:
    if name == "items":
        return _in_items(doc, before, language)
    if name == "restrictions":
        return _in_restrictions(before, language)
    if name == "win_restrictions":
        return _in_win_restrictions(before, language)
    if name == "payments":
        return _in_rows(before, M.PAYMENT_SITUATIONS, doc, "payments")
    if name == "local_rules":
        return []
    settings = setting_names(name, qualifier)
    if not before:
        out = []
        for key in settings:
            reader = setting_reader(name, key, qualifier)
            what = reader.description(say(language, reader.expects)) if reader is not None else None
            out.append(_item(key, lsp.CompletionItemKind.Property, what))
        if name == "liability":
            out.append(_item("drop", lsp.CompletionItemKind.Keyword))
        return out
    key = before[0].text
    if name == "liability" and key in ("one_way", "mutual", "drop"):
        return _in_rows(before[1:] if key != "drop" else before[2:], M.LIABILITY_SITUATIONS, doc, "liability", key == "drop")
    if name == "flowers" and key == "seat":
        return _words(M.SEATS) if len(before) == 1 else _words(tuple(f"{n}f" for n in range(1, 9)))
    reader = setting_reader(name, key, qualifier)
    if reader is None:
        return []
    used = {t.text for t in before[1:]}
    if key == "priority":
        ops = _words((">", "="), lsp.CompletionItemKind.Operator) if before[-1].kind == "WORD" and len(before) > 1 else []
        return ops or _words(tuple(w for w in reader.words if w not in used), lsp.CompletionItemKind.EnumMember)
    return _words(tuple(w for w in reader.words if w not in used), lsp.CompletionItemKind.EnumMember)


def _features(before: list[Tok], language: str) -> list[lsp.CompletionItem]:
    """Features, or a feature's arguments inside its parentheses."""
    depth = 0
    for i in range(len(before) - 1, -1, -1):
        tok = before[i]
        if tok.kind == "RPAR":
            depth += 1
        elif tok.kind == "LPAR":
            if depth == 0:
                spec = M.FEATURES.get(before[i - 1].text) if i > 0 else None
                if spec is not None:
                    given = {t.text for t in before[i + 1 :]}
                    return _words(tuple(w for choices in spec.arg_choices for w in choices if w not in given), lsp.CompletionItemKind.EnumMember)
                break
            depth -= 1
    return [
        _item(spec.name, lsp.CompletionItemKind.Function, meaning(language, spec.description),
              insert=f"{spec.name}($1)" if spec.arg_choices else None, snippet=bool(spec.arg_choices))
        for spec in M.FEATURES.values()
    ]


def _item_names(doc: Document) -> list[str]:
    """The items of the variant (or, while the file has errors, of its parents)."""
    merged = doc.compilation.merged or inherited(doc)
    return list(merged.tables["items"]) if merged is not None else []


def _in_items(doc: Document, before: list[Tok], language: str) -> list[lsp.CompletionItem]:
    if not before:
        return [_item(k, lsp.CompletionItemKind.Keyword) for k in ("item", "new item", "drop")]
    kinds = [t.kind for t in before]
    if kinds[0] == "DROP":
        return _words(_item_names(doc), lsp.CompletionItemKind.Field) if len(before) == 1 else []
    start = 1 if kinds[0] == "NEW" else 0
    if kinds[start:] == ["ITEM"]:
        parents = inherited(doc)
        names = list(parents.tables["items"]) if parents is not None else []
        return _words(names, lsp.CompletionItemKind.Field)
    # `item NAME ["label"] VALUE UNIT clauses`: where in it the cursor is
    rest = before[start + 2 :]
    if rest and rest[0].kind == "STRING":
        rest = rest[1:]
    if len(rest) == 1:
        kind = doc.compilation.merged.scoring_kind if doc.compilation.merged is not None else None
        units = ("tai", "x") if kind is None or kind.value == "tai" else ("fu", "fan")
        return _words(units, lsp.CompletionItemKind.Unit)
    if len(rest) < 2:
        return []
    keyword = next((t for t in reversed(rest[2:]) if t.kind in ("WHEN", "EACH", "EXCLUDES", "GROUP", "AND", "OR", "NOT", "NOT_FOR_MINIMUM")), None)
    clauses = [_item(k, lsp.CompletionItemKind.Keyword) for k in _CLAUSES]
    if keyword is None:
        return clauses
    last = rest[-1]
    if keyword.kind == "EXCLUDES":
        return _words(_item_names(doc), lsp.CompletionItemKind.Field) + (clauses if last.kind == "WORD" and last is not keyword else [])
    if keyword.kind == "GROUP":
        return [] if last is keyword else clauses
    if keyword.kind == "NOT_FOR_MINIMUM":
        return clauses
    if last is keyword or last.kind in ("LPAR", "COMMA", "CMP") or (last.kind == "WORD" and any(t.kind == "LPAR" for t in rest) and _open_paren(rest)):
        return [] if last.kind == "CMP" else _features(rest, language)
    return clauses + [_item(k, lsp.CompletionItemKind.Operator) for k in ("and", "or")]


def _open_paren(toks: list[Tok]) -> bool:
    depth = 0
    for t in toks:
        depth += (t.kind == "LPAR") - (t.kind == "RPAR")
    return depth > 0


def _in_restrictions(before: list[Tok], language: str) -> list[lsp.CompletionItem]:
    if not before:
        return [_item(k, lsp.CompletionItemKind.EnumMember, meaning(language, v)) for k, v in M.RESTRICTION_KINDS.items()] + [
            _item("drop", lsp.CompletionItemKind.Keyword)
        ]
    kind = before[0].text
    last = before[-1].text
    if kind == "drop":
        return _words(tuple(M.RESTRICTION_KINDS), lsp.CompletionItemKind.EnumMember) if len(before) == 1 else []
    if last == "during":
        return _words(("always",) if kind in ALWAYS_KINDS else WINDOWS_OF[kind][0] if kind in WINDOWS_OF else WINDOWS,
                      lsp.CompletionItemKind.EnumMember)
    if last == "unless":
        return [_item(w, lsp.CompletionItemKind.Function, meaning(language, M.FEATURES[w].description)) for w in UNLESS_WORDS.get(kind, ())]
    words: tuple[str, ...] = ("unless", "during") if kind in UNLESS_WORDS else ("during",)
    if kind == "discard_suits":
        words = SUIT_WORDS[:4] + words
    elif kind == "no_claims":
        words = M.CLAIMS + words
    return _words(words, lsp.CompletionItemKind.Keyword)


def _in_win_restrictions(before: list[Tok], language: str) -> list[lsp.CompletionItem]:
    if not before:
        return [_item(k, lsp.CompletionItemKind.Keyword) for k in ("forbid", "require", "drop when")]
    kinds = [t.kind for t in before]
    if kinds[0] == "FORBID" and "WHEN" not in kinds:
        given = {t.text for t in before}
        return _words(tuple(m for m in M.WIN_METHODS if m not in given), lsp.CompletionItemKind.EnumMember) + [
            _item("when", lsp.CompletionItemKind.Keyword)
        ]
    if kinds[0] == "DROP" and len(before) == 1:
        return [_item("when", lsp.CompletionItemKind.Keyword)]
    return _features(before, language)


def _in_rows(before: list[Tok], situations: tuple[str, ...], doc: Document, table: str, dropping: bool = False) -> list[lsp.CompletionItem]:
    """A row ``SITUATION: ROLE N, ROLE N``: situations, then payers."""
    if not before:
        if dropping:
            return _words(situations, lsp.CompletionItemKind.EnumMember)
        out = [_item(s, lsp.CompletionItemKind.EnumMember, insert=f"{s}: ") for s in situations]
        return out + ([_item("drop", lsp.CompletionItemKind.Keyword)] if table == "payments" else [])
    if before[0].text == "drop" and table == "payments":
        return _words(situations, lsp.CompletionItemKind.EnumMember) if len(before) == 1 else []
    if any(t.text == ":" for t in before) and (before[-1].text in (":", ",")):
        return _words(M.PAYER_ROLES, lsp.CompletionItemKind.EnumMember)
    return []
