from __future__ import annotations

from django.contrib import admin

from clubs.models import Invite


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
