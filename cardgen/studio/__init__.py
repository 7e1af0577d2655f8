"""``cardgen studio``: a web page on this machine to choose a game, see what will print as the
options change, try how it plays, and build the files — the command line's products, options
and write path, in a browser (issue #32; docs/studio.md).

The package sits at the top of the layers, under ``cli`` (which starts it): ``app`` (thin
handlers), ``forms`` (the forms, built from the option declarations), ``jobs`` (bounded
builds, previews, simulations), its templates and its static script and style. Its web stack
(Starlette, Uvicorn) is an optional install, ``pip install 'cardgen[studio]'``, imported only
when the studio starts.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from pathlib import Path

__all__ = ["HOST", "serve"]

HOST = "127.0.0.1"  # loopback only: nothing on the network can reach the studio


def bind(port: int) -> socket.socket:
    """A listening socket on loopback: ``port``, or a free one when 0."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
    except OSError as e:
        sock.close()
        from cardgen.errors import CardgenError

        raise CardgenError(
            f"port {port} on {HOST} is taken or not allowed ({e.strerror}): give another --port"
        ) from None
    sock.listen(64)
    return sock


def serve(out: Path, port: int = 0, *, started: Callable[[str], None] | None = None) -> None:
    """Serve the studio on loopback until Ctrl-C (or the server is told to stop); ``started``
    is called with its address (``http://127.0.0.1:PORT/``) once it listens."""
    import uvicorn

    from cardgen.studio.app import make_app

    sock = bind(port)
    address = f"{HOST}:{sock.getsockname()[1]}"
    app = make_app(out, address)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    if started is not None:
        watcher = threading.Thread(target=_when_started, args=(server, f"http://{address}/", started), daemon=True)
        watcher.start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        app.state.studio.close()  # (again, if the lifespan did: a stop by signal may skip it)


def _when_started(server: object, url: str, started: Callable[[str], None]) -> None:
    import time

    for _ in range(200):  # up to 10 s
        if getattr(server, "started", False):
            started(url)
            return
        time.sleep(0.05)
