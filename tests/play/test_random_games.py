"""Random legal games, 2 to 5 players, both trackings, played to the end by the queries."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import play
from scoring.catalog import MAX_COLONISTS, MAX_HOUSES, STOREHOUSE_SPACES
from scoring.maps import MAPS
from scoring.sheet_io import parse_concordia, score_document
from scoring.types import MapName
from scoring.validation import validate_sheet
from tests.play.random_games import Game, play_to_the_end
from tests.play.table_result import table_result

# Every combination of the modules the engine plays (Venus: individual play;
# team play is not in the game log, docs/game-log.md).
MODULES = [
    (),
    ("salt",),
    ("forum",),
    ("venus",),
    ("salt", "forum"),
    ("salt", "venus"),
    ("forum", "venus"),
    ("salt", "forum", "venus"),
]

games = st.builds(
    lambda seed, players, tracking, intermediate: (
        random.Random(seed),
        players,
        tracking,
        intermediate,
    ),
    st.integers(0, 2**32),
    st.integers(2, 5),
    st.sampled_from(["full", "light"]),
    st.booleans(),
)


def _check_legal(state: play.State) -> None:
    """Nothing a real table could not show."""
    sale_cards: Counter[str] = Counter(c for c in state.pile)
    sale_cards.update(c for c in state.display if c is not None)
    rules = state.log.rules
    for player in state.players:
        cards = Counter(player.cards)
        starting = Counter(play.starting_hand_ids(rules))
        assert cards & starting == starting, "a starting card went missing"
        sale_cards.update(cards - starting)
        if state.full:
            assert player.sestertii >= 0
            assert min(player.storehouse[g] for g, _ in player.storehouse.items()) >= 0
            stored = player.storehouse.total + player.colonists_storehouse
            # 12 spaces; 16 for Claudia Agrippina's holder (Salsa's forum).
            assert stored <= player.spaces <= rules.storehouse_spaces
            claudia = state.forum is not None and any(
                "Claudia Agrippina" in held for held in state.forum.held
            )
            assert player.spaces == STOREHOUSE_SPACES or claudia
            assert player.colonists_board + player.colonists_storehouse == MAX_COLONISTS
            assert len(player.houses) <= MAX_HOUSES
            assert len(set(player.houses)) == len(player.houses)
    # Every sale card of decks I…N is in exactly one place.
    decks = len(state.players)
    in_play = {c.id for c in play.game_cards(rules).values() if 1 <= c.deck <= decks}
    assert sale_cards == Counter(in_play)


def _check_ending(game: Game) -> None:
    state = game.state
    assert state.status is play.Status.FINISHED
    assert state.concordia_seat is not None
    # After the Concordia card every other player played exactly one more turn:
    # the states the final one descends from, undone events left out.
    chain = [state]
    while chain[-1].before is not None:
        before = chain[-1].before
        assert before is not None
        chain.append(before)
    chain.reverse()
    after = [
        a.current_player
        for a, b in itertools.pairwise(chain)
        if b.turn_number > a.turn_number and a.concordia_seat is not None
    ]
    names = [p.name for p in state.players]
    holder = state.concordia_seat
    expected = [names[(holder + k) % len(names)] for k in range(1, len(names))]
    assert after == expected


@settings(max_examples=20, deadline=None)
@given(games)
def test_random_legal_games_end_properly(game_args):
    rng, players, tracking, intermediate = game_args
    game = play_to_the_end(
        rng,
        players=players,
        tracking=tracking,
        intermediate=intermediate,
        undo_rate=0.05,
    )
    for state in game.states:
        _check_legal(state)
    if game.state.status is play.Status.ABANDONED:
        return
    _check_ending(game)
    # The state built event by event is the replay of the whole log.
    assert play.replay(game.log) == game.state
    document = play.state_document(game.state)
    sheet = play.final_sheet(game.state)
    if tracking == "full":
        assert sheet.missing == ()
        assert validate_sheet(parse_concordia(sheet.document)) == ()
        assert document["result"] == score_document(sheet.document)
        assert document["result"] == table_result(game.state)
    else:
        assert document["missing"] == list(sheet.missing)
        assert "result" not in document
    if intermediate:
        assert len(document["intermediate"]) <= players


@settings(max_examples=15, deadline=None)
@given(games, st.sampled_from(["cloth", "wine"]))
def test_random_games_with_venus_end_properly_and_score_through_the_sheet(
    game_args, side
):
    """Venus (expansions §2b, §2d): the Magister in every hand, the double-role
    cards in the decks, either side of the display; the final sheet validates
    and scores the same through ``score_sheet``."""
    rng, players, tracking, intermediate = game_args
    game = play_to_the_end(
        rng,
        players=players,
        tracking=tracking,
        intermediate=intermediate,
        undo_rate=0.05,
        expansions=("venus",),
        display_side=side,
    )
    for state in game.states:
        _check_legal(state)
        for player in state.players:
            assert len(player.cards) >= 8  # the 7 base cards and the Magister
    if game.state.status is play.Status.ABANDONED:
        return
    _check_ending(game)
    assert play.replay(game.log) == game.state
    assert play.replay(play.load_log(play.log_document(game.log))) == game.state
    document = play.state_document(game.state)
    sheet = play.final_sheet(game.state)
    assert sheet.document["expansions"] == ["venus"]
    if tracking == "full":
        assert sheet.missing == ()
        assert validate_sheet(parse_concordia(sheet.document)) == ()
        assert document["result"] == score_document(sheet.document)
        assert document["result"] == table_result(game.state)
    else:
        assert document["missing"] == list(sheet.missing)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.sampled_from(["full", "light"]))
def test_undo_after_any_event_gives_the_state_before_it(seed, players, tracking):
    rng = random.Random(seed)
    game = play_to_the_end(rng, players=players, tracking=tracking)
    log = game.log
    state = play.initial_state(log)
    for event in log.events:
        after = play.step(state, event)
        undone = play.step(after, play.Undo(index=event.index + 1))
        if not isinstance(event, play.Undo | play.Abandon):
            assert undone == state
        state = after


def test_random_games_record_the_turns_that_buy_or_copy_nothing():
    """Issue #25 item 1: the random games play the buy-nothing Senator and
    Consul and the Diplomat with nothing to copy, and the engine takes them."""
    seen: Counter[str] = Counter()
    for seed in range(12):
        game = play_to_the_end(
            random.Random(seed),
            players=2 + seed % 4,
            tracking=("full", "light")[seed % 2],
        )
        for event in game.documents:
            if event.get("buy") == []:
                card = play.CARDS[event["card"]].kind.value
                seen["copied " + card if "copy" in event else card] += 1
            kind = play.CARDS[event["card"]].kind if "card" in event else None
            if kind is play.CardKind.DIPLOMAT and "copy" not in event:
                seen["Diplomat copying nothing"] += 1
    assert seen["Senator"] > 0, seen
    assert seen["Consul"] > 0, seen
    assert seen["Diplomat copying nothing"] > 0, seen


@settings(max_examples=15, deadline=None)
@given(games, st.sampled_from([("salt",), ("salt", "forum")]))
def test_random_games_with_salt_finish_with_sheets_that_score_the_same(
    game_args, expansions
):
    # Salsa's salt: 1 salt instead of the second food, salt cities, salt paying
    # for what a cost lacks; the final sheet carries the modules and scores the
    # same through `score_sheet`.
    rng, players, tracking, intermediate = game_args
    game = play_to_the_end(
        rng,
        players=players,
        tracking=tracking,
        intermediate=intermediate,
        undo_rate=0.05,
        expansions=expansions,
    )
    for state in game.states:
        _check_legal(state)
    assert play.replay(game.log) == game.state
    if game.state.status is play.Status.ABANDONED:
        return
    _check_ending(game)
    sheet = play.final_sheet(game.state)
    assert sheet.document["expansions"] == list(expansions)
    if tracking == "full":
        assert sheet.missing == ()
        assert validate_sheet(parse_concordia(sheet.document)) == ()
        document = play.state_document(game.state)
        assert document["result"] == score_document(sheet.document)
        assert document["result"] == table_result(game.state)


@pytest.mark.parametrize(
    ("name", "modules", "events"),
    [
        ("game-log-5p-salsa", ["salt", "forum"], 201),
        ("game-log-5p-salsa-venus", ["salt", "forum", "venus"], 212),
    ],
)
def test_the_recorded_module_games_replay_to_their_end_and_score_through_score_sheet(
    name, modules, events
):
    # The benchmark's games (scripts/bench.py, README "Rules of play"): five
    # players, full tracking, every module's events.
    document = json.loads(
        (Path(__file__).parent / "data" / f"{name}.json").read_text(encoding="utf-8")
    )
    assert document["expansions"] == modules
    assert len(document["players"]) == 5
    assert len(document["events"]) == events
    types = Counter(event["type"] for event in document["events"])
    assert types["forum"] > 0
    assert types["citizen"] > 0
    if "venus" in modules:
        plays = [e for e in document["events"] if e["type"] == "play"]
        assert any(e["card"] == "Magister" for e in plays)
        assert any("role" in e for e in plays)
    state = play.replay_document(document)
    assert state.status is play.Status.FINISHED
    sheet = play.final_sheet(state)
    assert validate_sheet(parse_concordia(sheet.document)) == ()
    result = play.state_document(state)["result"]
    assert result == score_document(sheet.document)
    assert result == table_result(state)


@settings(max_examples=30, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from([name.value for name in MapName]),
    st.integers(2, 5),
    st.sampled_from(MODULES),
    st.sampled_from(["cloth", "wine"]),
)
def test_random_games_on_every_map_end_with_a_sheet_that_scores(
    seed, map_name, players, modules, side
):
    # Full tracking on every board, with and without salt, the forum and
    # Venus: the map's own token mix dealt (salt's among them), houses bought
    # at its cities' prices, Prefects producing in its provinces; the final
    # sheet validates and scores the same through `score_sheet` and as the
    # table counts it (tests/play/table_result.py).
    rng = random.Random(seed)
    game = play_to_the_end(
        rng,
        players=players,
        tracking="full",
        map_name=map_name,
        expansions=modules,
        display_side=side if "venus" in modules else "cloth",
    )
    for state in game.states:
        _check_legal(state)
    if game.state.status is play.Status.ABANDONED:
        return
    _check_ending(game)
    assert play.replay(game.log) == game.state
    sheet = play.final_sheet(game.state)
    assert sheet.missing == ()
    assert sheet.document["map"] == map_name
    assert sheet.document.get("expansions", []) == list(modules)
    assert validate_sheet(parse_concordia(sheet.document)) == ()
    result = play.state_document(game.state)["result"]
    assert result == score_document(sheet.document)
    assert result == table_result(game.state)
    # The log's setup names the map and the modules by their ids.
    log_document = play.log_document(game.log)
    assert log_document["map"] == map_name
    assert log_document.get("expansions", []) == list(modules)


@pytest.mark.parametrize("modules", [(), ("salt", "forum", "venus")])
@pytest.mark.parametrize("map_name", [name.value for name in MapName])
def test_one_full_game_on_each_map_reaches_its_final_sheet(map_name, modules):
    # Not left to Hypothesis' draw: every map plays at least one whole game,
    # without modules and with all three.
    for seed in range(20):
        game = play_to_the_end(
            random.Random(seed),
            players=3,
            tracking="full",
            map_name=map_name,
            expansions=modules,
        )
        if game.state.status is play.Status.FINISHED:
            break
    assert game.state.status is play.Status.FINISHED
    spec = MAPS[MapName(map_name)]
    cities = game.log.cities or {}
    # Salt: one token of each letter group in use is salt (expansions §1).
    salt = sum(1 for good in cities.values() if good == "salt")
    assert salt == (len(spec.letters) if "salt" in modules else 0)
    sheet = play.final_sheet(game.state)
    assert sheet.document.get("expansions", []) == list(modules)
    assert validate_sheet(parse_concordia(sheet.document)) == ()
    result = play.state_document(game.state)["result"]
    assert result == score_document(sheet.document)
    assert result == table_result(game.state)
    houses = {city for player in game.state.players for city in player.houses}
    assert houses <= {city.name for city in spec.cities}
