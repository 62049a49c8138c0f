"""The turn screen and everything a move does: a card's helper, recording, the refill, undo, corrections, the end and the final sheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import (
    HttpResponseClientRedirect,
)

from assistant import engine, selectors, services
from assistant.forms import (
    GOODS,
    clean_key,
    new_key,
    play_document,
)
from assistant.models import AssistantGame, Tracking
from assistant.templatetags.assistant_extras import card_label
from assistant.views.base import game_of, game_urls, number_of, problem_texts
from concordia_site.http import AuthedHtmxRequest, HtmxHttpRequest
from games.vocabulary import problem_message


def _turn_context(
    game: AssistantGame, state: engine.State, *, read_only: bool = False
) -> dict[str, object]:
    return {
        "club": game.club,
        "game": game,
        "turn": engine.turn_view(state),
        "standing": engine.standing(state),
        "intermediate": engine.intermediate_view(state),
        "urls": game_urls(game),
        "key": new_key(),
        "read_only": read_only,
        "head_url": reverse(
            "assistant:game-head",
            kwargs={"club_slug": game.club.slug, "game_id": game.pk},
        ),
        "panel_url": game.get_absolute_url(),
    }


def render_turn(
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
    game = game_of(request, club_slug, game_id)
    if request.htmx and request.GET.get("moved"):
        # An open helper's notice: the panel under it stays as it is.
        return render(
            request, "assistant/_moved.html", {"game": game, "urls": game_urls(game)}
        )
    return render_turn(request, game)


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
    return render_turn(
        request, game, problems=problems or [], conflict=conflict, notice=notice
    )


def _append(
    request: AuthedHtmxRequest, game: AssistantGame, document: dict[str, object]
) -> services.Appended:
    """Record this phone's move on the head it saw, once per tap (its key)."""
    return services.event_append(
        game=game,
        document=document,
        expected_seq=_expected_seq(request),
        idempotency_key=clean_key(request.POST.get("key")),
        created_by=request.user,
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
    game = game_of(request, club_slug, game_id)
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
        return redirect(game) if not request.htmx else render_turn(request, game)
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
        return redirect(game) if not request.htmx else render_turn(request, game)
    reason = helper.reason
    context = _turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "problems": problems or [],
        "posted": query if posted else None,
        "architect": (
            _architect(query, state, helper, game_urls(game)["play"])
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
        _append(request, game, document)
    except services.EventConflict as conflict:
        return _after_write(request, game, conflict=conflict.messages[0])
    except services.GameClosed as closed:
        return _after_write(request, game, problems=list(closed.messages))
    except engine.LogInvalid as error:
        if on_invalid is not None:
            return on_invalid(problem_texts(error))
        return _after_write(request, game, problems=problem_texts(error))
    return _after_write(request, game, notice=notice)


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_reveal(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Record the card that refilled a place of the display."""
    game = game_of(request, club_slug, game_id)
    cards = [c for c in request.POST.getlist("card") if c]
    document: dict[str, object] = {"type": "reveal", "cards": cards}
    forced = engine.forced_refill(selectors.game_state(game), document, "cards")
    document["cards"] = [*cards, *forced]
    return _write(request, game, document, notice=_refill_notice(forced))


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_undo(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    game = game_of(request, club_slug, game_id)
    return _write(request, game, {"type": "undo"})


@require_POST
@login_required
@vary_on_headers("HX-Request")
def game_abandon(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    game = game_of(request, club_slug, game_id)
    return _write(request, game, {"type": "abandon"})


@require_POST
@login_required
def game_finish(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """After the last turn: the game's score sheet, filled with all that was tracked."""
    game = game_of(request, club_slug, game_id)
    try:
        session = services.game_finish(game=game, created_by=request.user)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect(game)
    if game.setup["tracking"] == Tracking.LIGHT:
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


@require_http_methods(["GET", "POST"])
@login_required
def game_adjust(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Full tracking: set a player's money, goods and colonists to what lies on the table."""
    game = game_of(request, club_slug, game_id)
    if game.session_id is not None:
        # A saved game is changed on its score sheet, never from the assistant.
        messages.error(request, services.GameClosed().messages[0])
        return redirect(game)
    state = selectors.game_state(game)
    seat = number_of(request.GET.get("player") or request.POST.get("player") or "")
    if not state.full or seat is None or not 0 <= seat < len(state.players):
        return redirect(game)
    player = state.players[seat]
    problems: list[str] = []
    if request.method == "POST":
        document: dict[str, object] = {"type": "adjust", "player": player.name}
        sestertii = number_of(request.POST.get("sestertii", ""))
        if sestertii is not None:
            document["sestertii"] = sestertii
        document["storehouse"] = {
            good: value
            for good in GOODS
            if (value := number_of(request.POST.get(f"storehouse_{good}", "")))
            is not None
        }
        document["colonists"] = {
            where: value
            for where in ("board", "storehouse")
            if (value := number_of(request.POST.get(f"colonists_{where}", "")))
            is not None
        }
        try:
            _append(request, game, document)
        except services.EventConflict as conflict:
            problems = [conflict.messages[0]]
        except services.GameClosed as closed:
            problems = list(closed.messages)
        except engine.LogInvalid as error:
            problems = problem_texts(error)
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
            "urls": game_urls(game),
            "key": new_key(),
            "seat": seat,
            "player": player,
            "storehouse": [
                (good.value, count) for good, count in player.storehouse.items()
            ],
            "problems": problems,
        },
    )
