"""How drf-spectacular names the API's components."""

from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema


class ApiAutoSchema(AutoSchema):
    """Name nested serializers after their view: ``SessionDetailApi.OutputSerializer``
    becomes ``SessionDetailOutput``.

    Every view nests classes called ``InputSerializer`` and ``OutputSerializer``
    (house style), which would otherwise all become one component "Output".
    """

    def get_serializer_name(
        self, serializer: Any, direction: Literal["request", "response"]
    ) -> str:
        outer, _dot, inner = type(serializer).__qualname__.rpartition(".")
        if not outer:
            return str(super().get_serializer_name(serializer, direction))
        return outer.removesuffix("Api").split(".")[-1] + inner
