"""The score-sheet document (docs/score-sheet.md) as the OpenAPI schema describes it.

These serializers only describe: the sheet is read by its game's own reader
(`scoring.sheet_io`, `scoring.magnanimous`), which refuses everything the
schema refuses and more (the rules), with the path of each problem. Each
bound here is one the reader enforces, so that a body the schema calls
invalid is always refused.
"""

from __future__ import annotations

from typing import Final

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.models import ConcordiaMap, MagnanimousEnding
from scoring.catalog import MIN_PLAYERS
from scoring.magnanimous import MAX_PLAYERS as MAGNANIMOUS_MAX_PLAYERS
from scoring.magnanimous import MIN_PLAYERS as MAGNANIMOUS_MIN_PLAYERS
from scoring.magnanimous import NOBILITY_TOP
from scoring.names import NAME_MAX_LENGTH
from scoring.ruleset import modules, ruleset
from scoring.types import MapName, SheetKind, Specialist

# The most players a sheet can seat: six with Venus' team play.
MAX_PLAYERS: Final = ruleset(next(iter(MapName)), modules()).max_players


def _counts(help_text: str) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.IntegerField(min_value=0), help_text=help_text
    )


# The value sets whose enums drf-spectacular names after these (settings'
# ENUM_NAME_OVERRIDES): "game", "map" and "ending" name other sets elsewhere.
GAME_CONCORDIA: Final = ["concordia"]
GAME_MAGNANIMOUS: Final = ["magnanimous"]
MAPS: Final = ConcordiaMap.choices
ENDINGS: Final = MagnanimousEnding.choices


def _name() -> serializers.CharField:
    return serializers.CharField(
        max_length=NAME_MAX_LENGTH,
        trim_whitespace=False,
        help_text="The player's name: 1 to 40 visible characters, unique in the sheet.",
    )


class ConcordiaSheetPlayerSerializer(serializers.Serializer[object]):
    name = _name()
    sestertii = serializers.IntegerField(min_value=0)
    storehouse = _counts("Goods in the storehouse by good; a missing good is 0.")
    colonists_on_board = serializers.IntegerField(min_value=2, max_value=6)
    houses = _counts("Houses by the good of their city; a missing good is 0.")
    provinces = serializers.IntegerField(min_value=0)
    cards = _counts(
        "Every personality card by god (starting cards included, "
        "Minerva's specialists not)."
    )
    specialists = serializers.ListField(
        child=serializers.ChoiceField(choices=[s.value for s in Specialist]),
        required=False,
    )
    concordia_card = serializers.BooleanField(required=False)
    # The modules' own fields (docs/score-sheet.md), each with its module only.
    forum_points = serializers.IntegerField(
        required=False, help_text="With the forum: the points it won or lost."
    )
    venus_provinces = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="Venus, individual play: provinces with 2 or more houses.",
    )
    team = serializers.CharField(
        required=False, help_text="Venus, team play: the player's team."
    )
    venus_team_provinces = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text="Venus, team play: provinces where both partners have a house.",
    )


class ConcordiaSheetSerializer(serializers.Serializer[object]):
    game = serializers.ChoiceField(choices=GAME_CONCORDIA)
    kind = serializers.ChoiceField(choices=[k.value for k in SheetKind], required=False)
    map = serializers.ChoiceField(choices=MAPS)
    expansions = serializers.ListField(child=serializers.CharField(), required=False)
    praefectus_magnus = serializers.CharField(
        required=False, help_text="Required for a final sheet."
    )
    players = serializers.ListField(
        child=ConcordiaSheetPlayerSerializer(),
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        help_text="In seating order, clockwise, the start player first.",
    )


class MagnanimousSheetPlayerSerializer(serializers.Serializer[object]):
    name = _name()
    nobility = serializers.IntegerField(min_value=0, max_value=NOBILITY_TOP)
    commerce_spaces = serializers.IntegerField(min_value=0)
    commerce_tokens = serializers.IntegerField(min_value=0)
    referendums = serializers.IntegerField(min_value=0)
    troops = serializers.IntegerField(min_value=0)
    reis = serializers.IntegerField(min_value=0)
    occupied_provinces = serializers.IntegerField(min_value=0)
    governor = serializers.BooleanField()
    votes = serializers.IntegerField(min_value=0, required=False)
    reached_20_first = serializers.BooleanField(required=False)


class MagnanimousSheetSerializer(serializers.Serializer[object]):
    game = serializers.ChoiceField(choices=GAME_MAGNANIMOUS)
    ending = serializers.ChoiceField(choices=ENDINGS)
    players = serializers.ListField(
        child=MagnanimousSheetPlayerSerializer(),
        min_length=MAGNANIMOUS_MIN_PLAYERS,
        max_length=MAGNANIMOUS_MAX_PLAYERS,
    )


SCORE_SHEET = PolymorphicProxySerializer(
    component_name="ScoreSheet",
    serializers={
        "concordia": ConcordiaSheetSerializer,
        "magnanimous": MagnanimousSheetSerializer,
    },
    resource_type_field_name="game",
)


@extend_schema_field(SCORE_SHEET)
class ScoreSheetField(serializers.JSONField):
    """A score-sheet document, taken as decoded JSON for its game's reader."""
