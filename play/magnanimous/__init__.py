"""The rules of play of Magnanimous: a game computed from its log. Pure Python, no Django.

(placeholder; the full documentation is written below with the queries)
"""

from __future__ import annotations
