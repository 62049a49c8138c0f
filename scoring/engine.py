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

from scoring.catalog import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    STOREHOUSE_SPACES,
    max_cards_per_player,
)
from scoring.gods import (
    concordia,
    goods_value,
    jupiter,
    mars,
    mercurius,
    minerva,
    minerva_line,
    saturnus,
    vesta,
)
from scoring.maps import MAPS
from scoring.types import (
    CardCounts,
    CategoryScore,
    GoodCounts,
    PlayerBoard,
    PlayerScore,
    ScoreSheet,
    SheetKind,
    SheetResult,
    SpecialistScore,
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


def score_sheet(sheet: ScoreSheet) -> SheetResult:
    """Score and rank every player of ``sheet``; never raise on well-typed input."""
    spec = MAPS[sheet.map]
    players = sheet.players
    count = len(players)
    final = sheet.kind is _FINAL
    card_caps = max_cards_per_player(min(max(count, MIN_PLAYERS), MAX_PLAYERS))
    cities = spec.cities_per_good
    province_count = len(spec.provinces)
    parts = [
        _score_player(board, cities, card_caps, province_count, final)
        for board in players
    ]
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
    return SheetResult(
        kind=sheet.kind,
        players=tuple(scores),
        winner=players[order[0]].name if order else "",
        praefectus_magnus=pm_seat,
        ties=ties_broken(totals, pm_seat, order),
    )


def _seat_of(players: Sequence[PlayerBoard], name: str | None) -> int | None:
    if name is None:
        return None
    for seat, board in enumerate(players):
        if board.name == name:
            return seat
    return None


def _score_player(
    board: PlayerBoard,
    cities: GoodCounts,
    card_caps: CardCounts,
    province_count: int,
    final: bool,
) -> _Parts:
    cards = board.cards
    houses = _capped(board.houses, cities)
    value = goods_value(_capped(board.storehouse, _STOREHOUSE_CAPS))
    parts = minerva(specialists=board.specialists, houses=houses)
    # More cards than the decks in play hold is a typo in progress: score the
    # most the player could hold. (Conditionals, as min() is slow on this path.)
    lines = (
        vesta(
            cards=cards.vesta if cards.vesta < card_caps.vesta else card_caps.vesta,
            sestertii=board.sestertii,
            goods_value=value,
        ),
        jupiter(
            cards=cards.jupiter
            if cards.jupiter < card_caps.jupiter
            else card_caps.jupiter,
            houses=houses,
        ),
        saturnus(
            cards=cards.saturnus
            if cards.saturnus < card_caps.saturnus
            else card_caps.saturnus,
            provinces=board.provinces,
            province_count=province_count,
        ),
        mercurius(
            cards=cards.mercurius
            if cards.mercurius < card_caps.mercurius
            else card_caps.mercurius,
            houses=houses,
        ),
        mars(
            cards=cards.mars if cards.mars < card_caps.mars else card_caps.mars,
            colonists_on_board=board.colonists_on_board,
        ),
        minerva_line(parts),
        # §3 intermediate scoring: the game is not over, nobody holds the card.
        concordia(holds_card=final and board.concordia_card),
    )
    total = (
        lines[0].points
        + lines[1].points
        + lines[2].points
        + lines[3].points
        + lines[4].points
        + lines[5].points
        + lines[6].points
    )
    return lines, parts, value, total


# §2: a storehouse has 12 spaces, so no good can be there more than 12 times.
_STOREHOUSE_CAPS = GoodCounts(
    brick=STOREHOUSE_SPACES,
    food=STOREHOUSE_SPACES,
    tool=STOREHOUSE_SPACES,
    wine=STOREHOUSE_SPACES,
    cloth=STOREHOUSE_SPACES,
)


def _capped(counts: GoodCounts, caps: GoodCounts) -> GoodCounts:
    """Return ``counts`` with each good at most its cap (houses: the map's cities)."""
    if (
        counts.brick <= caps.brick
        and counts.food <= caps.food
        and counts.tool <= caps.tool
        and counts.wine <= caps.wine
        and counts.cloth <= caps.cloth
    ):
        return counts
    return GoodCounts(
        brick=min(counts.brick, caps.brick),
        food=min(counts.food, caps.food),
        tool=min(counts.tool, caps.tool),
        wine=min(counts.wine, caps.wine),
        cloth=min(counts.cloth, caps.cloth),
    )
