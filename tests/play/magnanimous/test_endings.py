"""The end of the round and the three endings (play §11; rulebook "Fim da Rodada")."""

from __future__ import annotations

from play import magnanimous as mg
from tests.play.magnanimous.builders import Session, setup


def _to_end_of_round(tracking: str = "full", **kwargs: object) -> Session:
    session = Session(setup(2, tracking, **kwargs))  # type: ignore[arg-type]
    session.until_offensives(governor="Bia")
    session.add({"type": "offensive", "attacks": []})
    session.until_end_of_round()
    return session


def test_the_republic_phase_adds_three_and_the_round_ends() -> None:
    session = _to_end_of_round()
    state = session.state
    assert state.republic == 3
    assert (state.phase, mg.turn(state).expects) == (
        mg.Phase.END_OF_ROUND,
        mg.Expects.END_ROUND,
    )
    session.end_round()
    assert (session.state.round, session.state.phase) == (2, mg.Phase.PRODUCTION)
    assert session.state.tile_pile == 72


def test_republic_at_twenty_is_proclaimed_and_victory_points_decide() -> None:
    session = _to_end_of_round()
    session.add({"type": "adjust", "republic": 20, "nobility": {"Ana": 20}})
    assert mg.republic(session.state).proclaimed is True
    assert (
        mg.banner(session.state).warning
        == "The Republic will be proclaimed at the end of this round"
    )
    # Republic first (A1): even with a noble on 20.
    assert mg.endings(session.state).kind is mg.Ending.REPUBLIC
    session.end_round()
    document = mg.state_document(session.state)
    assert document["ending"] == {"kind": "republic", "round": 1}
    assert document["sheet"]["ending"] == "republic"
    assert document["result"]["ending"] == "republic"
    assert [p["court"] for p in document["result"]["players"]] == [12, 0]


def test_a_noble_who_reached_twenty_earlier_in_the_round_wins_with_the_a1_race_ruling() -> (
    None
):
    session = _to_end_of_round(rulings={"republic_first": False})
    session.add(
        {"type": "effect", "source": "event:x", "changes": {"nobility": {"Ana": 20}}}
    )
    for space in (1, 4, 7, 10, 13, 16, 19):
        session.add(
            {
                "type": "minister",
                "player": "Ana",
                "space": space,
                "party": "liberal",
                "votes": 1,
                "keep": "none",
            }
        )
    session.add({"type": "effect", "source": "event:y", "changes": {"republic": 17}})
    session.end_round()
    assert (session.state.ending, session.state.winners) == (mg.Ending.NOBILITY, (0,))


def test_one_noble_on_twenty_wins() -> None:
    session = _to_end_of_round()
    session.add({"type": "adjust", "nobility": {"Bia": 20}})
    session.end_round()
    state = session.state
    assert (state.ending, [state.players[s].name for s in state.winners]) == (
        mg.Ending.NOBILITY,
        ["Bia"],
    )
    assert mg.state_document(state)["result"]["winners"] == ["Bia"]


def test_two_nobles_on_twenty_vote_ministers_and_deputies_count_then_who_was_first() -> (
    None
):
    session = _to_end_of_round(
        starts={
            "Ana": {"reis": 5, "deputies": {"liberal": 2}},
            "Bia": {"reis": 5, "deputies": {"conservative": 1}},
        }
    )
    session.add(
        {"type": "effect", "source": "event:x", "changes": {"nobility": {"Bia": 20}}}
    )
    for space in (1, 4, 7, 10, 13, 16, 19):
        session.add(
            {
                "type": "minister",
                "player": "Bia",
                "space": space,
                "party": "liberal",
                "votes": 1,
                "keep": "new" if space == 1 else "none",
            }
        )
    session.add(
        {"type": "effect", "source": "event:y", "changes": {"nobility": {"Ana": 20}}}
    )
    for space in (1, 4, 7, 10, 13, 16, 19):
        session.add(
            {
                "type": "minister",
                "player": "Ana",
                "space": space,
                "party": "liberal",
                "votes": 1,
                "keep": "none",
            }
        )
    session.end_round()
    assert mg.turn(session.state).expects is mg.Expects.TIEBREAK
    # The log knows Ana's 2 deputies, Bia's deputy and minister: 2 against 2.
    assert dict(mg.endings(session.state).tiebreak) == {"Bia": 2, "Ana": 2}
    session.add({"type": "tiebreak", "votes": {"Ana": 0, "Bia": 0}})
    state = session.state
    # Equal votes: Bia reached 20 first.
    assert [state.players[s].name for s in state.winners] == ["Bia"]
    sheet = mg.final_sheet(state).document
    assert [
        (p["votes"], p.get("reached_20_first", False)) for p in sheet["players"]
    ] == [
        (2, False),
        (2, True),
    ]
    assert mg.state_document(state)["result"]["winners"] == ["Bia"]


def test_light_tracking_sheet_lists_what_the_players_read_off_the_table() -> None:
    session = _to_end_of_round("light")
    session.add(
        {"type": "adjust", "republic": 20, "occupied": ["red:coffee", "yellow:port"]}
    )
    session.end_round()
    document = mg.state_document(session.state)
    assert "result" not in document
    assert document["missing"] == [
        f"players[{seat}].{name}"
        for seat in (0, 1)
        for name in ("commerce_spaces", "commerce_tokens", "troops", "reis")
    ]
    assert document["sheet"]["players"][0] == {
        "name": "Ana",
        "nobility": 0,
        "referendums": 0,
        "occupied_provinces": 1,
        "governor": False,
    }
    assert document["sheet"]["players"][1]["governor"] is True


def test_hands_refill_from_the_deck_and_the_discard_pile_when_it_runs_out() -> None:
    session = _to_end_of_round()
    session.add(
        {
            "type": "effect",
            "source": "event:x",
            "changes": {"hand": {"Ana": -5, "Bia": -5}},
        }
    )
    session.add({"type": "adjust", "players": {}})
    deck = session.state.deck
    session.end_round()
    assert [p.hand for p in session.state.players] == [5, 5]
    assert session.state.deck == deck - 10
