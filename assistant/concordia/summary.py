"""The latest move not withdrawn, named in one line for the table.

"Bruno · Prefect · Britannia: +2 cloth": who, which card (and what a Diplomat
copied), where (the province, the cities, the cards bought), then what it
changed for the player with full tracking (sestertii, goods, colonists). It
is what Undo withdraws (issue #25, "nothing lost by one tap"), read from the
log's own documents and the state before that move (`State.before`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from assistant.concordia.adapter import State
from assistant.concordia.labels import card_label
from games.vocabulary import good_count
from scoring.types import Good


def latest_move(documents: Sequence[object]) -> Mapping[str, object] | None:
    """The latest event of the log no ``undo`` withdrew (what the next undo withdraws)."""
    kept: list[object] = []
    for document in documents:
        if isinstance(document, Mapping) and document.get("type") == "undo":
            if kept:
                kept.pop()
        else:
            kept.append(document)
    last = kept[-1] if kept else None
    return last if isinstance(last, Mapping) else None


def last_move(state: State) -> str:
    """The move Undo would withdraw now, in one line; "" when there is none."""
    before = state.before
    document = latest_move(state.log.documents)
    if before is None or document is None:
        return ""
    kind = document.get("type")
    if kind == "abandon":
        return _("The game was abandoned")
    if kind == "reveal":
        cards = [card_label(str(c)) for c in _strings(document.get("cards"))]
        return _("Display refilled: %(cards)s") % {"cards": ", ".join(cards)}
    if kind == "adjust":
        name = str(document.get("player", ""))
        line = _("%(name)s's table corrected") % {"name": name}
        return _with_effects(line, _effects(before, state, name))
    if kind != "play":
        return ""
    return _play(before, state, document)


def _strings(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _play(before: State, state: State, document: Mapping[str, object]) -> str:
    name = str(document.get("player", ""))
    card = str(document.get("card", ""))
    parts = [name, card_label(card)]
    copy = document.get("copy")
    if isinstance(copy, str):
        seat = before.seat_of(copy)
        if seat is not None and before.players[seat].discard:
            copied = before.players[seat].discard[-1]
            parts[-1] = _("%(card)s → %(copied)s (%(player)s)") % {
                "card": card_label(card),
                "copied": card_label(copied),
                "player": copy,
            }
    if isinstance(document.get("province"), str):
        parts.append(str(document["province"]))
    if document.get("cash") is True:
        parts.append(_("cash"))
    if "build" in document:
        built = _strings(document.get("build"))
        parts.append(", ".join(built) if built else _("no house"))
    if "buy" in document:
        bought = [card_label(c) for c in _strings(document.get("buy"))]
        parts.append(", ".join(bought) if bought else _("buys nothing"))
    line = " · ".join(parts)
    return _with_effects(line, _effects(before, state, name))


def _with_effects(line: str, effects: list[str]) -> str:
    if not effects:
        return line
    return _("%(move)s: %(effects)s") % {"move": line, "effects": ", ".join(effects)}


def _signed(count: int, text: str) -> str:
    return ("+" if count > 0 else "−") + text


def _effects(before: State, state: State, name: str) -> list[str]:
    """What the move changed for ``name``: full tracking only (light knows no purse)."""
    if not state.full:
        return []
    seat = state.seat_of(name)
    if seat is None:
        return []
    was, now = before.players[seat], state.players[seat]
    effects = []
    money = now.sestertii - was.sestertii
    if money:
        effects.append(
            _signed(
                money,
                ngettext("%(n)d sestertius", "%(n)d sestertii", abs(money))
                % {"n": abs(money)},
            )
        )
    for good in state.log.rules.goods:
        change = now.storehouse[good] - was.storehouse[good]
        if change:
            effects.append(_signed(change, good_count(Good(good), abs(change))))
    colonists = now.colonists_board - was.colonists_board
    if colonists:
        effects.append(
            _signed(
                colonists,
                ngettext(
                    "%(n)d colonist on the board",
                    "%(n)d colonists on the board",
                    abs(colonists),
                )
                % {"n": abs(colonists)},
            )
        )
    return effects
