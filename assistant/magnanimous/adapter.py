"""The only module of the Magnanimous package that imports the rules-of-play engine.

Like `assistant.concordia.adapter`: if a name of `play.magnanimous` changes,
this is the one place to adapt. ``rules`` is the engine as the shell reaches
it (`assistant.engine.Rules`): its `LogInvalid` becomes the shell's
`RulesRefused`, each problem with its game words in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from assistant.engine import Rules
from assistant.magnanimous.labels import (
    COLOUR_LABELS,
    GOOD_LABELS,
    PARTY_LABELS,
    TITLE_LABELS,
    province_label,
)
from play import magnanimous as mg
from play.core import latest_move
from play.magnanimous import (
    Banner,
    Colour,
    CommerceOption,
    Ending,
    EndingCheck,
    Expects,
    FinalSheet,
    NobilityRow,
    NoblesAction,
    Party,
    Phase,
    PlannedAttack,
    PurpleDie,
    RepublicTrack,
    State,
    Status,
    Title,
    Tracking,
    Turn,
    VoteOutcome,
    VoteSheet,
    WarMap,
)
from play.magnanimous.types import Attack
from scoring.types import Problem

__all__ = [
    "FORMAT",
    "GAME",
    "Attack",
    "Banner",
    "Colour",
    "CommerceOption",
    "Ending",
    "EndingCheck",
    "Expects",
    "FinalSheet",
    "NobilityRow",
    "NoblesAction",
    "Party",
    "Phase",
    "PlannedAttack",
    "PurpleDie",
    "RepublicTrack",
    "State",
    "Status",
    "Title",
    "Tracking",
    "Turn",
    "VoteOutcome",
    "VoteSheet",
    "WarMap",
    "latest_move",
]

FORMAT: Final = mg.FORMAT
GAME: Final = "magnanimous"
# The header's keys after "format" and "game", in the export's order.
_HEADER: Final = ("tracking", "board", "rulings")
_NOT_SETUP: Final = frozenset({"format", "game", "players", "events"})


def _localised(problem: Problem) -> Problem:
    """The engine's problem with its game words in the reader's language.

    The engine passes provinces, parties, titles and goods as their contract
    values (``red:cotton``, ``liberal``) into its translated templates; the
    pages name them as `labels` does.
    """
    params = {key: _word(key, value) for key, value in problem.params.items()}
    return replace(problem, params=params)


def _word(key: str, value: str | int) -> str | int:
    if not isinstance(value, str):
        return value
    if key in ("party",) and value in PARTY_LABELS:
        return str(PARTY_LABELS[value])
    if key in ("title",) and value in TITLE_LABELS:
        return str(TITLE_LABELS[value])
    if key in ("good", "quadrant") and value in GOOD_LABELS:
        return str(GOOD_LABELS[value])
    if key in ("colour",) and value in COLOUR_LABELS:
        return str(COLOUR_LABELS[value])
    label = province_label(value)
    return label if label != value else value


def log_document(
    *,
    players: Sequence[Mapping[str, object]],
    setup: Mapping[str, object],
    events: Sequence[Mapping[str, object]],
) -> dict[str, object]:
    """Return the game-log document (format magnanimous-log/1) of a setup with ``events``."""
    document: dict[str, object] = {"format": FORMAT, "game": GAME}
    document.update((key, setup[key]) for key in _HEADER if key in setup)
    # What the table entered about each seat after the wizard (full tracking:
    # the Baron and its starting resources) joins the seat in the header.
    seats = setup.get("seats")
    extra = list(seats) if isinstance(seats, list) else []
    document["players"] = [
        {**dict(player), **(extra[index] if index < len(extra) else {})}
        for index, player in enumerate(players)
    ]
    document.update(
        (key, value)
        for key, value in setup.items()
        if key not in _HEADER and key not in _NOT_SETUP and key != "seats"
    )
    document["events"] = [dict(event) for event in events]
    return document


rules: Final = Rules[State](mg, localised=_localised)


def undoable(state: State) -> bool:
    """Whether an undo would withdraw something: an event not withdrawn yet."""
    return rules.accepts(state, {"type": "undo"}) is not None


# The engine's queries, as the presenters ask them.
turn = mg.turn
banner = mg.banner
purple_die = mg.purple_die
nobility = mg.nobility
republic = mg.republic
commerce_spaces = mg.commerce_spaces
war_map = mg.war_map
plan_offensive = mg.plan_offensive
vote_sheet = mg.vote_sheet
vote_outcome = mg.vote_outcome
endings = mg.endings
free_provinces = mg.free_provinces
place_options = mg.place_options
take_options = mg.take_options
title_money = mg.title_money
final_sheet = mg.final_sheet
