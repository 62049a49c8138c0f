"""ReDoc renders the API's operations under the site's Content-Security-Policy."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_redoc_renders_the_operations_without_a_csp_violation(live_server, phone):
    page = phone
    response = page.goto(f"{live_server.url}/api/v1/schema/redoc/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy

    # ReDoc draws a section per operation, named by its operationId.
    page.locator('[data-section-id="operation/score_sheet_score"]').wait_for(
        timeout=20_000
    )
    operations = page.locator('[data-section-id^="operation/"]').count()
    assert operations > 10
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "api-redoc.png"))
    assert page.csp_violations == []
    assert page.console_errors == []
