"""`make audit`'s pip-audit verdict: "not run" whenever nothing could be checked, never "pass"."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[2] / "scripts" / "audit_dependencies.py"
_SPEC = importlib.util.spec_from_file_location("audit_dependencies", _PATH)
assert _SPEC is not None
assert _SPEC.loader is not None
audit = importlib.util.module_from_spec(_SPEC)
# scripts/ is not a package; dataclasses need the module registered.
sys.modules["audit_dependencies"] = audit
_SPEC.loader.exec_module(audit)

SKIPPED = {
    "name": "amqp",
    "skip_reason": "Dependency not found on PyPI and could not be audited: amqp (5.4.2)",
}
CLEAN = {"name": "django", "version": "5.2.19", "vulns": []}
VULNERABLE = {
    "name": "django",
    "version": "5.2.0",
    "vulns": [{"id": "PYSEC-2025-1", "fix_versions": ["5.2.1"]}],
}


def _report(*dependencies: Mapping[str, object]) -> str:
    return json.dumps({"dependencies": list(dependencies), "fixes": []})


def test_every_dependency_audited_and_clean_is_a_pass():
    verdict = audit.judge(0, _report(CLEAN, CLEAN), "")
    assert verdict.outcome == "pass"
    assert verdict.message == (
        "pip-audit: pass (2 dependencies audited, no known vulnerability)"
    )
    assert verdict.exit_status == 0


def test_nothing_audited_is_not_run_and_says_why():
    verdict = audit.judge(0, _report(SKIPPED, SKIPPED), "")
    assert verdict.outcome == "not run"
    assert verdict.message.startswith("pip-audit: not run (")
    assert "none of the 2 dependencies" in verdict.message
    assert "pass" not in verdict.message


def test_an_unreachable_service_is_not_run():
    verdict = audit.judge(
        1, "", "ConnectionError: HTTPSConnectionPool(host='pypi.org'): Max retries"
    )
    assert verdict.message == (
        "pip-audit: not run (ConnectionError: HTTPSConnectionPool(host='pypi.org'): "
        "Max retries)"
    )


def test_a_vulnerability_fails_with_its_id():
    verdict = audit.judge(1, _report(VULNERABLE, SKIPPED), "")
    assert verdict.outcome == "vulnerable"
    assert "django 5.2.0: PYSEC-2025-1" in verdict.message
    assert verdict.exit_status == 1


def test_one_unaudited_dependency_fails_strict_mode():
    verdict = audit.judge(0, _report(CLEAN, SKIPPED), "")
    assert verdict.outcome == "incomplete"
    assert verdict.exit_status == 1


@pytest.mark.parametrize(("required", "status"), [("1", 1), ("0", 0)])
def test_not_run_fails_only_where_the_audit_is_required(monkeypatch, required, status):
    monkeypatch.setenv("AUDIT_REQUIRE_PIP_AUDIT", required)
    assert audit.judge(1, "", "no network").exit_status == status
