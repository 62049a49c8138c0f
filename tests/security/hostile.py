"""The hostile requests of issue #21 item 4, shared by the unit and the black-box tests.

`tests/security/test_hostile_inputs.py` sends them through Django's test
client (on SQLite and PostgreSQL), `tests/reliability/test_production_blackbox.py`
to gunicorn. Each must answer 4xx and change nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

LONG_NAME = "a" * 256
NUL = "\x00"
PHONE = Path(__file__).parents[1] / "portability" / "data" / "bgstats-phone.json"

# (method, path, body, how the body is sent: "json" encoded, "raw" as it is)
ANONYMOUS = [
    ("POST", "/api/v1/auth/token/", {"username": LONG_NAME, "password": "x"}, "json"),
    ("POST", "/api/v1/auth/token/", {"username": "ana" + NUL, "password": "x"}, "json"),
    ("POST", "/api/v1/auth/token/", {"username": "ana", "password": "x" + NUL}, "json"),
    ("POST", "/api/v1/auth/token/", "[" * 100_000 + "]" * 100_000, "raw"),
    ("POST", "/api/v1/auth/token/", '{"username": "\\udc80", "password": "x"}', "raw"),
    (
        "POST",
        "/api/v1/auth/token/",
        '{"username\\u0000": "ana", "password": "x"}',
        "raw",
    ),
    ("POST", "/api/v1/score-sheet/", '{"game": "\\udc80"}', "raw"),
    ("POST", "/api/v1/score-sheet/", '{"game": "concordia\\u0000"}', "raw"),
    ("GET", "/clubs/lisboa/assistant/follow/ab%00cd/", None, ""),
    ("GET", "/clubs/lisboa/assistant/follow/ab%00cd/head/?seq=1", None, ""),
    ("GET", "/accounts/login/?next=/%00", None, ""),
    ("GET", "/join/ab%00cd/", None, ""),
    ("GET", "/api/v1/score-sheet/?x=%00", None, ""),
]


def bgstats_with(name: str) -> bytes:
    document = json.loads(PHONE.read_text("utf-8"))
    document["players"][1]["name"] = name
    return json.dumps(document).encode()


# Signed in as a member of Lisboa: (method, path, body); a dict body is a form,
# a str is sent as JSON as it is, "bgstats-nul" is a BG Stats file naming a
# player "Bruno\x00".
SIGNED_IN = [
    ("GET", "/clubs/lisboa/assistant/join/?code=AB%00CD", None),
    ("POST", "/clubs/lisboa/assistant/join/", {"code": "AB\x00CD"}),
    ("POST", "/clubs/new/", {"name": "Porto\x00", "slug": "porto"}),
    ("POST", "/clubs/lisboa/players/", {"name": "Zé\x00"}),
    ("GET", "/clubs/lisboa/stats/concordia/?map=imperium%00", None),
    ("GET", "/api/v1/clubs/lisboa/sessions/?game=concordia%00", None),
    ("POST", "/api/v1/clubs/lisboa/bgstats/import/", "bgstats-nul"),
    ("POST", "/api/v1/clubs/lisboa/bgstats/preview/", "bgstats-nul"),
    (
        "POST",
        "/api/v1/clubs/lisboa/backup/restore/",
        '{"version": 2, "club": "\\u0000"}',
    ),
]
