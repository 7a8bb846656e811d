"""Balancing and breaking tables, and forming the final table.

All functions work on a :class:`~pokertd.tournament.seating.Floor`, change it, and return the
:class:`~pokertd.tournament.seating.Move` records of the players moved, in the order the moves
are made. A table's button state (``Table.button``, a
:class:`~pokertd.tournament.button.ButtonState`) tells who is due the big blind next and which
open seat is the worst position; a table that has not dealt its first hand is read as if the
button were on its first occupied seat. A live event's tables get their button state from the
seat the director reports (:func:`live_button`), and a live balancing move waits for it
(:meth:`pokertd.tournament.director.Tournament.rearrange`).

Rules decided here, with the preset values as parameters:

- When tables differ by ``difference`` players or more, one player moves from the fuller to the
  shorter table (Gananda: Moving Players: two).
- Who moves (``mover``): ``"next-big-blind"``, the player who will be big blind next, to the
  worst position, a single big blind when available, never the small blind (IFP 11a; TDA 11-A;
  presets ``ifp-2012`` and ``tda-2024``); or ``"big-blind"``, the player in the big blind
  (WPA 5; preset ``wpa``); in stud-only events ``"position"``, the player in the seat that
  opened last at the short table, into that seat (IFP 11a; TDA 11-A; WPA 5).
- Which tables (IFP 11a, TDA 11-C: "a predetermined procedure"; WPA 5): from the table that
  breaks next, to the table that breaks last, among the fullest and the shortest tables.
- Play halts (:func:`halted_tables`) at a table ``halt_short`` or more players short of the
  fullest table (IFP 11a and TDA 11-D: 3; WPA 5: 2).
- Breaking tables (:func:`break_tables`) in the set order of ``Floor.break_order`` whenever the
  players fit at fewer tables (Gananda: Seating: the fewest tables); the players fill open seats
  at the shortest tables by a random draw (IFP 10), or by the TDA's two-step random draw
  (``two_step=True``, TDA 10-B and its addendum; preset ``tda-2024``).
- The final table (:func:`form_final_table`) when ``size`` or fewer players remain, with a random
  redraw for seats (IFP 15; ``redraw=False`` for the presets without that rule: the last table's
  players keep their seats and the others fill the open ones).
"""

from __future__ import annotations

import random
from collections.abc import Container, Hashable, Sequence
from typing import Literal

from pokertd.cards import make_rng
from pokertd.tournament.button import ButtonState, first_occupied
from pokertd.tournament.seating import Floor, Move, SeatingError, Table, tables_needed

__all__ = ["balance", "balancing_pair", "break_table", "break_tables", "follow_button",
           "form_final_table", "halted_tables", "live_button", "move_one", "needs_balancing",
           "tables_to_break"]

Mover = Literal["next-big-blind", "big-blind", "position"]

_MOVER_RULE = {"next-big-blind": "IFP 11a", "big-blind": "WPA 5", "position": "IFP 11a"}


def needs_balancing(floor: Floor, difference: int = 2) -> bool:
    """Do two tables differ by ``difference`` players or more (Gananda: Moving Players)?
    O(seats per table)."""
    return floor.table_count > 1 and floor.max_count() - floor.min_count() >= difference


def halted_tables(floor: Floor, halt_short: int = 3) -> list[int]:
    """Tables that must not start a hand: ``halt_short`` or more players short of the fullest
    table (IFP 11a, TDA 11-D: 3; WPA 5: 2). Sorted by table id."""
    top = floor.max_count()
    out: list[int] = []
    for n in range(0, top - halt_short + 1):
        out.extend(floor.tables_with(n))
    return sorted(out)


def tables_to_break(floor: Floor) -> int:
    """How many tables can be broken now: the players fit at that many fewer tables."""
    return floor.table_count - tables_needed(floor.player_count, floor.max_seats)


def _button(table: Table) -> ButtonState:
    b = table.button
    if b is None:
        b = ButtonState(len(table.seats), first_occupied(table.seats))
    return b


def _mover_seat(table: Table, mover: Mover) -> int:
    b = _button(table)
    if mover == "big-blind":
        s = b.big_blind_pos
        if s is not None and table.seats[s - 1] is not None:
            return s
        # The player in the big blind busted in the hand (or has moved): WPA 5 is silent.
        # WPA 5 gives TDA Rule No. 25 as its source, whose current text (TDA 11-A) moves
        # "the player to be big blind next": the player due the big blind next moves.
    elif mover != "next-big-blind":
        raise ValueError(f"unknown balancing mover {mover!r}: 'next-big-blind' (IFP 11a) or "
                         "'big-blind' (WPA 5)")
    return b.next_big_blind_seat(table.seats)


def _worst_seat(table: Table) -> int:
    if table.count == 0:
        return 1                         # an empty table (just opened): no position yet
    s = _button(table).worst_open_seat(table.seats)
    if s is None:
        raise SeatingError(f"table {table.id} has no open seat")
    return s


def live_button(table: Table, button_seat: int,
                hand_seats: Sequence[Hashable | None] | None = None) -> ButtonState:
    """The button state of a live table whose dealer button is on ``button_seat`` for the hand
    being played (or, between hands, the hand just played), as the director sees it.

    ``hand_seats``: the seats as they were dealt that hand, with the players who busted in it
    (the seats now, by default). The blinds of that hand are placed on them: the small blind
    is the first player after the button and the big blind the next one (with two players,
    IFP 18: the button is the small blind). The state remembers those seats even once they
    are empty, so the next hand follows the dead button rule (IFP 17; Gananda: Dead Button
    Rule, examples 2, 3 and 5): button on seat 1, blinds on 2 and 3, the big blind next is
    seat 4 whether the small blind, the big blind or both busted in that hand. The player due
    the big blind next (IFP 11a; TDA 11-A) and the player in the big blind (WPA 5) follow from
    it. The button's seat may be empty: a dead button (IFP 17)."""
    n = len(table.seats)
    if not 1 <= button_seat <= n:
        raise SeatingError(f"table {table.id} has seats 1-{n}, not seat {button_seat}")
    dealt = table.seats if hand_seats is None else hand_seats
    if len(dealt) != n:
        raise SeatingError(f"table {table.id} has {n} seats, not {len(dealt)}")
    occupied = [k + 1 for k, p in enumerate(dealt) if p is not None]
    if len(occupied) < 2:
        raise SeatingError(f"table {table.id} has {len(occupied)} player(s): no hand, no button")
    b = ButtonState(n, button_seat)

    def after(seat: int) -> int:
        return next((s for s in occupied if s > seat), occupied[0])

    if len(occupied) == 2 and dealt[button_seat - 1] is not None:
        sb = button_seat                                      # IFP 18: heads-up
    else:
        sb = after(button_seat)
    bb = after(sb)
    b.hand = 1
    b.button = button_seat
    b.small_blind_pos = sb
    b.big_blind_pos = bb
    return b


def follow_button(known: ButtonState, hand_seats: Sequence[Hashable | None],
                  button_seat: int) -> ButtonState | None:
    """The button state of a live table whose button the director reports on
    ``button_seat``, followed from the state he last reported there: the hands since are
    placed by the dead button rule on ``hand_seats`` (IFP 17, IFP 19; Gananda: Dead Button
    Rule), so a dead small blind or a dead button of those hands is remembered, not
    re-derived from the players left (Gananda: Dead Button Rule, example 3: hand 1 dealer
    #1, blinds #2 and #3, #3 busts; hand 2 dealer #2, no small blind, big blind #4). The
    first hand of the next orbit with its button on ``button_seat`` is the one reported (the
    same hand if it is the known one's button); None if there is none."""
    st = known.copy()
    if st.button == button_seat:
        return st
    if len(hand_seats) - list(hand_seats).count(None) < 2:
        return None
    for _ in range(len(hand_seats)):
        pos = st.peek(hand_seats)
        st.record(pos, hand_seats)
        if pos.button == button_seat:
            return st
    return None


def balancing_pair(floor: Floor, difference: int = 2) -> tuple[int, int] | None:
    """The next balancing move's source and destination tables, or None when no two tables
    differ by ``difference`` or more: from the fullest table that breaks next to the shortest
    table that breaks last (IFP 11a, TDA 11-C: "a predetermined procedure"; WPA 5)."""
    if floor.table_count < 2:
        return None
    hi, lo = floor.max_count(), floor.min_count()
    if hi - lo < difference:
        return None
    src = floor.breaking_next(hi)
    assert src is not None
    return src, floor.breaking_last(lo)[0]


def move_one(floor: Floor, src_id: int, dst_id: int, mover: Mover = "next-big-blind",
             rule: str | None = None) -> Move:
    """One balancing move from table ``src_id`` to table ``dst_id``: the player due the big
    blind next (IFP 11a; TDA 11-A) or the player in the big blind (WPA 5) to the worst
    position at the short table (never its small blind)."""
    src_t, dst_t = floor.tables[src_id], floor.tables[dst_id]
    if mover == "position":
        seat, to = _by_position(src_t, dst_t)
    else:
        seat, to = _mover_seat(src_t, mover), _worst_seat(dst_t)
    player = src_t.seats[seat - 1]
    return floor.move(player, dst_id, to, f"balancing ({rule or _MOVER_RULE.get(mover, mover)})")


def _by_position(src: Table, dst: Table) -> tuple[int, int]:
    """Stud-only events (IFP 11a, TDA 11-A: "players move by position (last seat open at the
    short table is the seat filled)"; WPA 5: "with a player from the same position from the
    full table"): (the seat moved from, the seat filled). The seat that opened last at the
    short table (its first open seat if none is known), filled from the same seat of the full
    table, or the first player after it there."""
    to = dst.last_opened
    if to is None or dst.seats[to - 1] is not None:
        opened = dst.open_seats()
        if not opened:
            raise SeatingError(f"table {dst.id} has no open seat")
        to = opened[0]
    n = len(src.seats)
    for d in range(n):
        s = (to - 1 + d) % n + 1
        if s <= n and src.seats[s - 1] is not None:
            return s, to
    raise SeatingError(f"table {src.id} has no player to move")


def balance(floor: Floor, *, difference: int = 2, mover: Mover = "next-big-blind",
            ready: Container[int] | None = None, rule: str | None = None) -> list[Move]:
    """Move players until no two tables differ by ``difference`` or more (Gananda: Moving
    Players; IFP 11a / WPA 5 decide who moves and where to). ``ready``: only these tables
    (between hands) take part; the moves involving the others wait for them."""
    if difference < 2:
        raise ValueError(f"tables differing by {difference} cannot all be balanced (an odd "
                         "player count never splits evenly): the difference is at least 2")
    moves: list[Move] = []
    rank = floor.break_rank
    while floor.table_count > 1:
        if ready is None:
            pair = balancing_pair(floor, difference)     # breaking next -> last (WPA 5)
            if pair is None:
                break
            src_id, dst_id = pair
        else:
            cands = [t for t in floor.tables.values() if t.id in ready]
            if len(cands) < 2:
                break
            src = max(cands, key=lambda t: (t.count, -rank(t.id)))
            dst = min(cands, key=lambda t: (t.count, -rank(t.id)))
            if src.count - dst.count < difference:
                break
            src_id, dst_id = src.id, dst.id
        moves.append(move_one(floor, src_id, dst_id, mover, rule))
    return moves


def _seat_pool(floor: Floor, count: int, exclude: Sequence[int],
               r: random.Random) -> list[tuple[int, int]]:
    """``count`` open seats away from the tables in ``exclude``, taken one at a time at the
    table with the fewest players (then the one breaking last), each a random open seat.

    Only the ``count`` tables breaking last of each player count, from the shortest tables
    up until ``count`` tables are gathered, can be chosen, so only those are looked at."""
    tentative: dict[int, int] = {}
    for n in range(floor.max_seats):
        if len(tentative) >= count:
            break
        if floor.tables_with(n):
            for tid in floor.breaking_last(n, count, exclude):
                tentative[tid] = n
    taken: dict[int, list[int]] = {tid: floor.tables[tid].open_seats() for tid in tentative}
    pool = []
    for _ in range(count):
        open_tables = [tid for tid in tentative if taken[tid]]
        if not open_tables:
            raise SeatingError("not enough open seats to break the table")
        tid = min(open_tables, key=lambda t: (tentative[t], -floor.break_rank(t)))
        seats = taken[tid]
        pool.append((tid, seats.pop(r.randrange(len(seats)))))
        tentative[tid] += 1
    return pool


def break_table(floor: Floor, table_id: int, rng: random.Random | int | None = None, *,
                two_step: bool = False, also_breaking: Sequence[int] = (),
                rule: str | None = None) -> list[Move]:
    """Break one table: its players fill open seats at the other tables, the shortest first,
    by a random draw (IFP 10: any seat, no hand between the small blind and the button), or
    by the TDA's 2-step random draw (TDA 10-B: the seat cards are scrambled face down, one
    playing card is dealt face up to each player, and the seat cards are dealt out, the first
    to the highest card by suit). The broken table is removed from the floor.
    ``also_breaking``: tables about to break too, which take no one. ``rule``: the rule of
    the preset in force named in the moves (IFP 10, WPA 4, TDA 10-B)."""
    r = make_rng(rng)
    table = floor.tables[table_id]
    players = [p for p in table.seats if p is not None]  # in seat order
    pool = _seat_pool(floor, len(players), (table_id, *also_breaking), r)
    r.shuffle(pool)  # the seat cards, scrambled face down
    if two_step:
        if len(players) > 52:
            raise SeatingError("the 2-step draw deals one playing card to each player: at most 52")
        cards = r.sample(range(52), len(players))  # card index 4*rank+suit: by suit breaks ties
        order = [p for _, p in sorted(zip(cards, range(len(players))), reverse=True)]
        players = [players[i] for i in order]
        reason = f"table broken ({rule or 'TDA 10-B'})"
    else:
        reason = f"table broken ({rule or 'IFP 10'})"
    moves = [floor.move(p, tid, seat, reason) for p, (tid, seat) in zip(players, pool)]
    floor.remove_table(table_id)
    return moves


def break_tables(floor: Floor, rng: random.Random | int | None = None, *,
                 two_step: bool = False, ready: Container[int] | None = None) -> list[Move]:
    """Break tables in the set order while the players fit at fewer tables (Gananda:
    Seating: the fewest tables). ``ready``: a table breaks only when it is between hands;
    the order is kept (a table waits for the one before it)."""
    r = make_rng(rng)
    moves: list[Move] = []
    going = floor.break_order[:max(tables_to_break(floor), 0)]
    for i, tid in enumerate(going):
        if ready is not None and tid not in ready:
            break
        moves.extend(break_table(floor, tid, r, two_step=two_step, also_breaking=going[i + 1:]))
    return moves


def form_final_table(floor: Floor, size: int, rng: random.Random | int | None = None, *,
                     redraw: bool = True, table_id: int | None = None, two_step: bool = False,
                     rule: str | None = None) -> list[Move]:
    """Form the final table once ``size`` or fewer players remain (Gananda: Final Table: 9-10;
    TDA RP-9: 9). With ``redraw`` (IFP 15; Gananda: random seating order) every player draws a
    new seat, seats 1..k, and the table's button is cleared: place a new first button
    (IFP 16). Without it, the other tables are broken into the final table's open seats, by
    the preset's draw (``two_step``: TDA 10-B) and named by ``rule``.
    ``table_id``: the final table, by default the table that breaks last."""
    if floor.player_count > size:
        raise SeatingError(f"{floor.player_count} players remain: the final table of {size} "
                           "is not reached")
    if size > floor.max_seats:
        raise SeatingError(f"a final table of {size} does not fit {floor.max_seats} seats")
    r = make_rng(rng)
    final_id = floor.break_order[-1] if table_id is None else table_id
    if final_id not in floor.tables:
        raise SeatingError(f"no table {final_id}")
    if not redraw:
        moves: list[Move] = []
        going = [t for t in floor.break_order if t != final_id]
        for i, tid in enumerate(going):
            moves.extend(break_table(floor, tid, r, two_step=two_step,
                                     also_breaking=going[i + 1:], rule=rule))
        return moves
    before = {p: floor.where[p] for p in floor.where}
    players: list[Hashable] = sorted(before, key=lambda p: before[p])
    r.shuffle(players)  # IFP 15: random redraw
    for p in players:
        floor.leave(p)
    for tid in [t for t in floor.break_order if t != final_id]:
        floor.remove_table(tid)
    final = floor.tables[final_id]
    final.button = None
    moves = []
    for seat, p in enumerate(players, start=1):
        floor.sit(p, final_id, seat, "final table redraw (IFP 15)")
        ft, fs = before[p]
        moves.append(Move(p, ft, fs, final_id, seat, "final table redraw (IFP 15)"))
    return moves

