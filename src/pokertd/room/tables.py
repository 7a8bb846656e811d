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

What each client may see is built per recipient (:func:`view`): his own hole cards, the cards
the engine showed (IFP 43 all-in hands face up, then the showdown in IFP 42 order) and nothing
else; a spectator sees no hole cards before they are shown. A recipient (a frame's, a PHH
download's) is his token's hash, and his own cards are those of the position his token was
dealt in that hand (:attr:`PlayedHand.tokens`), never of the seat he sits in now: a newcomer in
a seat freed by a player who left or went broke (or a dealt event's moved player) sees nothing
of its last occupant's hands. A dealt event's hand stopped at
its all-in showdown under hand-for-hand (IFP 61, :attr:`Table.stopped`) is shown as it stood
when the betting closed until its event lets it go on (:mod:`pokertd.room.allin_stop`).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

import orjson

from pokertd.bots import make_bot
from pokertd.cards import CARDS
from pokertd.engine import FOLDED, Hand, IllegalAction
from pokertd.engine.events import hand_from_config, play_acted
from pokertd.storage import NewEvent, Store
from pokertd.tournament.button import ButtonState, HandPositions, start_button

from . import fair_deal, seeds
from .turns import bank_refill, check_turn, current_turn, scoped_id

__all__ = [
    "BOT_KINDS", "KIND", "HandNotOver", "NotDealtIn", "Seat", "Table", "TableConfig",
    "TableError", "UnknownHand", "UnknownTable", "frames", "hash_token", "new_token",
    "phh_for", "view",
]

KIND = "table"
BOT_KINDS = ("sensible", "random", "calling")


def _bot(kind: str, seed: str) -> Any:
    """The player of a bot seat: the project's bots, or ``calling``, a calling station (it
    checks or calls every bet and never folds or raises: a practice table's easy opponent,
    and one that takes every all-in to a showdown)."""
    if kind == "calling":
        from pokertd.bots import RandomBot
        return RandomBot(seed, fold_p=0.0, raise_p=0.0)
    return make_bot(kind, seed)
HISTORY = 10          # hands kept for the last-hands list and the PHH downloads
RECENT_IDS = 64       # action ids remembered per table (a resend acts once)
GONE = 256            # tokens remembered per table with why their seat was freed


class TableError(ValueError):
    """A command the table refuses: the message says what was wrong and what would be right.
    Nothing was written."""


class UnknownTable(TableError, LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no table named {name!r}")


# A PHH download refused (phh_for): the hand is unknown, not the asker's, or not over yet.
class UnknownHand(TableError, LookupError):
    pass


class NotDealtIn(TableError, PermissionError):
    pass


class HandNotOver(TableError):
    pass


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Only the hash of a seat's token is stored: the log never holds what acts for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TableConfig:
    """A table's settings. ``act_seconds``: the time to act; ``time_bank``: each player's extra
    seconds, used once the time to act is over, given back ``bank_refill`` seconds at a time
    (never above ``time_bank``) every ``bank_refill_hands`` hands at a cash table, at each new
    level at a tournament's (a house rule: :mod:`pokertd.room.turns`); ``bot_delay``: a bot acts
    after 0.5 to 1.5 times this many seconds (a human pace); ``pause_seconds`` between hands
    (the showdown stays on screen); ``fair``: every hand dealt so that its players can check
    it (a commitment before it, their seeds, the reveal after it: :mod:`pokertd.room.fair_deal`).
    """

    seats: int = 6
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    structure: str = "no-limit"
    rules: str = "ifp-2012"
    min_buy_in: int = 0          # 0: 20 big blinds
    max_buy_in: int = 0          # 0: 200 big blinds
    act_seconds: float = 20.0
    time_bank: float = 30.0
    bot_delay: float = 1.0
    pause_seconds: float = 3.0
    fair: bool = False
    bank_refill: float = 10.0
    bank_refill_hands: int = 20

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise TableError(f"seats={self.seats}: a table has 2 to 10 seats")
        if not 0 < self.small_blind <= self.big_blind:
            raise TableError(f"blinds {self.small_blind}/{self.big_blind}: give whole chips, "
                             "0 < small blind <= big blind")
        if self.ante < 0:
            raise TableError(f"ante={self.ante}: an ante is 0 or more chips")
        if self.structure not in ("no-limit", "pot-limit", "fixed-limit"):
            raise TableError(f"structure={self.structure!r}: no-limit, pot-limit or fixed-limit")
        from pokertd.rules import PRESETS
        if self.rules not in PRESETS:
            raise TableError(f"rules={self.rules!r}: one of {', '.join(sorted(PRESETS))}")
        if self.min_buy_in < 0 or self.max_buy_in < 0 or (
                self.max_buy_in and self.buy_in[0] > self.max_buy_in):
            raise TableError(f"buy-in {self.min_buy_in}..{self.max_buy_in}: 0 <= minimum <= maximum")
        if isinstance(self.bank_refill_hands, bool) or not isinstance(
                self.bank_refill_hands, int) or not 0 <= self.bank_refill_hands <= 10_000:
            raise TableError(f"bank_refill_hands={self.bank_refill_hands}: a whole number of "
                             "hands, 0 (never) to 10000")
        for f in ("act_seconds", "time_bank", "bot_delay", "pause_seconds", "bank_refill"):
            v = getattr(self, f)
            if not 0 <= v <= 3600:
                raise TableError(f"{f}={v}: 0 to 3600 seconds")
        if self.act_seconds <= 0:
            raise TableError("act_seconds must be more than 0: a player needs time to act")
        if not isinstance(self.fair, bool):
            raise TableError(f"fair={self.fair!r}: true (a verifiable deal) or false")

    @property
    def buy_in(self) -> tuple[int, int]:
        return (self.min_buy_in or 20 * self.big_blind, self.max_buy_in or 200 * self.big_blind)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TableError(f"unknown table setting(s) {', '.join(unknown)}: "
                             f"{', '.join(sorted(known))}")
        return cls(**data)


@dataclass
class Seat:
    name: str
    stack: int
    bot: str | None = None
    token: str | None = None      # hash of the seat's token
    away: bool = False            # IFP 8: dealt in, blinds posted, cards killed
    leaving: bool = False
    bank: float = 0.0             # time bank left (seconds)
    bot_player: Any = None


@dataclass
class PlayedHand:
    """A hand as the log holds it: its number, each position's seat, names and events."""

    number: int
    seats: list[int]
    names: list[str]
    positions: dict[str, Any]
    deck: list[str]
    events: list[dict[str, Any]] = field(default_factory=list)
    level: int | None = None
    blinds: list[int] = field(default_factory=list)
    # A hand over never changes: its summary for each position (and a spectator) once.
    summaries: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    summary_texts: dict[int | None, str] = field(default_factory=dict)    # the same, as JSON
    # Who was dealt in: each position's token hash (None: a bot). A recipient's own cards
    # are found by it, never by the seat (a seat changes hands between deals).
    tokens: list[str | None] = field(default_factory=list)

    def position(self, who: str | None) -> int | None:
        """The position the token hash ``who`` was dealt in this hand, if any."""
        if not who:
            return None
        for i, h in enumerate(self.tokens):
            if h is not None and hmac.compare_digest(h, who):
                return i
        return None


@dataclass
class Table:
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
                s.bot_player = _bot(s.bot, f"{self.name}:{p['seat']}:{p['name']}")
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
                    x.bot_player = _bot(x.bot, f"{self.name}:{k}:{x.name}")
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
            c = self.__dict__["_lines"] = (self.version, _hand_lines(played) if played else [])
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

    def join(self, name: str, seat: int, stack: int, *, bot: str | None = None) -> str | None:
        """Sit ``name`` in ``seat`` with ``stack`` chips (within the buy-in); a person gets
        the seat's token (only its hash is stored), a bot none."""
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= 40:
            raise TableError("give a name of 1 to 40 characters")
        if self.hand_source is not None:
            raise TableError(f"table {self.name!r} belongs to the event {self.event!r}: "
                             "enter the event instead")
        if not isinstance(seat, int) or not 1 <= seat <= self.config.seats:
            raise TableError(f"seat {seat}: the seats are 1 to {self.config.seats}")
        if self.seats[seat - 1] is not None:
            free = [k + 1 for k, s in enumerate(self.seats) if s is None]
            raise TableError(f"seat {seat} is taken; free seats: "
                             f"{', '.join(map(str, free)) or 'none'}")
        if any(s is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(f"{name!r} is already at this table: choose another name")
        lo, hi = self.config.buy_in
        if not isinstance(stack, int) or not lo <= stack <= hi:
            raise TableError(f"stack {stack}: the buy-in is {lo} to {hi} chips")
        if bot is not None and bot not in BOT_KINDS:
            raise TableError(f"bot {bot!r}: one of {', '.join(BOT_KINDS)}")
        token = None if bot is not None else new_token()
        self._commit([("joined", {"seat": seat, "name": name, "stack": stack, "bot": bot,
                                  "token": None if token is None else hash_token(token)})])
        if self.hand is None and self.ended_at is None:
            self.ended_at = self.clock()
        return token

    def leave(self, seat: int) -> None:
        self._seat(seat)
        if self.hand_source is not None:
            raise TableError("a tournament player keeps his seat: say you are away instead "
                             "(IFP 8: dealt in, his blinds posted, his cards killed)")
        self._commit([("left", {"seat": seat})])

    def set_away(self, seat: int, away: bool) -> None:
        s = self._seat(seat)
        if s.away != away:
            self._commit([("away" if away else "back", {"seat": seat, "rule": "IFP 8"})])

    def start_hand(self, now: float, setup: Any = None) -> None:
        """Deal the next hand: button and blinds moved on (IFP 17 dead button, IFP 18
        heads-up, IFP 19 single big blind: :class:`ButtonState`), a shuffled deck (the system
        CSPRNG; a seeded table's derived from its seed, :mod:`pokertd.room.seeds`), absent players dealt in with
        their cards to be killed (IFP 8). ``setup``: a tournament director's
        :class:`~pokertd.tournament.director.HandSetup`."""
        events: list[tuple[str, dict[str, Any]]] = []
        c = self.config
        if setup is None:
            seats = [None if s is None or s.stack == 0 else s.name for s in self.seats]
            if self.button is None:
                first = start_button(seats, rng=self.rng if self.seed is None else seeds.rng(
                    self.seed, "button", self.name, None, self.hands + 1))
                events.append(("button", {"first": first.first_button, "rule": "IFP 16"}))
                bs = ButtonState(c.seats, first.first_button)
            else:
                bs = self.button
            pos = bs.peek(seats)
            order = _position_order(pos, seats)
            names = [seats[k - 1] for k in order]
            stacks = [self._seat(k).stack for k in order]
            blinds, ante, bb_ante, unit, level = (c.small_blind, c.big_blind), c.ante, 0, 1, None
        else:
            pos = setup.positions
            names = list(setup.players)
            by_name = {s.name: k + 1 for k, s in enumerate(self.seats) if s is not None}
            order = [by_name[n] for n in names]
            stacks = list(setup.stacks)
            lv = setup.level
            blinds, ante, bb_ante, unit, level = (lv.blinds, lv.ante, lv.big_blind_ante,
                                                  setup.chip_unit, setup.level_number)
        opts: dict[str, Any] = {"structure": c.structure}
        n = len(names)
        if n == 2 and not pos.heads_up:
            # Two dealt in at a table of more (the others wait, IFP 10): the blinds post as
            # placed, the small blind acting first.
            opts["blinds_or_straddles"] = (blinds if pos.small_blind is not None
                                           else (blinds[1], 0))
        elif pos.small_blind is None and n > 2:
            opts["single_big_blind"] = True                       # IFP 19
        if ante:
            opts["ante"] = ante
        if bb_ante:
            opts["bb_ante"] = bb_ante                             # TDA RP-11
        if unit > 1:
            opts["chip_unit"] = unit                              # TDA 20
        absent = [i for i, k in enumerate(order) if self._seat(k).away or self._seat(k).leaving]
        if absent:
            opts["absent"] = absent                               # IFP 8
        number = self.hands + 1
        refill = bank_refill(time_bank=c.time_bank, refill=c.bank_refill,
                             every_hands=c.bank_refill_hands, number=number, level=level,
                             last_level=self.history[0].level if self.history else None)
        after: list[tuple[str, dict[str, Any]]] = []
        if c.fair:      # the committed order mixed with the players' seeds
            deck, before, after = fair_deal.deal(self, number)
            events += before
        elif self.seed is None:
            deck = list(range(52))
            self.rng.shuffle(deck)
        else:
            deck = seeds.deck(self.seed, self.event or self.name, self.table_id, number)
        h = Hand(stacks, blinds, rules=self.rules or c.rules, deck=deck, seats=order, button_seat=pos.button,
                 **opts)
        events.append(("hand_started", {
            "hand": number, "seats": order, "names": names, "level": level,
            "tokens": [self._seat(k).token for k in order],
            "blinds": list(blinds),
            "positions": {"hand": pos.hand, "button": pos.button, "button_dead": pos.button_dead,
                          "small_blind": pos.small_blind, "big_blind": pos.big_blind,
                          "waiting": list(pos.waiting), "heads_up": pos.heads_up},
            "deck": [str(CARDS[d]) for d in deck]}))
        if refill:      # the house's time-bank rule (pokertd.room.turns; TDA 29, RP-19)
            events[-1][1]["bank_refill"] = refill
        events += [("hand", {"hand": number, "event": e}) for e in h.events()]
        self._commit(events + after)
        if self.played is not None:       # (None: the hand ended as it was dealt)
            self.hand = h
        self.turn_started = now
        self._schedule_bot(now)
        self.ended_at = None
        if h.done:
            self._ended(now)

    def act(self, seat: int, action: str, amount: int | None = None, *,
            action_id: str | None = None, now: float | None = None,
            turn: dict[str, int] | None = None) -> bool:
        """The player in ``seat`` acts: ``fold``, ``check``, ``call``, ``raise`` (``amount``:
        the raise-to total), ``all_in``. The engine decides; its refusal
        (:class:`IllegalAction`: what, what is legal, the rule) writes nothing. An
        ``action_id`` this seat's player already sent acts once: False, nothing done (another
        player's ids are his own, :func:`~pokertd.room.turns.scoped_id`). ``turn``: the turn
        the act answers (its ``legal``'s); another than the one in play is refused."""
        if action_id is not None:
            s = self.seats[seat - 1] if 1 <= seat <= len(self.seats) else None
            action_id = scoped_id(None if s is None else s.token, seat, action_id)
            if action_id in self.ids:
                return False
        if turn is not None:
            why = check_turn(turn, self.turn())
            if why is not None:
                raise TableError(why)
        now = self.clock() if now is None else now
        h = self.hand
        if h is None or h.done:
            raise TableError("no hand in progress: wait for the next deal")
        if self.actor_seat() != seat:
            actor = self.actor_seat()
            raise TableError(f"it is not seat {seat}'s turn"
                             + (f": seat {actor} acts" if actor is not None else ""))
        if action not in ("fold", "check", "call", "raise", "bet", "all_in"):
            raise TableError(f"action {action!r}: fold, check, call, raise (with an amount) "
                             "or all_in")
        if action in ("raise", "bet") and (amount is None or isinstance(amount, bool)
                                           or not isinstance(amount, int)):
            raise TableError(f"{action} needs an amount: the raise-to total in whole chips")
        self._apply_action(lambda: h.act(action, amount), now, action_id)
        return True

    def _apply_action(self, act: Callable[[], None], now: float, action_id: str | None = None) -> None:
        h = self.hand
        assert h is not None and self.played is not None
        seat = self.actor_seat()
        assert seat is not None
        s = self._seat(seat)
        raw = len(h._events)
        act()                      # IllegalAction: the hand is unchanged
        new = _new_events(h, raw, len(self.played.events))
        extra: dict[str, Any] = {}
        if s.bot is None:
            used = max(0.0, now - self.turn_started - self.config.act_seconds)
            extra["bank"] = round(max(0.0, s.bank - used), 3)
        out: list[tuple[str, dict[str, Any]]] = []
        for k, e in enumerate(new):
            p: dict[str, Any] = {"hand": self.played.number, "event": e}
            if k == 0:
                if action_id is not None:
                    p["id"] = action_id
                p.update(extra)
            out.append(("hand", p))
        try:
            self._commit(out)
        except Exception:
            # The store refused: the state is the log's again.
            self.hand = None
            self._rebuild_hand()
            raise
        self.turn_started = now
        self._schedule_bot(now)
        if h.done:
            self._ended(now)

    def _ended(self, now: float) -> None:
        self.ended_at = now
        if self.on_hand_end is not None:
            self.on_hand_end(self)

    def _schedule_bot(self, now: float) -> None:
        """A bot to act acts after 0.5 to 1.5 times the bot delay (drawn only for a bot: the
        system CSPRNG is a system call)."""
        d = self.config.bot_delay
        seat = self.actor_seat()
        s = None if seat is None else self.seats[seat - 1]
        self.bot_due = now + (d * (0.5 + self.rng.random()) if d and s is not None
                              and s.bot is not None else 0.0)

    def tick(self, now: float) -> bool:
        """Do the one thing due at ``now``, if any: a bot's action, an absent player's fold
        (IFP 8), a player out of time (TDA 29: checked if he can, otherwise his hand is dead;
        then he is away, IFP 8), the next deal. True when something changed (the runner calls
        again at once: each change reaches the clients on its own)."""
        seat = self.actor_seat()
        h = self.hand
        if seat is not None and h is not None:
            s = self._seat(seat)
            pos = h.actor
            if s.bot is not None:
                if now < self.bot_due:
                    return False
                bb = max(h.t.blinds) or self.config.big_blind
                player = s.bot_player
                if self.seed is not None and self.played is not None:
                    # each decision its own seed: the same after a reload (seeds.bot_seed)
                    player = _bot(s.bot, seeds.bot_seed(
                        self.seed, self.event or self.name, self.table_id, self.played.number,
                        len(self.played.events)))

                def bot_acts() -> None:
                    try:
                        player.act(h, pos, bb, h.t.chip_unit)
                    except IllegalAction:
                        h.check_call()     # a bot's mistake must not stop the table
                self._apply_action(bot_acts, now)
            elif s.away or s.leaving:
                self._apply_action(h.fold, now)             # IFP 8: cards killed
            else:
                due = self.deadline()
                if due is None or now < due:
                    return False
                la = h.legal_actions()
                self._apply_action(h.check if la.check else h.fold, now)   # TDA 29
                self.set_away(seat, True)                   # IFP 8 until he comes back
            return True
        if self.hand is None and self.can_deal() and now >= (
                (self.ended_at or 0.0) + self.config.pause_seconds):
            self.start_hand(now)
            return True
        return False


def _new_events(h: Hand, start: int, converted: int) -> list[dict[str, Any]]:
    """The engine's events from its ``start``-th raw event on, in their JSON form (as
    :func:`pokertd.engine.events.to_dicts` gives them, the ``converted`` older ones not
    converted again at every action)."""
    from pokertd.engine.events import event_to_dict, to_dicts
    from pokertd.engine.hand import E_HOLES

    new = h._events[start:]
    if any(e[0] == E_HOLES for e in new):      # the deal (one raw event, a dict per player)
        return to_dicts(h)[converted:]
    return [event_to_dict(h, e) for e in new]


def _positions(p: dict[str, Any]) -> HandPositions:
    return HandPositions(p["hand"], p["button"], p["button_dead"], p["small_blind"],
                         p["big_blind"], tuple(p["waiting"]), p["heads_up"])


def _position_order(pos: HandPositions, seats: Sequence[str | None]) -> list[int]:
    """The seats dealt in, in position order: first left of the button, the button last;
    heads-up the big blind first (as the director's next_hand); waiting players out (IFP 10)."""
    n = len(seats)
    if pos.heads_up:
        return [pos.big_blind, pos.button]
    first = pos.small_blind if pos.small_blind is not None else pos.big_blind
    out = []
    for d in range(n):
        k = (first - 1 + d) % n + 1
        if seats[k - 1] is not None and k not in pos.waiting:
            out.append(k)
    return out


# --- what each client sees ----------------------------------------------------------------


def _visible(played: PlayedHand, position: int | None) -> dict[int, list[str]]:
    """Hole cards this recipient may see: his own, and those the engine showed."""
    out: dict[int, list[str]] = {}
    for e in played.events:
        t = e["type"]
        if t == "dealt" and e["player"] == position and e["cards"]:
            out[e["player"]] = list(e["cards"])
        elif t == "shown":
            out[e["player"]] = list(e["cards"])
    return out


def _hand_lines(played: PlayedHand) -> list[str]:
    """The hand's actions in words: the same for every recipient (a card in them is a board
    card or a card the engine showed)."""
    names = played.names
    lines = []
    for e in played.events:
        t = e["type"]
        who = names[e["player"]] if "player" in e and e["player"] is not None else ""
        if t == "posted":
            lines.append(f"{who} posts {e['kind'].replace('_', ' ')} {e['amount']}")
        elif t == "acted":
            a = e["action"]
            lines.append(f"{who} {a}s" if a in ("fold", "check") else
                         f"{who} calls {e['added']}" if a == "call" else f"{who} {a}s to {e['to']}")
        elif t == "board":
            lines.append(f"{e['street']}: {' '.join(e['cards'])}")
        elif t == "returned":
            lines.append(f"{e['amount']} uncalled returned to {who}")
        elif t == "shown":
            lines.append(f"{who} shows {' '.join(e['cards'])}")
        elif t == "mucked":
            lines.append(f"{who} mucks")
        elif t == "killed":
            lines.append(f"{who}'s hand is killed ({e['rule']})")
        elif t == "awarded":
            pot = "main pot" if e["pot"] == 0 else f"side pot {e['pot']}"
            lines.append(" and ".join(f"{names[w]} wins {x}" for w, x in zip(e["winners"], e["shares"]))
                         + f" ({pot})")
    return lines


def _summary(played: PlayedHand, position: int | None) -> dict[str, Any]:
    got = played.summaries.get(position)
    if got is None:
        got = played.summaries[position] = _make_summary(played, position)
    return got


def _summary_text(played: PlayedHand, position: int | None) -> str:
    got = played.summary_texts.get(position)
    if got is None:
        got = played.summary_texts[position] = dumps(_summary(played, position))
    return got


def _make_summary(played: PlayedHand, position: int | None) -> dict[str, Any]:
    board: list[str] = []
    winners = []
    for e in played.events:
        if e["type"] == "board":
            board += e["cards"]
        elif e["type"] == "awarded":
            winners += [played.names[w] for w in e["winners"]]
    return {"hand": played.number, "board": board, "lines": _hand_lines(played),
            "winners": sorted(set(winners)), "played": position is not None}


def view(table: Table, who: str | None, now: float | None = None, *,
         history: bool = True) -> dict[str, Any]:
    """What the client whose token hashes to ``who`` (None: a spectator) may know: his own
    cards in the hands he was dealt, no hole card of anyone else before the engine shows it.
    ``history``: with the last hands (``last_hands``; the game server sends them when they
    change)."""
    base = _spectator_view(table, table.clock() if now is None else now)
    out = dict(base)
    out.update(_own_part(table, base, who, history))
    return out


def frames(table: Table, recipients: Iterable[tuple[str | None, bool]], *,
           history: bool = True, now: float | None = None) -> dict[tuple[str | None, bool], str]:
    """:func:`view` as JSON for each (token hash, host) recipient: the part every recipient
    shares is built and encoded once, each recipient's own part (his seat's cards, his legal
    actions, his last hands) on its own."""
    base = _spectator_view(table, table.clock() if now is None else now)
    over = table.shown_state()[2]
    shared = dumps({k: v for k, v in base.items() if k not in _OWN})
    seats = base["seats"]
    seat_texts = [dumps(d) for d in seats]            # a seat as everyone sees it, once
    everyone = "[" + ",".join(seat_texts) + "]"
    out = {}
    for who, host in recipients:
        own = _own_part(table, base, who, False)
        own["host"] = host
        mine = own.pop("seats")
        text = everyone if mine is seats else "[" + ",".join(
            seat_texts[k] if d is seats[k] else dumps(d) for k, d in enumerate(mine)) + "]"
        if history:         # each hand's summary encoded once for each position in it
            text += ',"last_hands":[' + ",".join(
                _summary_text(p, p.position(who)) for p in over) + "]"
        out[(who, host)] = dumps(own)[:-1] + ',"seats":' + text + "," + shared[1:]
    return out


_OWN = ("you", "host", "seats", "legal", "last_hands")


def dumps(value: Any) -> str:
    """JSON text of a frame's part: orjson's compact encoding (the same values as json's, a
    few times quicker: a frame is built for every client at every action)."""
    return orjson.dumps(value).decode()


def _own_dealt(played: PlayedHand, position: int) -> list[str] | None:
    for e in played.events:
        if e["type"] == "dealt" and e["player"] == position:
            return list(e["cards"])
    return None


def _own_part(table: Table, base: dict[str, Any], who: str | None,
              history: bool) -> dict[str, Any]:
    """What only the player whose token hashes to ``who`` may see: his own hole cards (of
    the position he was dealt: a seat's last occupant's are not his), his legal actions when
    he is to act, the last hands with the ones he played marked."""
    seat = table.seat_of_hash(who)
    own: dict[str, Any] = {"you": seat, "host": False, "seats": base["seats"]}
    played, h, over = table.shown_state()
    last = over[0] if over else None
    if seat is not None:
        seats = list(base["seats"])
        d = dict(seats[seat - 1])
        d["you"] = True
        hand = played if played is not None and h is not None else (
            last if played is None and d["cards"] is None else None)
        mine = None if hand is None else hand.position(who)
        if hand is not None and mine is not None and hand.seats[mine] == seat:
            # (dealt here, and not moved since)
            d["cards"] = _own_dealt(hand, mine)
        seats[seat - 1] = d
        own["seats"] = seats
        me = table.seats[seat - 1]
        if h is not None and not h.done and table.actor_seat() == seat and me is not None \
                and not me.away and not me.leaving:
            # (an absent player's cards are killed as his turn comes, IFP 8: nothing to offer)
            la = h.legal_actions()
            own["legal"] = {"fold": la.fold, "check": la.check, "call": la.call,
                            "min_raise_to": la.min_raise_to, "max_raise_to": la.max_raise_to,
                            "bet": h.current == 0, "all_in": h.bets[la.player] + h.stacks[la.player],
                            "pot_limit": table.config.structure == "pot-limit",
                            "turn": table.turn()}
    if history:
        own["last_hands"] = [_summary(p, p.position(who)) for p in over]
    return own


def _spectator_view(table: Table, now: float) -> dict[str, Any]:
    """The table as a spectator sees it: no hole card before the engine shows it (a hand
    stopped at its all-in showdown, IFP 61: as it stood when the betting closed)."""
    played, h, over = table.shown_state()
    pos_of: dict[int, int] = {}
    shown_cards: dict[int, list[str]] = {}
    if played is not None:
        pos_of = {k: i for i, k in enumerate(played.seats)}
        shown_cards = _visible(played, None)
    last = over[0] if over else None
    showing = played if played is not None else last
    showdown: list[dict[str, Any]] = []
    awards: list[dict[str, Any]] = []
    if showing is not None:
        for e in showing.events:
            if e["type"] == "shown":
                showdown.append({"seat": showing.seats[e["player"]], "name": showing.names[e["player"]],
                                 "cards": e["cards"], "reason": e["reason"]})
            elif e["type"] == "awarded":
                awards.append({"pot": e["pot"], "amount": e["amount"],
                               "winners": [showing.names[w] for w in e["winners"]],
                               "seats": [showing.seats[w] for w in e["winners"]],
                               "shares": e["shares"]})
    seats_out = []
    actor = table.actor_seat()
    for k, s in enumerate(table.seats, start=1):
        if s is None:
            seats_out.append({"seat": k, "empty": True})
            continue
        d: dict[str, Any] = {"seat": k, "empty": False, "name": s.name, "stack": s.stack,
                             "bot": s.bot, "away": s.away, "you": False, "bet": 0,
                             "status": "out", "cards": None, "acting": k == actor}
        i = pos_of.get(k)
        if h is not None and i is not None:
            d["stack"] = h.stacks[i]
            d["bet"] = h.bets[i]
            d["status"] = ("folded" if h.status[i] == FOLDED else
                           "all-in" if h.status[i] == 1 else "active")
            if i in shown_cards:
                d["cards"] = shown_cards[i]
            elif h.status[i] != FOLDED and not h.done:
                d["cards"] = ["??", "??"]     # face down: the card backs
        elif played is None and last is not None and k in last.seats and \
                last.names[last.seats.index(k)] == s.name and \
                last.tokens[last.seats.index(k)] == s.token:
            # the cards shown at the last showdown, beside the player who showed them (not
            # beside a newcomer in his seat)
            j = last.seats.index(k)
            for e in last.events:
                if e["type"] == "shown" and e["player"] == j:
                    d["cards"] = e["cards"]
        seats_out.append(d)
    out: dict[str, Any] = {
        "type": "state", "table": table.name, "event": table.event, "version": table.version,
        "config": table.config_dict, "you": None, "hand": None, "seats": seats_out,
        "host": False, "showdown": showdown, "awards": awards,
    }
    if table.config.fair:
        out["fair"] = fair_deal.public(table)
    if played is not None and h is not None:
        positions = played.positions
        pots = [{"amount": a, "seats": [played.seats[i] for i in elig]}
                for a, elig in h._pots()]   # the engine's own split (main pot, side pots)
        if h.done:
            pots = []
        out["hand"] = {
            "number": played.number, "button": positions["button"],
            "small_blind": positions["small_blind"], "big_blind": positions["big_blind"],
            "board": [str(CARDS[c]) for c in h.board], "pots": pots,
            "total_pot": h.total_pot, "done": h.done, "actor": actor,
            "lines": table.lines()[-12:],
            "blinds": played.blinds,
            # IFP 61: stopped at its all-in showdown until the other tables' hands are over
            "stopped": h is not table.hand,
        }
        if actor is not None:
            s = table._seat(actor)
            out["hand"]["clock"] = {"act_seconds": table.config.act_seconds,
                                    "elapsed": round(now - table.turn_started, 2),
                                    "bank": round(s.bank, 2)}
    elif last is not None:
        summary = _summary(last, None)
        out["hand"] = {"number": last.number, "button": last.positions["button"],
                       "small_blind": last.positions["small_blind"],
                       "big_blind": last.positions["big_blind"],
                       "board": summary["board"], "pots": [], "total_pot": 0,
                       "done": True, "actor": None, "blinds": last.blinds,
                       "lines": summary["lines"][-12:], "stopped": False}
    return out


def phh_for(table: Table, number: int, who: str | None) -> str:
    """The PHH text of hand ``number`` as the player whose token hashes to ``who`` saw it:
    his own hole cards and the cards shown; the others' unknown (``????``). He is whoever
    was dealt in the hand with that token, wherever he sits now (a newcomer in his seat is
    not)."""
    from pokertd.engine import replay
    from pokertd.formats.phh import dumps, export_hand

    held = table.held()
    if held is not None and held.number == number:
        raise HandNotOver(f"hand {number} is stopped at its all-in showdown (IFP 61: hand-for-"
                          "hand, it goes on when the other tables' hands are over): try again "
                          "then")
    if table.played is not None and table.played.number == number:
        raise HandNotOver(f"hand {number} is still being played: download it once it is over")
    played = next((p for p in table.history if p.number == number), None)
    if played is None:
        last = table.history[0].number if table.history else 0
        raise UnknownHand(
            f"hand {number} is not among the last {HISTORY} hands of this table" + (
                f" (hands {table.history[-1].number} to {last})" if last else
                " (no hand is over yet)"))
    mine = played.position(who)
    if mine is None:
        raise NotDealtIn(f"hand {number}: only a player dealt in may download it (give the "
                         "token you played it with)")
    shown = {e["player"] for e in played.events if e["type"] == "shown"}
    h = replay(played.events)
    try:
        data = export_hand(h, players=played.names, seats=played.seats,
                           seat_count=table.config.seats, event=table.event or table.name)
    except ValueError as exc:          # PHHError: pot limit, a killed hand (IFP 8)
        raise TableError(f"hand {number} has no PHH form: {exc}") from None
    data["hand"] = played.number
    hidden = {f"p{i + 1}" for i in range(len(played.seats)) if i != mine and i not in shown}
    data["actions"] = [f"d dh {a.split()[2]} ????" if a.startswith("d dh ")
                       and a.split()[2] in hidden else a for a in data["actions"]]
    return dumps(data)
