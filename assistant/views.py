"""The table assistant's pages (FBVs). Every page works without JavaScript.

The turn screen is one partial, ``turn-panel``: a card's helper replaces it,
a recorded move returns it fresh, and the head poll makes it reload itself
when another phone recorded something.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import segno
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import (
    HttpResponseClientRedirect,
    push_url,
    trigger_client_event,
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
    play_document,
)
from assistant.labels import GOOD_LABELS
from assistant.models import AssistantGame, Tracking
from assistant.templatetags.assistant_extras import card_label
from clubs import access
from clubs.models import Club, Player
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest
from games import selectors as games_selectors
from games.concordia.city_groups import city_field_name, letter_groups
from games.vocabulary import problem_message
from scoring.types import Good

# The event the head poll sends when the log moved; the turn panel listens.
CHANGED_EVENT = "assistant-changed"


def _club(request: AuthedHtmxRequest, club_slug: str) -> Club:
    return access.club_for_member(request.user, club_slug)


def _game(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> AssistantGame:
    game = selectors.game_get_visible(
        user=request.user, club_slug=club_slug, game_id=game_id
    )
    if game is None:
        raise Http404
    return game


def _urls(game: AssistantGame) -> dict[str, str]:
    kwargs = {"club_slug": game.club.slug, "game_id": game.pk}
    return {
        name.replace("-", "_"): reverse(f"assistant:game-{name}", kwargs=kwargs)
        for name in (
            "turn",
            "play",
            "reveal",
            "undo",
            "adjust",
            "abandon",
            "head",
            "share",
            "export",
            "setup",
            "setup-display",
            "setup-cities",
            "finish",
        )
    }


def _problems(error: engine.LogInvalid) -> list[str]:
    return [problem_message(problem) for problem in error.problems]


@require_GET
@login_required
def game_list(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    lists = selectors.game_lists_for_club(user=request.user, club_slug=club.slug)
    return render(
        request,
        "assistant/game_list.html",
        {"club": club, "games": lists.in_play, "ended": lists.ended},
    )


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
    club = _club(request, club_slug)
    players = list(games_selectors.player_list_for_club(club))
    by_key = {str(p.pk): p for p in players}
    stored = request.session.get(setup_draft.session_key(club.pk))
    draft = setup_draft.draft_read(stored, by_key)
    spoiled = stored is not None and draft is None
    if spoiled:
        del request.session[setup_draft.session_key(club.pk)]
    return _Wizard(club, players, by_key, draft, spoiled)


def _created(request: AuthedHtmxRequest, club: Club, key: str) -> int | None:
    """The game this draft's "Start" already made (a double tap, a resend)."""
    if not key:
        return None
    done = request.session.get(setup_draft.created_key(club.pk))
    if isinstance(done, dict) and done.get("key") == key:
        game_id = done.get("game")
        return game_id if isinstance(game_id, int) else None
    # A tap sent while the first was still creating: its session has not seen it.
    made = cache.get(_MADE + key)
    return made if isinstance(made, int) else None


_LOCK = "assistant-setup-start:"
_MADE = "assistant-setup-made:"


def _go(request: AuthedHtmxRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _restart(request: AuthedHtmxRequest, club: Club) -> HttpResponse:
    messages.warning(
        request,
        _("That setup is no longer valid. Start again with the players."),
    )
    return _go(request, _step_url(club, "players"))


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
    # Two taps at once (no JS, a resend): the second finds the lock taken and
    # waits for the game the first makes, so both answers lead to one game.
    lock = _LOCK + draft.key
    if not cache.add(lock, 1, timeout=30):
        for _try in range(50):
            if (made := cache.get(_MADE + draft.key)) is not None:
                return _go(request, _setup_url(club, made))
            time.sleep(0.1)
        return _restart(request, club)
    try:
        game = services.game_create(
            club=club,
            created_by=request.user,
            map_name=draft.map,
            tracking=draft.tracking,
            intermediate_scoring=draft.intermediate_scoring,
            players=draft.table(start),
        )
    except engine.LogInvalid as error:
        cache.delete(lock)
        return _render_step(request, wizard, "players", problems=_problems(error))
    cache.set(_MADE + draft.key, game.pk, timeout=3600)
    request.session.pop(setup_draft.session_key(club.pk), None)
    request.session[setup_draft.created_key(club.pk)] = {
        "key": draft.key,
        "game": game.pk,
    }
    return _go(request, _setup_url(club, game.pk))


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
    if (game_id := _created(request, wizard.club, key)) is not None:
        return _go(request, _setup_url(wizard.club, game_id))
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
        if (game_id := _created(request, club, key)) is not None:
            return _go(request, _setup_url(club, game_id))
    draft = wizard.draft
    if draft is None:
        if wizard.spoiled:
            return _restart(request, club)
        return _go(request, _step_url(club, "players"))
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
    game = _game(request, club_slug, game_id)
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
            "urls": _urls(game),
            "seats": seats,
            "praefectus_magnus": game.players[-1]["name"],
            "decks": engine.decks_in_play(count),
            "storehouse": engine.STOREHOUSE_AT_START,
            "provinces": engine.provinces(game.map, game.cities) if game.cities else [],
            "display": game.display,
        },
    )


def _turn_context(
    game: AssistantGame, state: engine.State, *, read_only: bool = False
) -> dict[str, object]:
    return {
        "club": game.club,
        "game": game,
        "turn": engine.turn_view(state),
        "standing": engine.standing(state),
        "intermediate": engine.intermediate_view(state),
        "urls": _urls(game),
        "key": new_key(),
        "read_only": read_only,
        "head_url": reverse(
            "assistant:game-head",
            kwargs={"club_slug": game.club.slug, "game_id": game.pk},
        ),
        "panel_url": game.get_absolute_url(),
    }


def _render_turn(
    request: HtmxHttpRequest,
    game: AssistantGame,
    *,
    read_only: bool = False,
    **extra: object,
) -> HttpResponse:
    state = selectors.game_state(game)
    context = _turn_context(game, state, read_only=read_only) | extra
    if read_only:
        kwargs = {"club_slug": game.club.slug, "follow_token": game.follow_token}
        context["head_url"] = reverse("assistant:follow-head", kwargs=kwargs)
        context["panel_url"] = reverse("assistant:follow", kwargs=kwargs)
    template = "assistant/game_turn.html" + ("#turn-panel" if request.htmx else "")
    return render(request, template, context)


@require_GET
@login_required
@vary_on_headers("HX-Request")
def game_turn(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """The turn screen: whose turn, their hand, the discards and the display."""
    game = _game(request, club_slug, game_id)
    if request.htmx and request.GET.get("moved"):
        # An open helper's notice: the panel under it stays as it is.
        return render(
            request, "assistant/_moved.html", {"game": game, "urls": _urls(game)}
        )
    return _render_turn(request, game)


def _after_write(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    *,
    problems: list[str] | None = None,
    conflict: str = "",
    notice: str = "",
) -> HttpResponse:
    """htmx gets the fresh turn panel; without JS, POST/redirect/GET."""
    if not request.htmx:
        for text in [*(problems or []), *([conflict] if conflict else [])]:
            messages.error(request, text)
        if notice:
            messages.info(request, notice)
        return redirect(game)
    return _render_turn(
        request, game, problems=problems or [], conflict=conflict, notice=notice
    )


def _expected_seq(request: AuthedHtmxRequest) -> int | None:
    try:
        return int(request.POST.get("seq", ""))
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def game_play(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """GET: a card's helper (what it does here and now); POST: record the move."""
    game = _game(request, club_slug, game_id)
    if request.method == "POST":
        state = selectors.game_state(game)
        if state.current_player is None:
            return _after_write(request, game, problems=[_("The game is over.")])
        card = request.POST.get("card", "")
        document = play_document(
            data=request.POST,
            player=state.current_player,
            card=card,
            full=state.full,
            players=[p.name for p in state.players],
        )
        if "pay" in document and not document["pay"]:
            bought = [str(c) for c in document.get("buy", []) or []]  # type: ignore[attr-defined]
            choice = engine.pay_choice(state, bought)
            if choice is not None and len(choice.options) == 1:
                only = choice.options[0]
                document["pay"] = {g: only.count(g) for g in dict.fromkeys(only)}
            elif choice is not None and choice.options:
                return _pay_step(request, game, state, card, bought, choice)
        forced = engine.forced_refill(state, document, "reveal")
        if forced:
            named = [str(c) for c in document.get("reveal", []) or []]  # type: ignore[attr-defined]
            document["reveal"] = [*named, *forced]

        def refused(problems: list[str]) -> HttpResponse:
            # The move breaks a rule: the helper again, with the reason and
            # what was typed, so nothing has to be entered twice.
            fresh = selectors.game_state(game)
            return _render_helper(
                request, game, fresh, request.POST, problems=problems, posted=True
            )

        return _write(
            request,
            game,
            document,
            notice=_refill_notice(forced),
            on_invalid=refused,
        )
    state = selectors.game_state(game)
    if engine.turn_view(state).reveal_choices:
        # The display is refilled first: the turn screen asks for the cards drawn.
        return redirect(game) if not request.htmx else _render_turn(request, game)
    return _render_helper(request, game, state, request.GET)


def _render_helper(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    state: engine.State,
    query: QueryDict,
    *,
    problems: list[str] | None = None,
    posted: bool = False,
) -> HttpResponse:
    """A card's helper, from the query of its link (or of a refused move)."""
    helper = engine.helper_view(
        state,
        card=query.get("card", ""),
        copy=query.get("copy", ""),
        copied=query.get("copied", ""),
    )
    if helper is None:
        return redirect(game) if not request.htmx else _render_turn(request, game)
    reason = helper.reason
    context = _turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "problems": problems or [],
        "posted": query if posted else None,
        "architect": (
            _architect(query, state, helper, _urls(game)["play"])
            if helper.kind == "Architect" and helper.full
            else None
        ),
        "goods": GOODS,
        "reason": problem_message(reason) if reason is not None else "",
    }
    template = "assistant/game_play.html" + ("#turn-panel" if request.htmx else "")
    return render(request, template, context)


@dataclass(frozen=True, slots=True)
class ArchitectRow:
    city: engine.ArchitectCity
    # The helper again with this city tapped (or, tapped already, taken out).
    tap_url: str


def _architect(
    query: QueryDict,
    state: engine.State,
    helper: engine.HelperView,
    url: str,
) -> dict[str, object]:
    """Full tracking: the cities built this turn, tapped in building order.

    Each tap is a GET of the helper with the cities tapped so far in the query
    (``build``, in order) and the one added or taken out: the same link with
    and without JavaScript, and the confirmation posts them in that order.
    """
    built = query.getlist("build")
    added, removed = query.get("add", ""), query.get("remove", "")
    if added and added not in built:
        built.append(added)
    built = [city for city in built if city != removed]
    plan = engine.architect_plan(state, helper.houses, built)
    base: list[tuple[str, str]] = [("card", helper.card)]
    if helper.copy:
        base += [("copy", helper.copy), ("copied", helper.copied)]
    base += [("build", city) for city in plan.built]

    def tap(city: engine.ArchitectCity) -> str:
        action = "remove" if city.order else "add"
        return f"{url}?{urlencode([*base, (action, city.city)])}"

    return {
        "plan": plan,
        # Sestertii the tapped houses need beyond what the player has.
        "coins_short": max(0, -(plan.sestertii_left or 0)),
        "provinces": [
            (
                province,
                [
                    ArchitectRow(city=city, tap_url=tap(city))
                    for city in province.cities
                ],
            )
            for province in plan.provinces
        ],
    }


def _pay_step(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    state: engine.State,
    card: str,
    bought: list[str],
    choice: engine.PayChoice,
) -> HttpResponse:
    """Full tracking: ask which goods pay the "any good" of the surcharges."""
    helper = engine.helper_view(
        state,
        card=card,
        copy=request.POST.get("copy", ""),
        copied=request.POST.get("copied", ""),
    )
    if helper is None:
        return _after_write(request, game)
    context = _turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "bought": bought,
        "bought_text": ", ".join(card_label(c) for c in bought),
        "pay_count": choice.count,
        "pay_options": ["+".join(option) for option in choice.options],
        "seq": request.POST.get("seq", ""),
        "key": clean_key(request.POST.get("key")) or new_key(),
    }
    template = "assistant/game_pay.html" + ("#turn-panel" if request.htmx else "")
    return render(request, template, context)


def _refill_notice(forced: list[str]) -> str:
    if not forced:
        return ""
    return ngettext(
        "Only one card could refill the display: %(cards)s is in place.",
        "Only one card could come each time: %(cards)s refilled the display.",
        len(forced),
    ) % {"cards": ", ".join(card_label(card) for card in forced)}


def _write(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    document: dict[str, object],
    *,
    notice: str = "",
    on_invalid: Callable[[list[str]], HttpResponse] | None = None,
) -> HttpResponse:
    try:
        services.event_append(
            game=game,
            document=document,
            expected_seq=_expected_seq(request),
            idempotency_key=clean_key(request.POST.get("key")),
            created_by=request.user,
        )
    except services.EventConflict as conflict:
        return _after_write(request, game, conflict=conflict.messages[0])
    except services.GameClosed as closed:
        return _after_write(request, game, problems=list(closed.messages))
    except engine.LogInvalid as error:
        if on_invalid is not None:
            return on_invalid(_problems(error))
        return _after_write(request, game, problems=_problems(error))
    return _after_write(request, game, notice=notice)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_reveal(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Record the card that refilled a place of the display."""
    game = _game(request, club_slug, game_id)
    cards = [c for c in request.POST.getlist("card") if c]
    document: dict[str, object] = {"type": "reveal", "cards": cards}
    forced = engine.forced_refill(selectors.game_state(game), document, "cards")
    document["cards"] = [*cards, *forced]
    return _write(request, game, document, notice=_refill_notice(forced))


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_undo(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    game = _game(request, club_slug, game_id)
    return _write(request, game, {"type": "undo"})


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_abandon(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    game = _game(request, club_slug, game_id)
    return _write(request, game, {"type": "abandon"})


def _head(request: HtmxHttpRequest, game: AssistantGame, page: str) -> HttpResponse:
    """204 while nothing changed; otherwise tell the turn panel to reload itself."""
    try:
        seen = int(request.GET.get("seq", ""))
    except ValueError:
        seen = -1
    # Opening the final sheet records no event, but it closes the game on every
    # phone (no more undo): a phone that saw it closed says so (sheet=1).
    sheet_seen = request.GET.get("sheet", "1" if game.session_id else "0")
    if seen == game.head_seq and sheet_seen == ("1" if game.session_id else "0"):
        return HttpResponse(status=204)
    if not request.htmx:
        return redirect(page)
    response = HttpResponse(status=200)
    return trigger_client_event(response, CHANGED_EVENT, {"seq": game.head_seq})


@require_GET
@login_required
@never_cache
def game_head(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """The tiny endpoint every phone polls with the last sequence number it saw."""
    game = _game(request, club_slug, game_id)
    return _head(request, game, game.get_absolute_url())


@require_http_methods(["GET", "POST"])
@login_required
def game_share(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The join code, its QR code and the read-only link (revoke or renew)."""
    game = _game(request, club_slug, game_id)
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            services.follow_link_revoke(game=game)
            messages.success(request, _("The read-only link no longer works."))
        else:
            services.follow_link_renew(game=game)
            messages.success(request, _("A new read-only link is ready."))
        return redirect("assistant:game-share", club_slug=club_slug, game_id=game.pk)
    follow_url = (
        request.build_absolute_uri(
            reverse(
                "assistant:follow",
                kwargs={
                    "club_slug": game.club.slug,
                    "follow_token": game.follow_token,
                },
            )
        )
        if game.follow_token
        else ""
    )
    return render(
        request,
        "assistant/game_share.html",
        {
            "club": game.club,
            "game": game,
            "urls": _urls(game),
            "follow_url": follow_url,
            "qr_svg": _qr_svg(request, game),
        },
    )


def _join_url(request: HtmxHttpRequest, game: AssistantGame) -> str:
    url = reverse("assistant:game-join", kwargs={"club_slug": game.club.slug})
    return request.build_absolute_uri(f"{url}?code={game.join_code}")


def _qr_svg(request: HtmxHttpRequest, game: AssistantGame) -> str:
    # Drawn here, no CDN: an SVG of plain paths (no style attribute, which the
    # CSP would refuse), sized by the page's CSS.
    qr = segno.make(_join_url(request, game), error="m")
    return str(qr.svg_inline(scale=4, omitsize=True, title=_("Join code")))


@require_http_methods(["GET", "POST"])
@login_required
def game_join(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Open a game of the club by its short code (typed, or from the QR code)."""
    club = _club(request, club_slug)
    code = request.POST.get("code") or request.GET.get("code") or ""
    error = ""
    if code:
        game = selectors.game_for_join_code(
            user=request.user, club_slug=club.slug, code=code
        )
        if game is not None:
            return redirect(game)
        error = _("No game of this club has that code.")
    return render(
        request,
        "assistant/game_join.html",
        {"club": club, "code": code, "error": error},
        status=200,
    )


@require_GET
@login_required
def game_export(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The log as a game-log/1 document, to keep, share or replay."""
    game = _game(request, club_slug, game_id)
    response = JsonResponse(
        selectors.game_log_document(game), json_dumps_params={"indent": 1}
    )
    response["Content-Disposition"] = (
        f'attachment; filename="game-log-{game.club.slug}-{game.pk}.json"'
    )
    return response


def _follow_game(club_slug: str, token: str) -> AssistantGame:
    game = selectors.game_for_follow_token(club_slug=club_slug, token=token)
    if game is None:
        raise Http404
    return game


@require_GET
@vary_on_headers("HX-Request")
def follow(request: HtmxHttpRequest, club_slug: str, follow_token: str) -> HttpResponse:
    """The read-only view of a game for a guest phone or a TV: no account needed."""
    game = _follow_game(club_slug, follow_token)
    return _render_turn(request, game, read_only=True)


@require_GET
@never_cache
def follow_head(
    request: HtmxHttpRequest, club_slug: str, follow_token: str
) -> HttpResponse:
    game = _follow_game(club_slug, follow_token)
    page = reverse(
        "assistant:follow",
        kwargs={"club_slug": club_slug, "follow_token": follow_token},
    )
    return _head(request, game, page)


@require_POST
@login_required
def game_finish(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """After the last turn: the game's score sheet, filled with all that was tracked."""
    game = _game(request, club_slug, game_id)
    try:
        session = services.game_finish(game=game, created_by=request.user)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect(game)
    if game.tracking == Tracking.LIGHT:
        # The sheet opens with a winner already: say what the table must still give.
        messages.info(
            request,
            _(
                "The assistant filled in the cards by god, the specialists, the"
                " Concordia card and the Praefectus Magnus. Still to count on the"
                " table, for each player: houses by the good of their city,"
                " provinces with a house, colonists on the board, sestertii and goods."
            ),
        )
    sheet = reverse(
        "games:session-sheet",
        kwargs={"club_slug": game.club.slug, "session_id": session.pk},
    )
    if request.htmx:
        return HttpResponseClientRedirect(sheet)
    return redirect(sheet)


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
    game = _game(request, club_slug, game_id)
    deck = engine.deck_cards(1)
    problems: list[str] = []
    picked: list[str] = []
    if request.method == "POST":
        picked = _picked(request.POST.getlist("picked"), deck)
        added = request.POST.get("add", "")
        # Not "remove": a form control of that name hides the form's own
        # remove(), which htmx calls to swap it.
        removed = _number(request.POST.get("take_out", ""))
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
                problems = _problems(error)
            except ValidationError as error:
                problems = list(error.messages)
            else:
                messages.success(request, _("The display is set as dealt."))
                setup = _urls(game)["setup"]
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
            "urls": _urls(game),
            "problems": problems,
            "picked": picked,
            "slots": slots,
            "next_place": len(picked) + 1,
            "complete": len(picked) == engine.DISPLAY_SIZE,
            "deck": [card for card in deck if card not in picked],
            "started": game.head_seq > 0,
        },
    )


def _problem_text(problem: engine.Problem) -> str:
    params: dict[str, object] = dict(problem.params)
    if isinstance(good := params.get("good"), str) and good in GOOD_LABELS:
        params["good"] = str(GOOD_LABELS[good])
    template = _(problem.template)
    return template % params if params else template


@require_http_methods(["GET", "POST"])
@login_required
def game_setup_cities(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """The city tokens as laid: the board entry's fieldsets and its check of the deal.

    A tap on a good per city (radio chips, no JavaScript needed), each province
    showing its bonus marker; or the app deals them. Before the first turn only.
    """
    game = _game(request, club_slug, game_id)
    board = engine.spec(game.map)
    names = {city.name: city_field_name(city) for city in board.cities}
    chosen = {city: game.cities.get(city, "") for city in names}
    problems: tuple[engine.Problem, ...] = ()
    messages_shown: list[str] = []
    if request.method == "POST":
        if request.POST.get("action") == "draw":
            goods = engine.draw_cities(game.map, random.SystemRandom())
        else:
            for city, name in names.items():
                value = request.POST.get(name, "")
                chosen[city] = value if value in GOODS else ""
            goods = {city: good for city, good in chosen.items() if good}
            problems = engine.city_problems(game.map, goods)
        if not problems:
            try:
                services.game_setup_update(game=game, cities=goods)
            except engine.LogInvalid as error:
                messages_shown = _problems(error)
            except ValidationError as error:
                messages_shown = list(error.messages)
            else:
                messages.success(request, _("The city tokens are set as laid."))
                return redirect(_urls(game)["setup"])
    groups = letter_groups(
        board,
        chosen=chosen,
        html_names=names,
        field_errors={},
        problems=problems,
        problem_text=_problem_text,
        good_labels={good: GOOD_LABELS[good.value] for good in Good},
    )
    return render(
        request,
        "assistant/game_setup_cities.html",
        {
            "club": game.club,
            "game": game,
            "urls": _urls(game),
            "groups": groups,
            "invalid": bool(problems),
            "problems": messages_shown,
            "started": game.head_seq > 0,
        },
    )


@require_POST
@login_required
def game_import(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    """Bring in a game from its exported log (a game-log/1 JSON file)."""
    club = _club(request, club_slug)
    upload = request.FILES.get("log")
    problems: list[str] = []
    if upload is None:
        problems = [_("Choose a game log file (JSON).")]
    else:
        try:
            document = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            problems = [_("That file is not a game log: it is not JSON text.")]
        else:
            try:
                game = services.game_import(
                    club=club, created_by=request.user, document=document
                )
            except engine.LogInvalid as error:
                problems = [
                    f"{problem.path or '—'}: {text}"
                    for problem, text in zip(
                        error.problems, _problems(error), strict=True
                    )
                ]
            else:
                messages.success(request, _("Game log imported."))
                return redirect(game)
    lists = selectors.game_lists_for_club(user=request.user, club_slug=club.slug)
    return render(
        request,
        "assistant/game_list.html",
        {
            "club": club,
            "games": lists.in_play,
            "ended": lists.ended,
            "import_problems": problems,
        },
    )


def _number(raw: str) -> int | None:
    try:
        return int(raw)
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
@login_required
def game_adjust(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Full tracking: set a player's money, goods and colonists to what lies on the table."""
    game = _game(request, club_slug, game_id)
    if game.session_id is not None:
        # A saved game is changed on its score sheet, never from the assistant.
        messages.error(request, services.GameClosed().messages[0])
        return redirect(game)
    state = selectors.game_state(game)
    seat = _number(request.GET.get("player") or request.POST.get("player") or "")
    if not state.full or seat is None or not 0 <= seat < len(state.players):
        return redirect(game)
    player = state.players[seat]
    problems: list[str] = []
    if request.method == "POST":
        document: dict[str, object] = {"type": "adjust", "player": player.name}
        sestertii = _number(request.POST.get("sestertii", ""))
        if sestertii is not None:
            document["sestertii"] = sestertii
        document["storehouse"] = {
            good: value
            for good in GOODS
            if (value := _number(request.POST.get(f"storehouse_{good}", "")))
            is not None
        }
        document["colonists"] = {
            where: value
            for where in ("board", "storehouse")
            if (value := _number(request.POST.get(f"colonists_{where}", "")))
            is not None
        }
        try:
            services.event_append(
                game=game,
                document=document,
                expected_seq=_expected_seq(request),
                idempotency_key=clean_key(request.POST.get("key")),
                created_by=request.user,
            )
        except services.EventConflict as conflict:
            problems = [conflict.messages[0]]
        except services.GameClosed as closed:
            problems = list(closed.messages)
        except engine.LogInvalid as error:
            problems = _problems(error)
        else:
            messages.success(
                request,
                _("%(name)s's table is recorded as it lies.") % {"name": player.name},
            )
            return redirect(game)
    return render(
        request,
        "assistant/game_adjust.html",
        {
            "club": game.club,
            "game": game,
            "urls": _urls(game),
            "key": new_key(),
            "seat": seat,
            "player": player,
            "storehouse": [
                (good.value, count) for good, count in player.storehouse.items()
            ],
            "problems": problems,
        },
    )
