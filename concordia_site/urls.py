from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from clubs import views as clubs_views
from concordia_site import views
from games import urls as games_urls
from portability import urls as portability_urls

# A request that finds the database unreachable gets a 503 "try again" page.
handler500 = "concordia_site.errors.server_error"

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.web_manifest, name="web-manifest"),
    # First after the floor: every phone at a table polls here every 1.5 s, and
    # each pattern tried before costs every poll (issue #25 item 9).
    path("clubs/<slug:club_slug>/assistant/", include("assistant.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("clubs.account_urls")),
    # Django's set_language, wrapped: it also remembers a signed-in user's choice.
    path("i18n/setlang/", clubs_views.language_set, name="set_language"),
    # Before games.urls, whose "clubs/<slug>/" would otherwise take "clubs/new/".
    path("", include("clubs.urls")),
    path("clubs/<slug:club_slug>/stats/", include("stats.urls")),
    # The games pages and the club's backup page share the namespace "games"
    # (the names templates and clients reverse), each room keeping its own list.
    path(
        "",
        include(
            ([*portability_urls.urlpatterns, *games_urls.urlpatterns], "games"),
        ),
    ),
]
