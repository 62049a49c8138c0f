"""Every card's effect, with the numbers of the rulebook's examples (PT/FR/UA seeds)."""

from __future__ import annotations

from typing import Any

import pytest

import play
from scoring.types import Good, GoodCounts
from tests.play.builders import (
    DISPLAY,
    EXAMPLE,
    RULEBOOK_CITIES,
    adjust,
    cash,
    p,
    player,
    refusal,
    run,
)

# --- Tribune ---------------------------------------------------------------


def _four_cards_then_tribune(**tribune: Any) -> tuple[dict[str, Any], ...]:
    # Ana plays 4 cards; Bia fills the turns in between (2 players).
    return (
        p("Ana", "Architect", build=[]),
        cash("Bia"),
        p("Ana", "Mercator", trade={}),
        p("Bia", "Architect", build=[]),
        cash("Ana"),
        p("Bia", "Mercator", trade={}),
        cash("Ana"),
        cash("Bia"),
        p("Ana", "Tribune", **tribune),
    )


def test_tribune_rulebook_example_five_cards_back_pay_two_and_a_colonist():
    # Rulebook: 4 cards played, the Tribune takes 5 back: 2 sestertii; then one
    # new colonist into Roma for 1 food + 1 tool.
    before = run(*_four_cards_then_tribune()[:-1], players=2)
    ana_before = player(before, "Ana")
    state = run(*_four_cards_then_tribune(colonist="land"), players=2)
    ana = player(state, "Ana")
    assert ana.discard == ()
    assert len(ana.hand) == 7
    assert ana.sestertii == ana_before.sestertii + 2
    assert ana.storehouse["food"] == ana_before.storehouse["food"] - 1
    assert ana.storehouse["tool"] == ana_before.storehouse["tool"] - 1
    assert (ana.colonists_board, ana.colonists_storehouse) == (3, 3)
    assert play.tribune_bonus(before) == play.TribuneBonus(
        cards=5, sestertii=2, colonist=True
    )


def test_tribune_with_three_cards_or_fewer_pays_nothing():
    state = run(
        p("Ana", "Architect", build=[]), cash("Bia"), p("Ana", "Tribune"), players=2
    )
    assert player(state, "Ana").sestertii == 5
    assert player(state, "Ana").hand == play.initial_state(state.log).players[0].hand


def test_tribune_in_light_tracking_only_takes_the_cards_back():
    state = run(*_four_cards_then_tribune(), players=2, tracking="light")
    document = play.state_document(state)
    assert document["players"][0] == {
        "name": "Ana",
        "hand": [
            "Architect",
            "Diplomat",
            "Mercator",
            "Prefect",
            "Prefect",
            "Senator",
            "Tribune",
        ],
        "discard": [],
    }


def test_tribune_colonist_needs_food_and_tool():
    path, message = refusal(
        adjust("Ana", storehouse={"food": 0}),
        p("Ana", "Tribune", colonist="sea"),
    )
    assert (path, message) == ("events[1].colonist", "Ana needs 1 food and has 0")


# --- Architect ---------------------------------------------------------------


def test_architect_rulebook_example_houses_cost_more_where_houses_stand():
    # Aquileia (food) already holds 2 houses: 1 brick + 1 food + 3 × 2 = 6 sestertii;
    # Massilia (cloth) 1 brick + 1 cloth + 5; Novaria (wine) 1 brick + 1 wine + 4.
    events = (
        p("Ana", "Architect", build=["Aquileia"]),  # 1 × 2 sestertii
        p("Bia", "Architect", build=["Aquileia"]),  # 2 × 2 sestertii
        adjust(
            "Caio",
            sestertii=20,
            storehouse={"brick": 3, "food": 2, "tool": 0, "wine": 1, "cloth": 1},
        ),
    )
    before = run(*events, cities=RULEBOOK_CITIES)
    assert player(before, "Ana").sestertii == 5 - 2
    assert player(before, "Bia").sestertii == 6 - 4
    assert play.house_cost(before, "Aquileia") == play.HouseCost(
        city="Aquileia",
        good=Good("food"),
        goods=GoodCounts(brick=1, food=1),
        coins=6,
        houses_after=3,
    )
    state = run(
        *events,
        p("Caio", "Architect", build=["Massilia", "Novaria", "Aquileia"]),
        cities=RULEBOOK_CITIES,
    )
    caio = player(state, "Caio")
    assert caio.sestertii == 20 - 5 - 4 - 6
    assert caio.storehouse == GoodCounts(brick=0, food=1, tool=0, wine=0, cloth=0)
    assert caio.houses == ("Aquileia", "Massilia", "Novaria")


@pytest.mark.parametrize(
    ("city", "goods", "coins"),
    [
        ("Isca Dumnoniorum", GoodCounts(food=1), 1),  # brick city
        ("Lutetia", GoodCounts(brick=1, food=1), 2),  # food city
        ("Tomis", GoodCounts(brick=1, tool=1), 3),  # tool city
        ("Colonia Agrippina", GoodCounts(brick=1, wine=1), 4),  # wine city
        ("Vindobona", GoodCounts(brick=1, cloth=1), 5),  # cloth city
    ],
)
def test_house_cost_of_an_empty_city_by_its_good(city, goods, coins):
    state = run()
    cost = play.house_cost(state, city)
    assert (cost.goods, cost.coins, cost.houses_after) == (goods, coins, 1)


def test_architect_in_roma_is_refused():
    assert refusal(p("Ana", "Architect", build=["Roma"])) == (
        "events[0].build[0]",
        "Nobody builds a house in the capital, Roma",
    )


def test_architect_twice_in_one_city_is_refused():
    assert refusal(p("Ana", "Architect", build=["Napoca", "Napoca"])) == (
        "events[0].build[1]",
        "Ana already has a house in Napoca",
    )


def test_architect_short_of_money_is_refused():
    assert refusal(
        adjust("Ana", sestertii=2), p("Ana", "Architect", build=["Tomis"])
    ) == (
        "events[1].build[0]",
        "Ana needs 3 sestertii and has 2",
    )


def test_architect_in_light_tracking_ignores_the_cities():
    state = run(p("Ana", "Architect", build=["Roma"]), tracking="light")
    assert state.turn_number == 2


# --- Prefect ---------------------------------------------------------------


def _syria_houses() -> tuple[dict[str, Any], ...]:
    # Ana (red) and Bia (blue) in Antiochia (food), Caio (yellow) in Tyros (cloth).
    return (
        p("Ana", "Architect", build=["Antiochia"]),
        p("Bia", "Architect", build=["Antiochia"]),
        p("Caio", "Architect", build=["Tyros"]),
    )


def test_prefect_rulebook_example_syria_produces_for_every_house():
    # Rulebook: Red chooses Syria, takes its bonus (1 cloth); Red and Blue receive
    # 1 food each, Yellow 1 cloth.
    before = run(*_syria_houses(), cities=RULEBOOK_CITIES)
    syria = next(
        o for o in play.prefect_options(before).provinces if o.province == "Syria"
    )
    assert syria.good is not None
    assert syria.good.value == "cloth"
    assert syria.bonus == 1
    assert dict(syria.receives) == {
        "Ana": GoodCounts(food=1, cloth=1),
        "Bia": GoodCounts(food=1),
        "Caio": GoodCounts(cloth=1),
    }
    state = run(
        *_syria_houses(), p("Ana", "Prefect", province="Syria"), cities=RULEBOOK_CITIES
    )
    for name, gained in syria.receives:
        was, now = player(before, name).storehouse, player(state, name).storehouse
        assert [now[g] - was[g] for g, _ in gained.items()] == [
            n for _, n in gained.items()
        ]
    assert state.coin_side == frozenset({"Syria"})
    assert state.praefectus_magnus == "Caio"


def test_praefectus_magnus_doubles_the_bonus_and_passes_right():
    # Caio (last seat) starts with it: 2 cloth from Italia, then it goes to Bia.
    state = run(cash("Ana"), cash("Bia"), p("Caio", "Prefect", province="Italia"))
    assert player(state, "Caio").storehouse["cloth"] == 1 + 2
    assert state.praefectus_magnus == "Bia"
    # Bia uses it through a Diplomat copying Caio's Prefect: 2 cloth from Gallia,
    # and it passes on to Ana.
    state = run(
        cash("Ana"),
        cash("Bia"),
        p("Caio", "Prefect", province="Italia"),
        cash("Ana"),
        p("Bia", "Diplomat", copy="Caio", province="Gallia"),
    )
    assert player(state, "Bia").storehouse["cloth"] == 1 + 2
    assert state.praefectus_magnus == "Ana"


def test_prefect_cash_is_one_per_coin_and_turns_the_markers_back():
    # Syria's and Dacia's markers show tool (2 coins on the back), Italia's cloth (1).
    events = (
        p("Ana", "Prefect", province="Syria"),
        p("Bia", "Prefect", province="Italia"),
        p("Caio", "Prefect", province="Dacia"),  # tool: 2 coins
    )
    before = run(*events)
    assert play.prefect_options(before).cash == 2 + 1 + 2
    state = run(*events, p("Ana", "Prefect", cash=True))
    assert player(state, "Ana").sestertii == 5 + 5
    assert state.coin_side == frozenset()
    assert state.praefectus_magnus == player(before, "Bia").name


def test_prefect_cash_counts_the_amount_the_table_gives():
    state = run(
        p("Ana", "Prefect", province="Syria"), p("Bia", "Prefect", cash=True, amount=6)
    )
    assert player(state, "Bia").sestertii == 6 + 6


def test_prefect_on_a_province_showing_coins_is_refused():
    assert refusal(
        p("Ana", "Prefect", province="Syria"), p("Bia", "Prefect", province="Syria")
    ) == (
        "events[1].province",
        "The bonus marker of Syria shows its coins: it produces again after a Prefect takes the cash",
    )


def test_production_that_does_not_fit_names_what_is_dropped():
    full = adjust(
        "Ana", storehouse={"brick": 1, "food": 2, "tool": 1, "wine": 1, "cloth": 3}
    )
    assert refusal(full, p("Ana", "Prefect", province="Syria")) == (
        "events[1]",
        "Ana's storehouse has 12 spaces: 13 would be needed; name what does not fit in “drop”",
    )
    state = run(full, p("Ana", "Prefect", province="Syria", drop={"Ana": {"tool": 1}}))
    assert player(state, "Ana").storehouse["tool"] == 1


def test_nothing_may_be_dropped_while_it_fits():
    assert refusal(
        p("Ana", "Prefect", province="Syria", drop={"Ana": {"tool": 1}})
    ) == (
        "events[0].drop.Ana",
        "Ana's storehouse still has 2 free spaces: nothing may be dropped while a good fits",
    )


# --- Mercator ---------------------------------------------------------------


def test_mercator_rulebook_example_sell_wine_buy_bricks():
    # Green has 2 sestertii, sells 3 wine (18) and buys 4 bricks (12): 3 + 18 - 12.
    setup = adjust(
        "Ana",
        sestertii=2,
        storehouse={"brick": 0, "food": 1, "tool": 1, "wine": 3, "cloth": 1},
    )
    state = run(setup, p("Ana", "Mercator", trade={"wine": -3, "brick": 4}))
    ana = player(state, "Ana")
    assert ana.sestertii == 2 + 3 + 18 - 12 == 11
    assert ana.storehouse == GoodCounts(brick=4, food=1, tool=1, wine=0, cloth=1)
    # Five spaces are free once the wine is sold: a 6th brick does not fit.
    assert refusal(setup, p("Ana", "Mercator", trade={"wine": -3, "brick": 6}))[0] == (
        "events[1].trade"
    )
    # A third kind of goods is refused.
    assert refusal(
        setup, p("Ana", "Mercator", trade={"wine": -3, "brick": 1, "food": 1})
    ) == ("events[1].trade", "The Mercator trades at most 2 kinds of goods; 3 given")


def test_a_bought_mercator_gives_five():
    assert play.mercator_income("Mercator") == 3
    assert play.mercator_income("I:Mercator") == 5
    display = ["I:Mercator", *[c for c in DISPLAY if c != "I:Mercator"]]
    state = run(
        p("Ana", "Senator", buy=["I:Mercator"], pay={}, reveal=["I:Diplomat"]),
        cash("Bia"),
        p("Ana", "I:Mercator", trade={}),
        display=display,
        players=2,
    )
    assert player(state, "Ana").sestertii == 5 + 5


# --- Senator and Consul ------------------------------------------------------

SENATOR_DISPLAY = [
    "I:Mercator",
    "I:Prefect",
    "I:Architect",
    "I:Farmer",
    "I:Mason",
    "I:Smith",
    "I:Colonist",
]


def test_senator_rulebook_example_mercator_and_architect():
    # Mercator at position 1: 1 wine. Architect at position 3: 1 tool + '?', paid
    # with a brick. Both priced where they lay when the turn began.
    before = run(display=SENATOR_DISPLAY)
    prices = play.display_prices(before)
    assert (prices[0].card, prices[0].goods, prices[0].any_goods) == (
        "I:Mercator",
        GoodCounts(wine=1),
        0,
    )
    assert (prices[2].card, prices[2].goods, prices[2].any_goods) == (
        "I:Architect",
        GoodCounts(tool=1),
        1,
    )
    assert prices[3].goods == GoodCounts(brick=1, food=1, cloth=1)  # the Farmer
    state = run(
        p("Ana", "Senator", buy=["I:Mercator", "I:Architect"], pay={"brick": 1}),
        display=SENATOR_DISPLAY,
    )
    ana = player(state, "Ana")
    assert ana.storehouse == GoodCounts(brick=0, food=2, tool=0, wine=0, cloth=1)
    assert "I:Mercator" in ana.hand
    assert "I:Architect" in ana.hand
    # The Prefect moves 1 place left, the others 2; two places wait for the pile.
    assert state.display == (
        "I:Prefect",
        "I:Farmer",
        "I:Mason",
        "I:Smith",
        "I:Colonist",
        None,
        None,
    )
    # After the shift the Farmer costs 1 brick + 1 food + 1 good of any kind.
    farmer = play.display_prices(
        run(
            p("Ana", "Senator", buy=["I:Mercator", "I:Architect"], pay={"brick": 1}),
            {"type": "reveal", "cards": ["I:Diplomat", "II:Consul"]},
            display=SENATOR_DISPLAY,
        )
    )[1]
    assert (farmer.card, farmer.goods, farmer.any_goods) == (
        "I:Farmer",
        GoodCounts(brick=1, food=1),
        1,
    )


def test_senator_pay_must_cover_exactly_the_question_marks():
    assert refusal(
        p("Ana", "Senator", buy=["I:Mercator", "I:Architect"], pay={}),
        display=SENATOR_DISPLAY,
    ) == (
        "events[0].pay",
        "The surcharges ask for 1 goods of the player's choice; “pay” gives 0",
    )


def test_senator_third_card_is_refused():
    assert refusal(
        p("Ana", "Senator", buy=["I:Mercator", "I:Prefect", "I:Architect"], pay={}),
        display=SENATOR_DISPLAY,
    ) == ("events[0].buy", "The Senator buys up to 2 cards; 3 named")


def test_consul_rulebook_example_pays_only_the_cards_own_cost():
    # The Consul buys the card at position 6 for its red field only.
    events = (
        adjust("Ana", storehouse={"wine": 2}),
        p("Ana", "Senator", buy=["I:Mercator", "I:Prefect"], pay={"food": 1}),
        {"type": "reveal", "cards": ["I:Diplomat", "II:Consul"]},
        adjust("Bia", storehouse={"cloth": 3}),
        p("Bia", "Senator", buy=["II:Consul"], pay={}, reveal=["II:Architect"]),
        cash("Ana"),
    )
    before = run(*events, display=SENATOR_DISPLAY, players=2)
    assert before.display[5] == "I:Diplomat"
    assert play.display_prices(before)[5].consul_goods == GoodCounts(tool=1)
    state = run(
        *events,
        p("Bia", "II:Consul", buy=["I:Diplomat"], reveal=["II:Prefect"]),
        display=SENATOR_DISPLAY,
        players=2,
    )
    was, now = player(before, "Bia").storehouse, player(state, "Bia").storehouse
    assert was["tool"] - now["tool"] == 1
    assert (was.total - now.total) == 1
    assert "I:Diplomat" in player(state, "Bia").hand


def test_a_purchase_waits_for_the_display_to_be_refilled():
    events = (p("Ana", "Senator", buy=["I:Mason"], pay={}),)
    assert run(*events).display[-1] is None
    assert refusal(*events, p("Bia", "Senator", buy=["I:Smith"], pay={})) == (
        "events[1].buy",
        "The display has places waiting for their cards: name them (reveal) before buying",
    )


def test_a_revealed_card_must_come_from_the_piles_current_deck():
    assert refusal(
        p("Ana", "Senator", buy=["I:Mason"], pay={}, reveal=["II:Consul"])
    ) == (
        "events[0].reveal[0]",
        "The draw pile still holds deck I: “II:Consul” cannot come up yet",
    )


# --- Diplomat ---------------------------------------------------------------


def test_diplomat_cannot_copy_a_diplomat():
    assert (
        refusal(
            p("Ana", "Diplomat", copy="Caio"),
        )[1]
        == "Caio's discard pile is empty: there is nothing to copy"
    )
    assert refusal(
        p("Ana", "Architect", build=[]),
        p("Bia", "Diplomat", copy="Ana", build=[]),
        p("Caio", "Diplomat", copy="Bia"),
    ) == (
        "events[2].copy",
        "Bia's top card is a Diplomat, and a Diplomat never copies a Diplomat",
    )


def test_diplomat_carries_the_fields_of_the_copied_card():
    with pytest.raises(play.LogInvalid) as refused:
        run(p("Ana", "Architect", build=[]), p("Bia", "Diplomat", copy="Ana", trade={}))
    assert [(e.path, e.message) for e in refused.value.problems] == [
        ("events[1].trade", "The Architect has no “trade”"),
        ("events[1].build", "The Architect needs “build” with full tracking"),
    ]


def test_diplomat_options_list_only_copyable_top_cards():
    state = run(
        p("Ana", "Architect", build=[]),
        p("Bia", "Diplomat", copy="Ana", build=[]),
    )
    assert play.diplomat_options(state) == (
        play.DiplomatOption(
            player="Ana", card="Architect", kind=play.CardKind.ARCHITECT
        ),
    )


# --- Colonist ---------------------------------------------------------------


def _bought_colonist(**fields: Any) -> play.State:
    display = ["I:Colonist", *[c for c in SENATOR_DISPLAY if c != "I:Colonist"]]
    return run(
        p("Ana", "Senator", buy=["I:Colonist"], pay={}, reveal=["I:Diplomat"]),
        cash("Bia"),
        adjust("Ana", storehouse={"food": 2, "tool": 3}),
        *([p("Ana", "I:Colonist", **fields)] if fields else []),
        display=display,
        players=2,
    )


def test_colonist_rulebook_example_two_colonists_for_two_food_two_tools():
    state = _bought_colonist(place=["sea", "land"])
    ana = player(state, "Ana")
    assert (ana.storehouse["food"], ana.storehouse["tool"]) == (0, 1)
    assert (ana.colonists_board, ana.colonists_storehouse) == (4, 2)


def test_colonist_cash_is_five_plus_one_per_colonist_on_the_board():
    before = _bought_colonist()
    assert play.colonist_cash(before) == 5 + 2
    state = _bought_colonist(cash=True)
    assert player(state, "Ana").sestertii == player(before, "Ana").sestertii + 7


# --- Specialists ---------------------------------------------------------------


def test_a_specialist_produces_one_per_house_in_a_city_of_its_good():
    # The worked example: Ana's Mason and her house in Aquileia (brick).
    state = play.replay_document(EXAMPLE)
    assert player(state, "Ana").storehouse["brick"] == 3


@pytest.mark.parametrize("on_board", [2, 3, 4, 5, 6])
def test_colonist_cash_table(on_board):
    # §1: 5 + 1 per own colonist on the board, never 2 per colonist.
    display = ["I:Colonist", *[c for c in SENATOR_DISPLAY if c != "I:Colonist"]]
    events = (
        p("Ana", "Senator", buy=["I:Colonist"], pay={}, reveal=["I:Diplomat"]),
        cash("Bia"),
        adjust("Ana", colonists={"board": on_board, "storehouse": 6 - on_board}),
    )
    before = run(*events, display=display, players=2)
    assert play.colonist_cash(before) == 5 + on_board
    state = run(*events, p("Ana", "I:Colonist", cash=True), display=display, players=2)
    assert (
        player(state, "Ana").sestertii == player(before, "Ana").sestertii + 5 + on_board
    )
