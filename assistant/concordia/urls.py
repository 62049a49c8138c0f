"""Concordia's own pages under a game's address, in the ``assistant`` namespace.

Their names are the historical ones (``game-play``…): Concordia was the
assistant's only game when they were made. A later game names its pages
``<game>-…``.
"""

from __future__ import annotations

from django.urls import path

from assistant.concordia import views

urlpatterns = [
    path("<int:game_id>/play/", views.game_play, name="game-play"),
    path("<int:game_id>/reveal/", views.game_reveal, name="game-reveal"),
    path("<int:game_id>/adjust/", views.game_adjust, name="game-adjust"),
    path("<int:game_id>/forum/", views.game_forum, name="game-forum"),
    path("<int:game_id>/setup/forum/", views.game_setup_forum, name="game-setup-forum"),
    path(
        "<int:game_id>/setup/display/",
        views.game_setup_display,
        name="game-setup-display",
    ),
    path(
        "<int:game_id>/setup/cities/", views.game_setup_cities, name="game-setup-cities"
    ),
]
