"""``euchre create HOST:PORT [VARIANT]``: open a new table on a ``euchre serve`` lobby.

The lobby makes the table (a built-in variant, with ``--rule`` and ``-o`` as
``euchre play`` takes them) and answers with one join code per seat and the spectators'
code; this command prints the ``euchre join`` line of each. With ``--seat N`` it then
sits at seat N here, as ``euchre host`` does: ``start`` typed while seats are still open
fills them with bots and begins. With ``--listed`` the lobby's page shows the table's
open seats to anyone who opens it.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .errors import EXIT_USAGE, fail
from .options import Overrides, Rules, Seed

__all__ = ["create"]


def create(
    address: Annotated[str, typer.Argument(metavar="HOST:PORT", help="The lobby's server.")],
    variant: Annotated[
        str,
        typer.Argument(metavar="[VARIANT]", help="A built-in variant (see `euchre variants`)."),
    ] = "standard",
    rule: Rules = None,
    option: Overrides = None,
    seed: Seed = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            metavar="easy|normal|hard|BOT",
            help="The bots that fill seats still open at start: a level, or a bot "
            "(heuristic, search, random, careless).",
        ),
    ] = "heuristic",
    fill_after: Annotated[
        int | None,
        typer.Option(
            "--fill-after",
            min=0,
            metavar="SECONDS",
            help="A bot plays the seat of a player away this long, until they return.",
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", min=0, help="Sit at this seat here once the table is made."),
    ] = None,
    listed: Annotated[
        bool,
        typer.Option(
            "--listed",
            help="Show the table's open seats on the lobby's page, where anyone who opens "
            "the page can take one.",
        ),
    ] = False,
    tls: Annotated[bool, typer.Option("--tls", help="The server speaks TLS (wss://).")] = False,
    cafile: Annotated[
        str | None,
        typer.Option("--cafile", metavar="FILE", help="Trust this certificate (with --tls)."),
    ] = None,
) -> None:
    """Open a new table on a `euchre serve` lobby and print its join codes."""
    from .join import client_tls, run_terminal, server_url

    url = server_url(address, tls)
    context = client_tls(cafile) if tls else None
    message: dict[str, Any] = {"type": "create", "variant": variant, "bots": bots}
    if rule:
        message["rules"] = list(rule)
    if option:
        message["options"] = list(option)
    if seed is not None:
        message["seed"] = seed
    if fill_after is not None:
        message["fill_after"] = fill_after
    if listed:
        message["listed"] = True
    made = _created(url, message, context)
    codes: list[str] = made["codes"]
    if seat is not None and seat >= len(codes):
        fail(f"--seat {seat}: the table has seats 0 to {len(codes) - 1}", EXIT_USAGE)
    flag = " --tls" if tls else ""
    page = f"{'https' if tls else 'http'}://{address}/"
    print(f"Table {made['table']} on {address}: {variant}, {len(codes)} seats.")
    print("Give each player a seat's command:")
    for s, code in enumerate(codes):
        if s != seat:
            print(f"  seat {s}: euchre join {address} {code}{flag}")
            print(f"          or in a browser: {page}#code={code}")
    print(f"  to watch: euchre join {address} {made['spectator']}{flag}")
    print(f"          or in a browser: {page}#code={made['spectator']}")
    if seat is None:
        return
    print("Type start (and Enter) to fill the open seats with bots and begin.")
    code = run_terminal(url, codes[seat], address, plain=False, tls=context, starter=True)
    raise typer.Exit(code)


def _created(url: str, message: dict[str, Any], tls: Any) -> dict[str, Any]:
    """Send ``create`` to the lobby; its ``created`` answer (or a one-line failure)."""
    import asyncio
    import json

    from euchre_core.net.client import hello

    async def ask() -> dict[str, Any]:
        from websockets.asyncio.client import connect

        async with connect(url, ssl=tls, open_timeout=10) as ws:
            await ws.send(hello())
            await ws.send(json.dumps(message))
            while True:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if reply.get("type") in ("created", "error"):
                    return dict(reply)

    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

    try:
        reply = asyncio.run(ask())
    except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed) as e:
        fail(f"cannot reach a lobby at {url}: {e or 'no answer'}")
    if reply["type"] == "error":
        fail(f"the lobby refused the table: {reply.get('message')}", EXIT_USAGE)
    return reply
