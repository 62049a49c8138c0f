"""Formatting every game's assistant pages share (healthchecks' hc_extras)."""

from __future__ import annotations

from django import template

register = template.Library()


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
