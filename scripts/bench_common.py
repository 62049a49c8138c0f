"""What `make bench` and `make load` share.

The machine line every figure is quoted with, the CPU the hypervisor stole
meanwhile, and a club of generated games written into a scratch PostgreSQL
database with COPY (100,000 games take seconds, where the ORM takes minutes).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

YEARS = 10
FIRST_YEAR = 2016
BATCH_GAMES = 5_000


def machine() -> str:
    """Return the CPU model, the number of cores and the Python version."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def cpu_times() -> tuple[int, int, int]:
    """Return (all, idle, stolen) CPU jiffies so far, from /proc/stat (zeros elsewhere)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return 0, 0, 0
    values = [int(value) for value in fields]
    # user nice system idle iowait irq softirq steal ...
    stolen = values[7] if len(values) > 7 else 0
    return sum(values[:8]), values[3] + values[4], stolen


class Steal:
    """The share of CPU time the hypervisor took from this machine meanwhile.

    On a shared virtual machine it explains slow figures that no code change
    would: the benchmarks print it next to every timing.
    """

    def __enter__(self) -> Steal:
        self.start = cpu_times()
        return self

    def __exit__(self, *exc: object) -> None:
        end = cpu_times()
        total = end[0] - self.start[0]
        self.share = (end[2] - self.start[2]) / total if total else 0.0

    def __str__(self) -> str:
        return f"CPU steal {self.share:.0%}"


def database_url(server_url: str, name: str) -> str:
    """Return ``server_url`` pointed at the database ``name``."""
    return urlunsplit(urlsplit(server_url)._replace(path="/" + name))


def admin(server_url: str, sql: str) -> None:
    """Run one statement outside a transaction (CREATE/DROP DATABASE need that)."""
    import psycopg

    with psycopg.connect(server_url, autocommit=True) as connection:
        connection.execute(sql)


def _seat_rows(
    rng: random.Random, skills: list[float], count: int
) -> list[tuple[int, int, dict[str, int]]]:
    """Return (player index, total, points) per seat, in seating order."""
    from scoring.types import Category

    seated = rng.sample(range(len(skills)), count)
    seats = []
    for index in seated:
        points = {
            c.value: max(0, int(rng.gauss(12 + skills[index], 6))) for c in Category
        }
        seats.append((index, sum(points.values()), points))
    return seats


class Copier:
    """COPY rows of one model into PostgreSQL with ids chosen here.

    The ORM's bulk_create spends most of its time preparing each value of each
    row; the generated games only vary in a few columns, so every other column
    takes its default, prepared once from a template instance. New columns with
    a default therefore need no change here.
    """

    def __init__(self, model: type[Any], template: Any, varying: Sequence[str]) -> None:
        from django.db import connection
        from django.db.models import Max

        self.model = model
        self.varying = list(varying)
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        self.fixed = {
            f.column: f.get_db_prep_save(getattr(template, f.attname), connection)
            for f in fields
            if f.attname not in self.varying
        }
        columns = {f.attname: f.column for f in model._meta.concrete_fields}
        self.columns = ["id", *(columns[name] for name in self.varying), *self.fixed]
        highest = model._default_manager.aggregate(highest=Max("id"))["highest"]
        self.next_id = (highest or 0) + 1

    def copy(self, rows: Sequence[Sequence[object]]) -> list[int]:
        """Write ``rows`` (values of the varying columns); return their new ids."""
        from django.db import connection

        ids = list(range(self.next_id, self.next_id + len(rows)))
        self.next_id += len(rows)
        fixed = list(self.fixed.values())
        table = self.model._meta.db_table
        with connection.cursor() as cursor:
            with cursor.cursor.copy(
                f"COPY {table} ({', '.join(self.columns)}) FROM STDIN"
            ) as out:
                for pk, row in zip(ids, rows, strict=True):
                    out.write_row([pk, *row, *fixed])
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), %s)",
                [self.next_id],
            )
        return ids


def generate(*, games: int, players: int) -> tuple[int, int]:
    """Create the user, the club, its players and games; return (club id, user id).

    The user is "bench" (password "bench-password-123"), the club "bench"; the
    games are finished Concordia games of 2 to 5 players over ten years.
    """
    from django.contrib.auth.models import User

    from clubs import services as clubs_services
    from clubs.models import Player
    from games.models import Seat, SeatResult, SessionStatus, TableSession
    from scoring.types import MapName

    maps = [name.value for name in MapName]

    rng = random.Random(4)
    user = User.objects.create_user("bench", password="bench-password-123")
    club = clubs_services.club_create(name="Bench", slug="bench", owner=user)
    people = Player.objects.bulk_create(
        [Player(club=club, name=f"Player {i:04d}") for i in range(players)]
    )
    skills = [rng.gauss(0, 3) for _ in people]
    start = dt.datetime(FIRST_YEAR, 1, 1, 12, tzinfo=dt.UTC)
    span = dt.timedelta(days=365 * YEARS)
    sessions = Copier(
        TableSession,
        TableSession(club=club, status=SessionStatus.FINISHED),
        ["map", "played_at"],
    )
    seats = Copier(Seat, Seat(), ["session_id", "player_id", "seat_order"])
    results = Copier(
        SeatResult,
        SeatResult(total=0, rank=1),
        ["session_id", "seat_id", "total", "rank", "won", "breakdown"],
    )
    for first in range(0, games, BATCH_GAMES):
        count = min(BATCH_GAMES, games - first)
        tables = [_seat_rows(rng, skills, rng.randint(2, 5)) for _ in range(count)]
        session_ids = sessions.copy(
            [
                (rng.choice(maps), start + span * (first + i) / games)
                for i in range(count)
            ]
        )
        seat_ids = iter(
            seats.copy(
                [
                    (session_id, people[index].pk, order)
                    for session_id, table in zip(session_ids, tables, strict=True)
                    for order, (index, _total, _points) in enumerate(table)
                ]
            )
        )
        rows = []
        for session_id, table in zip(session_ids, tables, strict=True):
            totals = [total for _index, total, _points in table]
            for _index, total, points in table:
                rank = 1 + sum(other > total for other in totals)
                rows.append(
                    (
                        session_id,
                        next(seat_ids),
                        total,
                        rank,
                        rank == 1,
                        json.dumps(points),
                    )
                )
        results.copy(rows)
    print(f"  generated {games:,} games")
    return club.pk, user.pk
