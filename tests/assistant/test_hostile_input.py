"""Issue #21 for the assistant: no input gives a 500, bounded work, moves always checked.

A game log that is not a log, nests 100,000 deep or names a player with a NUL
character; a log of more events than a game may hold; a move without the head
it was made on (or a garbled one); an empty refill; a guest's name that is no
name. Each answers a clear message (with its path where it has one) and
records nothing.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.concordia.game import ConcordiaAssistant
from assistant.models import AssistantEvent, AssistantGame
from tests.markup import has_id

HTMX = {"HX-Request": "true"}
IMPORT = reverse("assistant:game-import", kwargs={"club_slug": "lisboa"})


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _import(client: Client, raw: bytes) -> str:
    response = client.post(IMPORT, {"log": SimpleUploadedFile("log.json", raw)})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (b"42", "A game log is a JSON object with its events."),
        (b"null", "A game log is a JSON object with its events."),
        (b'"a game"', "A game log is a JSON object with its events."),
        (b"[" * 100_000 + b"]" * 100_000, "The file is nested too deeply to read"),
        (b"{}", "game: A game log names its game."),
        (
            b'{"format": "go-log/1", "game": "go"}',
            "game: The assistant does not play this game: go.",
        ),
        # Magnanimous is played: its own rules say what is missing.
        (
            b'{"format": "magnanimous-log/1", "game": "magnanimous", "tracking": "light"}',
            "players: The field “players” is missing",
        ),
        (b"\xff\xfe{", "The file is not UTF-8 text"),
    ],
)
def test_a_file_that_is_no_log_of_ours_says_why_and_imports_nothing(
    ana_phone, club, raw, said
):
    page = _import(ana_phone, raw)
    assert said in page
    assert not AssistantGame.objects.exists()


def test_a_player_named_with_a_nul_character_is_refused_with_its_path(
    ana_phone, club, short_log
):
    short_log["players"][0]["name"] = "Ana\u0000"
    page = _import(ana_phone, json.dumps(short_log).encode())
    assert "players[0].name: This text holds a NUL character" in page
    assert not AssistantGame.objects.exists()


def test_an_illegal_name_in_a_log_is_refused_by_the_name_rule(
    ana_phone, club, short_log
):
    short_log["players"][1]["name"] = "B" * 41
    page = _import(ana_phone, json.dumps(short_log).encode())
    assert "players[1].name: " in page
    assert not AssistantGame.objects.exists()


def test_a_log_of_more_events_than_a_game_holds_is_refused_before_it_is_read(
    ana_phone, club, short_log
):
    # Events that are not even events: the count alone refuses the log.
    short_log["events"] = [42] * (services.MAX_EVENTS + 1)
    page = _import(ana_phone, json.dumps(short_log).encode())
    assert (
        f"events: A game log holds at most {services.MAX_EVENTS:,} events; this one"
        f" has {services.MAX_EVENTS + 1:,}.".replace(",", "")
    ) in page
    assert "events[0]" not in page
    assert not AssistantGame.objects.exists()


def test_a_file_larger_than_any_log_is_refused_unread(ana_phone, club):
    page = _import(ana_phone, b" " * (3 * 1024 * 1024) + b"{}")
    assert "The file is larger than 2 MB" in page
    assert not AssistantGame.objects.exists()


def test_no_file_says_so(ana_phone, club):
    response = ana_phone.post(IMPORT, {})
    assert "Choose a game log file (JSON)." in response.content.decode()


@pytest.mark.parametrize("seq", [None, "", "1.5", "9" * 5000, "-1", "0x0", " 0"])
@pytest.mark.parametrize("htmx", [False, True])
def test_a_move_without_a_readable_head_is_refused_not_recorded_unchecked(
    ana_phone, light_game, seq, htmx
):
    data = {"card": "Mercator"} | ({} if seq is None else {"seq": seq})
    response = ana_phone.post(
        _url("play", light_game), data, headers=HTMX if htmx else {}, follow=not htmx
    )
    assert response.status_code == 200
    assert "did not say which state of the game it was made on" in (
        response.content.decode()
    )
    assert not AssistantEvent.objects.exists()
    light_game.refresh_from_db()
    assert light_game.head_seq == 0


@pytest.mark.parametrize("page", ["undo", "abandon", "reveal"])
def test_undo_abandon_and_the_refill_need_the_head_too(ana_phone, light_game, page):
    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    # Abandon confirmed: without "confirm" the page only asks (test_nothing_lost).
    data = {"seq": "1.0", **({"confirm": "yes"} if page == "abandon" else {})}
    response = ana_phone.post(_url(page, light_game), data, headers=HTMX)
    assert "did not say which state" in response.content.decode()
    assert light_game.events.count() == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_an_empty_refill_is_refused_and_records_nothing(ana_phone, light_game, htmx):
    response = ana_phone.post(
        _url("reveal", light_game),
        {"seq": 0},
        headers=HTMX if htmx else {},
        follow=not htmx,
    )
    assert "Tap the card drawn for the empty place." in response.content.decode()
    assert not AssistantEvent.objects.exists()
    # Nothing moved the head: another phone's move on it still goes through.
    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    assert light_game.events.count() == 1


def test_a_log_stops_taking_moves_at_its_bound(ana_phone, light_game, monkeypatch):
    monkeypatch.setattr(services, "MAX_EVENTS", 2)
    for seq in range(2):
        ana_phone.post(_url("play", light_game), {"seq": seq, "card": "Mercator"})
    response = ana_phone.post(
        _url("play", light_game), {"seq": 2, "card": "Mercator"}, headers=HTMX
    )
    assert "This game's log is full (2 events)" in html.unescape(
        response.content.decode()
    )
    assert light_game.events.count() == 2


def test_the_list_of_games_replays_none_of_them(ana_phone, light_game, monkeypatch):
    # 30 moves, then the list: each game's status was written with its head.
    for seq in range(30):
        ana_phone.post(_url("play", light_game), {"seq": seq, "card": "Mercator"})
    selectors._STATES.clear()

    def no_replay(self: object, document: object) -> None:
        raise AssertionError("the list replayed a game")

    monkeypatch.setattr(ConcordiaAssistant, "replay", no_replay)
    url = reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(url).content.decode()
    assert has_id(page, "assistant-games")
    assert f'href="{light_game.get_absolute_url()}"' in page


@pytest.mark.parametrize(
    "name",
    [
        "\u200b\u200b",  # only invisible characters
        "Ana\u202eaiB",  # a right-to-left override
        "Ana\nBia",  # a line break
        "A" * 41,
    ],
)
def test_a_guest_name_follows_the_name_rule_with_its_message_by_the_field(
    ana_phone, club, name
):
    url = reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})
    response = ana_phone.post(
        url,
        {"seat0_new_name": name, "seat1_new_name": "Bia", "go": "next"},
        headers=HTMX,
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert has_id(page, "id_seat0_new_name_error")
    assert "HX-Push-Url" not in response
    stored = list(ana_phone.session.keys())
    assert not [key for key in stored if key.startswith("assistant-setup-draft")]
