"""Every message of the Magnanimous rules of play: English templates marked for translation.

The web app shows ``gettext(problem.template) % problem.params``; the log
contract gets the rendered English ``problem.message``. The terms follow the
Portuguese rulebook as the glossary renders them (Governor of Rio de Janeiro,
Nobility track, réis, Commerce track, Throne Room).
"""

from __future__ import annotations

from typing import Final

from scoring.i18n import gettext_noop, ngettext

# Reading the document.
WRONG_FORMAT: Final = gettext_noop(
    "This reads game logs of format “magnanimous-log/1”, not “%(given)s”"
)
WRONG_GAME: Final = gettext_noop(
    "A Magnanimous game log says “magnanimous”, not “%(given)s”"
)
PLAYER_COUNT: Final = gettext_noop(
    "Magnanimous is played by 2 to 4 players; this log has %(given)d"
)
NAME_TAKEN: Final = gettext_noop("Two players are called “%(name)s”")
SEAT_COLOUR: Final = gettext_noop("Player %(seat)d plays %(colour)s")
BOARD_UNKNOWN: Final = gettext_noop(
    "No board-data file called “%(given)s” is known: leave “board” null and the map is trusted as declared"
)
RULING_TROOPS: Final = gettext_noop("4 or 5")
PLAYER_UNKNOWN: Final = gettext_noop("“%(given)s” does not play in this game")
PROVINCE_UNKNOWN: Final = gettext_noop(
    "Unknown province “%(given)s”: a colour and a good or port (“red:cotton”, “green:port”), “rio” or “paraguay”"
)
NOT_HERE: Final = gettext_noop("“%(given)s” cannot be used here")
NEGATIVE: Final = gettext_noop("Expected 0 or more, not %(given)d")
POSITIVE: Final = gettext_noop("Expected 1 or more, not %(given)d")
OUT_OF_RANGE: Final = gettext_noop(
    "Expected a number from %(minimum)d to %(maximum)d, not %(given)d"
)
IMPROVEMENTS_COUNT: Final = gettext_noop(
    "The display shows %(expected)d improvement tiles; %(given)d given"
)
FULL_FIELD_MISSING: Final = gettext_noop("“%(field)s” is needed with full tracking")
FIELD_MISSING_FOR: Final = gettext_noop("This %(what)s needs “%(field)s”")
FIELD_NOT_FOR: Final = gettext_noop("A %(what)s has no “%(field)s”")
GOVERN_ONE_EFFECT: Final = gettext_noop(
    "The Rio de Janeiro card gives one effect: name one of train, troops, ship, party, track, liberate"
)
PLAYER_TWICE: Final = gettext_noop("%(player)s is named twice")

# The order of play.
GAME_OVER: Final = gettext_noop("The game has ended; only undo is accepted")
GAME_ABANDONED: Final = gettext_noop("The game was abandoned: only an undo can follow")
NOTHING_TO_UNDO: Final = gettext_noop("There is nothing to undo")
NOT_YOUR_TURN: Final = gettext_noop("It is %(current)s's turn, not %(given)s's")
EXPECTED_EVENT: Final = gettext_noop(
    "Now the table expects “%(expected)s”, not “%(given)s”"
)
MUST_GOVERN: Final = gettext_noop("%(player)s must take the Rio de Janeiro card now")
MINISTER_FIRST: Final = gettext_noop(
    "%(player)s first chooses the Minister on space %(space)d"
)
AUCTION_FIRST: Final = gettext_noop(
    "The players tied for the most votes in favour bid first (auction)"
)
VOTE_FIRST: Final = gettext_noop("The referendum “%(card)s” is put to the vote first")
MINISTER_NOT_DUE: Final = gettext_noop(
    "No Minister waits for %(player)s on space %(space)d"
)

# Emperor phase.
REFERENDUM_PARTY: Final = gettext_noop(
    "A referendum is Conservative or Liberal: name its “party”"
)
EVENT_NO_PARTY: Final = gettext_noop(
    "An event card has no party, Nobility modifier or title"
)
BELOW_TITLE: Final = gettext_noop(
    "%(player)s is below %(title)s and casts no vote in this referendum"
)
DEPUTIES_SHORT: Final = gettext_noop(
    "%(player)s has %(has)d %(party)s deputies; %(given)d voted"
)
MINISTER_VOTES: Final = gettext_noop(
    "%(player)s's %(party)s minister casts %(votes)d votes as one block, or none; %(given)d given"
)
NO_MINISTER: Final = gettext_noop("%(player)s has no %(party)s minister")
HAND_SHORT: Final = ngettext(
    "%(player)s has %(has)d card in hand; %(given)d needed",
    "%(player)s has %(has)d cards in hand; %(given)d needed",
)
AUCTION_WINNER: Final = gettext_noop(
    "Only the players tied for the most votes in favour bid: %(players)s"
)
KEEP_OLD_WITHOUT: Final = gettext_noop("%(player)s holds no %(party)s minister to keep")

# Production phase.
NOT_YOUR_PROVINCE: Final = gettext_noop(
    "%(province)s is not one of %(player)s's provinces"
)
PROVINCE_OCCUPIED: Final = gettext_noop("%(province)s is occupied by Paraguay")
PROVINCE_HAS_DIE: Final = gettext_noop("%(province)s already holds a die")
NO_DIE_THERE: Final = gettext_noop("No die stands on %(quadrant)s space %(space)d")
SPACE_TAKEN: Final = gettext_noop("That space already holds a die")
GOODS_QUADRANT: Final = gettext_noop(
    "A %(good)s die goes on the %(good)s province (%(expected)s), not %(given)s"
)
SHORT_OF_REIS: Final = ngettext(
    "%(player)s has %(has)d réis; this action costs %(cost)d real",
    "%(player)s has %(has)d réis; this action costs %(cost)d réis",
)
GOODS_FULL: Final = gettext_noop(
    "%(province)s holds %(has)d goods, its limit is %(limit)d"
)
IN_TRANSIT: Final = gettext_noop(
    "%(province)s's goods are in transit: it produces again once they are sold or exported"
)
TROOPS_FULL: Final = gettext_noop(
    "%(province)s holds %(has)d troop tokens, its limit is %(limit)d"
)
IMPERIAL_FULL: Final = gettext_noop(
    "The Imperial War Power area holds %(has)d troop tokens, its limit is 5"
)
DEPUTIES_FULL: Final = gettext_noop("%(player)s already has 4 %(party)s deputies")
SHIPS_FULL: Final = gettext_noop("%(player)s already has 4 ships in play")
RIO_SHIP_GOVERNOR: Final = gettext_noop(
    "Only the Governor of Rio de Janeiro puts a ship in Rio's port"
)
HAS_IMPROVEMENT: Final = gettext_noop("%(province)s already has an improvement")
NOT_DISPLAYED: Final = gettext_noop(
    "“%(improvement)s” is not among the available improvements"
)
OPTION_MISSING: Final = gettext_noop("This action needs “%(field)s”")
TROOP_PROVINCE: Final = gettext_noop(
    "The recruited troop goes on the die's province (%(province)s) or the Imperial War Power area"
)
JOINERS_ONLY: Final = gettext_noop("Only a Precise or a sold action has joiners")
JOINER_SELF: Final = gettext_noop("%(player)s acts already; the others join")
JOINER_ORDER: Final = gettext_noop("joiners act in seat order from the actor's left")
ONE_BUYER: Final = gettext_noop(
    "With this table's ruling only the first buyer takes a sold action"
)
ALREADY_GOVERNOR: Final = gettext_noop(
    "%(player)s already holds the Rio de Janeiro card"
)
ALREADY_GOVERNED: Final = gettext_noop(
    "The Rio de Janeiro card already changed hands this round"
)
WRONG_RIO_EFFECT: Final = gettext_noop(
    "The purple die shows %(value)d: the Rio de Janeiro card's effect is “%(expected)s”"
)
RIO_TROOPS_TWO: Final = gettext_noop(
    "Rio effect 2 adds at most 2 troop tokens; %(given)d given"
)
NOT_OCCUPIED: Final = gettext_noop("%(province)s is not occupied")
NO_SHIP_THERE: Final = gettext_noop("%(player)s has no ship there")
NO_SHIP_LEFT: Final = gettext_noop("%(player)s has no ship left in their supply")

# Offensives.
OFFENSIVE_SOURCE_FIRST: Final = gettext_noop("Paraguay attacks first")
OFFENSIVE_OVER: Final = gettext_noop(
    "%(source)s already took a province: its offensive is over"
)
SOURCE_DONE: Final = gettext_noop("%(source)s has already made its attacks")
SOURCE_NEW: Final = gettext_noop(
    "%(source)s was occupied this round and does not attack yet"
)
SOURCE_NOT_OCCUPIED: Final = gettext_noop(
    "%(source)s is not occupied by Paraguay and cannot attack"
)
TARGET_OCCUPIED: Final = gettext_noop("%(province)s is already occupied")
TARGET_TWICE: Final = gettext_noop("%(source)s already attacked %(province)s")
TARGET_NOT_ATTACKABLE: Final = gettext_noop("Paraguay cannot be attacked")
ORDER_UNCONTROLLED_LAST: Final = gettext_noop(
    "Rio de Janeiro and the uncontrolled provinces are attacked last"
)
ORDER_ROUND_ROBIN: Final = gettext_noop(
    "The attacks go round the table from the first player, clockwise, one province of each player at a time"
)
ORDER_GROUPED: Final = gettext_noop(
    "With this table's ruling all of a player's provinces are attacked together, from the first player clockwise"
)
RESULT_HOLDS: Final = gettext_noop(
    "power %(power)d against %(defence)d: the province holds"
)
RESULT_FALLS: Final = gettext_noop(
    "power %(power)d against %(defence)d: the province falls"
)
LOST_MISMATCH: Final = gettext_noop(
    "%(province)s had %(expected)d troop tokens or ships, not %(given)d"
)
LOST_TOO_MANY: Final = gettext_noop(
    "Paraguay's power %(power)d takes a province only with fewer defenders: %(given)d lost is too many"
)
LOST_ONLY_FALL: Final = gettext_noop("Only a province that fell loses its tokens")
RIO_FELL_OVER: Final = gettext_noop("Rio de Janeiro fell: the game is over")

# Nobles phase.
NO_DIE_ON: Final = gettext_noop("%(province)s holds no die of %(player)s's")
DIE_BLOCKED: Final = gettext_noop("%(province)s is occupied: its die is blocked")
WRONG_ACTION: Final = gettext_noop(
    "The %(quadrant)s quadrant offers %(actions)s, not “%(given)s”"
)
AGAIN_ONLY_PRECISE: Final = gettext_noop("Only a Precise action is performed again")
TRAIN_NOT_IN_PLAY: Final = gettext_noop(
    "%(player)s's train is not in play: name the province whose goods it carries (“start”)"
)
START_IS_DIE: Final = gettext_noop(
    "The train carries the goods of the province the die came from (%(province)s)"
)
NO_GOODS: Final = gettext_noop("%(province)s has no goods to load")
PATH_LENGTH: Final = gettext_noop(
    "The train moves %(maximum)d step(s) here; %(given)d given"
)
PATH_OCCUPIED: Final = gettext_noop(
    "The train cannot enter %(province)s: it is occupied"
)
PATH_TRAIN_THERE: Final = gettext_noop(
    "%(player)s's train already stands on %(province)s, which is no port"
)
PATH_PARAGUAY: Final = gettext_noop("No train enters Paraguay")
SELL_FROM_DIE: Final = gettext_noop(
    "The token sold comes from the die's province (%(province)s)"
)
NOTHING_TO_SELL: Final = gettext_noop("%(province)s has no goods token to sell there")
MOVE_SAME: Final = gettext_noop("Troops move between two different provinces")
TROOPS_SHORT: Final = gettext_noop(
    "%(province)s has %(has)d troop tokens; %(given)d needed"
)
GOVERNOR_ONLY: Final = gettext_noop("Only the Governor of Rio de Janeiro does this")
IMPERIAL_KEEPS_ONE: Final = gettext_noop(
    "The Imperial War Power area has %(has)d troop tokens and keeps at least 1"
)
ATTACK_LIBERATES: Final = gettext_noop(
    "%(power)d troops and morale against Paraguay's %(die)d: the province is liberated"
)
ATTACK_FAILS: Final = gettext_noop(
    "%(power)d troops and morale against Paraguay's %(die)d: the attack fails"
)
NO_TRAIN_AT_PORT: Final = gettext_noop("%(player)s's train is not on %(place)s")
NO_SHIP_DOCKED: Final = gettext_noop("%(player)s has no ship docked at %(place)s")
RIO_EXPORT_GOVERNOR: Final = gettext_noop(
    "Only the Governor of Rio de Janeiro exports through Rio"
)
TRANSIT_SHORT: Final = gettext_noop(
    "%(player)s's train carries %(has)d goods; %(given)d exported"
)
COMMERCE_BEYOND: Final = gettext_noop(
    "Commerce space %(space)d is beyond the Republic marker (%(republic)d)"
)
COMMERCE_GOOD: Final = gettext_noop(
    "Commerce space %(space)d takes %(expected)s, not %(given)s"
)
COMMERCE_TAKEN: Final = gettext_noop("space %(space)d holds %(owner)s's %(good)s")
COMMERCE_FULL: Final = gettext_noop(
    "Commerce space %(space)d holds %(has)d tokens; at most 5"
)
NO_SHIP_IN_PORT: Final = gettext_noop("%(player)s has no ship in their port")

# End of round, tie-break, adjustments.
TIEBREAK_NOT_DUE: Final = gettext_noop(
    "Only the players on space 20 vote in the tie-break"
)
TIEBREAK_MISSING: Final = gettext_noop(
    "Give the votes of %(player)s, who is on space 20"
)

# The phase checklists (`play.magnanimous.queries.banner`).
STEP_EMPEROR_SKIPPED: Final = gettext_noop(
    "No Emperor phase this round: the Throne Room pile is empty"
)
STEP_REVEAL: Final = gettext_noop(
    "The first player reveals the Throne Room's top card, then the next, until the pile is empty"
)
STEP_EVENT: Final = gettext_noop(
    "An event moves the Republic marker at once and stays until the end of the round"
)
STEP_REFERENDUM: Final = gettext_noop(
    "A referendum is voted in three steps: fixed votes, deputies, referendum cards from hand"
)
STEP_TAKE: Final = gettext_noop(
    "From the Governor, clockwise: take a die as it shows and pay its value, or become Governor"
)
STEP_GOVERNOR: Final = gettext_noop(
    "The Rio de Janeiro card must change hands; if nobody took it, the player to the Governor's left must"
)
STEP_DIE_BACK: Final = gettext_noop(
    "The purple die comes back from the Rio de Janeiro card with +1 (6 becomes 1)"
)
STEP_ATTACKS: Final = gettext_noop(
    "Paraguay attacks first, then each province occupied in an earlier round; each stops at its first success"
)
STEP_FALL: Final = gettext_noop(
    "A province falls only if the purple die is greater than its defence; the die drops by the tokens lost"
)
STEP_PLACE: Final = gettext_noop(
    "From the Governor, clockwise: move a die from an unoccupied province to a free space with +1 (6 becomes 1)"
)
STEP_REPUBLIC: Final = gettext_noop("The Republic marker advances 3 spaces")
STEP_EVENTS_LEAVE: Final = gettext_noop(
    "Event cards leave the game; morale bonuses end"
)
STEP_REFILL: Final = gettext_noop("Every player refills their hand to 5 cards")
STEP_IMPROVEMENTS: Final = gettext_noop(
    "Discard the available improvements and draw 4 new ones"
)
STEP_ENDINGS: Final = gettext_noop(
    "Republic at 20 or more: the Republic is proclaimed; otherwise a player on space 20 wins"
)
PROCLAIMED_THIS_ROUND: Final = gettext_noop(
    "The Republic will be proclaimed at the end of this round"
)
