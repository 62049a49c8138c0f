"""The portability tests use the API's clients and cast (``api_client``, ``dora``, ``as_role``)."""

from __future__ import annotations

from tests.api.conftest import api_client, as_role, dora

__all__ = ["api_client", "as_role", "dora"]
