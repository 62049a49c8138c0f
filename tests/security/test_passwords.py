"""Django's four password validators are on, and sign-up says what is wrong next to the field."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse


def test_all_four_validators_are_on():
    assert [v["NAME"].rsplit(".", 1)[1] for v in settings.AUTH_PASSWORD_VALIDATORS] == [
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    ]


@pytest.mark.parametrize(
    ("password", "message"),
    [
        (
            "short1x",
            "This password is too short. It must contain at least 8 characters.",
        ),
        ("password123", "This password is too common."),
        ("80412779354", "This password is entirely numeric."),
        ("erin-example", "The password is too similar to the username."),
    ],
)
def test_sign_up_refuses_a_weak_password(client, db, password, message):
    response = client.post(
        reverse("signup"),
        {
            "username": "erin-example",
            "email": "erin@example.org",
            "password1": password,
            "password2": password,
        },
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.filter(username="erin-example").exists()
