"""The production-like site the black-box tests share (`production_site.py`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.reliability.production_site import Site, production_site


@pytest.fixture(scope="module")
def site(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    """One production-like site per test module (its own database and Redis)."""
    purpose = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")
    yield from production_site(tmp_path_factory.mktemp("site"), purpose)
