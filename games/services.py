"""Every state change of the games app (HackSoft services)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import services as clubs_services
from clubs.models import Club, Player
from games import adapters
from games.models import (
    UNDO_DELETE_FOR,
    ConcordiaPosition,
    Game,
    Seat,
    SeatResult,
    SessionStatus,
    TableSession,
)
from games.signals import session_changed_send
from scoring import score_sheet, validate_sheet
from scoring.ruleset import ruleset
from scoring.types import Problem, ScoreSheet, SheetResult, Specialist


class SheetRejected(ValidationError):
    """The rules reject a score sheet; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__([p.message for p in self.problems])


class VersionConflict(ValidationError):
    """Someone else saved the game since this sheet was loaded."""

    def __init__(self, *, current_version: int) -> None:
        self.current_version = current_version
        super().__init__(
            _("Someone else saved this game meanwhile; check their changes.")
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetEvaluation:
    """A score sheet scored as it stands, with whatever the rules find wrong."""

    result: SheetResult
    problems: tuple[Problem, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatInput:
    """A seat of a new game: an existing player, or the name of a new one."""

    player: Player | None = None
    new_name: str = ""
    colour: str = ""
    # The seat's team in a team game (Venus), "" otherwise.
    team: str = ""


@transaction.atomic
def session_create(
    *,
    club: Club,
    created_by: User | None,
    map_name: str,
    played_at: dt.datetime,
    seats: Sequence[SeatInput],
    place: str = "",
    notes: str = "",
    idempotency_key: str = "",
    game: Game = Game.CONCORDIA,
    expansions: Sequence[str] = (),
) -> TableSession:
    """Create a game with its seats in seating order, ready for its sheet.

    A Magnanimous game has no map: pass ``map_name=""`` (a database constraint).
    ``expansions``: Concordia's modules played (`scoring.ruleset.modules`).

    With an ``idempotency_key`` a resent submission returns the game the first
    one created instead of creating another.
    """
    if idempotency_key:
        existing = TableSession.all_objects.filter(
            club=club, idempotency_key=idempotency_key
        ).first()
        if existing is not None and existing.deleted_at is None:
            return existing
        if existing is not None:
            # The form sent again after its game was deleted: a new game, and
            # the deleted one gives the key up.
            TableSession.all_objects.filter(pk=existing.pk).update(idempotency_key="")
    session = TableSession(
        club=club,
        game=game,
        map=map_name,
        expansions=list(expansions),
        played_at=played_at,
        place=place,
        notes=notes,
        created_by=created_by,
        idempotency_key=idempotency_key,
    )
    try:
        with transaction.atomic():
            session.full_clean()
            session.save()
    except (IntegrityError, ValidationError):
        # The same submission sent twice at once: both passed the look-up above,
        # and the key's unique constraint stopped the second. Its game is the
        # first one's, committed by now (the constraint waited for it).
        existing = (
            club.sessions.filter(idempotency_key=idempotency_key).first()
            if idempotency_key
            else None
        )
        if existing is None:
            raise
        return existing
    for order, seat_input in enumerate(seats):
        player = seat_input.player
        if player is None:
            player = clubs_services.player_get_or_create(
                club=club, name=seat_input.new_name
            )
        elif player.club_id != club.pk:
            raise ValidationError(_("That player belongs to another club."))
        Seat.objects.create(
            session=session,
            player=player,
            seat_order=order,
            colour=seat_input.colour,
            team=seat_input.team,
        )
    return session


def seat_won(result: SheetResult, seat: int) -> bool:
    """Whether the player at ``seat`` won: rank 1, or in a team game (Venus)
    a partner of the winning team (partners win or lose together)."""
    if not result.teams:
        return result.players[seat].rank == 1
    return any(team.rank == 1 and seat in team.seats for team in result.teams)


def concordia_sheet_evaluate(sheet: ScoreSheet) -> SheetEvaluation:
    """Score a sheet as it stands and list what the rules find wrong; writes nothing."""
    return SheetEvaluation(result=score_sheet(sheet), problems=validate_sheet(sheet))


def session_finish_at_version(
    *,
    session: TableSession,
    expected_version: int | None,
    names: Sequence[str],
    seats: Sequence[Seat] | None = None,
    fields: Mapping[str, object],
) -> list[Seat]:
    """Mark a game finished at its next version with ``fields``; return its seats.

    Call it first inside the recording transaction: one conditional ``UPDATE``
    both checks the version and locks the game's row, so a second phone saving
    the same version waits for the first to commit and then matches no row.
    ``session`` (the caller's instance) gets the saved values. Raises
    `VersionConflict` when the game was saved since ``expected_version`` (with
    None, whatever version it is at is taken, under a lock), and
    `ValidationError` when ``names`` are not its players in seating order.
    ``seats``: the game's seats with their players, in seating order, when the
    caller has read them already (they never change once the game is created).
    Records the statistics change of the game.
    """
    if seats is None or any(seat.session_id != session.pk for seat in seats):
        seats = list(session.seats.select_related("player").order_by("seat_order"))
    seats = list(seats)
    if [seat.player.name for seat in seats] != list(names):
        raise ValidationError(_("The sheet's players are not this game's seats."))
    games = TableSession.objects.filter(pk=session.pk)
    if expected_version is None:
        expected_version = (
            games.select_for_update().values_list("version", flat=True).get()
        )
    values = {
        **fields,
        "status": SessionStatus.FINISHED,
        "version": expected_version + 1,
        "updated_at": timezone.now(),
    }
    if not games.filter(version=expected_version).update(**values):
        current = games.values_list("version", flat=True).get()
        raise VersionConflict(current_version=current)
    for name, value in values.items():
        setattr(session, name, value)
    session_changed_send(session=session, player_ids=[seat.player_id for seat in seats])
    return seats


def seats_hold_no_position(
    seats: Sequence[Seat], relation: str, *, expected_version: int | None
) -> bool:
    """Whether no seat had a stored position (``relation``) when it was read.

    A game's first save then has no one-per-game flag to clear before it
    stores the positions, and saves a statement. It needs every seat read with
    ``relation`` after the game reached ``expected_version`` (as a request does
    that received that version from the page): positions are only stored with
    a new version, so once `session_finish_at_version` has matched that
    version, what was read is still what is stored. Unknown means False.
    """
    if expected_version is None:
        return False
    descriptor = getattr(Seat, relation)
    return all(
        descriptor.is_cached(seat) and getattr(seat, relation, None) is None
        for seat in seats
    )


def seat_rows_upsert(model: type[models.Model], rows: Sequence[models.Model]) -> None:
    """Insert the per-seat rows of a game, or overwrite the ones already stored.

    One statement for all seats: `update_or_create` costs a savepoint, a
    ``SELECT … FOR UPDATE`` and a write per seat (six queries apiece).
    """
    fields = [
        f.name
        for f in model._meta.concrete_fields
        if not f.primary_key and f.name != "seat"
    ]
    model._default_manager.bulk_create(
        rows, update_conflicts=True, unique_fields=["seat"], update_fields=fields
    )


@transaction.atomic
def concordia_sheet_record(
    *,
    session: TableSession,
    sheet: ScoreSheet,
    expected_version: int | None = None,
    seats: Sequence[Seat] | None = None,
) -> SheetResult:
    """Store the final position of every seat, score it and store the results.

    Raises `SheetRejected` when the rules reject the sheet (nothing is written)
    and `VersionConflict` when ``expected_version`` is given and someone saved
    the game since. Recording an already finished game rescores it. ``seats``:
    the game's seats with their players, if the caller has them.
    """
    if session.game != Game.CONCORDIA:
        raise ValidationError(_("This game is not a game of Concordia."))
    problems = validate_sheet(sheet)
    if problems:
        raise SheetRejected(problems)
    seats = session_finish_at_version(
        session=session,
        expected_version=expected_version,
        names=[p.name for p in sheet.players],
        seats=seats,
        fields={"map": sheet.map.value, "expansions": list(sheet.expansions)},
    )

    result = score_sheet(sheet)
    rules = ruleset(sheet.map, sheet.expansions)
    if not seats_hold_no_position(
        seats, "concordia_position", expected_version=expected_version
    ):
        # Clear the one-per-game flags first, so that moving the Concordia card,
        # the Praefectus Magnus or a specialist between seats never trips the
        # database's one-holder constraints half-way through.
        ConcordiaPosition.objects.filter(session=session).update(
            concordia_card=False,
            praefectus_magnus=False,
            **{f"has_{specialist.value}": False for specialist in Specialist},
        )
    seat_rows_upsert(
        ConcordiaPosition,
        [
            ConcordiaPosition(
                session=session,
                seat=seat,
                **adapters.position_values(
                    board,
                    praefectus_magnus=board.name == sheet.praefectus_magnus,
                    rules=rules,
                ),
            )
            for seat, board in zip(seats, sheet.players, strict=True)
        ],
    )
    seat_rows_upsert(
        SeatResult,
        [
            SeatResult(
                session=session,
                seat=seat,
                total=score.total,
                rank=score.rank,
                won=seat_won(result, score.seat),
                breakdown={line.category.value: line.points for line in score.lines},
            )
            for seat, score in zip(seats, result.players, strict=True)
        ],
    )
    return result


@transaction.atomic
def session_details_update(
    *, session: TableSession, played_at: dt.datetime, place: str, notes: str
) -> TableSession:
    """Change when and where a game was played, and its notes."""
    previous_played_at = session.played_at
    session.played_at = played_at
    session.place = place
    session.notes = notes
    session.updated_at = timezone.now()
    session.full_clean()
    session.save(update_fields=["played_at", "place", "notes", "updated_at"])
    session_changed_send(session=session, previous_played_at=previous_played_at)
    return session


@transaction.atomic
def session_delete(*, session: TableSession) -> None:
    """Delete a game: it leaves every page and figure, and can be restored for a while.

    The game is kept, marked deleted, for `UNDO_DELETE_FOR` (see
    `session_restore`); `session_purge_deleted` removes it for good after that.
    """
    if session.deleted_at is not None:
        return
    session.deleted_at = timezone.now()
    session.save(update_fields=["deleted_at"])
    session_changed_send(session=session)


@transaction.atomic
def session_restore(*, session: TableSession) -> TableSession:
    """Bring back a game deleted less than `UNDO_DELETE_FOR` ago.

    Raises `ValidationError` when the game is not deleted or it is too late.
    """
    if session.deleted_at is None:
        raise ValidationError(_("This game is not deleted."))
    if session.deleted_at <= timezone.now() - UNDO_DELETE_FOR:
        raise ValidationError(_("This game was deleted too long ago to restore it."))
    session.deleted_at = None
    session.save(update_fields=["deleted_at"])
    session_changed_send(session=session)
    return session


def session_purge_deleted() -> int:
    """Delete for good the games deleted more than `UNDO_DELETE_FOR` ago; return how many.

    Their statistics were refreshed when they were deleted.
    """
    cutoff = timezone.now() - UNDO_DELETE_FOR
    _total, by_model = TableSession.all_objects.filter(deleted_at__lte=cutoff).delete()
    return by_model.get(TableSession._meta.label, 0)
