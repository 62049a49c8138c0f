"""The Production phase (play §6; rulebook "Fase de Produção" and its sub-sections)."""

from __future__ import annotations

import pytest

from play import magnanimous as mg
from tests.play.magnanimous.builders import Session, setup


def _take(
    player: str, province: str, quadrant: str, space: int = 0, **extra: object
) -> dict[str, object]:
    return {
        "type": "take",
        "player": player,
        "province": province,
        "quadrant": quadrant,
        "space": space,
        **extra,
    }


def test_a_goods_action_pays_the_dice_value_and_adds_a_token() -> None:
    # § Ações de Produção de Mercadorias: pay the die's value, 1 token on the producing province.
    session = Session(setup(2))
    session.add(_take("Ana", "red:coffee", "coffee"))
    assert session.player("Ana").reis == 9
    assert session.province("Ana", "red:coffee").goods == 1
    assert session.province("Ana", "red:coffee").die == 1
    assert session.state.dice[6] is None  # coffee, space 0


def test_a_goods_die_goes_on_that_goods_province() -> None:
    session = Session(setup(2))
    assert session.refused(_take("Ana", "red:sugar", "coffee")) == [
        {
            "path": "events[0].quadrant",
            "message": "A coffee die goes on the coffee province (red:coffee), not red:sugar",
        }
    ]


def test_goods_limit_is_four_and_five_with_a_warehouse() -> None:
    session = Session(
        setup(
            2,
            starts={
                "Ana": {"reis": 10, "goods": {"red:coffee": 4}},
                "Bia": {"reis": 10},
            },
        )
    )
    assert session.refused(_take("Ana", "red:coffee", "coffee"))[0]["message"] == (
        "red:coffee holds 4 goods, its limit is 4"
    )
    session = Session(
        setup(
            2,
            starts={
                "Ana": {
                    "reis": 10,
                    "goods": {"red:coffee": 4},
                    "improvements": {"red:coffee": "warehouse"},
                },
                "Bia": {"reis": 10},
            },
        )
    )
    session.add(_take("Ana", "red:coffee", "coffee"))
    assert session.province("Ana", "red:coffee").goods == 5


def test_machinery_adds_a_token_when_it_fits() -> None:
    # Fig. 3 Maquinário Prod.+1 (A18: the extra token must fit).
    session = Session(
        setup(
            2,
            starts={
                "Ana": {
                    "reis": 10,
                    "goods": {"red:coffee": 2},
                    "improvements": {"red:coffee": "machinery"},
                },
                "Bia": {"reis": 10},
            },
        )
    )
    session.add(_take("Ana", "red:coffee", "coffee"))
    assert session.province("Ana", "red:coffee").goods == 4


def test_no_production_while_the_goods_are_in_transit() -> None:
    session = Session(setup(2))
    session.add(
        {
            "type": "adjust",
            "players": {
                "Ana": {
                    "provinces": {"red:coffee": {"in_transit": 2}},
                    "train": {"at": "red:port", "carrying": "red:coffee"},
                }
            },
        }
    )
    assert session.refused(_take("Ana", "red:coffee", "coffee"))[0]["message"] == (
        "red:coffee's goods are in transit: it produces again once they are sold or exported"
    )


def test_cost_is_the_dice_value_and_a_player_who_cannot_pay_is_refused() -> None:
    session = Session(setup(2, starts={"Ana": {"reis": 0}, "Bia": {"reis": 10}}))
    refused = session.refused(_take("Ana", "red:coffee", "coffee"))
    assert refused == [
        {
            "path": "events[0].reis",
            "message": "Ana has 0 réis; this action costs 1 real",
        }
    ]
    # Placing the die without acting costs nothing.
    session.add(_take("Ana", "red:coffee", "coffee", mode="idle"))
    assert session.player("Ana").reis == 0


def test_precise_action_is_free_and_the_joiners_pay_the_bank() -> None:
    # § Ações Precisas de Produção: the actor pays nothing, others from the left join and pay the bank.
    session = Session(setup(3))
    session.add(
        _take(
            "Ana",
            "red:cotton",
            "cotton",
            mode="precise",
            joiners=[{"player": "Bia"}, {"player": "Caio"}],
        )
    )
    assert [p.reis for p in session.state.players] == [10, 9, 9]
    assert [
        p.province(f"{p.colour.value}:cotton").goods for p in session.state.players
    ] == [1, 1, 1]


def test_joiners_act_in_seat_order_from_the_actors_left() -> None:
    session = Session(setup(3))
    refused = session.refused(
        _take(
            "Ana",
            "red:cotton",
            "cotton",
            mode="precise",
            joiners=[{"player": "Caio"}, {"player": "Bia"}],
        )
    )
    assert refused == [
        {
            "path": "events[0].joiners[1].player",
            "message": "joiners act in seat order from the actor's left",
        }
    ]


def test_sold_action_buyers_pay_the_seller_who_does_not_act() -> None:
    # § Vender uma Ação de Produção: buyers pay the die's value to the seller.
    session = Session(setup(3))
    session.add(
        _take(
            "Ana",
            "red:coffee",
            "deputy",
            mode="sold",
            joiners=[{"player": "Bia", "province": "green:sugar", "party": "liberal"}],
        )
    )
    assert [p.reis for p in session.state.players] == [11, 9, 10]
    assert session.player("Ana").deputies[mg.Party.LIBERAL] == 0
    assert session.player("Bia").deputies[mg.Party.LIBERAL] == 1


def test_first_buyer_only_ruling() -> None:
    session = Session(setup(3, rulings={"sold_action_buyers": "first"}))
    refused = session.refused(
        _take(
            "Ana",
            "red:coffee",
            "deputy",
            mode="sold",
            joiners=[
                {"player": "Bia", "province": "green:sugar", "party": "liberal"},
                {"player": "Caio", "province": "blue:sugar", "party": "liberal"},
            ],
        )
    )
    assert refused[0]["path"] == "events[0].joiners[1].player"


@pytest.mark.parametrize(("limit", "accepted"), [(4, False), (5, True)])
def test_troop_limit_follows_the_tables_a2_ruling(limit: int, accepted: bool) -> None:
    document = setup(
        2,
        starts={"Ana": {"reis": 10, "troops": {"red:coffee": 4}}, "Bia": {"reis": 10}},
        rulings={"troop_limit": limit},
    )
    session = Session(document)
    event = _take("Ana", "red:coffee", "recruit")
    if accepted:
        session.add(event)
        assert session.province("Ana", "red:coffee").troops == 5
    else:
        assert session.refused(event)[0]["message"] == (
            "red:coffee holds 4 troop tokens, its limit is 4"
        )


def test_a_recruit_goes_on_the_dice_province_or_the_imperial_area() -> None:
    session = Session(setup(2))
    assert (
        session.refused(_take("Ana", "red:coffee", "recruit", troop_to="red:sugar"))[0][
            "message"
        ]
        == "The recruited troop goes on the die's province (red:coffee) or the Imperial War Power area"
    )
    session.add(_take("Ana", "red:coffee", "recruit", troop_to="imperial"))
    assert session.state.imperial == 3


def test_an_improvement_comes_from_the_display_one_per_province() -> None:
    session = Session(
        setup(2, improvements=["railway", "railway", "machinery", "warehouse"])
    )
    assert (
        session.refused(
            _take("Ana", "red:coffee", "improvement", improvement="fortification")
        )[0]["message"]
        == "“fortification” is not among the available improvements"
    )
    session.add(_take("Ana", "red:coffee", "improvement", improvement="railway"))
    assert session.state.display == (
        mg.Improvement.RAILWAY,
        mg.Improvement.MACHINERY,
        mg.Improvement.WAREHOUSE,
    )
    assert session.province("Ana", "red:coffee").improvement.value == "railway"


def test_only_the_governor_hires_a_ship_into_rio() -> None:
    session = Session(setup(2))
    session.add(_take("Ana", "red:coffee", "ship", ship_to="rio"))  # Ana holds the card
    assert session.player("Ana").ships_rio == 1
    assert session.refused(_take("Bia", "green:coffee", "ship", 1, ship_to="rio"))[0][
        "message"
    ] == ("Only the Governor of Rio de Janeiro puts a ship in Rio's port")


def test_the_governor_change_title_money_and_rio_effect() -> None:
    # § Governador: the purple die as it shows, its effect, the title's réis.
    session = Session(setup(2))
    session.add({"type": "adjust", "nobility": {"Bia": 7}})
    assert mg.purple_die(session.state).rio_effect == "liberate"
    session.add(_take("Ana", "red:coffee", "coffee"))
    session.add({"type": "govern", "player": "Bia", "effect": {"liberate": None}})
    state = session.state
    assert mg.turn(state).governor == "Bia"
    assert session.player("Bia").reis == 10 + 6  # a Count receives 6
    assert mg.purple_die(state).on == "rio_card"
    # The turn passes on clockwise (A13).
    assert mg.turn(state).player == "Ana"
    assert (
        session.refused(
            {"type": "govern", "player": "Ana", "effect": {"liberate": None}}
        )[0]["message"]
        == "The Rio de Janeiro card already changed hands this round"
    )


def test_the_holder_of_the_card_cannot_take_it_again() -> None:
    session = Session(setup(2))
    assert session.refused(
        {"type": "govern", "player": "Ana", "effect": {"liberate": None}}
    ) == [
        {
            "path": "events[0].player",
            "message": "Ana already holds the Rio de Janeiro card",
        }
    ]


def test_wrong_rio_effect_for_the_dice_value() -> None:
    session = Session(setup(2))
    session.add(_take("Ana", "red:coffee", "coffee"))
    assert session.refused(
        {"type": "govern", "player": "Bia", "effect": {"track": "nobility"}}
    ) == [
        {
            "path": "events[1].effect",
            "message": "The purple die shows 6: the Rio de Janeiro card's effect is “liberate”",
        }
    ]


def test_when_only_the_governor_change_is_missing_the_left_player_must_take_the_card() -> (
    None
):
    session = Session(setup(2, "light"))
    for _ in range(8):
        session.take_idle()
    turn = mg.turn(session.state)
    assert (turn.player, turn.expects, turn.forced_govern) == (
        "Bia",
        mg.Expects.GOVERN,
        True,
    )
    assert session.refused(
        {"type": "take", "player": "Bia", "province": "green:cotton"}
    ) == [
        {
            "path": "events[8].type",
            "message": "Bia must take the Rio de Janeiro card now",
        }
    ]
    session.add({"type": "govern", "player": "Bia", "effect": {"liberate": None}})
    assert session.state.phase is mg.Phase.OFFENSIVES


def test_a_player_whose_provinces_are_full_is_skipped() -> None:
    session = Session(setup(2, "light"))
    session.add({"type": "take", "player": "Ana", "province": "red:cotton"})
    session.add({"type": "govern", "player": "Bia", "effect": {"liberate": None}})
    for province in (
        "red:sugar",
        "green:cotton",
        "red:leather",
        "green:sugar",
        "red:coffee",
    ):
        session.add({"type": "take", "player": session.current, "province": province})
    # Ana's four provinces hold dice: Bia takes the rest.
    assert session.current == "Bia"
    session.add({"type": "take", "player": "Bia", "province": "green:leather"})
    assert session.current == "Bia"
    session.add({"type": "take", "player": "Bia", "province": "green:coffee"})
    assert session.state.phase is mg.Phase.OFFENSIVES


def test_it_is_not_your_turn() -> None:
    session = Session(setup(2))
    assert session.refused(_take("Bia", "green:coffee", "coffee")) == [
        {"path": "events[0]", "message": "It is Ana's turn, not Bia's"}
    ]


def test_an_occupied_province_takes_no_die() -> None:
    session = Session(setup(2))
    session.add({"type": "adjust", "occupied": ["red:coffee"]})
    assert session.refused(_take("Ana", "red:coffee", "coffee"))[0]["message"] == (
        "red:coffee is occupied by Paraguay"
    )
