"""The table assistant's games in a backup: their game logs, through the assistant.

The assistant is reached through two functions only, its log export
(`assistant.selectors.game_log_document`) and its log import
(`assistant.services.game_import`), which replays the log through the rules
before it stores a single event: a restored game gets its events by insertion
(the event table refuses updates), a new join code and a new follow link. The
backup adds what the log does not hold: when the game was created and the
club's game its final sheet opened (``session``), set on the imported game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from assistant import selectors as assistant_selectors
from assistant import services as assistant_services
from assistant.interface import RulesRefused
from assistant.models import AssistantGame
from clubs.models import Club
from games.models import Game, TableSession
from portability.backup.document import (
    SESSION_NOT_CONCORDIA,
    SESSION_OTHER_PLAYERS,
    SESSION_TAKEN,
    UNKNOWN_SESSION,
    BackupAssistantGame,
)
from scoring.shape import child
from scoring.types import Problem


def assistant_games_export(
    club: Club, *, sessions: Collection[int]
) -> list[BackupAssistantGame]:
    """Return the club's assistant games, oldest first, each with its whole log.

    ``sessions``: the ids of the games the backup holds; a link to another
    (a deleted game) is left out. One query per game (its events).
    """
    games = AssistantGame.objects.filter(club=club).order_by("created_at", "pk")
    return [
        {
            "id": game.pk,
            "created_at": game.created_at.isoformat(),
            "session": game.session_id if game.session_id in sessions else None,
            "log": assistant_selectors.game_log_document(game),
        }
        for game in games
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class ReadGame:
    """An assistant game read from a backup, before its log is imported."""

    path: str
    created_at: dt.datetime | None
    session: int | None
    log: Mapping[str, object]


def _log_players(log: Mapping[str, object]) -> list[str]:
    players = log.get("players")
    if not isinstance(players, list):
        return []
    return [
        str(player.get("name", "")) for player in players if isinstance(player, dict)
    ]


def link_problems(
    games: Sequence[ReadGame],
    *,
    sessions: Mapping[int, tuple[str, list[str]]],
) -> list[Problem]:
    """Return what is wrong with the links of ``games`` to the file's games.

    ``sessions``: each game of the file by its id, as (game, its players' names
    in seating order). A game of the assistant opens the final sheet of one
    game of Concordia, with its players.
    """
    problems: list[Problem] = []
    taken: set[int] = set()
    for game in games:
        if game.session is None:
            continue
        here = child(game.path, "session")
        linked = sessions.get(game.session)
        if linked is None:
            problems.append(
                Problem(
                    path=here, template=UNKNOWN_SESSION, params={"id": game.session}
                )
            )
            continue
        kind, names = linked
        if game.session in taken:
            problems.append(
                Problem(path=here, template=SESSION_TAKEN, params={"id": game.session})
            )
        elif kind != Game.CONCORDIA:
            problems.append(
                Problem(
                    path=here,
                    template=SESSION_NOT_CONCORDIA,
                    params={"id": game.session},
                )
            )
        elif names != _log_players(game.log):
            problems.append(
                Problem(
                    path=here,
                    template=SESSION_OTHER_PLAYERS,
                    params={"id": game.session, "players": ", ".join(names)},
                )
            )
        taken.add(game.session)
    return problems


def assistant_games_restore(
    *,
    club: Club,
    games: Sequence[ReadGame],
    sessions: Mapping[int, TableSession] | None,
) -> list[Problem]:
    """Import each game's log into ``club``; return the problems of the logs refused.

    ``sessions``: the restored games by their id in the file, to link each
    assistant game to the game of its final sheet; None when the games were
    not written (the file has problems: the logs are still checked, so that
    every problem is reported at once, and the caller rolls everything back).
    Each log is imported in a savepoint of its own.
    """
    problems: list[Problem] = []
    for game in games:
        here = child(game.path, "log")
        try:
            with transaction.atomic():
                imported = assistant_services.game_import(
                    club=club, created_by=None, document=game.log
                )
        except RulesRefused as refused:
            problems += [
                Problem(
                    path=child(here, problem.path) if problem.path else here,
                    template=problem.template,
                    params=problem.params,
                    plural=problem.plural,
                    count=problem.count,
                )
                for problem in refused.problems
            ]
            continue
        except ValidationError as refused:
            problems += [
                Problem(path=here, template=message) for message in refused.messages
            ]
            continue
        if sessions is None:
            continue
        session = sessions.get(game.session) if game.session is not None else None
        fields: dict[str, object] = {"session": session}
        if game.created_at is not None:
            fields["created_at"] = game.created_at
        AssistantGame.objects.filter(pk=imported.pk).update(**fields)
    return problems
