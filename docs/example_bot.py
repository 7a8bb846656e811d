#!/usr/bin/env python3
"""A complete bot for pokertd's playable tables (docs/table-protocol.md), in Python's standard
library and the `websockets` package.

    python docs/example_bot.py http://127.0.0.1:8000 --event "Friday SNG" --name "Bot Ann"
    python docs/example_bot.py http://127.0.0.1:8000 --table Practice --seat 3 --stack 1000

It enters the dealt tournament (or sits at the cash table), says hello with its token on every
(re)connection and waits for `welcome`, acts once on each `legal` (naming its turn), says
`back` when the server marked it away, follows the tournament to its new table when moved,
buys in again when bust at a cash table, and stops when a tournament is over for it (out, or
won), printing its result. Its strategy is simple on purpose.
"""

import argparse
import asyncio
import json
import re
import sys
import urllib.parse
import urllib.request

import websockets

RANKS = "23456789TJQKA"


def decide(cards: list, legal: dict, stack: int) -> dict:
    """The action for one turn, from the bot's two cards and its legal actions."""
    hi, lo = sorted((RANKS.index(c[0]) for c in cards[:2]), reverse=True)
    pair, strong = hi == lo, lo >= RANKS.index("T") or hi == lo
    if strong and legal["min_raise_to"] is not None:
        return {"action": "raise",
                "amount": legal["max_raise_to"] if pair else legal["min_raise_to"]}
    if legal["check"]:
        return {"action": "check"}
    if strong or legal["call"] * 8 <= stack:
        return {"action": "call"}
    return {"action": "fold"}


class Http:
    """The server's HTTP API (a session cookie and the CSRF token of its pages)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        page = self.opener.open(base + "/tables").read().decode()
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def get(self, path: str) -> dict:
        return json.load(self.opener.open(self.base + path))

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.base + path, json.dumps(body).encode(), {
            "Content-Type": "application/json", "X-CSRF-Token": self.csrf})
        return json.load(self.opener.open(request))


class Bot:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.token: str | None = None
        self.errors = self.ids = 0

    async def run(self) -> dict:
        a, q = self.args, lambda s: urllib.parse.quote(s, safe="")
        http = Http(a.base)
        if a.event:
            self.token = http.post(f"/tables/api/events/{q(a.event)}/enter",
                                   {"name": a.name})["token"]
        while True:
            try:
                table = a.table
                if a.event:       # where the tournament seats us now (it moves players)
                    where = http.get(f"/tables/api/events/{q(a.event)}/seat?token="
                                     + q(self.token))
                    if where.get("place") is not None:
                        return {"reason": "finished" if not where["out"] else "out", **where}
                    if where["table"] is None:
                        await asyncio.sleep(0.5)     # not started yet
                        continue
                    table = where["table"]
                gone = await self.play("ws" + a.base[4:] + f"/tables/{q(table)}/ws")
            except (OSError, websockets.ConnectionClosed) as exc:
                print(f"{a.name}: connection lost ({exc}); reconnecting", file=sys.stderr)
                await asyncio.sleep(1)
                continue
            if gone["reason"] == "busted" and a.table:
                self.token = None                    # a cash table: buy in again
            elif gone["reason"] not in ("moved", "closed"):
                return gone

    async def play(self, url: str) -> dict:
        """One connection: until the server says our seat is gone (the `unseated` frame)."""
        async with websockets.connect(url) as ws:
            async def send(message: dict) -> None:     # each message its own id
                self.ids += 1
                await ws.send(json.dumps({**message, "id": f"{self.args.name}:{self.ids}"}))

            await send({"type": "hello", "token": self.token or ""})
            welcomed, acted, backing = False, None, False
            async for text in ws:
                f = json.loads(text)
                kind = f["type"]
                if kind == "welcome":
                    welcomed = True
                    if f["seat"] is None and self.token is None:      # a cash table: sit
                        await send({"type": "join", "name": self.args.name,
                                    "seat": self.args.seat, "stack": self.args.stack})
                elif kind == "joined":
                    self.token = f["token"]
                elif kind == "error":
                    self.errors += 1
                    print(f"{self.args.name}: error: {f['message']}", file=sys.stderr)
                elif kind == "unseated":
                    return f
                elif kind == "state" and welcomed and f["you"] is not None:
                    me = f["seats"][f["you"] - 1]
                    if me["away"] and not backing:    # timed out: the server sat us out
                        backing = True
                        await send({"type": "back"})
                    backing = backing and me["away"]
                    legal = f.get("legal")
                    if legal and legal["turn"] != acted:      # once per turn
                        acted = legal["turn"]
                        move = decide(me["cards"], legal, me["stack"])
                        await send({"type": "act", "turn": legal["turn"], **move})
        return {"reason": "closed"}          # the server closed the socket: again


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    p.add_argument("--event", help="a dealt tournament to enter")
    p.add_argument("--table", help="a cash table to sit at")
    p.add_argument("--name", default="Example bot")
    p.add_argument("--seat", type=int, default=1)
    p.add_argument("--stack", type=int, default=1000)
    args = p.parse_args()
    if not (args.event or args.table):
        p.error("give --event or --table")
    bot = Bot(args)
    result = asyncio.run(bot.run())
    print(json.dumps({"name": args.name, "errors": bot.errors, **result}))


if __name__ == "__main__":
    main()
