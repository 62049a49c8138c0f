"""Mounted at ``clubs/<club_slug>/stats/`` by the project's URLconf."""

from __future__ import annotations

from django.urls import path

from stats import views

app_name = "stats"

urlpatterns = [
    path("", views.stats_index, name="index"),
    path("<str:game>/", views.leaderboard, name="leaderboard"),
    path("<str:game>/status/", views.stats_status, name="status"),
    path("<str:game>/club/", views.club_summary, name="club-summary"),
    path(
        "<str:game>/players/<int:player_id>/", views.player_detail, name="player-detail"
    ),
]
