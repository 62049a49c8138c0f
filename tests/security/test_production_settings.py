"""Production settings, as `.env.example` documents them, in a process of their own."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOST = "scores.example.org"
# The variables `.env.example` marks as required with DJANGO_DEBUG=0.
PRODUCTION_ENV = {
    "DJANGO_DEBUG": "0",
    "DJANGO_ALLOWED_HOSTS": HOST,
    "DJANGO_CSRF_TRUSTED_ORIGINS": f"https://{HOST}",
    "DATABASE_URL": "sqlite://:memory:",
}
STRICT_COOKIE = {"secure": True, "httponly": True, "samesite": "Lax"}


def _environment(**extra: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "REDIS_URL"))
    }
    return {**env, **PRODUCTION_ENV, **extra}


@pytest.fixture(scope="module")
def production() -> dict[str, Any]:
    env = _environment(DJANGO_SECRET_KEY=secrets.token_urlsafe(50))
    done = subprocess.run(
        [sys.executable, "-m", "tests.security.production_probe"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def test_production_runs_without_debug(production):
    assert production["debug"] is False


def test_check_deploy_finds_nothing_at_warning_level(production):
    assert production["check_deploy"] == "ok"


def test_plain_http_is_sent_to_https(production):
    assert production["http"] == {
        "status": 301,
        "location": f"https://{HOST}/accounts/login/",
    }


def test_the_health_check_answers_plain_http(production):
    assert production["healthz"] == {"status": 200, "body": "ok"}


def test_every_cookie_is_secure_http_only_and_same_site(production):
    assert production["sign_in"] == 302
    assert production["set_language"] == 302
    assert production["cookies"] == {
        "csrftoken": STRICT_COOKIE,
        "sessionid": STRICT_COOKIE,
        "django_language": STRICT_COOKIE,
    }


def test_security_headers(production):
    headers = production["headers"]
    assert headers["Strict-Transport-Security"] == (
        "max-age=31536000; includeSubDomains; preload"
    )
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "script-src 'self';" in headers["Content-Security-Policy"] + ";"


def test_the_browsable_api_is_off(production):
    assert production["renderers"] == ["rest_framework.renderers.JSONRenderer"]


def test_production_refuses_to_start_without_a_secret_key():
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0" in done.stderr
