"""Board entry services: city goods, houses, cards, the entry mode and the board's score."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from games import services
from games.concordia import services as board_services
from games.concordia.adapters import SeatExtras
from games.models import (
    ConcordiaPosition,
    EntryMode,
    Seat,
    SeatCard,
    SeatHouse,
    SeatResult,
    SessionCity,
    SessionStatus,
    TableSession,
)
from scoring.board import token_pool, validate_city_goods
from scoring.maps import MAPS
from scoring.ruleset import base
from scoring.types import Good, GoodCounts, MapName
from tests.games.board_helpers import stored_game, tap_rulebook_board
from tests.rulebook_board import IMPERIUM_GOODS

# The rulebook's money, storehouse and colonists, by seat order.
RULEBOOK_EXTRAS = {
    0: SeatExtras(
        sestertii=13,
        storehouse=GoodCounts(brick=1, tool=3, cloth=1),
        colonists_on_board=5,
    ),
    1: SeatExtras(
        sestertii=21, storehouse=GoodCounts(food=2, wine=1), colonists_on_board=4
    ),
    2: SeatExtras(sestertii=8, storehouse=GoodCounts(), colonists_on_board=2),
}


def _seat(session: TableSession, name: str) -> Seat:
    return session.seats.select_related("player").get(player__name=name)


def _goods(session: TableSession) -> dict[str, str]:
    return dict(SessionCity.objects.filter(session=session).values_list("city", "good"))


# --- city goods ---------------------------------------------------------------


def test_setting_city_goods_stores_one_row_per_city(draft_session):
    board_services.session_city_goods_set(session=draft_session, goods=IMPERIUM_GOODS)
    stored = _goods(draft_session)
    assert len(stored) == 30
    assert stored["Londinium"] == "food"
    assert stored["Vindobona"] == "cloth"


def test_a_new_deal_replaces_the_old_one_city_by_city(draft_session):
    board_services.session_city_goods_set(session=draft_session, goods=IMPERIUM_GOODS)
    swapped = {
        **IMPERIUM_GOODS,
        "Londinium": Good("brick"),
        "Isca Dumnoniorum": Good("food"),
    }
    board_services.session_city_goods_set(session=draft_session, goods=swapped)
    stored = _goods(draft_session)
    assert (stored["Londinium"], stored["Isca Dumnoniorum"]) == ("brick", "food")
    assert SessionCity.objects.filter(session=draft_session).count() == 30


def test_a_deal_that_breaks_the_token_pool_is_rejected_and_keeps_the_old_deal(
    draft_session,
):
    board_services.session_city_goods_set(session=draft_session, goods=IMPERIUM_GOODS)
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.session_city_goods_set(
            session=draft_session, goods={**IMPERIUM_GOODS, "Londinium": Good("brick")}
        )
    assert [(p.path, p.message) for p in rejected.value.problems] == [
        (
            "letters.A.brick",
            "Only 2 of the A tokens show brick, but 3 A cities are set to brick",
        )
    ]
    assert _goods(draft_session)["Londinium"] == "food"


def test_drawing_at_random_deals_exactly_each_letters_tokens(draft_session):
    goods = board_services.session_city_goods_draw(
        session=draft_session, rng=random.Random(7)
    )
    spec = MAPS[MapName("imperium")]
    assert validate_city_goods(spec, goods) == ()
    assert _goods(draft_session) == {city: good.value for city, good in goods.items()}
    d_cities = [city.name for city in spec.cities if city.letter.value == "D"]
    assert sorted(goods[name] for name in d_cities) == sorted(
        good
        for good, count in token_pool(spec)[spec.letters[3]].items()
        for _ in range(count)
    )


def test_drawing_with_the_same_seed_deals_the_same_tokens(draft_session):
    first = board_services.session_city_goods_draw(
        session=draft_session, rng=random.Random(11)
    )
    second = board_services.session_city_goods_draw(
        session=draft_session, rng=random.Random(11)
    )
    assert first == second


def test_italia_is_dealt_without_d_tokens(club, alice):
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name="italia",
        played_at=dt.datetime(2026, 11, 2, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name="Ana"), services.SeatInput(new_name="Bia")],
    )
    goods = board_services.session_city_goods_draw(
        session=session, rng=random.Random(1)
    )
    assert len(goods) == 25
    assert sorted(goods.values()).count(Good("cloth")) == 3


# --- houses -----------------------------------------------------------------------


def test_building_and_removing_a_house_is_idempotent(draft_session):
    ana = _seat(draft_session, "Ana")
    board_services.seat_house_set(seat=ana, city="Massilia", built=True)
    board_services.seat_house_set(seat=ana, city="Massilia", built=True)
    assert list(SeatHouse.objects.filter(seat=ana).values_list("city", flat=True)) == [
        "Massilia"
    ]
    board_services.seat_house_set(seat=ana, city="Massilia", built=False)
    board_services.seat_house_set(seat=ana, city="Massilia", built=False)
    assert not SeatHouse.objects.filter(seat=ana).exists()


def test_two_players_may_build_in_the_same_city(draft_session):
    for name in ("Ana", "Bruno"):
        board_services.seat_house_set(
            seat=_seat(draft_session, name), city="Massilia", built=True
        )
    assert SeatHouse.objects.filter(session=draft_session, city="Massilia").count() == 2


def test_nobody_builds_in_the_capital(draft_session):
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_house_set(
            seat=_seat(draft_session, "Ana"), city="Roma", built=True
        )
    assert rejected.value.messages == ["Nobody builds a house in the capital, Roma"]
    assert not SeatHouse.objects.exists()


def test_a_city_of_the_other_map_is_refused(draft_session):
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_house_set(
            seat=_seat(draft_session, "Ana"), city="Genua", built=True
        )
    assert rejected.value.messages == ["Imperium has no city called “Genua”"]


def test_a_sixteenth_house_is_refused(draft_session):
    ana = _seat(draft_session, "Ana")
    cities = sorted(IMPERIUM_GOODS)
    for city in cities[:15]:
        board_services.seat_house_set(seat=ana, city=city, built=True)
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_house_set(seat=ana, city=cities[15], built=True)
    assert rejected.value.messages == ["A player has only 15 houses; 16 are marked"]
    assert SeatHouse.objects.filter(seat=ana).count() == 15


def test_the_database_refuses_a_second_house_of_a_player_in_one_city(draft_session):
    ana = _seat(draft_session, "Ana")
    SeatHouse.objects.create(session=draft_session, seat=ana, city="Massilia")
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatHouse.objects.create(session=draft_session, seat=ana, city="Massilia")


def test_the_rules_refuse_a_house_in_the_maps_capital(draft_session):
    # Issue #22: the capital is the map's (data), not a name the database
    # knows; the service asks the map.
    capital = base("imperium").capital
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_house_set(
            seat=_seat(draft_session, "Ana"), city=capital, built=True
        )
    assert rejected.value.messages == ["Nobody builds a house in the capital, Roma"]
    assert not SeatHouse.objects.filter(session=draft_session).exists()


# --- cards ------------------------------------------------------------------------


def test_a_card_bought_by_one_player_cannot_be_bought_by_another(draft_session):
    board_services.seat_card_set(seat=_seat(draft_session, "Ana"), card=7, owned=True)
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_card_set(
            seat=_seat(draft_session, "Bruno"), card=7, owned=True
        )
    assert rejected.value.messages == [
        "Each card exists once, and Ana has bought this Farmer already"
    ]
    assert list(SeatCard.objects.values_list("seat__player__name", "card")) == [
        ("Ana", 7)
    ]


def test_a_card_of_a_deck_left_in_the_box_is_refused(draft_session):
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.seat_card_set(
            seat=_seat(draft_session, "Ana"), card=22, owned=True
        )
    assert rejected.value.messages == [
        "This Architect comes from deck IV, which stays in the box with 3 players"
    ]


def test_giving_a_card_back_frees_it_for_another_player(draft_session):
    ana, bruno = _seat(draft_session, "Ana"), _seat(draft_session, "Bruno")
    board_services.seat_card_set(seat=ana, card=7, owned=True)
    board_services.seat_card_set(seat=ana, card=7, owned=True)
    board_services.seat_card_set(seat=ana, card=7, owned=False)
    board_services.seat_card_set(seat=bruno, card=7, owned=True)
    assert list(SeatCard.objects.values_list("seat__player__name", "card")) == [
        ("Bruno", 7)
    ]


def test_the_database_refuses_one_card_for_two_players(draft_session):
    SeatCard.objects.create(
        session=draft_session, seat=_seat(draft_session, "Ana"), card=7
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatCard.objects.create(
            session=draft_session, seat=_seat(draft_session, "Bruno"), card=7
        )


# --- the score of the board -----------------------------------------------------


def test_the_rulebook_board_is_stored_exactly_like_its_quick_sheet(
    draft_session, club, alice, rulebook_sheet
):
    tap_rulebook_board(draft_session)
    result = board_services.board_sheet_record(
        session=draft_session,
        extras=RULEBOOK_EXTRAS,
        praefectus_magnus=2,
        concordia_card=0,
        expected_version=draft_session.version,
    )
    assert [(p.name, p.total, p.rank) for p in result.players] == [
        ("Ana", 114, 1),
        ("Bruno", 95, 2),
        ("Caio", 76, 3),
    ]
    draft_session.refresh_from_db()
    assert draft_session.status == SessionStatus.FINISHED

    # The same position entered by hand in another game.
    quick = services.session_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        played_at=draft_session.played_at,
        seats=[
            services.SeatInput(player=seat.player)
            for seat in draft_session.seats.order_by("seat_order")
        ],
    )
    services.concordia_sheet_record(session=quick, sheet=rulebook_sheet)

    assert stored_game(draft_session) == stored_game(quick)


def test_a_board_with_cities_left_without_good_is_not_scored(draft_session):
    tap_rulebook_board(draft_session)
    SessionCity.objects.filter(session=draft_session, city="Londinium").delete()
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.board_sheet_record(
            session=draft_session,
            extras=RULEBOOK_EXTRAS,
            praefectus_magnus=2,
            concordia_card=0,
        )
    assert rejected.value.messages == ["Choose the good of Londinium"]
    assert not ConcordiaPosition.objects.filter(session=draft_session).exists()
    assert not SeatResult.objects.filter(session=draft_session).exists()


def test_the_sheet_rules_still_apply_to_what_is_typed(draft_session):
    tap_rulebook_board(draft_session)
    with pytest.raises(board_services.BoardRejected) as rejected:
        board_services.board_sheet_record(
            session=draft_session,
            extras=RULEBOOK_EXTRAS,
            praefectus_magnus=None,
            concordia_card=0,
        )
    assert [p.path for p in rejected.value.problems] == ["praefectus_magnus"]


def test_a_game_counted_by_hand_is_not_scored_from_the_board(draft_session):
    with pytest.raises(ValidationError):
        board_services.board_sheet_record(
            session=draft_session,
            extras=RULEBOOK_EXTRAS,
            praefectus_magnus=2,
            concordia_card=0,
        )


# --- switching modes ----------------------------------------------------------------


def test_switching_to_quick_entry_keeps_every_tapped_row(draft_session):
    tap_rulebook_board(draft_session)
    board_services.session_entry_mode_set(session=draft_session, mode=EntryMode.QUICK)
    assert draft_session.entry_mode == EntryMode.QUICK
    assert SessionCity.objects.filter(session=draft_session).count() == 30
    assert SeatHouse.objects.filter(session=draft_session).count() == 12 + 9 + 8
    assert SeatCard.objects.filter(session=draft_session).count() == 6 + 6 + 9


def test_switching_a_finished_hand_count_to_the_board_keeps_its_result(
    finished_session,
):
    board_services.session_entry_mode_set(
        session=finished_session, mode=EntryMode.BOARD
    )
    assert finished_session.entry_mode == EntryMode.BOARD
    assert finished_session.status == SessionStatus.FINISHED
    ana = ConcordiaPosition.objects.get(
        session=finished_session, seat__player__name="Ana"
    )
    assert (ana.houses["food"], ana.provinces, ana.cards["saturnus"]) == (4, 7, 4)
    assert (
        SeatResult.objects.get(session=finished_session, seat__player__name="Ana").total
        == 114
    )
