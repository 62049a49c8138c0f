"""The rules of play on the expansion boards, as far as `play/` knows them:
each board's own cities and token mix, start spaces that hold no house, and
Creta's Gavdos, whose bonus good the producer chooses (concordia-expansions.md §3)."""

from __future__ import annotations

import random

import pytest

import play
from scoring.ruleset import ruleset
from tests.play.builders import p, player, refusal, run
from tests.play.random_games import deal_cities

CRETA = deal_cities(random.Random(3), "creta")
BRITANNIA = deal_cities(random.Random(3), "britannia")


def test_gavdos_produces_the_bonus_good_the_prefect_chooses():
    before = run(cities=CRETA, map_name="creta")
    after = run(
        p("Ana", "Prefect", province="Brown", bonus="brick"),
        cities=CRETA,
        map_name="creta",
    )
    was, now = player(before, "Ana").storehouse, player(after, "Ana").storehouse
    # The base game's five goods (salt is a module's).
    assert [now[g] - was[g] for g in ruleset("creta").goods] == [1, 0, 0, 0, 0]
    assert after.coin_side == frozenset({"Brown"})


def test_gavdos_without_a_choice_gives_the_most_valuable_good():
    before = run(cities=CRETA, map_name="creta")
    brown = next(
        o for o in play.prefect_options(before).provinces if o.province == "Brown"
    )
    assert brown.good is not None
    assert brown.good.value == "cloth"
    after = run(p("Ana", "Prefect", province="Brown"), cities=CRETA, map_name="creta")
    assert player(after, "Ana").storehouse["cloth"] == (
        player(before, "Ana").storehouse["cloth"] + 1
    )


def test_a_province_with_its_own_marker_takes_no_chosen_bonus():
    assert refusal(
        p("Ana", "Prefect", province="Red", bonus="brick"),
        cities=CRETA,
        map_name="creta",
    ) == (
        "events[0].bonus",
        "The bonus marker of Red decides its bonus good: only a province of Creta "
        "without a marker lets the Prefect choose one",
    )


@pytest.mark.parametrize("start", ["Londinium", "Portus Itius"])
def test_no_house_on_either_of_britannias_start_spaces(start):
    path, message = refusal(
        p("Ana", "Architect", build=[start]), cities=BRITANNIA, map_name="britannia"
    )
    assert (path, message) == (
        "events[0].build[0]",
        f"Nobody builds a house in the capital, {start}",
    )


def test_a_start_space_has_no_city_token():
    cities = {**BRITANNIA, "Portus Itius": "cloth"}
    with pytest.raises(play.LogInvalid) as refused:
        run(cities=cities, map_name="britannia")
    assert [p.path for p in refused.value.problems] == ['cities["Portus Itius"]']


def test_a_log_of_an_expansion_board_names_its_map_and_replays_unchanged():
    state = run(
        p("Ana", "Prefect", province="Brown", bonus="wine"),
        cities=CRETA,
        map_name="creta",
    )
    document = play.log_document(state.log)
    assert document["map"] == "creta"
    assert play.replay_document(document) == state
