"""URLs of the table assistant, under ``clubs/<club_slug>/assistant/``.

The shell's pages, then each registered game's: its wizard (at its own
``wizard_path``) and its own pages (`GameAssistant.urls`), all in the one
``assistant`` namespace.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.urls import URLPattern, path

from assistant import registry, setup_draft, views

app_name = "assistant"


def _wizards() -> Iterator[URLPattern]:
    for game in registry.games():
        base, name = game.wizard_path, game.wizard_url_name
        yield path(base, views.game_create, {"game": game.game}, name=name)
        for step in setup_draft.steps(game)[1:]:
            yield path(
                f"{base}{step}/",
                views.game_create_step,
                {"game": game.game, "step": step},
                name=f"{name}-{step}",
            )


urlpatterns = [
    # The head polls first: tried most often by far.
    path("<int:game_id>/head/", views.game_head, name="game-head"),
    path("follow/<str:follow_token>/head/", views.follow_head, name="follow-head"),
    path("", views.game_list, name="game-list"),
    *_wizards(),
    path("join/", views.game_join, name="game-join"),
    path("import/", views.game_import, name="game-import"),
    path("follow/<str:follow_token>/", views.follow, name="follow"),
    path("<int:game_id>/", views.game_turn, name="game-turn"),
    path("<int:game_id>/setup/", views.game_setup, name="game-setup"),
    path("<int:game_id>/undo/", views.game_undo, name="game-undo"),
    path("<int:game_id>/abandon/", views.game_abandon, name="game-abandon"),
    path("<int:game_id>/share/", views.game_share, name="game-share"),
    path("<int:game_id>/log.json", views.game_export, name="game-export"),
    path("<int:game_id>/finish/", views.game_finish, name="game-finish"),
    *(pattern for game in registry.games() for pattern in game.urls),
]
