"""A small element tree of a built HTML page, for the docs tests (no HTML library needed)."""

from __future__ import annotations

import functools
from html.parser import HTMLParser
from pathlib import Path


class Node:
    """An element: its tag, attributes, parent and children (elements and text)."""

    def __init__(self, tag: str, attrs: dict, parent: Node | None):
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None) -> list[Node]:
        return [n for n in self.iter() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)]


VOID = {"br", "img", "meta", "link", "hr", "input", "col", "area", "base", "source", "wbr"}


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("root", {}, None)
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.cur)
        self.cur.children.append(node)
        if tag not in VOID:
            self.cur = node

    def handle_endtag(self, tag):
        node = self.cur
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.cur = node.parent

    def handle_data(self, data):
        self.cur.children.append(data)


@functools.lru_cache(maxsize=None)
def parse(path: Path) -> Node:
    """The page's element tree (cached: the built pages do not change during the run)."""
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    return builder.root
