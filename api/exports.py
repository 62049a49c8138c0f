"""The club backup, the results CSV and BG Stats export and import (`portability`)."""

from __future__ import annotations

from typing import Final

from django.http import HttpResponse
from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERRORS,
    READ_ERRORS,
    managed_club,
    member_club,
    request_body,
    request_user,
)
from games.documents import (
    ImportRejected,
    document_load,
)
from portability.backup import club_backup_export, club_backup_import
from portability.bgstats import (
    BgStatsFile,
    bgstats_export,
    bgstats_import,
    bgstats_player_matches,
    bgstats_read,
)
from portability.common import (
    ImportOutcome,
)
from portability.csv_results import csv_response
from scoring.types import Problem

# Export and import


class ClubBackupExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The club backup (docs/portability.md).",
            ),
            **READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        return Response(club_backup_export(club))


class _ImportOutcomeSerializer(serializers.Serializer[object]):
    players_created = serializers.IntegerField()
    sessions_created = serializers.IntegerField()
    sessions_skipped = serializers.IntegerField()


def _outcome(outcome: ImportOutcome) -> Response:
    return Response(
        _ImportOutcomeSerializer(outcome).data, status=status.HTTP_201_CREATED
    )


class ClubBackupRestoreApi(APIView):
    parser_classes = ()

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        responses={201: _ImportOutcomeSerializer, 400: ERRORS, **READ_ERRORS},
        description="Restore a club backup into this club, which must have no games or players yet.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        document = document_load(request_body(request))
        return _outcome(club_backup_import(club=club, document=document))


class ResultsCsvApi(APIView):
    @extend_schema(
        operation_id="clubs_results_csv_retrieve",
        responses={(200, "text/csv"): OpenApiTypes.STR, **READ_ERRORS},
        description="Every seat of every finished game, one row each.",
    )
    def get(self, request: Request, club_slug: str) -> HttpResponse:
        club = member_club(request, club_slug)
        return csv_response(club)


class BgStatsExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="BG Stats JSON export of the Concordia plays.",
            ),
            **READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        return Response(bgstats_export(club))


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
) -> tuple[BgStatsFile, dict[str, int | None]]:
    document = document_load(request_body(request))
    choices: dict[str, int | None] = {}
    if isinstance(document, dict) and "players_chosen" in document:
        raw = document.pop("players_chosen")
        if not isinstance(raw, dict) or not all(
            (isinstance(v, int) and not isinstance(v, bool)) or v is None
            for v in raw.values()
        ):
            raise ImportRejected(
                [Problem(path="players_chosen", template=_CHOICES_SHAPE)]
            )
        choices = {str(k): v for k, v in raw.items()}
    return bgstats_read(document), choices


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
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
        description="Read a BG Stats file and say how its players would be matched; stores nothing.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        parsed, _choices = _bgstats_input(request)
        matches = bgstats_player_matches(club=club, parsed=parsed)
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
        responses={201: _ImportOutcomeSerializer, 400: ERRORS, **READ_ERRORS},
        description="Import the Concordia plays of a BG Stats file. An ambiguous player name "
        "is a 400 at `players.<id>` until `players_chosen` settles it.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        parsed, choices = _bgstats_input(request)
        return _outcome(
            bgstats_import(
                club=club,
                parsed=parsed,
                choices=choices,
                imported_by=request_user(request),
            )
        )
