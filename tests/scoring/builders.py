"""Small builders for score sheets, so a test spells out only the values it is about."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
    Specialist,
)

DATA = Path(__file__).parent / "data"
IMPERIUM = MapName("imperium")
EXAMPLES = (
    "concordia-rulebook",
    "concordia-tie",
    "concordia-intermediate",
    "concordia-venus",
    "concordia-venus-teams",
    "concordia-salsa",
    "magnanimous-republic",
)


def example(name: str) -> object:
    """Return the decoded example ``name`` from tests/scoring/data."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def board(
    name: str = "Ana",
    *,
    sestertii: int = 10,
    storehouse: GoodCounts | None = None,
    colonists_on_board: int = 2,
    houses: GoodCounts | None = None,
    provinces: int | None = None,
    cards: CardCounts | None = None,
    specialists: tuple[Specialist, ...] = (),
    concordia_card: bool = False,
) -> PlayerBoard:
    """Return a valid-looking board: one food house in one province unless told otherwise."""
    houses = GoodCounts(food=1) if houses is None else houses
    return PlayerBoard(
        name=name,
        sestertii=sestertii,
        storehouse=storehouse or GoodCounts(),
        colonists_on_board=colonists_on_board,
        houses=houses,
        provinces=(1 if houses.total else 0) if provinces is None else provinces,
        cards=cards or CardCounts(vesta=1, jupiter=2, saturnus=2, mercurius=1, mars=1),
        specialists=specialists,
        concordia_card=concordia_card,
    )


# §2: 15 houses, the usual way a game ends; 6 provinces fit both maps (Italia
# holds 15 houses in no fewer than 6).
ENDING_HOUSES = GoodCounts(brick=3, food=3, tool=3, wine=3, cloth=3)


def ender(name: str = "Bia", **changes: object) -> PlayerBoard:
    """Return a board that ended the game with its 15th house: it has the Concordia card."""
    ended = board(name, houses=ENDING_HOUSES, provinces=6, concordia_card=True)
    return board_with(ended, **changes)


def table(
    *boards: PlayerBoard,
    map: MapName = IMPERIUM,
    praefectus_magnus: str | None = "first",
    kind: SheetKind = SheetKind.FINAL,
) -> ScoreSheet:
    """Return a sheet of ``boards``; by default the first player holds the PM and the card."""
    if not boards:
        boards = (board("Ana"), board("Bruno"), board("Caio"))
    if kind is SheetKind.FINAL and not any(b.concordia_card for b in boards):
        first = boards[0]
        boards = (board_with(first, concordia_card=True), *boards[1:])
    if praefectus_magnus == "first":
        praefectus_magnus = boards[0].name
    return ScoreSheet(
        map=map, players=boards, praefectus_magnus=praefectus_magnus, kind=kind
    )


def board_with(original: PlayerBoard, **changes: object) -> PlayerBoard:
    """Return ``original`` with ``changes`` applied."""
    return replace(original, **changes)  # type: ignore[arg-type]
