"""A game of Concordia's rules as data: what the map and the modules played decide.

`ruleset(map, expansions)` returns the `Ruleset` of one game: its goods and
gods (and so the lines of its score), the specialists, the sale decks, the
display's surcharges, the starting hand, the player counts and the colours,
all read from ``scoring/data/concordia.json``. The engine, the validation, the
rules of play and the web app size everything by it, so a good, a god, a card
or a map added to the data needs no new code; only a new *kind* of scoring
rule is a small function in `scoring.gods` (registered in ``RULES``).

The expansion modules are the score-sheet format's ``expansions`` ids (salt,
forum, venus). An item of the data that names a ``module`` is in the game only
when that module is played; the data's ``ruleset.modules`` says which modules
exist, and what each changes (``players``, ``colours``, ``display_surcharge``
naming another list of the data, ``starting_cards`` added to the hand,
``city_tokens`` naming the data's swap of one city token per letter for the
module's good, ``starting_goods`` changing the starting storehouse,
``category`` a line of the final score the module adds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import Final

from scoring._data import as_int, as_list, as_mapping, as_str, at, reference
from scoring.catalog import (
    ALL_SALE_CARDS,
    DISPLAY_SURCHARGE,
    GOOD_PRICE,
    SPECIALIST_GOOD,
    SPECIALIST_VALUE,
    STOREHOUSE_SPACES,
    SaleCard,
    SurchargeGood,
)
from scoring.maps import MAPS, MapSpec, TokenLetter
from scoring.types import (
    CardCounts,
    Category,
    God,
    Good,
    GoodCounts,
    MapName,
    Specialist,
)

_DATA: Final = reference()
_RULESET: Final = as_mapping(_DATA["ruleset"])


class UnknownModule(ValueError):
    """An expansion module the data does not describe (yet)."""

    def __init__(self, module: str) -> None:
        super().__init__(module)
        self.module = module


@dataclass(frozen=True, slots=True, kw_only=True)
class GodRule:
    """How one god scores: its data's ``rule`` with that rule's parameters.

    ``max_per_card`` is the god's own cap per card (None: no cap, or the
    rule's own, as Saturnus' is the map's provinces); ``counts_goods`` the
    goods whose cities the rule counts; ``points_per`` what one counted thing pays.
    """

    god: God
    category: Category
    rule: str
    max_per_card: int | None = None
    counts_goods: frozenset[str] = frozenset()
    # The goods of the game the rule does not count (the complement of
    # ``counts_goods`` among the ruleset's goods), as places in a
    # `GoodCounts.vector`: fewer to look at.
    skips: tuple[int, ...] = ()
    points_per: int = 1
    # What one counted thing pays in team play (Venus' 1 per shared
    # province); None: the same as ``points_per``.
    team_points_per: int | None = None


def modules() -> tuple[str, ...]:
    """Every expansion module the data describes, in its order."""
    return tuple(as_mapping(_RULESET["modules"]))


def module_fields() -> Mapping[str, str]:
    """Each player field of the score sheet a module adds, with its module
    (the data's ``modules.<module>.sheet_fields``)."""
    return {
        as_str(name): module
        for module, change in as_mapping(_RULESET["modules"]).items()
        for name in as_list(as_mapping(change).get("sheet_fields", []))
    }


def module_of(raw: Mapping[str, object]) -> str | None:
    """The module an item of the data belongs to, or None for the base game."""
    module = raw.get("module")
    return None if module is None else as_str(module)


def _god_rule(god: God, goods: tuple[Good, ...]) -> GodRule:
    raw = as_mapping(at(_DATA, "gods", god.value.capitalize()))
    cap = raw.get("max_per_card")
    counts = frozenset(as_str(good) for good in as_list(raw.get("counts_goods", [])))
    return GodRule(
        god=god,
        category=Category(god.value),
        rule=as_str(raw["rule"]),
        max_per_card=cap if type(cap) is int else None,
        counts_goods=counts,
        skips=tuple(
            GoodCounts.index[good] for good in goods if good.value not in counts
        ),
        points_per=as_int(raw.get("points_per", 1)),
        team_points_per=(
            None
            if raw.get("team_points_per") is None
            else as_int(raw["team_points_per"])
        ),
    )


# One object per map and modules (`ruleset` caches them): compared and hashed
# by identity, so the caches keyed by a ruleset cost nothing.
@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class Ruleset:
    """One game's rules, sized by its map and modules; see the module docstring."""

    map: MapSpec
    expansions: tuple[str, ...]
    goods: tuple[Good, ...]
    gods: tuple[God, ...]
    god_rules: tuple[GodRule, ...]
    categories: tuple[Category, ...]
    specialist_category: Category
    final_category: Category
    specialists: tuple[Specialist, ...]
    prices: Mapping[Good, int]
    specialist_good: Mapping[Specialist, Good]
    specialist_value: Mapping[Specialist, int]
    starting_hand: CardCounts
    sale_cards: tuple[SaleCard, ...]
    display_surcharge: tuple[tuple[SurchargeGood, ...], ...]
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    storehouse_caps: GoodCounts = field(default_factory=GoodCounts)
    # The most a storehouse may hold: 12, or a module's ``storehouse_spaces``
    # (the forum's 16: Claudia Agrippina's holder).
    storehouse_spaces: int = STOREHOUSE_SPACES
    # The goods that stand for any other when a cost is paid (salt, with its
    # module: the data's ``goods.wildcard``); none in the base game.
    wildcards: tuple[Good, ...] = ()
    # Whether players may sit in teams (a module's ``"teams": true``: Venus),
    # the players of a team, and the table sizes team play allows; with teams
    # the players play alone up to ``individual_max``.
    teams: bool = False
    team_size: int = 0
    team_table_sizes: tuple[int, ...] = ()
    individual_max: int = 0
    # The sides of the card display a module brings (Venus' cloth + wine
    # side: ``display_sides`` in its data), beside the classic ``"cloth"``.
    display_sides: Mapping[str, tuple[tuple[SurchargeGood, ...], ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    def surcharge_of(self, side: str) -> tuple[tuple[SurchargeGood, ...], ...]:
        """The Senator's surcharges on ``side`` of the display (§6; the
        classic side, ``"cloth"``, unless a module brings another)."""
        return self.display_sides.get(side, self.display_surcharge)

    # The map's cities per good once the modules' city tokens are dealt (a
    # salt token replaces one token per letter in use); the map's own pool
    # in the base game.
    cities_per_good: GoodCounts = field(default_factory=GoodCounts)
    # The city tokens of each letter in use, the modules' swaps made (§8).
    token_pools: Mapping[TokenLetter, GoodCounts] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # Each player's goods at setup (§2; salt: 1 salt instead of the second food).
    starting_goods: GoodCounts = field(default_factory=GoodCounts)
    # The goods sold and bought at a fixed price (the Mercator's); a
    # wildcard good has none (salt is never traded for sestertii).
    traded: tuple[Good, ...] = ()
    # The lines a module adds after the Concordia card (the forum's), in
    # ``categories`` too, each with the `PlayerBoard` field that holds its
    # points (the data's ``sheet_field``: ``forum_points``).
    module_categories: tuple[Category, ...] = ()
    module_fields: tuple[str, ...] = ()
    # For the hot paths: each good's price in `GoodCounts.vector` order (0
    # for a good not in the game), and the places of the game's gods in a
    # `CardCounts.vector`.
    price_vector: tuple[int, ...] = ()
    god_places: tuple[int, ...] = ()

    @property
    def capital(self) -> str:
        """The map's capital: no house ever stands there."""
        return self.map.capital

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def decks_in_play(self, player_count: int) -> int:
        """Decks I…N are dealt for N players (§4b), clamped to the table sizes."""
        return max(0, min(player_count, self.max_players))

    def sale_cards_in_play(self, player_count: int) -> tuple[SaleCard, ...]:
        decks = self.decks_in_play(player_count)
        return tuple(card for card in self.sale_cards if card.deck <= decks)

    def cards_in_play(self, player_count: int) -> CardCounts:
        """How many cards of each god enter a game of ``player_count`` players.

        The starting hand per player plus decks I…N (§7, the derived Pantheon).
        """
        return _cards_in_play(self, player_count)

    def max_cards_per_player(self, player_count: int) -> CardCounts:
        """The most cards of each god one player can hold: the starting hand
        plus every sale card of that god in decks I…N (§4)."""
        return _max_cards_per_player(self, player_count)

    def specialists_in_play(self, player_count: int) -> tuple[Specialist, ...]:
        return tuple(
            card.specialist
            for card in self.sale_cards_in_play(player_count)
            if card.specialist is not None
        )


def _sale_by_god(rules: Ruleset, player_count: int) -> dict[God, int]:
    counts = dict.fromkeys(rules.gods, 0)
    for card in rules.sale_cards_in_play(player_count):
        if card.god is not None and card.god in counts:
            counts[card.god] += 1
    return counts


@cache
def _cards_in_play(rules: Ruleset, player_count: int) -> CardCounts:
    players = max(0, player_count)
    sale = _sale_by_god(rules, player_count)
    return CardCounts(
        {god: rules.starting_hand[god] * players + sale[god] for god in rules.gods}
    )


@cache
def _max_cards_per_player(rules: Ruleset, player_count: int) -> CardCounts:
    sale = _sale_by_god(rules, player_count)
    return CardCounts({god: rules.starting_hand[god] + sale[god] for god in rules.gods})


@cache
def _ruleset(map_name: MapName, expansions: tuple[str, ...]) -> Ruleset:
    known = modules()
    for module in expansions:
        if module not in known:
            raise UnknownModule(module)
    played = frozenset(expansions)
    changes = [as_mapping(as_mapping(_RULESET["modules"])[m]) for m in expansions]
    spaces = max(
        (as_int(c["storehouse_spaces"]) for c in changes if "storehouse_spaces" in c),
        default=STOREHOUSE_SPACES,
    )
    good_modules = as_mapping(as_mapping(_DATA["goods"]).get("module", {}))
    goods = tuple(
        good for good in Good if good_modules.get(good.value) in (None, *played)
    )
    gods = tuple(
        god
        for god in God
        if module_of(as_mapping(at(_DATA, "gods", god.value.capitalize())))
        in (None, *played)
    )
    # A module's cards join the game, the cards they replace leave it, and a
    # card a module moves (Venus' Mason) goes to its deck: decks in order.
    sale_cards = tuple(
        sorted(
            (
                _moved(card, played)
                for card in ALL_SALE_CARDS
                if card.module in (None, *played)
                and not played.intersection(card.not_with)
            ),
            key=lambda card: (card.deck, card.id),
        )
    )
    starting = dict.fromkeys(gods, 0)
    for raw in map(as_mapping, as_list(_DATA["starting_cards"])):
        god = as_str(raw["god"]).lower()
        if god in starting and module_of(raw) in (None, *played):
            starting[God(god)] += as_int(raw["count"])
    players = as_mapping(_RULESET["players"])
    low, high = as_int(players["min"]), as_int(players["max"])
    colours = tuple(as_str(colour) for colour in as_list(_RULESET["colours"]))
    surcharge = DISPLAY_SURCHARGE
    sides: dict[str, tuple[tuple[SurchargeGood, ...], ...]] = {}
    team_size, individual_max = 0, high
    team_sizes: tuple[int, ...] = ()
    for change in changes:
        if change.get("teams") is True:
            team_size = as_int(change["team_size"])
            team_sizes = tuple(as_int(n) for n in as_list(change["team_sizes"]))
            individual_max = as_int(change["individual_max"])
        if "players" in change:
            span = as_mapping(change["players"])
            low, high = as_int(span["min"]), as_int(span["max"])
        colours += tuple(as_str(c) for c in as_list(change.get("colours", [])))
        if "display_surcharge" in change:
            surcharge = _surcharge(as_str(change["display_surcharge"]))
        for side, key in as_mapping(change.get("display_sides", {})).items():
            sides[side] = _surcharge(as_str(key))
    specialist_god = as_str(_RULESET["specialist_god"]).lower()
    pools = _pools(MAPS[map_name], expansions)
    module_categories = tuple(
        Category(as_str(change["category"]))
        for change in changes
        if "category" in change
    )
    wealth_value = as_mapping(as_mapping(_DATA["goods"]).get("wealth_value", {}))
    values = {
        good: GOOD_PRICE[good]
        if good in GOOD_PRICE
        else as_int(wealth_value.get(good.value, 0))
        for good in goods
    }
    specialists = tuple(
        card.specialist for card in sale_cards if card.specialist is not None
    )
    return Ruleset(
        map=MAPS[map_name],
        expansions=expansions,
        goods=goods,
        gods=gods,
        god_rules=tuple(_god_rule(god, goods) for god in gods),
        categories=(
            *(Category(god.value) for god in gods),
            Category(specialist_god),
            Category(as_str(_RULESET["final_card"])),
            *module_categories,
        ),
        module_categories=module_categories,
        module_fields=tuple(
            as_str(change["sheet_field"]) for change in changes if "category" in change
        ),
        specialist_category=Category(specialist_god),
        final_category=Category(as_str(_RULESET["final_card"])),
        specialists=tuple(s for s in Specialist if s in specialists),
        prices=MappingProxyType(
            {good: GOOD_PRICE[good] for good in goods if good in GOOD_PRICE}
        ),
        traded=tuple(good for good in goods if good in GOOD_PRICE),
        specialist_good=SPECIALIST_GOOD,
        specialist_value=SPECIALIST_VALUE,
        starting_hand=CardCounts(starting),
        sale_cards=sale_cards,
        display_surcharge=surcharge,
        min_players=low,
        max_players=high,
        colours=colours,
        storehouse_caps=GoodCounts(dict.fromkeys(goods, spaces)),
        storehouse_spaces=spaces,
        # What Vesta counts a good at: its price, or the data's
        # ``goods.wealth_value`` for a good without one (salt: 7).
        price_vector=tuple(values.get(good, 0) for good in Good),
        token_pools=pools,
        cities_per_good=GoodCounts.of_vector(
            tuple(map(sum, zip(*(p.vector for p in pools.values()), strict=True)))
        )
        if pools
        else GoodCounts(),
        starting_goods=_starting_goods(changes),
        god_places=tuple(CardCounts.index[god] for god in gods),
        teams=any(change.get("teams") is True for change in changes),
        team_size=team_size,
        team_table_sizes=team_sizes,
        individual_max=individual_max if team_size else high,
        display_sides=MappingProxyType(sides),
        wildcards=tuple(
            good
            for good in goods
            if good.value
            in {
                as_str(g)
                for g in as_list(as_mapping(_DATA["goods"]).get("wildcard", []))
            }
        ),
    )


def _moved(card: SaleCard, played: frozenset[str]) -> SaleCard:
    for module, deck in card.deck_with:
        if module in played:
            return replace(card, deck=deck)
    return card


def _pools(
    spec: MapSpec, expansions: tuple[str, ...]
) -> Mapping[TokenLetter, GoodCounts]:
    """The city tokens of each letter the map uses, once each module's are dealt.

    With a module that has ``city_tokens`` (salt), the map's own mix with
    salt is dealt (its data's ``tokens_with_salt``: `MapSpec.salt_token_pool`;
    Byzantium and Hispania fill their extra city with salt). A map without one
    follows the data's swap it names (under ``city_tokens``): in each letter
    group one token of the named good (``replace_in_<letter>``) gives way to
    the module's good, so the group keeps its size.
    """
    pools = {letter: dict(pool.nonzero()) for letter, pool in spec.token_pool.items()}
    good_modules = as_mapping(as_mapping(_DATA["goods"]).get("module", {}))
    for module in expansions:
        change = as_mapping(as_mapping(_RULESET["modules"])[module])
        if "city_tokens" not in change:
            continue
        if spec.salt_token_pool:
            pools = {
                letter: dict(pool) for letter, pool in spec.salt_token_pool.items()
            }
            continue
        swap = as_mapping(at(_DATA, "city_tokens", as_str(change["city_tokens"])))
        good = next(g for g, owner in good_modules.items() if owner == module)
        for letter, pool in pools.items():
            replaced = as_str(swap[f"replace_in_{letter.value}"])
            pool[replaced] = pool.get(replaced, 0) - 1
            pool[good] = pool.get(good, 0) + 1
    return MappingProxyType(
        {letter: GoodCounts(pool) for letter, pool in pools.items()}
    )


def _starting_goods(changes: list[Mapping[str, object]]) -> GoodCounts:
    """§2 setup: the starting storehouse, with each module's ``starting_goods`` added."""
    goods = {
        good: as_int(count)
        for good, count in as_mapping(
            at(_DATA, "goods", "starting_storehouse", "goods")
        ).items()
    }
    for change in changes:
        for good, count in as_mapping(change.get("starting_goods", {})).items():
            goods[good] = goods.get(good, 0) + as_int(count)
    return GoodCounts(goods)


def _surcharge(key: str) -> tuple[tuple[SurchargeGood, ...], ...]:
    raw = as_mapping(_DATA[key])
    return tuple(
        tuple(
            "?" if as_str(good) == "?" else Good(as_str(good))
            for good in as_list(position)
        )
        for position in as_list(raw["positions"])
    )


def ruleset(map_name: MapName | str, expansions: Iterable[str] = ()) -> Ruleset:
    """Return the rules of a game on ``map_name`` with the ``expansions`` played.

    Raises `ValueError` for a map the data does not know and `UnknownModule`
    for an unknown module; the order of ``expansions`` does not matter.
    """
    key = (map_name, expansions)
    try:
        # The common call, a sheet's own map and modules: one dict look-up.
        return _KNOWN[key]  # type: ignore[index]
    except (KeyError, TypeError):
        pass
    order = modules()
    # The data's order (the score-sheet format's: salt, forum, venus).
    chosen = tuple(
        sorted(
            set(expansions),
            key=lambda m: (order.index(m) if m in order else len(order), m),
        )
    )
    rules = _ruleset(MapName(map_name), chosen)
    if isinstance(expansions, tuple):
        _KNOWN[key] = rules  # type: ignore[index]
    return rules


_KNOWN: dict[tuple[str, tuple[str, ...]], Ruleset] = {}


def base(map_name: MapName | str) -> Ruleset:
    """The base game's rules on ``map_name`` (no expansion module)."""
    return _ruleset(MapName(map_name), ())
