"""The club backup, the results CSV and BG Stats export and import (`portability`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from django.http import HttpResponse
from django.utils.translation import gettext_noop
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERRORS,
    READ_ERRORS,
    RawJsonParser,
    managed_club,
    member_club,
    request_body,
    request_user,
)
from api.schema import typed_schema, without_required
from games.documents import (
    ImportRejected,
    document_load,
)
from portability.backup import club_backup_export, club_backup_import
from portability.backup.document import BackupDocument
from portability.bgstats import (
    BgStatsDocument,
    BgStatsFile,
    bgstats_export,
    bgstats_import,
    bgstats_player_matches,
    bgstats_read,
    problem_text,
    rejected_lines,
)
from portability.common import (
    ImportOutcome,
    LeftOut,
)
from portability.csv_results import csv_response
from scoring.types import Problem

# Export and import


_BACKUP = typed_schema(BackupDocument)
_BACKUP_REQUEST = {
    **_BACKUP,
    "description": "A club backup (docs/portability.md), as …/backup/ returns it; "
    "files of version 1 are read too.",
}


class ClubBackupExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                _BACKUP,
                description="The club backup (docs/portability.md).",
            ),
            **READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        return Response(club_backup_export(club))


class _ProblemSerializer(serializers.Serializer[object]):
    path = serializers.CharField(help_text="JSON path of the field in the file.")
    message = serializers.CharField()


class _LeftOutSerializer(serializers.Serializer[object]):
    path = serializers.CharField(help_text="The play's path in the file: `plays[3]`.")
    played_on = serializers.CharField(help_text="The play's date as the file has it.")
    players = serializers.ListField(child=serializers.CharField())
    error = serializers.BooleanField(
        help_text="True: the file is wrong there; false: the play is no game to "
        "keep here (no scores, a solo play)."
    )
    problems = _ProblemSerializer(many=True)


class _ImportOutcomeSerializer(serializers.Serializer[object]):
    players_created = serializers.IntegerField()
    sessions_created = serializers.IntegerField()
    sessions_skipped = serializers.IntegerField()


class _BgStatsOutcomeSerializer(_ImportOutcomeSerializer):
    plays_left_out = _LeftOutSerializer(many=True)


def _left_out(left_out: tuple[LeftOut, ...]) -> list[dict[str, object]]:
    return [
        {
            "path": left.play.path,
            "played_on": left.play.played_on,
            "players": list(left.play.players),
            "error": left.error,
            "problems": [
                {"path": problem.path, "message": problem_text(problem, {})}
                for problem in left.problems
            ],
        }
        for left in left_out
    ]


def _outcome(outcome: ImportOutcome) -> Response:
    return Response(
        _ImportOutcomeSerializer(outcome).data, status=status.HTTP_201_CREATED
    )


def _bgstats_outcome(outcome: ImportOutcome) -> Response:
    data = {
        "players_created": outcome.players_created,
        "sessions_created": outcome.sessions_created,
        "sessions_skipped": outcome.sessions_skipped,
        "plays_left_out": _left_out(outcome.left_out),
    }
    return Response(
        _BgStatsOutcomeSerializer(data).data, status=status.HTTP_201_CREATED
    )


def _bgstats_rejected(rejected: ImportRejected) -> Response:
    """The errors document, each message after the play (date, players) it is about."""
    return Response(
        {
            "errors": [
                {"path": path, "message": message}
                for path, message in rejected_lines(rejected)
            ]
        },
        status=status.HTTP_400_BAD_REQUEST,
    )


class ClubBackupRestoreApi(APIView):
    parser_classes = (RawJsonParser,)

    @extend_schema(
        request={"application/json": _BACKUP_REQUEST},
        responses={201: _ImportOutcomeSerializer, 400: ERRORS, **READ_ERRORS},
        description="Restore a club backup into this club, which must have no games or players yet.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        document = document_load(request_body(request))
        return _outcome(club_backup_import(club=club, document=document))


class _CsvRenderer(BaseRenderer):
    """Lets ``Accept: text/csv`` choose the CSV (the view writes it itself)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        # Only errors reach a renderer, and `handle_exception` sends those as JSON.
        return bytes(JSONRenderer().render(data))


class ResultsCsvApi(APIView):
    renderer_classes = (_CsvRenderer, JSONRenderer)

    def handle_exception(self, exc: Exception) -> Response:
        # An error is the errors document in JSON whatever the client accepts.
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return super().handle_exception(exc)

    @extend_schema(
        operation_id="clubs_results_csv_retrieve",
        # DRF's ?format= picks a renderer; the CSV is the one answer documented.
        parameters=[OpenApiParameter("format", exclude=True)],
        responses={
            (200, "text/csv"): OpenApiTypes.STR,
            **{
                (code, "application/json"): answer
                for code, answer in READ_ERRORS.items()
            },
        },
        description="Every seat of every finished game, one row each.",
    )
    def get(self, request: Request, club_slug: str) -> HttpResponse:
        club = member_club(request, club_slug)
        return csv_response(club)


class BgStatsExportApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                typed_schema(BgStatsDocument),
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


@dataclass(frozen=True, slots=True)
class _BgStatsInput:
    parsed: BgStatsFile
    choices: dict[str, int | None]
    import_valid: bool


def _bgstats_input(request: Request) -> _BgStatsInput:
    document = document_load(request_body(request))
    choices: dict[str, int | None] = {}
    import_valid = False
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
    if isinstance(document, dict) and "import_valid_plays" in document:
        flag = document.pop("import_valid_plays")
        if not isinstance(flag, bool):
            raise ImportRejected(
                [Problem(path="import_valid_plays", template=_FLAG_SHAPE)]
            )
        import_valid = flag
    return _BgStatsInput(
        parsed=bgstats_read(document), choices=choices, import_valid=import_valid
    )


_CHOICES_SHAPE: Final = gettext_noop(
    "Expected an object of club player ids (or null for a new player) "
    "by BG Stats player id"
)
_FLAG_SHAPE: Final = gettext_noop("Expected true or false")

_BGSTATS_FILE = without_required(typed_schema(BgStatsDocument))
_BGSTATS_REQUEST = {
    "type": "object",
    "description": "A BG Stats JSON export (the fields the import reads are "
    "typed; a phone's file has more, which are ignored); optionally with "
    "`players_chosen`: {BG Stats player id: club player id, or null for a new "
    "player}.",
    "additionalProperties": True,
    "properties": {
        **_BGSTATS_FILE["properties"],
        "players_chosen": {
            "type": "object",
            "additionalProperties": {"type": "integer", "nullable": True},
        },
        "import_valid_plays": {
            "type": "boolean",
            "description": "Import the plays that can be imported and list the "
            "others in `plays_left_out`; without it, a file with a wrong play is "
            "refused whole.",
        },
    },
}


class BgStatsPreviewApi(APIView):
    parser_classes = (RawJsonParser,)

    class OutputSerializer(serializers.Serializer[object]):
        plays = serializers.IntegerField(help_text="The plays that would be imported.")
        players = _MatchSerializer(many=True)
        plays_left_out = _LeftOutSerializer(many=True)

    @extend_schema(
        request={"application/json": _BGSTATS_REQUEST},
        responses={200: OutputSerializer, 400: ERRORS, **READ_ERRORS},
        description="Read a BG Stats file and say how its players would be matched "
        "and which plays would be left out; stores nothing.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        given = _bgstats_input(request)
        matches = bgstats_player_matches(
            club=club, parsed=given.parsed, importer=request_user(request)
        )
        return Response(
            self.OutputSerializer(
                {
                    "plays": len(given.parsed.plays),
                    "players": [
                        {
                            "ref": m.ref,
                            "name": m.name,
                            "player": m.player,
                            "candidates": list(m.candidates),
                        }
                        for m in matches
                    ],
                    "plays_left_out": _left_out(given.parsed.left_out),
                }
            ).data
        )


class BgStatsImportApi(APIView):
    parser_classes = (RawJsonParser,)

    @extend_schema(
        request={"application/json": _BGSTATS_REQUEST},
        responses={201: _BgStatsOutcomeSerializer, 400: ERRORS, **READ_ERRORS},
        description="Import the Concordia plays of a BG Stats file. An ambiguous player "
        "name is a 400 at `players.<id>` until `players_chosen` settles it. A play the "
        "file gets wrong refuses the file (each error names its play: date and "
        "players), unless `import_valid_plays` is true: then the other plays are "
        "imported and `plays_left_out` says which were not, and why. Plays without "
        "scores, or with fewer than two named players, are always left out.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = managed_club(request, club_slug)
        try:
            given = _bgstats_input(request)
            outcome = bgstats_import(
                club=club,
                parsed=given.parsed,
                choices=given.choices,
                imported_by=request_user(request),
                import_valid=given.import_valid,
            )
        except ImportRejected as rejected:
            return _bgstats_rejected(rejected)
        return _bgstats_outcome(outcome)
