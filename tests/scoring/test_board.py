"""Board entry: the maps as data, the city-token deal, and what a tapped board counts to."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import MAPS, parse_concordia, score_sheet, validate_sheet
from scoring.board import (
    SeatBoard,
    TableBoard,
    board_sheet,
    derive_counts,
    province_bonus,
    sale_cards_in_play,
    score_board,
    token_pool,
    validate_board,
    validate_city_goods,
)
from scoring.maps import ConnectionKind, TokenLetter
from scoring.ruleset import ruleset
from scoring.types import CardCounts, Category, Good, GoodCounts, MapName, Specialist
from tests.rulebook_board import (
    ANA_CARDS,
    ANA_HOUSES,
    BRUNO_CARDS,
    BRUNO_HOUSES,
    CAIO_CARDS,
    CAIO_HOUSES,
    IMPERIUM_GOODS,
)

IMPERIUM = MAPS[MapName("imperium")]
ITALIA = MAPS[MapName("italia")]
DATA = Path(__file__).parent / "data"

ITALIA_GOODS = {
    # A: 2 brick, 2 food, 1 tool, 1 wine, 1 cloth
    "Genua": Good("cloth"),
    "Nicaea": Good("brick"),
    "Comum": Good("food"),
    "Segusio": Good("brick"),
    "Aquileia": Good("wine"),
    "Bauzanum": Good("food"),
    "Verona": Good("tool"),
    # B: 2 brick, 2 food, 2 tool, 1 wine, 1 cloth
    "Mutina": Good("brick"),
    "Ravenna": Good("food"),
    "Casinum": Good("tool"),
    "Neapolis": Good("cloth"),
    "Aleria": Good("brick"),
    "Olbia": Good("food"),
    "Cosa": Good("wine"),
    "Florentia": Good("tool"),
    # C: 3 brick, 2 food, 2 tool, 2 wine, 1 cloth
    "Brundisium": Good("brick"),
    "Luceria": Good("food"),
    "Croton": Good("wine"),
    "Potentia": Good("brick"),
    "Messana": Good("tool"),
    "Panormus": Good("cloth"),
    "Syracusae": Good("food"),
    "Ancona": Good("brick"),
    "Hadria": Good("tool"),
    "Spoletum": Good("wine"),
}


def _rulebook_table(**changes: object) -> TableBoard:
    document = json.loads(
        (DATA / "concordia-rulebook.json").read_text(encoding="utf-8")
    )
    sheet = parse_concordia(document)
    tapped = {
        "Ana": (ANA_HOUSES, ANA_CARDS),
        "Bruno": (BRUNO_HOUSES, BRUNO_CARDS),
        "Caio": (CAIO_HOUSES, CAIO_CARDS),
    }
    players = tuple(
        SeatBoard(
            name=board.name,
            houses=tapped[board.name][0],
            cards=tapped[board.name][1],
            sestertii=board.sestertii,
            storehouse=board.storehouse,
            colonists_on_board=board.colonists_on_board,
            concordia_card=board.concordia_card,
        )
        for board in sheet.players
    )
    table = TableBoard(
        map=MapName("imperium"),
        city_goods=IMPERIUM_GOODS,
        players=players,
        praefectus_magnus=sheet.praefectus_magnus,
    )
    return dataclasses.replace(table, **changes)  # type: ignore[arg-type]


# --- the maps as data -------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "provinces", "cities", "land", "sea", "letters"),
    [
        (IMPERIUM, 12, 30, 44, 35, "ABCD"),
        (ITALIA, 11, 25, 40, 23, "ABC"),
    ],
)
def test_maps_have_the_rulebook_provinces_cities_and_lines(
    spec, provinces, cities, land, sea, letters
):
    kinds = Counter(connection.kind for connection in spec.connections)
    assert len(spec.provinces) == provinces
    assert len(spec.cities) == cities
    assert (kinds[ConnectionKind.LAND], kinds[ConnectionKind.SEA]) == (land, sea)
    assert "".join(letter.value for letter in spec.letters) == letters
    assert spec.capital == "Roma"
    assert spec.city("Roma") is None


@pytest.mark.parametrize("spec", [IMPERIUM, ITALIA])
def test_every_line_joins_two_places_of_its_map(spec):
    places = {city.name for city in spec.cities} | {spec.capital}
    for connection in spec.connections:
        assert set(connection.cities) <= places


def test_cities_keep_their_board_spelling_and_letter():
    londinium = IMPERIUM.city("Londinium")
    assert londinium is not None
    assert (londinium.board_spelling, londinium.letter, londinium.province) == (
        "Londinivm",
        TokenLetter.A,
        "Britannia",
    )
    syracusae = ITALIA.city("Syracusae")
    assert syracusae is not None
    assert (syracusae.letter, syracusae.province) == (TokenLetter.C, "Sicilia")


@pytest.mark.parametrize("spec", [IMPERIUM, ITALIA])
def test_every_city_is_drawn_inside_the_map_and_apart_enough_to_tap(spec):
    points = {city.name: (city.x, city.y) for city in spec.cities}
    points[spec.capital] = (spec.capital_x, spec.capital_y)
    for x, y in points.values():
        # 30 px of margin leave room for the 24 px tap radius.
        assert 30 <= x <= spec.width - 30
        assert 30 <= y <= spec.height - 30
    closest = min(
        math.dist(a, b) for a, b in itertools.combinations(points.values(), 2)
    )
    # Two 48 px tap targets never overlap.
    assert closest >= 60


def test_cities_are_placed_roughly_where_they_are_on_earth():
    # West is left, north is up.
    x = {city.name: city.x for city in IMPERIUM.cities}
    y = {city.name: city.y for city in IMPERIUM.cities}
    assert x["Olisipo"] < IMPERIUM.capital_x < x["Byzantium"]
    assert y["Londinium"] < IMPERIUM.capital_y < y["Memphis"]


# --- the token pool and the deal --------------------------------------------


def test_imperium_deals_every_token_of_letters_a_to_d():
    pool = token_pool(IMPERIUM)
    assert list(pool) == [TokenLetter.A, TokenLetter.B, TokenLetter.C, TokenLetter.D]
    assert pool[TokenLetter.B] == GoodCounts(brick=2, food=2, tool=2, wine=1, cloth=1)
    assert IMPERIUM.cities_per_good == GoodCounts(
        brick=8, food=7, tool=6, wine=5, cloth=4
    )


def test_italia_uses_no_d_tokens():
    pool = token_pool(ITALIA)
    assert TokenLetter.D not in pool
    assert sum(counts.total for counts in pool.values()) == len(ITALIA.cities) == 25
    assert ITALIA.cities_per_good == GoodCounts(
        brick=7, food=6, tool=5, wine=4, cloth=3
    )


@pytest.mark.parametrize(
    ("spec", "goods"), [(IMPERIUM, IMPERIUM_GOODS), (ITALIA, ITALIA_GOODS)]
)
def test_a_deal_of_the_whole_pool_is_valid(spec, goods):
    assert validate_city_goods(spec, goods) == ()


def test_a_letter_showing_more_of_a_good_than_its_tokens_is_reported_on_the_letter():
    goods = {**IMPERIUM_GOODS, "Londinium": Good("brick")}
    problems = validate_city_goods(IMPERIUM, goods)
    assert [(p.path, p.message) for p in problems] == [
        (
            "letters.A.brick",
            "Only 2 of the A tokens show brick, but 3 A cities are set to brick",
        )
    ]


def test_italia_has_no_d_cloth_token_to_spare():
    # Imperium has a fourth cloth token, with the letter D; Italia does not.
    goods = {**ITALIA_GOODS, "Spoletum": Good("cloth")}
    problems = validate_city_goods(ITALIA, goods)
    assert [(p.path, p.message) for p in problems] == [
        (
            "letters.C.cloth",
            "Only 1 of the C tokens show cloth, but 2 C cities are set to cloth",
        )
    ]


def test_a_city_without_good_and_strangers_are_reported_on_the_city():
    goods = {name: good for name, good in ITALIA_GOODS.items() if name != "Genua"}
    goods["Roma"] = Good("wine")
    goods["Londinium"] = Good("food")
    problems = validate_city_goods(ITALIA, goods)
    assert [(p.path, p.message) for p in problems] == [
        (
            'city_goods["Roma"]',
            "Roma is the capital: it has no city token and nobody builds there",
        ),
        ('city_goods["Londinium"]', "Italia has no city called “Londinium”"),
        ('city_goods["Genua"]', "Choose the good of Genua"),
    ]


@pytest.mark.parametrize(
    ("province", "bonus"),
    [
        ("Britannia", Good("food")),  # brick, food
        ("Dacia", Good("tool")),  # brick, food, tool
        ("Germania", Good("cloth")),  # wine, cloth
        ("Mauretania", Good("wine")),  # wine, tool
        ("Italia", Good("tool")),  # food, tool, brick
    ],
)
def test_the_bonus_marker_shows_the_most_valuable_good_of_the_province(province, bonus):
    spec_province = next(p for p in IMPERIUM.provinces if p.name == province)
    assert province_bonus(spec_province, IMPERIUM_GOODS) is bonus


def test_a_province_has_no_bonus_marker_until_all_its_goods_are_set():
    britannia = next(p for p in IMPERIUM.provinces if p.name == "Britannia")
    assert province_bonus(britannia, {"Londinium": Good("cloth")}) is None


# --- what a board counts to -------------------------------------------------


def test_ana_board_counts_to_her_rulebook_sheet_line():
    counts = derive_counts(
        spec=IMPERIUM, city_goods=IMPERIUM_GOODS, houses=ANA_HOUSES, cards=ANA_CARDS
    )
    assert counts.houses == GoodCounts(brick=3, food=4, tool=3, wine=0, cloth=2)
    assert counts.provinces == 7
    assert counts.house_count == 12
    assert counts.cards == CardCounts(
        vesta=1, jupiter=2, saturnus=4, mercurius=2, mars=3
    )
    assert counts.specialists == (Specialist("farmer"),)


def test_nothing_bought_counts_the_starting_hand():
    counts = derive_counts(spec=ITALIA, city_goods=ITALIA_GOODS, houses=(), cards=())
    assert counts.cards == CardCounts(
        vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1
    )
    assert (counts.houses.total, counts.provinces, counts.specialists) == (0, 0, ())


def test_two_houses_in_one_province_count_one_province():
    counts = derive_counts(
        spec=ITALIA,
        city_goods=ITALIA_GOODS,
        houses={"Messana", "Panormus", "Syracusae", "Genua"},
        cards={8, 16},  # Smith, Architect
    )
    assert counts.provinces == 2  # Sicilia, Liguria
    assert counts.houses == GoodCounts(tool=1, cloth=2, food=1)
    assert counts.cards["jupiter"] == 3
    assert counts.specialists == (Specialist("smith"),)


def test_a_house_in_a_city_without_good_counts_for_its_province_only():
    goods = {name: good for name, good in ITALIA_GOODS.items() if name != "Genua"}
    counts = derive_counts(
        spec=ITALIA, city_goods=goods, houses={"Genua", "Comum"}, cards=()
    )
    assert counts.provinces == 2
    assert counts.houses == GoodCounts(food=1)
    assert (counts.house_count, counts.unplaced) == (2, 1)


def test_the_rulebook_board_derives_the_rulebook_sheet_and_scores_114():
    document = json.loads(
        (DATA / "concordia-rulebook.json").read_text(encoding="utf-8")
    )
    table = _rulebook_table()
    rulebook = parse_concordia(document)
    order = list(Specialist)
    # The sheet lists Bruno's specialists as written (Vintner, Smith); the board
    # derives them in card order. Scoring does not depend on the order.
    in_card_order = tuple(
        dataclasses.replace(
            p, specialists=tuple(sorted(p.specialists, key=order.index))
        )
        for p in rulebook.players
    )
    assert board_sheet(table) == dataclasses.replace(rulebook, players=in_card_order)
    assert validate_board(table) == ()
    result = score_board(table)
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Ana", 114, 1),
        ("Bruno", 95, 2),
        ("Caio", 76, 3),
    ]
    assert result.players[0].points(Category("saturnus")) == 28


# --- what a board cannot be -------------------------------------------------


def test_a_house_in_the_capital_or_an_unknown_city_is_reported_on_the_house():
    table = _rulebook_table()
    ana = dataclasses.replace(table.players[0], houses=ANA_HOUSES | {"Roma", "Genua"})
    problems = validate_board(
        dataclasses.replace(table, players=(ana, *table.players[1:]))
    )
    assert [(p.path, p.message) for p in problems] == [
        ('players[0].houses["Genua"]', "Imperium has no city called “Genua”"),
        ('players[0].houses["Roma"]', "Nobody builds a house in the capital, Roma"),
    ]


def test_a_sixteenth_house_is_reported():
    table = _rulebook_table()
    many = frozenset(sorted(IMPERIUM_GOODS)[:16])
    caio = dataclasses.replace(table.players[2], houses=many)
    problems = validate_board(
        dataclasses.replace(table, players=(*table.players[:2], caio))
    )
    assert [(p.path, p.message) for p in problems] == [
        ("players[2].houses", "A player has only 15 houses; 16 are marked")
    ]


def test_cards_bought_twice_out_of_play_or_unknown_are_reported_on_the_card():
    table = _rulebook_table()
    # Card 22 is deck IV: in the box with three players. Card 7 is Ana's Farmer.
    caio = dataclasses.replace(table.players[2], cards=CAIO_CARDS | {7, 22, 31})
    problems = validate_board(
        dataclasses.replace(table, players=(*table.players[:2], caio))
    )
    assert [(p.path, p.message) for p in problems] == [
        (
            "players[2].cards[7]",
            "Each card exists once, and Ana has bought this Farmer already",
        ),
        (
            "players[2].cards[22]",
            "This Architect comes from deck IV, which stays in the box with 3 players",
        ),
        ("players[2].cards[31]", "There is no sale card number 31"),
    ]


def test_a_sound_board_still_gets_the_sheet_problems_of_money_and_colonists():
    table = _rulebook_table()
    ana = dataclasses.replace(table.players[0], colonists_on_board=7)
    problems = validate_board(
        dataclasses.replace(table, players=(ana, *table.players[1:]))
    )
    assert [p.path for p in problems] == ["players[0].colonists_on_board"]


def test_two_players_play_with_decks_one_and_two():
    assert [card.id for card in sale_cards_in_play(2)] == list(range(1, 16))
    assert len(sale_cards_in_play(5)) == 30


# --- property: a legal board scores like its quick sheet ---------------------

PRICE = {
    Good("brick"): 3,
    Good("food"): 4,
    Good("tool"): 5,
    Good("wine"): 6,
    Good("cloth"): 7,
}
SPECIALIST_POINTS = {
    "Mason": (Good("brick"), 3),
    "Farmer": (Good("food"), 3),
    "Smith": (Good("tool"), 3),
    "Vintner": (Good("wine"), 4),
    "Weaver": (Good("cloth"), 5),
}
# §4b: the four Diplomats belong to different gods.
DIPLOMAT_GOD = {5: "saturnus", 21: "saturnus", 26: "mercurius", 30: "mars"}
GOD_OF_CARD = {
    "Architect": "jupiter",
    "Consul": "jupiter",
    "Prefect": "saturnus",
    "Mercator": "mercurius",
    "Colonist": "mars",
}


@st.composite
def legal_tables(draw: st.DrawFn) -> TableBoard:
    map_name = draw(st.sampled_from(list(MapName)))
    spec = MAPS[map_name]
    count = draw(st.integers(max(spec.min_players, 2), min(spec.max_players, 5)))
    city_goods: dict[str, Good] = {}
    for letter, pool in token_pool(spec).items():
        cities = [city.name for city in spec.cities if city.letter is letter]
        tokens = [good for good, number in pool.items() for _ in range(number)]
        city_goods.update(zip(cities, draw(st.permutations(tokens)), strict=True))
    in_play = [card.id for card in sale_cards_in_play(count)]
    # §2: the game ends when a player builds their 15th house or buys the last
    # card for sale; in the second case every sale card in play has an owner.
    by_cards = draw(st.booleans())
    owners = draw(
        st.lists(
            st.integers(0 if by_cards else -1, count - 1),
            min_size=len(in_play),
            max_size=len(in_play),
        )
    )
    ender = draw(st.integers(0, count - 1))
    names = [f"P{seat}" for seat in range(count)]
    players = []
    for seat, name in enumerate(names):
        colonists = draw(st.integers(2, 6))
        goods = draw(
            st.lists(
                st.sampled_from(ruleset("imperium").goods),
                max_size=12 - (6 - colonists),
            )
        )
        players.append(
            SeatBoard(
                name=name,
                houses=draw(
                    st.frozensets(
                        st.sampled_from(sorted(city_goods)),
                        min_size=15 if seat == ender and not by_cards else 0,
                        max_size=15,
                    )
                ),
                cards=frozenset(
                    card
                    for card, owner in zip(in_play, owners, strict=True)
                    if owner == seat
                ),
                sestertii=draw(st.integers(0, 300)),
                storehouse=GoodCounts.from_mapping(Counter(goods)),
                colonists_on_board=colonists,
                concordia_card=seat == ender,
            )
        )
    return TableBoard(
        map=map_name,
        city_goods=city_goods,
        players=tuple(players),
        praefectus_magnus=draw(st.sampled_from(names)),
    )


def _expected_total(table: TableBoard, seat: SeatBoard) -> int:
    """Score one player straight from the rulebook (§3, §5), counting on the board."""
    spec = MAPS[table.map]
    goods = [table.city_goods[name] for name in seat.houses]
    province_of = {city.name: city.province for city in spec.cities}
    provinces = {province_of[name] for name in seat.houses}
    cards = Counter(
        {"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1, "mars": 1}
    )
    minerva = 0
    for card in sale_cards_in_play(len(table.players)):
        if card.id not in seat.cards:
            continue
        if card.name in SPECIALIST_POINTS:
            good, value = SPECIALIST_POINTS[card.name]
            minerva += value * goods.count(good)
        elif card.name == "Diplomat":
            cards[DIPLOMAT_GOD[card.id]] += 1
        else:
            cards[GOD_OF_CARD[card.name]] += 1
    wealth = seat.sestertii + sum(
        PRICE[Good(good)] * n for good, n in seat.storehouse.nonzero().items()
    )
    non_brick = sum(1 for good in goods if good is not Good("brick"))
    total = (
        cards["vesta"] * (wealth // 10)
        + cards["jupiter"] * min(non_brick, 15)
        + cards["saturnus"] * len(provinces)
        + cards["mercurius"] * min(2 * len(set(goods)), 10)
        + cards["mars"] * min(2 * seat.colonists_on_board, 12)
        + minerva
        + (7 if seat.concordia_card else 0)
    )
    return total


@given(legal_tables())
def test_a_legal_board_scores_exactly_like_its_derived_quick_sheet(table):
    sheet = board_sheet(table)
    assert validate_board(table) == ()
    assert validate_sheet(sheet) == ()
    result = score_board(table)
    assert result == score_sheet(sheet)
    assert [score.total for score in result.players] == [
        _expected_total(table, seat) for seat in table.players
    ]


@given(legal_tables())
def test_derived_counts_account_for_every_house_and_card(table):
    for seat, board in zip(table.players, board_sheet(table).players, strict=True):
        assert board.houses.total == len(seat.houses)
        assert board.cards.total + len(board.specialists) == 7 + len(seat.cards)
        assert (
            0 < board.provinces <= len(seat.houses)
            or board.provinces == len(seat.houses) == 0
        )
