"""Title underlines in included files, measured in display columns.

Hooked to Sphinx's ``include-read`` event (Sphinx 7.2 and later), which the rulebook
pages use to include the spec files.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+.:_])\1+$")


def widen_title_underlines(app: Sphinx, relative_path: Path, parent_docname: str, content: list[str]) -> None:
    """Lengthen a title underline that is long enough in characters but not in columns.

    docutils counts a Chinese character as two columns, so ``Payments (三摊)`` needs a
    longer underline than its length; files written with one mark per character would
    otherwise warn. Only that case is touched.
    """
    import unicodedata

    def width(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)

    lines = content[0].split("\n")
    for i in range(1, len(lines)):
        title, under = lines[i - 1], lines[i]
        if not title.strip() or title != title.lstrip() or not _ADORNMENT.match(under):
            continue
        if len(title.rstrip()) <= len(under) < width(title.rstrip()):
            lines[i] = under[0] * width(title.rstrip())
            if i >= 2 and lines[i - 2] == under:  # overline as well
                lines[i - 2] = lines[i]
    content[0] = "\n".join(lines)
