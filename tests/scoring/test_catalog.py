from __future__ import annotations

import pytest

from scoring.catalog import (
    ANY_GOOD,
    CONCORDIA_CARD_POINTS,
    DISPLAY_SURCHARGE,
    GOOD_PRICE,
    MAX_COLONISTS,
    MAX_HOUSES,
    SALE_CARDS,
    SPECIALIST_GOOD,
    SPECIALIST_VALUE,
    STARTING_HAND,
    STOREHOUSE_SPACES,
    cards_in_play,
    max_cards_per_player,
    specialists_in_play,
)
from scoring.ruleset import base, ruleset
from scoring.types import CardCounts, God, Good, Specialist


def test_goods_cost_brick_3_up_to_cloth_7():
    assert dict(GOOD_PRICE) == {
        Good("brick"): 3,
        Good("food"): 4,
        Good("tool"): 5,
        Good("wine"): 6,
        Good("cloth"): 7,
    }


def test_player_material_limits():
    assert (MAX_HOUSES, MAX_COLONISTS, STOREHOUSE_SPACES) == (15, 6, 12)
    assert CONCORDIA_CARD_POINTS == 7


def test_starting_hand_holds_seven_cards():
    hand = CardCounts(vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1)
    assert hand == STARTING_HAND
    assert STARTING_HAND.total == 7


def test_thirty_cards_for_sale_in_decks_of_8_7_6_5_4():
    sizes = [sum(card.deck == deck for card in SALE_CARDS) for deck in range(1, 6)]
    assert len(SALE_CARDS) == 30
    assert sizes == [8, 7, 6, 5, 4]


def test_minerva_cards_have_a_specialist_and_no_god():
    minerva = [card for card in SALE_CARDS if card.specialist is not None]
    assert [card.specialist for card in minerva] == list(Specialist)
    assert all(card.god is None for card in minerva)
    farmer = next(card for card in minerva if card.specialist is Specialist("farmer"))
    assert (farmer.deck, farmer.cost) == (1, (Good("brick"), Good("food")))


def test_specialist_values_and_goods():
    assert dict(SPECIALIST_VALUE) == {
        Specialist("mason"): 3,
        Specialist("farmer"): 3,
        Specialist("smith"): 3,
        Specialist("vintner"): 4,
        Specialist("weaver"): 5,
    }
    # Every good with a price (salt, the wildcard, has none and no specialist).
    assert list(SPECIALIST_GOOD.values()) == list(ruleset("imperium").traded)


def test_display_surcharge_per_position():
    assert (
        (),
        (ANY_GOOD,),
        (ANY_GOOD,),
        (Good("cloth"),),
        (Good("cloth"),),
        (ANY_GOOD, Good("cloth")),
        (Good("cloth"), Good("cloth")),
    ) == DISPLAY_SURCHARGE


# The derived Pantheon table, rules digest §7.
@pytest.mark.parametrize(
    ("players", "vesta", "jupiter", "saturnus", "mercurius", "mars"),
    [
        (2, 2, 7, 7, 4, 4),
        (3, 3, 11, 11, 6, 6),
        (4, 4, 15, 14, 8, 8),
        (5, 5, 18, 17, 10, 10),
    ],
)
def test_cards_in_play_match_the_pantheon_table(
    players, vesta, jupiter, saturnus, mercurius, mars
):
    assert cards_in_play(players) == CardCounts(
        vesta=vesta, jupiter=jupiter, saturnus=saturnus, mercurius=mercurius, mars=mars
    )


@pytest.mark.parametrize(
    ("players", "jupiter", "saturnus", "mercurius", "mars"),
    [
        (2, 5, 5, 3, 3),
        (3, 7, 7, 4, 4),
        (4, 9, 8, 5, 5),
        (5, 10, 9, 6, 6),
    ],
)
def test_one_player_can_hold_the_starting_hand_plus_every_sale_card_in_play(
    players, jupiter, saturnus, mercurius, mars
):
    assert max_cards_per_player(players) == CardCounts(
        vesta=1, jupiter=jupiter, saturnus=saturnus, mercurius=mercurius, mars=mars
    )


def test_every_specialist_is_in_play_from_two_players():
    assert specialists_in_play(2) == tuple(Specialist)
    assert specialists_in_play(5) == tuple(Specialist)


def test_player_counts_outside_the_game_do_not_raise():
    assert cards_in_play(0) == CardCounts()
    assert max_cards_per_player(9) == max_cards_per_player(5)
    assert specialists_in_play(-1) == ()


def test_every_god_of_the_base_game_has_sale_cards():
    gods = {card.god for card in SALE_CARDS if card.god is not None}
    assert gods == set(base("imperium").gods) - {God("vesta")}
