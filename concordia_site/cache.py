"""The shared cache, which answers a miss while Redis cannot be reached.

Everything the app keeps in the default cache can be recomputed or read from
the database: the sessions (`cached_db`: the database holds each one, the cache
only saves a query), DRF's throttle history and the cached leaderboards. So an
unreachable Redis must cost time, never a page: every read answers a miss,
every write is dropped, and for `DOWN_SECONDS` after a failure this process
does not try Redis again (a hung Redis would otherwise cost each request its
socket timeout, once per cache call). The failure is logged once per outage.

What an outage can cost: a session ended while Redis was unreachable (sign-out,
a password change) is gone from the database at once, but if Redis comes back
with its data, its copy there still opens pages until it expires. Production
runs Redis as a cache (`maxmemory-policy allkeys-lru`, no persistence: README),
so a restarted Redis comes back empty; a Redis that only hung for a while can
keep it, which is why the outage is logged as an error.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT as DEFAULT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

DOWN_SECONDS = 5.0
T = TypeVar("T")


class ResilientRedisCache(RedisCache):
    """Django's `RedisCache`, answering a miss (and dropping writes) while Redis is down."""

    _down_until = 0.0

    def _guard(self, call: Callable[[], T], fallback: T) -> T:
        if self._down_until and time.monotonic() < self._down_until:
            return fallback
        try:
            value = call()
        except RedisError:
            if not self._down_until:
                logger.exception("Redis cannot be reached: the cache answers misses")
            self._down_until = time.monotonic() + DOWN_SECONDS
            return fallback
        if self._down_until:
            self._down_until = 0.0
            logger.warning("Redis is back: the cache is in use again")
        return value

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        parent = super().get
        return self._guard(lambda: parent(key, default, version), default)

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        parent = super().get_many
        return self._guard(lambda: parent(keys, version), {})

    def has_key(self, key: Any, version: int | None = None) -> bool:
        parent = super().has_key
        return self._guard(lambda: parent(key, version), False)

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT, version: int | None = None
    ) -> bool:
        parent = super().add
        return self._guard(lambda: parent(key, value, timeout, version), False)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT, version: int | None = None
    ) -> None:
        parent = super().set
        self._guard(lambda: parent(key, value, timeout, version), None)

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT, version: int | None = None
    ) -> list[Any]:
        parent = super().set_many
        return self._guard(lambda: parent(data, timeout, version), list(data))

    def touch(
        self, key: Any, timeout: Any = DEFAULT, version: int | None = None
    ) -> bool:
        parent = super().touch
        return self._guard(lambda: parent(key, timeout, version), False)

    def delete(self, key: Any, version: int | None = None) -> bool:
        parent = super().delete
        return self._guard(lambda: parent(key, version), False)

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        parent = super().delete_many
        self._guard(lambda: parent(keys, version), None)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        # A miss, as Django's caches answer an increment of a missing key.
        parent = super().incr
        try_ = self._guard(lambda: parent(key, delta, version), None)
        if try_ is None:
            raise ValueError(f"Key '{key}' not found")
        return try_

    def clear(self) -> None:
        parent = super().clear
        self._guard(parent, None)
