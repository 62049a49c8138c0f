"""The browser enforces the Content-Security-Policy, and the e2e harness reports a violation."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_htmx_adds_no_style_and_an_injected_script_or_style_is_refused(
    live_server, phone
):
    page = phone
    page.goto(f"{live_server.url}/accounts/login/")
    page.wait_for_function("() => window.htmx !== undefined")
    assert page.evaluate("document.querySelectorAll('style').length") == 0
    assert page.evaluate("htmx.config.allowEval") is False

    ran = page.evaluate(
        """() => {
            const script = document.createElement('script');
            script.textContent = 'window.injected = true';
            document.head.appendChild(script);
            document.body.setAttribute('style', 'background: red');
            return window.injected === true;
        }"""
    )
    assert ran is False
    page.wait_for_function("() => window.cspViolations === 2")
    directives = sorted(v.split()[2] for v in page.csp_violations)
    assert directives == ["script-src-elem", "style-src-attr"]
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != (
        "rgb(255, 0, 0)"
    )
