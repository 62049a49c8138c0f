"""The user's clubs and their players."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    LIST_ERRORS,
    READ_ERRORS,
    ApiPagination,
    member_club,
    paginated,
)
from clubs import permissions
from clubs.models import Club, Player, Role
from clubs.selectors import club_qs_visible_to

# Clubs and players


class ClubListApi(APIView):
    # Read by drf-spectacular, which then documents the paginated envelope.
    pagination_class = ApiPagination

    class OutputSerializer(serializers.ModelSerializer[Club]):
        class Meta:
            model = Club
            fields = ("slug", "name", "created_at")

    @extend_schema(responses={200: OutputSerializer(many=True), **LIST_ERRORS})
    def get(self, request: Request) -> Response:
        clubs = club_qs_visible_to(request.user).order_by("name", "pk")
        return paginated(self, request, clubs, self.OutputSerializer)


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

    @extend_schema(responses={200: OutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
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
    pagination_class = ApiPagination

    @extend_schema(responses={200: PlayerOutputSerializer(many=True), **LIST_ERRORS})
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        players = club.players.select_related("user").order_by("name", "pk")
        return paginated(self, request, players, PlayerOutputSerializer)


class PlayerDetailApi(APIView):
    @extend_schema(responses={200: PlayerOutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str, player_id: int) -> Response:
        club = member_club(request, club_slug)
        player = get_object_or_404(club.players.select_related("user"), pk=player_id)
        return Response(PlayerOutputSerializer(player).data)
