from __future__ import annotations

from django.urls import reverse

from clubs import services
from clubs.models import Player
from tests.clubs.conftest import HTMX, signed_in


def _list_url() -> str:
    return reverse("clubs:player-list", kwargs={"club_slug": "lisboa"})


def _edit_url(player: Player) -> str:
    return reverse(
        "clubs:player-edit", kwargs={"club_slug": "lisboa", "player_id": player.pk}
    )


def test_a_member_sees_the_players_and_their_games(client, bob, finished_session):
    services.player_add(club=finished_session.club, name="Zeca")
    response = signed_in(client, bob).get(_list_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert (
        html.index("Ana")
        < html.index("Bruno")
        < html.index("Caio")
        < html.index("Zeca")
    )
    assert "1 game" in html
    assert "0 games" in html
    assert 'name="name"' not in html
    ana = Player.objects.get(name="Ana")
    assert f'href="{_edit_url(ana)}"' not in html


def test_players_page_for_htmx_is_the_list_only(client, club, bob):
    response = signed_in(client, bob).get(_list_url(), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="player-list">')


def test_an_admin_gets_the_add_form_and_edit_links(client, dora, finished_session):
    ana = Player.objects.get(name="Ana")
    html = signed_in(client, dora).get(_list_url()).content.decode()
    assert 'name="name"' in html
    assert f'href="{_edit_url(ana)}"' in html


def test_adding_a_player_without_javascript(client, dora):
    response = signed_in(client, dora).post(_list_url(), {"name": "Zeca"})
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    assert Player.objects.get(name="Zeca").user is None
    assert "Zeca added." in client.get(_list_url()).content.decode()


def test_adding_a_player_with_htmx_returns_the_list(client, dora):
    response = signed_in(client, dora).post(_list_url(), {"name": "Zeca"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Zeca added." in html
    assert f'id="player-{Player.objects.get(name="Zeca").pk}"' in html


def test_a_taken_name_is_shown_next_to_the_field(client, dora, finished_session):
    response = signed_in(client, dora).post(_list_url(), {"name": "ANA"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'id="id_name_error"' in html
    assert "The club already has a player called ANA." in html
    assert Player.objects.filter(name__iexact="ana").count() == 1


def test_a_taken_name_with_htmx_re_renders_the_list(client, dora, finished_session):
    response = signed_in(client, dora).post(_list_url(), {"name": "ana"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "The club already has a player called ana." in html


def test_edit_page_is_a_full_page(client, dora, finished_session):
    ana = Player.objects.get(name="Ana")
    html = signed_in(client, dora).get(_edit_url(ana)).content.decode()
    assert "<html" in html
    assert 'value="Ana"' in html
    assert '<option value="" selected>— a guest, no account —</option>' in html


def test_edit_page_for_htmx_is_the_form_only(client, dora, finished_session):
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).get(_edit_url(ana), headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<form id="player-form"')


def test_renaming_and_linking_without_javascript(client, dora, bob, finished_session):
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).post(
        _edit_url(ana), {"name": "Ana Bob", "user": str(bob.pk)}
    )
    assert response.status_code == 302
    assert response["Location"] == _list_url()
    ana.refresh_from_db()
    assert (ana.name, ana.user) == ("Ana Bob", bob)
    assert "account: bob" in client.get(_list_url()).content.decode()


def test_renaming_with_htmx_redirects_the_client(client, dora, finished_session):
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).post(
        _edit_url(ana), {"name": "Anita", "user": ""}, headers=HTMX
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == _list_url()
    ana.refresh_from_db()
    assert ana.name == "Anita"


def test_an_outsider_account_cannot_be_linked(client, dora, charlie, finished_session):
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).post(
        _edit_url(ana), {"name": "Ana", "user": str(charlie.pk)}
    )
    assert response.status_code == 200
    assert (
        "Select a valid choice. That choice is not one of the available choices."
        in (response.content.decode())
    )
    ana.refresh_from_db()
    assert ana.user is None


def test_a_member_already_linked_elsewhere_is_refused_with_htmx(
    client, dora, bob, finished_session
):
    bruno = Player.objects.get(name="Bruno")
    bruno.user = bob
    bruno.save()
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).post(
        _edit_url(ana), {"name": "Ana", "user": str(bob.pk)}, headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="id_user_error"' in html
    assert "bob already plays as Bruno." in html
    ana.refresh_from_db()
    assert ana.user is None


def test_renaming_to_a_taken_name_keeps_the_stored_name(client, dora, finished_session):
    ana = Player.objects.get(name="Ana")
    response = signed_in(client, dora).post(
        _edit_url(ana), {"name": "bruno", "user": ""}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "The club already has a player called bruno." in html
    assert "<h1>Ana</h1>" in html
    ana.refresh_from_db()
    assert ana.name == "Ana"


def test_a_name_that_rewrites_the_text_is_refused_next_to_the_field(client, dora, club):
    for name, message in [
        ("\u202eAna", "cannot hold control or text-direction characters"),
        ("\u200b\u3164", "needs at least one visible character"),
        ("x" * 41, "at most 40 characters"),
    ]:
        response = signed_in(client, dora).post(_list_url(), {"name": name})
        html = response.content.decode()
        assert response.status_code == 200
        assert 'id="id_name_error"' in html
        assert message in html
    assert not Player.objects.filter(club=club, name__contains="Ana").exists()


def test_a_name_is_stored_composed_and_trimmed(client, dora, club):
    signed_in(client, dora).post(_list_url(), {"name": "  Jose\u0301  "})
    assert Player.objects.filter(club=club, name="José").exists()
