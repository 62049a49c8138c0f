from __future__ import annotations

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    # Before games' "clubs/<slug>/": "new" is kept out of club slugs for this.
    path("clubs/new/", views.club_create, name="club-create"),
    path(
        "clubs/<slug:club_slug>/members/",
        views.membership_list,
        name="membership-list",
    ),
    path(
        "clubs/<slug:club_slug>/members/<int:membership_id>/role/",
        views.membership_role_change,
        name="membership-role",
    ),
    path(
        "clubs/<slug:club_slug>/members/<int:membership_id>/remove/",
        views.membership_remove,
        name="membership-remove",
    ),
    path("clubs/<slug:club_slug>/invites/", views.invite_list, name="invite-list"),
    path(
        "clubs/<slug:club_slug>/invites/<int:invite_id>/revoke/",
        views.invite_revoke,
        name="invite-revoke",
    ),
    path("clubs/<slug:club_slug>/players/", views.player_list, name="player-list"),
    path(
        "clubs/<slug:club_slug>/players/<int:player_id>/",
        views.player_edit,
        name="player-edit",
    ),
    path("join/<slug:token>/", views.invite_accept, name="invite-accept"),
]
