"""The games' vocabulary as the pages say it: categories in page order, their labels.

`scoring` owns the facts (which gods, which Magnanimous categories); this is
the one place the app names them, for every area (stats, portability, api).
"""

from __future__ import annotations

import dataclasses
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.models import Game
from scoring import MagnanimousPlayerScore, catalog
from scoring import magnanimous as magnanimous_rules
from scoring.types import Category

# A Magnanimous score's categories are the fields of its per-player score
# between the seat and the total; deriving them keeps one vocabulary.
_MAGNANIMOUS_NOT_CATEGORIES = {"name", "seat", "total", "rank"}

CATEGORIES: Final[dict[str, tuple[str, ...]]] = {
    Game.CONCORDIA: tuple(category.value for category in Category),
    Game.MAGNANIMOUS: tuple(
        f.name
        for f in dataclasses.fields(MagnanimousPlayerScore)
        if f.name not in _MAGNANIMOUS_NOT_CATEGORIES
    ),
}

# The gods' names are proper names and stay as they are in every language.
CATEGORY_LABELS: Final[dict[str, str | Promise]] = {
    "vesta": "Vesta",
    "jupiter": "Jupiter",
    "saturnus": "Saturnus",
    "mercurius": "Mercurius",
    "mars": "Mars",
    "minerva": "Minerva",
    "concordia": "Concordia",
    "court": _("Court"),
    "commerce": _("Commerce"),
    "politics": _("Politics"),
    "military": _("Military"),
    "economy": _("Economy"),
    "territory": _("Territory"),
}

GAME_LABELS: Final[dict[str, str]] = {
    str(value): label for value, label in Game.choices
}

# How many players sit at a table of each game (scoring's limits).
TABLE_SIZES: Final[dict[str, range]] = {
    Game.CONCORDIA: range(catalog.MIN_PLAYERS, catalog.MAX_PLAYERS + 1),
    Game.MAGNANIMOUS: range(
        magnanimous_rules.MIN_PLAYERS, magnanimous_rules.MAX_PLAYERS + 1
    ),
}


def category_label(category: str) -> str | Promise:
    return CATEGORY_LABELS.get(category, category)
