from __future__ import annotations

from django.contrib import admin

from games.models import ConcordiaPosition, Seat, SeatResult, TableSession


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
