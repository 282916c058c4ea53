"""Hover, go to definition and the outline of a variant file.

Hover shows a rule ID's title and text from the rulebook (or a house rule's, from
``local_rules``), a setting's meaning (the rules that use it), what its value may be, its
value in the compiled variant and what it inherits, and default; an item's value in the
compiled variant and what it inherits; a feature's meaning; a parent variant's summary.
Definition goes from ``extends NAME`` to the parent file, from an item or a setting to where
the value it inherits is defined, and from a rule ID to its place in the rulebook.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp

from .._paths import spec_root
from ..rules import model as M
from ..rules.registry import find_variant
from ..rules.schema import OPTIONAL_SETTINGS, SECTION_SCHEMA
from ..rules.source import Loc
from .document import Document, uri_of
from .knowledge import (
    item_of,
    local_rules,
    inherited,
    rulebook,
    rules_for_setting,
    setting_names,
    setting_of,
    setting_reader,
    spell_item,
    spell_value,
    where,
)
from .texts import meaning, rule_markdown, rule_title, say
from .tokens import Section, Tok

__all__ = ["hover", "definition", "symbols"]


# ------------------------------------------------------------------ what is under the cursor


def _role(doc: Document, tok: Tok) -> tuple[str, Section | None]:
    """What a token is: ``rule``, ``parent``, ``setting``, ``section``, ``item``,
    ``feature`` or ``other``; and its section."""
    if tok.kind == "RULE":
        return "rule", None
    section = doc.section_at(tok.line, tok.column)
    line = [t for t in doc.toks[tok.line - 1] if t.kind != "COMMENT"]
    index = line.index(tok)
    start = max((i + 1 for i, t in enumerate(line[:index]) if t.kind in ("SEMICOLON", "LBRACE", "RBRACE")), default=0)
    before = line[start:index]
    after = line[index + 1 :]
    if section is None:
        if before and before[-1].kind == "EXTENDS":
            return "parent", None
        if not before and tok.kind == "WORD" and (after[:1] and after[0].kind in ("LBRACE", "NONE", "WORD")):
            return "section", None
        return "other", None
    name = section.name.text
    if tok.kind == "WORD" and after[:1] and after[0].kind == "LPAR" and tok.text in M.FEATURES:
        return "feature", section
    if name == "items":
        kinds = [t.kind for t in before]
        if kinds in (["ITEM"], ["NEW", "ITEM"], ["DROP"]) or "EXCLUDES" in kinds and tok.kind == "WORD":
            return "item", section
    if tok.kind == "WORD" and tok.text in M.FEATURES and any(t.kind in ("WHEN", "EACH", "AND", "OR", "NOT", "LPAR") for t in before):
        return "feature", section
    if not before and name not in ("items", "restrictions", "win_restrictions", "payments", "local_rules"):
        return "setting", section
    if tok.kind == "WORD" and name == "local_rules" and not before:
        return "rule", section
    return "other", section


def hover(doc: Document, line: int, column: int, language: str) -> lsp.Hover | None:
    tok = doc.token_at(line, column)
    if tok is None or tok.kind == "COMMENT":
        return None
    role, section = _role(doc, tok)
    text: str | None = None
    if role == "rule":
        text = _rule_text(doc, tok.text.strip("[]"), language)
    elif role == "parent":
        found = find_variant(tok.text, doc.path.parent if doc.path is not None else None)
        if found is not None:
            text = f"**{say(language, 'Variant `{name}`', name=found.name)}** {found.summary}\n\n`{found.path}`"
    elif role == "section":
        keys = list(setting_names(tok.text, None)) or list(SECTION_SCHEMA.get(tok.text, {}))
        text = f"**{say(language, 'Section `{name}`', name=tok.text)}**"
        if keys:
            text += "\n\n" + say(language, "Settings: {names}.", names=", ".join(f"`{k}`" for k in keys))
    elif role == "setting" and section is not None:
        text = _setting_text(doc, section, tok.text, language)
    elif role == "item":
        text = _item_text(doc, tok.text, language)
    elif role == "feature":
        spec = M.FEATURES[tok.text]
        text = f"**{say(language, 'Feature `{name}`', name=spec.name)}** {meaning(language, spec.description)}"
        if spec.arg_choices:
            args = " · ".join("[" + " | ".join(c) + "]" for c in spec.arg_choices)
            text += "\n\n" + say(language, "Arguments: {args}.", args=args)
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text), range=doc.tok_range(tok))


def _rule_text(doc: Document, rule_id: str, language: str) -> str | None:
    rule = rulebook().get(rule_id)
    if rule is not None:
        return rule_markdown(rule, language)
    entry = local_rules(doc.compilation).get(rule_id)
    if entry is None:
        return None
    local: M.LocalRule = entry.value
    return f"**{local.id}** {local.title}\n\n{local.text}\n\n*{say(language, 'House rule of `{where}`', where=where(entry.loc))}*"


def _setting_text(doc: Document, section: Section, key: str, language: str) -> str | None:
    name = section.name.text
    qualifier = section.qualifier.text if section.qualifier else None
    reader = setting_reader(name, key, qualifier)
    if reader is None:
        return None
    path = f"{name}.{key}"
    parts = [f"**{say(language, 'Setting `{path}`', path=path)}**", say(language, "Value: {what}.", what=reader.description(say(language, reader.expects)))]
    found = doc.compilation
    current = setting_of(found.merged, name, key)
    parent_setting = setting_of(inherited(doc), name, key)
    if current is not None:
        value = spell_value(name, key, current.value)
        if current.loc.src.file == doc.filename:
            parts.append(say(language, "In this variant: `{value}`, set here.", value=value))
        else:
            parts.append(say(language, "In this variant: `{value}`, from `{where}`.", value=value, where=where(current.loc)))
    if parent_setting is not None and (current is None or current.loc.src.file == doc.filename):
        parts.append(say(language, "Inherited: `{value}`, from `{where}`.", value=spell_value(name, key, parent_setting.value), where=where(parent_setting.loc)))
    if (name, key) in OPTIONAL_SETTINGS:
        parts.append(say(language, "Left out of a root variant it is `{value}`.", value=spell_value(name, key, OPTIONAL_SETTINGS[(name, key)])))
    elif key not in ("seat", "one_way", "mutual"):
        parts.append(say(language, "A root variant must set it."))
    rules = rules_for_setting(name, key)
    if rules:
        parts.append(say(language, "Rules that use it:") + "\n" + "\n".join(f"- **{r.id}** {rule_title(r, language)}" for r in rules))
    return "\n\n".join(parts)


def _item_text(doc: Document, name: str, language: str) -> str:
    found = doc.compilation
    current = item_of(found.merged, name)
    parent_item = item_of(inherited(doc), name)
    parts = [f"**{say(language, 'Item `{name}`', name=name)}**"]
    if current is not None:
        parts.append(say(language, "In this variant: {what}, from `{where}`.", what=f"`{spell_item(current.value)}`", where=where(current.loc)))
    else:
        parts.append(say(language, "Not in this variant."))
    if parent_item is not None and (current is None or current.loc.src.file == doc.filename):
        parts.append(say(language, "Inherited: {what}, from `{where}`.", what=f"`{spell_item(parent_item.value)}`", where=where(parent_item.loc)))
    return "\n\n".join(parts)


# ------------------------------------------------------------------ definition


def _location(loc: Loc, doc: Document) -> lsp.Location | None:
    """Where a location of the chain is; in another file its column counts characters (the
    same as UTF-16 units but for characters beyond the Basic Multilingual Plane)."""
    if loc.src.file == doc.filename:
        return lsp.Location(uri=doc.uri, range=doc.range_of(loc.line, loc.column, loc.column + loc.length))
    if loc.src.file.startswith("<"):
        return None
    start = lsp.Position(line=loc.line - 1, character=loc.column - 1)
    end = lsp.Position(line=loc.line - 1, character=loc.column - 1 + loc.length)
    return lsp.Location(uri=uri_of(loc.src.file), range=lsp.Range(start=start, end=end))


def _file_line(path: Path, line: int) -> lsp.Location:
    at = lsp.Position(line=line - 1, character=0)
    return lsp.Location(uri=uri_of(path), range=lsp.Range(start=at, end=at))


def definition(doc: Document, line: int, column: int) -> lsp.Location | None:
    tok = doc.token_at(line, column)
    if tok is None or tok.kind == "COMMENT":
        return None
    role, section = _role(doc, tok)
    found = doc.compilation
    if role == "rule":
        rule = rulebook().get(tok.text.strip("[]"))
        if rule is not None:
            return _file_line(spec_root() / "rulebook" / rule.file, rule.line)
        entry = local_rules(found).get(tok.text.strip("[]"))
        return _location(entry.loc, doc) if entry is not None else None
    if role == "parent":
        if len(found.chain) >= 2:
            return _location(found.chain[-2].name.loc, doc)
        info = find_variant(tok.text, doc.path.parent if doc.path is not None else None)
        return _file_line(Path(info.path), 1) if info is not None else None
    if role == "item":
        entry = item_of(inherited(doc), tok.text)
        if entry is None:
            entry = item_of(found.merged, tok.text)
        return _location(entry.loc, doc) if entry is not None else None
    if role == "setting" and section is not None:
        setting = setting_of(inherited(doc), section.name.text, tok.text) or setting_of(found.merged, section.name.text, tok.text)
        return _location(setting.loc, doc) if setting is not None else None
    return None


# ------------------------------------------------------------------ outline


def symbols(doc: Document) -> list[lsp.DocumentSymbol]:
    """The header, and each section with its items, settings and rows."""
    out: list[lsp.DocumentSymbol] = []
    for st in doc.outline.top:
        if st.first.kind == "VARIANT" and len(st.toks) > 1:
            name = st.toks[1]
            out.append(lsp.DocumentSymbol(name=f"variant {name.text}", kind=lsp.SymbolKind.Class,
                                          range=doc.range_of(st.first.line, st.first.column, st.last.end, st.last.line),
                                          selection_range=doc.tok_range(name)))
    for sec in doc.outline.sections:
        end = sec.close or (sec.statements[-1].last if sec.statements else sec.qualifier or sec.name)
        children = [child for child in (_entry_symbol(doc, sec, st.toks) for st in sec.statements) if child is not None]
        label = sec.name.text + (f" {sec.qualifier.text}" if sec.qualifier else "") + ("" if sec.open else " none")
        out.append(lsp.DocumentSymbol(name=label, kind=lsp.SymbolKind.Namespace,
                                      range=doc.range_of(sec.name.line, sec.name.column, end.end, end.line),
                                      selection_range=doc.tok_range(sec.name), children=children))
    return out


def _entry_symbol(doc: Document, sec: Section, toks: list[Tok]) -> lsp.DocumentSymbol | None:
    words = [t for t in toks if t.kind not in ("NEW",)]
    if not words:
        return None
    if words[0].kind == "ITEM" and len(words) > 1:
        name, kind, detail = words[1], lsp.SymbolKind.Field, " ".join(t.text for t in words[2:4])
    elif words[0].kind == "DROP" and len(words) > 1:
        name, kind, detail = words[-1], lsp.SymbolKind.Event, "drop"
    else:
        name, kind, detail = words[0], lsp.SymbolKind.Property, " ".join(t.text for t in words[1:4])
    last = toks[-1]
    return lsp.DocumentSymbol(name=name.text, kind=kind, detail=detail or None,
                              range=doc.range_of(toks[0].line, toks[0].column, last.end, last.line),
                              selection_range=doc.tok_range(name))
