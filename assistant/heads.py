"""The head of each game as the poll reads it: one number per game, shared by the workers.

Every phone at a table asks every 1.5 s whether its game moved. The answer
"nothing changed" must cost about what the cheapest request costs (`/healthz`),
so it is given before any of the work a page needs: no session, no user, no
membership query, no template. Two things make that possible:

- **The head, from Redis.** A game's head is ``seq * 2 + sheet`` (its last
  event's sequence number, and whether its final sheet is open). It only ever
  grows (undo and abandon are events too; a sheet, once open, stays), so it is
  published with "set if greater" (one Lua script): a worker that read an
  older head from the database while another committed a newer one can never
  put the older one back. Writers publish after their commit
  (`services.event_append`, `services.game_finish`); a poll that misses the key
  reads the database once and publishes what it read. The key expires
  `HEAD_TTL` seconds after its last change, which bounds how stale a head
  could stay if a worker died between its commit and its publish. Without
  Redis (``ASSISTANT_HEADS_REDIS_URL`` empty: `make run`, the unit tests) the
  head is read from the database, one query by primary key: a cache in each
  worker's memory would be wrong as soon as there are two workers. When Redis
  fails, the database answers.
- **A poll token.** The turn page gives its poll a token signed for the one
  game and the one viewer (`poll_token`), so the head endpoint can trust the
  poll without loading the session. What the token lets its holder learn is
  only whether the game's head moved; the panel it then reloads checks access
  in full (a member removed from the club, a revoked follow link or guest code
  gets a 404 there). A poll without a valid token takes the full path.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import threading
import time
from typing import Any, Final

import redis
from django.conf import settings

from assistant.models import AssistantGame

logger = logging.getLogger(__name__)

# Seconds a published head lives in Redis after its last change.
HEAD_TTL: Final = 60
# A poll token is good on the day it was issued and the next (the turn page
# issues a new one on every load).
TOKEN_DAYS: Final = 2
_SALT: Final = "assistant.heads.poll"
_KEY: Final = "tabularium:assistant:head:{}"

_SET_IF_GREATER: Final = """
local current = tonumber(redis.call('GET', KEYS[1]) or '-1')
local value = tonumber(ARGV[1])
if value > current then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return value
end
return current
"""

# One connection per thread (a sync worker has one): no pool to check out from
# on every poll.
_local = threading.local()
_token_keys: dict[str, bytes] = {}


def head_value(seq: int, sheet: bool) -> int:
    """The one number a poll compares: grows with every event and with the sheet."""
    return seq * 2 + (1 if sheet else 0)


def _redis() -> tuple[Any, Any] | None:
    """This thread's Redis client of the heads and its "set if greater" script;
    None without Redis."""
    url = getattr(settings, "ASSISTANT_HEADS_REDIS_URL", "")
    if not url:
        return None
    found: tuple[str, Any, Any] | None = getattr(_local, "redis", None)
    if found is None or found[0] != url:
        try:
            client = redis.Redis.from_url(
                url,
                socket_timeout=0.25,
                socket_connect_timeout=0.25,
                single_connection_client=True,
            )
        except redis.RedisError:  # Redis down: the database answers
            logger.warning("assistant heads: Redis unavailable")
            return None
        found = _local.redis = (url, client, client.register_script(_SET_IF_GREATER))
    return found[1], found[2]


def _from_database(game_id: int) -> int | None:
    row = (
        AssistantGame.objects.filter(pk=game_id)
        .values_list("head_seq", "session_id")
        .first()
    )
    if row is None:
        return None
    return head_value(row[0], row[1] is not None)


def head_read(game_id: int) -> int | None:
    """The head of game ``game_id`` (None: no such game): Redis, else the database."""
    found = _redis()
    if found is None:
        return _from_database(game_id)
    client, set_if_greater = found
    key = _KEY.format(game_id)
    try:
        cached = client.get(key)
    except redis.RedisError:  # Redis down: the database answers
        logger.warning("assistant heads: Redis unavailable, reading the database")
        return _from_database(game_id)
    if cached is not None:
        return int(cached)
    value = _from_database(game_id)
    if value is not None:
        _publish(set_if_greater, game_id, value)
    return value


def _publish(set_if_greater: Any, game_id: int, value: int) -> None:
    try:
        set_if_greater(keys=[_KEY.format(game_id)], args=[value, HEAD_TTL])
    except redis.RedisError:  # the key expires; the database stays right
        logger.warning("assistant heads: could not publish game %s's head", game_id)


def head_publish(game: AssistantGame) -> None:
    """Publish ``game``'s head (call once its write is committed)."""
    found = _redis()
    if found is not None:
        _publish(
            found[1], game.pk, head_value(game.head_seq, game.session_id is not None)
        )


def _token_key() -> bytes:
    secret = settings.SECRET_KEY
    key = _token_keys.get(secret)
    if key is None:
        key = _token_keys[secret] = hashlib.sha256(
            f"{_SALT}:{secret}".encode()
        ).digest()
    return key


def _mac(message: str) -> str:
    digest = hmac.new(_token_key(), message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def poll_token(game_id: int, viewer: str, *, day: int | None = None) -> str:
    """A token that lets ``viewer`` (``p`` a phone, ``f`` a follower) poll one game.

    ``day.viewer.mac``: the day it was issued (days since 1970, UTC) and an
    HMAC of it with the game's id, under a key derived from the secret key.
    """
    day = _today() if day is None else day
    return f"{day}.{viewer}.{_mac(f'{game_id}.{day}.{viewer}')}"


def poll_token_valid(token: str | None, game_id: int) -> bool:
    """Whether ``token`` was issued (in the last `TOKEN_DAYS` days) for polling
    game ``game_id``. One HMAC: no session, no database."""
    if not token or len(token) > 80:
        return False
    day, _dot, rest = token.partition(".")
    viewer, _dot, mac = rest.partition(".")
    if not day.isdigit() or not 0 <= _today() - int(day) < TOKEN_DAYS:
        return False
    return hmac.compare_digest(mac, _mac(f"{game_id}.{day}.{viewer}"))


def _today() -> int:
    return int(time.time() // 86400)
