"""Concordia's state changes before the first turn: a new game, the table's own deal.

Each goes through the shell's services (`assistant.services`), which lock the
game, check the setup against the rules and refuse any change once the game
has started.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from assistant import services
from assistant.concordia import setup
from assistant.concordia.adapter import GAME, Tracking
from assistant.interface import RulesRefused
from assistant.models import AssistantGame
from clubs.models import Club


class CityTokensRefused(RulesRefused):
    """A deal of city tokens the token pool cannot make (the board entry's check)."""


def game_create(
    *,
    club: Club,
    created_by: User | None,
    map_name: str,
    tracking: str,
    intermediate_scoring: bool,
    players: Sequence[tuple[str, str]],
    cities: Mapping[str, str] | None = None,
    display: Sequence[str] | None = None,
    rng: random.Random | None = None,
    setup_key: str = "",
    expansions: Sequence[str] = (),
    display_side: str = setup.CLOTH_SIDE,
) -> AssistantGame:
    """Create a Concordia game in seating order (start player first).

    Without ``cities`` the app draws the city tokens (full tracking), without
    ``display`` it deals the display from deck I; ``rng`` makes both
    repeatable in tests. Raises `RulesRefused` when the rules refuse the setup.
    """
    rng = rng or random.SystemRandom()
    if cities is None and tracking == Tracking.FULL.value:
        cities = setup.draw_cities(map_name, rng, expansions)
    chosen = setup.setup_of(
        map_name=map_name,
        expansions=expansions,
        tracking=tracking,
        intermediate_scoring=intermediate_scoring,
        cities=cities,
        display=(
            list(display)
            if display
            else setup.deal_display(
                rng,
                setup.rules_of({"map": map_name, "expansions": list(expansions)}),
            )
        ),
        display_side=display_side,
    )
    if "forum" in expansions:
        chosen["forum"] = setup.deal_forum([name for name, _colour in players], rng)
    return services.game_create(
        club=club,
        created_by=created_by,
        game=GAME,
        players=players,
        setup=chosen,
        setup_key=setup_key,
    )


def display_set(*, game: AssistantGame, cards: Sequence[str]) -> None:
    """Set the display to the 7 cards laid on the table, left to right (before the first turn)."""
    if len(cards) != setup.DISPLAY_SIZE:
        raise ValidationError(_("Tap the 7 cards of the display first."))
    services.game_setup_update(
        game=game, setup=setup.setup_with(game.setup, display=cards)
    )


def cities_set(*, game: AssistantGame, goods: Mapping[str, str]) -> None:
    """Set the city tokens to the goods laid on the table (before the first turn).

    Raises `CityTokensRefused` for a deal the token pool cannot make.
    """
    problems = setup.city_problems(
        str(game.setup["map"]), goods, setup.rules_of(game.setup).expansions
    )
    if problems:
        raise CityTokensRefused(problems)
    services.game_setup_update(
        game=game, setup=setup.setup_with(game.setup, cities=goods)
    )


def forum_keep(*, game: AssistantGame, kept: Mapping[str, str]) -> None:
    """Salsa's forum: the patrician each player keeps of the two dealt (before the first turn)."""
    forum = game.setup.get("forum")
    if not isinstance(forum, dict):
        raise ValidationError(_("This game is played without the forum."))
    services.game_setup_update(
        game=game,
        setup=setup.setup_with(game.setup, forum=setup.forum_kept(forum, kept)),
    )


def cities_draw(*, game: AssistantGame, rng: random.Random | None = None) -> None:
    """Let the app deal the city tokens, as the rules do (before the first turn)."""
    goods = setup.draw_cities(
        str(game.setup["map"]),
        rng or random.SystemRandom(),
        setup.rules_of(game.setup).expansions,
    )
    services.game_setup_update(
        game=game, setup=setup.setup_with(game.setup, cities=goods)
    )
