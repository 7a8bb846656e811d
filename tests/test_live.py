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


def _hand_busts_field(service: TournamentService, name: str, preset: str) -> dict[str, int]:
    service.create(name, config_preset(preset), seed=11)
    service.register(name, PLAYERS)
    t = service.start(name).tournament
    return {p: where[0] for p, where in t.floor.where.items()}


def test_gananda_winning_the_tournament_live_bust_of_several_in_one_hand(
        service: TournamentService) -> None:
    """Gananda: Winning the Tournament (examples 1 and 2), reported live: three players out in
    one hand, wherever they sit; the one who started the hand with more chips finishes higher,
    equal stacks tie for the places they span. Each knockout goes to the player named."""
    tables = _hand_busts_field(service, "Hand", "gananda")
    a, b, c = PLAYERS[0], PLAYERS[1], PLAYERS[2]
    out = service.bust_hand("Hand", [a, b, c], start_stacks={a: 1400, b: 1600, c: 1400},
                            knocked_out_by={a: PLAYERS[3], b: PLAYERS[4], c: PLAYERS[3]})
    busted = {e.player: e for e in out.result if e.type == "busted"}
    assert (busted[a].place, busted[a].tied) == (11, 2) == (busted[c].place, busted[c].tied)
    assert (busted[b].place, busted[b].tied) == (10, 1)
    assert {p: e.table for p, e in busted.items()} == {p: tables[p] for p in (a, b, c)}
    t = service.load("Hand").tournament
    assert t.alive == 9 and t.players[PLAYERS[3]].knockouts == 2
    assert t.players[PLAYERS[4]].knockouts == 1
    # Ten or fewer left: the final table is drawn in the same command (IFP 15).
    assert [e.type for e in seat_changes(t.events)] == ["final_table_formed"]


def test_ifp57_live_bust_of_several_in_one_hand_same_table_by_stack_other_tables_tie(
        service: TournamentService) -> None:
    """IFP 57, reported live: at one table the player who started the hand with fewer chips
    finishes lower; players out in the same hand at different tables tie."""
    tables = _hand_busts_field(service, "Ifp", "ifp-2012")
    first = [p for p in PLAYERS if tables[p] == tables[PLAYERS[0]]]
    other = [p for p in PLAYERS if tables[p] != tables[PLAYERS[0]]]
    x, y, z = first[0], first[1], other[0]
    out = service.bust_hand("Ifp", [x, y, z], start_stacks={x: 900, y: 2000, z: 500})
    busted = {e.player: (e.place, e.tied) for e in out.result if e.type == "busted"}
    # At x's table x (900) is below y (2000); z, alone at his table, ranks with the lowest of
    # each table: x and z tie for 11th-12th, y is 10th.
    assert busted == {x: (11, 2), z: (11, 2), y: (10, 1)}


def test_ifp62_live_status_shows_the_deal_and_payouts_show_what_each_is_paid(
        store_url: str) -> None:
    """IFP 62: once a deal is recorded, ``status --format json`` holds it and, at the finish,
    ``payouts --format json`` gives each player's prize (the deal's, not the table's)."""
    for command in (("new", "D", "--seed", "1"), ("register", "D", "Ann", "Bob", "Cid"),
                    ("start", "D"), ("bust", "D", "Cid", "--by", "Bob"),
                    ("deal", "D", "--kind", "chip-chop", "--agree", "Ann,Bob",
                     "--stacks", "Ann=3000,Bob=1500"),
                    ("bust", "D", "Bob", "--by", "Ann")):
        r = cli(store_url, *command)
        assert r.exit_code == 0, (command, r.output)
    st = json.loads(cli(store_url, "status", "D", "--format", "json").stdout)
    # Gananda: Payout, 2-6 entrants: 70/30 of $60 = 42 + 18, chopped 2:1 by chips.
    assert st["deal"] == {"method": "chip-chop", "agreed_by": ["Ann", "Bob"],
                          "amounts": {"Ann": 40, "Bob": 20}, "left_to_play_for": 0}
    paid = json.loads(cli(store_url, "payouts", "D", "--format", "json").stdout)
    assert paid == [{"place": 1, "amount": 42, "players": ["Ann"], "prizes": {"Ann": 40}},
                    {"place": 2, "amount": 18, "players": ["Bob"], "prizes": {"Bob": 20}}]


def test_late_entries_rebuys_and_addons(service: TournamentService) -> None:
    """IFP 9: a late entry is seated while registration is open, refused after it; IFP 59 /
    WPA 6: rebuys in the rebuy period, the add-on after its level, refused outside them, with
    the clock paused time not counted."""
    from dataclasses import replace

    from pokertd.tournament.structure import Structure

    base = config_preset("ifp-2012")
    structure = Structure.from_dict({**base.structure.to_dict(),
                                     "late_registration_until_level": 2,
                                     "rebuys": {"until_level": 2, "chips": 1500},
                                     "addon": {"after_level": 2, "chips": 3000}})
    service.create("Rebuys", replace(base, structure=structure), seed=9)
    service.register("Rebuys", ["Ann", "Bob", "Cid", "Dan"])
    clock = service.clock
    start = clock.now
    service.start("Rebuys")
    clock.now = start + 30 * 60                               # level 2 (25-minute levels)
    late = service.register("Rebuys", ["Eve"])
    assert [e.type for e in late.result] == ["registered", "seated"]
    rebuy = service.rebuy("Rebuys", "Ann").tournament
    assert rebuy.players["Ann"].stack == 3000 and rebuy.prize_pool == 5 * 20 + 20
    with pytest.raises(DirectorError, match="may not take an add-on"):   # level 2 not over
        service.addon("Rebuys", "Bob")
    service.pause("Rebuys")
    clock.now = start + 60 * 60                               # paused: still level 2
    service.register("Rebuys", ["Fay"])
    service.resume("Rebuys")
    clock.now += 25 * 60                                      # level 3: the add-on
    with pytest.raises(DirectorError, match="registration is closed at level 3"):
        service.register("Rebuys", ["Gus"])
    with pytest.raises(DirectorError, match="may not rebuy at level 3"):
        service.rebuy("Rebuys", "Bob")
    t = service.addon("Rebuys", "Bob").tournament
    assert t.players["Bob"].stack == 4500 and t.prize_pool == 6 * 20 + 20 + 20
    assert stored_state(service, "Rebuys") == t.state()


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


# --- a live tournament process killed at a random moment ---------------------------------------

DIRECTOR = '''
import json
import os
import random
import sys

from pokertd.services.tournaments import TournamentService
from pokertd.storage import open_store
from pokertd.tournament.director import Tournament
from pokertd.tournament.house import config_preset

url, notes = sys.argv[1], sys.argv[2]
service = TournamentService(open_store(url))
out = os.open(notes, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
chance = random.Random(os.urandom(8))


def note(record):
    os.write(out, (json.dumps(record) + "\\n").encode())


def state(t):
    return json.loads(json.dumps(t.state()))


names = service.names()
name = names[-1] if names else None
loaded = None if name is None else service.load(name)
note({"start": name, "head": None if loaded is None else loaded.head})
while True:
    if loaded is None or loaded.tournament.finished:
        # The next tournament: its stream and its created event in one transaction.
        name = f"crash {len(service.names()) + 1}"
        note({"pending": name, "head": 1,
              "state": state(Tournament(config_preset("gananda"), dealt=False))})
        service.create(name, config_preset("gananda"))
        note({"committed": name, "head": 1})
        loaded = service.load(name)
        continue
    t = loaded.tournament
    left = [p.name for p in t.players.values() if not p.out]
    if not t.started and len(t.players) < 30:
        t.register(f"Player {len(t.players) + 1:02d}")
    elif not t.started:
        t.start(service.now())
    elif t.clock.paused:
        t.resume(service.now())
    else:
        victim = chance.choice(left)
        t.bust(victim, knocked_out_by=chance.choice([p for p in left if p != victim]))
        if not t.finished:
            t.rearrange(service.now())
    head = loaded.head + len(loaded.new_events)
    note({"pending": name, "head": head, "state": state(t)})
    service.commit(loaded)
    note({"committed": name, "head": head})   # only after the commit returned
'''


def _stored(store_url: str) -> dict:
    """Every tournament in the store: its last event's number and its replayed state."""
    store = open_store(store_url)
    try:
        service = TournamentService(store)
        out = {}
        for name in service.names():
            loaded = service.load(name)
            out[name] = (loaded.head, json.loads(json.dumps(loaded.tournament.state())))
        return out
    finally:
        store.close()


def test_killed_director_restarts_at_the_last_committed_command(store_url: str, tmp_path) -> None:
    """Issue 4, "Persistence: nothing lost": a process running live tournaments through the
    service (30 registrations, the start, bust-outs with their table moves, the next
    tournament) is killed with SIGKILL at a random moment, four times. Reopened, the store
    holds exactly the commands the process saw committed, plus at most the one whose commit
    had not returned: each tournament replays to the state the process had after its last
    committed command (or after that last pending one), and a restarted process carries on
    from there."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from test_storage_crash import _wait_for_line

    seed = int.from_bytes(os.urandom(4), "big")
    chance = random.Random(seed)
    script = tmp_path / "director.py"
    script.write_text(DIRECTOR)
    open_store(store_url).close()       # the schema, before the first child opens the store

    verified: dict = {}                 # name -> (head, state), as checked after each kill
    commits = 0
    for round_ in range(4):
        notes = tmp_path / f"notes-{round_}.jsonl"
        stderr = tmp_path / f"stderr-{round_}.txt"
        with stderr.open("wb") as err:
            child = subprocess.Popen([sys.executable, str(script), store_url, str(notes)],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=err)
        try:
            _wait_for_line(notes, child, stderr)
            moment = chance.uniform(0.0, 1.0)
            time.sleep(moment)
            assert child.poll() is None, f"director died by itself:\n{stderr.read_text()}"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        assert child.returncode == -signal.SIGKILL
        where = f"(seed {seed}, round {round_}, killed after {moment:.3f} s)"

        lines = notes.read_text().split("\n")[:-1]     # whole lines only
        records = [json.loads(line) for line in lines]
        start = records[0]
        last = max(verified, key=lambda n: int(n.split()[-1]), default=None)
        assert start == {"start": last, "head": None if last is None else verified[last][0]}, \
            f"the restarted process sees the last committed state {where}"
        committed = dict(verified)
        pending = None
        for r in records[1:]:
            if "pending" in r:
                pending = (r["pending"], r["head"], r["state"])
            else:
                assert pending is not None and (r["committed"], r["head"]) == pending[:2]
                committed[pending[0]] = (pending[1], pending[2])
                pending = None
                commits += 1
        maybe = dict(committed)
        if pending is not None:
            maybe[pending[0]] = (pending[1], pending[2])
        stored = _stored(store_url)
        assert stored in (committed, maybe), \
            f"stored {({n: h for n, (h, _) in stored.items()})}, committed " \
            f"{({n: h for n, (h, _) in committed.items()})} {where}"
        verified = stored

    assert commits > 0, f"no command was ever committed (seed {seed})"


# --- the command line ---------------------------------------------------------------------------


def cli(store_url: str, *args: str, env: dict | None = None):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url], env=env)


def test_cli_live_event(store_url: str) -> None:
    """``pokertd tournament new|register|start|status|bust|moves|pause|resume|payouts|deal``
    with ``--db``: a 12-player Gananda event to its winner, the state kept in the database."""
    def ok(r) -> None:
        if r.exit_code != 0:
            pytest.fail(f"exit {r.exit_code}: {r.stdout}{r.stderr}")

    ok(cli(store_url, "new", "Friday", "--preset", "gananda", "--seed", "2026"))
    ok(cli(store_url, "register", "Friday", *PLAYERS))
    r = cli(store_url, "start", "Friday")
    ok(r)
    assert "12 players at 2 table(s)" in r.stdout

    st = json.loads(cli(store_url, "status", "Friday", "--format", "json").stdout)
    assert st["tournament"] == "Friday" and st["preset"] == "gananda" and st["live"]
    assert st["players_left"] == 12 and st["prize_pool"] == 240
    assert st["clock"]["level"] == 1 and st["clock"]["running"]
    assert (st["clock"]["small_blind"], st["clock"]["big_blind"]) == (5, 10)
    assert 0 < st["clock"]["seconds_left"] <= 25 * 60     # Gananda level 1: 25 minutes
    assert sorted(len(t["seats"]) for t in st["tables"]) == [6, 6]
    assert sorted(s["player"] for t in st["tables"] for s in t["seats"]) == PLAYERS
    r = cli(store_url, "status", "Friday")
    ok(r)
    assert "level 1: blinds 5/10" in r.stdout and "12 players left at 2 table(s)" in r.stdout

    ok(cli(store_url, "pause", "Friday", "--reason", "dinner"))
    st = json.loads(cli(store_url, "status", "Friday", "--format", "json").stdout)
    assert not st["clock"]["running"] and st["clock"]["pause_reason"] == "dinner"
    ok(cli(store_url, "resume", "Friday"))

    r = cli(store_url, "bust", "Friday", "Player 01", "--by", "Player 02")
    ok(r)
    assert "Player 01 is out in place 12, knocked out by Player 02" in r.stdout
    # Ten left: the final table forms (IFP 15: a redraw) and the clock stops meanwhile
    # (Gananda: Final Table).
    r = cli(store_url, "bust", "Friday", "Player 03", "--by", "Player 02")
    ok(r)
    assert "move: " in r.stdout and "final table 1" in r.stdout
    assert "clock stopped (" in r.stdout
    moves = json.loads(cli(store_url, "moves", "Friday", "--format", "json").stdout)
    assert [m["type"] for m in moves] == ["final_table_formed"]
    assert sorted(s[0] for s in moves[0]["seats"]) == sorted(["Player 02", *PLAYERS[3:]])
    r = cli(store_url, "moves", "Friday")
    ok(r)
    assert r.stdout.count("-> final table 1 seat") == 10
    ok(cli(store_url, "resume", "Friday"))

    for i in range(4, 11):
        ok(cli(store_url, "bust", "Friday", f"Player {i:02d}"))
    paid = json.loads(cli(store_url, "payouts", "Friday", "--format", "json").stdout)
    assert paid == [{"place": 1, "amount": 110, "players": []},
                    {"place": 2, "amount": 65, "players": []},
                    {"place": 3, "amount": 41, "players": []},
                    {"place": 4, "amount": 24, "players": ["Player 10"]}]
    # IFP 62: the three left chop the $216 still to be paid by chips.
    r = cli(store_url, "deal", "Friday", "--kind", "chip-chop",
            "--agree", "Player 02,Player 11,Player 12",
            "--stacks", "Player 02=54000,Player 11=27000,Player 12=27000")
    ok(r)
    assert "Player 02: 108" in r.stdout and "Player 11: 54" in r.stdout
    ok(cli(store_url, "bust", "Friday", "Player 11", "--by", "Player 02"))
    r = cli(store_url, "bust", "Friday", "Player 12", "--by", "Player 02")
    ok(r)
    assert "Player 02 wins" in r.stdout
    st = json.loads(cli(store_url, "status", "Friday", "--format", "json").stdout)
    assert st["finished"] and st["winner"] == "Player 02"
    prizes = {x["player"]: x["prize"] for x in st["results"]}
    assert (prizes["Player 02"], prizes["Player 11"], prizes["Player 12"]) == (108, 54, 54)
    assert prizes["Player 10"] == 24 and sum(prizes.values()) == 240
    assert {x["player"]: x["knockouts"] for x in st["results"]}["Player 02"] == 4
    r = cli(store_url, "status", "Friday")
    ok(r)
    assert "finished: Player 02 wins" in r.stdout and "results" in r.stdout


BAD_INPUT = [
    (("bust", "Nope", "Ann"), "no tournament named 'Nope'"),
    (("bust", "Cup", "Zed"), "unknown player 'Zed'"),
    (("bust", "Cup", "Cid"), "Cid is already out"),
    (("bust", "Cup", "Ann", "--by", "Cid"), "Cid is already out"),
    (("register", "Cup", "Ann", "Dan"), "Ann is already registered"),
    # A name the list options (--agree Ann,Bob; --stacks Ann=30000; --by Ann=Cid) cannot name.
    (("register", "Cup", "Dan", "Eve,Fay"), "a name may not contain ',' or '='"),
    (("register", "Cup", "Dan=1"), "a name may not contain ',' or '='"),
    (("register", "Cup", " Dan"), "nor start or end with a space"),
    (("register", "Cup", "Dan"), "registration is closed"),
    (("start", "Cup"), "already started"),
    (("resume", "Cup"), "not stopped"),
    (("rebuy", "Cup", "Ann"), "may not rebuy"),
    (("addon", "Cup", "Ann"), "may not take an add-on"),
    (("new", "Cup"), "already exists"),
    (("deal", "Cup", "--kind", "icm", "--agree", "Ann,Bob"), "does not hold the chip counts"),
    (("deal", "Cup", "--kind", "icm", "--agree", "Ann", "--stacks", "Ann=10,Bob=20"),
     "unanimous"),
    (("deal", "Cup", "--kind", "custom", "--agree", "Ann,Bob", "--stacks", "Ann=10,Bob=20",
      "--amounts", "Ann=1,Bob=2"), "custom amounts sum to 3"),
    (("deal", "Cup", "--kind", "icm", "--agree", "Ann,Bob", "--stacks", "Ann=ten"),
     "not PLAYER=AMOUNT"),
    # IFP 62: the stacks of every remaining player and no one else, said so.
    (("deal", "Cup", "--kind", "icm", "--agree", "Ann,Bob", "--stacks", "Ann=10"),
     "missing: Bob"),
    (("deal", "Cup", "--kind", "icm", "--agree", "Ann,Bob", "--stacks", "Ann=10,Bob=20,Cid=5"),
     "not remaining: Cid"),
    # IFP 57: several out in one hand are ranked by their stacks at the start of the hand.
    (("bust", "Cup", "Ann", "Bob"), "ranked by their stacks at the start of the hand"),
    (("bust", "Cup", "Ann", "Bob", "--stacks", "Ann=10"), "missing: Bob"),
    (("bust", "Cup", "Ann", "Ann"), "Ann listed twice in one hand"),
    (("bust", "Cup", "Ann", "Zed", "--stacks", "Ann=10,Zed=20"), "unknown player 'Zed'"),
    (("bust", "Cup", "Ann", "Bob", "--stacks", "Ann=10,Bob=20"), "leaves no winner"),
    (("bust", "Cup", "Ann", "--by", "Ann=Bob=Cid"), "unknown player 'Bob=Cid'"),
    (("bust", "Cup", "Ann", "--by", "Ann="), "not PLAYER=WINNER"),
]


def test_cli_bad_input_exits_2_and_writes_nothing(store_url: str) -> None:
    """Issue 4, "Command line": a clear message on standard error, exit status 2, nothing
    written; for each bad input of BAD_INPUT in turn."""
    for command in (("new", "Cup", "--preset", "ifp-2012"), ("register", "Cup", "Ann", "Bob", "Cid"),
                    ("start", "Cup"), ("bust", "Cup", "Cid", "--by", "Ann")):
        assert cli(store_url, *command).exit_code == 0
    store = open_store(store_url)
    try:
        before = [(e.seq, e.payload) for s in store.streams() for e in store.read(s.id)]
        for args, message in BAD_INPUT:
            r = cli(store_url, *args)
            assert r.exit_code == 2, (args, r.output)
            assert message in " ".join(r.stderr.split()) and r.stdout == "", (args, r.stderr)
            assert [(e.seq, e.payload) for s in store.streams()
                    for e in store.read(s.id)] == before, args
    finally:
        store.close()


def test_cli_db_from_the_environment(store_url: str) -> None:
    """Without ``--db`` the commands use ``$POKERTD_DB``."""
    from typer.testing import CliRunner

    from pokertd.cli import app

    runner = CliRunner()
    env = {"POKERTD_DB": store_url}
    assert runner.invoke(app, ["tournament", "new", "Env"], env=env).exit_code == 0
    assert runner.invoke(app, ["tournament", "register", "Env", "Ann", "Bob"], env=env).exit_code == 0
    r = runner.invoke(app, ["tournament", "payouts", "Env"], env=env)
    assert r.exit_code == 2 and "fixed when the field is final" in " ".join(r.stderr.split())
    store = open_store(store_url)
    try:
        assert TournamentService(store).load("Env").tournament.entrants == 2
    finally:
        store.close()


def _late_config(seats: int | None = None):
    """The ifp-2012 preset with late registration and rebuys through level 2 and the add-on
    after level 2 (Gananda structure: 25-minute levels, break 1 after level 4)."""
    from dataclasses import replace

    from pokertd.tournament.structure import Structure

    base = config_preset("ifp-2012")
    structure = Structure.from_dict({**base.structure.to_dict(),
                                     "late_registration_until_level": 2,
                                     "rebuys": {"until_level": 2, "chips": 1500},
                                     "addon": {"after_level": 2, "chips": 3000}})
    return replace(base, structure=structure, seats=seats)


def test_ifp9_ifp59_wpa6_live_payouts_fixed_when_the_last_of_registration_rebuys_addons_closes(
        service: TournamentService) -> None:
    """Issue 4, "Payouts" in a live event, through the service and a clock the test moves:
    the payouts are fixed (and stored) at the first command after late registration, rebuys
    and the add-on have all closed, not at the finish; status shows them then. IFP 9: with
    8 seats for sale and 5 sold, the 3 unsold stacks are removed when registration closes."""
    from pokertd.tournament.payouts import generated_payouts

    clock = service.clock
    start = clock.now
    service.create("Late", _late_config(seats=8), seed=5)
    service.register("Late", ["Ann", "Bob", "Cid", "Dan"])
    begun = service.start("Late")
    assert [e.type for e in begun.clock] == ["level_started"] and begun.tournament.payouts is None
    clock.now = start + 30 * 60                               # level 2: registration open
    service.register("Late", ["Eve"])
    service.rebuy("Late", "Ann")
    shown = status(service.observe("Late").tournament, service.now())
    assert shown["payouts"] is None and shown["registration_open"] and shown["seats"] == 8
    assert shown["dead_stacks"] is None

    clock.now = start + 55 * 60                               # level 3: only the add-on open
    seen = service.observe("Late")
    assert [e.type for e in seen.clock] == ["level_started", "dead_stacks_removed"]
    assert [e.type for e in seen.events] == ["level_started", "dead_stacks_removed"]
    shown = status(seen.tournament, service.now())
    assert shown["dead_stacks"]["seats"] == 3 and shown["dead_stacks"]["chips"] == 3 * 1500
    assert shown["payouts"] is None and not shown["registration_open"]
    with pytest.raises(DirectorError, match="registration is closed"):
        service.register("Late", ["Fay"])
    service.addon("Late", "Bob")                              # WPA 6: after level 2
    assert service.observe("Late").events == ()               # nothing new: nothing written

    clock.now = start + 80 * 60                               # level 4: the field is final
    seen = service.observe("Late")
    assert [e.type for e in seen.events] == ["level_started", "payouts_fixed"]
    pool = 5 * 20 + 20 + 20
    expected = generated_payouts(5, pool, buy_in=20, unit=1)
    shown = status(service.load("Late").tournament, service.now())   # as stored
    assert shown["payouts"] == list(expected) and sum(expected) == pool
    assert shown["chips"] == 5 * 1500 + 1500 + 3000 and shown["average_stack"] == 12000 // 5
    with pytest.raises(DirectorError, match="may not take an add-on"):
        service.addon("Late", "Cid")
    # A bust-out at level 4 pays from the payouts fixed then, and they do not change.
    t = service.bust("Late", "Eve", knocked_out_by="Ann").tournament
    assert t.payouts == expected
    assert sum(1 for e in t.events if e.type == "payouts_fixed") == 1
    assert sum(1 for e in t.events if e.type == "dead_stacks_removed") == 1
    assert stored_state(service, "Late") == t.state()


def test_gananda_absent_player_removed_at_level_3_by_the_next_live_command(
        service: TournamentService) -> None:
    """Gananda: Absent/Late Players in a live event: the first command at level 3 (any one,
    even a bust-out of someone else) records the absent player's chips removed and his place
    before its own events, in the same transaction; an arrival before then keeps the stack."""
    clock = service.clock
    start = clock.now
    service.create("Away", config_preset("gananda"), seed=8)
    service.register("Away", ["Ann", "Bob", "Cid", "Dan"])
    service.register("Away", ["Eve", "Fay"], absent=True)
    service.start("Away")
    clock.now = start + 30 * 60                               # level 2
    service.arrive("Away", "Fay")
    with pytest.raises(DirectorError, match="not absent"):
        service.arrive("Away", "Fay")
    clock.now = start + 51 * 60                               # level 3
    out = service.bust("Away", "Dan", knocked_out_by="Ann")
    assert [(e.type, getattr(e, "player", None)) for e in out.clock] == [
        ("level_started", None), ("busted", "Eve")]
    assert [e.type for e in out.events][:2] == ["level_started", "busted"]
    t = out.tournament
    assert t.players["Eve"].place == 6 and t.players["Dan"].place == 5
    assert not t.players["Fay"].out and t.chips == 5 * 1500
    assert stored_state(service, "Away") == t.state()


def test_cli_payouts_fixed_once_late_registration_rebuys_and_addons_close(store_url: str) -> None:
    """``pokertd tournament payouts|status`` (wall clock) on an event started long ago: the
    clock's events are recorded by the read command, which then shows the fixed payouts and
    the IFP 9 dead stacks; a second read writes nothing."""
    import time

    from pokertd.tournament.payouts import generated_payouts

    store = open_store(store_url)
    try:
        service = TournamentService(store, clock=Clock(time.time() - 3 * 3600))
        service.create("Old", _late_config(seats=6), seed=1)
        service.register("Old", ["Ann", "Bob", "Cid"])
        service.start("Old")
        stored = len(store.read(store.find_stream("tournament", "Old").id))
    finally:
        store.close()
    r = cli(store_url, "payouts", "Old", "--format", "json")
    assert r.exit_code == 0, r.stderr
    assert [row["amount"] for row in json.loads(r.stdout)] == list(
        generated_payouts(3, 60, buy_in=20, unit=1))
    st = json.loads(cli(store_url, "status", "Old", "--format", "json").stdout)
    assert st["payouts"] == [row["amount"] for row in json.loads(r.stdout)]
    assert st["dead_stacks"] == {"seats": 3, "chips": 4500, "rule": "IFP 9", "by_value": [
        [5, 75], [25, 39], [50, 21], [100, 6], [500, 3]]}
    r = cli(store_url, "status", "Old")
    assert r.exit_code == 0 and "3 unsold seat(s): 4,500 chips taken out of play (IFP 9)" in r.stdout
    store = open_store(store_url)
    try:
        events = store.read(store.find_stream("tournament", "Old").id)
        assert [e.type for e in events[stored:]] == [
            "level_started", "dead_stacks_removed", "payouts_fixed"]
    finally:
        store.close()


def test_cli_ifp9_seats_for_sale(store_url: str) -> None:
    """``pokertd tournament new --seats N``: registration stops when the seats are sold (exit
    2, nothing written); the start removes the unsold seats' stacks (IFP 9) and says so."""
    assert cli(store_url, "new", "Sat", "--preset", "ifp-2012", "--seats", "3").exit_code == 0
    r = cli(store_url, "register", "Sat", "Ann", "Bob")
    assert r.exit_code == 0 and "1 of 3 seats unsold" in r.stdout
    r = cli(store_url, "register", "Sat", "Cid", "Dan")
    assert r.exit_code == 2 and "all 3 seats are sold" in " ".join(r.stderr.split())
    r = cli(store_url, "start", "Sat")
    assert r.exit_code == 0
    assert ("remove the starting stacks of 1 unsold seat(s), 1,500 chips (25 x 5, 13 x 25, "
            "7 x 50, 2 x 100, 1 x 500) (IFP 9)") in r.stdout
    st = json.loads(cli(store_url, "status", "Sat", "--format", "json").stdout)
    assert st["entrants"] == 2 and st["chips"] == 3000 and st["dead_stacks"]["seats"] == 1
    r = cli(store_url, "new", "Bad", "--seats", "1")
    assert r.exit_code == 2 and "at least two seats" in r.stderr


def test_cli_new_with_own_structure_file_zero_minute_level_exits_2_nothing_written(
        store_url: str, tmp_path) -> None:
    """Issue 4, bad input: ``tournament new --structure FILE`` with a level of zero minutes is
    refused (exit 2, the level named, no tournament stored); a valid file is the structure the
    event runs on (here late registration through level 2, IFP 9)."""
    bad = tmp_path / "bad.toml"
    bad.write_text("starting_stack = 1000\n[[periods]]\nminutes = 10\nsmall_blind = 5\n"
                   "big_blind = 10\n[[periods]]\nminutes = 0\nsmall_blind = 10\nbig_blind = 20\n",
                   encoding="utf-8")
    r = cli(store_url, "new", "Own", "--structure", str(bad))
    assert r.exit_code == 2 and "level 2: a duration of 0 minutes" in " ".join(r.stderr.split())
    store = open_store(store_url)
    try:
        assert store.streams() == []
    finally:
        store.close()
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"starting_stack": 2000, "late_registration_until_level": 2,
                                "periods": [{"minutes": 10, "small_blind": 5, "big_blind": 10},
                                            {"minutes": 10, "small_blind": 10, "big_blind": 20},
                                            {"minutes": 10, "small_blind": 20, "big_blind": 40}]}),
                    encoding="utf-8")
    assert cli(store_url, "new", "Own", "--structure", str(good)).exit_code == 0
    assert cli(store_url, "register", "Own", "Ann", "Bob").exit_code == 0
    assert cli(store_url, "start", "Own").exit_code == 0
    r = cli(store_url, "register", "Own", "Cid")                # late entry, level 1 (IFP 9)
    assert r.exit_code == 0 and "seat: Cid" in r.stdout
    st = json.loads(cli(store_url, "status", "Own", "--format", "json").stdout)
    assert st["chips"] == 3 * 2000 and st["payouts"] is None and st["registration_open"]


def test_cli_new_with_buy_in_fee_split_and_own_payout_table_not_summing_to_100_exits_2(
        store_url: str, tmp_path) -> None:
    """Issue 4, Configuration and bad input: ``tournament new --buy-in --to-prize-pool
    --payouts FILE``. A payout table not summing to 100% (Gananda: Payout, as data) or a
    prize-pool part above the buy-in is refused: exit 2, the problem named, no tournament
    stored. A valid table is what the event pays, kept in the database with the buy-in split
    (here $55 = $50 to the pool + a $5 fee)."""
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "club"\n[[brackets]]\nentrants = [2, 20]\npercents = [60, 30]\n',
                   encoding="utf-8")
    r = cli(store_url, "new", "Club", "--payouts", str(bad))
    assert r.exit_code == 2 and "sum to 90%, not 100%" in " ".join(r.stderr.split())
    r = cli(store_url, "new", "Club", "--buy-in", "10", "--to-prize-pool", "12")
    assert r.exit_code == 2 and "the prize-pool part is from 0 to the buy-in" in r.stderr
    r = cli(store_url, "new", "Club", "--payouts", "halves")
    assert r.exit_code == 2 and "gananda, generated, or a .toml or .json" in r.stderr
    store = open_store(store_url)
    try:
        assert store.streams() == []
    finally:
        store.close()
    good = tmp_path / "club.json"
    good.write_text(json.dumps({"name": "club", "rule": "Club: Payouts", "brackets": [
        {"entrants": [2, 5], "percents": [100]},
        {"entrants": [6, 20], "percents": ["62.5", "37.5"]}]}), encoding="utf-8")
    r = cli(store_url, "new", "Club", "--buy-in", "55", "--to-prize-pool", "50",
            "--payouts", str(good))
    assert r.exit_code == 0, r.output
    assert "buy-in 55, 50 to the prize pool" in r.stdout
    assert cli(store_url, "register", "Club", *PLAYERS[:8]).exit_code == 0
    assert cli(store_url, "start", "Club").exit_code == 0
    st = json.loads(cli(store_url, "status", "Club", "--format", "json").stdout)
    assert st["prize_pool"] == 8 * 50 and st["payouts"] == [250, 150]
    store = open_store(store_url)
    try:
        fixed = [e.payload for s in store.streams() for e in store.read(s.id)
                 if e.type == "payouts_fixed"]
    finally:
        store.close()
    assert fixed == [{"entrants": 8, "pool": 400, "amounts": [250, 150], "rule": "Club: Payouts"}]
