"""The numbers the rules of play need, on top of what `scoring` already holds.

Everything comes from ``scoring/data/concordia.json`` (read once by
`scoring.reference`) or from `scoring.catalog`; nothing is listed twice.
Section numbers (§) refer to the rules digest, ``docs/rules-concordia.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from types import MappingProxyType
from typing import Final

from scoring.board import ROMAN
from scoring.catalog import ALL_SALE_CARDS, SALE_CARDS, SPECIALIST_GOOD, SaleCard
from scoring.reference import as_int, as_list, as_mapping, as_str, at, reference
from scoring.ruleset import Ruleset, modules, ruleset
from scoring.types import God, Good, GoodCounts, MapName, Specialist

_DATA: Final = reference()


class CardKind(StrEnum):
    """What a card does; a sale card of the same name does the same (§4)."""

    TRIBUNE = "Tribune"
    ARCHITECT = "Architect"
    PREFECT = "Prefect"
    MERCATOR = "Mercator"
    SENATOR = "Senator"
    DIPLOMAT = "Diplomat"
    CONSUL = "Consul"
    COLONIST = "Colonist"
    MASON = "Mason"
    FARMER = "Farmer"
    SMITH = "Smith"
    VINTNER = "Vintner"
    WEAVER = "Weaver"
    # Venus (expansions §2b): repeat the card on top of one's own discard pile.
    MAGISTER = "Magister"


@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    """A personality card as the game log names it: ``Prefect`` or ``II:Consul``.

    ``deck`` is 0 for the starting cards. ``specialist`` is set for the Minerva
    cards, which have no ``god``.
    """

    id: str
    kind: CardKind
    deck: int
    god: God | None
    specialist: Specialist | None
    cost: tuple[Good, ...]
    # A card of two roles (the data's ``roles``): its play names the one it
    # uses; ``kind`` is then the first. Empty: the card's one role is ``kind``.
    roles: tuple[CardKind, ...] = ()

    @property
    def bought(self) -> bool:
        return self.deck > 0

    @property
    def playable_roles(self) -> tuple[CardKind, ...]:
        """The roles a play of this card may carry out (one, or the two of a
        double-role card)."""
        return self.roles or (self.kind,)


def _starting_card(raw: Mapping[str, object]) -> tuple[Card, int]:
    name = as_str(raw["name"])
    card = Card(
        id=name,
        kind=CardKind(name),
        deck=0,
        god=God(as_str(raw["god"]).lower()),
        specialist=None,
        cost=(),
    )
    return card, as_int(raw["count"])


def _sale_card(card: SaleCard) -> Card:
    roles = tuple(CardKind(role) for role in card.roles)
    return Card(
        id=f"{ROMAN[card.deck]}:{card.name}",
        kind=roles[0] if roles else CardKind(card.name),
        deck=card.deck,
        god=card.god,
        specialist=card.specialist,
        cost=card.cost,
        roles=roles,
    )


_STARTING_RAW: Final = tuple(
    as_mapping(raw) for raw in as_list(_DATA["starting_cards"])
)
_STARTING: Final = tuple(
    _starting_card(raw) for raw in _STARTING_RAW if "module" not in raw
)
# A module's starting cards (Venus' Magister), with their module.
MODULE_STARTING: Final = tuple(
    (as_str(raw["module"]), *_starting_card(raw))
    for raw in _STARTING_RAW
    if "module" in raw
)
# §4a: the seven cards of every starting hand, sorted by id as the state lists them.
STARTING_HAND_IDS: Final = tuple(
    sorted(card.id for card, count in _STARTING for _ in range(count))
)
SALE: Final = tuple(_sale_card(card) for card in SALE_CARDS)
# Every card a log can name: the modules' too, in the decks a module moves
# them to (Venus' "II:Mason"); which of them a game has is `game_cards`.
_EVERY_MODULE: Final = ruleset(next(iter(MapName)), modules())
CARDS: Final[Mapping[str, Card]] = MappingProxyType(
    {
        card.id: card
        for card in (
            *(c for c, _ in _STARTING),
            *(c for _, c, _ in MODULE_STARTING),
            *(_sale_card(card) for card in ALL_SALE_CARDS),
            *(_sale_card(card) for card in _EVERY_MODULE.sale_cards),
        )
    }
)


@cache
def game_cards(rules: Ruleset) -> Mapping[str, Card]:
    """The cards of one game: its starting cards (a module's too: Venus'
    Magister) and its sale cards, in their decks (expansions §2b)."""
    starting = [
        card for module, card, _ in MODULE_STARTING if module in rules.expansions
    ]
    return MappingProxyType(
        {
            card.id: card
            for card in (
                *(c for c, _ in _STARTING),
                *starting,
                *(_sale_card(card) for card in rules.sale_cards),
            )
        }
    )


@cache
def starting_hand_ids(rules: Ruleset) -> tuple[str, ...]:
    """Every player's starting hand in a game of ``rules``, sorted by id (§4a;
    with Venus the Magister too: 8 cards)."""
    return tuple(
        sorted(
            (
                *STARTING_HAND_IDS,
                *(
                    card.id
                    for module, card, count in MODULE_STARTING
                    if module in rules.expansions
                    for _ in range(count)
                ),
            )
        )
    )


# §5: the good each specialist's houses produce.
SPECIALIST_KINDS: Final[Mapping[CardKind, Good]] = MappingProxyType(
    {
        CardKind(specialist.value.capitalize()): good
        for specialist, good in SPECIALIST_GOOD.items()
    }
)


def pile_at_setup(
    player_count: int, display: tuple[str, ...], rules: Ruleset | None = None
) -> tuple[str, ...]:
    """Return the draw pile once the display is out: decks I…N, lowest deck
    first (§4b), of the game's sale cards (the base game's by default)."""
    shown = set(display)
    sale = SALE if rules is None else tuple(map(_sale_card, rules.sale_cards))
    return tuple(
        card.id for card in sale if card.deck <= player_count and card.id not in shown
    )


# §2 House costs: the goods of a house and the coin base, by the good of its city.
HOUSE_GOODS: Final[Mapping[Good, tuple[Good, ...]]] = MappingProxyType(
    {
        good: tuple(
            Good(as_str(g))
            for g in as_list(at(_DATA, "goods", "house_cost", good.value, "goods"))
        )
        for good in Good
    }
)
HOUSE_COIN_BASE: Final[Mapping[Good, int]] = MappingProxyType(
    {
        good: as_int(at(_DATA, "goods", "house_cost", good.value, "coins_base"))
        for good in Good
    }
)
# §2: a colonist costs 1 food + 1 tool (Colonist card and Tribune alike).
COLONIST_COST: Final = tuple(
    Good(as_str(g)) for g in as_list(at(_DATA, "goods", "colonist_cost"))
)
# §2 setup: money by seat, the goods in every storehouse, the colonists.
STARTING_MONEY: Final = tuple(
    as_int(m) for m in as_list(at(_DATA, "goods", "starting_money", "by_seat"))
)
STARTING_GOODS: Final = GoodCounts.from_mapping(
    {
        Good(good): as_int(count)
        for good, count in as_mapping(
            at(_DATA, "goods", "starting_storehouse", "goods")
        ).items()
    }
)
STARTING_STORED_COLONISTS: Final = as_int(
    at(_DATA, "goods", "starting_storehouse", "colonists_land")
) + as_int(at(_DATA, "goods", "starting_storehouse", "colonists_sea"))
# §8: the coins on the back of each bonus marker, by its good.
MARKER_COINS: Final[Mapping[Good, int]] = MappingProxyType(
    {
        Good(good): as_int(coins)
        for good, coins in as_mapping(
            at(_DATA, "goods", "bonus_markers", "coin_side_value")
        ).items()
    }
)
# §2: the Mercator's income, starting card and bought card.
MERCATOR_INCOME_STARTING: Final = 3
MERCATOR_INCOME_BOUGHT: Final = 5
# §2: the Tribune pays 1 sestertius per card taken back beyond the 3rd.
TRIBUNE_FREE_CARDS: Final = 3
# §4 Colonist card, §1: the cash option is 5 + 1 per own colonist on the board.
COLONIST_CASH_BASE: Final = 5
# §2: at most 2 kinds of goods per Mercator trade; 2 cards per Senator.
MERCATOR_KINDS: Final = 2
SENATOR_CARDS: Final = 2
CONSUL_CARDS: Final = 1
DISPLAY_SIZE: Final = 7
COLOURS: Final = ("red", "green", "blue", "yellow", "black")


# Salsa's forum: the numbers of each applied card's effect (the data's
# ``forum_cards[].rule``), by card name; `play.concordia.forum` reads the rest.
FORUM_RULES: Final[Mapping[str, Mapping[str, object]]] = MappingProxyType(
    {
        as_str(raw["name"]): MappingProxyType(dict(as_mapping(raw.get("rule", {}))))
        for raw in map(as_mapping, as_list(at(_DATA, "forum_cards", "cards")))
    }
)


def forum_number(card: str, key: str) -> int:
    """A number of ``card``'s effect (``forum_cards[].rule.<key>``)."""
    return as_int(FORUM_RULES[card][key])


def forum_goods(card: str, key: str) -> dict[Good, int]:
    """Goods of ``card``'s effect (``forum_cards[].rule.<key>``: good → count)."""
    return {
        Good(good): as_int(count)
        for good, count in as_mapping(FORUM_RULES[card][key]).items()
    }
