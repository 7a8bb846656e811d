"""Every frame judged against the store (issue 21), with the leak checker (tests/leak_check.py).

Through the real websocket server (uvicorn on a loopback port, the web application's table
routes): two players, a spectator and the host over 30+ hands, with a player who folds and
leaves and a newcomer in his seat before the next deal, a player who goes broke and a
newcomer in his seat; every frame each connection received and every PHH download is judged.
The checker is shown to catch a leak: a card injected into a recorded frame, and ``view``
made to leak."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from leak_check import judge_frame, judge_frames, judge_phh, read_hands
from pokertd.room.tables import TableConfig, hash_token, view
from pokertd.storage import open_store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# --- the checker catches a leak ------------------------------------------------------------


def _bot_table(tmp_path: Path):
    """A table of three bots and Ann (a person, away: her cards killed in turn, IFP 8), 12
    hands dealt; the spectator's and Ann's frames at every change."""
    from pokertd.room.server import TableServer

    store = open_store(f"sqlite:///{tmp_path / 'fake.db'}")
    clock = Clock()
    server = TableServer(store, clock=clock, rng=lambda n: random.Random(f"fake:{n}"))
    t, _ = server.open_table("T1", TableConfig(seats=4, bot_delay=0, pause_seconds=0))
    ann = t.join("Ann", 1, 1000)
    for k, kind in ((2, "calling"), (3, "sensible"), (4, "calling")):
        t.join(f"Bot {k}", k, 1000, bot=kind)
    t.set_away(1, True)
    frames: dict[str | None, list[str]] = {None: [], hash_token(ann): []}
    while t.hands < 12:
        clock.now += 30
        if t.tick(clock.now):
            for who in frames:
                frames[who].append(json.dumps(view(t, who, clock.now)))
    return store, t, frames, hash_token(ann)


def test_the_checker_reports_a_card_injected_into_a_recorded_frame(tmp_path):
    """The frames as sent judge clean; the same frames with one face-down hand's cards
    written into its seat are reported, naming the frame and the card."""
    store, t, frames, ann = _bot_table(tmp_path)
    hands = read_hands(store, "T1")
    assert judge_frames(hands, frames[None], None, "spectator") == []
    assert judge_frames(hands, frames[ann], ann, "Ann") == []
    # a frame mid-hand where a bot holds its cards face down
    k, f = next((k, json.loads(x)) for k, x in enumerate(frames[None])
                if json.loads(x)["hand"] and not json.loads(x)["hand"]["done"]
                and any(s.get("cards") == ["??", "??"] for s in json.loads(x)["seats"]))
    h = hands[f["hand"]["number"]]
    seat = next(s for s in f["seats"] if s.get("cards") == ["??", "??"])
    cards = h.dealt[h.seats.index(seat["seat"])]
    seat["cards"] = cards                                   # the faked leak
    got = judge_frame(hands, json.dumps(f), None, f"spectator frame {k}")
    assert len(got) == 2 and all(f"spectator frame {k}:" in g for g in got), got
    assert {c for c in cards if any(f" {c} dealt to position" in g for g in got)} == set(cards)
    # the same card anywhere else in the frame (a line of the hand) is found too
    f = json.loads(frames[None][k])
    f["hand"]["lines"].append(f"note {cards[0]}")
    assert [g for g in judge_frame(hands, json.dumps(f), None, "x") if cards[0] in g]
    # Ann's own cards are hers: the same injection into her own frame is no leak
    mine = json.loads(frames[ann][k])
    pos = h.position(ann)
    if pos is not None:
        mine["seats"][0]["cards"] = h.dealt[pos]
        assert judge_frame(hands, json.dumps(mine), ann, "Ann") == []
    store.close()


def test_the_checker_reports_a_view_made_to_leak(tmp_path, monkeypatch):
    """``view`` made to leak (every recipient sent every card dealt, the engine's hidden
    ones included): the checker reports the spectator's frames, each naming frame and card."""
    import pokertd.room.views as views

    def leaky(played, position):
        return {e["player"]: list(e["cards"]) for e in played.events
                if e["type"] == "dealt" and e["cards"]}
    monkeypatch.setattr(views, "_visible", leaky)
    store, t, frames, ann = _bot_table(tmp_path)
    hands = read_hands(store, "T1")
    got = judge_frames(hands, frames[None], None, "spectator")
    assert got and all(g.startswith("spectator frame ") and "dealt to position" in g
                       for g in got), got[:5]
    leaked = {g.split(":")[0] for g in got}
    assert len(leaked) >= 10                     # frame after frame, not one by chance
    store.close()


# --- the real websocket server ------------------------------------------------------------


class Served:
    """The web application (its table routes, the game server) on a loopback port."""

    def __init__(self, tmp: Path) -> None:
        import uvicorn

        from pokertd.web.app import create_app

        self.store = open_store(f"sqlite:///{tmp / 'leaks.db'}")
        self.app = create_app(self.store, secret="leak tests")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning",
                                                    timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.store.close()


@pytest.fixture
def served(tmp_path):
    s = Served(tmp_path)
    try:
        yield s
    finally:
        s.stop()


class Client:
    """One websocket connection, every frame it receives kept; a person's plays as his
    frames show him (``mode``: ``play`` a mix of checks, calls, raises and folds; ``all_in``)."""

    def __init__(self, name: str, url: str, rng: random.Random) -> None:
        self.name, self.url, self.rng = name, url, rng
        self.frames: list[str] = []
        self.state: dict | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self.mode = "play"
        self.back_sent = False
        self.replies: asyncio.Queue[dict] = asyncio.Queue()

    async def open(self, **hello) -> None:
        import websockets

        self.ws = await websockets.connect(self.url, max_size=None)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        await self.ask(type="hello", **hello)

    async def _read(self) -> None:
        import websockets

        try:
            async for text in self.ws:
                self.frames.append(text)
                f = json.loads(text)
                if f["type"] != "state":
                    await self.replies.put(f)
                    continue
                self.state = f
                la = f.get("legal")
                if la:                  # (only the frame of the player to act has it)
                    await self.ws.send(json.dumps(self._act(la, f["version"])))
                me = f["seats"][self.seat - 1] if self.seat and f.get("seats") else None
                if me and me.get("away") and me.get("you") and not self.back_sent:
                    # marked away after a turn he missed (an act refused as stale): he comes
                    # back, as a person would, so his hands are dealt to him again
                    self.back_sent = True
                    await self.ws.send(json.dumps({"type": "back", "id": f"{self.name}:back"}))
                elif me and not me.get("away"):
                    self.back_sent = False
        except websockets.ConnectionClosed:
            pass

    def _act(self, la: dict, version: int) -> dict:
        r = self.rng.random()
        m = {"type": "act", "id": f"{self.name}:{version}"}
        if self.mode == "all_in" or (self.mode == "shove" and r < 0.04):
            return {**m, "action": "all_in"}
        if la["min_raise_to"] is not None and r < 0.15:
            return {**m, "action": "raise", "amount": la["min_raise_to"]}
        if la["call"] and r < 0.35:
            return {**m, "action": "fold"}
        return {**m, "action": "check" if la["check"] else "call"}

    async def ask(self, **m) -> dict:
        """Send ``m``; its reply (frames are kept meanwhile)."""
        m.setdefault("id", f"{self.name}:{m['type']}:{len(self.frames)}")
        await self.ws.send(json.dumps(m))
        while True:
            f = await asyncio.wait_for(self.replies.get(), 60)
            if f.get("id") == m["id"]:
                return f

    async def join(self, seat: int, stack: int) -> None:
        f = await self.ask(type="join", name=self.name, seat=seat, stack=stack)
        assert f["type"] == "joined", f
        self.token, self.seat = f["token"], seat

    async def close(self) -> None:
        await self.ws.close()
        await self.reader


async def _until(check, what: str, timeout: float = 300.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


def _hand(c: Client) -> int:
    return c.state["hand"]["number"] if c.state and c.state["hand"] else 0


def _seat_empty(c: Client, seat: int) -> bool:
    return bool(c.state) and c.state["seats"][seat - 1]["empty"]


def test_every_frame_of_two_players_a_spectator_and_the_host_over_30_hands_leaks_nothing(
        served):
    """The real server, 36+ hands: Ann and Bob play against two bots, watched by a spectator
    and the host. Ann leaves mid-hand (folded in turn, IFP 8) and Carl takes her seat before
    the next deal; Bob goes all in until he is broke and Dave takes his seat. Every frame of
    every connection is judged against the store (no hole card before the engine shows it,
    TDA 16 / IFP 42 / IFP 43, but the recipient's own in the hands his token was dealt), and
    every PHH download too; the newcomers' downloads of the seat's last hands are refused."""
    import httpx

    async def run() -> dict:
        async with httpx.AsyncClient(base_url=served.base) as http:
            csrf = (await http.get("/tables")).text.split('name="csrf-token" content="')[1] \
                .split('"')[0]
            r = await http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
                "name": "Leaks", "seats": 4, "small_blind": 5, "big_blind": 10,
                "act_seconds": 30, "bot_delay": 0, "pause_seconds": 1.0})
            assert r.status_code == 201, r.text
            url = f"ws://127.0.0.1:{served.port}/tables/Leaks/ws"
            rng = random.Random(21)
            host, spectator = Client("host", url, rng), Client("spectator", url, rng)
            await host.open(host=r.json()["host"])
            await spectator.open()
            ann, bob = Client("Ann", url, rng), Client("Bob", url, rng)
            for c in (ann, bob):
                await c.open()
            await ann.join(1, 1000)
            await bob.join(2, 200)
            for seat, kind in ((3, "calling"), (4, "sensible")):
                assert (await host.ask(type="add_bot", seat=seat, bot=kind, stack=2000))[
                    "type"] == "ok"
            people = [ann, bob]
            notes: dict = {}

            async def download(c: Client, number: int) -> httpx.Response:
                return await http.get(f"/tables/Leaks/hands/{number}.phh",
                                      params={"token": c.token})

            async def newcomer(name: str, seat: int, gone: Client) -> Client:
                """``name`` sits in ``seat`` as soon as its last occupant's seat is free (the
                spectator's frames: at the end of his last hand, before the next deal); his
                and the last occupant's downloads of that hand."""
                c = Client(name, url, rng)
                await c.open()             # (connected before: only the join is to send)
                await _until(lambda: _seat_empty(spectator, seat), f"seat {seat} free")
                last = _hand(spectator)
                await c.join(seat, 1000)
                people.append(c)
                mine, theirs = await download(c, last), await download(gone, last)
                notes[name] = (last, mine, theirs, gone)
                return c

            dave = asyncio.get_running_loop().create_task(newcomer("Dave", 2, bob))
            await _until(lambda: _hand(spectator) >= 8, "hand 8")
            assert (await ann.ask(type="leave"))["type"] == "ok"
            carl = await newcomer("Carl", 1, ann)
            await _until(lambda: _hand(spectator) >= 14 or dave.done(), "hand 14")
            bob.mode = "all_in"                 # until he is broke (if he is not yet)
            while not dave.done():
                if _seat_empty(spectator, 3):          # the calling station went broke first
                    await host.ask(type="add_bot", seat=3, bot="calling", stack=2000)
                await asyncio.sleep(0.01)
            dave = dave.result()
            # The decks are the OS CSPRNG's: a bot may go broke on the way. The host seats
            # another in its seat, so that the table always has players to deal to.
            while _hand(spectator) < 36:
                for seat, kind in ((3, "calling"), (4, "sensible")):
                    if _seat_empty(spectator, seat):
                        await host.ask(type="add_bot", seat=seat, bot=kind, stack=2000)
                await _until(lambda: _hand(spectator) >= 36 or _seat_empty(spectator, 3)
                             or _seat_empty(spectator, 4), "hand 36")
            end = _hand(spectator)
            downloads = []
            for c in people:
                for number in range(max(1, end - 9), end):     # (a table keeps its last 10)
                    r = await download(c, number)
                    downloads.append((c, number, r))
            for c in (host, spectator, *people):
                await c.close()
            return {"clients": (host, spectator, ann, bob, carl, dave), "notes": notes,
                    "downloads": downloads, "end": end}

    out = asyncio.run(run())
    hands = read_hands(served.store, "Leaks")
    assert out["end"] >= 36
    checked, problems = 0, []
    for c in out["clients"]:
        who = hash_token(c.token) if c.token else None
        problems += judge_frames(hands, c.frames, who, c.name)
        checked += len(c.frames)
    leaks = [p for p in problems if "dealt to position" in p]     # (the cards first)
    assert problems == [], (len(leaks), leaks[:5], problems[:5])
    # the newcomers sat down before the next deal: their frames showed the seat's last hand,
    # the one its last occupant was dealt in that seat
    for name, (last, mine, theirs, gone) in out["notes"].items():
        h = hands[last]
        assert h.position(hash_token(gone.token)) is not None, name
        assert h.seats[h.position(hash_token(gone.token))] == gone.seat
        c = next(x for x in out["clients"] if x.name == name)
        first = [json.loads(x) for x in c.frames if json.loads(x)["type"] == "state"
                 and json.loads(x)["you"] == gone.seat]
        assert first and first[0]["hand"]["number"] == last, name
        assert first[0]["seats"][gone.seat - 1]["cards"] is None
        assert mine.status_code == 403 and "only a player dealt in" in mine.json()["error"]
        assert theirs.status_code == 200, theirs.text
        problems += judge_phh(hands, last, theirs.text, hash_token(gone.token), gone.name)
    served_ok = 0
    for c, number, r in out["downloads"]:
        who = hash_token(c.token)
        if hands[number].position(who) is None:
            assert r.status_code == 403, (c.name, number, r.text)
            assert r.json()["error"].startswith(f"hand {number}: only a player dealt in")
        else:
            assert r.status_code == 200, (c.name, number, r.text)
            problems += judge_phh(hands, number, r.text, who, c.name)
            served_ok += 1
    assert problems == [], problems[:10]
    # The decks are random: who is still seated for the last hands varies (Carl and Dave may
    # have gone broke). The newcomers' checks above downloaded the seat's last hand twice.
    assert served_ok + len(out["notes"]) >= 2, served_ok
    assert checked >= 2000, checked
    print(f"leak check: {checked} frames of 6 connections over {out['end']} hands, "
          f"{len(out['downloads'])} downloads, no leak")


def _seat_changes(store, table: str) -> list[tuple[int, str | None, str | None]]:
    """Each (seat, token before, token after) of table ``table``'s ``seating`` events (the
    dealt event's director moving players: balancing, a table broken, the final table)."""
    info = store.find_stream("table", table)
    now: dict[int, str | None] = {}
    out = []
    for rec in store.read(info.id):
        if rec.type == "seating":
            new = {k: d.get("token") for k, d in enumerate(rec.payload["seats"], start=1) if d}
            for k in set(now) | set(new):
                if now.get(k) != new.get(k):
                    out.append((k, now.get(k), new.get(k)))
            now = new
    return out


def test_players_moved_in_a_dealt_event_see_only_their_own_cards_every_frame_judged(served):
    """A dealt event of eighteen people at three tables of six, played to its winner through the
    real server: the director moves players (IFP 11a balancing, IFP 10 a table broken, IFP 15
    the final table drawn). Every person is connected to every table with his token from the
    start (a spectator too), so each frame of each table built for him is judged: a moved
    player sees only his own cards at his new table, nothing of the hands of his new seat's
    last occupant; the newcomer in his old seat nothing of his; and the downloads of every
    table's last hands by every person likewise (his own by his token, wherever he sits)."""
    import httpx

    async def run() -> dict:
        async with httpx.AsyncClient(base_url=served.base) as http:
            csrf = (await http.get("/tables")).text.split('name="csrf-token" content="')[1] \
                .split('"')[0]
            r = await http.post("/tables/api/events", headers={"X-CSRF-Token": csrf}, json={
                "name": "Moves", "preset": "ifp-2012", "seats": 18, "table_size": 6,
                "level_minutes": 1, "act_seconds": 30, "bot_delay": 0, "pause_seconds": 0.05,
                "seed": "moves 21"})
            assert r.status_code == 201, r.text
            host = r.json()["host"]
            tokens = {}
            for k in range(18):
                r = await http.post("/tables/api/events/Moves/enter",
                                    headers={"X-CSRF-Token": csrf}, json={"name": f"P{k}"})
                assert r.status_code == 200, r.text
                tokens[f"P{k}"] = r.json()["token"]
            r = await http.post("/tables/api/events/Moves/start", headers={"X-CSRF-Token": csrf},
                                json={"host": host})
            assert r.status_code == 200, r.text
            summary = (await http.get("/tables/api/events/Moves")).json()
            tables = [t["name"] for t in summary["tables"]]
            assert len(tables) == 3
            clients: list[tuple[str, str | None, Client]] = []
            for name in tables:
                url = f"ws://127.0.0.1:{served.port}/tables/{quote(name)}/ws"
                spectator = Client(f"spectator@{name}", url, random.Random(0))
                await spectator.open()
                clients.append((name, None, spectator))
                for k, (player, token) in enumerate(tokens.items()):
                    c = Client(f"{player}@{name}", url, random.Random(f"{player}:{name}"))
                    c.mode = "shove"
                    await c.open(token=token)
                    c.token = token          # (acts wherever its frames give it legal)
                    clients.append((name, token, c))
            deadline = time.monotonic() + 300
            while summary["state"] != "finished":
                assert time.monotonic() < deadline, "the event did not finish"
                await asyncio.sleep(0.2)
                summary = (await http.get("/tables/api/events/Moves")).json()
            downloads = []
            for name in tables:
                hands = [f["hand"]["number"] for _, _, c in clients if c.state
                         and c.state["table"] == name and c.state["hand"] for f in [c.state]]
                end = max(hands)
                for player, token in tokens.items():
                    for number in range(max(1, end - 9), end + 1):
                        r = await http.get(f"/tables/{quote(name)}/hands/{number}.phh",
                                           params={"token": token})
                        downloads.append((name, player, token, number, r))
            for _, _, c in clients:
                await c.close()
            return {"clients": clients, "tables": tables, "downloads": downloads,
                    "summary": summary}

    out = asyncio.run(run())
    store = served.store
    moved = newcomers = 0
    for name in out["tables"]:
        for seat, before, after in _seat_changes(store, name):
            if after is not None and any(after in [a for _, _, a in _seat_changes(store, other)]
                                         for other in out["tables"] if other != name):
                moved += 1
            if before is not None and after is not None:
                newcomers += 1                  # someone else in a seat freed by a move
    assert moved >= 1 and newcomers >= 1, (moved, newcomers)
    from pokertd.services.tournaments import TournamentService
    kinds = [e.type for e in TournamentService(store).load("Moves").tournament.events]
    moves = {k: kinds.count(k) for k in ("moved", "table_broken", "final_table_formed")}
    assert moves["table_broken"] and moves["final_table_formed"], moves
    checked, problems = 0, []
    hands = {name: read_hands(store, name) for name in out["tables"]}
    for name, token, c in out["clients"]:
        problems += judge_frames(hands[name], c.frames, hash_token(token) if token else None,
                                 c.name)
        checked += len(c.frames)
    leaks = [p for p in problems if "dealt to position" in p]     # (the cards first)
    assert problems == [], (len(leaks), leaks[:5], problems[:5])
    served_ok = 0
    for name, player, token, number, r in out["downloads"]:
        h = hands[name].get(number)
        if h is None or h.position(hash_token(token)) is None:
            assert r.status_code in (403, 404), (name, player, number, r.text)
            assert list(r.json()) == ["error"]
        elif r.status_code == 200:
            problems += judge_phh(hands[name], number, r.text, hash_token(token), player)
            served_ok += 1
    assert problems == [], problems[:10]
    assert served_ok >= 5 and checked >= 1000, (served_ok, checked)
    print(f"dealt leak check ({moves}): {checked} frames of {len(out['clients'])} connections at "
          f"{len(out['tables'])} tables ({[len(h) for h in hands.values()]} hands), {moved} "
          f"seatings with a player moved in, {newcomers} seats taken by another, {len(out['downloads'])} downloads, no leak")
