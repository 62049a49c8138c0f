"""Guest phones: a friend at the table who is not a club member joins one game.

Opening a game's join code (typed, or from the QR code) without being a
member of its club offers to join as a guest: a name, no account. The phone
then holds a signed cookie (`COOKIE`, its path the club's pages) naming that
one game and its join code at the time; it is good for `MAX_AGE` and stops
working as soon as the code is renewed on the share page
(`services.join_code_renew`), since the game must still have that code.

A guest may use the pages of a move of that game and nothing else: the views
that allow it are wrapped in `phone_required` (the shell's turn page, undo and
head poll, and a game's own move pages), where `views.base.game_of` accepts the
cookie for the game of the address. Every other page of the club answers a
guest 404 (`GuestMiddleware`), and a guest's requests are throttled as the
API throttles an anonymous client (`GuestThrottle`, the ``anon`` rate), the
poll with its token excepted (it never reaches a view that reads the cookie).
A guest's events have no author (``created_by`` is empty).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, Final, TypeVar

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from rest_framework.throttling import AnonRateThrottle

from assistant.models import AssistantGame

COOKIE: Final = "assistant_guest"
_NAMESPACE: Final = "assistant.guest"
# A game evening, and the morning after.
MAX_AGE: Final = 18 * 3600
# Set on the request by `phone_required`: this page takes a guest's cookie.
ALLOWS_GUESTS: Final = "assistant_guests_allowed"
# Set on the request by `views.base.game_of` when a guest's cookie opened the game.
GUEST: Final = "assistant_guest"

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


@dataclass(frozen=True, slots=True, kw_only=True)
class Guest:
    """Who holds a guest cookie: the game it opens, its join code then, a name."""

    game_id: int
    code: str
    name: str


def _signer() -> signing.TimestampSigner:
    # Its own key, derived from the secret key: a value signed for anything
    # else never reads as a guest's cookie.
    key = hashlib.sha256(f"{_NAMESPACE}:{settings.SECRET_KEY}".encode()).hexdigest()
    return signing.TimestampSigner(key=key)


def guest_cookie_value(game: AssistantGame, name: str) -> str:
    return _signer().sign_object(
        {"g": game.pk, "c": game.join_code, "n": name}, compress=True
    )


def guest_of(request: HttpRequest) -> Guest | None:
    """The guest the request's cookie names (signed, not expired), or None."""
    raw = request.COOKIES.get(COOKIE)
    if not raw or len(raw) > 500:
        return None
    try:
        value = _signer().unsign_object(raw, max_age=MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(value, dict):
        return None
    game_id, code, name = value.get("g"), value.get("c"), value.get("n")
    if not (
        isinstance(game_id, int) and isinstance(code, str) and isinstance(name, str)
    ):
        return None
    return Guest(game_id=game_id, code=code, name=name)


def guest_set(response: HttpResponseBase, game: AssistantGame, name: str) -> None:
    """Give the phone its guest cookie for ``game`` (replacing any other game's)."""
    response.set_cookie(
        COOKIE,
        guest_cookie_value(game, name),
        max_age=MAX_AGE,
        path=f"/clubs/{game.club.slug}/",
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


class GuestThrottle(AnonRateThrottle):
    """The API's anonymous rate, per address, for guests and for codes tried by
    anyone who is not a member (signed in or not)."""

    scope = "anon"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {
            "scope": "assistant-guest",
            "ident": self.get_ident(request),
        }


def throttled(request: HttpRequest) -> HttpResponse | None:
    """A 429 page when this address went over the anonymous rate; else None."""
    throttle = GuestThrottle()
    if throttle.allow_request(request, None):  # type: ignore[arg-type]
        return None
    wait = throttle.wait()
    return render(
        request,
        "assistant/guest_throttled.html",
        {"seconds": max(1, int(wait or 60))},
        status=429,
    )


def phone_required(view: View) -> View:
    """A page a phone of the table uses: a signed-in user, or a guest's cookie
    (throttled; `views.base.game_of` then checks the game and its code)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        setattr(request, ALLOWS_GUESTS, True)
        if not request.user.is_authenticated:
            if guest_of(request) is None:
                return redirect_to_login(request.get_full_path())
            if (refused := throttled(request)) is not None:
                return refused
        return view(request, *args, **kwargs)

    wrapped.assistant_guests = True  # type: ignore[attr-defined]
    return wrapped  # type: ignore[return-value]


def guests_allowed(view: View) -> View:
    """Mark a page anyone may open (the follow link, the join page) as open to a
    guest too, so that `GuestMiddleware` lets the guest's cookie through."""
    view.assistant_guests = True  # type: ignore[attr-defined]
    return view


class GuestMiddleware:
    """A guest's cookie opens its game's move pages and nothing else of the club:
    any other page under ``/clubs/`` answers 404 to an anonymous phone holding it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(
        self,
        request: HttpRequest,
        view_func: Callable[..., Any],
        view_args: Any,
        view_kwargs: Any,
    ) -> None:
        if COOKIE not in request.COOKIES or not request.path.startswith("/clubs/"):
            return
        if getattr(view_func, "assistant_guests", False):
            return
        if request.user.is_authenticated or guest_of(request) is None:
            return
        raise Http404
