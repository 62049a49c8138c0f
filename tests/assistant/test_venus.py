"""Venus at the table (individual play): the wizard's modules screen, the
Magister's and the double-role cards' helpers, the final sheet with Venus."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import services
from assistant.concordia import services as concordia_services
from assistant.concordia import setup as concordia_setup
from assistant.models import AssistantGame
from games.models import ConcordiaPosition, TableSession
from tests.markup import by_id, elements
from tests.play.random_games import play_to_the_end


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk},
    )


def _venus_game(club: Any, alice: Any, **options: Any) -> AssistantGame:
    return concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking=options.pop("tracking", "full"),
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green")],
        rng=random.Random(7),
        expansions=["venus"],
        **options,
    )


def test_the_wizard_offers_venus_and_says_team_play_is_not_built(ana_phone, club):
    start = reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(start).content.decode()
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        start,
        {
            "draft": draft,
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
            "go": "next",
        },
    )
    modules = reverse("assistant:game-create-modules", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(modules).content.decode()
    assert by_id(page, "no-team-play").text.startswith(
        "Venus team play is not in the table assistant"
    )
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    response = ana_phone.post(
        modules, {"draft": draft, "venus": "on", "display_side": "wine", "go": "next"}
    )
    assert response.status_code == 302
    start_page = ana_phone.get(
        reverse("assistant:game-create-scoring", kwargs={"club_slug": "lisboa"})
    ).content.decode()
    draft = elements(start_page, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        reverse("assistant:game-create-scoring", kwargs={"club_slug": "lisboa"}),
        {"draft": draft, "intermediate_scoring": "off", "go": "start"},
    )
    game = AssistantGame.objects.get(club=club)
    assert game.setup["expansions"] == ["venus"]
    assert game.setup["display_side"] == "wine"
    # Venus' deck I has 7 cards: all of them are the display.
    assert sorted(game.setup["display"]) == sorted(
        concordia_setup.deck_cards(1, concordia_setup.rules_of(game.setup))
    )


def test_a_venus_setup_deals_venus_deck_one(club, alice):
    game = _venus_game(club, alice)
    assert "I:Prefect/Architect" in game.setup["display"]
    assert "I:Mason" not in game.setup["display"]
    assert "display_side" not in game.setup


def test_the_magister_helper_repeats_the_card_before(ana_phone, club, alice):
    game = _venus_game(club, alice)
    services.event_append(
        game=game,
        document={"type": "play", "player": "Ana", "card": "Mercator", "trade": {}},
        expected_seq=0,
    )
    services.event_append(
        game=game,
        document={"type": "play", "player": "Bia", "card": "Prefect", "cash": True},
        expected_seq=1,
    )
    page = ana_phone.get(_url("play", game), {"card": "Magister"}).content.decode()
    assert by_id(page, "helper-card").text == "Magister → Mercator"
    assert elements(page, "input", name="repeated")[0].attrs["value"] == "Mercator"
    response = ana_phone.post(
        _url("play", game),
        {"seq": 2, "key": "", "card": "Magister", "repeated": "Mercator"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.head_seq == 3
    last = game.events.order_by("-seq").first()
    assert last is not None
    assert last.document == {
        "type": "play",
        "player": "Ana",
        "card": "Magister",
        "trade": {},
    }


def test_a_double_role_card_asks_its_role_first(ana_phone, club, alice):
    display = [
        "I:Prefect/Architect",
        *(
            c
            for c in concordia_setup.deck_cards(
                1,
                concordia_setup.rules_of({"map": "imperium", "expansions": ["venus"]}),
            )
            if c != "I:Prefect/Architect"
        ),
    ]
    game = _venus_game(club, alice, display=display)
    events: list[dict[str, object]] = [
            {"type": "play", "player": "Ana", "card": "Senator",
             "buy": ["I:Prefect/Architect"], "pay": {}, "reveal": ["II:Mason"]},
            {"type": "play", "player": "Bia", "card": "Prefect", "cash": True},
    ]  # fmt: skip
    for seq, event in enumerate(events):
        services.event_append(game=game, document=event, expected_seq=seq)
    page = ana_phone.get(
        _url("play", game), {"card": "I:Prefect/Architect"}
    ).content.decode()
    roles = elements(page, "a", class_="big-choice")
    assert [role.attrs["data-role"] for role in roles] == ["Prefect", "Architect"]
    page = ana_phone.get(
        _url("play", game), {"card": "I:Prefect/Architect", "role": "Prefect"}
    ).content.decode()
    assert elements(page, "input", name="role")[0].attrs["value"] == "Prefect"
    response = ana_phone.post(
        _url("play", game),
        {
            "seq": 2,
            "key": "",
            "card": "I:Prefect/Architect",
            "role": "Prefect",
            "cash": "1",
        },
    )
    assert response.status_code == 302
    last = game.events.order_by("-seq").first()
    assert last is not None
    assert last.document["role"] == "Prefect"


def test_the_final_sheet_opens_with_venus(ana_phone, club, alice):
    played = play_to_the_end(
        random.Random(3), players=3, tracking="full", expansions=("venus",)
    )
    assert str(played.state.status) == "finished"
    game = AssistantGame.objects.create(
        club=club,
        game="concordia",
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        setup={
            "map": "imperium",
            "expansions": ["venus"],
            "tracking": "full",
            "intermediate_scoring": False,
            "cities": dict(played.log.cities or {}),
            "display": list(played.log.display),
        },
        created_by=alice,
    )
    for document in played.documents:
        services.event_append(game=game, document=document, expected_seq=None)
    response = ana_phone.post(_url("finish", game))
    session = TableSession.objects.get(club=club)
    assert session.expansions == ["venus"]
    sheet_page = ana_phone.get(response["Location"]).content.decode()
    sheet = played.state
    for seat in range(len(sheet.players)):
        assert f'name="s{seat}-cards_venus"' in sheet_page
        assert f'name="s{seat}-venus_provinces"' in sheet_page
    assert not ConcordiaPosition.objects.exists()


def test_the_wizard_plays_venus_with_salt_and_the_forum(ana_phone, club):
    """Venus is asked on the modules screen, Salsa's modules on the last one:
    neither screen drops the other's."""
    start = reverse("assistant:game-create", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(start).content.decode()
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        start,
        {
            "draft": draft,
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
            "go": "next",
        },
    )
    modules = reverse("assistant:game-create-modules", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(modules).content.decode()
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        modules, {"draft": draft, "venus": "on", "display_side": "cloth", "go": "next"}
    )
    scoring = reverse("assistant:game-create-scoring", kwargs={"club_slug": "lisboa"})
    page = ana_phone.get(scoring).content.decode()
    # The last screen offers Salsa's modules, not Venus again.
    offered = [box.attrs["value"] for box in elements(page, "input", name="expansions")]
    assert offered == ["salt", "forum"]
    draft = elements(page, "input", name="draft")[0].attrs["value"]
    ana_phone.post(
        scoring,
        {
            "draft": draft,
            "intermediate_scoring": "off",
            "expansions": ["salt", "forum"],
            "go": "start",
        },
    )
    game = AssistantGame.objects.get(club=club)
    assert game.setup["expansions"] == ["salt", "forum", "venus"]
    assert set(game.setup["forum"]["patricians"]) == {"Ana", "Bia"}
