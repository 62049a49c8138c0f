"""Views of the site itself rather than of an app."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_safe


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """Answer "ok" while the process serves requests, for a proxy or a monitor.

    It reads neither the database nor the session, so it also measures what the
    middleware alone costs: `make load` quotes it as the floor under every page.
    """
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


# The service worker (`templates/sw.js`): at the site's root, so that it may
# serve the static files of every page; it never touches a page itself.
@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "sw.js",
        {"static_prefix": settings.STATIC_URL},
        content_type="text/javascript; charset=utf-8",
    )
    # A phone checks for a new worker on every visit; the browser caps this at a day.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web manifest: the app installable on a phone's home screen."""
    document = {
        "name": "Tabularium",
        "short_name": "Tabularium",
        "description": str(
            _("Scores and a table assistant for Concordia and Magnanimous")
        ),
        "start_url": reverse("games:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#faf7f2",
        "theme_color": "#7a2e1d",
        "icons": [
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ]
        + [{"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(document, content_type="application/manifest+json")
