from __future__ import annotations

import pytest

from scoring.maps import MAPS, ConnectionKind, TokenLetter
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
        assert cities == spec.token_pool[letter].total
        assert cities == sum(spec.salt_token_pool[letter].values())


@pytest.mark.parametrize(
    ("name", "land", "sea"),
    [(MapName("imperium"), 44, 35), (MapName("italia"), 40, 23)],
)
def test_connection_counts(name, land, sea):
    kinds = [connection.kind for connection in MAPS[name].connections]
    assert kinds.count(ConnectionKind.LAND) == land
    assert kinds.count(ConnectionKind.SEA) == sea


@pytest.mark.parametrize("name", [MapName("imperium"), MapName("italia")])
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


# concordia-maps.json and concordia-expansions-deltas.md: provinces (the
# Saturnus maximum), buildable cities, letters in use, start spaces.
EXPANSION_MAPS = [
    ("britannia", 10, 23, "BCD", ("Londinium", "land"), ("Portus Itius", "sea")),
    ("germania", 12, 30, "ABCD", ("Basilia", "land"), ("Colonia Agrippina", "sea")),
    ("byzantium", 10, 28, "ABC", ("Byzantium", "land"), ("Byzantium", "sea")),
    ("hispania", 9, 23, "ABD", ("Saguntum", "land"), ("Saguntum", "sea")),
    ("gallia", 10, 25, "ABC", ("Lutetia", "land"), ("Gallia sea start", "sea")),
    ("corsica", 8, 20, "ABD", ("Aleria", "land"), ("Aleria", "sea")),
    ("aegyptus", 10, 22, "ACD", ("Memphis", "land"), ("Memphis", "sea")),
    ("creta", 9, 20, "ABD", ("Knosis", "land"), ("Knosis", "sea")),
    ("ionium", 12, 30, "ABCD", ("Athenae", "land"), ("Athenae", "sea")),
    ("ionium_small", 9, 22, "ACD", ("Athenae", "land"), ("Athenae", "sea")),
    ("hellas", 10, 25, "ABC", ("Athenae", "land"), ("Athenae", "sea")),
    ("cyprus", 12, 30, "ABCD", ("Antiochia", "land"), ("Antiochia", "sea")),
    ("balearica", 9, 22, "ACD", ("Ebussus boat", "sea"), ("Minorica boat", "sea")),
]


def test_the_data_has_the_two_base_boards_and_the_thirteen_expansion_boards():
    assert [name.value for name in MapName] == [
        "imperium",
        "italia",
        *(row[0] for row in EXPANSION_MAPS),
    ]


@pytest.mark.parametrize(
    ("name", "provinces", "cities", "letters", "first", "second"), EXPANSION_MAPS
)
def test_expansion_map_sizes_letters_and_starts(
    name, provinces, cities, letters, first, second
):
    spec = MAPS[MapName(name)]
    assert spec.province_count == provinces
    assert len(spec.cities) == cities
    assert "".join(letter.value for letter in spec.letters) == letters
    assert [(s.name, s.kind.value) for s in spec.starts] == [first, second]
    # A start space is no city: nobody builds there.
    for start in spec.starts:
        assert spec.city(start.name) is None
        assert spec.is_start(start.name)
    # Every province holds 1 to 4 cities of its own letter.
    for province in spec.provinces:
        assert 1 <= len(province.cities) <= 4
        assert {city.letter for city in province.cities} == {province.letter}


@pytest.mark.parametrize(
    ("name", "counts"),
    [
        # B8 C10 D5 with B = 2 food + 2 tool (the majority reading).
        ("britannia", GoodCounts(brick=6, food=5, tool=5, wine=4, cloth=3)),
        ("germania", GoodCounts(brick=8, food=7, tool=6, wine=5, cloth=4)),
        # Salt boards without salt: A gets a tool, B a wine, C a cloth.
        ("byzantium", GoodCounts(brick=7, food=6, tool=6, wine=5, cloth=4)),
        # ... and D a brick (Hispania: A, B, D).
        ("hispania", GoodCounts(brick=6, food=5, tool=5, wine=4, cloth=3)),
        ("corsica", GoodCounts(brick=5, food=5, tool=4, wine=3, cloth=3)),
        ("aegyptus", GoodCounts(brick=6, food=5, tool=4, wine=4, cloth=3)),
        ("hellas", GoodCounts(brick=7, food=6, tool=5, wine=4, cloth=3)),
    ],
)
def test_cities_of_each_good_come_from_the_maps_own_token_mix(name, counts):
    assert MAPS[MapName(name)].cities_per_good == counts


@pytest.mark.parametrize(
    ("name", "salt_cities"),
    [(name.value, 4 if len(MAPS[name].letters) == 4 else 3) for name in MapName],
)
def test_one_salt_city_per_letter_group_in_use(name, salt_cities):
    # Deltas: Imperium, Germania, Ionium, Cyprus 4; every other map 3.
    spec = MAPS[MapName(name)]
    assert spec.salt_cities == salt_cities
    with_salt = spec.cities_per_good_with_salt()
    assert with_salt["salt"] == salt_cities
    assert sum(with_salt.values()) == len(spec.cities)


def test_salt_replaces_a_food_in_a_and_a_brick_in_d_on_a_regular_map():
    pool = MAPS[MapName("germania")].salt_token_pool
    assert pool[TokenLetter.A]["food"] == 1
    assert pool[TokenLetter.D]["brick"] == 0
    assert MAPS[MapName("byzantium")].salt_map
    assert not MAPS[MapName("germania")].salt_map


def test_hellas_third_laconian_city_is_marked_as_unnamed():
    laconia = next(p for p in MAPS[MapName("hellas")].provinces if p.name == "Laconia")
    assert [city.name_unknown for city in laconia.cities] == [False, False, True]


def test_creta_gavdos_is_a_one_city_province():
    brown = next(p for p in MAPS[MapName("creta")].provinces if p.name == "Brown")
    assert [city.name for city in brown.cities] == ["Gavdos"]


@pytest.mark.parametrize("name", [row[0] for row in EXPANSION_MAPS])
def test_expansion_boards_mark_their_player_range_as_weakly_sourced(name):
    spec = MAPS[MapName(name)]
    # No printed per-board range was found: the box's 2 to 5, marked L.
    assert spec.player_range == range(2, 6)
    assert spec.uncertain("players")


@pytest.mark.parametrize("name", [row[0] for row in EXPANSION_MAPS])
def test_schematic_drawing_keeps_every_city_a_tap_target_apart(name):
    spec = MAPS[MapName(name)]
    assert spec.schematic
    assert spec.width == 332
    points = [(city.x, city.y) for city in spec.cities]
    points += [(s.x, s.y) for s in spec.starts if spec.city(s.name) is None]
    for index, (x1, y1) in enumerate(points):
        assert 24 <= x1 <= spec.width - 24
        assert 24 <= y1 <= spec.height - 24
        for x2, y2 in points[index + 1 :]:
            if (x1, y1) != (x2, y2):
                assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 >= 60
