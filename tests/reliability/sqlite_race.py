"""Four threads saving one game on a SQLite file: run by test_version_conflict.

The test database of the suite is SQLite in memory with a shared cache, whose
table locks make threads fail at once instead of waiting; a real deployment on
SQLite uses a file. So this runs in a process of its own against a fresh file
(DATABASE_URL) and prints the problems it found as JSON. It also sends one
new-game form five times at once, which must make one game.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test import Client


def main(rounds: int) -> list[str]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from clubs import services as clubs_services
    from clubs.models import Role
    from games import services
    from tests.reliability.race import race_in_threads
    from tests.sheets import example_sheet

    assert connection.vendor == "sqlite"
    assert "memory" not in str(connection.settings_dict["NAME"])
    settings.ALLOWED_HOSTS = ["testserver"]
    # Client.force_login needs no password check; the lockout is not tested here.
    settings.AXES_ENABLED = False
    call_command("migrate", verbosity=0, interactive=False)

    owner = User.objects.create_user("alice")
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=owner)
    people = [owner]
    for name in ("bob", "dora", "erin"):
        user = User.objects.create_user(name)
        clubs_services.membership_add(club=club, user=user, role=Role.MEMBER)
        people.append(user)
    sheet = example_sheet("concordia-rulebook")
    session = services.session_create(
        club=club,
        created_by=owner,
        map_name="imperium",
        played_at=dt.datetime(2026, 11, 1, 20, tzinfo=dt.UTC),
        seats=[services.SeatInput(new_name=board.name) for board in sheet.players],
    )
    clients = []
    for user in people:
        client = Client()
        client.force_login(user)
        clients.append(client)
    connection.close()
    problems = race_in_threads(clients, session, sheet, rounds)
    return problems + _create_at_once(clients)


def _create_at_once(clients: list[Client]) -> list[str]:
    """Send one new-game form five times at once; expect one game, five redirects to it."""
    import threading

    from django.db import connection

    from games.models import TableSession

    data = {
        "idempotency_key": "0123456789abcdef0123456789abcdef",
        "map": "italia",
        "played_at": "2026-11-20",
        "seat0_new_name": "Dora",
        "seat1_new_name": "Erin",
    }
    barrier = threading.Barrier(5)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def send(client: Client) -> None:
        barrier.wait()
        try:
            response = client.post("/clubs/lisboa/games/new/", data)
            answer = (response.status_code, response.get("Location", ""))
        except Exception as error:  # a 500 inside the test client
            answer = (500, repr(error))
        finally:
            connection.close()
        with lock:
            answers.append(answer)

    threads = [
        threading.Thread(target=send, args=(clients[i % len(clients)],))
        for i in range(5)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    made = list(TableSession.objects.filter(idempotency_key=data["idempotency_key"]))
    if len(made) != 1:
        return [f"five identical submissions made {len(made)} games"]
    expected = (302, f"/clubs/lisboa/games/{made[0].pk}/sheet/")
    return [f"a submission got {a}" for a in answers if a != expected]


if __name__ == "__main__":
    json.dump(main(int(sys.argv[1])), sys.stdout)
