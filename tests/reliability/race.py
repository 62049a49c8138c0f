"""Four phones save the same game at the same version, round after round.

Shared by the SQLite tests (in-process interleaving, and threads on a file
database in a process of its own) and the PostgreSQL test (threads). Every round
each client sends the score sheet with its own sestertii for the first seat; the
rules of a round are:

- exactly one save succeeds (302 to the result page);
- the other three get the sheet again (200) with the conflict message, the
  version the winner made (so their next save is a deliberate overwrite) and
  the totals the winner saved;
- the game's version went up by exactly one and the stored sestertii are the
  winner's: no update is lost and none is half applied.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection
from django.test import Client

from games.models import ConcordiaPosition, SeatResult, TableSession
from scoring.types import ScoreSheet
from tests.sheets import sheet_post_data

# The conflict notice, by its id: its message is translated.
CONFLICT = 'id="sheet-conflict"'
VERSION = re.compile(r'name="version" value="(\d+)"')
CLIENTS = 4


@dataclass(frozen=True)
class Answer:
    client: int
    status: int
    body: str


def _data(
    sheet: ScoreSheet, session: TableSession, version: int, sestertii: int
) -> dict[str, object]:
    seats = list(session.seats.order_by("seat_order"))
    data = sheet_post_data(sheet, seats, version=version)
    data["s0-sestertii"] = sestertii
    return data


def _sestertii(round_number: int, client: int) -> int:
    return round_number * 10 + client


def check_round(
    session: TableSession, round_number: int, version: int, answers: list[Answer]
) -> list[str]:
    """Return what went wrong in one round (nothing, when all the rules held)."""
    problems = []
    label = f"round {round_number}"
    winners = [a for a in answers if a.status == 302]
    losers = [a for a in answers if a.status == 200]
    if len(winners) != 1 or len(losers) != CLIENTS - 1:
        statuses = sorted(a.status for a in answers)
        return [f"{label}: statuses {statuses}, not one 302 and three 200"]
    stored = TableSession.objects.get(pk=session.pk)
    if stored.version != version + 1:
        problems.append(f"{label}: version {stored.version}, not {version + 1}")
    winner_sestertii = _sestertii(round_number, winners[0].client)
    saved = ConcordiaPosition.objects.get(seat__session=session, seat__seat_order=0)
    if saved.sestertii != winner_sestertii:
        problems.append(
            f"{label}: stored {saved.sestertii} sestertii, the winner sent "
            f"{winner_sestertii}"
        )
    totals = [
        f"{r.seat.player.name} {r.total}"
        for r in SeatResult.objects.filter(session=session)
        .select_related("seat__player")
        .order_by("rank", "seat__seat_order")
    ]
    for loser in losers:
        shown = VERSION.findall(loser.body)
        if CONFLICT not in loser.body:
            problems.append(f"{label}: client {loser.client} got no conflict message")
        if shown != [str(version + 1)]:
            problems.append(f"{label}: client {loser.client} was given version {shown}")
        missing = [total for total in totals if total not in loser.body]
        if missing:
            problems.append(f"{label}: client {loser.client} was not shown {missing}")
    return problems


def race_in_threads(
    clients: list[Client], session: TableSession, sheet: ScoreSheet, rounds: int
) -> list[str]:
    """Send the four saves of each round at the same moment, one thread per client."""
    url = _sheet_url(session)
    problems: list[str] = []
    for round_number in range(rounds):
        version = TableSession.objects.get(pk=session.pk).version
        barrier = threading.Barrier(len(clients))
        answers: list[Answer] = []
        lock = threading.Lock()

        def save(
            index: int,
            client: Client,
            version: int = version,
            round_number: int = round_number,
            barrier: threading.Barrier = barrier,
            answers: list[Answer] = answers,
            lock: threading.Lock = lock,
        ) -> None:
            data = _data(sheet, session, version, _sestertii(round_number, index))
            barrier.wait()
            try:
                response = client.post(url, data)
                answer = Answer(index, response.status_code, response.content.decode())
            except Exception as error:  # a 500 inside the test client
                answer = Answer(index, 500, repr(error))
            finally:
                connection.close()
            with lock:
                answers.append(answer)

        threads = [
            threading.Thread(target=save, args=(index, client))
            for index, client in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        problems += check_round(session, round_number, version, answers)
    return problems


def race_interleaved(
    clients: list[Client],
    session: TableSession,
    sheet: ScoreSheet,
    rounds: int,
    order: Callable[[int], list[int]],
) -> list[str]:
    """Each round every client loads the sheet, then all save, in ``order(round)``."""
    url = _sheet_url(session)
    problems: list[str] = []
    for round_number in range(rounds):
        loaded = []
        for client in clients:
            found = VERSION.findall(client.get(url).content.decode())
            loaded.append(int(found[0]))
        version = loaded[0]
        if loaded != [version] * len(clients):
            problems.append(f"round {round_number}: the clients loaded {loaded}")
        answers = []
        for index in order(round_number):
            response = clients[index].post(
                url, _data(sheet, session, version, _sestertii(round_number, index))
            )
            answers.append(
                Answer(index, response.status_code, response.content.decode())
            )
        problems += check_round(session, round_number, version, answers)
    return problems


def _sheet_url(session: TableSession) -> str:
    return f"/clubs/{session.club.slug}/games/{session.pk}/sheet/"
