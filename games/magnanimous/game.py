"""Magnanimous in the game registry (`games.registry`): what the shared code asks of it.

Imported once at start-up by `games.apps.GamesConfig.ready`.
"""

from __future__ import annotations

import dataclasses

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games import registry
from games.magnanimous import views
from games.magnanimous.explain import outcome
from games.magnanimous.services import MAGNANIMOUS_COLOURS, magnanimous_sheet_record
from games.models import EntryMode, Game
from games.vocabulary import category_label
from scoring import MagnanimousPlayerScore
from scoring import magnanimous as rules
from scoring.magnanimous import MagnanimousResult, parse_magnanimous

# A score's categories are the fields of its per-player score between the seat
# and the total; deriving them keeps one vocabulary.
CATEGORIES = tuple(
    field.name
    for field in dataclasses.fields(MagnanimousPlayerScore)
    if field.name not in {"name", "seat", "total", "rank"}
)


def _no_maps() -> list[tuple[str, str | Promise]]:
    return []


def _rows(scored: object) -> registry.ScoreRows:
    assert isinstance(scored, MagnanimousResult)
    return [
        (
            category_label(category),
            [int(getattr(score, category)) for score in scored.players],
        )
        for category in CATEGORIES
    ]


def _outcome(scored: object) -> object:
    assert isinstance(scored, MagnanimousResult)
    return outcome(scored)


_PAGES = registry.GamePages(
    start=views.magnanimous_start,
    sheet=views.magnanimous_sheet,
    preview=views.magnanimous_sheet_preview,
    detail=views.magnanimous_detail,
)

registry.register(
    registry.GameSpec(
        game=Game.MAGNANIMOUS,
        # One way of entering a game.
        pages=dict.fromkeys(EntryMode.values, _PAGES),
        categories=CATEGORIES,
        table_sizes=range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1),
        colours=tuple(str(colour) for colour in MAGNANIMOUS_COLOURS),
        colours_refused=_("Magnanimous has red, green, blue and yellow pieces only."),
        too_many=_("Magnanimous is played by at most %(count)d players."),
        maps=_no_maps,
        result_type=MagnanimousResult,
        score_rows=_rows,
        outcome=_outcome,
        sheet_read=parse_magnanimous,
        sheet_record=magnanimous_sheet_record,
    )
)
