"""Say in the reader's language why each number of a score is what it is.

`scoring` returns what every line was computed from; this module only turns
that into sentences such as "Saturnus: 4 cards × 7 provinces = 28".
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.vocabulary import CATEGORY_LABELS, names_list
from scoring.types import (
    Category,
    CategoryScore,
    PlayerScore,
    SheetResult,
    Specialist,
    Tie,
    TieBreak,
)


def _cards(count: int) -> str:
    return ngettext("%(count)d card", "%(count)d cards", count) % {"count": count}


def sestertii(count: int) -> str:
    """Return "1 sestertius", "5 sestertii" (Ukrainian has three forms)."""
    return ngettext("%(n)d sestertius", "%(n)d sestertii", count) % {"n": count}


def _specialist_part(specialist: Specialist, value: int, houses: int) -> str:
    """Return e.g. "Mason 3 × 2 brick cities": one message per good, so that each
    language can inflect the good with the noun (Ukrainian case endings)."""
    params = {"value": value, "n": houses}
    if specialist is Specialist("mason"):
        return (
            ngettext(
                "Mason %(value)d × %(n)d brick city",
                "Mason %(value)d × %(n)d brick cities",
                houses,
            )
            % params
        )
    if specialist is Specialist("farmer"):
        return (
            ngettext(
                "Farmer %(value)d × %(n)d food city",
                "Farmer %(value)d × %(n)d food cities",
                houses,
            )
            % params
        )
    if specialist is Specialist("smith"):
        return (
            ngettext(
                "Smith %(value)d × %(n)d tool city",
                "Smith %(value)d × %(n)d tool cities",
                houses,
            )
            % params
        )
    if specialist is Specialist("vintner"):
        return (
            ngettext(
                "Vintner %(value)d × %(n)d wine city",
                "Vintner %(value)d × %(n)d wine cities",
                houses,
            )
            % params
        )
    return (
        ngettext(
            "Weaver %(value)d × %(n)d cloth city",
            "Weaver %(value)d × %(n)d cloth cities",
            houses,
        )
        % params
    )


def category_reason(
    line: CategoryScore, score: PlayerScore, *, team: bool = False
) -> str:
    """Return the sentence behind one line of a player's score, without its
    label (``team``: the player plays in a team, Venus)."""
    category = line.category
    params = {"cards": _cards(line.cards), "points": line.points, "n": line.counted}
    if category is Category("vesta"):
        cash = line.counted - score.goods_value
        return _(
            "%(cards)s × ⌊(%(sestertii)s + %(goods)d for goods) ÷ 10⌋ = %(points)d"
        ) % {
            **params,
            "sestertii": sestertii(cash),
            "goods": score.goods_value,
        }
    if category is Category("jupiter"):
        houses = (
            ngettext(
                "%(n)d house in a non-brick city",
                "%(n)d houses in non-brick cities",
                line.counted,
            )
            % params
        )
        return _("%(cards)s × %(what)s = %(points)d") % {**params, "what": houses}
    if category is Category("saturnus"):
        provinces = ngettext("%(n)d province", "%(n)d provinces", line.counted) % params
        return _("%(cards)s × %(what)s = %(points)d") % {**params, "what": provinces}
    if category is Category("mercurius"):
        kinds = (
            ngettext("%(n)d kind of goods", "%(n)d kinds of goods", line.counted)
            % params
        )
        return _("%(cards)s × 2 × %(what)s = %(points)d") % {**params, "what": kinds}
    if category is Category("mars"):
        colonists = (
            ngettext(
                "%(n)d colonist on the board",
                "%(n)d colonists on the board",
                line.counted,
            )
            % params
        )
        return _("%(cards)s × 2 × %(what)s = %(points)d") % {
            **params,
            "what": colonists,
        }
    if category is Category("venus"):
        # Expansions §2a: 2 per province with two houses; 1 per province
        # shared with the partner in team play.
        if team:
            shared = (
                ngettext(
                    "%(n)d province shared with the partner",
                    "%(n)d provinces shared with the partner",
                    line.counted,
                )
                % params
            )
            return _("%(cards)s × %(what)s = %(points)d") % {**params, "what": shared}
        pairs = (
            ngettext(
                "%(n)d province with 2 or more houses",
                "%(n)d provinces with 2 or more houses",
                line.counted,
            )
            % params
        )
        return _("%(cards)s × 2 × %(what)s = %(points)d") % {**params, "what": pairs}
    if category is Category("minerva"):
        if not score.specialists:
            return _("no specialist = 0")
        parts = []
        for part in score.specialists:
            own = part.houses - part.wildcard_houses
            parts.append(_specialist_part(part.specialist, part.per_house, own))
            if part.wildcard_houses:
                # Salsa: the salt cities the player counts for this specialist.
                parts.append(
                    ngettext(
                        "%(value)d × %(n)d salt city",
                        "%(value)d × %(n)d salt cities",
                        part.wildcard_houses,
                    )
                    % {"value": part.per_house, "n": part.wildcard_houses}
                )
        return _("%(parts)s = %(points)d") % {
            "parts": " + ".join(parts),
            "points": line.points,
        }
    if category is Category("forum"):
        return _("won or lost through the forum = %(points)d") % params
    if line.cards:
        return _("ended the game = %(points)d") % params
    return _("did not end the game = 0")


def category_why(line: CategoryScore, score: PlayerScore, *, team: bool = False) -> str:
    """Return "God: reason", e.g. "Saturnus: 4 cards × 7 provinces = 28"."""
    return _("%(label)s: %(reason)s") % {
        "label": CATEGORY_LABELS[line.category],
        "reason": category_reason(line, score, team=team),
    }


def tie_sentence(tie: Tie, result: SheetResult) -> str:
    """Return how a tie was broken, e.g. "Eli and Fabi have 21 points each; Fabi
    wins: the Praefectus Magnus, held by Dora, would have reached Fabi first."
    """
    names = [result.players[seat].name for seat in tie.seats]
    first = names[0]
    top = tie.total == max(score.total for score in result.players)
    holder = (
        result.players[result.praefectus_magnus].name
        if result.praefectus_magnus is not None
        else ""
    )
    # §3 tie-break: the holder of the Praefectus Magnus wins a tie; otherwise
    # whoever it would reach first, passing to the right.
    params = {"first": first, "holder": holder}
    if tie.reason is TieBreak.HOLDS_PRAEFECTUS_MAGNUS:
        why = (
            _("%(first)s wins: %(first)s held the Praefectus Magnus.")
            if top
            else _(
                "%(first)s is placed first of them: %(first)s held the Praefectus Magnus."
            )
        ) % params
    elif tie.reason is TieBreak.NEXT_FOR_PRAEFECTUS_MAGNUS:
        why = (
            _(
                "%(first)s wins: the Praefectus Magnus, held by %(holder)s, "
                "would have reached %(first)s first."
            )
            if top
            else _(
                "%(first)s is placed first of them: the Praefectus Magnus, held by "
                "%(holder)s, would have reached %(first)s first."
            )
        ) % params
    else:
        why = _("Nobody holds the Praefectus Magnus yet, so the tie is not broken.")
    return ngettext(
        "%(names)s have %(total)d point each. %(why)s",
        "%(names)s have %(total)d points each. %(why)s",
        tie.total,
    ) % {
        "names": names_list(names),
        "total": tie.total,
        "why": why,
    }
