"""Every map of the data: provinces, cities, start spaces, city tokens, connections.

Imperium and Italia (rules digest §8, §9) and the 13 expansion boards (the
data's ``maps``, copied from the project's map research with a confidence
mark where a fact is not H: ``players_confidence``, ``starts_confidence``,
``letters_confidence``, ``tokens_confidence``, ``province_confidence``).
Loaded once from ``scoring/data/concordia.json``; no map is named in code.

Only the counts matter for scoring (Saturnus' maximum, how many cities of each
good exist, from the map's own token mix per letter); the graph is here for
the rules assistant and the board drawing. Where each city is drawn
(``x``/``y``) comes from ``scoring/data/board_layout.json`` for the boards it
places (approximate real-world positions, not rules data); every other map is
drawn as a schematic, worked out here from its provinces (`_schematic`):
provinces as regions in two columns, their cities inside, the start spaces on
top, readable at 360 px.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Final

from scoring._data import as_int, as_list, as_mapping, as_str, reference
from scoring.types import Good, GoodCounts, MapName


class TokenLetter(StrEnum):
    """The letter on a city space and on the city tokens dealt to it (§8)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class ConnectionKind(StrEnum):
    LAND = "land"
    SEA = "sea"


class Confidence(StrEnum):
    """How sure the data is of a fact (the map research's marks).

    H: two independent sources agree; M: one good source; L: a weak one; U:
    not found. The pages say so where a player meets an L or U fact.
    """

    H = "H"
    M = "M"
    L = "L"
    U = "U"


@dataclass(frozen=True, slots=True, kw_only=True)
class City:
    """A city space; which good it produces is decided by the token dealt at setup."""

    name: str
    province: str
    letter: TokenLetter
    board_spelling: str
    alt_spellings: tuple[str, ...] = ()
    # The data has no name for it (Hellas' third Laconian city): ``name`` is
    # the app's stand-in, and the pages say the printed name is unknown.
    name_unknown: bool = False
    # Where the map page draws it, in CSS pixels of the full-size drawing.
    x: int = 0
    y: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Province:
    name: str
    letter: TokenLetter
    cities: tuple[City, ...]
    board_spelling: str = ""
    # No bonus marker of its own (Creta's Gavdos, the data's ``no_bonus_marker``
    # note): whoever makes it produce chooses the bonus good.
    chosen_bonus: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Connection:
    """A land or sea line between two cities; a pair may be joined by one of each (§9a)."""

    cities: tuple[str, str]
    kind: ConnectionKind


@dataclass(frozen=True, slots=True, kw_only=True)
class StartSpace:
    """Where a kind of colonist starts (§2: Roma for both on the base boards).

    Britannia, Germania and Gallia start land and sea colonists apart;
    Balearica has no start city, only two boats for sea colonists. A start
    space never holds a house.
    """

    name: str
    kind: ConnectionKind
    x: int = 0
    y: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SetupNote:
    """A fact of one map's setup or play beyond the base rules, as the data has it.

    ``kind`` names it (``castles``, ``no_bonus_marker``, ``boats``, ...: the
    pages have a sentence for each kind, filled from ``params``); the
    ``confidence`` says how sure the sources are, and an L or U note is shown
    as such.
    """

    kind: str
    confidence: Confidence
    params: Mapping[str, str | int] = field(
        default_factory=lambda: MappingProxyType({})
    )

    @property
    def uncertain(self) -> bool:
        return self.confidence in (Confidence.L, Confidence.U)


# One object per map (`MAPS`), compared and hashed by identity: the caches
# keyed by a map then cost nothing (hashing its graph would, on every call).
@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class MapSpec:
    """One side of the board. The capital is no city of any province: it never holds a house."""

    name: MapName
    capital: str
    provinces: tuple[Province, ...]
    connections: tuple[Connection, ...]
    letters: tuple[TokenLetter, ...]
    min_players: int
    max_players: int
    # §8: the tokens of the letters in use are all dealt, one per city, so the
    # pool fixes how many cities of each good the board has.
    cities_per_good: GoodCounts
    # The map's own token mix per letter in use, without salt (Byzantium and
    # Hispania have one more city per letter than the others).
    token_pool: Mapping[TokenLetter, GoodCounts] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # With Salsa's salt: each letter's tokens, one of them salt (the data's
    # ``tokens_with_salt``), by good id (salt is a good of its module only).
    salt_token_pool: Mapping[TokenLetter, Mapping[str, int]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # Byzantium and Hispania: boards made for salt (an extra city per letter).
    salt_map: bool = False
    starts: tuple[StartSpace, ...] = ()
    # The confidence of each fact that is not H, by the data's field name
    # without ``_confidence`` (``players``, ``starts``, ``letters``, ...).
    confidence: Mapping[str, Confidence] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # The name printed on the board, where the data gives one.
    board_name: str = ""
    # What this board adds to the setup or play (castles, boats, a province
    # without a bonus marker...), in the data's order.
    setup_notes: tuple[SetupNote, ...] = ()
    # Drawn from the data's provinces (no board positions known).
    schematic: bool = False
    # The map's name in English ("Ionium (small)"); the pages translate it.
    name_title: str = ""
    # The drawing: its size and where the capital sits (see `City.x`).
    width: int = 0
    height: int = 0
    capital_x: int = 0
    capital_y: int = 0

    @property
    def title(self) -> str:
        return self.name_title or self.name.value.capitalize()

    @property
    def province_count(self) -> int:
        return len(self.provinces)

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def cities(self) -> tuple[City, ...]:
        return tuple(city for province in self.provinces for city in province.cities)

    @property
    def salt_cities(self) -> int:
        """The salt cities with Salsa's salt: one per letter group in use."""
        return sum(pool.get("salt", 0) for pool in self.salt_token_pool.values())

    def cities_per_good_with_salt(self) -> Mapping[str, int]:
        """How many cities of each good (salt included) the board has with salt."""
        totals: dict[str, int] = {}
        for pool in self.salt_token_pool.values():
            for good, count in pool.items():
                totals[good] = totals.get(good, 0) + count
        return MappingProxyType(totals)

    def start(self, kind: ConnectionKind) -> StartSpace | None:
        """Where a colonist of that kind starts (None: Balearica has no land start)."""
        return next((space for space in self.starts if space.kind is kind), None)

    def is_start(self, name: str) -> bool:
        """Whether ``name`` is a start space (or the capital): no house stands there."""
        return name == self.capital or any(s.name == name for s in self.starts)

    def uncertain(self, fact: str) -> bool:
        """Whether the data marks ``fact`` L or U (the pages say so)."""
        return self.confidence.get(fact) in (Confidence.L, Confidence.U)

    def city(self, name: str) -> City | None:
        """Return the city of that full name, or None; the capital is no city."""
        return _cities_by_name(self).get(name)


@cache
def _cities_by_name(spec: MapSpec) -> Mapping[str, City]:
    return MappingProxyType({city.name: city for city in spec.cities})


@cache
def _layout() -> Mapping[str, object]:
    path = files("scoring").joinpath("data/board_layout.json")
    document: object = json.loads(path.read_text(encoding="utf-8"))
    return as_mapping(document)


_DATA: Final = reference()

# §8: the city tokens per letter (letter B follows the majority reading, 2 food + 2 tool).
TOKEN_POOL: Final[Mapping[TokenLetter, GoodCounts]] = MappingProxyType(
    {
        TokenLetter(letter): GoodCounts.from_mapping(
            {Good(good): as_int(count) for good, count in as_mapping(pool).items()}
        )
        for letter, pool in as_mapping(
            as_mapping(_DATA["city_tokens"])["by_letter"]
        ).items()
    }
)


def _pooled(pool: Mapping[TokenLetter, GoodCounts]) -> GoodCounts:
    return GoodCounts.from_mapping(
        {good: sum(tokens[good] for tokens in pool.values()) for good in Good}
    )


def _token_pool(
    raw: Mapping[str, object], letters: tuple[TokenLetter, ...]
) -> Mapping[TokenLetter, GoodCounts]:
    mixes = as_mapping(raw.get("tokens", {}))
    return MappingProxyType(
        {
            letter: (
                GoodCounts.from_mapping(
                    {
                        Good(good): as_int(count)
                        for good, count in as_mapping(mixes[letter.value]).items()
                    }
                )
                if letter.value in mixes
                else TOKEN_POOL[letter]
            )
            for letter in letters
        }
    )


def _salt_token_pool(
    raw: Mapping[str, object], letters: tuple[TokenLetter, ...]
) -> Mapping[TokenLetter, Mapping[str, int]]:
    mixes = as_mapping(raw.get("tokens_with_salt", {}))
    return MappingProxyType(
        {
            letter: MappingProxyType(
                {
                    good: as_int(count)
                    for good, count in as_mapping(mixes[letter.value]).items()
                }
            )
            for letter in letters
            if letter.value in mixes
        }
    )


def _city(raw: Mapping[str, object], province: str) -> City:
    name = as_str(raw["name"])
    return City(
        name=name,
        province=province,
        letter=TokenLetter(as_str(raw["letter"])),
        board_spelling=as_str(raw.get("board_spelling", name)),
        alt_spellings=tuple(as_str(s) for s in as_list(raw.get("alt_spellings", []))),
        name_unknown=raw.get("name_unknown") is True,
    )


def _province(raw: Mapping[str, object]) -> Province:
    name = as_str(raw["name"])
    return Province(
        name=name,
        letter=TokenLetter(as_str(raw["letter"])),
        cities=tuple(_city(as_mapping(city), name) for city in as_list(raw["cities"])),
        board_spelling=as_str(raw.get("board_spelling", name)),
    )


# The schematic drawing (a map without board positions): two columns of
# provinces, 332 px wide (the map frame of a 360 px phone: no sideways
# scrolling), each city on its own row, zig-zagging so that a city's name and
# the next city's houses never meet; every city is a 48 px tap target at
# least 60 px from the next.
SCHEMATIC_WIDTH: Final = 332
_COLUMN: Final = SCHEMATIC_WIDTH // 2
_ZIG: Final = (58, 106)
_ROW: Final = 72
_TOP: Final = 96
_CELL_HEAD: Final = 62
_CELL_FOOT: Final = 58


def _schematic(
    provinces: tuple[Province, ...], starts: tuple[str, ...]
) -> tuple[dict[str, tuple[int, int]], int, int]:
    """Return where each city and start space sits, and the drawing's size."""
    points: dict[str, tuple[int, int]] = {}
    names = list(dict.fromkeys(starts))
    gap = SCHEMATIC_WIDTH // (len(names) + 1)
    for index, name in enumerate(names, start=1):
        points[name] = (gap * index, 40)
    y = _TOP
    for row in range(0, len(provinces), 2):
        pair = provinces[row : row + 2]
        tallest = 0
        for column, province in enumerate(pair):
            for index, city in enumerate(province.cities):
                points[city.name] = (
                    column * _COLUMN + _ZIG[index % 2],
                    y + _CELL_HEAD + index * _ROW,
                )
            tallest = max(tallest, len(province.cities))
        y += _CELL_HEAD + (tallest - 1) * _ROW + _CELL_FOOT
    return points, SCHEMATIC_WIDTH, y


def _placed(city: City, points: Mapping[str, tuple[int, int]]) -> City:
    x, y = points[city.name]
    return City(
        name=city.name,
        province=city.province,
        letter=city.letter,
        board_spelling=city.board_spelling,
        alt_spellings=city.alt_spellings,
        name_unknown=city.name_unknown,
        x=x,
        y=y,
    )


def _confidence(raw: Mapping[str, object]) -> Mapping[str, Confidence]:
    suffix = "_confidence"
    return MappingProxyType(
        {
            key.removesuffix(suffix): Confidence(as_str(value))
            for key, value in raw.items()
            # Older prose marks ("high: ...") are the base boards' notes.
            if key.endswith(suffix) and value in ("M", "L", "U")
        }
    )


def _setup_note(raw: Mapping[str, object]) -> SetupNote:
    params: dict[str, str | int] = {}
    for key, value in raw.items():
        if key in ("kind", "confidence"):
            continue
        params[key] = value if type(value) is int else as_str(value)
    return SetupNote(
        kind=as_str(raw["kind"]),
        confidence=Confidence(as_str(raw["confidence"])),
        params=MappingProxyType(params),
    )


def _map_spec(name: MapName, raw: Mapping[str, object]) -> MapSpec:
    low, _, high = as_str(raw["players"]).partition("-")
    letters = tuple(
        TokenLetter(as_str(letter)) for letter in as_list(raw["letters_used"])
    )
    capital = as_str(raw["capital"])
    start_raw = [as_mapping(space) for space in as_list(raw.get("starts", []))]
    if not start_raw:
        start_raw = [{"name": capital, "kind": kind} for kind in ConnectionKind]
    provinces = tuple(_province(as_mapping(p)) for p in as_list(raw["provinces"]))
    layout = _layout().get(name.value)
    schematic = layout is None
    if layout is None:
        points, width, height = _schematic(
            provinces, tuple(as_str(space["name"]) for space in start_raw)
        )
    else:
        drawing = as_mapping(layout)
        width, height = as_int(drawing["width"]), as_int(drawing["height"])
        points = {
            city: (as_int(as_mapping(p)["x"]), as_int(as_mapping(p)["y"]))
            for city, p in as_mapping(drawing["cities"]).items()
        }
    notes = tuple(
        _setup_note(as_mapping(note)) for note in as_list(raw.get("setup_notes", []))
    )
    chosen = {
        str(note.params.get("province"))
        for note in notes
        if note.kind == "no_bonus_marker"
    }
    provinces = tuple(
        Province(
            name=province.name,
            letter=province.letter,
            cities=tuple(_placed(city, points) for city in province.cities),
            board_spelling=province.board_spelling,
            chosen_bonus=province.name in chosen,
        )
        for province in provinces
    )
    capital_x, capital_y = points[capital]
    pool = _token_pool(raw, letters)
    return MapSpec(
        name=name,
        capital=capital,
        provinces=provinces,
        connections=tuple(
            Connection(
                cities=(as_str(edge["from"]), as_str(edge["to"])),
                kind=ConnectionKind(as_str(edge["type"])),
            )
            for edge in map(as_mapping, as_list(raw["connections"]))
        ),
        letters=letters,
        min_players=int(low),
        max_players=int(high),
        cities_per_good=_pooled(pool),
        token_pool=pool,
        salt_token_pool=_salt_token_pool(raw, letters),
        salt_map=raw.get("salt_map") is True,
        starts=tuple(
            StartSpace(
                name=as_str(space["name"]),
                kind=ConnectionKind(as_str(space["kind"])),
                x=points.get(as_str(space["name"]), (capital_x, capital_y))[0],
                y=points.get(as_str(space["name"]), (capital_x, capital_y))[1],
            )
            for space in start_raw
        ),
        confidence=_confidence(raw),
        board_name=as_str(raw.get("board_name", name.value.upper())),
        setup_notes=notes,
        schematic=schematic,
        name_title=as_str(raw.get("title", "")),
        width=width,
        height=height,
        capital_x=capital_x,
        capital_y=capital_y,
    )


MAPS: Final[Mapping[MapName, MapSpec]] = MappingProxyType(
    {
        name: _map_spec(name, as_mapping(as_mapping(_DATA["maps"])[name.value]))
        for name in MapName
    }
)
