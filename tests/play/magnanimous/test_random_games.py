"""Random legal Magnanimous games, 2 to 4 players, both trackings, played to an ending.

Each game is built only from the engine's queries and `apply_event`; now and
then the latest event is undone (the state must be exactly the one before it)
and redone. At the end the whole log replays to the same state, and the final
sheet validates and scores through `scoring.magnanimous`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play import magnanimous as mg
from scoring.magnanimous import parse_magnanimous, score_magnanimous
from tests.play.magnanimous.random_games import (
    Game,
    bench_game,
    new_game,
    play_to_the_end,
)

games = st.builds(
    lambda seed, players, tracking: (random.Random(seed), players, tracking),
    st.integers(0, 2**32),
    st.integers(2, 4),
    st.sampled_from(["full", "light"]),
)


def _check_table(state: mg.State) -> None:
    """Nothing a real table could not show."""
    assert 1 <= state.paraguay_die <= 6
    assert 0 <= state.imperial <= 5
    assert state.republic >= 0
    cards = state.deck + state.discard_pile + state.throne_pile
    cards += sum(player.hand for player in state.players)
    # Event cards leave the game and won referendums stay with their winner.
    assert cards <= 56
    assert state.ministers_pile + state.ministers_discard <= 14 + 7
    for player in state.players:
        assert 0 <= player.nobility <= 20
        assert player.hand >= 0
        if state.full:
            assert player.reis >= 0
            assert player.ships_port + player.ships_rio <= 4
            assert all(0 <= count <= 4 for count in player.deputies.values())
            for province in player.provinces:
                assert 0 <= province.goods <= 5
                assert 0 <= province.troops <= 5
                assert province.in_transit >= 0
    if state.full:
        placed = sum(1 for value in state.dice if value is not None)
        on_boards = sum(
            1
            for p in state.players
            for province in p.provinces
            if province.die is not None
        )
        assert placed + on_boards == 16
        for space in state.commerce:
            assert 1 <= space.tokens <= 5
            assert space.space <= max(state.republic, space.space)


def _check_ending(game: Game) -> None:
    state = game.state
    assert state.status is mg.Status.FINISHED
    assert state.ending is not None
    # The whole log replays to the same state as the events added one by one.
    document = mg.log_document(game.log)
    assert mg.state_document(mg.replay(mg.load_log(document))) == mg.state_document(
        state
    )
    sheet = mg.final_sheet(state)
    if state.full:
        assert sheet.missing == ()
        filled = sheet.document
    else:
        assert set(sheet.missing) == {
            f"players[{seat}].{name}"
            for seat in range(len(state.players))
            for name in ("commerce_spaces", "commerce_tokens", "troops", "reis")
        }
        filled = {
            **sheet.document,
            "players": [
                {
                    **p,
                    "commerce_spaces": 0,
                    "commerce_tokens": 0,
                    "troops": 0,
                    "reis": 0,
                }
                for p in sheet.document["players"]
            ],
        }
    result = score_magnanimous(parse_magnanimous(filled))
    assert result.ending.value == state.ending.value
    if state.ending is mg.Ending.RIO_OCCUPIED:
        assert result.winners == ()
    if state.ending is mg.Ending.NOBILITY:
        assert result.winners == tuple(state.players[s].name for s in state.winners)
    document = mg.state_document(state)
    assert document["sheet"] == sheet.document
    assert ("result" in document) is state.full


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(games)
def test_random_games_end_and_score(case: tuple[random.Random, int, str]) -> None:
    rng, players, tracking = case
    game = new_game(rng, players, tracking)
    play_to_the_end(game, undo_every=12)
    for state in game.states[::7]:
        _check_table(state)
    _check_ending(game)


def test_every_player_count_and_tracking_reaches_an_ending() -> None:
    """Not left to chance: 2, 3 and 4 players in both trackings, with undo checks."""
    for players in (2, 3, 4):
        for tracking in ("full", "light"):
            game = new_game(
                random.Random(players * 10 + len(tracking)), players, tracking
            )
            play_to_the_end(game, undo_every=5)
            assert game.undo_checks > 0
            _check_ending(game)


def test_the_benchmark_log_is_a_ten_round_four_player_full_game() -> None:
    path = Path(__file__).parent / "data" / "magnanimous-4p-full-10-rounds.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    state = mg.replay_document(document)
    assert (state.round, len(state.players), state.full) == (10, 4, True)
    assert state.ending is mg.Ending.REPUBLIC
    assert sum(e["type"] == "undo" for e in document["events"]) > 0
    # It is what `bench_game` plays: regenerate it with that function.
    assert mg.log_document(bench_game().log) == document
