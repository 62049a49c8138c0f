"""Salsa's forum in the game log (concordia-expansions.md §1b).

- "Shuffle the patricians and deal 2 to each player. Each player keeps 1 face up
  and returns the other. [...] Lay 4 cards from it onto the forum tableau" (H).
- "Patricians (blue) are permanent; citizens (green) are used once, then
  discarded" (H).
- Spurius: "Take 1 salt (without salt: any good)" (H); Laurentius: "Take 1 brick
  + 1 food" (M); Numerius: "+2 sestertii per province holding at least one own
  house" (M); Commodus: "1 tool per 3 provinces holding an own house (rounded
  down)" (M). Other cards are recorded; the table adjusts what they change.
"""

from __future__ import annotations

from typing import Any

import pytest

import play
from play.concordia.forum import FORUM_CARDS
from tests.play.builders import adjust, cash, log, p, player

FORUM = {
    "patricians": {
        "Ana": "Aulus Arcadius",
        "Bia": "Titus Valerius",
        "Caio": "Servius Marcellus",
    },
    "tableau": ["Spurius", "Laurentius", "Numerius", "Commodus"],
}


def forum_log(
    *events: dict[str, Any], expansions: tuple[str, ...] = ("salt", "forum"), **kw: Any
) -> dict[str, Any]:
    forum = kw.pop("forum", FORUM)
    document = log(*events, expansions=expansions, **kw)
    document["forum"] = forum
    return document


def run(*events: dict[str, Any], **kw: Any) -> play.State:
    return play.replay_document(forum_log(*events, **kw))


def refusal(document: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(document)
    return [(problem.path, problem.message) for problem in refused.value.problems]


def take(name: str, card: str, refill: str | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "forum", "player": name, "take": card}
    if refill:
        event["refill"] = refill
    return event


def use(name: str, card: str, **fields: Any) -> dict[str, Any]:
    return {"type": "citizen", "player": name, "card": card, **fields}


def test_the_data_has_13_patricians_and_14_citizens():
    patricians = [c for c in FORUM_CARDS.values() if c.patrician]
    assert (len(patricians), len(FORUM_CARDS) - len(patricians)) == (13, 14)


def test_each_player_keeps_a_patrician_and_four_cards_lie_on_the_tableau():
    state = run()
    assert play.state_document(state)["forum"] == {
        "tableau": ["Spurius", "Laurentius", "Numerius", "Commodus"],
        "players": {
            "Ana": ["Aulus Arcadius"],
            "Bia": ["Titus Valerius"],
            "Caio": ["Servius Marcellus"],
        },
        "used": [],
    }
    # The log writes its forum back as it was given.
    assert play.log_document(state.log)["forum"] == FORUM


def test_the_forum_setup_is_required_with_the_module_and_refused_without():
    document = log(expansions=("forum",))
    assert refusal(document) == [
        (
            "forum",
            "With the forum, say the patrician each player kept and the 4 cards of the tableau",
        )
    ]
    document = forum_log(expansions=("salt",))
    assert refusal(document) == [
        (
            "forum",
            "This game is played without the forum: add “forum” to its expansions",
        )
    ]


def test_a_citizen_kept_or_a_card_twice_is_refused_at_setup():
    forum = {
        "patricians": {
            "Ana": "Spurius",
            "Bia": "Titus Valerius",
            "Caio": "Titus Valerius",
        },
        "tableau": ["Julius", "Laurentius", "Pepper"],
    }
    assert refusal(forum_log(forum=forum)) == [
        ("forum.patricians.Ana", "Spurius is a citizen, not a patrician"),
        (
            "forum.patricians.Caio",
            "Each forum card exists once, and Titus Valerius is in the game already",
        ),
        ("forum.tableau[2]", 'There is no forum card "Pepper"'),
        ("forum.tableau", "The forum's tableau holds 4 cards; 2 given"),
    ]


def test_taking_a_card_refills_its_place_from_the_stack():
    state = run(take("Bia", "Numerius", refill="Julius"))
    forum = play.state_document(state)["forum"]
    assert forum["tableau"] == ["Spurius", "Laurentius", "Julius", "Commodus"]
    assert forum["players"]["Bia"] == ["Titus Valerius", "Numerius"]
    # No turn is used: Ana still plays.
    assert state.current_player == "Ana"


def test_a_card_not_on_the_tableau_or_a_refill_in_play_is_refused():
    with pytest.raises(play.LogInvalid) as refused:
        run(take("Ana", "Julius"))
    assert refused.value.problems[0].path == "events[0].take"
    with pytest.raises(play.LogInvalid) as refused:
        run(take("Ana", "Spurius", refill="Titus Valerius"))
    assert (refused.value.problems[0].path, refused.value.problems[0].message) == (
        "events[0].refill",
        "Each forum card exists once, and Titus Valerius is in the game already",
    )


def test_spurius_gives_one_salt_and_is_discarded():
    state = run(take("Ana", "Spurius"), use("Ana", "Spurius"))
    ana = player(state, "Ana")
    assert ana.storehouse["salt"] == 2
    forum = play.state_document(state)["forum"]
    assert forum["used"] == ["Spurius"]
    assert forum["players"]["Ana"] == ["Aulus Arcadius"]
    # Used once: a second use is refused.
    with pytest.raises(play.LogInvalid) as refused:
        run(take("Ana", "Spurius"), use("Ana", "Spurius"), use("Ana", "Spurius"))
    assert refused.value.problems[0].message == "Ana has no Spurius"


def test_spurius_without_salt_gives_the_good_named():
    state = run(
        take("Ana", "Spurius"),
        use("Ana", "Spurius", good="cloth"),
        expansions=("forum",),
    )
    assert player(state, "Ana").storehouse["cloth"] == 2
    with pytest.raises(play.LogInvalid) as refused:
        run(take("Ana", "Spurius"), use("Ana", "Spurius"), expansions=("forum",))
    assert refused.value.problems[0].message == (
        "Without salt, Spurius gives any good: say which"
    )


def test_laurentius_gives_a_brick_and_a_food():
    ana = player(run(take("Ana", "Laurentius"), use("Ana", "Laurentius")), "Ana")
    assert (ana.storehouse["brick"], ana.storehouse["food"]) == (2, 2)


def test_numerius_and_commodus_count_the_provinces_with_a_house():
    # Ana builds in Londinium (Britannia) and Valentia (Hispania): 2 provinces.
    events = (
        adjust("Ana", sestertii=20),
        p("Ana", "Architect", build=["Isca Dumnoniorum", "Valentia"]),
        cash("Bia"),
        cash("Caio"),
        take("Ana", "Numerius"),
        use("Ana", "Numerius"),
        take("Ana", "Commodus"),
        use("Ana", "Commodus"),
    )
    before = player(run(*events[:4]), "Ana")
    ana = player(run(*events), "Ana")
    assert ana.sestertii == before.sestertii + 2 * 2
    # 2 provinces: no tool (1 per 3, rounded down).
    assert ana.storehouse["tool"] == before.storehouse["tool"]


def test_a_patrician_is_kept_not_used():
    with pytest.raises(play.LogInvalid) as refused:
        run(use("Ana", "Aulus Arcadius"))
    assert refused.value.problems[0].message == (
        "Aulus Arcadius is a patrician: patricians are kept, not used up"
    )


def test_a_citizen_is_used_on_its_owners_turn():
    with pytest.raises(play.LogInvalid) as refused:
        run(take("Bia", "Spurius"), use("Bia", "Spurius"))
    assert refused.value.problems[0].path == "events[1].player"


def test_a_card_without_an_applied_effect_is_recorded_only():
    # Julius (an extra colonist move): nothing the log tracks changes.
    state = run(take("Ana", "Spurius", refill="Julius"), take("Ana", "Julius"))
    after = run(
        take("Ana", "Spurius", refill="Julius"),
        take("Ana", "Julius"),
        use("Ana", "Julius"),
    )
    assert player(after, "Ana").storehouse == player(state, "Ana").storehouse
    assert play.state_document(after)["forum"]["used"] == ["Julius"]


def test_undo_takes_a_forum_card_back():
    state = run(take("Ana", "Spurius"), {"type": "undo"})
    assert play.state_document(state)["forum"]["tableau"][0] == "Spurius"


# The effects applied with full tracking (concordia-expansions.md §1b, each M
# but Titus Valerius, Servius Marcellus and Marcus, H). Three players: Ana 5
# sestertii, Bia 6, Caio 7 (the Praefectus Magnus); with salt each starts with
# 1 brick, 1 food, 1 tool, 1 wine, 1 cloth and 1 salt, and 4 colonists stored.


def kept(
    ana: str,
    bia: str = "Titus Valerius",
    caio: str = "Servius Marcellus",
    tableau: tuple[str, ...] = ("Mamilius", "Augustus", "Marcus", "Donatus Pompeius"),
) -> dict[str, Any]:
    """The forum of a test: the patricians kept, and the tableau."""
    return {
        "patricians": {"Ana": ana, "Bia": bia, "Caio": caio},
        "tableau": list(tableau),
    }


def salsa(*events: dict[str, Any], **kw: Any) -> play.State:
    """A game of ``kept("Aulus Arcadius")``'s forum unless another is given."""
    return run(*events, forum=kw.pop("forum", kept("Aulus Arcadius")), **kw)


def problem(*events: dict[str, Any], **kw: Any) -> tuple[str, str]:
    forum = kw.pop("forum", kept("Aulus Arcadius"))
    problems = refusal(forum_log(*events, forum=forum, **kw))
    assert len(problems) == 1, problems
    return problems[0]


def test_aulus_arcadius_takes_a_sestertius_off_each_house():
    # "Each house built costs 1 sestertius less": Isca Dumnoniorum (brick,
    # 1 coin) for 0, Valentia (food, 2 coins) for 1; 5 - 1 = 4 left.
    build = p("Ana", "Architect", build=["Isca Dumnoniorum", "Valentia"])
    assert player(salsa(build), "Ana").sestertii == 4
    assert play.house_cost(salsa(), "Valentia").coins == 1
    # Without him (Gaius Marcellus kept instead) both cost in full: 5 - 3 = 2.
    other = kept("Gaius Marcellus", bia="Aulus Arcadius")
    assert player(salsa(build, forum=other), "Ana").sestertii == 2
    assert play.house_cost(salsa(forum=other), "Valentia").coins == 2


def test_gaius_marcellus_sells_each_good_for_1_more():
    # Starting Mercator 3, 1 cloth sold for 7 + 1: 5 + 3 + 8 = 16.
    state = salsa(
        p("Ana", "Mercator", trade={"cloth": -1}), forum=kept("Gaius Marcellus")
    )
    assert player(state, "Ana").sestertii == 16
    # Caio (Servius Marcellus) sells at the printed price: 7 + 3 + 7 = 17.
    state = salsa(cash("Ana"), cash("Bia"), p("Caio", "Mercator", trade={"cloth": -1}))
    assert player(state, "Caio").sestertii == 17


def test_servius_marcellus_trades_three_kinds_of_goods():
    # Caio sells brick 3, food 4 and tool 5: 7 + 3 + 12 = 22.
    trade = {"brick": -1, "food": -1, "tool": -1}
    state = salsa(cash("Ana"), cash("Bia"), p("Caio", "Mercator", trade=trade))
    assert player(state, "Caio").sestertii == 22
    # Bia holds Titus Valerius: two kinds at most.
    assert problem(cash("Ana"), p("Bia", "Mercator", trade=trade)) == (
        "events[1].trade",
        "The Mercator trades at most 2 kinds of goods; 3 given",
    )


def test_faustus_marcellus_brings_a_brick_with_each_mercator_when_it_fits():
    state = salsa(p("Ana", "Mercator", trade={}), forum=kept("Faustus Marcellus"))
    ana = player(state, "Ana")
    assert (ana.storehouse["brick"], ana.sestertii) == (2, 8)
    # A full storehouse (8 goods and 4 colonists in 12 spaces): no brick.
    full = adjust("Ana", storehouse={"brick": 3})
    state = salsa(full, p("Ana", "Mercator", trade={}), forum=kept("Faustus Marcellus"))
    assert player(state, "Ana").storehouse["brick"] == 3


def test_donatus_pompeius_takes_the_markers_coins_with_the_bonus_good():
    # Dacia's bonus marker is tool (2 sestertii on its back): 1 tool and 5 + 2.
    forum = kept(
        "Donatus Pompeius", tableau=("Mamilius", "Augustus", "Marcus", "Julius")
    )
    state = salsa(p("Ana", "Prefect", province="Dacia"), forum=forum)
    ana = player(state, "Ana")
    assert (ana.storehouse["tool"], ana.sestertii) == (2, 7)


def test_claudius_pompeius_sells_the_bonus_good_at_once():
    # Dacia's tool sold for 5: Ana 5 + 5 = 10, no tool more.
    prefect = p("Ana", "Prefect", province="Dacia", sell_bonus=True)
    ana = player(salsa(prefect, forum=kept("Claudius Pompeius")), "Ana")
    assert (ana.storehouse["tool"], ana.sestertii) == (1, 10)
    # With Donatus Pompeius taken too: the marker's 2 coins as well, 12.
    state = salsa(
        take("Ana", "Donatus Pompeius"), prefect, forum=kept("Claudius Pompeius")
    )
    assert player(state, "Ana").sestertii == 12
    # The Praefectus Magnus' two bonus goods are both sold: Caio 7 + 2 x 5 = 17.
    state = salsa(
        cash("Ana"),
        cash("Bia"),
        p("Caio", "Prefect", province="Dacia", sell_bonus=True),
        forum=kept("Aulus Arcadius", caio="Claudius Pompeius"),
    )
    caio = player(state, "Caio")
    assert (caio.storehouse["tool"], caio.sestertii) == (1, 17)
    # Without him, or with the cash, it is refused.
    assert problem(prefect) == (
        "events[0].sell_bonus",
        "Ana has no Claudius Pompeius",
    )
    assert problem(p("Ana", "Prefect", cash=True, sell_bonus=True)) == (
        "events[0].sell_bonus",
        "“sell_bonus” goes only with “province”",
    )


def test_cornelius_scipio_pays_the_surcharge_with_any_good():
    # I:Prefect at position 4: its wine and the cloth surcharge; Cornelius'
    # holder pays the cloth with a food instead.
    buy = p("Ana", "Senator", buy=["I:Prefect"], pay={"food": 1})
    ana = player(salsa(buy, forum=kept("Cornelius Scipio")), "Ana")
    assert (
        ana.storehouse["wine"],
        ana.storehouse["food"],
        ana.storehouse["cloth"],
    ) == (
        0,
        0,
        1,
    )
    # Paying the cloth as printed stays right.
    plain = p("Ana", "Senator", buy=["I:Prefect"], pay={})
    ana = player(salsa(plain, forum=kept("Cornelius Scipio")), "Ana")
    assert (ana.storehouse["wine"], ana.storehouse["cloth"]) == (0, 0)
    # Without him the food is one good too many.
    path, _message = problem(buy)
    assert path == "events[0].pay"
    # The display's prices say so: position 4, its wine and 1 good of choice.
    price = play.display_prices(salsa(forum=kept("Cornelius Scipio")))[3]
    assert (price.card, price.goods.total, price.goods["wine"], price.any_goods) == (
        "I:Prefect",
        1,
        1,
        1,
    )
    price = play.display_prices(salsa())[3]
    assert (price.goods["wine"], price.goods["cloth"], price.any_goods) == (1, 1, 0)


def test_titus_valerius_exchanges_one_good_on_a_tribune():
    tribune = p("Bia", "Tribune", exchange={"wine": -1, "salt": 1})
    bia = player(salsa(cash("Ana"), tribune), "Bia")
    assert (bia.storehouse["wine"], bia.storehouse["salt"]) == (0, 2)
    # Without salt, for any other good.
    tribune = p("Bia", "Tribune", exchange={"wine": -1, "cloth": 1})
    bia = player(salsa(cash("Ana"), tribune, expansions=("forum",)), "Bia")
    assert (bia.storehouse["wine"], bia.storehouse["cloth"]) == (0, 2)
    # With salt only salt is taken; one good only; only Titus' holder.
    assert problem(cash("Ana"), tribune) == (
        "events[1].exchange.cloth",
        "cloth cannot be taken in this exchange: salt, or without salt another good",
    )
    two = p("Bia", "Tribune", exchange={"wine": -2, "salt": 2})
    assert problem(cash("Ana"), two) == (
        "events[1].exchange",
        "Exchange 1 good for 1 other (the good given negative, the one taken positive)",
    )
    assert problem(p("Ana", "Tribune", exchange={"wine": -1, "salt": 1})) == (
        "events[0].exchange",
        "Ana has no Titus Valerius",
    )


def test_mamilius_spares_the_brick_of_this_turns_houses_only():
    # Valentia (food): brick + food + 2 (1 with Ana's Aulus Arcadius); with
    # Mamilius no brick.
    events = [take("Ana", "Mamilius"), use("Ana", "Mamilius")]
    build = p("Ana", "Architect", build=["Valentia"])
    ana = player(salsa(*events, build), "Ana")
    assert (ana.storehouse["brick"], ana.storehouse["food"], ana.sestertii) == (
        1,
        0,
        4,
    )
    # Used on an earlier turn, it is spent: the brick is paid.
    later = salsa(*events, cash("Ana"), cash("Bia"), cash("Caio"), build)
    assert player(later, "Ana").storehouse["brick"] == 0


def test_augustus_exchanges_up_to_two_goods_for_salt():
    exchange = {"wine": -1, "cloth": -1, "salt": 2}
    events = [take("Ana", "Augustus"), use("Ana", "Augustus", exchange=exchange)]
    ana = player(salsa(*events), "Ana")
    assert (ana.storehouse["wine"], ana.storehouse["cloth"]) == (0, 0)
    assert ana.storehouse["salt"] == 3
    three = {"wine": -1, "cloth": -1, "tool": -1, "salt": 3}
    assert problem(take("Ana", "Augustus"), use("Ana", "Augustus", exchange=three)) == (
        "events[1].exchange",
        "Exchange 1 to 2 goods, each for 1 other (the goods given negative, those taken positive)",
    )


def test_marcus_builds_in_a_salt_city_for_one_tool():
    # Londinium shows salt: its house costs 1 tool only (not tool + wine + 5).
    events = [take("Ana", "Marcus"), use("Ana", "Marcus", city="Londinium")]
    ana = player(salsa(*events), "Ana")
    assert ana.houses == ("Londinium",)
    assert (ana.storehouse["tool"], ana.storehouse["wine"], ana.sestertii) == (
        0,
        1,
        5,
    )
    assert problem(take("Ana", "Marcus"), use("Ana", "Marcus", city="Valentia")) == (
        "events[1].city",
        "Marcus builds in a salt city, and Valentia is not one",
    )
    # Without salt, any city.
    state = salsa(
        *events[:1], use("Ana", "Marcus", city="Valentia"), expansions=("forum",)
    )
    assert player(state, "Ana").houses == ("Valentia",)


def test_mamercus_builds_a_house_without_its_sestertii():
    # Vindobona (cloth): brick + cloth, and no 5 sestertii.
    events = [
        take("Ana", "Donatus Pompeius", refill="Mamercus"),
        take("Ana", "Mamercus"),
        use("Ana", "Mamercus", city="Vindobona"),
    ]
    ana = player(salsa(*events), "Ana")
    assert ana.houses == ("Vindobona",)
    assert (ana.storehouse["brick"], ana.storehouse["cloth"], ana.sestertii) == (
        0,
        0,
        5,
    )


def test_tiberius_takes_a_bonus_good_and_leaves_the_marker():
    tiberius = kept("Aulus Arcadius") | {
        "tableau": ["Tiberius", "Julius", "Marcus", "Augustus"]
    }
    events = [take("Ana", "Tiberius"), use("Ana", "Tiberius", province="Dacia")]
    state = salsa(*events, forum=tiberius)
    assert player(state, "Ana").storehouse["tool"] == 2
    assert state.coin_side == frozenset()
    # A marker turned to its coins gives nothing (the Tribunes leave it so).
    assert problem(
        p("Ana", "Prefect", province="Dacia"),
        p("Bia", "Tribune"),
        p("Caio", "Tribune"),
        *events,
        forum=tiberius,
    ) == (
        "events[4].province",
        "The bonus marker of Dacia shows its coins: Tiberius takes a good only",
    )


def test_publius_places_a_colonist_for_five_sestertii():
    publius = kept("Aulus Arcadius") | {
        "tableau": ["Publius", "Julius", "Marcus", "Augustus"]
    }
    events = [take("Ana", "Publius"), use("Ana", "Publius", colonist="sea")]
    ana = player(salsa(*events, forum=publius), "Ana")
    assert (ana.sestertii, ana.colonists_board, ana.colonists_storehouse) == (0, 3, 3)
    assert (ana.storehouse["food"], ana.storehouse["tool"]) == (1, 1)


def test_a_citizens_field_goes_with_its_card_only():
    assert problem(take("Ana", "Augustus"), use("Ana", "Augustus", city="Roma")) == (
        "events[1].city",
        "“city” does not go with Augustus",
    )


def test_a_citizen_used_without_its_field_is_recorded_only():
    # The logs written before these effects: Marcus used, nothing built.
    state = salsa(take("Ana", "Marcus"), use("Ana", "Marcus"))
    ana = player(state, "Ana")
    assert (ana.houses, ana.storehouse["tool"]) == ((), 1)
    assert play.state_document(state)["forum"]["used"] == ["Marcus"]


def test_claudia_agrippina_grows_the_storehouse_to_16_and_brings_a_brick():
    # Kept at setup: 2 bricks, and 16 - 7 goods - 4 colonists = 5 free spaces.
    ana = player(salsa(forum=kept("Claudia Agrippina")), "Ana")
    assert (ana.storehouse["brick"], ana.spaces, ana.free_spaces) == (2, 16, 5)
    # Taken from the tableau: the same, when gained.
    tableau = ("Claudia Agrippina", "Augustus", "Marcus", "Julius")
    state = salsa(
        take("Bia", "Claudia Agrippina"), forum=kept("Aulus Arcadius", tableau=tableau)
    )
    bia = player(state, "Bia")
    assert (bia.storehouse["brick"], bia.spaces, bia.free_spaces) == (2, 16, 5)
    assert player(state, "Ana").spaces == 12
    # 12 goods and 4 colonists fit her holder's storehouse; 13 do not.
    full = adjust("Ana", storehouse={"brick": 7})
    assert player(salsa(full, forum=kept("Claudia Agrippina")), "Ana").free_spaces == 0
    assert problem(
        adjust("Ana", storehouse={"brick": 8}), forum=kept("Claudia Agrippina")
    ) == (
        "events[0]",
        "The storehouse has 16 spaces: 13 goods and 4 colonists do not fit",
    )
    # Anyone else's storehouse keeps its 12 spaces.
    assert problem(adjust("Bia", storehouse={"brick": 4})) == (
        "events[0]",
        "The storehouse has 12 spaces: 9 goods and 4 colonists do not fit",
    )


def test_lucius_flavius_copies_a_display_card_with_the_diplomat():
    # I:Mercator on the display: a bought Mercator's 5, and 1 cloth sold for 7:
    # Ana 5 + 5 + 7 = 17.
    diplomat = p("Ana", "Diplomat", copy_card="I:Mercator", trade={"cloth": -1})
    ana = player(salsa(diplomat, forum=kept("Lucius Flavius")), "Ana")
    assert (ana.sestertii, ana.storehouse["cloth"]) == (17, 0)
    # The card stays on the display.
    assert "I:Mercator" in salsa(diplomat, forum=kept("Lucius Flavius")).display
    # Only his holder; a card of the display; one card copied.
    assert problem(diplomat) == ("events[0].copy_card", "Ana has no Lucius Flavius")
    elsewhere = p("Ana", "Diplomat", copy_card="II:Consul", buy=[])
    assert problem(elsewhere, forum=kept("Lucius Flavius")) == (
        "events[0].copy_card",
        "“II:Consul” is not on the display",
    )
    both = p("Ana", "Diplomat", copy="Bia", copy_card="I:Mercator", trade={})
    assert problem(both, forum=kept("Lucius Flavius")) == (
        "events[0].copy_card",
        "A Diplomat copies one card: another player's top discard (“copy”) or a display card (“copy_card”)",
    )


def test_sextus_pompeius_plays_a_prefect_as_a_diplomat():
    # Bia's top discard is her Mercator: Caio's Prefect, played as a Diplomat,
    # copies it (a starting Mercator's 3, 1 cloth sold for 7): 7 + 3 + 7 = 17.
    forum = kept("Aulus Arcadius", caio="Sextus Pompeius")
    events = [
        cash("Ana"),
        p("Bia", "Mercator", trade={}),
        p("Caio", "Prefect", role="Diplomat", copy="Bia", trade={"cloth": -1}),
    ]
    state = salsa(*events, forum=forum)
    caio = player(state, "Caio")
    assert (caio.sestertii, caio.storehouse["cloth"]) == (17, 0)
    assert caio.discard == ("Prefect",)
    # Without him the Prefect is a Prefect.
    assert problem(*events) == ("events[2].role", "Caio has no Sextus Pompeius")
    # Without the forum, a Prefect has no other role.
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(log(*events, expansions=("salt",)))
    assert refused.value.problems[0].path == "events[2].role"
    # A Prefect played as itself needs no role, as ever.
    assert salsa(p("Ana", "Prefect", province="Dacia"), forum=forum).turn_number == 2
