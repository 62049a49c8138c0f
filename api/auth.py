"""Exchanging a user name and password for a token (django-axes' lock applies)."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from axes.helpers import get_cool_off  # type: ignore[import-untyped]
from django.conf import settings
from django.contrib.auth.models import User
from django.utils.translation import ngettext
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import DetailSerializer, ErrorsSerializer
from api.parsers import JSONParser

# Authentication


class TokenInputSerializer(AuthTokenSerializer):
    # A user name is at most 150 characters (Django's): a longer one is a 400
    # here, before django-axes records the attempt in its 255-character column.
    username = serializers.CharField(
        write_only=True,
        max_length=int(User._meta.get_field("username").max_length or 150),
    )
    password = serializers.CharField(
        style={"input_type": "password"},
        trim_whitespace=False,
        write_only=True,
        max_length=4096,
    )


@extend_schema_view(
    post=extend_schema(
        operation_id="auth_token_create",
        request=TokenInputSerializer,
        responses={
            200: inline_serializer(
                name="AuthToken", fields={"token": serializers.CharField()}
            ),
            400: OpenApiResponse(
                ErrorsSerializer,
                description="No such user name and password, an inactive "
                "account, or a body that is not the JSON object asked for.",
            ),
            415: OpenApiResponse(
                DetailSerializer, description="The body is not `application/json`."
            ),
            429: OpenApiResponse(
                DetailSerializer,
                description="Too many requests, or signing in to this account "
                "from this network is locked after repeated failures: retry "
                "after Retry-After seconds.",
            ),
        },
        auth=[],
    )
)
class AuthTokenCreateApi(ObtainAuthToken):
    """Exchange a user name and password for the API token sent as ``Authorization: Token …``.

    While django-axes holds the user name locked at this address, the answer is
    429 with a Retry-After, as the sign-in page's, rather than DRF's 400 for
    wrong credentials: a script must learn to wait, not to try other passwords.
    The body is JSON only, and no cookie is read: the credentials are in the
    body, so a client carrying a session cookie needs no CSRF token here.
    """

    serializer_class = TokenInputSerializer
    # JSON only (api/parsers.py refuses a body nested too deep, or holding a
    # NUL or half a surrogate pair, with a 400).
    parser_classes = (JSONParser,)
    renderer_classes = (JSONRenderer,)
    authentication_classes = ()

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
