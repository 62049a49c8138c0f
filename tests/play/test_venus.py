"""Venus in the rules of play (expansions §2b, §2d): table tests quoting the rules.

- "Starting hand: 8 cards = the 7 base cards + Magister."
- "Magister: repeat the action of the card now on top of your discard pile,
  that is, the card played before the Magister. It cannot repeat a Senator
  (YAV also excludes Magister)."
- "Double-role cards (the player picks one of the two actions)": Prefect/Architect
  (deck I, wine), Architect/Mercator (II and IV, tool), Prefect/Mercator (III,
  wine); "the Mason moves to deck II"; "Deck sizes become I 7, II 8, III 6, IV 5,
  V 4. All 7 deck-I cards form the opening display".
- The display's cloth + wine side: positions 4 wine, 6 any + wine, 7 wine + cloth.
"""

from __future__ import annotations

from typing import Any

import pytest

import play
from play.concordia.sheet import provinces_with_two
from scoring.ruleset import ruleset
from tests.play.builders import CITIES, NAMES, cash, p, player

VENUS = ruleset("imperium", ["venus"])
DECK_ONE = [c.id for c in play.game_cards(VENUS).values() if c.deck == 1]


def venus_log(
    *events: dict[str, Any], players: int = 2, side: str = "cloth", **top: Any
) -> dict[str, Any]:
    return {
        "format": "game-log/1",
        "game": "concordia",
        "map": "imperium",
        "expansions": ["venus"],
        "tracking": "full",
        "intermediate_scoring": False,
        "players": [
            {"name": NAMES[i], "colour": ("red", "green", "blue")[i]}
            for i in range(players)
        ],
        "cities": CITIES,
        "display": DECK_ONE,
        **({"display_side": side} if side != "cloth" else {}),
        "events": list(events),
        **top,
    }


def run(*events: dict[str, Any], **options: Any) -> play.State:
    return play.replay_document(venus_log(*events, **options))


def refusal(*events: dict[str, Any], **options: Any) -> tuple[str, str]:
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(venus_log(*events, **options))
    (problem,) = refused.value.problems
    return problem.path, problem.message


def test_the_starting_hand_holds_the_magister():
    state = run()
    assert sorted(state.players[0].hand) == sorted(
        [
            "Architect", "Diplomat", "Magister", "Mercator", "Prefect", "Prefect",
            "Senator", "Tribune",
        ]
    )  # fmt: skip


def test_all_seven_deck_one_cards_are_the_display_and_the_mason_is_in_deck_two():
    assert sorted(DECK_ONE) == sorted(
        [
            "I:Architect", "I:Colonist", "I:Diplomat", "I:Farmer", "I:Mercator",
            "I:Prefect/Architect", "I:Smith",
        ]
    )  # fmt: skip
    state = run()
    # Two players: the pile is deck II, the Mason and the Architect/Mercator in it.
    assert len(state.pile) == 8
    assert {"II:Mason", "II:Architect/Mercator"} <= set(state.pile)
    assert "II:Architect" not in state.pile


def test_a_card_venus_replaces_is_not_in_the_display():
    display = [*DECK_ONE[:6], "I:Prefect"]
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(venus_log(display=display))
    assert [(p.path, p.message) for p in refused.value.problems] == [
        (
            "display[6]",
            "“I:Prefect” is not in this game: it belongs to a module not played,"
            " or one played replaces it",
        )
    ]


def test_a_venus_card_is_not_in_a_base_game():
    document = venus_log()
    del document["expansions"]
    with pytest.raises(play.LogInvalid) as refused:
        play.replay_document(document)
    paths = [p.path for p in refused.value.problems]
    assert f"display[{DECK_ONE.index('I:Prefect/Architect')}]" in paths
    assert "players[0].team" not in paths


def test_the_magister_repeats_the_card_before_it():
    # Ana's starting Mercator gives 3, and the Magister repeats it: 3 again.
    state = run(
        p("Ana", "Mercator", trade={}),
        cash("Bia"),
        p("Ana", "Magister", trade={}),
    )
    ana = player(state, "Ana")
    assert ana.sestertii == 5 + 3 + 3
    assert ana.discard == ("Mercator", "Magister")


def test_the_magister_never_repeats_a_senator():
    assert refusal(
        p("Ana", "Senator", buy=["I:Architect"], pay={}),
        cash("Bia"),
        p("Ana", "Magister"),
    ) == ("events[2]", "The Magister never repeats a Senator")


def test_the_magister_has_nothing_to_repeat_on_an_empty_discard_pile():
    assert refusal(p("Ana", "Magister")) == (
        "events[0]",
        "The Magister repeats the card Ana played before it, and there is none on"
        " the discard pile",
    )


def test_legal_cards_say_why_the_magister_cannot_be_played():
    state = run()
    options = {o.card: o for o in play.legal_cards(state)}
    assert not options["Magister"].playable
    assert options["Magister"].reason is not None
    assert (
        options["Magister"].reason.message
        == "The discard pile is empty: the Magister has no card to repeat"
    )


def test_the_double_role_cards_offer_two_roles_and_count_for_venus():
    assert play.CARDS["I:Prefect/Architect"].playable_roles == (
        play.CardKind.PREFECT,
        play.CardKind.ARCHITECT,
    )
    for card in ("II:Architect/Mercator", "III:Prefect/Mercator"):
        god = play.CARDS[card].god
        assert god is not None
        assert god.value == "venus"


def _display_at_1(card: str) -> list[str]:
    return [card, *(c for c in DECK_ONE if c != card)]


def test_a_bought_double_role_card_names_its_role_when_played():
    display = _display_at_1("I:Prefect/Architect")
    # Position 1 costs only the card's wine; Ana starts with 1 wine.
    events = [
        p("Ana", "Senator", buy=["I:Prefect/Architect"], pay={}),
        cash("Bia"),
    ]
    missing = refusal(
        *events, p("Ana", "I:Prefect/Architect", cash=True), display=display
    )
    assert missing == (
        "events[2].role",
        "“I:Prefect/Architect” has two roles: say which one is played (“role”:"
        " Prefect, Architect)",
    )
    with pytest.raises(play.LogInvalid) as wrong:
        run(
            *events,
            p("Ana", "I:Prefect/Architect", role="Mercator", trade={}),
            display=display,
        )
    assert wrong.value.problems[0].path == "events[2].role"
    assert (
        wrong.value.problems[0].message
        == "“I:Prefect/Architect” has no role “Mercator”"
    )
    state = run(
        *events,
        p("Ana", "I:Prefect/Architect", role="Prefect", cash=True),
        display=display,
    )
    assert player(state, "Ana").discard[-1] == "I:Prefect/Architect"


def test_the_magister_repeating_a_double_role_card_names_the_role():
    display = _display_at_1("I:Prefect/Architect")
    events = [
        p("Ana", "Senator", buy=["I:Prefect/Architect"], pay={}),
        cash("Bia"),
        p("Ana", "I:Prefect/Architect", role="Prefect", cash=True),
        cash("Bia"),
    ]
    assert refusal(*events, p("Ana", "Magister", cash=True), display=display) == (
        "events[4].role",
        "“I:Prefect/Architect” has two roles: say which one is played (“role”:"
        " Prefect, Architect)",
    )
    state = run(
        *events, p("Ana", "Magister", role="Architect", build=[]), display=display
    )
    assert player(state, "Ana").discard[-2:] == ("I:Prefect/Architect", "Magister")


@pytest.mark.parametrize(
    ("side", "surcharges"),
    [
        (
            "cloth",
            [
                (),
                ("?",),
                ("?",),
                ("cloth",),
                ("cloth",),
                ("?", "cloth"),
                ("cloth", "cloth"),
            ],
        ),
        (
            "wine",
            [
                (),
                ("?",),
                ("?",),
                ("wine",),
                ("cloth",),
                ("?", "wine"),
                ("wine", "cloth"),
            ],
        ),
    ],
)
def test_the_display_side_sets_the_senators_surcharges(side, surcharges):
    state = run(side=side)
    assert [price.surcharge for price in play.display_prices(state)] == surcharges
    assert play.log_document(state.log).get("display_side") == (
        None if side == "cloth" else "wine"
    )


def test_an_unknown_display_side_is_refused():
    assert refusal(side="gold") == (
        "display_side",
        "The display has no side “gold” in this game: cloth, wine",
    )


def test_provinces_with_two_houses_count_once_each():
    spec = VENUS.map
    first, second = spec.provinces[0], spec.provinces[1]
    houses = [
        first.cities[0].name,
        first.cities[1].name,
        second.cities[0].name,
    ]
    assert provinces_with_two(houses, spec.name) == 1
    houses.append(second.cities[1].name)
    assert provinces_with_two(houses, spec.name) == 2


def test_the_final_sheet_carries_venus():
    state = run()
    sheet = play.final_sheet(state)
    ana = sheet.document["players"][0]
    assert ana["cards"]["venus"] == 1
    assert ana["venus_provinces"] == 0
    assert sheet.document["expansions"] == ["venus"]
