"""The room's screens' data and their live updates, with an injected clock: the time left is
the server's (no drift over ten minutes), a public read writes nothing, and a command from
another process (the CLI) reaches every subscriber, as does the clock's change of level."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from pokertd.services.tournaments import TournamentService
from pokertd.storage import open_store
from pokertd.tournament.house import config_preset
from pokertd.web.live import Hub
from pokertd.web.views import next_change, snapshot

PLAYERS = [f"Player {i:02d}" for i in range(1, 28)]
LEVEL_1_S = 25 * 60   # Gananda: Tournament Structure, level 1: 25 minutes


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'live.db'}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(url: str, clock: Clock):
    store = open_store(url)
    s = TournamentService(store, clock=clock)
    s.create("Friday", config_preset("gananda"), seed=27)
    s.register("Friday", PLAYERS)
    s.start("Friday")
    try:
        yield s
    finally:
        store.close()


def test_time_left_is_the_servers_no_drift_over_ten_minutes(service: TournamentService,
                                                          clock: Clock) -> None:
    first = snapshot(service, "Friday")
    assert first["clock"]["seconds_left"] == LEVEL_1_S
    end = next_change(first)
    assert end == first["server_time"] + LEVEL_1_S
    for _ in range(600):   # ten minutes, a second at a time
        clock.now += 1
        s = snapshot(service, "Friday")
        # The end of the level read at any moment is the same instant: nothing drifts.
        assert next_change(s) == end
    assert s["clock"]["seconds_left"] == LEVEL_1_S - 600
    assert s["clock"]["level"] == 1 and s["next"]["small_blind"] == 10


def test_a_paused_clock_holds_its_time_left(service: TournamentService, clock: Clock) -> None:
    clock.now += 100
    service.pause("Friday")
    clock.now += 3600
    s = snapshot(service, "Friday")
    assert s["clock"]["running"] is False and s["clock"]["seconds_left"] == LEVEL_1_S - 100
    assert next_change(s) is None


def test_a_public_read_writes_nothing_but_shows_the_clocks_present(
        service: TournamentService, clock: Clock) -> None:
    info = service.store.find_stream("tournament", "Friday")
    stored = service.store.head(info.id)
    clock.now += LEVEL_1_S + 30      # into level 2 (IFP 23: the level the clock shows)
    s = snapshot(service, "Friday")
    assert s["clock"]["level"] == 2 and s["clock"]["small_blind"] == 10
    assert s["clock"]["seconds_left"] == LEVEL_1_S - 30
    assert service.store.head(info.id) == stored


def test_clock_brings_a_new_level_to_the_next_hand_ifp_23(service: TournamentService,
                                                           clock: Clock) -> None:
    """IFP 23: a new level applies to the next hand: once the clock has reached it, following
    the clock records it (and asking changes nothing); on a break nothing is recorded."""
    t = service.load("Friday").tournament
    assert not t.clock_brings(clock.now + LEVEL_1_S - 1)
    assert t.clock_brings(clock.now + LEVEL_1_S + 1)
    assert t.level == 1 and len(t.events) == len(service.load("Friday").tournament.events)
    assert t.follow_clock(clock.now + LEVEL_1_S + 1)
    assert not t.clock_brings(clock.now + LEVEL_1_S + 1)
    assert not t.clock_brings(clock.now + 4 * LEVEL_1_S + 60)     # the first break


def test_a_screen_leaves_the_replay_its_readers_share_as_the_log(
        service: TournamentService, clock: Clock) -> None:
    """The screens read the service's shared replay; one that lets the clock run (a level
    went by since the last command) does it on a copy: the shared replay stays the log's."""
    before = snapshot(service, "Friday")
    shared = service.view("Friday").tournament
    clock.now += LEVEL_1_S + 30
    assert snapshot(service, "Friday")["clock"]["level"] == 2
    assert shared.level == 1 and service.view("Friday").tournament.level == 1
    clock.now -= LEVEL_1_S + 30
    assert snapshot(service, "Friday") == before


def test_the_display_figures(service: TournamentService, clock: Clock) -> None:
    service.bust("Friday", service.load("Friday").tournament.floor.tables[1].seats[0])
    s = snapshot(service, "Friday")
    assert s["entrants"] == 27 and s["players_left"] == 26
    assert s["chips"] == 27 * 1500 and s["average_stack"] == 27 * 1500 // 26
    assert s["average_bb"] == round(27 * 1500 // 26 / 10, 1)
    # Gananda: Payout, 19 to 27 players: 42, 25, 15, 10, 8 % of $20 a player.
    assert [p["amount"] for p in s["payouts"]] == [227, 135, 81, 54, 43]
    assert s["seconds_to_break"] == 4 * LEVEL_1_S    # four levels of 25 minutes, then a break
    assert s["pending_moves"] == [] or all("table" in m["text"] for m in s["pending_moves"])


def test_seat_moves_show_for_a_while_on_the_room_screens(service: TournamentService) -> None:
    t = service.load("Friday").tournament
    # Bust players from table 1 until a table is balanced or broken.
    for _ in range(4):
        table = min(t.floor.tables.values(), key=lambda x: x.count)
        victim = next(p for p in table.seats if p is not None)
        out = service.bust("Friday", victim)
        t = out.tournament
        wait = t.balancing_wait()
        if wait and wait["buttons_needed"]:
            service.buttons("Friday", {tb: 1 for tb in wait["buttons_needed"]})
            break
    s = snapshot(service, "Friday")
    assert s["pending_moves"], "the move just made is on the screens"
    assert all(" -> table " in m["text"] or "broken" in m["text"] for m in s["pending_moves"])


def test_the_hub_sends_each_change_to_every_subscriber(service: TournamentService, url: str,
                                                       clock: Clock) -> None:
    """A bust-out recorded by another process (here: another store on the same database, as
    the CLI would) reaches every subscriber; so does the clock's change of level."""
    info = service.store.find_stream("tournament", "Friday")
    hub = Hub(service, lambda name: snapshot(service, name))

    async def until(sub, condition, within: float = 5.0):
        """The first snapshot from ``sub`` that meets ``condition`` (keep-alives and
        snapshots from before the change skipped), or a timeout."""
        async def wait():
            while True:
                snap = await anext(sub)
                if snap is not None and condition(snap):
                    return snap
        return await asyncio.wait_for(wait(), within)

    async def scenario() -> None:
        subs = [hub.subscribe("Friday", info.id) for _ in range(3)]
        firsts = [await anext(s) for s in subs]
        assert all(f["players_left"] == 27 for f in firsts)
        with open_store(url) as other:
            cli = TournamentService(other, clock=clock)
            victim = cli.load("Friday").tournament.floor.tables[2].seats[0]
            cli.bust("Friday", victim)
        for s in subs:
            got = await until(s, lambda snap: snap["players_left"] == 26)
            assert got["average_stack"] == 27 * 1500 // 26
        clock.now += LEVEL_1_S
        for s in subs:
            await until(s, lambda snap: snap["clock"]["level"] == 2)
        for s in subs:
            await s.aclose()
        await hub.close()

    # In a thread of its own: the browser tests' Playwright keeps an event loop running in
    # this one.
    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # handed to the test's thread below
            failure.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the hub's scenario did not finish"
    if failure:
        raise failure[0]


def test_a_stream_sends_the_snapshot_then_each_change_and_ends_when_its_screen_goes(
        service: TournamentService, clock: Clock) -> None:
    """GET /events/NAME/stream (served ahead of the application's layers): server-sent events,
    the current snapshot first, then one per command; a screen that goes away ends its stream
    and is no longer counted (its browser, back on the network, opens a new one)."""
    import json

    from pokertd.web.app import create_app

    app = create_app(service.store, clock=clock)
    hub = app.state.hub
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": "/events/Friday/stream",
             "raw_path": b"/events/Friday/stream", "query_string": b"", "root_path": "",
             "headers": [(b"host", b"test")], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 80)}

    async def scenario() -> None:
        sent: asyncio.Queue = asyncio.Queue()
        gone = asyncio.Event()

        async def receive():
            await gone.wait()
            return {"type": "http.disconnect"}

        async def snapshot_sent() -> dict:
            while True:
                m = await asyncio.wait_for(sent.get(), 5)
                body = m.get("body", b"")
                if body.startswith(b"event: state\ndata: "):
                    assert body.endswith(b"\n\n") and body.count(b"\n") == 3   # one line
                    return json.loads(body[len(b"event: state\ndata: "):])

        screen = asyncio.ensure_future(app(scope, receive, sent.put))
        start = await asyncio.wait_for(sent.get(), 5)
        assert start["status"] == 200
        assert dict(start["headers"])[b"content-type"].startswith(b"text/event-stream")
        assert (await sent.get())["body"] == b"retry: 2000\n\n"
        assert (await snapshot_sent())["players_left"] == 27
        victim = service.load("Friday").tournament.floor.tables[1].seats[0]
        await asyncio.to_thread(service.bust, "Friday", victim)
        hub.publish("Friday")          # as the console's command does
        assert (await snapshot_sent())["players_left"] == 26
        assert hub.watches["Friday"].subscribers == 1
        gone.set()
        await asyncio.wait_for(screen, 5)
        assert hub.watches["Friday"].subscribers == 0
        await hub.close()

    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # handed to the test's thread below
            failure.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert not worker.is_alive(), "the stream's scenario did not finish"
    if failure:
        raise failure[0]


def test_a_deal_leaves_the_clock_as_it_was(url: str, clock: Clock) -> None:
    """IFP 62: a deal shares the prizes still to be paid; it does not touch the clock. At the
    final table (Gananda: Final Table: the timer stopped while it is formed, then restarted),
    a deal recorded before or after the restart leaves the time left where the clock has it."""
    with open_store(url) as store:
        s = TournamentService(store, clock=clock)
        s.create("Deal", config_preset("gananda"), seed=5)
        s.register("Deal", PLAYERS[:12])
        s.start("Deal")
        clock.now += 300
        for _ in range(2):                    # ten left: the final table (Gananda: 9-10)
            t = s.load("Deal").tournament
            s.bust("Deal", next(p.name for p in t.players.values() if not p.out))
        stopped = snapshot(s, "Deal")["clock"]
        assert not stopped["running"] and stopped["seconds_left"] == LEVEL_1_S - 300
        t = s.load("Deal").tournament
        left = sorted(p.name for p in t.players.values() if not p.out)
        stacks = {p: t.chips // len(left) for p in left}
        stacks[left[0]] += t.chips - sum(stacks.values())
        clock.now += 120                      # the deal is talked over, the clock stopped
        s.deal("Deal", "chip-chop", left, stacks=stacks)
        assert snapshot(s, "Deal")["clock"] == stopped
        s.resume("Deal")
        clock.now += 60
        running = snapshot(s, "Deal")
        assert running["deal"] is not None and running["clock"]["running"]
        assert running["clock"]["level"] == 1
        assert running["clock"]["seconds_left"] == LEVEL_1_S - 300 - 60
