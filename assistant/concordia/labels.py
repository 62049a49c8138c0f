"""The words Concordia's assistant pages show for cards, goods and choices, translatable."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from django_stubs_ext import StrPromise

CARD_LABELS: dict[str, StrPromise] = {
    "Tribune": _("Tribune"),
    "Architect": _("Architect"),
    "Prefect": _("Prefect"),
    "Mercator": _("Mercator"),
    "Senator": _("Senator"),
    "Diplomat": _("Diplomat"),
    "Consul": _("Consul"),
    "Colonist": _("Colonist"),
    "Mason": _("Mason"),
    "Farmer": _("Farmer"),
    "Smith": _("Smith"),
    "Vintner": _("Vintner"),
    "Weaver": _("Weaver"),
    # Venus (expansions §2b).
    "Magister": _("Magister"),
    "Prefect/Architect": _("Prefect/Architect"),
    "Architect/Mercator": _("Architect/Mercator"),
    "Prefect/Mercator": _("Prefect/Mercator"),
}
GOOD_LABELS: dict[str, StrPromise] = {
    "brick": _("brick"),
    "food": _("food"),
    "tool": _("tool"),
    "wine": _("wine"),
    "cloth": _("cloth"),
    "salt": _("salt"),
    "?": _("any good"),
}

# Salsa's forum cards (concordia-expansions.md §1b): when each applies and what
# it does, in our own words. The names are Latin names and stay as printed.
FORUM_EFFECTS: dict[str, StrPromise] = {
    "Claudia Agrippina": _(
        "Once, when taken: the storehouse grows by 4 spaces (12 to 16), and 1 brick."
    ),
    "Aulus Arcadius": _("Architect: each house costs 1 sestertius less."),
    "Gaius Marcellus": _("Mercator: each good sold brings 1 sestertius more."),
    "Donatus Pompeius": _(
        "Prefect: with a province's bonus good, also take the coins on the back of its marker."
    ),
    "Titus Valerius": _(
        "Tribune: exchange 1 good for 1 salt (without salt: for any other good)."
    ),
    "Annaeus Arcadius": _(
        "Architect: once, also build at the far end of a line held by another player's colonist next to a city your colonists reach."
    ),
    "Lucius Flavius": _(
        "Diplomat: may copy a card of the display instead of another player's top discard (not a Diplomat)."
    ),
    "Servius Marcellus": _("Mercator: trade up to 3 kinds of goods instead of 2."),
    "Sextus Pompeius": _("A Prefect may be played as a Diplomat instead."),
    "Appius Arcadius": _("Architect: 1 more movement point."),
    "Faustus Marcellus": _("Mercator: 1 brick free."),
    "Claudius Pompeius": _(
        "Prefect: the bonus good may be sold at once for its fixed price."
    ),
    "Cornelius Scipio": _(
        "Senator: the display's surcharges may be paid with any goods."
    ),
    "Julius": _(
        "Your turn: one more colonist move, as the Architect's, without building."
    ),
    "Mamilius": _(
        "Architect, before the first house: this turn's houses need no brick."
    ),
    "Numerius": _(
        "Your turn: 2 sestertii per province holding at least one of your houses."
    ),
    "Spurius": _("Your turn: take 1 salt (without salt: any good)."),
    "Augustus": _(
        "Your turn: exchange up to 2 goods for salt (without salt: for other goods)."
    ),
    "Laurentius": _("Your turn: take 1 brick and 1 food."),
    "Marcus": _(
        "Architect: build 1 house in a salt city for 1 tool only (without salt: any city)."
    ),
    "Publius": _(
        "Your turn: place 1 colonist in the capital or a city with your house for 5 sestertii instead of food and tool."
    ),
    "Tiberius": _(
        "Your turn: take the bonus good of one province whose marker shows its good."
    ),
    "Commodus": _(
        "Your turn: 1 tool per 3 provinces holding one of your houses (rounded down)."
    ),
    "Mamercus": _("Architect: build 1 house without its sestertii (goods still paid)."),
    "Novius": _("Its effect was found in no source."),
    "Quintus": _("Its effect was found in no source."),
    "Victoria": _("Its effect was found in no source."),
}
# What the app keeps track of (play.Tracking), as the list of games says it.
TRACKING_LABELS: dict[str, StrPromise] = {
    "light": _("light: the cards only"),
    "full": _("full: money, goods, colonists and houses too"),
}

# Each card's rule in a sentence (rules digest §4, §5), for the helper's "Rules" fold.
CARD_RULES: dict[str, StrPromise] = {
    "Tribune": _(
        "Take every played card back into your hand; 1 sestertius for each card "
        "beyond the 3rd (the Tribune counts). Then you may buy one colonist for "
        "1 food and 1 tool, placed in Roma."
    ),
    "Architect": _(
        "Move your colonists as many steps in total as you have colonists on the "
        "board, then build houses in cities next to them: each costs 1 brick and "
        "1 of its city's good (in a brick city: 1 food), and its coins × the "
        "houses in that city after building. Never in Roma, one house of yours "
        "per city."
    ),
    "Prefect": _(
        "Choose a province whose bonus marker shows its good: every house there "
        "produces its city's good for its owner, you take the bonus good (2 with the "
        "Praefectus Magnus, which then passes to the right) and the marker turns to "
        "its coins. Or take 1 sestertius per coin showing, and every marker turns back."
    ),
    "Mercator": _(
        "Take 3 sestertii (5 with a bought Mercator), then buy and sell up to two "
        "kinds of goods at the fixed prices."
    ),
    "Senator": _(
        "Buy up to 2 cards of the display: each costs its own goods and the "
        "surcharge of its place. The display then slides left and is refilled."
    ),
    "Consul": _("Buy 1 card of the display for its own cost, without surcharge."),
    "Diplomat": _(
        "Play the top card of another player's discard pile as if it were yours "
        "(never a Diplomat)."
    ),
    "Colonist": _(
        "Place new colonists in Roma or in cities with a house of yours, 1 food and "
        "1 tool each; or take 5 sestertii + 1 per colonist of yours on the board."
    ),
    "Mason": _("Every house of yours in a brick city produces 1 brick."),
    "Farmer": _("Every house of yours in a food city produces 1 food."),
    "Smith": _("Every house of yours in a tool city produces 1 tool."),
    "Vintner": _("Every house of yours in a wine city produces 1 wine."),
    "Weaver": _("Every house of yours in a cloth city produces 1 cloth."),
    "Magister": _(
        "Venus: play again the card you played just before, the one under the "
        "Magister on your discard pile (never a Senator)."
    ),
    "Prefect/Architect": _(
        "Venus: play it as a Prefect or as an Architect, your choice. It counts "
        "for Venus."
    ),
    "Architect/Mercator": _(
        "Venus: play it as an Architect or as a Mercator (5 sestertii), your "
        "choice. It counts for Venus."
    ),
    "Prefect/Mercator": _(
        "Venus: play it as a Prefect or as a Mercator (5 sestertii), your choice."
        " It counts for Venus."
    ),
}

# The specialist's production on the helper, one sentence per good (a slot
# "a %(good)s city" cannot take the case endings some languages need).
SPECIALIST_RULES: dict[str, StrPromise] = {
    "brick": _("Every house of the player in a brick city produces 1 brick."),
    "food": _("Every house of the player in a food city produces 1 food."),
    "tool": _("Every house of the player in a tool city produces 1 tool."),
    "wine": _("Every house of the player in a wine city produces 1 wine."),
    "cloth": _("Every house of the player in a cloth city produces 1 cloth."),
}

# Each card's effect in a few words, for its tile (hand, display, refill).
CARD_EFFECTS: dict[str, StrPromise] = {
    "Tribune": _("Cards back, a colonist"),
    "Architect": _("Move, build houses"),
    "Prefect": _("Produce, or the cash"),
    "Mercator": _("Money, trade 2 goods"),
    "Senator": _("Buy up to 2 cards"),
    "Diplomat": _("Copy a top card"),
    "Consul": _("Buy 1, no surcharge"),
    "Colonist": _("Colonists, or cash"),
    "Mason": _("1 brick per brick city"),
    "Farmer": _("1 food per food city"),
    "Smith": _("1 tool per tool city"),
    "Vintner": _("1 wine per wine city"),
    "Weaver": _("1 cloth per cloth city"),
}

# Goods "of any kind" counted (a surcharge); the goods themselves are counted
# by `games.vocabulary.good_count`.
ANY_GOOD_COUNT: StrPromise = ngettext_lazy(
    "%(n)d good of any kind", "%(n)d goods of any kind", "n"
)


def card_label(card: str | None) -> str:
    """``II:Consul`` → ``Consul II``; a starting card shows its name alone.

    The deck's numeral is held to the name by a no-break space: at 360 px
    "Fazendeiro I" never leaves "I" alone on a line.
    """
    if not card:
        return "—"
    deck, _sep, kind = card.rpartition(":")
    name = str(CARD_LABELS.get(kind, kind))
    return f"{name}\u00a0{deck}" if deck else name
