"""URLs of the table assistant, under ``clubs/<club_slug>/assistant/``."""

from __future__ import annotations

from django.urls import path

from assistant import views

app_name = "assistant"

urlpatterns = [
    path("", views.game_list, name="game-list"),
    path("new/", views.game_create, name="game-create"),
    *(
        path(f"new/{step}/", views.game_create_step, {"step": step}, name=name)
        for step, name in (
            ("colours", "game-create-colours"),
            ("seating", "game-create-seating"),
            ("map", "game-create-map"),
            ("tracking", "game-create-tracking"),
            ("scoring", "game-create-scoring"),
        )
    ),
    path("join/", views.game_join, name="game-join"),
    path("import/", views.game_import, name="game-import"),
    path("follow/<str:follow_token>/", views.follow, name="follow"),
    path("follow/<str:follow_token>/head/", views.follow_head, name="follow-head"),
    path("<int:game_id>/", views.game_turn, name="game-turn"),
    path("<int:game_id>/setup/", views.game_setup, name="game-setup"),
    path(
        "<int:game_id>/setup/display/",
        views.game_setup_display,
        name="game-setup-display",
    ),
    path(
        "<int:game_id>/setup/cities/", views.game_setup_cities, name="game-setup-cities"
    ),
    path("<int:game_id>/play/", views.game_play, name="game-play"),
    path("<int:game_id>/reveal/", views.game_reveal, name="game-reveal"),
    path("<int:game_id>/undo/", views.game_undo, name="game-undo"),
    path("<int:game_id>/adjust/", views.game_adjust, name="game-adjust"),
    path("<int:game_id>/abandon/", views.game_abandon, name="game-abandon"),
    path("<int:game_id>/head/", views.game_head, name="game-head"),
    path("<int:game_id>/share/", views.game_share, name="game-share"),
    path("<int:game_id>/log.json", views.game_export, name="game-export"),
    path("<int:game_id>/finish/", views.game_finish, name="game-finish"),
]
