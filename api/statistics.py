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
from games.vocabulary import CATEGORIES
from stats import selectors as stats_selectors

# Statistics

_GAME_PARAMETER = OpenApiParameter(
    "game",
    enum=Game.values,
    default=Game.CONCORDIA,
    description="Which game's statistics.",
)


class _GameInputSerializer(serializers.Serializer[object]):
    game = serializers.ChoiceField(choices=Game.choices, default=Game.CONCORDIA)


class LeaderboardApi(APIView):
    class InputSerializer(_GameInputSerializer):
        order = serializers.CharField(
            required=False, default=stats_selectors.DEFAULT_ORDER, max_length=20
        )
        map = serializers.ChoiceField(
            choices=ConcordiaMap.choices, required=False, default=""
        )
        players = serializers.IntegerField(
            required=False, min_value=2, max_value=5, default=None
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

    class RowSerializer(serializers.Serializer[object]):
        position = serializers.IntegerField()
        player_id = serializers.IntegerField()
        name = serializers.CharField()
        games = serializers.IntegerField()
        wins = serializers.IntegerField()
        win_rate = serializers.FloatField()
        average = serializers.FloatField()
        best = serializers.IntegerField()
        averages = serializers.DictField(
            child=serializers.FloatField(),
            help_text="Average points per score category.",
        )
        rating = serializers.FloatField(allow_null=True)
        rated_games = serializers.IntegerField()
        provisional = serializers.BooleanField()

    class OutputSerializer(serializers.Serializer[object]):
        game = serializers.CharField()
        order = serializers.CharField()
        page = serializers.IntegerField()
        pages = serializers.IntegerField()
        players = serializers.IntegerField()
        categories = serializers.ListField(child=serializers.CharField())
        rows = serializers.ListField(child=serializers.DictField())

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
                int,
                description="Only games with this many players (2 to 5).",
            ),
            OpenApiParameter("page", int),
        ],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        params = self.InputSerializer(data=request.query_params)
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
        rows = [
            {
                "position": row.position,
                "player_id": row.player_id,
                "name": row.name,
                "games": row.games,
                "wins": row.wins,
                "win_rate": row.win_rate,
                "average": row.average,
                "best": row.best,
                "averages": dict(zip(board.categories, row.averages, strict=True)),
                "rating": row.rating,
                "rated_games": row.rated_games,
                "provisional": row.provisional,
            }
            for row in board.rows
        ]
        return Response(
            {
                "game": data["game"],
                "order": board.order,
                "page": board.page,
                "pages": board.pages,
                "players": board.players,
                "categories": list(board.categories),
                "rows": self.RowSerializer(rows, many=True).data,
            }
        )


class ClubStatisticsApi(APIView):
    class OutputSerializer(serializers.Serializer[object]):
        game = serializers.CharField()
        games = serializers.IntegerField()
        lost_by_all = serializers.IntegerField()
        games_per_month = serializers.ListField(child=serializers.DictField())
        winning_scores = serializers.ListField(child=serializers.DictField())
        winner_categories = serializers.DictField(child=serializers.FloatField())
        maps = serializers.DictField(child=serializers.IntegerField())
        player_counts = serializers.DictField(child=serializers.IntegerField())

    @extend_schema(
        parameters=[_GAME_PARAMETER],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        params = _GameInputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        game = params.validated_data["game"]
        summary = stats_selectors.club_summary_get(club=club, game=game)
        return Response(
            {
                "game": game,
                "games": summary.games,
                "lost_by_all": summary.lost_by_all,
                "games_per_month": [
                    {"month": month.isoformat(), "games": n}
                    for month, n in summary.games_per_month
                ],
                "winning_scores": [
                    {"from": str(c.label), "games": c.value}
                    for c in summary.winning_scores
                ],
                "winner_categories": {
                    category: value
                    for category, (_label, value) in zip(
                        CATEGORIES[game], summary.winner_categories, strict=True
                    )
                },
                "maps": {str(c.label): c.value for c in summary.maps},
                "player_counts": {str(c.label): c.value for c in summary.player_counts},
            }
        )


class PlayerStatisticsApi(APIView):
    class OutputSerializer(serializers.Serializer[object]):
        game = serializers.CharField()
        player = PlayerRefSerializer()
        games = serializers.IntegerField()
        wins = serializers.IntegerField()
        win_rate = serializers.FloatField()
        average = serializers.FloatField()
        best = serializers.IntegerField(allow_null=True)
        rating = serializers.FloatField(allow_null=True)
        rated_games = serializers.IntegerField()
        averages = serializers.DictField(child=serializers.FloatField())
        club_averages = serializers.DictField(child=serializers.FloatField())
        opponents = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        parameters=[_GAME_PARAMETER],
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str, player_id: int) -> Response:
        club = member_club(request, club_slug)
        player = get_object_or_404(club.players, pk=player_id)
        params = _GameInputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        game = params.validated_data["game"]
        profile = stats_selectors.player_profile_get(
            club=club, game=game, player=player
        )
        return Response(
            {
                "game": game,
                "player": {"id": player.pk, "name": player.name},
                "games": profile.games,
                "wins": profile.wins,
                "win_rate": profile.win_rate,
                "average": profile.average,
                "best": profile.best,
                "rating": profile.rating,
                "rated_games": profile.rated_games,
                "averages": {c.category: c.player for c in profile.categories},
                "club_averages": {c.category: c.club for c in profile.categories},
                "opponents": [
                    {
                        "player_id": o.opponent_id,
                        "name": o.name,
                        "meetings": o.meetings,
                        "wins": o.wins,
                        "losses": o.losses,
                        "ties": o.ties,
                    }
                    for o in profile.opponents
                ],
            }
        )
