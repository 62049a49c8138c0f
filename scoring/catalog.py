"""The numbers of the Concordia base game, read from ``scoring/data/concordia.json``.

Section numbers (§) refer to the rules digest the data file was compiled from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Final, Literal

from scoring._data import (
    as_int,
    as_list,
    as_mapping,
    as_str,
    at,
    reference,
    specialist_god,
)
from scoring.types import CardCounts, God, Good, Specialist

_DATA: Final = reference()

# §2: the fixed prices used by the Mercator and by Vesta, brick 3 … cloth 7.
GOOD_PRICE: Final[Mapping[Good, int]] = MappingProxyType(
    {
        Good(good): as_int(price)
        for good, price in as_mapping(at(_DATA, "goods", "price")).items()
    }
)

# §2: the limits every player's material puts on a score sheet.
MAX_HOUSES: Final = as_int(at(_DATA, "goods", "houses_per_player"))
MAX_COLONISTS: Final = as_int(at(_DATA, "goods", "max_colonists_per_player"))
STOREHOUSE_SPACES: Final = as_int(at(_DATA, "goods", "storehouse_spaces"))
# §2 setup: one land and one sea colonist start in the capital and never go back.
MIN_COLONISTS_ON_BOARD: Final = as_int(
    at(_DATA, "goods", "starting_on_board", "land")
) + as_int(at(_DATA, "goods", "starting_on_board", "sea"))
CONCORDIA_CARD_POINTS: Final = as_int(at(_DATA, "goods", "concordia_card_vp"))

# §3: the cap on what one card of a god can score.
JUPITER_MAX_PER_CARD: Final = as_int(at(_DATA, "gods", "Jupiter", "max_per_card"))
MERCURIUS_MAX_PER_CARD: Final = as_int(at(_DATA, "gods", "Mercurius", "max_per_card"))
MARS_MAX_PER_CARD: Final = as_int(at(_DATA, "gods", "Mars", "max_per_card"))

# Score-sheet format: 2 to 5 players in the base game; §4b: one sale deck per
# player, decks I-V. (A module may change them: `scoring.ruleset`.)
MIN_PLAYERS: Final = as_int(at(_DATA, "ruleset", "players", "min"))
MAX_PLAYERS: Final = as_int(at(_DATA, "ruleset", "players", "max"))
_SPECIALIST_GOD: Final = specialist_god()


def _god(name: str) -> God | None:
    """Map the data file's god name to `God`; the specialists' cards have no `God`."""
    return None if name == _SPECIALIST_GOD else God(name.lower())


# §4a: the 7 cards every player starts with, by god (the base game's: a
# module's starting card, Venus' Magister, is its ruleset's).
STARTING_HAND: Final = CardCounts.from_mapping(
    {
        god: sum(
            as_int(card["count"])
            for card in map(as_mapping, as_list(_DATA["starting_cards"]))
            if _god(as_str(card["god"])) is god and "module" not in card
        )
        for god in God
    }
)

SurchargeGood = Good | Literal["?"]
ANY_GOOD: Final = "?"


@dataclass(frozen=True, slots=True, kw_only=True)
class SaleCard:
    """A personality card of decks I-V (§4b); a Minerva card has a specialist, no god."""

    id: int
    deck: int
    name: str
    god: God | None
    specialist: Specialist | None
    cost: tuple[Good, ...]
    # The roles a card of two (Venus' Prefect/Architect…) offers, from the
    # data's ``roles``; empty for a card whose role is its name.
    roles: tuple[str, ...] = ()
    # The module the card belongs to (None: the base game), the modules it
    # leaves the game with (the card a double-role card replaces), and the
    # deck it moves to with a module (Venus moves the Mason to deck II).
    module: str | None = None
    not_with: tuple[str, ...] = ()
    deck_with: tuple[tuple[str, int], ...] = ()


def _sale_card(raw: Mapping[str, object]) -> SaleCard:
    name = as_str(raw["name"])
    god = _god(as_str(raw["god"]))
    return SaleCard(
        id=as_int(raw["id"]),
        deck=as_int(raw["deck_num"]),
        name=name,
        god=god,
        specialist=Specialist(name.lower()) if god is None else None,
        cost=tuple(Good(as_str(good)) for good in as_list(raw["cost"])),
        roles=tuple(as_str(role) for role in as_list(raw.get("roles", []))),
        module=None if raw.get("module") is None else as_str(raw["module"]),
        not_with=tuple(as_str(m) for m in as_list(raw.get("not_with", []))),
        deck_with=tuple(
            (module, as_int(deck))
            for module, deck in as_mapping(raw.get("deck_with", {})).items()
        ),
    )


#: Every card for sale the data knows, the modules' included (a game's own
#: are its ruleset's ``sale_cards``).
ALL_SALE_CARDS: Final = tuple(
    _sale_card(as_mapping(raw)) for raw in as_list(_DATA["sale_cards"])
)
# §4b: the 30 cards for sale of the base game; decks numbered above the
# player count stay in the box.
SALE_CARDS: Final = tuple(card for card in ALL_SALE_CARDS if card.module is None)

_MINERVA_CARDS: Final = tuple(
    as_mapping(raw)
    for raw in as_list(_DATA["sale_cards"])
    if as_mapping(raw)["god"] == _SPECIALIST_GOD
)
# §5: the good each specialist produces and scores, and its points per house.
SPECIALIST_GOOD: Final[Mapping[Specialist, Good]] = MappingProxyType(
    {
        Specialist(as_str(raw["name"]).lower()): Good(as_str(raw["specialist_good"]))
        for raw in _MINERVA_CARDS
    }
)
SPECIALIST_VALUE: Final[Mapping[Specialist, int]] = MappingProxyType(
    {
        Specialist(as_str(raw["name"]).lower()): as_int(raw["minerva_vp_per_city"])
        for raw in _MINERVA_CARDS
    }
)


def _surcharge_good(raw: object) -> SurchargeGood:
    text = as_str(raw)
    return ANY_GOOD if text == ANY_GOOD else Good(text)


# §6: the Senator's extra goods per display position, cheapest (position 1) first.
DISPLAY_SURCHARGE: Final[tuple[tuple[SurchargeGood, ...], ...]] = tuple(
    tuple(_surcharge_good(good) for good in as_list(as_mapping(position)["goods"]))
    for position in as_list(_DATA["display_surcharge"])
)


def _decks_in_play(player_count: int) -> int:
    return max(0, min(player_count, MAX_PLAYERS))


def _sale_cards_by_god(player_count: int) -> CardCounts:
    decks = _decks_in_play(player_count)
    return CardCounts.from_mapping(
        {
            god: sum(1 for card in SALE_CARDS if card.god is god and card.deck <= decks)
            for god in God
        }
    )


@lru_cache(maxsize=16)
def cards_in_play(player_count: int) -> CardCounts:
    """Return how many cards of each god enter a game of ``player_count`` players.

    That is 7 starting cards per player plus decks I…N (§7, the derived Pantheon
    table). Counts outside 2-5 are clamped for the decks, so this never raises.
    """
    players = max(0, player_count)
    sale = _sale_cards_by_god(player_count)
    return CardCounts.from_mapping(
        {god: STARTING_HAND[god] * players + sale[god] for god in God}
    )


@lru_cache(maxsize=16)
def max_cards_per_player(player_count: int) -> CardCounts:
    """Return the most cards of each god one player can hold with ``player_count`` players.

    The starting hand plus every sale card of that god in decks I…N (§4).
    """
    sale = _sale_cards_by_god(player_count)
    return CardCounts.from_mapping({god: STARTING_HAND[god] + sale[god] for god in God})


@lru_cache(maxsize=16)
def specialists_in_play(player_count: int) -> tuple[Specialist, ...]:
    """Return the specialists dealt into a game of ``player_count`` players (§4b)."""
    decks = _decks_in_play(player_count)
    return tuple(
        card.specialist
        for card in SALE_CARDS
        if card.specialist is not None and card.deck <= decks
    )
