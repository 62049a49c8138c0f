"""Signed-in members using a running site over real HTTP, for the restart test.

A `Member` keeps its cookies like a browser (the production cookies are
``Secure``, which a cookie jar would not send over the loopback's plain http,
so they are kept by hand). `Traffic` runs one thread per member, each opening
the game page and sending a live preview of its sheet in a loop, and records
every answer with when it was sent, numbered so the server's access log can
say which worker answered it. It can pause, so that the workers' database
connections sit idle while the server restarts.
"""

from __future__ import annotations

import http.client
import itertools
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode

CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"x-csrftoken": "([^"]+)"')
# Names the request in the access log (see the gunicorn --access-logformat).
REQUEST_ID_HEADER = "X-Drill-Request"
FormData = Mapping[str, object]


@dataclass(frozen=True)
class Reply:
    status: int
    body: str
    location: str


@dataclass(frozen=True)
class Answer:
    """One request of the traffic: what was sent when, and what came back."""

    number: int
    kind: str
    sent_at: float
    answered_at: float
    status: int
    body: str


class Member:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf_token = ""

    def request(
        self,
        method: str,
        path: str,
        *,
        form: FormData | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Reply:
        sent = dict(headers or {})
        body = None
        if form is not None:
            body = urlencode(form, doseq=True)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return Reply(response.status, text, response.getheader("Location", ""))
        finally:
            connection.close()

    def sign_in(self, username: str, password: str) -> None:
        page = self.request("GET", "/accounts/login/")
        token = CSRF_FIELD.search(page.body)
        assert page.status == 200, page
        assert token, page
        reply = self.request(
            "POST",
            "/accounts/login/",
            form={
                "username": username,
                "password": password,
                "csrfmiddlewaretoken": token.group(1),
            },
        )
        assert reply.status == 302, reply
        assert "sessionid" in self.cookies, reply

    def open_page(self, path: str, *, headers: Mapping[str, str]) -> Reply:
        """GET a page and keep the CSRF token htmx would send with the next POST."""
        reply = self.request("GET", path, headers=headers)
        token = CSRF_HEADER.search(reply.body)
        if token:
            self.csrf_token = token.group(1)
        return reply

    def htmx_post(
        self, path: str, form: FormData, *, headers: Mapping[str, str]
    ) -> Reply:
        sent = {**headers, "HX-Request": "true", "X-CSRFToken": self.csrf_token}
        return self.request("POST", path, form=form, headers=sent)


# A kind of request ("game page") and how a member sends it with the given headers.
Step = tuple[str, Callable[[Member, Mapping[str, str]], Reply]]


class Traffic:
    """Each member runs ``steps`` in a loop, in a thread of its own, until `stop`."""

    def __init__(self, members: Sequence[Member], steps: Sequence[Step]) -> None:
        self.steps = steps
        self.answers: list[Answer] = []
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()
        # Guards the three below: `pause` waits for the rounds under way.
        self._state = threading.Condition()
        self._paused = False
        self._stopped = False
        self._busy = 0
        self._threads = [
            threading.Thread(target=self._loop, args=(member,), daemon=True)
            for member in members
        ]

    def _loop(self, member: Member) -> None:
        while True:
            with self._state:
                while self._paused and not self._stopped:
                    self._state.wait()
                if self._stopped:
                    return
                self._busy += 1
            try:
                self._round(member)
            finally:
                with self._state:
                    self._busy -= 1
                    self._state.notify_all()

    def _round(self, member: Member) -> None:
        for kind, send in self.steps:
            with self._lock:
                number = next(self._numbers)
            headers = {REQUEST_ID_HEADER: str(number)}
            sent_at = time.monotonic()
            try:
                reply = send(member, headers)
                status, body = reply.status, reply.body
            except (OSError, http.client.HTTPException) as error:
                status, body = 0, f"no answer: {error!r}"
            answer = Answer(number, kind, sent_at, time.monotonic(), status, body)
            with self._lock:
                self.answers.append(answer)

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def pause(self) -> None:
        """Stop sending, once every round under way has its answers."""
        with self._state:
            self._paused = True
            while self._busy:
                self._state.wait()

    def resume(self) -> None:
        with self._state:
            self._paused = False
            self._state.notify_all()

    def _answered_since(self, moment: float) -> int:
        with self._lock:
            return sum(1 for answer in self.answers if answer.sent_at >= moment)

    def wait_for(self, count: int, *, since: float, timeout: float) -> None:
        """Wait until ``count`` requests sent since ``since`` have their answer."""
        deadline = time.monotonic() + timeout
        while (answered := self._answered_since(since)) < count:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"only {answered} answers in {timeout} s, wanted {count}"
                )
            time.sleep(0.05)

    def stop(self) -> list[Answer]:
        """Stop sending; return every answer, in the order the requests were numbered."""
        with self._state:
            self._stopped = True
            self._state.notify_all()
        for thread in self._threads:
            thread.join(timeout=60)
        with self._lock:
            return sorted(self.answers, key=lambda answer: answer.number)
