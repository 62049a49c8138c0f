"""A whole 3-player game, full tracking, played through the pages (htmx and no-JS).

The moves come from the engine's random legal player (`tests.play.random_games`),
sent as the helpers' forms send them. The game ends as the engine's own replay
of the same moves ends, its exported log replays to the same state, and its
final sheet, opened pre-filled and saved, scores as `score_sheet` scores it.
"""

from __future__ import annotations

import random
import re
from typing import Any

from django.test import Client
from django.urls import reverse

from assistant import selectors
from assistant.concordia import adapter, presenters
from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from games.models import SeatResult, TableSession
from scoring import parse_concordia, score_sheet
from tests.assistant.refills import Refills
from tests.conftest import sheet_post_data
from tests.play.random_games import play_to_the_end

HTMX = {"HX-Request": "true"}
# Seed 3: 116 events, one of them with goods that did not fit (``drop``).
SEED = 3


def _form(event: dict[str, Any], state: adapter.State) -> dict[str, Any]:
    """The POST body of the helper's form for a ``play`` event."""
    data: dict[str, Any] = {"card": event["card"]}
    if "copy" in event:
        data["copy"] = event["copy"]
        copied = state.players[state.seat_of(event["copy"]) or 0].discard[-1]
        data["copied"] = copied
    if "build" in event:
        data["build"] = event["build"]
    if "province" in event:
        data["province"] = event["province"]
    if event.get("cash"):
        data["cash"] = "1"
    for good, amount in event.get("trade", {}).items():
        data[f"trade_{good}"] = amount
    if "buy" in event:
        if len(event["buy"]) == 1:
            data["buy_one"] = event["buy"][0]
        else:
            data["buy"] = event["buy"]
    for good, amount in event.get("pay", {}).items():
        data[f"pay_{good}"] = amount
    if "colonist" in event:
        data["colonist"] = event["colonist"]
    if "place" in event:
        data["place_land"] = event["place"].count("land")
        data["place_sea"] = event["place"].count("sea")
    names = [p.name for p in state.players]
    for name, goods in event.get("drop", {}).items():
        for good, amount in goods.items():
            data[f"drop-{names.index(name)}-{good}"] = amount
    return data


def test_a_whole_game_through_the_pages_ends_as_the_engine_and_the_sheet_say(
    client: Client, alice: Any, club: Any
) -> None:
    played = play_to_the_end(random.Random(SEED), players=3, tracking="full")
    assert str(played.state.status) == "finished"
    header: dict[str, Any] = {
        "map": "imperium",
        "tracking": "full",
        "intermediate_scoring": False,
        "players": [{"name": p.name, "colour": p.colour} for p in played.log.players],
        "cities": {c: g.value for c, g in (played.log.cities or {}).items()},
        "display": list(played.log.display),
    }
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name=header["map"],
        tracking="full",
        intermediate_scoring=False,
        players=[(p["name"], p["colour"]) for p in header["players"]],
        cities=header["cities"],
        display=header["display"],
    )
    client.force_login(alice)
    kwargs = {"club_slug": club.slug, "game_id": game.pk}
    play_url = reverse("assistant:game-play", kwargs=kwargs)
    reveal_url = reverse("assistant:game-reveal", kwargs=kwargs)
    turns = 0
    undone: set[str] = set()
    refills = Refills()

    def send(number: int, event: dict[str, Any], htmx: bool) -> Any:
        """Post the event as the pages do; a refill only the pages left open."""
        game.refresh_from_db()
        headers = HTMX if htmx else {}
        if event["type"] == "reveal":
            cards = refills.to_send(event["cards"])
            if not cards:
                return None
            response = client.post(
                reveal_url, {"seq": game.head_seq, "card": cards}, headers=headers
            )
            refills.placed(game, cards)
            return response
        body = {"seq": game.head_seq, "key": f"{number:032x}"}
        response = client.post(
            play_url, body | _form(event, selectors.game_state(game)), headers=headers
        )
        refills.placed(game)
        if event.get("reveal") and (cards := refills.to_send(event["reveal"])):
            game.refresh_from_db()
            client.post(reveal_url, {"seq": game.head_seq, "card": cards})
            refills.placed(game, cards)
        return response

    for number, event in enumerate(played.documents):
        game.refresh_from_db()
        state = selectors.game_state(game)
        before, ahead = game.head_seq, list(refills.ahead)
        htmx = number % 2 == 1
        if event["type"] != "reveal":
            turns += 1
        response = send(number, event, htmx)
        if response is None:
            # The pages placed this refill themselves, with the purchase.
            continue
        assert response.status_code == (200 if htmx else 302), number
        if number % 7 == 3:
            # Undo through the page, check the state is the one before, redo.
            # A purchase and a tapped refill are two events: two undos.
            game.refresh_from_db()
            for _undo in range(game.head_seq - before):
                game.refresh_from_db()
                undo = client.post(
                    reverse("assistant:game-undo", kwargs=kwargs),
                    {"seq": game.head_seq},
                    headers=HTMX if htmx else {},
                )
                assert undo.status_code == (200 if htmx else 302)
            assert adapter.rules.state_document(
                selectors.game_state(game)
            ) == adapter.rules.state_document(state), (number, event["type"])
            undone.add(event.get("card", event["type"]))
            refills.ahead = ahead
            send(number + 10_000, event, htmx=False)
        if htmx:
            assert b'class="problems"' not in response.content, (
                number,
                event,
                response.content.decode().split("<li>")[1][:200],
            )
    assert turns >= 40
    # Undone through the page: plays of many kinds, and reveals.
    assert len(undone) >= 6, undone
    final = selectors.game_state(game)
    assert adapter.rules.state_document(final) == adapter.rules.state_document(
        played.state
    )
    # The exported log replays (as replay_log does) to the same end.
    exported = client.get(reverse("assistant:game-export", kwargs=kwargs)).json()
    assert adapter.rules.state_document(
        adapter.rules.replay(exported)
    ) == adapter.rules.state_document(played.state)

    # The end: the sheet opens with everything tracked, and saving it scores
    # exactly what score_sheet makes of the engine's final sheet.
    page = client.get(reverse("assistant:game-turn", kwargs=kwargs)).content.decode()
    assert 'id="open-sheet"' in page
    response = client.post(reverse("assistant:game-finish", kwargs=kwargs))
    session = TableSession.objects.get(assistant_game=game)
    sheet_url = reverse(
        "games:session-sheet", kwargs={"club_slug": club.slug, "session_id": session.pk}
    )
    assert response["Location"] == sheet_url
    document, missing = presenters.final_sheet_document(final)
    assert missing == ()
    sheet = parse_concordia(document)
    form = client.get(sheet_url).content.decode()
    for seat, board in enumerate(sheet.players):
        assert f'name="s{seat}-sestertii" value="{board.sestertii}"' in form
        assert f'name="s{seat}-provinces" value="{board.provinces}"' in form
    # The strip shows every total at once, before anything is typed.
    assert re.findall(r"data-total>(\d+)<", form) == [
        str(score.total) for score in score_sheet(sheet).players
    ]
    seats = list(session.seats.select_related("player").order_by("seat_order"))
    saved = client.post(sheet_url, sheet_post_data(sheet, seats, version=1))
    assert saved.status_code == 302
    expected = score_sheet(sheet)
    totals = dict(
        SeatResult.objects.filter(session=session).values_list(
            "seat__player__name", "total"
        )
    )
    assert totals == {score.name: score.total for score in expected.players}
    # The turn screen now leads to the saved game's sheet; finishing again
    # hands over the same game, never a second one.
    page = client.get(reverse("assistant:game-turn", kwargs=kwargs)).content.decode()
    assert f'href="{sheet_url}" id="open-sheet"' in page
    client.post(reverse("assistant:game-finish", kwargs=kwargs))
    assert TableSession.objects.filter(club=club).count() == 1
    assert AssistantGame.objects.get(pk=game.pk).session == session
