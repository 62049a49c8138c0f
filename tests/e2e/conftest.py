"""Real-browser tests: Playwright's Python package driving Debian's Chromium.

Run by `make e2e`, and by `make test` where /usr/bin/chromium exists. Screenshots
go to artifacts/e2e/ so that a failing run can be looked at.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "e2e"
PHONE = {"width": 390, "height": 844}
# Logs each Content-Security-Policy violation as a console error and counts it
# in window.cspViolations, which a test can wait on.
CSP_LISTENER = """
window.cspViolations = 0;
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations += 1;
  console.error('CSP violation: ' + e.effectiveDirective + ' blocked '
    + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});
"""

# Playwright's sync API runs an event loop in this thread; the test's own ORM
# calls (setting up data) are still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """On SQLite, a test database in a file, as `make run` has, not in memory.

    Django's live server shares an in-memory SQLite database's one connection
    between its request threads, and two phones polling while a third saves
    then fail with "database table is locked" (a 503 in the page). With a file
    each request has its own connection and waits for the write lock, as the
    site does for its users.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "e2e.sqlite3")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}; install Debian's chromium package"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


def new_phone(browser: Browser, viewport: dict[str, int] = PHONE) -> Page:
    """A page at phone size recording console errors in ``page.console_errors``
    and Content-Security-Policy violations in ``page.csp_violations``."""
    context = browser.new_context(
        viewport=viewport,  # type: ignore[arg-type]
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    # Init scripts come from the browser itself, so the page's CSP does not
    # block this listener; it names the directive a refused script or style broke.
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    errors: list[str] = []
    violations: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        errors.append(message.text)
        if message.text.startswith("CSP violation:"):
            violations.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.console_errors = errors  # type: ignore[attr-defined]
    page.csp_violations = violations  # type: ignore[attr-defined]
    return page


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone (`new_phone`), closed after the test."""
    page = new_phone(browser)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield page
    page.context.close()
