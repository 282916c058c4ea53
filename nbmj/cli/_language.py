"""The language a command speaks when not told (``--lang``): read from the locale alone, so
that a command which only lists (``nbmj variants``) imports nothing of the scorer."""

from __future__ import annotations

import locale
import os
from typing import Literal

__all__ = ["default_language"]


def default_language() -> Literal["en", "zh"]:
    """Chinese when the locale is Chinese (LC_ALL, LC_MESSAGES, LANG, or the system's), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    code = locale.getlocale()[0] or ""
    return "zh" if code.lower().startswith("zh") else "en"
