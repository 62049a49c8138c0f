from __future__ import annotations

from django.urls import path

from games import views
from games.concordia.urls import urlpatterns as board_urlpatterns

app_name = "games"

urlpatterns = [
    *board_urlpatterns,
    path("", views.home, name="home"),
    path("clubs/<slug:club_slug>/", views.club_detail, name="club-detail"),
    path(
        "clubs/<slug:club_slug>/games/new/", views.session_create, name="session-create"
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/",
        views.session_detail,
        name="session-detail",
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/sheet/",
        views.session_sheet,
        name="session-sheet",
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/sheet/preview/",
        views.session_sheet_preview,
        name="session-sheet-preview",
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/edit/",
        views.session_edit,
        name="session-edit",
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/delete/",
        views.session_delete,
        name="session-delete",
    ),
    path(
        "clubs/<slug:club_slug>/games/<int:session_id>/restore/",
        views.session_restore,
        name="session-restore",
    ),
]
