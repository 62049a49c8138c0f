"""The assistant's pages, with htmx and without JavaScript."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.concordia import adapter, presenters
from assistant.concordia import services as concordia_services
from assistant.concordia import setup as concordia_setup
from assistant.concordia.labels import card_label
from assistant.models import AssistantEvent, AssistantGame
from scoring.types import Good
from tests.assistant.conftest import example
from tests.markup import by_id, elements, has_id
from tests.play.random_games import play_to_the_end

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def bob_phone(bob: Any) -> Client:
    other = Client()
    other.force_login(bob)
    return other


def _url(name: str, game: AssistantGame, **extra: Any) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk, **extra},
    )


def _post_play(
    client: Client, game: AssistantGame, data: dict[str, Any], *, htmx: bool = False
) -> Any:
    game.refresh_from_db()
    body = {"seq": game.head_seq, "key": "", **data}
    return client.post(_url("play", game), body, headers=HTMX if htmx else {})


def test_the_club_page_links_to_the_assistant(ana_phone, club):
    response = ana_phone.get(club.get_absolute_url())
    assert reverse("assistant:game-list", kwargs={"club_slug": "lisboa"}) in (
        response.content.decode()
    )


def test_setting_up_a_game_without_javascript(ana_phone, club):
    # The wizard's first screen, "Start with the usual setup" (tests/assistant/test_wizard.py
    # walks the other screens).
    response = ana_phone.post(
        reverse("assistant:game-create", kwargs={"club_slug": "lisboa"}),
        {
            "seat0_new_name": "Ana",
            "seat0_colour": "red",
            "seat1_new_name": "Bia",
            "seat2_new_name": "Caio",
            "seat2_colour": "blue",
            "go": "start",
        },
    )
    game = AssistantGame.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == _url("setup", game)
    assert [p["name"] for p in game.players] == ["Ana", "Bia", "Caio"]
    assert [p["colour"] for p in game.players] == ["red", "green", "blue"]
    page = ana_phone.get(_url("setup", game)).content.decode()
    # §2 setup: 5, 6, 7 sestertii in seating order; the last player holds the PM.
    money = elements(page, "li", data_sestertii=None)
    assert [(li.text.split(":")[0], li.attrs["data-sestertii"]) for li in money] == [
        ("Ana", "5"),
        ("Bia", "6"),
        ("Caio", "7"),
    ]
    assert "Caio" in by_id(page, "setup-praefectus").text
    assert by_id(page, "setup-decks").attrs["data-decks"] == "I,II,III"


def test_a_game_needs_two_players(ana_phone, club):
    response = ana_phone.post(
        reverse("assistant:game-create", kwargs={"club_slug": "lisboa"}),
        {"seat0_new_name": "Ana", "go": "start"},
    )
    assert response.status_code == 200
    assert "A game needs at least 2 players." in response.content.decode()
    assert not AssistantGame.objects.exists()


def test_the_turn_screen_whole_and_as_a_partial(ana_phone, light_game):
    page = ana_phone.get(_url("turn", light_game))
    partial = ana_phone.get(_url("turn", light_game), headers=HTMX)
    assert b"<html" in page.content
    assert b"<html" not in partial.content
    assert b'id="turn-panel"' in partial.content
    # The fragment names whose turn it is in the tab's title (htmx sets it);
    # the whole page has its one title in its head.
    (title,) = elements(partial.content.decode(), "title")
    assert title.text == "Ana · Table assistant"
    assert page.content.decode().count("<title>") == 1
    text = page.content.decode()
    assert '<strong id="current-player">Ana</strong>' in text
    assert elements(text, "header", class_="whose")[0].attrs["data-turn"] == "1"
    (praefectus,) = elements(text, "li", class_="player-row", data_praefectus=None)
    assert praefectus.text.startswith("Caio ")
    hand = {
        link.attrs["href"].rpartition("card=")[2]: link.text
        for link in elements(text, "a", class_="card-button")
    }
    for card in ("Tribune", "Architect", "Prefect", "Mercator", "Senator"):
        assert hand[card].startswith(card_label(card))
    assert hand["Prefect"].endswith("×2")
    assert page["Vary"] == "HX-Request" or "HX-Request" in page["Vary"]


def test_a_light_turn_is_a_card_and_a_confirmation(ana_phone, light_game):
    helper = ana_phone.get(_url("play", light_game) + "?card=Mercator", headers=HTMX)
    assert b'id="turn-panel"' in helper.content
    income = by_id(helper.content.decode(), "mercator-income")
    assert income.attrs["data-sestertii"] == "3"
    response = _post_play(ana_phone, light_game, {"card": "Mercator"}, htmx=True)
    assert response.status_code == 200
    assert '<strong id="current-player">Bia</strong>' in response.content.decode()
    assert light_game.events.get().document == {
        "type": "play",
        "player": "Ana",
        "card": "Mercator",
    }


def test_a_move_without_javascript_redirects_to_the_turn_screen(ana_phone, light_game):
    response = _post_play(ana_phone, light_game, {"card": "Mercator"})
    assert response.status_code == 302
    assert response["Location"] == light_game.get_absolute_url()
    assert light_game.events.count() == 1


def test_a_refused_move_says_why_and_records_nothing(ana_phone, light_game):
    response = _post_play(
        ana_phone, light_game, {"card": "Prefect", "province": "Atlantis"}, htmx=True
    )
    assert response.status_code == 200
    assert b'class="problems"' in response.content
    assert light_game.events.count() == 0


def test_the_later_of_two_phones_gets_the_fresh_state_and_a_message(
    ana_phone, bob_phone, light_game
):
    seen = light_game.head_seq
    ana_phone.post(
        _url("play", light_game), {"seq": seen, "card": "Mercator"}, headers=HTMX
    )
    late = bob_phone.post(
        _url("play", light_game), {"seq": seen, "card": "Mercator"}, headers=HTMX
    )
    text = late.content.decode()
    assert has_id(text, "move-conflict")
    assert '<strong id="current-player">Bia</strong>' in text
    assert light_game.events.count() == 1


def test_the_losing_phone_is_told_what_it_tried_and_what_was_recorded(
    ana_phone, bob_phone, light_game
):
    # Issue #25 item 2: the alert names both moves, with a button to dismiss it
    # (shown by app.js, which keeps the alert out of the panel the poll reloads).
    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    late = bob_phone.post(
        _url("play", light_game), {"seq": 0, "card": "Prefect"}, headers=HTMX
    )
    alert = by_id(late.content.decode(), "move-conflict")
    assert "data-keep" in alert.attrs
    assert by_id(late.content.decode(), "race-tried").text == (
        "Your move, not recorded: Ana · Prefect"
    )
    assert by_id(late.content.decode(), "race-recorded").text == (
        "Recorded first: Ana · Mercator"
    )
    assert light_game.events.count() == 1


def test_a_lost_undo_names_the_moves_recorded_first(ana_phone, bob_phone, light_game):
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    assert light_game.events.count() == 2
    late = bob_phone.post(_url("undo", light_game), {"seq": 1}, headers=HTMX)
    text = late.content.decode()
    assert by_id(text, "race-tried").text == "Your move, not recorded: Undo"
    assert by_id(text, "race-recorded").text == "Recorded first: Bia · Mercator"


def test_without_javascript_a_lost_race_is_told_on_the_turn_page(
    ana_phone, bob_phone, light_game
):
    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    late = bob_phone.post(
        _url("play", light_game), {"seq": 0, "card": "Prefect"}, follow=True
    )
    text = late.content.decode()
    assert "Your move, not recorded: Ana · Prefect" in text
    assert "Recorded first: Ana · Mercator" in text


def test_the_same_tap_sent_twice_records_one_event(ana_phone, light_game):
    data = {"seq": 0, "card": "Mercator", "key": "0" * 31 + "1"}
    ana_phone.post(_url("play", light_game), data)
    ana_phone.post(_url("play", light_game), data)
    assert light_game.events.count() == 1


def test_undo_through_the_page(ana_phone, light_game):
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    response = ana_phone.post(
        _url("undo", light_game), {"seq": 1, "key": ""}, headers=HTMX
    )
    assert '<strong id="current-player">Ana</strong>' in response.content.decode()
    assert [e.document["type"] for e in light_game.events.all()] == ["play", "undo"]


def test_the_head_answers_204_until_something_changes(ana_phone, bob_phone, light_game):
    head = _url("head", light_game)
    assert bob_phone.get(head, {"seq": 0}, headers=HTMX).status_code == 204
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    changed = bob_phone.get(head, {"seq": 0}, headers=HTMX)
    assert changed.status_code == 200
    assert json.loads(changed["HX-Trigger"]) == {"assistant-changed": {"seq": 1}}
    assert bob_phone.get(head, {"seq": 1}, headers=HTMX).status_code == 204
    # Without htmx, a change sends the browser to the turn screen.
    assert bob_phone.get(head, {"seq": 0}).status_code == 302


def test_the_turn_screen_polls_the_head_and_reloads_on_a_change(ana_phone, light_game):
    text = ana_phone.get(_url("turn", light_game)).content.decode()
    assert f'hx-get="{_url("head", light_game)}?game={light_game.pk}&amp;t=' in text
    assert 'hx-trigger="every 1500ms, poll-now"' in text
    assert 'hx-trigger="assistant-changed from:body"' in text
    assert by_id(text, "head-seq").attrs["value"] == "0"
    assert elements(text, "input", name="sheet")[0].attrs["value"] == "0"


def test_a_phone_hears_that_another_opened_the_final_sheet(
    ana_phone, bob_phone, club, alice
):
    # Opening the sheet records no event, yet it closes the game: the other
    # phone's poll must hear it (and stop offering undo), not wait for a reload.
    game = _finished_game(club, alice)
    head = _url("head", game)
    seen = {"seq": game.head_seq, "sheet": "0"}
    assert bob_phone.get(head, seen, headers=HTMX).status_code == 204
    ana_phone.post(_url("finish", game))
    game.refresh_from_db()
    assert game.session_id is not None
    changed = bob_phone.get(head, seen, headers=HTMX)
    assert changed.status_code == 200
    assert "assistant-changed" in json.loads(changed["HX-Trigger"])
    turn = bob_phone.get(_url("turn", game), headers=HTMX).content.decode()
    assert elements(turn, "input", name="sheet")[0].attrs["value"] == "1"
    assert not has_id(turn, "undo")
    assert bob_phone.get(head, {**seen, "sheet": "1"}, headers=HTMX).status_code == 204


def test_a_senator_buys_and_the_display_is_refilled(ana_phone, light_game):
    # Ana plays her Mercator, Bia her Senator, buying the card at position 1.
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    bought = light_game.setup["display"][0]
    helper = ana_phone.get(_url("play", light_game) + "?card=Senator").content.decode()
    assert f'name="buy_one" value="{bought}"' in helper
    _post_play(ana_phone, light_game, {"card": "Senator", "buy_one": bought})
    state = selectors.game_state(light_game)
    # Deck I's one card left after the deal is the only one that can come:
    # the page places it (see test_walkthrough). Caio buys next: deck II has
    # several cards, and the group taps the one drawn.
    (last_of_deck_one,) = set(concordia_setup.deck_cards(1)) - set(
        light_game.setup["display"]
    )
    assert state.display[-1] == last_of_deck_one
    _post_play(ana_phone, light_game, {"card": "Senator", "buy_one": state.display[0]})
    state = selectors.game_state(light_game)
    assert state.display[-1] is None
    page = ana_phone.get(_url("turn", light_game)).content.decode()
    assert has_id(page, "refill-heading")
    assert len(presenters.turn_view(state).reveal_choices) > 1
    refill = presenters.turn_view(state).reveal_choices[0]
    ana_phone.post(_url("reveal", light_game), {"seq": 3, "card": refill})
    state = selectors.game_state(light_game)
    assert state.display[-1] == refill
    # §4: a bought card goes to the buyer's hand; the Senator to the discard pile.
    assert bought in state.players[1].hand
    assert state.players[1].discard == ("Senator",)


def test_the_worked_example_through_the_pages_gives_its_state(
    ana_phone, short_game, short_log
):
    """Every event of the contract's example, sent as the helpers' forms send it."""
    for number, event in enumerate(short_log["events"]):
        short_game.refresh_from_db()
        if event["type"] == "undo":
            ana_phone.post(_url("undo", short_game), {"seq": short_game.head_seq})
            continue
        data: dict[str, Any] = {"seq": short_game.head_seq, "card": event["card"]}
        if "build" in event:
            data["build"] = event["build"]
        if "province" in event:
            data["province"] = event["province"]
        if "buy" in event:
            data["buy_one"] = event["buy"][0]
        for good, amount in event.get("trade", {}).items():
            data[f"trade_{good}"] = amount
        if "copy" in event:
            data["copy"] = event["copy"]
            data["copied"] = "Mercator"
        if "colonist" in event:
            data["colonist"] = event["colonist"]
        # Odd turns with htmx, even ones without JavaScript.
        response = ana_phone.post(
            _url("play", short_game), data, headers=HTMX if number % 2 else {}
        )
        assert response.status_code == (200 if number % 2 else 302)
        if event.get("reveal"):
            # The refill tapped afterwards: a reveal event of its own.
            ana_phone.post(
                _url("reveal", short_game),
                {"seq": short_game.head_seq + 1, "card": event["reveal"]},
            )
    state = adapter.rules.state_document(selectors.game_state(short_game))
    expected = example("game-log-short.state.json")
    assert state == expected


def test_the_log_exports_as_a_game_log_document(ana_phone, light_game):
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    response = ana_phone.get(_url("export", light_game))
    document = json.loads(response.content)
    assert document["format"] == "game-log/1"
    assert document["events"] == [{"type": "play", "player": "Ana", "card": "Mercator"}]
    assert adapter.rules.replay(document).turn_number == 2


def test_join_by_code(bob_phone, light_game):
    url = reverse("assistant:game-join", kwargs={"club_slug": "lisboa"})
    code = light_game.join_code
    response = bob_phone.post(url, {"code": f" {code[:3].lower()} {code[3:]} "})
    assert response.status_code == 302
    assert response["Location"] == light_game.get_absolute_url()
    wrong = bob_phone.post(url, {"code": "ZZZZZZ"})
    assert "No game of this club has that code." in wrong.content.decode()
    # The QR code carries the same address.
    assert bob_phone.get(url, {"code": code}).status_code == 302


def test_the_share_page_draws_the_qr_code_on_the_server(ana_phone, light_game):
    text = ana_phone.get(_url("share", light_game)).content.decode()
    assert light_game.join_code in text
    assert "<svg" in text
    assert "style=" not in text.split('id="join-qr"')[1].split("</div>")[0]


def test_the_read_only_link_shows_the_game_and_cannot_play(client, light_game):
    url = reverse(
        "assistant:follow",
        kwargs={"club_slug": "lisboa", "follow_token": light_game.follow_token},
    )
    text = client.get(url).content.decode()
    assert '<strong id="current-player">Ana</strong>' in text
    assert "<form" not in text.split('id="turn-panel"')[1].split("</section>")[-2]
    assert 'method="post"' not in text.split("<main")[1].split("</main>")[0]
    # Nobody signed in: the moves' URLs send to sign in, and nothing is recorded.
    response = client.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert not AssistantEvent.objects.exists()


def test_a_revoked_read_only_link_is_not_found(ana_phone, client, light_game):
    url = reverse(
        "assistant:follow",
        kwargs={"club_slug": "lisboa", "follow_token": light_game.follow_token},
    )
    ana_phone.post(_url("share", light_game), {"action": "revoke"})
    assert client.get(url).status_code == 404


def test_the_display_and_city_tokens_entered_as_laid(ana_phone, short_game, short_log):
    from django.utils.text import slugify

    url = _url("setup-cities", short_game)
    cities = {
        f"city-{slugify(city)}": good for city, good in short_log["cities"].items()
    }
    # Lisbon's table: the same tokens, Londinium and Isca swapped; another display.
    cities["city-londinium"], cities["city-isca-dumnoniorum"] = "brick", "food"
    response = ana_phone.post(url, cities | {"action": "save"})
    assert response.status_code == 302
    short_game.refresh_from_db()
    assert short_game.setup["cities"]["Londinium"] == "brick"
    # A deal the token pool cannot make is refused with the board entry's reason.
    cities["city-tomis"] = "cloth"
    refused = ana_phone.post(url, cities | {"action": "save"})
    assert refused.status_code == 200
    assert has_id(refused.content.decode(), "cities-invalid")
    short_game.refresh_from_db()
    assert short_game.setup["cities"]["Tomis"] == "tool"
    display = ["I:Farmer", "I:Mercator", "I:Smith", "I:Prefect", "I:Colonist"]
    display += ["I:Architect", "I:Mason"]
    for number, card in enumerate(display):
        ana_phone.post(
            _url("setup-display", short_game),
            {"picked": display[:number], "add": card},
        )
    response = ana_phone.post(
        _url("setup-display", short_game), {"picked": display, "save": "1"}
    )
    assert response.status_code == 302
    short_game.refresh_from_db()
    assert short_game.setup["display"] == display


def test_the_setup_cannot_change_once_the_game_has_started(ana_phone, light_game):
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    before = list(light_game.setup["display"])
    response = ana_phone.post(
        _url("setup-display", light_game),
        {"picked": list(reversed(before)), "save": "1"},
    )
    assert has_id(response.content.decode(), "setup-started")
    light_game.refresh_from_db()
    assert light_game.setup["display"] == before


def test_an_exported_log_imports_as_a_game_in_play(ana_phone, club, short_log):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("assistant:game-import", kwargs={"club_slug": "lisboa"})
    upload = SimpleUploadedFile("log.json", json.dumps(short_log).encode())
    response = ana_phone.post(url, {"log": upload})
    game = AssistantGame.objects.get(club=club)
    assert response["Location"] == game.get_absolute_url()
    assert game.head_seq == 10
    assert selectors.game_log_document(game) == short_log
    assert adapter.rules.state_document(selectors.game_state(game)) == example(
        "game-log-short.state.json"
    )


def test_an_illegal_log_is_not_imported_and_says_where(ana_phone, club, short_log):
    from django.core.files.uploadedfile import SimpleUploadedFile

    short_log["events"][2]["player"] = "Ana"
    url = reverse("assistant:game-import", kwargs={"club_slug": "lisboa"})
    upload = SimpleUploadedFile("log.json", json.dumps(short_log).encode())
    response = ana_phone.post(url, {"log": upload})
    assert response.status_code == 200
    assert "events[2].player: " in response.content.decode()
    not_json = ana_phone.post(url, {"log": SimpleUploadedFile("x.json", b"{oops")})
    assert "it is not JSON text" in not_json.content.decode()
    assert not AssistantGame.objects.exists()


def test_every_helper_says_its_rule(ana_phone, light_game):
    from assistant.concordia.templatetags.concordia_assistant import card_rules

    text = ana_phone.get(_url("play", light_game) + "?card=Prefect").content.decode()
    rules = by_id(text, "card-rules")
    assert rules.tag == "details"
    assert " ".join(card_rules("Prefect").split()) in rules.text


def test_the_read_only_page_polls_its_own_head(client, light_game):
    kwargs = {"club_slug": "lisboa", "follow_token": light_game.follow_token}
    text = client.get(reverse("assistant:follow", kwargs=kwargs)).content.decode()
    assert f'hx-get="{reverse("assistant:follow-head", kwargs=kwargs)}?game=' in text
    head = reverse("assistant:follow-head", kwargs=kwargs)
    assert client.get(head, {"seq": 0}, headers=HTMX).status_code == 204


def test_abandon_from_the_turn_screen(ana_phone, light_game):
    text = ana_phone.get(_url("turn", light_game)).content.decode()
    assert 'id="abandon-form"' in text
    ana_phone.post(_url("abandon", light_game), {"seq": 0, "confirm": "yes"})
    text = ana_phone.get(_url("turn", light_game)).content.decode()
    assert elements(text, "header", class_="whose")[0].attrs["data-status"] == (
        "abandoned"
    )
    assert 'id="open-sheet"' not in text


def test_a_light_game_opens_its_sheet_with_the_cards_and_asks_the_rest(
    ana_phone, club, alice
):
    # A game that ends by purchase: a light Architect's 15th house is not on
    # the sheet (its houses are not tracked), which then asks for them.
    played = play_to_the_end(random.Random(3), players=3, tracking="light")
    assert str(played.state.status) == "finished"
    assert not played.state.pile
    game = AssistantGame.objects.create(
        club=club,
        game="concordia",
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        setup={
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
            "display": list(played.log.display),
        },
        created_by=alice,
    )
    for event in played.documents:
        services.event_append(game=game, document=event, expected_seq=None)
    response = ana_phone.post(_url("finish", game))
    sheet_page = ana_phone.get(response["Location"]).content.decode()
    document, missing = presenters.final_sheet_document(played.state)
    assert "players[0].sestertii" in missing
    players: list[dict[str, Any]] = document["players"]  # type: ignore[assignment]
    for seat, player in enumerate(players):
        for god, count in player["cards"].items():
            assert f'name="s{seat}-cards_{god}" value="{count}"' in sheet_page
        # Not tracked: the form's own starting value, for the group to type in.
        assert f'name="s{seat}-sestertii" value="0"' in sheet_page
    concordia = next(seat for seat, p in enumerate(players) if p["concordia_card"])
    assert re.search(
        rf'name="concordia_card" value="{concordia}"[^>]*checked', sheet_page
    )


def test_a_light_game_ended_by_a_15th_house_opens_its_sheet_with_all_it_tracked(
    ana_phone, club, alice
):
    # Light tracking counts no houses, so the Concordia card's holder shows
    # none: the sheet still opens with the cards, the Concordia card and the
    # Praefectus Magnus (it used to open empty), and asks for the houses.
    played = play_to_the_end(random.Random(2), players=3, tracking="light")
    assert played.documents[-3]["fifteenth_house"] is True
    assert any(played.state.display)  # not every card was bought
    game = _finished_game(club, alice)
    response = ana_phone.post(_url("finish", game))
    sheet_page = ana_phone.get(response["Location"]).content.decode()
    document, _missing = presenters.final_sheet_document(played.state)
    players: list[dict[str, Any]] = document["players"]  # type: ignore[assignment]
    for seat, player in enumerate(players):
        for god, count in player["cards"].items():
            assert f'name="s{seat}-cards_{god}" value="{count}"' in sheet_page
    holder = next(seat for seat, p in enumerate(players) if p["concordia_card"])
    assert holder == played.state.concordia_seat
    assert re.search(rf'name="concordia_card" value="{holder}"[^>]*checked', sheet_page)
    pm = [p["name"] for p in players].index(document["praefectus_magnus"])
    assert re.search(rf'name="praefectus_magnus" value="{pm}"[^>]*checked', sheet_page)
    # The houses are the table's to count: the form's own starting value.
    assert f'name="s{holder}-houses_brick" value="0"' in sheet_page


def test_full_tracking_corrects_a_player_to_what_lies_on_the_table(
    ana_phone, short_game, short_log
):
    for number, event in enumerate(short_log["events"][:3]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    url = _url("adjust", short_game)
    page = ana_phone.get(url, {"player": 1}).content.decode()
    assert 'name="sestertii" type="number" min="0" value="' in page
    data = {"player": 1, "seq": 3, "sestertii": 12, "colonists_board": 2}
    data |= {f"storehouse_{g}": 1 for g in ("brick", "food", "tool", "wine", "cloth")}
    data["colonists_storehouse"] = 4
    response = ana_phone.post(url, data)
    assert response.status_code == 302
    assert short_game.events.last().document == {
        "type": "adjust",
        "player": "Bia",
        "sestertii": 12,
        "storehouse": {"brick": 1, "food": 1, "tool": 1, "wine": 1, "cloth": 1},
        "colonists": {"board": 2, "storehouse": 4},
    }
    bia = selectors.game_state(short_game).players[1]
    assert bia.sestertii == 12
    # Undo withdraws the correction.
    ana_phone.post(_url("undo", short_game), {"seq": 4})
    assert selectors.game_state(short_game).players[1].sestertii != 12


def test_a_light_game_has_nothing_to_correct(ana_phone, light_game):
    response = ana_phone.get(_url("adjust", light_game), {"player": 0})
    assert response.status_code == 302
    assert response["Location"] == light_game.get_absolute_url()


def _finished_game(club: Any, alice: Any) -> AssistantGame:
    played = play_to_the_end(random.Random(2), players=3, tracking="light")
    game = AssistantGame.objects.create(
        club=club,
        game="concordia",
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        setup={
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
            "display": list(played.log.display),
        },
        created_by=alice,
    )
    for event in played.documents:
        services.event_append(game=game, document=event, expected_seq=None)
    return game


def test_no_undo_once_the_final_sheet_is_open(ana_phone, club, alice):
    game = _finished_game(club, alice)
    text = ana_phone.get(_url("turn", game)).content.decode()
    assert 'id="undo"' in text
    ana_phone.post(_url("finish", game))
    game.refresh_from_db()
    head, sheet = game.head_seq, game.session_id
    sheet_url = reverse(
        "games:session-sheet", kwargs={"club_slug": "lisboa", "session_id": sheet}
    )
    for headers in ({}, HTMX):
        text = ana_phone.get(_url("turn", game), headers=headers).content.decode()
        assert 'id="undo"' not in text
        assert f'href="{sheet_url}" id="sheet-link"' in text
    # A stale page's Undo is refused, with and without JavaScript.
    response = ana_phone.post(_url("undo", game), {"seq": head}, headers=HTMX)
    assert "the game is closed and can no longer be undone" in (
        response.content.decode()
    )
    response = ana_phone.post(_url("undo", game), {"seq": head}, follow=True)
    assert "the game is closed and can no longer be undone" in (
        response.content.decode()
    )
    game.refresh_from_db()
    assert game.head_seq == head
    assert str(selectors.game_state(game).status) == "finished"


@pytest.mark.parametrize("htmx", [False, True])
def test_a_senator_buying_with_any_good_asks_which_good(
    ana_phone, short_game, short_log, htmx
):
    for number, event in enumerate(short_log["events"][:3]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    # Ana holds 2 brick, 1 food, 1 tool, 1 wine, 1 cloth; the Architect at
    # place 2 costs 1 tool plus the surcharge's "any good".
    response = _post_play(
        ana_phone,
        short_game,
        {"card": "Senator", "buy_one": "I:Architect"},
        htmx=htmx,
    )
    assert response.status_code == 200
    page = response.content.decode()
    question = by_id(page, "pay-question")
    assert question.attrs["data-goods"] == "1"
    assert "Ana" in question.text
    options = re.findall(r'name="pay" value="([a-z+]+)"', page)
    assert options == ["brick", "food", "wine", "cloth"]
    short_game.refresh_from_db()
    assert short_game.head_seq == 3
    response = _post_play(
        ana_phone,
        short_game,
        {"card": "Senator", "buy": "I:Architect", "pay": "wine"},
        htmx=htmx,
    )
    short_game.refresh_from_db()
    assert short_game.head_seq == 4
    # Deck I's last card refills the display at once: the only one that can come.
    (last_of_deck_one,) = set(concordia_setup.deck_cards(1)) - set(short_log["display"])
    assert short_game.events.last().document == {
        "type": "play",
        "player": "Ana",
        "card": "Senator",
        "buy": ["I:Architect"],
        "pay": {"wine": 1},
        "reveal": [last_of_deck_one],
    }
    ana = selectors.game_state(short_game).players[0]
    assert dict(ana.storehouse.items())[Good("wine")] == 0


def test_a_senator_with_one_fitting_good_pays_it_without_asking(
    ana_phone, short_game, short_log
):
    for number, event in enumerate(short_log["events"][:3]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    services.event_append(
        game=short_game,
        document={
            "type": "adjust",
            "player": "Ana",
            "storehouse": {"brick": 0, "food": 0, "tool": 1, "wine": 1, "cloth": 0},
        },
        expected_seq=3,
    )
    response = _post_play(
        ana_phone, short_game, {"card": "Senator", "buy_one": "I:Architect"}
    )
    assert response.status_code == 302
    assert short_game.events.last().document["pay"] == {"wine": 1}


def test_full_tracking_shows_the_points_if_the_game_ended_now(
    ana_phone, short_game, short_log
):
    for number, event in enumerate(short_log["events"]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    standing = presenters.standing(selectors.game_state(short_game))
    assert standing is not None
    assert standing.points
    # Ana: Vesta 1 × (4 + 27)/10 = 3, Jupiter 0, Saturnus 2 × 1 province,
    # Mercurius 1 × 1 kind × 2, Mars 1 × 2 colonists × 2, Minerva: Mason 3 × 1 brick house.
    # Bia: (3 + 40)/10 = 4, 2 × 1, 2 × 1, 1 × 2 kinds × 2, 4. Caio: 53/10 = 5, Mars 4.
    assert [(row.name, row.values, row.total) for row in standing.rows] == [
        ("Ana", (3, 0, 2, 2, 4, 3, 0), 14),
        ("Bia", (4, 2, 2, 4, 4, 0, 0), 16),
        ("Caio", (5, 0, 0, 0, 4, 0, 0), 9),
    ]
    for headers in ({}, HTMX):
        page = ana_phone.get(_url("turn", short_game), headers=headers)
        text = page.content.decode()
        assert by_id(text, "standing").attrs["data-standing"] == "points"
        totals = re.findall(r'<td class="num total">(\d+)</td>', text)
        assert totals == ["14", "16", "9"]


@pytest.mark.parametrize("htmx", [False, True])
def test_light_prefect_cash_after_a_flip_says_count_the_coins(
    ana_phone, light_game, short_game, htmx
):
    headers = HTMX if htmx else {}
    text = ana_phone.get(
        _url("play", light_game) + "?card=Prefect", headers=headers
    ).content.decode()
    # Nothing is flipped yet: the cash is truly 0.
    assert by_id(text, "prefect-cash").attrs["data-cash"] == "0"
    _post_play(ana_phone, light_game, {"card": "Prefect", "province": "Italia"})
    assert selectors.game_state(light_game).coin_side == frozenset({"Italia"})
    text = ana_phone.get(
        _url("play", light_game) + "?card=Prefect", headers=headers
    ).content.decode()
    # A flipped marker's coins are not tracked: the page asks to count them.
    assert "data-cash" not in by_id(text, "prefect-cash").attrs
    # Full tracking knows the cities' goods, so it keeps the number.
    services.event_append(
        game=short_game,
        document={
            "type": "play",
            "player": "Ana",
            "card": "Prefect",
            "province": "Italia",
        },
        expected_seq=0,
    )
    text = ana_phone.get(
        _url("play", short_game) + "?card=Prefect", headers=headers
    ).content.decode()
    cash = presenters.helper_view(selectors.game_state(short_game), card="Prefect")
    assert cash is not None
    assert cash.prefect is not None
    assert cash.prefect.cash == 1
    assert by_id(text, "prefect-cash").attrs["data-cash"] == "1"


@pytest.mark.parametrize("htmx", [False, True])
def test_a_pending_refill_comes_first_and_the_hand_waits(ana_phone, light_game, htmx):
    headers = HTMX if htmx else {}
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    # Bia's purchase takes deck I's last card at once; Caio's needs a tap.
    for _buyer in ("Bia", "Caio"):
        display = selectors.game_state(light_game).display
        _post_play(ana_phone, light_game, {"card": "Senator", "buy_one": display[0]})
    text = ana_phone.get(_url("turn", light_game), headers=headers).content.decode()
    assert by_id(text, "refill-heading").tag == "h2"
    assert 'class="reveal refill-step"' in text
    # Ana's hand is not playable until the refill is entered.
    assert "Ana" in by_id(text, "hand-waiting").text
    assert 'id="hand"' not in text
    assert f'href="{_url("play", light_game)}?card=' not in text
    helper = ana_phone.get(_url("play", light_game) + "?card=Prefect", headers=headers)
    if htmx:
        assert 'id="refill-heading"' in helper.content.decode()
        assert 'id="helper-form"' not in helper.content.decode()
    else:
        assert helper.status_code == 302
        assert helper["Location"] == light_game.get_absolute_url()
    refill = presenters.turn_view(selectors.game_state(light_game)).reveal_choices[0]
    ana_phone.post(_url("reveal", light_game), {"seq": 3, "card": refill})
    text = ana_phone.get(_url("turn", light_game), headers=headers).content.decode()
    assert 'id="refill-heading"' not in text
    assert f'href="{_url("play", light_game)}?card=Prefect"' in text


def test_an_open_helper_is_not_swapped_away_when_the_game_moves_on(
    ana_phone, light_game
):
    helper = ana_phone.get(
        _url("play", light_game) + "?card=Prefect", headers=HTMX
    ).content.decode()
    panel = re.search(r'<section id="turn-panel"[^>]*>', helper)
    assert panel is not None
    # The helper's panel does not reload itself on the poll's event...
    assert "assistant-changed" not in panel.group(0)
    assert 'id="moved-notice"' in helper
    assert f'hx-get="{_url("turn", light_game)}?moved=1"' in helper
    assert 'hx-trigger="assistant-changed from:body"' in helper
    # ...the turn screen's does.
    turn = ana_phone.get(_url("turn", light_game), headers=HTMX).content.decode()
    panel = re.search(r'<section id="turn-panel"[^>]*>', turn)
    assert panel is not None
    assert 'hx-trigger="assistant-changed from:body"' in panel.group(0)
    # Another phone records a move; the poll tells, the notice comes.
    _post_play(ana_phone, light_game, {"card": "Mercator"})
    head = ana_phone.get(_url("head", light_game), {"seq": 0}, headers=HTMX)
    assert head.status_code == 200
    notice = ana_phone.get(
        _url("turn", light_game), {"moved": 1}, headers=HTMX
    ).content.decode()
    assert by_id(notice, "moved-on").attrs["role"] == "alert"
    assert elements(notice, "a", href=_url("turn", light_game))
    assert by_id(notice, "head-state").attrs["hx-swap-oob"] == "true"
    assert by_id(notice, "head-seq").attrs["value"] == "1"
    assert 'id="helper-form"' not in notice
    # Without JavaScript the turn page is the whole page, as before.
    page = ana_phone.get(_url("turn", light_game), {"moved": 1}).content.decode()
    assert 'id="hand"' in page


def test_the_list_puts_finished_games_apart_with_their_sheet(
    ana_phone, club, alice, light_game
):
    over = _finished_game(club, alice)
    sheet_opened = _finished_game(club, alice)
    services.game_finish(game=sheet_opened, created_by=alice)
    page = ana_phone.get(
        reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    ).content.decode()
    in_play, _sep, ended = page.partition('id="assistant-ended"')
    assert light_game.get_absolute_url() in in_play
    assert over.get_absolute_url() not in in_play
    assert len(elements(ended, "strong", data_status="finished")) == 2
    sheet_url = reverse(
        "games:session-sheet",
        kwargs={"club_slug": "lisboa", "session_id": sheet_opened.session_id},
    )
    assert f'href="{sheet_url}"' in ended
    assert f'href="{over.get_absolute_url()}"' in ended
    # The game without a sheet yet offers to open it; the other links to its own.
    sheets = elements(ended, data_sheet=None)
    assert sorted(span.attrs["data-sheet"] for span in sheets) == ["saved", "to-open"]


@pytest.mark.parametrize("htmx", [False, True])
def test_light_colonist_cash_names_no_amount_it_cannot_know(
    ana_phone, club, alice, htmx
):
    # Light tracking does not follow the colonists: after Ana placed some
    # (a Colonist played without cash), "7 sestertii" would be wrong. The
    # helper gives the rule and lets the group count the pieces on the board.
    display = ["I:Colonist", "I:Farmer", "I:Mercator", "I:Smith", "I:Prefect"]
    display += ["I:Architect", "I:Mason"]
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        display=display,
        rng=random.Random(14),
    )
    moves = [
        {"card": "Senator", "buy_one": "I:Colonist"},
        {"card": "Mercator"},
        {"card": "Mercator"},
        {"card": "I:Colonist"},
        {"card": "Prefect", "cash": "1"},
        {"card": "Prefect", "cash": "1"},
        {"card": "Tribune"},
        {"card": "Architect"},
        {"card": "Architect"},
    ]
    for move in moves:
        if selectors.game_state(game).display.count(None):
            ana_phone.post(
                _url("reveal", game),
                {"seq": game.head_seq, "key": "", "card": "I:Diplomat"},
            )
            game.refresh_from_db()
        response = _post_play(ana_phone, game, move)
        assert response.status_code in (200, 302), move
        game.refresh_from_db()
    state = selectors.game_state(game)
    assert state.current_player == "Ana"
    assert "I:Colonist" in state.players[0].hand
    headers = HTMX if htmx else {}
    text = ana_phone.get(
        _url("play", game) + "?card=I:Colonist", headers=headers
    ).content.decode()
    assert "Take the cash instead: 5 sestertii + 1 per colonist on the board" in text
    assert "Take the cash instead: 7 sestertii" not in text


@pytest.mark.parametrize("htmx", [False, True])
def test_a_light_games_sheet_says_what_is_left_to_count(ana_phone, club, alice, htmx):
    # The sheet opens with a winner already; without a word the group could
    # save it with no houses, money or goods. It says what was tracked and
    # what the table still has to give, once, as it opens.
    game = _finished_game(club, alice)
    response = ana_phone.post(_url("finish", game), headers=HTMX if htmx else {})
    sheet = response["HX-Redirect"] if htmx else response["Location"]
    text = ana_phone.get(sheet).content.decode()
    assert (
        "The assistant filled in the cards by god, the specialists, the Concordia"
        " card and the Praefectus Magnus. Still to count on the table, for each"
        " player: houses by the good of their city, provinces with a house,"
        " colonists on the board, sestertii and goods."
    ) in text
    again = ana_phone.get(sheet).content.decode()
    assert "Still to count on the table" not in again


@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_move_keeps_the_helper_and_what_was_typed(
    ana_phone, short_game, htmx
):
    # Ana (5 + 3 sestertii) tries to buy 2 cloth (14): the Mercator's helper
    # comes back with the reason and her trade, not the turn screen.
    # (The steppers: 1 brick sold, 2 cloth bought.)
    data = {"card": "Mercator", "trade_buy_cloth": "2", "trade_sell_brick": "1"}
    response = _post_play(ana_phone, short_game, data, htmx=htmx)
    assert response.status_code == 200
    text = response.content.decode()
    assert 'id="helper-problems"' in text
    assert "Ana needs 14 sestertii and has 11" in text
    assert 'id="helper-form"' in text

    def typed(name: str) -> str:
        return elements(text, "input", name=name)[0].attrs["value"]

    assert typed("trade_buy_cloth") == "2"
    assert typed("trade_sell_brick") == "1"
    assert typed("trade_buy_food") == "0"
    assert short_game.events.count() == 0
    # Corrected, it is recorded.
    data["trade_buy_cloth"] = "1"
    _post_play(ana_phone, short_game, data, htmx=htmx)
    assert short_game.events.count() == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_the_architect_says_how_many_sestertii_are_missing(
    ana_phone, short_game, short_log, htmx
):
    for number, event in enumerate(short_log["events"][:2]):
        services.event_append(game=short_game, document=event, expected_seq=number)
    # Caio (7 sestertii) taps Novaria (tool, 3 × 2 houses) and Aquileia
    # (brick, 1 × 3 houses): 9 sestertii, 2 more than he has.
    url = _url("play", short_game) + "?card=Architect&build=Novaria&build=Aquileia"
    text = ana_phone.get(url, headers=HTMX if htmx else {}).content.decode()
    assert "2 houses: 1 brick, 1 tool, 1 food + 9 sestertii" in text
    assert "Not enough money: 2 sestertii short." in text
    assert "-2 sestertii left" not in text
    # Each city button shows the good its houses produce (Novaria: tool).
    # (In the A–Z list; the player's goods above have their swatches too.)
    cities = text.split('id="city-az"')[1].split('class="by-province"')[0]
    rows = elements(cities, "a", class_="city-row")
    assert rows
    swatches = elements(cities, "span", class_="swatch")
    assert len(swatches) == len(rows)
    assert {"good-tool", "good-brick"} <= {
        name for swatch in swatches for name in swatch.attrs["class"].split()
    }


@pytest.mark.parametrize("htmx", [False, True])
def test_the_full_mercator_shows_the_money_and_the_free_spaces(
    ana_phone, short_game, light_game, htmx
):
    # Ana: 5 sestertii + 3; 6 goods and 4 colonists fill 10 of 12 spaces.
    headers = HTMX if htmx else {}
    text = ana_phone.get(
        _url("play", short_game) + "?card=Mercator", headers=headers
    ).content.decode()
    assert "With the income: 8 sestertii to buy with." in text
    assert "2 free spaces in the storehouse." in text
    # Light tracking knows neither.
    text = ana_phone.get(
        _url("play", light_game) + "?card=Mercator", headers=headers
    ).content.decode()
    assert "to buy with" not in text
    assert "free spaces" not in text


def test_a_prefect_on_gavdos_chooses_the_bonus_good_on_creta(ana_phone, club, alice):
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="creta",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )
    helper = ana_phone.get(_url("play", game) + "?card=Prefect", headers=HTMX)
    page = helper.content.decode()
    # Gavdos (the Brown province) has no marker: one button per good.
    choices = elements(page, "button", name="chosen_bonus")
    assert [b.attrs["value"] for b in choices] == [
        "Brown:brick",
        "Brown:food",
        "Brown:tool",
        "Brown:wine",
        "Brown:cloth",
    ]
    assert not elements(page, "button", name="province", value="Brown")
    assert elements(page, "button", name="province", value="Red")
    before = adapter.rules.state_document(selectors.game_state(game))
    response = _post_play(
        ana_phone, game, {"card": "Prefect", "chosen_bonus": "Brown:wine"}, htmx=True
    )
    assert response.status_code == 200
    assert game.events.get().document == {
        "type": "play",
        "player": "Ana",
        "card": "Prefect",
        "province": "Brown",
        "bonus": "wine",
    }
    after = adapter.rules.state_document(selectors.game_state(game))
    documents: list[Any] = [before, after]
    wine = [document["players"][0]["storehouse"]["wine"] for document in documents]
    assert wine[1] == wine[0] + 1
