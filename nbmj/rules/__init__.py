"""The rule-variant DSL and the frozen rule sets it compiles to."""

from .compiler import compile_file, compile_text
from .diagnostics import Diagnostic
from .model import RuleSet
from .registry import DEFAULT_VARIANT, VariantInfo, list_variants, load_variant, variant_infos

__all__ = [
    "DEFAULT_VARIANT",
    "Diagnostic",
    "RuleSet",
    "VariantInfo",
    "compile_file",
    "compile_text",
    "list_variants",
    "load_variant",
    "variant_infos",
]
