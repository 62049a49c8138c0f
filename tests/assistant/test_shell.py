"""The assistant's shell knows no game (issue #22): a second game is a package beside Concordia's.

Outside ``assistant/concordia/`` and ``templates/assistant/concordia/`` no
card, good, god or map of Concordia is named, in code, comments or templates.
The words come from the game data itself, so a card or map added to the data
is looked for too. Left out: ``assistant/migrations/``, the record of the
schema as it was applied (an applied migration is never edited), and the
word "Concordia", which is also the game's own name (its registry key).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from assistant import registry
from assistant.interface import GameAssistant
from play import CardKind
from scoring.ruleset import base
from scoring.types import Category, Good, MapName

ROOT = Path(__file__).resolve().parents[2]
SHELL_CODE = ROOT / "assistant"
SHELL_TEMPLATES = ROOT / "templates" / "assistant"
GAME_PACKAGES = {
    SHELL_CODE / "concordia",
    SHELL_TEMPLATES / "concordia",
    SHELL_CODE / "magnanimous",
    SHELL_TEMPLATES / "magnanimous",
}
HISTORY = SHELL_CODE / "migrations"

# The Concordia card's line is the game's own name too.
FINAL = base(next(iter(MapName))).final_category
NAMES = sorted(
    {
        *(kind.value for kind in CardKind),
        "Praefectus Magnus",
        *(good.value for good in Good),
        *(category.value for category in Category if category is not FINAL),
        *(name.value for name in MapName),
    }
)
NAMED = re.compile(r"\b(" + "|".join(re.escape(n) for n in NAMES) + r")\b", re.I)


def _shell_files() -> list[Path]:
    files = [
        *SHELL_CODE.rglob("*.py"),
        *SHELL_CODE.rglob("*.html"),
        *SHELL_TEMPLATES.rglob("*.html"),
    ]
    return sorted(
        path
        for path in files
        if not any(package in path.parents for package in GAME_PACKAGES)
        and HISTORY not in path.parents
    )


def test_the_words_looked_for_cover_every_kind_of_name():
    for name in ("Senator", "Praefectus Magnus", "cloth", "Saturnus", "Minerva"):
        assert NAMED.search(f"a {name} here"), name
    assert NAMED.search("Imperium and Italia")
    # Whole words only: the shell may speak of a "display" or "sort".
    assert not NAMED.search("marsh, toolbox, vestibule")


def test_the_shell_names_no_card_good_god_or_map_of_concordia():
    files = _shell_files()
    assert SHELL_CODE / "services.py" in files
    assert SHELL_TEMPLATES / "game_turn.html" in files
    found = [
        f"{path.relative_to(ROOT)}:{number}: {match.group(0)}"
        for path in files
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        for match in NAMED.finditer(line)
    ]
    assert found == []


def test_concordia_registers_itself_when_django_starts():
    assert apps.is_installed("assistant.concordia")
    concordia = registry.get("concordia")
    assert concordia is not None
    assert "concordia" in [game.game for game in registry.games()]
    implementation: GameAssistant[object] = concordia
    assert implementation.wizard_url_name == "game-create"
    assert [step.name for step in concordia.wizard_steps] == [
        "map",
        "modules",
        "tracking",
        "scoring",
    ]


@pytest.mark.django_db
def test_two_games_wizards_keep_their_drafts_apart(client, alice, club):
    from assistant.setup_draft import session_key

    assert session_key("concordia", club.pk) != session_key("magnanimous", club.pk)
    client.force_login(alice)
    url = reverse("assistant:game-create", kwargs={"club_slug": club.slug})
    response = client.post(
        url, {"seat0_new_name": "Ana", "seat1_new_name": "Bia", "go": "next"}
    )
    assert response.status_code == 302
    assert session_key("concordia", club.pk) in client.session
    assert not any(
        key.startswith("assistant-setup-draft:magnanimous")
        for key in client.session.keys()  # noqa: SIM118 (a session is no dict)
    )
