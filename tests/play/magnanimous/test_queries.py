"""The queries the assistant's pages ask (``play.magnanimous`` docstring), on the worked round."""

from __future__ import annotations

import json
from pathlib import Path

from play import magnanimous as mg
from tests.play.magnanimous.builders import Session, setup

WORKED = json.loads(
    (Path(__file__).parent / "data" / "worked-round.json").read_text(encoding="utf-8")
)


def _after(count: int) -> mg.State:
    return mg.replay_document({**WORKED, "events": WORKED["events"][:count]})


def test_rulings_default_to_the_digests_readings() -> None:
    log = mg.load_log({**WORKED, "events": []})
    assert log.rulings.document() == {
        "republic_first": True,
        "troop_limit": 4,
        "absent_ports_uncontrolled": True,
        "referendum_tie": "approved",
        "recruit_province": "die",
        "sold_action_buyers": "each",
        "offensive_order": "round_robin",
        "failed_attack": "keep",
        "precise_nobles_joiners_pay": False,
    }
    assert mg.log_document(log)["rulings"] == log.rulings.document()


def test_turn_and_banner_through_the_first_round() -> None:
    start = _after(0)
    turn = mg.turn(start)
    assert (turn.player, turn.expects, turn.governor, turn.order) == (
        "Ana",
        mg.Expects.TAKE,
        "Ana",
        ("Ana", "Bia"),
    )
    banner = mg.banner(start)
    assert (banner.round, banner.phase, banner.emperor_skipped) == (
        1,
        mg.Phase.PRODUCTION,
        True,
    )
    assert [step.done for step in banner.steps] == [True, False, False]
    # After Bia's govern the first player is Bia; Ana, whose board is full, is skipped later.
    assert mg.turn(_after(4)).governor == "Bia"
    assert mg.turn(_after(8)).player == "Bia"
    offensives = _after(9)
    assert mg.banner(offensives).phase is mg.Phase.OFFENSIVES
    assert mg.turn(offensives).player == "Bia"


def test_purple_die_value_place_and_rio_effect() -> None:
    start = mg.purple_die(_after(0))
    assert (start.value, start.on, start.offensive_value, start.rio_effect) == (
        6,
        "paraguay",
        1,
        "liberate",
    )
    assert dict(start.title_money) == {"Ana": 0, "Bia": 0}
    on_card = mg.purple_die(_after(4))
    assert (on_card.value, on_card.on) == (6, "rio_card")
    # The offensives: 6 + 1 → 1; the Rio effect for 1 is the train.
    at_war = mg.purple_die(_after(9))
    assert (at_war.value, at_war.on, at_war.rio_effect) == (1, "paraguay", "train")
    assert mg.title_money(7) == 6


def test_take_options_list_the_dice_a_player_may_take() -> None:
    options = mg.take_options(_after(8))  # Bia, only green:cotton free
    assert {(o.quadrant.value, o.space) for o in options} == {
        ("cotton", 1),
        ("improvement", 1),
        ("deputy", 1),
        ("ship", 1),
    }
    assert all(o.provinces == ("green:cotton",) and o.cost == 1 for o in options)


def test_place_options_give_the_new_value_and_the_free_spaces() -> None:
    options = mg.place_options(_after(11))  # Nobles, Bia placed: Ana's turn
    assert [(o.province, o.value, o.new_value) for o in options] == [
        ("red:cotton", 1, 2),
        ("red:sugar", 1, 2),
        ("red:leather", 1, 2),
        ("red:coffee", 1, 2),
    ]
    assert {(q.value, s) for q, s, _ in options[0].spaces} == {
        ("cotton", 0),
        ("cotton", 1),
        ("leather", 0),
        ("recruit", 0),
        ("recruit", 1),
        ("improvement", 0),
        ("ship", 0),
    }


def test_tracks_war_map_and_commerce_after_the_round() -> None:
    state = _after(19)
    assert [
        (row.name, row.nobility, row.title.value, row.next_crown)
        for row in mg.nobility(state)
    ] == [
        ("Ana", 1, "viscount", 4),
        ("Bia", 0, "baron", 1),
    ]
    republic = mg.republic(state)
    assert (republic.position, republic.commerce_open, republic.proclaimed) == (
        3,
        3,
        False,
    )
    assert [
        (s.space, s.good.value, s.reis) for s in mg.commerce_spaces(state, "Ana")
    ] == [
        (0, "cotton", 0),
        (1, "sugar", 1),
        (2, "leather", 2),
        (3, "coffee", 3),
    ]
    war = mg.war_map(state)
    assert war.imperial_area == 2
    assert war.uncontrolled == ("blue", "yellow")
    assert [
        (o.province, o.owner, o.since_round, o.attacks_this_round) for o in war.occupied
    ] == [("green:leather", "Bia", 1, True)]
    assert mg.endings(state).kind is None


def test_vote_outcome_shows_approval_and_the_auction() -> None:
    session = Session(setup(3, "light", rulings={"referendum_tie": "rejected"}))
    state = session.state
    assert mg.vote_outcome(state, {"Ana": 2, "Bia": 1}, {"Caio": 3}) == mg.VoteOutcome(
        total_for=3, total_against=3, approved=False, winner=None, auction=()
    )
    outcome = mg.vote_outcome(state, {"Ana": 2, "Bia": 2}, {"Caio": 1})
    assert (outcome.approved, outcome.winner, outcome.auction) == (
        True,
        None,
        ("Ana", "Bia"),
    )


def test_a_finished_light_game_pre_fills_what_it_knows() -> None:
    session = Session(setup(2, "light"))
    session.add({"type": "adjust", "nobility": {"Ana": 9}})
    session.add({"type": "effect", "source": "event:x", "changes": {"occupy": ["rio"]}})
    sheet = mg.final_sheet(session.state)
    assert sheet.document["ending"] == "rio_occupied"
    assert sheet.document["players"][0]["nobility"] == 9
    assert len(sheet.missing) == 8
