"""Scoring for Concordia and Magnanimous: pure Python, no Django, no clock, no randomness.

The web app, the API and the ``score_sheet`` command all go through this
package: `score_sheet` and `validate_sheet` for a typed `ScoreSheet`, and
`load_document` / `score_document` for the JSON score-sheet contract.
"""

from __future__ import annotations

from scoring.catalog import (
    CONCORDIA_CARD_POINTS,
    DISPLAY_SURCHARGE,
    GOOD_PRICE,
    MAX_COLONISTS,
    MAX_HOUSES,
    SALE_CARDS,
    SPECIALIST_GOOD,
    SPECIALIST_VALUE,
    STARTING_HAND,
    STOREHOUSE_SPACES,
    SaleCard,
    cards_in_play,
    max_cards_per_player,
    specialists_in_play,
)
from scoring.engine import intermediate_bonus, rank_order, score_sheet
from scoring.magnanimous import (
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousPlayerScore,
    MagnanimousResult,
    MagnanimousSheet,
    parse_magnanimous,
    score_magnanimous,
    validate_magnanimous,
)
from scoring.maps import MAPS, City, Connection, MapSpec, Province
from scoring.sheet_io import (
    SheetInvalid,
    errors_document,
    load_document,
    parse_concordia,
    result_document,
    score_document,
)
from scoring.types import (
    CardCounts,
    Category,
    CategoryScore,
    God,
    Good,
    GoodCounts,
    MapName,
    PlayerBoard,
    PlayerScore,
    Problem,
    ScoreSheet,
    SheetKind,
    SheetResult,
    Specialist,
    SpecialistScore,
)
from scoring.validation import validate_sheet

__all__ = [
    "CONCORDIA_CARD_POINTS",
    "DISPLAY_SURCHARGE",
    "GOOD_PRICE",
    "MAPS",
    "MAX_COLONISTS",
    "MAX_HOUSES",
    "SALE_CARDS",
    "SPECIALIST_GOOD",
    "SPECIALIST_VALUE",
    "STARTING_HAND",
    "STOREHOUSE_SPACES",
    "CardCounts",
    "Category",
    "CategoryScore",
    "City",
    "Connection",
    "God",
    "Good",
    "GoodCounts",
    "MagnanimousBoard",
    "MagnanimousEnding",
    "MagnanimousPlayerScore",
    "MagnanimousResult",
    "MagnanimousSheet",
    "MapName",
    "MapSpec",
    "PlayerBoard",
    "PlayerScore",
    "Problem",
    "Province",
    "SaleCard",
    "ScoreSheet",
    "SheetInvalid",
    "SheetKind",
    "SheetResult",
    "Specialist",
    "SpecialistScore",
    "cards_in_play",
    "errors_document",
    "intermediate_bonus",
    "load_document",
    "max_cards_per_player",
    "parse_concordia",
    "parse_magnanimous",
    "rank_order",
    "result_document",
    "score_document",
    "score_magnanimous",
    "score_sheet",
    "specialists_in_play",
    "validate_magnanimous",
    "validate_sheet",
]
