"""The table assistant through the API: games in play, their state, their log, moves.

Every write goes through the assistant's shell (`assistant.services`), which
asks the game's package (`assistant.registry`) what the rules say: nothing
here knows a game. A game's log is its game's log format (Concordia's is
docs/game-log.md, ``game-log/1``), as the pages export and import it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from django.http import Http404
from django.utils.translation import gettext_noop
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
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
    JsonIntegerField,
    RawJsonParser,
    document_object,
    idempotency_key,
    member_club,
    paginated,
    problems_document,
    request_body,
    request_user,
)
from assistant import registry, selectors, services
from assistant.interface import Move, RulesRefused
from assistant.models import AssistantGame
from games.documents import ImportRejected, document_load
from games.models import TableSession
from scoring.types import Problem

EVENTS_IN_A_CREATE: Final = gettext_noop(
    "A new game starts with no events: send the log to …/table-games/import/ "
    "to bring a game with its events."
)
EVENT_OPEN: Final = gettext_noop(
    "This event leaves a choice to the table (several ways fit): the event must "
    "say which."
)


class TableGameOutputSerializer(serializers.ModelSerializer[AssistantGame]):
    head = serializers.IntegerField(
        source="head_seq",
        help_text="The number of the latest event (0 before the first): the "
        "`expected_head` of the next move.",
    )
    status = serializers.SerializerMethodField(
        help_text="`playing`, `finished` or `abandoned`."
    )
    players = serializers.ListField(
        child=serializers.DictField(),
        help_text="The seats in seating order, as the log's header has them "
        "(`name`, `colour`, …).",
    )
    setup = serializers.DictField(
        help_text="The rest of the log's header (Concordia: map, tracking, "
        "intermediate_scoring, cities, display)."
    )
    session: serializers.PrimaryKeyRelatedField[TableSession] = (
        serializers.PrimaryKeyRelatedField(
            read_only=True,
            allow_null=True,
            help_text="The finished game's id under …/sessions/, once its sheet exists.",
        )
    )

    class Meta:
        model = AssistantGame
        fields = (
            "id",
            "game",
            "status",
            "head",
            "players",
            "setup",
            "join_code",
            "created_at",
            "session",
        )

    def get_status(self, game: AssistantGame) -> str:
        return str(game.status or registry.of(game).status(selectors.game_state(game)))


def _game(request: Request, club_slug: str, game_id: int) -> AssistantGame:
    member_club(request, club_slug)
    game = selectors.game_get_visible(
        user=request_user(request), club_slug=club_slug, game_id=game_id
    )
    if game is None or registry.get(game.game) is None:
        raise Http404
    return game


def _refused(refused: RulesRefused, prefix: str = "") -> Response:
    problems = [
        replace(p, path=f"{prefix}.{p.path}" if prefix and p.path else p.path or prefix)
        for p in refused.problems
    ]
    return Response(problems_document(problems), status=status.HTTP_400_BAD_REQUEST)


_LOG_DOCUMENT = {
    "type": "object",
    "description": "A game log of a game the assistant plays (Concordia: "
    "docs/game-log.md, `game-log/1`).",
    "additionalProperties": True,
    "required": ["game", "players"],
    "properties": {
        "format": {"type": "string"},
        "game": {"type": "string", "enum": ["concordia", "magnanimous"]},
        "players": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": True,
                "required": ["name"],
                "properties": {
                    "name": {"type": "string"},
                    "colour": {"type": "string"},
                },
            },
        },
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": True,
                "required": ["type"],
                "properties": {"type": {"type": "string"}},
            },
        },
    },
}
_SETUP_EXAMPLE: Final = {
    "format": "game-log/1",
    "game": "concordia",
    "map": "imperium",
    "tracking": "light",
    "intermediate_scoring": False,
    "players": [
        {"name": "Ana", "colour": "red"},
        {"name": "Bia", "colour": "green"},
        {"name": "Caio", "colour": "blue"},
    ],
    "display": [
        "I:Mason",
        "I:Architect",
        "I:Colonist",
        "I:Prefect",
        "I:Smith",
        "I:Mercator",
        "I:Farmer",
    ],
}


class TableGameListApi(APIView):
    pagination_class = ApiPagination
    parser_classes = (RawJsonParser,)

    @extend_schema(
        responses={200: TableGameOutputSerializer(many=True), **LIST_ERRORS},
        description="The club's games of the table assistant, newest first.",
    )
    def get(self, request: Request, club_slug: str) -> Response:
        member_club(request, club_slug)
        games = selectors.game_qs_visible_to(
            user=request_user(request), club_slug=club_slug
        ).filter(game__in=[assistant.game for assistant in registry.games()])
        return paginated(self, request, games, TableGameOutputSerializer)

    @extend_schema(
        operation_id="clubs_table_games_create",
        request={"application/json": _LOG_DOCUMENT},
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(
                TableGameOutputSerializer, description="The new game."
            ),
            200: OpenApiResponse(
                TableGameOutputSerializer,
                description="The game an earlier request with this "
                "Idempotency-Key created.",
            ),
            400: ERRORS,
            **READ_ERRORS,
        },
        examples=[OpenApiExample("Concordia", value=_SETUP_EXAMPLE, request_only=True)],
        description="Start a game from its setup: the header of its game log "
        "(players in seating order, the start player first, and the game's "
        "setup), without events. The rules check the setup first.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        key = idempotency_key(request)
        document = document_object(request)
        if document.get("events"):
            raise ImportRejected([Problem(path="events", template=EVENTS_IN_A_CREATE)])
        setup_key = f"api:{key}" if key else ""
        if setup_key:
            made = selectors.game_id_for_setup_key(club=club, key=setup_key)
            if made is not None:
                game = AssistantGame.objects.get(pk=made)
                return Response(TableGameOutputSerializer(game).data)
        try:
            game = services.game_import(
                club=club,
                created_by=request_user(request),
                document={**document, "events": []},
                setup_key=setup_key,
            )
        except RulesRefused as refused:
            return _refused(refused)
        return Response(
            TableGameOutputSerializer(game).data, status=status.HTTP_201_CREATED
        )


class TableGameDetailApi(APIView):
    @extend_schema(responses={200: TableGameOutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str, game_id: int) -> Response:
        game = _game(request, club_slug, game_id)
        return Response(TableGameOutputSerializer(game).data)


class TableGameStateApi(APIView):
    class OutputSerializer(serializers.Serializer[object]):
        head = serializers.IntegerField()
        state = serializers.DictField(
            help_text="The state document `replay_log` prints (docs/game-log.md, "
            "“The state”), computed from the log."
        )

    @extend_schema(responses={200: OutputSerializer, **READ_ERRORS})
    def get(self, request: Request, club_slug: str, game_id: int) -> Response:
        game = _game(request, club_slug, game_id)
        state = registry.of(game).state_document(selectors.game_state(game))
        return Response(
            self.OutputSerializer({"head": game.head_seq, "state": state}).data
        )


class TableGameLogApi(APIView):
    @extend_schema(
        responses={
            200: OpenApiResponse(
                _LOG_DOCUMENT,
                description="The whole log, as the game's page exports it.",
            ),
            **READ_ERRORS,
        }
    )
    def get(self, request: Request, club_slug: str, game_id: int) -> Response:
        game = _game(request, club_slug, game_id)
        return Response(selectors.game_log_document(game))


class _ConflictSerializer(serializers.Serializer[object]):
    detail = serializers.CharField()
    head = serializers.IntegerField(help_text="The game's head now.")


class TableGameEventApi(APIView):
    parser_classes = (RawJsonParser,)

    class InputSerializer(serializers.Serializer[object]):
        expected_head = JsonIntegerField(
            min_value=0,
            help_text="The head the client saw (the game's `head`): another "
            "client's move since then makes this one a 409.",
        )
        event = serializers.DictField(
            help_text="One event of the game's log (Concordia: docs/game-log.md, "
            "“Events”), as the log holds it."
        )

    class OutputSerializer(serializers.Serializer[object]):
        head = serializers.IntegerField(help_text="The event's number: the new head.")
        event = serializers.DictField(help_text="The event as recorded.")
        status = serializers.CharField()
        notice = serializers.CharField(
            help_text="What the app filled in itself (a display refill only one "
            "card could make); empty when nothing."
        )

    @extend_schema(
        operation_id="clubs_table_games_events_create",
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            201: OpenApiResponse(OutputSerializer, description="The event, recorded."),
            200: OpenApiResponse(
                OutputSerializer,
                description="The event an earlier request with this "
                "Idempotency-Key recorded: nothing new.",
            ),
            400: ERRORS,
            409: OpenApiResponse(
                _ConflictSerializer,
                description="Another move was recorded since `expected_head`, or "
                "the game is closed (its final sheet exists): `head` is the "
                "game's head now.",
            ),
            **READ_ERRORS,
        },
        description="Record one event after the game's head, when the rules "
        'accept it. `{"type": "undo"}` withdraws the latest move; '
        '`{"type": "abandon"}` ends the game without a sheet.',
    )
    def post(self, request: Request, club_slug: str, game_id: int) -> Response:
        game = _game(request, club_slug, game_id)
        key = idempotency_key(request)
        given = self.InputSerializer(data=document_object(request))
        given.is_valid(raise_exception=True)
        try:
            result = services.move_submit(
                game=game,
                move=Move(action="event", document=given.validated_data["event"]),
                expected_seq=given.validated_data["expected_head"],
                idempotency_key=key,
                created_by=request_user(request),
            )
        except (services.EventConflict, services.GameClosed) as conflict:
            game.refresh_from_db(fields=["head_seq"])
            return Response(
                {"detail": conflict.messages[0], "head": game.head_seq},
                status=status.HTTP_409_CONFLICT,
            )
        except RulesRefused as refused:
            return _refused(refused, "event")
        appended = result.appended
        if appended is None:
            raise ImportRejected([Problem(path="event", template=EVENT_OPEN)])
        data: dict[str, Any] = {
            "head": appended.event.seq,
            "event": appended.event.document,
            "status": registry.of(game).status(appended.state),
            "notice": result.notice,
        }
        return Response(
            self.OutputSerializer(data).data,
            status=status.HTTP_201_CREATED if appended.created else status.HTTP_200_OK,
        )


class TableGameImportApi(APIView):
    parser_classes = (RawJsonParser,)

    @extend_schema(
        operation_id="clubs_table_games_import",
        request={"application/json": _LOG_DOCUMENT},
        responses={
            201: OpenApiResponse(
                TableGameOutputSerializer, description="The game, with its events."
            ),
            400: ERRORS,
            **READ_ERRORS,
        },
        description="Create a game from a whole game log, events and all (the "
        "log …/log/ returns). The log is replayed first: a log the rules refuse "
        "creates nothing, and each problem has its path.",
    )
    def post(self, request: Request, club_slug: str) -> Response:
        club = member_club(request, club_slug)
        document = document_load(request_body(request))
        try:
            game = services.game_import(
                club=club, created_by=request_user(request), document=document
            )
        except RulesRefused as refused:
            return _refused(refused)
        return Response(
            TableGameOutputSerializer(game).data, status=status.HTTP_201_CREATED
        )
