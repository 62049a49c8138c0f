"""Say in the reader's language why each number of a Magnanimous score is what it is.

`scoring.magnanimous` returns the points; this module turns them and the sheet
they came from into sentences such as "Economy: 17 réis ÷ 3 = 5". Only
wording lives here: each sentence restates a rule of the digest's "Victory
points" and "How a game ends", it decides nothing.
"""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.vocabulary import CATEGORY_LABELS, names_list
from scoring.magnanimous import (
    COMMERCE_AWARDS,
    COURT_TITLES,
    GOVERNOR_POINTS,
    NOBILITY_TOP,
    POINTS_PER_OCCUPIED_PROVINCE,
    POINTS_PER_REFERENDUM,
    POINTS_PER_TROOP,
    REIS_PER_POINT,
    MagnanimousBoard,
    MagnanimousEnding,
    MagnanimousPlayerScore,
    MagnanimousResult,
    MagnanimousSheet,
)

CATEGORIES: Final = (
    "court",
    "commerce",
    "politics",
    "military",
    "economy",
    "territory",
)

# Court points name the title one to one ("Victory points", Court).
_TITLES: Final[dict[int, Promise]] = dict(
    zip(
        sorted(points for _lowest, points in COURT_TITLES),
        (
            gettext_lazy("Baron"),
            gettext_lazy("Viscount"),
            pgettext_lazy("court title", "Count"),
            gettext_lazy("Marquis"),
            gettext_lazy("Duke"),
        ),
        strict=True,
    )
)


def signed(number: int) -> str:
    """Return ``number`` with a real minus sign, as the sentences write −5."""
    return f"−{-number}" if number < 0 else str(number)


def _court(board: MagnanimousBoard, score: MagnanimousPlayerScore) -> str:
    return _("%(title)s (nobility %(space)d) = %(points)d") % {
        "title": _TITLES[score.court],
        "space": board.nobility,
        "points": score.court,
    }


def _commerce(
    board: MagnanimousBoard, score: MagnanimousPlayerScore, sheet: MagnanimousSheet
) -> str:
    if board.commerce_spaces <= 0:
        return _("no space on the Commerce track = 0")
    params = {
        "spaces": board.commerce_spaces,
        "space_count": ngettext("%(n)d space", "%(n)d spaces", board.commerce_spaces)
        % {"n": board.commerce_spaces},
        "tokens": ngettext("%(n)d token", "%(n)d tokens", board.commerce_tokens)
        % {"n": board.commerce_tokens},
        "points": score.commerce,
    }
    key = (board.commerce_spaces, board.commerce_tokens)
    shared = [(p.commerce_spaces, p.commerce_tokens) for p in sheet.players].count(
        key
    ) > 1
    if score.commerce == COMMERCE_AWARDS[0]:
        if shared:
            return (
                _("most spaces, shared (%(spaces)d, %(tokens)s) = %(points)d") % params
            )
        return _("most spaces (%(spaces)d, %(tokens)s) = %(points)d") % params
    if score.commerce == COMMERCE_AWARDS[1]:
        if shared:
            return (
                _("second most spaces, shared (%(spaces)d, %(tokens)s) = %(points)d")
                % params
            )
        return _("second most spaces (%(spaces)d, %(tokens)s) = %(points)d") % params
    if len(sheet.players) == 2:
        return (
            _("%(space_count)s, %(tokens)s: with two players only the most is paid = 0")
            % params
        )
    return _("%(space_count)s, %(tokens)s: not among the two most = 0") % params


def _politics(board: MagnanimousBoard, score: MagnanimousPlayerScore) -> str:
    cards = ngettext(
        "%(n)d referendum card", "%(n)d referendum cards", board.referendums
    ) % {"n": board.referendums}
    return _("%(cards)s × %(each)d = %(points)d") % {
        "cards": cards,
        "each": POINTS_PER_REFERENDUM,
        "points": score.politics,
    }


def _military(board: MagnanimousBoard, score: MagnanimousPlayerScore) -> str:
    troops = ngettext("%(n)d troop", "%(n)d troops", board.troops) % {"n": board.troops}
    return _("%(troops)s × %(each)d = %(points)d") % {
        "troops": troops,
        "each": POINTS_PER_TROOP,
        "points": score.military,
    }


def _reis(count: int) -> str:
    return ngettext("%(n)d real", "%(n)d réis", count) % {"n": count}


def _points(total: int) -> str:
    """Return "1 point", "−5 points": the plural form follows the number's size."""
    return ngettext("%(n)s point", "%(n)s points", abs(total)) % {"n": signed(total)}


def _economy(board: MagnanimousBoard, score: MagnanimousPlayerScore) -> str:
    reis = _reis(board.reis)
    return _("%(reis)s ÷ %(per_point)d = %(points)d") % {
        "reis": reis,
        "per_point": REIS_PER_POINT,
        "points": score.economy,
    }


def _territory(board: MagnanimousBoard, score: MagnanimousPlayerScore) -> str:
    parts = []
    if board.occupied_provinces > 0:
        provinces = ngettext(
            "%(n)d occupied province",
            "%(n)d occupied provinces",
            board.occupied_provinces,
        ) % {"n": board.occupied_provinces}
        parts.append(
            _("%(provinces)s × %(each)s")
            % {"provinces": provinces, "each": signed(POINTS_PER_OCCUPIED_PROVINCE)}
        )
    if board.governor:
        parts.append(_("governor of Rio +%(points)d") % {"points": GOVERNOR_POINTS})
    if not parts:
        return _("no occupied province = 0")
    return _("%(parts)s = %(points)s") % {
        "parts": " + ".join(parts),
        "points": signed(score.territory),
    }


def category_reason(
    category: str,
    *,
    board: MagnanimousBoard,
    score: MagnanimousPlayerScore,
    sheet: MagnanimousSheet,
) -> str:
    """Return the sentence behind one category of a player's score, without its label."""
    if category == "court":
        return _court(board, score)
    if category == "commerce":
        return _commerce(board, score, sheet)
    if category == "politics":
        return _politics(board, score)
    if category == "military":
        return _military(board, score)
    if category == "economy":
        return _economy(board, score)
    return _territory(board, score)


def category_why(
    category: str,
    *,
    board: MagnanimousBoard,
    score: MagnanimousPlayerScore,
    sheet: MagnanimousSheet,
) -> str:
    """Return "Category: reason", e.g. "Economy: 17 réis ÷ 3 = 5"."""
    return _("%(label)s: %(reason)s") % {
        "label": CATEGORY_LABELS[category],
        "reason": category_reason(category, board=board, score=score, sheet=sheet),
    }


def seat_reasons(
    sheet: MagnanimousSheet, result: MagnanimousResult
) -> list[tuple[MagnanimousPlayerScore, list[str]]]:
    """Return each player's score with one "why" line per category, in seat order."""
    return [
        (
            score,
            [
                category_why(category, board=board, score=score, sheet=sheet)
                for category in CATEGORIES
            ],
        )
        for board, score in zip(sheet.players, result.players, strict=True)
    ]


def outcome(result: MagnanimousResult) -> str:
    """Return the headline: the winner, a shared victory, or nobody."""
    if result.ending is MagnanimousEnding.RIO_OCCUPIED:
        return _("Rio de Janeiro fell: nobody wins")
    if len(result.winners) > 1:
        return _("Shared victory: %(names)s") % {"names": names_list(result.winners)}
    if result.winners:
        return _("Winner: %(name)s") % {"name": result.winners[0]}
    return ""


def tie_reason(sheet: MagnanimousSheet, result: MagnanimousResult) -> str:
    """Return how a tie for the victory was settled, as the result page marks it.

    ``"votes"`` (space 20 reached together, the most fixed votes win),
    ``"reached_first"`` (as many votes too: who got there first), ``"reis"``
    (equal points at the Republic, more réis win), ``"shared"`` (equal points
    and réis) or ``""`` when nobody was tied for the victory.
    """
    if not result.winners:
        return ""
    if result.ending is MagnanimousEnding.NOBILITY:
        at_top = [board for board in sheet.players if board.nobility >= NOBILITY_TOP]
        if len(at_top) < 2 or len(result.winners) != 1:
            return ""
        winner = next(board for board in at_top if board.name == result.winners[0])
        tied = [board for board in at_top if board.votes == winner.votes]
        return "votes" if len(tied) == 1 else "reached_first"
    if len(result.winners) > 1:
        return "shared"
    best = next(p for p in result.players if p.name == result.winners[0])
    level = [p for p in result.players if p.total == best.total]
    return "reis" if len(level) > 1 else ""


def ending_reason(sheet: MagnanimousSheet, result: MagnanimousResult) -> str:
    """Return why the ending gives the victory it gives ("How a game ends")."""
    if result.ending is MagnanimousEnding.RIO_OCCUPIED:
        return _(
            "Paraguayan troops occupied Rio de Janeiro: the game ended at once and "
            "every player lost. The points are kept for the record."
        )
    if result.ending is MagnanimousEnding.NOBILITY:
        return _nobility_reason(sheet, result)
    return _republic_reason(sheet, result)


def _nobility_reason(sheet: MagnanimousSheet, result: MagnanimousResult) -> str:
    at_top = [board for board in sheet.players if board.nobility >= NOBILITY_TOP]
    names = names_list([board.name for board in at_top])
    if len(at_top) < 2 or len(result.winners) != 1:
        return _(
            "%(names)s reached space 20 of the Nobility track, which ends the game "
            "and wins it whatever the points."
        ) % {"names": names}
    winner = next(board for board in at_top if board.name == result.winners[0])
    tied = [board.name for board in at_top if board.votes == winner.votes]
    if len(tied) == 1:
        return _(
            "%(names)s reached space 20 in the same round; %(name)s wins with the "
            "most fixed votes (%(votes)d)."
        ) % {"names": names, "name": winner.name, "votes": winner.votes or 0}
    return _(
        "%(names)s reached space 20 in the same round with as many fixed votes; "
        "%(name)s got there first and wins."
    ) % {"names": names_list(tied), "name": winner.name}


def _republic_reason(sheet: MagnanimousSheet, result: MagnanimousResult) -> str:
    if not result.winners:
        return ""
    best = next(p for p in result.players if p.name == result.winners[0])
    tied = [p.name for p in result.players if p.total == best.total]
    reis = {board.name: board.reis for board in sheet.players}
    if len(result.winners) > 1:
        return _(
            "The Republic was proclaimed. %(names)s have %(points)s and "
            "%(reis)s each: they share the victory."
        ) % {
            "names": names_list(result.winners),
            "points": _points(best.total),
            "reis": _reis(reis[best.name]),
        }
    if len(tied) > 1:
        return _(
            "The Republic was proclaimed. %(names)s have %(points)s each; "
            "%(name)s wins with more réis (%(reis)d)."
        ) % {
            "names": names_list(tied),
            "points": _points(best.total),
            "name": best.name,
            "reis": reis[best.name],
        }
    return _("The Republic was proclaimed: the most points wins.")
