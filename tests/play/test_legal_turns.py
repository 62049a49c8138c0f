"""Every legal turn is recordable (issue #25 item 1), quoting the rulebooks.

The Senator "pode comprar **até** duas cartas" (PT), "puede comprar **hasta**
dos cartas" (ES), "peut acheter **jusqu'à** 2 cartes" (FR), "може купити
**до** 2 карт" (UK): 0, 1 or 2. The Consul "pode comprar uma carta" / "puede
comprar una carta" / "peut acheter une carte" / "може купити 1 карту": 0 or 1,
and "o preço é composto apenas pelas mercadorias descritas dentro do campo
vermelho": the card's own cost, no place surcharge. A Diplomat with no top
discard to copy: the rulebooks are silent; the table still records the card
(docs/game-log.md).
"""

from __future__ import annotations

from typing import Any

import pytest

import play
from scoring.types import GoodCounts
from tests.play.builders import adjust, cash, log, p, player, refusal, run

SENATOR_DISPLAY = [
    "I:Mercator",
    "I:Prefect",
    "I:Architect",
    "I:Farmer",
    "I:Mason",
    "I:Smith",
    "I:Colonist",
]
# Bia owns a Consul (bought with her Senator) and it is her turn (2 players).
BIA_HAS_A_CONSUL = (
    adjust("Ana", storehouse={"wine": 2}),
    p("Ana", "Senator", buy=["I:Mercator", "I:Prefect"], pay={"food": 1}),
    {"type": "reveal", "cards": ["I:Diplomat", "II:Consul"]},
    adjust("Bia", storehouse={"cloth": 3}),
    p("Bia", "Senator", buy=["II:Consul"], pay={}, reveal=["II:Architect"]),
    cash("Ana"),
)


def test_a_senator_may_buy_nothing_and_nothing_but_the_card_moves():
    before = run()
    state = run(p("Ana", "Senator", buy=[], pay={}))
    ana, was = player(state, "Ana"), player(before, "Ana")
    assert ana.discard == ("Senator",)
    assert "Senator" not in ana.hand
    assert (ana.storehouse, ana.sestertii) == (was.storehouse, was.sestertii)
    assert state.display == before.display
    assert state.pile == before.pile
    assert state.current_player == "Bia"
    assert state.concordia_card is None


def test_a_senator_buying_nothing_pays_nothing():
    assert refusal(p("Ana", "Senator", buy=[], pay={"brick": 1})) == (
        "events[0].pay",
        "The surcharges ask for 0 goods of the player's choice; “pay” gives 1",
    )


def test_a_senator_buys_one_card_and_still_not_three():
    state = run(
        p("Ana", "Senator", buy=["I:Mercator"], pay={}), display=SENATOR_DISPLAY
    )
    assert "I:Mercator" in player(state, "Ana").hand
    assert refusal(
        p("Ana", "Senator", buy=["I:Mercator", "I:Prefect", "I:Farmer"], pay={}),
        display=SENATOR_DISPLAY,
    ) == ("events[0].buy", "The Senator buys up to 2 cards; 3 named")


def test_a_senator_may_buy_nothing_while_places_wait_for_their_cards():
    state = run(
        p("Ana", "Senator", buy=["I:Mason"], pay={}),
        p("Bia", "Senator", buy=[], pay={}),
    )
    assert state.display[-1] is None
    assert player(state, "Bia").discard == ("Senator",)


def test_a_consul_may_buy_nothing():
    before = run(*BIA_HAS_A_CONSUL, players=2, display=SENATOR_DISPLAY)
    state = run(
        *BIA_HAS_A_CONSUL,
        p("Bia", "II:Consul", buy=[]),
        players=2,
        display=SENATOR_DISPLAY,
    )
    bia, was = player(state, "Bia"), player(before, "Bia")
    assert bia.discard[-1] == "II:Consul"
    assert bia.storehouse == was.storehouse
    assert state.display == before.display


def test_a_consul_buys_at_most_one_card():
    assert refusal(
        *BIA_HAS_A_CONSUL,
        p("Bia", "II:Consul", buy=["I:Farmer", "I:Mason"]),
        players=2,
        display=SENATOR_DISPLAY,
    ) == ("events[6].buy", "The Consul buys at most 1 card; 2 named")


def test_a_diplomat_copying_a_senator_may_buy_nothing():
    state = run(
        p("Ana", "Senator", buy=[], pay={}),
        p("Bia", "Diplomat", copy="Ana", buy=[], pay={}),
    )
    assert player(state, "Bia").discard == ("Diplomat",)
    assert state.current_player == "Caio"


def test_a_diplomat_with_nothing_to_copy_is_played_for_no_effect():
    before = run()
    state = run(p("Ana", "Diplomat"))
    ana, was = player(state, "Ana"), player(before, "Ana")
    assert ana.discard == ("Diplomat",)
    assert (ana.storehouse, ana.sestertii) == (was.storehouse, was.sestertii)
    assert state.current_player == "Bia"
    # Bia's only candidate is Ana's Diplomat, which a Diplomat never copies.
    state = run(p("Ana", "Diplomat"), p("Bia", "Diplomat"))
    assert player(state, "Bia").discard == ("Diplomat",)


def test_a_diplomat_copies_when_it_can_and_carries_nothing_when_it_cannot():
    assert refusal(p("Ana", "Architect", build=[]), p("Bia", "Diplomat")) == (
        "events[1].copy",
        "Ana's top card can be copied: a Diplomat names whose card it copies in “copy”",
    )
    assert refusal(p("Ana", "Diplomat", cash=True)) == (
        "events[0].cash",
        "A Diplomat that copies nothing has no “cash”",
    )


def test_every_card_of_the_hand_is_playable():
    poor = run(
        adjust(
            "Ana", storehouse={"brick": 0, "food": 0, "tool": 0, "wine": 0, "cloth": 0}
        )
    )
    assert all(option.playable for option in play.legal_cards(poor))
    waiting = run(p("Ana", "Senator", buy=["I:Mason"], pay={}))
    assert all(option.playable for option in play.legal_cards(waiting))


def _light_senators_until_the_display_is_empty() -> list[dict[str, Any]]:
    """Two light players buy the first two cards with their Senator, or take
    their cards back with the Tribune, until display and pile are empty."""
    events: list[dict[str, Any]] = []
    state = run(tracking="light", players=2, display=SENATOR_DISPLAY)
    while state.concordia_card is None:
        name = state.current_player
        assert name is not None
        if "Senator" in player(state, name).hand:
            buy = [card for card in state.display[:2] if card is not None]
            reveal = list(state.pile[: len(buy)])
            event = p(name, "Senator", buy=buy, reveal=reveal)
        else:
            event = p(name, "Tribune")
        events.append(event)
        state = run(*events, tracking="light", players=2, display=SENATOR_DISPLAY)
    return events


def test_a_consul_or_a_copied_senator_on_a_last_turn_after_the_display_emptied():
    events = _light_senators_until_the_display_is_empty()
    state = run(*events, tracking="light", players=2)
    assert state.status is play.Status.LAST_TURNS
    assert (state.display, state.pile) == ((), ())
    # Bia took the last card with her Senator; Ana's last turn buys nothing.
    assert state.current_player == "Ana"
    assert player(state, "Bia").discard[-1] == "Senator"
    assert {"II:Consul", "Diplomat"} <= set(player(state, "Ana").hand)
    assert all(option.playable for option in play.legal_cards(state))
    for last in (
        p("Ana", "II:Consul", buy=[]),
        p("Ana", "Diplomat", copy="Bia", buy=[]),
    ):
        finished = run(*events, last, tracking="light", players=2)
        assert finished.status is play.Status.FINISHED
        assert finished.concordia_card == "Bia"


def test_the_consul_price_is_the_cards_own_cost_only():
    # "As mercadorias descritas abaixo da posição da carta no tabuleiro são
    # ignoradas": the Consul's price is the red field alone.
    state = run(*BIA_HAS_A_CONSUL, players=2, display=SENATOR_DISPLAY)
    for price in play.display_prices(state):
        assert price.card is not None
        card = play.CARDS[price.card]
        assert price.consul_goods == GoodCounts.from_mapping(
            {good: card.cost.count(good) for good in set(card.cost)}
        )
    poor = run(
        *BIA_HAS_A_CONSUL,
        adjust(
            "Bia", storehouse={"brick": 0, "food": 1, "tool": 0, "wine": 0, "cloth": 0}
        ),
        players=2,
        display=SENATOR_DISPLAY,
    )
    prices = play.display_prices(poor)
    by_card = {price.card: price for price in prices}
    # The Colonist costs 1 food (its red field): the Consul can pay it, the
    # Senator cannot at a place with a surcharge.
    assert by_card["I:Colonist"].consul_affordable is True
    assert by_card["I:Colonist"].affordable is False
    assert by_card["I:Farmer"].consul_affordable is False


@pytest.mark.parametrize("card", ["Senator", "Diplomat"])
def test_buy_nothing_and_copy_nothing_round_trip_through_the_log_document(
    card: str,
) -> None:
    event = p("Ana", card, buy=[], pay={}) if card == "Senator" else p("Ana", card)
    game = play.load_log(log(event))
    assert play.log_document(game)["events"] == [event]
