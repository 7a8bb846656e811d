"""Playable tables: hands dealt by the engine to people and bots, every action in the store.

A table is one event stream of kind ``"table"``. Its events:

=================  ==================================================================
``opened``         ``config`` (:class:`TableConfig`), ``host`` (the host token's hash),
                   ``event`` and ``table`` (a dealt tournament's table, else null),
                   ``seed`` (a seeded table's, :mod:`pokertd.room.seeds`; absent: none)
``joined``         ``seat``, ``name``, ``stack``, ``bot`` (a bot kind or null), ``token``
                   (the hash of the seat's token; null for a bot)
``left``           ``seat``: the player stands up (folded in turn if he holds a hand;
                   the seat is free once the hand is over)
``away``/``back``  ``seat``, ``rule``: IFP 8 absent player (his time ran out), back again
``hand_started``   ``hand``, ``seats`` (each position's seat), ``names``, ``tokens`` (each
                   position's token hash, null for a bot: who was dealt in; absent in
                   older logs, then the seats' tokens at the deal), ``positions``
                   (button, blinds), ``deck`` (the shuffled deck: server side only),
                   ``level`` (a tournament's level number, else null), ``bank_refill``
                   (seconds back in each player's time bank, :mod:`pokertd.room.turns`)
``hand``           ``hand``, ``event`` (one engine event, :mod:`pokertd.engine.events`),
                   ``id`` (the client's action id with its owner, for an action:
                   :func:`pokertd.room.turns.scoped_id`), ``bank`` (the actor's time bank
                   left)
``committed``      a fair table's (:mod:`pokertd.room.fair_deal`): ``hand``,
                   ``commitment``, ``order`` and ``salt`` (server side only until the
                   hand is over)
``seeded``         ``hand``, ``seat``, ``player``, ``seed``: a player's seed for that hand
=================  ==================================================================

The state is the replay of these events (:meth:`Table.apply`); the hand in progress is rebuilt
by the engine from its ``started`` configuration and the stored deck, its actions applied again
and its events checked equal to the log. The engine is the only authority on what is legal and
who wins; a refusal (:class:`~pokertd.engine.IllegalAction`) leaves everything as it was and
nothing is written. Every action is appended to the store before anyone is told of it.

What each client may see is built per recipient by :mod:`pokertd.room.views` (its docstring
states the secrecy rule); the hands over and their PHH download are :mod:`pokertd.room.history`'s,
the settings, seats and tokens :mod:`pokertd.room.seats`', the commands (seating, dealing,
acting, the clock's ticks) :mod:`pokertd.room.table_commands`'. Their names are importable from
here too.
"""

from __future__ import annotations

import hmac
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokertd.engine import Hand
from pokertd.engine.events import hand_from_config, play_acted
from pokertd.storage import NewEvent, Store
from pokertd.tournament.button import ButtonState, HandPositions

from . import fair_deal
from .errors import HandNotOver, NotDealtIn, TableError, UnknownHand, UnknownTable
from .history import HISTORY, PlayedHand, hand_lines, phh_for
from .seats import BOT_KINDS, Seat, TableConfig, bot_player, hash_token, new_token
from .table_commands import TableCommands
from .turns import current_turn
from .views import frames, view

__all__ = [
    "BOT_KINDS", "HISTORY", "KIND", "HandNotOver", "NotDealtIn", "PlayedHand", "Seat", "Table",
    "TableConfig", "TableError", "UnknownHand", "UnknownTable", "frames", "hash_token",
    "new_token", "phh_for", "view",
]

KIND = "table"
RECENT_IDS = 64       # action ids remembered per table (a resend acts once)
GONE = 256            # tokens remembered per table with why their seat was freed


@dataclass
class Table(TableCommands):
    """One table replayed from its log (:meth:`apply`), and its commands.

    A command checks everything first, then appends its events to the store in one
    transaction (:meth:`_commit`), then applies them: a refusal writes nothing. ``clock``
    gives seconds (monotonic for the runner; the clocks of the players to act start again
    when a table is loaded)."""

    name: str
    stream_id: int
    config: TableConfig
    store: Store
    clock: Callable[[], float]
    rng: random.Random
    host: str | None = None
    event: str | None = None
    table_id: int | None = None
    seats: list[Seat | None] = field(default_factory=list)
    button: ButtonState | None = None
    hand: Hand | None = None
    played: PlayedHand | None = None
    history: deque[PlayedHand] = field(default_factory=lambda: deque(maxlen=HISTORY))
    hands: int = 0
    hands_over: int = 0
    head: int = 0
    turn_started: float = 0.0
    bot_due: float = 0.0
    ended_at: float | None = None
    ids: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_IDS))
    # the hashes of tokens whose seat was freed here, with why (busted, left, moved): the
    # game server tells their clients (an "unseated" frame), never leaving them to guess
    gone: dict[str, dict[str, Any]] = field(default_factory=dict)
    version: int = 0
    on_hand_end: Callable[[Table], None] | None = None
    # A dealt tournament deals each hand from its director's setup (see dealt_tables), under
    # its rules (a house's RuleSet).
    hand_source: Any = None
    rules: Any = None
    # The game server's writer (table, expected head, events): the append made off the event
    # loop; None: :meth:`_commit` appends itself. ``broken``: an append queued there failed,
    # the state is ahead of the store until the server loads the table again.
    writer: Callable[[Table, int, list[NewEvent]], None] | None = None
    broken: bool = False
    # A seeded table's decks and bots' decisions (pokertd.room.seeds); None: the
    # system CSPRNG's decks. Never shown to a client (it would tell every card).
    seed: str | None = None
    # IFP 61: the number of the hand stopped at its all-in showdown under hand-for-hand (set
    # by its dealt event, :meth:`stop`): its clients see it as it stood when the betting
    # closed (:mod:`pokertd.room.allin_stop`) until it goes on. None: no stop.
    stopped: int | None = None
    # the stopped hand as its clients see it, built once per stop (shown_state)
    _at_stop: Any = field(default=None, repr=False, compare=False)
    # A fair table's commitments and seeds (pokertd.room.fair_deal); None: not fair.
    fair_log: Any = None

    # --- replay -------------------------------------------------------------------------

    @classmethod
    def load(cls, store: Store, name: str, *, clock: Callable[[], float],
             rng: random.Random | None = None) -> Table:
        info = store.find_stream(KIND, name)
        if info is None:
            raise UnknownTable(name)
        recorded = store.read(info.id)
        if not recorded or recorded[0].type != "opened":
            raise TableError(f"table {name!r}: its log does not start with 'opened'")
        first = recorded[0].payload
        t = cls(name, info.id, TableConfig.from_dict(first["config"]), store, clock,
                rng or random.SystemRandom(), host=first.get("host"), event=first.get("event"),
                table_id=first.get("table"), seed=first.get("seed"))
        # A dealt tournament's table replays as it was played: its runner deals each hand.
        t.hand_source = first.get("event")
        t.seats = [None] * t.config.seats
        for rec in recorded[1:]:
            t.apply(rec.type, rec.payload)
        t.head = recorded[-1].seq
        if t.played is not None and t.hand is None:
            t._rebuild_hand()
        now = clock()
        t.turn_started = now            # the clocks of the players to act start again
        t._schedule_bot(now)
        if t.hand is None:
            t.ended_at = now
        return t

    def apply(self, kind: str, p: dict[str, Any]) -> None:
        """One stored event's effect on the state (the replay, and each command after its
        commit)."""
        self.version += 1
        if kind == "joined":
            s = Seat(p["name"], p["stack"], p.get("bot"), p.get("token"), bank=self.config.time_bank)
            if s.bot:
                s.bot_player = bot_player(s.bot, f"{self.name}:{p['seat']}:{p['name']}")
            self.seats[p["seat"] - 1] = s
        elif kind == "left":
            s = self._seat(p["seat"])
            if self._in_live_hand(p["seat"]):
                s.leaving = True
            else:
                self.seats[p["seat"] - 1] = None
                self._gone(s, p["seat"], "left")
        elif kind == "away":
            self._seat(p["seat"]).away = True
        elif kind == "back":
            self._seat(p["seat"]).away = False
        elif kind == "stack":
            self._seat(p["seat"]).stack = p["stack"]
        elif kind == "hand_started":
            tokens = p.get("tokens")
            if tokens is None:        # an older log: who sat there at the deal (the replay)
                tokens = [None if self.seats[k - 1] is None else self.seats[k - 1].token
                          for k in p["seats"]]
            self.played = PlayedHand(p["hand"], list(p["seats"]), list(p["names"]),
                                     dict(p["positions"]), list(p["deck"]), [], p.get("level"),
                                     list(p.get("blinds", [])), tokens=list(tokens))
            self.hands = p["hand"]
            self.hand = None
            refill = p.get("bank_refill") or 0.0
            for k in p["seats"] if refill else ():
                s = self.seats[k - 1]
                if s is not None and s.bot is None:
                    s.bank = min(self.config.time_bank, s.bank + refill)
            pos = p["positions"]
            if self.hand_source is None and self.button is not None:
                self.button.record(_positions(pos), self._names())
        elif kind == "hand":
            assert self.played is not None
            e = p["event"]
            self.played.events.append(e)
            if p.get("id"):
                self.ids.append(p["id"])
            if "bank" in p and e.get("type") == "acted":
                self._seat(self.played.seats[e["player"]]).bank = p["bank"]
            if e["type"] == "ended":
                self._hand_over(e["stacks"])
        elif kind == "seating":
            # A dealt tournament's seats as its director has them (moves, breaks, bust-outs).
            banks = {x.name: x.bank for x in self.seats if x is not None}
            before = [(k, x) for k, x in enumerate(self.seats, start=1) if x is not None]
            new: list[Seat | None] = []
            for k, d in enumerate(p["seats"], start=1):
                if d is None:
                    new.append(None)
                    continue
                x = Seat(d["name"], d["stack"], d.get("bot"), d.get("token"), bool(d.get("away")),
                         bank=banks.get(d["name"], self.config.time_bank))
                if x.bot:
                    x.bot_player = bot_player(x.bot, f"{self.name}:{k}:{x.name}")
                new.append(x)
            self.seats = new
            staying = {x.token for x in new if x is not None}
            for tok in staying:
                self.gone.pop(tok, None)           # (moved back here)
            for k, x in before:
                if x.token not in staying:
                    self._gone(x, k, "moved")      # or out: the event says which
        elif kind == "button":
            self.button = ButtonState(self.config.seats, p["first"])
        elif kind in fair_deal.EVENTS:
            fair_deal.apply(self, kind, p)
        else:
            raise TableError(f"table {self.name!r}: unknown event {kind!r} in its log")

    def _hand_over(self, stacks: list[int]) -> None:
        played = self.played
        assert played is not None
        for seat, stack in zip(played.seats, stacks):
            s = self.seats[seat - 1]
            if s is not None:
                s.stack = stack
        for k, s in enumerate(self.seats):
            # A cash table frees the seats of the players who left or went broke; a
            # tournament's seats are the director's (its runner reseats them).
            if s is not None and (s.leaving or (s.stack == 0 and self.hand_source is None)):
                self.seats[k] = None
                self._gone(s, k + 1, "left" if s.leaving else "busted")
        self.history.appendleft(played)
        self.hands_over += 1
        self.played = None
        self.hand = None

    def _gone(self, s: Seat, seat: int, reason: str) -> None:
        if s.token is None:
            return
        self.gone.pop(s.token, None)
        self.gone[s.token] = {"reason": reason, "seat": seat, "name": s.name,
                              "hand": self.hands}
        while len(self.gone) > GONE:
            del self.gone[next(iter(self.gone))]

    def turn(self) -> dict[str, int] | None:
        """The turn in play (:mod:`pokertd.room.turns`): the hand's number and the number of
        its action to come; None when nobody is to act."""
        if self.actor_seat() is None:
            return None
        assert self.played is not None
        return current_turn(self.played.number, self.played.events)

    def _rebuild_hand(self) -> None:
        """The hand in progress from its log: the engine deals the stored deck again and the
        actions are applied again; every event must come out as stored."""
        played = self.played
        assert played is not None
        events = played.events
        if not events:
            return
        h = hand_from_config(events[0]["config"], deck=played.deck)
        for k, e in enumerate(events[1:], start=1):
            if e["type"] == "acted":
                play_acted(h, e)
        got = h.events()
        if got != events:
            raise TableError(f"table {self.name!r}: hand {played.number} does not replay to its "
                             "log")
        self.hand = h

    # --- IFP 61: the all-in stop ---------------------------------------------------------

    def stop(self) -> bool:
        """Stop the hand just over if it is an all-in showdown (IFP 61, hand-for-hand: "the
        hand will be stopped, and continued when all the hands on other tables are
        finished"): its clients see it as it stood when the betting closed. Nothing is
        written (the store has the whole hand; its dealt event finds the stop again after a
        restart). False: no hand over, or none to stop."""
        last = self.history[0] if self.history else None
        if self.hand is not None or self.played is not None or last is None:
            return False
        if self.stopped == last.number:
            return True
        from .allin_stop import stop_point
        if stop_point(last.events) is None:
            return False
        self.stopped = last.number
        self.version += 1
        return True

    def go_on(self) -> bool:
        """The stopped hand goes on (IFP 61): its clients see the rest of it (the board, the
        showdown, the awards). False: none was stopped."""
        if self.stopped is None:
            return False
        self.stopped = None
        self.version += 1
        return True

    def held(self) -> PlayedHand | None:
        """The hand over that its clients do not see the end of yet (IFP 61), if any."""
        last = self.history[0] if self.history else None
        if self.stopped is None or last is None or last.number != self.stopped or \
                self.played is not None:
            return None
        return last

    def shown_stacks(self) -> list[int | None]:
        """Each seat's stack as the clients know it between actions (a hand in progress: its
        stacks at its start): a stopped hand's (IFP 61) at its start, not its end."""
        out = [None if s is None else s.stack for s in self.seats]
        held = self.held()
        if held is not None:
            for k, stack in zip(held.seats, held.events[0]["config"]["stacks"]):
                out[k - 1] = stack
        return out

    def shown_state(self) -> tuple[PlayedHand | None, Any, Sequence[PlayedHand]]:
        """The hand in progress (its PlayedHand and engine hand) and the hands over, as the
        clients see them: a stopped hand (IFP 61) is shown in progress, as it stood when the
        betting closed, and is not among the hands over."""
        last = self.held()
        if last is None:
            return self.played, self.hand, self.history
        c = self._at_stop
        if c is None or c[0] is not last:
            from .allin_stop import at_stop, stop_point
            cut = stop_point(last.events)
            assert cut is not None
            c = self._at_stop = (last, *at_stop(last, cut), list(self.history)[1:])
        return c[1], c[2], c[3]

    # --- reading ------------------------------------------------------------------------

    def _seat(self, seat: int) -> Seat:
        s = self.seats[seat - 1] if 1 <= seat <= len(self.seats) else None
        if s is None:
            raise TableError(f"seat {seat} is empty")
        return s

    def _names(self) -> list[str | None]:
        return [None if s is None else s.name for s in self.seats]

    def _in_live_hand(self, seat: int) -> bool:
        """Whether ``seat`` holds a hand not over. (Replayed from the log, the hand is not
        rebuilt until the end of the load: its PlayedHand, set at its start and cleared at its
        end, says it. A seat left mid-hand is free only at its end, in the replay as live.)"""
        return (self.played is not None and seat in self.played.seats
                and (self.hand is None or not self.hand.done))

    def position_of(self, seat: int) -> int | None:
        if self.played is None or seat not in self.played.seats:
            return None
        return self.played.seats.index(seat)

    def seat_of_token(self, token: str | None) -> int | None:
        return self.seat_of_hash(hash_token(token) if token else None)

    def seat_of_hash(self, h: str | None) -> int | None:
        """The seat whose token hashes to ``h`` (a subscriber keeps its token's hash)."""
        if not h:
            return None
        for k, s in enumerate(self.seats):
            if s is not None and s.token is not None and hmac.compare_digest(s.token, h):
                return k + 1
        return None

    def actor_seat(self) -> int | None:
        h = self.hand
        if h is None or h.done or h.actor < 0 or self.played is None:
            return None
        return self.played.seats[h.actor]

    def is_host(self, token: str | None) -> bool:
        return bool(token) and self.host is not None and hmac.compare_digest(
            self.host, hash_token(token or ""))

    @property
    def config_dict(self) -> dict[str, Any]:
        d = self.__dict__.get("_config_dict")
        if d is None:
            d = self.__dict__["_config_dict"] = self.config.to_dict()
        return d

    def lines(self) -> list[str]:
        """The hand in progress in words, as its clients see it (once per change, for every
        recipient)."""
        c = self.__dict__.get("_lines")
        if c is None or c[0] != self.version:
            played = self.shown_state()[0]
            c = self.__dict__["_lines"] = (self.version, hand_lines(played) if played else [])
        return c[1]

    def deadline(self) -> float | None:
        """When the player to act runs out of time (time to act, then his time bank)."""
        seat = self.actor_seat()
        if seat is None:
            return None
        s = self._seat(seat)
        if s.bot is not None:
            return None
        return self.turn_started + self.config.act_seconds + max(0.0, s.bank)

    def next_wake(self) -> float | None:
        """The next moment :meth:`tick` has something to do."""
        seat = self.actor_seat()
        if seat is not None:
            s = self._seat(seat)
            if s.bot is not None:
                return self.bot_due
            if s.away or s.leaving:
                return self.turn_started
            return self.deadline()
        if self.hand is None and self.can_deal():
            return (self.ended_at or 0.0) + self.config.pause_seconds
        return None

    def can_deal(self) -> bool:
        if self.hand_source is not None:
            return False          # the tournament's runner starts each hand
        return sum(1 for s in self.seats if s is not None and s.stack > 0) >= 2

    # --- writing ------------------------------------------------------------------------

    def _commit(self, events: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Append, then apply. Without a :attr:`writer` the append is done here and now; with
        the game server's, it is queued to its writer thread and the server tells no one of
        the change before the store has it."""
        if self.broken:
            raise TableError(f"table {self.name!r}: the store did not take its last change; "
                             "it is being loaded again from the store: try again")
        new = [NewEvent(k, p) for k, p in events]
        if self.writer is None:
            self.head = self.store.append(self.stream_id, self.head, new)[-1].seq
        else:
            self.writer(self, self.head, new)
            self.head += len(new)
        for k, p in events:
            self.apply(k, p)


def _positions(p: dict[str, Any]) -> HandPositions:
    return HandPositions(p["hand"], p["button"], p["button_dead"], p["small_blind"],
                         p["big_blind"], tuple(p["waiting"]), p["heads_up"])
