from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs import services
from clubs.models import Player


def test_adding_a_guest_player(club):
    player = services.player_add(club=club, name="  Zeca ")
    assert (player.name, player.user, player.club) == ("Zeca", None, club)


def test_two_players_cannot_share_a_name_whatever_the_case(club):
    services.player_add(club=club, name="Zeca")
    with pytest.raises(ValidationError) as refused:
        services.player_add(club=club, name="ZECA")
    assert refused.value.message_dict == {
        "name": ["The club already has a player called ZECA."]
    }
    assert club.players.count() == 1


def test_the_same_name_is_fine_in_another_club(club, other_club):
    services.player_add(club=club, name="Zeca")
    services.player_add(club=other_club, name="Zeca")
    assert Player.objects.filter(name="Zeca").count() == 2


def test_renaming_and_linking_a_player_to_a_member(club, bob):
    player = services.player_add(club=club, name="Bobby")
    services.player_update(player=player, name="Bob", user=bob)
    player.refresh_from_db()
    assert (player.name, player.user) == ("Bob", bob)


def test_unlinking_makes_a_player_a_guest_again(club, bob):
    player = services.player_add(club=club, name="Bob")
    services.player_update(player=player, name="Bob", user=bob)
    services.player_update(player=player, name="Bob", user=None)
    player.refresh_from_db()
    assert player.user is None


def test_only_a_member_can_be_linked(club, charlie):
    player = services.player_add(club=club, name="Carlos")
    with pytest.raises(ValidationError) as refused:
        services.player_update(player=player, name="Carlos", user=charlie)
    assert refused.value.message_dict == {
        "user": ["Only a member of the club can be linked to a player."]
    }
    player.refresh_from_db()
    assert player.user is None


def test_a_member_plays_as_one_player_per_club(club, bob):
    first = services.player_add(club=club, name="Bob")
    services.player_update(player=first, name="Bob", user=bob)
    second = services.player_add(club=club, name="Roberto")
    with pytest.raises(ValidationError) as refused:
        services.player_update(player=second, name="Roberto", user=bob)
    assert refused.value.message_dict == {"user": ["bob already plays as Bob."]}
    second.refresh_from_db()
    assert second.user is None


def test_a_refused_update_leaves_the_instance_as_stored(club, bob):
    player = services.player_add(club=club, name="Ana")
    services.player_add(club=club, name="Bia")
    with pytest.raises(ValidationError):
        services.player_update(player=player, name="bia", user=bob)
    assert (player.name, player.user) == ("Ana", None)
    player.refresh_from_db()
    assert player.name == "Ana"


def test_renaming_keeps_the_player_s_games(finished_session):
    ana = Player.objects.get(club=finished_session.club, name="Ana")
    services.player_update(player=ana, name="Ana Maria", user=None)
    assert finished_session.seats.get(seat_order=0).player.name == "Ana Maria"
