"""The replay a long-lived service keeps of each tournament (issue 9: the web server loads the
same event at every command and screen update; DESIGN: "Replaying the events rebuilds the state
exactly").

A service applies only the events stored since its last load; an undo or a redo replays the log
again. Every load must give what a replay of the whole log gives, whoever wrote the events (this
service, another one on the same store as the CLI is), after a refused command, and whatever the
caller does with the tournament it was given.
"""

from __future__ import annotations

import random

import pytest

from live_clock import Clock
from pokertd.services.history import read_history
from pokertd.services.tournaments import TournamentService, status
from pokertd.storage import open_store
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset

NAME = "Friday"


def fresh(service: TournamentService, name: str = NAME) -> tuple[Tournament, int]:
    """The tournament replayed from the whole stored log, as a new process reads it."""
    info = service.store.find_stream("tournament", name)
    recorded = service.store.read(info.id)
    return Tournament.replay(read_history(recorded).events()), recorded[-1].seq


def same(service: TournamentService, now: float) -> None:
    """Both what a load gives (the caller's copy) and what the readers share (the screens'
    view) are the whole log's replay."""
    t, head = fresh(service)
    h = read_history(service.store.read(service.store.find_stream("tournament", NAME).id))
    for loaded in (service.load(NAME), service.view(NAME)):
        assert loaded.head == head
        assert [e.type for e in loaded.tournament.events] == [e.type for e in t.events]
        assert loaded.tournament.events == t.events
        assert status(loaded.tournament, now) == status(t, now)
        assert {p.name: p for p in loaded.tournament.players.values()} == t.players
        assert [b.id for b in loaded.history.undo_chain()] == [b.id for b in h.undo_chain()]
        assert [b.id for b in loaded.history.redo_chain()] == [b.id for b in h.redo_chain()]


@pytest.fixture
def two(tmp_path):
    """The web's long-lived service and another writer (the CLI) on one SQLite file."""
    url = f"sqlite:///{tmp_path / 'pokertd.db'}"
    clock = Clock()
    with open_store(url) as a, open_store(url) as b:
        yield TournamentService(a, clock=clock), TournamentService(b, clock=clock), clock


@pytest.mark.parametrize("tail", [64, 2])
def test_kept_replay_is_the_whole_logs_replay_through_commands_undo_redo_and_other_writers(
        two, monkeypatch, tail):
    """``tail``: how many events are applied to the kept pickle before it is made again (2:
    again and again over the run)."""
    from pokertd.services.tournaments import _Kept

    monkeypatch.setattr(_Kept, "TAIL", tail)
    web, cli, clock = two
    rng = random.Random(7)
    web.create(NAME, config_preset("gananda"), seed=3)
    web.register(NAME, [f"P{i:02d}" for i in range(23)])
    same(web, clock.now)
    cli.start(NAME)
    same(web, clock.now)
    for step in range(30):
        clock.now += rng.choice((30, 200, 700))
        writer = rng.choice((web, cli))
        t = writer.load(NAME).tournament
        choice = rng.random()
        if choice < 0.2 and t.alive < 23:
            writer.undo(NAME)
        elif choice < 0.3 and writer.load(NAME).history.next_redo() is not None:
            writer.redo(NAME)
        elif t.alive > 2:
            wait = t.balancing_wait()
            if wait and wait.get("buttons_needed"):
                writer.buttons(NAME, {tb: 1 for tb in wait["buttons_needed"]})
            else:
                victim = rng.choice([p for p in t.players.values() if not p.out]).name
                writer.bust(NAME, victim)
        else:
            writer.observe(NAME)
        same(web, clock.now)
        same(cli, clock.now)


def test_a_refused_command_leaves_the_kept_replay_as_the_log(two):
    """A command refused half-way changed its own copy only: nothing was written, and the next
    load is the log's replay (IFP 57: no knockout credited to the player himself)."""
    web, _, clock = two
    web.create(NAME, config_preset("gananda"), seed=3)
    web.register(NAME, [f"P{i:02d}" for i in range(12)])
    web.start(NAME)

    def half_then_refused(t: Tournament):
        t.bust("P01", knocked_out_by="P02", now=clock.now)
        raise DirectorError("refused after a change")

    with pytest.raises(DirectorError):
        web.run(NAME, half_then_refused, now=clock.now, label="bust")
    assert not web.load(NAME).tournament.players["P01"].out
    same(web, clock.now)


def test_what_a_caller_does_with_its_tournament_stays_with_it(two):
    """A screen lets the clock run in memory on its copy (nothing written): the next load does
    not see it."""
    web, _, clock = two
    web.create(NAME, config_preset("gananda"), seed=3)
    web.register(NAME, [f"P{i:02d}" for i in range(12)])
    web.start(NAME)
    mine = web.load(NAME).tournament
    clock.now += 3 * 3600
    assert mine.follow_clock(clock.now)      # levels went by, in memory only
    mine.players["P03"].out = True
    assert len(web.load(NAME).tournament.events) < len(mine.events)
    assert not web.load(NAME).tournament.players["P03"].out
    same(web, clock.now - 3 * 3600)


def test_a_log_written_before_batches_existed_goes_on_in_its_last_batch(two) -> None:
    """A log of no markers (recorded before undo existed): the events another writer appends
    to it plainly are applied as a replay from the start applies them."""
    from pokertd.services.tournaments import _new_event

    web, _, clock = two
    web.create(NAME, config_preset("gananda"), seed=3)
    info = web.store.find_stream("tournament", NAME)
    t = web.load(NAME).tournament
    for p in ("Ann", "Bob", "Cid"):
        t.register(p)
    web.store.append(info.id, 1, [_new_event(e) for e in t.events[1:]])
    same(web, clock.now)
    t.start(clock.now)
    web.store.append(info.id, 4, [_new_event(e) for e in t.events[4:]])
    same(web, clock.now)
    assert web.load(NAME).tournament.started
    assert web.load(NAME).history.last_command() is None     # nothing an undo reaches
