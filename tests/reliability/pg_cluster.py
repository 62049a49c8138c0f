"""A private, throwaway PostgreSQL 15 cluster: one the tests may restart and kill.

The machine's own server is shared by every suite running on it, so a test that
restarts the database under traffic starts a cluster of its own instead: a
fresh `initdb` in a temporary directory, on a free loopback port, trust
authentication, durability off (it lives for one test). initdb refuses to run
as root, so when the tests run as root every PostgreSQL command runs as the
``postgres`` system user, which then owns the directory.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

PG_BIN = Path(os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin"))
SUPERUSER = "postgres"


def binaries_present() -> bool:
    return all((PG_BIN / name).is_file() for name in ("initdb", "pg_ctl", "postgres"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PrivateCluster:
    """Use as `with PrivateCluster() as cluster:`; stopped and deleted on leaving."""

    def __init__(self) -> None:
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="tabularium-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self._as_postgres: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam(SUPERUSER)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as_postgres = ["runuser", "-u", SUPERUSER, "--"]

    def url(self, database: str = "postgres") -> str:
        return f"postgres://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self._as_postgres, *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{args[0]} failed:\n{done.stderr}\n{log[-2000:]}")

    def _pg_ctl(self, action: str, *extra: str) -> None:
        self._run(str(PG_BIN / "pg_ctl"), action, "-D", str(self.data), *extra)

    def _server_options(self) -> str:
        # The socket directory is the cluster's own: the default one
        # (/var/run/postgresql) belongs to the machine's server.
        return " ".join(
            (
                f"-p {self.port}",
                "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={self.root}",
                "-c fsync=off",
                "-c synchronous_commit=off",
                "-c full_page_writes=off",
            )
        )

    def start(self) -> None:
        """Create the cluster and start its server."""
        self._run(
            str(PG_BIN / "initdb"),
            "-D",
            str(self.data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        self.start_server()

    def start_server(self) -> None:
        """Start the server and wait until it accepts connections."""
        self._pg_ctl("start", "-w", "-l", str(self.log), "-o", self._server_options())

    def stop_server(self) -> None:
        """Stop the server, ending every connection (``-m fast``); the data stays."""
        self._pg_ctl("stop", "-m", "fast", "-w")

    def restart(self) -> None:
        """Stop the server, ending every connection (``-m fast``), and wait until it is back."""
        self._pg_ctl(
            "restart",
            "-m",
            "fast",
            "-w",
            "-l",
            str(self.log),
            "-o",
            self._server_options(),
        )

    def remove(self) -> None:
        """Stop the server at once if it runs, and delete the cluster."""
        if (self.data / "postmaster.pid").exists():
            self._pg_ctl("stop", "-m", "immediate", "-w")
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> PrivateCluster:
        try:
            self.start()
        except BaseException:
            self.remove()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.remove()
