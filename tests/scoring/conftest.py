"""Hypothesis settings for the pure scoring tests (no Django here)."""

from __future__ import annotations

from hypothesis import settings

# The 2-core CI box: no per-example deadline, a fixed number of examples.
settings.register_profile("ci", deadline=None, max_examples=100)
settings.load_profile("ci")
