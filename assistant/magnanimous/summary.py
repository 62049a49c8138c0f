"""Magnanimous' moves named in one line for the table: the latest move Undo
would withdraw (`last_move`, beside Undo on the turn screen) and any event the
shell names (`event_text`: the alert of a phone that lost a race).

"Ana · places a die from cotton (red)": who (when the event names a player),
then what, in the reader's language, read from the log's own documents.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from assistant.magnanimous.adapter import State, latest_move
from assistant.magnanimous.labels import province_label


def _what(event: Mapping[str, object]) -> str:
    kind = event.get("type")
    if kind == "take":
        return _("takes a die in %(province)s") % {
            "province": province_label(str(event.get("province", "")))
        }
    if kind == "place":
        return _("places a die from %(province)s") % {
            "province": province_label(str(event.get("from", "")))
        }
    texts = {
        "reveal": _("Card revealed"),
        "vote": _("Referendum votes"),
        "auction": _("Auction won"),
        "minister": _("Minister"),
        "effect": _("Card effect"),
        "govern": _("Governor's action"),
        "offensive": _("Paraguayan offensive"),
        "end_round": _("End of the round"),
        "tiebreak": _("Tie-break votes"),
        "adjust": _("Table corrected"),
        "abandon": _("The game was abandoned"),
    }
    return str(texts.get(str(kind), _("Move")))


def event_text(event: Mapping[str, object]) -> str:
    """One line naming ``event``: "Ana · Minister", or the move alone when it names no player."""
    what = _what(event)
    who = event.get("winner" if event.get("type") == "auction" else "player")
    if isinstance(who, str) and who:
        return _("%(player)s · %(move)s") % {"player": who, "move": what}
    return what


def last_move(state: State) -> str:
    """The move Undo would withdraw now, in one line; "" when there is none."""
    document = latest_move(state.log.documents)
    if document is None:
        return ""
    return event_text(document)
