"""The public REST API (``/api/v1/``): one APIView per operation (HackSoft style).

Access mirrors the pages: a club that is not one of the user's is 404, for
every object in it and whatever id is guessed; reading is for members,
importing for the club's owners and admins (403 for other members). Every 400
carries the errors document ``{"errors": [{"path", "message"}]}``; a 429 (a
throttle, or a sign-in locked by django-axes) carries ``{"detail"}`` and
Retry-After.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from axes.helpers import get_cool_off  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from clubs import permissions
from games import portability, selectors
from games.models import (
    Club,
    ConcordiaMap,
    ConcordiaPosition,
    Game,
    MagnanimousPosition,
    Player,
    Role,
    SeatResult,
    TableSession,
)
from scoring.sheet_io import (
    SheetInvalid,
    errors_document,
    load_document,
    score_document,
)
from scoring.types import Problem
from stats import selectors as stats_selectors
from stats.vocabulary import CATEGORIES

# API error handling


def _flatten(detail: object, path: str = "") -> list[dict[str, str]]:
    """Turn DRF's nested error detail into path-addressed errors."""
    if isinstance(detail, Mapping):
        errors = []
        for key, value in detail.items():
            here = "" if key in {"non_field_errors", "detail"} else str(key)
            errors += _flatten(
                value, f"{path}.{here}" if path and here else path or here
            )
        return errors
    if isinstance(detail, list):
        errors = []
        for index, value in enumerate(detail):
            here = path if isinstance(value, str) else f"{path}[{index}]"
            errors += _flatten(value, here)
        return errors
    return [{"path": path, "message": str(detail)}]


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Map Django's ValidationError (raised by services) and DRF's 400s to the errors document."""
    if isinstance(exc, DjangoValidationError):
        problems: Sequence[Problem] = getattr(exc, "problems", ())
        errors = (
            [
                {"path": p.path, "message": portability.problem_message(p)}
                for p in problems
            ]
            if problems
            else [{"path": "", "message": message} for message in exc.messages]
        )
        return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(
        exc, (exceptions.ValidationError, exceptions.ParseError)
    ):
        response.data = {"errors": _flatten(exc.detail)}
    return response


class ErrorSerializer(serializers.Serializer[object]):
    path = serializers.CharField(
        help_text="JSON path of the offending field; empty for the whole document."
    )
    message = serializers.CharField()


# A serializer cannot have a field called "errors" (it is a property of
# every serializer), hence the inline one.
ErrorsSerializer = inline_serializer(
    name="Errors", fields={"errors": ErrorSerializer(many=True)}
)


class DetailSerializer(serializers.Serializer[object]):
    detail = serializers.CharField()


_ERRORS = OpenApiResponse(
    ErrorsSerializer, description="The input is wrong: every problem, by JSON path."
)
_DENIED = OpenApiResponse(DetailSerializer, description="Not signed in.")
_FORBIDDEN = OpenApiResponse(
    DetailSerializer, description="Only the club's owners and admins may do this."
)
_NOT_FOUND = OpenApiResponse(
    DetailSerializer, description="No such object among the user's clubs."
)
_THROTTLED = OpenApiResponse(
    DetailSerializer, description="Too many requests; retry later."
)
_READ_ERRORS: Final = {401: _DENIED, 403: _DENIED, 404: _NOT_FOUND, 429: _THROTTLED}


def _body(request: Request) -> bytes:
    """Return the raw request body, for the services to decode and report on.

    DRF's JSONParser would answer malformed JSON with its own message (and a
    deeply nested document with a server error); the score-sheet contract and
    the imports answer with their errors document instead. One byte over the
    limit is enough for `portability.document_load` to refuse the body.
    """
    stream = request.stream
    return bytes(stream.read(portability.MAX_IMPORT_BYTES + 1)) if stream else b""


# Access


def _user(request: Request) -> User:
    # Every view but the calculator and the token exchange requires a signed-in user.
    user = request.user
    if not isinstance(user, User):
        raise exceptions.NotAuthenticated
    return user


def _club(request: Request, club_slug: str) -> Club:
    return get_object_or_404(
        selectors.club_qs_visible_to(_user(request)), slug=club_slug
    )


def _managed_club(request: Request, club_slug: str) -> Club:
    club = _club(request, club_slug)
    if not permissions.can_manage(permissions.membership_get(_user(request), club)):
        raise exceptions.PermissionDenied(
            _("Only the club's owners and admins can do this.")
        )
    return club


def _paginated(
    view: APIView,
    request: Request,
    queryset: QuerySet[Any],
    serializer: type[serializers.BaseSerializer[Any]],
) -> Response:
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


# Authentication


@extend_schema_view(
    post=extend_schema(
        operation_id="auth_token_create",
        responses={
            200: inline_serializer(
                name="AuthToken", fields={"token": serializers.CharField()}
            ),
            400: _ERRORS,
            429: _THROTTLED,
        },
        auth=[],
    )
)
class AuthTokenCreateApi(ObtainAuthToken):
    """Exchange a user name and password for the API token sent as ``Authorization: Token …``.

    While django-axes holds the user name locked at this address, the answer is
    429 with a Retry-After, as the sign-in page's, rather than DRF's 400 for
    wrong credentials: a script must learn to wait, not to try other passwords.
    """

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            # django-axes flags the request authenticate() was given: DRF's
            # wrapper, which its middleware never sees, so the flag is read here.
            if getattr(request, "axes_locked_out", False):
                return _locked_out(request)
            raise


def _locked_out(request: Request) -> Response:
    """Say why and for how long signing in is refused, in the API's 429 shape.

    Retry-After is the whole cool-off, as the sign-in page says: attempts during
    the lock do not extend it, so after that long the lock is surely over.
    """
    limit: int = settings.AXES_FAILURE_LIMIT
    detail = ngettext(
        "Signing in to this account from your network failed %(limit)s time in a row.",
        "Signing in to this account from your network failed %(limit)s times in a row.",
        limit,
    ) % {"limit": limit}
    headers = {}
    cool_off: dt.timedelta | None = get_cool_off(request)
    if cool_off is not None:
        seconds = math.ceil(cool_off.total_seconds())
        minutes = max(1, seconds // 60)
        detail += " " + ngettext(
            "Wait %(minutes)s minute, then try again.",
            "Wait %(minutes)s minutes, then try again.",
            minutes,
        ) % {"minutes": minutes}
        headers["Retry-After"] = str(seconds)
    return Response(
        {"detail": detail}, status=status.HTTP_429_TOO_MANY_REQUESTS, headers=headers
    )


# Score-sheet calculator


_SHEET_EXAMPLE: Final = {
    "game": "concordia",
    "kind": "final",
    "map": "imperium",
    "praefectus_magnus": "Ana",
    "players": [
        {
            "name": "Ana",
            "sestertii": 13,
            "storehouse": {"brick": 1, "food": 0, "tool": 3, "wine": 0, "cloth": 1},
            "colonists_on_board": 5,
            "houses": {"brick": 3, "food": 4, "tool": 3, "wine": 0, "cloth": 2},
            "provinces": 7,
            "cards": {
                "vesta": 1,
                "jupiter": 2,
                "saturnus": 4,
                "mercurius": 2,
                "mars": 3,
            },
            "specialists": ["farmer"],
            "concordia_card": True,
        },
        {
            "name": "Bia",
            "sestertii": 5,
            "storehouse": {"food": 2},
            "colonists_on_board": 3,
            "houses": {"brick": 1, "food": 1, "tool": 1},
            "provinces": 3,
            # With Ana's cards, every sale card of decks I-II is bought: that is
            # how Ana ended the game with 12 houses.
            "cards": {
                "vesta": 1,
                "jupiter": 5,
                "saturnus": 3,
                "mercurius": 2,
                "mars": 1,
            },
            "specialists": ["mason", "smith", "vintner", "weaver"],
        },
    ],
}

_POINTS = {"type": "integer"}
_RESULT_PLAYER = {
    "type": "object",
    "required": ["name", "total", "rank"],
    "properties": {
        "name": {"type": "string"},
        "total": _POINTS,
        "rank": {"type": "integer", "minimum": 1},
        **dict.fromkeys(
            (
                "vesta",
                "jupiter",
                "saturnus",
                "mercurius",
                "mars",
                "minerva",
                "concordia",
                "bonus_sestertii",
                "court",
                "commerce",
                "politics",
                "military",
                "economy",
                "territory",
            ),
            _POINTS,
        ),
    },
}
_RESULT_DOCUMENT = {
    "type": "object",
    "required": ["game", "players"],
    "properties": {
        "game": {"type": "string", "enum": ["concordia", "magnanimous"]},
        "kind": {"type": "string"},
        "ending": {"type": "string"},
        "winner": {"type": "string"},
        "winners": {"type": "array", "items": {"type": "string"}},
        "players": {"type": "array", "items": _RESULT_PLAYER},
    },
}
_SHEET_DOCUMENT = {
    "type": "object",
    "description": "A score sheet of Concordia or Magnanimous (docs/score-sheet.md).",
    "additionalProperties": True,
    "required": ["game", "players"],
    "properties": {
        "game": {"type": "string", "enum": ["concordia", "magnanimous"]},
        "kind": {"type": "string", "enum": ["final", "intermediate"]},
        "map": {"type": "string", "enum": ["imperium", "italia"]},
        "praefectus_magnus": {"type": "string"},
        "ending": {"type": "string", "enum": ["republic", "nobility", "rio_occupied"]},
        "players": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": True},
        },
    },
}


class ScoreSheetApi(APIView):
    """Score a score sheet and return its result; no login, nothing is stored."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = ()

    @extend_schema(
        operation_id="score_sheet_score",
        request={"application/json": _SHEET_DOCUMENT},
        responses={
            200: OpenApiResponse(_RESULT_DOCUMENT, description="The result document."),
            400: _ERRORS,
            429: _THROTTLED,
        },
        examples=[OpenApiExample("Concordia", value=_SHEET_EXAMPLE, request_only=True)],
        auth=[],
    )
    def post(self, request: Request) -> Response:
        # The same two calls as `manage.py score_sheet`: the contract lives in
        # scoring.sheet_io, and this view only carries it over HTTP.
        try:
            document = score_document(load_document(_body(request)))
        except SheetInvalid as invalid:
            return Response(
                errors_document(invalid.problems), status=status.HTTP_400_BAD_REQUEST
            )
        return Response(document)


# Clubs and players


class ClubListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = PageNumberPagination

    class OutputSerializer(serializers.ModelSerializer[Club]):
        class Meta:
            model = Club
            fields = ("slug", "name", "created_at")

    @extend_schema(responses={200: OutputSerializer(many=True), **_READ_ERRORS})
    def get(self, request: Request) -> Response:
        clubs = selectors.club_qs_visible_to(request.user).order_by("name", "pk")
        return _paginated(self, request, clubs, self.OutputSerializer)


class ClubDetailApi(APIView):
    class OutputSerializer(serializers.Serializer[object]):
        slug = serializers.SlugField()
        name = serializers.CharField()
        created_at = serializers.DateTimeField()
        role = serializers.ChoiceField(
            choices=Role.choices, help_text="The signed-in user's role."
        )
        players = serializers.IntegerField()
        sessions = serializers.IntegerField()

    @extend_schema(responses={200: OutputSerializer, **_READ_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
        membership = permissions.membership_get(request.user, club)
        data = {
            "slug": club.slug,
            "name": club.name,
            "created_at": club.created_at,
            "role": membership.role if membership else Role.MEMBER,
            "players": club.players.count(),
            "sessions": club.sessions.count(),
        }
        return Response(self.OutputSerializer(data).data)


class PlayerOutputSerializer(serializers.ModelSerializer[Player]):
    username = serializers.CharField(
        source="user.username", allow_null=True, default=None
    )

    class Meta:
        model = Player
        fields = ("id", "name", "username", "created_at")


class PlayerListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = PageNumberPagination

    @extend_schema(responses={200: PlayerOutputSerializer(many=True), **_READ_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
        players = club.players.select_related("user").order_by("name", "pk")
        return _paginated(self, request, players, PlayerOutputSerializer)


class PlayerDetailApi(APIView):
    @extend_schema(responses={200: PlayerOutputSerializer, **_READ_ERRORS})
    def get(self, request: Request, club_slug: str, player_id: int) -> Response:
        club = _club(request, club_slug)
        player = get_object_or_404(club.players.select_related("user"), pk=player_id)
        return Response(PlayerOutputSerializer(player).data)


# Games


class ResultOutputSerializer(serializers.ModelSerializer[SeatResult]):
    breakdown = serializers.DictField(child=serializers.IntegerField())

    class Meta:
        model = SeatResult
        fields = ("total", "rank", "won", "breakdown")


class ConcordiaPositionOutputSerializer(serializers.ModelSerializer[ConcordiaPosition]):
    class Meta:
        model = ConcordiaPosition
        exclude = ("id", "session", "seat")


class MagnanimousPositionOutputSerializer(
    serializers.ModelSerializer[MagnanimousPosition]
):
    class Meta:
        model = MagnanimousPosition
        exclude = ("id", "session", "seat")


class _PlayerRefSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeatOutputSerializer(serializers.Serializer[object]):
    seat_order = serializers.IntegerField()
    colour = serializers.CharField()
    player = _PlayerRefSerializer()
    result = ResultOutputSerializer(allow_null=True)


class SeatDetailOutputSerializer(SeatOutputSerializer):
    concordia_position = ConcordiaPositionOutputSerializer(allow_null=True)
    magnanimous_position = MagnanimousPositionOutputSerializer(allow_null=True)


class SessionOutputSerializer(serializers.ModelSerializer[TableSession]):
    seats = SeatOutputSerializer(many=True)

    class Meta:
        model = TableSession
        fields = (
            "id",
            "game",
            "map",
            "ending",
            "played_at",
            "place",
            "notes",
            "status",
            "entry_mode",
            "version",
            "seats",
        )


class SessionListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = PageNumberPagination

    @extend_schema(responses={200: SessionOutputSerializer(many=True), **_READ_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
        return _paginated(
            self,
            request,
            selectors.session_list_for_club(club),
            SessionOutputSerializer,
        )


class SessionDetailApi(APIView):
    class OutputSerializer(SessionOutputSerializer):
        seats = SeatDetailOutputSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer, **_READ_ERRORS})
    def get(self, request: Request, club_slug: str, session_id: int) -> Response:
        club = _club(request, club_slug)
        session = get_object_or_404(
            selectors.session_qs_visible_to(
                user=_user(request), club=club
            ).prefetch_related(
                "seats__player",
                "seats__result",
                "seats__concordia_position",
                "seats__magnanimous_position",
            ),
            pk=session_id,
        )
        return Response(self.OutputSerializer(session).data)


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
        responses={200: OutputSerializer, 400: _ERRORS, **_READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
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
        responses={200: OutputSerializer, 400: _ERRORS, **_READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
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
        player = _PlayerRefSerializer()
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
        responses={200: OutputSerializer, 400: _ERRORS, **_READ_ERRORS},
    )
    def get(self, request: Request, club_slug: str, player_id: int) -> Response:
        club = _club(request, club_slug)
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


# Export and import


class ClubBackupExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The club backup (docs/portability.md).",
            ),
            **_READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = _managed_club(request, club_slug)
        return Response(portability.club_backup_export(club))


class _ImportOutcomeSerializer(serializers.Serializer[object]):
    players_created = serializers.IntegerField()
    sessions_created = serializers.IntegerField()
    sessions_skipped = serializers.IntegerField()


def _outcome(outcome: portability.ImportOutcome) -> Response:
    return Response(
        _ImportOutcomeSerializer(outcome).data, status=status.HTTP_201_CREATED
    )


class ClubBackupRestoreApi(APIView):
    parser_classes = ()

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: _ImportOutcomeSerializer, 400: _ERRORS, **_READ_ERRORS},
        description="Restore a club backup into this club, which must have no games or players yet.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = _managed_club(request, club_slug)
        document = portability.document_load(_body(request))
        return _outcome(portability.club_backup_import(club=club, document=document))


class ResultsCsvApi(APIView):
    @extend_schema(
        operation_id="clubs_results_csv_retrieve",
        responses={(200, "text/csv"): OpenApiTypes.STR, **_READ_ERRORS},
        description="Every seat of every finished game, one row each.",
    )
    def get(self, request: Request, club_slug: str) -> HttpResponse:
        club = _club(request, club_slug)
        return csv_response(club)


def csv_response(club: Club) -> HttpResponse:
    """Return the results CSV as a download (with a BOM: spreadsheets then read UTF-8)."""
    response = HttpResponse(
        "\ufeff" + portability.results_csv(club), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-results.csv"'
    return response


class BgStatsExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="BG Stats JSON export of the Concordia plays.",
            ),
            **_READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = _club(request, club_slug)
        return Response(portability.bgstats_export(club))


class _CandidateSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class _MatchSerializer(serializers.Serializer[object]):
    ref = serializers.CharField(help_text="The player's id in the BG Stats file.")
    name = serializers.CharField()
    player = _CandidateSerializer(
        allow_null=True, help_text="The club player it matches; null: a new player."
    )
    candidates = _CandidateSerializer(
        many=True, help_text="Non-empty when someone must choose."
    )


def _bgstats_input(
    request: Request,
) -> tuple[portability.BgStatsFile, dict[str, int | None]]:
    document = portability.document_load(_body(request))
    choices: dict[str, int | None] = {}
    if isinstance(document, dict) and "players_chosen" in document:
        raw = document.pop("players_chosen")
        if not isinstance(raw, dict) or not all(
            (isinstance(v, int) and not isinstance(v, bool)) or v is None
            for v in raw.values()
        ):
            raise portability.ImportRejected(
                [Problem(path="players_chosen", template=_CHOICES_SHAPE)]
            )
        choices = {str(k): v for k, v in raw.items()}
    return portability.bgstats_read(document), choices


_CHOICES_SHAPE: Final = gettext_noop(
    "Expected an object of club player ids (or null for a new player) "
    "by BG Stats player id"
)

_BGSTATS_REQUEST = {
    "type": "object",
    "description": "A BG Stats JSON export; optionally with `players_chosen`: "
    "{BG Stats player id: club player id, or null for a new player}.",
    "additionalProperties": True,
    "properties": {
        "games": {"type": "array", "items": {"type": "object"}},
        "players": {"type": "array", "items": {"type": "object"}},
        "locations": {"type": "array", "items": {"type": "object"}},
        "plays": {"type": "array", "items": {"type": "object"}},
        "players_chosen": {
            "type": "object",
            "additionalProperties": {"type": "integer", "nullable": True},
        },
    },
}


class BgStatsPreviewApi(APIView):
    parser_classes = ()

    class OutputSerializer(serializers.Serializer[object]):
        plays = serializers.IntegerField()
        players = _MatchSerializer(many=True)

    @extend_schema(
        request={"application/json": _BGSTATS_REQUEST},
        responses={200: OutputSerializer, 400: _ERRORS, **_READ_ERRORS},
        description="Read a BG Stats file and say how its players would be matched; stores nothing.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = _managed_club(request, club_slug)
        parsed, _choices = _bgstats_input(request)
        matches = portability.bgstats_player_matches(club=club, parsed=parsed)
        return Response(
            self.OutputSerializer(
                {
                    "plays": len(parsed.plays),
                    "players": [
                        {
                            "ref": m.ref,
                            "name": m.name,
                            "player": m.player,
                            "candidates": list(m.candidates),
                        }
                        for m in matches
                    ],
                }
            ).data
        )


class BgStatsImportApi(APIView):
    parser_classes = ()

    @extend_schema(
        request={"application/json": _BGSTATS_REQUEST},
        responses={201: _ImportOutcomeSerializer, 400: _ERRORS, **_READ_ERRORS},
        description="Import the Concordia plays of a BG Stats file. An ambiguous player name "
        "is a 400 at `players.<id>` until `players_chosen` settles it.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = _managed_club(request, club_slug)
        parsed, choices = _bgstats_input(request)
        return _outcome(
            portability.bgstats_import(club=club, parsed=parsed, choices=choices)
        )


# Exempt: a POST to a mistyped address must get the same JSON 404, not the
# CSRF middleware's HTML 403 (there is nothing here to protect).
@csrf_exempt
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Answer an address under /api/v1/ that names no endpoint with JSON, not a page."""
    return JsonResponse({"detail": _("Not found.")}, status=404)
