from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction

from clubs.models import Invite, InviteState

NOON = dt.datetime(2026, 11, 20, 12, tzinfo=dt.UTC)


def _invite(**fields: object) -> Invite:
    values: dict[str, object] = {
        "created_at": NOON,
        "expires_at": NOON + dt.timedelta(days=1),
    }
    return Invite(**(values | fields))


@pytest.mark.parametrize(
    ("fields", "now", "expected"),
    [
        ({}, NOON, InviteState.ACTIVE),
        ({}, NOON + dt.timedelta(hours=23, minutes=59), InviteState.ACTIVE),
        ({}, NOON + dt.timedelta(days=1), InviteState.EXPIRED),
        ({"revoked_at": NOON}, NOON, InviteState.REVOKED),
        # Revoking is the admin's explicit word: it wins over expiry.
        ({"revoked_at": NOON}, NOON + dt.timedelta(days=2), InviteState.REVOKED),
        ({"max_uses": 2, "use_count": 1}, NOON, InviteState.ACTIVE),
        ({"max_uses": 2, "use_count": 2}, NOON, InviteState.USED_UP),
    ],
)
def test_invite_state(fields, now, expected):
    assert _invite(**fields).state(now) == expected


def test_invite_tokens_are_long_random_and_url_safe():
    first, second = _invite(), _invite()
    assert first.token != second.token
    assert len(first.token) == 32
    assert set(first.token) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )


def test_invite_url_carries_its_token():
    invite = _invite(token="abc-123_x")
    assert invite.get_absolute_url() == "/join/abc-123_x/"


@pytest.mark.parametrize(
    "fields",
    [
        {"expires_at": NOON},
        {"max_uses": 0},
        {"max_uses": 1, "use_count": 2},
        {"token": ""},
    ],
)
def test_the_database_rejects_an_impossible_invite(club, fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        _invite(club=club, **fields).save()
