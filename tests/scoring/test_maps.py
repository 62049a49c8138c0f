from __future__ import annotations

import pytest

from scoring.maps import MAPS, TOKEN_POOL, ConnectionKind, TokenLetter
from scoring.types import GoodCounts, MapName


@pytest.mark.parametrize(
    ("name", "provinces", "cities", "players"),
    [
        (MapName("imperium"), 12, 30, range(3, 6)),
        (MapName("italia"), 11, 25, range(2, 5)),
    ],
)
def test_map_sizes(name, provinces, cities, players):
    spec = MAPS[name]
    assert spec.province_count == provinces
    assert len(spec.cities) == cities
    assert spec.player_range == players


def test_imperium_has_cities_of_each_good_as_the_whole_token_pool():
    assert MAPS[MapName("imperium")].cities_per_good == GoodCounts(
        brick=8, food=7, tool=6, wine=5, cloth=4
    )


def test_italia_leaves_the_d_tokens_in_the_box():
    assert TokenLetter.D not in MAPS[MapName("italia")].letters
    assert MAPS[MapName("italia")].cities_per_good == GoodCounts(
        brick=7, food=6, tool=5, wine=4, cloth=3
    )


@pytest.mark.parametrize("name", list(MapName))
def test_each_letter_has_as_many_cities_as_tokens(name):
    spec = MAPS[name]
    for letter in spec.letters:
        cities = sum(city.letter is letter for city in spec.cities)
        assert cities == TOKEN_POOL[letter].total


@pytest.mark.parametrize(
    ("name", "land", "sea"),
    [(MapName("imperium"), 44, 35), (MapName("italia"), 40, 23)],
)
def test_connection_counts(name, land, sea):
    kinds = [connection.kind for connection in MAPS[name].connections]
    assert kinds.count(ConnectionKind.LAND) == land
    assert kinds.count(ConnectionKind.SEA) == sea


@pytest.mark.parametrize("name", list(MapName))
def test_the_capital_is_connected_but_never_a_city_for_houses(name):
    spec = MAPS[name]
    city_names = {city.name for city in spec.cities}
    ends = {end for connection in spec.connections for end in connection.cities}
    assert spec.capital == "Roma"
    assert spec.capital not in city_names
    assert ends == city_names | {spec.capital}


def test_cities_keep_the_board_spelling():
    cities = {city.name: city for city in MAPS[MapName("imperium")].cities}
    assert cities["Byzantium"].board_spelling == "Bycantivm"
    assert cities["Petra"].board_spelling == "Petra"
    assert cities["Colonia Agrippina"].province == "Germania"


def test_italia_board_spellings_are_the_printed_ones():
    # The printed board writes LVCERIA and BAVZANVM.
    italia = MAPS[MapName("italia")]
    luceria, bauzanum = italia.city("Luceria"), italia.city("Bauzanum")
    assert luceria is not None
    assert bauzanum is not None
    assert (luceria.board_spelling, bauzanum.board_spelling) == ("Lvceria", "Bavzanvm")
    assert bauzanum.alt_spellings == ("Bausanum",)
    assert italia.city("Bausanum") is None


def test_italia_board_spellings_write_v_for_u():
    for city in MAPS[MapName("italia")].cities:
        assert city.board_spelling == city.name.replace("u", "v").replace("U", "V")
