"""Writes of board entry: city goods, houses, bought cards, the entry mode, the score.

The rules come from `scoring.board`; every function here checks them before it
writes, and turns a database constraint that a concurrent request tripped into
the same message, so that a tap never ends in a server error.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import selectors, services
from games.concordia import adapters as board_adapters
from games.concordia import selectors as board_selectors
from games.concordia.selectors import session_rules
from games.models import (
    EntryMode,
    Game,
    Seat,
    SeatCard,
    SeatHouse,
    SessionCity,
    TableSession,
)
from scoring.board import (
    board_sheet,
    card_problem,
    house_problems,
    validate_board,
    validate_city_goods,
)
from scoring.ruleset import Ruleset
from scoring.types import Good, Problem, SheetResult


class BoardRejected(ValidationError):
    """The rules reject a change of the board; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__([problem.message for problem in self.problems])


def _rules(session: TableSession) -> Ruleset:
    """The game's rules (its map and modules); only Concordia has a map."""
    if session.game != Game.CONCORDIA:
        raise ValidationError(_("Only Concordia games are recorded on a map."))
    return session_rules(session)


def _lock(session: TableSession) -> TableSession:
    # Serialises the taps of several phones on one game: each check below then
    # sees the rows the previous tap wrote.
    return TableSession.objects.select_for_update().get(pk=session.pk)


def _touch(session: TableSession) -> None:
    session.updated_at = timezone.now()
    session.save(update_fields=["updated_at"])


@transaction.atomic
def session_city_goods_set(*, session: TableSession, goods: Mapping[str, Good]) -> None:
    """Store the good of every city of the game's map, replacing any earlier deal.

    Raises `BoardRejected` (and writes nothing) unless ``goods`` is a complete
    deal of the map's city tokens (salt's among them when it is played).
    """
    rules = _rules(session)
    problems = validate_city_goods(rules.map, goods, rules.token_pools)
    if problems:
        raise BoardRejected(problems)
    locked = _lock(session)
    stored = dict(
        SessionCity.objects.filter(session=locked).values_list("city", "good")
    )
    SessionCity.objects.filter(session=locked).exclude(city__in=list(goods)).delete()
    for city, good in goods.items():
        if city not in stored:
            SessionCity.objects.create(session=locked, city=city, good=good.value)
        elif stored[city] != good.value:
            SessionCity.objects.filter(session=locked, city=city).update(
                good=good.value
            )
    _touch(locked)


def session_city_goods_draw(
    *, session: TableSession, rng: random.Random
) -> dict[str, Good]:
    """Deal the map's city tokens at random, letter by letter, and store the deal (§8)."""
    rules = _rules(session)
    goods: dict[str, Good] = {}
    for letter, pool in rules.token_pools.items():
        tokens = [good for good, count in pool.items() for _ in range(count)]
        rng.shuffle(tokens)
        cities = [city.name for city in rules.map.cities if city.letter is letter]
        goods.update(zip(cities, tokens, strict=True))
    session_city_goods_set(session=session, goods=goods)
    return goods


@transaction.atomic
def seat_house_set(*, seat: Seat, city: str, built: bool) -> None:
    """Build (``built=True``) or remove the seat's house in ``city``; idempotent.

    Raises `BoardRejected` for the capital, a city not on the map, or a
    sixteenth house (§2).
    """
    session = _lock(seat.session)
    spec = _rules(session).map
    houses = SeatHouse.objects.filter(seat=seat)
    if not built:
        houses.filter(city=city).delete()
        _touch(session)
        return
    current = set(houses.values_list("city", flat=True))
    if city in current:
        return
    problems = house_problems(
        spec, current | {city}, prefix=f"players[{seat.seat_order}]"
    )
    if problems:
        raise BoardRejected(problems)
    try:
        with transaction.atomic():
            SeatHouse.objects.create(session=session, seat=seat, city=city)
    except IntegrityError:
        # Another request built the same house meanwhile: the wish is fulfilled.
        return
    _touch(session)


@transaction.atomic
def seat_card_set(*, seat: Seat, card: int, owned: bool) -> None:
    """Give the seat sale card ``card`` (``owned=True``) or take it back; idempotent.

    Raises `BoardRejected` for a card that does not exist, stays in the box
    with this many players (§4b), or was bought by another player.
    """
    session = _lock(seat.session)
    rules = _rules(session)
    cards = SeatCard.objects.filter(session=session, card=card)
    if not owned:
        cards.filter(seat=seat).delete()
        _touch(session)
        return
    holder = cards.select_related("seat__player").first()
    if holder is not None and holder.seat_id == seat.pk:
        return
    path = f"players[{seat.seat_order}].cards[{card}]"
    problem = card_problem(
        card,
        player_count=session.seats.count(),
        holder=holder.seat.player.name if holder is not None else None,
        path=path,
        rules=rules,
    )
    if problem is not None:
        raise BoardRejected([problem])
    try:
        with transaction.atomic():
            SeatCard.objects.create(session=session, seat=seat, card=card)
    except IntegrityError:
        # Another phone gave the card to someone else a moment ago.
        other = SeatCard.objects.select_related("seat__player").get(
            session=session, card=card
        )
        taken = card_problem(
            card,
            player_count=session.seats.count(),
            holder=other.seat.player.name,
            path=path,
            rules=rules,
        )
        raise BoardRejected([taken] if taken is not None else []) from None
    _touch(session)


@transaction.atomic
def session_entry_mode_set(*, session: TableSession, mode: EntryMode) -> TableSession:
    """Switch how the game is recorded; no row of the other mode is deleted.

    The hand-counted position stays until the board's score is saved over it,
    and the tapped cities, houses and cards stay (unused) in quick entry, so
    switching back finds them again.
    """
    if mode == EntryMode.BOARD:
        _rules(session)
    locked = _lock(session)
    if locked.entry_mode != mode:
        locked.entry_mode = mode
        locked.updated_at = timezone.now()
        locked.full_clean()
        locked.save(update_fields=["entry_mode", "updated_at"])
    session.refresh_from_db()
    return session


def board_sheet_record(
    *,
    session: TableSession,
    extras: Mapping[int, board_adapters.SeatExtras],
    praefectus_magnus: int | None,
    concordia_card: int | None,
    expected_version: int | None = None,
) -> SheetResult:
    """Score the game from its board and store it exactly as a quick sheet would be.

    ``extras`` maps seat order to what is still typed; the holders are seat
    orders. Raises `BoardRejected` when the board or the sheet it counts to
    breaks a rule (nothing is written), and `services.VersionConflict` as
    `services.concordia_sheet_record` does.
    """
    if session.entry_mode != EntryMode.BOARD:
        raise ValidationError(_("This game is counted by hand, not tapped on the map."))
    seats = selectors.session_seats(session)
    table = board_adapters.table_board(
        rules=_rules(session),
        seats=seats,
        rows=board_selectors.board_rows(session),
        extras=extras,
        praefectus_magnus=praefectus_magnus,
        concordia_card=concordia_card,
    )
    problems = validate_board(table)
    if problems:
        raise BoardRejected(problems)
    return services.concordia_sheet_record(
        session=session, sheet=board_sheet(table), expected_version=expected_version
    )
