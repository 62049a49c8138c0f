"""Four phones tapping the same move at the same moment, turn after turn.

Shared by the PostgreSQL test (threads in the suite) and the SQLite test
(threads on a file database in a process of its own, `sqlite_race`). The moves
come from the engine's random legal player, light tracking. Each round: exactly
one event is recorded, and all four phones get the turn panel (200, htmx), three
of them with the conflict message and the fresh state.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from assistant import selectors, services
from assistant.concordia import services as concordia_services
from assistant.models import AssistantEvent
from clubs.models import Club
from tests.assistant.refills import Refills
from tests.play.random_games import play_to_the_end

CLIENTS = 4
# The conflict notice, by its id: its message is translated.
CONFLICT = 'id="move-conflict"'
HTMX = {"HX-Request": "true"}


def _form(event: dict[str, Any], state: Any) -> dict[str, Any]:
    """The light helper's form for ``event``."""
    data: dict[str, Any] = {"card": event["card"]}
    if "province" in event:
        data["province"] = event["province"]
    if "copy" in event:
        data["copy"] = event["copy"]
        data["copied"] = state.players[state.seat_of(event["copy"])].discard[-1]
    if event.get("cash"):
        data["cash"] = "1"
    if event.get("fifteenth_house"):
        data["fifteenth_house"] = "1"
    if "buy" in event:
        data["buy"] = event["buy"]
    return data


def race_in_threads(
    *, club: Club, owner: User, clients: list[Client], rounds: int
) -> list[str]:
    """Play ``rounds`` turns, each sent by every client at once; return what went wrong."""
    played = play_to_the_end(random.Random(5), players=3, tracking="light")
    game = concordia_services.game_create(
        club=club,
        created_by=owner,
        map_name="imperium",
        tracking="light",
        intermediate_scoring=False,
        players=[(p.name, p.colour) for p in played.log.players],
        display=list(played.log.display),
    )
    url = reverse(
        "assistant:game-play", kwargs={"club_slug": club.slug, "game_id": game.pk}
    )
    problems: list[str] = []
    round_number = 0
    refills = Refills()
    for move in played.documents:
        game.refresh_from_db()
        if move["type"] == "reveal":
            if cards := refills.to_send(move["cards"]):
                services.event_append(
                    game=game, document=move | {"cards": cards}, expected_seq=None
                )
            continue
        if move["type"] != "play":
            services.event_append(game=game, document=move, expected_seq=None)
            continue
        if round_number == rounds:
            break
        round_number += 1
        seq = game.head_seq
        form = _form(move, selectors.game_state(game))
        barrier = threading.Barrier(len(clients))
        answers: list[tuple[int, str]] = []
        lock = threading.Lock()

        def tap(
            index: int,
            client: Client,
            seq: int = seq,
            form: dict[str, Any] = form,
            barrier: threading.Barrier = barrier,
            answers: list[tuple[int, str]] = answers,
            lock: threading.Lock = lock,
        ) -> None:
            body = {"seq": seq, "key": f"{index:016x}{seq:016x}", **form}
            barrier.wait()
            try:
                response = client.post(url, body, headers=HTMX)
                answer = (response.status_code, response.content.decode())
            except Exception as error:  # a 500 inside the test client
                answer = (500, repr(error))
            finally:
                connection.close()
            with lock:
                answers.append(answer)

        threads = [
            threading.Thread(target=tap, args=(index, client))
            for index, client in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        recorded = AssistantEvent.objects.filter(game=game).count()
        if recorded != seq + 1:
            problems.append(f"round {round_number}: {recorded} events, not {seq + 1}")
        statuses = sorted(status for status, _body in answers)
        conflicts = sum(CONFLICT in body for _status, body in answers)
        if statuses != [200] * len(clients) or conflicts != len(clients) - 1:
            problems.append(
                f"round {round_number}: statuses {statuses}, {conflicts} conflicts"
            )
        refills.placed(game)
        if move.get("reveal") and (cards := refills.to_send(move["reveal"])):
            services.event_append(
                game=game,
                document={"type": "reveal", "cards": cards},
                expected_seq=None,
            )
    if round_number != rounds:
        problems.append(f"only {round_number} rounds played")
    return problems
