"""Reading a game-log document (``docs/game-log.md``) into a typed `GameLog`.

Shape problems (a wrong type, a missing or unknown field, an unknown card,
city, province or player) are all reported at once, each with its JSON path,
as `scoring.shape` does for score sheets. The rules are the replay's business
(`play.replay`), except what the setup alone decides: players, colours, the
city tokens (§8) and the opening display.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Final

from play.concordia import messages as m
from play.concordia.data import CARDS, DISPLAY_SIZE, Card, CardKind, game_cards
from play.concordia.types import (
    Abandon,
    Action,
    Adjust,
    ColonistKind,
    Event,
    GameLog,
    Play,
    Reveal,
    Seat,
    Tracking,
    Undo,
)
from play.core import read_header
from play.errors import LogInvalid
from scoring.board import validate_city_goods
from scoring.maps import MAPS, MapSpec
from scoring.names import name_problem
from scoring.ruleset import Ruleset, ruleset
from scoring.shape import EXPECTED_OBJECT, ShapeReader, child, describe
from scoring.sheet_io import read_expansions
from scoring.types import Good, GoodCounts, MapName, Problem

FORMAT: Final = "game-log/1"
TOP_REQUIRED: Final = (
    "format",
    "game",
    "map",
    "tracking",
    "players",
    "display",
    "events",
)
# The classic side of the card display (the default).
CLOTH_SIDE: Final = "cloth"
TOP_OPTIONAL: Final = (
    "intermediate_scoring",
    "cities",
    "expansions",
    "display_side",
    "forum",
)

# What each card's play may carry (docs/game-log.md, Events).
SPECIALISTS: Final = (
    CardKind.MASON,
    CardKind.FARMER,
    CardKind.SMITH,
    CardKind.VINTNER,
    CardKind.WEAVER,
)
CARD_FIELDS: Final[Mapping[CardKind, tuple[str, ...]]] = MappingProxyType(
    {
        # Salsa's forum: "exchange" (Titus Valerius), "sell_bonus" (Claudius Pompeius).
        CardKind.TRIBUNE: ("colonist", "intermediate_points", "exchange"),
        CardKind.ARCHITECT: ("build", "fifteenth_house"),
        CardKind.PREFECT: ("province", "bonus", "cash", "amount", "drop", "sell_bonus"),
        CardKind.MERCATOR: ("trade",),
        CardKind.SENATOR: ("buy", "pay", "reveal"),
        CardKind.CONSUL: ("buy", "reveal"),
        CardKind.COLONIST: ("place", "cash"),
        **dict.fromkeys(SPECIALISTS, ("drop",)),
    }
)
ACTION_FIELDS: Final = tuple(
    dict.fromkeys(f for fields in CARD_FIELDS.values() for f in fields)
)
# The cards that carry out another card (its fields come with them): the
# Diplomat an opponent's top card, Venus' Magister the player's own previous one.
COPYING: Final = frozenset({CardKind.DIPLOMAT, CardKind.MAGISTER})
CARD_FIELDS_WITH_DIPLOMAT: Final[Mapping[CardKind, tuple[str, ...]]] = MappingProxyType(
    {
        **CARD_FIELDS,
        # Salsa's forum: Lucius Flavius' holder copies a display card ("copy_card").
        CardKind.DIPLOMAT: ("copy", "copy_card", *ACTION_FIELDS),
        # A Magister repeating a Diplomat names whom that Diplomat copies.
        CardKind.MAGISTER: ("copy", "copy_card", *ACTION_FIELDS),
    }
)
# Required with both trackings, and only with full tracking.
REQUIRED: Final[Mapping[CardKind, tuple[str, ...]]] = MappingProxyType(
    {
        CardKind.SENATOR: ("buy",),
        CardKind.CONSUL: ("buy",),
    }
)
REQUIRED_FULL: Final[Mapping[CardKind, tuple[str, ...]]] = MappingProxyType(
    {
        CardKind.ARCHITECT: ("build",),
        CardKind.MERCATOR: ("trade",),
        CardKind.SENATOR: ("pay",),
    }
)
# Fields that only full tracking applies (light ignores them) and the reverse.
FULL_FIELDS: Final = frozenset(
    {
        "colonist",
        "build",
        "drop",
        "trade",
        "pay",
        "place",
        "amount",
        "bonus",
        "exchange",
        "sell_bonus",
    }
)
LIGHT_FIELDS: Final = frozenset({"fifteenth_house", "intermediate_points"})


def action_problems(
    kind: CardKind, given: frozenset[str], tracking: Tracking, path: str
) -> list[Problem]:
    """Return what is wrong with the fields a play of a ``kind`` card carries.

    Used when the log is read, and again by the replay for what a Diplomat
    copies (its fields belong to a card known only then).
    """
    allowed = CARD_FIELDS_WITH_DIPLOMAT[kind]
    problems = [
        Problem(
            path=child(path, name),
            template=m.FIELD_NOT_FOR_CARD,
            params={"card": kind.value, "field": name},
        )
        for name in sorted(given - set(allowed))
    ]
    required = REQUIRED.get(kind, ())
    if tracking is Tracking.FULL:
        required += REQUIRED_FULL.get(kind, ())
    problems.extend(
        Problem(
            path=child(path, name),
            template=m.FIELD_MISSING_FOR_CARD,
            params={"card": kind.value, "field": name, "tracking": tracking.value},
        )
        for name in required
        if name not in given
    )
    either: tuple[str, str] | None = None
    if kind is CardKind.PREFECT:
        either = ("province", "cash")
    elif kind is CardKind.COLONIST and tracking is Tracking.FULL:
        either = ("place", "cash")
    if either is not None and (either[0] in given) == (either[1] in given):
        problems.append(
            Problem(
                path=path,
                template=m.EITHER_FIELD,
                params={"card": kind.value, "one": either[0], "other": either[1]},
            )
        )
    if (
        kind is CardKind.COLONIST
        and tracking is Tracking.LIGHT
        and {"place", "cash"} <= given
    ):
        problems.append(
            Problem(
                path=path,
                template=m.EITHER_FIELD,
                params={"card": kind.value, "one": "place", "other": "cash"},
            )
        )
    if kind is CardKind.PREFECT:
        for name, other in (
            ("amount", "cash"),
            ("drop", "province"),
            ("sell_bonus", "province"),
        ):
            if name in given and other not in given:
                problems.append(
                    Problem(
                        path=child(path, name),
                        template=m.ONLY_WITH,
                        params={"field": name, "other": other},
                    )
                )
    return problems


@cache
def city_names(map_name: MapName) -> Mapping[str, str]:
    """Return every accepted spelling of the map's cities (and capital) → full name."""
    spec = MAPS[map_name]
    names: dict[str, str] = {spec.capital: spec.capital}
    for start in spec.starts:
        names.setdefault(start.name, start.name)
    for city in spec.cities:
        for spelling in (city.name, city.board_spelling, *city.alt_spellings):
            names.setdefault(spelling, city.name)
    return MappingProxyType(names)


@cache
def province_names(map_name: MapName) -> frozenset[str]:
    return frozenset(province.name for province in MAPS[map_name].provinces)


@dataclass(frozen=True, slots=True)
class _Context:
    spec: MapSpec
    tracking: Tracking
    seats: Mapping[str, int]
    # Salsa's forum is played: a Prefect may be played as a Diplomat
    # (Sextus Pompeius' holder; the replay checks who holds him).
    forum: bool = False


def load_log(document: object) -> GameLog:
    """Return the `GameLog` a decoded JSON document describes.

    Raises `LogInvalid` with every shape problem found, each with its path.
    """
    reader = ShapeReader()
    top = reader.fields(document, "", required=TOP_REQUIRED, optional=TOP_OPTIONAL)
    if not isinstance(document, dict):
        raise LogInvalid(reader.problems)
    read_header(
        reader,
        top,
        format=FORMAT,
        game="concordia",
        wrong_format=m.WRONG_FORMAT,
        wrong_game=m.WRONG_GAME,
    )
    map_name = reader.choice(top, "map", "", MapName, next(iter(MapName)))
    expansions = read_expansions(reader, top, "")
    spec = MAPS[map_name]
    tracking = reader.choice(top, "tracking", "", Tracking, Tracking.FULL)
    intermediate = reader.boolean(top, "intermediate_scoring", "")
    rules = ruleset(map_name, expansions)
    players = _players(reader, top, rules)
    cities = _cities(reader, top, spec, tracking, rules)
    display = _display(reader, top, rules)
    display_side = _display_side(reader, top, rules)
    # A module's own setup fields (the forum's), read by the module (`FORUM_SETUP`).
    forum = FORUM_SETUP[0](reader, top, rules, players) if FORUM_SETUP else None
    context = _Context(
        spec=spec,
        tracking=tracking,
        seats=MappingProxyType({seat.name: i for i, seat in enumerate(players)}),
        forum="forum" in rules.expansions,
    )
    raw_events = reader.items(top, "events", "")
    events = tuple(
        _event(reader, raw, f"events[{index}]", index, context)
        for index, raw in enumerate(raw_events)
    )
    if reader.problems:
        raise LogInvalid(reader.problems)
    return GameLog(
        map=map_name,
        expansions=rules.expansions,
        display_side=display_side,
        tracking=tracking,
        intermediate_scoring=intermediate,
        players=players,
        cities=cities,
        display=display,
        events=events,
        documents=tuple(raw_events),
        forum=forum,
    )


def load_event(log: GameLog, document: object) -> tuple[Event, object]:
    """Read one event that would come next in ``log``; raise `LogInvalid` on its shape."""
    reader = ShapeReader()
    index = len(log.events)
    context = _Context(
        spec=log.spec,
        tracking=log.tracking,
        seats=MappingProxyType({seat.name: i for i, seat in enumerate(log.players)}),
        forum=log.forum is not None,
    )
    event = _event(reader, document, f"events[{index}]", index, context)
    if reader.problems:
        raise LogInvalid(reader.problems)
    return event, document


def _players(
    reader: ShapeReader, top: Mapping[str, object], rules: Ruleset
) -> tuple[Seat, ...]:
    raw_players = reader.items(top, "players", "")
    colours_known = rules.colours
    low, high = rules.min_players, rules.max_players
    # Team seats exist only with a module that has them (Venus' team play):
    # elsewhere "team" is refused as an unknown field, as it always was.
    optional = ("team",) if rules.teams else ()
    seats: list[Seat] = []
    names: set[str] = set()
    colours: set[str] = set()
    for index, raw in enumerate(raw_players):
        path = f"players[{index}]"
        fields = reader.fields(
            raw, path, required=("name", "colour"), optional=optional
        )
        name = reader.text(fields, "name", path)
        team = reader.optional_text(fields, "team", path) if optional else None
        colour = reader.text(fields, "colour", path)
        if isinstance(fields.get("name"), str):
            refusal = name_problem(name)
            if refusal is not None:
                template, params = refusal
                reader.report(child(path, "name"), template, **params)
            elif name in names:
                reader.report(child(path, "name"), m.NAME_TAKEN, name=name)
        if isinstance(fields.get("colour"), str):
            if colour not in colours_known:
                reader.report(
                    child(path, "colour"),
                    m.COLOUR_UNKNOWN,
                    given=colour,
                    choices=", ".join(colours_known),
                )
            elif colour in colours:
                reader.report(child(path, "colour"), m.COLOUR_TAKEN, colour=colour)
        names.add(name)
        colours.add(colour)
        seats.append(Seat(name=name, colour=colour, team=team))
    if isinstance(top.get("players"), list) and not low <= len(seats) <= high:
        reader.report(
            "players",
            m.PLAYER_COUNT,
            minimum=low,
            maximum=high,
            given=len(seats),
        )
    return tuple(seats)


def _cities(
    reader: ShapeReader,
    top: Mapping[str, object],
    spec: MapSpec,
    tracking: Tracking,
    rules: Ruleset,
) -> Mapping[str, Good] | None:
    raw = top.get("cities")
    if raw is None:
        if top.get("tracking") == Tracking.FULL and "cities" not in top:
            reader.report("cities", m.CITIES_REQUIRED)
        return None
    if not isinstance(raw, dict):
        reader.report("cities", EXPECTED_OBJECT, got=describe(raw))
        return None
    names = city_names(spec.name)
    goods: dict[str, Good] = {}
    before = len(reader.problems)
    for given, value in raw.items():
        path = f'cities["{given}"]'
        full = names.get(str(given))
        if full is None or spec.is_start(full):
            reader.report(path, m.CITY_UNKNOWN, map=spec.title, city=str(given))
            continue
        if full in goods:
            reader.report(path, m.CITY_TWICE, city=full)
            continue
        goods[full] = reader.choice_value(value, path, Good, Good("brick"))
    if len(reader.problems) == before:
        # §8: every city listed, each letter's goods exactly its tokens.
        for problem in validate_city_goods(spec, goods, rules.token_pools):
            path = problem.path.replace("city_goods[", "cities[", 1)
            if path.startswith("letters."):
                path = "cities"
            reader.problems.append(dataclasses.replace(problem, path=path))
    return MappingProxyType(goods)


def _display(
    reader: ShapeReader, top: Mapping[str, object], rules: Ruleset
) -> tuple[str, ...]:
    raw = reader.items(top, "display", "")
    cards: list[str] = []
    in_game = game_cards(rules)
    for index, value in enumerate(raw):
        path = f"display[{index}]"
        card = _card_id(reader, value, path, sale=True)
        if card is None:
            continue
        if card not in in_game:
            # A card of a module not played, or one it replaced (Venus).
            reader.report(path, m.CARD_NOT_IN_GAME, card=card)
        elif in_game[card].deck != 1:
            reader.report(path, m.DISPLAY_NOT_DECK_I, card=card)
        elif card in cards:
            reader.report(path, m.CARD_TWICE, card=card)
        cards.append(card)
    if isinstance(top.get("display"), list) and len(raw) != DISPLAY_SIZE:
        reader.report("display", m.DISPLAY_SIZE, expected=DISPLAY_SIZE, given=len(raw))
    return tuple(cards)


def _display_side(
    reader: ShapeReader, top: Mapping[str, object], rules: Ruleset
) -> str:
    """The side of the card display: ``"cloth"`` (classic) unless a module
    brings another (Venus' ``"wine"`` side, expansions §2d)."""
    side = reader.optional_text(top, "display_side", "")
    if side is None:
        return CLOTH_SIDE
    sides = (CLOTH_SIDE, *rules.display_sides)
    if side not in sides:
        reader.report(
            "display_side", m.DISPLAY_SIDE_UNKNOWN, given=side, choices=", ".join(sides)
        )
        return CLOTH_SIDE
    return side


def _card_id(
    reader: ShapeReader, value: object, path: str, *, sale: bool
) -> str | None:
    if not isinstance(value, str):
        reader.report(path, m.CARD_UNKNOWN, card=describe(value))
        return None
    card = CARDS.get(value)
    if card is None:
        reader.report(path, m.CARD_UNKNOWN, card=value)
        return None
    if sale and not card.bought:
        reader.report(path, m.NOT_A_SALE_CARD, card=value)
        return None
    return value


def _seat(
    reader: ShapeReader, value: object, path: str, context: _Context
) -> int | None:
    if not isinstance(value, str):
        reader.report(path, m.PLAYER_UNKNOWN, given=describe(value))
        return None
    seat = context.seats.get(value)
    if seat is None:
        reader.report(path, m.PLAYER_UNKNOWN, given=value)
    return seat


def _event(
    reader: ShapeReader, raw: object, path: str, index: int, context: _Context
) -> Event:
    if not isinstance(raw, dict):
        reader.report(path, EXPECTED_OBJECT, got=describe(raw))
        return Undo(index=index)
    kind = raw.get("type")
    read = EVENT_READERS.get(kind) if isinstance(kind, str) else None
    if read is None:
        if "type" not in raw:
            reader.fields(raw, path, required=("type",), optional=tuple(raw))
        else:
            reader.report(
                child(path, "type"),
                m.EVENT_UNKNOWN,
                given=kind if isinstance(kind, str) else describe(kind),
                choices=", ".join(EVENT_READERS),
            )
        return Undo(index=index)
    return read(reader, raw, path, index, context)


def _undo(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    index: int,
    context: _Context,
) -> Event:
    reader.fields(raw, path, required=("type",))
    return Undo(index=index)


def _abandon(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    index: int,
    context: _Context,
) -> Event:
    reader.fields(raw, path, required=("type",))
    return Abandon(index=index)


def _reveal(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    index: int,
    context: _Context,
) -> Event:
    fields = reader.fields(raw, path, required=("type", "cards"))
    return Reveal(index=index, cards=_card_list(reader, fields, "cards", path))


def _card_list(
    reader: ShapeReader, fields: Mapping[str, object], key: str, path: str
) -> tuple[str, ...]:
    here = child(path, key)
    cards = [
        _card_id(reader, value, f"{here}[{i}]", sale=True)
        for i, value in enumerate(reader.items(fields, key, path))
    ]
    return tuple(card for card in cards if card is not None)


def _adjust(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    index: int,
    context: _Context,
) -> Adjust:
    fields = reader.fields(
        raw,
        path,
        required=("type", "player"),
        optional=("sestertii", "storehouse", "colonists"),
    )
    if context.tracking is not Tracking.FULL:
        reader.report(child(path, "type"), m.FULL_ONLY_EVENT)
    seat = (
        _seat(reader, fields.get("player"), child(path, "player"), context)
        if "player" in fields
        else None
    )
    sestertii = reader.optional_integer(fields, "sestertii", path)
    if sestertii is not None and sestertii < 0:
        reader.report(child(path, "sestertii"), m.NEGATIVE, given=sestertii)
    storehouse = _non_negative_counts(reader, fields, "storehouse", path)
    board = stored = None
    if "colonists" in fields:
        here = child(path, "colonists")
        colonists = reader.fields(
            fields["colonists"], here, required=(), optional=("board", "storehouse")
        )
        board = reader.optional_integer(colonists, "board", here)
        stored = reader.optional_integer(colonists, "storehouse", here)
        for key, value in (("board", board), ("storehouse", stored)):
            if value is not None and value < 0:
                reader.report(child(here, key), m.NEGATIVE, given=value)
    return Adjust(
        index=index,
        seat=seat or 0,
        sestertii=sestertii,
        storehouse=storehouse,
        colonists_board=board,
        colonists_storehouse=stored,
    )


def _non_negative_counts(
    reader: ShapeReader, fields: Mapping[str, object], key: str, path: str
) -> dict[Good, int]:
    counts = reader.counts(fields, key, path, Good, all_required=False)
    for good, count in counts.items():
        if count < 0:
            reader.report(child(child(path, key), good.value), m.NEGATIVE, given=count)
    return counts


def _play(
    reader: ShapeReader,
    raw: Mapping[str, object],
    path: str,
    index: int,
    context: _Context,
) -> Play:
    card_value = raw.get("card")
    card = CARDS.get(card_value) if isinstance(card_value, str) else None
    # A field of another card is reported by action_problems, with the card named.
    fields = reader.fields(
        raw,
        path,
        required=("type", "player", "card"),
        optional=(*ACTION_FIELDS, "copy", "copy_card", "role"),
    )
    seat = (
        _seat(reader, fields.get("player"), child(path, "player"), context)
        if "player" in fields
        else None
    )
    if "card" in fields:
        _card_id(reader, card_value, child(path, "card"), sale=False)
    action = _action(reader, fields, path, context)
    if card is not None and card.kind in COPYING:
        # The role of a double-role card it carries out, checked in the replay.
        if "role" in fields:
            action = dataclasses.replace(
                action,
                role=reader.choice_value(
                    fields["role"], child(path, "role"), CardKind, CardKind.PREFECT
                ),
            )
        fields = {name: value for name, value in fields.items() if name != "role"}
    role = _role(reader, fields, card, path, forum=context.forum)
    if card is not None and role is not None:
        # A Diplomat accepts every field here: the card it copies is known only
        # while replaying, which checks the fields against that card.
        reader.problems.extend(
            action_problems(role, action.given, context.tracking, path)
        )
    return Play(
        index=index,
        seat=seat or 0,
        card=card if card is not None else CARDS["Tribune"],
        action=action,
        role=(
            role
            if card is not None
            and (len(card.playable_roles) > 1 or role not in (None, card.kind))
            else None
        ),
    )


def _role(
    reader: ShapeReader,
    fields: Mapping[str, object],
    card: Card | None,
    path: str,
    *,
    forum: bool = False,
) -> CardKind | None:
    """The role a play carries out: the card's, or the one named (``"role"``)
    among a double-role card's two; None when the card is unknown or its role
    is missing (both reported). With Salsa's forum a Prefect may name the
    Diplomat (Sextus Pompeius)."""
    if card is None:
        return None
    roles = card.playable_roles
    if "role" not in fields:
        if len(roles) > 1:
            # Which role's fields to expect is unknown: only this is said.
            reader.report(
                child(path, "role"),
                m.ROLE_MISSING,
                card=card.id,
                choices=", ".join(roles),
            )
            return None
        return roles[0]
    here = child(path, "role")
    role = reader.choice_value(fields["role"], here, CardKind, roles[0])
    sextus = forum and card.kind is CardKind.PREFECT and role is CardKind.DIPLOMAT
    if role not in roles and not sextus:
        reader.report(here, m.ROLE_NOT_ON_CARD, card=card.id, given=role.value)
        return roles[0]
    return role


def _action(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> Action:
    # Only the fields present are read: a play carries two or three of them.
    present = [name for name in fields if name in _ACTION_KEYS]
    values: dict[str, Any] = {"given": frozenset(present)}
    for name in present:
        values[name] = _READERS[name](reader, fields, path, context)
    return Action(**values)


def _read_colonist(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> ColonistKind:
    return reader.choice(fields, "colonist", path, ColonistKind, ColonistKind.LAND)


def _read_count(
    name: str,
) -> Callable[[ShapeReader, Mapping[str, object], str, _Context], int | None]:
    def read(
        reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
    ) -> int | None:
        value = reader.optional_integer(fields, name, path)
        if value is not None and value < 0:
            reader.report(child(path, name), m.NEGATIVE, given=value)
        return value

    return read


def _read_build(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> tuple[str, ...]:
    here = child(path, "build")
    cities = [
        city(reader, value, f"{here}[{i}]", context.spec)
        for i, value in enumerate(reader.items(fields, "build", path))
    ]
    return tuple(city for city in cities if city is not None)


def _read_fifteenth(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> bool:
    return reader.boolean(fields, "fifteenth_house", path)


def read_province(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> str | None:
    province = fields["province"]
    if not isinstance(province, str):
        reader.text(fields, "province", path)
        return None
    if province not in province_names(context.spec.name):
        reader.report(
            child(path, "province"),
            m.PROVINCE_UNKNOWN,
            map=context.spec.title,
            given=province,
        )
    return province


def _read_bonus(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> Good | None:
    # A province without a marker of its own (Creta's Gavdos): the producer
    # names the bonus good; anywhere else the marker decides.
    good = reader.choice(fields, "bonus", path, Good, Good("cloth"))
    name = fields.get("province")
    province = next((p for p in context.spec.provinces if p.name == name), None)
    if province is None or not province.chosen_bonus:
        reader.report(
            child(path, "bonus"),
            m.BONUS_NOT_CHOSEN,
            map=context.spec.title,
            province=str(name) if isinstance(name, str) else "",
        )
    return good


def _read_cash(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> bool:
    if fields["cash"] is False:
        reader.report(child(path, "cash"), m.CASH_NOT_TRUE)
    return reader.boolean(fields, "cash", path)


def _read_drop(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> Mapping[int, GoodCounts]:
    return MappingProxyType(_drop(reader, fields, path, context))


def _read_trade(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> Mapping[Good, int]:
    trade = reader.counts(fields, "trade", path, Good, all_required=False)
    return MappingProxyType({g: n for g, n in trade.items() if n != 0})


def read_exchange(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: object
) -> Mapping[Good, int]:
    """Salsa's forum: an exchange of goods (given negative, taken positive)."""
    exchange = reader.counts(fields, "exchange", path, Good, all_required=False)
    return MappingProxyType({g: n for g, n in exchange.items() if n != 0})


def _read_sell_bonus(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> bool:
    return reader.boolean(fields, "sell_bonus", path)


def _read_cards(
    name: str,
) -> Callable[[ShapeReader, Mapping[str, object], str, _Context], tuple[str, ...]]:
    def read(
        reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
    ) -> tuple[str, ...]:
        return _card_list(reader, fields, name, path)

    return read


def _read_pay(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> GoodCounts:
    return GoodCounts.from_mapping(_non_negative_counts(reader, fields, "pay", path))


def _read_copy(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> int | None:
    return _seat(reader, fields["copy"], child(path, "copy"), context)


def _read_copy_card(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> str | None:
    return _card_id(reader, fields["copy_card"], child(path, "copy_card"), sale=True)


def _read_place(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> tuple[ColonistKind, ...]:
    here = child(path, "place")
    return tuple(
        reader.choice_value(value, f"{here}[{i}]", ColonistKind, ColonistKind.LAND)
        for i, value in enumerate(reader.items(fields, "place", path))
    )


_READERS: Final[
    Mapping[str, Callable[[ShapeReader, Mapping[str, object], str, _Context], Any]]
] = MappingProxyType(
    {
        "colonist": _read_colonist,
        "intermediate_points": _read_count("intermediate_points"),
        "build": _read_build,
        "fifteenth_house": _read_fifteenth,
        "province": read_province,
        "bonus": _read_bonus,
        "cash": _read_cash,
        "amount": _read_count("amount"),
        "drop": _read_drop,
        "trade": _read_trade,
        "buy": _read_cards("buy"),
        "pay": _read_pay,
        "reveal": _read_cards("reveal"),
        "copy": _read_copy,
        "copy_card": _read_copy_card,
        "place": _read_place,
        "exchange": read_exchange,
        "sell_bonus": _read_sell_bonus,
    }
)
_ACTION_KEYS: Final = frozenset(_READERS)


def city(reader: ShapeReader, value: object, path: str, spec: MapSpec) -> str | None:
    if not isinstance(value, str):
        reader.report(path, m.CITY_UNKNOWN, map=spec.title, city=describe(value))
        return None
    full = city_names(spec.name).get(value)
    if full is None:
        reader.report(path, m.CITY_UNKNOWN, map=spec.title, city=value)
    return full


def _drop(
    reader: ShapeReader, fields: Mapping[str, object], path: str, context: _Context
) -> dict[int, GoodCounts]:
    raw = fields.get("drop")
    if raw is None:
        return {}
    here = child(path, "drop")
    if not isinstance(raw, dict):
        reader.report(here, EXPECTED_OBJECT, got=describe(raw))
        return {}
    drop: dict[int, GoodCounts] = {}
    for name in raw:
        seat = _seat(reader, name, child(here, str(name)), context)
        counts = _non_negative_counts(reader, raw, str(name), here)
        if seat is not None:
            drop[seat] = GoodCounts.from_mapping(counts)
    return drop


EventReader = Callable[[ShapeReader, Mapping[str, object], str, int, _Context], Event]
#: The reader of the forum's setup field (`play.concordia.forum` registers it).
FORUM_SETUP: list[
    Callable[[ShapeReader, Mapping[str, object], Ruleset, tuple[Seat, ...]], Any]
] = []
#: The events of a log by ``type`` (docs/game-log.md, Events), in the order
#: the contract lists them. A module of an expansion (the forum's cards taken
#: and used) adds its readers here, and its steps to `replay.EVENT_STEPS`.
EVENT_READERS: Final[dict[str, EventReader]] = {
    "play": _play,
    "reveal": _reveal,
    "undo": _undo,
    "adjust": _adjust,
    "abandon": _abandon,
}
