"""The Emperor phase: events and referendums (play §5; rulebook "Fase do Imperador")."""

from __future__ import annotations

from typing import Any

import pytest

from play import magnanimous as mg
from tests.play.magnanimous.builders import Session, setup


def _to_emperor(cards: int = 1, **kwargs: Any) -> Session:
    """Round 1 with ``cards`` put on the Throne Room pile, then round 2 starts."""
    session = Session(setup(2, **kwargs))
    session.until_offensives(governor="Bia")
    session.add({"type": "offensive", "attacks": []})
    option = mg.place_options(session.state)[0]
    deputy = next(s for q, s, _ in option.spaces if q is mg.Quadrant.DEPUTY)
    session.add(
        {
            "type": "place",
            "player": session.current,
            "from": option.province,
            "quadrant": "deputy",
            "space": deputy,
            "action": "throne",
            "cards": cards,
        }
    )
    session.until_end_of_round()
    session.end_round()
    return session


def _minister(session: Session, player: str, party: str, votes: int) -> None:
    session.add(
        {"type": "effect", "source": "baron:test", "changes": {"nobility": {player: 1}}}
    )
    session.add(
        {
            "type": "minister",
            "player": player,
            "space": 1,
            "party": party,
            "votes": votes,
            "keep": "new",
        }
    )


REFERENDUM = {
    "type": "reveal",
    "card": "Lei do Ventre Livre",
    "kind": "referendum",
    "party": "conservative",
    "republic": 2,
    "nobility": 1,
}


def test_round_two_starts_with_the_emperor_phase_and_the_first_player_reveals() -> None:
    session = _to_emperor(2)
    state = session.state
    assert (state.round, state.phase, state.throne_pile) == (2, mg.Phase.EMPEROR, 2)
    assert (mg.turn(state).player, mg.turn(state).expects) == ("Bia", mg.Expects.REVEAL)
    banner = mg.banner(state)
    assert banner.emperor_skipped is False


def test_round_one_skips_the_emperor_phase() -> None:
    state = Session(setup(2)).state
    banner = mg.banner(state)
    assert banner.emperor_skipped is True
    assert (
        banner.steps[0].text
        == "No Emperor phase this round: the Throne Room pile is empty"
    )


def test_an_event_moves_the_republic_at_once_and_leaves_at_the_end_of_the_round() -> (
    None
):
    session = _to_emperor(1)
    session.add({"type": "reveal", "card": "Guerra", "kind": "event", "republic": -1})
    # Republic 3 after round 1, −1 at once.
    assert session.state.republic == 2
    assert session.state.events_in_play == ("Guerra",)
    assert session.state.phase is mg.Phase.PRODUCTION
    session.quiet_round(governor="Ana")
    assert session.state.events_in_play == ()


def test_an_approved_referendum_gives_the_top_contributor_nobility_and_the_card() -> (
    None
):
    session = _to_emperor(1)
    _minister(session, "Ana", "conservative", 2)
    session.add(REFERENDUM)
    sheet = mg.vote_sheet(session.state)
    assert sheet is not None
    assert [
        (r.name, r.ministers_for, r.ministers_against, r.cards) for r in sheet.rows
    ] == [
        ("Bia", None, None, 5),
        ("Ana", 2, None, 5),
    ]
    session.add(
        {
            "type": "vote",
            "votes": {
                "Ana": {"for": {"ministers": 2, "cards": 1}},
                "Bia": {"against": {"cards": 2}},
            },
        }
    )
    ana = session.player("Ana")
    # Winner: Nobility +1 + the card's modifier 1 (1 → 3); Republic + 2 after approval.
    assert (ana.nobility, ana.referendums) == (3, 1)
    assert session.state.republic == 5
    # The 3 cards voted go to the discard pile; hands were refilled to 5 at the end of round 1.
    assert session.state.discard_pile == 3
    assert (ana.hand, session.player("Bia").hand) == (4, 3)


@pytest.mark.parametrize(
    ("ruling", "approved"), [("approved", True), ("rejected", False)]
)
def test_for_equal_to_against_follows_the_tables_a9_ruling(
    ruling: str, approved: bool
) -> None:
    session = _to_emperor(1, rulings={"referendum_tie": ruling})
    session.add(REFERENDUM)
    session.add(
        {
            "type": "vote",
            "votes": {"Ana": {"for": {"cards": 1}}, "Bia": {"against": {"cards": 1}}},
        }
    )
    assert (session.player("Ana").referendums == 1) is approved
    # A rejected referendum goes to the discard pile, its Republic modifier unused.
    assert session.state.republic == (5 if approved else 3)


def test_no_vote_in_favour_is_never_approved() -> None:
    session = _to_emperor(1)
    session.add(REFERENDUM)
    session.add({"type": "vote", "votes": {}})
    assert [p.referendums for p in session.state.players] == [0, 0]
    # Rejected: the card goes to the discard pile.
    assert session.state.discard_pile == 1


def test_a_tie_for_the_most_votes_in_favour_asks_for_an_auction() -> None:
    session = _to_emperor(1)
    session.add(REFERENDUM)
    session.add(
        {
            "type": "vote",
            "votes": {"Ana": {"for": {"cards": 1}}, "Bia": {"for": {"other": 1}}},
        }
    )
    turn = mg.turn(session.state)
    assert (turn.expects, turn.auction) == (mg.Expects.AUCTION, ("Bia", "Ana"))
    assert session.refused({"type": "reveal", "card": "x", "kind": "event"})[0][
        "message"
    ] == ("The players tied for the most votes in favour bid first (auction)")
    reis = session.player("Ana").reis
    session.add({"type": "auction", "winner": "Ana", "paid": 3})
    assert session.player("Ana").reis == reis - 3
    assert session.player("Ana").referendums == 1


def test_a_minister_votes_only_its_partys_way_as_one_block() -> None:
    session = _to_emperor(1)
    _minister(session, "Ana", "conservative", 2)
    session.add(REFERENDUM)
    position = len(session.document["events"])
    assert session.refused(
        {"type": "vote", "votes": {"Ana": {"for": {"ministers": 1}}}}
    ) == [
        {
            "path": f"events[{position}].votes.Ana.for.ministers",
            "message": "Ana's conservative minister casts 2 votes as one block, or none; 1 given",
        }
    ]
    # A Conservative minister cannot vote against a Conservative referendum.
    assert (
        session.refused(
            {"type": "vote", "votes": {"Ana": {"against": {"ministers": 2}}}}
        )[0]["message"]
        == "Ana has no liberal minister"
    )


def test_deputies_vote_by_party_and_leave_the_board() -> None:
    session = _to_emperor(
        1,
        starts={"Ana": {"reis": 5, "deputies": {"liberal": 2}}, "Bia": {"reis": 5}},
    )
    session.add(REFERENDUM)
    assert (
        session.refused({"type": "vote", "votes": {"Ana": {"for": {"deputies": 1}}}})[
            0
        ]["message"]
        == "Ana has 0 conservative deputies; 1 voted"
    )
    session.add({"type": "vote", "votes": {"Ana": {"against": {"deputies": 2}}}})
    assert session.player("Ana").deputies[mg.Party.LIBERAL] == 0


def test_a_player_below_the_minimum_title_casts_no_vote() -> None:
    session = _to_emperor(1)
    session.add({**REFERENDUM, "min_title": "viscount"})
    assert (
        session.refused({"type": "vote", "votes": {"Bia": {"for": {"cards": 1}}}})[0][
            "message"
        ]
        == "Bia is below viscount and casts no vote in this referendum"
    )


def test_nothing_but_the_vote_follows_a_referendum() -> None:
    session = _to_emperor(1)
    session.add(REFERENDUM)
    assert session.refused(
        {
            "type": "take",
            "player": "Bia",
            "province": "green:cotton",
            "quadrant": "cotton",
            "space": 0,
        }
    )[0]["message"] == ("The referendum “Lei do Ventre Livre” is put to the vote first")
