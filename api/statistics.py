"""Leaderboards and statistics: what `stats.selectors` computes, serialized."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERRORS,
    READ_ERRORS,
    member_club,
)
from api.sessions import PlayerRefSerializer
from games.models import (
    ConcordiaMap,
    Game,
)
from games.vocabulary import TABLE_SIZES
from stats import selectors as stats_selectors
from stats.selectors import ClubSummary, Leaderboard, LeaderboardRow, PlayerProfile

# Statistics

_GAME_PARAMETER = OpenApiParameter(
    "game",
    enum=Game.values,
    default=Game.CONCORDIA,
    description="Which game's statistics.",
)


class _GameInputSerializer(serializers.Serializer[object]):
    game = serializers.ChoiceField(choices=Game.choices, default=Game.CONCORDIA)


class _FromRequest(serializers.CharField):
    """A value the request chose (the game), not an attribute of the result."""

    def get_attribute(self, instance: object) -> Any:
        return self.context[str(self.field_name)]


class _CategoryValues(serializers.DictField):
    """``{category: value}`` from a result's values in its categories' order."""

    def __init__(self, *, values: str, **kwargs: Any) -> None:
        self.values_attr = values
        super().__init__(source="*", **kwargs)

    def to_representation(self, value: Any) -> dict[str, object]:
        return {
            category: self.child.to_representation(points)
            for category, points in zip(
                self.context["categories"],
                getattr(value, self.values_attr),
                strict=True,
            )
        }


class _LeaderboardRowSerializer(serializers.Serializer[LeaderboardRow]):
    position = serializers.IntegerField()
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()
    average = serializers.FloatField()
    best = serializers.IntegerField()
    averages = _CategoryValues(
        values="averages",
        child=serializers.FloatField(),
        help_text="Average points per score category.",
    )
    rating = serializers.FloatField(allow_null=True)
    rated_games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class _LeaderboardRows(serializers.ListField):
    def to_representation(self, data: Any) -> Any:
        return _LeaderboardRowSerializer(data, many=True, context=self.context).data


class LeaderboardApi(APIView):
    class InputSerializer(_GameInputSerializer):
        order = serializers.CharField(
            required=False, default=stats_selectors.DEFAULT_ORDER, max_length=20
        )
        map = serializers.ChoiceField(
            choices=ConcordiaMap.choices, required=False, default=""
        )
        players = serializers.IntegerField(
            required=False,
            min_value=TABLE_SIZES[Game.CONCORDIA].start,
            max_value=TABLE_SIZES[Game.CONCORDIA].stop - 1,
            default=None,
        )
        page = serializers.IntegerField(
            required=False, min_value=1, max_value=100000, default=1
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if attrs["order"].lstrip("-") not in stats_selectors.leaderboard_orders(
                attrs["game"]
            ):
                raise serializers.ValidationError(
                    {
                        "order": _("Sort by one of: %(columns)s")
                        % {
                            "columns": ", ".join(
                                stats_selectors.leaderboard_orders(attrs["game"])
                            )
                        }
                    }
                )
            return attrs

    class OutputSerializer(serializers.Serializer[Leaderboard]):
        game = _FromRequest()
        order = serializers.CharField()
        page = serializers.IntegerField()
        pages = serializers.IntegerField()
        players = serializers.IntegerField()
        categories = serializers.ListField(child=serializers.CharField())
        rows = _LeaderboardRows(child=serializers.DictField())

    @extend_schema(
        parameters=[
            _GAME_PARAMETER,
            OpenApiParameter(
                "order",
                str,
                description="A column (name, rating, games, wins, win_rate, average, best or a score category), '-' first for descending.",
            ),
            OpenApiParameter("map", enum=ConcordiaMap.values),
            OpenApiParameter(
                "players",
                {
                    "type": "integer",
                    "minimum": TABLE_SIZES[Game.CONCORDIA].start,
                    "maximum": TABLE_SIZES[Game.CONCORDIA].stop - 1,
                },
                description="Only games with this many players (2 to 5).",
            ),
            OpenApiParameter(
                "page", {"type": "integer", "minimum": 1, "maximum": 100000}
            ),
        ],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        params = self.InputSerializer(data=request.query_params.dict())
        params.is_valid(raise_exception=True)
        data = params.validated_data
        board = stats_selectors.leaderboard_get(
            club=club,
            game=data["game"],
            filters=stats_selectors.LeaderboardFilters(
                map=data["map"], player_count=data["players"]
            ),
            order=data["order"],
            page=data["page"],
        )
        context = {"game": data["game"], "categories": board.categories}
        return Response(self.OutputSerializer(board, context=context).data)


class _MonthCounts(serializers.ListField):
    def to_representation(self, data: Any) -> list[dict[str, object]]:
        return [{"month": month.isoformat(), "games": n} for month, n in data]


class _WinningScores(serializers.ListField):
    def to_representation(self, data: Any) -> list[dict[str, object]]:
        return [{"from": str(tally.label), "games": tally.value} for tally in data]


class _Tallies(serializers.DictField):
    def to_representation(self, value: Any) -> dict[str, object]:
        return {str(tally.label): tally.value for tally in value}


class _WinnerCategories(serializers.DictField):
    def to_representation(self, value: Any) -> dict[str, object]:
        return {
            category: points
            for category, (_label, points) in zip(
                self.context["categories"], value, strict=True
            )
        }


class ClubStatisticsApi(APIView):
    class OutputSerializer(serializers.Serializer[ClubSummary]):
        game = _FromRequest()
        games = serializers.IntegerField()
        lost_by_all = serializers.IntegerField()
        games_per_month = _MonthCounts(child=serializers.DictField())
        winning_scores = _WinningScores(child=serializers.DictField())
        winner_categories = _WinnerCategories(child=serializers.FloatField())
        maps = _Tallies(child=serializers.IntegerField())
        player_counts = _Tallies(child=serializers.IntegerField())

    @extend_schema(
        parameters=[_GAME_PARAMETER],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        params = _GameInputSerializer(data=request.query_params.dict())
        params.is_valid(raise_exception=True)
        game = params.validated_data["game"]
        summary = stats_selectors.club_summary_get(club=club, game=game)
        context = {"game": game, "categories": summary.categories}
        return Response(self.OutputSerializer(summary, context=context).data)


class _ByCategory(serializers.DictField):
    """``{category: the player's or the club's average}`` from the comparisons."""

    def __init__(self, *, whose: str, **kwargs: Any) -> None:
        self.whose = whose
        super().__init__(source="categories", **kwargs)

    def to_representation(self, value: Any) -> dict[str, object]:
        return {c.category: getattr(c, self.whose) for c in value}


class _Opponents(serializers.ListField):
    def to_representation(self, data: Any) -> list[dict[str, object]]:
        return [
            {
                "player_id": o.opponent_id,
                "name": o.name,
                "meetings": o.meetings,
                "wins": o.wins,
                "losses": o.losses,
                "ties": o.ties,
            }
            for o in data
        ]


class _Raw(serializers.Field):  # type: ignore[type-arg]
    """A number passed through as the selector computed it (int or float)."""

    def to_representation(self, value: Any) -> Any:
        return value


class _RawFloat(_Raw, serializers.FloatField):
    pass


class _RawInteger(_Raw, serializers.IntegerField):
    pass


class PlayerStatisticsApi(APIView):
    class OutputSerializer(serializers.Serializer[PlayerProfile]):
        game = _FromRequest()
        player = PlayerRefSerializer()
        games = _RawInteger()
        wins = _RawInteger()
        win_rate = _RawFloat()
        average = _RawFloat()
        best = _RawInteger(allow_null=True)
        rating = _RawFloat(allow_null=True)
        rated_games = _RawInteger()
        averages = _ByCategory(whose="player", child=serializers.FloatField())
        club_averages = _ByCategory(whose="club", child=serializers.FloatField())
        opponents = _Opponents(child=serializers.DictField())

    @extend_schema(
        parameters=[_GAME_PARAMETER],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str, player_id: int) -> Response:
        club = member_club(request, club_slug)
        player = get_object_or_404(club.players, pk=player_id)
        params = _GameInputSerializer(data=request.query_params.dict())
        params.is_valid(raise_exception=True)
        game = params.validated_data["game"]
        profile = stats_selectors.player_profile_get(
            club=club, game=game, player=player
        )
        return Response(self.OutputSerializer(profile, context={"game": game}).data)
