"""The Concordia result page: a card per player, best placed first, and why
every number is what it is.

The page of the shared address of a game (``…/games/<id>/``) for a Concordia
game, reached through `games.dispatch` once `games.views.session_detail` has
checked the sign-in and the club and loaded the seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render

from concordia_site.http import AuthedHtmxRequest
from games import adapters, services
from games.concordia.explain import category_why, tie_sentence
from games.concordia.views.base import positions_recorded
from games.models import Seat, TableSession
from games.scoreboard import team_rows
from scoring.types import Category, PlayerScore, SheetResult, Tie


def concordia_detail(
    request: AuthedHtmxRequest, session: TableSession, seats: list[Seat]
) -> HttpResponse:
    context: dict[str, object] = {
        "club": session.club,
        "session": session,
        "seats": seats,
    }
    # A game imported from BG Stats has final totals but no recorded positions:
    # its page shows the totals, with nothing to explain them from.
    context["totals_only"] = session.is_finished and not positions_recorded(seats)
    if session.is_finished and not context["totals_only"]:
        sheet = adapters.sheet_from_seats(
            map_name=session.map, seats=seats, expansions=session.expansions
        )
        result = services.concordia_sheet_evaluate(sheet).result
        context.update(_result_cards(result, seats))
    return render(request, "games/session_detail.html", context)


@dataclass(frozen=True, slots=True)
class WhyLine:
    category: Category
    text: str


@dataclass(frozen=True, slots=True)
class ResultCard:
    """One player's stacked card on the result page."""

    seat: Seat
    score: PlayerScore
    why: list[WhyLine]
    holds_praefectus_magnus: bool
    # Rank 1, or a partner of the winning team in a team game (Venus).
    won: bool = False

    @property
    def first(self) -> bool:
        """Whether the card is a winner's (``games/_result_card.html`` marks it)."""
        return self.won


def _result_cards(result: SheetResult, seats: list[Seat]) -> dict[str, object]:
    """Return the result page's cards in rank order, the holder and the ties."""
    holder = result.praefectus_magnus
    cards = [
        ResultCard(
            seat=seat,
            score=score,
            why=[
                WhyLine(
                    line.category,
                    category_why(line, score, team=bool(result.teams)),
                )
                for line in score.lines
            ],
            holds_praefectus_magnus=score.seat == holder,
            won=services.seat_won(result, score.seat),
        )
        for seat, score in zip(seats, result.players, strict=True)
    ]
    cards.sort(key=lambda card: card.score.rank)
    ties: list[tuple[Tie, str]] = [
        (tie, tie_sentence(tie, result)) for tie in result.ties
    ]
    return {
        "result": result,
        "teams": team_rows(result, seats),
        "cards": cards,
        "holder": seats[holder] if holder is not None else None,
        "ties": ties,
    }
