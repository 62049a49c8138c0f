"""Formatting only (healthchecks' hc_extras): Concordia's cards, goods and gods in words."""

from __future__ import annotations

from collections import Counter

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from assistant.concordia import adapter
from assistant.concordia.labels import (
    ANY_GOOD_COUNT,
    CARD_EFFECTS,
    CARD_RULES,
    FORUM_EFFECTS,
    GOOD_LABELS,
    SPECIALIST_RULES,
    card_label,
)
from games.concordia.map_words import province_label
from games.vocabulary import category_label as vocabulary_category_label
from games.vocabulary import good_count
from scoring.maps import MAPS
from scoring.types import Good, MapName

register = template.Library()


register.filter(card_label)


@register.filter
def forum_effect(card: str) -> str:
    """A forum card's effect in the reader's language (concordia-expansions.md §1b)."""
    return str(FORUM_EFFECTS.get(card, ""))


# A word longer than this does not fit a quarter of a 360 px screen in the
# tile's usual type ("Diplomático", "Архітектор"): such a label gets a smaller one.
_TILE_WORD = 8


@register.filter
def card_tile(card: str | None) -> SafeString:
    """The card's tile: its label (marked ``long`` when a word of it would not
    fit), the god it counts for and its effect in a few words."""
    label = card_label(card)
    long = max((len(word) for word in label.split()), default=0) > _TILE_WORD
    if long:
        # A long name's deck number may go under it ("Governador / I")
        # rather than run out of a narrow tile.
        label = label.replace("\xa0", " ")
    category = adapter.card_category(card or "")
    effect = CARD_EFFECTS.get(adapter.card_kind(card or ""), "")
    return format_html(
        '<span class="tile-label{}">{}</span>'
        '<span class="tile-god" data-god="{}">{}</span>'
        '<span class="tile-effect">{}</span>',
        " long" if long else "",
        label,
        category,
        vocabulary_category_label(category) if category else "",
        effect,
    )


@register.filter
def category_label(category: str) -> str:
    """``vesta`` → the god's name in the reader's language (Júpiter, Юпітер)."""
    return str(vocabulary_category_label(str(category)))


@register.filter
def good_label(good: str) -> str:
    return str(GOOD_LABELS.get(str(good), good))


@register.filter
def goods_text(goods: object) -> str:
    """A price or a production as words: ``brick, brick, any good``; ``—`` when nothing."""
    items = list(goods) if isinstance(goods, (list, tuple)) else []
    # The same good twice is counted ("2 cloth"), which every language can say.
    counted = Counter(str(g) for g in items)
    return (
        ", ".join(
            _good_count(good, n) if n > 1 else good_label(good)
            for good, n in counted.items()
        )
        or "—"
    )


@register.filter
def counts_text(counts: object) -> str:
    """GoodCounts (or a dict) as ``2 food, 1 brick``; ``—`` when empty."""
    items = counts.items() if hasattr(counts, "items") else []
    parts = [_good_count(str(getattr(g, "value", g)), n) for g, n in items if n]
    return ", ".join(parts) or "—"


def _good_count(good: str, count: int) -> str:
    if good in Good.__members__.values():
        return good_count(Good(good), count)
    if good == "?":
        return str(ANY_GOOD_COUNT % {"n": count})
    return f"{count} {good_label(good)}"


@register.filter
def card_rules(kind: str) -> str:
    """The card's rule in a sentence (``Consul`` or ``II:Consul``)."""
    return str(CARD_RULES.get(str(kind).rpartition(":")[2], ""))


@register.filter
def pay_label(option: str) -> str:
    """``brick+food`` → ``brick + food`` in the reader's language."""
    return " + ".join(good_label(good) for good in str(option).split("+"))


@register.filter
def specialist_rule(good: str) -> str:
    """What a specialist of ``good`` produces, in one translatable sentence."""
    return str(SPECIALIST_RULES.get(str(good), ""))


@register.filter
def good_amount(good: str, count: int) -> str:
    """``brick``, 2 → "2 brick" in the reader's language."""
    return _good_count(str(good), int(count))


@register.filter
def card_list(cards: object) -> str:
    """Cards as ``Mason I, Prefect``; ``—`` when there are none."""
    items = list(cards) if isinstance(cards, (list, tuple)) else []
    return ", ".join(card_label(str(card)) for card in items) or "—"


@register.filter
def map_facts(map_name: str) -> str:
    """A map's size in words, under its name on the wizard's map step."""
    try:
        spec = MAPS[MapName(str(map_name))]
    except ValueError:
        return ""
    return gettext("%(provinces)s provinces · %(cities)s cities") % {
        "provinces": spec.province_count,
        "cities": len(spec.cities),
    }


# A province's name as shown: Latin, or the colour a board names it by.
register.filter("province_label", province_label)
