"""The one rule for a player's name (`scoring.names`), used by every path a name enters."""

from __future__ import annotations

import pytest

from scoring.names import (
    NAME_CONTROL_CHARACTER,
    NAME_EMPTY,
    NAME_INVISIBLE,
    NAME_TOO_LONG,
    name_problem,
    normalize_name,
)


@pytest.mark.parametrize(
    "name",
    [
        "Ana",
        "Zoë",
        "Дмитро",
        "Bia 🎲",
        "👩‍💻 Eli",  # an emoji sequence joined by U+200D
        "عمر",
        "x" * 40,
        "  Ana  ",  # the surrounding spaces are trimmed before counting
    ],
)
def test_a_name_of_visible_characters_is_accepted(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "template"),
    [
        ("", NAME_EMPTY),
        ("   ", NAME_EMPTY),
        ("\u200b\u200b", NAME_INVISIBLE),  # zero-width spaces only
        ("\u3164", NAME_INVISIBLE),  # the Hangul filler, a "letter" drawn as nothing
        ("\u2800", NAME_INVISIBLE),  # the blank Braille pattern
        ("Ana\x00", NAME_CONTROL_CHARACTER),
        ("Ana\nBia", NAME_CONTROL_CHARACTER),
        ("Ana\u202e", NAME_CONTROL_CHARACTER),  # right-to-left override
        ("\u2067Ana\u2069", NAME_CONTROL_CHARACTER),  # right-to-left isolate
        ("Ana\u2028Bia", NAME_CONTROL_CHARACTER),  # line separator
        ("Ana\udc80", NAME_CONTROL_CHARACTER),  # a lone surrogate
    ],
)
def test_a_name_that_is_empty_invisible_or_rewrites_the_text_is_refused(name, template):
    assert name_problem(name) == (template, {})


def test_a_name_longer_than_40_characters_is_refused_with_its_length():
    assert name_problem("x" * 41) == (NAME_TOO_LONG, {"limit": 40, "length": 41})
    assert name_problem("é" * 10_000) == (
        NAME_TOO_LONG,
        {"limit": 40, "length": 10_000},
    )


def test_length_counts_composed_characters():
    # "e" + combining acute is one character once composed (NFC).
    assert normalize_name("  Jose\u0301 ") == "José"
    assert name_problem("e\u0301" * 40) is None
