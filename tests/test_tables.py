"""Playable tables (pokertd.room.tables, table_server): the engine deals, the store keeps
every action, and no client is ever sent a hole card it may not see."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from pokertd.engine import IllegalAction
from pokertd.room.outbox import Outbox
from pokertd.room.server import TableServer
from pokertd.room.tables import Table, TableConfig, TableError, frames, hash_token, phh_for, view
from pokertd.storage import open_store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield s
    s.close()


@pytest.fixture
def fast_store(tmp_path: Path):
    """An SQLite file in memory-backed /dev/shm where there is one (the same store, without
    waiting for the disk at each of thousands of commits on a busy machine)."""
    import tempfile

    shm = Path("/dev/shm")
    where = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path
    s = open_store(f"sqlite:///{where / 'tables.db'}")
    yield s
    s.close()
    if where != tmp_path:
        import shutil
        shutil.rmtree(where, ignore_errors=True)


HANDS = 1000

FAST = TableConfig(seats=6, small_blind=5, big_blind=10, act_seconds=10, time_bank=5,
                   bot_delay=0, pause_seconds=0)


def open_table(store, clock, name="T1", config=FAST, seed=1):
    server = TableServer(store, clock=clock, rng=lambda n: random.Random(f"{seed}:{n}"))
    t, host = server.open_table(name, config)
    return server, t, host


def hand_events(store, stream_id):
    """Each hand's engine events, as stored."""
    out: dict[int, list[dict]] = {}
    for rec in store.read(stream_id):
        if rec.type == "hand":
            out.setdefault(rec.payload["hand"], []).append(rec.payload["event"])
    return out


def test_bots_play_many_hands_chips_conserved_pots_awarded_replay_equal(fast_store):
    """Random play through the table's API: every hand conserves the chips and awards every
    chip put in; the table loaded again from the store is the live table."""
    store = fast_store
    clock = Clock()
    server, t, _ = open_table(store, clock)
    for seat in range(1, 7):
        t.join(f"Bot {seat}", seat, 2000, bot="random" if seat % 2 else "sensible")
    total = 6 * 2000
    joined = 6
    checked = reloaded = -1
    while t.hands < HANDS:
        clock.now += 1
        assert t.tick(clock.now)
        seated = sum(s.stack for s in t.seats if s is not None)
        if t.hand is None:
            assert seated == total
            for seat, s in enumerate(t.seats, start=1):
                if s is None:                          # a bot went broke: another buys in
                    joined += 1
                    t.join(f"Bot {joined}", seat, 2000, bot="random" if joined % 2 else "sensible")
                    total += 2000
        if t.hands % 50 == 0 and t.hands != checked:
            checked = t.hands
            # the frames the server sends are the views, for every seat and a spectator
            sent = frames(t, [(None, False), (None, True)], now=clock.now)
            for k in (False, True):
                assert json.loads(sent[(None, k)]) == {**view(t, None, clock.now), "host": k}
        if t.hands % 197 == 0 and t.hand is not None and t.hands != reloaded:
            reloaded = t.hands
            # mid-hand: the replay from the store continues the same hand
            again = Table.load(store, "T1", clock=clock)
            assert again.hand.events() == t.hand.events()
            assert view(again, None, clock.now)["seats"] == view(t, None, clock.now)["seats"]
    hands = hand_events(store, t.stream_id)
    assert len(hands) >= HANDS
    for number, events in hands.items():
        started = events[0]["config"]["stacks"]
        ended = [e for e in events if e["type"] == "ended"]
        if not ended:
            continue
        put_in = (sum(e["amount"] for e in events if e["type"] == "posted")
                  + sum(e["added"] for e in events if e["type"] == "acted")
                  - sum(e["amount"] for e in events if e["type"] == "returned"))
        assert sum(ended[0]["stacks"]) == sum(started), number
        awarded = sum(e["amount"] for e in events if e["type"] == "awarded")
        assert awarded == put_in, number          # every chip put in was awarded
    again = Table.load(store, "T1", clock=clock)
    assert view(again, None, clock.now) == view(t, None, clock.now)


def test_a_person_acts_only_with_the_engines_legal_actions(store):
    """The engine decides: a raise below the minimum is refused with its message (IFP 37 /
    the preset's rule) and nothing is written; a resent action id acts once."""
    clock = Clock()
    server, t, _ = open_table(store, clock)
    token = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="sensible")
    assert t.seat_of_token(token) == 1
    clock.now += 1
    t.tick(clock.now)
    while t.actor_seat() != 1:
        clock.now += 1
        t.tick(clock.now)
    head = store.head(t.stream_id)
    v = view(t, hash_token(token), clock.now)
    la = v["legal"]
    assert la["min_raise_to"] is not None
    with pytest.raises(IllegalAction) as refused:
        t.act(1, "raise", la["min_raise_to"] - 1)
    assert "legal" in str(refused.value)
    assert store.head(t.stream_id) == head
    with pytest.raises(TableError):
        t.act(2, "fold")                              # not his turn
    assert t.act(1, "call", action_id="a1")
    after = store.head(t.stream_id)
    assert not t.act(1, "call", action_id="a1")       # the same message again: acts once
    assert store.head(t.stream_id) == after


def test_time_running_out_checks_or_folds_and_marks_away_ifp_8_tda_29(store):
    """TDA 29: out of time facing a bet, the hand is dead; then he is away (IFP 8): dealt in,
    his blinds posted, his cards folded in turn, until he comes back."""
    clock = Clock()
    server, t, _ = open_table(store, clock)
    t.join("Ann", 1, 1000)
    t.join("Bob", 2, 1000)
    t.join("Bot", 3, 1000, bot="sensible")
    clock.now += 1
    t.tick(clock.now)
    while t.actor_seat() not in (1, 2):
        clock.now += 1
        t.tick(clock.now)
    seat = t.actor_seat()
    la = t.hand.legal_actions()
    clock.now += FAST.act_seconds + FAST.time_bank + 0.01
    t.tick(clock.now)
    s = t.seats[seat - 1]
    assert s.away and s.bank == 0
    last = [r.payload["event"] for r in store.read(t.stream_id) if r.type == "hand"]
    acted = [e for e in last if e["type"] == "acted"]
    assert acted[-1]["action"] == ("check" if la.check else "fold") or t.hand is None
    for _ in range(30):                               # away: folded in turn, hand after hand
        clock.now += 1
        t.tick(clock.now)
    assert s.away and t.hands >= 3
    t.set_away(seat, False)
    assert not t.seats[seat - 1].away


def test_the_phh_download_shows_only_what_the_player_saw(store):
    """The download is for whoever was dealt in the hand with the token given: his own cards
    and the cards shown; the others' ``????``; no token, no download."""
    clock = Clock()
    server, t, _ = open_table(store, clock)
    ann = t.join("Ann", 1, 1000)
    t.join("Bot B", 2, 1000, bot="random")
    t.join("Bot C", 3, 1000, bot="random")
    while t.hands < 3:              # (Ann is away once her time runs out: folded in turn)
        clock.now += 20
        t.tick(clock.now)
    played = t.history[0]
    me = played.position(hash_token(ann))
    assert played.seats[me] == 1
    text = phh_for(t, played.number, hash_token(ann))
    mine = next(e["cards"] for e in played.events if e["type"] == "dealt" and e["player"] == me)
    assert f"d dh p{me + 1} {''.join(mine)}" in text
    shown = {e["player"] for e in played.events if e["type"] == "shown"}
    for e in played.events:
        if e["type"] == "dealt" and e["player"] not in shown and e["player"] != me:
            assert "".join(e["cards"]) not in text
            assert f"d dh p{e['player'] + 1} ????" in text
    with pytest.raises(TableError):
        phh_for(t, played.number, None)


def test_a_seat_given_up_and_taken_again_shows_the_newcomer_to_the_newcomer_only(store):
    """A subscriber follows its token, not a seat number: once Ann has left seat 1 and Bob
    sits there, Ann's connection is a spectator's and never gets Bob's hole cards."""
    clock = Clock()
    server, t, _ = open_table(store, clock)
    ann = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="sensible")

    async def run() -> list[dict]:
        sub = server.subscribe("T1", ann)
        server.command("T1", lambda tb: tb.leave(1))
        bob = server.command("T1", lambda tb: tb.join("Bob", 1, 1000))
        clock.now += 10
        server.command("T1", lambda tb: tb.tick(clock.now))     # a hand: Bob is dealt in
        got = []
        while not sub.queue.empty():
            got.append(json.loads(sub.queue.get_nowait()))
        assert t.seat_of_token(bob) == 1 and t.hand is not None
        return got

    got = asyncio.run(run())
    last = got[-1]
    assert last["you"] is None
    bobs = next(e["cards"] for e in t.played.events if e["type"] == "dealt" and e["player"] == t.position_of(1))
    assert not any(f'"{c}"' in json.dumps(last) for c in bobs)
    assert last["seats"][0]["cards"] == ["??", "??"]


def _person_to_act(store, clock):
    """A running server's table where Ann (seat 1) is to act against a bot."""
    server, t, _ = open_table(store, clock, config=TableConfig(
        seats=2, small_blind=5, big_blind=10, bot_delay=0, pause_seconds=0, act_seconds=600))
    ann = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="sensible")
    return server, ann


async def _until_ann_acts(server) -> None:
    for _ in range(1000):
        await asyncio.sleep(0)
        await server.written("T1")
        if server.table("T1").actor_seat() == 1:
            return
    raise AssertionError("Ann was never to act")


def _drain(sub) -> list[dict]:
    got = []
    while not sub.queue.empty():
        got.append(json.loads(sub.queue.get_nowait()))
    return got


def test_no_client_hears_of_an_action_before_the_store_has_it(store, monkeypatch):
    """Issue 11: every action is committed to the store before any client hears of it. The
    game server's writer thread is held back: Ann's call is not in the store, and neither
    her frames nor the reply to her command reach her; once the write is done, they do, in
    the table's order (the reply after the frame of the change it answers)."""
    import threading

    clock = Clock()
    server, ann = _person_to_act(store, clock)
    gate = threading.Event()
    gate.set()
    real = store.transaction

    def gated():
        assert gate.wait(10)
        return real()

    monkeypatch.setattr(store, "transaction", gated)

    async def run() -> tuple[list[dict], list[dict], int, int]:
        server.start()
        await _until_ann_acts(server)
        sub = server.subscribe("T1", ann)
        await server.written("T1")
        _drain(sub)
        t = server.table("T1")
        head = store.head(t.stream_id)
        gate.clear()
        server.command("T1", lambda tb: tb.act(1, "call"))
        server.deliver(sub, json.dumps({"type": "ok", "id": "a1"}))
        await asyncio.sleep(0.3)
        held = _drain(sub)
        held_head = store.head(t.stream_id)
        gate.set()
        await server.written("T1")
        await server.close()
        return held, _drain(sub), head, held_head

    held, sent, head, held_head = asyncio.run(run())
    assert held == [] and held_head == head
    stored = [r.payload["event"] for r in store.read(server.table("T1").stream_id)
              if r.type == "hand"]
    assert any(e["type"] == "acted" and e["player"] is not None and e["action"] == "call"
               for e in stored)
    kinds = [f["type"] for f in sent]
    assert kinds[0] == "state" and "ok" in kinds
    assert kinds.index("ok") > 0          # the reply follows the frame of the change


def test_a_write_the_store_refuses_reaches_no_one_and_the_table_is_loaded_again(store,
                                                                               monkeypatch):
    """The store refuses a change (a full disk, every time it is tried): no client ever sees
    it, the command's reply is an error, and the table is the store's again (Ann is to act
    again, her action not taken); play goes on from there."""
    from pokertd.storage import DatabaseFailure

    clock = Clock()
    server, ann = _person_to_act(store, clock)
    real = store.transaction
    refuse = [False]

    def failing():
        if refuse[0]:
            raise DatabaseFailure("disk full (a test)")
        return real()

    monkeypatch.setattr(store, "transaction", failing)

    async def run() -> tuple[list[dict], object, object]:
        server.start()
        await _until_ann_acts(server)
        sub = server.subscribe("T1", ann)
        await server.written("T1")
        before = _drain(sub)[-1]
        old = server.table("T1")
        refuse[0] = True
        server.command("T1", lambda tb: tb.act(1, "fold"))
        server.deliver(sub, json.dumps({"type": "ok", "id": "a2"}))
        assert not await server.written("T1")
        refuse[0] = False
        for _ in range(100):
            await asyncio.sleep(0)
            if server.table("T1") is not old:
                break
        got = _drain(sub)
        again = server.table("T1")
        await server.close()
        return [before, *got], old, again

    frames_, old, again = asyncio.run(run())
    before, got = frames_[0], frames_[1:]
    assert again is not old and not again.broken
    assert [f["type"] for f in got][0] == "error"
    states = [f for f in got if f["type"] == "state"]
    assert states and states[0]["seats"][0]["status"] == "active"   # the fold never shown
    assert states[0]["hand"]["number"] == before["hand"]["number"]
    assert again.actor_seat() == 1 or again.hands > before["hand"]["number"]
    stored = [r.payload["event"] for r in store.read(again.stream_id) if r.type == "hand"
              and r.payload["hand"] == before["hand"]["number"]]
    assert not any(e["type"] == "acted" and e["action"] == "fold" and e["player"] ==
                   again.played.seats.index(1) for e in stored) if again.played else True


def test_join_refuses_a_taken_seat_a_bad_stack_and_a_name_twice(store):
    clock = Clock()
    server, t, _ = open_table(store, clock)
    t.join("Ann", 1, 1000)
    head = store.head(t.stream_id)
    for args, words in [(("Bob", 1, 1000), "seat 1 is taken"), (("Bob", 2, 5), "buy-in"),
                        (("ann", 2, 1000), "already at this table"), (("Bob", 9, 1000), "seats are 1 to 6")]:
        with pytest.raises(TableError, match=words):
            t.join(*args)
    assert store.head(t.stream_id) == head


def _hidden(events, recipient_pos, shown_players):
    cards = set()
    for e in events:
        if e["type"] == "dealt" and e["player"] != recipient_pos and e["player"] not in shown_players:
            cards.update(e["cards"])
    return cards


def test_no_frame_carries_a_hole_card_its_client_may_not_see(store):
    """Every frame sent to every client (two people, a spectator) over many hands: no hole
    card of another player before the engine shows it (IFP 43 all-in hands face up, the
    showdown in IFP 42 order), checked on the JSON text itself."""
    clock = Clock()
    server, t, host = open_table(store, clock, config=TableConfig(
        seats=4, small_blind=5, big_blind=10, bot_delay=0, pause_seconds=0, act_seconds=5))
    tokens = {1: t.join("Ann", 1, 400), 2: t.join("Bob", 2, 400)}
    t.join("Bot C", 3, 400, bot="random")
    t.join("Bot D", 4, 400, bot="sensible")
    frames: dict[object, list[str]] = {1: [], 2: [], None: []}

    async def play() -> None:
        server.start()
        subs = {k: server.subscribe("T1", tokens.get(k)) for k in frames}
        for sub in subs.values():
            # Bots without a delay play many actions in one turn of the loop: every frame is
            # kept here (a real client too slow to read gets only the newest state), so that
            # each frame sent can be checked.
            sub.queue = Outbox(limit=None)

        async def read(k: object, sub: object) -> None:
            while True:
                frames[k].append(await sub.queue.get())  # type: ignore[attr-defined]
        readers = [asyncio.create_task(read(k, sub)) for k, sub in subs.items()]
        rng = random.Random(5)
        while t.hands < 200 and sum(1 for s in t.seats if s is not None and s.stack) >= 2:
            seat = t.actor_seat()
            if seat in (1, 2):
                la = t.hand.legal_actions()
                choice = rng.random()
                if la.min_raise_to is not None and choice < 0.3:
                    act = ("raise", rng.choice([la.min_raise_to, la.max_raise_to]))
                elif choice < 0.45 and la.call:
                    act = ("fold", None)
                else:
                    act = ("check" if la.check else "call", None)
                server.command("T1", lambda tb: tb.act(seat, *act))
            await asyncio.sleep(0)
            await server.written("T1")      # no more frames waiting than a queue holds
        await server.close()
        for r in readers:
            r.cancel()
        for k, sub in subs.items():
            while not sub.queue.empty():
                frames[k].append(sub.queue.get_nowait())

    asyncio.run(play())
    hands = hand_events(store, t.stream_id)
    seats_of = {r.payload["hand"]: r.payload["seats"] for r in store.read(t.stream_id)
                if r.type == "hand_started"}
    checked = 0
    covered: set[int] = set()
    for recipient, sent in frames.items():
        assert sent
        for text in sent:
            f = json.loads(text)
            if f["type"] == "unseated":               # Ann or Bob busted: told, no cards
                assert set(f) <= {"type", "table", "reason", "seat", "name", "hand", "message"}
                continue
            for past in f.get("last_hands", []):
                pos = seats_of[past["hand"]].index(recipient) if recipient in seats_of[past["hand"]] else None
                ev = hands[past["hand"]]
                shown = {e["player"] for e in ev if e["type"] == "shown"}
                body = json.dumps(past)
                assert not [c for c in _hidden(ev, pos, shown) if f'"{c}"' in body or f" {c}" in body]
            if f["hand"] is None:
                continue
            number = f["hand"]["number"]
            ev = hands[number]
            seats = seats_of[number]
            pos = seats.index(recipient) if recipient in seats else None
            stored_shown = {(e["player"], tuple(e["cards"])) for e in ev if e["type"] == "shown"}
            for s in f["showdown"]:
                assert (seats.index(s["seat"]), tuple(s["cards"])) in stored_shown
            shown = {seats.index(s["seat"]) for s in f["showdown"]}
            body = json.dumps({k: v for k, v in f.items() if k != "last_hands"})
            leaked = [c for c in _hidden(ev, pos, shown) if f'"{c}"' in body or f" {c}" in body]
            assert not leaked, (recipient, number, leaked)
            checked += 1
            covered.add(number)
    assert checked > 1000 and len(covered) >= 50 and t.hands >= 50, (checked, len(covered), t.hands)


# --- dealt tournaments at the tables -------------------------------------------------------


def dealt(store, clock, seed=3):
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.services.tournaments import TournamentService

    server = TableServer(store, clock=clock, rng=lambda n: random.Random(f"{seed}:{n}"))
    return server, DealtEvents(server, TournamentService(store, clock=clock))


def play_out(events, name, clock, limit=20000):
    ev = events.event(name)
    for _ in range(limit):
        s = events.summary(name)
        if s["state"] == "finished":
            return s
        clock.now += 3
        for t in list(ev.tables.values()):
            t.tick(clock.now)
    raise AssertionError("the tournament did not finish")


def test_a_sit_and_go_starts_when_full_and_is_played_to_a_winner(store):
    """One table: the director's places and payouts (IFP 57 same-hand ranking) are the
    results; the chips of every hand are conserved."""
    clock = Clock()
    server, events = dealt(store, clock)
    host = events.create("SNG", preset="ifp-2012", seats=4, table_size=4, level_minutes=1,
                         act_seconds=5, bot_delay=0, pause_seconds=0)
    events.add_bots("SNG", host, 3, "random")
    assert events.summary("SNG")["state"] == "registering"
    token = events.enter("SNG", "Ann")
    assert events.summary("SNG")["state"] == "running"       # full: it starts
    where = events.where("SNG", token)
    t = server.table(where["table"])
    assert t.seat_of_token(token) == where["seat"]
    s = play_out(events, "SNG", clock)
    places = sorted(r["place"] for r in s["results"])
    assert places[0] == 1 and len(s["results"]) == 4
    from pokertd.services.tournaments import TournamentService
    tm = TournamentService(store, clock=clock).load("SNG").tournament
    assert [r for r in tm.results()] == s["results"]
    assert sum(r["prize"] for r in s["results"]) == tm.prize_pool
    for played in t.history:
        ended = played.events[-1]["stacks"]
        assert sum(ended) == sum(played.events[0]["config"]["stacks"])


def test_a_multi_table_event_balances_breaks_and_finishes_as_the_director_says(store):
    """Two tables of six: the director moves players (IFP 11a balancing, IFP 10 breaking)
    and forms the final table; every table's seats are the director's; the event restarts
    from its logs in the middle and plays on to a winner."""
    clock = Clock()
    server, events = dealt(store, clock)
    host = events.create("MTT", preset="ifp-2012", seats=12, table_size=6, level_minutes=1,
                         act_seconds=5, bot_delay=0, pause_seconds=0)
    events.add_bots("MTT", host, 12, "sensible")
    events.start("MTT", host)
    ev = events.event("MTT")
    assert len(ev.tables) == 2
    for _ in range(60):
        clock.now += 3
        for t in list(ev.tables.values()):
            t.tick(clock.now)
    # a restart: everything from the store
    server2, events2 = dealt(store, clock)
    server2.load_all()
    events2.load_all()
    s = play_out(events2, "MTT", clock)
    from pokertd.services.tournaments import TournamentService
    tm = TournamentService(store, clock=clock).load("MTT").tournament
    assert tm.finished and s["winner"] == tm.winner
    assert sorted(r["place"] for r in s["results"])[0] == 1
    kinds = [e.type for e in tm.events]
    assert "moved" in kinds or "table_broken" in kinds or "final_table_formed" in kinds
    assert sum(p.prize for p in tm.players.values()) == tm.prize_pool


def test_a_tournament_table_plays_at_its_own_pace_until_the_rules_make_it_wait(store):
    """A dealt event's table that finishes its hand is dealt the next one while another table
    is still in the middle of its first (no round of one hand a table). It waits only where
    the rules say: when the director has players to move (IFP 11a balancing, IFP 10
    breaking: between hands) and another table is in a hand."""
    from pokertd.tournament.balancing import needs_balancing, tables_to_break

    clock = Clock()
    server, events = dealt(store, clock)
    host = events.create("Pace", preset="ifp-2012", seats=12, table_size=6, level_minutes=60,
                         act_seconds=5, bot_delay=0, pause_seconds=0)
    events.add_bots("Pace", host, 12, "sensible")
    events.start("Pace", host)
    ev = events.event("Pace")
    a, b = (ev.tables[k] for k in sorted(ev.tables))
    assert a.hand is not None and b.hand is not None
    b_hand = b.played.number
    for _ in range(400):                 # only table A is played
        clock.now += 1
        a.tick(clock.now)
        if a.hands >= b_hand + 3 or (a.hand is None and a.table_id not in ev.round):
            break                        # A has played on, or waits between hands
    assert b.hand is not None and b.played.number == b_hand     # B never moved on
    tm = ev.loaded.tournament
    if a.hand is None:
        # A waits between hands: only because a move is due and B is in a hand
        fl = tm.floor
        assert (needs_balancing(fl, tm.structure.balance_difference)
                or tables_to_break(fl) > 0 or fl.player_count <= tm.structure.final_table_size)
    else:
        assert a.hands >= b_hand + 3
    # the director recorded each of A's hands as it ended, B's not yet
    played = [e for e in tm.events if e.type == "hand_played"]
    assert {e.table for e in played} == {a.table_id}
    # B ends its hand (and if a move is due, A its own): the moves are made and B deals on
    for _ in range(400):
        clock.now += 1
        b.tick(clock.now)
        a.tick(clock.now)
        if b.played is not None and b.played.number > b_hand:
            break
    assert b.played is not None and b.played.number > b_hand


def test_hand_for_hand_deals_every_table_together_ifp_61(store):
    """IFP 61: hand-for-hand "each hand is begun simultaneously at all tables" (TDA RP-8 A:
    the hands in progress are finished first). Twelve entrants at tables of three, two places
    paid: on the bubble the director goes hand-for-hand, and from then on no table plays a
    second hand before every other table has played one; before it, the tables play at their
    own pace. (The bubble can burst before a hand-for-hand hand is dealt: up to five events
    are played until one goes hand-for-hand.)"""
    clock = Clock()
    server, events = dealt(store, clock)
    windows = 0
    for k in range(5):
        name = f"Bubble {k}"
        host = events.create(name, preset="ifp-2012", seats=12, table_size=3, level_minutes=1,
                             act_seconds=5, bot_delay=0, pause_seconds=0)
        events.add_bots(name, host, 12, "sensible")
        events.start(name, host)
        play_out(events, name, clock)
        tm = events.event(name).loaded.tournament
        assert tm.payouts is not None and sum(1 for a in tm.payouts if a) == 2
        # the hands recorded under hand-for-hand, in rounds (hand_for_hand_hand_done ends one)
        on = False
        rounds: list[list[int]] = []
        for e in tm.events:
            if e.type == "hand_for_hand":
                on = e.on
                if on:
                    rounds = [[]]
            elif on and e.type == "hand_played":
                rounds[-1].append(e.table)
            elif on and e.type == "hand_for_hand_hand_done":
                rounds.append([])
        rounds = [r for r in rounds if r]
        if not rounds:
            continue
        # TDA RP-8 A: the first round starts with the hands in progress at the announcement,
        # finished before the first hand-for-hand hand is dealt
        first = rounds[0]
        again = [t for t in set(first) if first.count(t) == 2]
        for t in again:
            first.remove(t)
        if len(rounds) == 1 and len(first) < 2:
            continue          # the bubble burst in the hands in progress at the announcement
        windows += 1
        for r in rounds:
            assert len(r) == len(set(r)), rounds     # no table played two hands in a round
        for r in rounds[:-1]:
            assert set(r) == set(rounds[0]), rounds   # every table played its hand
        if windows:
            break
    assert windows


def test_a_server_killed_mid_hand_resumes_the_hand_from_the_store(tmp_path: Path) -> None:
    """kill -9 of `pokertd serve` while bots play: the restarted server goes on with the hand
    in progress from its last committed action (the same hand, the same cards), to its end."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    import httpx

    from pokertd.engine import replay

    db = tmp_path / "kill.db"
    exe = Path(sys.executable).with_name("pokertd")

    def serve() -> tuple[subprocess.Popen, str]:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        p = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", str(db)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return p, f"http://127.0.0.1:{port}"
            except OSError:
                assert time.monotonic() < deadline and p.poll() is None
                time.sleep(0.1)

    def stream():
        with open_store(f"sqlite:///{db}", create=False) as s:
            info = s.find_stream("table", "Night")
            return [] if info is None else s.read(info.id)

    p, base = serve()
    try:
        with httpx.Client(base_url=base) as http:
            page = http.get("/tables").text
            csrf = page.split('name="csrf-token" content="')[1].split('"')[0]
            r = http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
                "name": "Night", "seats": 4, "bots": 4, "bot_delay": 0.2, "pause_seconds": 0.2})
            assert r.status_code == 201, r.text
        deadline = time.monotonic() + 60
        while True:                      # a hand with a few actions in, not yet over
            recs = stream()
            started = [x for x in recs if x.type == "hand_started"]
            acted = [x for x in recs if x.type == "hand" and x.payload["hand"] == len(started)
                     and x.payload["event"]["type"] in ("acted", "ended")]
            if len(started) >= 2 and acted and acted[-1].payload["event"]["type"] == "acted":
                break
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.kill(p.pid, signal.SIGKILL)
        p.wait(10)
        before = stream()
        number = max(x.payload["hand"] for x in before if x.type == "hand_started")
        assert not any(x.type == "hand" and x.payload["hand"] == number
                       and x.payload["event"]["type"] == "ended" for x in before)
        p, base = serve()
        deadline = time.monotonic() + 60
        while True:
            after = stream()
            events = [x.payload["event"] for x in after
                      if x.type == "hand" and x.payload["hand"] == number]
            if events and events[-1]["type"] == "ended":
                break
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert after[:len(before)] == before             # nothing written twice or lost
        assert sum(1 for x in after if x.type == "hand_started"
                   and x.payload["hand"] == number) == 1
        assert replay(events).done                      # one hand, start to end
    finally:
        p.kill()
        p.wait(10)


# --- a dealt event run by the game server, its director's writes off the event loop --------


class _Watched:
    """The store's appends to the tournament streams: the thread each is made in, and a
    refusal (DatabaseFailure) of those ``refuse`` says, counted by attempt."""

    def __init__(self, store, monkeypatch, refuse=lambda attempt: False) -> None:
        import contextlib
        import threading

        from pokertd.storage import DatabaseFailure

        self.threads: list[str] = []
        self.refused = 0
        attempts = [0]
        real = store.transaction
        watched = self

        class Log:
            def __init__(self, log) -> None:
                self._log = log

            def __getattr__(self, name):
                return getattr(self._log, name)

            def append(self, stream_id, expected, events):
                if self._log.stream(stream_id).kind == "tournament":
                    watched.threads.append(threading.current_thread().name)
                    attempts[0] += 1
                    if refuse(attempts[0]):
                        watched.refused += 1
                        raise DatabaseFailure("disk full (a test)")
                return self._log.append(stream_id, expected, events)

        @contextlib.contextmanager
        def transaction():
            with real() as log:
                yield Log(log)

        monkeypatch.setattr(store, "transaction", transaction)


def _serve_a_sit_and_go(store, name="SNG"):
    """A sit-and-go of four bots played to its winner by a running game server (real clocks,
    no delays); a spectator's frames of its table, each with the number of the table's hands
    the director had recorded in the store when the frame arrived."""
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.services.tournaments import TournamentService

    async def run():
        server = TableServer(store, rng=lambda n: random.Random(f"7:{n}"))
        events = DealtEvents(server, TournamentService(store))
        server.start()
        host = events.create(name, preset="ifp-2012", seats=4, table_size=4, level_minutes=1,
                             act_seconds=5, bot_delay=0, pause_seconds=0)
        first = events.event(name)
        events.add_bots(name, host, 4, "random")
        table = next(iter(events.event(name).tables.values())).name
        sub = server.subscribe(table)
        tournament = store.find_stream("tournament", name).id
        seen: list[tuple[int, int]] = []          # (hand number shown, hands recorded)
        last = None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while events.summary(name)["state"] != "finished":
            assert loop.time() < deadline, "the sit-and-go did not finish"
            try:
                f = json.loads(await asyncio.wait_for(sub.queue.get(), 0.5))
            except TimeoutError:
                continue
            if f["type"] != "state" or f["hand"] is None or f["hand"]["number"] == last:
                continue
            last = f["hand"]["number"]
            recorded = sum(1 for r in store.read(tournament) if r.type == "hand_played")
            seen.append((last, recorded))
        await server.written(*events.keys(name))
        summary = events.summary(name)
        t = server.table(table)
        await server.close()
        return summary, events.event(name) is not first, t, seen

    return asyncio.run(run())


def _check_served(store, name, summary, t, seen):
    """The store's tournament is the one the server ran: the same results; each hand the
    table ended recorded by the director once; no frame showed hand N before the director's
    record of hand N-1 was in the store."""
    from pokertd.services.tournaments import TournamentService

    tm = TournamentService(store).load(name).tournament
    assert tm.finished and tm.results() == summary["results"]
    ended = [r.payload["hand"] for r in store.read(t.stream_id)
             if r.type == "hand" and r.payload["event"]["type"] == "ended"]
    played = [e for e in tm.events if e.type == "hand_played"]
    assert len(played) == len(ended) == len(set(ended))
    assert seen and all(recorded >= number - 1 for number, recorded in seen), seen


def test_a_dealt_events_director_writes_in_the_writer_thread_no_client_ahead_of_it(fast_store,
                                                                                 monkeypatch):
    """The director's record of each hand (the table round) is appended by the game server's
    writer thread, not in the event loop, and no client hears of the next hand before that
    record is in the store (issue 11: nothing is heard before it is committed)."""
    watched = _Watched(fast_store, monkeypatch)
    summary, reloaded, t, seen = _serve_a_sit_and_go(fast_store)
    assert not reloaded
    _check_served(fast_store, "SNG", summary, t, seen)
    rounds = watched.threads[3:]             # after create, register and start (commands)
    assert rounds and set(rounds) == {"pokertd-table-writer"}, set(rounds)


def test_a_directors_write_the_store_refuses_reloads_the_event_and_play_goes_on(fast_store,
                                                                              monkeypatch):
    """The store refuses two of the director's table rounds (a full disk): the changes of
    the table resting on them (the next hand dealt) are not written either, no client hears
    of them, the event is loaded again from the store as a restart finds it, and the
    sit-and-go plays on to a winner with every hand recorded once."""
    watched = _Watched(fast_store, monkeypatch, refuse=lambda attempt: attempt in (5, 6))
    summary, reloaded, t, seen = _serve_a_sit_and_go(fast_store)
    assert watched.refused == 2 and reloaded
    _check_served(fast_store, "SNG", summary, t, seen)


def test_finished_sit_and_gos_leave_memory_and_are_still_served(fast_store, monkeypatch):
    """Three sit-and-gos played through the running game server (Ann, a person who checks or
    folds, and three bots each). Once each has finished and its grace period has passed,
    neither the event nor its table is in the server's memory (no object of them is left),
    and what a user may ask of them is still served, from the store: the lobby lists them,
    each summary (places, prizes, winner) equals the one its logs replay to, Ann's result
    (where), a spectator's view of the table with its last hands, a PHH download; the table
    loaded for those leaves memory again when nobody asks for it; a restarted server loads
    neither and serves the same."""
    import contextlib
    import gc
    import weakref

    from pokertd.room.dealt_tables import DealtEvents, replayed_summary
    from pokertd.room.tables import phh_for
    from pokertd.services.tournaments import TournamentService

    monkeypatch.setattr(DealtEvents, "GRACE", 0.05)
    monkeypatch.setattr(TableServer, "IDLE", 0.2)
    names = ["SNG A", "SNG B", "SNG C"]

    def answer(t, number, who):
        """Ann's download of hand ``number``: its PHH text, or the refusal's message."""
        try:
            return phh_for(t, number, who)
        except TableError as exc:
            return f"refused: {exc}"

    def phh_of(t, who):
        """Ann's download of the first of the table's last hands she was dealt with a PHH
        form (by the token she was dealt in with); if she was in none of them (out before,
        or her cards killed), her refused download of the last one."""
        for played in t.history:
            if played.position(who) is not None:
                text = answer(t, played.number, who)
                if not text.startswith("refused"):
                    return played.number, who, text
        return t.history[0].number, who, answer(t, t.history[0].number, who)

    async def run():
        server = TableServer(fast_store, rng=lambda n: random.Random(f"8:{n}"))
        events = DealtEvents(server, TournamentService(fast_store))
        server.start()
        tokens, refs, tables, phh, views = {}, [], {}, {}, {}

        async def ann_plays(table, token):
            """Ann's client: she checks when she can, otherwise folds."""
            sub = server.subscribe(table, token)
            try:
                while True:
                    f = json.loads(await sub.queue.get())
                    legal = f.get("legal")
                    if f["type"] == "state" and legal:
                        with contextlib.suppress(TableError, IllegalAction):
                            server.command(table, lambda t: t.act(
                                f["you"], "check" if legal["check"] else "fold"))
            finally:
                server.unsubscribe(sub)

        players = []
        for name in names:
            host = events.create(name, preset="ifp-2012", seats=4, table_size=4,
                                 level_minutes=1, act_seconds=5, bot_delay=0, pause_seconds=0)
            events.add_bots(name, host, 3, "random")
            tokens[name] = events.enter(name, "Ann")
            where = events.where(name, tokens[name])
            tables[name] = where["table"]
            players.append(asyncio.create_task(ann_plays(where["table"], tokens[name])))
            refs += [weakref.ref(events.event(name)), weakref.ref(server.table(where["table"]))]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 180
        served = {}
        while len(served) < len(names):          # each one as it finishes, still in memory
            assert loop.time() < deadline, "the sit-and-gos did not finish"
            await asyncio.sleep(0.01)
            for name in names:
                ev = events.events.get(name)
                if name in served or ev is None or events.summary(name)["state"] != "finished":
                    continue
                t = ev.tables[1]
                phh[name] = phh_of(t, hash_token(tokens[name]))
                views[name] = json.loads(server.frame(t.name, None))
                served[name] = (events.summary(name), events.where(name, tokens[name]))
        del ev, t
        for p in players:
            p.cancel()
        while any(n in events.events or tables[n] in server.tables for n in names):
            assert loop.time() < deadline, "the finished events stayed in memory"
            await asyncio.sleep(0.05)
        # out of memory once the loop has run what retiring them cancelled (their runners)
        settle = loop.time() + 10
        while True:
            gc.collect()
            gone = [r() is None for r in refs]
            if all(gone) or loop.time() > settle:
                break
            await asyncio.sleep(0.01)
        in_memory = [n for n in names if tables[n] in server.tables]
        lobby = {e["name"]: e for e in events.lobby()}
        again = {n: (events.summary(n), events.where(n, tokens[n])) for n in names}
        # a spectator opens each finished table, a player downloads a hand
        sub = server.subscribe(tables[names[0]])
        first = json.loads(await asyncio.wait_for(sub.queue.get(), 5))
        server.unsubscribe(sub)
        reloaded = {n: answer(server.table(tables[n]), *phh[n][:2]) for n in names}
        assert all(tables[n] in server.tables for n in names)
        while any(tables[n] in server.tables for n in names):
            assert loop.time() < deadline, "the tables loaded again stayed in memory"
            await asyncio.sleep(0.05)
        await server.close()
        return served, gone, in_memory, lobby, again, first, reloaded, views, phh, tokens

    served, gone, in_memory, lobby, again, first, reloaded, views, phh, tokens = asyncio.run(run())
    assert all(gone) and in_memory == []
    for n in names:
        summary, where = served[n]
        assert summary["state"] == "finished" and summary["winner"]
        assert again[n] == served[n]
        assert summary == json.loads(json.dumps(replayed_summary(fast_store, n)))
        assert lobby[n] == {k: v for k, v in summary.items() if k != "results"}
        ann = next(r for r in summary["results"] if r["player"] == "Ann")
        assert where["player"] == "Ann" and where["place"] == ann["place"] and where["out"] is (
            ann["place"] != 1)
        assert reloaded[n] == phh[n][2]
    for f in (first, views[names[0]]):
        if f.get("hand") and "clock" in f["hand"]:
            f["hand"]["clock"].pop("elapsed")
    assert first["last_hands"] and first == views[names[0]]
    # a restart: neither the finished events nor their tables are loaded, the same served
    async def restart():
        server = TableServer(fast_store)
        events = DealtEvents(server, TournamentService(fast_store))
        server.start()
        loaded = [n for n in names if n in events.events or any(
            t.event == n for t in server.tables.values())]
        out = {n: (events.summary(n), events.where(n, tokens[n])) for n in names}
        await server.close()
        return loaded, out

    loaded, out = asyncio.run(restart())
    assert loaded == [] and out == served
