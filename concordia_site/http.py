"""Typed request subclasses for views (healthchecks `hc/accounts/http.py`)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthedHtmxRequest(HtmxHttpRequest):
    user: User
