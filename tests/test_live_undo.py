"""Undo and redo of a live event's commands (issue 14, "What a director must not miss"; the web
console of issue 9 uses the same service).

An undo is an event naming the command's batch: nothing is deleted, the replay leaves the
command out (:mod:`pokertd.services.history`). Through the service on SQLite and PostgreSQL,
and through ``pokertd tournament undo|redo`` (CliRunner).
"""

from __future__ import annotations

import json
import random

import pytest

from pokertd.services.history import HistoryError
from pokertd.services.tournaments import TournamentService, status
from pokertd.storage import ConcurrencyError, open_store
from pokertd.tournament.house import config_preset

PLAYERS = [f"Player {i:02d}" for i in range(1, 12)]


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now
        self.hook = None

    def __call__(self) -> float:
        if self.hook is not None:
            hook, self.hook = self.hook, None
            hook()
        return self.now


@pytest.fixture
def service(store_url: str):
    store = open_store(store_url)
    try:
        yield TournamentService(store, clock=Clock())
    finally:
        store.close()


def shown(service: TournamentService, name: str) -> dict:
    """What ``status`` shows now (the clock's events recorded first, as the CLI does)."""
    return status(service.observe(name).tournament, service.now())


def log(service: TournamentService, name: str) -> list:
    info = service.store.find_stream("tournament", name)
    return [(e.seq, e.type, e.payload) for e in service.store.read(info.id)]


def started(service: TournamentService, name: str, players=PLAYERS, preset="gananda"):
    service.create(name, config_preset(preset), seed=14)
    service.register(name, list(players))
    service.clock.now += 60
    return service.start(name).tournament


def test_undo_a_wrong_bust_restores_exactly_the_earlier_status(service) -> None:
    """Issue 14 / issue 9: a wrong bust-out that formed the final table (IFP 15 redraw;
    Gananda: Final Table stops the clock) is undone: status is exactly what it was before the
    bust, the log kept everything and gained the undo, and the undo lists the seat moves to
    reverse (every final-table seat back to its table) and the player back in play."""
    t = started(service, "Fri")
    victim = PLAYERS[0]
    table = t.floor.where[victim][0]
    knocker = next(p for p in PLAYERS[1:] if t.floor.where[p][0] == table)
    service.clock.now += 300
    before = shown(service, "Fri")
    where_before = dict(service.load("Fri").tournament.floor.where)
    kept = log(service, "Fri")
    out = service.bust("Fri", victim, knocked_out_by=knocker)
    assert any(e.type == "final_table_formed" for e in out.result)
    moved = {p for p, *_ in next(e for e in out.result if e.type == "final_table_formed").seats}

    undone = service.undo("Fri")
    r = undone.result
    assert r.command.kind == "bust" and r.command.id == out.batch
    assert r.text == f"bust {victim} (by {knocker})"
    assert f"{victim} is back in play (was out in place 11)" in r.changes
    assert f"{knocker}'s knockouts: 1 -> 0" in r.changes
    assert "the clock is running" in r.changes          # the final table's stop undone
    # The moves to reverse: each player seated at the final table goes back to his seat, the
    # player busted sits down again.
    back = {m["player"]: (m["to_table"], m["to_seat"]) for m in r.moves}
    at_bust = out.tournament.floor.where
    assert back == {p: where_before[p] for p in where_before if at_bust.get(p) != where_before[p]}
    assert victim in back and len(back) > 1 and set(back) <= moved | {victim}
    assert service.load("Fri").tournament.floor.where == where_before
    assert shown(service, "Fri") == before
    # Nothing deleted: the log is the old one, the bust's batch and the undo.
    now = log(service, "Fri")
    assert now[:len(kept)] == kept
    assert [e[1] for e in now if e[1] in ("undone", "redone")] == ["undone"]
    assert next(e for e in now if e[1] == "undone")[2]["batch"] == out.batch


def test_undo_register_start_and_twice_then_redo(service) -> None:
    """Undo takes back the commands one by one, the last first (register, start, bust); redo
    puts them back in the same order, each exactly as it was recorded."""
    service.create("Club", config_preset("ifp-2012"), seed=3)
    service.register("Club", ["Ann", "Bob", "Cid"])
    s_reg1 = service.load("Club").tournament.state()
    service.register("Club", ["Dan"])
    s_reg2 = service.load("Club").tournament.state()
    service.start("Club")
    s_start = service.load("Club").tournament.state()
    service.bust("Club", "Dan")
    s_bust = service.load("Club").tournament.state()

    r = service.undo("Club").result                     # the bust
    assert r.command.kind == "bust" and service.load("Club").tournament.state() == s_start
    r = service.undo("Club").result                     # the start
    assert r.command.kind == "start"
    assert "the tournament is not started: the clock and the seat draw are withdrawn" in r.changes
    assert service.load("Club").tournament.state() == s_reg2
    r = service.undo("Club").result                     # the second registration
    assert r.command.kind == "register" and r.changes == ("Dan is no longer registered",
                                                          "prize pool 80 -> 60")
    assert service.load("Club").tournament.state() == s_reg1
    assert [b.kind for b in service.history("Club").redo_chain()] == ["register", "start",
                                                                       "bust"]
    assert service.redo("Club").tournament.state() == s_reg2
    assert service.redo("Club").tournament.state() == s_start
    out = service.redo("Club")
    assert out.result.command.kind == "bust" and out.result.next_redo is None
    assert out.result.changes[0] == "Dan is out in place 4"
    assert service.load("Club").tournament.state() == s_bust


def test_an_undo_dry_run_shows_the_changes_and_writes_nothing(service) -> None:
    """The console shows what an undo would change back before it is made: ``dry_run`` gives
    the same changes and moves as the undo itself, and writes nothing."""
    started(service, "Dry", players=["Ann", "Bob", "Cid", "Dan"])
    service.bust("Dry", "Dan", knocked_out_by=None)
    kept = log(service, "Dry")
    preview = service.undo("Dry", dry_run=True)
    assert preview.batch is None and preview.events == () and log(service, "Dry") == kept
    done = service.undo("Dry")
    assert (preview.result.changes, preview.result.moves) == (done.result.changes,
                                                              done.result.moves)
    assert preview.tournament.state() == done.tournament.state()
    kept = log(service, "Dry")
    assert service.redo("Dry", dry_run=True).result.changes == ("Dan is out in place 4",)
    assert log(service, "Dry") == kept


def test_undo_a_rebuy_that_kept_a_busted_player_in(service) -> None:
    """IFP 59: a player reported busted who rebuys before the next hand stays in (his place
    and the knockout taken back); undoing the rebuy puts him out again, exactly as before, and
    the output says so, with his seat to leave."""
    from dataclasses import replace

    from pokertd.tournament.structure import Structure

    base = config_preset("ifp-2012")
    rebuys = {"until_level": 2, "chips": 1500, "max_per_player": 2, "max_stack": 1500}
    config = replace(base, structure=Structure.from_dict({**base.structure.to_dict(),
                                                          "rebuys": rebuys}))
    service.create("Rebuy", config, seed=4)
    service.register("Rebuy", [f"p{i:02d}" for i in range(1, 9)])
    t = service.start("Rebuy").tournament
    victim, knocker = t.floor.tables[1].seats[0], t.floor.tables[1].seats[1]
    service.bust("Rebuy", victim, knocked_out_by=knocker)
    before = shown(service, "Rebuy")
    rebought = service.rebuy("Rebuy", victim.upper())
    assert not rebought.tournament.players[victim].out
    r = service.undo("Rebuy").result
    assert r.command.kind == "rebuy"
    assert f"{victim} is out in place 8" in r.changes
    assert f"{knocker}'s knockouts: 0 -> 1" in r.changes
    assert f"{victim}'s rebuys: 1 -> 0" in r.changes
    assert [m["player"] for m in r.moves] == [victim] and r.moves[0]["to_table"] is None
    assert shown(service, "Rebuy") == before


def test_nothing_to_undo_or_redo_is_refused_and_writes_nothing(service) -> None:
    """Undo with no command since the creation, and redo with nothing undone: a clear refusal,
    the log unchanged."""
    service.create("Empty", config_preset("gananda"))
    kept = log(service, "Empty")
    with pytest.raises(HistoryError, match="nothing to undo"):
        service.undo("Empty")
    with pytest.raises(HistoryError, match="nothing to redo"):
        service.redo("Empty")
    service.register("Empty", ["Ann", "Bob"])
    service.undo("Empty")
    with pytest.raises(HistoryError, match="nothing to undo"):
        service.undo("Empty")
    kept = log(service, "Empty")
    # A new command after an undo clears the redo chain, as in any editor.
    service.register("Empty", ["Cid", "Dan"])
    with pytest.raises(HistoryError, match="nothing to redo"):
        service.redo("Empty")
    assert sorted(service.load("Empty").tournament.players) == ["Cid", "Dan"]
    assert log(service, "Empty")[:len(kept)] == kept


def test_undo_leaves_the_clock_events_out_and_the_clock_brings_them_back(service) -> None:
    """The clock's events recorded with a command (here the level 2 start, IFP 23) are left out
    with it by an undo, and the undo records them again at once since the clock has brought
    them (the log follows the clock); a read between the undo and a redo records the clock's
    next level, and the redo puts the command back, leaving that read's events out and
    recording the level again, once."""
    t = started(service, "Clock", players=["Ann", "Bob", "Cid", "Dan"])
    minutes = t.structure.level(1).minutes
    service.clock.now += minutes * 60 + 5                  # into level 2
    out = service.bust("Clock", "Dan")
    assert [e.type for e in out.clock] == ["level_started"]
    undone = service.undo("Clock")
    assert [(e.type, e.level) for e in undone.clock] == [("level_started", 2)]
    st = shown(service, "Clock")
    assert st["clock"]["level"] == 2 and st["players_left"] == 4
    service.clock.now += t.structure.level(2).minutes * 60   # into level 3 (Gananda: 25 min)
    seen = service.observe("Clock")
    assert [(e.type, e.level) for e in seen.clock] == [("level_started", 3)]
    redone = service.redo("Clock")
    assert redone.result.command.id == out.batch
    t = redone.tournament
    assert t.players["Dan"].out and t.alive == 3
    # Every level started once in the replayed log, however the batches came and went.
    levels = [e.level for e in t.events if e.type == "level_started"]
    assert levels == sorted(set(levels))
    assert levels == [1, 2, 3]
    assert [(e.type, e.level) for e in redone.clock] == [("level_started", 3)]
    assert service.load("Clock").tournament.state() == t.state()


def test_undo_and_redo_replay_like_the_states_they_return_to(service) -> None:
    """Random commands (bust-outs with their moves, pauses, resumes) with undos and redos in
    between: after every undo the tournament is exactly as before the command undone, after
    every redo exactly as after it, and the stored log always replays to what was returned."""
    chance = random.Random(1414)
    t = started(service, "Model", players=[f"P{i:02d}" for i in range(23)])
    states = [t.state()]            # the state after each command in play
    undone: list = []               # states after the commands undone, the last on top
    for _ in range(40):
        t = service.load("Model").tournament
        roll = chance.random()
        if roll < 0.25 and len(states) > 1:
            out = service.undo("Model")
            undone.append(states.pop())
            assert out.tournament.state() == states[-1]
        elif roll < 0.4 and undone:
            out = service.redo("Model")
            states.append(undone.pop())
            assert out.tournament.state() == states[-1]
        elif t.finished:
            continue
        elif t.clock.paused:
            states.append(service.resume("Model").tournament.state())
            undone.clear()
        else:
            left = [p.name for p in t.players.values() if not p.out]
            victim = chance.choice(left)
            table = t.floor.where[victim][0]
            by = chance.choice([p for p in left if p != victim and t.floor.where[p][0] == table])
            wait = t.balancing_wait()
            buttons = None
            if wait is not None:
                buttons = {x: t.floor.tables[x].seats.index(
                    next(p for p in t.floor.tables[x].seats if p is not None)) + 1
                    for x in wait["buttons_needed"]}
            states.append(service.bust("Model", victim, knocked_out_by=by,
                                       buttons=buttons).tournament.state())
            undone.clear()
        assert service.load("Model").tournament.state() == states[-1]


def test_undo_and_redo_as_the_clock_runs(service) -> None:
    """Commands, reads, undos and redos while the clock runs (levels start, the final table
    stops the clock): after each one the players out are those of the commands in play, each
    level has started once in the replayed log, in order, and the stored log replays to what
    was returned."""
    chance = random.Random(909)
    started(service, "Run", players=[f"P{i:02d}" for i in range(14)])
    out_after = [frozenset()]       # the players out after each command in play
    undone: list = []
    for _ in range(50):
        service.clock.now += chance.randint(0, 9) * 60
        t = service.load("Run").tournament
        roll = chance.random()
        if roll < 0.2 and len(out_after) > 1:
            t = service.undo("Run").tournament
            undone.append(out_after.pop())
        elif roll < 0.3 and undone:
            t = service.redo("Run").tournament
            out_after.append(undone.pop())
        elif roll < 0.4:
            t = service.observe("Run").tournament
        elif t.finished:
            continue
        elif t.clock.paused:
            t = service.resume("Run").tournament
            out_after.append(out_after[-1])
            undone.clear()
        else:
            left = [p.name for p in t.players.values() if not p.out]
            victim = chance.choice(left)
            t = service.bust("Run", victim).tournament
            out_after.append(out_after[-1] | {victim})
            undone.clear()
        assert {p.name for p in t.players.values() if p.out} == out_after[-1]
        levels = [e.level for e in t.events if e.type == "level_started"]
        assert levels == list(range(1, len(levels) + 1))
        assert service.load("Run").tournament.state() == t.state()


def test_an_undo_that_loses_a_race_writes_nothing(service, store_url: str) -> None:
    """Two directors at once (the CLI and the console): an undo whose tournament changes
    between its read and its write is refused by the store's optimistic check, nothing
    written; an undo naming the command it means (``expected``) is refused once another
    command has become the last."""
    started(service, "Race", players=["Ann", "Bob", "Cid", "Dan"])
    other_store = open_store(store_url)
    try:
        other = TournamentService(other_store, clock=Clock(service.clock.now))
        last = service.history("Race").last_command()
        service.clock.hook = lambda: other.bust("Race", "Dan")
        kept = log(service, "Race")
        with pytest.raises(ConcurrencyError):
            service.undo("Race")
        assert len(log(service, "Race")) > len(kept)       # the other's bust, no undo
        assert all(e[1] != "undone" for e in log(service, "Race"))
        with pytest.raises(HistoryError, match="another command changed the tournament"):
            service.undo("Race", expected=last.id)
        assert service.undo("Race").result.command.kind == "bust"
    finally:
        other_store.close()


# --- the CLI ----------------------------------------------------------------------------------


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def test_cli_undo_and_redo(store_url: str) -> None:
    """``pokertd tournament undo NAME`` lists what it changes back and the command before;
    ``redo`` puts it back; nothing to undo: ``Error: ...``, exit 2; ``--format json``."""
    def ok(*args: str):
        r = cli(store_url, *args)
        assert r.exit_code == 0, r.stdout + r.stderr
        return r.stdout

    ok("new", "Fri", "--preset", "gananda", "--seed", "9")
    r = cli(store_url, "undo", "Fri")
    assert r.exit_code == 2 and "Error: Fri: nothing to undo" in r.stderr
    ok("register", "Fri", "Ann", "Bob", "Cid")
    ok("start", "Fri")
    before = json.loads(ok("status", "Fri", "--format", "json"))
    ok("bust", "Fri", "Cid", "--by", "Ann")
    text = ok("undo", "Fri")
    assert text.startswith("undone: bust Cid (by Ann), recorded ")
    assert "  Cid is back in play (was out in place 3)" in text
    assert "  Ann's knockouts: 1 -> 0" in text
    assert "move: Cid sits at table 1 seat" in text
    assert "redo puts back: bust Cid (by Ann)" in text and "next undo: start" in text
    after = json.loads(ok("status", "Fri", "--format", "json"))
    for st in (before, after):                                  # the time runs on
        st["clock"].pop("seconds_left"), st["clock"]["next_break"].pop("seconds_to")
    assert after == before
    data = json.loads(ok("redo", "Fri", "--format", "json"))
    assert data["redone"]["command"] == "bust" and data["redone"]["args"]["players"] == ["Cid"]
    assert "Cid is out in place 3" in data["changes"] and data["next_redo"] is None
    r = cli(store_url, "redo", "Fri")
    assert r.exit_code == 2 and "Error: Fri: nothing to redo" in r.stderr
    preview = ok("undo", "Fri", "--dry-run")
    assert preview.startswith("would undo: bust Cid (by Ann)")
    assert "  Cid is back in play (was out in place 3)" in preview
    assert "nothing written (--dry-run)" in preview
    assert json.loads(ok("undo", "Fri", "--dry-run", "--format", "json"))["written"] is False
    assert ok("undo", "Fri").startswith("undone: bust Cid (by Ann)")
    text = ok("undo", "Fri")
    assert text.startswith("undone: start")
    assert "the tournament is not started: the clock and the seat draw are withdrawn" in text
    assert "next undo: register Ann, Bob, Cid" in text
