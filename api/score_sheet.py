"""The score-sheet calculator: no login, nothing stored."""

from __future__ import annotations

from typing import Final

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.base import (
    ERRORS,
    THROTTLED,
    RawJsonParser,
    problems_document,
    request_body,
)
from api.sheet_schema import SCORE_SHEET
from games.documents import document_problems
from scoring.sheet_io import (
    SheetInvalid,
    load_document,
    score_document,
)

# Score-sheet calculator


SHEET_EXAMPLE: Final = {
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


class ScoreSheetApi(APIView):
    """Score a score sheet and return its result; no login, nothing is stored."""

    authentication_classes = ()
    permission_classes = (AllowAny,)
    parser_classes = (RawJsonParser,)

    @extend_schema(
        operation_id="score_sheet_score",
        request=SCORE_SHEET,
        responses={
            200: OpenApiResponse(_RESULT_DOCUMENT, description="The result document."),
            400: ERRORS,
            429: THROTTLED,
        },
        examples=[OpenApiExample("Concordia", value=SHEET_EXAMPLE, request_only=True)],
        auth=[],
    )
    def post(self, request: Request) -> Response:
        # The same two calls as `manage.py score_sheet`: the contract lives in
        # scoring.sheet_io, and this view only carries it over HTTP.
        try:
            loaded = load_document(request_body(request))
            # What no document may hold (a NUL, half a surrogate pair, 64
            # levels deep): a lone surrogate echoed in a message could not
            # even be encoded in the answer.
            unstorable = document_problems(loaded)
            if unstorable:
                raise SheetInvalid(unstorable)
            document = score_document(loaded)
        except SheetInvalid as invalid:
            return Response(
                problems_document(invalid.problems),
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(document)
