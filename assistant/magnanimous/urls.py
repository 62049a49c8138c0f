"""Magnanimous' own pages under a game's address, in the ``assistant`` namespace (``magnanimous-…``)."""

from __future__ import annotations

from django.urls import path

from assistant.magnanimous import views

urlpatterns = [
    path(
        "<int:game_id>/magnanimous/setup/start/",
        views.game_setup_start,
        name="magnanimous-setup-start",
    ),
    path("<int:game_id>/magnanimous/move/", views.game_move, name="magnanimous-move"),
    path(
        "<int:game_id>/magnanimous/place/", views.game_place, name="magnanimous-place"
    ),
    path("<int:game_id>/magnanimous/take/", views.game_take, name="magnanimous-take"),
    path(
        "<int:game_id>/magnanimous/offensive/",
        views.game_offensive,
        name="magnanimous-offensive",
    ),
]
