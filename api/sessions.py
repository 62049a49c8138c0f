"""A club's games, their seats and results."""

from __future__ import annotations

import datetime as dt
from typing import Final

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERRORS,
    IDEMPOTENCY_KEY,
    LIST_ERRORS,
    READ_ERRORS,
    ApiPagination,
    JsonBooleanField,
    JsonCharField,
    RawJsonParser,
    document_object,
    idempotency_key,
    member_club,
    paginated,
    request_user,
)
from api.score_sheet import SHEET_EXAMPLE as _SHEET_EXAMPLE
from api.sheet_schema import ScoreSheetField
from clubs.models import Club
from games import selectors, sheet_intake
from games.models import (
    ConcordiaPosition,
    MagnanimousPosition,
    SeatResult,
    TableSession,
    validate_played_on,
)

NOTES_MAX_LENGTH: Final = 2_000

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


class PlayerRefSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SeatOutputSerializer(serializers.Serializer[object]):
    seat_order = serializers.IntegerField()
    colour = serializers.CharField()
    # The seat's team in a team game (Venus), "" otherwise.
    team = serializers.CharField()
    player = PlayerRefSerializer()
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


class SessionFullOutputSerializer(SessionOutputSerializer):
    seats = SeatDetailOutputSerializer(many=True)


def _session_full(club: Club, session_id: int, user: User) -> TableSession:
    return get_object_or_404(
        selectors.session_qs_visible_to(user=user, club=club).prefetch_related(
            "seats__player",
            "seats__result",
            "seats__concordia_position",
            "seats__magnanimous_position",
        ),
        pk=session_id,
    )


class SessionListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = ApiPagination
    parser_classes = (RawJsonParser,)

    class InputSerializer(serializers.Serializer[object]):
        sheet = ScoreSheetField(
            help_text="The score sheet (docs/score-sheet.md): the players, in "
            "seating order, are the club's players of those names."
        )
        played_at = serializers.DateTimeField()
        place = JsonCharField(
            max_length=int(TableSession._meta.get_field("place").max_length or 100),
            required=False,
            allow_blank=True,
            default="",
        )
        notes = JsonCharField(
            max_length=NOTES_MAX_LENGTH, required=False, allow_blank=True, default=""
        )
        add_players = JsonBooleanField(
            required=False,
            default=False,
            help_text="Add the sheet's names the club does not know as guest "
            "players; without it such a name is refused, with the club's names.",
        )

        def validate_played_at(self, value: dt.datetime) -> dt.datetime:
            try:
                validate_played_on(timezone.localdate(value))
            except DjangoValidationError as error:
                raise serializers.ValidationError(error.messages) from None
            return value

    @extend_schema(responses={200: SessionOutputSerializer(many=True), **LIST_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        return paginated(
            self,
            request,
            selectors.session_list_for_club(club),
            SessionOutputSerializer,
        )

    @extend_schema(
        operation_id="clubs_sessions_create",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(
                SessionFullOutputSerializer, description="The game, recorded."
            ),
            200: OpenApiResponse(
                SessionFullOutputSerializer,
                description="The game an earlier request with this Idempotency-Key "
                "recorded: nothing new was stored.",
            ),
            400: ERRORS,
            **READ_ERRORS,
        },
        examples=[
            OpenApiExample(
                "Concordia",
                value={"sheet": _SHEET_EXAMPLE, "played_at": "2026-11-20T21:30:00Z"},
                request_only=True,
            )
        ],
        description="Record a finished game from its score sheet. Each name of the "
        "sheet is the club's player of that name (any case); an unknown name is a "
        "400 at `sheet.players[i].name` that lists the club's players, unless "
        "`add_players` is true. With an `Idempotency-Key` the game is recorded "
        "once: a retry with the same key answers 200 with the same game.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        key = idempotency_key(request)
        envelope = self.InputSerializer(data=document_object(request))
        envelope.is_valid(raise_exception=True)
        given = envelope.validated_data
        recorded = sheet_intake.session_from_sheet(
            club=club,
            created_by=request_user(request),
            document=given["sheet"],
            played_at=given["played_at"],
            place=given["place"],
            notes=given["notes"],
            add_players=given["add_players"],
            idempotency_key=f"api:{key}" if key else "",
        )
        session = _session_full(club, recorded.session.pk, request_user(request))
        return Response(
            SessionFullOutputSerializer(session).data,
            status=status.HTTP_201_CREATED if recorded.created else status.HTTP_200_OK,
        )


class SessionDetailApi(APIView):
    OutputSerializer = SessionFullOutputSerializer

    @extend_schema(responses={200: OutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str, session_id: int) -> Response:
        club = member_club(request, club_slug)
        session = _session_full(club, session_id, request_user(request))
        return Response(self.OutputSerializer(session).data)
