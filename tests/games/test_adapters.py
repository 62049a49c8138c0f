"""The ORM ↔ engine adapters (`games.adapters`) lose nothing either way.

Round trips on unsaved instances, so no database is needed: an engine value
stored as model field values and read back is the same value, and a sheet
built from seats names the seats' players in seating order.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubs.models import Player
from games import adapters
from games.models import ConcordiaPosition, MagnanimousPosition, Seat
from scoring.magnanimous import MagnanimousBoard, MagnanimousEnding
from scoring.types import CardCounts, GoodCounts, MapName, PlayerBoard, Specialist

_counts = st.integers(min_value=0, max_value=30)
_goods = st.builds(
    GoodCounts, brick=_counts, food=_counts, tool=_counts, wine=_counts, cloth=_counts
)
_cards = st.builds(
    CardCounts,
    vesta=_counts,
    jupiter=_counts,
    saturnus=_counts,
    mercurius=_counts,
    mars=_counts,
)
# The model stores one flag per specialist, so the engine's tuple comes back in
# the enum's order.
_specialists = st.sets(st.sampled_from(Specialist)).map(
    lambda chosen: tuple(s for s in Specialist if s in chosen)
)
_boards = st.builds(
    PlayerBoard,
    name=st.just("Ana"),
    sestertii=st.integers(min_value=0, max_value=500),
    storehouse=_goods,
    colonists_on_board=st.integers(min_value=2, max_value=6),
    houses=_goods,
    provinces=st.integers(min_value=0, max_value=12),
    cards=_cards,
    specialists=_specialists,
    concordia_card=st.booleans(),
)
_magnanimous_boards = st.builds(
    MagnanimousBoard,
    name=st.just("Ana"),
    nobility=st.integers(min_value=0, max_value=20),
    commerce_spaces=_counts,
    commerce_tokens=_counts,
    referendums=_counts,
    troops=_counts,
    reis=st.integers(min_value=0, max_value=400),
    occupied_provinces=_counts,
    governor=st.booleans(),
    votes=st.none() | _counts,
    reached_20_first=st.booleans(),
)


@given(board=_boards, praefectus_magnus=st.booleans())
def test_a_concordia_board_survives_being_stored(board, praefectus_magnus):
    values = adapters.position_values(board, praefectus_magnus=praefectus_magnus)
    position = ConcordiaPosition(**values)

    assert adapters.board_from_position(name="Ana", position=position) == board
    assert position.praefectus_magnus is praefectus_magnus


@given(board=_magnanimous_boards)
def test_a_magnanimous_board_survives_being_stored(board):
    position = MagnanimousPosition(**adapters.magnanimous_position_values(board))

    assert adapters.magnanimous_board_from_position(name="Ana", position=position) == (
        board
    )


@given(boards=st.lists(_boards, min_size=2, max_size=5), holder=st.integers(0, 4))
def test_a_sheet_built_from_seats_keeps_their_order_and_the_prefect(boards, holder):
    holder %= len(boards)
    names = ["Ana", "Bruno", "Caio", "Duda", "Eva"][: len(boards)]
    seats = []
    for order, (name, board) in enumerate(zip(names, boards, strict=True)):
        seat = Seat(player=Player(name=name), seat_order=order)
        seat.concordia_position = ConcordiaPosition(
            **adapters.position_values(board, praefectus_magnus=order == holder)
        )
        seats.append(seat)

    sheet = adapters.sheet_from_seats(map_name="italia", seats=seats)

    assert sheet.map is MapName("italia")
    assert sheet.praefectus_magnus == names[holder]
    assert [p.name for p in sheet.players] == names
    assert [dataclasses.replace(p, name="Ana") for p in sheet.players] == boards


@given(boards=st.lists(_magnanimous_boards, min_size=2, max_size=5))
def test_a_magnanimous_sheet_built_from_seats_keeps_their_order(boards):
    names = ["Ana", "Bruno", "Caio", "Duda", "Eva"][: len(boards)]
    seats = []
    for order, (name, board) in enumerate(zip(names, boards, strict=True)):
        seat = Seat(player=Player(name=name), seat_order=order)
        seat.magnanimous_position = MagnanimousPosition(
            **adapters.magnanimous_position_values(board)
        )
        seats.append(seat)

    sheet = adapters.magnanimous_sheet_from_seats(ending="republic", seats=seats)

    assert sheet.ending is MagnanimousEnding.REPUBLIC
    assert [p.name for p in sheet.players] == names
    assert [p.troops for p in sheet.players] == [b.troops for b in boards]


@pytest.mark.parametrize(
    ("path", "slot"),
    [
        ("players[1].houses.cloth", (1, "houses_cloth")),
        ("players[2].storehouse", (2, "storehouse")),
        ("players[0].cards.mars", (0, "cards_mars")),
        ("players[3].sestertii", (3, "sestertii")),
        ("players[1].name", (1, "__all__")),
        ("players[4].concordia_card", (None, "concordia_card")),
        ("players", (None, "concordia_card")),
        ("praefectus_magnus", (None, "praefectus_magnus")),
        ("map", (None, "map")),
        ("kind", (None, "__all__")),
    ],
)
def test_a_sheet_problem_is_shown_at_its_form_field(path, slot):
    assert adapters.form_field_for_path(path) == slot
