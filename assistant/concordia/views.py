"""Concordia's own assistant pages: a card's helper and its move, the refill, a
correction, and the setup laid on the table. Each parses, calls one service
(`assistant.services.move_submit` for a move) and renders.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from assistant import selectors, services
from assistant.concordia import presenters, setup
from assistant.concordia import services as concordia_services
from assistant.concordia.adapter import GAME, State
from assistant.concordia.forms import number_of
from assistant.concordia.labels import GOOD_LABELS, card_label
from assistant.forms import clean_key, new_key
from assistant.guests import phone_required
from assistant.interface import Move, RulesRefused
from assistant.models import AssistantGame
from assistant.views.base import (
    after_write,
    game_of,
    game_urls,
    go_to,
    move_answer,
    problem_texts,
    render_turn,
    turn_context,
)
from concordia_site.http import AuthedHtmxRequest
from games.concordia.city_groups import city_field_name, letter_groups
from games.concordia.map_words import map_lines
from games.vocabulary import MAP_LABELS, problem_message
from scoring.types import Problem


def _turn(request: AuthedHtmxRequest, game: AssistantGame) -> HttpResponse:
    return render_turn(request, game) if request.htmx else redirect(game)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@phone_required
def game_play(request: AuthedHtmxRequest, club_slug: str, game_id: int) -> HttpResponse:
    """GET: a card's helper (what it does here and now); POST: record the move."""
    game = game_of(request, club_slug, game_id, game=GAME)
    if request.method == "GET":
        if presenters.reveal_choices(selectors.game_state(game)):
            # The display is refilled first: the turn screen asks for the cards drawn.
            return _turn(request, game)
        return _helper(request, game, request.GET)
    return move_answer(
        request,
        game,
        Move.from_form("play", request.POST),
        # Refused: the helper again, with the reasons and what was typed.
        refused=lambda problems: _helper(
            request, game, request.POST, problems=problems, posted=True
        ),
        question=lambda choice: (
            _drop_question(request, game, choice)
            if isinstance(choice, presenters.DropChoice)
            else _pay(request, game, choice)
        ),
    )


def _helper(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    query: QueryDict,
    *,
    problems: list[str] | None = None,
    posted: bool = False,
) -> HttpResponse:
    """A card's helper, from the query of its link (or the form of a refused move)."""
    state = selectors.game_state(game)
    helper = presenters.helper_view(
        state,
        card=query.get("card", ""),
        copy=query.get("copy", ""),
        copied=query.get("copied", ""),
        role=query.get("role", ""),
    )
    if helper is None:
        return (
            after_write(request, game, problems=problems)
            if problems
            else _turn(request, game)
        )
    urls = game_urls(game)
    architect = (
        _architect(query, state, helper, urls["play"])
        if helper.kind == "Architect" and helper.full
        else None
    )
    context = turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "problems": problems or [],
        "posted": query if posted else None,
        "architect": architect,
        # A display card tapped on the turn screen: the one to buy.
        "chosen": query.get("chosen", ""),
        "goods": [good.value for good in presenters.goods(state)],
        "reason": problem_message(helper.reason) if helper.reason else "",
    }
    template = "assistant/concordia/game_play.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


@dataclass(frozen=True, slots=True)
class ArchitectRow:
    city: presenters.ArchitectCity
    # The helper again with this city tapped (or, tapped already, taken out).
    tap_url: str


def _architect(
    query: QueryDict, state: State, helper: presenters.HelperView, url: str
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
    plan = presenters.architect_plan(state, helper.houses, built)
    base: list[tuple[str, str]] = [("card", helper.card)]
    if helper.copy:
        base += [("copy", helper.copy)]
    if helper.copied:
        # Lucius Flavius' Diplomat copies a display card: ``copied`` alone.
        base += [("copied", helper.copied)]
    base += [("build", city) for city in plan.built]

    def tap(city: presenters.ArchitectCity) -> str:
        action = "remove" if city.order else "add"
        return f"{url}?{urlencode([*base, (action, city.city)])}"

    provinces = [
        (
            province,
            [ArchitectRow(city=city, tap_url=tap(city)) for city in province.cities],
        )
        for province in plan.provinces
    ]
    return {
        "plan": plan,
        # Sestertii the tapped houses need beyond what the player has.
        "coins_short": max(0, -(plan.sestertii_left or 0)),
        "provinces": provinces,
        # The same cities as one A–Z list: one tap per house, no fold to open.
        "cities": sorted(
            (row for _province, rows in provinces for row in rows),
            key=lambda row: row.city.city.casefold(),
        ),
    }


def _pay(
    request: AuthedHtmxRequest, game: AssistantGame, choice: object
) -> HttpResponse:
    """Full tracking: ask which goods pay the "any good" of the surcharges."""
    assert isinstance(choice, presenters.PayChoice)
    state = selectors.game_state(game)
    helper = presenters.helper_view(
        state,
        card=request.POST.get("card", ""),
        copy=request.POST.get("copy", ""),
        copied=request.POST.get("copied", ""),
    )
    if helper is None:
        return after_write(request, game)
    context = turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "bought": choice.cards,
        "bought_text": ", ".join(card_label(c) for c in choice.cards),
        "pay_count": choice.count,
        "pay_options": ["+".join(option) for option in choice.options],
        "seq": request.POST.get("seq", ""),
        "key": clean_key(request.POST.get("key")) or new_key(),
    }
    template = "assistant/concordia/game_pay.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


def _drop_question(
    request: AuthedHtmxRequest, game: AssistantGame, choice: presenters.DropChoice
) -> HttpResponse:
    """Full tracking: ask which goods stay on the table when a storehouse is full.

    The page posts the move again with every field it had, and the answer.
    """
    state = selectors.game_state(game)
    helper = presenters.helper_view(
        state,
        card=request.POST.get("card", ""),
        copy=request.POST.get("copy", ""),
        copied=request.POST.get("copied", ""),
    )
    if helper is None:
        return after_write(request, game)
    kept = [
        (name, value)
        for name in request.POST
        if name not in {"csrfmiddlewaretoken", "key"}
        for value in request.POST.getlist(name)
    ]
    context = turn_context(game, state) | {
        "helper": helper,
        "helper_open": True,
        "kept": kept,
        "drop": choice,
        "drop_options": [
            (f"{choice.seat}:{'+'.join(option)}", "+".join(option))
            for option in choice.options
        ],
        "key": clean_key(request.POST.get("key")) or new_key(),
    }
    template = "assistant/concordia/game_drop.html"
    return render(request, template + ("#turn-panel" if request.htmx else ""), context)


@require_POST
@vary_on_headers("HX-Request")
@phone_required
def game_reveal(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Record the cards that refilled the empty places of the display."""
    game = game_of(request, club_slug, game_id, game=GAME)
    return move_answer(request, game, Move.from_form("reveal", request.POST))


@require_http_methods(["GET", "POST"])
@phone_required
def game_adjust(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Full tracking: set a player's money, goods and colonists to what lies on the table."""
    game = game_of(request, club_slug, game_id, game=GAME)
    if game.closed:
        # A saved game is changed on its score sheet, never from the assistant.
        messages.error(request, services.GameClosed().messages[0])
        return redirect(game)
    state = selectors.game_state(game)
    seat = number_of(request.GET.get("player") or request.POST.get("player"))
    if not state.full or seat is None or not 0 <= seat < len(state.players):
        return redirect(game)
    name = state.players[seat].name

    def page(problems: list[str]) -> HttpResponse:
        return _adjust_page(request, game, state, seat, problems)

    def recorded(_notice: str) -> HttpResponse:
        messages.success(
            request, _("%(name)s's table is recorded as it lies.") % {"name": name}
        )
        return redirect(game)

    if request.method == "POST":
        move = Move.from_form("adjust", request.POST)
        return move_answer(
            request, game, move, refused=page, failed=page, recorded=recorded
        )
    return page([])


@require_http_methods(["GET", "POST"])
@phone_required
def game_forum(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Salsa's forum: the tableau and each player's cards, every card's text one
    tap away; take a card, or use a citizen on one's turn."""
    game = game_of(request, club_slug, game_id, game=GAME)
    if game.closed:
        messages.error(request, services.GameClosed().messages[0])
        return redirect(game)
    state = selectors.game_state(game)
    view = presenters.forum_view(state)
    if view is None:
        return redirect(game)

    def page(problems: list[str]) -> HttpResponse:
        return render(
            request,
            "assistant/concordia/game_forum.html",
            {
                "club": game.club,
                "game": game,
                "urls": game_urls(game),
                "key": new_key(),
                "forum": view,
                "problems": problems,
            },
        )

    def recorded(_notice: str) -> HttpResponse:
        messages.success(request, _("The forum is recorded."))
        return go_to(request, game_urls(game)["forum"])

    if request.method == "POST":
        action = "citizen" if request.POST.get("card") else "forum"
        move = Move.from_form(action, request.POST)
        return move_answer(
            request, game, move, refused=page, failed=page, recorded=recorded
        )
    return page([])


@require_POST
@login_required
def game_setup_forum(
    request: AuthedHtmxRequest, club_slug: str, game_id: int
) -> HttpResponse:
    """Salsa's forum at setup: the patrician each player keeps of the two dealt."""
    game = game_of(request, club_slug, game_id, game=GAME)
    kept = {
        str(player["name"]): request.POST.get(f"kept-{seat}", "")
        for seat, player in enumerate(game.players)
    }
    try:
        concordia_services.forum_keep(game=game, kept=kept)
    except RulesRefused as error:
        for text in problem_texts(error):
            messages.error(request, text)
    except ValidationError as error:
        for text in error.messages:
            messages.error(request, text)
    else:
        messages.success(request, _("The patricians kept are recorded."))
    return go_to(request, game_urls(game)["setup"])


def _adjust_page(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    state: State,
    seat: int,
    problems: list[str],
) -> HttpResponse:
    player = state.players[seat]
    return render(
        request,
        "assistant/concordia/game_adjust.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "key": new_key(),
            "seat": seat,
            "player": player,
            "storehouse": [
                (good.value, player.storehouse[good])
                for good in presenters.goods(state)
            ],
            "problems": problems,
        },
    )


def game_setup(request: AuthedHtmxRequest, game: AssistantGame) -> HttpResponse:
    """What the rules require on the table before the first turn (the shell's setup page)."""
    laid = game.setup
    cities = laid.get("cities")
    money = setup.starting_sestertii(len(game.players))
    board = setup.spec(str(laid["map"]))
    # §2: 3 land and 3 sea colonists; those of the start spaces are on the board.
    on_board = Counter(space.kind.value for space in board.starts)
    return render(
        request,
        "assistant/concordia/game_setup.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "seats": [
                {"name": p["name"], "colour": p["colour"], "sestertii": sestertii}
                for p, sestertii in zip(game.players, money, strict=True)
            ],
            "praefectus_magnus": game.players[-1]["name"],
            "decks": setup.decks_in_play(len(game.players)),
            "storehouse": setup.starting_storehouse(setup.rules_of(laid).expansions),
            "forum": presenters.forum_setup_view(laid, game.players),
            "stored_land": 3 - on_board["land"],
            "stored_sea": 3 - on_board["sea"],
            "map": board,
            "map_label": MAP_LABELS.get(board.name.value, board.title),
            "map_lines": map_lines(board),
            "provinces": (setup.provinces(str(laid["map"]), cities) if cities else []),
            "display": laid["display"],
        },
    )


@dataclass(frozen=True, slots=True)
class DisplaySlot:
    position: int
    surcharge: tuple[str, ...]
    card: str


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
    game = game_of(request, club_slug, game_id, game=GAME)
    picked = setup.display_picked(
        [*request.POST.getlist("picked"), request.POST.get("add", "")],
        setup.rules_of(game.setup),
    )
    # Not "remove": a form control of that name hides the form's own
    # remove(), which htmx calls to swap it.
    taken = number_of(request.POST.get("take_out"))
    if taken is not None and 1 <= taken <= len(picked):
        del picked[taken - 1]
    problems: list[str] = []
    if request.POST.get("save"):
        try:
            concordia_services.display_set(game=game, cards=picked)
        except RulesRefused as error:
            problems = problem_texts(error)
        except ValidationError as error:
            problems = list(error.messages)
        else:
            messages.success(request, _("The display is set as dealt."))
            setup_url = game_urls(game)["setup"]
            if request.htmx:
                return HttpResponseClientRedirect(setup_url)
            return redirect(setup_url)
    return _display_page(request, game, picked, problems)


def _display_page(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    picked: list[str],
    problems: list[str],
) -> HttpResponse:
    slots = [
        DisplaySlot(
            position=position,
            surcharge=surcharge,
            card=picked[position - 1] if position <= len(picked) else "",
        )
        for position, surcharge in enumerate(
            setup.display_surcharges(
                setup.rules_of(game.setup),
                str(game.setup.get("display_side") or setup.CLOTH_SIDE),
            ),
            start=1,
        )
    ]
    template = "assistant/concordia/game_setup_display.html"
    context = {
        "club": game.club,
        "game": game,
        "urls": game_urls(game),
        "problems": problems,
        "picked": picked,
        "slots": slots,
        "next_place": len(picked) + 1,
        "complete": len(picked) == setup.DISPLAY_SIZE,
        "deck": [
            card
            for card in setup.deck_cards(1, setup.rules_of(game.setup))
            if card not in picked
        ],
        "started": game.head_seq > 0,
    }
    return render(
        request, template + ("#display-entry" if request.htmx else ""), context
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
    game = game_of(request, club_slug, game_id, game=GAME)
    board = setup.spec(str(game.setup["map"]))
    laid = game.setup.get("cities") or {}
    chosen = {city.name: laid.get(city.name, "") for city in board.cities}
    known = {good.value for good in setup.rules_of(game.setup).goods}
    if request.method != "POST":
        return _cities_page(request, game, chosen)
    for city in board.cities:
        value = request.POST.get(city_field_name(city), "")
        chosen[city.name] = value if value in known else ""
    try:
        if request.POST.get("action") == "draw":
            concordia_services.cities_draw(game=game, rng=random.SystemRandom())
        else:
            goods = {city: good for city, good in chosen.items() if good}
            concordia_services.cities_set(game=game, goods=goods)
    except concordia_services.CityTokensRefused as refused:
        return _cities_page(request, game, chosen, refusals=refused.problems)
    except RulesRefused as error:
        return _cities_page(request, game, chosen, shown=problem_texts(error))
    except ValidationError as error:
        return _cities_page(request, game, chosen, shown=list(error.messages))
    messages.success(request, _("The city tokens are set as laid."))
    return go_to(request, game_urls(game)["setup"])


def _cities_page(
    request: AuthedHtmxRequest,
    game: AssistantGame,
    chosen: dict[str, str],
    *,
    refusals: tuple[Problem, ...] = (),
    shown: list[str] | None = None,
) -> HttpResponse:
    board = setup.spec(str(game.setup["map"]))
    groups = letter_groups(
        board,
        chosen=chosen,
        html_names={city.name: city_field_name(city) for city in board.cities},
        field_errors={},
        problems=refusals,
        problem_text=problem_message,
        good_labels={
            good: GOOD_LABELS[good.value] for good in setup.rules_of(game.setup).goods
        },
    )
    return render(
        request,
        "assistant/concordia/game_setup_cities.html",
        {
            "club": game.club,
            "game": game,
            "urls": game_urls(game),
            "groups": groups,
            "invalid": bool(refusals),
            "problems": shown or [],
            "started": game.head_seq > 0,
        },
    )
