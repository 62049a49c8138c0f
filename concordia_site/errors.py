"""The page a request gets when it fails: "try again" while the database is unreachable."""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

# A restarting PostgreSQL is back within seconds; the header tells clients
# (and the page tells people) that waiting a moment is the whole remedy.
RETRY_AFTER_SECONDS = 5


def _database_unreachable(error: BaseException | None) -> bool:
    """Whether ``error`` is, or was raised while handling, a lost database connection.

    PEP 249's OperationalError is "not under the programmer's control": a
    refused or cut connection, a server shutting down or starting up.
    InterfaceError is a connection that is already closed.
    """
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, OperationalError | InterfaceError):
            return True
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return False


def server_error(request: HttpRequest) -> HttpResponse:
    """Answer 503 "try again" when the database was unreachable, else Django's 500.

    Under /api/ both are the JSON errors document, with the same statuses.

    Django calls this view (``handler500``) for any uncaught exception, from
    the view or from a middleware, while handling it, so `sys.exc_info` holds
    the exception; it still logs it with its traceback. The page is rendered
    without the request's context: its context processors would load the user
    and the messages from the database that just failed. Once the database is
    back, the next request reconnects (``conn_health_checks``).
    """
    unreachable = _database_unreachable(sys.exc_info()[1])
    response: HttpResponse
    if request.path.startswith("/api/"):
        # A program reads the API: the errors document, as every other answer
        # under /api/ (DRF hands an exception it does not know to Django).
        message = (
            _("The scores cannot be reached just now. Please try again in a moment.")
            if unreachable
            else _("Something went wrong on our side; nothing was changed.")
        )
        response = JsonResponse(
            {"errors": [{"path": "", "message": message}]},
            status=503 if unreachable else 500,
        )
    elif not unreachable:
        return defaults.server_error(request)
    else:
        response = HttpResponse(loader.render_to_string("503.html"), status=503)
    if unreachable:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class ClientErrorLog(logging.Filter):
    """Let each 4xx answer reach the console once, as one line (settings.LOGGING).

    A 4xx is the client's mistake or a refusal, not a bug: django.request's
    line ("Forbidden (Permission denied): /clubs/…/invites/") says all there is,
    so the traceback Django attaches to a 403 or a rejected host is dropped. The
    development server's access line for a 4xx repeats that line, so it goes.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name == "django.server":
            args = record.args
            return not (
                isinstance(args, tuple) and len(args) > 1 and str(args[1])[:1] == "4"
            )
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
