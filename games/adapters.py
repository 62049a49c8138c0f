"""The only place that turns ORM rows into `scoring` types and back."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from games.models import ConcordiaPosition, MagnanimousPosition, Seat
from scoring.magnanimous import (
    GOVERNOR_NOBODY,
    REACHED_FIRST_NEEDED,
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousSheet,
)
from scoring.ruleset import Ruleset, base, modules, ruleset
from scoring.types import (
    CardCounts,
    GoodCounts,
    MapName,
    PlayerBoard,
    Problem,
    ScoreSheet,
    SheetKind,
    Specialist,
)

# The counts a module adds to a player's sheet, stored in
# `ConcordiaPosition.module_counts` under the score sheet's field names.
MODULE_COUNT_FIELDS = ("venus_provinces", "venus_team_provinces")
# Every module row a sheet can have (the forum's ``forum_points``).
_ROW_FIELDS: Final = frozenset(
    name
    for module in modules()
    for name in ruleset(next(iter(MapName)), (module,)).module_fields
)


def board_from_position(
    *, name: str, position: ConcordiaPosition, team: str = ""
) -> PlayerBoard:
    """Return the scoring view of one stored seat position (``team``: the seat's)."""
    counts = position.module_counts or {}
    return PlayerBoard(
        name=name,
        sestertii=position.sestertii,
        storehouse=GoodCounts(position.storehouse),
        colonists_on_board=position.colonists_on_board,
        houses=GoodCounts(position.houses),
        provinces=position.provinces,
        cards=CardCounts(position.cards),
        specialists=position.specialists,
        concordia_card=position.concordia_card,
        team=team or None,
        **{
            field: value
            for field in MODULE_COUNT_FIELDS
            if type(value := counts.get(field, 0)) is int
        },
        **_rows(position.rows),
    )


def _rows(rows: object) -> dict[str, int]:
    """The module rows a position stores that a `PlayerBoard` has (forum_points)."""
    if not isinstance(rows, dict):
        return {}
    return {
        name: count
        for name, count in rows.items()
        if name in _ROW_FIELDS and type(count) is int
    }


def position_values(
    board: PlayerBoard, *, praefectus_magnus: bool, rules: Ruleset | None = None
) -> dict[str, object]:
    """Return the `ConcordiaPosition` field values that store ``board``.

    The counts are the score sheet's objects: every good and god of the
    game's ``rules`` (the base game's by default), zeros included.
    """
    rules = rules or base(next(iter(MapName)))
    values: dict[str, object] = {
        "sestertii": board.sestertii,
        "storehouse": _counts(board.storehouse, rules.goods),
        "colonists_on_board": board.colonists_on_board,
        "houses": _counts(board.houses, rules.goods),
        "provinces": board.provinces,
        "cards": _counts(board.cards, rules.gods),
        "concordia_card": board.concordia_card,
        "rows": {name: getattr(board, name) for name in rules.module_fields},
        "praefectus_magnus": praefectus_magnus,
        "module_counts": {
            field: value
            for field in MODULE_COUNT_FIELDS
            if (value := getattr(board, field))
        },
    }
    for specialist in Specialist:
        values[f"has_{specialist.value}"] = specialist in board.specialists
    return values


def _counts(counts: GoodCounts | CardCounts, members: Iterable[str]) -> dict[str, int]:
    return {str(member): counts[member] for member in members}


def sheet_from_seats(
    *,
    map_name: str,
    seats: Iterable[Seat],
    kind: SheetKind = SheetKind.FINAL,
    expansions: Iterable[str] = (),
) -> ScoreSheet:
    """Return the score sheet of seats whose positions are recorded.

    Expects ``seats`` in seating order with ``player`` and ``concordia_position``
    already loaded (see `selectors.session_seats`).
    """
    players = []
    praefectus_magnus = None
    for seat in seats:
        position = seat.concordia_position
        players.append(
            board_from_position(
                name=seat.player.name, position=position, team=seat.team
            )
        )
        if position.praefectus_magnus:
            praefectus_magnus = seat.player.name
    return ScoreSheet(
        kind=kind,
        map=MapName(map_name),
        players=tuple(players),
        praefectus_magnus=praefectus_magnus,
        expansions=tuple(expansions),
    )


_PLAYER_PATH = re.compile(r"^players\[(\d+)\](?:\.(\w+))?(?:\.(\w+)|\[\d+\])?$")


def form_field_for_path(path: str) -> tuple[int | None, str]:
    """Return (seat index, form field name) for a score-sheet JSON path.

    ``players[1].houses.cloth`` → ``(1, "houses_cloth")``; ``players[2].storehouse``
    → ``(2, "storehouse")`` (a group of fields); ``praefectus_magnus`` →
    ``(None, "praefectus_magnus")``. Paths the forms have no field for map to the
    table-wide slot ``(None, "__all__")``.
    """
    if path in {"praefectus_magnus", "map"}:
        return None, path
    if path == "players":
        return None, "concordia_card"
    match = _PLAYER_PATH.match(path)
    if match is None:
        return None, "__all__"
    seat, field, key = int(match.group(1)), match.group(2), match.group(3)
    if field is None or field in {"name", "team"}:
        return seat, "__all__"
    if key is not None and field in {"storehouse", "houses", "cards"}:
        return seat, f"{field}_{key}"
    if field == "concordia_card":
        return None, "concordia_card"
    return seat, field


# --- Magnanimous ----------------------------------------------------------------

# `MagnanimousPosition` fields that hold one number of a seat's end of game, with
# the same names as the `MagnanimousBoard` fields and the score-sheet format.
MAGNANIMOUS_COUNT_FIELDS = (
    "nobility",
    "commerce_spaces",
    "commerce_tokens",
    "referendums",
    "troops",
    "reis",
    "occupied_provinces",
)


def magnanimous_board_from_position(
    *, name: str, position: MagnanimousPosition
) -> MagnanimousBoard:
    """Return the scoring view of one stored Magnanimous seat position."""
    return MagnanimousBoard(
        name=name,
        nobility=position.nobility,
        commerce_spaces=position.commerce_spaces,
        commerce_tokens=position.commerce_tokens,
        referendums=position.referendums,
        troops=position.troops,
        reis=position.reis,
        occupied_provinces=position.occupied_provinces,
        governor=position.governor,
        votes=position.votes,
        reached_20_first=position.reached_20_first,
    )


def magnanimous_position_values(board: MagnanimousBoard) -> dict[str, object]:
    """Return the `MagnanimousPosition` field values that store ``board``."""
    values: dict[str, object] = {
        field: getattr(board, field) for field in MAGNANIMOUS_COUNT_FIELDS
    }
    values["governor"] = board.governor
    values["votes"] = board.votes
    values["reached_20_first"] = board.reached_20_first
    return values


def magnanimous_sheet_from_seats(
    *, ending: str, seats: Iterable[Seat]
) -> MagnanimousSheet:
    """Return the Magnanimous sheet of seats whose positions are recorded.

    Expects ``seats`` in seating order with ``player`` and
    ``magnanimous_position`` already loaded (see `magnanimous_selectors`).
    """
    return MagnanimousSheet(
        ending=MagnanimousEnding(ending),
        players=tuple(
            magnanimous_board_from_position(
                name=seat.player.name, position=seat.magnanimous_position
            )
            for seat in seats
        ),
    )


_MAGNANIMOUS_TABLE_FIELDS = frozenset({"governor", "reached_20_first"})


def magnanimous_slot_for_problem(problem: Problem) -> tuple[int | None, str]:
    """Return (seat index, form field name) where a Magnanimous problem is shown.

    The Governor and who reached 20 first are one choice for the whole table on
    the page, so their problems go there; ``players[1].name`` and the
    table-wide ``players`` problems without a field of their own go to the
    seat's or the table's general slot ``"__all__"``.
    """
    if problem.path == "ending":
        return None, "ending"
    if problem.path == "players":
        # The format addresses these to the list of players; on the page each
        # belongs to one table-wide choice.
        if problem.template == GOVERNOR_NOBODY:
            return None, "governor"
        if problem.template == REACHED_FIRST_NEEDED:
            return None, "reached_20_first"
        return None, "__all__"
    match = _PLAYER_PATH.match(problem.path)
    if match is None:
        return None, "__all__"
    seat, field = int(match.group(1)), match.group(2)
    if field in _MAGNANIMOUS_TABLE_FIELDS:
        return None, field
    if field is None or field == "name":
        return seat, "__all__"
    return seat, field
