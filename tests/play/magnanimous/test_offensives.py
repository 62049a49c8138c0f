"""Paraguay's offensives (play §8; rulebook "Fase de Ofensivas do Paraguay", "Ordem das ofensivas").

The two worked examples of "Ordem das ofensivas do Paraguay" are played as
the rulebook tells them, in a 3-player game (yellow uncontrolled). The
rulebook names provinces, not goods; this test calls Rio Grande do Sul
``red:leather``, Goyaz ``red:sugar``, Uruguay ``green:leather``, Pará
``green:cotton``, São Paulo ``blue:coffee`` (the rulebook's coffee province),
Solimões ``blue:leather`` (its leather province) and Matto Grosso
``yellow:sugar``.
"""

from __future__ import annotations

from typing import Any

import pytest

from play import magnanimous as mg
from play.magnanimous.types import Attack
from tests.play.magnanimous.builders import Session, setup

RGS, GOYAZ = "red:leather", "red:sugar"
URUGUAY, PARA = "green:leather", "green:cotton"
SAO_PAULO, SOLIMOES = "blue:coffee", "blue:leather"
MATTO_GROSSO = "yellow:sugar"
PARAGUAY_TOUCHES = [RGS, URUGUAY, SAO_PAULO, MATTO_GROSSO]


def _first_example() -> Session:
    """Round 2 of a 3-player game, red Governor: the purple die comes back 2 → 3."""
    session = Session(setup(3))
    session.quiet_round(governor="Bia")
    session.add(
        {
            "type": "adjust",
            "paraguay_die": 2,
            "players": {
                "Ana": {"provinces": {RGS: {"troops": 3, "goods": 1}}},
                "Bia": {
                    "provinces": {
                        URUGUAY: {"troops": 2, "improvement": "fortification"}
                    }
                },
                "Caio": {"provinces": {SAO_PAULO: {"troops": 4}}},
            },
        }
    )
    session.until_offensives(governor="Ana")
    return session


def _attacks(*rows: tuple[str, str, str]) -> dict[str, Any]:
    return {
        "type": "offensive",
        "attacks": [{"source": s, "target": t, "result": r} for s, t, r in rows],
    }


def test_the_purple_die_comes_back_with_one_more() -> None:
    session = _first_example()
    # "devolve o dado roxo ... de valor 2 ... aumentando seu valor em 1 (passando agora para 3)"
    assert session.state.phase is mg.Phase.OFFENSIVES
    assert mg.purple_die(session.state).value == 3
    assert mg.purple_die(session.state).on == "paraguay"


def test_first_example_only_the_uncontrolled_matto_grosso_falls() -> None:
    session = _first_example()
    plan = mg.plan_offensive(session.state, {"paraguay": PARAGUAY_TOUCHES})
    assert [(a.target, a.power, a.defence, a.falls) for a in plan] == [
        (RGS, 3, 3, False),  # 3 troop tokens: power 3 against 3 holds
        (URUGUAY, 3, 3, False),  # 2 tokens + Fortification's morale
        (SAO_PAULO, 3, 4, False),
        (MATTO_GROSSO, 3, 2, True),  # uncontrolled: the Imperial area's 2 tokens
    ]
    session.add(
        _attacks(
            ("paraguay", RGS, "held"),
            ("paraguay", URUGUAY, "held"),
            ("paraguay", SAO_PAULO, "held"),
            ("paraguay", MATTO_GROSSO, "fell"),
        )
    )
    state = session.state
    # The Imperial area's tokens are not discarded and the die is not lowered.
    assert state.imperial == 2
    assert state.paraguay_die == 3
    assert dict(state.occupied) == {MATTO_GROSSO: 2}
    assert state.phase is mg.Phase.NOBLES


def test_a_tie_holds() -> None:
    session = _first_example()
    assert session.refused(_attacks(("paraguay", RGS, "fell"))) == [
        {
            "path": f"events[{len(session.document['events'])}].attacks[0].result",
            "message": "power 3 against 3: the province holds",
        }
    ]


def test_the_fortification_counts_only_with_a_troop_token() -> None:
    session = _first_example()
    # Without troops the Fortification adds nothing: Uruguay's defence is 0.
    session.add(
        {"type": "adjust", "players": {"Bia": {"provinces": {URUGUAY: {"troops": 0}}}}}
    )
    plan = mg.plan_offensive(session.state, {"paraguay": PARAGUAY_TOUCHES})
    assert [(a.target, a.defence, a.falls) for a in plan] == [
        (RGS, 3, False),
        (URUGUAY, 0, True),
    ]


def _second_example() -> Session:
    session = _first_example()
    session.add(
        _attacks(
            ("paraguay", RGS, "held"),
            ("paraguay", URUGUAY, "held"),
            ("paraguay", SAO_PAULO, "held"),
            ("paraguay", MATTO_GROSSO, "fell"),
        )
    )
    session.until_end_of_round()
    session.end_round()
    # Round 3, blue Governor; the die stands on 3 and comes back as 4.
    session.add(
        {
            "type": "adjust",
            "players": {
                "Ana": {"provinces": {GOYAZ: {"troops": 1}}},
                "Bia": {"provinces": {PARA: {"troops": 1}}},
                "Caio": {
                    "provinces": {
                        SOLIMOES: {
                            "troops": 0,
                            "goods": 2,
                            "improvement": "fortification",
                        }
                    }
                },
            },
        }
    )
    session.until_offensives(governor="Caio")
    return session


SECOND_MAP = {
    "paraguay": PARAGUAY_TOUCHES,
    # Blue, the first player, chooses São Paulo before Solimões.
    MATTO_GROSSO: [SAO_PAULO, SOLIMOES, GOYAZ, PARA],
}


def test_second_example_two_falls_in_the_rulebooks_order() -> None:
    session = _second_example()
    state = session.state
    assert mg.purple_die(state).value == 4
    plan = mg.plan_offensive(state, SECOND_MAP)
    assert [
        (a.source, a.target, a.power, a.defence, a.falls, a.lost) for a in plan
    ] == [
        ("paraguay", SAO_PAULO, 4, 4, False, 0),
        ("paraguay", RGS, 4, 3, True, 3),  # falls: the die drops by 3 tokens to 1
        # Uruguay is not tried: Paraguay stopped at its first success.
        (MATTO_GROSSO, SAO_PAULO, 1, 4, False, 0),
        (MATTO_GROSSO, GOYAZ, 1, 1, False, 0),
        (MATTO_GROSSO, PARA, 1, 1, False, 0),
        # Solimões: 2 leather and a Fortification but no troop token, defence 0.
        (MATTO_GROSSO, SOLIMOES, 1, 0, True, 0),
    ]
    session.add(
        {
            "type": "offensive",
            "attacks": [
                {
                    "source": a.source,
                    "target": a.target,
                    "result": "fell" if a.falls else "held",
                }
                for a in plan
            ],
        }
    )
    state = session.state
    assert state.paraguay_die == 1
    assert dict(state.occupied) == {MATTO_GROSSO: 2, RGS: 3, SOLIMOES: 3}
    # Red discards the goods token and the 3 troop tokens of Rio Grande do Sul;
    # blue the goods and the improvement of Solimões.
    rgs = session.province("Ana", RGS)
    assert (rgs.troops, rgs.goods, rgs.occupied) == (0, 0, True)
    solimoes = session.province("Caio", SOLIMOES)
    assert (solimoes.goods, solimoes.improvement) == (0, None)


def test_paraguay_stops_at_its_first_success() -> None:
    session = _second_example()
    refused = session.refused(
        _attacks(
            ("paraguay", SAO_PAULO, "held"),
            ("paraguay", RGS, "fell"),
            ("paraguay", URUGUAY, "held"),
        )
    )
    assert refused[0]["path"].endswith(".attacks[2]")
    assert (
        refused[0]["message"]
        == "Paraguay already took a province: its offensive is over"
    )


def test_round_robin_goes_one_province_per_player() -> None:
    session = _second_example()
    refused = session.refused(
        _attacks(
            ("paraguay", SAO_PAULO, "held"),
            ("paraguay", RGS, "fell"),
            # From blue, the first player: blue, red, green. Green before red
            # starts a second pass that red was absent from.
            (MATTO_GROSSO, SAO_PAULO, "held"),
            (MATTO_GROSSO, PARA, "held"),
            (MATTO_GROSSO, GOYAZ, "held"),
        )
    )
    assert refused == [
        {
            "path": f"events[{len(session.document['events'])}].attacks[4].target",
            "message": "The attacks go round the table from the first player, clockwise, one province of each player at a time",
        }
    ]


def test_a_province_occupied_this_round_does_not_attack_yet() -> None:
    session = _first_example()
    refused = session.refused(
        _attacks(
            ("paraguay", MATTO_GROSSO, "fell"),
            (MATTO_GROSSO, GOYAZ, "held"),
        )
    )
    assert refused[0]["message"] == (
        "yellow:sugar was occupied this round and does not attack yet"
    )


def test_uncontrolled_provinces_are_attacked_last() -> None:
    session = _first_example()
    session.add({"type": "adjust", "imperial": 4})
    refused = session.refused(
        _attacks(("paraguay", MATTO_GROSSO, "held"), ("paraguay", RGS, "held"))
    )
    assert refused[0]["message"] == (
        "Rio de Janeiro and the uncontrolled provinces are attacked last"
    )


def test_rio_falling_ends_the_game_with_no_winner() -> None:
    session = _first_example()
    # Rio's defence is the Imperial area: 2 tokens against power 3.
    session.add(
        _attacks(
            ("paraguay", RGS, "held"),
            ("paraguay", URUGUAY, "held"),
            ("paraguay", SAO_PAULO, "held"),
            ("paraguay", "rio", "fell"),
        )
    )
    state = session.state
    assert state.status is mg.Status.FINISHED
    assert state.ending is mg.Ending.RIO_OCCUPIED
    document = mg.state_document(state)
    assert document["result"]["winners"] == []
    assert session.refused({"type": "end_round", "improvements": []})[0]["message"] == (
        "The game has ended; only undo is accepted"
    )


def test_light_tracking_asks_the_table_and_lowers_the_die_by_the_tokens_lost() -> None:
    session = Session(setup(3, "light"))
    session.quiet_round(governor="Bia")
    session.add({"type": "adjust", "paraguay_die": 2})
    session.until_offensives(governor="Ana")
    plan = mg.plan_offensive(session.state, {"paraguay": PARAGUAY_TOUCHES})
    # A player's troops are not tracked: the table says held or fell.
    assert [(a.target, a.defence, a.falls) for a in plan] == [(RGS, None, None)]
    plan = mg.plan_offensive(
        session.state,
        {"paraguay": PARAGUAY_TOUCHES},
        answers=[Attack(source="paraguay", target=RGS, fell=True, lost=2)],
    )
    assert [(a.target, a.falls, a.lost) for a in plan] == [(RGS, True, 2)]
    session.add(
        {
            "type": "offensive",
            "attacks": [
                {"source": "paraguay", "target": RGS, "result": "fell", "lost": 2}
            ],
        }
    )
    assert session.state.paraguay_die == 1
    assert list(session.state.occupied) == [RGS]


@pytest.mark.parametrize("lost", [3, 4])
def test_light_tracking_refuses_more_tokens_lost_than_the_power_can_beat(
    lost: int,
) -> None:
    session = Session(setup(3, "light"))
    session.quiet_round(governor="Bia")
    session.add({"type": "adjust", "paraguay_die": 2})
    session.until_offensives(governor="Ana")
    refused = session.refused(
        {
            "type": "offensive",
            "attacks": [
                {"source": "paraguay", "target": RGS, "result": "fell", "lost": lost}
            ],
        }
    )
    assert refused[0]["path"].endswith("attacks[0].lost")


def test_grouped_ruling_takes_a_players_provinces_together() -> None:
    session = Session(setup(3, rulings={"offensive_order": "grouped"}))
    session.quiet_round(governor="Bia")
    session.add(
        {
            "type": "adjust",
            "paraguay_die": 2,
            "players": {
                "Ana": {"provinces": {RGS: {"troops": 4}, GOYAZ: {"troops": 4}}},
                "Bia": {"provinces": {URUGUAY: {"troops": 4}}},
            },
        }
    )
    session.until_offensives(governor="Ana")
    plan = mg.plan_offensive(session.state, {"paraguay": [URUGUAY, RGS, GOYAZ]})
    assert [a.target for a in plan[:3]] == [RGS, GOYAZ, URUGUAY]
