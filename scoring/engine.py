"""Score a whole table: every player's lines, the ranking, intermediate bonuses.

`score_sheet` never raises on well-typed input, however wrong the numbers: the
web app scores the sheet live while it is typed and shows `validate_sheet`'s
problems next to the result. Values beyond what the game allows are capped at
what could be on the table: houses of a good at the map's cities of it, goods
at the 12 storehouse spaces, cards of a god at the decks in play; the gods
apply their own caps per card (§3) and score negative counts as 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import le, mul

from scoring.catalog import STOREHOUSE_SPACES
from scoring.gods import (
    RULES,
    Rule,
    concordia,
    goods_value,
    minerva,
    minerva_line,
    module_line,
)
from scoring.ruleset import GodRule, Ruleset, ruleset
from scoring.types import (
    CardCounts,
    Category,
    CategoryScore,
    GoodCounts,
    PlayerBoard,
    PlayerScore,
    ScoreSheet,
    SheetKind,
    SheetResult,
    SpecialistScore,
    TeamScore,
    Tie,
    TieBreak,
)

_FINAL = SheetKind.FINAL
_Parts = tuple[tuple[CategoryScore, ...], tuple[SpecialistScore, ...], int, int]


def rank_order(totals: Sequence[int], pm_seat: int | None) -> tuple[int, ...]:
    """Return the seats from first to last place.

    Higher totals come first. Equal totals follow the Praefectus Magnus: its
    holder, then the seat that would receive it next. Without a holder (or with
    a seat that is not at the table) equal totals keep the seating order.
    """
    count = len(totals)
    if pm_seat is None or not 0 <= pm_seat < count:
        pm_seat = 0
        step = -1
    else:
        # §3 tie-break, §11.9: the Praefectus Magnus passes to the right, against
        # the seating order, so after seat i it would reach seat i - 1 (wrapping).
        step = 1
    # One int per seat, (-total, distance) folded together: distance < count.
    keys = [
        (step * (pm_seat - seat)) % count - total * count
        for seat, total in enumerate(totals)
    ]
    return tuple(sorted(range(count), key=keys.__getitem__))


def ties_broken(
    totals: Sequence[int], pm_seat: int | None, order: Sequence[int]
) -> tuple[Tie, ...]:
    """Return each group of equal totals with the rule that ordered it.

    ``order`` is `rank_order`'s answer for the same totals and holder; the
    groups come best placed first, their seats in the order they were placed.
    """
    if len(set(totals)) == len(totals):
        return ()
    holder = pm_seat if pm_seat is not None and 0 <= pm_seat < len(totals) else None
    ties = []
    start = 0
    while start < len(order):
        total = totals[order[start]]
        end = start + 1
        while end < len(order) and totals[order[end]] == total:
            end += 1
        if end - start > 1:
            seats = tuple(order[start:end])
            if holder is None:
                reason = TieBreak.SEATING_ORDER
            elif seats[0] == holder:
                reason = TieBreak.HOLDS_PRAEFECTUS_MAGNUS
            else:
                reason = TieBreak.NEXT_FOR_PRAEFECTUS_MAGNUS
            ties.append(Tie(total=total, seats=seats, reason=reason))
        start = end
    return tuple(ties)


def intermediate_bonus(totals: Sequence[int]) -> tuple[int, ...]:
    """Return the sestertii each player earns at an intermediate scoring.

    2 for every player with the highest total; 1 for every player with the
    second-highest total, but only when a single player has the highest.
    """
    # §2 intermediate scoring, as the score-sheet format pins it down: standard
    # competition ranking, so with totals 30, 30, 25 the 25 is third and gets nothing.
    if not totals:
        return ()
    best = max(totals)
    if totals.count(best) > 1:
        return tuple(2 if total == best else 0 for total in totals)
    second = max((total for total in totals if total != best), default=None)
    return tuple(
        2 if total == best else 1 if total == second else 0 for total in totals
    )


def sheet_ruleset(sheet: ScoreSheet) -> Ruleset:
    """The rules of ``sheet``'s game: its map with its modules."""
    return ruleset(sheet.map, sheet.expansions)


@dataclass(frozen=True, slots=True)
class _Table:
    """What every player of one sheet is scored against (computed once per sheet)."""

    rules: tuple[tuple[Rule, GodRule, int, int], ...]
    # The map's cities per good, and the prices, in `GoodCounts.vector` order.
    cities: tuple[int, ...]
    prices: tuple[int, ...]
    province_count: int
    specialist_category: Category
    # The places of the wildcard goods (salt) in a `GoodCounts.vector`.
    wildcards: tuple[int, ...]
    # A module's own lines (the forum's) and the board field of each.
    module_lines: tuple[tuple[Category, str], ...]
    # Whether players may sit in teams (Venus): only then are teams scored.
    teams: bool = False
    # §2: the storehouse's spaces (16 with the forum: Claudia Agrippina), so
    # that no good can be there more often.
    spaces: int = STOREHOUSE_SPACES


@cache
def _table(rules: Ruleset, player_count: int) -> _Table:
    caps = rules.max_cards_per_player(
        min(max(player_count, rules.min_players), rules.max_players)
    )
    return _Table(
        rules=tuple(
            (RULES[god.rule], god, CardCounts.index[god.god], caps[god.god])
            for god in rules.god_rules
        ),
        cities=rules.cities_per_good.vector,
        prices=rules.price_vector,
        province_count=len(rules.map.provinces),
        specialist_category=rules.specialist_category,
        teams=rules.teams,
        spaces=rules.storehouse_spaces,
        wildcards=tuple(GoodCounts.index[good] for good in rules.wildcards),
        module_lines=tuple(
            zip(rules.module_categories, rules.module_fields, strict=True)
        ),
    )


def score_sheet(sheet: ScoreSheet) -> SheetResult:
    """Score and rank every player of ``sheet``; never raise on well-typed input."""
    players = sheet.players
    count = len(players)
    final = sheet.kind is _FINAL
    table = _table(sheet_ruleset(sheet), count)
    parts = [_score_player(board, table, final) for board in players]
    totals = [part[3] for part in parts]
    pm_seat = _seat_of(players, sheet.praefectus_magnus)
    order = rank_order(totals, pm_seat)
    ranks = [0] * count
    for place, seat in enumerate(order, start=1):
        ranks[seat] = place
    bonuses: Sequence[int | None] = (
        [None] * count if final else intermediate_bonus(totals)
    )
    scores = []
    for seat, (lines, specialists, value, total) in enumerate(parts):
        scores.append(
            PlayerScore(
                name=players[seat].name,
                seat=seat,
                lines=lines,
                specialists=specialists,
                goods_value=value,
                total=total,
                rank=ranks[seat],
                bonus_sestertii=bonuses[seat],
            )
        )
    teams = _teams(players, totals, pm_seat) if table.teams else ()
    return SheetResult(
        kind=sheet.kind,
        players=tuple(scores),
        winner=players[order[0]].name if order else "",
        praefectus_magnus=pm_seat,
        ties=ties_broken(totals, pm_seat, order),
        teams=teams,
        winner_team=next((t.team for t in teams if t.rank == 1), None),
    )


def _teams(
    players: Sequence[PlayerBoard], totals: Sequence[int], pm_seat: int | None
) -> tuple[TeamScore, ...]:
    """The teams of a team game (Venus, expansions §2c), in the order of
    their first seat; () when nobody plays in a team.

    A team's total is its partners' (the sum: the best reading of the
    sources); teams are ranked by it, equal totals by the Praefectus Magnus
    as players are: its holder's team first, then the team of the next
    player to receive it (it passes against the seating order).
    """
    members: dict[str, list[int]] = {}
    for seat, board in enumerate(players):
        if board.team is not None:
            members.setdefault(board.team, []).append(seat)
    if not members:
        return ()
    count = len(players)
    if pm_seat is None or not 0 <= pm_seat < count:
        # No holder: the seating order breaks ties (the first seat first).
        distance = list(range(count))
    else:
        distance = [(pm_seat - seat) % count for seat in range(count)]
    names = list(members)
    team_totals = [sum(totals[seat] for seat in members[team]) for team in names]
    order = sorted(
        range(len(names)),
        key=lambda i: (-team_totals[i], min(distance[s] for s in members[names[i]])),
    )
    ranks = {index: place for place, index in enumerate(order, start=1)}
    return tuple(
        TeamScore(
            team=team,
            seats=tuple(members[team]),
            total=team_totals[index],
            rank=ranks[index],
        )
        for index, team in enumerate(names)
    )


def _seat_of(players: Sequence[PlayerBoard], name: str | None) -> int | None:
    if name is None:
        return None
    for seat, board in enumerate(players):
        if board.name == name:
            return seat
    return None


def _score_player(board: PlayerBoard, table: _Table, final: bool) -> _Parts:
    # Values beyond what the table could hold are a typo in progress: score
    # the most the player could have (houses: the map's cities of the good;
    # goods: the storehouse; cards: the decks in play). The vectors' map(),
    # min() and sum() run in C: this is every player of every live preview.
    houses = board.houses
    cities = table.cities
    if not all(map(le, houses.vector, cities)):
        houses = houses.of_vector(tuple(map(min, houses.vector, cities)))
    stored = board.storehouse.vector
    spaces = table.spaces
    if max(stored) > spaces:
        stored = tuple([count if count < spaces else spaces for count in stored])
    if min(stored) >= 0:
        value = sum(map(mul, stored, table.prices))
    else:
        value = goods_value(GoodCounts.of_vector(stored), table.prices)
    parts = minerva(
        specialists=board.specialists, houses=houses, wildcards=table.wildcards
    )
    cards = board.cards.vector
    count = table.province_count
    # A loop, not a comprehension (a function call of its own in Python
    # 3.11): this is every player of every live preview.
    lines = []
    total = 0
    for rule, god, place, cap in table.rules:
        held = cards[place]
        line = rule(god, held if held < cap else cap, board, houses, value, count)
        lines.append(line)
        total += line.points
    line = minerva_line(parts, table.specialist_category)
    lines.append(line)
    total += line.points
    # §3 intermediate scoring: the game is not over, nobody holds the card.
    line = concordia(holds_card=final and board.concordia_card)
    lines.append(line)
    total += line.points
    for category, name in table.module_lines:
        line = module_line(category, getattr(board, name))
        lines.append(line)
        total += line.points
    return tuple(lines), parts, value, total
