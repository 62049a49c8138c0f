"""The 404 page is the site's own."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD


@pytest.mark.django_db
def test_an_unknown_address_gets_the_styled_404_page(client):
    response = client.get("/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert [t.name for t in response.templates][:2] == ["404.html", "_base.html"]
    assert "<title>Not found · Tabularium</title>" in html
    assert 'href="/static/css/app.css"' in html
    assert 'id="not-found"' in html
    assert f'href="{reverse("games:home")}"' in html


@pytest.mark.django_db
def test_an_outsider_gets_the_styled_404_page_for_a_club(client, club, charlie):
    client.login(username="charlie", password=PASSWORD)
    response = client.get(reverse("clubs:membership-list", args=[club.slug]))
    assert response.status_code == 404
    assert 'id="not-found"' in response.content.decode()
    assert "Sign out" in response.content.decode()
