"""Installable on a phone (issue #25 item 8): the web manifest, icons, the service worker."""

from __future__ import annotations

from django.conf import settings


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert [i["sizes"] for i in manifest["icons"]] == ["192x192", "512x512", "any"]
    assert all(i["src"].startswith(settings.STATIC_URL) for i in manifest["icons"])


def test_the_service_worker_is_at_the_root_and_only_serves_static_files(client):
    response = client.get("/sw.js")
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    text = response.content.decode()
    assert f'const STATIC = "{settings.STATIC_URL}";' in text
    # Every request but a static file's GET is left to the network: no page is cached.
    assert 'if (request.method !== "GET") return;' in text
    assert "!url.pathname.startsWith(STATIC)) return;" in text


def test_every_page_links_the_manifest_and_the_worker(client):
    text = client.get("/accounts/login/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text
    assert '<meta name="service-worker" content="/sw.js">' in text
