"""URLs of board entry, mounted by `games.urls` under a game's address."""

from __future__ import annotations

from django.urls import URLPattern, path

from games.concordia import views as board_views

_GAME = "clubs/<slug:club_slug>/games/<int:session_id>/"

urlpatterns: list[URLPattern] = [
    path(_GAME + "board/", board_views.session_board, name="session-board"),
    path(_GAME + "board/cities/", board_views.session_cities, name="session-cities"),
    path(_GAME + "board/cards/", board_views.session_cards, name="session-cards"),
    path(
        _GAME + "board/score/",
        board_views.session_board_score,
        name="session-board-score",
    ),
    path(
        _GAME + "entry-mode/", board_views.session_entry_mode, name="session-entry-mode"
    ),
]
