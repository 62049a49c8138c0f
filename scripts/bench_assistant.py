"""`make bench`: the table assistant's figures (issue #14) for the README.

Through Django's test client (SQLite in a temporary file, DEBUG off, as in
production), one client at a time, on a game of 5 players, full tracking, that
has recorded the 201 events of `tests/play/data/game-log-5p-full.json` but its
last 40 (so that the page has a current player and moves to record):

- the turn screen: server time, and its size on the wire compressed (gzip),
  with the CSS and scripts it loads (htmx included);
- the head endpoint every phone polls (the 204 path): server time;
- recording an event (the helper's POST, htmx): server time, which includes
  replaying the log under the game's row lock.

Targets: the turn screen ≤ 40 KB compressed; an event recorded p95 ≤ 100 ms.
The figures under concurrent load (50 events/s, phones polling at once on 2
gunicorn workers) come from `make load`, not from here.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_common import machine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOG = ROOT / "tests" / "play" / "data" / "game-log-5p-full.json"
HELD_BACK = 40
REQUESTS = 400
WIRE_TARGET_KB = 40.0
EVENT_P95_TARGET_MS = 100.0


def _percentiles(timings: list[float]) -> tuple[float, float]:
    timings = sorted(timings)
    return statistics.median(timings), timings[int(len(timings) * 0.95) - 1]


def main() -> int:
    print(f"Machine: {machine()}")
    tmp = tempfile.mkdtemp(prefix="tabularium-bench-assistant-")
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
            "DJANGO_ALLOWED_HOSTS": "testserver",
        }
    )
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from clubs import services

    call_command("migrate", verbosity=0)
    user = User.objects.create_user("bench", password="bench-password-123")
    club = services.club_create(name="Bench", slug="bench", owner=user)
    return run(user=user, club=club)


def run(*, user: Any, club: Any, requests: int = REQUESTS, moves: int = 100) -> int:
    """Measure on ``club``'s new game; `tests/test_bench_smoke.py` runs it tiny."""
    from django.contrib.staticfiles import finders
    from django.test import Client
    from django.urls import reverse

    from assistant import services as assistant_services
    from assistant.concordia import services as concordia_services

    warm = min(20, requests)
    document = json.loads(LOG.read_text(encoding="utf-8"))
    events = document["events"]
    game = concordia_services.game_create(
        club=club,
        created_by=user,
        map_name=document["map"],
        tracking=document["tracking"],
        intermediate_scoring=document["intermediate_scoring"],
        players=[(p["name"], p["colour"]) for p in document["players"]],
        cities=document.get("cities"),
        display=document["display"],
    )
    recorded = events[:-HELD_BACK]
    for event in recorded:
        assistant_services.event_append(game=game, document=event, expected_seq=None)
    kwargs = {"club_slug": club.slug, "game_id": game.pk}
    client = Client()
    client.force_login(user)
    htmx = {"HX-Request": "true"}

    turn_url = reverse("assistant:game-turn", kwargs=kwargs)
    timings = []
    for i in range(requests + warm):
        start = time.perf_counter()
        response = client.get(turn_url, secure=True)
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code == 200
        if i >= warm:
            timings.append(elapsed)
    turn_p50, turn_p95 = _percentiles(timings)
    page = response.content
    assets = [
        "django_htmx/htmx-2.min.js",
        "js/app.js",
        "css/app.css",
        "css/assistant.css",
    ]
    wire = len(gzip.compress(page))
    for asset in assets:
        path = finders.find(asset)
        assert path, asset
        wire += len(gzip.compress(Path(str(path)).read_bytes()))
    ok_wire = wire / 1024 <= WIRE_TARGET_KB
    print(
        f"assistant turn screen: server p50 {turn_p50:.1f} ms, p95 {turn_p95:.1f} ms "
        f"over {requests} requests, at event {len(recorded)}; on the wire "
        f"{wire / 1024:.1f} KB gzip with htmx, app.js and the CSS (page alone "
        f"{len(gzip.compress(page)) / 1024:.1f} KB) (target ≤ {WIRE_TARGET_KB:.0f} KB) "
        f"{'OK' if ok_wire else 'MISSED'}"
    )

    head_url = reverse("assistant:game-head", kwargs=kwargs)
    game.refresh_from_db()
    timings = []
    for i in range(requests + warm):
        start = time.perf_counter()
        response = client.get(
            head_url, {"seq": game.head_seq}, headers=htmx, secure=True
        )
        elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code == 204
        if i >= warm:
            timings.append(elapsed)
    head_p50, head_p95 = _percentiles(timings)
    per_worker = 1000 / head_p50
    print(
        f"assistant head poll (nothing changed, 204): p50 {head_p50:.2f} ms, "
        f"p95 {head_p95:.2f} ms; one worker answers about {per_worker:,.0f} polls/s, "
        f"i.e. about {per_worker * 1.5:,.0f} phones polling every 1.5 s (estimate, "
        "one client, no network)"
    )

    play_url = reverse("assistant:game-play", kwargs=kwargs)
    undo_url = reverse("assistant:game-undo", kwargs=kwargs)
    timings = []
    next_event = events[len(recorded)]
    body = {"card": next_event["card"], "build": next_event.get("build", [])}
    for field in ("province", "copy"):
        if field in next_event:
            body[field] = next_event[field]
    for good, amount in next_event.get("trade", {}).items():
        body[f"trade_{good}"] = amount
    for _move in range(moves):
        game.refresh_from_db()
        start = time.perf_counter()
        response = client.post(
            play_url, {"seq": game.head_seq, **body}, headers=htmx, secure=True
        )
        elapsed = (time.perf_counter() - start) * 1000
        assert b'class="problems"' not in response.content, response.content[:2000]
        timings.append(elapsed)
        client.post(undo_url, {"seq": game.head_seq + 1}, headers=htmx, secure=True)
    event_p50, event_p95 = _percentiles(timings)
    game.refresh_from_db()
    ok_event = event_p95 <= EVENT_P95_TARGET_MS
    print(
        f"assistant event recorded (helper POST with htmx, the fresh panel back): "
        f"p50 {event_p50:.1f} ms, p95 {event_p95:.1f} ms over {moves} moves on a log of "
        f"{len(recorded)}-{game.head_seq} events (target p95 ≤ "
        f"{EVENT_P95_TARGET_MS:.0f} ms) {'OK' if ok_event else 'MISSED'}"
    )
    return 0 if ok_wire and ok_event else 1


if __name__ == "__main__":
    sys.exit(main())
