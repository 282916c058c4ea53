"""The rule-variant DSL and the frozen rule sets it compiles to.

The names below are loaded when first used: listing the variants needs neither the parser
nor the compiler, which take most of a short command's start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .compiler import compile_file, compile_text
    from .diagnostics import Diagnostic
    from .model import RuleSet
    from .registry import (
        DEFAULT_VARIANT,
        VariantInfo,
        VariantShadowWarning,
        list_variants,
        load_variant,
        search_current_directory,
        variant_infos,
    )

__all__ = [
    "DEFAULT_VARIANT",
    "Diagnostic",
    "RuleSet",
    "VariantInfo",
    "VariantShadowWarning",
    "compile_file",
    "compile_text",
    "list_variants",
    "load_variant",
    "search_current_directory",
    "variant_infos",
]

# name -> the submodule that defines it
_HOMES = {
    "compile_file": "compiler",
    "compile_text": "compiler",
    "Diagnostic": "diagnostics",
    "RuleSet": "model",
    "DEFAULT_VARIANT": "registry",
    "VariantInfo": "registry",
    "VariantShadowWarning": "registry",
    "search_current_directory": "registry",
    "list_variants": "registry",
    "load_variant": "registry",
    "variant_infos": "registry",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
