"""nbmj: the reference rules and engine for Ningbo (宁波) and Ninghai (宁海) mahjong.

Subpackages, from the bottom up:

* :mod:`nbmj.tiles`: tile notation, kinds, glyphs and Chinese names;
* :mod:`nbmj.errors`: the exceptions, all under :class:`NbmjError`;
* :mod:`nbmj.core`: hand shapes with wildcards (win, shanten, waits, decompositions),
  compiled with a pure-Python reference of the same API;
* :mod:`nbmj.rules`: the rule-variant DSL and the frozen rule sets it compiles to;
* :mod:`nbmj.scoring`: scoring items, totals and settlement with liability;
* :mod:`nbmj.engine`: wall, dealing, claims, turns and whole matches;
* :mod:`nbmj.bots`: the built-in bots and the ``nbmj-bot/1`` protocol for bots in any language;
* :mod:`nbmj.arena`: bots against each other, the variant lab and simulation at scale;
* :mod:`nbmj.env`: reinforcement-learning environments (the ``env`` extra);
* :mod:`nbmj.learn`: policies learned on them (the ``learn`` extra);
* :mod:`nbmj.web`: the web table and the replay viewer (the ``web`` extra);
* :mod:`nbmj.lsp`: the language server for variant files (the ``lsp`` extra);
* :mod:`nbmj.schemas`: the JSON Schemas of the commands' input;
* :mod:`nbmj.sphinxext`: the Sphinx extension of nbmj's documentation;
* :mod:`nbmj.cli`: the ``nbmj`` command.
"""

from . import _backend
from .errors import NbmjError

_backend.load_from_source_when_forced()  # NBMJ_PUREPYTHON or a stale build: the engine from its source

#: The version of nbmj
__version__ = "0.1.0"
__all__ = ["NbmjError", "__version__"]
