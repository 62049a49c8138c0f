"""django-axes: five wrong passwords from one address lock that account there for 15 minutes.

The lock is keyed by user name and address together, ends by itself, and is
checked before any password hash is computed.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, ClassVar

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD
from tests.markup import by_id

pytestmark = pytest.mark.axes

HOME = "10.0.0.1"
ELSEWHERE = "10.0.0.2"
START = dt.datetime(2026, 11, 21, 20, 0, tzinfo=dt.UTC)


class CountingHasher(MD5PasswordHasher):
    """The tests' fast hasher, counting every hash it computes."""

    calls: ClassVar[list[str]] = []

    def encode(self, password: str, salt: str) -> str:
        CountingHasher.calls.append("encode")
        return super().encode(password, salt)

    def verify(self, password: str, encoded: str) -> bool:
        CountingHasher.calls.append("verify")
        return super().verify(password, encoded)


def _sign_in(client: Client, username: str, password: str, address: str = HOME) -> Any:
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def _signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def _fail(client: Client, username: str, times: int, address: str = HOME) -> None:
    for _attempt in range(times):
        response = _sign_in(client, username, "wrong-password", address)
        assert response.status_code == 200


def test_settings_lock_by_user_and_address_with_a_cool_off():
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_four_wrong_passwords_still_let_the_right_one_in(client, alice):
    _fail(client, "alice", 4)
    response = _sign_in(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert _signed_in(client)


def test_the_fifth_wrong_password_locks_the_account_with_a_clear_message(client, alice):
    _fail(client, "alice", 4)
    fifth = _sign_in(client, "alice", "wrong-password")
    html = fifth.content.decode()
    assert fifth.status_code == 429
    assert "<html" in html
    locked = by_id(html, "locked-out")
    assert locked.attrs["role"] == "alert"
    assert (locked.attrs["data-failure-limit"], locked.attrs["data-minutes"]) == (
        "5",
        "15",
    )
    right = _sign_in(client, "alice", PASSWORD)
    assert right.status_code == 429
    assert not _signed_in(client)


def test_the_lock_ends_after_the_cool_off(client, alice):
    with time_machine.travel(START, tick=False) as clock:
        _fail(client, "alice", 5 - 1)
        assert _sign_in(client, "alice", "wrong-password").status_code == 429
        clock.move_to(START + dt.timedelta(minutes=14))
        assert _sign_in(client, "alice", PASSWORD).status_code == 429
        clock.move_to(START + dt.timedelta(minutes=15, seconds=1))
        response = _sign_in(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert _signed_in(client)


def test_attempts_during_the_lock_do_not_extend_it(client, alice):
    with time_machine.travel(START, tick=False) as clock:
        _fail(client, "alice", 4)
        assert _sign_in(client, "alice", "wrong-password").status_code == 429
        clock.move_to(START + dt.timedelta(minutes=10))
        assert _sign_in(client, "alice", "another-guess").status_code == 429
        clock.move_to(START + dt.timedelta(minutes=15, seconds=1))
        response = _sign_in(client, "alice", PASSWORD)
    assert response.status_code == 302


def test_the_player_signs_in_from_another_address_while_locked_here(client, alice):
    _fail(client, "alice", 5 - 1)
    assert _sign_in(client, "alice", "wrong-password").status_code == 429
    response = _sign_in(Client(), "alice", PASSWORD, ELSEWHERE)
    assert response.status_code == 302


def test_another_account_at_the_same_address_is_not_locked(client, alice, bob):
    _fail(client, "alice", 4)
    assert _sign_in(client, "alice", "wrong-password").status_code == 429
    other = Client()
    response = _sign_in(other, "bob", PASSWORD)
    assert response.status_code == 302
    assert _signed_in(other)


def test_a_successful_sign_in_starts_the_count_again(client, alice):
    _fail(client, "alice", 4)
    assert _sign_in(client, "alice", PASSWORD).status_code == 302
    fresh = Client()
    _fail(fresh, "alice", 4)
    assert _sign_in(fresh, "alice", PASSWORD).status_code == 302


def test_a_locked_attempt_computes_no_password_hash(client, alice, settings):
    settings.PASSWORD_HASHERS = ["tests.security.test_login_throttling.CountingHasher"]
    _fail(client, "alice", 4)
    assert _sign_in(client, "alice", "wrong-password").status_code == 429
    CountingHasher.calls.clear()
    assert _sign_in(client, "alice", PASSWORD).status_code == 429
    assert _sign_in(client, "alice", "a-new-guess").status_code == 429
    assert CountingHasher.calls == []
    # The same attempt from elsewhere is checked as usual, hash and all.
    assert _sign_in(Client(), "alice", PASSWORD, ELSEWHERE).status_code == 302
    assert "verify" in CountingHasher.calls


TOKEN_URL = "/api/v1/auth/token/"
LOCKED_DETAIL = (
    "Signing in to this account from your network failed 5 times in a row. "
    "Wait 15 minutes, then try again."
)


def _ask_token(
    client: Client, password: str, address: str = HOME, content_type: str = ""
) -> Any:
    body = {"username": "alice", "password": password}
    return client.post(
        TOKEN_URL,
        body,
        content_type=content_type or "application/json",
        REMOTE_ADDR=address,
    )


def test_the_api_token_exchange_is_locked_too(alice):
    api = Client()
    for _attempt in range(4):
        response = _ask_token(api, "wrong")
        assert response.status_code == 400
        assert response.json() == {
            "errors": [
                {"path": "", "message": "Unable to log in with provided credentials."}
            ]
        }
    fifth = _ask_token(api, "wrong")
    assert fifth.status_code == 429
    assert fifth.json() == {"detail": LOCKED_DETAIL}
    assert fifth["Retry-After"] == "900"
    # The right password gets no token while the lock lasts, and is told to wait.
    right = _ask_token(api, PASSWORD, content_type="application/json")
    assert right.status_code == 429
    assert right["Content-Type"] == "application/json"
    assert right.json() == {"detail": LOCKED_DETAIL}
    assert right["Retry-After"] == "900"
    assert not Token.objects.exists()
    elsewhere = _ask_token(api, PASSWORD, ELSEWHERE)
    assert elsewhere.status_code == 200
    assert elsewhere.json() == {"token": Token.objects.get(user=alice).key}


def test_the_api_token_exchange_opens_again_once_retry_after_has_passed(alice):
    api = Client()
    with time_machine.travel(START, tick=False) as clock:
        for _attempt in range(4):
            _ask_token(api, "wrong")
        wait = dt.timedelta(seconds=int(_ask_token(api, "wrong")["Retry-After"]))
        clock.move_to(START + wait - dt.timedelta(seconds=1))
        assert _ask_token(api, PASSWORD).status_code == 429
        clock.move_to(START + wait + dt.timedelta(seconds=1))
        response = _ask_token(api, PASSWORD)
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=alice).key}


def test_a_lock_without_a_cool_off_answers_429_without_retry_after(alice, settings):
    settings.AXES_COOLOFF_TIME = None
    api = Client()
    for _attempt in range(5):
        _ask_token(api, "wrong")
    response = _ask_token(api, PASSWORD)
    assert response.status_code == 429
    assert response.json() == {
        "detail": "Signing in to this account from your network failed 5 times in a row."
    }
    assert "Retry-After" not in response
    assert not Token.objects.exists()


def test_wrong_credentials_without_a_lock_stay_a_400(alice):
    response = _ask_token(Client(), "wrong")
    assert response.status_code == 400
    assert "Retry-After" not in response


PROXY = "10.9.9.9"


def _via_proxy(client: Client, password: str, forwarded_for: str) -> Any:
    return client.post(
        reverse("login"),
        {"username": "alice", "password": password},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=forwarded_for,
    )


def test_behind_a_trusted_proxy_the_lock_is_per_real_address(client, alice, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for _attempt in range(5):
        _via_proxy(client, "wrong-password", HOME)
    assert _via_proxy(client, PASSWORD, HOME).status_code == 429
    # The same proxy, another phone: not locked.
    assert _via_proxy(Client(), PASSWORD, ELSEWHERE).status_code == 302


def test_a_client_cannot_escape_the_lock_by_writing_its_own_forwarded_for(
    client, alice, settings
):
    settings.TRUSTED_PROXY_COUNT = 1
    for _attempt in range(5):
        _via_proxy(client, "wrong-password", HOME)
    # The proxy appends the real address; what the client wrote before it is ignored.
    spoofed = _via_proxy(Client(), PASSWORD, f"{ELSEWHERE}, {HOME}")
    assert spoofed.status_code == 429


def test_without_trusted_proxies_forwarded_for_is_ignored(client, alice):
    for _attempt in range(5):
        _via_proxy(client, "wrong-password", HOME)
    assert _via_proxy(Client(), PASSWORD, ELSEWHERE).status_code == 429
