"""Full tracking through the pages: the contract's worked round (docs/magnanimous-log.md)
entered on the wizard, the setup page and the turn's forms, to its stated state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from assistant.magnanimous import adapter
from assistant.models import AssistantGame
from clubs.models import Club
from tests.assistant.magnanimous.conftest import post_move, state, url

DATA = Path(__file__).resolve().parents[2] / "play" / "magnanimous" / "data"


def wizard(club: Club, step: str = "") -> str:
    name = "assistant:magnanimous-create" + (f"-{step}" if step else "")
    return reverse(name, kwargs={"club_slug": club.slug})


def place(
    client: Client, game: AssistantGame, die: str, where: str, **fields: Any
) -> None:
    response = post_move(
        client, game, "place", **{"from": die, "where": where, **fields}
    )
    assert response.status_code == 302
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == []


def take(
    client: Client, game: AssistantGame, province: str, where: str, **fields: Any
) -> None:
    response = post_move(client, game, "take", province=province, where=where, **fields)
    assert response.status_code == 302
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == []


@pytest.mark.django_db
def test_the_worked_round_entered_on_the_pages_reaches_its_stated_state(
    client: Client, alice: User, club: Club
) -> None:
    client.force_login(alice)
    client.post(
        wizard(club), {"seat0_new_name": "Ana", "seat1_new_name": "Bia", "go": "next"}
    )
    draft = client.session[f"assistant-setup-draft:magnanimous:{club.pk}"]["key"]
    client.post(wizard(club, "seating"), {"draft": draft, "start": "0", "go": "next"})
    client.post(wizard(club, "tracking"), {"draft": draft, "tracking": "full"})
    response = client.post(wizard(club, "rulings"), {"draft": draft, "go": "skip"})
    game = AssistantGame.objects.get(club=club)
    assert game.setup["tracking"] == "full"
    setup_page = client.get(response["Location"]).content.decode()
    assert 'id="enter-start"' in setup_page

    # The Barons and the tiles, as the example lays them.
    start = url(game, "magnanimous-setup-start")
    form = {
        "tile0": "fortification",
        "tile1": "railway",
        "tile2": "machinery",
        "tile3": "warehouse",
        "s0_baron": "Invented baron A",
        "s0_reis": "5",
        "s0_goods_cotton": "1",
        "s0_troops_leather": "1",
        "s0_ships": "1",
        "s1_baron": "Invented baron B",
        "s1_reis": "6",
        "s1_goods_sugar": "1",
        "s1_ships": "1",
        "s1_deputies_conservative": "1",
    }
    assert client.post(start, form).status_code == 302
    game.refresh_from_db()
    assert state(game).players[1].reis == 6

    # events[0]: Ana's Precise cotton, Bia joins (paying the bank).
    page = client.get(url(game, "magnanimous-take") + "?where=cotton:0")
    assert 'name="join_1"' in page.content.decode()
    take(
        client,
        game,
        "red:cotton",
        "cotton:0",
        mode="precise",
        join_1="1",
        join_1_province="green:cotton",
    )
    event = game.events.get(seq=1).document
    assert event["joiners"] == [{"player": "Bia", "province": "green:cotton"}]
    # The setup can no longer change.
    assert client.get(start).status_code == 302

    turn = client.get(url(game, "game-turn")).content.decode()
    assert 'id="take-dice"' in turn
    page = client.get(url(game, "magnanimous-take") + "?where=leather:0")
    assert page.status_code == 200
    take(client, game, "green:leather", "leather:0")
    take(client, game, "red:leather", "recruit:0")
    assert post_move(client, game, "govern", liberate="").status_code == 302
    take(client, game, "red:coffee", "deputy:0", party="conservative")
    take(client, game, "green:sugar", "improvement:0", improvement="warehouse")
    take(client, game, "red:sugar", "ship:0", ship_to="port")
    take(client, game, "green:coffee", "recruit:1")
    take(client, game, "green:cotton", "cotton:1")

    # The offensives: with full tracking the app knows Uruguay's defence (0).
    helper = url(game, "magnanimous-offensive")
    planned = client.post(
        helper, {"source": "paraguay", "target": "green:leather", "result": "held"}
    )
    assert planned.context["rows"][0]["falls"] is True
    assert planned.context["rows"][0]["defence"] == 0
    game.refresh_from_db()
    client.post(
        helper,
        {
            "go": "record",
            "seq": game.head_seq,
            "key": "o",
            "attack": planned.context["declared"],
        },
    )

    page = client.get(url(game, "magnanimous-place") + "?from=green:sugar")
    body = page.content.decode()
    assert 'id="place-full"' in body
    # The free spaces only, each with its actions.
    assert "deputy, space 1: Cards to the Throne Room" in body
    assert "sugar, space" not in body  # both sugar dice are still in the Action area
    place(client, game, "green:sugar", "deputy:0", action="throne", cards="2")
    place(client, game, "red:coffee", "improvement:0", action="discard")
    post_move(client, game, "minister", party="liberal", votes="1", keep="new")
    place(client, game, "green:cotton", "cotton:0", action="sell")
    place(client, game, "red:cotton", "cotton:1", action="sell")
    place(client, game, "green:coffee", "leather:0", action="none")
    place(client, game, "red:sugar", "ship:0", action="sail")
    place(client, game, "red:leather", "recruit:0", action="none")
    response = post_move(
        client,
        game,
        "end_round",
        tile0="railway",
        tile1="warehouse",
        tile2="fortification",
        tile3="machinery",
    )
    assert response.status_code == 302
    expected = json.loads((DATA / "worked-round.state.json").read_text("utf-8"))
    assert adapter.rules.state_document(state(game)) == expected
    # The panel shows the counts full tracking keeps.
    panel = client.get(url(game, "game-turn")).content.decode()
    assert 'data-name="Ana" data-reis="4"' in panel
    assert 'data-name="Bia" data-reis="3"' in panel
    assert "ships: 1 in the port, 1 in Rio" in panel


@pytest.mark.django_db
def test_a_full_correction_sets_the_reis_as_they_lie(
    client: Client, alice: User, club: Club
) -> None:
    from tests.assistant.magnanimous.conftest import new_game

    game = new_game(club, alice, ("Ana", "Bia"))
    game.setup = {
        **game.setup,
        "tracking": "full",
        "improvements": ["railway"] * 4,
        "seats": [{"baron": "", "start": {}}, {"baron": "", "start": {}}],
    }
    game.save()
    client.force_login(alice)
    panel = client.get(url(game, "game-turn")).content.decode()
    assert 'name="reis_1"' in panel
    response = post_move(
        client,
        game,
        "adjust",
        nobility_0="0",
        nobility_1="0",
        hand_0="5",
        hand_1="5",
        reis_0="7",
        reis_1="2",
        republic="0",
        paraguay_die="6",
        imperial="2",
    )
    assert response.status_code == 302
    now = state(game)
    assert [p.reis for p in now.players] == [7, 2]


@pytest.mark.django_db
def test_a_player_joins_a_precise_nobles_action_from_the_page(
    client: Client, alice: User, club: Club
) -> None:
    from assistant import services
    from assistant.interface import Move
    from tests.assistant.magnanimous.conftest import new_game

    worked = json.loads((DATA / "worked-round.json").read_text("utf-8"))
    game = new_game(club, alice, ("Ana", "Bia"))
    game.players = [
        {"name": p["name"], "colour": p["colour"]} for p in worked["players"]
    ]
    game.setup = {
        **game.setup,
        "tracking": "full",
        "improvements": worked["improvements"],
        "seats": [
            {"baron": p["baron"], "start": p["start"]} for p in worked["players"]
        ],
    }
    game.save()
    # The worked round up to Bia's first Nobles action.
    for seq, event in enumerate(worked["events"][:11]):
        services.move_submit(
            game=game,
            move=Move(action="event", document=event),
            expected_seq=seq,
            idempotency_key=f"w{seq}",
            created_by=alice,
        )
    client.force_login(alice)
    page = client.get(
        url(game, "magnanimous-place") + "?from=red:coffee"
    ).content.decode()
    assert 'name="join_1"' in page
    place(
        client,
        game,
        "red:coffee",
        "improvement:0",
        action="discard",
        mode="precise",
        join_1="1",
    )
    event = game.events.get(seq=12).document
    assert event["joiners"] == [{"player": "Bia"}]
    now = state(game)
    assert [p.nobility for p in now.players] == [1, 1]
    assert len(now.pending_ministers) == 2  # both reached the crown on space 1


def _worked_game(club: Club, alice: User) -> AssistantGame:
    """The contract's worked round, full tracking, up to Bia's first Nobles action."""
    from assistant import services
    from assistant.interface import Move
    from tests.assistant.magnanimous.conftest import new_game

    worked = json.loads((DATA / "worked-round.json").read_text("utf-8"))
    game = new_game(club, alice, ("Ana", "Bia"))
    game.players = [
        {"name": p["name"], "colour": p["colour"]} for p in worked["players"]
    ]
    game.setup = {
        **game.setup,
        "tracking": "full",
        "improvements": worked["improvements"],
        "seats": [
            {"baron": p["baron"], "start": p["start"]} for p in worked["players"]
        ],
    }
    game.save()
    for seq, event in enumerate(worked["events"][:11]):
        services.move_submit(
            game=game,
            move=Move(action="event", document=event),
            expected_seq=seq,
            idempotency_key=f"w{seq}",
            created_by=alice,
        )
    return game


@pytest.mark.django_db
def test_a_precise_nobles_action_taken_again_from_the_page(
    client: Client, alice: User, club: Club
) -> None:
    game = _worked_game(club, alice)
    client.force_login(alice)
    page = client.get(
        url(game, "magnanimous-place") + "?from=red:coffee"
    ).content.decode()
    # The second action's own fields, and each joiner's for the actions that need several.
    for name in (
        "again",
        "again_move_from",
        "again_target",
        "again_cards",
        "again_tokens",
    ):
        assert f'name="{name}"' in page
    for name in ("join_1_move_from", "join_1_count", "join_1_cards", "join_1_tokens"):
        assert f'name="{name}"' in page
    place(
        client,
        game,
        "red:coffee",
        "improvement:0",
        action="discard",
        mode="precise",
        again="1",
    )
    event = game.events.get(seq=12).document
    assert event["mode"] == "precise"
    assert event["again"] == {}
    # Without Precise, no second action: refused by the field, nothing recorded.
    game2 = _worked_game(club, alice)
    response = post_move(
        client,
        game2,
        "place",
        **{"from": "red:coffee", "where": "improvement:0"},
        action="discard",
        mode="act",
        again="1",
        htmx=True,
    )
    assert "Only a Precise action is taken a second time" in response.content.decode()
    assert game2.events.count() == 11


def test_joiners_and_again_read_each_action_s_own_fields() -> None:
    from django.http import QueryDict

    from assistant.interface import Move, RulesRefused
    from assistant.magnanimous import moves

    class Seat:
        def __init__(self, name: str) -> None:
            self.name = name

    class Table:
        seat = 0
        players = (Seat("Ana"), Seat("Bia"), Seat("Caio"))

    data = QueryDict(mutable=True)
    data.update(
        {
            "action": "troops",
            "join_1": "1",
            "join_1_move_from": "green:cotton",
            "join_1_move_to": "green:sugar",
            "join_1_move_count": "2",
            "join_2": "1",
            "join_2_action": "sell",
            "join_2_province": "blue:coffee",
        }
    )
    joiners = moves._nobles_joiners(Table(), Move.from_form("place", data))  # type: ignore[arg-type]
    assert joiners == [
        {
            "player": "Bia",
            "move": {"from": "green:cotton", "to": "green:sugar", "count": 2},
        },
        {"player": "Caio", "action": "sell", "province": "blue:coffee"},
    ]
    data.update({"action": "attack", "join_1_count": "x"})
    with pytest.raises(RulesRefused) as refused:
        moves._nobles_joiners(Table(), Move.from_form("place", data))  # type: ignore[arg-type]
    assert refused.value.problems[0].path == "join_1_attack_from"
    export = QueryDict(mutable=True)
    export.update(
        {"again_commerce_space": "2", "again_tokens": "3", "again_via": "rio"}
    )
    assert moves._nobles_full("export", Move.from_form("place", export), "again_") == {
        "commerce_space": 2,
        "tokens": 3,
        "via": "rio",
    }
