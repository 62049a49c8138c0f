"""Appending to a game's log: validated by the engine, conflicts, idempotency, undo."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant import selectors, services
from assistant.concordia import adapter
from assistant.concordia import services as concordia_services
from assistant.concordia import setup as concordia_setup
from assistant.interface import RulesRefused
from assistant.models import AssistantEvent, AssistantGame
from tests.assistant.conftest import example


def _append_all(game: AssistantGame, events: list[dict[str, Any]]) -> None:
    for seq, event in enumerate(events, start=1):
        services.event_append(game=game, document=event, expected_seq=seq - 1)


def test_the_worked_example_recorded_event_by_event_gives_its_state(
    short_game, short_log
):
    _append_all(short_game, short_log["events"])
    state = selectors.game_state(short_game)
    assert adapter.rules.state_document(state) == example("game-log-short.state.json")
    assert short_game.events.count() == 10
    short_game.refresh_from_db()
    assert short_game.head_seq == 10


def test_the_exported_log_is_the_document_recorded(short_game, short_log):
    _append_all(short_game, short_log["events"])
    assert selectors.game_log_document(short_game) == short_log


def test_an_illegal_event_is_refused_with_its_path_and_nothing_is_recorded(
    short_game,
):
    with pytest.raises(RulesRefused) as refused:
        services.event_append(
            game=short_game,
            document={
                "type": "play",
                "player": "Bia",
                "card": "Architect",
                "build": [],
            },
            expected_seq=0,
        )
    assert [p.path for p in refused.value.problems] == ["events[0].player"]
    assert short_game.events.count() == 0
    short_game.refresh_from_db()
    assert short_game.head_seq == 0


def test_the_later_of_two_writers_of_the_same_seq_gets_a_conflict(
    short_game, short_log
):
    first, second = short_log["events"][0], short_log["events"][1]
    services.event_append(game=short_game, document=first, expected_seq=0)
    # The second phone still saw the game before the first move.
    with pytest.raises(services.EventConflict) as conflict:
        services.event_append(game=short_game, document=second, expected_seq=0)
    assert conflict.value.head_seq == 1
    assert list(short_game.events.values_list("seq", flat=True)) == [1]
    # Once it has the fresh state, its move goes through.
    services.event_append(game=short_game, document=second, expected_seq=1)
    assert list(short_game.events.values_list("seq", flat=True)) == [1, 2]


def test_the_same_idempotency_key_twice_records_one_event(short_game, short_log):
    move = short_log["events"][0]
    first = services.event_append(
        game=short_game, document=move, expected_seq=0, idempotency_key="a" * 32
    )
    again = services.event_append(
        game=short_game, document=move, expected_seq=0, idempotency_key="a" * 32
    )
    assert first.created is True
    assert again.created is False
    assert again.event.pk == first.event.pk
    assert AssistantEvent.objects.filter(game=short_game).count() == 1
    assert again.state.turn_number == 2


def test_undo_appends_an_undo_event_and_gives_the_state_before(short_game, short_log):
    _append_all(short_game, short_log["events"][:3])
    before = adapter.rules.state_document(selectors.game_state(short_game))
    services.event_append(
        game=short_game, document=short_log["events"][3], expected_seq=3
    )
    undone = services.event_undo(game=short_game, expected_seq=4)
    assert undone.event.seq == 5
    assert undone.event.document == {"type": "undo"}
    assert adapter.rules.state_document(undone.state) == before
    assert short_game.events.count() == 5


def test_abandon_ends_the_game(light_game):
    appended = services.game_abandon(game=light_game, expected_seq=0)
    assert appended.state.current_player is None
    assert str(appended.state.status) == "abandoned"


def test_a_new_game_gets_the_setup_the_rules_require(light_game):
    assert light_game.players == [
        {"name": "Ana", "colour": "red"},
        {"name": "Bia", "colour": "green"},
        {"name": "Caio", "colour": "blue"},
    ]
    assert len(light_game.setup["display"]) == 7
    assert all(card.startswith("I:") for card in light_game.setup["display"])
    assert "cities" not in light_game.setup
    state = selectors.game_state(light_game)
    assert state.current_player == "Ana"
    assert state.praefectus_magnus == "Caio"
    # Decks I to III for three players, less the 7 cards on display.
    assert (
        state.pile_count
        == len(concordia_setup.deck_cards(1))
        + len(concordia_setup.deck_cards(2))
        + len(concordia_setup.deck_cards(3))
        - 7
    )


def test_full_tracking_draws_every_city_token(club, alice):
    game = concordia_services.game_create(
        club=club,
        created_by=alice,
        map_name="italia",
        tracking="full",
        intermediate_scoring=False,
        players=[("Ana", ""), ("Bia", "")],
        rng=random.Random(3),
    )
    assert len(game.setup["cities"]) == 25
    assert [p["colour"] for p in game.players] == ["red", "blue"]


def test_the_follow_link_can_be_revoked_and_renewed(light_game):
    old = light_game.follow_token
    services.follow_link_revoke(game=light_game)
    assert selectors.game_for_follow_token(club_slug="lisboa", token=old) is None
    new = services.follow_link_renew(game=light_game)
    assert new != old
    assert selectors.game_for_follow_token(club_slug="lisboa", token=new) == light_game


def test_a_remembered_state_serves_its_head_and_setup_only(light_game):
    state = selectors.game_state(light_game)
    selectors.game_state_remember(light_game, state)
    assert selectors.game_state(light_game) is state
    # Another head, or a setup changed before the first move, is replayed.
    light_game.setup["display"] = [
        *light_game.setup["display"][1:],
        light_game.setup["display"][0],
    ]
    assert selectors.game_state(light_game) is not state
    assert list(selectors.game_state(light_game).display) == light_game.setup["display"]


def test_undo_is_refused_once_the_final_sheet_exists(club, alice):
    from tests.play.random_games import play_to_the_end

    played = play_to_the_end(random.Random(2), players=3, tracking="light")
    game = AssistantGame.objects.create(
        club=club,
        game="concordia",
        players=[{"name": p.name, "colour": p.colour} for p in played.log.players],
        setup={
            "map": "imperium",
            "tracking": "light",
            "intermediate_scoring": False,
            "display": list(played.log.display),
        },
        created_by=alice,
    )
    for event in played.documents:
        services.event_append(game=game, document=event, expected_seq=None)
    services.game_finish(game=game, created_by=alice)
    head = game.head_seq
    with pytest.raises(services.GameClosed, match="can no longer be undone"):
        services.event_undo(game=game, expected_seq=head)
    game.refresh_from_db()
    assert game.head_seq == head
    assert str(selectors.game_state(game).status) == "finished"
