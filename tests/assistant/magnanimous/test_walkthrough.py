"""A 3-player light game of Magnanimous played through the assistant's pages, to a saved sheet.

Ana (red, the first Governor), Bia (green) and Caio (blue); yellow is
uncontrolled. Every move is a form the turn panel posts, as a phone without
JavaScript sends it; the numbers asserted are the rulebook's (play §5–§11).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from assistant.models import AssistantGame
from games.models import TableSession
from tests.assistant.magnanimous.conftest import post_move, state, url


def answer_ministers(client: Client, game: AssistantGame) -> int:
    """Answer every queued Minister prompt (a Liberal of 1 vote, taken); return how many."""
    answered = 0
    while state(game).pending_ministers:
        response = post_move(
            client, game, "minister", party="liberal", votes="1", keep="new"
        )
        assert response.status_code == 302
        answered += 1
    return answered


def production(
    client: Client, game: AssistantGame, governor: str, **effect: Any
) -> None:
    """Every player takes dice on their free provinces; ``governor`` takes the card first."""
    while True:
        now = state(game)
        if now.expects is None or now.expects.value not in ("take", "govern"):
            return
        if now.current_player == governor and not now.governed:
            response = post_move(client, game, "govern", **effect)
        else:
            free = [
                p.name
                for p in now.players[now.seat].provinces
                if p.die is None and not p.occupied
            ]
            response = post_move(client, game, "take", province=free[0])
        assert response.status_code == 302
        assert not [m for m in response.wsgi_request._messages if m.level >= 40]


def nobles(
    client: Client, game: AssistantGame, plays: dict[str, list[dict[str, Any]]]
) -> None:
    """Each player places their dice in turn: the actions in ``plays`` first, then "none"."""
    while state(game).expects is not None and state(game).expects.value == "place":
        now = state(game)
        player = now.current_player
        assert player is not None
        die = next(
            p.name
            for p in now.players[now.seat].provinces
            if p.die is not None and not p.occupied
        )
        queued = plays.get(player) or []
        fields: dict[str, Any] = queued.pop(0) if queued else {"action": "none"}
        response = post_move(client, game, "place", **{"from": die, **fields})
        assert response.status_code == 302
        answer_ministers(client, game)


@pytest.mark.django_db
def test_a_light_game_through_two_rounds_to_a_saved_sheet(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    first = state(trio)
    assert [(p.name, p.colour.value) for p in first.players] == [
        ("Ana", "red"),
        ("Bia", "green"),
        ("Caio", "blue"),
    ]
    assert first.phase.value == "production"  # round 1: no Emperor phase

    # Round 1. Bia becomes Governor with the die on 6: "liberate", nothing occupied.
    production(client, trio, "Bia", liberate="")
    now = state(trio)
    assert now.expects.value == "offensive"
    assert now.paraguay_die == 1  # back from the card: 6 + 1 → 1
    assert now.players[now.governor].name == "Bia"

    # The offensives' helper: Paraguay takes Bia's leather province, nobody lost.
    helper = url(trio, "magnanimous-offensive")
    page = client.post(
        helper,
        {
            "source": "paraguay",
            "target": "green:leather",
            "result": "fell",
            "lost": "0",
        },
    )
    assert page.status_code == 200
    body = page.content.decode()
    assert "leather (green)" in body
    assert "power 1" in body
    trio.refresh_from_db()
    recorded = client.post(
        helper,
        {
            "go": "record",
            "seq": trio.head_seq,
            "key": "offensive-1",
            "attack": "paraguay|green:leather|fell|",
        },
    )
    assert recorded.status_code == 302
    now = state(trio)
    assert dict(now.occupied) == {"green:leather": 1}
    assert now.paraguay_die == 1
    assert now.expects.value == "place"
    assert now.current_player == "Bia"  # the Governor places first

    # Nobles: Bia puts 2 cards on the Throne Room, Ana discards one (a crown).
    nobles(
        client,
        trio,
        {
            "Bia": [{"action": "throne", "cards": "2"}],
            "Ana": [{"action": "discard"}],
        },
    )
    now = state(trio)
    assert now.republic == 3
    assert now.expects.value == "end_round"
    ana = now.players[0]
    assert (ana.nobility, ana.title.value) == (1, "viscount")
    assert post_move(client, trio, "end_round").status_code == 302

    # Round 2: the Emperor phase reveals Bia's two cards, Bia first.
    now = state(trio)
    assert (now.round, now.phase.value, now.current_player) == (2, "emperor", "Bia")
    post_move(client, trio, "reveal", card="Lei Áurea", kind="event", republic="1")
    post_move(
        client,
        trio,
        "reveal",
        card="Reforma",
        kind="referendum",
        party="liberal",
        republic="0",
        nobility="1",
    )
    assert state(trio).expects.value == "vote"
    # Ana's Liberal minister votes for (1), Caio one card against: 1–1, a tie approves.
    sheet_rows = {row.name: row.index for row in _vote_rows(client, trio)}
    votes: dict[str, Any] = {
        f"for_ministers_{sheet_rows['Ana']}": "1",
        f"against_cards_{sheet_rows['Caio']}": "1",
    }
    post_move(client, trio, "vote", **votes)
    now = state(trio)
    assert now.republic == 4
    assert now.players[0].nobility == 3  # 1 + 1 + the card's 1
    assert now.players[0].referendums == 1
    assert now.phase.value == "production"

    # Production: Caio governs with the die on 1 (a train trip, told to the table).
    production(client, trio, "Caio")
    now = state(trio)
    assert now.paraguay_die == 2
    assert now.expects.value == "offensive"
    recorded = client.post(
        helper,
        {"go": "record", "seq": state_head(trio), "key": "offensive-2"},
    )
    assert recorded.status_code == 302
    assert state(trio).expects.value == "place"

    # Nobles: Ana exports 5 tokens from each of her 4 dice: Nobility 3 → 20.
    nobles(
        client,
        trio,
        {"Ana": [{"action": "export", "tokens": "5"} for _ in range(4)]},
    )
    now = state(trio)
    assert now.players[0].nobility == 20
    assert post_move(client, trio, "end_round").status_code == 302
    now = state(trio)
    assert now.status.value == "finished"
    assert now.ending.value == "nobility"

    # The final sheet: created, pre-filled, saved, finished.
    trio.refresh_from_db()
    response = client.post(url(trio, "game-finish"))
    assert response.status_code == 302
    trio.refresh_from_db()
    assert trio.session_id is not None
    session = TableSession.objects.get(pk=trio.session_id)
    sheet_page = client.get(response["Location"])
    assert sheet_page.status_code == 200
    forms = sheet_page.context["forms"]
    assert forms.table.initial["ending"] == "nobility"
    assert [f.initial["nobility"] for f in forms.seat_forms] == [20, 0, 0]
    assert [f.initial["referendums"] for f in forms.seat_forms] == [1, 0, 0]
    assert [f.initial["occupied_provinces"] for f in forms.seat_forms] == [0, 1, 0]
    governor = next(s.seat_order for s in forms.seats if s.player.name == "Caio")
    assert forms.table.initial["governor"] == governor

    # The table counts the rest and saves: the game is finished and scored.
    data: dict[str, Any] = {
        "ending": "nobility",
        "governor": governor,
        "version": session.version,
    }
    for index, form in enumerate(forms.seat_forms):
        for name in form.fields:
            value = form.initial.get(name)
            data[f"s{index}-{name}"] = "" if value is None else value
    saved = client.post(response["Location"], data)
    assert saved.status_code == 302, saved.context and saved.context.get(
        "live_problems"
    )
    session.refresh_from_db()
    assert session.is_finished
    winners = [r.seat.player.name for r in session.results.all() if r.won]
    assert winners == ["Ana"]


def state_head(game: AssistantGame) -> int:
    game.refresh_from_db()
    return game.head_seq


def _vote_rows(client: Client, game: AssistantGame) -> Any:
    from assistant.magnanimous import presenters

    view = presenters.vote_view(state(game))
    assert view is not None
    return view.rows
