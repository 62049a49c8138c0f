"""Setting a game up: the wizard, one screen per step, for any game; then the game's setup page.

The players, their colours and the seating are every game's screens; the
game's own follow (`GameAssistant.wizard_steps`). Each game's wizard has its
own addresses and its own draft in the session (`setup_draft.session_key`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from assistant import registry, selectors, services, setup_draft
from assistant.forms import (
    SetupColoursForm,
    SetupPlayersForm,
    SetupSeatingForm,
    clean_key,
    new_key,
)
from assistant.interface import GameAssistant, RulesRefused
from assistant.views.base import club_of, game_of, go_to, problem_texts
from clubs.models import Club, Player
from concordia_site.http import AuthedHtmxRequest
from games import selectors as games_selectors


@dataclass
class _Wizard:
    """One request's view of the club's setup draft for one game."""

    club: Club
    game: GameAssistant[Any]
    players: list[Player]
    by_key: dict[str, Player]
    draft: setup_draft.Draft | None
    # A draft was stored but no longer reads (stale or tampered).
    spoiled: bool

    @property
    def session_key(self) -> str:
        return setup_draft.session_key(self.game.game, self.club.pk)

    def save(self, request: AuthedHtmxRequest, draft: setup_draft.Draft) -> None:
        self.draft = draft
        request.session[self.session_key] = setup_draft.draft_dump(draft)

    def step_url(self, step: str) -> str:
        name = self.game.wizard_url_name
        if step != setup_draft.SHARED_STEPS[0]:
            name = f"{name}-{step}"
        return reverse(f"assistant:{name}", kwargs={"club_slug": self.club.slug})

    @property
    def steps(self) -> tuple[str, ...]:
        return setup_draft.steps(self.game)


def _wizard(request: AuthedHtmxRequest, club_slug: str, game: str) -> _Wizard:
    club = club_of(request, club_slug)
    assistant = registry.get(game)
    assert assistant is not None  # the URL exists only for a registered game
    players = list(games_selectors.player_list_for_club(club))
    by_key = {str(p.pk): p for p in players}
    key = setup_draft.session_key(game, club.pk)
    stored = request.session.get(key)
    draft = setup_draft.draft_read(stored, by_key, assistant)
    spoiled = stored is not None and draft is None
    if spoiled:
        del request.session[key]
    return _Wizard(club, assistant, players, by_key, draft, spoiled)


def _created(club: Club, key: str) -> int | None:
    """The game this draft's "Start" already made (a double tap, a resend, a
    tap answered by another worker): the game keeps its draft's key."""
    if not key:
        return None
    return selectors.game_id_for_setup_key(club=club, key=key)


def _restart(request: AuthedHtmxRequest, wizard: _Wizard) -> HttpResponse:
    messages.warning(
        request,
        _("That setup is no longer valid. Start again with the players."),
    )
    return go_to(request, wizard.step_url("players"))


def _game_step(wizard: _Wizard, step: str) -> Any:
    return next(s for s in wizard.game.wizard_steps if s.name == step)


def _step_form(wizard: _Wizard, step: str, data: QueryDict | None = None) -> forms.Form:
    draft = wizard.draft
    if step == "players":
        initial = setup_draft.step_data(draft) if draft else None
        return SetupPlayersForm(
            data, initial=initial, players=wizard.players, game=wizard.game
        )
    assert draft is not None
    names = list(draft.names)
    if step == "colours":
        initial = {f"colour{i}": c for i, c in enumerate(draft.colours())}
        return SetupColoursForm(
            data, initial=initial, names=names, colours=wizard.game.colours
        )
    if step == "seating":
        start = "random" if draft.start == setup_draft.RANDOM_START else draft.start
        return SetupSeatingForm(data, initial={"start": str(start)}, names=names)
    form: forms.Form = _game_step(wizard, step).form(data, draft.choices)
    return form


def _render_step(
    request: AuthedHtmxRequest,
    wizard: _Wizard,
    step: str,
    *,
    form: forms.Form | None = None,
    problems: Sequence[str] = (),
    push: bool = False,
) -> HttpResponse:
    steps = wizard.steps
    number = steps.index(step) + 1
    club = wizard.club
    back = (
        wizard.step_url(steps[number - 2])
        if number > 1
        else reverse("assistant:game-list", kwargs={"club_slug": club.slug})
    )
    draft = wizard.draft
    own = None if step in setup_draft.SHARED_STEPS else _game_step(wizard, step)
    context = {
        "club": club,
        "wizard": wizard.game,
        "step": step,
        "step_template": own.template if own else "",
        "taps_submit": own.taps_submit if own else False,
        "number": number,
        "count": len(steps),
        "action": wizard.step_url(step),
        "back_url": back,
        "form": form or _step_form(wizard, step),
        "problems": problems,
        "draft": draft,
        "choices": draft.choices if draft else {},
        "draft_key": draft.key if draft else new_key(),
        "colours": (
            draft.seating_colours(by_seat=wizard.game.colours_by_seat) if draft else []
        ),
        "by_seat": wizard.game.colours_by_seat,
        "last": number == len(steps),
    }
    if step == "players":
        context |= _chips(wizard, context["form"])  # type: ignore[arg-type]
    template = "assistant/game_create.html" + ("#wizard-panel" if request.htmx else "")
    response = render(request, template, context)
    if push:
        push_url(response, wizard.step_url(step))
    return response


_SEAT_PARTS = ("player", "new_name", "colour")


def _seats_of(wizard: _Wizard, data: Any) -> list[dict[str, str]]:
    return [
        {part: str(data.get(f"seat{index}_{part}") or "") for part in _SEAT_PARTS}
        for index in range(wizard.game.max_players)
    ]


def _picked(wizard: _Wizard, data: QueryDict) -> dict[str, str]:
    """The players screen after a chip: a club player in the first free seat (or
    out, tapped again), or a recent table in its seating order."""
    seats = [
        seat for seat in _seats_of(wizard, data) if seat["player"] or seat["new_name"]
    ]
    if table := data.get("pick_table"):
        keys = [key for key in table.split(",") if key in wizard.by_key]
        seats = [{"player": key, "new_name": "", "colour": ""} for key in keys]
    elif (key := data.get("pick", "")) in wizard.by_key:
        chosen = [seat for seat in seats if seat["player"] == key]
        if chosen:
            seats.remove(chosen[0])
        elif len(seats) < wizard.game.max_players:
            seats.append({"player": key, "new_name": "", "colour": ""})
    return {
        f"seat{index}_{part}": seat[part]
        for index, seat in enumerate(seats[: wizard.game.max_players])
        for part in _SEAT_PARTS
    }


def _chips(wizard: _Wizard, form: forms.Form) -> dict[str, object]:
    """The players screen's chips: recent tables, then each club player, who
    played last first (a chip is pressed when its player has a seat)."""
    data = form.data if form.is_bound else form.initial
    seated = {seat["player"] for seat in _seats_of(wizard, data) if seat["player"]}
    tables = games_selectors.recent_tables_for_club(wizard.club, game=wizard.game.game)
    return {
        "recent_tables": [
            (
                ",".join(str(p.pk) for p in table),
                " · ".join(p.name for p in table),
            )
            for table in tables
            if len(table) <= wizard.game.max_players
        ],
        "player_chips": [
            (str(p.pk), p.name, str(p.pk) in seated)
            for p in games_selectors.players_by_recent_play(wizard.club)
        ],
    }


def _next(request: AuthedHtmxRequest, wizard: _Wizard, step: str) -> HttpResponse:
    """After a screen is done: the next one (htmx swaps it in, no-JS is redirected)."""
    steps = wizard.steps
    following = steps[steps.index(step) + 1]
    if request.htmx:
        return _render_step(request, wizard, following, push=True)
    return redirect(wizard.step_url(following))


def _start(request: AuthedHtmxRequest, wizard: _Wizard) -> HttpResponse:
    """Create the game from the draft, once per draft, and show the setup to lay out."""
    draft = wizard.draft
    assert draft is not None
    club = wizard.club
    # Two taps at once (no JS, a resend, two workers): the draft's key makes
    # one game, and both answers lead to it.
    if (made := _created(club, draft.key)) is not None:
        return go_to(request, _setup_url(club, made))
    try:
        game = services.game_create_from_choices(
            club=club,
            created_by=request.user,
            game=wizard.game.game,
            players=draft.table(),
            choices=draft.choices,
            start=draft.start_seat,
            setup_key=draft.key,
        )
    except RulesRefused as error:
        return _render_step(request, wizard, "players", problems=problem_texts(error))
    request.session.pop(wizard.session_key, None)
    return go_to(request, _setup_url(club, game.pk))


def _setup_url(club: Club, game_id: int) -> str:
    return reverse(
        "assistant:game-setup", kwargs={"club_slug": club.slug, "game_id": game_id}
    )


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_create(request: AuthedHtmxRequest, club_slug: str, game: str) -> HttpResponse:
    """The setup wizard's first screen: who plays; or start at once with the usual setup."""
    wizard = _wizard(request, club_slug, game)
    if wizard.spoiled and request.method == "GET":
        messages.warning(
            request,
            _("That setup is no longer valid. Start again with the players."),
        )
    if request.method != "POST":
        return _render_step(request, wizard, "players")
    key = clean_key(request.POST.get("draft"))
    if (game_id := _created(wizard.club, key)) is not None:
        return go_to(request, _setup_url(wizard.club, game_id))
    if "pick" in request.POST or "pick_table" in request.POST:
        # A chip: the seats as typed, with that player (or that table) in.
        seats = _picked(wizard, request.POST)
        chosen = SetupPlayersForm(
            initial=seats, players=wizard.players, game=wizard.game
        )
        return _render_step(request, wizard, "players", form=chosen)
    form = _step_form(wizard, "players", request.POST)
    if not form.is_valid():
        return _render_step(request, wizard, "players", form=form)
    draft = wizard.draft
    wizard.save(
        request,
        setup_draft.draft_with_seats(
            draft,
            key=draft.key if draft else (key or new_key()),
            seats=form.cleaned_data["seats"],
            players=wizard.by_key,
            game=wizard.game,
        ),
    )
    if request.POST.get("go") == "start":
        return _start(request, wizard)
    return _next(request, wizard, "players")


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_create_step(
    request: AuthedHtmxRequest, club_slug: str, game: str, step: str
) -> HttpResponse:
    """A later screen of the wizard: colours, seating, then the game's own."""
    wizard = _wizard(request, club_slug, game)
    club = wizard.club
    if request.method == "POST":
        key = clean_key(request.POST.get("draft"))
        if (game_id := _created(club, key)) is not None:
            return go_to(request, _setup_url(club, game_id))
    draft = wizard.draft
    if draft is None:
        if wizard.spoiled:
            return _restart(request, wizard)
        return go_to(request, wizard.step_url("players"))
    if request.method != "POST":
        return _render_step(request, wizard, step)
    if clean_key(request.POST.get("draft")) != draft.key:
        return _restart(request, wizard)
    if step == "seating" and (move := request.POST.get("move", "")):
        return _seat_moved(request, wizard, move)
    if request.POST.get("go") != "skip":
        form = _step_form(wizard, step, request.POST)
        if not form.is_valid():
            return _render_step(request, wizard, step, form=form)
        wizard.save(request, _draft_after(wizard, draft, step, form.cleaned_data))
    if step == wizard.steps[-1]:
        return _start(request, wizard)
    return _next(request, wizard, step)


def _seat_moved(request: AuthedHtmxRequest, wizard: _Wizard, move: str) -> HttpResponse:
    """The seating screen's ↑/↓: a seat moves one place; the start player follows."""
    draft = wizard.draft
    assert draft is not None
    direction, _sep, index = move.partition(":")
    form = _step_form(wizard, "seating", request.POST)
    if form.is_valid():  # the start player picked before the move
        draft = _draft_after(wizard, draft, "seating", form.cleaned_data)
        wizard.save(request, draft)
    # "pick" (a start player tapped) only saves it: the page shows its colours.
    if direction in {"up", "down"} and index.isdigit():
        step = -1 if direction == "up" else 1
        wizard.save(request, setup_draft.draft_moved(draft, int(index), step))
    if request.htmx:
        return _render_step(request, wizard, "seating")
    return redirect(wizard.step_url("seating"))


def _draft_after(
    wizard: _Wizard, draft: setup_draft.Draft, step: str, cleaned: dict[str, Any]
) -> setup_draft.Draft:
    if step == "colours":
        seats = tuple(
            dataclasses.replace(seat, colour=colour)
            for seat, colour in zip(draft.seats, cleaned["colours"], strict=True)
        )
        return dataclasses.replace(draft, seats=seats)
    if step == "seating":
        return dataclasses.replace(draft, start=cleaned["start"])
    choices = _game_step(wizard, step).apply(draft.choices, cleaned)
    return dataclasses.replace(draft, choices=choices)


@require_GET
@login_required
def game_setup(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """What the rules require on the table before the first turn (the game's page)."""
    game = game_of(request, club_slug, game_id)
    return registry.of(game).setup_page(request, game)
