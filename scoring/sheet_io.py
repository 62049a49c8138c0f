"""The score-sheet JSON contract (``docs: score-sheet format``, version 1).

Decoding text, strict parsing with JSON paths, and the result and errors
documents, for both games. The management command ``score_sheet`` and the API
endpoint are thin wrappers around `load_document` and `score_document`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from enum import StrEnum
from typing import Final, Literal, TypedDict

from scoring._data import final_card, god_ids, specialist_god
from scoring.engine import score_sheet
from scoring.i18n import gettext_noop
from scoring.magnanimous import (
    MagnanimousResult,
    MagnanimousResultDocument,
    magnanimous_result_document,
    parse_magnanimous,
    score_magnanimous,
)
from scoring.ruleset import Ruleset, module_fields, modules, ruleset
from scoring.shape import (
    EXPECTED_OBJECT,
    EXPECTED_TEXT,
    MISSING_FIELD,
    NOT_JSON,
    NOT_UTF8,
    UNREADABLE_FILE,
    UNREADABLE_JSON,
    WRONG_GAME,
    ErrorsDocument,
    ShapeReader,
    SheetInvalid,
    child,
    describe,
    errors_document,
)
from scoring.types import (
    CardCounts,
    Category,
    GoodCounts,
    MapName,
    PlayerBoard,
    Problem,
    ScoreSheet,
    SheetKind,
    SheetResult,
    Specialist,
)
from scoring.validation import MODULE_UNKNOWN, validate_sheet

__all__ = [
    "ConcordiaPlayerDocument",
    "ConcordiaResultDocument",
    "ErrorsDocument",
    "Game",
    "ResultDocument",
    "SheetInvalid",
    "errors_document",
    "load_document",
    "parse_concordia",
    "result_document",
    "score_document",
    "unreadable",
]

NESTED_TOO_DEEPLY: Final = gettext_noop("The score sheet is nested too deeply to read")
MODULE_TWICE: Final = gettext_noop("The module “%(given)s” is listed twice")
MODULE_NOT_LISTED: Final = gettext_noop(
    "“%(field)s” belongs to the module “%(module)s”: add it to “expansions”, or leave the field out"
)
MINERVA_IS_SPECIALISTS: Final = gettext_noop(
    "Minerva cards are not counted here: list them under “specialists”"
)


class Game(StrEnum):
    CONCORDIA = "concordia"
    MAGNANIMOUS = "magnanimous"


# A player's result: ``name``, one key per line of the game's score (its
# ruleset's categories: each god, ``minerva``, ``concordia``), ``total``,
# ``rank``, and ``bonus_sestertii`` at an intermediate scoring.
ConcordiaPlayerDocument = dict[str, str | int]


class ConcordiaTeamDocument(TypedDict):
    team: str
    players: list[str]
    total: int
    rank: int


class _ConcordiaResultBase(TypedDict):
    game: Literal["concordia"]
    kind: str
    winner: str
    players: list[ConcordiaPlayerDocument]


class ConcordiaResultDocument(_ConcordiaResultBase, total=False):
    # Team play only (Venus): each team, and the winning team's name.
    teams: list[ConcordiaTeamDocument]
    winner_team: str


ResultDocument = ConcordiaResultDocument | MagnanimousResultDocument


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number in JSON")


def load_document(text: str | bytes) -> object:
    """Decode a score sheet; raise `SheetInvalid` saying where the JSON breaks.

    Bytes must be UTF-8 (a byte-order mark is allowed). ``NaN`` and
    ``Infinity``, which Python's json module would accept, are refused.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SheetInvalid([Problem(path="", template=NOT_UTF8)]) from None
    text = text.removeprefix("\ufeff")
    try:
        document: object = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        problem = Problem(
            path="",
            template=NOT_JSON,
            params={"error": error.msg, "line": error.lineno, "column": error.colno},
        )
    except RecursionError:
        problem = Problem(path="", template=NESTED_TOO_DEEPLY)
    except ValueError as error:
        # A number too long for int() or a NaN; json gives no position for those.
        problem = Problem(
            path="", template=UNREADABLE_JSON, params={"error": str(error)}
        )
    else:
        return document
    raise SheetInvalid([problem])


def unreadable(source: str, error: str) -> SheetInvalid:
    """Return the error for a score-sheet file that cannot be read at all."""
    return SheetInvalid(
        [
            Problem(
                path="",
                template=UNREADABLE_FILE,
                params={"file": source, "error": error},
            )
        ]
    )


_PLAYER_REQUIRED: Final = (
    "name",
    "sestertii",
    "storehouse",
    "colonists_on_board",
    "houses",
    "provinces",
    "cards",
)
_PLAYER_OPTIONAL: Final = ("specialists", "concordia_card")
# The fields a module adds (Venus' provinces and team), read only with it.
_MODULE_FIELDS: Final = module_fields()


def parse_concordia(document: object) -> ScoreSheet:
    """Return the Concordia sheet a decoded JSON document describes.

    Raises `SheetInvalid` with every shape problem (wrong type, missing or
    unknown field, unknown good, god, specialist, map or kind) or, when the
    shape is right, with every problem `validate_sheet` finds. Rule checks wait
    for a clean shape so that a field left out is not also blamed for the
    rules it then seems to break.
    """
    reader = ShapeReader()
    top = reader.fields(
        document,
        "",
        required=("game", "map", "players"),
        optional=("kind", "praefectus_magnus", "expansions"),
    )
    game = reader.text(top, "game", "", default=Game.CONCORDIA)
    if game != Game.CONCORDIA and isinstance(top.get("game"), str):
        reader.report("game", WRONG_GAME, expected="Concordia", given=game)
    kind = reader.choice(top, "kind", "", SheetKind, SheetKind.FINAL)
    map_name = reader.choice(top, "map", "", MapName, next(iter(MapName)))
    expansions = read_expansions(reader, top, "")
    rules = ruleset(map_name, expansions)
    praefectus_magnus = reader.optional_text(top, "praefectus_magnus", "")
    players = tuple(
        _read_player(reader, raw, f"players[{seat}]", rules)
        for seat, raw in enumerate(reader.items(top, "players", ""))
    )
    if reader.problems:
        raise SheetInvalid(reader.problems)
    sheet = ScoreSheet(
        map=map_name,
        players=players,
        praefectus_magnus=praefectus_magnus,
        kind=kind,
        expansions=rules.expansions,
    )
    problems = validate_sheet(sheet)
    if problems:
        raise SheetInvalid(problems)
    return sheet


def read_expansions(
    reader: ShapeReader, top: Mapping[str, object], path: str
) -> tuple[str, ...]:
    """Read the optional ``expansions`` list: modules the data knows, each once.

    An unknown or repeated module is reported (and left out), so the rest of
    the document is read against the modules that are known. Shared by the
    score sheet and the game log.
    """
    known = modules()
    chosen: list[str] = []
    for index, item in enumerate(reader.items(top, "expansions", path)):
        here = child(path, f"expansions[{index}]") if path else f"expansions[{index}]"
        if not isinstance(item, str):
            reader.report(here, EXPECTED_TEXT, got=describe(item))
        elif item not in known:
            reader.report(here, MODULE_UNKNOWN, given=item)
        elif item in chosen:
            reader.report(here, MODULE_TWICE, given=item)
        else:
            chosen.append(item)
    return tuple(chosen)


def _read_player(
    reader: ShapeReader, raw: object, path: str, rules: Ruleset
) -> PlayerBoard:
    # A module's own row (``forum_points``) is a field only when it is played.
    fields = reader.fields(
        raw,
        path,
        required=_PLAYER_REQUIRED,
        optional=(*_PLAYER_OPTIONAL, *_MODULE_FIELDS, *rules.module_fields),
    )
    for name, module in _MODULE_FIELDS.items():
        if name in fields and module not in rules.expansions:
            reader.report(
                f"{path}.{name}", MODULE_NOT_LISTED, field=name, module=module
            )
    # Keyword arguments are evaluated in order: problems come in document order.
    return PlayerBoard(
        name=reader.text(fields, "name", path),
        sestertii=reader.integer(fields, "sestertii", path),
        storehouse=GoodCounts(
            reader.counts(fields, "storehouse", path, rules.goods, all_required=False)
        ),
        colonists_on_board=reader.integer(fields, "colonists_on_board", path),
        houses=GoodCounts(
            reader.counts(fields, "houses", path, rules.goods, all_required=False)
        ),
        provinces=reader.integer(fields, "provinces", path),
        cards=CardCounts(
            reader.counts(
                fields,
                "cards",
                path,
                rules.gods,
                all_required=True,
                hints={rules.specialist_category.value: MINERVA_IS_SPECIALISTS},
            )
        ),
        specialists=tuple(
            reader.choice_value(
                item,
                f"{path}.specialists[{index}]",
                Specialist,
                rules.specialists[0],
            )
            for index, item in enumerate(reader.items(fields, "specialists", path))
        ),
        concordia_card=reader.boolean(fields, "concordia_card", path),
        venus_provinces=reader.integer(fields, "venus_provinces", path),
        team=reader.optional_text(fields, "team", path),
        venus_team_provinces=reader.integer(fields, "venus_team_provinces", path),
        **{name: reader.integer(fields, name, path) for name in rules.module_fields},
    )


# The gods in scoring order, the specialists' god, the final card, then any
# other line the data knows.
_RESULT_ORDER: Final = tuple(
    dict.fromkeys(
        (
            *god_ids(),
            specialist_god().lower(),
            final_card(),
            *(category.value for category in Category),
        )
    )
)


def result_document(result: SheetResult | MagnanimousResult) -> ResultDocument:
    """Return the contract's result document: players in input order, keys in contract order."""
    if isinstance(result, MagnanimousResult):
        return magnanimous_result_document(result)
    players: list[ConcordiaPlayerDocument] = []
    for score in result.players:
        player: ConcordiaPlayerDocument = {"name": score.name}
        points = {line.category.value: line.points for line in score.lines}
        # Every line the data knows is in the result, 0 where the game has
        # none (``venus`` without Venus), as the format says; in the order
        # of a game with every module.
        for category in _RESULT_ORDER:
            player[category] = points.get(category, 0)
        player["total"] = score.total
        player["rank"] = score.rank
        if score.bonus_sestertii is not None:
            player["bonus_sestertii"] = score.bonus_sestertii
        players.append(player)
    document: ConcordiaResultDocument = {
        "game": "concordia",
        "kind": result.kind.value,
        "winner": result.winner,
        "players": players,
    }
    if result.teams:
        document["teams"] = [
            {
                "team": team.team,
                "players": [result.players[seat].name for seat in team.seats],
                "total": team.total,
                "rank": team.rank,
            }
            for team in result.teams
        ]
        if result.winner_team is not None:
            document["winner_team"] = result.winner_team
    return document


def score_document(document: object) -> ResultDocument:
    """Score a decoded score sheet of either game and return its result document.

    Raises `SheetInvalid` with every problem found; ``errors_document`` turns
    them into the contract's errors document.
    """
    if not isinstance(document, dict):
        raise SheetInvalid(
            [
                Problem(
                    path="",
                    template=EXPECTED_OBJECT,
                    params={"got": describe(document)},
                )
            ]
        )
    if "game" not in document:
        raise SheetInvalid(
            [Problem(path="game", template=MISSING_FIELD, params={"field": "game"})]
        )
    reader = ShapeReader()
    game = reader.choice_value(document["game"], "game", Game, Game.CONCORDIA)
    if reader.problems:
        raise SheetInvalid(reader.problems)
    if game is Game.MAGNANIMOUS:
        return magnanimous_result_document(
            score_magnanimous(parse_magnanimous(document))
        )
    return result_document(score_sheet(parse_concordia(document)))
