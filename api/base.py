"""What every endpoint shares: the errors document, access to a club, pagination.

Access mirrors the pages: a club that is not one of the user's is 404, for
every object in it and whatever id is guessed; reading is for members,
importing for the club's owners and admins (403 for other members). Every 400
carries the errors document ``{"errors": [{"path", "message"}]}``; a 429 (a
throttle, or a sign-in locked by django-axes) carries ``{"detail"}`` and
Retry-After.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import BaseParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from clubs import access
from clubs.models import Club
from games.documents import (
    MAX_IMPORT_BYTES,
    ImportRejected,
    document_load,
    problem_message,
)
from scoring.shape import EXPECTED_OBJECT, describe
from scoring.types import Problem

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


def problems_document(problems: Sequence[Problem]) -> dict[str, list[dict[str, str]]]:
    """The contract's errors document, each message in the language asked for."""
    return {
        "errors": [{"path": p.path, "message": problem_message(p)} for p in problems]
    }


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Map Django's ValidationError (raised by services) and DRF's 400s to the errors document."""
    if isinstance(exc, DjangoValidationError):
        problems: Sequence[Problem] = getattr(exc, "problems", ())
        errors = (
            problems_document(problems)["errors"]
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


ERRORS = OpenApiResponse(
    ErrorsSerializer, description="The input is wrong: every problem, by JSON path."
)
DENIED = OpenApiResponse(DetailSerializer, description="Not signed in.")
FORBIDDEN = OpenApiResponse(
    DetailSerializer, description="Only the club's owners and admins may do this."
)
NOT_FOUND = OpenApiResponse(
    DetailSerializer, description="No such object among the user's clubs."
)
THROTTLED = OpenApiResponse(
    DetailSerializer, description="Too many requests; retry later."
)
READ_ERRORS: Final = {401: DENIED, 403: DENIED, 404: NOT_FOUND, 429: THROTTLED}
# A list: also a ``?page=`` that is no page number (400 at ``page``).
LIST_ERRORS: Final = {400: ERRORS, **READ_ERRORS}


class RawJsonParser(BaseParser):
    """Take an ``application/json`` body as its bytes, for `document_load` to read.

    DRF's JSONParser would answer malformed JSON with its own message (and a
    deeply nested document with a server error); the score-sheet contract and
    the imports answer with their errors document instead. Being a parser (not
    none), it also lets DRF's session authentication check the CSRF token of a
    signed-in browser: with no parser, that check's look at the form data
    answered 415. One byte over the limit is enough for `document_load` to
    refuse the body.
    """

    media_type = "application/json"

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        return bytes(stream.read(MAX_IMPORT_BYTES + 1)) if stream else b""


def request_body(request: Request) -> bytes:
    """Return the raw request body, for the services to decode and report on."""
    data: object = request.data
    if isinstance(data, bytes):
        return data
    # No Content-Type: DRF parsed nothing, and the stream is still unread.
    stream = request.stream
    return bytes(stream.read(MAX_IMPORT_BYTES + 1)) if stream else b""


def document_object(request: Request) -> dict[str, Any]:
    """The body as a JSON object, read by `document_load` (size, depth, NUL…)."""
    document = document_load(request_body(request))
    if not isinstance(document, dict):
        raise ImportRejected(
            [
                Problem(
                    path="",
                    template=EXPECTED_OBJECT,
                    params={"got": describe(document)},
                )
            ]
        )
    return document


IDEMPOTENCY_KEY_MAX: Final = 60

IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="Any text of 1 to 60 printable ASCII characters the client "
    "chooses (a UUID): a request sent again with the same key records nothing "
    "new and answers with what the first one recorded.",
    pattern=r"^[\x21-\x7e]{1,60}$",
)

_BAD_KEY: Final = gettext_noop(
    "An Idempotency-Key is 1 to 60 printable ASCII characters without spaces."
)


def idempotency_key(request: Request) -> str:
    """The request's Idempotency-Key header ("" without one); a 400 if malformed."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return ""
    if not (
        0 < len(key) <= IDEMPOTENCY_KEY_MAX
        and all("\x21" <= character <= "\x7e" for character in key)
    ):
        raise ImportRejected([Problem(path="Idempotency-Key", template=_BAD_KEY)])
    return key


# Fields of JSON bodies: DRF's take "yes" for true and 42 for "42", which the
# schema (boolean, string) refuses; a body is JSON, so its types are meant.


class JsonBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class JsonCharField(serializers.CharField):
    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class JsonIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return int(super().to_internal_value(data))


# Access


def request_user(request: Request) -> User:
    # Every view but the calculator and the token exchange requires a signed-in user.
    user = request.user
    if not isinstance(user, User):
        raise exceptions.NotAuthenticated
    return user


def member_club(request: Request, club_slug: str) -> Club:
    return access.club_for_member(request_user(request), club_slug)


def managed_club(request: Request, club_slug: str) -> Club:
    return access.club_for_manager(request_user(request), club_slug)


class ApiPagination(PageNumberPagination):
    """DRF's page numbers, with ``?page=`` (empty) or ``?page=x`` refused with a
    400 at ``page`` rather than read as the first page or a 404."""

    last_page_strings = ()

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
        return parameters

    def get_page_number(self, request: Any, paginator: Any) -> int:
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not (raw.isascii() and raw.isdigit() and 0 < len(raw) < 10 and int(raw)):
            raise exceptions.ValidationError(
                {self.page_query_param: [_("A page is a whole number from 1 on.")]}
            )
        return int(raw)


def paginated(
    view: APIView,
    request: Request,
    queryset: QuerySet[Any],
    serializer: type[serializers.BaseSerializer[Any]],
) -> Response:
    paginator = ApiPagination()
    page = paginator.paginate_queryset(queryset, request, view=view)
    return paginator.get_paginated_response(serializer(page, many=True).data)


# Exempt: a POST to a mistyped address must get the same JSON 404, not the
# CSRF middleware's HTML 403 (there is nothing here to protect).
@csrf_exempt
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Answer an address under /api/v1/ that names no endpoint with JSON, not a page."""
    return JsonResponse({"detail": _("Not found.")}, status=404)
