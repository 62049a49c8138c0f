from __future__ import annotations

from django.contrib import admin

from games.models import (
    Club,
    ConcordiaPosition,
    Membership,
    Player,
    Seat,
    SeatResult,
    TableSession,
)


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


class SeatInline(admin.TabularInline[Seat, TableSession]):
    model = Seat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(TableSession)
class TableSessionAdmin(admin.ModelAdmin[TableSession]):
    list_display = ["__str__", "club", "game", "map", "status", "played_at"]
    list_select_related = ["club"]
    list_filter = ["game", "map", "status", "club"]
    date_hierarchy = "played_at"
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin[Seat]):
    list_display = ["__str__", "session", "colour"]
    list_select_related = ["player", "session__club"]
    raw_id_fields = ["session", "player"]


@admin.register(ConcordiaPosition)
class ConcordiaPositionAdmin(admin.ModelAdmin[ConcordiaPosition]):
    list_display = ["seat", "session", "sestertii", "provinces", "concordia_card"]
    list_select_related = ["seat__player", "session__club"]
    raw_id_fields = ["seat", "session"]


@admin.register(SeatResult)
class SeatResultAdmin(admin.ModelAdmin[SeatResult]):
    list_display = ["seat", "session", "total", "rank", "won"]
    list_select_related = ["seat__player", "session__club"]
    raw_id_fields = ["seat", "session"]
