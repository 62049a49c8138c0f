"""Middleware that belongs to no app: unreadable requests and private answers."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.functional import SimpleLazyObject, empty
from django.utils.translation import gettext as _

Handler = Callable[[HttpRequest], HttpResponse]
NUL = "\x00"
API_PREFIX = "/api/"


def _nul_in(items: Iterable[tuple[str, list[str]]]) -> str | None:
    """Return the name of the first field whose name or a value holds a NUL."""
    for name, values in items:
        if NUL in name or any(NUL in value for value in values):
            return name.replace(NUL, "")
    return None


def _form_fields(request: HttpRequest) -> Iterable[tuple[str, list[str]]]:
    # Only the form bodies Django itself parses: a JSON body is read by its
    # view through `games.documents`, which refuses a NUL with its path.
    content_type = request.content_type or ""
    if request.method != "POST" or content_type not in {
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    }:
        return ()
    try:
        return request.POST.lists()
    except OSError:
        # The client went away mid-body: CsrfViewMiddleware answers that,
        # as it always did (it reads the form the same way).
        return ()


def refuse_nul_middleware(get_response: Handler) -> Handler:
    """Answer 400 to a NUL character in the address, the query or a form field.

    PostgreSQL refuses a NUL in text, so a NUL that reached a query (a follow
    link, a join code, a name typed into a form) was a 500; no field of ours
    can hold one. Under /api/ the answer is the errors document, elsewhere a
    page that says so. File contents are left to their readers.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        field: str | None = None
        if NUL in request.path:
            field = ""
        else:
            field = _nul_in(request.GET.lists())
            if field is None:
                field = _nul_in(_form_fields(request))
        if field is None:
            return get_response(request)
        message = _(
            "This request holds a NUL character (\\u0000), which no field may hold."
        )
        if request.path.replace(NUL, "").startswith(API_PREFIX):
            return JsonResponse(
                {"errors": [{"path": field, "message": message}]}, status=400
            )
        return render(request, "400.html", {"message": message}, status=400)

    return middleware


def _signed_in(request: HttpRequest) -> bool:
    """Whether the request was answered for a signed-in user.

    Only a user the request already looked up counts: a page that never asked
    who is signed in shows nothing of theirs, and asking here would load the
    session (from the database) on pages that never touch it (`/healthz`),
    or fail again while the database is unreachable.
    """
    user = request.__dict__.get("user")
    if user is None:
        return False
    if isinstance(user, SimpleLazyObject) and user._wrapped is empty:  # type: ignore[attr-defined]
        return False
    return bool(user.is_authenticated)


def private_no_store_middleware(get_response: Handler) -> Handler:
    """Mark every answer to a signed-in request ``Cache-Control: private, no-store``.

    A club's pages, its backup and its CSV are one person's view of private
    data: no shared proxy may keep them, and no browser should keep a copy on
    a club's shared phone after its owner signed out. Signed in by the session
    or, under /api/, by a token (DRF sets the request's user for the view).
    Directives a view set itself (``never_cache``) are kept alongside.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if _signed_in(request):
            patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware
