"""The Nobles phase (play §9; rulebook "Fase dos Nobres", "Ação dos Nobres") and the Ministers (§7)."""

from __future__ import annotations

from typing import Any

import pytest

from play import magnanimous as mg
from tests.play.magnanimous.builders import Session, setup


def _to_nobles(players: int = 3, tracking: str = "full", **kwargs: Any) -> Session:
    session = Session(setup(players, tracking, **kwargs))
    session.until_offensives(governor="Bia")
    session.add({"type": "offensive", "attacks": []})
    return session


def _space(session: Session, quadrant: str) -> tuple[str, int]:
    option = mg.place_options(session.state)[0]
    for where, space, _ in option.spaces:
        if where.value == quadrant:
            return option.province, space
    raise AssertionError(f"no free {quadrant} space")


def _place(
    session: Session, quadrant: str, action: str, **fields: Any
) -> dict[str, Any]:
    province, space = _space(session, quadrant)
    return {
        "type": "place",
        "player": session.current,
        "from": fields.pop("from_", province),
        "quadrant": quadrant,
        "space": space,
        "action": action,
        **fields,
    }


def _red(session: Session) -> str:
    """A red quadrant with a free space (all four offer the train or a sale)."""
    for where, _, _ in mg.place_options(session.state)[0].spaces:
        if where.good is not None:
            return where.value
    raise AssertionError("no free red space")


def _export_table() -> Session:
    """The rulebook's export example (§ Exportar): the Republic marker on 11; coffee
    spaces 11 (4 of blue's tokens), 7 (1 of red's) and 3 (empty); blue's train on his
    port with 4 coffee in transit and a ship docked."""
    session = _to_nobles()
    session.add(
        {
            "type": "adjust",
            "republic": 11,
            "commerce": [
                {"space": 11, "owner": "Caio", "tokens": 4},
                {"space": 7, "owner": "Ana", "tokens": 1},
            ],
            "players": {
                "Caio": {
                    "ships": {"port": 1},
                    "train": {"at": "blue:port", "carrying": "blue:coffee"},
                    "provinces": {"blue:coffee": {"in_transit": 4}},
                }
            },
        }
    )
    session.until_turn_of("Caio")
    return session


def test_the_export_examples_choices_side_by_side() -> None:
    session = _export_table()
    coffee = [
        s for s in mg.commerce_spaces(session.state, "Caio") if s.good is mg.Good.COFFEE
    ]
    assert [(s.space, s.reis, s.owner, s.room, s.open_to_player) for s in coffee] == [
        (3, 3, None, 5, True),
        (7, 7, "Ana", 4, False),
        (11, 11, "Caio", 1, True),
    ]


def test_export_on_space_3_four_tokens_three_reis_four_nobility() -> None:
    session = _export_table()
    reis = session.player("Caio").reis
    session.add(_place(session, "ship", "export", commerce_space=3, tokens=4))
    caio = session.player("Caio")
    assert caio.reis == reis + 3  # the space's number once, not per token
    assert caio.nobility == 4  # +1 per token placed
    assert caio.ships_port == 0  # the ship is discarded
    assert caio.train is None  # no goods left in transit: the train leaves
    assert [(c.space, c.tokens) for c in session.state.commerce if c.owner == 2] == [
        (3, 4),
        (11, 4),
    ]


def test_export_on_space_11_only_one_token_fits() -> None:
    session = _export_table()
    event = _place(session, "ship", "export", commerce_space=11, tokens=4)
    assert session.refused(event)[0]["message"] == (
        "Commerce space 11 holds 4 tokens; at most 5"
    )
    reis = session.player("Caio").reis
    session.add({**event, "tokens": 1})
    assert session.player("Caio").reis == reis + 11
    assert session.player("Caio").nobility == 1


def test_export_refuses_another_players_space_and_spaces_beyond_the_marker() -> None:
    session = _export_table()
    event = _place(session, "ship", "export", commerce_space=7, tokens=1)
    assert session.refused(event)[0]["message"] == "space 7 holds Ana's coffee"
    assert session.refused({**event, "commerce_space": 15})[0]["message"] == (
        "Commerce space 15 is beyond the Republic marker (11)"
    )
    assert session.refused({**event, "commerce_space": 4})[0]["message"] == (
        "Commerce space 4 takes cotton, not coffee"
    )


def test_the_die_goes_back_with_one_more_and_six_becomes_one() -> None:
    session = _to_nobles()
    session.add({"type": "adjust", "players": {}})
    option = mg.place_options(session.state)[0]
    assert (option.value, option.new_value) == (1, 2)


def test_selling_a_token_pays_the_dice_new_value() -> None:
    session = Session(
        setup(
            2,
            starts={
                "Ana": {"reis": 10, "goods": {"red:cotton": 2}},
                "Bia": {"reis": 10},
            },
        )
    )
    session.add(
        {
            "type": "take",
            "player": "Ana",
            "province": "red:cotton",
            "quadrant": "cotton",
            "space": 0,
            "mode": "idle",
        }
    )
    session.until_offensives(governor="Bia")
    session.add({"type": "offensive", "attacks": []})
    session.until_turn_of("Ana")
    event = _place(session, _red(session), "sell", from_="red:cotton")
    session.add(event)
    assert session.province("Ana", "red:cotton").goods == 1
    assert session.player("Ana").reis == 10 + 2


def test_the_train_enters_with_the_dice_provinces_goods_in_transit() -> None:
    session = Session(
        setup(
            2,
            starts={
                "Ana": {"reis": 10, "goods": {"red:cotton": 2}},
                "Bia": {"reis": 10},
            },
        )
    )
    session.add(
        {
            "type": "take",
            "player": "Ana",
            "province": "red:cotton",
            "quadrant": "cotton",
            "space": 0,
            "mode": "idle",
        }
    )
    session.until_offensives(governor="Bia")
    session.add({"type": "offensive", "attacks": []})
    session.until_turn_of("Ana")
    # The rulebook's example: red's die from Rio Negro (2 cotton), the train enters and moves to Pará.
    session.add(
        _place(session, "leather", "train", from_="red:cotton", path=["green:cotton"])
    )
    ana = session.player("Ana")
    assert ana.train is not None
    assert (ana.train.at, ana.train.carrying) == ("green:cotton", "red:cotton")
    cotton = ana.province("red:cotton")
    assert (cotton.goods, cotton.in_transit) == (0, 2)


def test_discarding_a_card_climbs_a_space_and_a_crown_asks_for_the_minister() -> None:
    session = _to_nobles()
    player = session.current
    session.add(_place(session, "improvement", "discard"))
    assert session.player(player).nobility == 1
    assert mg.turn(session.state).minister == (player, 1)
    refused = session.refused(_place(session, "deputy", "none"))
    assert refused[0]["message"] == f"{player} first chooses the Minister on space 1"
    session.add(
        {
            "type": "minister",
            "player": player,
            "space": 1,
            "party": "liberal",
            "votes": 2,
            "keep": "new",
        }
    )
    assert dict(session.player(player).ministers) == {mg.Party.LIBERAL: 2}
    assert session.state.ministers_pile == 13


def test_a_move_past_two_crowns_asks_one_minister_per_crown_in_order() -> None:
    session = _to_nobles()
    player = session.current
    session.add(
        {"type": "effect", "source": "baron:test", "changes": {"nobility": {player: 4}}}
    )
    assert [m.space for m in session.state.pending_ministers] == [1, 4]
    session.add(
        {
            "type": "minister",
            "player": player,
            "space": 1,
            "party": "liberal",
            "votes": 1,
            "keep": "new",
        }
    )
    session.add(
        {
            "type": "minister",
            "player": player,
            "space": 4,
            "party": "liberal",
            "votes": 3,
            "keep": "old",
        }
    )
    assert dict(session.player(player).ministers) == {mg.Party.LIBERAL: 1}
    assert (session.state.ministers_pile, session.state.ministers_discard) == (12, 1)


def test_throne_room_takes_one_or_two_cards() -> None:
    session = _to_nobles()
    player = session.current
    session.add(_place(session, "deputy", "throne", cards=2))
    assert session.player(player).hand == 3
    assert session.state.throne_pile == 2


@pytest.mark.parametrize(
    ("count", "result", "nobility"), [(2, "liberated", 2), (1, "failed", 0)]
)
def test_an_attack_liberates_when_troops_and_morale_beat_the_die(
    count: int, result: str, nobility: int
) -> None:
    # § Ação 5: success if the tokens plus morale are greater than the purple die (here 1).
    session = _to_nobles(
        starts={
            "Ana": {"reis": 5, "troops": {"red:coffee": 2}},
            "Bia": {"reis": 5},
            "Caio": {"reis": 5},
        }
    )
    session.add({"type": "adjust", "occupied": ["red:sugar"], "players": {}})
    session.until_turn_of("Ana")
    event = _place(
        session,
        "recruit",
        "attack",
        attack_from="red:coffee",
        target="red:sugar",
        count=count,
        result=result,
    )
    if result == "failed":
        # One token against the die's 1: it is not greater, the attack fails.
        wrong = {**event, "result": "liberated"}
        assert session.refused(wrong)[0]["message"] == (
            "1 troops and morale against Paraguay's 1: the attack fails"
        )
    session.add(event)
    ana = session.player("Ana")
    assert ana.nobility == nobility
    assert ("red:sugar" in session.state.occupied) is (result == "failed")
    assert ana.province("red:coffee").troops == 2 - (
        count if result == "liberated" else 0
    )


def test_a_die_on_an_occupied_province_is_blocked() -> None:
    session = _to_nobles()
    player = session.current
    blocked = mg.place_options(session.state)[0].province
    session.add({"type": "adjust", "occupied": [blocked]})
    assert blocked not in [o.province for o in mg.place_options(session.state)]
    assert session.current == player
    event = _place(session, "improvement", "none", from_=blocked)
    assert (
        session.refused(event)[0]["message"]
        == f"{blocked} is occupied: its die is blocked"
    )
