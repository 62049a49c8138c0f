"""Assistant games for the tests: the contract's worked example, and fresh light games."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from clubs.models import Club

DATA = Path(__file__).parent / "data"


def example(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def game_from_header(
    club: Club, user: User | None, document: dict[str, Any]
) -> AssistantGame:
    return concordia_services.game_create(
        club=club,
        created_by=user,
        map_name=document["map"],
        tracking=document["tracking"],
        intermediate_scoring=document["intermediate_scoring"],
        players=[(p["name"], p["colour"]) for p in document["players"]],
        cities=document.get("cities"),
        display=document["display"],
    )


@pytest.fixture
def short_log() -> dict[str, Any]:
    """The contract's worked 3-player example (full tracking, 10 events)."""
    document: dict[str, Any] = example("game-log-short.json")
    return document


@pytest.fixture
def short_game(club: Club, alice: User, short_log: dict[str, Any]) -> AssistantGame:
    """The worked example's setup, no event recorded yet."""
    return game_from_header(club, alice, short_log)


@pytest.fixture
def light_game(club: Club, alice: User) -> AssistantGame:
    """Ana, Bia and Caio on Imperium, light tracking, cities and display by the app."""
    return concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )
