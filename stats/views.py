"""Statistics pages: leaderboard, player, club. Read-only, and usable without JavaScript."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import get_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from clubs.models import Club
from clubs.selectors import club_qs_visible_to
from concordia_site.http import AuthedHtmxRequest
from games.models import Game
from games.vocabulary import GAME_LABELS, category_label
from stats import selectors
from stats.forms import LeaderboardFilterForm
from stats.selectors import Leaderboard
from stats.templatetags.stats_extras import percent

# The event that tells an open leaderboard to fetch its table again.
REFRESHED_EVENT = "stats-refreshed"


def _club(request: AuthedHtmxRequest, club_slug: str, game: str | None = None) -> Club:
    """Return the member's club; with a ``game``, annotated with its stats' status."""
    clubs = club_qs_visible_to(request.user)
    if game is not None:
        clubs = selectors.stats_status_annotate(clubs, game=game)
    return get_object_or_404(clubs, slug=club_slug)


def _game(game: str) -> str:
    if game not in Game.values:
        raise Http404("No such game.")
    return game


@dataclass(frozen=True, slots=True, kw_only=True)
class Header:
    """A sortable column heading: tapping it asks for ``order``."""

    label: str | Promise
    order: str
    # "ascending", "descending" or "none", as aria-sort spells them.
    sorted: str
    numeric: bool = True
    # The column's key ("rating", "games", a category…).
    key: str = ""
    # Behind the "More columns" switch: a phone shows only the key columns.
    extra: bool = False


# The columns a 360 px phone shows; the rest wait behind "More columns".
KEY_COLUMNS = frozenset({"name", "rating", "games", "wins", "average"})

_FIXED_COLUMNS: list[tuple[str, str | Promise]] = [
    ("rating", _("Rating")),
    ("games", _("Games")),
    ("wins", _("Wins")),
    ("win_rate", _("Win rate")),
    ("average", _("Average")),
    ("best", _("Best")),
]


def _headers(board: Leaderboard) -> list[Header]:
    """Return the table's headings; a second tap on the sorted column reverses it."""
    columns = [
        ("name", _("Player")),
        *_FIXED_COLUMNS,
        *((c, category_label(c)) for c in board.categories),
    ]
    headers = []
    for key, label in columns:
        # Names read best A to Z; every number best highest first.
        first = key if key == "name" else f"-{key}"
        if board.order == key:
            headers.append(Header(label=label, order=f"-{key}", sorted="ascending"))
        elif board.order == f"-{key}":
            headers.append(Header(label=label, order=key, sorted="descending"))
        else:
            headers.append(Header(label=label, order=first, sorted="none"))
    return [
        Header(
            label=h.label,
            order=h.order,
            sorted=h.sorted,
            numeric=i > 0,
            key=key,
            extra=key not in KEY_COLUMNS,
        )
        for i, (h, (key, _label)) in enumerate(zip(headers, columns, strict=True))
    ]


def _extra_cells(headers: list[Header]) -> frozenset[int]:
    """Return the indexes, in a row's number cells, of the columns behind "More"."""
    # headers[0] is the name, which is not a number cell.
    return frozenset(i for i, header in enumerate(headers[1:]) if header.extra)


# The filters that narrow the table (the sort order and page do not).
_FILTER_FIELDS = ("season", "date_from", "date_to", "map", "players")
# The id of the filters' form: htmx sends it as HX-Trigger when a filter changes.
FILTERS_FORM_ID = "leaderboard-filters-form"


def _filters_open(request: AuthedHtmxRequest, form: LeaderboardFilterForm) -> bool:
    """Whether the folded filters are shown open.

    Open while a filter is in error (its message is next to the field), and
    after an htmx change of a filter, which swaps the whole table with the form:
    closing under the finger would hide the field just used.
    """
    if form.is_bound and any(name in form.errors for name in _FILTER_FIELDS):
        return True
    return bool(request.htmx) and request.htmx.trigger == FILTERS_FORM_ID


@dataclass(frozen=True, slots=True, kw_only=True)
class DisplayRow:
    """A leaderboard row as the table shows it: numbers already formatted."""

    position: int
    name: str
    url: str
    provisional: bool
    # Rating, games, wins, win rate, average, best, then each category.
    cells: list[str]


def _player_url_prefix(club: Club, game: str) -> str:
    """Return a player page's URL without the id and the final slash.

    Reversed once per page rather than once per row of a long table.
    """
    url = reverse(
        "stats:player-detail",
        kwargs={"club_slug": club.slug, "game": game, "player_id": 0},
    )
    return url.removesuffix("0/")


def _display_rows(board: Leaderboard, club: Club, game: str) -> list[DisplayRow]:
    # Formatting a page of rows here, with the separator looked up and the URL
    # reversed once, costs a fraction of a template filter and a {% url %} per
    # cell; the leaderboard is the page that must stay fast.
    decimal = str(get_format("DECIMAL_SEPARATOR"))
    prefix = _player_url_prefix(club, game)

    def one_decimal(value: float | None) -> str:
        return "—" if value is None else f"{value:.1f}".replace(".", decimal)

    return [
        DisplayRow(
            position=row.position,
            name=row.name,
            url=f"{prefix}{row.player_id}/",
            provisional=row.provisional,
            cells=[
                one_decimal(row.rating),
                str(row.games),
                str(row.wins),
                percent(row.win_rate),
                one_decimal(row.average),
                str(row.best),
                *(one_decimal(value) for value in row.averages),
            ],
        )
        for row in board.rows
    ]


def _common(club: Club, game: str, section: str) -> dict[str, object]:
    return {
        "club": club,
        "game": game,
        "game_label": GAME_LABELS[game],
        "games": [(value, GAME_LABELS[value]) for value in Game.values],
        "section": section,
    }


@require_GET
@login_required
def stats_index(request: AuthedHtmxRequest, club_slug: str) -> HttpResponse:
    club = _club(request, club_slug)
    return redirect("stats:leaderboard", club_slug=club.slug, game=Game.CONCORDIA)


@require_GET
@login_required
@vary_on_headers("HX-Request")
def leaderboard(request: AuthedHtmxRequest, club_slug: str, game: str) -> HttpResponse:
    """The leaderboard; filters, sorting and paging swap only its table for htmx."""
    game = _game(game)
    club = _club(request, club_slug, game)
    status = selectors.stats_status_of(club)
    form = LeaderboardFilterForm(request.GET or None, game=game, years=status.years)
    if form.is_bound:
        form.is_valid()
    board, board_key = selectors.leaderboard_cached(
        club=club,
        game=game,
        status=status,
        filters=form.filters(),
        order=form.sort_order(),
        page=form.page_number(),
    )
    headers = _headers(board)
    context = {
        **_common(club, game, "leaderboard"),
        "form": form,
        "filters": form.filters(),
        "filters_open": _filters_open(request, form),
        "filters_form_id": FILTERS_FORM_ID,
        "active_filters": sum(
            1 for name in _FILTER_FIELDS if form.data.get(name, "").strip()
        ),
        # Sorted by a column behind "More columns": show them, or the order
        # would be invisible (htmx keeps the switch as it was; this is the
        # no-JavaScript reload).
        "more_columns": any(h.extra and h.sorted != "none" for h in headers),
        "extra_cells": _extra_cells(headers),
        "board": board,
        "headers": headers,
        "rows": _display_rows(board, club, game),
        "status": status,
        # The table's HTML is cached with its board: its links carry the
        # query string, so that is part of the key (the language is added by
        # the template). 0 seconds: not cached.
        "table_key": f"{board_key}?{request.GET.urlencode()}" if board_key else "",
        "table_seconds": selectors.LEADERBOARD_CACHE_SECONDS if board_key else 0,
    }
    template = "stats/leaderboard.html" + ("#leaderboard" if request.htmx else "")
    return render(request, template, context)


@require_GET
@login_required
@vary_on_headers("HX-Request")
def stats_status(request: AuthedHtmxRequest, club_slug: str, game: str) -> HttpResponse:
    """How fresh the numbers are; an open page polls it and reloads its table on change."""
    game = _game(game)
    club = _club(request, club_slug, game)
    if not request.htmx:
        return redirect("stats:leaderboard", club_slug=club.slug, game=game)
    status = selectors.stats_status_of(club)
    response = render(
        request,
        "stats/leaderboard.html#stats-status",
        {**_common(club, game, "leaderboard"), "status": status},
    )
    if request.GET.get("seen") != str(status.generation):
        trigger_client_event(response, REFRESHED_EVENT)
    return response


def _positive(value: str | None) -> int:
    # A page number from a hand-edited URL: anything unusable means the first.
    return int(value) if value and value.isdigit() and int(value) > 0 else 1


@require_GET
@login_required
@vary_on_headers("HX-Request")
def player_detail(
    request: AuthedHtmxRequest, club_slug: str, game: str, player_id: int
) -> HttpResponse:
    """A player's games, rating over time, points per god and head-to-head records.

    The head-to-head table is paged; for htmx only that table is swapped.
    """
    game = _game(game)
    club = _club(request, club_slug, game)
    player = get_object_or_404(selectors.player_qs_for_club(club), pk=player_id)
    profile = selectors.player_profile_get(
        club=club,
        game=game,
        player=player,
        opponents_page=_positive(request.GET.get("opponents")),
    )
    context = {
        **_common(club, game, "player"),
        "profile": profile,
        "player_url_prefix": _player_url_prefix(club, game),
        "status": selectors.stats_status_of(club),
    }
    template = "stats/player_detail.html" + ("#head-to-head" if request.htmx else "")
    return render(request, template, context)


@require_GET
@login_required
def club_summary(request: AuthedHtmxRequest, club_slug: str, game: str) -> HttpResponse:
    """Games per month, winning scores, the gods winners score with, map usage."""
    game = _game(game)
    club = _club(request, club_slug, game)
    context = {
        **_common(club, game, "club"),
        "summary": selectors.club_summary_get(club=club, game=game),
        "status": selectors.stats_status_of(club),
    }
    return render(request, "stats/club_summary.html", context)
