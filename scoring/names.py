"""What a player's name may be, everywhere a name enters: forms, sheets, logs, imports.

A name is read aloud at the table and shown on every score page, in a column
as narrow as a phone's. So it is 1 to 40 characters after trimming, with at
least one that can be seen, and none that rewrites the text around it: control
characters (a NUL, which PostgreSQL refuses, a line break that splits a table
row) and the bidirectional overrides and isolates that make "Ana" display as
another name or reverse the score beside it. Letters of every script, accents,
emoji (with their zero-width joiners) are all fine. A name that breaks a rule is
refused with a message, never cut or cleaned silently.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from scoring.i18n import gettext_noop

NAME_MAX_LENGTH: Final = 40

NAME_EMPTY: Final = gettext_noop("Every player needs a name")
NAME_TOO_LONG: Final = gettext_noop(
    "A name has at most %(limit)d characters; this one has %(length)d"
)
NAME_INVISIBLE: Final = gettext_noop("A name needs at least one visible character")
NAME_CONTROL_CHARACTER: Final = gettext_noop(
    "A name cannot hold control or text-direction characters (such as a line "
    "break or a right-to-left override)"
)

# Embeddings, overrides, isolates and marks (Unicode's "Bidi_Control"): they
# reorder the text displayed after them.
_BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
# Letters and symbols that are drawn as nothing (the Hangul fillers, the blank
# Braille pattern): a name of only these looks empty.
_BLANK_GRAPHICS: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def _is_control(character: str) -> bool:
    category = unicodedata.category(character)
    # Cc: C0/C1 controls (NUL, tab, newline…); Cs: lone surrogates, which no
    # encoding can store; Zl/Zp: the line and paragraph separators.
    return category in {"Cc", "Cs", "Zl", "Zp"} or character in _BIDI_CONTROLS


def _is_visible(character: str) -> bool:
    # Letters, marks drawn on them, numbers, punctuation and symbols.
    return (
        unicodedata.category(character)[0] in "LNPS"
        and character not in _BLANK_GRAPHICS
    )


def normalize_name(value: str) -> str:
    """Return ``value`` as it is stored: NFC-composed, without surrounding spaces."""
    return unicodedata.normalize("NFC", value).strip()


def name_problem(value: str) -> tuple[str, dict[str, int]] | None:
    """Return the message template (and its parameters) that refuses ``value``, or None.

    ``value`` is checked as `normalize_name` would store it.
    """
    name = normalize_name(value)
    if not name:
        return NAME_EMPTY, {}
    if any(_is_control(character) for character in name):
        return NAME_CONTROL_CHARACTER, {}
    if not any(_is_visible(character) for character in name):
        return NAME_INVISIBLE, {}
    if len(name) > NAME_MAX_LENGTH:
        return NAME_TOO_LONG, {"limit": NAME_MAX_LENGTH, "length": len(name)}
    return None
