"""`services.move_submit`: every move a page (and, later, the API) records, from plain data.

The form's fields in, the event the rules complete out: the resend, the
conflict check before anything is read, the question the table must answer
first, the rules' refusal with its path.
"""

from __future__ import annotations

from typing import Any

import pytest

from assistant import services
from assistant.concordia.presenters import PayChoice
from assistant.interface import Move, RulesRefused
from assistant.models import AssistantGame


def _play(**fields: Any) -> Move:
    return Move(
        action="play",
        fields={
            name: tuple(map(str, value)) if isinstance(value, list) else (str(value),)
            for name, value in fields.items()
        },
    )


def _first_three(game: AssistantGame, log: dict[str, Any]) -> None:
    for number, event in enumerate(log["events"][:3]):
        services.event_append(game=game, document=event, expected_seq=number)


def test_a_card_played_is_read_completed_and_recorded(light_game):
    result = services.move_submit(
        game=light_game, move=_play(card="Mercator"), expected_seq=0
    )
    assert result.appended is not None
    assert result.appended.created
    assert result.appended.event.document == {
        "type": "play",
        "player": "Ana",
        "card": "Mercator",
    }
    assert result.question is None
    assert light_game.head_seq == 1


def test_several_ways_to_pay_an_any_good_ask_first_and_record_nothing(
    short_game, short_log
):
    _first_three(short_game, short_log)
    result = services.move_submit(
        game=short_game,
        move=_play(card="Senator", buy_one="I:Architect"),
        expected_seq=3,
    )
    assert result.appended is None
    assert isinstance(result.question, PayChoice)
    assert result.question.cards == ("I:Architect",)
    assert result.question.options == (("brick",), ("food",), ("wine",), ("cloth",))
    assert short_game.events.count() == 3
    # The answer completes it: the only card deck I has left refills the display.
    paid = services.move_submit(
        game=short_game,
        move=_play(card="Senator", buy="I:Architect", pay="wine"),
        expected_seq=3,
    )
    assert paid.appended is not None
    document = paid.appended.event.document
    assert document["pay"] == {"wine": 1}
    assert len(document["reveal"]) == 1
    assert "Only one card could refill the display" in paid.notice


def test_a_move_on_a_head_that_moved_is_a_conflict_before_it_is_read(light_game):
    services.move_submit(game=light_game, move=_play(card="Mercator"), expected_seq=0)
    # A card the player does not hold: the conflict still comes first.
    with pytest.raises(services.EventConflict) as conflict:
        services.move_submit(
            game=light_game, move=_play(card="II:Consul"), expected_seq=0
        )
    assert conflict.value.head_seq == 1


def test_a_tap_sent_twice_returns_the_move_recorded_the_first_time(light_game):
    key = "b" * 32
    first = services.move_submit(
        game=light_game,
        move=_play(card="Mercator"),
        expected_seq=0,
        idempotency_key=key,
    )
    again = services.move_submit(
        game=light_game,
        move=_play(card="Mercator"),
        expected_seq=0,
        idempotency_key=key,
    )
    assert first.appended is not None
    assert again.appended is not None
    assert (again.appended.created, again.appended.event.pk) == (
        False,
        first.appended.event.pk,
    )
    assert light_game.events.count() == 1


def test_the_rules_refuse_with_the_path_and_nothing_is_recorded(light_game):
    with pytest.raises(RulesRefused) as refused:
        services.move_submit(
            game=light_game,
            move=_play(card="Prefect", province="Atlantis"),
            expected_seq=0,
        )
    assert [p.path for p in refused.value.problems] == ["events[0].province"]
    assert not light_game.events.exists()


@pytest.mark.parametrize(
    ("move", "path"),
    [
        (Move(action="event", document={"type": "reveal", "cards": []}), "cards"),
        (Move(action="reveal"), "cards"),
        (Move(action="shuffle"), ""),
    ],
)
def test_a_move_no_table_makes_is_refused(light_game, move, path):
    with pytest.raises(RulesRefused) as refused:
        services.move_submit(game=light_game, move=move, expected_seq=0)
    assert [p.path for p in refused.value.problems] == [path]
    assert not light_game.events.exists()


def test_a_closed_game_takes_no_move(club, alice):
    from tests.assistant.test_views import _finished_game

    game = _finished_game(club, alice)
    services.game_finish(game=game, created_by=alice)
    with pytest.raises(services.GameClosed):
        services.move_submit(
            game=game,
            move=Move(action="event", document={"type": "undo"}),
            expected_seq=game.head_seq,
        )
