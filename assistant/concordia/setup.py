"""What the app sets up for a Concordia table: the choices, the city tokens, the display.

The setup of a game is the game-log header without its format, game and
players (``docs/game-log.md``): ``map``, ``tracking``, ``intermediate_scoring``,
``cities`` (full tracking, or as laid) and ``display``. The numbers come from
the game data (`scoring`, and `play` through the adapter), never from here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from assistant.concordia import adapter
from assistant.interface import Seat
from games.concordia.map_words import province_label
from scoring.board import ROMAN, province_bonus, validate_city_goods
from scoring.catalog import DISPLAY_SURCHARGE, SALE_CARDS
from scoring.maps import MAPS, MapSpec
from scoring.ruleset import Ruleset, ruleset
from scoring.types import Good, MapName, Problem

DISPLAY_SIZE: Final = adapter.DISPLAY_SIZE
GOODS: Final = tuple(good.value for good in Good)
MAPS_IN_ORDER: Final = tuple(name.value for name in MapName)
TRACKINGS: Final = tuple(tracking.value for tracking in adapter.Tracking)
# The header's order, as the export writes it.
_ORDER: Final = (
    "map",
    "expansions",
    "tracking",
    "intermediate_scoring",
    "cities",
    "display",
    "display_side",
)
# The classic side of the card display; Venus brings the wine side (§2d).
CLOTH_SIDE: Final = "cloth"
# The modules the assistant plays (Venus individual play; its team play is
# not built: its rules are only partly sourced).
ASSISTANT_MODULES: Final = ("venus",)


def rules_of(setup: Mapping[str, object]) -> Ruleset:
    """The ruleset of a setup (or the wizard's choices): its map and modules."""
    raw = setup.get("expansions") or ()
    return ruleset(str(setup["map"]), [str(m) for m in raw])  # type: ignore[attr-defined]


def spec(map_name: str) -> MapSpec:
    return MAPS[MapName(map_name)]


def choices_default() -> dict[str, object]:
    """The usual setup: the first map, the base game, light tracking, no
    intermediate scoring."""
    return {
        "map": MAPS_IN_ORDER[0],
        "expansions": [],
        "display_side": CLOTH_SIDE,
        "tracking": adapter.Tracking.LIGHT.value,
        "intermediate_scoring": False,
    }


def choices_read(raw: Mapping[str, object]) -> dict[str, object] | None:
    """The wizard's choices read back from a stored draft; None when anything is off.

    A draft stored before the modules' screen (no ``expansions``) is the base game.
    """
    base = {"map", "tracking", "intermediate_scoring"}
    if set(raw) not in (base, base | {"expansions", "display_side"}):
        return None
    if raw["map"] not in MAPS_IN_ORDER or raw["tracking"] not in TRACKINGS:
        return None
    if type(raw["intermediate_scoring"]) is not bool:
        return None
    chosen = {"expansions": [], "display_side": CLOTH_SIDE, **raw}
    modules = chosen["expansions"]
    if not isinstance(modules, list) or not set(modules) <= set(ASSISTANT_MODULES):
        return None
    if chosen["display_side"] not in (
        CLOTH_SIDE,
        *rules_of({"map": raw["map"], "expansions": modules}).display_sides,
    ):
        return None
    return chosen


def setup_of(
    *,
    map_name: str,
    tracking: str,
    intermediate_scoring: bool,
    cities: Mapping[str, str] | None,
    display: Sequence[str],
    expansions: Sequence[str] = (),
    display_side: str = CLOTH_SIDE,
) -> dict[str, object]:
    """The setup's fields in the header's order; no ``cities`` when none are
    known, no ``expansions`` for the base game, no ``display_side`` for the
    classic side."""
    setup: dict[str, object] = {"map": map_name}
    if expansions:
        setup["expansions"] = list(expansions)
    setup["tracking"] = tracking
    setup["intermediate_scoring"] = intermediate_scoring
    if cities:
        setup["cities"] = dict(cities)
    setup["display"] = list(display)
    if display_side != CLOTH_SIDE:
        setup["display_side"] = display_side
    return setup


def setup_new(
    *, choices: Mapping[str, object], seats: Sequence[Seat], rng: random.Random
) -> dict[str, object]:
    """A new game's setup: with full tracking the app draws the city tokens, and
    it deals the display from deck I."""
    map_name = str(choices["map"])
    tracking = str(choices["tracking"])
    expansions = [str(m) for m in choices.get("expansions") or ()]  # type: ignore[attr-defined]
    return setup_of(
        map_name=map_name,
        tracking=tracking,
        intermediate_scoring=bool(choices["intermediate_scoring"]),
        cities=(
            draw_cities(map_name, rng)
            if tracking == adapter.Tracking.FULL.value
            else None
        ),
        display=deal_display(rng, rules_of(choices)),
        expansions=expansions,
        display_side=str(choices.get("display_side") or CLOTH_SIDE),
    )


def setup_with(
    setup: Mapping[str, object],
    *,
    cities: Mapping[str, str] | None = None,
    display: Sequence[str] | None = None,
) -> dict[str, object]:
    """``setup`` with the city tokens or the display replaced (as laid on the table)."""
    changed = dict(setup)
    if cities is not None:
        changed.pop("cities", None)
        if cities:
            changed["cities"] = dict(cities)
    if display is not None:
        changed["display"] = list(display)
    return {key: changed[key] for key in (*_ORDER, *changed) if key in changed}


def draw_cities(map_name: str, rng: random.Random) -> dict[str, str]:
    """Deal the city tokens as the rules do: each letter's tokens among its cities (§8)."""
    board = spec(map_name)
    cities: dict[str, str] = {}
    for letter in board.letters:
        tokens = [
            good.value for good in Good for _n in range(board.token_pool[letter][good])
        ]
        rng.shuffle(tokens)
        names = [city.name for city in board.cities if city.letter is letter]
        cities.update(zip(names, tokens, strict=False))
    return cities


def deck_cards(deck: int, rules: Ruleset | None = None) -> list[str]:
    """Return the card ids of one sale deck of the game (the base game's by
    default), as the game log names them."""
    cards = SALE_CARDS if rules is None else rules.sale_cards
    return [f"{ROMAN[card.deck]}:{card.name}" for card in cards if card.deck == deck]


def display_surcharges(
    rules: Ruleset | None = None, side: str = CLOTH_SIDE
) -> list[tuple[str, ...]]:
    """Return each display place's surcharge, left to right: goods, "?" for any
    (§6), on the game's side of the display (Venus' wine side, §2d)."""
    places = DISPLAY_SURCHARGE if rules is None else rules.surcharge_of(side)
    return [tuple(str(good) for good in place) for place in places]


def deal_display(rng: random.Random, rules: Ruleset | None = None) -> list[str]:
    """Deal the display: 7 cards of deck I, left to right (§4b; with Venus
    deck I has 7 cards, all of them laid out)."""
    return rng.sample(deck_cards(1, rules), DISPLAY_SIZE)


def display_picked(raw: Sequence[str], rules: Ruleset | None = None) -> list[str]:
    """The cards tapped so far for the display, in order: deck I's, each once, 7 at most."""
    deck = deck_cards(1, rules)
    picked: list[str] = []
    for card in raw:
        if card in deck and card not in picked and len(picked) < DISPLAY_SIZE:
            picked.append(card)
    return picked


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvinceSetup:
    name: str
    bonus: str | None
    cities: list[tuple[str, str | None]]


def provinces(map_name: str, cities: Mapping[str, str]) -> list[ProvinceSetup]:
    """Return each province with its cities' goods and its bonus marker's good (§8)."""
    goods = {name: Good(good) for name, good in cities.items()}
    return [
        ProvinceSetup(
            name=province_label(province.name),
            bonus=(
                bonus.value
                if not province.chosen_bonus
                and (bonus := province_bonus(province, goods)) is not None
                else None
            ),
            cities=[(city.name, cities.get(city.name)) for city in province.cities],
        )
        for province in spec(map_name).provinces
    ]


def decks_in_play(player_count: int) -> list[str]:
    """The sale decks a table of ``player_count`` plays with: I up to the count (§4b)."""
    return [ROMAN[deck] for deck in range(1, player_count + 1) if deck < len(ROMAN)]


def starting_sestertii(player_count: int) -> list[int]:
    """Each seat's money at the start, in seating order (§2: 5, 6, 7…)."""
    return list(adapter.STARTING_MONEY[:player_count])


def starting_storehouse() -> dict[str, int]:
    """The goods in every storehouse at the start (§2), the most plentiful first."""
    goods = sorted(Good, key=lambda good: -adapter.STARTING_GOODS[good])
    return {good.value: adapter.STARTING_GOODS[good] for good in goods}


def city_problems(map_name: str, goods: Mapping[str, str]) -> tuple[Problem, ...]:
    """Return what is wrong with a deal of city tokens, as the board entry checks it."""
    return validate_city_goods(
        spec(map_name), {city: Good(good) for city, good in goods.items()}
    )
