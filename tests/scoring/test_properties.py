"""Properties of scoring over generated sheets (Hypothesis, the "ci" profile)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from scoring.catalog import MAX_HOUSES, MAX_PLAYERS, MIN_PLAYERS, SALE_CARDS
from scoring.engine import score_sheet, sheet_ruleset
from scoring.maps import MAPS
from scoring.ruleset import ruleset
from scoring.types import (
    CardCounts,
    Category,
    God,
    Good,
    GoodCounts,
    MapName,
    PlayerBoard,
    ScoreSheet,
    SheetKind,
    Specialist,
)
from scoring.validation import validate_sheet

NAMES = st.text(min_size=1, max_size=12).filter(lambda name: name.strip() != "")


def _budgeted(draw: st.DrawFn, caps: GoodCounts, budget: int) -> GoodCounts:
    counts = {}
    for good in Good:
        counts[good] = draw(st.integers(0, min(caps[good], budget)))
        budget -= counts[good]
    return GoodCounts.from_mapping(counts)


def _topped_up(counts: GoodCounts, caps: GoodCounts, total: int) -> GoodCounts:
    """Return ``counts`` with houses added, within ``caps``, until there are ``total``."""
    topped = {}
    missing = total - counts.total
    for good in Good:
        added = min(caps[good] - counts[good], missing)
        topped[good] = counts[good] + added
        missing -= added
    return GoodCounts.from_mapping(topped)


def _fewest_provinces(map_name: MapName, houses: int) -> int:
    """Return the fewest provinces that hold ``houses`` houses, biggest first (§9)."""
    sizes = sorted((len(p.cities) for p in MAPS[map_name].provinces), reverse=True)
    provinces = 0
    while houses > 0:
        houses -= sizes[provinces]
        provinces += 1
    return provinces


@st.composite
def valid_sheets(draw: st.DrawFn, *, with_pm: bool = False) -> ScoreSheet:
    """Draw a sheet that could lie on a real table: validate_sheet finds nothing."""
    map_name = draw(st.sampled_from(list(MapName)))
    spec = MAPS[map_name]
    count = draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    kind = draw(st.sampled_from(list(SheetKind)))
    names = draw(st.lists(NAMES, min_size=count, max_size=count, unique=True))
    # §2: the game ends when a player builds their 15th house or buys the last
    # card for sale; in the second case every sale card in play is held.
    by_cards = kind is SheetKind.FINAL and draw(st.booleans())
    owner = (
        st.integers(0, count - 1) if by_cards else st.none() | st.integers(0, count - 1)
    )

    # §4b, §7: each sale card of the decks in play is somebody's or is not.
    in_play = [card for card in SALE_CARDS if card.deck <= count]
    holders = draw(st.lists(owner, min_size=len(in_play), max_size=len(in_play)))
    extra = [dict.fromkeys(God, 0) for _ in range(count)]
    specialists: list[list[Specialist]] = [[] for _ in range(count)]
    for card, holder in zip(in_play, holders, strict=True):
        if holder is None:
            continue
        if card.god is not None:
            extra[holder][card.god] += 1
        elif card.specialist is not None:
            specialists[holder].append(card.specialist)

    ender = draw(st.integers(0, count - 1))
    boards = []
    for seat in range(count):
        houses = _budgeted(draw, spec.cities_per_good, MAX_HOUSES)
        if kind is SheetKind.FINAL and seat == ender and not by_cards:
            houses = _topped_up(houses, spec.cities_per_good, MAX_HOUSES)
        built = houses.total
        colonists = draw(st.integers(2, 6))
        full = GoodCounts(brick=12, food=12, tool=12, wine=12, cloth=12)
        boards.append(
            PlayerBoard(
                name=names[seat],
                sestertii=draw(st.integers(0, 200)),
                storehouse=_budgeted(draw, full, 12 - (6 - colonists)),
                colonists_on_board=colonists,
                houses=houses,
                provinces=draw(
                    st.integers(
                        _fewest_provinces(map_name, built),
                        min(built, spec.province_count),
                    )
                )
                if built
                else 0,
                cards=CardCounts(
                    vesta=1 + extra[seat][God("vesta")],
                    jupiter=2 + extra[seat][God("jupiter")],
                    saturnus=2 + extra[seat][God("saturnus")],
                    mercurius=1 + extra[seat][God("mercurius")],
                    mars=1 + extra[seat][God("mars")],
                ),
                specialists=tuple(draw(st.permutations(specialists[seat]))),
                concordia_card=kind is SheetKind.FINAL and seat == ender,
            )
        )
    if kind is SheetKind.FINAL or with_pm:
        pm: str | None = draw(st.sampled_from(names))
    else:
        pm = draw(st.none() | st.sampled_from(names))
    return ScoreSheet(
        map=map_name, players=tuple(boards), praefectus_magnus=pm, kind=kind
    )


@given(valid_sheets())
def test_generated_sheets_are_valid(sheet):
    assert validate_sheet(sheet) == ()


@given(valid_sheets())
def test_the_total_is_the_sum_of_the_parts(sheet):
    for player in score_sheet(sheet).players:
        assert player.total == sum(line.points for line in player.lines)
        assert player.points(Category("minerva")) == sum(
            p.points for p in player.specialists
        )
        for line in player.lines:
            if line.category is not Category("minerva"):
                assert line.points == line.cards * line.per_card


@given(valid_sheets())
def test_no_part_is_negative(sheet):
    for player in score_sheet(sheet).players:
        assert all(line.points >= 0 for line in player.lines)
        assert all(part.points >= 0 for part in player.specialists)


@given(valid_sheets())
def test_ranks_are_one_to_n_and_players_keep_their_seats(sheet):
    result = score_sheet(sheet)
    assert [p.name for p in result.players] == [b.name for b in sheet.players]
    assert sorted(p.rank for p in result.players) == list(
        range(1, len(sheet.players) + 1)
    )
    winner = next(p for p in result.players if p.rank == 1)
    assert result.winner == winner.name
    assert winner.total == max(p.total for p in result.players)


def _with_board(sheet: ScoreSheet, seat: int, board: PlayerBoard) -> ScoreSheet:
    players = list(sheet.players)
    players[seat] = board
    return replace(sheet, players=tuple(players))


@given(valid_sheets(), st.data())
def test_another_house_never_lowers_a_score(sheet, data):
    seat = data.draw(st.integers(0, len(sheet.players) - 1))
    good = data.draw(st.sampled_from(ruleset("imperium").goods))
    board = sheet.players[seat]
    houses = GoodCounts.from_mapping(
        {**dict(board.houses.items()), good: board.houses[good] + 1}
    )
    before = score_sheet(sheet).players[seat]
    after = score_sheet(
        _with_board(sheet, seat, replace(board, houses=houses))
    ).players[seat]
    assert after.total >= before.total
    for category in (Category("jupiter"), Category("mercurius"), Category("minerva")):
        assert after.points(category) >= before.points(category)


@given(valid_sheets(), st.data())
def test_another_colonist_never_lowers_mars(sheet, data):
    seat = data.draw(st.integers(0, len(sheet.players) - 1))
    board = sheet.players[seat]
    more = replace(board, colonists_on_board=board.colonists_on_board + 1)
    before = score_sheet(sheet).players[seat]
    after = score_sheet(_with_board(sheet, seat, more)).players[seat]
    assert after.points(Category("mars")) >= before.points(Category("mars"))
    assert after.total >= before.total


@given(valid_sheets(), st.data())
def test_another_card_never_lowers_its_god(sheet, data):
    seat = data.draw(st.integers(0, len(sheet.players) - 1))
    god = data.draw(st.sampled_from(sheet_ruleset(sheet).gods))
    board = sheet.players[seat]
    cards = CardCounts.from_mapping(
        {**dict(board.cards.items()), god: board.cards[god] + 1}
    )
    before = score_sheet(sheet).players[seat]
    after = score_sheet(_with_board(sheet, seat, replace(board, cards=cards))).players[
        seat
    ]
    assert after.points(Category(god.value)) >= before.points(Category(god.value))
    assert after.total >= before.total


@given(valid_sheets(), st.data())
def test_the_order_of_specialists_does_not_matter(sheet, data):
    shuffled = tuple(
        replace(board, specialists=tuple(data.draw(st.permutations(board.specialists))))
        for board in sheet.players
    )
    assert score_sheet(replace(sheet, players=shuffled)) == score_sheet(sheet)


@given(valid_sheets(with_pm=True), st.data())
def test_rotating_the_seats_with_the_praefectus_magnus_keeps_every_rank(sheet, data):
    shift = data.draw(st.integers(1, len(sheet.players) - 1))
    rotated = replace(sheet, players=sheet.players[shift:] + sheet.players[:shift])
    ranks = {p.name: p.rank for p in score_sheet(sheet).players}
    assert {p.name: p.rank for p in score_sheet(rotated).players} == ranks


@given(valid_sheets())
def test_intermediate_bonuses_go_to_the_leaders(sheet):
    result = score_sheet(replace(sheet, kind=SheetKind.INTERMEDIATE))
    best = max(p.total for p in result.players)
    for player in result.players:
        assert (player.bonus_sestertii == 2) == (player.total == best)
    assert all(p.points(Category("concordia")) == 0 for p in result.players)


COUNTS = st.integers(-(10**6), 10**6)
GOODS = st.builds(
    GoodCounts, brick=COUNTS, food=COUNTS, tool=COUNTS, wine=COUNTS, cloth=COUNTS
)
ANY_BOARD = st.builds(
    PlayerBoard,
    name=st.text(max_size=5),
    sestertii=COUNTS,
    storehouse=GOODS,
    colonists_on_board=COUNTS,
    houses=GOODS,
    provinces=COUNTS,
    cards=st.builds(
        CardCounts,
        vesta=COUNTS,
        jupiter=COUNTS,
        saturnus=COUNTS,
        mercurius=COUNTS,
        mars=COUNTS,
    ),
    specialists=st.lists(st.sampled_from(list(Specialist)), max_size=7).map(tuple),
    concordia_card=st.booleans(),
)


@given(
    st.builds(
        ScoreSheet,
        map=st.sampled_from(list(MapName)),
        players=st.lists(ANY_BOARD, max_size=7).map(tuple),
        praefectus_magnus=st.none() | st.text(max_size=5),
        kind=st.sampled_from(list(SheetKind)),
    )
)
def test_any_well_typed_sheet_is_scored_and_checked_without_raising(sheet):
    result = score_sheet(sheet)
    problems = validate_sheet(sheet)
    assert all(line.points >= 0 for p in result.players for line in p.lines)
    assert all(problem.message for problem in problems)
