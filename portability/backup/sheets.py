"""A game's positions as its score sheet (``docs/score-sheet.md``), both ways.

Version 2 of the backup writes the positions of a finished game as the score
sheet a player would type, through `games.adapters` (the one place that turns
positions into `scoring` values), and a restore reads them back through
`scoring`'s own parsers, which check the shape and the rules with the JSON
path of every problem. Version 1 wrote a key per database column of the day:
its table is frozen here, so that a version-1 backup stays readable whatever
the database stores later.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.core.exceptions import ObjectDoesNotExist

from games import adapters
from games.models import Game, Seat
from scoring.magnanimous import MagnanimousSheet
from scoring.ruleset import ruleset
from scoring.types import PlayerBoard, ScoreSheet

# Version 1's Concordia position: every key with its kind and the default a
# key left out takes (the database's defaults when version 1 was written).
_GOODS: Final = ("brick", "food", "tool", "wine", "cloth")
_GODS: Final = ("vesta", "jupiter", "saturnus", "mercurius", "mars")
_SPECIALISTS: Final = ("mason", "farmer", "smith", "vintner", "weaver")
_STARTING_CARDS: Final = {"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1}
V1_CONCORDIA: Final[dict[str, int | bool]] = {
    "sestertii": 0,
    **{f"storehouse_{good}": 0 for good in _GOODS},
    "colonists_on_board": 2,
    **{f"houses_{good}": 0 for good in _GOODS},
    "provinces": 0,
    **{f"cards_{god}": _STARTING_CARDS.get(god, 1) for god in _GODS},
    **{f"has_{specialist}": False for specialist in _SPECIALISTS},
    "concordia_card": False,
    "praefectus_magnus": False,
}
# Version 1's Magnanimous position: the score sheet's own fields ("votes" may
# be null).
V1_MAGNANIMOUS: Final[dict[str, int | bool | None]] = {
    "nobility": 0,
    "commerce_spaces": 0,
    "commerce_tokens": 0,
    "referendums": 0,
    "troops": 0,
    "reis": 0,
    "occupied_provinces": 0,
    "governor": False,
    "votes": None,
    "reached_20_first": False,
}
V1_POSITION_KEYS: Final = {
    Game.CONCORDIA: "concordia_position",
    Game.MAGNANIMOUS: "magnanimous_position",
}


def concordia_sheet_document(sheet: ScoreSheet) -> dict[str, Any]:
    """Return ``sheet`` as the score-sheet document `scoring.parse_concordia` reads."""
    # The goods and gods of the game's modules only: another's is an error.
    rules = ruleset(sheet.map, sheet.expansions)
    document: dict[str, Any] = {
        "game": "concordia",
        "kind": sheet.kind.value,
        "map": sheet.map.value,
    }
    # The modules played (salt, forum, venus): their goods and rows, none
    # for the base game.
    if sheet.expansions:
        document["expansions"] = list(rules.expansions)
    if sheet.praefectus_magnus is not None:
        document["praefectus_magnus"] = sheet.praefectus_magnus
    document["players"] = [
        {
            "name": board.name,
            "sestertii": board.sestertii,
            "storehouse": {
                good.value: n for good, n in board.storehouse.items(rules.goods)
            },
            "colonists_on_board": board.colonists_on_board,
            "houses": {good.value: n for good, n in board.houses.items(rules.goods)},
            "provinces": board.provinces,
            "cards": {god.value: n for god, n in board.cards.items(rules.gods)},
            "specialists": [specialist.value for specialist in board.specialists],
            "concordia_card": board.concordia_card,
            # Venus: the team and the provinces its god counts (`_module_fields`).
            **_module_fields(sheet, board),
            **{name: getattr(board, name) for name in rules.module_fields},
        }
        for board in sheet.players
    ]
    return document


def _module_fields(sheet: ScoreSheet, board: PlayerBoard) -> dict[str, Any]:
    """A player's fields of the modules played, as the score sheet writes them."""
    if not ruleset(sheet.map, sheet.expansions).teams:
        return {}
    fields: dict[str, Any] = {}
    if board.team is not None:
        fields["team"] = board.team
        fields["venus_team_provinces"] = board.venus_team_provinces
    else:
        fields["venus_provinces"] = board.venus_provinces
    return fields


def magnanimous_sheet_document(sheet: MagnanimousSheet) -> dict[str, Any]:
    """Return ``sheet`` as the score-sheet document `scoring.parse_magnanimous` reads."""
    players = []
    for board in sheet.players:
        player: dict[str, Any] = {
            "name": board.name,
            **{
                field: getattr(board, field)
                for field in adapters.MAGNANIMOUS_COUNT_FIELDS
            },
            "governor": board.governor,
            "reached_20_first": board.reached_20_first,
        }
        if board.votes is not None:
            player["votes"] = board.votes
        players.append(player)
    return {"game": "magnanimous", "ending": sheet.ending.value, "players": players}


def stored_sheet(
    *,
    game: str,
    map_name: str,
    ending: str,
    seats: Sequence[Seat],
    expansions: Sequence[str] = (),
) -> dict[str, Any] | None:
    """Return the score sheet of a game's stored positions, or None without them.

    Expects ``seats`` in seating order with ``player`` and the game's position
    loaded. A game is scored from its positions when every seat has one.
    """
    relation = V1_POSITION_KEYS.get(Game(game))
    if not seats or relation is None:
        return None
    if not all(_has(seat, relation) for seat in seats):
        return None
    if game == Game.MAGNANIMOUS:
        return magnanimous_sheet_document(
            adapters.magnanimous_sheet_from_seats(ending=ending, seats=seats)
        )
    return concordia_sheet_document(
        adapters.sheet_from_seats(map_name=map_name, seats=seats, expansions=expansions)
    )


def _has(seat: Seat, relation: str) -> bool:
    try:
        return getattr(seat, relation) is not None
    except ObjectDoesNotExist:
        return False


def v1_sheet(
    *,
    game: str,
    map_name: str,
    ending: str,
    names: Sequence[str],
    positions: Sequence[Mapping[str, object]],
) -> dict[str, Any]:
    """Return the score sheet of a version-1 game from its seats' column positions.

    ``positions`` are read already (right keys and types; left-out keys take
    version 1's defaults).
    """
    if game == Game.MAGNANIMOUS:
        players = []
        for name, raw in zip(names, positions, strict=True):
            values = {**V1_MAGNANIMOUS, **raw}
            player = {"name": name, **values}
            if player["votes"] is None:
                del player["votes"]
            players.append(player)
        return {"game": "magnanimous", "ending": ending, "players": players}
    document: dict[str, Any] = {"game": "concordia", "kind": "final", "map": map_name}
    players = []
    for name, raw in zip(names, positions, strict=True):
        values = {**V1_CONCORDIA, **raw}
        if values["praefectus_magnus"]:
            document["praefectus_magnus"] = name
        players.append(
            {
                "name": name,
                "sestertii": values["sestertii"],
                "storehouse": {good: values[f"storehouse_{good}"] for good in _GOODS},
                "colonists_on_board": values["colonists_on_board"],
                "houses": {good: values[f"houses_{good}"] for good in _GOODS},
                "provinces": values["provinces"],
                "cards": {god: values[f"cards_{god}"] for god in _GODS},
                "specialists": [s for s in _SPECIALISTS if values[f"has_{s}"]],
                "concordia_card": values["concordia_card"],
            }
        )
    document["players"] = players
    return document


_PLAYER_PATH: Final = re.compile(r"^players\[(\d+)\](?:\.(\w+))?(?:\.(\w+)|\[\d+\])?")


def v1_path(path: str, *, game: str, session: str, seats: Sequence[int]) -> str:
    """Return where a problem of a version-1 game's sheet is in the backup.

    ``path`` is the problem's path in the sheet `v1_sheet` made, ``session``
    the game's path in the backup, ``seats`` the index in the file of each
    seat the sheet lists. ``players[1].houses.cloth`` is
    ``<session>.seats[<seat>].concordia_position.houses_cloth``.
    """
    match = _PLAYER_PATH.match(path)
    if match is None:
        # A table-wide rule (one Concordia card, one Praefectus Magnus…).
        return f"{session}.map" if path == "map" else f"{session}.seats"
    seat = seats[int(match.group(1))]
    field, key = match.group(2), match.group(3)
    here = f"{session}.seats[{seat}].{V1_POSITION_KEYS[Game(game)]}"
    if field is None or field in {"name", "specialists"}:
        return here
    if key is not None and field in {"storehouse", "houses", "cards"}:
        return f"{here}.{field}_{key}"
    return f"{here}.{field}"
