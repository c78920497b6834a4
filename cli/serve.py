"""``euchre serve``: a lobby of networked tables on one port.

Clients create tables (``create``: the variant, house rules and options) and are given
each table's join codes; players and bots join with ``euchre join``. The tables are
independent of each other. The server listens on 127.0.0.1 unless ``--bind`` says
otherwise, and speaks TLS with ``--tls-cert`` and ``--tls-key``. Ctrl-C stops it.
"""

from __future__ import annotations

import time

import typer

from .errors import EXIT_INTERRUPTED
from .host import (
    DEFAULT_PORT,
    Bind,
    Coach,
    Port,
    ServerThread,
    TlsCert,
    TlsKey,
    steady_gc,
    tls_of,
)

__all__ = ["serve"]


def serve(
    port: Port = DEFAULT_PORT,
    bind: Bind = "127.0.0.1",
    tls_cert: TlsCert = None,
    tls_key: TlsKey = None,
    coach: Coach = False,
) -> None:
    """Run a lobby where clients create networked tables and join them."""
    from euchre_core.net.server import Lobby

    server = ServerThread(
        Lobby(can_create=True), bind, port, tls_of(tls_cert, tls_key), coach=coach
    )
    server.start()
    steady_gc()
    scheme = "wss" if tls_cert is not None else "ws"
    print(f"Serving tables at {scheme}://{bind}:{server.port} (Ctrl-C stops)", flush=True)
    page = "https" if tls_cert is not None else "http"
    print(f"The lobby's page, for browsers: {page}://{bind}:{server.port}/", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
        raise typer.Exit(EXIT_INTERRUPTED) from None
