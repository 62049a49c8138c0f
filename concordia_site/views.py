"""Views of the site itself rather than of an app."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """Answer "ok" while the process serves requests, for a proxy or a monitor.

    It reads neither the database nor the session, so it also measures what the
    middleware alone costs: `make load` quotes it as the floor under every page.
    """
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")
