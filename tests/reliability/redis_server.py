"""A private redis-server that a test may crash, hang and bring back.

The machine's Redis is shared with other suites, so the broker fault tests
never touch it: each runs its own server on a free port, without persistence,
as a cache-only production Redis is run.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

import redis

START_SECONDS = 5.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """One redis-server process on a fixed port, restartable on that port."""

    def __init__(self, directory: Path) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        self.directory = directory
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers PING."""
        self._process = subprocess.Popen(
            [
                "redis-server",
                "--port", str(self.port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + START_SECONDS
        with redis.Redis.from_url(self.url, socket_timeout=0.5) as client:
            while True:
                try:
                    client.ping()
                    return
                except redis.ConnectionError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)

    def crash(self) -> None:
        """Kill the server as a crash or an OOM kill would: what it held is gone."""
        process = self._running()
        process.kill()
        process.wait()
        self._process = None

    def hang(self) -> None:
        """Freeze the server: the kernel still accepts connections, nothing answers."""
        self._running().send_signal(signal.SIGSTOP)

    def wake(self) -> None:
        self._running().send_signal(signal.SIGCONT)

    def queue_length(self, queue: str) -> int:
        with redis.Redis.from_url(self.url, socket_timeout=1.0) as client:
            length: int = client.llen(queue)
            return length

    def close(self) -> None:
        """Stop the server whatever its state (a frozen one is killed too)."""
        if self._process is None:
            return
        self._process.kill()
        self._process.wait()
        self._process = None

    def _running(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            raise RuntimeError("the Redis server is not running")
        return self._process
