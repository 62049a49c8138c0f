"""The bundled game data, for the packages built on `scoring` (the rules of play).

The typed accessors of ``scoring/data/concordia.json`` (`scoring._data`, the
data's one loader): `reference()` is the decoded document, `at` follows keys
down nested objects, and ``as_*`` check a value's type (a malformed file is a
packaging bug: they raise ``TypeError``). Read the sized facts of a game from
its ruleset (`scoring.ruleset`) first; this is for what only the rules of play
need (the starting cards, the house costs, the bonus markers…).
"""

from __future__ import annotations

from scoring._data import (
    as_int,
    as_list,
    as_mapping,
    as_str,
    at,
    god_line_ids,
    reference,
)

__all__ = [
    "as_int",
    "as_list",
    "as_mapping",
    "as_str",
    "at",
    "god_line_ids",
    "reference",
]
