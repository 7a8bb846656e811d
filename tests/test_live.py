"""Live events kept in the database (issue 4: "Persistence: nothing lost", "Command line").

Through :mod:`pokertd.services.tournaments` on SQLite and PostgreSQL (the ``store_url``
fixture): a whole live event, refusals that write nothing, two writers at once, and a process
killed with SIGKILL in the middle of a live tournament; and the ``pokertd tournament ...``
commands through Typer's CliRunner with ``--db``.
"""

from __future__ import annotations

import json
import random

import pytest

from pokertd.services.tournaments import (
    TournamentExists, TournamentService, UnknownTournament, seat_changes, status,
)
from pokertd.storage import ConcurrencyError, open_store
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset

PLAYERS = [f"Player {i:02d}" for i in range(1, 13)]


class Clock:
    """Wall-clock seconds for the service, moved by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(store_url: str):
    store = open_store(store_url)
    try:
        yield TournamentService(store, clock=Clock())
    finally:
        store.close()


def stored_state(service: TournamentService, name: str) -> dict:
    return service.load(name).tournament.state()


def test_a_whole_live_event(service: TournamentService) -> None:
    """Register 12, start, bust to a winner (knockouts credited), Gananda: Payout for 12;
    the stored log replays to the state each command left, with exactly its events."""
    created = service.create("Friday", config_preset("gananda"), seed=27)
    assert [e.type for e in created.events] == ["created"] and created.events[0].seq == 1
    reg = service.register("Friday", PLAYERS)
    assert [e.seq for e in reg.events] == list(range(2, 14))
    service.clock.now += 60
    started = service.start("Friday")
    t = started.tournament
    assert started.events[0].type == "started"
    # Gananda: Seating: 12 players over the fewest tables, as evenly as possible.
    assert sorted(tab.count for tab in t.floor.tables.values()) == [6, 6]
    assert t.payouts == (110, 65, 41, 24)         # Gananda: Payout, 10-18: 46/27/17/10 of $240

    chance = random.Random(4)
    while True:
        t = service.load("Friday").tournament
        if t.finished:
            break
        if t.clock.paused:                         # Gananda: Final Table: clock stopped
            service.clock.now += 120
            service.resume("Friday")
            continue
        service.clock.now += chance.randint(30, 600)
        left = [p.name for p in t.players.values() if not p.out]
        victim = chance.choice(left)
        knocker = chance.choice([p for p in left if p != victim])
        before = len(t.events)
        out = service.bust("Friday", victim, knocked_out_by=knocker)
        # Exactly the new events were appended, numbered after the last one.
        assert [e.seq for e in out.events] == list(range(before + 1, before + 1 + len(out.events)))
        assert out.result[0].type == "busted" and out.result[0].player == victim
        assert stored_state(service, "Friday") == out.tournament.state()

    results = t.results()
    assert t.winner == results[0]["player"]
    assert [r["place"] for r in results] == list(range(1, 13))
    assert [r["prize"] for r in results[:4]] == [110, 65, 41, 24]
    assert sum(r["prize"] for r in results) == 240
    assert sum(r["knockouts"] for r in results) == 11
    # The final table was formed by a redraw (IFP 15) and the moves were recorded.
    assert any(e.type == "final_table_formed" for e in t.events)
    shown = status(t, service.now())
    assert shown["finished"] and shown["winner"] == t.winner and shown["results"] == results
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_refusals_write_nothing(service: TournamentService) -> None:
    """Bad input is refused with a message and the log is unchanged (DESIGN: "Illegal input
    is refused, never repaired")."""
    service.create("Club", config_preset("ifp-2012"))
    with pytest.raises(TournamentExists):
        service.create("Club", config_preset("gananda"))
    with pytest.raises(UnknownTournament, match="no tournament named 'Nope'"):
        service.register("Nope", ["Ann"])
    service.register("Club", ["Ann", "Bob", "Cid"])

    def log() -> list:
        loaded = service.load("Club")
        return [(e.seq, e.type, e.payload) for e in service.store.read(loaded.stream_id)]

    before = log()
    # All or nothing: Dan is fine, Ann is already registered, so Dan is not registered either.
    with pytest.raises(DirectorError, match="Ann is already registered"):
        service.register("Club", ["Dan", "Ann"])
    with pytest.raises(DirectorError, match="has not started"):
        service.bust("Club", "Ann")
    assert log() == before
    service.start("Club")
    before = log()
    with pytest.raises(DirectorError, match="unknown player 'Zed'"):
        service.bust("Club", "Zed")
    with pytest.raises(DirectorError, match="unknown player 'Zed'"):
        service.bust("Club", "Ann", knocked_out_by="Zed")
    with pytest.raises(DirectorError, match="already started"):
        service.start("Club")
    with pytest.raises(DirectorError, match="not stopped"):
        service.resume("Club")
    with pytest.raises(DirectorError, match="may not rebuy"):     # IFP 59: no rebuys here
        service.rebuy("Club", "Ann")
    with pytest.raises(DirectorError, match="a live event does not hold the chip counts"):
        service.deal("Club", "icm", ["Ann", "Bob", "Cid"])
    assert log() == before
    service.bust("Club", "Cid", knocked_out_by="Ann")
    before = log()
    with pytest.raises(DirectorError, match="Cid is already out"):      # busting twice
        service.bust("Club", "Cid")
    with pytest.raises(ValueError, match="unanimous"):                    # IFP 62
        service.deal("Club", "chip-chop", ["Ann"], stacks={"Ann": 5000, "Bob": 4000})
    assert log() == before


def test_a_deal_is_recorded_and_pays(service: TournamentService) -> None:
    """IFP 62: a chip chop of the prizes left, agreed by both remaining players; the finish
    pays the deal."""
    service.create("Deal", config_preset("gananda"), seed=5)
    service.register("Deal", ["Ann", "Bob", "Cid"])
    service.start("Deal")
    service.bust("Deal", "Cid", knocked_out_by="Bob")
    out = service.deal("Deal", "chip-chop", ["Bob", "Ann"], stacks={"Ann": 6000, "Bob": 3000})
    assert [e.type for e in out.events] == ["deal_made"]
    record = out.events[0].payload["record"]
    # Gananda: Payout, 2-6 entrants: 70/30 of $60 = 42 + 18 left, chopped 2:1 by chips.
    assert record["pool"] == 60 and record["players"] == ["Ann", "Bob"]
    assert record["amounts"] == [40, 20] and record["agreed_by"] == ["Ann", "Bob"]
    done = service.bust("Deal", "Bob", knocked_out_by="Ann").tournament
    assert {r["player"]: r["prize"] for r in done.results()} == {"Ann": 40, "Bob": 20, "Cid": 0}


def test_concurrent_writers(service: TournamentService) -> None:
    """Two commands on the same state: the first commits, the second gets a ConcurrencyError
    and writes nothing; run again, it sees the first one's events."""
    service.create("Race", config_preset("gananda"), seed=3)
    service.register("Race", PLAYERS)
    service.start("Race")
    first = service.load("Race")
    second = service.load("Race")
    first.tournament.bust("Player 01", knocked_out_by="Player 02")
    second.tournament.bust("Player 03", knocked_out_by="Player 04")
    service.commit(first)
    head = service.store.head(first.stream_id)
    with pytest.raises(ConcurrencyError, match="nothing was written"):
        service.commit(second)
    assert service.store.head(first.stream_id) == head
    assert stored_state(service, "Race") == first.tournament.state()
    again = service.bust("Race", "Player 03", knocked_out_by="Player 04").tournament
    assert again.players["Player 01"].place == 12 and again.players["Player 03"].place == 11


def test_moves_are_the_last_rearrangement(service: TournamentService) -> None:
    """IFP 11a / Gananda: Moving Players: a bust that leaves the tables two apart moves a
    player; the moves are events with old and new table and seat."""
    service.create("Moves", config_preset("gananda"), seed=11)
    service.register("Moves", [f"Player {i:02d}" for i in range(1, 25)])
    t = service.start("Moves").tournament
    assert sorted(tab.count for tab in t.floor.tables.values()) == [8, 8, 8]
    table = next(iter(t.floor.tables.values()))
    seated = [p for p in table.seats if p is not None]
    service.bust("Moves", seated[0])
    t = service.bust("Moves", seated[1]).tournament
    moves = seat_changes(t.events)
    assert len(moves) == 1 and moves[0].type == "moved"
    m = moves[0]
    assert seat_changes(t.events, latest=False) == moves
    assert m.to_table == table.id and m.from_table != table.id
    assert t.floor.where[m.player] == (m.to_table, m.to_seat)
