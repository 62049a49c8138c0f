"""The Django side of the restart test and the backup drill, run in a process of its own.

Settings are read once per process, and these tests point the app at databases
other than the suite's (a private PostgreSQL cluster, a scratch database, a
SQLite file), so each step runs as ``python -m tests.reliability.drill <step>``
with ``DATABASE_URL`` set (several steps may follow each other in one run),
and prints the list of what each step has to say as JSON:

- ``restart-seed``: migrate; alice (owner) and bob (member) of Lisboa, and the
  rulebook's finished game;
- ``backup-seed``: migrate; the demo data, a second club, Magnanimous games, an
  edited, a rescored and a deleted game, games imported from a phone's BG
  Stats file, and the table assistant's games (one in play, one finished and
  scored); then a full statistics rebuild;
- ``user-view``: what members see: every game's results, every leaderboard,
  club page and player page, through the selectors;
- ``stats-rebuild``: rebuild every club×game's statistics;
- ``new-game``: record one more game and print the ids it got;
- ``club-backups``: every club's backup (JSON, version 2) and BG Stats export,
  as the club's page downloads them;
- ``club-restore``: migrate; restore the backups ``club-backups`` wrote (the
  file named by ``DRILL_INPUT``) into new, empty clubs of the same names,
  each owned by a new account of its old owner's name;
- ``bgstats-reimport``: import each club's old BG Stats export (from
  ``DRILL_INPUT``) into it again, and say how many games that created;
- ``blackbox-seed``: migrate; alice (owner, with an API token) of Lisboa,
  with the rulebook's game, the phone's BG Stats plays and the assistant's
  games, and of the empty club "Lisboa again"; "Big", an empty club for a
  file at the size cap, and "Writes", an empty club the API writes games to
  (`tests/reliability/test_backup_blackbox.py`).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import json
import os
import sys
from dataclasses import replace
from typing import Any

PASSWORD = "a-long-pass-phrase-for-drills"
EVENING = dt.datetime(2026, 11, 14, 20, tzinfo=dt.UTC)


def _migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def restart_seed() -> dict[str, Any]:
    from django.contrib.auth.models import User

    from clubs import services as clubs_services
    from games import services
    from tests.sheets import example_sheet

    _migrate()
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    clubs_services.membership_add(club=club, user=bob)
    sheet = example_sheet("concordia-rulebook")
    session = services.session_create(
        club=club,
        created_by=alice,
        map_name=sheet.map.value,
        played_at=EVENING,
        place="Café",
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return {"club": club.slug, "session": session.pk, "password": PASSWORD}


def backup_seed() -> dict[str, Any]:
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db.models import F

    from clubs import services as clubs_services
    from clubs.models import Club, Role
    from games import services
    from games.magnanimous import services as magnanimous_services
    from games.models import UNDO_DELETE_FOR, TableSession
    from tests.games.magnanimous_helpers import republic_example, shared_victory
    from tests.sheets import example_sheet

    _migrate()
    call_command("load_demo", stdout=io.StringIO())
    demo = Club.objects.get(slug="demo")
    owner = demo.memberships.get(role=Role.OWNER).user
    bruno = User.objects.create_user("bruno", password=PASSWORD)
    clubs_services.membership_add(club=demo, user=bruno)

    # Edited games: one moved to another evening and place, one rescored.
    second = demo.sessions.get(idempotency_key="demo-2")
    services.session_details_update(
        session=second,
        played_at=EVENING - dt.timedelta(days=50),
        place="Casa do Eli",
        notes="Eli's first game; the table ran late.",
    )
    third = demo.sessions.get(idempotency_key="demo-3")
    sheet = example_sheet("concordia-rulebook")
    rescored = _demo_sheet("demo-3")
    first_board = replace(rescored.players[0], sestertii=4)
    services.concordia_sheet_record(
        session=third,
        sheet=replace(rescored, players=(first_board, *rescored.players[1:])),
        expected_version=third.version,
    )

    for played_at, magnanimous_sheet in (
        (EVENING, republic_example()),
        (EVENING + dt.timedelta(days=7), shared_victory()),
    ):
        game = magnanimous_services.magnanimous_session_create(
            club=demo,
            created_by=owner,
            played_at=played_at,
            place="Café Lusitano",
            seats=[
                services.SeatInput(new_name=board.name)
                for board in magnanimous_sheet.players
            ],
        )
        magnanimous_services.magnanimous_sheet_record(
            session=game, sheet=magnanimous_sheet
        )

    # A game recorded, then deleted: the statistics must not count it.
    mistake = _concordia_game(demo, owner, sheet, EVENING + dt.timedelta(days=1))
    services.session_delete(session=mistake)
    # A day later nobody has undone it, and the hourly purge removes it.
    TableSession.all_objects.filter(pk=mistake.pk).update(
        deleted_at=F("deleted_at") - UNDO_DELETE_FOR
    )
    assert services.session_purge_deleted() == 1

    _bgstats_games(demo, owner)
    _assistant_games(demo, owner)

    porto_owner = User.objects.create_user("carla", password=PASSWORD)
    porto = clubs_services.club_create(name="Porto", slug="porto", owner=porto_owner)
    clubs_services.membership_add(club=porto, user=bruno, role=Role.ADMIN)
    _concordia_game(porto, porto_owner, sheet, EVENING)
    # A game whose sheet is not entered yet.
    services.session_create(
        club=porto,
        created_by=porto_owner,
        map_name="italia",
        played_at=EVENING + dt.timedelta(days=2),
        seats=[services.SeatInput(new_name=name) for name in ("Rui", "Sara")],
    )
    stats_rebuild()
    return {"games": TableSession.objects.count()}


def _bgstats_games(club: Any, owner: Any) -> None:
    """Import the phone's BG Stats file of the portability tests, "Me" being Ana."""
    from pathlib import Path

    from portability.bgstats import bgstats_import, bgstats_read

    phone = Path(__file__).parents[1] / "portability" / "data" / "bgstats-phone.json"
    parsed = bgstats_read(json.loads(phone.read_text("utf-8")))
    ana = club.players.get(name="Ana")
    outcome = bgstats_import(
        club=club,
        parsed=parsed,
        choices={"2": ana.pk},
        imported_by=owner,
        import_valid=True,
    )
    assert (outcome.sessions_created, len(outcome.left_out)) == (2, 3)


def _assistant_games(club: Any, owner: Any) -> None:
    """A light game in play (three turns), and the worked 5-player game, finished and scored."""
    import random
    from pathlib import Path

    from assistant import selectors
    from assistant import services as assistant_services
    from assistant.concordia import presenters
    from assistant.concordia import services as concordia_services
    from games import services
    from scoring import parse_concordia

    live = concordia_services.game_create(
        club=club,
        created_by=owner,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[("Ana", "red"), ("Bia", "green"), ("Caio", "blue")],
        rng=random.Random(14),
    )
    for seq, card in enumerate(("Mercator", "Mercator", "Tribune")):
        state = selectors.game_state(live)
        assert state.seat is not None
        assistant_services.event_append(
            game=live,
            document={
                "type": "play",
                "player": state.players[state.seat].name,
                "card": card,
            },
            expected_seq=seq,
        )
    log = Path(__file__).parents[1] / "play" / "data" / "game-log-5p-full.json"
    done = assistant_services.game_import(
        club=club, created_by=owner, document=json.loads(log.read_text("utf-8"))
    )
    session = assistant_services.game_finish(game=done, created_by=owner)
    # Finished on the evening of the drill, whatever day it runs.
    services.session_details_update(
        session=session, played_at=EVENING + dt.timedelta(days=5), place="", notes=""
    )
    document, missing = presenters.final_sheet_document(selectors.game_state(done))
    assert missing == ()
    services.concordia_sheet_record(session=session, sheet=parse_concordia(document))


def _demo_sheet(key: str) -> Any:
    from games.management.commands.load_demo import DEMO_GAMES

    return next(sheet for game_key, _, _, sheet in DEMO_GAMES if game_key == key)


def _concordia_game(club: Any, user: Any, sheet: Any, played_at: dt.datetime) -> Any:
    from games import services

    session = services.session_create(
        club=club,
        created_by=user,
        map_name=sheet.map.value,
        played_at=played_at,
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    services.concordia_sheet_record(session=session, sheet=sheet)
    return session


def stats_rebuild() -> dict[str, Any]:
    from stats import selectors, services

    targets = selectors.stats_rebuild_targets()
    for club_id, game in targets:
        services.stats_rebuild(club_id=club_id, game=game)
    return {"rebuilt": len(targets)}


def _plain(value: Any) -> Any:
    """Return ``value`` as JSON-ready data; model rows become their table, id and text."""
    from django.db.models import Model
    from django.utils.functional import Promise

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: _plain(getattr(value, field.name))
            for field in dataclasses.fields(value)
        }
    if isinstance(value, Model):
        return f"{value._meta.db_table}:{value.pk}:{value}"
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def user_view() -> dict[str, Any]:
    from django.utils import translation

    from assistant import selectors as assistant_selectors
    from assistant.models import AssistantGame
    from clubs.models import Club
    from games.models import Game, SeatResult
    from stats import selectors

    view: dict[str, Any] = {}
    with translation.override("en"):
        for club in Club.objects.order_by("slug"):
            games = []
            for session in club.sessions.order_by("played_at", "pk"):
                results = SeatResult.objects.filter(session=session).select_related(
                    "seat__player"
                )
                games.append(
                    {
                        "id": session.pk,
                        "game": session.game,
                        "map": session.map,
                        "ending": session.ending,
                        "status": session.status,
                        "version": session.version,
                        "played_at": session.played_at.isoformat(),
                        "place": session.place,
                        "notes": session.notes,
                        "results": [
                            [r.seat.player.name, r.total, r.rank, r.won, r.breakdown]
                            for r in results.order_by("rank", "seat__seat_order")
                        ],
                    }
                )
            view[club.slug] = {
                "games": games,
                "assistant": [
                    {
                        "log": assistant_selectors.game_log_document(game),
                        "head": game.head_seq,
                        "finished_on": game.session.played_at.isoformat()
                        if game.session
                        else None,
                    }
                    for game in AssistantGame.objects.filter(club=club)
                    .select_related("session")
                    .order_by("created_at", "pk")
                ],
            }
            for game in Game.values:
                filters = selectors.LeaderboardFilters()
                first = selectors.leaderboard_get(club=club, game=game, filters=filters)
                pages = [first] + [
                    selectors.leaderboard_get(
                        club=club, game=game, filters=filters, page=page
                    )
                    for page in range(2, first.pages + 1)
                ]
                view[club.slug][game] = {
                    "leaderboard": _plain(pages),
                    "club": _plain(selectors.club_summary_get(club=club, game=game)),
                    "players": {
                        player.name: _plain(
                            selectors.player_profile_get(
                                club=club, game=game, player=player
                            )
                        )
                        for player in selectors.player_qs_for_club(club).order_by(
                            "name"
                        )
                    },
                }
    return view


def new_game() -> dict[str, Any]:
    from clubs.models import Club, Role
    from tests.sheets import example_sheet

    club = Club.objects.get(slug="demo")
    owner = club.memberships.get(role=Role.OWNER).user
    session = _concordia_game(
        club, owner, example_sheet("concordia-rulebook"), EVENING + dt.timedelta(3)
    )
    return {
        "session": session.pk,
        "seats": sorted(session.seats.values_list("pk", flat=True)),
        "players": sorted(session.seats.values_list("player_id", flat=True)),
    }


def club_backups() -> dict[str, Any]:
    from clubs.models import Club
    from portability.backup import club_backup_export
    from portability.bgstats import bgstats_export

    return {
        club.slug: {
            "name": club.name,
            "backup": club_backup_export(club),
            "bgstats": bgstats_export(club),
        }
        for club in Club.objects.order_by("slug")
    }


def _drill_input() -> dict[str, Any]:
    from pathlib import Path

    loaded: dict[str, Any] = json.loads(
        Path(os.environ["DRILL_INPUT"]).read_text("utf-8")
    )
    return loaded


def club_restore() -> dict[str, Any]:
    from django.contrib.auth.models import User

    from clubs import services as clubs_services
    from portability.backup import club_backup_import

    _migrate()
    outcomes = {}
    for slug, saved in _drill_input().items():
        owner_name = next(
            m["username"] for m in saved["backup"]["members"] if m["role"] == "owner"
        )
        owner = User.objects.filter(username=owner_name).first()
        if owner is None:
            owner = User.objects.create_user(owner_name, password=PASSWORD)
        club = clubs_services.club_create(name=saved["name"], slug=slug, owner=owner)
        outcome = club_backup_import(club=club, document=saved["backup"])
        outcomes[slug] = [outcome.players_created, outcome.sessions_created]
    return outcomes


def bgstats_reimport() -> dict[str, Any]:
    from clubs.models import Club
    from portability.bgstats import bgstats_import, bgstats_read

    created = {}
    for slug, saved in _drill_input().items():
        outcome = bgstats_import(
            club=Club.objects.get(slug=slug),
            parsed=bgstats_read(saved["bgstats"]),
            choices={},
        )
        created[slug] = [outcome.sessions_created, outcome.sessions_skipped]
    return created


def blackbox_seed() -> dict[str, Any]:
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token

    from clubs import services as clubs_services
    from clubs.models import Player
    from tests.sheets import example_sheet

    _migrate()
    alice = User.objects.create_user("alice", password=PASSWORD)
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=alice)
    _concordia_game(club, alice, example_sheet("concordia-rulebook"), EVENING)
    Player.objects.filter(club=club, name="Ana").update(user=alice)
    _bgstats_games(club, alice)
    _assistant_games(club, alice)
    clubs_services.club_create(name="Lisboa again", slug="lisboa-again", owner=alice)
    clubs_services.club_create(name="Big", slug="big", owner=alice)
    # Where the API writes (test_backup_blackbox's idempotency case).
    clubs_services.club_create(name="Writes", slug="writes", owner=alice)
    return {"password": PASSWORD, "token": Token.objects.create(user=alice).key}


STEPS = {
    "restart-seed": restart_seed,
    "backup-seed": backup_seed,
    "user-view": user_view,
    "stats-rebuild": stats_rebuild,
    "new-game": new_game,
    "club-backups": club_backups,
    "club-restore": club_restore,
    "bgstats-reimport": bgstats_reimport,
    "blackbox-seed": blackbox_seed,
}


def main(steps: list[str]) -> list[Any]:
    """Run ``steps`` in order; return what each said, in the same order."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()
    return [STEPS[step]() for step in steps]


if __name__ == "__main__":
    json.dump(main(sys.argv[1:]), sys.stdout, indent=1, sort_keys=True)
