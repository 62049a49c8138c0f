"""Salsa's forum in the table assistant: the deal at setup (each player keeps 1 of
2 patricians, 4 cards on the tableau), the forum page (each card's text one tap
away), taking a card and using a citizen as events."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from assistant.selectors import game_state
from tests.markup import by_id, elements, has_id


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def forum_game(club: Any, alice: Any) -> AssistantGame:
    return concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(5),
        expansions=["salt", "forum"],
    )


def _url(game: AssistantGame, name: str) -> str:
    return reverse(
        f"assistant:game-{name}", kwargs={"club_slug": "lisboa", "game_id": game.pk}
    )


def test_the_app_deals_two_patricians_each_and_the_tableau(forum_game):
    forum = forum_game.setup["forum"]
    dealt = forum["dealt"]
    assert [len(dealt[name]) for name in ("Ana", "Bia", "Caio")] == [2, 2, 2]
    assert all(forum["patricians"][name] in dealt[name] for name in dealt)
    assert len(forum["tableau"]) == 4
    everything = [c for pair in dealt.values() for c in pair] + forum["tableau"]
    assert len(set(everything)) == len(everything)


def test_the_setup_page_lets_each_player_keep_the_other_patrician(
    ana_phone, forum_game
):
    page = ana_phone.get(_url(forum_game, "setup")).content.decode()
    assert by_id(page, "setup-forum") is not None
    # Each card's text is one tap away.
    first = forum_game.setup["forum"]["tableau"][0]
    assert elements(page, "details", class_="forum-card")
    assert first in page
    other = forum_game.setup["forum"]["dealt"]["Bia"][1]
    kept = {
        "kept-0": forum_game.setup["forum"]["patricians"]["Ana"],
        "kept-1": other,
        "kept-2": forum_game.setup["forum"]["patricians"]["Caio"],
    }
    response = ana_phone.post(_url(forum_game, "setup_forum".replace("_", "-")), kept)
    assert response.status_code == 302
    forum_game.refresh_from_db()
    assert forum_game.setup["forum"]["patricians"]["Bia"] == other
    state = game_state(forum_game)
    assert state.forum is not None
    assert state.forum.held[1] == (other,)


def test_taking_a_card_and_using_a_citizen_from_the_forum_page(ana_phone, forum_game):
    turn = ana_phone.get(_url(forum_game, "turn")).content.decode()
    assert by_id(turn, "forum-link") is not None
    page = ana_phone.get(_url(forum_game, "forum")).content.decode()
    assert by_id(page, "forum-tableau") is not None
    tableau = forum_game.setup["forum"]["tableau"]
    citizen = next(c for c in tableau if c in {"Laurentius", "Spurius", "Numerius"})
    seq = forum_game.head_seq
    response = ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": seq, "key": "k1", "player": "0", "take": citizen},
    )
    assert response.status_code == 302
    state = game_state(AssistantGame.objects.get(pk=forum_game.pk))
    assert state.forum is not None
    assert citizen in state.forum.held[0]
    before = state.players[0].storehouse.total
    page = ana_phone.get(_url(forum_game, "forum")).content.decode()
    assert elements(page, "button", name="card", value=citizen)
    # No refill was named: the taken card's place says so (not a bare "empty").
    (place,) = elements(page, "p", class_="empty")
    assert place.text == (
        "No card lies here: the card laid from the stack was not named."
    )
    forum_game.refresh_from_db()
    ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k2", "card": citizen},
    )
    state = game_state(AssistantGame.objects.get(pk=forum_game.pk))
    assert state.forum is not None
    assert state.forum.used == (citizen,)
    if citizen != "Numerius":
        assert state.players[0].storehouse.total > before


def test_a_citizen_of_another_player_is_refused_next_to_the_form(ana_phone, forum_game):
    tableau = forum_game.setup["forum"]["tableau"]
    citizen = next(c for c in tableau if c not in forum_game.setup["forum"]["dealt"])
    ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k1", "player": "1", "take": citizen},
    )
    forum_game.refresh_from_db()
    response = ana_phone.post(
        _url(forum_game, "forum"),
        {"seq": forum_game.head_seq, "key": "k2", "card": citizen},
    )
    assert response.status_code == 200
    assert "Ana has no" in response.content.decode()


# The effects the app applies (concordia-expansions.md §1b), on a game whose
# deal is the rule tests' (tests/play/builders.py, salt's tokens swapped in):
# Dacia's bonus marker is tool, Londinium shows salt. Ana 5 sestertii, Bia 6,
# Caio 7; each storehouse 1 brick, 1 food, 1 tool, 1 wine, 1 cloth, 1 salt.
HTMX = {"HX-Request": "true"}


def _deal(game: AssistantGame, ana: str) -> AssistantGame:
    from tests.play.builders import DISPLAY, SALT_CITIES

    game.setup = {
        **game.setup,
        "cities": SALT_CITIES,
        "display": DISPLAY,
        "forum": {
            "patricians": {
                "Ana": ana,
                "Bia": "Claudius Pompeius",
                "Caio": "Sextus Pompeius",
            },
            "tableau": ["Augustus", "Marcus", "Julius", "Victoria"],
        },
    }
    game.save()
    return game


@pytest.fixture
def salsa_game(forum_game: AssistantGame) -> AssistantGame:
    return _deal(forum_game, "Titus Valerius")


def _post(
    client: Client, game: AssistantGame, name: str, data: dict[str, Any], **kw: Any
) -> Any:
    game.refresh_from_db()
    body = {"seq": game.head_seq, "key": "", **data}
    return client.post(_url(game, name), body, **kw)


def _storehouse(game: AssistantGame, seat: int) -> Any:
    return game_state(AssistantGame.objects.get(pk=game.pk)).players[seat]


@pytest.mark.parametrize("htmx", [False, True])
def test_titus_valerius_exchanges_a_good_on_the_tribune(ana_phone, salsa_game, htmx):
    page = ana_phone.get(_url(salsa_game, "play") + "?card=Tribune").content.decode()
    notes = by_id(page, "forum-notes")
    assert "Titus Valerius" in notes.text
    assert "Applied by the app." in notes.text
    assert has_id(page, "titus-exchange")
    response = _post(
        ana_phone,
        salsa_game,
        "play",
        {"card": "Tribune", "exchange_give": "wine", "exchange_take": "salt"},
        headers=HTMX if htmx else {},
    )
    assert response.status_code in (200, 302)
    ana = _storehouse(salsa_game, 0)
    assert (ana.storehouse["wine"], ana.storehouse["salt"]) == (0, 2)


@pytest.mark.parametrize("htmx", [False, True])
def test_claudius_pompeius_sells_the_bonus_good_from_the_prefect(
    ana_phone, salsa_game, htmx
):
    _post(ana_phone, salsa_game, "play", {"card": "Tribune"})
    page = ana_phone.get(_url(salsa_game, "play") + "?card=Prefect").content.decode()
    assert elements(page, "input", name="sell_bonus")
    _post(
        ana_phone,
        salsa_game,
        "play",
        {"card": "Prefect", "province": "Dacia", "sell_bonus": "1"},
        headers=HTMX if htmx else {},
    )
    # Dacia's tool sold at once for 5: Bia 6 + 5 = 11, no tool more.
    bia = _storehouse(salsa_game, 1)
    assert (bia.sestertii, bia.storehouse["tool"]) == (11, 1)


def test_a_player_without_titus_valerius_is_not_offered_the_exchange(
    ana_phone, salsa_game
):
    _post(ana_phone, salsa_game, "play", {"card": "Tribune"})
    page = ana_phone.get(_url(salsa_game, "play") + "?card=Tribune").content.decode()
    assert not has_id(page, "titus-exchange")
    assert not has_id(page, "forum-notes")


def test_marcus_builds_in_a_salt_city_from_the_forum_page(ana_phone, salsa_game):
    _post(ana_phone, salsa_game, "forum", {"player": "0", "take": "Marcus"})
    page = ana_phone.get(_url(salsa_game, "forum")).content.decode()
    # Only the salt cities are offered to Marcus.
    offered = [
        o.attrs["value"] for o in elements(page, "option") if o.attrs.get("value")
    ]
    assert "Londinium" in offered
    assert "Valentia" not in offered
    response = _post(
        ana_phone, salsa_game, "forum", {"card": "Marcus", "city": "Londinium"}
    )
    assert response.status_code == 302
    ana = _storehouse(salsa_game, 0)
    # 1 tool only: no wine, no sestertii.
    assert ana.houses == ("Londinium",)
    assert (ana.storehouse["tool"], ana.storehouse["wine"], ana.sestertii) == (0, 1, 5)


def test_augustus_exchanges_two_goods_for_salt_from_the_forum_page(
    ana_phone, salsa_game
):
    _post(ana_phone, salsa_game, "forum", {"player": "0", "take": "Augustus"})
    _post(
        ana_phone,
        salsa_game,
        "forum",
        {"card": "Augustus", "give": ["wine", "cloth"]},
    )
    ana = _storehouse(salsa_game, 0)
    assert (
        ana.storehouse["wine"],
        ana.storehouse["cloth"],
        ana.storehouse["salt"],
    ) == (
        0,
        0,
        3,
    )


def test_a_citizen_left_blank_is_only_recorded(ana_phone, salsa_game):
    _post(ana_phone, salsa_game, "forum", {"player": "0", "take": "Marcus"})
    _post(ana_phone, salsa_game, "forum", {"card": "Marcus", "city": ""})
    state = game_state(AssistantGame.objects.get(pk=salsa_game.pk))
    assert state.forum is not None
    assert state.forum.used == ("Marcus",)
    assert state.players[0].houses == ()


def test_the_forum_page_says_what_the_app_applies_and_what_the_table_sets(
    ana_phone, salsa_game
):
    page = ana_phone.get(_url(salsa_game, "forum")).content.decode()

    def said(card: str) -> str:
        found = by_id(page, f"forum-card-{card}")
        return " ".join(found.text.split())

    # Each card's text one tap away (a fold), and what the app does with it.
    assert "Applied by the app. This effect follows one source." in said(
        "claudius-pompeius"
    )
    assert "Applied by the app." in said("titus-valerius")
    assert "follows one source" not in said("titus-valerius")
    assert "Nothing the app keeps track of changes" in said("julius")
    assert (
        "The app does not know this card's effect: set what it changed with Correct."
        in said("victoria")
    )
    # Each player's counts are one tap from the forum.
    assert has_id(page, "forum-correct-0")


@pytest.mark.parametrize("htmx", [False, True])
def test_lucius_flavius_copies_a_display_card_with_the_diplomat(
    ana_phone, forum_game, htmx
):
    game = _deal(forum_game, "Lucius Flavius")
    page = ana_phone.get(_url(game, "play") + "?card=Diplomat").content.decode()
    # Nobody has played yet: only the display's cards may be copied.
    assert "the display (Lucius Flavius)" in page
    link = _url(game, "play") + "?card=Diplomat&copy=&copied=I%3AMercator"
    assert link.replace("&", "&amp;") in page
    helper = ana_phone.get(link).content.decode()
    assert elements(helper, "input", name="copied", value="I:Mercator")
    _post(
        ana_phone,
        game,
        "play",
        {"card": "Diplomat", "copied": "I:Mercator", "trade_sell_cloth": "1"},
        headers=HTMX if htmx else {},
    )
    # A bought Mercator's 5 and 1 cloth sold for 7: Ana 5 + 5 + 7 = 17.
    ana = _storehouse(game, 0)
    assert (ana.sestertii, ana.storehouse["cloth"]) == (17, 0)


@pytest.mark.parametrize("htmx", [False, True])
def test_sextus_pompeius_plays_a_prefect_as_a_diplomat(ana_phone, salsa_game, htmx):
    _post(ana_phone, salsa_game, "play", {"card": "Tribune"})
    _post(ana_phone, salsa_game, "play", {"card": "Mercator"})
    # Caio holds Sextus Pompeius: his Prefect asks which role first.
    page = ana_phone.get(_url(salsa_game, "play") + "?card=Prefect").content.decode()
    assert elements(page, "a", class_="big-choice", **{"data-role": "Diplomat"})
    page = ana_phone.get(
        _url(salsa_game, "play") + "?card=Prefect&role=Diplomat"
    ).content.decode()
    # Bia's Mercator may be copied (Ana's Tribune too).
    link = "?card=Prefect&copy=Bia&copied=Mercator&role=Diplomat"
    assert link.replace("&", "&amp;") in page
    _post(
        ana_phone,
        salsa_game,
        "play",
        {
            "card": "Prefect",
            "role": "Diplomat",
            "copy": "Bia",
            "copied": "Mercator",
            "trade_sell_cloth": "1",
        },
        headers=HTMX if htmx else {},
    )
    # A starting Mercator's 3 and 1 cloth sold for 7: Caio 7 + 3 + 7 = 17.
    caio = _storehouse(salsa_game, 2)
    assert (caio.sestertii, caio.storehouse["cloth"]) == (17, 0)
