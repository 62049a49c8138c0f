"""How drf-spectacular names the API's components."""

from __future__ import annotations

from types import UnionType
from typing import (
    Any,
    Literal,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

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


def typed_schema(hint: Any) -> dict[str, Any]:
    """The JSON schema of a type hint built of TypedDicts, lists, dicts and scalars.

    The documents the services write and read (the club backup) are typed with
    TypedDicts; their schema comes from those, so that it cannot drift.
    ``object`` and ``Any`` are any JSON value.
    """
    if is_typeddict(hint):
        hints = get_type_hints(hint, include_extras=True)
        # NotRequired read from the hint itself: with postponed annotations,
        # Python 3.11's __required_keys__ counts every key as required.
        optional = {
            key
            for key, value in hints.items()
            if get_origin(value) is NotRequired or not hint.__total__
        }
        schema: dict[str, Any] = {
            "type": "object",
            "properties": {
                key: typed_schema(
                    get_args(value)[0] if get_origin(value) is NotRequired else value
                )
                for key, value in hints.items()
            },
        }
        if set(hints) - optional:
            schema["required"] = sorted(set(hints) - optional)
        return schema
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        present = [arg for arg in args if arg is not type(None)]
        schema = typed_schema(present[0]) if len(present) == 1 else {}
        return {**schema, "nullable": True} if len(present) < len(args) else schema
    if origin is list:
        return {"type": "array", "items": typed_schema(args[0])}
    if origin is dict:
        return {"type": "object", "additionalProperties": typed_schema(args[1])}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is str:
        return {"type": "string"}
    if hint is float:
        return {"type": "number"}
    return {}


def without_required(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with no key required anywhere: for a document others write,
    read by a reader that asks only for what it uses (and says what is missing)."""
    loose: dict[str, Any] = {k: v for k, v in schema.items() if k != "required"}
    if "properties" in loose:
        loose["properties"] = {
            key: without_required(value) for key, value in loose["properties"].items()
        }
    if isinstance(loose.get("items"), dict):
        loose["items"] = without_required(loose["items"])
    return loose


def bodies_required(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """A postprocessing hook: every request body of the API is required (no write
    of ours takes an empty body)."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                operation["requestBody"]["required"] = True
    return result
