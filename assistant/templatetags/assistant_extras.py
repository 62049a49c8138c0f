"""Formatting only (healthchecks' hc_extras): card, good and status names."""

from __future__ import annotations

from django import template

from assistant.labels import CARD_LABELS, CARD_RULES, GOOD_LABELS, STATUS_LABELS

register = template.Library()


@register.filter
def card_label(card: str | None) -> str:
    """``II:Consul`` → ``Consul II``; a starting card shows its name alone."""
    if not card:
        return "—"
    deck, _sep, kind = card.rpartition(":")
    name = str(CARD_LABELS.get(kind, kind))
    return f"{name} {deck}" if deck else name


@register.filter
def good_label(good: str) -> str:
    return str(GOOD_LABELS.get(str(good), good))


@register.filter
def goods_text(goods: object) -> str:
    """A price or a production as words: ``brick, brick, any good``; ``—`` when nothing."""
    items = list(goods) if isinstance(goods, (list, tuple)) else []
    return ", ".join(good_label(str(g)) for g in items) or "—"


@register.filter
def counts_text(counts: object) -> str:
    """GoodCounts (or a dict) as ``2 food, 1 brick``; ``—`` when empty."""
    items = counts.items() if hasattr(counts, "items") else []
    parts = [f"{n} {good_label(str(getattr(g, 'value', g)))}" for g, n in items if n]
    return ", ".join(parts) or "—"


@register.filter
def status_label(status: str) -> str:
    return str(STATUS_LABELS.get(status, status))


@register.filter
def card_rules(kind: str) -> str:
    """The card's rule in a sentence (``Consul`` or ``II:Consul``)."""
    return str(CARD_RULES.get(str(kind).rpartition(":")[2], ""))


@register.filter
def pay_label(option: str) -> str:
    """``brick+food`` → ``brick + food`` in the reader's language."""
    return " + ".join(good_label(good) for good in str(option).split("+"))


@register.simple_tag
def posted_value(posted: object, *parts: object, default: object = "") -> object:
    """What a refused move typed into the field named by ``parts`` (joined), or
    ``default``: ``{% posted_value posted "trade_" good default=0 %}``."""
    name = "".join(str(getattr(part, "value", part)) for part in parts)
    getter = getattr(posted, "get", None)
    if getter is None:
        return default
    value = getter(name)
    return default if value is None else value
