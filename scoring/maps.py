"""The Imperium and Italia boards: provinces, cities, connections (rules digest §8, §9).

Loaded once from ``scoring/data/concordia.json``. Only the counts matter for
scoring (Saturnus' maximum, how many cities of each good exist); the graph is
here for the rules assistant and the board drawing. Where each city is drawn
(``x``/``y``) comes from ``scoring/data/board_layout.json``: approximate
real-world positions, not rules data.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True, kw_only=True)
class City:
    """A city space; which good it produces is decided by the token dealt at setup."""

    name: str
    province: str
    letter: TokenLetter
    board_spelling: str
    alt_spellings: tuple[str, ...] = ()
    # Where the map page draws it, in CSS pixels of the full-size drawing.
    x: int = 0
    y: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Province:
    name: str
    letter: TokenLetter
    cities: tuple[City, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Connection:
    """A land or sea line between two cities; a pair may be joined by one of each (§9a)."""

    cities: tuple[str, str]
    kind: ConnectionKind


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
    # The drawing: its size and where the capital sits (see `City.x`).
    width: int = 0
    height: int = 0
    capital_x: int = 0
    capital_y: int = 0

    @property
    def title(self) -> str:
        return self.name.value.capitalize()

    @property
    def province_count(self) -> int:
        return len(self.provinces)

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @property
    def cities(self) -> tuple[City, ...]:
        return tuple(city for province in self.provinces for city in province.cities)

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


def _position(map_name: MapName, city: str) -> tuple[int, int]:
    cities = as_mapping(as_mapping(_layout()[map_name.value])["cities"])
    point = as_mapping(cities[city])
    return as_int(point["x"]), as_int(point["y"])


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


def _pooled(letters: tuple[TokenLetter, ...]) -> GoodCounts:
    return GoodCounts.from_mapping(
        {good: sum(TOKEN_POOL[letter][good] for letter in letters) for good in Good}
    )


def _city(raw: Mapping[str, object], province: str, map_name: MapName) -> City:
    name = as_str(raw["name"])
    x, y = _position(map_name, name)
    return City(
        name=name,
        province=province,
        letter=TokenLetter(as_str(raw["letter"])),
        board_spelling=as_str(raw.get("board_spelling", name)),
        alt_spellings=tuple(as_str(s) for s in as_list(raw.get("alt_spellings", []))),
        x=x,
        y=y,
    )


def _province(raw: Mapping[str, object], map_name: MapName) -> Province:
    name = as_str(raw["name"])
    return Province(
        name=name,
        letter=TokenLetter(as_str(raw["letter"])),
        cities=tuple(
            _city(as_mapping(city), name, map_name) for city in as_list(raw["cities"])
        ),
    )


def _map_spec(name: MapName, raw: Mapping[str, object]) -> MapSpec:
    low, _, high = as_str(raw["players"]).partition("-")
    letters = tuple(
        TokenLetter(as_str(letter)) for letter in as_list(raw["letters_used"])
    )
    capital = as_str(raw["capital"])
    capital_x, capital_y = _position(name, capital)
    drawing = as_mapping(_layout()[name.value])
    return MapSpec(
        name=name,
        capital=capital,
        provinces=tuple(
            _province(as_mapping(p), name) for p in as_list(raw["provinces"])
        ),
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
        cities_per_good=_pooled(letters),
        width=as_int(drawing["width"]),
        height=as_int(drawing["height"]),
        capital_x=capital_x,
        capital_y=capital_y,
    )


MAPS: Final[Mapping[MapName, MapSpec]] = MappingProxyType(
    {
        name: _map_spec(name, as_mapping(as_mapping(_DATA["maps"])[name.value]))
        for name in MapName
    }
)
