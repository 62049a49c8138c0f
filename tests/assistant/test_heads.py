"""The head poll as cheap as the floor (issue #25 item 9): `assistant.heads`."""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from assistant import heads, services
from assistant.models import AssistantGame
from tests.markup import by_id

HTMX = {"HX-Request": "true"}
REDIS_DB = os.environ.get("TEST_HEADS_REDIS_URL", "redis://127.0.0.1:6379/4")


def _poll_url(client: Client, game: AssistantGame, name: str = "game-turn") -> str:
    """The poll address the turn page gives its phone (with its token)."""
    text = client.get(game.get_absolute_url()).content.decode()
    return by_id(text, "head-poll").attrs["hx-get"]


def _poll(client: Client, url: str, htmx: bool = True, **params: Any) -> Any:
    """GET the poll address with its own query (the token) and ``params``."""
    return client.get(f"{url}&{urlencode(params)}", headers=HTMX if htmx else {})


def _play(game: AssistantGame, key: str = "") -> None:
    game.refresh_from_db()
    services.event_append(
        game=game,
        document={"type": "play", "player": "Ana", "card": "Mercator"},
        expected_seq=game.head_seq,
        idempotency_key=key,
    )


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def test_the_turn_page_gives_its_poll_a_token_for_its_game(ana_phone, light_game):
    url = _poll_url(ana_phone, light_game)
    split = urlsplit(url)
    assert split.path == reverse(
        "assistant:game-head", kwargs={"club_slug": "lisboa", "game_id": light_game.pk}
    )
    token = parse_qs(split.query)["t"][0]
    assert heads.poll_token_valid(token, light_game.pk)
    assert not heads.poll_token_valid(token, light_game.pk + 1)
    assert not heads.poll_token_valid(token[:-2] + "xx", light_game.pk)


def test_a_poll_with_its_token_loads_no_session_and_no_user(
    ana_phone, light_game, django_assert_num_queries
):
    url = _poll_url(ana_phone, light_game)
    # Without Redis: one query, the head by primary key (no session, no user,
    # no membership join).
    with django_assert_num_queries(1):
        response = _poll(ana_phone, url, seq=0, sheet=0)
    assert response.status_code == 204
    assert not response.wsgi_request.session.accessed
    assert "sessionid" not in response.cookies
    assert response.content == b""


def test_a_poll_with_its_token_hears_a_move_and_the_sheet(light_game, ana_phone):
    url = _poll_url(ana_phone, light_game)
    phone = Client()  # the token alone: no session at all
    assert _poll(phone, url, seq=0, sheet=0).status_code == 204
    _play(light_game)
    changed = _poll(phone, url, seq=0, sheet=0)
    assert changed.status_code == 200
    assert json.loads(changed["HX-Trigger"]) == {"assistant-changed": {"seq": 1}}
    assert _poll(phone, url, seq=1, sheet=0).status_code == 204
    # Without htmx a change sends the browser to the turn screen (which checks access).
    plain = _poll(phone, url, htmx=False, seq=0)
    assert plain.status_code == 302
    assert plain["Location"] == light_game.get_absolute_url()
    # A phone that saw the sheet open when it is not: changed.
    assert _poll(phone, url, seq=1, sheet=1).status_code == 200


def test_a_poll_without_a_valid_token_takes_the_full_path(light_game, ana_phone):
    url = reverse(
        "assistant:game-head", kwargs={"club_slug": "lisboa", "game_id": light_game.pk}
    )
    anonymous = Client()
    for token in ("", "nonsense", heads.poll_token(light_game.pk + 1, "p")):
        response = anonymous.get(url, {"seq": "0", "t": token}, headers=HTMX)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert ana_phone.get(url, {"seq": 0}, headers=HTMX).status_code == 204


def test_a_token_for_a_deleted_game_is_404(light_game):
    token = heads.poll_token(light_game.pk, "p")
    url = reverse(
        "assistant:game-head", kwargs={"club_slug": "lisboa", "game_id": light_game.pk}
    )
    light_game.delete()
    assert Client().get(url, {"seq": "0", "t": token}).status_code == 404


def test_the_follow_page_polls_with_a_token_too(client, light_game):
    kwargs = {"club_slug": "lisboa", "follow_token": light_game.follow_token}
    text = client.get(reverse("assistant:follow", kwargs=kwargs)).content.decode()
    url = by_id(text, "head-poll").attrs["hx-get"]
    assert urlsplit(url).path == reverse("assistant:follow-head", kwargs=kwargs)
    assert _poll(client, url, seq=0, sheet=0).status_code == 204
    _play(light_game)
    assert _poll(client, url, seq=0, sheet=0).status_code == 200


# Redis: the head shared by every worker, never put back to an older one.


@pytest.fixture
def redis_heads(settings: Any) -> Any:
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS_DB)
    try:
        client.ping()
    except redis.RedisError:
        pytest.skip(reason=f"needs Redis at {REDIS_DB}; run by make test-services")
    settings.ASSISTANT_HEADS_REDIS_URL = REDIS_DB
    for key in client.scan_iter("tabularium:assistant:head:*"):
        client.delete(key)
    yield client
    for key in client.scan_iter("tabularium:assistant:head:*"):
        client.delete(key)


@pytest.mark.services
def test_with_redis_a_poll_costs_no_query_and_a_write_publishes_on_commit(
    redis_heads,
    light_game,
    ana_phone,
    django_assert_num_queries,
    django_capture_on_commit_callbacks,
):
    url = _poll_url(ana_phone, light_game)
    key = f"tabularium:assistant:head:{light_game.pk}"
    # The first poll reads the database once and publishes; then no query.
    assert _poll(ana_phone, url, seq=0, sheet=0).status_code == 204
    assert redis_heads.get(key) == b"0"
    with django_assert_num_queries(0):
        assert _poll(ana_phone, url, seq=0, sheet=0).status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        _play(light_game)
    assert redis_heads.get(key) == b"2"
    other_worker = Client()  # another process reads the same Redis
    with django_assert_num_queries(0):
        changed = _poll(other_worker, url, seq=0, sheet=0)
    assert json.loads(changed["HX-Trigger"]) == {"assistant-changed": {"seq": 1}}
    assert 0 < redis_heads.ttl(key) <= heads.HEAD_TTL


@pytest.mark.services
def test_with_redis_an_older_head_is_never_put_back(redis_heads, light_game):
    # A worker that read seq 0 from the database before another committed seq 3
    # publishes after it: the head stays 3.
    light_game.head_seq = 3
    heads.head_publish(light_game)
    light_game.head_seq = 0
    heads.head_publish(light_game)
    assert heads.head_read(light_game.pk) == heads.head_value(3, False)


@pytest.mark.services
def test_with_redis_down_the_database_answers(settings, light_game):
    settings.ASSISTANT_HEADS_REDIS_URL = "redis://127.0.0.1:1/0"
    assert heads.head_read(light_game.pk) == 0
    heads.head_publish(light_game)  # logged, not raised
