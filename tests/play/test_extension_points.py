"""The extension points `play.concordia` keeps for the expansions (issue #22, item 6).

None of the expansions is in the data yet, so each point is exercised with a
stand-in: a double-role card made from two base roles, a wildcard among the
base goods, a new event type, a ruleset with team seats. The base game's
behaviour at each point is checked too: it must not have changed.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import play
from play.concordia import log as log_module
from play.concordia import replay as replay_module
from play.concordia.board import Purse
from play.concordia.data import CARDS, Card, CardKind
from play.concordia.types import PlayerState, State
from scoring.ruleset import base
from scoring.shape import ShapeReader
from scoring.types import Good, GoodCounts
from tests.play.builders import cash, log, p, refusal, run

# --- a card with two roles -----------------------------------------------------

ARCHITECT = CARDS["Architect"]
DOUBLE = dataclasses.replace(
    ARCHITECT,
    id="Prefect/Architect",
    kind=CardKind("Prefect"),
    roles=(CardKind("Prefect"), CardKind("Architect")),
)


@pytest.fixture
def double_role_card(monkeypatch: pytest.MonkeyPatch) -> Card:
    """Ana holds a Prefect/Architect in place of her Architect (a starting card)."""
    cards = {**CARDS, DOUBLE.id: DOUBLE}
    monkeypatch.setattr(log_module, "CARDS", cards)
    return DOUBLE


def test_a_double_role_card_offers_both_roles(double_role_card: Card) -> None:
    assert double_role_card.playable_roles == (
        CardKind("Prefect"),
        CardKind("Architect"),
    )
    assert ARCHITECT.playable_roles == (CardKind("Architect"),)


def test_a_double_role_play_names_its_role(double_role_card: Card) -> None:
    reader = ShapeReader()
    context = log_module._Context(
        spec=base("imperium").map,
        tracking=play.Tracking.FULL,
        seats={"Ana": 0},
    )
    event = log_module._play(
        reader,
        {"type": "play", "player": "Ana", "card": DOUBLE.id, "role": "Architect",
         "build": []},
        "events[0]",
        0,
        context,
    )  # fmt: skip
    assert reader.problems == []
    assert (event.card, event.played_role) == (DOUBLE, CardKind("Architect"))


def test_a_double_role_play_without_its_role_is_refused(double_role_card: Card) -> None:
    reader = ShapeReader()
    context = log_module._Context(
        spec=base("imperium").map, tracking=play.Tracking.FULL, seats={"Ana": 0}
    )
    log_module._play(
        reader,
        {"type": "play", "player": "Ana", "card": DOUBLE.id, "build": []},
        "events[3]",
        3,
        context,
    )
    assert [(problem.path, problem.message) for problem in reader.problems] == [
        (
            "events[3].role",
            "“Prefect/Architect” has two roles: say which one is played "
            "(“role”: Prefect, Architect)",
        )
    ]


def test_a_role_the_card_does_not_have_is_refused(double_role_card: Card) -> None:
    reader = ShapeReader()
    context = log_module._Context(
        spec=base("imperium").map, tracking=play.Tracking.FULL, seats={"Ana": 0}
    )
    log_module._play(
        reader,
        {"type": "play", "player": "Ana", "card": DOUBLE.id, "role": "Mercator"},
        "events[0]",
        0,
        context,
    )
    assert ("events[0].role", "“Prefect/Architect” has no role “Mercator”") in [
        (problem.path, problem.message) for problem in reader.problems
    ]


def test_a_base_card_played_as_itself_replays_as_before() -> None:
    state = run(p("Ana", "Architect", build=[], role="Architect"))
    assert state.players[0].discard == ("Architect",)
    assert refusal(p("Ana", "Architect", build=[], role="Mercator")) == (
        "events[0].role",
        "“Architect” has no role “Mercator”",
    )


# --- a wildcard good when paying ------------------------------------------------


def _purse(wildcards: tuple[Good, ...], **goods: int) -> Purse:
    player = PlayerState(
        name="Ana",
        colour="red",
        hand=(),
        discard=(),
        sestertii=10,
        storehouse=GoodCounts(goods),
        colonists_board=2,
        colonists_storehouse=4,
        houses=(),
    )
    return Purse(player, wildcards=wildcards)


def test_a_wildcard_pays_for_a_good_the_player_lacks() -> None:
    # Cloth stands in for the wildcard (salt, once its module is in the data).
    purse = _purse((Good("cloth"),), food=1, cloth=2)
    purse.spend({Good("brick"): 1, Good("food"): 1}, "events[0]")
    assert (purse.goods[Good("brick")], purse.goods[Good("food")]) == (0, 0)
    assert purse.goods[Good("cloth")] == 1


def test_without_enough_wildcards_nothing_is_paid() -> None:
    purse = _purse((Good("cloth"),), cloth=1)
    with pytest.raises(play.LogInvalid) as refused:
        purse.spend({Good("brick"): 1, Good("tool"): 1}, "events[0]")
    assert refused.value.problems[0].message == "Ana needs 1 brick and has 0"
    assert purse.goods[Good("cloth")] == 1


def test_the_base_game_has_no_wildcard() -> None:
    assert base("imperium").wildcards == ()
    purse = _purse((), cloth=2)
    with pytest.raises(play.LogInvalid) as refused:
        purse.spend({Good("brick"): 1}, "events[0]")
    assert refused.value.problems[0].message == "Ana needs 1 brick and has 0"


# --- a new kind of event ---------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Tally:
    """A stand-in for an expansion's event: a player earns sestertii."""

    index: int
    seat: int
    amount: int


def _read_tally(reader: Any, raw: Any, path: str, index: int, context: Any) -> Tally:
    fields = reader.fields(raw, path, required=("type", "player", "amount"))
    return Tally(
        index=index,
        seat=context.seats[fields["player"]],
        amount=reader.integer(fields, "amount", path),
    )


def _step_tally(state: State, event: Tally, path: str) -> State:
    players = list(state.players)
    player = players[event.seat]
    players[event.seat] = dataclasses.replace(
        player, sestertii=player.sestertii + event.amount
    )
    return dataclasses.replace(state, players=tuple(players))


def test_a_module_adds_an_event_by_registering_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(log_module.EVENT_READERS, "tally", _read_tally)
    monkeypatch.setitem(replay_module.EVENT_STEPS, Tally, _step_tally)
    before = run(cash("Ana"))
    after = play.replay_document(
        log(cash("Ana"), {"type": "tally", "player": "Bia", "amount": 3})
    )
    assert after.players[1].sestertii == before.players[1].sestertii + 3


def test_an_event_no_module_registered_is_refused() -> None:
    assert refusal({"type": "tally", "player": "Bia", "amount": 3}) == (
        "events[0].type",
        "Unknown event “tally”; expected one of: play, reveal, undo, adjust, abandon, forum, citizen",
    )


# --- team seats ------------------------------------------------------------------


def _read_players(rules: Any, players: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    reader = ShapeReader()
    seats = log_module._players(reader, {"players": players}, rules)
    return seats, [f"{problem.path}: {problem.message}" for problem in reader.problems]


def test_a_ruleset_with_teams_seats_players_in_teams() -> None:
    rules = dataclasses.replace(base("imperium"), teams=True)
    seats, problems = _read_players(
        rules,
        [
            {"name": "Ana", "colour": "red", "team": "Sol"},
            {"name": "Bia", "colour": "blue", "team": "Sol"},
        ],
    )
    assert problems == []
    assert [(seat.name, seat.team) for seat in seats] == [
        ("Ana", "Sol"),
        ("Bia", "Sol"),
    ]


def test_the_base_game_refuses_a_team_as_it_always_did() -> None:
    seats, problems = _read_players(
        base("imperium"),
        [
            {"name": "Ana", "colour": "red", "team": "Sol"},
            {"name": "Bia", "colour": "blue"},
        ],
    )
    assert problems == ["players[0].team: Unknown field “team”"]
    assert all(seat.team is None for seat in seats)
