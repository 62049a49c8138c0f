"""The city goods entry as the pages show it: letter by letter, province by province.

Built from plain values (the goods chosen, each city's field name and errors,
the labels) so that every page entering city tokens shows the same fieldsets
(`templates/games/concordia/_city_goods_fields.html`): the board entry's city
goods page and the table assistant's setup. Each province shows the good its
bonus marker turns to (§8). The deal is checked by `scoring.board.validate_city_goods`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.text import slugify

from games.concordia.map_words import province_label
from games.vocabulary import good_count
from scoring.board import province_bonus, token_pool
from scoring.maps import City, MapSpec, TokenLetter
from scoring.types import Good, GoodCounts, Problem


@dataclass(slots=True)
class GoodChoice:
    value: str
    label: str
    checked: bool


@dataclass(slots=True)
class CityField:
    slug: str
    html_name: str
    name: str
    label: str
    value: str
    errors: list[str]
    # One tap per city: the goods its letter's tokens show, as chips.
    choices: list[GoodChoice] = field(default_factory=list)


@dataclass(slots=True)
class ProvinceFields:
    name: str
    bonus: str
    # The good the bonus marker shows, as its value ("food"), for the page's data.
    bonus_good: str
    cities: list[CityField]


@dataclass(slots=True)
class LetterGroup:
    letter: str
    # The letter's tokens in the reader's language ("2 brick, 1 food").
    pool: str
    provinces: list[ProvinceFields]
    errors: list[str]


_CITY_PATH = re.compile(r'^city_goods\["(.+)"\]$')
_LETTER_PATH = re.compile(r"^letters\.([A-Z])\.")


def city_field_name(city: City) -> str:
    """The name of a city's field: ``city-<slug>`` ("Leptis Magna" → "city-leptis-magna")."""
    return f"city-{slugify(city.name)}"


def letter_groups(
    spec: MapSpec,
    *,
    chosen: Mapping[str, str],
    html_names: Mapping[str, str],
    field_errors: Mapping[str, Sequence[str]],
    problems: Sequence[Problem],
    problem_text: Callable[[Problem], str],
    good_labels: Mapping[str, str | Promise],
    pools: Mapping[TokenLetter, GoodCounts] | None = None,
) -> list[LetterGroup]:
    """Return the fieldsets of the city goods entry.

    ``chosen`` maps a city to the good value shown ("" when blank),
    ``html_names`` a city to its field's name, ``field_errors`` a city to its
    field's own errors; ``problems`` (from `validate_city_goods`) are put on
    their city or letter. ``pools``: the game's tokens per letter (its
    ruleset's ``token_pools``, salt's among them); the map's own by default.
    """
    city_errors: dict[str, list[str]] = {}
    letter_errors: dict[str, list[str]] = {}
    for problem in problems:
        if match := _CITY_PATH.match(problem.path):
            city_errors.setdefault(match.group(1), []).append(problem_text(problem))
        elif match := _LETTER_PATH.match(problem.path):
            letter_errors.setdefault(match.group(1), []).append(problem_text(problem))
    pools = pools or token_pool(spec)
    goods = {good for pool in pools.values() for good in pool.nonzero()}
    shown = {
        city.name: Good(chosen.get(city.name, ""))
        for city in spec.cities
        if chosen.get(city.name, "") in goods
    }
    groups = []
    for letter, pool in pools.items():
        provinces = []
        for province in spec.provinces:
            if province.letter is not letter:
                continue
            # Gavdos has no marker: the producer chooses (no bonus to show).
            bonus = None if province.chosen_bonus else province_bonus(province, shown)
            provinces.append(
                ProvinceFields(
                    name=province_label(province.name),
                    bonus=str(good_labels[bonus]) if bonus else "",
                    bonus_good=bonus.value if bonus else "",
                    cities=[
                        CityField(
                            slug=slugify(city.name),
                            html_name=html_names[city.name],
                            name=city.name,
                            label=city.board_spelling,
                            value=chosen.get(city.name, ""),
                            choices=[
                                GoodChoice(
                                    value=good.value,
                                    label=str(good_labels[good]),
                                    checked=chosen.get(city.name, "") == good.value,
                                )
                                for good, count in pool.items()
                                if count
                            ],
                            errors=[
                                *field_errors.get(city.name, []),
                                *city_errors.get(city.name, []),
                            ],
                        )
                        for city in province.cities
                    ],
                )
            )
        groups.append(
            LetterGroup(
                letter=letter.value,
                pool=", ".join(
                    good_count(good, count) for good, count in pool.items() if count
                ),
                provinces=provinces,
                errors=letter_errors.get(letter.value, []),
            )
        )
    return groups
