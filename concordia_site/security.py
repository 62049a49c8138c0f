"""Security glue that belongs to no app: the page a locked-out sign-in gets."""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def login_lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, object] | None = None,
) -> HttpResponse:
    """Tell a locked-out player why and for how long (django-axes' AXES_LOCKOUT_CALLABLE).

    429, not 403: the refusal is about the rate of attempts, and it ends by itself.
    """
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=429)


def client_ip(request: HttpRequest) -> str:
    """Return the address a request came from, as django-axes keys its lockouts.

    Behind ``DJANGO_TRUSTED_PROXY_COUNT`` reverse proxies, REMOTE_ADDR is the
    nearest proxy; the client is the entry that many places from the right of
    X-Forwarded-For (each proxy appends the address it saw). Entries further
    left were written by the client itself and prove nothing.
    """
    proxies: int = settings.TRUSTED_PROXY_COUNT
    remote = str(request.META.get("REMOTE_ADDR", ""))
    if proxies <= 0:
        return remote
    forwarded = [
        part.strip()
        for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")
        if part.strip()
    ]
    if len(forwarded) < proxies:
        return remote
    return forwarded[-proxies]


# django-axes keeps the user name of every failed sign-in in a varchar(255).
AXES_USERNAME_LENGTH = 255


def axes_username(
    request: HttpRequest, credentials: Mapping[str, object] | None = None
) -> str:
    """Return the user name django-axes records and locks, as it fits its column.

    A longer name (or one with a NUL character, which PostgreSQL refuses in
    text) made the failed sign-in's record fail with a 500, on the sign-in page
    and on the token endpoint alike. No account has such a name, so the cut
    name still stands for the one that was tried.
    """
    field: str = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    raw = credentials.get(field) if credentials else None
    if raw is None:
        data = getattr(request, "data", None)
        raw = (data if isinstance(data, Mapping) else request.POST).get(field)
    text = raw if isinstance(raw, str) else ""
    return text.replace("\x00", "")[:AXES_USERNAME_LENGTH]
