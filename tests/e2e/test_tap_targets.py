"""The account pages at phone size: every link and button is a full tap target.

A walk-through found "Forgot your password?" and "Create an account" 19 px tall:
a thumb at a noisy table misses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.urls import reverse

if TYPE_CHECKING:
    from playwright.sync_api import Page
    from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SMALL = """() => [...document.querySelectorAll('main a, main button')]
  .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 44)
  .map((e) => e.textContent.trim())"""


@pytest.mark.parametrize(
    "name", ["login", "signup", "password_reset", "password_reset_done"]
)
def test_every_link_and_button_of_the_account_pages_is_44_px_tall(
    live_server: LiveServer, phone: Page, name: str
) -> None:
    phone.goto(f"{live_server.url}{reverse(name)}")
    assert phone.evaluate("document.querySelectorAll('main a, main button').length")
    assert phone.evaluate(SMALL) == []
