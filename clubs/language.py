"""The reader's language: remembered per account, and brought back on sign-in.

Django picks the language of a request from the language cookie, then the
browser's ``Accept-Language`` (LocaleMiddleware). Switching goes through
`clubs.views.language_set`, which sets the cookie and, for a signed-in user,
stores the choice (`UserPreference`). On sign-in the stored choice becomes
active at once and the cookie is set on that response
(`preferred_language_middleware`), so it follows the account to a new device.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, cast

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponseBase
from django.utils import translation

from clubs import selectors

# Set on the request by the sign-in receiver; read by the middleware.
_REQUEST_ATTRIBUTE = "preferred_language"

_SameSite = Literal["Lax", "Strict", "None", False] | None


def activate_on_sign_in(
    sender: object, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: Any
) -> None:
    """``user_logged_in`` receiver: make the stored language the active one."""
    if request is None:
        return
    language = selectors.language_preference_get(user)  # type: ignore[arg-type]
    if not language or not translation.check_for_language(language):
        return
    translation.activate(language)
    request.LANGUAGE_CODE = translation.get_language()
    setattr(request, _REQUEST_ATTRIBUTE, language)


def preferred_language_middleware(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Set the language cookie on the response of a sign-in that brought one back."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        language = getattr(request, _REQUEST_ATTRIBUTE, "")
        if language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=cast(_SameSite, settings.LANGUAGE_COOKIE_SAMESITE),
            )
        return response

    return middleware
