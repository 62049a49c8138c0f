"""Venus team play over generated sheets (Hypothesis): the team totals, ranks
and winning team as the format says them, counted here on their own.

The assistant does not play team games (docs/game-log.md), so the random games
cannot reach a team sheet: these sheets start from the public team example
(tests/scoring/data/concordia-venus-teams.json), each player on one of its
players' houses and provinces, and draw the rest: 4 or 6 players, who partners
whom, money, colonists, cards, the shared provinces and the Praefectus Magnus;
half of them make the teams equal, so that the Praefectus Magnus alone orders
them.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scoring.sheet_io import score_document
from tests.sheets import example_document

GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "venus")
STARTING = {"vesta": 1, "jupiter": 2, "saturnus": 2, "mercurius": 1, "mars": 1}


def _table(draw: st.DrawFn, board: dict[str, Any]) -> dict[str, Any]:
    table = copy.deepcopy(board)
    table.pop("specialists", None)
    table.update(
        sestertii=draw(st.integers(0, 60)),
        storehouse={},
        colonists_on_board=draw(st.integers(2, 6)),
        cards={god: STARTING.get(god, 1) + draw(st.integers(0, 3)) for god in GODS},
        concordia_card=False,
        forum_points=0,
    )
    return table


@st.composite
def team_sheets(draw: st.DrawFn) -> dict[str, Any]:
    example: Any = example_document("concordia-venus-teams")
    boards = example["players"]
    count = draw(st.sampled_from([4, 6]))
    names = ["Ana", "Bia", "Caio", "Duda", "Edu", "Fabi"][:count]
    # Two more players borrow the example's tables when six sit down.
    players = [_table(draw, boards[i % len(boards)]) for i in range(count)]
    teams = draw(
        st.permutations(["Red", "Red", "Blue", "Blue", "Gold", "Gold"][:count])
    )
    for name, player, team in zip(names, players, teams, strict=True):
        player.update(name=name, team=team)
    members = {
        team: [p for p in players if p["team"] == team] for team in dict.fromkeys(teams)
    }
    for partners in members.values():
        shared = draw(st.integers(0, min(p["provinces"] for p in partners)))
        for partner in partners:
            partner["venus_team_provinces"] = shared
    # The example's Concordia card holder (Ana) built 15 houses: whoever
    # sits on her table may hold the card.
    holder = players[0]
    if draw(st.booleans()):
        # Equal teams: the first team's first player takes Ana's table, every
        # other team copies the first one's tables, and the forum's row gives
        # the Concordia card's 7 to the holder's counterparts, so that only
        # the Praefectus Magnus orders the teams.
        first, *others = members.values()
        holder = first[0]
        holder.update(houses=boards[0]["houses"], provinces=boards[0]["provinces"])
        for partners in others:
            for model, player in zip(first, partners, strict=True):
                keep = {key: player[key] for key in ("name", "team")}
                player.update(copy.deepcopy(model), **keep)
            partners[0]["forum_points"] = 7
    holder["concordia_card"] = True
    return {
        "game": "concordia",
        "map": "imperium",
        "expansions": ["forum", "venus"],
        "praefectus_magnus": draw(st.sampled_from(names)),
        "players": players,
    }


@given(team_sheets())
def test_teams_sum_their_partners_and_rank_by_total_then_the_praefectus_magnus(sheet):
    result: Any = score_document(sheet)
    players = sheet["players"]
    scored = {p["name"]: p for p in result["players"]}
    for player in players:
        assert scored[player["name"]]["venus"] == (
            player["cards"]["venus"] * player["venus_team_provinces"]
        )
    names = [p["name"] for p in players]
    holder = names.index(sheet["praefectus_magnus"])
    # The Praefectus Magnus passes to the right: seat i - 1 after seat i.
    reach = {names[(holder - k) % len(names)]: k for k in range(len(names))}
    teams: dict[str, list[str]] = {}
    for player in players:
        teams.setdefault(player["team"], []).append(player["name"])
    expected = {
        team: (members, sum(scored[n]["total"] for n in members))
        for team, members in teams.items()
    }
    order = sorted(
        expected,
        key=lambda team: (-expected[team][1], min(reach[n] for n in teams[team])),
    )
    assert {
        t["team"]: (t["players"], t["total"], t["rank"]) for t in result["teams"]
    } == {team: (*expected[team], order.index(team) + 1) for team in expected}
    assert result["winner_team"] == order[0]
