"""A club's games, their seats and results."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    READ_ERRORS,
    member_club,
    paginated,
    request_user,
)
from games import selectors
from games.models import (
    ConcordiaPosition,
    MagnanimousPosition,
    SeatResult,
    TableSession,
)

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


class SessionListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = PageNumberPagination

    @extend_schema(responses={200: SessionOutputSerializer(many=True), **READ_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        return paginated(
            self,
            request,
            selectors.session_list_for_club(club),
            SessionOutputSerializer,
        )


class SessionDetailApi(APIView):
    class OutputSerializer(SessionOutputSerializer):
        seats = SeatDetailOutputSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str, session_id: int) -> Response:
        club = member_club(request, club_slug)
        session = get_object_or_404(
            selectors.session_qs_visible_to(
                user=request_user(request), club=club
            ).prefetch_related(
                "seats__player",
                "seats__result",
                "seats__concordia_position",
                "seats__magnanimous_position",
            ),
            pk=session_id,
        )
        return Response(self.OutputSerializer(session).data)
