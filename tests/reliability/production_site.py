"""The site as production runs it, for the black-box tests, and a visitor to it.

gunicorn with 2 sync workers (and its default 30-second worker timeout),
``DJANGO_DEBUG=0``, PostgreSQL (a scratch database on the server of the
suite's ``DATABASE_URL``) and Redis (a private ``redis-server``), seeded by
``python -m tests.reliability.drill blackbox-seed``. The fixture ``site``
(`tests/reliability/conftest.py`) starts one per test module:
`test_backup_blackbox.py` and `test_production_blackbox.py` use it.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import psycopg
from psycopg import sql

from tests.reliability.pg_cluster import free_port
from tests.reliability.redis_server import RedisServer

ROOT = Path(__file__).resolve().parents[2]
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in {"postgres", "postgresql"} else ""


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    headers: Mapping[str, str]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.body)


class Visitor:
    """One client with its own cookies (kept by hand: production's are ``Secure``).

    ``source``: the loopback address the client connects from (127.0.0.2, …),
    so that a test has its own address for the throttles and django-axes.
    """

    def __init__(self, port: int, *, source: str = "") -> None:
        self.port = port
        self.source = source
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 60,
    ) -> Answer:
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(
            "127.0.0.1",
            self.port,
            timeout=timeout,
            source_address=(self.source, 0) if self.source else None,
        )
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            content = response.read()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    if morsel.value:
                        self.cookies[name] = morsel.value
                    else:
                        self.cookies.pop(name, None)
            return Answer(
                response.status,
                content,
                {k.lower(): v for k, v in response.getheaders()},
            )
        finally:
            connection.close()

    def csrf(self, page: str) -> str:
        found = CSRF_FIELD.search(self.request("GET", page).text)
        assert found, page
        return found.group(1)

    def post_form(
        self, path: str, fields: Mapping[str, str], *, token: str | None = None
    ) -> Answer:
        """Send a form as a browser does (urlencoded), with the page's CSRF token."""
        return self.request(
            "POST",
            path,
            body=urlencode(
                {**fields, "csrfmiddlewaretoken": token or self.csrf(path)}
            ).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )

    def sign_in(self, username: str, password: str) -> None:
        answer = self.post_form(
            "/accounts/login/",
            {"username": username, "password": password},
            token=self.csrf("/accounts/login/"),
        )
        assert answer.status == 302, answer.text[:500]

    def upload(
        self,
        page: str,
        action: str,
        fields: Mapping[str, str],
        file: bytes,
        *,
        field: str = "file",
    ) -> Answer:
        """Send a page's form with a file, as a browser does (multipart)."""
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
            f"{value}\r\n".encode()
            for name, value in {
                **fields,
                "csrfmiddlewaretoken": self.csrf(page),
            }.items()
        ]
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; '
            'filename="export.json"\r\nContent-Type: application/json\r\n\r\n'.encode()
            + file
            + f"\r\n--{boundary}--\r\n".encode()
        )
        return self.request(
            "POST",
            action,
            body=b"".join(parts),
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            timeout=120,
        )


@dataclass(frozen=True)
class Site:
    port: int
    database_url: str
    seed: dict[str, Any]

    def api(
        self,
        method: str,
        path: str,
        document: object = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        headers = {"Authorization": f"Token {self.seed['token']}", **(headers or {})}
        body = None
        if document is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(document).encode()
        return Visitor(self.port).request(method, path, body=body, headers=headers)

    def query(self, statement: str, params: tuple[object, ...] = ()) -> list[Any]:
        with psycopg.connect(self.database_url) as connection:
            return connection.execute(statement, params).fetchall()


def _environment(database_url: str, redis_url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key not in {"DATABASE_URL", "REDIS_URL"}
    }
    env.update(
        {
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "backup-blackbox-" + "k" * 50,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "PYTHONDONTWRITEBYTECODE": "1",
        }
    )
    return env


def production_site(directory: Path, purpose: str) -> Iterator[Site]:
    """Seed a scratch database, start Redis and gunicorn; yield the site; clean up."""
    server = urlsplit(postgres_url())
    name = f"{server.path.lstrip('/') or 'tabularium'}_{purpose}_{os.getpid()}"
    admin = server._replace(path="/postgres").geturl()
    database_url = server._replace(path=f"/{name}").geturl()
    redis = RedisServer(directory / "redis")
    gunicorn: subprocess.Popen[bytes] | None = None

    def drop() -> None:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                    sql.Identifier(name)
                )
            )

    drop()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        redis.start()
        env = _environment(database_url, redis.url)
        seeded = subprocess.run(
            [sys.executable, "-m", "tests.reliability.drill", "blackbox-seed"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert seeded.returncode == 0, seeded.stderr[-3000:]
        port = free_port()
        log = directory / "gunicorn.log"
        with log.open("wb") as errors:
            gunicorn = subprocess.Popen(
                [
                    sys.executable, "-m", "gunicorn", "concordia_site.wsgi",
                    "--workers", "2", "--bind", f"127.0.0.1:{port}",
                ],
                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=errors, stderr=errors,
            )  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            assert gunicorn.poll() is None, log.read_text()[-3000:]
            try:
                if Visitor(port).request("GET", "/healthz").status == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.1)
        yield Site(
            port=port, database_url=database_url, seed=json.loads(seeded.stdout)[0]
        )
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            gunicorn.wait(timeout=15)
        redis.close()
        drop()
