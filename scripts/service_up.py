"""Exit 0 when the service behind a URL accepts a TCP connection within a second."""

from __future__ import annotations

import socket
import sys
from urllib.parse import urlsplit

DEFAULT_PORTS = {"postgres": 5432, "postgresql": 5432, "redis": 6379}


def main() -> int:
    url = urlsplit(sys.argv[1])
    host = url.hostname or "127.0.0.1"
    port = url.port or DEFAULT_PORTS.get(url.scheme, 0)
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return 0
    except OSError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
