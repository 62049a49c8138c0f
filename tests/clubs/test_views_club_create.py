from __future__ import annotations

from django.urls import reverse

from clubs.models import Club, Membership, Role
from tests.clubs.conftest import HTMX, signed_in

URL = "/clubs/new/"


def test_create_club_url_is_not_taken_by_a_club_slug():
    assert reverse("clubs:club-create") == URL


def test_create_club_page_is_a_full_page(client, charlie):
    html = signed_in(client, charlie).get(URL).content.decode()
    assert "<html" in html
    assert 'id="club-form"' in html


def test_create_club_page_for_htmx_is_the_form_only(client, charlie):
    response = signed_in(client, charlie).get(URL, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="club-form"')


def test_creating_a_club_without_javascript_makes_the_creator_owner(client, charlie):
    response = signed_in(client, charlie).post(URL, {"name": "Clube de Braga"})
    club = Club.objects.get(name="Clube de Braga")
    assert response.status_code == 302
    assert response["Location"] == "/clubs/clube-de-braga/"
    assert Membership.objects.get(club=club, user=charlie).role == Role.OWNER
    page = client.get(response["Location"]).content.decode()
    assert "Club created. Invite the other players from its members page." in page


def test_creating_a_club_with_htmx_redirects_the_client(client, charlie):
    response = signed_in(client, charlie).post(
        URL, {"name": "Clube de Braga"}, headers=HTMX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/clubs/clube-de-braga/"


def test_a_club_needs_a_name(client, charlie):
    response = signed_in(client, charlie).post(URL, {"name": "   "})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert "This field is required." in html
    assert not Club.objects.exists()


def test_a_club_needs_a_name_with_htmx_too(client, charlie):
    response = signed_in(client, charlie).post(URL, {"name": ""}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "This field is required." in html


def test_a_stranger_is_sent_to_sign_in_before_creating_a_club(client, db):
    response = client.post(URL, {"name": "X"})
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={URL}"
    assert not Club.objects.exists()
