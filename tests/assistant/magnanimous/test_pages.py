"""The Magnanimous assistant's pages: the wizard, the turn panel, the moves (htmx and
without JavaScript), the helpers, undo, the follow link, and outsiders kept out."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from assistant import registry, services
from assistant.interface import Move
from assistant.models import AssistantGame
from clubs.models import Club
from tests.assistant.magnanimous.conftest import new_game, post_move, state, url

HTMX = {"HX-Request": "true"}


def wizard(club: Club, step: str = "") -> str:
    name = "assistant:magnanimous-create" + (f"-{step}" if step else "")
    return reverse(name, kwargs={"club_slug": club.slug})


def test_magnanimous_registers_itself_beside_concordia() -> None:
    magnanimous = registry.get("magnanimous")
    assert magnanimous is not None
    assert [game.game for game in registry.games()] == ["concordia", "magnanimous"]
    assert magnanimous.colours_by_seat
    assert [step.name for step in magnanimous.wizard_steps] == ["tracking", "rulings"]


@pytest.mark.django_db
def test_the_wizard_asks_no_colours_and_the_rulings_once(
    client: Client, alice: User, club: Club
) -> None:
    client.force_login(alice)
    response = client.post(
        wizard(club),
        {
            "seat0_new_name": "Ana",
            "seat1_new_name": "Bia",
            "seat2_new_name": "Caio",
            "go": "next",
        },
    )
    # Players, then seating: the seats give the colours.
    assert response.status_code == 302
    assert response["Location"] == wizard(club, "seating")
    draft = client.session[f"assistant-setup-draft:magnanimous:{club.pk}"]["key"]
    response = client.post(
        wizard(club, "seating"), {"draft": draft, "start": "1", "go": "next"}
    )
    assert response["Location"] == wizard(club, "tracking")
    response = client.post(
        wizard(club, "tracking"), {"draft": draft, "tracking": "light"}
    )
    assert response["Location"] == wizard(club, "rulings")
    page = client.get(wizard(club, "rulings"))
    body = page.content.decode()
    assert "A referendum ties, as many votes for as against:" in body
    # The usual reading is preselected.
    assert page.context["form"]["referendum_tie"].initial == "approved"
    answers = {
        "referendum_tie": "rejected",
        "republic_first": "true",
        "offensive_order": "grouped",
        "failed_attack": "keep",
        "absent_ports_uncontrolled": "true",
        "troop_limit": "5",
        "recruit_province": "die",
        "sold_action_buyers": "each",
        "precise_nobles_joiners_pay": "false",
    }
    response = client.post(wizard(club, "rulings"), {"draft": draft, **answers})
    assert response.status_code == 302
    game = AssistantGame.objects.get(club=club)
    assert game.game == "magnanimous"
    # Bia starts: she plays red, then Caio green and Ana blue.
    assert game.players == [
        {"name": "Bia", "colour": "red"},
        {"name": "Caio", "colour": "green"},
        {"name": "Ana", "colour": "blue"},
    ]
    assert game.setup["rulings"]["referendum_tie"] == "rejected"
    assert game.setup["rulings"]["troop_limit"] == 5
    assert game.setup["rulings"]["republic_first"] is True
    setup_page = client.get(response["Location"])
    assert setup_page.status_code == 200
    text = setup_page.content.decode()
    assert (
        "The Rio de Janeiro card goes to the first player, the first Governor: Bia."
        in text
    )
    assert "yellow" in text  # the uncontrolled colour


@pytest.mark.django_db
def test_a_tampered_ruling_is_refused_by_the_field(
    client: Client, alice: User, club: Club
) -> None:
    client.force_login(alice)
    client.post(
        wizard(club), {"seat0_new_name": "Ana", "seat1_new_name": "Bia", "go": "next"}
    )
    draft = client.session[f"assistant-setup-draft:magnanimous:{club.pk}"]["key"]
    response = client.post(
        wizard(club, "rulings"), {"draft": draft, "troop_limit": "7"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["troop_limit"]
    assert not AssistantGame.objects.exists()


@pytest.mark.django_db
def test_round_one_shows_no_emperor_phase_and_the_production_checklist(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    body = client.get(url(trio, "game-turn")).content.decode()
    assert "Round 1" in body
    assert "Production phase" in body
    assert "No Emperor phase this round: the Throne Room pile is empty" in body
    assert "Governor of Rio de Janeiro: Ana" in body
    assert "Purple die: 6, in Paraguay" in body
    assert "power at the offensives: 1" in body
    assert "Rio de Janeiro card: liberate an occupied province" in body
    assert "uncontrolled: yellow" in body
    # Ana's four provinces, each a button; Ana is Governor: no card for her.
    assert body.count('name="province"') == 4
    assert 'id="govern-form"' not in body


@pytest.mark.django_db
def test_a_move_with_htmx_answers_the_panel_and_without_js_redirects(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    response = post_move(client, trio, "take", htmx=True, province="red:cotton")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="turn-panel"' in body
    assert "<html" not in body
    assert state(trio).current_player == "Bia"
    # Bia may take the card: 6 → liberate, nothing occupied.
    assert 'id="govern-form"' in body
    response = post_move(client, trio, "take", province="green:sugar")
    assert response.status_code == 302
    assert state(trio).current_player == "Caio"


@pytest.mark.django_db
def test_a_refused_move_says_why_and_records_nothing(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    response = post_move(client, trio, "take", htmx=True, province="green:sugar")
    assert response.status_code == 200
    assert "Choose one of the answers offered." in response.content.decode()
    assert state(trio).last == -1
    response = post_move(client, trio, "reveal", htmx=True, card="X", kind="event")
    assert response.status_code == 200
    assert "Now the table expects" in response.content.decode()
    trio.refresh_from_db()
    assert trio.head_seq == 0


@pytest.mark.django_db
def test_undo_gives_the_state_before(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    post_move(client, trio, "take", province="red:cotton")
    post_move(client, trio, "govern", liberate="")
    assert state(trio).players[state(trio).governor].name == "Bia"
    trio.refresh_from_db()
    response = client.post(url(trio, "game-undo"), {"seq": trio.head_seq, "key": "u1"})
    assert response.status_code == 302
    now = state(trio)
    assert now.players[now.governor].name == "Ana"
    assert now.current_player == "Bia"
    assert not now.die_on_card


@pytest.mark.django_db
def test_the_governor_with_a_5_chooses_the_track(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    services.move_submit(
        game=duo,
        move=Move(
            action="event",
            document={"type": "adjust", "paraguay_die": 5},
        ),
        expected_seq=0,
        idempotency_key="adj",
        created_by=alice,
    )
    post_move(client, duo, "take", province="red:cotton")
    body = client.get(url(duo, "game-turn")).content.decode()
    assert (
        "The purple die shows 5: Nobility or Republic +1; the title gives 0 réis."
        in body
    )
    assert post_move(client, duo, "govern", track="nobility").status_code == 302
    now = state(duo)
    assert now.players[1].nobility == 1
    assert now.pending_ministers  # the crown on space 1


@pytest.mark.django_db
def test_the_offensives_helper_computes_what_the_imperial_area_decides(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    # Four takes each, Bia governs first: the die comes back 6 + 1 → 1.
    post_move(client, duo, "take", province="red:cotton")
    post_move(client, duo, "govern", liberate="")
    for province in (
        "red:sugar",
        "green:cotton",
        "red:leather",
        "green:sugar",
        "red:coffee",
        "green:leather",
        "green:coffee",
    ):
        assert post_move(client, duo, "take", province=province).status_code == 302
    assert state(duo).expects.value == "offensive"
    turn = client.get(url(duo, "game-turn")).content.decode()
    assert "Paraguay attacks with power 1" in turn
    helper = url(duo, "magnanimous-offensive")
    # An uncontrolled province (blue): power 1 against the Imperial area's 2: it holds,
    # whatever the table tapped.
    page = client.post(
        helper,
        {"source": "paraguay", "target": "blue:cotton", "result": "fell", "lost": "0"},
    )
    body = page.content.decode()
    assert "power 1" in body
    assert "against 2" in body
    assert page.context["rows"][0]["falls"] is False
    # Recorded as the app computed it.
    duo.refresh_from_db()
    response = client.post(
        helper,
        {
            "go": "record",
            "seq": duo.head_seq,
            "key": "o1",
            "attack": page.context["declared"],
        },
    )
    assert response.status_code == 302
    now = state(duo)
    assert dict(now.occupied) == {}
    assert now.expects.value == "place"
    latest = duo.events.order_by("-seq").first()
    assert latest is not None
    event = latest.document
    assert event == {
        "type": "offensive",
        "attacks": [{"source": "paraguay", "target": "blue:cotton", "result": "held"}],
    }


@pytest.mark.django_db
def test_the_place_helper_lists_the_actions_of_one_die(
    client: Client, alice: User, duo: AssistantGame
) -> None:
    client.force_login(alice)
    post_move(client, duo, "take", province="red:cotton")
    post_move(client, duo, "govern", liberate="")
    for province in (
        "red:sugar",
        "green:cotton",
        "red:leather",
        "green:sugar",
        "red:coffee",
        "green:leather",
        "green:coffee",
    ):
        post_move(client, duo, "take", province=province)
    duo.refresh_from_db()
    client.post(
        url(duo, "magnanimous-offensive"),
        {"go": "record", "seq": duo.head_seq, "key": "o"},
    )
    assert state(duo).current_player == "Bia"
    page = client.get(
        url(duo, "magnanimous-place") + "?from=green:cotton", headers=HTMX
    )
    assert page.status_code == 200
    body = page.content.decode()
    assert "Bia moves the die on cotton (green)" in body
    assert 'value="sell"' in body
    assert 'id="place-attack"' not in body  # nothing is occupied
    # Another player's die, or none: back to the turn.
    assert (
        client.get(url(duo, "magnanimous-place") + "?from=red:cotton").status_code
        == 302
    )
    throne: dict[str, Any] = {"from": "green:cotton", "action": "throne", "cards": "2"}
    response = post_move(client, duo, "place", **throne)
    assert response.status_code == 302
    now = state(duo)
    assert now.throne_pile == 2
    assert now.players[1].hand == 3


@pytest.mark.django_db
def test_outsiders_and_the_other_game_get_404(
    client: Client,
    charlie: User,
    alice: User,
    trio: AssistantGame,
    light_game: AssistantGame,
) -> None:
    client.force_login(charlie)
    for name in ("game-turn", "magnanimous-offensive", "magnanimous-place"):
        assert client.get(url(trio, name)).status_code == 404
    assert (
        client.post(url(trio, "magnanimous-move"), {"move": "take"}).status_code == 404
    )
    assert client.get(wizard(trio.club)).status_code == 404
    client.force_login(alice)
    # A Concordia game has no Magnanimous pages.
    assert client.get(url(light_game, "magnanimous-offensive")).status_code == 404
    assert (
        client.post(url(light_game, "magnanimous-move"), {"move": "take"}).status_code
        == 404
    )


@pytest.mark.django_db
def test_the_follow_link_shows_the_panel_without_a_form(
    client: Client, trio: AssistantGame
) -> None:
    follow = reverse(
        "assistant:follow",
        kwargs={"club_slug": trio.club.slug, "follow_token": trio.follow_token},
    )
    body = client.get(follow).content.decode()
    assert "Round 1" in body
    assert 'id="take-form"' not in body
    assert "Ana" in body


@pytest.mark.django_db
def test_the_log_exports_and_imports_with_its_format(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    post_move(client, trio, "take", province="red:cotton")
    exported = client.get(url(trio, "game-export"))
    document = json.loads(exported.content)
    assert document["format"] == "magnanimous-log/1"
    assert document["game"] == "magnanimous"
    assert document["rulings"]["referendum_tie"] == "approved"
    assert document["players"][0] == {"name": "Ana", "colour": "red"}
    assert document["events"] == [
        {"type": "take", "player": "Ana", "province": "red:cotton"}
    ]
    made = services.game_import(club=trio.club, created_by=alice, document=document)
    assert made.game == "magnanimous"
    assert made.head_seq == 1


@pytest.mark.django_db
def test_a_two_player_game_marks_blue_and_yellow_uncontrolled(
    client: Client, alice: User, club: Club
) -> None:
    game = new_game(club, alice, ("Ana", "Bia"), referendum_tie="rejected")
    client.force_login(alice)
    body = client.get(url(game, "game-turn")).content.decode()
    assert "uncontrolled: blue, yellow" in body


@pytest.mark.django_db
def test_a_cards_effect_and_a_correction_are_plain_changes(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    response = post_move(
        client,
        trio,
        "effect",
        source_kind="event",
        source_name="Guerra",
        nobility_1="2",
        republic="-1",
        imperial="1",
        occupy="blue:sugar",
        morale_province="red:leather",
        morale_value="2",
    )
    assert response.status_code == 302
    now = state(trio)
    assert now.players[1].nobility == 2
    assert now.republic == 0  # never below 0
    assert now.imperial == 3
    assert dict(now.occupied) == {"blue:sugar": 1}
    assert now.pending_ministers  # Bia passed the crown on space 1
    post_move(client, trio, "minister", party="conservative", votes="2", keep="new")
    event = trio.events.order_by("seq")[0].document
    assert event["source"] == "event:Guerra"
    assert event["changes"]["morale"] == [
        {"province": "red:leather", "value": 2, "defence_only": False}
    ]
    panel = client.get(url(trio, "game-turn")).content.decode()
    assert "Morale this round: leather (red): +2" in panel
    response = post_move(
        client,
        trio,
        "adjust",
        nobility_0="4",
        nobility_1="2",
        nobility_2="0",
        hand_0="5",
        hand_1="5",
        hand_2="4",
        republic="6",
        paraguay_die="3",
        imperial="2",
        occupied=["green:coffee"],
    )
    assert response.status_code == 302
    now = state(trio)
    assert now.players[0].nobility == 4
    assert now.players[2].hand == 4
    assert (now.republic, now.paraguay_die, now.imperial) == (6, 3, 2)
    assert list(now.occupied) == ["green:coffee"]
    assert now.adjusted
    # A correction that is not a number is refused by its field.
    response = post_move(client, trio, "adjust", htmx=True, republic="many")
    assert "Type a whole number." in response.content.decode()


@pytest.mark.django_db
def test_the_players_screen_offers_four_seats(
    client: Client, alice: User, club: Club
) -> None:
    client.force_login(alice)
    page = client.get(wizard(club))
    assert page.status_code == 200
    body = page.content.decode()
    assert 'name="seat3_new_name"' in body
    assert 'name="seat4_new_name"' not in body


@pytest.mark.django_db
def test_a_refusal_names_provinces_in_the_readers_language(
    alice: User, trio: AssistantGame
) -> None:
    from django.utils import translation

    from assistant.interface import RulesRefused
    from games.vocabulary import problem_message

    services.move_submit(
        game=trio,
        move=Move(
            action="event",
            document={"type": "take", "player": "Ana", "province": "red:cotton"},
        ),
        expected_seq=0,
        idempotency_key="t1",
        created_by=alice,
    )
    with translation.override("pt-br"):
        with pytest.raises(RulesRefused) as refused:
            services.move_submit(
                game=trio,
                move=Move(
                    action="event",
                    document={"type": "take", "player": "Bia", "province": "red:sugar"},
                ),
                expected_seq=1,
                idempotency_key="t2",
                created_by=alice,
            )
        text = problem_message(refused.value.problems[0])
    assert refused.value.problems[0].path == "events[1].province"
    assert "açúcar (vermelho)" in text
    assert "red:sugar" not in text


@pytest.mark.django_db
def test_the_list_offers_both_wizards_and_names_the_game(
    client: Client, alice: User, trio: AssistantGame
) -> None:
    client.force_login(alice)
    page = client.get(
        reverse("assistant:game-list", kwargs={"club_slug": trio.club.slug})
    )
    body = page.content.decode()
    assert "Set up a new game of Magnanimous" in body
    assert "Set up a new game of Concordia" in body
    assert wizard(trio.club) in body
    assert "light tracking" in body
    assert "Ana" in body
