"""Typed access to the bundled reference data, ``scoring/data/concordia.json``.

The file is read once, on first use. A malformed file is a packaging bug, not
user input, so the accessors raise ``TypeError`` instead of reporting problems.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files


@cache
def reference() -> Mapping[str, object]:
    """Return the decoded reference document (read from the package once)."""
    text = files("scoring").joinpath("data/concordia.json").read_text(encoding="utf-8")
    document: object = json.loads(text)
    return as_mapping(document)


def at(mapping: Mapping[str, object], *keys: str) -> object:
    """Return the value found by following ``keys`` down nested objects."""
    value: object = mapping
    for key in keys:
        value = as_mapping(value)[key]
    return value


def as_mapping(value: object) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise TypeError(f"expected an object in concordia.json, got {value!r}")
    return value


def as_list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list in concordia.json, got {value!r}")
    return value


def as_int(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer in concordia.json, got {value!r}")
    return value


def as_str(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string in concordia.json, got {value!r}")
    return value


# The open vocabulary (`scoring.types`): every id is the data's, in its order.


def good_ids() -> tuple[str, ...]:
    """Every good, cheapest first (``goods.order``)."""
    return tuple(as_str(good) for good in as_list(at(reference(), "goods", "order")))


def god_ids() -> tuple[str, ...]:
    """Every god scored from a count of cards, in scoring order (Minerva apart)."""
    return tuple(
        as_str(god).lower() for god in as_list(at(reference(), "ruleset", "gods"))
    )


def specialist_god() -> str:
    """The data's name of the god whose cards are specialists (Minerva)."""
    return as_str(at(reference(), "ruleset", "specialist_god"))


def category_ids() -> tuple[str, ...]:
    """Every line a final score can have, in the order the data added them
    (``ruleset.categories``: the gods, Minerva, the Concordia card, then the
    lines the expansions brought, Venus and the forum's points).

    Append-only (a new line comes after the last): the statistics keep a
    category's points in the slot of its place here. A game's own lines, in
    the order they are scored, are its ruleset's ``categories``.
    """
    return tuple(
        as_str(category)
        for category in as_list(at(reference(), "ruleset", "categories"))
    )


def god_line_ids() -> tuple[str, ...]:
    """The lines the statistics keep per category: every line of
    `category_ids`, a module's own (the forum's points) included."""
    return category_ids()


def final_card() -> str:
    """The category of the card that ends the game (Concordia's)."""
    return as_str(at(reference(), "ruleset", "final_card"))


def specialist_ids() -> tuple[str, ...]:
    """The specialists (the cards of `specialist_god`), in the order of the decks."""
    minerva = specialist_god()
    return tuple(
        as_str(card["name"]).lower()
        for card in map(as_mapping, as_list(reference()["sale_cards"]))
        if card["god"] == minerva
    )


def map_ids() -> tuple[str, ...]:
    """Every map the data describes, in its order."""
    return tuple(as_mapping(reference()["maps"]))


def starting_hand_counts() -> dict[str, int]:
    """The base game's starting hand by god (§4a), the specialists' god left out."""
    counts: dict[str, int] = {}
    gods = set(god_ids())
    for card in map(as_mapping, as_list(reference()["starting_cards"])):
        god = as_str(card["god"]).lower()
        if god in gods and "module" not in card:
            counts[god] = counts.get(god, 0) + as_int(card["count"])
    return counts
