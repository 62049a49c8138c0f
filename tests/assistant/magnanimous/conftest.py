"""Magnanimous games for the assistant's tests: a fresh light game of 2 or 3 players."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.magnanimous import setup
from assistant.models import AssistantGame
from clubs.models import Club


def new_game(
    club: Club, user: User | None, names: tuple[str, ...], **rulings: object
) -> AssistantGame:
    choices = setup.choices_default()
    choices["rulings"] = {**setup.rulings_default(), **rulings}
    return services.game_create_from_choices(
        club=club,
        created_by=user,
        game="magnanimous",
        players=[(name, "") for name in names],
        choices=choices,
    )


@pytest.fixture
def trio(club: Club, alice: User) -> AssistantGame:
    """Ana, Bia and Caio, light tracking, the usual readings; Ana starts (red)."""
    return new_game(club, alice, ("Ana", "Bia", "Caio"))


@pytest.fixture
def duo(club: Club, alice: User) -> AssistantGame:
    return new_game(club, alice, ("Ana", "Bia"))


def url(game: AssistantGame, name: str, **extra: Any) -> str:
    return reverse(
        f"assistant:{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk, **extra},
    )


def post_move(
    client: Client, game: AssistantGame, move: str, htmx: bool = False, **fields: Any
) -> Any:
    """Post one move of the turn panel, on the game's current head."""
    game.refresh_from_db()
    data = {"seq": game.head_seq, "key": f"k{game.head_seq}-{move}", "move": move}
    data.update(fields)
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url(game, "magnanimous-move"), data, headers=headers)


def state(game: AssistantGame) -> Any:
    game.refresh_from_db()
    return selectors.game_state(game)
