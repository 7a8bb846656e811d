"""The fair deal at the served tables (issue 21): a commitment before each hand in every
client's frame, the players' seeds mixed in before the deal, the reveal after it, the
verifiable download and ``pokertd verify`` (scheme ``pokertd-fair-table/1``,
:mod:`pokertd.room.fair_deal`)."""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cards import cards_text, parse_cards
from pokertd.cli import app
from pokertd.engine import replay
from pokertd.engine.fair import (FairnessError, MalformedHand, dealt_order, table_commitment,
                                 verify)
from pokertd.room import fair_deal
from pokertd.room.server import TableServer
from pokertd.room.tables import TableConfig, TableError, hash_token, view
from pokertd.storage import open_store
from serving import serve_on_a_free_port

runner = CliRunner()
EXE = Path(sys.executable).with_name("pokertd")
FAIR = TableConfig(seats=4, small_blind=5, big_blind=10, act_seconds=10, time_bank=5,
                   bot_delay=0, pause_seconds=0, fair=True)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def seat_view(t, seat):
    """The view of whoever sits in ``seat`` (views are built for a token's hash, not a seat)."""
    return view(t, t.seats[seat - 1].token)


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(f"sqlite:///{tmp_path / 'fair.db'}")
    yield s
    s.close()


def _records(store, name):
    info = store.find_stream("table", name)
    return store.read(info.id)


def _cards(text_list):
    return [int(c) for c in parse_cards(" ".join(text_list))]


# --- the table and its seeds, in process ------------------------------------------------------


def test_player_seeds_mix_into_the_committed_order_as_the_commitment_says(store):
    """Hand N's deck is dealt_order(committed order, seeds in the order taken): the seeds of
    Ann then Bob, taken after hand 1's commitment was published and before its deal; a seed
    sent while hand 1 is played is hand 2's. Without the seeds (or in another order) the
    deck would be another one."""
    clock = Clock()
    server = TableServer(store, clock=clock, rng=lambda n: random.Random(n))
    t, _ = server.open_table("Fair", FAIR)
    ann = t.join("Ann", 1, 1000)
    bob = t.join("Bob", 2, 1000)
    assert ann and bob
    first = view(t, None)["fair"]
    assert first["next"]["hand"] == 1 and first["current"] is None and first["revealed"] is None
    assert fair_deal.give_seed(t, 1, "ann's lucky seed") == 1
    assert fair_deal.give_seed(t, 2, "bob-42", hand=1) == 1
    assert seat_view(t, 2)["fair"]["next"]["seeds"] == ["Ann", "Bob"]
    t.tick(clock.now + 1)                   # hand 1 is dealt
    assert t.hands == 1
    assert fair_deal.give_seed(t, 1, "for the second hand") == 2
    recs = _records(store, "Fair")
    kinds = [(r.type, r.payload.get("hand")) for r in recs]
    committed1 = next(r.payload for r in recs if r.type == "committed" and r.payload["hand"] == 1)
    seeded1 = [r.payload for r in recs if r.type == "seeded" and r.payload["hand"] == 1]
    started = next(r.payload for r in recs if r.type == "hand_started")
    # the commitment, then the seeds, then the deal (the store's order)
    assert kinds.index(("committed", 1)) < kinds.index(("seeded", 1)) < kinds.index(
        ("hand_started", 1)) < kinds.index(("committed", 2)) < len(kinds) - 1
    assert [(s["player"], s["seed"]) for s in seeded1] == [("Ann", "ann's lucky seed"),
                                                           ("Bob", "bob-42")]
    committed = _cards(committed1["order"])
    assert committed1["commitment"] == table_commitment("Fair", 1, committed, committed1["salt"])
    seeds = [{"player": "Ann", "seed": "ann's lucky seed"}, {"player": "Bob", "seed": "bob-42"}]
    assert _cards(started["deck"]) == dealt_order(committed, seeds)
    assert _cards(started["deck"]) != dealt_order(committed, [])
    assert _cards(started["deck"]) != dealt_order(committed, seeds[::-1])
    assert _cards(started["deck"]) != committed
    assert view(t, None)["fair"]["next"] == {
        "hand": 2, "commitment": next(r.payload["commitment"] for r in recs
                                      if r.type == "committed" and r.payload["hand"] == 2),
        "seeds": ["Ann"]}


@pytest.mark.parametrize("seed, why", [
    ("", "1 to 64 printable ASCII"), ("x" * 65, "1 to 64"), ("caf\u00e9", "printable ASCII"),
    ("line\nbreak", "printable ASCII"), (12345, "printable ASCII"), (None, "printable ASCII"),
    (["a"], "printable ASCII"),
])
def test_a_bad_seed_is_refused_with_what_a_seed_is_and_nothing_is_written(store, seed, why):
    clock = Clock()
    server = TableServer(store, clock=clock)
    t, _ = server.open_table("Fair", FAIR)
    t.join("Ann", 1, 1000)
    head = t.head
    with pytest.raises(TableError, match=why):
        fair_deal.give_seed(t, 1, seed)
    assert t.head == head and seat_view(t, 1)["fair"]["next"]["seeds"] == []


def test_a_seed_twice_for_a_hand_a_past_hand_a_bot_or_a_table_not_fair_is_refused(store):
    clock = Clock()
    server = TableServer(store, clock=clock)
    t, _ = server.open_table("Fair", FAIR)
    t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="calling")
    fair_deal.give_seed(t, 1, "once")
    with pytest.raises(TableError, match="already given a seed for hand 1"):
        fair_deal.give_seed(t, 1, "twice")
    with pytest.raises(TableError, match="holds a bot"):
        fair_deal.give_seed(t, 2, "beep")
    with pytest.raises(TableError, match="seat 3 is empty"):
        fair_deal.give_seed(t, 3, "nobody")
    t.tick(clock.now + 1)
    with pytest.raises(TableError, match="hand=1: seeds are taken for hand 2"):
        fair_deal.give_seed(t, 1, "late", hand=1)
    assert [r.payload["seed"] for r in _records(store, "Fair") if r.type == "seeded"] == ["once"]
    plain, _ = server.open_table("Plain", TableConfig(seats=4))
    plain.join("Ann", 1, 1000)
    with pytest.raises(TableError, match="does not deal fairly"):
        fair_deal.give_seed(plain, 1, "x")
    with pytest.raises(TableError, match=r"no verifiable form; hand 1 as PHH"):
        fair_deal.record(plain, 1)
    assert "fair" not in view(plain, None)


def test_the_fair_setting_is_checked_kept_in_the_log_and_the_same_after_a_restart(store):
    with pytest.raises(TableError, match="fair='yes': true"):
        TableConfig(fair="yes")
    server = TableServer(store, clock=Clock())
    t, _ = server.open_table("Fair", FAIR)
    opened = _records(store, "Fair")[0].payload
    assert opened["config"]["fair"] is True
    again = TableServer(store, clock=Clock()).table("Fair")
    assert again.config.fair and view(again, None)["fair"] == view(t, None)["fair"]
    assert view(t, None)["config"]["fair"] is True


def test_a_seeded_fair_table_derives_its_commitments_from_its_seed_and_its_hands_verify(store):
    """A seeded fair table (tests and replays): the committed order and salt of each hand come
    from the seed (use "fair-order", "fair-salt"), so two tables of the same seed and name
    commit the same; its hands still verify."""
    from tempfile import TemporaryDirectory
    commitments = []
    for _ in range(2):
        with TemporaryDirectory() as d:
            s = open_store(f"sqlite:///{d}/x.db")
            clock = Clock()
            server = TableServer(s, clock=clock)
            t, _ = server.open_table("Seeded", FAIR, seed="s1")
            t.join("B1", 1, 1000, bot="random")
            t.join("B2", 2, 1000, bot="random")
            for _ in range(200):
                clock.now += 30
                t.tick(clock.now)
            commitments.append([r.payload["commitment"] for r in _records(s, "Seeded")
                                if r.type == "committed"][:5])
            verify(json.loads(json.dumps(fair_deal.record(t, t.history[0].number))))
            s.close()
    assert commitments[0] == commitments[1] and len(set(commitments[0])) == 5


def test_a_dealt_event_setting_fair_deals_every_table_fairly(store):
    """A dealt sit-and-go created with fair: its table's config says so and its hands verify."""
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.services.tournaments import TournamentService

    async def run():
        server = TableServer(store, rng=lambda n: random.Random(n))
        events = DealtEvents(server, TournamentService(store))
        server.start()
        host = events.create("FairSNG", preset="ifp-2012", seats=3, table_size=3,
                             level_minutes=1, act_seconds=5, bot_delay=0, pause_seconds=0,
                             fair=True)
        assert events.summary("FairSNG")["fair"] is True
        events.add_bots("FairSNG", host, 3, "random")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while True:
            ev = events.events["FairSNG"]
            t = ev.tables.get(1)
            if t is not None and len(t.history) >= 3:
                break
            assert loop.time() < deadline
            await asyncio.sleep(0.02)
        out = t.config.fair, [fair_deal.record(t, p.number) for p in list(t.history)[:3]]
        await server.close()
        return out

    fair, records = asyncio.run(run())
    assert fair
    for r in records:
        assert len(verify(json.loads(json.dumps(r)))) == 4


# --- a served table over websockets, killed mid-hand and served again -----------------------

KILL_AT = 8          # Alice waits in her turn of this hand (or the next she plays): the kill
MORE = 6             # hands played after the restart


def _serve(db: Path) -> tuple[subprocess.Popen, int]:
    """`pokertd serve` over ``db`` on a free port, once it is ours that listens there
    (tests/serving.py); its output to ``db``'s .log."""
    log = open(db.with_suffix(".log"), "a")               # (a pipe nobody reads would fill)
    p, port, first = serve_on_a_free_port([str(EXE), "serve", "--db", str(db)], stderr=log)
    log.write(first)
    threading.Thread(target=_copy, args=(p.stdout, log), daemon=True).start()
    return p, port


def _copy(source, log) -> None:  # type: ignore[no-untyped-def]
    with log:
        for line in source:
            log.write(line)
            log.flush()


class Person:
    """A player's client: gives a seed for every next hand it sees (Bob for every other one),
    acts at random (folds, calls, raises, all-ins), sits down again when he went broke."""

    def __init__(self, name: str, seat: int, every: int, rng: random.Random) -> None:
        self.name, self.seat, self.every, self.rng = name, seat, every, rng
        self.token: str | None = None
        self.sent: set[int] = set()
        self.taken: list[int] = []
        self.holding = asyncio.Event()
        self.hold_at: int | None = None
        self.joining = False
        self.legal: dict | None = None

    def action(self, legal: dict) -> dict:
        r = self.rng.random()
        if r < 0.12:
            return {"action": "all_in"}
        if r < 0.35 and legal["fold"] and not legal["check"]:
            return {"action": "fold"}
        if r < 0.5 and legal["min_raise_to"] is not None:
            return {"action": "raise", "amount": legal["min_raise_to"]}
        return {"action": "check" if legal["check"] else "call"}


async def _client(url: str, who: str, frames: list, person: Person | None = None,
                  host: str = "") -> None:
    import websockets
    try:
        async with websockets.connect(url, max_size=None) as ws:
            if person is not None and person.token is None:
                person.joining = True
                await ws.send(json.dumps({"type": "join", "name": person.name,
                                          "seat": person.seat, "stack": 1000}))
            else:
                await ws.send(json.dumps({"type": "hello", "host": host,
                                          "token": person.token if person else ""}))
            welcomed = False
            async for text in ws:
                frames.append((who, text))
                if person is None:
                    continue
                f = json.loads(text)
                if f["type"] == "joined":
                    person.token, person.joining, welcomed = f["token"], False, True
                elif f["type"] == "welcome":
                    welcomed = True          # (the frame sent on connecting is a spectator's)
                elif f["type"] == "error" and f.get("id") == "join":
                    person.joining = False
                elif f["type"] == "ok" and "hand" in f:
                    person.taken.append(f["hand"])
                elif f["type"] == "error" and str(f.get("id", "")).startswith(f"{who}-") \
                        and not f["id"].endswith("-again") and person.legal is not None \
                        and person.hold_at is None:
                    # (a stale turn's act refused) the turn is still his: check or fold
                    await ws.send(json.dumps({"type": "act", "id": f"{f['id']}-again",
                                              "action": "check" if person.legal["check"]
                                              else "fold"}))
                if f["type"] != "state":
                    continue
                if f["you"] is None and person.token and not person.joining and welcomed:
                    person.joining = True        # broke: the seat is free, sit down again
                    await ws.send(json.dumps({"type": "join", "name": person.name, "id": "join",
                                              "seat": person.seat, "stack": 1000}))
                    continue
                nxt = f["fair"]["next"]
                if f["you"] and nxt and nxt["hand"] not in person.sent \
                        and nxt["hand"] % person.every == 0:
                    person.sent.add(nxt["hand"])
                    await ws.send(json.dumps({"type": "seed", "hand": nxt["hand"],
                                              "seed": f"{person.name} {nxt['hand']} "
                                                      f"{person.rng.random():.6f}"}))
                legal = person.legal = f.get("legal")
                if f["you"] and f["seats"][f["you"] - 1].get("away"):
                    await ws.send(json.dumps({"type": "back"}))      # timed out: back again
                if legal:
                    if person.hold_at is not None and f["hand"]["number"] >= person.hold_at:
                        person.holding.set()     # waits in his turn: the server is killed
                        continue
                    await ws.send(json.dumps({"type": "act", "id": f"{who}-{f['version']}",
                                              **person.action(legal)}))
    except (OSError, websockets.ConnectionClosed):
        pass


def _stream(db: Path, name: str = "Fair"):
    with open_store(f"sqlite:///{db}", create=False) as s:
        info = s.find_stream("table", name)
        return [] if info is None else s.read(info.id)


def _hand_ends(recs) -> dict[int, int]:
    return {r.payload["hand"]: r.seq for r in recs
            if r.type == "hand" and r.payload["event"]["type"] == "ended"}


async def _phase(port: int, people: list[Person], host: str, frames: list, done, *,
                 bad_seeds: bool = False) -> dict:
    url = f"ws://127.0.0.1:{port}/tables/Fair/ws"
    replies: dict = {}
    if bad_seeds:
        # refused with a message, the connection still answering, nothing written
        import websockets
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"type": "seed", "seed": "abc", "id": "spectator"}))
            await ws.send(json.dumps({"type": "join", "name": "Carol", "seat": 1, "stack": 1000}))
            for k, bad in enumerate(["", "x" * 65, "caf\u00e9", 7, None, "tab\there"]):
                await ws.send(json.dumps({"type": "seed", "seed": bad, "id": f"bad{k}"}))
            await ws.send(json.dumps({"type": "seed", "seed": "fine", "hand": 99, "id": "h99"}))
            await ws.send(json.dumps({"type": "leave", "id": "leave"}))
            await ws.send(json.dumps({"type": "ping", "id": "ping"}))
            while "ping" not in replies:
                f = json.loads(await asyncio.wait_for(ws.recv(), 20))
                frames.append(("carol", json.dumps(f)))
                if f.get("id") is not None:
                    replies[f["id"]] = f
    tasks = [asyncio.create_task(_client(url, p.name, frames, p)) for p in people]
    tasks += [asyncio.create_task(_client(url, "spectator", frames)),
              asyncio.create_task(_client(url, "host", frames, host=host))]
    deadline = time.monotonic() + 120
    while not await done():
        assert time.monotonic() < deadline, ("the table did not play its hands", frames[-8:])
        assert not any(t.done() for t in tasks[:2]), "a client stopped"
        await asyncio.sleep(0.05)
    return {"tasks": tasks, "replies": replies}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """Alice, Bob (players), a spectator and the host at a fair 4-seat table with two random
    bots, served by `pokertd serve`: every frame of every client recorded; the server killed
    (SIGKILL) while hand KILL_AT waits for Alice, started again, MORE hands played; then the
    last hands downloaded in their verifiable form."""
    import httpx

    tmp = tmp_path_factory.mktemp("served")
    db = tmp / "fair.db"
    p, port = _serve(db)
    frames: list = []
    rng = random.Random(21)
    alice, bob = Person("Alice", 1, 1, rng), Person("Bob", 2, 2, rng)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            page = http.get("/tables").text
            csrf = page.split('name="csrf-token" content="')[1].split('"')[0]
            r = http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
                "name": "Fair", "seats": 4, "bots": 2, "bot_kind": "random", "bot_delay": 0.02,
                "pause_seconds": 0.2, "act_seconds": 6, "fair": True})
            assert r.status_code == 201, r.text
            host = r.json()["host"]
        alice.hold_at = KILL_AT

        async def first() -> dict:
            async def done() -> bool:
                return alice.holding.is_set()
            out = await _phase(port, [alice, bob], host, frames, done, bad_seeds=True)
            p.send_signal(signal.SIGKILL)        # kill -9 in the middle of the hand
            p.wait(10)
            await asyncio.wait(out["tasks"], timeout=10)
            for t in out["tasks"]:
                t.cancel()
            return out["replies"]

        replies = asyncio.run(first())
        before = _stream(db)
        killed = max(r.payload["hand"] for r in before if r.type == "hand_started")
        assert killed not in _hand_ends(before)        # killed mid-hand
        alice.hold_at = None
        p, port = _serve(db)

        files: dict[int, Path] = {}

        async def download(http, n: int) -> None:
            r = await http.get(f"/tables/Fair/hands/{n}.json")
            assert r.status_code == 200, (n, r.text[-300:])
            files[n] = tmp / f"Fair-hand-{n}.json"
            files[n].write_text(r.text)

        async def second() -> None:
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
                async def done() -> bool:
                    ends = _hand_ends(_stream(db))
                    if killed in ends and killed not in files:
                        await download(http, killed)       # the hand the kill interrupted
                    return killed in ends and len(ends) >= killed + MORE
                out = await _phase(port, [alice, bob], host, frames, done)
                for n in sorted(_hand_ends(_stream(db)))[-5:]:     # the last hands over
                    await download(http, n)
                out["missing"] = await http.get("/tables/Fair/hands/9999.json")
            for t in out["tasks"]:
                t.cancel()
            await asyncio.wait(out["tasks"], timeout=10)
            return out["missing"]

        missing = asyncio.run(second())
        recs = _stream(db)
        return {"frames": frames, "records": recs, "killed": killed, "files": files,
                "replies": replies, "missing": missing, "alice": alice, "bob": bob,
                "before": before}
    finally:
        p.kill()
        p.wait(10)


def _secrets(recs) -> dict[int, dict]:
    """Each hand's secrets as the store has them, and the seq of its end."""
    out: dict[int, dict] = {}
    ends = _hand_ends(recs)
    for r in recs:
        h = r.payload.get("hand")
        if r.type == "committed":
            out[h] = {"salt": r.payload["salt"], "orders": ["".join(r.payload["order"]),
                      json.dumps(r.payload["order"][:6])[1:-1]], "ended": ends.get(h)}
        elif r.type == "hand_started":
            out[h]["orders"] += ["".join(r.payload["deck"]),
                                 json.dumps(r.payload["deck"][:6])[1:-1]]
    return out


def _early(frames, secrets) -> list[str]:
    """Frames that carry the salt or an order (committed or dealt) of a hand not over when
    the frame was built: a state frame's version is the number of the table's events after
    `opened` that it shows, so hand N is over in it iff N's `ended` has seq <= version + 1.
    A reply (ok, error, welcome, joined) never carries any."""
    bad = []
    for k, (who, text) in enumerate(frames):
        f = json.loads(text)
        v = f.get("version") if f.get("type") == "state" else None
        for h, s in secrets.items():
            if v is not None and s["ended"] is not None and s["ended"] <= v + 1:
                continue
            for secret in [s["salt"], *s["orders"]]:
                if secret in text:
                    bad.append(f"frame {k} to {who} (version {v}) carries hand {h}'s "
                               f"{'salt' if secret == s['salt'] else 'order'}")
    return bad


def test_served_no_frame_reveals_an_order_or_a_salt_before_its_hand_ends(served):
    """Every frame of Alice, Bob, the spectator and the host over the hands played, across
    a kill -9 in the middle of a hand: no order or salt before the hand's end (judged against
    the store); after it, every hand's salt is revealed to every client that stayed."""
    secrets = _secrets(served["records"])
    assert _early(served["frames"], secrets) == []
    ends = _hand_ends(served["records"])
    assert len(ends) >= KILL_AT + MORE
    revealed: dict[str, set[int]] = {}
    for who, text in served["frames"]:
        f = json.loads(text)
        if f.get("type") == "state" and f["fair"]["revealed"]:
            r = f["fair"]["revealed"]
            assert r["salt"] == secrets[r["hand"]]["salt"]
            revealed.setdefault(who, set()).add(r["hand"])
    for who in ("Alice", "Bob", "spectator", "host"):
        assert served["killed"] in revealed[who]       # revealed after the restart
        assert len(revealed[who]) >= len(ends) - 3, (who, sorted(revealed[who]))
    # the hands included one ended by folds and one with a player all in
    hands: dict[int, list] = {}
    for r in served["records"]:
        if r.type == "hand":
            hands.setdefault(r.payload["hand"], []).append(r.payload["event"])
    by_folds = [n for n, ev in hands.items() if n in ends and not any(
        e["type"] == "shown" for e in ev)]
    all_in = [n for n, ev in hands.items() if n in ends and 1 in replay(ev).status]
    assert by_folds and all_in


def test_a_faked_early_reveal_is_caught_by_the_frame_check(served):
    """The check above is not blind: the next hand's salt (or order) slipped into a frame
    sent before that hand ended is reported."""
    secrets = _secrets(served["records"])
    who, text = next((w, t) for w, t in served["frames"]
                     if json.loads(t).get("type") == "state" and json.loads(t)["fair"]["next"])
    f = json.loads(text)
    n = f["fair"]["next"]["hand"]
    for leak in (secrets[n]["salt"], secrets[n]["orders"][0], secrets[n]["orders"][2]):
        f2 = dict(f, extra=leak)
        assert _early([(who, json.dumps(f2))], secrets), leak


def test_served_the_commitment_is_in_every_clients_frame_before_the_seeds_and_the_deal(served):
    recs = served["records"]
    seq = {}
    for r in recs:
        if r.type in ("committed", "hand_started") or r.type == "seeded":
            seq.setdefault((r.type, r.payload["hand"]), r.seq)
    for r in recs:
        if r.type == "seeded":
            n = r.payload["hand"]
            assert seq[("committed", n)] < r.seq < seq.get(("hand_started", n), 10 ** 9)
    commitments = {r.payload["hand"]: r.payload["commitment"] for r in recs
                   if r.type == "committed"}
    for who in ("Alice", "Bob", "spectator", "host"):
        seen = {}
        for w, text in served["frames"]:
            f = json.loads(text)
            if w == who and f.get("type") == "state":
                for part in ("current", "next"):
                    c = f["fair"][part]
                    if c:
                        seen[c["hand"]] = c["commitment"]
        assert seen and all(commitments[h] == c for h, c in seen.items())
    # the players' seeds were taken and mixed in
    assert served["alice"].taken and served["bob"].taken
    assert any(len([r for r in recs if r.type == "seeded" and r.payload["hand"] == n]) == 2
               for n in commitments)


def test_served_bad_seed_messages_are_refused_with_a_message(served):
    replies = served["replies"]
    assert "no seat" in replies["spectator"]["message"]
    for k in range(6):
        assert replies[f"bad{k}"]["type"] == "error"
        assert "printable ASCII" in replies[f"bad{k}"]["message"]
    assert "seeds are taken for hand" in replies["h99"]["message"]
    assert replies["ping"]["type"] == "pong"
    assert not any(r.type == "seeded" and r.payload["player"] == "Carol"
                   for r in served["records"])
    assert served["missing"].status_code == 400
    assert "not among the last 10 hands" in served["missing"].text


def test_served_hands_downloaded_verify_with_pokertd_verify(served):
    """The last ten hands over, the one killed mid-hand included, downloaded from the served
    table: `pokertd verify` passes each one (exit 0), naming the checks."""
    files = served["files"]
    assert served["killed"] in files
    out = subprocess.run([str(EXE), "verify", *map(str, files.values())], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.count(": verified") == len(files)
    assert "seed(s) (Alice" in out.stdout
    for n, path in files.items():
        record = json.loads(path.read_text())
        assert record["table"] == "Fair" and record["hand"] == n
        assert len(verify(record)) == 4


def _record_with_seeds(served) -> dict:
    for path in served["files"].values():
        r = json.loads(path.read_text())
        if len(r["seeds"]) >= 1 and any(e["type"] == "acted" and e["action"] in ("raise", "bet")
                                        for e in r["events"]):
            return r
    raise AssertionError("no downloaded hand with a seed and a raise")


def _set(record: dict, path: list, value) -> dict:
    r = copy.deepcopy(record)
    target = r
    for p in path[:-1]:
        target = target[p]
    target[path[-1]] = value(target[path[-1]]) if callable(value) else value
    return r


def test_every_single_field_tamper_of_a_served_hand_fails_with_its_reason(served):
    """Commitment, salt, table, hand number, committed order, dealt order, a player's seed,
    the seed's player, a dealt card, a board card, an action, a pot awarded, the finishing
    stacks: each changed alone fails verification, the reason naming what failed."""
    rec = _record_with_seeds(served)
    ev = rec["events"]
    dealt = next(k for k, e in enumerate(ev) if e["type"] == "dealt")
    raised = next(k for k, e in enumerate(ev) if e["type"] == "acted"
                  and e["action"] in ("raise", "bet"))
    awarded = next(k for k, e in enumerate(ev) if e["type"] == "awarded")
    ended = next(k for k, e in enumerate(ev) if e["type"] == "ended")
    order = [rec["order"][i:i + 2] for i in range(0, 104, 2)]
    other = [c for c in order if c not in ev[dealt]["cards"]][0]
    swap = lambda text: text[2:4] + text[:2] + text[4:]  # noqa: E731  (two cards swapped)
    cases = {
        "commitment": (["commitment"], "0" * 64, "commitment: SHA-256"),
        "salt": (["salt"], lambda s: s[:-1] + ("0" if s[-1] != "0" else "1"), "commitment:"),
        "table": (["table"], "Other", "commitment:"),
        "hand": (["hand"], rec["hand"] + 1, "commitment:"),
        "committed_order": (["committed_order"], swap, "commitment:"),
        "order": (["order"], swap, "order: the committed order mixed"),
        "a seed": (["seeds", 0, "seed"], lambda s: s + "!", "order: the committed order mixed"),
        "a seed's player": (["seeds", 0, "player"], "Mallory", "order: the committed order"),
        "a dealt card": (["events", dealt, "cards", 0], other, f"event {dealt}: player"),
        "an action": (["events", raised, "to"], lambda x: x + 1, "not the hand the engine"),
        "a pot awarded": (["events", awarded, "amount"], lambda x: x + 1,
                          "not the hand the engine"),
        "the result": (["events", ended, "stacks", 0], lambda x: x + 1,
                       "not the hand the engine"),
        "a starting stack": (["events", 0, "config", "stacks", 0], lambda x: x + 1,
                             "not the hand the engine"),
        "the blinds": (["events", 0, "config", "blinds_or_straddles", 1], lambda x: x + 1,
                       "not the hand the engine"),
    }
    board = next((k for k, e in enumerate(ev) if e["type"] == "board"), None)
    if board is not None:
        cases["a board card"] = (["events", board, "cards", 0], other, f"event {board}: board")
    for what, (path, value, reason) in cases.items():
        bad = _set(rec, path, value)
        assert bad != rec, what
        with pytest.raises(FairnessError) as err:
            verify(bad)
        assert reason in str(err.value), (what, str(err.value))
        assert not isinstance(err.value, MalformedHand), what


def test_every_leaf_of_a_served_hand_changed_fails_verification(served):
    """Exhaustive: every value in the file (each event's every field) changed on its own. The
    hand's set-up (the `started` event's config: stacks, blinds, seats, rules) is not bound by
    the commitment, published before anyone knows who will play the hand
    (docs/table-protocol.md, "The fair deal"): a change to it fails only when it changes the
    play (the stacks and blinds here, in the test above); the rest of it a player checks
    against what his table showed."""
    rec = _record_with_seeds(served)

    def leaves(v, path):
        if isinstance(v, dict):
            for k, x in v.items():
                yield from leaves(x, [*path, k])
        elif isinstance(v, list):
            for k, x in enumerate(v):
                yield from leaves(x, [*path, k])
        else:
            yield path

    def changed(v):
        if isinstance(v, bool):
            return not v
        if isinstance(v, int):
            return v + 1
        if isinstance(v, str):
            return v[::-1] if len(set(v)) > 1 else v + "x"
        return 0 if v is None else None

    passed = []
    paths = [p for p in leaves(rec, []) if p[:3] != ["events", 0, "config"]]
    for path in paths:
        try:
            verify(_set(rec, path, changed))
        except FairnessError:
            continue
        passed.append(path)
    assert len(paths) > 50 and passed == [], "\n".join(map(str, passed))


def test_pokertd_verify_exit_codes_0_verified_1_tampered_2_malformed(served, tmp_path):
    rec = _record_with_seeds(served)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(_set(rec, ["salt"], "1" * 64)))
    missing = tmp_path / "missing.json"
    missing.write_text(json.dumps({k: v for k, v in rec.items() if k != "order"}))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(_set(rec, ["order"], "not cards")))
    junk = tmp_path / "junk.json"
    junk.write_text("{nope")
    r = runner.invoke(app, ["verify", str(good)])
    assert r.exit_code == 0 and "verified" in r.output, r.output
    r = runner.invoke(app, ["verify", str(good), str(tampered)])
    assert r.exit_code == 1 and f"{tampered}: fails verification: commitment:" in r.output
    r = runner.invoke(app, ["verify", str(missing)])
    assert r.exit_code == 2 and "not a revealed hand: fields:" in r.output
    assert "missing order" in r.output
    r = runner.invoke(app, ["verify", str(wrong)])
    assert r.exit_code == 2 and "not a revealed hand: order:" in r.output
    r = runner.invoke(app, ["verify", str(junk)])
    assert r.exit_code == 2 and "not a JSON file" in r.output


def test_a_hand_stopped_at_its_all_in_showdown_is_not_revealed_until_it_goes_on_ifp_61(store):
    """IFP 61 (hand-for-hand): a hand stopped at its all-in showdown is shown as the betting
    closed; its deck and salt are not revealed, nor downloadable, until it goes on."""
    clock = Clock()
    server = TableServer(store, clock=clock, rng=lambda n: random.Random(n))
    t, _ = server.open_table("Fair", FAIR)
    ann = hash_token(t.join("Ann", 1, 1000))   # (she may lose her seat in the hand)
    t.join("Cal", 2, 1000, bot="calling")
    t.tick(clock.now + 1)
    number = t.hands
    while t.hand is not None and not t.hand.done:
        if t.actor_seat() == 1:
            t.act(1, "all_in")
        else:
            clock.now += 1
            t.tick(clock.now)
    assert t.stop()
    salt = next(r.payload["salt"] for r in _records(store, "Fair")
                if r.type == "committed" and r.payload["hand"] == number)
    shown = json.dumps(view(t, None))
    assert salt not in shown and view(t, ann)["fair"]["current"]["hand"] == number
    assert view(t, None)["fair"]["revealed"] is None
    with pytest.raises(TableError, match="not over .*IFP 61"):
        fair_deal.record(t, number)
    assert t.go_on()
    assert view(t, None)["fair"]["revealed"]["salt"] == salt
    assert len(verify(json.loads(json.dumps(fair_deal.record(t, number))))) == 4
