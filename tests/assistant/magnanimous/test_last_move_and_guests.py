"""Issue #25 for Magnanimous too: the last move named beside Undo, the losing
phone's alert naming both moves, and a guest phone recording a move."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from assistant import registry
from assistant.magnanimous.summary import event_text
from assistant.models import AssistantEvent, AssistantGame
from tests.assistant.magnanimous.conftest import post_move, state, url
from tests.markup import by_id

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _fresh_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.django_db
def test_the_last_move_is_named_beside_undo_and_undo_names_it(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    post_move(client, trio, "take", province="red:cotton")
    page = client.get(trio.get_absolute_url()).content.decode()
    assert by_id(page, "last-move").text == "Recorded Ana · takes a die in cotton (red)"
    game = registry.of(trio)
    assert game.last_move(state(trio)) == "Ana · takes a die in cotton (red)"


def test_every_event_of_the_log_has_a_name() -> None:
    assert event_text({"type": "minister", "player": "Bia"}) == "Bia · Minister"
    assert event_text({"type": "auction", "winner": "Caio"}) == ("Caio · Auction won")
    assert event_text({"type": "offensive", "attacks": []}) == ("Paraguayan offensive")
    assert event_text({"type": "place", "player": "Ana", "from": "rio"}) == (
        "Ana · places a die from Rio de Janeiro"
    )


@pytest.mark.django_db
def test_a_guest_phone_records_a_magnanimous_move_and_nothing_else(
    trio: AssistantGame,
) -> None:
    guest = Client()
    join = reverse("assistant:game-join", kwargs={"club_slug": trio.club.slug})
    response = guest.post(join, {"code": trio.join_code, "name": "Gil"})
    assert response.status_code == 302
    response = post_move(guest, trio, "take", province="red:cotton")
    assert response.status_code == 302
    assert state(trio).current_player == "Bia"
    event = AssistantEvent.objects.get(game=trio, seq=1)
    assert event.created_by_id is None
    # The offensives' helper is a move page too; the club's pages are not.
    assert guest.get(url(trio, "magnanimous-offensive")).status_code in {200, 302}
    members = reverse("clubs:membership-list", kwargs={"club_slug": trio.club.slug})
    assert guest.get(members).status_code == 404
