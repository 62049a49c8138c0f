"""The gaps a walk-through of the assistant found (issue #14), each through the pages."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.concordia import services as concordia_services
from assistant.models import AssistantGame
from tests.markup import by_id, elements, has_id
from tests.play.random_games import play_to_the_end

HTMX = {"HX-Request": "true"}


@pytest.fixture
def ana_phone(client: Client, alice: Any) -> Client:
    client.force_login(alice)
    return client


def _url(name: str, game: AssistantGame, **extra: Any) -> str:
    return reverse(
        f"assistant:game-{name}",
        kwargs={"club_slug": game.club.slug, "game_id": game.pk, **extra},
    )


def _played_game(
    club: Any, alice: Any, *, tracking: str, seed: int = 2, intermediate: bool = False
) -> AssistantGame:
    played = play_to_the_end(
        random.Random(seed), players=3, tracking=tracking, intermediate=intermediate
    )
    setup: dict[str, Any] = {
        "map": str(played.log.map),
        "tracking": tracking,
        "intermediate_scoring": intermediate,
    }
    if played.log.cities:
        setup["cities"] = {c: g.value for c, g in played.log.cities.items()}
    setup["display"] = list(played.log.display)
    game = AssistantGame.objects.create(
        club=club,
        game="concordia",
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        setup=setup,
        created_by=alice,
    )
    for event in played.documents:
        services.event_append(game=game, document=event, expected_seq=None)
    return game


# 7: one date format across the app.


def test_the_game_list_shows_dates_as_the_club_page_does(ana_phone, light_game):
    import datetime as dt

    from django.utils.formats import date_format

    AssistantGame.objects.filter(pk=light_game.pk).update(
        created_at="2026-11-25T10:00:00Z"
    )
    page = ana_phone.get(
        reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    ).content.decode()
    (game,) = elements(page.split('id="assistant-games"')[1], "span", class_="meta")
    # The language's DATE_FORMAT, as the club page writes its dates.
    assert game.text.startswith(date_format(dt.date(2026, 11, 25), "DATE_FORMAT"))
    assert "11/25/2026" not in page


# 8: the share page says where the join-code box is, and it is there.


def test_the_share_page_names_where_the_join_box_is(ana_phone, club, light_game):
    share = ana_phone.get(_url("share", light_game)).content.decode()
    club_page = ana_phone.get(club.get_absolute_url()).content.decode()
    game_list = reverse("assistant:game-list", kwargs={"club_slug": "lisboa"})
    link = by_id(club_page, "play-with-assistant")
    assert link.attrs["href"] == game_list
    assert f'href="{game_list}#join-form" id="join-box-link"' in share
    listing = ana_phone.get(game_list).content.decode()
    assert 'id="join-form"' in listing
    (label,) = elements(listing, "label", for_="join-code")
    # The share page names the link and the box as those pages label them.
    assert f"“{link.text}”" in share
    assert f"“{label.text}”" in share


# 5: a saved game cannot be changed from the assistant.


def test_a_saved_full_game_offers_no_correction(ana_phone, club, alice):
    game = _played_game(club, alice, tracking="full")
    assert str(selectors.game_state(game).status) == "finished"
    adjust = _url("adjust", game)
    assert (
        f'href="{adjust}?player=0"'
        in ana_phone.get(_url("turn", game)).content.decode()
    )
    ana_phone.post(_url("finish", game))
    game.refresh_from_db()
    assert game.session_id is not None
    for headers in ({}, HTMX):
        text = ana_phone.get(_url("turn", game), headers=headers).content.decode()
        assert adjust not in text
        assert 'id="undo"' not in text
    # An old link to the correction page says why instead of a form.
    response = ana_phone.get(adjust, {"player": 0}, follow=True)
    text = response.content.decode()
    assert "the game is closed and can no longer be undone" in text
    assert 'name="sestertii"' not in text


# 6: an only possible card refills the display without a tap, and the page says so.


@pytest.mark.parametrize("htmx", [False, True])
def test_the_only_card_that_can_come_refills_the_display_by_itself(
    ana_phone, light_game, htmx
):
    from assistant.concordia import setup as concordia_setup
    from assistant.concordia.labels import card_label

    ana_phone.post(_url("play", light_game), {"seq": 0, "card": "Mercator"})
    bought = light_game.setup["display"][0]
    # 3 players: deck I has 8 cards, 7 are dealt; one is left to come.
    (last,) = set(concordia_setup.deck_cards(1)) - set(light_game.setup["display"])
    response = ana_phone.post(
        _url("play", light_game),
        {"seq": 1, "card": "Senator", "buy_one": bought},
        headers=HTMX if htmx else {},
        follow=not htmx,
    )
    text = response.content.decode()
    # The notice names the card: on the panel with htmx, as a message without.
    if htmx:
        notice = by_id(text, "refill-notice")
    else:
        (notice,) = elements(text, "li", class_="message")
    # (The markup helper's text collapses the label's no-break space.)
    assert card_label(last).replace("\u00a0", " ") in notice.text
    assert 'id="refill-heading"' not in text
    assert 'id="hand"' in text
    light_game.refresh_from_db()
    # One event: the purchase names its refill, so one undo takes back both.
    assert light_game.head_seq == 2
    assert light_game.events.last().document["reveal"] == [last]
    assert selectors.game_state(light_game).display[-1] == last


# 1: the display entered as dealt, by tapping deck I's cards in order.


@pytest.mark.parametrize("htmx", [False, True])
def test_the_display_is_entered_by_tapping_deck_one_in_order(
    ana_phone, light_game, htmx
):
    from assistant.concordia import setup as concordia_setup

    url = _url("setup-display", light_game)
    headers = HTMX if htmx else {}
    page = ana_phone.get(url).content.decode()
    deck = concordia_setup.deck_cards(1)
    # Deck I's 8 cards as buttons; 7 empty places with their surcharge (§6).
    for card in deck:
        assert f'name="add" value="{card}"' in page
    slots = elements(page, "span", class_="empty", data_place=None)
    assert [slot.attrs["data-place"] for slot in slots] == list("1234567")
    assert slots[0].attrs["data-surcharge"] == ""  # place 1
    assert slots[5].attrs["data-surcharge"] == "? cloth"  # place 6: any good, cloth
    assert 'id="save-display" disabled' in page
    chosen = ["I:Smith", "I:Farmer", "I:Mason", "I:Diplomat", "I:Colonist"]
    chosen += ["I:Mercator", "I:Prefect"]
    picked: list[str] = []
    for card in [*chosen[:3], "I:Architect"]:
        response = ana_phone.post(url, {"picked": picked, "add": card}, headers=headers)
        text = response.content.decode()
        picked.append(card)
        if htmx:
            assert text.lstrip().startswith("<form")
        # The page carries the taps so far, in order, and the next place.
        assert re.findall(r'name="picked" value="([^"]+)"', text) == picked
        assert f'name="add" value="{card}"' not in text
    assert by_id(text, "display-next").attrs["data-place"] == str(len(picked) + 1)
    # A tap on place 4 takes the Architect out again.
    text = ana_phone.post(
        url, {"picked": picked, "take_out": "4"}, headers=headers
    ).content.decode()
    picked.pop()
    assert re.findall(r'name="picked" value="([^"]+)"', text) == picked
    for card in chosen[3:]:
        text = ana_phone.post(
            url, {"picked": picked, "add": card}, headers=headers
        ).content.decode()
        picked.append(card)
    assert 'id="save-display" disabled' not in text
    assert 'id="deck-one"' not in text
    response = ana_phone.post(url, {"picked": picked, "save": "1"}, headers=headers)
    setup = _url("setup", light_game)
    if htmx:
        assert response["HX-Redirect"] == setup
    else:
        assert response["Location"] == setup
    light_game.refresh_from_db()
    assert light_game.setup["display"] == chosen


def test_a_display_of_fewer_than_seven_cards_is_not_saved(ana_phone, light_game):
    before = list(light_game.setup["display"])
    response = ana_phone.post(
        _url("setup-display", light_game), {"picked": before[:6], "save": "1"}
    )
    assert "Tap the 7 cards of the display first." in response.content.decode()
    light_game.refresh_from_db()
    assert light_game.setup["display"] == before


# 2: city tokens entered with the board entry's fieldsets and check.


def test_city_tokens_are_entered_with_the_board_entrys_fieldsets(
    ana_phone, short_game, short_log
):
    from django.utils.text import slugify

    from assistant.concordia import setup as concordia_setup

    url = _url("setup-cities", short_game)
    page = ana_phone.get(url).content.decode()
    # The board entry's partial: letter groups, a chip per good, bonus markers.
    assert 'class="letter-group" id="letter-A"' in page
    assert 'class="good-chip"' in page
    assert len(elements(page, "span", class_="bonus", data_good=None)) >= 10
    tomis = 'name="city-tomis" value="tool" checked'
    assert tomis in page
    # The board entry's check of the deal: an overused letter names its tokens.
    data = {f"city-{slugify(city)}": good for city, good in short_log["cities"].items()}
    data["city-tomis"] = "cloth"
    text = ana_phone.post(url, data | {"action": "save"}).content.decode()
    assert 'class="field-error" id="err-letter-' in text
    assert has_id(text, "cities-invalid")
    # Or the app deals them: a complete deal the rules accept.
    response = ana_phone.post(url, {"action": "draw"})
    assert response.status_code == 302
    short_game.refresh_from_db()
    assert len(short_game.setup["cities"]) == len(short_log["cities"])
    setup = ana_phone.get(_url("setup", short_game)).content.decode()
    bonus = [li.attrs["data-bonus"] for li in elements(setup, "li", data_bonus=None)]
    assert len(bonus) == len(concordia_setup.spec(short_log["map"]).provinces)
    assert set(bonus) <= {"brick", "food", "tool", "wine", "cloth"}


# 3: the full-tracking Architect: provinces, costs given the houses there, taps in order.


@pytest.mark.parametrize("htmx", [False, True])
def test_the_architect_taps_cities_in_building_order_with_a_running_total(
    ana_phone, short_game, short_log, htmx
):
    import html

    from assistant.concordia import presenters
    from assistant.concordia import setup as concordia_setup
    from assistant.concordia.templatetags.concordia_assistant import counts_text

    headers = HTMX if htmx else {}
    services.event_append(
        game=short_game, document=short_log["events"][0], expected_seq=0
    )
    state = selectors.game_state(short_game)
    helper = presenters.helper_view(state, card="Architect")
    assert helper is not None
    costs = {house.city: house for house in helper.houses}
    # Ana built in Aquileia: Bia's house there is the second, twice the coins.
    assert costs["Aquileia"].houses_after == 2
    # A brick city: 1 sestertius per house there after building (§2).
    assert costs["Aquileia"].good.value == "brick"
    assert costs["Aquileia"].coins == 2
    play_url = _url("play", short_game)
    page = ana_phone.get(play_url, {"card": "Architect"}, headers=headers)
    text = page.content.decode()
    # One fold per province, in the board's order, every city with its cost.
    provinces = re.findall(r"<summary><strong>([^<]+)</strong>", text)
    assert provinces == [
        p.name for p in concordia_setup.spec(short_log["map"]).provinces
    ]
    # Each city twice: in the A–Z list (one tap, no fold) and in its province.
    rows = [
        row
        for row in elements(text, "a", class_="city-row")
        if "add=Aquileia" in row.attrs["href"]
    ]
    assert len(rows) == 2
    aquileia = rows[0]
    assert rows[0].attrs["href"] == rows[1].attrs["href"]
    assert aquileia.attrs["data-coins"] == "2"
    assert counts_text(costs["Aquileia"].goods) in aquileia.text  # 1 food
    assert by_id(text, "architect-plan").attrs["data-houses"] == "0"
    assert 'id="confirm"' in text.split('id="architect-total"')[1]

    def tap(text: str, action: str, city: str) -> str:
        match = re.search(rf'href="([^"]*{action}={city}[^"]*)"', text)
        assert match, city
        response = ana_phone.get(html.unescape(match.group(1)), headers=headers)
        return str(response.content.decode())

    text = tap(text, "add", "Novaria")
    text = tap(text, "add", "Aquileia")
    assert re.findall(r'name="build" value="([^"]+)"', text) == ["Novaria", "Aquileia"]
    coins = costs["Novaria"].coins + costs["Aquileia"].coins
    plan = by_id(text, "architect-plan")
    assert (plan.attrs["data-houses"], plan.attrs["data-coins"]) == ("2", str(coins))
    # A tap on a tapped city takes it out; the order of the others stays.
    text = tap(text, "remove", "Novaria")
    assert re.findall(r'name="build" value="([^"]+)"', text) == ["Aquileia"]
    text = tap(text, "add", "Novaria")
    assert re.findall(r'name="build" value="([^"]+)"', text) == ["Aquileia", "Novaria"]
    response = ana_phone.post(
        play_url,
        {"seq": 1, "key": "", "card": "Architect", "build": ["Aquileia", "Novaria"]},
        headers=headers,
    )
    assert response.status_code == (200 if htmx else 302)
    short_game.refresh_from_db()
    assert short_game.events.last().document["build"] == ["Aquileia", "Novaria"]


# 4: the intermediate scoring, when it happens, is shown on the turn screen.


@pytest.mark.parametrize("htmx", [False, True])
def test_the_intermediate_scoring_is_shown_when_it_happens(
    ana_phone, club, alice, htmx
):
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=True,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )
    headers = HTMX if htmx else {}

    def tribune(seq: int, points: int) -> str:
        response = ana_phone.post(
            _url("play", game),
            {"seq": seq, "card": "Tribune", "intermediate_points": points},
            headers=headers,
            follow=not htmx,
        )
        return " ".join(response.content.decode().split())

    def news(text: str) -> tuple[list[str], list[str | None], bool]:
        """Who just scored (seats), the table's cells, and whether all have."""
        banner = by_id(text, "intermediate-news")
        seats = [tr.attrs["data-seat"] for tr in elements(text, "tr", data_seat=None)]
        scored = [tr.attrs["data-seat"] for tr in elements(text, data_just_scored=None)]
        table = text.split('id="intermediate"')[1].split("</table>")[0]
        cells = re.findall(r'<td class="num">([^<]+)</td>', table)
        assert seats == ["0", "1", "2"]
        points = [cell if cell.isdigit() else None for cell in cells[::2]]
        return scored, points, "data-completed" in banner.attrs

    text = tribune(0, 20)
    assert news(text) == (["0"], ["20", None, None], False)
    # Bia plays her Tribune: only her score is news now.
    text = tribune(1, 15)
    assert news(text) == (["1"], ["20", "15", None], False)
    assert "Ana" not in by_id(text, "intermediate-news").text
    text = tribune(2, 31)
    # §2: once all have scored, the first gets 2 sestertii, the second 1.
    assert news(text) == (["2"], ["20", "15", "31"], True)
    banner = by_id(text, "intermediate-news").text
    assert "Caio" in banner
    assert "Ana" in banner  # paid 1 sestertius
    assert "Bia" not in banner  # paid nothing
    table = text.split('id="intermediate"')[1].split("</table>")[0]
    assert re.findall(r'<td class="num">([^<]+)</td>', table) == [
        "20",
        "+1",
        "15",
        "+0",
        "31",
        "+2",
    ]
    # The next move is no news: the banner goes, the table stays in the fold.
    text = " ".join(
        ana_phone.post(
            _url("play", game),
            {"seq": 3, "card": "Mercator"},
            headers=headers,
            follow=not htmx,
        )
        .content.decode()
        .split()
    )
    assert 'id="intermediate-news"' not in text
    assert 'id="intermediate"' in text
