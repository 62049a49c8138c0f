"""Salsa's salt in the rules of play (concordia-expansions.md §1a; data: goods.module,
goods.wildcard, ruleset.modules.salt).

- "Each player starts with 1 salt instead of the second food" (H).
- "House in a salt city: 1 tool + 1 wine + 5 sestertii × (houses in that city once
  this one is built)" (H).
- "Salt can stand in for any required good: house goods, colonist goods, red-field
  card costs, display surcharges. The rulebook example: a Tribune player with food +
  salt, swapping the salt for a tool to buy a colonist" (H).
- "Salt itself can never be bought or sold for sestertii" (H); swapping it for a
  good and selling that good is allowed (M: YAV).
- Salt comes from a house in a salt city when its province produces (H); "a
  province's bonus marker is its most valuable non-salt good" (H).
"""

from __future__ import annotations

from typing import Any

import play
from scoring.types import Good
from tests.play.builders import SALT_CITIES, adjust, cash, p, player, refusal, run

SALT = ("salt",)
salt = Good("salt")


def only(
    goods: tuple[str, ...] = ("brick", "food", "tool", "wine", "cloth", "salt"),
    **held: int,
) -> dict[str, int]:
    """A whole storehouse for ``adjust``: ``held``, every other good 0."""
    return {good: held.get(good, 0) for good in goods}


def salted(*events: dict[str, Any], **options: Any) -> play.State:
    return run(*events, expansions=SALT, **options)


def salted_refusal(*events: dict[str, Any], **options: Any) -> tuple[str, str]:
    return refusal(*events, expansions=SALT, **options)


def test_each_player_starts_with_one_salt_instead_of_the_second_food():
    state = salted()
    for seat in state.players:
        assert seat.storehouse.nonzero() == {
            "brick": 1,
            "food": 1,
            "tool": 1,
            "wine": 1,
            "cloth": 1,
            "salt": 1,
        }
    # Without the module: 2 food, no salt.
    assert run().players[0].storehouse.nonzero()["food"] == 2


def test_a_house_in_a_salt_city_costs_tool_wine_and_five_per_house():
    state = salted()
    cost = play.house_cost(state, "Aquileia")
    assert cost.good is salt
    assert cost.goods.nonzero() == {"tool": 1, "wine": 1}
    assert cost.coins == 5
    # Ana builds first: 1 tool, 1 wine and 5 sestertii (she had 5).
    state = salted(p("Ana", "Architect", build=["Aquileia"]))
    ana = player(state, "Ana")
    assert ana.sestertii == 0
    assert (ana.storehouse["tool"], ana.storehouse["wine"]) == (0, 0)
    # The second house there costs 5 × 2 = 10.
    assert play.house_cost(state, "Aquileia").coins == 10


def test_salt_pays_for_the_tool_of_a_tribune_colonist():
    # The rulebook's example: food + salt, the salt swapped for a tool.
    events = (
        adjust("Ana", storehouse=only(food=1, salt=1)),
        p("Ana", "Tribune", colonist="land"),
    )
    ana = player(salted(*events), "Ana")
    assert ana.storehouse.nonzero() == {}
    assert ana.colonists_board == 3


def test_salt_pays_for_a_house_good_the_player_lacks():
    # No brick: the salt pays for it (a food city costs brick + food + 2).
    state = salted(
        adjust("Ana", storehouse=only(food=1, salt=1)),
        p("Ana", "Architect", build=["Valentia"]),
    )
    assert player(state, "Ana").storehouse.nonzero() == {}
    assert player(state, "Ana").houses == ("Valentia",)


def test_without_salt_the_missing_good_is_refused():
    assert refusal(
        adjust(
            "Ana",
            storehouse=only(
                ("brick", "food", "tool", "wine", "cloth"), food=1, cloth=1
            ),
        ),
        p("Ana", "Architect", build=["Valentia"]),
    ) == ("events[1].build[0]", "Ana needs 1 brick and has 0")


def test_salt_is_never_bought_or_sold():
    message = "Salt is never bought or sold for sestertii: swap it for another good to sell that one"
    assert salted_refusal(p("Ana", "Mercator", trade={"salt": -1})) == (
        "events[0].trade.salt",
        message,
    )
    assert salted_refusal(p("Ana", "Mercator", trade={"salt": 1})) == (
        "events[0].trade.salt",
        message,
    )


def test_salt_swapped_for_a_good_may_sell_that_good():
    # Ana holds 1 cloth and 1 salt: selling 2 cloth swaps the salt (M: YAV).
    state = salted(p("Ana", "Mercator", trade={"cloth": -2}))
    ana = player(state, "Ana")
    assert ana.storehouse["salt"] == 0
    assert ana.storehouse["cloth"] == 0
    # 5 + 3 (starting Mercator) + 2 × 7.
    assert ana.sestertii == 5 + 3 + 14


def test_a_salt_city_produces_salt_and_the_marker_shows_the_best_other_good():
    # Italia (D): Aquileia salt, Novaria tool, Syracusae cloth; Ana builds in
    # Aquileia, then produces there: 1 salt from her house, and the bonus
    # marker's good is cloth (salt is never on a marker).
    events = (
        p("Ana", "Architect", build=["Aquileia"]),
        cash("Bia"),
        cash("Caio"),
        p("Ana", "Prefect", province="Italia"),
    )
    options = play.prefect_options(salted(*events[:3]))
    italia = next(o for o in options.provinces if o.province == "Italia")
    assert italia.good is Good("cloth")
    ana = player(salted(*events), "Ana")
    # Her starting salt was not spent (she had tool and wine): 1 + 1 produced.
    assert ana.storehouse[salt] == 2
    assert ana.storehouse["cloth"] == 2


def test_salt_cities_must_match_the_salt_tokens():
    # Without salt's tokens dealt, a salt game's cities are refused (§8).
    path, message = salted_refusal(cities=dict(SALT_CITIES, Aquileia="brick"))
    assert path == "cities"
    assert "brick" in message
