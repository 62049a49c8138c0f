"""Importing the plays read from a BG Stats file: players, games, the record, undo.

`bgstats_player_matches` says how the file's players would be matched to the
club's; `bgstats_import` stores the plays kept (and, when asked, leaves out
the plays the file gets wrong, reporting them). A file whose ambiguous names
the page must ask about waits in a `BgStatsUpload` between the page's two steps.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, Prefetch, Q, QuerySet
from django.utils import timezone

from clubs.models import Club, Player
from games.documents import ImportRejected, problem_message, reject
from games.models import Game, Seat, SeatResult, SessionStatus, TableSession
from games.services import session_delete
from games.signals import sessions_added_send
from portability.bgstats.export import derived_uuid
from portability.bgstats.read import (
    BgStatsFile,
    BgStatsImportPlay,
    bgstats_file_document,
    bgstats_file_from_document,
    left_out_document,
    left_out_from_document,
    normalise,
)
from portability.common import (
    CHOICE_NOT_A_CANDIDATE,
    CHOOSE_PLAYER,
    SAME_NAME,
    TWO_NAMES_ONE_PLAYER,
    ImportOutcome,
    LeftOut,
)
from portability.models import BgStatsImport, BgStatsPlay, BgStatsUpload
from scoring.names import name_problem, normalize_name
from scoring.types import Problem

# Rows written per statement: well under SQLite's bound on query parameters.
_BATCH = 500
# A file waiting for its names is kept this long.
UPLOAD_KEPT = dt.timedelta(days=1)


class BgStatsRejected(ImportRejected):
    """A BG Stats file refused; ``labels`` names the play or player of each problem.

    ``labels`` maps the path of a play (``plays[3]``) or of a file player
    (``players.3``) to how people recognise it (its date and players, or its
    name), so that every message can say which play it is about.
    """

    def __init__(self, problems: Iterable[Problem], *, labels: Mapping[str, str]):
        super().__init__(problems)
        self.labels = dict(labels)


_OWNER_PATH = re.compile(r"^(plays\[\d+\]|players\.[^.\[]+)")


def problem_text(problem: Problem, labels: Mapping[str, str]) -> str:
    """Return the problem's message in the active language, after its play or player."""
    message = problem_message(problem)
    match = _OWNER_PATH.match(problem.path)
    label = labels.get(match.group(1)) if match else None
    return f"{label} — {message}" if label else message


def rejected_lines(rejected: ImportRejected) -> list[tuple[str, str]]:
    """Return (path, message with its play) for every problem of a refused file."""
    labels = rejected.labels if isinstance(rejected, BgStatsRejected) else {}
    return [
        (problem.path, problem_text(problem, labels)) for problem in rejected.problems
    ]


def left_out_rejection(left_out: Sequence[LeftOut]) -> BgStatsRejected:
    """Return the refusal of a file over the plays it gets wrong."""
    return BgStatsRejected(
        [problem for left in left_out for problem in left.problems],
        labels={left.play.path: left.play.text() for left in left_out},
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMatch:
    """How one BG Stats player would be imported.

    ``player`` is the club's player it matches, or None for a new player
    named ``new_name``; ``needs_choice``: someone has to say who it is, among
    ``candidates`` or somebody new. ``owner``: the phone owner's player, which
    BG Stats calls "Me".
    """

    ref: str
    name: str
    player: Player | None
    candidates: tuple[Player, ...]
    needs_choice: bool
    new_name: str
    owner: bool = False


def _is_me(parsed: BgStatsFile, ref: str, name: str) -> bool:
    # BG Stats names the phone owner's player "Me" until they rename it.
    return bool(parsed.owner) and ref == parsed.owner and normalise(name) == "me"


def bgstats_player_matches(
    *, club: Club, parsed: BgStatsFile, importer: User | None = None
) -> list[PlayerMatch]:
    """Match the file's players to the club's by name (1 query).

    The same name (ignoring case, accents and spacing) is a match. Otherwise,
    club players with the same first name are offered as candidates, since
    "Ana" may be "Ana Silva", "Ana Costa" or somebody new. A name like none of
    the club's becomes a new player. Two file players that would become one
    club player need a choice too. The phone owner's "Me" is the importing
    account's player in the club; when the account has none, it is asked
    among all the club's players (somebody new gets the account's name).
    """
    club_players = list(club.players.order_by("name"))
    by_name: dict[str, Player] = {normalise(p.name): p for p in club_players}
    mine = next(
        (p for p in club_players if importer and p.user_id == importer.pk), None
    )
    matches: list[PlayerMatch] = []
    for ref, name in sorted(parsed.names.items(), key=lambda item: item[1].casefold()):
        if importer is not None and _is_me(parsed, ref, name):
            matches.append(
                PlayerMatch(
                    ref=ref,
                    name=name,
                    player=mine,
                    candidates=() if mine else tuple(club_players),
                    needs_choice=mine is None and bool(club_players),
                    new_name=importer.get_username(),
                    owner=True,
                )
            )
            continue
        key = normalise(name)
        exact = by_name.get(key)
        if exact is not None:
            matches.append(
                PlayerMatch(
                    ref=ref,
                    name=name,
                    player=exact,
                    candidates=(),
                    needs_choice=False,
                    new_name=name,
                )
            )
            continue
        first = key.split(" ")[0] if key else ""
        similar = tuple(
            p
            for p in club_players
            if first and normalise(p.name).split(" ")[0] == first
        )
        matches.append(
            PlayerMatch(
                ref=ref,
                name=name,
                player=None,
                candidates=similar,
                needs_choice=bool(similar),
                new_name=name,
            )
        )
    taken: dict[int, list[PlayerMatch]] = {}
    for match in matches:
        if match.player is not None:
            taken.setdefault(match.player.pk, []).append(match)
    return [
        PlayerMatch(
            ref=m.ref,
            name=m.name,
            player=None,
            candidates=(m.player,),
            needs_choice=True,
            new_name=m.new_name,
            owner=m.owner,
        )
        if m.player is not None and len(taken[m.player.pk]) > 1
        else m
        for m in matches
    ]


@dataclass(slots=True)
class _Resolution:
    """Who each file player is: a club player, or the name of a new one."""

    chosen: dict[str, Player | str] = field(default_factory=dict)
    owners: set[str] = field(default_factory=set)
    # Questions only a person can answer: the import waits for them.
    questions: list[Problem] = field(default_factory=list)
    # What is wrong with a player (a name a player cannot have): their plays
    # are left out when the rest is imported.
    errors: dict[str, list[Problem]] = field(default_factory=dict)
    # The players whose new name breaks the name rule.
    misnamed: set[str] = field(default_factory=set)


def _resolve(
    matches: Sequence[PlayerMatch], choices: Mapping[str, int | None]
) -> _Resolution:
    resolution = _Resolution()
    for match in matches:
        path = f"players.{match.ref}"
        if match.owner:
            resolution.owners.add(match.ref)
        if match.ref in choices:
            choice = choices[match.ref]
            if choice is None:
                resolution.chosen[match.ref] = match.new_name
                continue
            allowed = {p.pk: p for p in (*match.candidates, match.player) if p}
            if choice not in allowed:
                resolution.errors.setdefault(match.ref, []).append(
                    Problem(
                        path=path,
                        template=CHOICE_NOT_A_CANDIDATE,
                        params={"name": match.name},
                    )
                )
                continue
            resolution.chosen[match.ref] = allowed[choice]
        elif match.needs_choice:
            resolution.questions.append(
                Problem(
                    path=path,
                    template=CHOOSE_PLAYER,
                    params={
                        "name": match.name,
                        "candidates": ", ".join(p.name for p in match.candidates),
                    },
                )
            )
        else:
            resolution.chosen[match.ref] = match.player or match.new_name
    names = {m.ref: m.name for m in matches}
    by_target: dict[str, list[str]] = {}
    for ref, target in resolution.chosen.items():
        key = normalise(target if isinstance(target, str) else target.name)
        by_target.setdefault(key, []).append(ref)
    for refs in by_target.values():
        for second in refs[1:]:
            target = resolution.chosen[refs[0]]
            resolution.errors.setdefault(second, []).append(
                Problem(
                    path=f"players.{second}",
                    template=TWO_NAMES_ONE_PLAYER,
                    params={
                        "first": names[refs[0]],
                        "second": names[second],
                        "player": target if isinstance(target, str) else target.name,
                    },
                )
            )
    # A new player's name follows the site's one rule (1 to 40 visible
    # characters, no control or text-direction characters): refused, never cut.
    for ref, target in resolution.chosen.items():
        if isinstance(target, str):
            refusal = name_problem(target)
            if refusal is not None:
                template, params = refusal
                resolution.misnamed.add(ref)
                resolution.errors.setdefault(ref, []).append(
                    Problem(path=f"players.{ref}", template=template, params=params)
                )
    return resolution


def _player_labels(
    matches: Sequence[PlayerMatch], resolution: _Resolution
) -> dict[str, str]:
    # Only the name rule's messages leave the name out: the others say it.
    return {
        f"players.{m.ref}": f"“{m.name}”"
        for m in matches
        if m.ref in resolution.misnamed
    }


def _create_players(
    *,
    club: Club,
    resolution: _Resolution,
    refs: set[str],
    importer: User | None,
) -> dict[str, Player]:
    """Return the club player of every file player of ``refs``, creating new ones."""
    players: dict[str, Player] = {}
    new: dict[str, Player] = {}
    for ref in refs:
        target = resolution.chosen[ref]
        if isinstance(target, Player):
            players[ref] = target
        else:
            new[ref] = Player(
                club=club,
                name=normalize_name(target),
                # The phone owner, new to the club, is the importing account.
                user=importer if ref in resolution.owners else None,
            )
    try:
        with transaction.atomic():
            Player.objects.bulk_create(list(new.values()), batch_size=_BATCH)
    except IntegrityError:
        raise reject(SAME_NAME, "players") from None
    return players | new


_Signature = tuple[dt.date, tuple[tuple[int, int], ...]]


def _play_signatures(
    games: QuerySet[TableSession], *, dates: set[dt.date]
) -> set[_Signature]:
    """Return (date, sorted (player id, points)) of the finished games on ``dates``.

    What recognises a play that BG Stats wrote without a uuid (1 query).
    """
    if not dates:
        return set()
    rows = SeatResult.objects.filter(
        session__in=games.filter(
            game=Game.CONCORDIA,
            status=SessionStatus.FINISHED,
            played_at__date__in=dates,
        )
    ).values_list("session_id", "session__played_at", "seat__player_id", "total")
    by_game: dict[int, tuple[dt.date, list[tuple[int, int]]]] = {}
    for session_id, played_at, player_id, total in rows:
        by_game.setdefault(session_id, (played_at.date(), []))[1].append(
            (player_id, total)
        )
    return {(day, tuple(sorted(scores))) for day, scores in by_game.values()}


def _known_uuids(club: Club, plays: Sequence[BgStatsImportPlay]) -> set[str]:
    """Return the uuids BG Stats knows the club's games by (3 queries).

    A deleted game (an undone import, say) gives its uuid up first, so that
    the file can be imported again, with other players chosen perhaps.
    """
    BgStatsPlay.objects.filter(
        club=club,
        session__deleted_at__isnull=False,
        uuid__in=[play.uuid for play in plays if play.uuid],
    ).delete()
    known = set(
        BgStatsPlay.objects.filter(
            club=club, session__deleted_at__isnull=True
        ).values_list("uuid", flat=True)
    )
    # A game of this club exported to BG Stats comes back with the uuid the
    # export derived from its id.
    known.update(
        derived_uuid("play", club, pk)
        for pk in TableSession.objects.filter(club=club).values_list("pk", flat=True)
    )
    return known


@transaction.atomic
def bgstats_import(
    *,
    club: Club,
    parsed: BgStatsFile,
    choices: Mapping[str, int | None],
    imported_by: User | None = None,
    import_valid: bool = False,
) -> ImportOutcome:
    """Store the file's plays of Concordia as finished games of ``club``.

    ``choices`` maps a file player's id to the club player chosen for it, or
    None for a new player; it is needed for every ambiguous name (see
    `bgstats_player_matches`). A play imported before (same BG Stats uuid) is
    skipped, and so is a play without a uuid when the club has a game of the
    same day with the same players and points. BG Stats has only totals, so
    the games have results but no recorded positions.

    Raises `BgStatsRejected` (nothing is written) while a name waits for its
    choice, and when the file gets a play wrong, unless ``import_valid``: then
    those plays are left out and reported with the plays BG Stats has that are
    no game to keep (no scores, a solo play), which are left out in any case.
    When it creates or leaves out anything, a `BgStatsImport` records it
    (``import_id``), so that `bgstats_import_undo` can delete the games.
    A handful of statements for the whole file, whatever its size.
    """
    if parsed.errors and not import_valid:
        raise left_out_rejection(parsed.errors)
    locked = Club.objects.select_for_update().get(pk=club.pk)
    matches = bgstats_player_matches(club=locked, parsed=parsed, importer=imported_by)
    resolution = _resolve(matches, choices)
    labels = _player_labels(matches, resolution)
    if resolution.questions:
        raise BgStatsRejected(resolution.questions, labels=labels)
    if resolution.errors and not import_valid:
        raise BgStatsRejected(
            [
                problem
                for problems in resolution.errors.values()
                for problem in problems
            ],
            labels=labels,
        )
    left_out = list(parsed.left_out)
    plays: list[BgStatsImportPlay] = []
    for play in parsed.plays:
        wrong = sorted({s.ref for s in play.scores} & set(resolution.errors))
        if wrong:
            problems = tuple(p for ref in wrong for p in resolution.errors[ref])
            left_out.append(LeftOut(play=play.label, problems=problems, error=True))
        else:
            plays.append(play)
    before = locked.players.count()
    players = _create_players(
        club=locked,
        resolution=resolution,
        refs={score.ref for play in plays for score in play.scores},
        importer=imported_by,
    )
    known = _known_uuids(locked, plays)
    seen = _play_signatures(
        TableSession.objects.filter(club=locked),
        dates={play.played_at.date() for play in plays if not play.uuid},
    )
    new: list[BgStatsImportPlay] = []
    for play in plays:
        signature = (
            play.played_at.date(),
            tuple(sorted((players[s.ref].pk, s.score) for s in play.scores)),
        )
        if (play.uuid and play.uuid in known) or (not play.uuid and signature in seen):
            continue
        known.add(play.uuid)
        seen.add(signature)
        new.append(play)
    created = _store_plays(club=locked, plays=new, players=players, by=imported_by)
    record = None
    if created or left_out:
        record = BgStatsImport.objects.create(
            club=locked,
            imported_by=imported_by,
            sessions_skipped=len(plays) - len(new),
            left_out=[left_out_document(left) for left in left_out],
        )
        BgStatsImport.sessions.through.objects.bulk_create(
            [
                BgStatsImport.sessions.through(
                    bgstatsimport_id=record.pk, tablesession_id=session.pk
                )
                for session in created
            ],
            batch_size=_BATCH,
        )
    return ImportOutcome(
        players_created=locked.players.count() - before,
        sessions_created=len(created),
        sessions_skipped=len(plays) - len(new),
        left_out=tuple(left_out),
        import_id=record.pk if record else None,
    )


def _store_plays(
    *,
    club: Club,
    plays: Sequence[BgStatsImportPlay],
    players: Mapping[str, Player],
    by: User | None,
) -> list[TableSession]:
    """Write the games of ``plays`` with their seats, results and uuids (a statement
    per table and batch), and tell the listeners (the statistics) in one signal."""
    sessions = [
        TableSession(
            club=club,
            game=Game.CONCORDIA,
            map=play.map,
            expansions=list(play.expansions),
            played_at=play.played_at,
            place=play.place,
            notes=play.notes,
            status=SessionStatus.FINISHED,
            created_by=by,
        )
        for play in plays
    ]
    TableSession.objects.bulk_create(sessions, batch_size=_BATCH)
    # Rows made with ids, not objects: a third less work per row for thousands.
    seats: list[tuple[Seat, int, int, bool]] = [
        (
            Seat(
                session_id=session.pk,
                player_id=players[score.ref].pk,
                seat_order=order,
                team=score.team,
            ),
            score.score,
            score.rank,
            score.won,
        )
        for session, play in zip(sessions, plays, strict=True)
        for order, score in enumerate(play.scores)
    ]
    Seat.objects.bulk_create([seat for seat, *_ in seats], batch_size=_BATCH)
    SeatResult.objects.bulk_create(
        [
            SeatResult(
                session_id=seat.session_id,
                seat_id=seat.pk,
                total=total,
                rank=rank,
                won=won,
            )
            for seat, total, rank, won in seats
        ],
        batch_size=_BATCH,
    )
    BgStatsPlay.objects.bulk_create(
        [
            BgStatsPlay(club_id=club.pk, session_id=session.pk, uuid=play.uuid)
            for session, play in zip(sessions, plays, strict=True)
            if play.uuid
        ],
        batch_size=_BATCH,
    )
    sessions_added_send(
        sessions=sessions,
        player_ids={
            session.pk: [players[score.ref].pk for score in play.scores]
            for session, play in zip(sessions, plays, strict=True)
        },
    )
    return sessions


# The page's two steps: a file waiting for its names.


@transaction.atomic
def bgstats_upload_create(
    *, club: Club, user: User, parsed: BgStatsFile, import_valid: bool
) -> BgStatsUpload:
    """Keep ``parsed`` until ``user`` says who its ambiguous names are.

    Replaces the user's earlier upload to the club, and removes every upload
    older than `UPLOAD_KEPT`.
    """
    BgStatsUpload.objects.filter(created_at__lt=timezone.now() - UPLOAD_KEPT).delete()
    BgStatsUpload.objects.filter(club=club, uploaded_by=user).delete()
    return BgStatsUpload.objects.create(
        club=club,
        uploaded_by=user,
        document=bgstats_file_document(parsed),
        import_valid=import_valid,
    )


def bgstats_upload_get(
    *, club: Club, user: User, upload_id: int
) -> BgStatsUpload | None:
    """Return the user's waiting upload to the club, or None (gone, or another's)."""
    return (
        BgStatsUpload.objects.filter(
            pk=upload_id,
            club=club,
            uploaded_by=user,
            created_at__gte=timezone.now() - UPLOAD_KEPT,
        )
        .order_by()
        .first()
    )


def bgstats_upload_file(upload: BgStatsUpload) -> BgStatsFile:
    """Return the plays a waiting upload holds."""
    return bgstats_file_from_document(upload.document)


@transaction.atomic
def bgstats_upload_import(
    *, upload: BgStatsUpload, choices: Mapping[str, int | None]
) -> ImportOutcome:
    """Import a waiting upload with the names chosen, then forget it.

    Raises `BgStatsRejected` as `bgstats_import` does; the upload waits on.
    """
    outcome = bgstats_import(
        club=upload.club,
        parsed=bgstats_upload_file(upload),
        choices=choices,
        imported_by=upload.uploaded_by,
        import_valid=upload.import_valid,
    )
    upload.delete()
    return outcome


# What the page lists, and undoing an import.


@dataclass(frozen=True, slots=True, kw_only=True)
class ImportSummary:
    """A BG Stats import: its games still in the club, and the plays it left out."""

    record: BgStatsImport
    sessions: tuple[TableSession, ...]
    left_out: tuple[LeftOut, ...] = ()


def _summaries(records: Iterable[BgStatsImport]) -> list[ImportSummary]:
    return [
        ImportSummary(
            record=record,
            sessions=tuple(record.sessions.all()),
            left_out=tuple(
                left_out_from_document(raw)
                for raw in record.left_out
                if isinstance(raw, dict)
            ),
        )
        for record in records
    ]


def bgstats_imports_recent(club: Club, *, limit: int = 5) -> list[ImportSummary]:
    """Return the club's latest BG Stats imports with games to undo or plays left out.

    Newest first; the games come with their seats, players and results (3 queries).
    """
    seats = Seat.objects.select_related("player", "result").order_by("seat_order")
    games = TableSession.objects.prefetch_related(Prefetch("seats", queryset=seats))
    records = (
        BgStatsImport.objects.filter(club=club, undone_at__isnull=True)
        .annotate(live=Count("sessions", filter=Q(sessions__deleted_at__isnull=True)))
        .filter(Q(live__gt=0) | ~Q(left_out=[]))
        .prefetch_related(
            Prefetch("sessions", queryset=games.order_by("played_at", "pk"))
        )
        .order_by("-created_at", "-pk")[:limit]
    )
    return _summaries(records)


def bgstats_import_get(club: Club, import_id: int) -> ImportSummary | None:
    """Return one of the club's BG Stats imports with its games, or None (2 queries)."""
    record = BgStatsImport.objects.filter(club=club, pk=import_id).first()
    if record is None:
        return None
    seats = Seat.objects.select_related("player", "result").order_by("seat_order")
    sessions = record.sessions.prefetch_related(
        Prefetch("seats", queryset=seats)
    ).order_by("played_at", "pk")
    return ImportSummary(record=record, sessions=tuple(sessions))


@transaction.atomic
def bgstats_import_undo(*, record: BgStatsImport) -> int:
    """Delete the games a BG Stats import created and still in the club; return how many.

    Each goes through `games.services.session_delete`, so the statistics
    refresh and each game can still be restored for a day; the players the
    import created stay. Undoing an import twice deletes nothing more, not
    even a game restored after the first undo.
    """
    if record.undone_at is not None:
        return 0
    sessions = list(record.sessions.select_related("club"))
    for session in sessions:
        session_delete(session=session)
    record.undone_at = timezone.now()
    record.save(update_fields=["undone_at"])
    return len(sessions)
