"""Score sheets for tests: the rulebook's examples and the page's POST body."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path

from clubs.models import Club
from games import services as games_services
from games.models import Seat, TableSession
from scoring import parse_concordia
from scoring.types import ScoreSheet, Specialist

EXAMPLES = Path(__file__).parent / "scoring" / "data"


def example_document(name: str) -> object:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def example_sheet(name: str) -> ScoreSheet:
    return parse_concordia(example_document(name))


def example_game_record(club: Club, name: str, *, day: int = 1) -> TableSession:
    """Score the example sheet ``name`` as a game of ``club`` on 2026-11-``day``,
    its modules played and its players seated in its teams."""
    sheet = example_sheet(name)
    session = games_services.session_create(
        club=club,
        created_by=None,
        map_name=sheet.map.value,
        played_at=dt.datetime(2026, 11, day, 20, tzinfo=dt.UTC),
        seats=[
            games_services.SeatInput(new_name=b.name, team=b.team or "")
            for b in sheet.players
        ],
        expansions=list(sheet.expansions),
    )
    games_services.concordia_sheet_record(session=session, sheet=sheet)
    return session


def swapped_hands(sheet: ScoreSheet) -> ScoreSheet:
    """Move the rulebook game's Concordia card, Praefectus Magnus and specialists.

    Ana gets the Praefectus and the Mason, Caio the card and the Farmer (he
    keeps his Weaver: every sale card stays bought, which ends the game).
    """
    ana, bruno, caio = sheet.players
    return dataclasses.replace(
        sheet,
        players=(
            dataclasses.replace(
                ana, specialists=(Specialist("mason"),), concordia_card=False
            ),
            bruno,
            dataclasses.replace(
                caio,
                specialists=(Specialist("farmer"), Specialist("weaver")),
                concordia_card=True,
            ),
        ),
        praefectus_magnus="Ana",
    )


def sheet_post_data(
    sheet: ScoreSheet, seats: list[Seat], *, version: int | None = None
) -> dict[str, object]:
    """Return the POST body the score entry page sends for ``sheet``."""
    data: dict[str, object] = {"map": sheet.map.value}
    if version is not None:
        data["version"] = version
    for seat, board in zip(seats, sheet.players, strict=True):
        prefix = f"s{seat.seat_order}-"
        data[prefix + "sestertii"] = board.sestertii
        data[prefix + "colonists_on_board"] = board.colonists_on_board
        data[prefix + "provinces"] = board.provinces
        for good, count in board.storehouse.items():
            data[f"{prefix}storehouse_{good.value}"] = count
        for good, count in board.houses.items():
            data[f"{prefix}houses_{good.value}"] = count
        for god, count in board.cards.items():
            data[f"{prefix}cards_{god.value}"] = count
        data[prefix + "specialists"] = [s.value for s in board.specialists]
        # Venus' counts (a base game's page has no such field and ignores them).
        data[prefix + "venus_provinces"] = board.venus_provinces
        data[prefix + "venus_team_provinces"] = board.venus_team_provinces
        if "forum" in sheet.expansions:
            data[prefix + "forum_points"] = board.forum_points
        if board.concordia_card:
            data["concordia_card"] = seat.seat_order
        if board.name == sheet.praefectus_magnus:
            data["praefectus_magnus"] = seat.seat_order
    return data
