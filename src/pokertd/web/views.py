"""What the screens show, as plain data: read from the event log, never written to it.

A public screen must not change the log, so it does not call ``observe`` (which records what
the clock has brought). It replays the tournament and lets the clock run *in memory*
(:meth:`Tournament.follow_clock` on the replayed copy, discarded): the same state a command at
that moment would find, with nothing written. When the clock has brought nothing since the
log's last record (the usual case: :meth:`Tournament.clock_brings`), there is nothing to let
run, and the screens read the replay the service shares among its readers, nothing copied.

The time left is the server's: the snapshot carries ``server_time`` and each period's
``seconds_left`` at that time. The page counts down from them and is re-synced by every
snapshot, so the browser's own timer never accumulates drift.
"""

from __future__ import annotations

from typing import Any

from pokertd.services.console import ConsoleNotes, as_dict, move_keys
from pokertd.services.screens import hand_for_hand_offered, nicknames, pending_moves
from pokertd.services.tournaments import (
    Loaded,
    TournamentService,
    status,
)
from pokertd.tournament.director import Tournament


def load_now(service: TournamentService, name: str) -> tuple[Tournament, int, int, float]:
    """The tournament replayed and brought to the clock's present in memory (nothing written),
    its stream id, the number of its last stored event, and the time used."""
    t, loaded, now = _loaded_now(service, name)
    return t, loaded.stream_id, loaded.head, now


def _loaded_now(service: TournamentService, name: str, *,
                shared: bool = False) -> tuple[Tournament, Loaded, float]:
    """``shared``: the caller only reads: the service's shared replay when the clock has
    brought nothing to record (the usual case: nothing is copied), else a copy of its own."""
    now = service.now()
    if shared:
        loaded = service.view(name)
        try:
            if not loaded.tournament.clock_brings(now):
                return loaded.tournament, loaded, now
        except ValueError:
            return loaded.tournament, loaded, now   # a clock set behind the log: as it stands
    loaded = service.load(name)
    t = loaded.tournament
    try:
        t.follow_clock(now)
    except ValueError:
        pass  # a clock set behind the log's last record: show the log as it stands
    return t, loaded, now


def _time_to_break(t: Tournament, now: float) -> float | None:
    """Seconds of play until the next break starts (None: no break ahead, or on one)."""
    st = t.clock.status(now)
    s = t.structure
    if st.on_break:
        return None
    e = st.elapsed
    for i in range(st.period_index + 1, len(s.periods)):
        if s.periods[i].kind == "break":
            return max(0.0, t.clock.period_start(i) - e)
    return None


def _next_period(t: Tournament, now: float) -> dict[str, Any] | None:
    st = t.clock.status(now)
    s = t.structure
    i = st.period_index + 1
    if i >= len(s.periods):
        return None
    p = s.periods[i]
    if p.kind == "break":
        return {"break": True, "minutes": p.seconds // 60, "chip_up": p.chip_up}
    lvl = st.next_level
    assert lvl is not None
    return {"break": False, "level": s.level_number_at(i), "small_blind": lvl.small_blind,
            "big_blind": lvl.big_blind, "ante": lvl.ante, "big_blind_ante": lvl.big_blind_ante}


def snapshot(service: TournamentService, name: str, *, console: bool = False) -> dict[str, Any]:
    """Everything the room's screens (clock, seats) show of one event; ``console``: also
    every player's line (the console's registration, players and deal), which the screens,
    sent to every watcher at each change, do without (they list the players out)."""
    t, loaded, now = _loaded_now(service, name, shared=True)
    head, history = loaded.head, loaded.history
    notes = ConsoleNotes(service.store).read(name)
    moves = move_keys(t.events)
    st = status(t, now)
    clock = st["clock"]
    average = st["average_stack"]
    average_bb = None
    if clock is not None and average is not None:
        bb = clock["big_blind"]
        if bb is None:  # on a break: the blinds of the level coming
            nxt = _next_period(t, now)
            bb = nxt["big_blind"] if nxt and not nxt["break"] else None
        average_bb = round(average / bb, 1) if bb else None
    payouts = st.pop("payout_rows")      # a deal's amounts where it made one (IFP 62)
    if t.finished:
        # The event is over: its winner is the one player left (the tournament counts no one
        # alive once it has finished) and holds every chip; the clock has nothing more to
        # count (it stays as the last level left it, often stopped for the final table).
        st["players_left"] = 1
        st["average_stack"] = st["chips"]
        st["clock"] = None
        average_bb = None
    out = {
        "name": name,
        "seq": head,
        "server_time": now,
        **st,
        "structure_name": t.structure.name,
        "next": _next_period(t, now) if t.started and not t.finished else None,
        "seconds_to_break": _time_to_break(t, now) if t.started and not t.finished else None,
        "average_bb": average_bb,
        "payouts": payouts,
        # The seat moves still to be made, newest first (issue 22: the ticker never stale).
        "pending_moves": pending_moves(t, history, notes.confirmed, now),
        "moves_to_make": [line for _, line in moves],
        # Each one confirmed by the director as carried out, or not yet (issue 9).
        "moves": [{"key": k, "text": line, "confirmed": k in notes.confirmed}
                  for k, line in moves],
        "players_out": [{"name": p.name, "place": p.place,
                         "provisional": st["places_provisional"]}
                        for p in t.players.values() if p.out],
        # The seats screen and a player's phone find a player by his nickname too.
        "nicknames": nicknames(service.store, t.players),
        "hand_for_hand_offered": hand_for_hand_offered(t),
        # The structure's rebuy period and add-on (IFP 59; WPA 6), if it has them.
        "rebuys_offered": t.structure.rebuys is not None,
        "addon_offered": t.structure.addon is not None,
        "settings": as_dict(notes),
    }
    if console:
        from pokertd.services.history import describe

        # What an undo or a redo would reach (the console names it on its buttons).
        last, again = history.last_command(), history.next_redo()
        out["undo"] = None if last is None else {"batch": last.id, "text": describe(last)}
        out["redo"] = None if again is None else {"batch": again.id, "text": describe(again)}
        if t.finished:
            out["league"] = _league(service, name)
            if out["league"]["added_to"]:
                # A season keeps its events: undo and redo are closed (the service refuses
                # them too, naming the season), so the console does not offer them.
                out["undo"] = out["redo"] = None
        buy_in = t.config.buy_in
        # The levels and breaks (played, now, to come: the console's levels dialog).
        out["levels"] = t.periods_view(now) if t.started else []
        out["players"] = [{"name": p.name, "out": p.out, "place": p.place, "absent": p.absent,
                           "penalty": p.penalty,
                           "knockouts": p.knockouts, "knocked_out_by": p.knocked_out_by,
                           "rebuys": p.rebuys, "addons": p.addons,
                           "paid": buy_in * (1 + p.rebuys + p.addons)}
                          for p in t.players.values()]
        out["money"] = money(t)
    return out


def money(t: Tournament) -> dict[str, Any]:
    """What the entries, rebuys and add-ons have brought: each is one buy-in, of which the
    prize-pool part goes to the prize pool (as the tournament counts it) and the rest is the
    fee (Gananda: 25 = 20 + 5 to the TOC pool)."""
    c = t.config
    entries = t.entrants
    rebuys = sum(p.rebuys for p in t.players.values())
    addons = sum(p.addons for p in t.players.values())
    bought = entries + rebuys + addons
    return {"buy_in": c.buy_in, "to_prize_pool": c.to_prize_pool,
            "fee": c.buy_in - c.to_prize_pool, "entries": entries, "rebuys": rebuys,
            "addons": addons, "taken": bought * c.buy_in,
            "fees": bought * (c.buy_in - c.to_prize_pool), "prize_pool": t.prize_pool}


def _league(service: TournamentService, name: str) -> dict[str, Any]:
    """A finished event and the league: the seasons there are (the last created first), and
    those that hold an event of this tournament (``league add`` records its name)."""
    from pokertd.services.seasons import STREAM_KIND, load_season

    names = [s.name for s in service.store.streams(STREAM_KIND)][::-1]
    holding = [n for n in names
               if any(e.name == name for e in load_season(service.store, n).events)]
    return {"seasons": names, "added_to": holding}


def next_change(snap: dict[str, Any]) -> float | None:
    """The server time at which the clock changes period (a level or break begins), when it
    runs: the screens are sent a fresh snapshot then."""
    c = snap.get("clock")
    if not c or not c["running"] or c["seconds_left"] is None or snap["finished"]:
        return None
    return float(snap["server_time"]) + float(c["seconds_left"])
