"""Small game logs for the rules-of-play tests, built from the worked example's setup."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import play
from scoring.maps import MAPS
from scoring.reference import at, reference
from scoring.types import MapName, Problem

DATA = Path(__file__).parent / "data"
EXAMPLE: dict[str, Any] = json.loads(
    (DATA / "game-log-short.json").read_text(encoding="utf-8")
)
CITIES: dict[str, str] = dict(EXAMPLE["cities"])
DISPLAY: list[str] = list(EXAMPLE["display"])
NAMES = ("Ana", "Bia", "Caio", "Duda", "Edu")
COLOURS = ("red", "green", "blue", "yellow", "black")

# The rulebook's Architect example needs Aquileia to be a food city and Novaria a
# wine city (PT); its Prefect example a food and a cloth city in Syria. Both deals
# keep every letter's tokens (§8).
RULEBOOK_CITIES = {
    **CITIES,
    "Aquileia": "food",
    "Dyrrhachium": "brick",
    "Novaria": "wine",
    "Athenae": "tool",
    "Antiochia": "food",
    "Petra": "brick",
    "Tyros": "cloth",
    "Byzantium": "tool",
}


def salt_cities(cities: dict[str, str] = CITIES) -> dict[str, str]:
    """The deal ``cities`` with salt's tokens: in each letter, the first city of
    the good that gives way to salt (A food, B tool, C wine, D brick) shows salt."""
    swap = at(reference(), "city_tokens", "salsa_on_regular_maps")
    assert isinstance(swap, dict)
    spec = MAPS[MapName("imperium")]
    dealt = dict(cities)
    for letter in spec.letters:
        replaced = swap[f"replace_in_{letter.value}"]
        city = next(
            c.name
            for c in spec.cities
            if c.letter is letter and dealt[c.name] == replaced
        )
        dealt[city] = "salt"
    return dealt


# With salt: Londinium (A, Britannia), Olisipo (B, Hispania), Alexandria (C,
# Aegyptus) and Aquileia (D, Italia) show salt.
SALT_CITIES = salt_cities()


def log(
    *events: dict[str, Any],
    players: int = 3,
    tracking: str = "full",
    cities: dict[str, str] | None = None,
    display: list[str] | None = None,
    intermediate: bool = False,
    expansions: tuple[str, ...] = (),
    map_name: str = "imperium",
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": "game-log/1",
        "game": "concordia",
        "map": map_name,
        "tracking": tracking,
        "intermediate_scoring": intermediate,
        "players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(players)],
        "cities": cities or CITIES,
        "display": display or DISPLAY,
        "events": list(events),
    }
    if expansions:
        document["expansions"] = list(expansions)
        if "salt" in expansions and cities is None:
            document["cities"] = SALT_CITIES
    return document


def run(*events: dict[str, Any], **options: Any) -> play.State:
    return play.replay_document(log(*events, **options))


def refusal(*events: dict[str, Any], **options: Any) -> tuple[str, str]:
    """Return the path and message of the one problem the log is refused for."""
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(log(*events, **options))
    problems = refused.value.problems
    assert len(problems) == 1, problems
    problem: Problem = problems[0]
    return problem.path, problem.message


def p(player: str, card: str, **fields: Any) -> dict[str, Any]:
    return {"type": "play", "player": player, "card": card, **fields}


def adjust(player: str, **fields: Any) -> dict[str, Any]:
    return {"type": "adjust", "player": player, **fields}


def cash(player: str) -> dict[str, Any]:
    """A Prefect taking the cash: the filler turn that changes least."""
    return p(player, "Prefect", cash=True)


def player(state: play.State, name: str) -> play.PlayerState:
    seat = state.seat_of(name)
    assert seat is not None
    return state.players[seat]
