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
