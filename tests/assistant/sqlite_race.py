"""Four threads tapping one game on a SQLite file: run by test_race.

The suite's SQLite is in memory with a shared cache, whose table locks make
threads fail at once instead of waiting; a real deployment on SQLite uses a
file (IMMEDIATE transactions). So this runs in a process of its own against a
fresh file (DATABASE_URL) and prints the problems it found as JSON.
"""

from __future__ import annotations

import json
import os
import sys


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
    from tests.assistant.race import race_in_threads

    assert connection.vendor == "sqlite"
    assert "memory" not in str(connection.settings_dict["NAME"])
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.AXES_ENABLED = False
    call_command("migrate", verbosity=0, interactive=False)
    owner = User.objects.create_user("alice")
    club = clubs_services.club_create(name="Lisboa", slug="lisboa", owner=owner)
    clients = []
    for name in ("bob", "dora", "erin", "fred"):
        user = User.objects.create_user(name)
        clubs_services.membership_add(club=club, user=user)
        client = Client()
        client.force_login(user)
        clients.append(client)
    connection.close()
    return race_in_threads(club=club, owner=owner, clients=clients, rounds=rounds)


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]))))
