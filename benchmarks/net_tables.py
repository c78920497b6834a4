"""Many networked tables on one ``euchre serve``: throughput and prompt latency.

Starts ``euchre serve`` on a free loopback port (its own process), creates ``--tables``
standard tables through the protocol, and sits four network bots at each (one WebSocket
each, all in this process; each bot picks a random legal action from the prompt, so that
the figures measure the server and the wire, not a bot's thinking). Every table plays
one whole game. Printed: actions per second over all tables, and the latency from a
bot's action leaving this process to the next seat's prompt arriving here (p50, p99):
for the actions sent once every seat of every table had joined (the game in play: the
target's figure), and apart for those sent while seats were still joining (the first
tables begin while the last connections are made: 800 WebSocket handshakes at once).

    python benchmarks/net_tables.py [--tables 200] [--seed 0]

The target on a 2-core machine: 200 tables at once with p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import connect

from euchre_core.net.protocol import PROTOCOL_VERSION

HELLO = json.dumps({"type": "hello", "version": PROTOCOL_VERSION})


async def seat(
    url: str,
    code: str,
    rng: random.Random,
    clock: dict[str, float],
    latencies: list[tuple[float, float]],
    table: str,
    done: asyncio.Event,
    counts: list[int],
    joined: list[float],
) -> None:
    async with connect(url, max_size=2**20, compression=None) as ws:
        await ws.send(HELLO)
        await ws.send(json.dumps({"type": "join", "code": code}))
        acted = -1
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("type") == "joined":
                joined.append(time.perf_counter())
            if msg.get("type") != "update":
                continue
            if msg.get("over"):
                done.set()
                return
            legal = msg.get("legal")
            if legal and msg["step"] != acted:
                sent = clock.pop(table, None)
                if sent is not None:
                    latencies.append((sent, time.perf_counter() - sent))
                acted = msg["step"]
                clock[table] = time.perf_counter()
                counts[0] += 1
                await ws.send(json.dumps({"type": "act", "action": rng.choice(legal)}))


async def run(port: int, tables: int, seed: int) -> tuple[int, float, list[float], list[float]]:
    """Play the tables: (actions, seconds, latencies once every seat had joined,
    latencies while seats were still joining)."""
    url = f"ws://127.0.0.1:{port}"
    async with connect(url) as lobby:
        await lobby.send(HELLO)
        await lobby.recv()
        created = []
        for i in range(tables):
            await lobby.send(
                json.dumps({"type": "create", "variant": "standard", "seed": seed + i})
            )
            created.append(json.loads(await lobby.recv()))
    clock: dict[str, float] = {}
    latencies: list[tuple[float, float]] = []
    joined: list[float] = []
    counts = [0]
    rng = random.Random(seed)
    tasks = []
    dones = []
    started = time.perf_counter()
    for t in created:
        done = asyncio.Event()
        dones.append(done)
        for code in t["codes"]:
            tasks.append(
                asyncio.create_task(
                    seat(
                        url,
                        code,
                        random.Random(rng.random()),
                        clock,
                        latencies,
                        t["table"],
                        done,
                        counts,
                        joined,
                    )
                )
            )
    await asyncio.gather(*tasks)
    all_in = max(joined)
    in_play = [lat for sent, lat in latencies if sent >= all_in]
    joining = [lat for sent, lat in latencies if sent < all_in]
    return counts[0], time.perf_counter() - started, in_play, joining


def percentiles(lat: list[float]) -> str:
    """``p50 .. ms, p99 .. ms`` of latencies in seconds."""
    if not lat:
        return "none"
    lat = sorted(lat)
    return f"p50 {lat[len(lat) // 2] * 1000:.1f} ms, p99 {lat[int(len(lat) * 0.99)] * 1000:.1f} ms"


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (Linux), or 0 when it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    euchre = Path(sys.executable).parent / "euchre"
    server = subprocess.Popen(
        [str(euchre), "serve", "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        port = int(re.search(r":(\d+) ", line).group(1))  # type: ignore[union-attr]
        actions, seconds, in_play, joining = asyncio.run(run(port, args.tables, args.seed))
        server_cpu = cpu_seconds(server.pid)
    finally:
        server.terminate()
        server.wait()
    print(
        f"{args.tables} tables, {actions} actions in {seconds:.1f} s: "
        f"{actions / seconds:.0f} actions/s"
    )
    p99 = sorted(in_play)[int(len(in_play) * 0.99)] * 1000 if in_play else float("nan")
    print(
        f"prompt latency in play ({len(in_play)} actions after every seat joined): "
        f"{percentiles(in_play)} (goal: p99 under 50 ms with 200 tables: "
        f"{'met' if p99 < 50 else 'not met'})"
    )
    print(f"prompt latency while seats joined ({len(joining)} actions): {percentiles(joining)}")
    mine = resource.getrusage(resource.RUSAGE_SELF)
    print(
        f"CPU: server {server_cpu:.1f} s, the bots' process {mine.ru_utime + mine.ru_stime:.1f} s"
    )


if __name__ == "__main__":
    main()
