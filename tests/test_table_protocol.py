"""The table protocol as a bot writer meets it (issue 21, docs/table-protocol.md): over real
websockets to the application served by uvicorn, and at the table and game server below.

Act ids belong to the player who sent them; every bad frame gets a short error frame and the
connection goes on; a slow client's replies are never dropped; ``welcome`` comes first after
``hello``; each ``legal`` names its turn and an act naming another turn is refused; a player
timed out is away and offered nothing until he is back; a freed seat is told (``unseated``);
the time bank is refilled by the house's rule (TDA 29 leaves the clock to the house).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokertd.room.outbox import CLOSE_CODE, Outbox, Overflowed
from pokertd.room.server import TableServer
from pokertd.room.tables import Table, TableConfig, TableError, view
from pokertd.storage import open_store


class Live:
    """The web application served by uvicorn on a loopback port, in a thread; its log records
    go to the root logger (``log_config=None``), where the tests' ``caplog`` sees them."""

    def __init__(self, tmp: Path) -> None:
        import uvicorn

        from pokertd.web.app import create_app

        self.url_db = f"sqlite:///{tmp / 'protocol.db'}"
        self.store = open_store(self.url_db)
        self.app = create_app(self.store, secret="protocol tests")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_config=None,
            timeout_graceful_shutdown=1, ws_per_message_deflate=False))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)
        self.http = httpx.Client(base_url=self.base, timeout=30)
        page = self.http.get("/tables").text
        self.csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def open_table(self, **body: Any) -> dict[str, Any]:
        r = self.http.post("/tables/api/tables", json=body, headers={"X-CSRF-Token": self.csrf})
        assert r.status_code == 201, r.text
        return r.json()

    def ws(self, table: str, **kw: Any) -> Any:
        from urllib.parse import quote
        return connect(f"ws://127.0.0.1:{self.port}/tables/{quote(table)}/ws", max_size=None,
                       **kw)

    def acted(self, table: str) -> list[dict[str, Any]]:
        """The table's stored actions ({hand, player position, action, id})."""
        info = self.store.find_stream("table", table)
        return [{"hand": r.payload["hand"], "player": r.payload["event"]["player"],
                 "action": r.payload["event"]["action"], "id": r.payload.get("id")}
                for r in self.store.read(info.id)
                if r.type == "hand" and r.payload["event"]["type"] == "acted"]

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(10)
        self.store.close()


def seat_view(t, seat):
    """The view of whoever sits in ``seat`` (views are built for a token's hash, not a seat)."""
    return view(t, t.seats[seat - 1].token)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    server = Live(tmp_path_factory.mktemp("protocol"))
    try:
        yield server
    finally:
        server.stop()


def recv(ws: Any, timeout: float = 20.0) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))


def until(ws: Any, pred: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The first frame ``pred`` accepts (the others read and dropped)."""
    deadline = time.monotonic() + timeout
    while True:
        f = recv(ws, max(0.1, deadline - time.monotonic()))
        if pred(f):
            return f


def join(ws: Any, name: str, seat: int, stack: int = 1000) -> str:
    ws.send(json.dumps({"type": "join", "name": name, "seat": seat, "stack": stack}))
    return until(ws, lambda f: f["type"] == "joined")["token"]


def server_errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """The server's log records that are errors or carry a traceback (the test's own
    websocket client logs its side of a closed connection: not the server's)."""
    return [r for r in caplog.records if not r.name.startswith("websockets.client") and (
        r.exc_info or r.levelno >= logging.ERROR or "Traceback" in r.getMessage())]


def mine(f: dict[str, Any]) -> bool:
    return f["type"] == "state" and bool(f.get("legal"))


def move(legal: dict[str, Any]) -> str:
    return "check" if legal["check"] else "call"


# --- act ids ------------------------------------------------------------------------------


def test_an_action_id_belongs_to_the_player_who_sent_it(live: Live) -> None:
    """Alice and Bob send the same id: both acts apply (before issue 21 Bob's was answered
    "repeated" and did nothing); Alice's true repeat is answered repeated and acts once."""
    live.open_table(name="Ids", seats=2, act_seconds=600, pause_seconds=0, bot_delay=0)
    with live.ws("Ids") as a, live.ws("Ids") as b:
        join(a, "Alice", 1)
        join(b, "Bob", 2)
        clients = {1: a, 2: b}
        first = None
        for _ in range(2):              # the two turns in a row: one each
            f = None
            for seat, ws in clients.items():
                if seat != first:
                    try:
                        f = until(ws, mine, timeout=2 if first is None else 20)
                    except TimeoutError:
                        continue
                    break
            assert f is not None
            first = first or f["you"]
            msg = {"type": "act", "action": move(f["legal"]), "id": "same"}
            clients[f["you"]].send(json.dumps(msg))
            ok = until(clients[f["you"]], lambda g: g["type"] in ("ok", "error"))
            assert ok == {"type": "ok", "id": "same", "repeated": False}, ok
            if f["you"] == first:
                repeat = msg
        clients[first].send(json.dumps(repeat))       # the same message again
        again = until(clients[first], lambda g: g["type"] in ("ok", "error"))
        assert again == {"type": "ok", "id": "same", "repeated": True}
    acted = [a for a in live.acted("Ids") if a["hand"] == 1]
    assert len(acted) >= 2 and len({a["player"] for a in acted[:2]}) == 2
    assert len({a["id"] for a in acted[:2]}) == 2       # kept apart: each with its owner
    assert sum(1 for a in acted if a["id"] == acted[0]["id"]) == 1    # the repeat: once


def test_a_table_keeps_ids_per_seat_token_and_acts_a_repeat_once(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    clock = [1000.0]
    server = TableServer(store, clock=lambda: clock[0], rng=lambda n: random.Random(n))
    t, _ = server.open_table("T", TableConfig(seats=2, act_seconds=600, pause_seconds=0,
                                              bot_delay=0))
    t.join("Ann", 1, 1000)
    t.join("Bob", 2, 1000)
    t.tick(clock[0])
    first = t.actor_seat()
    assert t.act(first, move(seat_view(t, first)["legal"]), action_id="7")
    second = t.actor_seat()
    assert second != first and t.act(second, move(seat_view(t, second)["legal"]), action_id="7")
    head = store.head(t.stream_id)
    assert not t.act(first, "call", action_id="7")          # Ann's own repeat: nothing
    assert store.head(t.stream_id) == head
    store.close()


# --- bad frames ---------------------------------------------------------------------------

BAD_FRAMES: list[tuple[str, Any, str]] = [
    # (what, frame: bytes for a binary frame, the error's words)
    ("binary frame", b"\x00\x01\xff", "binary frame"),
    ("binary, not UTF-8", b"\xff\xfe{", "binary frame"),
    ("empty frame", "", "empty message"),
    ("only spaces", "   ", "empty message"),
    ("not JSON", "act call", "not JSON"),
    ("nested 100,000 deep", "[" * 100_000 + "]" * 100_000, "at most"),
    ("nested 5,000 deep", '{"type": ' + "[" * 5000 + "]" * 5000 + "}", "nested too deep"),
    ("a list", "[1, 2]", "not an array"),
    ("a string", '"hello"', "not a string"),
    ("null", "null", "not null"),
    ("a number", "42", "not a number"),
    ("no type", "{}", 'needs a "type"'),
    ("unknown type", '{"type": "dance"}', "unknown message type 'dance'"),
    ("1 MB of unknown type", json.dumps({"type": "x" * 1_000_000}), "at most"),
    ("10 kB of unknown type", json.dumps({"type": "y" * 10_000}), "unknown message type"),
    ("5,000-digit amount", '{"type": "act", "action": "raise", "amount": ' + "9" * 5000 + "}",
     "5000 digits"),
    ("5,000-digit amount as text", json.dumps({"type": "act", "action": "raise",
                                               "amount": "9" * 5000}), "at most 18 digits"),
    ("NaN", '{"type": "act", "action": "raise", "amount": NaN}', "NaN is not a JSON number"),
    ("1e999", '{"type": "act", "action": "raise", "amount": 1e999}', "whole number"),
    ("a float amount", '{"type": "act", "action": "raise", "amount": 12.5}', "whole number"),
    ("an object as id", '{"type": "ping", "id": {"a": 1}}', "id:"),
    ("a 1,000-character id", json.dumps({"type": "ping", "id": "i" * 1000}), "id:"),
    ("join without fields", '{"type": "join"}', "name, seat, stack missing"),
    ("join with a list as name", '{"type": "join", "name": ["x"], "seat": 3, "stack": 1000}',
     "name: text"),
    ("join with a word as seat", '{"type": "join", "name": "Z", "seat": "one", "stack": 1000}',
     "seat='one'"),
    ("act without action", '{"type": "act"}', "action: one of"),
    ("act with an unknown action", '{"type": "act", "action": "' + "z" * 3000 + '"}',
     "action: one of"),
    ("act with a bad turn", '{"type": "act", "action": "call", "turn": "now"}', "turn:"),
    ("act naming a turn not in play", '{"type": "act", "action": "call", '
     '"turn": {"hand": 1, "action": 50}}', "not in play: the current turn is hand 1"),
    ("add_bot by a player", '{"type": "add_bot", "seat": 3}', "only the table's host"),
    ("remove_bot by a player", '{"type": "remove_bot", "seat": 2}', "only the table's host"),
    ("hello with a list as token", '{"type": "hello", "token": [1]}', "token: text"),
]


def test_every_bad_frame_gets_a_short_error_frame_and_the_connection_goes_on(
        live: Live, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 21: a binary frame, JSON nested 100,000 deep, an empty frame, huge numbers, JSON
    that is not an object, an unknown type, missing or malformed fields: each gets an error
    frame naming what was wrong (quoting at most a short prefix: a 1 MB message is not echoed,
    the frame stays under 400 bytes), the connection stays open (a ping and the player's
    next act work), and nothing reaches the log as a traceback."""
    caplog.set_level(logging.DEBUG)
    live.open_table(name="Bad", seats=3, act_seconds=600, pause_seconds=0, bot_delay=0)
    with live.ws("Bad") as ws, live.ws("Bad") as other:
        join(ws, "Ann", 1)
        join(other, "Bob", 2)
        f = until(ws, lambda g: g["type"] == "state" and g["hand"] is not None
                  and g["hand"]["actor"] is not None)
        if not mine(f):                  # Bob first: he calls, then Ann is to act
            g = until(other, mine)
            other.send(json.dumps({"type": "act", "action": move(g["legal"])}))
            f = until(ws, mine)
        seen = []
        for what, frame, words in BAD_FRAMES:
            ws.send(frame)
            err = until(ws, lambda g: g["type"] in ("error", "ok", "pong"))
            text = json.dumps(err)
            seen.append((what, err["message"]))
            assert err["type"] == "error" and words in err["message"], (what, err)
            assert len(text) < 400, (what, len(text))
        ws.send(json.dumps({"type": "ping", "id": "p"}))
        assert until(ws, lambda g: g["type"] in ("pong", "error")) == {"type": "pong", "id": "p"}
        # the connection still plays: Ann acts in the turn she was offered before
        ws.send(json.dumps({"type": "act", "action": move(f["legal"]),
                            "turn": f["legal"]["turn"], "id": "good"}))
        assert until(ws, lambda g: g["type"] in ("ok", "error")) == {
            "type": "ok", "id": "good", "repeated": False}
    assert [a["player"] for a in live.acted("Bad")][-1] == f["hand"]["actor"] - 1 or \
        len(live.acted("Bad")) >= f["legal"]["turn"]["action"]
    logged = server_errors(caplog)
    assert not logged, [r.getMessage() for r in logged]
    print("\n".join(f"{w}: {m}" for w, m in seen))


def test_an_unknown_tables_socket_gets_a_short_error_and_a_close_reason(live: Live) -> None:
    with live.ws("N" * 3000) as ws:
        f = recv(ws)
        with pytest.raises(ConnectionClosed) as closed:
            recv(ws)
    assert f["type"] == "error" and "no table named 'NNN" in f["message"]
    assert len(json.dumps(f)) < 300
    assert closed.value.rcvd.code == 1008 and closed.value.rcvd.reason == "no such table"


def test_a_text_frame_of_invalid_utf8_closes_with_1007_as_rfc_6455_requires(live: Live,
                                                                           caplog) -> None:
    """RFC 6455 8.1: a text frame that is not UTF-8 fails the connection; the websocket layer
    closes it with code 1007 (a reason the client can read), before the application sees it;
    no traceback in the log. (The same bytes in a binary frame get an error frame.)"""
    caplog.set_level(logging.DEBUG)
    live.open_table(name="Utf", seats=2)
    with live.ws("Utf") as ws:
        recv(ws)
        ws.send(b"\xff\xfe", text=True)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                recv(ws)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    assert not server_errors(caplog)


# --- a slow client ------------------------------------------------------------------------


def test_a_slow_clients_states_are_coalesced_and_its_replies_kept_in_order() -> None:
    """The outbox of a client that reads nothing: its state frames are coalesced to the newest
    (in the place of the first, so a reply still follows the state showing its change, and
    with the last hands a dropped frame carried); no reply (ok, error, joined with its token)
    is ever dropped; once the replies alone fill it, the client is to be closed with a
    reason."""
    box = Outbox(limit=16)             # 11 replies and 11 states: more than it holds
    box.put(json.dumps({"type": "state", "version": 1, "last_hands": ["h1"]}), True)
    box.put(json.dumps({"type": "joined", "token": "T"}))
    for v in range(2, 12):
        box.put(json.dumps({"type": "state", "version": v}), True)
        box.put(json.dumps({"type": "ok", "id": v}))
    got = []
    while not box.empty():
        got.append(json.loads(box.get_nowait()))
    assert [g["type"] for g in got][:2] == ["state", "joined"]
    assert [g["id"] for g in got if g["type"] == "ok"] == list(range(2, 12))   # every reply
    states = [g for g in got if g["type"] == "state"]
    assert states[-1]["version"] == 11 and box.coalesced > 0
    assert any(g.get("last_hands") == ["h1"] for g in states)      # the history kept
    versions = [g["version"] for g in states]
    assert versions == sorted(versions)
    full = Outbox(limit=4)
    for k in range(5):
        full.put(json.dumps({"type": "ok", "id": k}))
    assert full.overflow and "too slow" in full.overflow
    with pytest.raises(Overflowed):
        full.get_nowait()


def test_a_client_that_stops_reading_is_closed_with_a_reason_and_loses_no_reply(
        live: Live) -> None:
    """A real client that stops reading (a tiny receive buffer) and sends tens of thousands of
    pings: the replies it got arrive in order, none missing between, and once the socket takes
    no more and its outbox is full of replies, the server closes it with 1008 and a reason it
    can read, instead of dropping replies (before issue 21 the queue was emptied, replies and
    tokens included). A burst of 2,000 pings from a client that then reads is answered whole
    (a client sending fast is not taken for one that does not read)."""
    live.open_table(name="Slow", seats=2)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", live.port))
    with connect(f"ws://127.0.0.1:{live.port}/tables/Slow/ws", sock=sock, max_size=None,
                 max_queue=4) as ws:
        # more replies than the socket's buffers on both sides take (a few MB): 60,000 pongs
        # of 100-character ids
        n = 60_000
        with contextlib.suppress(ConnectionClosed):   # (closed while it still sends)
            for k in range(n):
                ws.send(json.dumps({"type": "ping", "id": f"{k:0100d}"}))
            time.sleep(1.0)              # the server's outbox fills meanwhile
        pongs = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                f = recv(ws, 30)
                if f["type"] == "pong":
                    pongs.append(f["id"])
    assert pongs and pongs == [f"{k:0100d}" for k in range(len(pongs))] and len(pongs) < n
    rcvd = closed.value.rcvd
    assert rcvd is not None and rcvd.code == CLOSE_CODE and "too slow" in rcvd.reason
    with live.ws("Slow") as ws:                          # a reader: every reply
        for k in range(2000):
            ws.send(json.dumps({"type": "ping", "id": k}))
        got = [f["id"] for f in (recv(ws) for _ in range(2001)) if f["type"] == "pong"]
    assert got == list(range(2000))


# --- welcome, turns -----------------------------------------------------------------------


def test_welcome_is_the_first_frame_after_hello(live: Live) -> None:
    """Issue 21: after ``hello`` the ``welcome`` reply comes before the seat's state (a bot
    waiting for welcome, then for its legal, misses nothing)."""
    live.open_table(name="Hello", seats=3)
    with live.ws("Hello") as a:
        token = join(a, "Ann", 1)
    with live.ws("Hello") as ws:
        assert recv(ws)["type"] == "state"            # the table, as a spectator sees it
        ws.send(json.dumps({"type": "hello", "token": token, "id": "h"}))
        assert recv(ws) == {"type": "welcome", "seat": 1, "host": False, "id": "h"}
        f = recv(ws)
        assert f["type"] == "state" and f["you"] == 1


def test_each_legal_names_its_turn_and_an_act_on_a_legal_sent_again_acts_once(
        live: Live) -> None:
    """A bot acting on every legal frame: Ann's legal is sent again when Bob joins (the same
    turn named); she answers both: the first act applies, the second, naming a turn now
    over, is refused with an error saying which turn is current, and the store has her one
    action. An act without a turn works as before."""
    live.open_table(name="Turns", seats=3, act_seconds=600, pause_seconds=0, bot_delay=0)
    with live.ws("Turns") as ws, live.ws("Turns") as bob:
        join(ws, "Ann", 1)
        ws.send(json.dumps({"type": "add_bot", "seat": 2}))        # not the host: refused
        until(ws, lambda g: g["type"] == "error")
        with live.ws("Turns") as cal:
            join(cal, "Cal", 2)
            turns = 0
            while True:         # Cal checks or calls (no turn named) until Ann is to act
                try:
                    f = until(cal, mine, timeout=0.5)
                    cal.send(json.dumps({"type": "act", "action": move(f["legal"])}))
                    assert until(cal, lambda g: g["type"] in ("ok", "error"))["type"] == "ok"
                    turns += 1
                except TimeoutError:
                    pass
                try:
                    first = until(ws, mine, timeout=0.5)
                    break
                except TimeoutError:
                    continue
            turn = first["legal"]["turn"]
            assert turn == {"hand": first["hand"]["number"], "action": turn["action"]}
            join(bob, "Bob", 3)                                     # a change: legal again
            again = until(ws, lambda g: mine(g) and g["version"] > first["version"])
            assert again["legal"]["turn"] == turn
            for f in (first, again):
                ws.send(json.dumps({"type": "act", "action": move(f["legal"]),
                                    "turn": f["legal"]["turn"]}))
            answers = [until(ws, lambda g: g["type"] in ("ok", "error")) for _ in range(2)]
    assert answers[0]["type"] == "ok"
    assert answers[1]["type"] == "error" and "is over: the current turn is hand" in \
        answers[1]["message"]
    hand = turn["hand"]
    acted = [a for a in live.acted("Turns") if a["hand"] == hand]
    assert len(acted) >= turn["action"]
    mine_acts = [a for a in acted[turn["action"] - 1:turn["action"] + 1]]
    assert mine_acts[0]["action"] == move(first["legal"])
    assert len(mine_acts) == 1 or mine_acts[1]["player"] != mine_acts[0]["player"]


def test_an_act_naming_another_turn_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    t, _ = TableServer(store, clock=lambda: 1000.0).open_table(
        "T", TableConfig(seats=2, act_seconds=600, pause_seconds=0, bot_delay=0))
    t.join("Ann", 1, 1000)
    t.join("Bob", 2, 1000)
    t.tick(1000.0)
    seat = t.actor_seat()
    turn = seat_view(t, seat)["legal"]["turn"]
    assert turn == {"hand": 1, "action": 1}
    head = store.head(t.stream_id)
    for wrong in ({"hand": 1, "action": 2}, {"hand": 2, "action": 1}):
        with pytest.raises(TableError, match="current turn is hand 1, action 1"):
            t.act(seat, "call", turn=wrong)
    assert store.head(t.stream_id) == head
    assert t.act(seat, "call", turn=turn)
    assert seat_view(t, t.actor_seat())["legal"]["turn"] == {"hand": 1, "action": 2}
    store.close()


# --- away, bust, time bank ----------------------------------------------------------------


def _clocked(tmp_path: Path, **config: Any) -> tuple[Any, TableServer, Table, list[float]]:
    store = open_store(f"sqlite:///{tmp_path / 'c.db'}")
    clock = [1000.0]
    server = TableServer(store, clock=lambda: clock[0], rng=lambda n: random.Random(f"5:{n}"))
    base = dict(seats=3, act_seconds=10, time_bank=5, bot_delay=0, pause_seconds=0)
    t, _ = server.open_table("C", TableConfig(**{**base, **config}))
    return store, server, t, clock


def test_a_player_out_of_time_is_away_and_offered_no_legal_until_back_ifp_8_tda_29(
        tmp_path: Path) -> None:
    """TDA 29: out of time, his hand is checked or dead; IFP 8: he is then away, dealt in and
    his cards killed in turn, and no frame offers him a ``legal`` until he sends ``back``."""
    store, server, t, clock = _clocked(tmp_path)
    t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="calling")
    while t.actor_seat() != 1:
        clock[0] += 1
        t.tick(clock[0])
    clock[0] += 10 + 5 + 0.01
    t.tick(clock[0])
    assert t.seats[0].away
    offered = 0
    for _ in range(200):
        clock[0] += 1
        t.tick(clock[0])
        offered += "legal" in seat_view(t, 1)
    assert offered == 0 and t.hands >= 3
    t.set_away(1, False)
    while t.actor_seat() != 1:
        clock[0] += 1
        t.tick(clock[0])
    assert seat_view(t, 1)["legal"]["turn"]["hand"] == t.hands
    store.close()


def test_a_bust_frees_the_seat_and_tells_the_client_unseated(tmp_path: Path) -> None:
    """A cash table frees a broke player's seat and his token acts for nothing: his client
    is sent an ``unseated`` frame (reason ``busted``), not left to guess; an act with the
    token is refused (no seat)."""
    store, server, t, clock = _clocked(tmp_path, min_buy_in=100, max_buy_in=5000,
                                       act_seconds=600)
    ann = t.join("Ann", 1, 100)
    t.join("Bot", 2, 5000, bot="calling")

    async def run() -> list[dict[str, Any]]:
        sub = server.subscribe("C", ann)
        got: list[dict[str, Any]] = []
        for _ in range(5000):
            if t.seat_of_token(ann) is None:
                break
            clock[0] += 1
            if t.actor_seat() == 1:
                server.command("C", lambda tb: tb.act(1, "all_in"))
            else:
                server.command("C", lambda tb: tb.tick(clock[0]))
        while not sub.queue.empty():
            got.append(json.loads(sub.queue.get_nowait()))
        return got

    got = asyncio.run(run())
    told = [g for g in got if g["type"] == "unseated"]
    assert len(told) == 1 and told[0]["reason"] == "busted" and told[0]["seat"] == 1
    assert "join again" in told[0]["message"]
    before = got[got.index(told[0]) - 1]                 # after the state that shows it
    assert before["type"] == "state" and before["you"] is None
    assert before["seats"][0]["empty"] and t.seat_of_token(ann) is None
    store.close()


def test_the_time_bank_is_refilled_every_so_many_hands_a_house_rule_tda_29(
        tmp_path: Path) -> None:
    """The house's time-bank rule (TDA 29: "TDs may adjust the time allowed"): a cash table
    gives each player ``bank_refill`` seconds back every ``bank_refill_hands`` hands, never
    above the full bank; the refill is in the log, so the table loaded again has the same
    banks."""
    store, server, t, clock = _clocked(tmp_path, time_bank=5, bank_refill=2,
                                       bank_refill_hands=3)
    t.join("Ann", 1, 1000)
    t.join("Bob", 2, 1000)
    while t.actor_seat() is None:
        clock[0] += 1
        t.tick(clock[0])
    seat = t.actor_seat()
    clock[0] += 10 + 4                 # 4 s of his bank spent
    t.act(seat, "call" if not seat_view(t, seat)["legal"]["check"] else "check")
    assert t.seats[seat - 1].bank == pytest.approx(1.0)
    refills = []
    while t.hands < 7:
        clock[0] += 1
        if t.actor_seat() is not None:
            s = t.actor_seat()
            t.act(s, "fold" if seat_view(t, s)["legal"]["call"] else "check")
        else:
            t.tick(clock[0])
            if t.played is not None and t.played.number not in [r[0] for r in refills]:
                refills.append((t.played.number, t.seats[seat - 1].bank))
    banks = dict(refills)
    assert banks[4] == pytest.approx(3.0) and banks[7] == pytest.approx(5.0)   # 1+2, capped
    assert banks[2] == banks[3] == pytest.approx(1.0)
    started = {r.payload["hand"]: r.payload.get("bank_refill") for r in store.read(t.stream_id)
               if r.type == "hand_started"}
    assert started[4] == started[7] == 2 and started[2] is None
    again = Table.load(store, "C", clock=lambda: clock[0])
    assert again.seats[seat - 1].bank == t.seats[seat - 1].bank
    store.close()


def test_a_dealt_event_tells_a_moved_player_where_to_and_an_eliminated_one_his_place(
        tmp_path: Path) -> None:
    """Eight people at two tables of four, each going all in at every turn: a player the
    director moves (IFP 11a balancing, IFP 10 a table broken, IFP 15 the final table) is told
    ``unseated`` ``moved`` with the table and seat he goes to (his token is the same there);
    one eliminated (IFP 57) is told ``out`` with his place; the winner, ``finished``."""
    from pokertd.engine import IllegalAction
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.services.tournaments import TournamentService

    store = open_store(f"sqlite:///{tmp_path / 'd.db'}")
    now = [1000.0]
    server = TableServer(store, clock=lambda: now[0], rng=lambda n: random.Random(f"4:{n}"))
    events = DealtEvents(server, TournamentService(store, clock=lambda: now[0]))
    host = events.create("Move", preset="ifp-2012", seats=8, table_size=4, level_minutes=1,
                         act_seconds=5, bot_delay=0, pause_seconds=0)
    tokens = {f"P{k}": events.enter("Move", f"P{k}") for k in range(1, 9)}
    events.start("Move", host)
    ev = events.event("Move")
    subs: dict[str, Any] = {}
    told: list[tuple[str, dict[str, Any]]] = []

    def follow(name: str) -> None:
        w = events.where("Move", tokens[name])
        subs[name] = server.subscribe(w["table"], tokens[name])

    for name in tokens:
        follow(name)
    for _ in range(20000):
        if events.summary("Move")["state"] == "finished":
            break
        now[0] += 1
        for t in list(ev.tables.values()):
            seat = t.actor_seat()
            try:
                server.command(t.name, lambda tb: tb.act(seat, "all_in") if seat else
                               tb.tick(now[0]))
            except IllegalAction:
                server.command(t.name, lambda tb: tb.act(seat, "call"))
        for name, sub in list(subs.items()):
            while not sub.queue.empty():
                f = json.loads(sub.queue.get_nowait())
                if f["type"] == "unseated":
                    told.append((name, f))
                    if f["reason"] == "moved":
                        w = events.where("Move", tokens[name])
                        assert f["to"] == {"table": w["table"], "seat": w["seat"]}
                        assert server.table(w["table"]).seat_of_token(tokens[name]) == w["seat"]
                        follow(name)
    summary = events.summary("Move")
    assert summary["state"] == "finished"
    places = {r["player"]: r["place"] for r in summary["results"]}
    reasons = {f["reason"] for _, f in told}
    assert "moved" in reasons, told
    outs = {name: f["place"] for name, f in told if f["reason"] == "out"}
    assert outs and all(places[n] == p for n, p in outs.items())
    assert set(outs) == {n for n, p in places.items() if p != 1}     # each one, once
    assert len(outs) == sum(1 for _, f in told if f["reason"] == "out")
    won = [(n, f) for n, f in told if f["reason"] == "finished"]
    assert [(n, f["place"]) for n, f in won] == [(summary["winner"], 1)]
    store.close()
