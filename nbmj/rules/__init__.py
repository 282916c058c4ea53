"""The rule-variant DSL and the frozen rule sets it compiles to."""

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
