"""The online subcommands: `serve` (the referee server), `online-host` (ask a server for a new game and print
its invitation codes), `online-play` (a computer captain plays a seat through the client), `online-export`
(a game of the server's folder as an ordinary saved game)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from cs_desktop import SCENARIOS
from cs_desktop.ai.captains import make_captain
from cs_desktop.library.db import data_dir
from cs_desktop.online.client import OnlineError, SeatClient, play_seat, wire_log
from cs_desktop.online.referee import split_code
from cs_desktop.online.server import run
from cs_desktop.online.store import SUFFIX, GameStore, StoreError

EXIT_PROBLEM = 2
#: the environment variable holding a server's host key, for `serve` and for the clients that host games
HOST_KEY_ENV = "CAPTAINS_SEA_HOST_KEY"


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="run the referee server for online play (docs/online.md)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only; "
                                                       "put a TLS reverse proxy in front to open it to others)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port)")
    p.add_argument("--games", metavar="DIR", help="folder of the game databases (default: online/ in the data "
                                                  "folder)")
    p.add_argument("--scenarios", metavar="DIR", help="folder of the scenarios a game may be hosted with "
                                                      "(default: the shipped scenarios)")
    p.add_argument("--host-key-file", metavar="FILE", help="a file holding the key a client must give to host a "
                                                          "game (default: $CAPTAINS_SEA_HOST_KEY; neither: anyone "
                                                          "who reaches the server may host)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("online-host", help="ask a referee server for a new game; prints an invitation code per "
                                           "human seat")
    p.add_argument("--server", default="ws://127.0.0.1:8765", help="the server's URL (ws:// or wss://)")
    p.add_argument("--scenario", required=True, help="a scenario of the server, by file name without .json "
                                                   "(a squadron action with its folder: fleets/lake-erie)")
    p.add_argument("--seats", required=True, help="side=human or side=LEVEL for each side, comma separated: "
                                                  "us=human,gb=easy")
    p.set_defaults(func=cmd_host)

    p = sub.add_parser("online-play", help="let a computer captain (easy) play a seat to the end, by its code")
    p.add_argument("code", help="the seat's invitation code")
    p.add_argument("--server", default="ws://127.0.0.1:8765")
    p.add_argument("--captain", default="easy", help="a captain that needs only its view: easy or judgment")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("online-export", help="write a game of the server's folder as an ordinary saved game")
    p.add_argument("game", help="the game id (the part of a code before the dot)")
    p.add_argument("out", help="the saved-game file to write (.csgame)")
    p.add_argument("--games", metavar="DIR", help="folder of the game databases (as given to serve)")
    p.set_defaults(func=cmd_export)


def games_folder(given: str | None) -> Path:
    return Path(given) if given else data_dir() / "online"


def cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    def ready(port: int) -> None:
        print(f"captains-sea serve: listening on ws://{args.host}:{port}", flush=True)

    scenarios = Path(args.scenarios) if args.scenarios else SCENARIOS
    try:
        key = Path(args.host_key_file).read_text(encoding="utf-8").strip() if args.host_key_file else host_key()
        asyncio.run(run(games_folder(args.games), scenarios, args.host, args.port, ready, key))
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print(f"serve: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    return 0


def host_key() -> str | None:
    """The host key from the environment ($CAPTAINS_SEA_HOST_KEY), if any (never from the command line, which
    other users of the machine can read)."""
    return os.environ.get(HOST_KEY_ENV) or None


async def host_game(server: str, scenario: str, seats: dict[str, str], **extra: Any) -> dict[str, Any]:
    """Ask `server` for a new game: its `hosted` reply (game id, codes) or the refusal. The host key of
    $CAPTAINS_SEA_HOST_KEY goes with it unless `extra` gives one."""
    key = host_key()
    if key and "key" not in extra:
        extra["key"] = key
    async with connect(server, proxy=None, compression=None, logger=wire_log) as ws:
        await ws.send(json.dumps({"t": "host", "scenario": scenario, "seats": seats, **extra}))
        reply: dict[str, Any] = json.loads(await ws.recv())
        return reply


def cmd_host(args: argparse.Namespace) -> int:
    seats = dict(pair.split("=", 1) for pair in args.seats.split(",") if "=" in pair)
    try:
        reply = asyncio.run(host_game(args.server, args.scenario, seats))
    except OSError as e:
        print(f"online-host: cannot reach {args.server}: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    if reply.get("t") != "hosted":
        print(f"online-host: {reply.get('message')}", file=sys.stderr)
        return EXIT_PROBLEM
    print(f"game {reply['game']}")
    for side, code in reply["codes"].items():
        print(f"  {side}: {code}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if split_code(args.code) is None:
        print("online-play: that is not an invitation code", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        seat = asyncio.run(play_seat(SeatClient(args.server, args.code), make_captain(args.captain, 1)))
    except OnlineError as e:
        print(f"online-play: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    print(f"game over after {seat.ask} decisions of side {seat.side}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    path = games_folder(args.games) / f"{args.game}{SUFFIX}"
    if not path.is_file():
        print(f"online-export: no game {args.game!r} in {path.parent}", file=sys.stderr)
        return EXIT_PROBLEM
    try:
        store = GameStore.open(path)
        written = store.export(Path(args.out), {"title": f"online game {args.game}"})
        store.close()
    except StoreError as e:
        print(f"online-export: {e}", file=sys.stderr)
        return EXIT_PROBLEM
    print(f"written: {written}")
    return 0
