"""Tables and seats: the random draw, late entries, and the record of every move.

A :class:`Floor` holds the tables of one tournament and who sits where. It keeps counts
incrementally (players per table, tables per player count), so that the questions asked every
hand ("do the tables need balancing?", "can a table be broken?") cost O(seats per table), not
O(tables). Every change of seat is returned as a :class:`Move` record (player, old table and
seat, new table and seat, reason) so a live director can be shown the moves to make and a
dealt event can log them as events.

Rules decided here:

- IFP 5 (TDA 7, WPA 3): tournament seats are randomly assigned: the draw uses an injected
  generator, the operating system's CSPRNG unless a seeded one is given.
- Gananda: Seating: at most ``max_seats`` players a table, spread as evenly as possible over the
  fewest tables (so a table of 10 seats holds 8 and 7 for 15 players, not 10 and 5).
- TDA 8-A: late entries and alternates draw a seat from the open seats, at a table with the
  fewest players, and are dealt in except between the small blind and the button (IFP 10;
  see :mod:`pokertd.tournament.button`).

Seats at a table are numbered 1..``max_seats``. At the start, a table of ``k`` players uses
seats 1..``k`` (so that seat 1, which deals the first hand in the Gananda league, is occupied);
the players are assigned to those seats by the random draw.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

from pokertd.records import Record, record

from pokertd.cards import make_rng

if TYPE_CHECKING:
    from pokertd.tournament.button import ButtonState

__all__ = ["Floor", "Move", "SeatingError", "Table", "initial_seating", "seat_late_entry",
           "table_sizes", "tables_needed"]

Player = Hashable


class SeatingError(ValueError):
    """A seating request that cannot be met (a player seated twice, a full table...)."""


@record
class Move(Record):
    """One player changing seat. ``from_table``/``from_seat`` are None for a player who had
    no seat (the first draw, a late entry)."""

    player: Player
    from_table: int | None
    from_seat: int | None
    to_table: int
    to_seat: int
    reason: str

    def __str__(self) -> str:
        src = "" if self.from_table is None else f" from table {self.from_table} seat {self.from_seat}"
        return f"{self.player}{src} to table {self.to_table} seat {self.to_seat} ({self.reason})"


class Table:
    """One table: its seats (``seats[k]`` is the player in seat ``k + 1``, or None)."""

    __slots__ = ("id", "seats", "count", "button", "last_opened")

    def __init__(self, table_id: int, max_seats: int) -> None:
        self.id = table_id
        self.seats: list[Player | None] = [None] * max_seats
        self.count = 0
        # The seat that opened last (a bust-out or a move away): stud-only balancing fills
        # it (IFP 11a, TDA 11-A, WPA 5: "moved by position").
        self.last_opened: int | None = None
        # The table's ButtonState (pokertd.tournament.button) once its first hand is placed;
        # balancing reads it to find the next big blind and the worst position.
        self.button: ButtonState | None = None

    def players(self) -> list[Player]:
        return [p for p in self.seats if p is not None]

    def open_seats(self) -> list[int]:
        return [k + 1 for k, p in enumerate(self.seats) if p is None]

    def __repr__(self) -> str:
        return f"Table({self.id}, {self.count} players)"


def tables_needed(players: int, max_seats: int) -> int:
    """The fewest tables that seat ``players`` with at most ``max_seats`` a table."""
    return max(1, -(-players // max_seats))


def table_sizes(players: int, tables: int) -> list[int]:
    """``players`` spread as evenly as possible over ``tables`` (Gananda: Seating): sizes
    differ by at most one; the larger tables first."""
    q, r = divmod(players, tables)
    return [q + 1] * r + [q] * (tables - r)


class Floor:
    """All the tables of a tournament and who sits where.

    ``break_order`` is the set order in which tables are broken (first element first; by
    default the highest-numbered table first, so table 1 is the final table). It is also the
    "predetermined procedure" naming the table a balancing player leaves (IFP 11a; TDA 11-C;
    WPA 5: from the table breaking next, to the table breaking last).
    """

    __slots__ = ("max_seats", "tables", "where", "_by_count", "player_count", "break_order",
                 "_priority", "_next_heap", "_last_heap")

    def __init__(self, max_seats: int) -> None:
        if max_seats < 2:
            raise SeatingError(f"a table of {max_seats} seats cannot deal a hand")
        self.max_seats = max_seats
        self.tables: dict[int, Table] = {}
        self.where: dict[Player, tuple[int, int]] = {}
        self._by_count: list[set[int]] = [set() for _ in range(max_seats + 1)]
        self.player_count = 0
        self.break_order: list[int] = []
        # Break priority per table (smaller breaks sooner), and per player count two heaps
        # with lazy deletion: the table breaking next and the table breaking last among the
        # tables of that count, each found in O(log tables).
        self._priority: dict[int, int] = {}
        self._next_heap: list[list[tuple[int, int]]] = [[] for _ in range(max_seats + 1)]
        self._last_heap: list[list[tuple[int, int]]] = [[] for _ in range(max_seats + 1)]

    # --- tables --------------------------------------------------------------------------------

    def add_table(self, table_id: int | None = None) -> Table:
        """Open a table (it breaks before the tables opened earlier, by default)."""
        if table_id is None:
            table_id = max(self.tables, default=0) + 1
        if table_id in self.tables:
            raise SeatingError(f"table {table_id} already exists")
        t = Table(table_id, self.max_seats)
        self.tables[table_id] = t
        self._priority[table_id] = min(self._priority.values(), default=1) - 1
        self.break_order.insert(0, table_id)
        self._by_count[0].add(table_id)
        self._push(t)
        return t

    def set_break_order(self, order: Sequence[int]) -> None:
        """The set order in which tables break (first element first)."""
        if sorted(order) != sorted(self.tables):
            raise SeatingError(f"break order {list(order)} must list each table once: "
                               f"{sorted(self.tables)}")
        self.break_order = list(order)
        self._priority = {t: i for i, t in enumerate(order)}
        self._next_heap = [[] for _ in range(self.max_seats + 1)]
        self._last_heap = [[] for _ in range(self.max_seats + 1)]
        for t in self.tables.values():
            self._push(t)

    def break_rank(self, table_id: int) -> int:
        """The table's place in the break order: smaller breaks sooner."""
        return self._priority[table_id]

    def _push(self, t: Table) -> None:
        prio = self._priority[t.id]
        heapq.heappush(self._next_heap[t.count], (prio, t.id))
        heapq.heappush(self._last_heap[t.count], (-prio, t.id))

    def _valid(self, count: int, prio: int, tid: int) -> bool:
        return tid in self._by_count[count] and self._priority.get(tid) == prio

    def breaking_next(self, count: int) -> int | None:
        """Among the tables with ``count`` players, the one that breaks next."""
        h = self._next_heap[count]
        while h:
            prio, tid = h[0]
            if self._valid(count, prio, tid):
                return tid
            heapq.heappop(h)
        return None

    def breaking_last(self, count: int, k: int = 1, exclude: Sequence[int] = ()) -> list[int]:
        """Among the tables with ``count`` players (not in ``exclude``), the ``k`` that break
        last, latest first."""
        h = self._last_heap[count]
        out: list[int] = []
        kept: list[tuple[int, int]] = []
        while h and len(out) < k:
            neg, tid = heapq.heappop(h)
            if not self._valid(count, -neg, tid) or (neg, tid) in kept:
                continue
            kept.append((neg, tid))
            if tid not in exclude:
                out.append(tid)
        for item in kept:
            heapq.heappush(h, item)
        return out

    def remove_table(self, table_id: int) -> None:
        t = self.tables[table_id]
        if t.count:
            raise SeatingError(f"table {table_id} still has {t.count} players")
        del self.tables[table_id]
        del self._priority[table_id]
        self._by_count[0].discard(table_id)
        self.break_order.remove(table_id)

    def table_of(self, player: Player) -> Table:
        return self.tables[self.where[player][0]]

    @property
    def table_count(self) -> int:
        return len(self.tables)

    def min_count(self) -> int:
        for n, ids in enumerate(self._by_count):
            if ids:
                return n
        return 0

    def max_count(self) -> int:
        for n in range(self.max_seats, -1, -1):
            if self._by_count[n]:
                return n
        return 0

    def tables_with(self, count: int) -> set[int]:
        """The ids of the tables holding exactly ``count`` players (a live view: copy it
        before changing seats)."""
        return self._by_count[count]

    # --- seats ---------------------------------------------------------------------------------

    def _set_count(self, t: Table, delta: int) -> None:
        self._by_count[t.count].discard(t.id)
        t.count += delta
        self._by_count[t.count].add(t.id)
        self._push(t)

    def sit(self, player: Player, table_id: int, seat: int, reason: str) -> Move:
        """Put a player without a seat into an open seat."""
        if player in self.where:
            t, s = self.where[player]
            raise SeatingError(f"{player} already sits at table {t} seat {s}")
        t = self._open(table_id, seat)
        t.seats[seat - 1] = player
        self.where[player] = (table_id, seat)
        self._set_count(t, +1)
        self.player_count += 1
        return Move(player, None, None, table_id, seat, reason)

    def move(self, player: Player, table_id: int, seat: int, reason: str) -> Move:
        """Move a seated player to an open seat."""
        try:
            ft, fs = self.where[player]
        except KeyError:
            raise SeatingError(f"{player} has no seat") from None
        t = self._open(table_id, seat)
        src = self.tables[ft]
        src.seats[fs - 1] = None
        src.last_opened = fs
        self._set_count(src, -1)
        t.seats[seat - 1] = player
        self._set_count(t, +1)
        self.where[player] = (table_id, seat)
        return Move(player, ft, fs, table_id, seat, reason)

    def leave(self, player: Player) -> tuple[int, int]:
        """A player leaves the tournament (busted): his seat opens. Returns (table, seat)."""
        try:
            ft, fs = self.where.pop(player)
        except KeyError:
            raise SeatingError(f"{player} has no seat") from None
        t = self.tables[ft]
        t.seats[fs - 1] = None
        t.last_opened = fs
        self._set_count(t, -1)
        self.player_count -= 1
        return ft, fs

    def _open(self, table_id: int, seat: int) -> Table:
        try:
            t = self.tables[table_id]
        except KeyError:
            raise SeatingError(f"no table {table_id}") from None
        if not 1 <= seat <= self.max_seats:
            raise SeatingError(f"table {table_id} has no seat {seat} (seats 1-{self.max_seats})")
        if t.seats[seat - 1] is not None:
            raise SeatingError(f"table {table_id} seat {seat} is taken by {t.seats[seat - 1]}")
        return t

    def check(self) -> None:
        """Verify the incremental bookkeeping against the seats (for tests and audits)."""
        seen: dict[Player, tuple[int, int]] = {}
        for t in self.tables.values():
            n = 0
            for k, p in enumerate(t.seats):
                if p is not None:
                    if p in seen:
                        raise SeatingError(f"{p} sits twice: {seen[p]} and {(t.id, k + 1)}")
                    seen[p] = (t.id, k + 1)
                    n += 1
            if n != t.count or t.id not in self._by_count[n]:
                raise SeatingError(f"table {t.id}: count {t.count}, seats hold {n}")
        if seen != self.where or len(seen) != self.player_count:
            raise SeatingError("the seat index disagrees with the tables")


def initial_seating(players: Iterable[Player], max_seats: int,
                    rng: random.Random | int | None = None) -> tuple[Floor, list[Move]]:
    """Seat the field at random (IFP 5) over the fewest tables, spread as evenly as possible
    (Gananda: Seating). ``rng``: a generator or seed; None is the system CSPRNG."""
    field = list(players)
    if len(set(field)) != len(field):
        raise SeatingError("a player is registered twice")
    if len(field) < 2:
        raise SeatingError(f"{len(field)} player(s): a tournament needs two")
    r = make_rng(rng)
    floor = Floor(max_seats)
    sizes = table_sizes(len(field), tables_needed(len(field), max_seats))
    for _ in sizes:
        floor.add_table()
    # The larger tables break last: table 1 first in the list of sizes, last in break order.
    pool = [(tid, seat) for tid, k in zip(sorted(floor.tables), sizes) for seat in range(1, k + 1)]
    r.shuffle(field)  # IFP 5: the draw
    moves = [floor.sit(p, tid, seat, "random seating (IFP 5)") for p, (tid, seat) in zip(field, pool)]
    return floor, moves


def seat_late_entry(floor: Floor, player: Player, rng: random.Random | int | None = None,
                    reason: str = "late entry (TDA 8-A)") -> list[Move]:
    """Seat a late entry or an alternate in a random open seat of a table with the fewest
    players (TDA 8-A; Gananda: Seating). When every table is full a new table opens; the
    caller then balances (:func:`pokertd.tournament.balancing.balance`), which fills it."""
    r = make_rng(rng)
    n = floor.min_count()
    if n >= floor.max_seats or not floor.tables:
        t = floor.add_table()
        return [floor.sit(player, t.id, 1, reason)]
    smallest = sorted(floor.tables_with(n))
    tid = smallest[r.randrange(len(smallest))]
    seats = floor.tables[tid].open_seats()
    return [floor.sit(player, tid, seats[r.randrange(len(seats))], reason)]
