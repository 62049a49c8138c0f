"""Run with the production environment (DJANGO_DEBUG=0 …) by test_production_settings.

Settings are read once per process, so production has to be probed in a process
of its own: this runs `check --deploy`, signs in over HTTPS with the CSRF check
on, and prints what it saw as JSON on stdout.
"""

from __future__ import annotations

import io
import json
import os
import sys
from http.cookies import Morsel
from typing import Any

HOST = "scores.example.org"


def _cookie(morsel: Morsel[str]) -> dict[str, Any]:
    return {
        "secure": bool(morsel["secure"]),
        "httponly": bool(morsel["httponly"]),
        "samesite": morsel["samesite"],
    }


def main() -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "concordia_site.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError
    from django.test import Client

    report: dict[str, Any] = {"debug": settings.DEBUG}
    try:
        call_command("check", deploy=True, fail_level="WARNING", stdout=io.StringIO())
        report["check_deploy"] = "ok"
    except SystemCheckError as error:
        report["check_deploy"] = str(error)

    call_command("migrate", verbosity=0, interactive=False)
    User.objects.create_user("alice", password="a-long-pass-phrase")
    origin = {"Origin": f"https://{HOST}"}
    client = Client(enforce_csrf_checks=True, HTTP_HOST=HOST)

    plain = client.get("/accounts/login/")
    report["http"] = {"status": plain.status_code, "location": plain.get("Location")}
    health = client.get("/healthz")
    report["healthz"] = {"status": health.status_code, "body": health.content.decode()}

    page = client.get("/accounts/login/", secure=True)
    report["headers"] = {
        name: page.get(name)
        for name in (
            "Strict-Transport-Security",
            "Content-Security-Policy",
            "Referrer-Policy",
            "X-Content-Type-Options",
            "X-Frame-Options",
            "Cross-Origin-Opener-Policy",
        )
    }
    token = client.cookies["csrftoken"].value
    signed_in = client.post(
        "/accounts/login/",
        {
            "username": "alice",
            "password": "a-long-pass-phrase",
            "csrfmiddlewaretoken": token,
        },
        secure=True,
        headers=origin,
    )
    report["sign_in"] = signed_in.status_code
    # Signing in rotates the token.
    token = client.cookies["csrftoken"].value
    language = client.post(
        "/i18n/setlang/",
        {"language": "pt-br", "next": "/", "csrfmiddlewaretoken": token},
        secure=True,
        headers=origin,
    )
    report["set_language"] = language.status_code
    cookies = {**page.cookies, **signed_in.cookies, **language.cookies}
    report["cookies"] = {name: _cookie(morsel) for name, morsel in cookies.items()}
    report["renderers"] = settings.REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"]
    return report


if __name__ == "__main__":
    json.dump(main(), sys.stdout)
