"""The button and the blinds across the hands of one table.

:class:`ButtonState` remembers where the button, the small blind and the big blind were on the
last hand and, given the seats as they are now, places them for the next hand. It is O(seats)
per hand and needs nothing from other tables.

Seats are numbered 1..``seat_count`` and go clockwise. ``seats`` is a sequence in which
``seats[k]`` is whoever sits in seat ``k + 1`` (any hashable player id) or None for an empty
seat.

The rules (a hand-by-hand walk-through of each is a test in ``tests/test_button.py``):

- Dead button (IFP 17; TDA 32; Gananda: Button and Blind Use 2): the big blind moves to the
  next player clockwise, always. The small blind is posted from the seat that had the big
  blind, and the button goes to the seat that had the small blind, even when those seats are
  now empty: the button is then dead (in front of an empty seat), or there is no small blind.
- Single big blind (IFP 19): if the player due the small blind is gone, no one posts it; no one
  posts the same blind twice.
- Heads-up (IFP 18; TDA 34; Gananda: Button and Blind Use 3): the small blind is on the button;
  when play becomes heads-up, the player who had the big blind most recently gets the button
  and the opponent the big blind, so that no one takes the big blind twice in a row.
- New players (IFP 10; TDA 10-A; WPA 4): a player arriving from another table, or a late
  entry, takes any seat and its obligations (the button, a blind) but gets no hand in a seat
  between the button and the small blind; he waits until the button has passed him.
- The first button: a random draw (IFP 16, :func:`draw_button`) or seat 1 (Gananda: Seating,
  :func:`first_occupied`).
- Mixed games (IFP 11b; TDA 11-B): during stud the button is frozen where the next hold'em
  hand would have it (:meth:`ButtonState.freeze`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from pokertd.cards import make_rng
from pokertd.records import Record, record

__all__ = ["ButtonError", "ButtonState", "HandPositions", "draw_button", "first_occupied",
           "start_button"]


class ButtonError(ValueError):
    """No hand can be placed (fewer than two players, a first button on an empty seat...)."""


@record
class HandPositions(Record):
    """Where the button and the blinds are for one hand.

    ``button`` is a seat number, possibly an empty seat (``button_dead``). ``small_blind`` is
    the seat that posts the small blind, or None (a single big blind: dead small blind).
    ``waiting`` lists the occupied seats dealt out this hand (IFP 10). In heads-up play the
    button posts the small blind (``small_blind == button``)."""

    hand: int                      # 1 for the table's first hand
    button: int
    button_dead: bool
    small_blind: int | None
    big_blind: int
    waiting: tuple[int, ...]
    heads_up: bool

    @property
    def small_blind_dead(self) -> bool:
        return self.small_blind is None


def _occupied(seats: Sequence[Hashable | None]) -> list[int]:
    return [k + 1 for k, p in enumerate(seats) if p is not None]


def draw_button(seats: Sequence[Hashable | None], rng: random.Random) -> int:
    """The first button by random draw among the occupied seats (IFP 16)."""
    occ = _occupied(seats)
    if not occ:
        raise ButtonError("no player to draw for the button")
    return occ[rng.randrange(len(occ))]


def first_occupied(seats: Sequence[Hashable | None], start: int = 1) -> int:
    """The first occupied seat from ``start`` clockwise: seat 1 deals the first hand
    (Gananda: Seating) when it is occupied."""
    n = len(seats)
    for d in range(n):
        s = (start - 1 + d) % n + 1
        if seats[s - 1] is not None:
            return s
    raise ButtonError("no player at the table")


class ButtonState:
    """Button and blinds of one table, hand after hand.

    ``first_button`` is the seat with the button on the table's first hand (see
    :func:`draw_button`, :func:`first_occupied`). ``wait_between_sb_and_button`` is IFP 10 /
    TDA 10-A / WPA 4 (all presets: True).
    """

    __slots__ = ("seat_count", "first_button", "wait_between_sb_and_button", "hand",
                 "button", "small_blind_pos", "big_blind_pos", "_last_bb_hand")

    def __init__(self, seat_count: int, first_button: int, *,
                 wait_between_sb_and_button: bool = True) -> None:
        if not 1 <= first_button <= seat_count:
            raise ButtonError(f"seat {first_button} is not a seat of a {seat_count}-seat table")
        self.seat_count = seat_count
        self.first_button = first_button
        self.wait_between_sb_and_button = wait_between_sb_and_button
        self.hand = 0
        # Positions of the last hand dealt (None before the first hand).
        self.button: int | None = None
        self.small_blind_pos: int | None = None
        self.big_blind_pos: int | None = None
        self._last_bb_hand: dict[Hashable, int] = {}

    def copy(self) -> ButtonState:
        """An independent copy (the next hands can be followed on it)."""
        b = ButtonState.__new__(ButtonState)
        for name in ButtonState.__slots__:
            setattr(b, name, getattr(self, name))
        b._last_bb_hand = dict(self._last_bb_hand)
        return b

    # --- seat arithmetic -----------------------------------------------------------------------

    def _next_occupied(self, seats: Sequence[Hashable | None], after: int) -> int:
        n = self.seat_count
        for d in range(1, n + 1):
            s = (after - 1 + d) % n + 1
            if seats[s - 1] is not None:
                return s
        raise ButtonError("no player at the table")

    def _between(self, a: int, b: int) -> list[int]:
        """Seats strictly between ``a`` and ``b`` going clockwise from ``a``."""
        n = self.seat_count
        out = []
        s = a % n + 1
        while s != b:
            out.append(s)
            s = s % n + 1
        return out

    def _prev_seat(self, s: int) -> int:
        return (s - 2) % self.seat_count + 1

    # --- the next hand -------------------------------------------------------------------------

    def peek(self, seats: Sequence[Hashable | None]) -> HandPositions:
        """The positions the next hand would have with these seats, without dealing it."""
        if len(seats) != self.seat_count:
            raise ButtonError(f"{len(seats)} seats given for a {self.seat_count}-seat table")
        players = self.seat_count - seats.count(None)
        if players < 2:
            raise ButtonError(f"{players} player(s) at the table: a hand needs two")
        hand = self.hand + 1
        if players == 2:
            return self._heads_up(seats, _occupied(seats), hand)
        if self.big_blind_pos is None:
            # The first button: the drawn seat, or the first player after it if that seat has
            # emptied before the table's first hand.
            b = first_occupied(seats, self.first_button)
            sb = self._next_occupied(seats, b)
            bb = self._next_occupied(seats, sb)
            return HandPositions(hand, b, False, sb, bb, (), False)
        # Dead button (IFP 17): the big blind moves on to the next player; the small blind
        # and the button follow the seats of the last hand's big and small blind.
        n = self.seat_count
        last_bb = self.big_blind_pos
        last_sb = self.small_blind_pos
        assert last_sb is not None
        bb = self._next_occupied(seats, last_bb)
        sb_pos = last_bb
        button = last_sb
        span = (sb_pos - bb) % n               # the button belongs strictly between bb and sb
        if not 0 < (button - bb) % n < span:
            # The big blind has come round onto the last small blind's seat or past it (only
            # new arrivals sat between the blinds): the button takes the seat right before
            # the small blind (with 3+ players there is one).
            button = (sb_pos - 2) % n + 1
        sb = sb_pos if seats[sb_pos - 1] is not None else None  # IFP 19: single big blind
        waiting: tuple[int, ...] = ()
        if self.wait_between_sb_and_button and (sb_pos - button) % n > 1:
            # IFP 10: no hand for a player between the small blind and the button.
            waiting = tuple(s for s in self._between(button, sb_pos) if seats[s - 1] is not None)
        return HandPositions(hand, button, seats[button - 1] is None, sb, bb, waiting, False)

    def _heads_up(self, seats: Sequence[Hashable | None], occ: list[int],
                  hand: int) -> HandPositions:
        """IFP 18 / Gananda: Button and Blind Use 3: the small blind is on the button; the
        player who had the big blind most recently gets the button, the other the big blind."""
        a, b = occ
        ha = self._last_bb_hand.get(seats[a - 1])  # type: ignore[arg-type]
        hb = self._last_bb_hand.get(seats[b - 1])  # type: ignore[arg-type]
        if ha != hb and (ha is not None or hb is not None):
            if hb is None or (ha is not None and ha > hb):
                button, bb = a, b
            else:
                button, bb = b, a
        elif self.big_blind_pos is None:
            button = first_occupied(seats, self.first_button)
            bb = b if button == a else a
        else:
            bb = self._next_occupied(seats, self.big_blind_pos)
            button = b if bb == a else a
        return HandPositions(hand, button, False, button, bb, (), True)

    def next_hand(self, seats: Sequence[Hashable | None]) -> HandPositions:
        """Place the button and blinds for the next hand and record it."""
        pos = self.peek(seats)
        self.record(pos, seats)
        return pos

    def record(self, pos: HandPositions, seats: Sequence[Hashable | None]) -> None:
        """Record a hand dealt at ``pos``, which must be :meth:`peek` of these ``seats`` (a
        caller that has just peeked them records without placing the hand a second time)."""
        self.hand = pos.hand
        self.button = pos.button
        # The small blind's position is kept even when it is dead: the button goes there next.
        self.small_blind_pos = pos.button if pos.heads_up else (
            pos.small_blind if pos.small_blind is not None else self.big_blind_pos)
        self.big_blind_pos = pos.big_blind
        self._last_bb_hand[seats[pos.big_blind - 1]] = pos.hand  # type: ignore[index]

    def freeze(self, pos: HandPositions) -> None:
        """Record a stud hand dealt with the button frozen (IFP 11b, TDA 11-B): when a mixed
        game shifts from hold'em to stud, the button goes where it would be for the next
        hold'em hand and stays there through the stud hands; hold'em resumes from it. Only
        the count of hands moves (``pos`` is :meth:`peek`'s)."""
        self.hand = pos.hand

    # --- what balancing needs ------------------------------------------------------------------

    def next_big_blind_seat(self, seats: Sequence[Hashable | None]) -> int:
        """The seat of the player who will be big blind next (IFP 11a: the player moved)."""
        return self.peek(seats).big_blind

    def worst_open_seat(self, seats: Sequence[Hashable | None]) -> int | None:
        """The worst position for a player moved in to balance (IFP 11a; TDA 11-A): the open
        seat the big blind reaches first, a single big blind if one is available (the first
        open seat after the next small blind), never the small blind's seat. None: no open
        seat. Before the table's first hand the next small blind is the first player after the
        first button."""
        n = self.seat_count
        if len(seats) != n:
            raise ButtonError(f"{len(seats)} seats given for a {n}-seat table")
        if self.big_blind_pos is not None:
            pivot = self.big_blind_pos  # the next hand's small blind position
        else:
            pivot = self._next_occupied(seats, first_occupied(seats, self.first_button))
        for d in range(1, n):
            s = (pivot - 1 + d) % n + 1
            if seats[s - 1] is None:
                return s
        return pivot if seats[pivot - 1] is None else None


def start_button(seats: Sequence[Hashable | None], *, policy: str = "random-draw",
                 rng: random.Random | int | None = None,
                 wait_between_sb_and_button: bool = True) -> ButtonState:
    """The button state for a table's first hand: the first button by random draw
    (``"random-draw"``, IFP 16; the generator is injected, the system CSPRNG by default) or on
    seat 1 (``"seat-1"``, Gananda: Seating: the first occupied seat from seat 1)."""
    if policy == "random-draw":
        first = draw_button(seats, make_rng(rng))
    elif policy == "seat-1":
        first = first_occupied(seats, 1)
    else:
        raise ButtonError(f"unknown first-button policy {policy!r}: 'random-draw' (IFP 16) or "
                          "'seat-1' (Gananda)")
    return ButtonState(len(seats), first, wait_between_sb_and_button=wait_between_sb_and_button)
