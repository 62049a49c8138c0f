"""One cache for every process (issue #21 item 1).

With ``REDIS_URL`` the default cache is Redis (Django's own `RedisCache`), the
sessions are `cached_db` on it and DRF's throttles count in it; without Redis
the sessions are database sessions, which every worker shares too. A Redis
that cannot be reached costs a miss, never a page. The black-box test
(`tests/reliability/test_production_blackbox.py`) checks the same from outside
gunicorn's two workers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DbSession

from concordia_site.cache import ResilientRedisCache

ROOT = Path(__file__).resolve().parents[2]
# Nothing listens on port 1: a refused connection, at once.
NOWHERE = "redis://127.0.0.1:1/0"

PROBE = """
import json
import django
django.setup()
from django.conf import settings
from django.core.cache import cache
from rest_framework.settings import api_settings
print(json.dumps({
    "cache": settings.CACHES["default"]["BACKEND"],
    "location": settings.CACHES["default"].get("LOCATION", ""),
    "tasks": settings.CACHES["tasks"]["BACKEND"],
    "session": settings.SESSION_ENGINE,
    "session_cache": settings.SESSION_CACHE_ALIAS,
    "throttle_cache": __import__("rest_framework.throttling", fromlist=["x"]).SimpleRateThrottle.cache is cache,
    "num_proxies": api_settings.NUM_PROXIES,
}))
"""


def _settings_with(**env: str) -> dict[str, object]:
    clean = {
        key: value
        for key, value in os.environ.items()
        if key not in {"REDIS_URL", "DJANGO_TRUSTED_PROXY_COUNT"}
    }
    clean["DJANGO_SETTINGS_MODULE"] = "concordia_site.settings"
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout)
    return report


def test_with_redis_the_cache_sessions_and_throttles_are_shared_in_redis():
    assert _settings_with(REDIS_URL=NOWHERE, DJANGO_TRUSTED_PROXY_COUNT="1") == {
        "cache": "concordia_site.cache.ResilientRedisCache",
        "location": NOWHERE,
        "tasks": "django.core.cache.backends.redis.RedisCache",
        "session": "django.contrib.sessions.backends.cached_db",
        "session_cache": "default",
        "throttle_cache": True,
        # The throttles read the client's address as django-axes does.
        "num_proxies": 1,
    }


def test_without_redis_sessions_live_in_the_database():
    assert _settings_with() == {
        "cache": "django.core.cache.backends.locmem.LocMemCache",
        "location": "",
        "tasks": "django.core.cache.backends.locmem.LocMemCache",
        "session": "django.contrib.sessions.backends.db",
        "session_cache": "default",
        "throttle_cache": True,
        "num_proxies": 0,
    }


def test_an_unreachable_redis_answers_misses_and_drops_writes_quickly():
    cache = ResilientRedisCache(NOWHERE, {"OPTIONS": {"socket_connect_timeout": 1.0}})
    started = time.monotonic()
    cache.set("k", 1)
    assert cache.get("k") is None
    assert cache.get("k", "default") == "default"
    assert cache.add("k", 1) is False
    assert cache.get_many(["k", "l"]) == {}
    assert cache.has_key("k") is False
    assert cache.delete("k") is False
    assert cache.touch("k") is False
    cache.delete_many(["k"])
    cache.clear()
    with pytest.raises(ValueError, match="not found"):
        cache.incr("k")
    assert time.monotonic() - started < 1


@pytest.mark.django_db
def test_a_session_redis_cannot_give_is_read_from_the_database(monkeypatch):
    """`cached_db` on an unreachable Redis: the database still holds the session."""
    from django.contrib.sessions.backends import cached_db

    unreachable = ResilientRedisCache(NOWHERE, {})
    monkeypatch.setattr(
        cached_db, "caches", {settings.SESSION_CACHE_ALIAS: unreachable}
    )
    session = cached_db.SessionStore()
    session["draft"] = {"step": 3}
    session.save()
    key = session.session_key
    assert key
    again = cached_db.SessionStore(key)
    assert again["draft"] == {"step": 3}
    assert DbSession(key)["draft"] == {"step": 3}
    again.flush()
    assert not DbSession().exists(key)


@pytest.mark.services
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
def test_the_redis_cache_round_trips_on_a_real_redis():
    cache = ResilientRedisCache(os.environ["REDIS_URL"], {"KEY_PREFIX": "shared-test"})
    cache.set("k", {"a": 1}, 30)
    assert cache.get("k") == {"a": 1}
    assert cache.add("n", 1) is True
    assert cache.incr("n", 2) == 3
    cache.delete_many(["k", "n"])
    assert cache.get("k") is None
