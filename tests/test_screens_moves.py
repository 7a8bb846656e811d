"""The room's screens never stale (issue 22): the moves ticker holds the seat moves still to be
made, newest first (pokertd.services.screens.pending_moves, sent to the screens as the
snapshot's ``pending_moves``); the players' nicknames for the seats screen and the phone;
hand-for-hand offered with two tables or more (IFP 61). The ticker in a browser:
tests/test_web_screens_stale_browser.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokertd.services.console import ConsoleNotes
from pokertd.services.players import PlayerDirectory
from pokertd.services.screens import RECENT_MOVES_S, hand_for_hand_offered, pending_moves
from pokertd.services.tournaments import TournamentService
from pokertd.storage import open_store
from pokertd.tournament.house import config_preset
from pokertd.web.views import snapshot

NAME = "Friday"
PLAYERS = [f"P{i:02d}" for i in range(23)]


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(tmp_path, clock: Clock) -> Iterator[TournamentService]:
    store = open_store(f"sqlite:///{tmp_path / 'screens.db'}", create=True)
    service = TournamentService(store, clock=clock)
    service.create(NAME, config_preset("gananda"), seed=5)
    service.register(NAME, PLAYERS)               # 23 players: three tables (TDA 8-A)
    service.start(NAME)
    try:
        yield service
    finally:
        store.close()


def step(service: TournamentService) -> None:
    """The next thing a director does on this night: the buttons a balancing move waits for
    (IFP 11a), else a bust-out at the shortest table."""
    t = service.load(NAME).tournament
    wait = t.balancing_wait()
    if wait and wait["buttons_needed"]:
        service.buttons(NAME, {tb: 1 for tb in wait["buttons_needed"]})
    else:
        table = min(t.floor.tables.values(), key=lambda x: x.count)
        service.bust(NAME, next(p for p in table.seats if p is not None))


def pending(service: TournamentService) -> list[dict]:
    return snapshot(service, NAME)["pending_moves"]


def until_a_table_breaks(service: TournamentService) -> list[dict]:
    """Step until a table is broken; the moves pending just before it."""
    before: list[dict] = []
    for _ in range(20):
        tables = service.load(NAME).tournament.floor.table_count
        before = pending(service)
        step(service)
        if service.load(NAME).tournament.floor.table_count < tables:
            return before
    raise AssertionError("no table was broken")


def test_a_move_made_obsolete_by_a_table_broken_later_leaves_the_ticker(service) -> None:
    """A balancing move into a table (IFP 11a) that a later bust-out breaks (IFP 10): the
    player now goes from that seat to his new one; the first move is no longer to be made."""
    before = until_a_table_breaks(service)
    t = service.load(NAME).tournament
    broken = next(e for e in reversed(t.events) if e.type == "table_broken").table
    into_broken = [m for m in before if f"-> table {broken} seat" in m["text"]]
    assert into_broken, "the scenario has a balancing move into the table broken next"
    now = pending(service)
    texts = [m["text"] for m in now]
    for m in into_broken:
        assert m["text"] not in texts
        assert any(x["player"] == m["player"] and x["text"].startswith(
            f"{m['player']}: table {broken} seat ") for x in now), m
    # Newest first: the table broken, then its players' moves, then the older moves.
    assert now[0]["player"] is None and now[0]["text"].startswith(f"table {broken} is broken")
    from_broken = [m for m in now if m["text"].split(": ", 1)[-1].startswith(f"table {broken} seat")]
    assert [m["text"] for m in now[1:1 + len(from_broken)]] == [m["text"] for m in from_broken]
    older = [m for m in now[1 + len(from_broken):]]
    assert all(m in before for m in older)
    # Every move still pending leads where the player sits now.
    for m in now:
        if m["player"] is not None:
            table, seat = t.floor.where[m["player"]]
            assert m["text"].split(" -> ")[1].startswith(f"table {table} seat {seat} "), m


def test_a_move_confirmed_undone_or_old_leaves_the_ticker(service, clock) -> None:
    until_a_table_breaks(service)
    now = pending(service)
    mover = next(m for m in now if m["player"] is not None)
    # Confirmed as carried out in the console (issue 9): off the ticker, the rest stays.
    ConsoleNotes(service.store).confirm(NAME, mover["key"])
    assert pending(service) == [m for m in now if m["key"] != mover["key"]]
    ConsoleNotes(service.store).confirm(NAME, mover["key"], done=False)
    assert pending(service) == now
    # Undone: the table is whole again; its moves are not to be made.
    service.undo(NAME)
    back = pending(service)
    assert not any("broken" in m["text"] for m in back)
    service.redo(NAME)
    assert [m["text"] for m in pending(service)] == [m["text"] for m in now]
    # Moves recorded more than RECENT_MOVES_S ago are taken as made.
    clock.now += RECENT_MOVES_S + 1
    assert pending(service) == []


def test_a_player_out_since_his_move_leaves_the_ticker(service) -> None:
    until_a_table_breaks(service)
    now = pending(service)
    mover = next(m for m in now if m["player"] is not None)
    service.bust(NAME, mover["player"])
    after = pending(service)
    assert mover["player"] not in {m["player"] for m in after}
    assert all(m in now for m in after)


def test_the_table_broken_leaves_with_its_last_player_to_move(service) -> None:
    until_a_table_breaks(service)
    now = pending(service)
    head = now[0]
    assert head["player"] is None
    broken = int(head["text"].split()[1])
    notes = ConsoleNotes(service.store)
    for m in now:
        if m["player"] is not None and f": table {broken} seat" in m["text"]:
            notes.confirm(NAME, m["key"])
    assert all(m["player"] is not None for m in pending(service))


def test_the_screens_know_each_players_nickname(service) -> None:
    directory = PlayerDirectory(service.store)
    directory.add("P03", nickname="Ace")
    directory.add("Not Here", nickname="Ghost")
    directory.add("P04")
    assert snapshot(service, NAME)["nicknames"] == {"P03": "Ace"}


def test_hand_for_hand_is_offered_with_two_tables_or_more_ifp_61(service) -> None:
    """IFP 61: every table starts each hand together: with one table there is nothing to
    synchronise, and the director refuses it (the console does not offer it)."""
    t = service.load(NAME).tournament
    assert t.floor.table_count == 3 and hand_for_hand_offered(t)
    assert snapshot(service, NAME)["hand_for_hand_offered"] is True
    for _ in range(40):
        if service.load(NAME).tournament.floor.table_count == 1:
            break
        step(service)
    t = service.load(NAME).tournament
    assert t.floor.table_count == 1 and not t.finished
    assert hand_for_hand_offered(t) is False
    assert snapshot(service, NAME)["hand_for_hand_offered"] is False
    with pytest.raises(Exception, match="two tables or more"):
        service.hand_for_hand(NAME, "start")


def test_pending_moves_reads_the_log_in_play_only(service) -> None:
    """The keys are the console's (the event's place in the log in play and the line's): a
    confirmation made in the console names the same move."""
    until_a_table_breaks(service)
    loaded = service.load(NAME)
    t = loaded.tournament
    keys = {m["key"] for m in pending_moves(t, loaded.history, (), service.now())}
    console = {m["key"] for m in snapshot(service, NAME, console=True)["moves"]}
    assert console and console <= keys
