"""Every card with light tracking: the cards, the display, the markers, the Praefectus
Magnus and the end move; money, goods, colonists and houses are not tracked."""

from __future__ import annotations

from typing import Any

import pytest

import play
from tests.play.builders import DISPLAY, cash, p, player, run

LIGHT: dict[str, Any] = {"tracking": "light"}


def _light(*events: dict[str, Any], **options: Any) -> play.State:
    return run(*events, **{**LIGHT, **options})


@pytest.mark.parametrize(
    ("event", "hand_after", "discard_after"),
    [
        (p("Ana", "Architect", build=["Roma"]), 6, ["Architect"]),
        (p("Ana", "Mercator", trade={"cloth": 9}), 6, ["Mercator"]),
        (
            p("Ana", "Prefect", province="Hellas", drop={"Ana": {"food": 3}}),
            6,
            ["Prefect"],
        ),
        (p("Ana", "Tribune", colonist="sea"), 7, []),
        (
            p("Ana", "Senator", buy=["I:Smith", "I:Farmer"], pay={"wine": 9}),
            8,
            ["Senator"],
        ),
    ],
)
def test_a_light_play_moves_the_card_and_ignores_what_is_not_tracked(
    event, hand_after, discard_after
):
    state = _light(event)
    ana = player(state, "Ana")
    assert len(ana.hand) == hand_after
    assert list(ana.discard) == discard_after
    document = play.state_document(state)
    assert set(document["players"][0]) == {"name", "hand", "discard"}
    assert state.current_player == "Bia"


def test_a_light_senator_still_takes_the_cards_off_the_display():
    state = _light(p("Ana", "Senator", buy=["I:Smith", "I:Farmer"]))
    assert "I:Smith" in player(state, "Ana").hand
    assert state.display == (
        "I:Mason",
        "I:Architect",
        "I:Colonist",
        "I:Prefect",
        "I:Mercator",
        None,
        None,
    )
    assert state.pile_count == 14
    state = _light(
        p("Ana", "Senator", buy=["I:Smith", "I:Farmer"]),
        {"type": "reveal", "cards": ["I:Diplomat"]},
    )
    assert state.display[-2:] == ("I:Diplomat", None)
    assert play.legal_cards(state)[0].card == "Architect"


def test_a_light_consul_buys_exactly_one_card():
    events = (
        p(
            "Ana",
            "Senator",
            buy=["I:Mason", "I:Architect"],
            reveal=["I:Diplomat", "II:Consul"],
        ),
        p("Bia", "Senator", buy=["II:Consul"], reveal=["II:Vintner"]),
        cash("Caio"),
        cash("Ana"),
    )
    state = _light(*events, p("Bia", "II:Consul", buy=["II:Vintner"]))
    assert player(state, "Bia").hand.count("II:Vintner") == 1
    with pytest.raises(play.LogInvalid) as refused:
        _light(*events, p("Bia", "II:Consul", buy=["II:Vintner", "I:Smith"]))
    assert refused.value.problems[0].message == (
        "The Consul buys at most 1 card; 2 named"
    )


def test_a_light_prefect_turns_the_marker_and_passes_the_praefectus_magnus():
    state = _light(cash("Ana"), cash("Bia"), p("Caio", "Prefect", province="Italia"))
    assert state.coin_side == frozenset({"Italia"})
    assert state.praefectus_magnus == "Bia"
    state = _light(
        p("Ana", "Prefect", province="Italia"), p("Bia", "Prefect", cash=True)
    )
    assert state.coin_side == frozenset()


def test_a_light_diplomat_copies_the_top_card():
    state = _light(
        p("Ana", "Prefect", province="Italia"),
        p("Bia", "Diplomat", copy="Ana", province="Gallia"),
    )
    assert state.coin_side == frozenset({"Italia", "Gallia"})
    assert player(state, "Bia").discard == ("Diplomat",)


def test_light_colonist_and_specialists_only_move_the_card():
    display = [
        "I:Colonist",
        "I:Mason",
        *[c for c in DISPLAY if c not in ("I:Colonist", "I:Mason")],
    ]
    state = _light(
        p("Ana", "Senator", buy=["I:Colonist", "I:Mason"]),
        cash("Bia"),
        cash("Caio"),
        p("Ana", "I:Colonist"),
        cash("Bia"),
        cash("Caio"),
        p("Ana", "I:Mason"),
        display=display,
    )
    assert player(state, "Ana").discard == ("Senator", "I:Colonist", "I:Mason")
