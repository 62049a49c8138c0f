"""Concordia in the game registry (`games.registry`): what the shared code asks of it.

Imported once at start-up by `games.apps.GamesConfig.ready`.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import registry, services
from games.concordia.views import result, sheet
from games.models import Colour, ConcordiaMap, EntryMode, Game
from games.vocabulary import category_label
from scoring.catalog import MIN_PLAYERS
from scoring.reference import god_line_ids
from scoring.ruleset import modules, ruleset
from scoring.sheet_io import parse_concordia
from scoring.types import MapName, SheetResult

_WITH_EVERY_MODULE = ruleset(next(iter(MapName)), modules())


def _maps() -> list[tuple[str, str | Promise]]:
    return [(str(value), label) for value, label in ConcordiaMap.choices]


def _rows(scored: object) -> registry.ScoreRows:
    """A row per line of the game's score, in the order it was scored."""
    assert isinstance(scored, SheetResult)
    players = scored.players
    if not players:
        return []
    return [
        (
            category_label(line.category.value),
            [score.points(line.category) for score in players],
        )
        for line in players[0].lines
    ]


_QUICK = registry.GamePages(
    start=services.session_create,
    sheet=sheet.concordia_sheet,
    preview=sheet.concordia_sheet_preview,
    detail=result.concordia_detail,
)

registry.register(
    registry.GameSpec(
        game=Game.CONCORDIA,
        pages={
            EntryMode.QUICK: _QUICK,
            # A game tapped on the board is scored from the board: its sheet
            # address leads there (switching modes asks first).
            EntryMode.BOARD: registry.GamePages(
                start=_QUICK.start,
                sheet=sheet.board_sheet,
                preview=_QUICK.preview,
                detail=_QUICK.detail,
            ),
        },
        # Every line a final score can have (the gods', Minerva's, the
        # Concordia card's, the forum's points) in the data's append-only
        # order: the statistics keep each in the slot of its place.
        categories=god_line_ids(),
        # With every module: Venus' team play seats six.
        table_sizes=range(MIN_PLAYERS, _WITH_EVERY_MODULE.max_players + 1),
        colours=tuple(str(colour) for colour in Colour.values),
        colours_refused=None,
        too_many=_("Concordia is played by at most %(count)d players."),
        maps=_maps,
        result_type=SheetResult,
        score_rows=_rows,
        sheet_read=parse_concordia,
        sheet_record=services.concordia_sheet_record,
    )
)
