"""Kept for the code that imported the game log's file message from here.

Concordia's messages live in `play.concordia.messages`, those of reading any
log in `play.core`.
"""

from __future__ import annotations

from play.core import UNREADABLE_FILE

__all__ = ["UNREADABLE_FILE"]
