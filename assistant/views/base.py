"""What every assistant page shares, and what a game's own pages use from the shell.

The club and game of a request (404 for a stranger, or for a game of another
kind), the game's addresses, problems in the reader's language, the turn
panel (`render_turn`, `turn_context`) and the one way a move is answered
(`record_answer`: refused, in conflict, a question first, or recorded).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_htmx.http import HttpResponseClientRedirect

from assistant import guests, heads, registry, selectors, services
from assistant.forms import clean_key, new_key, seq_of
from assistant.interface import Move, RulesRefused
from assistant.models import AssistantGame
from clubs import access
from clubs.models import Club
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest
from games.vocabulary import problem_message

# The event the head poll sends when the log moved; the turn panel listens.
CHANGED_EVENT = "assistant-changed"

# The shell's pages of one game, by URL name; a game adds its own (`_game_urls`).
_SHELL_PAGES = (
    "turn",
    "undo",
    "abandon",
    "head",
    "share",
    "export",
    "setup",
    "finish",
)


def club_of(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def game_of(
    request: AuthedHtmxRequest, club_slug: str, game_id: int, *, game: str | None = None
) -> AssistantGame:
    """The game of the address, for a member of its club (and of the kind ``game``); else 404.

    On a page wrapped in `guests.phone_required`, a guest's cookie for this
    game (with its current join code) opens it too; the guest is then on the
    request (`guests.GUEST`).
    """
    found = selectors.game_get_visible(
        user=request.user, club_slug=club_slug, game_id=game_id, game=game
    )
    if found is None and getattr(request, guests.ALLOWS_GUESTS, False):
        guest = guests.guest_of(request)
        if guest is not None and guest.game_id == game_id:
            found = selectors.game_for_guest(
                club_slug=club_slug, game_id=game_id, code=guest.code, game=game
            )
            setattr(request, guests.GUEST, guest)
    if found is None:
        raise Http404
    return found


def author(request: HtmxHttpRequest) -> User | None:
    """Who records a move: the signed-in user; nobody for a guest's phone."""
    user = request.user
    return user if isinstance(user, User) and user.is_authenticated else None


def _game_urls(patterns: list[URLPattern]) -> list[str]:
    return [
        str(pattern.name)
        for pattern in patterns
        if pattern.name and "<int:game_id>" in str(pattern.pattern)
    ]


def game_urls(game: AssistantGame) -> dict[str, str]:
    """Every address of one game, keyed for templates (``urls.turn``, ``urls.play``):
    the shell's, then the game's own (``game-setup-display`` → ``setup_display``)."""
    kwargs = {"club_slug": game.club.slug, "game_id": game.pk}
    names = [f"game-{page}" for page in _SHELL_PAGES]
    names += _game_urls(list(registry.of(game).urls))
    return {
        name.removeprefix("game-").replace("-", "_"): reverse(
            f"assistant:{name}", kwargs=kwargs
        )
        for name in names
    }


def problem_texts(error: RulesRefused) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


def go_to(request: HtmxHttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def turn_context(
    game: AssistantGame, state: object, *, read_only: bool = False
) -> dict[str, object]:
    """The turn panel's context: the shell's (the poll, the phones, undo) and the game's."""
    assistant = registry.of(game)
    context: dict[str, object] = {
        "club": game.club,
        "game": game,
        "urls": game_urls(game),
        "key": new_key(),
        "read_only": read_only,
        "head_url": reverse(
            "assistant:game-head",
            kwargs={"club_slug": game.club.slug, "game_id": game.pk},
        ),
        "panel_url": game.get_absolute_url(),
        "status": assistant.status(state),
        "current_player": assistant.current_player(state),
        "undoable": assistant.undoable(state),
        "last_move": assistant.last_move(state),
        "stylesheets": assistant.stylesheets,
        "turn_template": assistant.turn_template,
    }
    if read_only:
        kwargs = {"club_slug": game.club.slug, "follow_token": game.follow_token}
        context["head_url"] = reverse("assistant:follow-head", kwargs=kwargs)
        context["panel_url"] = reverse("assistant:follow", kwargs=kwargs)
    # The poll's token: its "nothing changed" costs no session (`assistant.heads`).
    token = heads.poll_token(game.pk, "f" if read_only else "p")
    context["head_url"] = (
        f"{context['head_url']}?{urlencode({'game': game.pk, 't': token})}"
    )
    return context | assistant.turn_context(state, read_only=read_only)


def render_turn(
    request: HtmxHttpRequest,
    game: AssistantGame,
    *,
    read_only: bool = False,
    **extra: object,
) -> HttpResponse:
    """The turn page (htmx: its panel alone), with ``extra`` (alerts) in its context."""
    state = selectors.game_state(game)
    context = turn_context(game, state, read_only=read_only) | extra
    # A guest's phone: its name, and no links to the club's other pages.
    context["guest"] = getattr(request, guests.GUEST, None)
    template = "assistant/game_turn.html" + ("#turn-panel" if request.htmx else "")
    return render(request, template, context)


@dataclass(frozen=True, slots=True, kw_only=True)
class Race:
    """A move another phone beat: what this phone tried and what was recorded first.

    The panel shows it as an alert the phone keeps (app.js moves it out of the
    panel the poll reloads) until the player dismisses it or taps again.
    """

    message: str
    tried: str
    recorded: tuple[str, ...]

    def texts(self) -> list[str]:
        """The alert as lines (a page without the panel: a message each)."""
        lines = [self.message]
        if self.tried:
            lines.append(_("Your move, not recorded: %(move)s") % {"move": self.tried})
        if self.recorded:
            lines.append(
                _("Recorded first: %(moves)s") % {"moves": "; ".join(self.recorded)}
            )
        return lines


def event_text(game: AssistantGame, event: Mapping[str, object], seq: int) -> str:
    """One line naming an event of ``game``'s log: the shell's (undo, abandon) or the
    game's (`interface.EventText`); else its number."""
    kind = event.get("type")
    if kind == "undo":
        return _("Undo")
    if kind == "abandon":
        return _("The game was abandoned")
    text = getattr(registry.of(game), "event_text", None)
    if callable(text):
        return str(text(event))
    return _("move %(seq)d") % {"seq": seq}


def race_of(
    game: AssistantGame,
    conflict: services.EventConflict,
    seen: int,
    tried: Callable[[int], Mapping[str, object] | None] | None,
) -> Race:
    """The alert of a lost race: the events after head ``seen``, and the move
    ``tried(seen)`` asked for on the state that phone saw."""
    game.refresh_from_db(fields=["head_seq"])
    recorded = tuple(
        event_text(game, event, number)
        for number, event in enumerate(
            selectors.events_after(game=game, seq=seen), start=seen + 1
        )
    )
    tried_text = ""
    if tried is not None:
        try:
            event = tried(seen)
        except RulesRefused:
            event = None
        if event is not None:
            tried_text = event_text(game, event, seen + 1)
    return Race(message=conflict.messages[0], tried=tried_text, recorded=recorded)


def after_write(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    *,
    problems: list[str] | None = None,
    conflict: str = "",
    notice: str = "",
    race: Race | None = None,
) -> HttpResponse:
    """htmx gets the fresh turn panel; without JS, POST/redirect/GET."""
    if not request.htmx:
        texts = race.texts() if race is not None else [conflict] if conflict else []
        for text in [*(problems or []), *texts]:
            messages.error(request, text)
        if notice:
            messages.info(request, notice)
        return redirect(game)
    return render_turn(
        request,
        game,
        problems=problems or [],
        conflict=conflict,
        notice=notice,
        race=race,
    )


Record = Callable[[int, str], "services.MoveResult | services.Appended"]


def record_answer(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    record: Record,
    *,
    refused: Callable[[list[str]], HttpResponse] | None = None,
    failed: Callable[[list[str]], HttpResponse] | None = None,
    question: Callable[[object], HttpResponse] | None = None,
    recorded: Callable[[str], HttpResponse] | None = None,
    tried: Callable[[int], Mapping[str, object] | None] | None = None,
) -> HttpResponse:
    """Answer a phone's write: ``record(head seen, tap key)`` calls one service.

    A write without the head it was made on is refused (it could not be
    checked against another phone's). By default every answer is the turn
    panel (htmx) or the turn page (no JS) with what happened: another phone's
    move first, the game closed, the rules' reasons, or what the app filled in
    itself. A game's page may answer otherwise: ``refused`` (the rules refused:
    the move again, as typed), ``failed`` (any other refusal), ``question``
    (the table must choose first), ``recorded`` (given the notice).
    ``tried(seen head)`` is the event the phone asked for, which names it in
    the alert of a lost race (`Race`).
    """
    seq = seq_of(request.POST.get("seq"))
    if seq is None:
        return _failed(request, game, failed, problems=[str(_UNPLACED)])
    try:
        result = record(seq, clean_key(request.POST.get("key")))
    except services.EventConflict as conflict:
        race = race_of(game, conflict, seq, tried)
        if failed is not None:
            return failed(race.texts())
        return after_write(request, game, race=race)
    except services.GameClosed as closed:
        return _failed(request, game, failed, problems=list(closed.messages))
    except RulesRefused as error:
        texts = problem_texts(error)
        if refused is not None:
            return refused(texts)
        return _failed(request, game, failed, problems=texts)
    asked = result.question if isinstance(result, services.MoveResult) else None
    if asked is not None and question is not None:
        return question(asked)
    notice = result.notice if isinstance(result, services.MoveResult) else ""
    if recorded is not None:
        return recorded(notice)
    return after_write(request, game, notice=notice)


_UNPLACED = gettext_lazy(
    "This move did not say which state of the game it was made on, so nothing"
    " was recorded: reload the game and tap again."
)


def _failed(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    failed: Callable[[list[str]], HttpResponse] | None,
    *,
    problems: list[str] | None = None,
) -> HttpResponse:
    if failed is not None:
        return failed(list(problems or []))
    return after_write(request, game, problems=problems)


def move_answer(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    move: Move,
    **answers: Any,
) -> HttpResponse:
    """Record ``move`` through `services.move_submit` and answer as `record_answer` does."""

    def asked(seen: int) -> Mapping[str, object]:
        state = selectors.game_state_at(game=game, seq=seen)
        return registry.of(game).move_event(state, move)

    def submit(seq: int, key: str) -> services.MoveResult:
        return services.move_submit(
            game=game,
            move=move,
            expected_seq=seq,
            idempotency_key=key,
            created_by=author(request),
        )

    return record_answer(request, game, submit, tried=asked, **answers)
