"""Hypothesis settings for the pure rules-of-play tests (no Django here)."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("play", deadline=None, max_examples=40)
