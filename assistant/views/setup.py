"""Setting a game up: the wizard, one screen per step, then what the rules lay out, the city tokens and the display as laid."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import (
    HttpResponseClientRedirect,
    push_url,
)

from assistant import engine, selectors, services, setup_draft
from assistant.forms import (
    GOODS,
    SetupColoursForm,
    SetupMapForm,
    SetupPlayersForm,
    SetupScoringForm,
    SetupSeatingForm,
    SetupTrackingForm,
    clean_key,
    new_key,
)
from assistant.labels import GOOD_LABELS
from assistant.views.base import (
    club_of,
    game_of,
    game_urls,
    go_to,
    number_of,
    problem_texts,
)
from clubs.models import Club, Player
from concordia_site.http import AuthedHtmxRequest
from games import selectors as games_selectors
from games.concordia.city_groups import city_field_name, letter_groups
from games.vocabulary import problem_message
from scoring.types import Good

# The wizard's screens after the players (`game_create`), each its own URL.
_STEP_URLS = {
    "players": "assistant:game-create",
    "colours": "assistant:game-create-colours",
    "seating": "assistant:game-create-seating",
    "map": "assistant:game-create-map",
    "tracking": "assistant:game-create-tracking",
    "scoring": "assistant:game-create-scoring",
}


def _step_url(club: Club, step: str) -> str:
    return reverse(_STEP_URLS[step], kwargs={"club_slug": club.slug})


@dataclass
class _Wizard:
    """One request's view of the club's setup draft."""

    club: Club
    players: list[Player]
    by_key: dict[str, Player]
    draft: setup_draft.Draft | None
    # A draft was stored but no longer reads (stale or tampered).
    spoiled: bool

    def save(self, request: AuthedHtmxRequest, draft: setup_draft.Draft) -> None:
        self.draft = draft
        request.session[setup_draft.session_key(self.club.pk)] = setup_draft.draft_dump(
            draft
        )


def _wizard(request: AuthedHtmxRequest, club_slug: str) -> _Wizard:
    club = club_of(request, club_slug)
    players = list(games_selectors.player_list_for_club(club))
    by_key = {str(p.pk): p for p in players}
    stored = request.session.get(setup_draft.session_key(club.pk))
    draft = setup_draft.draft_read(stored, by_key)
    spoiled = stored is not None and draft is None
    if spoiled:
        del request.session[setup_draft.session_key(club.pk)]
    return _Wizard(club, players, by_key, draft, spoiled)


def _created(club: Club, key: str) -> int | None:
    """The game this draft's "Start" already made (a double tap, a resend, a
    tap answered by another worker): the game keeps its draft's key."""
    if not key:
        return None
    return selectors.game_id_for_setup_key(club=club, key=key)


def _restart(request: AuthedHtmxRequest, club: Club) -> HttpResponse:
    messages.warning(
        request,
        _("That setup is no longer valid. Start again with the players."),
    )
    return go_to(request, _step_url(club, "players"))


def _step_forms(
    wizard: _Wizard, step: str, data: QueryDict | None = None
) -> forms.Form:
    draft = wizard.draft
    assert draft is not None or step == "players"
    if step == "players":
        initial = setup_draft.step_data(draft) if draft else None
        return SetupPlayersForm(data, initial=initial, players=wizard.players)
    assert draft is not None
    names = list(draft.names)
    if step == "colours":
        initial = {f"colour{i}": c for i, c in enumerate(draft.colours())}
        return SetupColoursForm(data, initial=initial, names=names)
    if step == "seating":
        start = "random" if draft.start == setup_draft.RANDOM_START else draft.start
        return SetupSeatingForm(data, initial={"start": str(start)}, names=names)
    if step == "map":
        return SetupMapForm(data, initial={"map": draft.map})
    if step == "tracking":
        return SetupTrackingForm(data, initial={"tracking": draft.tracking})
    on = "on" if draft.intermediate_scoring else "off"
    return SetupScoringForm(data, initial={"intermediate_scoring": on})


def _render_step(
    request: AuthedHtmxRequest,
    wizard: _Wizard,
    step: str,
    *,
    form: forms.Form | None = None,
    problems: Sequence[str] = (),
    push: bool = False,
) -> HttpResponse:
    steps = setup_draft.STEPS
    number = steps.index(step) + 1
    club = wizard.club
    back = (
        _step_url(club, steps[number - 2])
        if number > 1
        else reverse("assistant:game-list", kwargs={"club_slug": club.slug})
    )
    draft = wizard.draft
    context = {
        "club": club,
        "step": step,
        "number": number,
        "count": len(steps),
        "action": _step_url(club, step),
        "back_url": back,
        "form": form or _step_forms(wizard, step),
        "problems": problems,
        "draft": draft,
        "draft_key": draft.key if draft else new_key(),
        "colours": draft.colours() if draft else [],
        "last": number == len(steps),
    }
    template = "assistant/game_create.html" + ("#wizard-panel" if request.htmx else "")
    response = render(request, template, context)
    if push:
        push_url(response, _step_url(club, step))
    return response


def _next(request: AuthedHtmxRequest, wizard: _Wizard, step: str) -> HttpResponse:
    """After a screen is done: the next one (htmx swaps it in, no-JS is redirected)."""
    steps = setup_draft.STEPS
    following = steps[steps.index(step) + 1]
    if request.htmx:
        return _render_step(request, wizard, following, push=True)
    return redirect(_step_url(wizard.club, following))


def _start(request: AuthedHtmxRequest, wizard: _Wizard) -> HttpResponse:
    """Create the game from the draft, once per draft, and show the setup to lay out."""
    draft = wizard.draft
    assert draft is not None
    club = wizard.club
    start = draft.start
    if start == setup_draft.RANDOM_START:
        start = random.SystemRandom().randrange(len(draft.seats))
    # Two taps at once (no JS, a resend, two workers): the draft's key makes
    # one game, and both answers lead to it.
    try:
        game = services.game_create(
            club=club,
            created_by=request.user,
            map_name=draft.map,
            tracking=draft.tracking,
            intermediate_scoring=draft.intermediate_scoring,
            players=draft.table(start),
            setup_key=draft.key,
        )
    except engine.LogInvalid as error:
        return _render_step(request, wizard, "players", problems=problem_texts(error))
    request.session.pop(setup_draft.session_key(club.pk), None)
    return go_to(request, _setup_url(club, game.pk))


def _setup_url(club: Club, game_id: int) -> str:
    return reverse(
        "assistant:game-setup", kwargs={"club_slug": club.slug, "game_id": game_id}
    )


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_create(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """The setup wizard's first screen: who plays; or start at once with the usual setup."""
    wizard = _wizard(request, club_slug)
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
    form = _step_forms(wizard, "players", request.POST)
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
        ),
    )
    if request.POST.get("go") == "start":
        return _start(request, wizard)
    return _next(request, wizard, "players")


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_create_step(
    request: AuthedHtmxRequest, club_slug: str, step: str
) -> HttpResponse:
    """A later screen of the wizard: colours, seating, map, tracking, intermediate scoring."""
    wizard = _wizard(request, club_slug)
    club = wizard.club
    if request.method == "POST":
        key = clean_key(request.POST.get("draft"))
        if (game_id := _created(club, key)) is not None:
            return go_to(request, _setup_url(club, game_id))
    draft = wizard.draft
    if draft is None:
        if wizard.spoiled:
            return _restart(request, club)
        return go_to(request, _step_url(club, "players"))
    if request.method != "POST":
        return _render_step(request, wizard, step)
    if clean_key(request.POST.get("draft")) != draft.key:
        return _restart(request, club)
    if step == "seating" and (move := request.POST.get("move", "")):
        direction, _sep, index = move.partition(":")
        form = _step_forms(wizard, step, request.POST)
        if form.is_valid():  # the start player picked before the move
            draft = _draft_after(draft, step, form.cleaned_data)
            wizard.save(request, draft)
        if direction in {"up", "down"} and index.isdigit():
            moved = setup_draft.draft_moved(
                draft, int(index), -1 if direction == "up" else 1
            )
            wizard.save(request, moved)
        if request.htmx:
            return _render_step(request, wizard, step)
        return redirect(_step_url(club, step))
    if request.POST.get("go") != "skip":
        form = _step_forms(wizard, step, request.POST)
        if not form.is_valid():
            return _render_step(request, wizard, step, form=form)
        wizard.save(request, _draft_after(draft, step, form.cleaned_data))
    if step == setup_draft.STEPS[-1]:
        return _start(request, wizard)
    return _next(request, wizard, step)


def _draft_after(
    draft: setup_draft.Draft, step: str, cleaned: dict[str, Any]
) -> setup_draft.Draft:
    if step == "colours":
        seats = tuple(
            dataclasses.replace(seat, colour=colour)
            for seat, colour in zip(draft.seats, cleaned["colours"], strict=True)
        )
        return dataclasses.replace(draft, seats=seats)
    if step == "seating":
        return dataclasses.replace(draft, start=cleaned["start"])
    if step == "map":
        return dataclasses.replace(draft, map=cleaned["map"])
    if step == "tracking":
        return dataclasses.replace(draft, tracking=cleaned["tracking"])
    return dataclasses.replace(
        draft, intermediate_scoring=cleaned["intermediate_scoring"]
    )


@require_GET
@login_required
def game_setup(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """What the rules require on the table before the first turn."""
    game = game_of(request, club_slug, game_id)
    count = len(game.players)
    seats = [
        {
            "name": player["name"],
            "colour": player["colour"],
            "sestertii": engine.STARTING_SESTERTII[index],
        }
        for index, player in enumerate(game.players)
    ]
    return render(
        request,
        "assistant/game_setup.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "seats": seats,
            "praefectus_magnus": game.players[-1]["name"],
            "decks": engine.decks_in_play(count),
            "storehouse": engine.STOREHOUSE_AT_START,
            "provinces": (
                engine.provinces(game.setup["map"], game.setup["cities"])
                if game.setup.get("cities")
                else []
            ),
            "display": game.setup["display"],
        },
    )


@dataclass(frozen=True, slots=True)
class DisplaySlot:
    position: int
    surcharge: tuple[str, ...]
    card: str


def _picked(raw: list[str], deck: list[str]) -> list[str]:
    """The cards tapped so far, in order: deck I's, each once, 7 at most."""
    picked: list[str] = []
    for card in raw:
        if card in deck and card not in picked and len(picked) < engine.DISPLAY_SIZE:
            picked.append(card)
    return picked


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_setup_display(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The display as dealt: tap deck I's cards in the order they lie, left to right.

    Each tap is a POST that returns the page with the card in the next place
    (a tap on a place takes its card out); without JavaScript the same buttons
    submit the whole page. Saved with the last button, before the first turn.
    """
    game = game_of(request, club_slug, game_id)
    deck = engine.deck_cards(1)
    problems: list[str] = []
    picked: list[str] = []
    if request.method == "POST":
        picked = _picked(request.POST.getlist("picked"), deck)
        added = request.POST.get("add", "")
        # Not "remove": a form control of that name hides the form's own
        # remove(), which htmx calls to swap it.
        removed = number_of(request.POST.get("take_out", ""))
        if added:
            picked = _picked([*picked, added], deck)
        if removed is not None and 1 <= removed <= len(picked):
            del picked[removed - 1]
        if request.POST.get("save"):
            try:
                if len(picked) != engine.DISPLAY_SIZE:
                    raise ValidationError(_("Tap the 7 cards of the display first."))
                services.game_setup_update(game=game, display=picked)
            except engine.LogInvalid as error:
                problems = problem_texts(error)
            except ValidationError as error:
                problems = list(error.messages)
            else:
                messages.success(request, _("The display is set as dealt."))
                setup = game_urls(game)["setup"]
                if request.htmx:
                    return HttpResponseClientRedirect(setup)
                return redirect(setup)
    slots = [
        DisplaySlot(
            position=position,
            surcharge=surcharge,
            card=picked[position - 1] if position <= len(picked) else "",
        )
        for position, surcharge in enumerate(engine.display_surcharges(), start=1)
    ]
    template = "assistant/game_setup_display.html" + (
        "#display-entry" if request.htmx else ""
    )
    return render(
        request,
        template,
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "problems": problems,
            "picked": picked,
            "slots": slots,
            "next_place": len(picked) + 1,
            "complete": len(picked) == engine.DISPLAY_SIZE,
            "deck": [card for card in deck if card not in picked],
            "started": game.head_seq > 0,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def game_setup_cities(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The city tokens as laid: the board entry's fieldsets and its check of the deal.

    A tap on a good per city (radio chips, no JavaScript needed), each province
    showing its bonus marker; or the app deals them. Before the first turn only.
    """
    game = game_of(request, club_slug, game_id)
    map_name = game.setup["map"]
    board = engine.spec(map_name)
    names = {city.name: city_field_name(city) for city in board.cities}
    cities = game.setup.get("cities") or {}
    chosen = {city: cities.get(city, "") for city in names}
    problems: tuple[engine.Problem, ...] = ()
    messages_shown: list[str] = []
    if request.method == "POST":
        if request.POST.get("action") == "draw":
            goods = engine.draw_cities(map_name, random.SystemRandom())
        else:
            for city, name in names.items():
                value = request.POST.get(name, "")
                chosen[city] = value if value in GOODS else ""
            goods = {city: good for city, good in chosen.items() if good}
            problems = engine.city_problems(map_name, goods)
        if not problems:
            try:
                services.game_setup_update(game=game, cities=goods)
            except engine.LogInvalid as error:
                messages_shown = problem_texts(error)
            except ValidationError as error:
                messages_shown = list(error.messages)
            else:
                messages.success(request, _("The city tokens are set as laid."))
                return redirect(game_urls(game)["setup"])
    groups = letter_groups(
        board,
        chosen=chosen,
        html_names=names,
        field_errors={},
        problems=problems,
        problem_text=problem_message,
        good_labels={good: GOOD_LABELS[good.value] for good in Good},
    )
    return render(
        request,
        "assistant/game_setup_cities.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "groups": groups,
            "invalid": bool(problems),
            "problems": messages_shown,
            "started": game.head_seq > 0,
        },
    )
