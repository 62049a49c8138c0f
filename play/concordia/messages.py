"""Every message of the rules of play: English templates marked for translation.

The web app shows ``gettext(problem.template) % problem.params``; the game-log
contract gets the rendered English ``problem.message``.
"""

from __future__ import annotations

from typing import Final

from play.core import (
    GAME_ABANDONED as GAME_ABANDONED,
)
from play.core import (
    NESTED_TOO_DEEPLY as NESTED_TOO_DEEPLY,
)
from play.core import (
    NOT_JSON as NOT_JSON,
)
from play.core import (
    NOT_UTF8 as NOT_UTF8,
)
from play.core import (
    NOTHING_TO_UNDO as NOTHING_TO_UNDO,
)
from play.core import (
    UNREADABLE_FILE as UNREADABLE_FILE,
)
from play.core import (
    UNREADABLE_JSON as UNREADABLE_JSON,
)
from scoring.i18n import Plural, gettext_noop, ngettext

# Reading the document: the words every game's log shares are the core's
# (`play.core`, imported above); these are Concordia's.

WRONG_FORMAT: Final = gettext_noop(
    "This reads game logs of format “game-log/1”, not “%(given)s”"
)
WRONG_GAME: Final = gettext_noop(
    "Game logs are kept for Concordia, not for “%(given)s”"
)
PLAYER_COUNT: Final = gettext_noop(
    "Concordia is played by %(minimum)d to %(maximum)d players; this log has %(given)d"
)
NAME_TAKEN: Final = gettext_noop("Two players are called “%(name)s”")
COLOUR_UNKNOWN: Final = gettext_noop(
    "Unknown colour “%(given)s”; expected one of: %(choices)s"
)
COLOUR_TAKEN: Final = gettext_noop("Two players play %(colour)s")
CITIES_REQUIRED: Final = gettext_noop(
    "With full tracking, say which good each city produces (“cities”)"
)
CITY_UNKNOWN: Final = gettext_noop("%(map)s has no city called “%(city)s”")
CITY_TWICE: Final = gettext_noop("%(city)s is listed twice")
DISPLAY_SIZE: Final = gettext_noop(
    "The display starts with %(expected)d cards; %(given)d given"
)
DISPLAY_NOT_DECK_I: Final = gettext_noop(
    "The display is dealt from deck I, and “%(card)s” is not a deck I card"
)
CARD_NOT_IN_GAME: Final = gettext_noop(
    "“%(card)s” is not in this game: it belongs to a module not played, or one played replaces it"
)
DISPLAY_SIDE_UNKNOWN: Final = gettext_noop(
    "The display has no side “%(given)s” in this game: %(choices)s"
)
MAGISTER_EMPTY: Final = gettext_noop(
    "The Magister repeats the card %(player)s played before it, and there is none on the discard pile"
)
MAGISTER_REPEATS: Final = gettext_noop("The Magister never repeats a %(card)s")
NOTHING_TO_REPEAT: Final = gettext_noop(
    "The discard pile is empty: the Magister has no card to repeat"
)
CARD_TWICE: Final = gettext_noop("“%(card)s” appears twice; each card exists once")
CARD_UNKNOWN: Final = gettext_noop(
    "Unknown card “%(card)s”: a starting card (Tribune, Architect, Prefect, Mercator, Senator, Diplomat) or deck and name, such as “II:Consul”"
)
NOT_A_SALE_CARD: Final = gettext_noop(
    "“%(card)s” is a starting card; only the cards of decks I–V are for sale"
)
PLAYER_UNKNOWN: Final = gettext_noop("“%(given)s” does not play in this game")
EVENT_UNKNOWN: Final = gettext_noop(
    "Unknown event “%(given)s”; expected one of: %(choices)s"
)
ROLE_MISSING: Final = gettext_noop(
    "“%(card)s” has two roles: say which one is played (“role”: %(choices)s)"
)
ROLE_NOT_ON_CARD: Final = gettext_noop("“%(card)s” has no role “%(given)s”")
FIELD_NOT_FOR_CARD: Final = gettext_noop("The %(card)s has no “%(field)s”")
FIELD_MISSING_FOR_CARD: Final = gettext_noop(
    "The %(card)s needs “%(field)s” with %(tracking)s tracking"
)
EITHER_FIELD: Final = gettext_noop("The %(card)s takes either “%(one)s” or “%(other)s”")
ONLY_WITH: Final = gettext_noop("“%(field)s” goes only with “%(other)s”")
FULL_ONLY_EVENT: Final = gettext_noop(
    "An adjustment sets money, goods and colonists: only with full tracking"
)
CASH_NOT_TRUE: Final = gettext_noop("“cash” is true or left out")
NEGATIVE: Final = gettext_noop("Expected 0 or more, not %(given)d")
POSITIVE: Final = gettext_noop("Expected 1 or more, not %(given)d")
PROVINCE_UNKNOWN: Final = gettext_noop("%(map)s has no province called “%(given)s”")
BONUS_NOT_CHOSEN: Final = gettext_noop(
    "The bonus marker of %(province)s decides its bonus good: only a province "
    "of %(map)s without a marker lets the Prefect choose one"
)

# Replaying: the order of play.
GAME_OVER: Final = gettext_noop(
    "The game is over: only an undo can follow its last turn"
)
NOT_YOUR_TURN: Final = gettext_noop("It is %(current)s's turn, not %(given)s's")
NOT_IN_HAND: Final = gettext_noop("%(player)s has no %(card)s in their hand")

# The display and the pile.
NOTHING_TO_REVEAL: Final = gettext_noop(
    "The display has no empty place to refill (%(given)d cards named)"
)
TOO_MANY_REVEALED: Final = gettext_noop(
    "Only %(places)d places of the display wait for a card; %(given)d named"
)
NOT_IN_PILE: Final = gettext_noop("“%(card)s” is not in the draw pile")
NOT_CURRENT_DECK: Final = gettext_noop(
    "The draw pile still holds deck %(deck)s: “%(card)s” cannot come up yet"
)
DISPLAY_NOT_FULL: Final = gettext_noop(
    "The display has places waiting for their cards: name them (reveal) before buying"
)
NOT_ON_DISPLAY: Final = gettext_noop("“%(card)s” is not on the display")
BUY_COUNT_SENATOR: Final = gettext_noop(
    "The Senator buys up to 2 cards; %(given)d named"
)
BUY_COUNT_CONSUL: Final = gettext_noop(
    "The Consul buys at most 1 card; %(given)d named"
)
BUY_TWICE: Final = gettext_noop("“%(card)s” is named twice")
PAY_MISMATCH: Final = gettext_noop(
    "The surcharges ask for %(needed)d goods of the player's choice; “pay” gives %(given)d"
)

# Goods, money, the storehouse.
SHORT_OF_MONEY: Final = ngettext(
    "%(player)s needs %(needed)d sestertius and has %(has)d",
    "%(player)s needs %(needed)d sestertii and has %(has)d",
)
# One message per good, so that each language can inflect it with the number.
SHORT_OF_GOODS: Final[dict[str, Plural]] = {
    "brick": ngettext(
        "%(player)s needs %(needed)d brick and has %(has)d",
        "%(player)s needs %(needed)d brick and has %(has)d",
    ),
    "food": ngettext(
        "%(player)s needs %(needed)d food and has %(has)d",
        "%(player)s needs %(needed)d food and has %(has)d",
    ),
    "tool": ngettext(
        "%(player)s needs %(needed)d tool and has %(has)d",
        "%(player)s needs %(needed)d tool and has %(has)d",
    ),
    "wine": ngettext(
        "%(player)s needs %(needed)d wine and has %(has)d",
        "%(player)s needs %(needed)d wine and has %(has)d",
    ),
    "cloth": ngettext(
        "%(player)s needs %(needed)d cloth and has %(has)d",
        "%(player)s needs %(needed)d cloth and has %(has)d",
    ),
}
# A good of the data without its own sentence above (its id is named).
SHORT_OF_GOODS_ANY: Final = ngettext(
    "%(player)s needs %(needed)d of %(good)s and has %(has)d",
    "%(player)s needs %(needed)d of %(good)s and has %(has)d",
)
STOREHOUSE_FULL: Final = gettext_noop(
    "%(player)s's storehouse has %(spaces)d spaces: %(needed)d would be needed; name what does not fit in “drop”"
)
STOREHOUSE_FULL_PURCHASE: Final = gettext_noop(
    "%(player)s's storehouse has %(spaces)d spaces: %(needed)d would be needed; buy fewer goods"
)
DROP_TOO_MUCH: Final[dict[str, Plural]] = {
    "brick": ngettext(
        "%(player)s receives %(received)d brick and cannot drop %(given)d",
        "%(player)s receives %(received)d brick and cannot drop %(given)d",
    ),
    "food": ngettext(
        "%(player)s receives %(received)d food and cannot drop %(given)d",
        "%(player)s receives %(received)d food and cannot drop %(given)d",
    ),
    "tool": ngettext(
        "%(player)s receives %(received)d tool and cannot drop %(given)d",
        "%(player)s receives %(received)d tool and cannot drop %(given)d",
    ),
    "wine": ngettext(
        "%(player)s receives %(received)d wine and cannot drop %(given)d",
        "%(player)s receives %(received)d wine and cannot drop %(given)d",
    ),
    "cloth": ngettext(
        "%(player)s receives %(received)d cloth and cannot drop %(given)d",
        "%(player)s receives %(received)d cloth and cannot drop %(given)d",
    ),
}
DROP_TOO_MUCH_ANY: Final = ngettext(
    "%(player)s receives %(received)d of %(good)s and cannot drop %(given)d",
    "%(player)s receives %(received)d of %(good)s and cannot drop %(given)d",
)
DROP_WITH_SPACE: Final = gettext_noop(
    "%(player)s's storehouse still has %(free)d free spaces: nothing may be dropped while a good fits"
)

# Cards.
HOUSE_IN_CAPITAL: Final = gettext_noop("Nobody builds a house in the capital, %(city)s")
HOUSE_TWICE: Final = gettext_noop("%(player)s already has a house in %(city)s")
HOUSES_OVER_STOCK: Final = gettext_noop(
    "A player has only %(maximum)d houses; this would be house %(given)d"
)
CITY_GOOD_UNKNOWN: Final = gettext_noop(
    "The good of %(city)s is not known: the log's “cities” does not say"
)
FIFTEENTH_TOO_EARLY: Final = gettext_noop(
    "“fifteenth_house” is for the Architect that builds a 15th house"
)
MARKER_SHOWS_COINS: Final = gettext_noop(
    "The bonus marker of %(province)s shows its coins: it produces again after a Prefect takes the cash"
)
NOT_TRADED: Final = gettext_noop(
    "Salt is never bought or sold for sestertii: swap it for another good to sell that one"
)
TRADE_KINDS: Final = gettext_noop(
    "The Mercator trades at most %(maximum)d kinds of goods; %(given)d given"
)
DIPLOMAT_SELF: Final = gettext_noop("A Diplomat copies another player's card")
DIPLOMAT_EMPTY: Final = gettext_noop(
    "%(player)s's discard pile is empty: there is nothing to copy"
)
DIPLOMAT_COPY_MISSING: Final = gettext_noop(
    "%(player)s's top card can be copied: a Diplomat names whose card it copies in “copy”"
)
DIPLOMAT_NOTHING_COPIED: Final = gettext_noop(
    "A Diplomat that copies nothing has no “%(field)s”"
)
DIPLOMAT_COPIES_DIPLOMAT: Final = gettext_noop(
    "%(player)s's top card is a Diplomat, and a Diplomat never copies a Diplomat"
)
DIPLOMAT_COPIES_MAGISTER: Final = gettext_noop(
    "%(player)s's top card is a Magister, which repeats its own player's card: a Diplomat cannot copy it"
)
NO_COLONIST_LEFT: Final = gettext_noop(
    "%(player)s has no colonist left in the storehouse"
)
COLONISTS_OVER: Final = gettext_noop(
    "%(player)s has %(left)d colonists left in the storehouse; %(given)d placed"
)
INTERMEDIATE_POINTS_MISSING: Final = gettext_noop(
    "%(player)s's first Tribune scores them: give their total in “intermediate_points”"
)
INTERMEDIATE_NOT_ON: Final = gettext_noop(
    "This game has no intermediate scoring (“intermediate_scoring” is false)"
)
ADJUST_COLONISTS: Final = gettext_noop(
    "A player has %(maximum)d colonists; %(board)d on the board and %(stored)d in the storehouse given"
)
ADJUST_COLONISTS_BOARD: Final = gettext_noop(
    "Two colonists stay on the board from the start; %(given)d given"
)
ADJUST_STOREHOUSE: Final = gettext_noop(
    "The storehouse has %(spaces)d spaces: %(goods)d goods and %(colonists)d colonists do not fit"
)

# Why a card cannot be played now (`play.queries.legal_cards`).
NO_TURN: Final = gettext_noop("Nobody plays now: the game is over")

# Salsa's forum (play.concordia.forum).
FORUM_SETUP_MISSING: Final = gettext_noop(
    "With the forum, say the patrician each player kept and the 4 cards of the tableau"
)
FORUM_NOT_PLAYED: Final = gettext_noop(
    "This game is played without the forum: add “forum” to its expansions"
)
FORUM_PATRICIAN_MISSING: Final = gettext_noop("Say which patrician %(player)s kept")
FORUM_NOT_PATRICIAN: Final = gettext_noop("%(card)s is a citizen, not a patrician")
FORUM_NOT_DEALT: Final = gettext_noop(
    "%(player)s kept %(card)s, which was not dealt to them"
)
FORUM_DEALT: Final = gettext_noop("Name the %(count)d patricians dealt to %(player)s")
FORUM_TABLEAU: Final = gettext_noop(
    "The forum's tableau holds %(size)d cards; %(given)d given"
)
FORUM_CARD_UNKNOWN: Final = gettext_noop("There is no forum card %(given)s")
FORUM_CARD_TWICE: Final = gettext_noop(
    "Each forum card exists once, and %(card)s is in the game already"
)
FORUM_NOT_ON_TABLEAU: Final = gettext_noop("%(card)s is not on the forum's tableau")
FORUM_NOT_HELD: Final = gettext_noop("%(player)s has no %(card)s")
FORUM_PATRICIAN_KEPT: Final = gettext_noop(
    "%(card)s is a patrician: patricians are kept, not used up"
)
FORUM_GOOD_NEEDED: Final = gettext_noop(
    "Without salt, %(card)s gives any good: say which"
)
FORUM_EXCHANGE: Final = ngettext(
    "Exchange 1 good for 1 other (the good given negative, the one taken positive)",
    "Exchange 1 to %(most)d goods, each for 1 other (the goods given negative, those taken positive)",
)
FORUM_EXCHANGE_FOR: Final = gettext_noop(
    "%(good)s cannot be taken in this exchange: salt, or without salt another good"
)
FORUM_NO_BONUS: Final = gettext_noop("This province has no bonus good")
FORUM_NOT_SALT_CITY: Final = gettext_noop(
    "Marcus builds in a salt city, and %(city)s is not one"
)
FORUM_FIELD: Final = gettext_noop("“%(field)s” does not go with %(card)s")
FORUM_BONUS_COINS: Final = gettext_noop(
    "The bonus marker of %(province)s shows its coins: Tiberius takes a good only"
)
FORUM_COPY_ONE: Final = gettext_noop(
    "A Diplomat copies one card: another player's top discard (“copy”) or a display card (“copy_card”)"
)
FORUM_COPY_KIND: Final = gettext_noop(
    "%(card)s cannot be copied: a Diplomat never copies a Diplomat nor a Magister"
)
