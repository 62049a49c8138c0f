"""The end of a round through the pages: the auction of a tied referendum, the
nobles' tie-break, the Republic proclaimed first and the fall of Rio de Janeiro."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from assistant import services
from assistant.interface import Move
from assistant.models import AssistantGame
from tests.assistant.magnanimous.conftest import post_move, state, url


def record(game: AssistantGame, user: User, event: dict[str, Any]) -> None:
    """An event as the API sends it (what the page forms were tested for elsewhere)."""
    game.refresh_from_db()
    services.move_submit(
        game=game,
        move=Move(action="event", document=event),
        expected_seq=game.head_seq,
        idempotency_key=f"e{game.head_seq}",
        created_by=user,
    )


def to_the_offensives(client: Client, game: AssistantGame, governor: str) -> None:
    while state(game).expects.value in ("take", "govern"):
        now = state(game)
        if now.current_player == governor and not now.governed:
            post_move(client, game, "govern", liberate="", track="republic")
            continue
        free = [
            p.name
            for p in now.players[now.seat].provinces
            if p.die is None and not p.occupied
        ]
        post_move(client, game, "take", province=free[0])


def to_the_end_of_round(client: Client, game: AssistantGame) -> None:
    while state(game).expects.value == "place":
        now = state(game)
        die = next(
            p.name
            for p in now.players[now.seat].provinces
            if p.die is not None and not p.occupied
        )
        post_move(client, game, "place", **{"from": die, "action": "none"})


@pytest.mark.django_db
def test_two_nobles_on_20_break_the_tie_by_their_votes(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    record(duo, alice, {"type": "adjust", "nobility": {"Ana": 19, "Bia": 19}})
    to_the_offensives(client, duo, "Bia")
    record(duo, alice, {"type": "offensive", "attacks": []})
    # Both discard a card: 19 → 20 (no crown on 20).
    now = state(duo)
    for _ in range(2):
        now = state(duo)
        die = next(p.name for p in now.players[now.seat].provinces if p.die is not None)
        post_move(client, duo, "place", **{"from": die, "action": "discard"})
    to_the_end_of_round(client, duo)
    page = client.get(url(duo, "game-turn")).content.decode()
    assert "A noble reached space 20 of Nobility" in page
    post_move(client, duo, "end_round")
    now = state(duo)
    assert now.expects.value == "tiebreak"
    page = client.get(url(duo, "game-turn")).content.decode()
    assert 'id="tiebreak-form"' in page
    assert 'name="votes_0"' in page
    assert 'name="votes_1"' in page
    post_move(client, duo, "tiebreak", votes_0="2", votes_1="3")
    now = state(duo)
    assert now.status.value == "finished"
    assert [now.players[seat].name for seat in now.winners] == ["Bia"]
    page = client.get(url(duo, "game-turn")).content.decode()
    assert "A noble reached space 20 of Nobility: Bia" in page


@pytest.mark.django_db
def test_a_tied_referendum_goes_to_an_auction(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    to_the_offensives(client, trio, "Bia")
    record(trio, alice, {"type": "offensive", "attacks": []})
    # Bia puts 1 card on the Throne Room; the rest place without acting.
    now = state(trio)
    die = next(p.name for p in now.players[now.seat].provinces if p.die is not None)
    post_move(client, trio, "place", **{"from": die, "action": "throne", "cards": "1"})
    to_the_end_of_round(client, trio)
    post_move(client, trio, "end_round")
    post_move(
        client,
        trio,
        "reveal",
        card="Voto",
        kind="referendum",
        party="liberal",
        nobility="0",
    )
    # Bia and Caio each give 1 card for: tied for the most votes for.
    rows = {
        p.name: i
        for i, p in enumerate(state(trio).players[i] for i in state(trio).order)
    }
    votes: dict[str, Any] = {
        f"for_cards_{rows['Bia']}": "1",
        f"for_cards_{rows['Caio']}": "1",
    }
    post_move(client, trio, "vote", **votes)
    now = state(trio)
    assert now.expects.value == "auction"
    page = client.get(url(trio, "game-turn")).content.decode()
    assert 'id="auction-form"' in page
    assert 'value="Bia"' in page
    assert 'value="Caio"' in page
    assert 'name="winner" value="Ana"' not in page
    post_move(client, trio, "auction", winner="Caio", paid="2")
    now = state(trio)
    caio = now.players[2]
    assert (caio.nobility, caio.referendums) == (1, 1)
    assert now.pending_ministers  # the crown on space 1


@pytest.mark.django_db
def test_the_republic_is_proclaimed_first_and_the_sheet_opens_with_it(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    record(duo, alice, {"type": "adjust", "republic": 17, "nobility": {"Ana": 20}})
    page = client.get(url(duo, "game-turn")).content.decode()
    assert "The Republic will be proclaimed at the end of this round" in page
    to_the_offensives(client, duo, "Bia")
    record(duo, alice, {"type": "offensive", "attacks": []})
    to_the_end_of_round(client, duo)
    assert state(duo).republic == 20
    post_move(client, duo, "end_round")
    now = state(duo)
    assert now.ending.value == "republic"
    assert now.winners == ()
    duo.refresh_from_db()
    response = client.post(url(duo, "game-finish"))
    sheet = client.get(response["Location"])
    forms = sheet.context["forms"]
    assert forms.table.initial["ending"] == "republic"
    assert [f.initial["nobility"] for f in forms.seat_forms] == [20, 0]


@pytest.mark.django_db
def test_rio_falls_to_a_power_above_the_imperial_area(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    record(duo, alice, {"type": "adjust", "paraguay_die": 2})
    to_the_offensives(client, duo, "Bia")
    assert state(duo).paraguay_die == 3
    helper = url(duo, "magnanimous-offensive")
    page = client.post(
        helper, {"source": "paraguay", "target": "rio", "result": "held"}
    )
    # The table tapped "held", but 3 against the Imperial area's 2 takes Rio.
    assert page.context["rows"][0]["falls"] is True
    duo.refresh_from_db()
    client.post(
        helper,
        {
            "go": "record",
            "seq": duo.head_seq,
            "key": "rio",
            "attack": page.context["declared"],
        },
    )
    now = state(duo)
    assert now.ending.value == "rio_occupied"
    body = client.get(url(duo, "game-turn")).content.decode()
    assert "Rio de Janeiro fell" in body
