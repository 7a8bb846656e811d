"""The director's core: the state every part of a tournament reads, and its event machinery.

:class:`TournamentCore` holds one event's state (players, floor, clock, prize pool, payouts,
deal) and performs events: :meth:`TournamentCore.apply` dispatches each to its handler
``_on_<type>``, collected over the class and its bases, so each part of
:class:`~pokertd.tournament.director.Tournament` keeps the handlers of its own events. Here too:
the players' record (:class:`PlayerState`), the command's refusal (:class:`DirectorError`), the
seeded chance (IFP 5), the checks every command shares, the state as plain data (replay
compares it) and the results. Chips in play (:attr:`TournamentCore.chips`): every starting
stack sold, rebuy and add-on, less the chips removed and changed by chip races.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any, NamedTuple

from pokertd.records import MutableRecord, mutable_record
from pokertd.rules import PRESETS
from pokertd.tournament import events as ev
from pokertd.tournament.button import ButtonState, HandPositions
from pokertd.tournament.chip_race import PRESET_RULES
from pokertd.tournament.clock import TournamentClock
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.seating import Floor
from pokertd.tournament.structure import Level

__all__ = ["Bust", "DirectorError", "HandSetup", "PlayerState", "TournamentCore", "field_rule"]


class DirectorError(ValueError):
    """A command the tournament refuses; the message says why. Nothing was recorded."""


class Bust(NamedTuple):
    """One player out of chips in a hand: his table, his stack at the start of the hand and
    who won his chips (None: no one, e.g. a live director who does not say)."""

    player: str
    table: int | None = None
    start_stack: int = 0
    knocked_out_by: str | None = None


class HandSetup(NamedTuple):
    """What a dealt hand at one table needs: positions, the players dealt in by position
    (first left of the button, button last; heads-up the big blind first), their stacks,
    the level, and the smallest chip in play (odd chips, TDA 20)."""

    table: int
    positions: HandPositions
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    level: Level
    level_number: int
    chip_unit: int
    absent: tuple[bool, ...]
    game: str = "NT"             # the hand's game (PHH code): mixed games, Structure.games


@mutable_record
class PlayerState(MutableRecord):
    name: str
    stack: int
    absent: bool = False
    out: bool = False
    place: int | None = None
    tied: int = 1
    knockouts: int = 0
    knocked_out_by: str | None = None
    rebuys: int = 0
    addons: int = 0
    prize: int = 0
    penalty: int = 0          # hands still to miss on a penalty (IFP 70, TDA 71)


_FIELD_RULES: dict[str, dict[str, str]] = {}


def _field_rules(field_name: str) -> dict[str, str]:
    """:func:`pokertd.rules.field_rules`, looked up once per field (the rule sets' metadata
    is fixed): do not change the dictionary returned."""
    rules = _FIELD_RULES.get(field_name)
    if rules is None:
        from pokertd.rules import field_rules
        rules = _FIELD_RULES[field_name] = field_rules(field_name)
    return rules


def field_rule(field_name: str, preset: str, default: str) -> str:
    """The rule that decides a RuleSet field under ``preset`` (a house: its base's)."""
    rules = _field_rules(field_name)
    return rules.get(preset) or rules.get("ifp-2012") or default


_MOVER = {"next-big-blind-to-worst-position": "next-big-blind",
          "big-blind-to-worst-position": "big-blind"}


class TournamentCore:
    """The state of one tournament and the machinery that changes it by events; the commands
    are in the parts :class:`~pokertd.tournament.director.Tournament` is made of, which call
    one another's methods on it (a start fixes the payouts, the last bust-out the finish)."""

    def __init__(self, config: TournamentConfig, *, seed: int | str | None = None,
                 dealt: bool = True) -> None:
        self.config = config
        self.seed = seed
        self.dealt = dealt
        s = config.structure
        self.structure = s
        self.rules = config.rules
        self.events: list[ev.Event] = []
        self.players: dict[str, PlayerState] = {}
        self.floor: Floor | None = None
        # IFP 61: the clock runs during hand-for-hand play; TDA RP-8: it stops, and two
        # minutes come off it for each hand-for-hand hand.
        self.clock = TournamentClock(
            s, seconds_per_hand=120 if self.rules.hand_for_hand.startswith("two-minutes") else None)
        self.started = False
        self.finished = False
        self.alive = 0
        self.entrants = 0
        self.prize_pool = 0
        self.payouts: tuple[int, ...] | None = None
        self.deal: dict[str, Any] | None = None
        self.finishing: list[list[str]] = []     # groups, the first out first
        self.hands = 0
        self.level = 0                           # the level of the last hand dealt
        self.chips_in_play: tuple[int, ...] = config.chip_set.values
        self.winner: str | None = None
        self.last_at: float | None = None        # the time of the last hand or level
        self.chips = 0                           # chips in play (see the module docstring)
        self.registration_closed = False         # IFP 9
        self.dead_stacks: ev.DeadStacksRemoved | None = None   # IFP 9: unsold seats' stacks
        self._group_place = 0
        self._level_cache: tuple[float, int, Level] | None = None
        # The last hand set up (next_hand): the setup, the length of the log then, the
        # chips dealt in and the players' states; while the log has not grown nothing it was
        # read from has changed.
        self._setup: tuple[HandSetup, int, int, list[PlayerState]] | None = None
        # record_hand -> _on_hand_played: the event, its positions (already checked) and the
        # players' states in its order (None: look them up).
        self._hand_hint: tuple[ev.HandPlayed, HandPositions, list[PlayerState] | None] | None = None
        self._mover = _MOVER.get(self.rules.balancing_mover, "next-big-blind")
        if s.stud_only:
            # IFP 11a, TDA 11-A, WPA 5: in stud-only events players are moved by position
            # (mixed games such as HORSE balance as flop games: by the big blind).
            self._mover = "position"
        self._two_step = "two-step" in self.rules.broken_table_seating
        # The rules of the preset in force, named in the events (a house: its base's).
        base = self.rules.name if self.rules.name in PRESETS else config.rules_base
        self._balance_rule = field_rule("balancing_mover", base, "IFP 11a")
        self._break_rule = field_rule("broken_table_seating", base, "IFP 10")
        self._final_rule = field_rule("final_table_redraw", base, "IFP 15")
        self._level_rule = _field_rules("new_level").get(base, "IFP 23")
        self._chip_race_preset = (self.rules.name if self.rules.name in PRESET_RULES
                                  else config.rules_base)
        self.hand_for_hand_hands = 0             # hands done since hand-for-hand began
        self.reported_buttons: set[int] = set()  # live: tables whose button was reported
        # Live: the seats of a table as they were dealt the hand of the last bust-out report
        # (the busted players still in them), kept for the button the director reports for
        # that hand until the next report (IFP 11a, IFP 17); and that report's number.
        self.hand_seats: dict[int, tuple[str | None, ...]] = {}
        # Live: each table's button state as last reported, kept across the bust-outs that
        # clear it, so the next report is followed from it (dead blinds remembered, IFP 17).
        self.known_buttons: dict[int, ButtonState] = {}
        self.bust_reports = 0
        self._report_tables: set[int] = set()
        self.seat_left: dict[str, tuple[int, int]] = {}  # live: where a busted player sat
        # A live chip-up (IFP 56; WPA 14; TDA 24): the colours being raced off, table by
        # table, and the tables that have raced them.
        self.racing: tuple[int, ...] = ()
        self.raced_tables: set[int] = set()
        # The chip counts corrected by the director (chips, reason), the first first.
        self.count_corrections: list[tuple[int, str]] = []
        # Mixed games rotated by orbit: each table's place in the rotation (the index of its
        # game, hands of it left), and the index of the last game dealt anywhere (a new
        # table takes it up).
        self.orbits: dict[int, list[int]] = {}
        self._last_game = 0
        self.apply(ev.Created(config.to_dict(), seed, dealt))

    def _rng(self) -> random.Random:
        """IFP 5: the system CSPRNG, or (seeded) a generator derived from the seed and the
        length of the log, so commands after a replay draw the same."""
        if self.seed is None:
            return random.SystemRandom()
        return random.Random(f"{self.seed}:{len(self.events)}")

    def apply(self, event: ev.Event) -> None:
        """Perform one event and append it to the log."""
        self._apply(event, True)

    def _log(self, event: ev.Event) -> None:
        """Record an event whose floor change a seating algorithm has already made."""
        self._apply(event, False)

    # Each event type's handler (``_on_<type>``), looked up once per class.
    _handlers: dict[str, Any] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._handlers = _handlers_of(cls)

    def _apply(self, e: ev.Event, floor: bool) -> None:
        h = self._handlers.get(e.type)
        if h is None:
            getattr(self, "_on_" + e.type)(e, floor)
        else:
            h(self, e, floor)
        self.events.append(e)

    def _on_created(self, e: ev.Created, floor: bool) -> None:
        if self.events:
            raise DirectorError("'created' is the first event of a log, and only the first")

    def state(self) -> dict[str, Any]:
        """Everything that defines the tournament now, as plain data (replay compares it)."""
        fl = self.floor
        tables = None
        if fl is not None:
            tables = {}
            for tid, t in sorted(fl.tables.items()):
                b = t.button
                tables[tid] = {
                    "seats": list(t.seats),
                    "button": None if b is None else [
                        b.first_button, b.hand, b.button, b.small_blind_pos, b.big_blind_pos,
                        sorted(b._last_bb_hand.items())],
                }
            tables = {"tables": tables, "break_order": list(fl.break_order),
                      "where": dict(sorted(fl.where.items()))}
        return {
            "players": {n: {f.name: getattr(p, f.name) for f in fields(p)}
                        for n, p in self.players.items()},
            "floor": tables, "clock": self.clock.to_dict() if self.started else None,
            "started": self.started, "finished": self.finished, "alive": self.alive,
            "entrants": self.entrants, "prize_pool": self.prize_pool,
            "payouts": self.payouts, "deal": self.deal, "finishing": self.finishing,
            "hands": self.hands, "level": self.level, "chips_in_play": self.chips_in_play,
            "winner": self.winner, "chips": self.chips,
            "registration_closed": self.registration_closed,
            "dead_stacks": None if self.dead_stacks is None else ev.to_dict(self.dead_stacks),
            "hand_for_hand_hands": self.hand_for_hand_hands,
            "reported_buttons": sorted(self.reported_buttons),
            "hand_seats": {tid: list(s) for tid, s in sorted(self.hand_seats.items())},
            "known_buttons": {tid: [b.button, b.small_blind_pos, b.big_blind_pos]
                              for tid, b in sorted(self.known_buttons.items())},
            "seat_left": {p: list(w) for p, w in sorted(self.seat_left.items())},
            "bust_reports": self.bust_reports,
            "racing": self.racing, "raced_tables": sorted(self.raced_tables),
            "count_corrections": [list(c) for c in self.count_corrections],
        }

    def event_dicts(self) -> list[dict[str, Any]]:
        return [ev.to_dict(e) for e in self.events]

    def _player(self, name: str) -> PlayerState:
        try:
            return self.players[name]
        except (KeyError, TypeError):
            raise DirectorError(f"unknown player {name!r}") from None

    def _in_play(self, name: str) -> PlayerState:
        p = self._player(name)
        if p.out:
            raise DirectorError(f"{name} is already out (place {p.place})")
        return p

    def _require_running(self) -> Floor:
        if not self.started:
            raise DirectorError("the tournament has not started")
        if self.finished:
            raise DirectorError("the tournament is over")
        assert self.floor is not None
        return self.floor

    def _hand_level(self, now: float) -> tuple[int, Level]:
        """The number and level of a hand dealt at ``now`` (IFP 23), kept for the last time
        asked: every table deals at the same simulated time, and the clock changes only by
        events (which clear it)."""
        c = self._level_cache
        if c is not None and c[0] == now:
            return c[1], c[2]
        level = self.clock.level_for_hand(now)
        number = self.clock.level_number_for_hand(now)
        self._level_cache = (now, number, level)
        return number, level

    def level_number_at(self, now: float) -> int:
        """The level of a hand dealt at ``now`` (IFP 23), or on a break the level before it."""
        st = self.clock.status(now)
        return st.level_number

    def _check_count(self, what: str, count: Any, *, minimum: int = 1) -> int:
        """A chip count as the director gives it: a whole number, at least ``minimum``, no
        more than the chips in play, and made of the chips still in play (a multiple of the
        smallest)."""
        if isinstance(count, bool) or not isinstance(count, int) or count < minimum:
            raise DirectorError(f"{what} must be a whole number of chips, at least {minimum}, "
                                f"got {count!r}")
        if count > self.chips:
            raise DirectorError(f"{what} of {count:,} chips is more than the {self.chips:,} "
                                "chips in play")
        smallest = self.chips_in_play[0]
        if count % smallest:
            raise DirectorError(f"{what} of {count:,} chips cannot be made of the chips in play "
                                f"(the smallest is {smallest:,}): count again")
        return count

    def check_counts(self, counts: dict[str, Any], what: str, *, others: int = 0,
                     held: int = 0) -> None:
        """Chip counts the director gives (a chip race's, a deal's, a hand's start stacks):
        each a whole number of the chips still in play (a multiple of the smallest, which a
        colour-up may have raised), and together no more than the chips in play, less the
        ``held`` chips counted elsewhere and at least the smallest chip for each of the
        ``others`` players still in who hold the rest. Refused with the figures."""
        for p, c in counts.items():
            self._check_count(f"{p}'s {what}", c)
        total = sum(counts.values())
        smallest = self.chips_in_play[0]
        room = self.chips - held - others * smallest
        if total > room:
            rest = (f", less {held:,} counted at the tables that have raced" if held else "")
            rest += (f", less at least {smallest:,} for each of the {others} other player(s) "
                     f"still in" if others else "")
            rest += f" ({room:,})" if rest else ""
            raise DirectorError(f"the {what} total {total:,} chips: more than the "
                                f"{self.chips:,} chips in play{rest}; count again")

    def results(self) -> list[dict[str, Any]]:
        """Every player once, best place first: place, player, prize, knockouts."""
        rows = sorted(self.players.values(),
                      key=lambda p: (p.place if p.place is not None else 1 << 30, p.name))
        return [{"place": p.place, "player": p.name, "prize": p.prize,
                 "knockouts": p.knockouts} for p in rows]


def _handlers_of(cls: type) -> dict[str, Any]:
    """Each event type's handler (``_on_<type>``) of a class, its bases' included."""
    return {name[4:]: getattr(cls, name) for name in dir(cls) if name.startswith("_on_")}


TournamentCore._handlers = _handlers_of(TournamentCore)
