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
from scoring.ruleset import Ruleset, modules, ruleset
from scoring.types import Good, MapName, Problem

DISPLAY_SIZE: Final = adapter.DISPLAY_SIZE
GOODS: Final = tuple(good.value for good in Good)
MAPS_IN_ORDER: Final = tuple(name.value for name in MapName)
TRACKINGS: Final = tuple(tracking.value for tracking in adapter.Tracking)
# Concordia's expansion modules the data knows (salt, forum, …).
MODULES: Final = modules()
# The header's order, as the export writes it.
_ORDER: Final = (
    "map",
    "expansions",
    "tracking",
    "intermediate_scoring",
    "cities",
    "display",
    "display_side",
    "forum",
)
# The classic side of the card display; Venus brings the wine side (§2d).
CLOTH_SIDE: Final = "cloth"
# The modules the assistant plays: every module the data knows (salt, the
# forum, Venus individual play; Venus' team play is not built: its rules are
# only partly sourced).
ASSISTANT_MODULES: Final = MODULES
# The modules the wizard's modules screen asks for (Venus, with the display's
# side); the last screen asks for the others (Salsa's salt and forum).
MODULES_SCREEN: Final = ("venus",)


def rules_of(setup: Mapping[str, object]) -> Ruleset:
    """The game's ruleset: the setup's map with its modules (none: the base game)."""
    raw = setup.get("expansions") or []
    chosen = [str(m) for m in raw] if isinstance(raw, list) else []
    return ruleset(str(setup["map"]), tuple(m for m in chosen if m in MODULES))


def spec(map_name: str) -> MapSpec:
    return MAPS[MapName(map_name)]


def choices_default() -> dict[str, object]:
    """The usual setup: the first map, no module, light tracking, no intermediate scoring."""
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
    if set(raw) not in (
        base,
        base | {"expansions"},
        base | {"expansions", "display_side"},
    ):
        return None
    if raw["map"] not in MAPS_IN_ORDER or raw["tracking"] not in TRACKINGS:
        return None
    if type(raw["intermediate_scoring"]) is not bool:
        return None
    chosen = {"expansions": [], "display_side": CLOTH_SIDE, **raw}
    expansions = chosen["expansions"]
    if not isinstance(expansions, list) or any(
        m not in ASSISTANT_MODULES for m in expansions
    ):
        return None
    if chosen["display_side"] not in (
        CLOTH_SIDE,
        *rules_of({"map": raw["map"], "expansions": expansions}).display_sides,
    ):
        return None
    return {**chosen, "expansions": list(expansions)}


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
    known, no ``expansions`` for the base game (every older log reads the
    same), no ``display_side`` for the classic side."""
    setup: dict[str, object] = {"map": map_name}
    if expansions:
        setup["expansions"] = list(expansions)
    setup |= {
        "tracking": tracking,
        "intermediate_scoring": intermediate_scoring,
    }
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
    raw = choices.get("expansions") or []
    expansions = [str(m) for m in raw] if isinstance(raw, list) else []
    laid = setup_of(
        map_name=map_name,
        tracking=tracking,
        intermediate_scoring=bool(choices["intermediate_scoring"]),
        cities=(
            draw_cities(map_name, rng, expansions)
            if tracking == adapter.Tracking.FULL.value
            else None
        ),
        display=deal_display(rng, rules_of(choices)),
        expansions=expansions,
        display_side=str(choices.get("display_side") or CLOTH_SIDE),
    )
    if "forum" in expansions:
        laid["forum"] = deal_forum([seat.name for seat in seats], rng)
    return laid


def deal_forum(names: Sequence[str], rng: random.Random) -> dict[str, object]:
    """Salsa's forum: 2 patricians dealt to each player (the first kept until
    the player picks), the others shuffled with the citizens, 4 on the tableau."""
    cards = adapter.FORUM_CARDS
    patricians = [name for name, card in cards.items() if card.patrician]
    rng.shuffle(patricians)
    dealt = {name: patricians[2 * i : 2 * i + 2] for i, name in enumerate(names)}
    given = {card for pair in dealt.values() for card in pair[:1]}
    stack = [name for name in cards if name not in given]
    rng.shuffle(stack)
    # The unkept patricians go back into the stack; the tableau must not show
    # a dealt one while its player may still keep it.
    dealt_all = {card for pair in dealt.values() for card in pair}
    tableau = [card for card in stack if card not in dealt_all][:4]
    return {
        "patricians": {name: pair[0] for name, pair in dealt.items()},
        "tableau": tableau,
        "dealt": dealt,
    }


def forum_kept(
    forum: Mapping[str, object], kept: Mapping[str, str]
) -> dict[str, object]:
    """The forum setup with each player's kept patrician as chosen (one of the two dealt)."""
    dealt = forum.get("dealt")
    patricians = dict(forum.get("patricians") or {})  # type: ignore[call-overload]
    if isinstance(dealt, dict):
        for name, card in kept.items():
            if card in (dealt.get(name) or ()):
                patricians[name] = card
    return {**forum, "patricians": patricians}


def setup_with(
    setup: Mapping[str, object],
    *,
    cities: Mapping[str, str] | None = None,
    display: Sequence[str] | None = None,
    forum: Mapping[str, object] | None = None,
) -> dict[str, object]:
    """``setup`` with the city tokens, the display or the forum replaced (as laid)."""
    changed = dict(setup)
    if forum is not None:
        changed["forum"] = dict(forum)
    if cities is not None:
        changed.pop("cities", None)
        if cities:
            changed["cities"] = dict(cities)
    if display is not None:
        changed["display"] = list(display)
    return {key: changed[key] for key in (*_ORDER, *changed) if key in changed}


def draw_cities(
    map_name: str, rng: random.Random, expansions: Sequence[str] = ()
) -> dict[str, str]:
    """Deal the city tokens as the rules do: each letter's tokens among its cities
    (§8), a module's tokens included (salt: one per letter)."""
    board = spec(map_name)
    pools = ruleset(map_name, tuple(expansions)).token_pools
    cities: dict[str, str] = {}
    for letter in board.letters:
        tokens = [good.value for good in Good for _n in range(pools[letter][good])]
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


def starting_storehouse(expansions: Sequence[str] = ()) -> dict[str, int]:
    """The goods in every storehouse at the start (§2; salt: 1 salt instead of
    the second food), the most plentiful first."""
    rules = ruleset(MAPS_IN_ORDER[0], tuple(expansions))
    start = rules.starting_goods
    goods = sorted(rules.goods, key=lambda good: -start[good])
    return {good.value: start[good] for good in goods if start[good]}


def city_problems(
    map_name: str, goods: Mapping[str, str], expansions: Sequence[str] = ()
) -> tuple[Problem, ...]:
    """Return what is wrong with a deal of city tokens, as the board entry checks it."""
    return validate_city_goods(
        spec(map_name),
        {city: Good(good) for city, good in goods.items()},
        ruleset(map_name, tuple(expansions)).token_pools,
    )
