from __future__ import annotations

from django.contrib import admin

from clubs.models import Club, Invite, Membership, Player


class MembershipInline(admin.TabularInline[Membership, Club]):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["user", "club", "role", "joined_at"]
    list_select_related = ["user", "club"]
    list_filter = ["role"]
    raw_id_fields = ["user", "club"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ["name", "club", "user"]
    list_select_related = ["club", "user"]
    list_filter = ["club"]
    search_fields = ["name"]
    raw_id_fields = ["user"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin[Invite]):
    list_display = [
        "club",
        "created_by",
        "created_at",
        "expires_at",
        "revoked_at",
        "use_count",
    ]
    list_select_related = ["club", "created_by"]
    list_filter = ["club"]
    raw_id_fields = ["club", "created_by"]
    readonly_fields = ["token", "use_count"]
