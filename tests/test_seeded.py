"""Seeded tables and dealt events (issue 13, crashes and restarts): the same seed gives the same
decks, bot decisions, places and prizes in every run, whatever the pace of the tables and
however often they are loaded again; without a seed the decks are the system CSPRNG's."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import seeded_events
from pokertd.cards import CARDS
from pokertd.engine.fair import shuffled
from pokertd.room.dealt_tables import ROUND_SECONDS, DealtEvents
from pokertd.room.server import TableServer
from pokertd.room.tables import Table, TableConfig, TableError, view
from pokertd.services.tournaments import TournamentService
from pokertd.storage import open_store

EVENT = {"preset": "ifp-2012", "seats": 8, "table_size": 4, "bots": 8, "bot_kind": "random",
         "level_minutes": 1, "act_seconds": 5, "bot_delay": 0, "pause_seconds": 0,
         "seed": "night 13"}


def _run(tmp_path, db, **kw):
    store = open_store(f"sqlite:///{tmp_path / db}")
    events = seeded_events.play(store, "Night", EVENT, **kw)
    tm = events.service.load("Night").tournament
    return store, tm


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The event played once, uninterrupted (the store and the director's tournament)."""
    store, tm = _run(tmp_path_factory.mktemp("reference"), "a.db", pace=1)
    yield store, tm
    store.close()


def test_two_runs_of_a_seeded_dealt_event_at_different_paces_give_the_same_logs_places_and_prizes(
        tmp_path, reference):
    """The tables of one run and of the other play at paces of their own (one table ticked at
    a time, in random orders): the seeded event plays in rounds (IFP 61's simultaneous
    hands), so every deck, every bot decision, every move of the director, every place and
    every prize is the same."""
    a, ta = reference
    b, tb = _run(tmp_path, "b.db", pace=2)
    assert ta.finished and tb.finished
    assert ta.results() == tb.results()
    assert ta.winner == tb.winner and sum(p.prize for p in ta.players.values()) == ta.prize_pool
    assert ta.event_dicts() == tb.event_dicts()
    assert seeded_events.hands(a, "Night") == seeded_events.hands(b, "Night")
    assert sum(e["type"] == "hand_played" for e in ta.event_dicts()) > 10


def test_a_seeded_dealt_event_restarted_mid_hand_plays_on_to_the_uninterrupted_runs_end(
        tmp_path, reference):
    """Its server and director started again from the store six times, tables in the middle
    of hands: the same next decks and decisions (their keys come from the logs), the same
    event to the end."""
    a, ta = reference
    b, tb = _run(tmp_path, "b.db", pace=3, restarts=(5, 40, 41, 90, 200, 333))
    assert ta.results() == tb.results()
    assert ta.event_dicts() == tb.event_dicts()
    assert seeded_events.hands(a, "Night") == seeded_events.hands(b, "Night")


def test_a_seeded_event_deals_in_rounds_every_table_once_a_round_ifp_61(reference):
    """IFP 61 ("each hand is begun simultaneously at all tables"), from the first hand for a
    seeded event: the director records a round's hands together, one per table playing, at
    the end of the round on the event's own clock (ROUND_SECONDS a round, a break skipped)."""
    _, tm = reference
    rounds: dict[float, list[int]] = {}
    for e in tm.event_dicts():
        if e["type"] == "hand_played":
            rounds.setdefault(e["at"], []).append(e["table"])
    times = sorted(rounds)
    assert len(times) > 5
    for at in times:
        assert len(rounds[at]) == len(set(rounds[at])), rounds[at]     # a table once a round
    start = tm.clock.started_at
    assert times[0] == start + ROUND_SECONDS
    assert all(b - a >= ROUND_SECONDS for a, b in zip(times, times[1:]))
    # two tables play the first rounds, each of them in every round until one is broken
    assert rounds[times[0]] == [1, 2] and rounds[times[1]] == [1, 2]


def test_a_seeded_event_through_hand_for_hand_restarted_plays_to_the_uninterrupted_runs_end(
        tmp_path):
    """24 players at six tables: the bubble is played hand-for-hand (IFP 61; the players out
    in one of its hands tie, IFP 57), with restarts in the middle of hands on the way: the
    same hands, places and prizes as the run never restarted."""
    big = dict(EVENT, seats=24, bots=24, seed="bubble")
    runs = []
    for k, kw in enumerate([{"pace": 1}, {"pace": 2, "restarts": (50, 300, 301, 800, 1500)}]):
        store = open_store(f"sqlite:///{tmp_path / f'{k}.db'}")
        tm = seeded_events.play(store, "Big", big, **kw).service.load("Big").tournament
        runs.append((tm, seeded_events.hands(store, "Big")))
        store.close()
    (ta, ha), (tb, hb) = runs
    assert "hand_for_hand" in [e["type"] for e in ta.event_dicts()]
    assert ta.finished and ta.results() == tb.results() and ha == hb
    assert ta.event_dicts() == tb.event_dicts()


def test_another_seed_deals_other_cards_and_draws_other_seats(tmp_path):
    runs = []

    def first_round(seed):
        runs.append(seed)
        with open_store(f"sqlite:///{tmp_path / f'{len(runs)}.db'}") as store:
            _, events = seeded_events.serve(store, seeded_events.Clock(), 0)
            host = events.create("Night", preset="ifp-2012", seats=8, table_size=4, seed=seed)
            events.add_bots("Night", host, 8, "random")
            events.start("Night", host)
            return {n: [p for k, p in log if k in ("seating", "hand_started")]
                    for n, log in seeded_events.hands(store, "Night").items()}
    a, again, b = first_round("night 13"), first_round("night 13"), first_round("night 14")
    assert a == again and a != b
    assert all(a[n][-1] != b[n][-1] for n in a)      # each table's first deck differs


# --- a table of its own -----------------------------------------------------------------


def _cash(store, clock, seed="practice"):
    tables = TableServer(store, clock=clock)
    t, _ = tables.open_table("Practice", TableConfig(seats=4, bot_delay=0, pause_seconds=0),
                             seed=seed)
    for k, kind in enumerate(("random", "sensible", "calling"), start=1):
        t.join(f"Bot {k}", k, 1000, bot=kind)
    return t


def _table_log(store, name="Practice"):
    info = store.find_stream("table", name)
    return [(r.type, r.payload) for r in store.read(info.id)[1:]]


def _play(t, clock, hands, reload_every=None, store=None):
    step = 0
    while t.hands_over < hands:
        clock.now += 1
        t.tick(clock.now)
        step += 1
        if reload_every and step % reload_every == 0:
            # a fresh generator each load: an unseeded table would deal other cards now
            t = Table.load(store, t.name, clock=clock, rng=random.Random(step))
    return t


def test_a_seeded_table_reloaded_mid_hand_deals_the_same_next_hands_as_one_not_reloaded(tmp_path):
    """Loaded again from its log every seven steps (mostly in the middle of a hand): the
    same decks, the same bot decisions, the same hands as the table never reloaded."""
    clock = seeded_events.Clock()
    with open_store(f"sqlite:///{tmp_path / 'a.db'}") as a, \
            open_store(f"sqlite:///{tmp_path / 'b.db'}") as b:
        _play(_cash(a, clock), clock, 30)
        t = _play(_cash(b, clock), clock, 30, reload_every=7, store=b)
        mid = sum(1 for k, p in _table_log(b) if k == "hand_started")
        log_a, log_b = _table_log(a), _table_log(b)
        assert log_a == log_b
        assert len(log_a) > 400 and mid >= 30 and t.hands_over >= 30


def test_a_seeded_tables_deck_is_the_documented_derivation(tmp_path):
    """room/seeds.py: the cards 0..51 shuffled by the fair scheme's Fisher-Yates with
    the SHA-256 counter stream of SHA-256(canonical JSON of scheme, seed, use, name, table,
    hand, action)."""
    clock = seeded_events.Clock()
    with open_store(f"sqlite:///{tmp_path / 'a.db'}") as store:
        t = _cash(store, clock, seed="practice")
        _play(t, clock, 3)
        decks = [p["deck"] for k, p in _table_log(store) if k == "hand_started"]
    for number, deck in enumerate(decks[:3], start=1):
        key = hashlib.sha256(json.dumps(
            {"scheme": "pokertd-seed/1", "seed": "practice", "use": "deck", "name": "Practice",
             "table": None, "hand": number, "action": None},
            sort_keys=True, separators=(",", ":")).encode()).digest()
        assert deck == [str(CARDS[c]) for c in shuffled(range(52), key)]


def test_an_unseeded_table_deals_from_the_system_csprng_and_no_client_sees_a_seed(tmp_path):
    """Without a seed, two tables of the same name deal different decks (the system CSPRNG:
    equal first decks have probability 1/52!); a seeded table's seed is in no frame."""
    clock = seeded_events.Clock()
    with open_store(f"sqlite:///{tmp_path / 'a.db'}") as a, \
            open_store(f"sqlite:///{tmp_path / 'b.db'}") as b, \
            open_store(f"sqlite:///{tmp_path / 'c.db'}") as c:
        for store in (a, b):
            _play(_cash(store, clock, seed=None), clock, 1)
        first = [[p["deck"] for k, p in _table_log(s) if k == "hand_started"][0] for s in (a, b)]
        assert first[0] != first[1]
        t = _cash(c, clock, seed="a secret seed")
        _play(t, clock, 2)
        assert t.seed == "a secret seed"
        for who in (None, *(s.token for s in t.seats if s is not None)):
            assert "a secret seed" not in json.dumps(view(t, who))


@pytest.mark.parametrize("seed", [True, "", "x" * 101, 1.5, ["a"]])
def test_a_bad_seed_is_refused_with_what_a_seed_is_and_nothing_is_written(tmp_path, seed):
    with open_store(f"sqlite:///{tmp_path / 'a.db'}") as store:
        tables = TableServer(store)
        events = DealtEvents(tables, TournamentService(store))
        with pytest.raises(TableError, match="seed=.*text of 1 to 100 characters"):
            tables.open_table("Practice", TableConfig(), seed=seed)
        with pytest.raises(TableError, match="seed=.*text of 1 to 100 characters"):
            events.create("Night", seed=seed)
        assert store.streams("table") == [] and store.streams("table_event") == []


def test_a_whole_number_seed_is_its_digits(tmp_path):
    with open_store(f"sqlite:///{tmp_path / 'a.db'}") as store:
        tables = TableServer(store)
        t, _ = tables.open_table("Practice", TableConfig(), seed=2026)
        assert t.seed == "2026"
        assert Table.load(store, "Practice", clock=lambda: 0.0).seed == "2026"


def test_the_lobby_api_takes_a_seed_for_a_table_and_an_event_and_refuses_a_bad_one(tmp_path):
    """POST /tables/api/tables and /tables/api/events with ``seed``: a seeded table and a
    seeded event (its tables seeded too); a bad seed is a 400 saying what a seed is, with
    nothing made."""
    from fastapi.testclient import TestClient

    from pokertd.web.app import create_app

    with open_store(f"sqlite:///{tmp_path / 'web.db'}") as store, \
            TestClient(create_app(store, secret="the seed tests' secret")) as http:
        csrf = http.get("/tables").text.split('name="csrf-token" content="')[1].split('"')[0]
        h = {"X-CSRF-Token": csrf}
        r = http.post("/tables/api/tables", headers=h, json={"name": "Practice", "seed": 7})
        assert r.status_code == 201, r.text
        r = http.post("/tables/api/events", headers=h, json={
            "name": "Night", "seats": 4, "table_size": 4, "bots": 4, "bot_kind": "random",
            "bot_delay": 0, "seed": "night"})
        assert r.status_code == 201, r.text
        assert http.get("/tables/api/events/Night").json()["seeded"] is True
        assert "A seeded event" in http.get("/tables/events/Night").text
        http.post("/tables/api/events", headers=h, json={"name": "Real", "seats": 4})
        assert http.get("/tables/api/events/Real").json()["seeded"] is False
        assert "A seeded event" not in http.get("/tables/events/Real").text
        http.post("/tables/api/tables", headers=h, json={"name": "Real play"})
        lobby = http.get("/tables/api/lobby").json()
        assert {t["name"]: t["seeded"] for t in lobby["tables"]} == {"Practice": True,
                                                                     "Real play": False}
        assert {e["name"]: e["seeded"] for e in lobby["events"]} == {"Night": True, "Real": False}
        assert http.get("/tables").text.count("(seeded: not for real play)") == 2
        r = http.post("/tables/api/events", headers=h, json={"name": "Bad", "seed": ""})
        assert r.status_code == 400 and "text of 1 to 100 characters" in r.json()["error"], r.text
        tables = http.app.state.tables
        assert tables.table("Practice").seed == "7"
        assert [t.seed for t in tables.tables.values() if t.event == "Night"] == ["night"]
    with open_store(f"sqlite:///{tmp_path / 'web.db'}") as store:
        assert store.find_stream("table_event", "Bad") is None


def test_a_seeded_round_cut_short_in_its_deal_is_dealt_whole_after_the_restart(
        tmp_path, reference):
    """The process dies after the first table of a round is dealt and before the second is
    (a start-up's deals are commits of their own): the restart deals the second table its
    hand of that round, and the event goes on to the uninterrupted run's end."""
    a, ta = reference
    start_hand = Table.start_hand
    calls: list[int] = []

    def killed_in_the_deal(table, now, setup=None):
        calls.append(table.table_id)
        if len(calls) == 8:                  # round 4's second table
            assert calls[-2:] == [1, 2]
            raise SystemExit("killed")
        return start_hand(table, now, setup)

    store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    Table.start_hand = killed_in_the_deal
    try:
        with pytest.raises(SystemExit):
            seeded_events.play(store, "Night", EVENT, pace=2)
    finally:
        Table.start_hand = start_hand
    dealt = {info.name: sum(r.type == "hand_started" for r in store.read(info.id))
             for info in store.streams("table")}
    assert sorted(dealt.values()) == [3, 4]             # cut short: table 2's hand 4 missing
    clock = seeded_events.Clock(2_000_000.0)
    _, events = seeded_events.serve(store, clock, 5)
    ev = events.event("Night")
    for _ in range(100_000):
        if events.summary("Night")["state"] == "finished":
            break
        clock.now += 1
        for t in list(ev.tables.values()):
            t.tick(clock.now)
    tb = events.service.load("Night").tournament
    assert tb.results() == ta.results()
    assert seeded_events.hands(a, "Night") == seeded_events.hands(store, "Night")


def test_a_dealt_events_tables_refill_the_time_bank_at_each_new_level_a_house_rule(reference):
    """The house's time-bank rule at a dealt tournament (pokertd.room.turns; TDA 29: "TDs may
    adjust the time allowed"): each table's first hand of a new level gives every player
    ``bank_refill`` seconds back (10 by default), written in its ``hand_started``; no other
    hand does."""
    store, _ = reference
    changes = same = 0
    for info in store.streams("table"):
        last = None
        for rec in store.read(info.id):
            if rec.type != "hand_started":
                continue
            level = rec.payload["level"]
            refill = rec.payload.get("bank_refill")
            if last is not None and level != last:
                assert refill == 10, (info.name, rec.payload["hand"])
                changes += 1
            else:
                assert refill is None, (info.name, rec.payload["hand"])
                same += 1
            last = level
    assert changes >= 2 and same > 0
