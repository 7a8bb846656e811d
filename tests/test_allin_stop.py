"""IFP 61's all-in stop under hand-for-hand at a dealt event's tables: "If a player is "all-in"
and facing a showdown while playing hand-for-hand, the hand will be stopped, and continued
when all the hands on other tables are finished." A stopped table's clients see the hand as
it stood when the betting closed (the all-in hands face up before a runout, TDA 16), not the
rest of the board, the showdown or the awards, until the round's other tables have finished
their hands; nothing about it is written, a restart finds it again."""

from __future__ import annotations

import asyncio
import json

# the tables' tests' helpers and fixtures
from test_tables import Clock, dealt, fast_store, store  # noqa: F401

from pokertd.engine import IllegalAction
from pokertd.room.allin_stop import stop_point
from pokertd.room.tables import TableError, phh_for

PLAYERS = 12


def _act(server, t, all_in: bool) -> None:
    """The player to act at ``t`` goes all-in (or calls it), or checks or calls."""
    seat = t.actor_seat()
    la = t.hand.legal_actions()
    action = "all_in" if all_in else ("check" if la.check else "call")
    try:
        server.command(t.name, lambda tb: tb.act(seat, action))
    except (IllegalAction, TableError):
        server.command(t.name, lambda tb: tb.act(seat, "check" if la.check else "call"))


def _frames(sub) -> list[dict]:
    out = []
    while not sub.queue.empty():
        out.append(json.loads(sub.queue.get_nowait()))
    return out


def _rounds(store, clock, *, unstopped: list | None = None):  # noqa: F811
    """Events of twelve people at tables of three, two places paid, played (everyone all-in,
    one table's hand at a time): each hand-for-hand round (IFP 61) with two tables or more in
    their hands is handed to the caller, then played on; the next event when one is over.
    Outside hand-for-hand, each all-in showdown that ends while another table is in its hand
    is checked not stopped (recorded by the director at once) and listed in ``unstopped``."""
    server, events = dealt(store, clock)
    for k in range(8):
        name = f"Bubble {k}"
        host = events.create(name, preset="ifp-2012", seats=PLAYERS, table_size=3,
                             level_minutes=60, act_seconds=5, bot_delay=0, pause_seconds=0)
        tokens = {f"P{j}": events.enter(name, f"P{j}") for j in range(PLAYERS)}
        events.start(name, host)
        ev = events.event(name)
        tm = ev.loaded.tournament
        while not tm.finished:
            playing = [ev.tables[tid] for tid in sorted(ev.round) if ev.tables[tid].hand]
            if not playing:
                break
            if tm.clock.hand_for_hand and ev.h4h_dealt and len(playing) >= 2:
                yield server, events, name, tokens, playing
                continue
            t = playing[0]
            before = _recorded(events, name, t.table_id)
            while t.hand is not None:
                _act(server, t, all_in=True)
            if not tm.clock.hand_for_hand and stop_point(t.history[0].events) is not None \
                    and any(u.hand is not None for u in playing[1:]):
                assert t.held() is None and _recorded(events, name, t.table_id) == before + 1
                if unstopped is not None:
                    unstopped.append((name, t.table_id, t.history[0].number))
    raise AssertionError("no event gave what the test needs")


def _stopped(store, clock):  # noqa: F811
    """A hand-for-hand round: table A's hand goes all-in to a showdown while table B's hand is
    still being played (B acted once); A's players and a spectator subscribed before."""
    for server, events, name, tokens, playing in _rounds(store, clock):
        a, b = playing[:2]
        subs = {who: server.subscribe(a.name, token, queue=asyncio.Queue())
                for who, token in tokens.items() if a.seat_of_token(token) is not None}
        subs[None] = server.subscribe(a.name, queue=asyncio.Queue())
        while a.hand is not None:
            for sub in subs.values():
                _frames(sub)                   # the frames before the last action
            _act(server, a, all_in=True)
        if b.hand is None or stop_point(a.history[0].events) is None:
            continue                           # (B's hand over at its deal: another round)
        assert a.held() is not None
        _act(server, b, all_in=False)
        if b.hand is not None:
            return server, events, name, tokens, a, b, subs
    raise AssertionError("unreachable")


def _hidden_part(a, number):
    """What the all-in stop withholds of hand ``number`` at table ``a``: the cards turned
    after the close of betting, the awards."""
    played = next(p for p in a.history if p.number == number)
    cut = stop_point(played.events)
    rest = played.events[cut:]
    cards = [c for e in rest if e["type"] == "board" for c in e["cards"]]
    awards = [e for e in rest if e["type"] == "awarded"]
    return played, cut, cards, awards


def _recorded(events, name, tid) -> int:
    tm = events.event(name).loaded.tournament
    return sum(1 for e in tm.events if e.type == "hand_played" and e.table == tid)


def _check_held_frame(f, number, cards) -> None:
    h = f["hand"]
    assert h["number"] == number and h["stopped"] is True and h["done"] is False
    assert h["actor"] is None and f["awards"] == [] and "legal" not in f
    assert all(s["reason"] == "all-in" for s in f["showdown"])      # TDA 16: face up
    body = json.dumps({k: v for k, v in f.items() if k != "last_hands"})
    assert not [c for c in cards if f'"{c}"' in body or f" {c}" in body], cards
    assert number not in [p["hand"] for p in f.get("last_hands", [])]


def test_ifp_61_an_all_in_hand_is_stopped_until_the_other_tables_hands_are_over(store):  # noqa: F811
    """Hand-for-hand (IFP 61): table A's hand goes all-in while table B's hand is played. A's
    players and a spectator are sent the hand as it stood when the betting closed (stopped,
    the all-in hands face up), not the rest of the board, the showdown or the awards, and
    the director does not record it; once B's hand is finished A's clients get the board
    and the awards, and the director records both hands."""
    clock = Clock()
    server, events, name, tokens, a, b, subs = _stopped(store, clock)
    played, cut, cards, awards = _hidden_part(a, a.history[0].number)
    number = played.number
    assert a.held() is played and awards
    recorded = _recorded(events, name, a.table_id)
    for who, sub in subs.items():
        sent = _frames(sub)
        assert sent, who
        for f in sent:
            _check_held_frame(f, number, cards)
        last = sent[-1]
        assert last["hand"]["board"] == [c for e in played.events[:cut] if e["type"] == "board"
                                         for c in e["cards"]]
        # the chips as they stood at the close of betting: the pots not yet awarded
        assert sum(p["amount"] for p in last["hand"]["pots"]) == sum(x["amount"] for x in awards)
    # nothing else tells of it: the event's page, the hand's PHH, the director
    start = dict(zip(played.seats, played.events[0]["config"]["stacks"]))
    table = next(x for x in events.summary(name)["tables"] if x["table"] == a.table_id)
    assert {p["seat"]: p["stack"] for p in table["players"]} == start
    first = played.tokens[0]               # the player dealt first, by his token
    try:
        phh_for(a, number, first)
        raise AssertionError("the stopped hand was downloadable")
    except TableError as exc:
        assert "IFP 61" in str(exc)
    # B plays on: A's clients hear nothing while B's hand lasts
    while b.hand is not None and len(b.played.events) < 12:
        _act(server, b, all_in=False)
    if b.hand is not None:
        assert all(_frames(sub) == [] for sub in subs.values())
        assert a.held() is played and _recorded(events, name, a.table_id) == recorded
    while b.hand is not None:
        _act(server, b, all_in=False)
    # B's hand is over: A's hand goes on, its clients see the board, the showdown, the awards
    assert a.held() is None
    for who, sub in subs.items():
        sent = _frames(sub)
        assert sent, who
        f = next(f for f in sent if f["hand"] and f["hand"]["number"] == number)
        assert f["hand"]["stopped"] is False and f["hand"]["done"] is True
        assert [x["amount"] for x in f["awards"]] == [x["amount"] for x in awards]
        assert set(cards) <= set(f["hand"]["board"])
        assert number in [p["hand"] for p in f["last_hands"]]
    assert _recorded(events, name, a.table_id) == recorded + 1
    phh_for(a, number, first)


def test_ifp_61_a_restart_while_a_hand_is_stopped_keeps_it_stopped_then_goes_on(
        store):  # noqa: F811
    """The server restarted while table A's all-in hand is stopped and table B's hand is in
    play (nothing was written for the stop): the reloaded A is still stopped (its clients
    see the hand as betting closed, the director has not recorded it) until B's hand, resumed
    from the store, is finished; then it goes on and is recorded."""
    clock = Clock()
    server, events, name, tokens, a, b, subs = _stopped(store, clock)
    number = a.history[0].number
    _, _, cards, awards = _hidden_part(a, number)
    recorded = _recorded(events, name, a.table_id)
    server2, events2 = dealt(store, clock)
    server2.load_all()
    events2.load_all()
    ev = events2.event(name)
    a2, b2 = ev.tables[a.table_id], ev.tables[b.table_id]
    assert a2 is not a and a2.held() is not None and b2.hand is not None
    assert _recorded(events2, name, a.table_id) == recorded
    sub = server2.subscribe(a2.name, queue=asyncio.Queue())
    spectator = _frames(sub)
    assert len(spectator) == 1
    _check_held_frame(spectator[0], number, cards)
    while b2.hand is not None:
        _act(server2, b2, all_in=False)
    assert a2.held() is None
    f = next(f for f in _frames(sub) if f["hand"]["number"] == number)
    assert f["hand"]["stopped"] is False and f["hand"]["done"] is True
    assert [x["amount"] for x in f["awards"]] == [x["amount"] for x in awards]
    assert _recorded(events2, name, a.table_id) == recorded + 1


def test_ifp_61_no_stop_outside_hand_for_hand(store):  # noqa: F811
    """Before the bubble (no hand-for-hand) an all-in showdown that ends while another table
    is in its hand is not stopped: the director records it at once and the table plays on
    (checked by _rounds at each such hand)."""
    clock = Clock()
    unstopped: list = []
    next(_rounds(store, clock, unstopped=unstopped))
    assert unstopped


def test_ifp_61_the_stop_through_the_running_game_server(fast_store):  # noqa: F811
    """The same through the running game server (its writer thread, its clock, the pause
    between hands on the event loop): table A's players and a spectator are sent the stopped
    hand once its actions are in the store, the rest of it once table B's hand is over and
    in the store; the event plays on to its end, its hands all recorded once."""
    from pokertd.room.dealt_tables import DealtEvents
    from pokertd.room.server import TableServer
    from pokertd.services.tournaments import TournamentService

    async def run():
        server = TableServer(fast_store)
        events = DealtEvents(server, TournamentService(fast_store))
        server.start()
        seen = 0
        deadline = asyncio.get_running_loop().time() + 300
        for k in range(8):
            name = f"Served {k}"
            host = events.create(name, preset="ifp-2012", seats=PLAYERS, table_size=3,
                                 level_minutes=60, act_seconds=60, bot_delay=0,
                                 pause_seconds=0)
            tokens = {f"P{j}": events.enter(name, f"P{j}") for j in range(PLAYERS)}
            events.start(name, host)
            ev = events.event(name)
            tm = ev.loaded.tournament

            async def settle():
                for _ in range(4):
                    await server.written(*events.keys(name))
                    await asyncio.sleep(0.005)

            async def play(t, all_in):
                while t.hand is not None:
                    _act(server, t, all_in)
                    await settle()

            while not tm.finished:
                assert asyncio.get_running_loop().time() < deadline, "the event did not go on"
                await settle()
                playing = [ev.tables[tid] for tid in sorted(ev.round) if ev.tables[tid].hand]
                if not playing:
                    continue
                if not (tm.clock.hand_for_hand and ev.h4h_dealt and len(playing) >= 2):
                    await play(playing[0], True)
                    continue
                a, b = playing[:2]
                subs = {who: server.subscribe(a.name, token, queue=asyncio.Queue())
                        for who, token in tokens.items() if a.seat_of_token(token) is not None}
                subs[None] = server.subscribe(a.name, queue=asyncio.Queue())
                while a.hand is not None:
                    await settle()
                    for sub in subs.values():
                        _frames(sub)
                    _act(server, a, True)
                await settle()
                if b.hand is None or stop_point(a.history[0].events) is None:
                    continue
                number = a.history[0].number
                assert a.held() is not None
                _, _, cards, awards = _hidden_part(a, number)
                for sub in subs.values():
                    sent = _frames(sub)
                    assert sent
                    for f in sent:
                        _check_held_frame(f, number, cards)
                await play(b, False)
                for sub in subs.values():
                    f = next(f for f in _frames(sub) if f["hand"]["number"] == number)
                    assert f["hand"]["stopped"] is False
                    assert [x["amount"] for x in f["awards"]] == [x["amount"] for x in awards]
                seen += 1
                for sub in subs.values():
                    server.unsubscribe(sub)
            await settle()
            if seen:
                await server.close()
                return name
        await server.close()
        raise AssertionError("no event gave a stop")

    name = asyncio.run(run())
    tm = TournamentService(fast_store).load(name).tournament
    assert tm.finished
    for info in fast_store.streams("table"):
        if info.config.get("event") != name:
            continue
        recs = fast_store.read(info.id)
        tid = recs[0].payload["table"]
        ended = sum(1 for r in recs if r.type == "hand" and r.payload["event"]["type"] == "ended")
        assert ended == sum(1 for e in tm.events if e.type == "hand_played" and e.table == tid)


def test_ifp_61_the_hand_as_betting_closed_is_the_engines_without_the_rest():
    """room.allin_stop on many engine hands played to an all-in showdown at every street
    (and hands that are not one): the cut is where the betting closed (after the last action,
    with the all-in hands tabled before a runout, TDA 16; on the river before the showdown);
    its state holds every chip (the stacks then and the pots not yet awarded) and the board
    dealt before the close; a hand won uncontested or with nobody all-in is never stopped."""
    import random

    from pokertd.cards import CARDS
    from pokertd.engine import Hand
    from pokertd.engine.events import to_dicts
    from pokertd.room.allin_stop import at_stop
    from pokertd.room.tables import PlayedHand

    rng = random.Random(61)
    kinds = set()
    for n in range(300):
        players = rng.randint(2, 4)
        stacks = [rng.choice([60, 200, 500, 1000]) for _ in range(players)]
        deck = list(range(52))
        rng.shuffle(deck)
        h = Hand(stacks, (5, 10), deck=deck)
        shove_at = rng.randint(0, 12)
        steps = 0
        while not h.done:
            la = h.legal_actions()
            if steps == shove_at and la.min_raise_to is not None:
                h.act("all_in")
            elif rng.random() < 0.15:
                h.fold()
            else:
                h.check_call()
            steps += 1
        events = to_dicts(h)
        cut = stop_point(events)
        allin = any(e["type"] == "shown" and e["reason"] == "all-in" for e in events)
        if cut is None:
            assert not allin
            continue
        last_act = max(k for k, e in enumerate(events) if e["type"] == "acted")
        assert cut > last_act
        assert all(e["type"] in ("returned", "shown") for e in events[last_act + 1:cut])
        assert not [e for e in events[:cut] if e["type"] in ("awarded", "ended")]
        assert all(e["reason"] == "all-in" for e in events[:cut] if e["type"] == "shown")
        played = PlayedHand(1, list(range(1, players + 1)), [f"p{k}" for k in range(players)],
                            {}, [], events)
        seen, stopped = at_stop(played, cut)
        assert seen.events == events[:cut] and played.events == events
        assert sum(stopped.stacks) + stopped.total_pot == sum(stacks)
        assert sum(a for a, _ in stopped._pots()) == stopped.total_pot
        board = [c for e in events[:cut] if e["type"] == "board" for c in e["cards"]]
        assert [str(CARDS[c]) for c in stopped.board] == board
        # cards to come: the runout is withheld; on the river: the showdown (the tabling too)
        assert events[cut]["type"] in (("burned", "board") if len(board) < 5 else ("shown",))
        kinds.add(len(board))
    assert kinds >= {0, 3, 5}, kinds
