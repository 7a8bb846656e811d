"""The tournament director: the Tournament aggregate, changed only by events.

A :class:`Tournament` holds one event's state: the players (stack, absent, place, knockouts,
rebuys, add-ons, prize), the floor of tables (:class:`~pokertd.tournament.seating.Floor` with
each table's :class:`~pokertd.tournament.button.ButtonState`), the clock, the prize pool, the
payouts and any deal. Every change is one of the typed events of
:mod:`pokertd.tournament.events`; :meth:`Tournament.apply` performs it, the log
(:attr:`Tournament.events`) keeps it, and :meth:`Tournament.replay` rebuilds exactly the same
state from the log alone (:meth:`Tournament.state` compares): the log opens with a ``created``
event holding the configuration, the seed and the kind of event (dealt or live).

Commands (``register``, ``start``, ``next_hand``/``record_hand``, ``eliminate``/``bust``,
``rearrange``, ``chip_up``, ``rebuy``, ``addon``, ``arrive``, ``pause``/``resume``,
``make_deal``) check their input and refuse bad input with a :class:`DirectorError` (a
``ValueError``) that says what is wrong, before any event is recorded: the state is unchanged.
Chance (the seat draw, the button draw, breaking tables, the final-table redraw, chip races)
comes from a generator derived from the tournament's seed and the length of the log, so the
same seed and the same commands give the same events, also after a replay; with no seed the
system CSPRNG draws (IFP 5).

The seating algorithms (:mod:`~pokertd.tournament.seating`,
:mod:`~pokertd.tournament.balancing`) change the floor as they decide; a command that runs one
records the resulting events without applying their floor part a second time; a replay applies
every event in full.

Rules decided here:

- Eliminations (IFP 57; WPA 8; Gananda: Winning the Tournament; TDA RP-8), by the preset's
  ``same_hand_bustouts``: players busted in the same hand at one table are ranked by their
  stacks at the start of that hand, the lower stack finishing lower; equal stacks tie and share
  the prize (Gananda). Under ``ifp-2012`` players busted in the same hand at different tables
  tie (IFP 57): each table's bust-outs are ranked lowest stack first, and the players of the
  same rank at different tables share places. Under ``wpa`` and the Gananda house the stacks
  rank everyone busted in the hand, wherever they sat (WPA 8); under ``wpa`` players in the
  money out at different tables when play is not hand-for-hand tie and split their combined
  prize money (WPA 8, second sentence). Under ``tda-2024`` everyone busted on a hand-for-hand
  hand shares the places (TDA RP-8-A); otherwise, TDA being silent, IFP 57 ranks them. A tie
  of ``k`` players for place ``p`` spans places ``p .. p + k - 1`` and shares their prizes
  (:func:`payouts.split_tie`).
- Knockouts: credited to the player who won the busted player's chips (see
  :func:`pokertd.sim.knockouts` for a dealt hand); a live director names him, and a player at
  another table than the busted player is refused (IFP 57: the chips are won at his table).
- Live balancing (IFP 11a; WPA 5; TDA 11): the software does not see a live event's hands, so
  the director reports a table's dealer button (:meth:`Tournament.record_button`, held until
  the next bust-out; the blinds of that hand on the seats it was dealt to, IFP 17) and a
  balancing move waits for the buttons of both its tables
  (:meth:`Tournament.balancing_wait`); play halts meanwhile at a table short by the preset's
  threshold (:meth:`Tournament.halted_tables`: IFP 11a and TDA 11-D three, WPA 5 two).
- A live event's hand-for-hand play (IFP 61; TDA RP-8), end-of-day last hands (IFP 14; WPA 9:
  :meth:`Tournament.announce_last_hands`) and chip race, one table at a time from the counts
  the director gives (IFP 56; WPA 14; TDA 24: :meth:`Tournament.race_table`), are events.
- Absent players (IFP 8; Gananda: Absent/Late Players): dealt in, blinds posted, cards killed
  (the bots fold them); an absent player whose forced bets put him all-in has his hand killed
  as it is dealt and is eliminated (:func:`pokertd.sim.play_hand`); under the Gananda
  structure their chips are removed at the first hand of level 3 and they are out, tied with
  any other absent player removed then.
- Registration closes when play starts or at the end of the late-registration level (IFP 9);
  a configuration with a number of seats for sale (``TournamentConfig.seats``) stops selling
  when they are sold, and at the close of registration the starting stack of every unsold
  seat is removed and its chips taken out of play (IFP 9: dead stacks), one
  ``dead_stacks_removed`` event.
- Chips in play (:attr:`Tournament.chips`): every starting stack sold, rebuy and add-on, less
  the chips removed (absent players' stacks) and changed by chip races; in a dealt event it is
  the sum of the stacks of the players still in. Unsold seats' stacks are never counted.
- Rebuys only in the rebuy period and add-ons only after their level (IFP 59; WPA 6). A dealt
  event knows when the next level's first hand is dealt; a live one does not, so there the
  add-on is taken on the break after its level or during the next level (the director sees
  that no hand of it has been dealt).
- Payouts (Gananda: Payout, or the generated structure) are fixed when the field is final:
  at the start when there is no late registration, rebuy or add-on, else when the last of them
  closes, or at the finish; ties share the places they span (IFP 57, WPA 8, Gananda).
- Deals (IFP 62): allowed by the preset, recorded as agreed by every remaining player.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, NamedTuple

from pokertd.records import MutableRecord, mutable_record
from pokertd.rules import PRESETS
from pokertd.tournament import events as ev
from pokertd.tournament.balancing import (
    balance, balancing_pair, break_table, follow_button, form_final_table, halted_tables,
    live_button,
    move_one, needs_balancing, tables_to_break,
)
from pokertd.tournament.button import ButtonState, HandPositions, draw_button, first_occupied
from pokertd.tournament.chip_race import PRESET_RULES, chip_race
from pokertd.tournament.clock import (
    END_OF_DAY, FINAL_TABLE, HAND_FOR_HAND, TABLE_BROKEN, TournamentClock,
)
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.payouts import gananda_payouts, gananda_table, generated_payouts, split_tie
from pokertd.tournament.seating import Floor, Move, initial_seating, seat_late_entry
from pokertd.tournament.structure import Level, is_stud

if TYPE_CHECKING:
    from pokertd.tournament.icm import DealRecord

__all__ = ["Bust", "DirectorError", "HandSetup", "PlayerState", "Tournament"]


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


class Tournament:
    """One tournament: configure, register, start, play, eliminate, pay.

    ``dealt=True``: the engine deals every hand and the tournament tracks every chip (a
    player can only be busted with no chips, and chips are conserved by every hand).
    ``dealt=False``: a live event, where the director reports bust-outs.
    """

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
        # Mixed games rotated by orbit: each table's place in the rotation (the index of its
        # game, hands of it left), and the index of the last game dealt anywhere (a new
        # table takes it up).
        self.orbits: dict[int, list[int]] = {}
        self._last_game = 0
        self.apply(ev.Created(config.to_dict(), seed, dealt))

    # --- chance -------------------------------------------------------------------------------

    def _rng(self) -> random.Random:
        """IFP 5: the system CSPRNG, or (seeded) a generator derived from the seed and the
        length of the log, so commands after a replay draw the same."""
        if self.seed is None:
            return random.SystemRandom()
        return random.Random(f"{self.seed}:{len(self.events)}")

    # --- events -------------------------------------------------------------------------------

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

    @classmethod
    def replay(cls, events: Iterable[ev.Event | dict[str, Any]]) -> Tournament:
        """The tournament rebuilt from its events (objects or their JSON dictionaries); the
        first is the ``created`` event with the configuration."""
        t: Tournament | None = None
        for e in events:
            if isinstance(e, dict):
                e = ev.from_dict(e)
            if t is None:
                if not isinstance(e, ev.Created):
                    raise DirectorError(f"a tournament's log starts with 'created', not {e.type!r}")
                t = cls(TournamentConfig.from_dict(e.config), seed=e.seed, dealt=e.dealt)
                continue
            t.apply(e)
        if t is None:
            raise DirectorError("no events to replay")
        return t

    def _on_created(self, e: ev.Created, floor: bool) -> None:
        if self.events:
            raise DirectorError("'created' is the first event of a log, and only the first")

    def _on_registered(self, e: ev.Registered, floor: bool) -> None:
        self.players[e.player] = PlayerState(e.player, self.structure.starting_stack, e.absent)
        self.chips += self.structure.starting_stack
        self.entrants += 1
        self.alive += 1
        self.prize_pool += self.config.to_prize_pool

    def _on_unregistered(self, e: ev.Unregistered, floor: bool) -> None:
        del self.players[e.player]
        self.chips -= self.structure.starting_stack
        self.entrants -= 1
        self.alive -= 1
        self.prize_pool -= self.config.to_prize_pool

    def _on_started(self, e: ev.Started, floor: bool) -> None:
        self.started = True
        self.clock.start(e.at)
        if self.structure.late_registration_until_level is None:
            self.registration_closed = True      # IFP 9: registration closes at the start
        if floor:
            self.floor = Floor(self.structure.max_players_per_table)

    def _on_table_opened(self, e: ev.TableOpened, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.add_table(e.table)

    def _on_seated(self, e: ev.Seated, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.sit(e.player, e.table, e.seat, e.reason)

    def _on_button_placed(self, e: ev.ButtonPlaced, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        t.button = ButtonState(len(t.seats), e.seat)

    def _on_button_recorded(self, e: ev.ButtonRecorded, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        # The blinds of the reported hand are placed on its own seats, not the survivors'
        # (IFP 17: the big blind moves exactly one player a hand); later reports at this
        # table are of later hands, dealt to the seats as they are.
        dealt = self.hand_seats.pop(e.table, None)
        known = self.known_buttons.pop(e.table, None)
        followed = None if known is None else follow_button(
            known, t.seats if dealt is None else dealt, e.seat)
        t.button = followed if followed is not None else live_button(t, e.seat, dealt)
        self.reported_buttons.add(e.table)

    def _on_last_hands_announced(self, e: ev.LastHandsAnnounced, floor: bool) -> None:
        self.clock.announce_last_hands(e.at, e.hands)
        self._level_cache = None

    def _on_level_started(self, e: ev.LevelStarted, floor: bool) -> None:
        self.level = e.level
        self.last_at = e.at
        until = self.structure.late_registration_until_level
        if until is not None and e.level > until:
            self.registration_closed = True      # IFP 9: late registration is over

    def _on_dead_stacks_removed(self, e: ev.DeadStacksRemoved, floor: bool) -> None:
        self.dead_stacks = e

    def _on_clock_paused(self, e: ev.ClockPaused, floor: bool) -> None:
        self.clock.pause(e.at, e.reason)
        self._level_cache = None

    def _on_clock_resumed(self, e: ev.ClockResumed, floor: bool) -> None:
        self.clock.resume(e.at)
        self._level_cache = None

    def _on_hand_for_hand(self, e: ev.HandForHand, floor: bool) -> None:
        if e.on:
            self.clock.start_hand_for_hand(e.at)
            self.hand_for_hand_hands = 0
        else:
            self.clock.end_hand_for_hand(e.at)
        self._level_cache = None

    def _on_hand_for_hand_hand_done(self, e: ev.HandForHandHandDone, floor: bool) -> None:
        self.clock.hand_for_hand_hand_done(e.at)
        self.hand_for_hand_hands += 1
        self._level_cache = None

    def _on_hand_played(self, e: ev.HandPlayed, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        assert t.button is not None
        hint = self._hand_hint
        if e.game:
            self._rotate(e)
        if e.game and is_stud(e.game):
            # IFP 11b / TDA 11-B: in stud the button stays where hold'em would have it next.
            t.button.freeze(hint[1] if hint is not None and hint[0] is e else t.button.peek(t.seats))
            self._hand_hint = None
        elif hint is not None and hint[0] is e:
            # record_hand checked that the positions are the button's for these seats now.
            self._hand_hint = None
            t.button.record(hint[1], t.seats)
        else:
            t.button.next_hand(t.seats)
        states = hint[2] if hint is not None and hint[0] is e else None
        if states is None:
            ps = self.players
            states = [ps[name] for name in e.players]
        for p, chips in zip(states, e.end):
            p.stack = chips
            if p.penalty:
                p.penalty -= 1        # IFP 70: one hand missed, dealt in while away
        self.hands += 1
        self.last_at = e.at

    def _on_busted(self, e: ev.Busted, floor: bool) -> None:
        p = self.players[e.player]
        p.out = True
        p.place = e.place
        p.tied = e.tied
        p.knocked_out_by = e.knocked_out_by
        p.stack = 0
        self.chips -= e.removed
        if e.knocked_out_by is not None:
            self.players[e.knocked_out_by].knockouts += 1
        self.alive -= 1
        if not self.finishing or self._group_place != e.place:
            self.finishing.append([])
            self._group_place = e.place
        self.finishing[-1].append(e.player)
        if self.floor is not None and e.player in self.floor.where:
            if e.hand is not None:
                if e.hand != self.bust_reports:
                    # A new report, of a later hand: the buttons are asked for again (below)
                    # and those of earlier bust-out hands are no longer the ones reported.
                    self.bust_reports = e.hand
                    self._report_tables = set()
                    self.hand_seats = {}
                tid = self.floor.where[e.player][0]
                if tid not in self._report_tables:       # the seats the hand was dealt to
                    self.hand_seats[tid] = tuple(self.floor.tables[tid].seats)
                    self._report_tables.add(tid)
            if not self.dealt:
                self.seat_left[e.player] = self.floor.where[e.player]
            self.floor.leave(e.player)
        if self.reported_buttons and self.floor is not None:
            # A live event: the software does not see the hands played since the director
            # last reported the buttons; after a bust-out it asks again (IFP 11a; WPA 5).
            for tid in self.reported_buttons:
                if tid in self.floor.tables:
                    known = self.floor.tables[tid].button
                    if known is not None:
                        self.known_buttons[tid] = known
                    self.floor.tables[tid].button = None
            self.reported_buttons = set()

    def _on_moved(self, e: ev.Moved, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.move(e.player, e.to_table, e.to_seat, e.reason)

    def _on_table_broken(self, e: ev.TableBroken, floor: bool) -> None:
        self.hand_seats.pop(e.table, None)
        self.known_buttons.pop(e.table, None)
        if floor:
            assert self.floor is not None
            self.floor.remove_table(e.table)

    def _on_final_table_formed(self, e: ev.FinalTableFormed, floor: bool) -> None:
        self.hand_seats = {}
        self.known_buttons = {}
        if floor:
            fl = self.floor
            assert fl is not None
            for p, *_ in e.seats:
                fl.leave(p)
            for tid in [t for t in fl.break_order if t != e.table]:
                fl.remove_table(tid)
            fl.tables[e.table].button = None
            for p, _, _, seat in e.seats:
                fl.sit(p, e.table, seat, e.rule)

    def _on_chip_raced(self, e: ev.ChipRaced, floor: bool) -> None:
        assert self.floor is not None
        seats = self.floor.tables[e.table].seats
        out = set(e.going_out)
        if e.before:
            # A live race, one table at a time: the chips change by what the race rounded
            # (IFP 56; TDA 24C); the colours leave play once every table has raced them.
            self.chips += sum(c for _, c in e.stacks) - sum(c for _, c in e.before)
            for seat, chips in e.stacks:
                self.players[seats[seat - 1]].stack = chips  # type: ignore[index]
            self.racing = tuple(e.going_out)
            self.raced_tables.add(e.table)
            if set(self.floor.tables) <= self.raced_tables:
                self.chips_in_play = tuple(v for v in self.chips_in_play if v not in out)
                self.racing = ()
                self.raced_tables = set()
            return
        for seat, chips in e.stacks:
            p = self.players[seats[seat - 1]]  # type: ignore[index]
            self.chips += chips - p.stack        # IFP 56: the race rounds the odd chips
            p.stack = chips
        self.chips_in_play = tuple(v for v in self.chips_in_play if v not in out)

    def _on_penalized(self, e: ev.Penalized, floor: bool) -> None:
        self.players[e.player].penalty += e.hands

    def _on_arrived(self, e: ev.Arrived, floor: bool) -> None:
        self.players[e.player].absent = False

    def _on_rebuy(self, e: ev.Rebuy, floor: bool) -> None:
        p = self.players[e.player]
        if e.reinstated:
            self._reinstate(p)
        p.stack += e.chips
        self.chips += e.chips
        p.rebuys += 1
        self.prize_pool += e.to_prize_pool

    def _reinstate(self, p: PlayerState) -> None:
        """Take back a live bust-out (IFP 59: the player rebuys and stays in): the players out
        with him or since finish one place lower (their place number one higher), and the
        knockout credited for him is taken back."""
        at = next(i for i, g in enumerate(self.finishing) if p.name in g)
        self.finishing[at].remove(p.name)
        for i, group in enumerate(self.finishing[at:], start=at):
            for name in group:
                q = self.players[name]
                q.place = (q.place or 0) + 1
                if i == at:
                    q.tied -= 1
        if not self.finishing[at]:
            del self.finishing[at]
        self._group_place = 0
        if self.finishing:
            self._group_place = self.players[self.finishing[-1][0]].place or 0
        if p.knocked_out_by is not None:
            self.players[p.knocked_out_by].knockouts -= 1
        p.out = False
        p.place = None
        p.tied = 1
        p.knocked_out_by = None
        self.alive += 1
        self.seat_left.pop(p.name, None)

    def _on_addon(self, e: ev.Addon, floor: bool) -> None:
        p = self.players[e.player]
        p.stack += e.chips
        self.chips += e.chips
        p.addons += 1
        self.prize_pool += e.to_prize_pool

    def _on_payouts_fixed(self, e: ev.PayoutsFixed, floor: bool) -> None:
        self.payouts = e.amounts

    def _on_deal_made(self, e: ev.DealMade, floor: bool) -> None:
        self.deal = e.record

    def _on_finished(self, e: ev.Finished, floor: bool) -> None:
        self.finished = True
        self.winner = e.winner
        for name, amount in e.prizes:
            self.players[name].prize = amount
        w = self.players[e.winner]
        w.place = 1
        w.tied = 1
        self.finishing.append([e.winner])
        self.alive = 0

    # --- state --------------------------------------------------------------------------------

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
        }

    def event_dicts(self) -> list[dict[str, Any]]:
        return [ev.to_dict(e) for e in self.events]

    # --- checks -------------------------------------------------------------------------------

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

    # --- registration -------------------------------------------------------------------------

    def register(self, player: str, *, absent: bool = False, now: float | None = None) -> list[ev.Event]:
        """Register a player (before the start, or as a late entry while late registration is
        open, IFP 9; seated by TDA 8-A). ``absent``: registered but not at the table (IFP 8)."""
        if not isinstance(player, str) or not player.strip():
            raise DirectorError(f"a player needs a name, got {player!r}")
        if player in self.players:
            raise DirectorError(f"{player} is already registered")
        if self.finished:
            raise DirectorError("the tournament is over")
        seats = self.config.seats
        if seats is not None and self.entrants >= seats:
            raise DirectorError(f"all {seats} seats are sold: {player} cannot be registered "
                                "(IFP 9: only the seats for sale have stacks)")
        n = len(self.events)
        if self.started:
            if now is None:
                raise DirectorError("a late entry needs the time (to read the level)")
            level = self.level_number_at(now)
            if not self.structure.registration_open(level):
                until = self.structure.late_registration_until_level
                raise DirectorError(
                    f"registration is closed at level {level}: {player} cannot enter (IFP 9: "
                    + ("this event has no late registration, it closed at the start)"
                       if until is None else f"late registration ended with level {until})"))
            fl = self.floor
            assert fl is not None
            r = self._rng()
            self.apply(ev.Registered(player, absent))
            before = set(fl.tables)
            moves = seat_late_entry(fl, player, r)
            for tid in sorted(set(fl.tables) - before):
                self._log(ev.TableOpened(tid))
            for m in moves:
                self._log(ev.Seated(player, m.to_table, m.to_seat, m.reason))
        else:
            self.apply(ev.Registered(player, absent))
        return self.events[n:]

    def unregister(self, player: str) -> list[ev.Event]:
        """Withdraw a registration before the start. After it the player is in the field: the
        seats are drawn with him (IFP 5) and a player who leaves is dealt in as an absent
        player until his chips are gone (IFP 8), so it is refused."""
        self._player(player)
        if self.started:
            raise DirectorError(
                f"{player} cannot be unregistered: the tournament has started and the seats are "
                "drawn (IFP 5); a player who leaves stays in, dealt in as an absent player until "
                "his chips are gone (IFP 8), and his bust-out is recorded then")
        self.apply(ev.Unregistered(player))
        return self.events[-1:]

    def arrive(self, player: str) -> list[ev.Event]:
        """An absent player arrives and plays his stack."""
        p = self._in_play(player)
        if not p.absent:
            raise DirectorError(f"{player} is not absent")
        self.apply(ev.Arrived(player))
        return self.events[-1:]

    def penalize(self, player: str, penalty: str, *, rounds: int = 0,
                 hands: int = 0) -> list[ev.Event]:
        """A penalty (IFP 70, WPA 41, TDA 71): a ``warning``; ``hands`` missed; ``rounds``
        missed, one hand for every player at his table when it is given, him included, per
        round; ``disqualification``, his chips removed from play. While on a penalty he is
        dealt in as an absent player (his blinds and antes posted, his hand killed: IFP 70,
        TDA 71-C), each hand his table deals counting one."""
        from ..rules.irregularities import penalty_ruling
        p = self._in_play(player)
        at_table = 0
        if self.floor is not None and player in self.floor.where:
            seats = self.floor.tables[self.floor.where[player][0]].seats
            at_table = sum(s is not None for s in seats)
        if penalty == "rounds" and not at_table:
            raise DirectorError(f"{player} is not seated: a missed-round penalty counts the "
                                "players at his table (IFP 70)")
        try:
            ruling, missed = penalty_ruling(self.rules, penalty, players_at_table=at_table,
                                            rounds=rounds, hands=hands)
        except ValueError as e:
            raise DirectorError(str(e)) from None
        n = len(self.events)
        self.apply(ev.Penalized(p.name, penalty, missed, ruling.rule))
        if penalty == "disqualification":
            self._eliminate_group([[p.name]], None, ruling.rule, removed=True)
        return self.events[n:]

    def start(self, now: float) -> list[ev.Event]:
        """Start the clock and seat the field at random (IFP 5) over the fewest tables
        (Gananda: Seating)."""
        if self.started:
            raise DirectorError("the tournament has already started")
        if len(self.players) < 2:
            raise DirectorError(("no player is registered" if not self.players else
                                 f"only {next(iter(self.players))} is registered")
                                + ": a tournament needs at least two players")
        n = len(self.events)
        r = self._rng()
        floor, moves = initial_seating(list(self.players), self.structure.max_players_per_table, r)
        self.apply(ev.Started(float(now)))
        self.floor = floor
        for tid in sorted(floor.tables):
            self._log(ev.TableOpened(tid))
        for m in moves:
            self._log(ev.Seated(m.player, m.to_table, m.to_seat, m.reason))
        s = self.structure
        if self.registration_closed:
            self._remove_dead_stacks()
        if s.late_registration_until_level is None and s.rebuys is None and s.addon is None:
            self._fix_payouts()
        return self.events[n:]

    @property
    def unsold_seats(self) -> int:
        """Seats for sale not sold (0 when the configuration sells no fixed number)."""
        seats = self.config.seats
        return 0 if seats is None else max(seats - self.entrants, 0)

    def _remove_dead_stacks(self) -> None:
        """IFP 9: at the close of registration, any unsold seat's starting stack is removed and
        its chips taken out of play. The players' chips are untouched (an unsold stack was
        never anyone's), so :attr:`chips` stays the sum of the players' stacks."""
        k = self.unsold_seats
        if k == 0 or self.dead_stacks is not None:
            return
        stack = self.structure.starting_stack
        cs = self.config.chip_set
        by_value: tuple[tuple[int, int], ...] = ()
        if cs.starting_stack == stack and all(c.value in self.chips_in_play
                                              for c in cs.chips if c.count):
            by_value = tuple((c.value, c.count * k) for c in cs.chips if c.count)
        self.apply(ev.DeadStacksRemoved(k, k * stack, by_value, "IFP 9"))

    # --- the clock ----------------------------------------------------------------------------

    def pause(self, now: float, reason: str = "director") -> list[ev.Event]:
        self._require_running()
        if self.clock.paused:
            why = self.clock.pause_reason
            raise DirectorError("the clock is already stopped"
                                + (" by the director" if why == "director" else f" ({why})"))
        self.apply(ev.ClockPaused(float(now), reason))
        return self.events[-1:]

    def resume(self, now: float) -> list[ev.Event]:
        self._require_running()
        if not self.clock.paused:
            raise DirectorError("the clock is not stopped")
        if self.clock.pause_reason == HAND_FOR_HAND:
            raise DirectorError("the clock is stopped for hand-for-hand play (TDA RP-8: two "
                                "minutes come off it per hand): end hand-for-hand play to "
                                "restart it")
        self.apply(ev.ClockResumed(float(now)))
        return self.events[-1:]

    def hand_for_hand(self, now: float, on: bool = True) -> list[ev.Event]:
        """Start (or end) hand-for-hand play (IFP 61: all tables start each hand together and
        players out in the same hand at different tables tie, IFP 57; TDA RP-8: the clock
        stops and two minutes come off it per hand)."""
        fl = self._require_running()
        rule = field_rule("hand_for_hand", self.rules.name, "IFP 61")
        if on == self.clock.hand_for_hand:
            raise DirectorError("hand-for-hand play has " + ("already begun" if on else "not begun")
                                + f" ({rule})")
        if on:
            if fl.table_count < 2:
                raise DirectorError(f"hand-for-hand play starts each hand at every table "
                                    f"together ({rule}): it needs two tables or more, there is "
                                    f"{fl.table_count}")
            if self.clock.seconds_per_hand is not None and self.clock.paused:
                raise DirectorError(f"the clock is already stopped ({self.clock.pause_reason}); "
                                    f"{rule} stops it for hand-for-hand play: resume it first")
        self.apply(ev.HandForHand(float(now), on))
        return self.events[-1:]

    def announce_last_hands(self, now: float, hands: int | None = None) -> list[ev.Event]:
        """IFP 14 / WPA 9 (multi-day events): within the last 15 minutes of the day's final
        level the clock stops and the last 3 to 7 hands are announced; the number is drawn
        at random (by an active player; ``None``: drawn here). Resuming the clock (the next
        day) ends them."""
        self._require_running()
        if not self.rules.end_of_day_hands:
            raise DirectorError(f"{self.rules.name}: no end-of-day last hands in this rule "
                                "preset (IFP 14 / WPA 9 only): stop the clock with pause")
        if self.clock.last_hands is not None:
            raise DirectorError(f"the last {self.clock.last_hands} hands of the day have "
                                "already been announced (IFP 14)")
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int)
                                  or not 3 <= hands <= 7):
            raise DirectorError(f"{hands!r} last hands: IFP 14 announces three to seven")
        if self.clock.paused:
            raise DirectorError(f"the clock is stopped ({self.clock.pause_reason}): resume it; "
                                "IFP 14 stops it within the last 15 minutes of the day's final "
                                "level")
        st = self.clock.status(now)
        if st.on_break:
            raise DirectorError(f"break {st.break_number}: the last hands are announced within "
                                "the last 15 minutes of a level, not on a break (IFP 14)")
        if st.seconds_left is not None and st.seconds_left > 15 * 60:
            left = int(st.seconds_left)
            raise DirectorError(f"{left // 60}:{left % 60:02d} left in level {st.level_number}: "
                                "IFP 14 stops the clock within the last 15:00 of the day's "
                                "final level")
        drawn = hands is None
        if hands is None:
            hands = TournamentClock.draw_last_hands(self._rng())
        self.apply(ev.LastHandsAnnounced(float(now), hands, drawn))
        return self.events[-1:]

    def hand_for_hand_hand_done(self, now: float) -> list[ev.Event]:
        """Every table has finished the current hand-for-hand hand (TDA RP-8: time off)."""
        self._require_running()
        if not self.clock.hand_for_hand:
            raise DirectorError("hand-for-hand play has not begun ("
                                + field_rule("hand_for_hand", self.rules.name, "IFP 61") + ")")
        self.apply(ev.HandForHandHandDone(float(now)))
        return self.events[-1:]

    def advance(self, now: float) -> list[ev.Event]:
        """Before hands dealt at ``now``: a new level applies (IFP 23); at the first hand of
        the structure's absent level, absent players' chips are removed and they are out
        (Gananda: Absent/Late Players); at the close of late registration the unsold seats'
        stacks are removed (IFP 9); payouts are fixed once registration, rebuys and add-ons
        have closed. A live event's service calls it before and after every command, so the
        log follows the clock. Not on a break (no hand begins on one): see :meth:`follow_clock`."""
        level = self._hand_level(now)[0]
        if level == self.level:
            return []
        n = len(self.events)
        was_open = not self.registration_closed
        self.apply(ev.LevelStarted(level, float(now), self._level_rule))
        s = self.structure
        if was_open and self.registration_closed:
            self._remove_dead_stacks()                     # IFP 9: dead stacks
        gone = s.absent_stack_removed_at_level
        if gone is not None and level >= gone:
            absent = [p for p in self.players.values() if p.absent and not p.out]
            if absent and len(absent) < self.alive:
                self._eliminate_group([[p.name for p in absent]], None,
                                      "Gananda: Absent/Late Players", removed=True)
        if self.payouts is None and not self.finished:
            # The add-on closes at the first hand of the level after its own (WPA 6); in a
            # live event the window runs to that level's end (see addon).
            addon_closes = 0
            if s.addon:
                addon_closes = s.addon.after_level + (0 if self.dealt else 1)
            closes = max(s.late_registration_until_level or 0,
                         s.rebuys.until_level if s.rebuys else 0, addon_closes)
            if level > closes:
                self._fix_payouts()
        return self.events[n:]

    def follow_clock(self, now: float) -> list[ev.Event]:
        """A live event between the director's commands: what the clock has brought by
        ``now`` (:meth:`advance`: a new level, IFP 9 dead stacks at the close of registration,
        the Gananda absent stacks removed, the payouts fixed once the field is final), then
        the seat moves any bust-out it made calls for (:meth:`rearrange`). Nothing before the
        start, after the finish or on a break."""
        if not self.started or self.finished or self.clock.status(now).on_break:
            return []
        n = len(self.events)
        if any(e.type == "busted" for e in self.advance(now)) and not self.finished:
            self.rearrange(now)
        return self.events[n:]

    def clock_brings(self, now: float) -> bool:
        """Whether :meth:`follow_clock` at ``now`` would record anything (a new level, and
        what comes with it); nothing changed: a reader that may not change the tournament
        asks first."""
        if not self.started or self.finished or self.clock.status(now).on_break:
            return False
        return self.clock.level_number_for_hand(now) != self.level

    # --- dealt hands --------------------------------------------------------------------------

    def next_hand(self, table_id: int, now: float) -> HandSetup:
        """Positions and stacks for the next hand at a table (the button placed on the
        table's first hand: IFP 16 draw or Gananda seat 1)."""
        fl = self._require_running()
        t = fl.tables.get(table_id)
        if t is None:
            raise DirectorError(f"no table {table_id}")
        c = self._level_cache
        if c is None or c[0] != now or c[1] != self.level:
            # (otherwise the level of a hand at ``now`` is the last dealt: nothing to advance)
            self.advance(now)
            t = fl.tables[table_id]
        if t.count < 2:
            raise DirectorError(f"table {table_id} has {t.count} player(s): a hand needs two")
        if t.button is None:
            if self.rules.button_start == "seat-1":
                self.apply(ev.ButtonPlaced(table_id, first_occupied(t.seats), "Gananda: Seating"))
            else:
                self.apply(ev.ButtonPlaced(table_id, draw_button(t.seats, self._rng()), "IFP 16"))
        assert t.button is not None
        pos = t.button.peek(t.seats)
        seats = t.seats
        ps = self.players
        if pos.heads_up:
            order: Iterable[Any] = (seats[pos.big_blind - 1], seats[pos.button - 1])
        else:
            first = pos.small_blind if pos.small_blind is not None else pos.big_blind
            waiting = pos.waiting
            if waiting:
                n = len(seats)
                order = [seats[(first - 1 + d) % n] for d in range(n)
                         if (first - 1 + d) % n + 1 not in waiting]
            else:
                order = seats[first - 1:] + seats[:first - 1]
        names = tuple([name for name in order if name is not None])
        states = [ps[name] for name in names]
        st = tuple([p.stack for p in states])
        absent = tuple([p.absent or p.penalty > 0 for p in states])   # on a penalty: away (IFP 70)
        c = self._level_cache
        if c is None or c[0] != now:
            self._hand_level(now)
            c = self._level_cache
        assert c is not None
        game = self.game_at(table_id, self.level) if self.structure.mixed else "NT"
        setup = HandSetup(table_id, pos, names, st, c[2], self.level, self.chips_in_play[0],
                          absent, game)
        self._setup = (setup, len(self.events), sum(st), states)
        return setup

    def record_hand(self, setup: HandSetup, end: Sequence[int], now: float) -> ev.HandPlayed:
        """Record a dealt hand: the stacks after it, in the order of ``setup.players``. The
        chips must be conserved; players left with none are then busted by :meth:`eliminate`."""
        fl = self._require_running()
        t = fl.tables.get(setup.table)
        if t is None or t.button is None:
            raise DirectorError(f"no hand was set up at table {setup.table}")
        last = self._setup
        # The setup just made by next_hand, with no event since: the seats, the button, the
        # stacks and the players are as it read them.
        unchanged = last is not None and last[0] is setup and last[1] == len(self.events)
        dealt_in = last[2] if unchanged else sum(setup.stacks)  # type: ignore[index]
        if len(end) != len(setup.players) or sum(end) != dealt_in or min(end) < 0:
            raise DirectorError(f"table {setup.table}: stacks {list(end)} after the hand do not "
                                f"conserve the {dealt_in} chips dealt in")
        pos = setup.positions
        if not unchanged:
            ps = self.players
            if pos != t.button.peek(t.seats) or any(ps[p].stack != s or ps[p].out for p, s in
                                                     zip(setup.players, setup.stacks)):
                raise DirectorError(f"table {setup.table}: the hand was set up for seats or "
                                    "stacks that have changed since; set up the next hand again")
        e = ev.HandPlayed(setup.table, pos.hand, float(now), setup.level_number, pos.button,
                          pos.small_blind, pos.big_blind, setup.players, setup.stacks, tuple(end),
                          "" if setup.game == "NT" and not self.structure.mixed else setup.game)
        self._hand_hint = (e, pos, last[3] if unchanged else None)  # type: ignore[index]
        self.apply(e)
        return e

    def game_at(self, table_id: int, level_number: int) -> str:
        """The game of the next hand at a table: the level's (Structure.games_of_level) or,
        rotated by orbit, the table's place in the rotation."""
        s = self.structure
        games = s.games_of_level(level_number)
        if len(games) == 1:
            return games[0]
        return games[self._orbit_index(table_id)]

    def _orbit_index(self, table_id: int) -> int:
        o = self.orbits.get(table_id)
        if o is None:
            return self._last_game
        return o[0] if o[1] > 0 else (o[0] + 1) % len(self.structure.games)

    def _rotate(self, e: ev.HandPlayed) -> None:
        """Follow the rotation by orbit: a game is dealt as many hands as players were dealt
        its first hand at the table (one orbit of the button); then the next game."""
        s = self.structure
        if s.rotation != "orbit" or not s.games or s.level(e.level).game:
            return
        o = self.orbits.get(e.table)
        if o is None or o[1] <= 0:
            i = self._orbit_index(e.table)
            self.orbits[e.table] = [i, len(e.players) - 1]
        else:
            o[1] -= 1
            i = o[0]
        self._last_game = i

    # --- eliminations -------------------------------------------------------------------------

    def bust(self, player: str, *, knocked_out_by: str | None = None, table: int | None = None,
             start_stack: int = 0, now: float | None = None) -> list[ev.Event]:
        """One player out (a live director's report, or one bust-out of a dealt hand)."""
        return self.eliminate([Bust(player, table, start_stack, knocked_out_by)], now=now)

    def eliminate(self, busts: Sequence[Bust], *, now: float | None = None) -> list[ev.Event]:
        """Players out in the same hand (IFP 57, WPA 8, Gananda: Winning the Tournament,
        TDA RP-8); their places follow the module's rules, then the finish if one is left.
        A live event's hand-for-hand play ends at ``now`` once the bubble has burst
        (:meth:`_end_hand_for_hand_on_the_bubble`)."""
        self._require_running()
        if not busts:
            return []
        seen: set[str] = set()
        for b in busts:
            self._in_play(b.player)      # each a player in play (whatever was given) first
        out = {b.player for b in busts}
        for b in busts:
            p = self._in_play(b.player)
            if b.player in seen:
                raise DirectorError(f"{b.player} is listed twice in one hand")
            seen.add(b.player)
            if self.dealt and p.stack:
                raise DirectorError(f"{b.player} still has {p.stack} chips and cannot be busted")
            if b.knocked_out_by is not None:
                self._in_play(b.knocked_out_by)
                if b.knocked_out_by in out:
                    raise DirectorError(f"{b.knocked_out_by} is out in the same hand and cannot "
                                        f"be credited with {b.player}'s knockout")
                self._check_same_table(b.player, b.knocked_out_by)
        if len(busts) >= self.alive:
            raise DirectorError(f"busting {len(busts)} of the {self.alive} players left leaves no "
                                "winner")
        n = len(self.events)
        self._eliminate_group(self._rank(busts), {b.player: b for b in busts},
                              self._rule(busts))
        if now is not None and not self.dealt:
            self._end_hand_for_hand_on_the_bubble(float(now))
        return self.events[n:]

    def _end_hand_for_hand_on_the_bubble(self, now: float) -> None:
        """Hand-for-hand play decides who finishes in the money (IFP 61: "as tournaments near
        the money ... as the method of determining player placement"; WPA 7; TDA RP-8-A):
        once the last player out of the money is out, the hand he went out on is done at
        every table (TDA RP-8-C: its two minutes come off the clock) and hand-for-hand play
        ends, the clock running again from where the preset stopped it (TDA RP-8; under
        IFP 61 it never stopped). A dealt event's driver ends it between rounds itself."""
        if not self.clock.hand_for_hand or self.finished or self.payouts is None:
            return
        paid = sum(1 for a in self.payouts if a)
        if self.alive > paid:
            return
        rule = field_rule("hand_for_hand", self.rules.name, "IFP 61")
        self.apply(ev.HandForHandHandDone(now))
        self.apply(ev.HandForHand(now, False, f"the bubble has burst ({rule})"))

    def _check_same_table(self, player: str, knocker: str) -> None:
        """IFP 57 (knockouts): the knockout goes to the player who won the busted player's
        chips, who played the hand at the same table."""
        fl = self.floor
        if fl is None:
            return
        a, b = fl.where.get(player), fl.where.get(knocker)
        if a is not None and b is not None and a[0] != b[0]:
            there = sorted(str(p) for p in fl.tables[a[0]].seats
                           if p is not None and p != player)
            raise DirectorError(
                f"{knocker} sits at table {b[0]}, not at {player}'s table {a[0]}: the knockout "
                f"goes to the player who won {player}'s chips in the hand, at his table "
                f"(IFP 57); at table {a[0]}: {', '.join(there)}")

    def stacks_rank_bustouts(self) -> bool:
        """Do the stacks at the start of the hand rank players out in the same hand (IFP 57,
        WPA 8, Gananda), or do they share the places (TDA RP-8, in hand-for-hand play)?"""
        return not (self.config.bustout_ranking == "share" and self.clock.hand_for_hand)

    def _rule(self, busts: Sequence[Bust] = ()) -> str:
        if self.config.bustout_ranking == "share" and not self.clock.hand_for_hand:
            return "IFP 57"       # TDA RP-8 shares places in hand-for-hand play only
        return _field_rules("same_hand_bustouts").get(self.rules.name, "IFP 57")

    def _rank(self, busts: Sequence[Bust]) -> list[list[str]]:
        """Groups of tied players, the first out (lowest place) first."""
        how = self.config.bustout_ranking
        if len(busts) == 1:
            return [[b.player for b in busts]]
        if how == "share":
            if self.clock.hand_for_hand:
                # TDA RP-8-A: "If enough players bust on the current hand to break into the
                # money, the busting players will be eligible for a share of the place(s)".
                return [[b.player for b in busts]]
            # Not hand-for-hand: TDA 2024 has no rule; the preset's base, IFP 57, ranks them.
            how = "by-table"
        if how in ("by-stack", "by-stack-split-across-tables"):
            stacks = sorted({b.start_stack for b in busts})
            groups = [[b.player for b in busts if b.start_stack == s] for s in stacks]
            if (how == "by-stack-split-across-tables" and not self.clock.hand_for_hand
                    and len({b.table for b in busts}) > 1 and self.payouts is not None):
                # WPA 8: "If players in the money are eliminated at the same time at different
                # tables (not in a hand by hand situation) the combined prize money will be
                # split evenly between the players": those whose place is paid tie.
                paid = sum(1 for a in self.payouts if a)
                place = self.alive + 1
                money: list[str] = []
                out: list[list[str]] = []
                for g in groups:                     # the lowest places first
                    place -= len(g)
                    if place <= paid:
                        money.extend(g)
                    else:
                        out.append(g)
                return out + ([money] if money else [])
            return groups
        # by-table (IFP 57): rank at each table, equal ranks across tables tie.
        by_table: dict[Any, list[Bust]] = {}
        for b in busts:
            by_table.setdefault(b.table, []).append(b)
        rank: dict[str, int] = {}
        for bs in by_table.values():
            stacks = sorted({b.start_stack for b in bs})
            for b in bs:
                rank[b.player] = stacks.index(b.start_stack)
        top = max(rank.values())
        return [[b.player for b in busts if rank[b.player] == r] for r in range(top + 1)]

    def _eliminate_group(self, groups: list[list[str]], busts: dict[str, Bust] | None,
                         rule: str, removed: bool = False) -> None:
        # A live director's report of a hand's bust-outs is numbered: its players were dealt
        # that hand, so their seats place its blinds (record_button).
        hand = self.bust_reports + 1 if busts and not self.dealt else None
        for group in groups:
            k = len(group)
            place = self.alive - k + 1
            for name in group:
                b = busts[name] if busts else None
                where = self.floor.where.get(name) if self.floor is not None else None
                chips = self.players[name].stack if removed else 0
                self.apply(ev.Busted(name, place, k, where[0] if where else None,
                                     b.knocked_out_by if b else None, chips, rule, hand))
        if self.alive == 1:
            self._finish()

    def _finish(self) -> None:
        winner = next(p.name for p in self.players.values() if not p.out)
        if self.payouts is None:
            self._fix_payouts()
        assert self.payouts is not None
        # Only the groups reaching into the paid places can win anything (award gives the
        # others 0): stop there, so the finish costs O(paid places), not O(field x paid).
        paid = len(self.payouts)
        order = [[winner]]
        place = 2
        for group in reversed(self.finishing):
            if place > paid:
                break
            order.append(group)
            place += len(group)
        prizes = {p.name: 0 for p in self.players.values()}
        place = 1
        for group in order:      # IFP 57, WPA 8, Gananda: ties share the places they span
            k = len(group)
            shares = split_tie(self.payouts[place - 1:place - 1 + k], 1, k, unit=self.config.unit)
            prizes.update(zip(group, shares))
            place += k
        if self.deal is not None:
            from pokertd.tournament.icm import DealRecord   # only once a deal was made
            d = DealRecord.from_dict(self.deal)
            for name in d.players:
                prizes[name] = d.amount_for(name)
            prizes[winner] += d.left_to_play_for
        self.apply(ev.Finished(self.last_at, winner, tuple((p, prizes.get(p, 0)) for p in self.players)))

    # --- payouts and deals --------------------------------------------------------------------

    def _fix_payouts(self) -> None:
        c = self.config
        n = self.entrants
        pool = self.prize_pool
        if pool == 0:
            amounts: tuple[int, ...] = (0,)
            rule = "no prize pool"
        elif c.payout_table is not None and \
                c.payout_table.min_entrants <= n <= c.payout_table.max_entrants:
            amounts = c.payout_table.payouts(n, pool, unit=c.unit)
            rule = c.payout_table.rule or f"payout table {c.payout_table.name!r}"
        elif c.payout == "gananda" and gananda_table().min_entrants <= n <= gananda_table().max_entrants:
            amounts = gananda_payouts(n, pool, unit=c.unit)
            rule = "Gananda: Payout"
        else:
            amounts = generated_payouts(n, pool, buy_in=max(c.to_prize_pool, 1), unit=c.unit)
            rule = "generated"
        self.apply(ev.PayoutsFixed(n, pool, tuple(amounts), rule))

    def make_deal(self, record: DealRecord) -> list[ev.Event]:
        """Record a deal (IFP 62): every remaining player in it and agreeing, for the prizes
        still to be paid."""
        self._require_running()
        if not self.rules.deals_allowed:
            raise DirectorError(f"{self.rules.name}: this event allows no deals (IFP 62)")
        if self.deal is not None:
            raise DirectorError("a deal has already been made")
        left = sorted(p.name for p in self.players.values() if not p.out)
        if sorted(record.players) != left or sorted(record.agreed_by) != left:
            raise DirectorError(f"IFP 62: a deal needs every remaining player ({', '.join(left)}) "
                                "in it and agreeing")
        if self.payouts is None:
            self._fix_payouts()
        assert self.payouts is not None
        still = sum(self.payouts[:self.alive])
        if record.pool != still:
            raise DirectorError(f"the deal shares {record.pool}, but {still} is left to pay")
        self.apply(ev.DealMade(record.to_dict()))
        return self.events[-1:]

    # --- rebuys and add-ons -------------------------------------------------------------------

    def rebuy(self, player: str, now: float, *, stack: int | None = None) -> list[ev.Event]:
        """IFP 59 / WPA 6: a rebuy in the rebuy period, before the next hand is dealt; the
        structure's limits (rebuys a player, the stack a player may rebuy with) are checked.

        A live event does not see the stacks: the player's word that he is broke or under the
        limit is taken, or ``stack`` (his chips as counted, checked against the limit). A
        player the director has reported busted may rebuy too (with no chips): he is then not
        out (IFP 59: "he or she may re-buy as long as it is done before the next hand is
        dealt"), and is seated back in his seat, or, if it has gone, as a late entry."""
        fl = self._require_running()
        p = self._player(player)
        level = self.level_number_at(now)
        s = self.structure
        if self.dealt:
            if stack is not None:
                raise DirectorError("the engine deals this event and holds the stacks: give no "
                                    "stack")
            self._in_play(player)
            chips = p.stack
        elif stack is not None:
            if p.out:
                raise DirectorError(f"{player} is out: a busted player rebuys with no chips, "
                                    f"not {stack}")
            chips = self._check_count(f"{player}'s stack", stack, minimum=0)
        else:
            chips = 0 if p.out else None          # his word: broke or under the limit
        terms = s.rebuys
        if not s.rebuy_allowed(level, chips or 0, p.rebuys):
            have = (f" with {chips:,} chips" if chips is not None else "")
            raise DirectorError(
                f"{player} may not rebuy at level {level}{have} after {p.rebuys} rebuy(s) "
                "(IFP 59: " + ("no rebuys in this event)" if terms is None else
                f"rebuys until level {terms.until_level}"
                + (f", with at most {terms.max_stack:,} chips" if terms.max_stack is not None
                   else "")
                + (f", {terms.max_per_player} a player" if terms.max_per_player is not None
                   else "") + ")"))
        assert terms is not None
        n = len(self.events)
        if not p.out:
            self.apply(ev.Rebuy(player, terms.chips, self.config.to_prize_pool))
            return self.events[n:]
        where = self.seat_left.get(player)
        self.apply(ev.Rebuy(player, terms.chips, self.config.to_prize_pool, reinstated=True))
        reason = "rebuy (IFP 59)"
        if where is not None and where[0] in fl.tables \
                and fl.tables[where[0]].seats[where[1] - 1] is None:
            self.apply(ev.Seated(player, where[0], where[1], reason))
        else:
            before = set(fl.tables)
            moves = seat_late_entry(fl, player, self._rng(), reason)
            for tid in sorted(set(fl.tables) - before):
                self._log(ev.TableOpened(tid))
            for m in moves:
                self._log(ev.Seated(player, m.to_table, m.to_seat, m.reason))
        return self.events[n:]

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

    def addon(self, player: str, now: float) -> list[ev.Event]:
        """WPA 6: the add-on after the last hand of its level and before the first hand of the
        next (on the break between them, or before the next level's first hand is dealt; in a
        live event, during the next level, whose first hand only the director sees)."""
        self._require_running()
        p = self._in_play(player)
        s = self.structure
        status = self.clock.status(now)
        if status.on_break:
            completed = status.level_number
        elif self.level < status.level_number or not self.dealt:
            # No hand of this level dealt yet; in a live event the director sees that at the
            # table (the software does not see the cards): the whole next level.
            completed = status.level_number - 1
        else:
            completed = 0
        if not s.addon_allowed(completed, p.stack, p.addons):
            raise DirectorError(f"{player} may not take an add-on at level "
                                f"{status.level_number} "
                                "(WPA 6: " + ("no add-on in this event)" if s.addon is None else
                                f"after level {s.addon.after_level}, {s.addon.max_per_player} "
                                f"a player, with at least {s.addon.min_stack} chip(s))"))
        assert s.addon is not None
        self.apply(ev.Addon(player, s.addon.chips, self.config.to_prize_pool))
        return self.events[-1:]

    # --- tables -------------------------------------------------------------------------------

    def _log_moves(self, moves: list[Move]) -> None:
        for m in moves:
            assert m.from_table is not None and m.from_seat is not None
            self._log(ev.Moved(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat,  # type: ignore[arg-type]
                               m.reason))

    def rearrange(self, now: float | None = None, *,
                  ready: Container[int] | None = None) -> list[ev.Event]:
        """Between hands: form the final table (IFP 15), break tables (IFP 10; TDA 10), balance
        (IFP 11a; WPA 5; Gananda: Moving Players). O(seats) when nothing is to be done.
        ``ready``: a dealt event's tables between hands (the others are in one); only they
        are balanced (the moves that involve the others wait for them). The caller makes sure
        no table is in a hand when a table is broken or the final table formed.
        Under the Gananda house the clock stops (at ``now``) while the final table forms
        (Gananda: Final Table), and under WPA 4 while a table is broken once there are six
        tables or fewer; :meth:`resume` it once the players are seated."""
        fl = self._require_running()
        n = len(self.events)
        s = self.structure
        stop_at = self.rules.table_break_stops_clock_at
        if fl.table_count > 1 and fl.player_count <= s.final_table_size:
            if self.config.final_table_stops_clock and now is not None and not self.clock.paused:
                self.apply(ev.ClockPaused(float(now), FINAL_TABLE))
            if (not self.rules.final_table_redraw and fl.table_count <= stop_at
                    and now is not None and not self.clock.paused):
                self.apply(ev.ClockPaused(float(now), TABLE_BROKEN))  # WPA 4
            r = self._rng()
            final = fl.break_order[-1]
            before = dict(fl.where)
            moves = form_final_table(fl, s.final_table_size, r,
                                     redraw=self.rules.final_table_redraw, table_id=final,
                                     two_step=self._two_step, rule=self._break_rule)
            if self.rules.final_table_redraw:
                self._log(ev.FinalTableFormed(final, tuple(
                    (m.player, before[m.player][0], before[m.player][1], m.to_seat)  # type: ignore[misc]
                    for m in moves), "IFP 15"))
            else:
                self._log_moves(moves)
                for tid in sorted(set(t for t, _ in before.values()) - set(fl.tables)):
                    self._log(ev.TableBroken(tid, self._final_rule, tuple(fl.break_order)))
            return self.events[n:]
        k = tables_to_break(fl)
        if k > 0:
            if fl.table_count <= stop_at and now is not None and not self.clock.paused:
                # WPA 4: "Once there are 6 tables or fewer, the clock will be stopped when a
                # tournament table is broken."
                self.apply(ev.ClockPaused(float(now), TABLE_BROKEN))
            r = self._rng()
            going = fl.break_order[:k]
            for i, tid in enumerate(going):
                self._log_moves(break_table(fl, tid, r, two_step=self._two_step,
                                            also_breaking=going[i + 1:], rule=self._break_rule))
                self._log(ev.TableBroken(tid, self._break_rule, tuple(fl.break_order)))
        if not needs_balancing(fl, s.balance_difference):
            return self.events[n:]
        if self.dealt:
            self._log_moves(balance(fl, difference=s.balance_difference, mover=self._mover,  # type: ignore[arg-type]
                                    ready=ready, rule=self._balance_rule))
            return self.events[n:]
        # A live event (IFP 11a; TDA 11-A; WPA 5): the player moved is found from the button
        # of the table he leaves, and his seat is the worst position at the table he joins,
        # so both tables' buttons must be known (record_button); until then the move waits
        # and :meth:`balancing_wait` says which buttons are needed.
        while (pair := balancing_pair(fl, s.balance_difference)) is not None:
            if self._buttons_needed(pair):
                break
            self._log_moves([move_one(fl, pair[0], pair[1], self._mover,  # type: ignore[arg-type]
                                      self._balance_rule)])
        return self.events[n:]

    def _buttons_needed(self, tables: Sequence[int]) -> list[int]:
        """The tables among ``tables`` whose button a live balancing move needs and the
        director has not reported: those with a hand to deal (a table of one player, e.g. one
        just opened for a late entry, has no button yet: any seat is as good)."""
        fl = self.floor
        assert fl is not None
        if self._mover == "position":
            return []                    # stud-only: moved by seat, no button needed (IFP 11a)
        return [tid for tid in tables
                if fl.tables[tid].button is None and fl.tables[tid].count >= 2]

    def balancing_wait(self) -> dict[str, Any] | None:
        """A live event's balancing move waiting for the buttons (IFP 11a; WPA 5): the tables
        (from, to) and those whose button the director has not reported since the last
        bust-out; None when no move is due."""
        fl = self.floor
        if fl is None or not self.started or self.finished:
            return None
        pair = balancing_pair(fl, self.structure.balance_difference)
        if pair is None:
            return None
        return {"from_table": pair[0], "to_table": pair[1],
                "buttons_needed": self._buttons_needed(pair),
                "rule": self._balance_rule}

    def halted_tables(self) -> list[int]:
        """Tables where play halts, short by the preset's threshold of players against the
        fullest table (IFP 11a: 3 or more; WPA 5: 2 or more; TDA 11-D: 3 or more), until a
        balancing move is made."""
        fl = self.floor
        if fl is None or fl.table_count < 2 or self.finished:
            return []
        return halted_tables(fl, self.rules.balancing_halt_short)

    def record_button(self, table: int, seat: int, now: float) -> list[ev.Event]:
        """A live event: the seat of a table's dealer button on the hand being played (or the
        hand just played), as the director sees it. It decides who moves when the tables are
        balanced (IFP 11a: the player due the big blind next; WPA 5: the player in the big
        blind) and the worst position of a player moved in (never the small blind); it holds
        until the next bust-out (the software does not see the hands). The seat may be empty
        (a dead button, IFP 17). After a bust-out at the table, the hand reported is the one
        he busted in: its blinds are placed on the seats it was dealt to, the busted players'
        included (IFP 17: "the blinds posted as if there had been no elimination")."""
        fl = self._require_running()
        if self.dealt:
            raise DirectorError("the engine deals this event's hands and moves its buttons "
                                "(IFP 17): there is no button to record")
        if isinstance(table, bool) or not isinstance(table, int) or table not in fl.tables:
            raise DirectorError(f"no table {table}: the tables are "
                                f"{', '.join(str(t) for t in sorted(fl.tables))}")
        t = fl.tables[table]
        n = len(t.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
            raise DirectorError(f"table {table} has seats 1-{n}: the button cannot be on seat "
                                f"{seat}")
        if t.count < 2:
            raise DirectorError(f"table {table} has {t.count} player(s): no hand is dealt "
                                "there, so it has no button")
        self.apply(ev.ButtonRecorded(table, seat, float(now)))
        return self.events[-1:]

    def colours_due(self, now: float) -> tuple[int, ...]:
        """The chip colours still in play that the structure's chip-up breaks begun by
        ``now`` take out (IFP 56; WPA 14; TDA 24), smallest first."""
        if not self.started:
            return ()
        s = self.structure
        elapsed = self.clock.elapsed(now)
        out: set[int] = set()
        for i, p in enumerate(s.periods):
            if p.kind == "break" and p.color_up and s.period_start(i) <= elapsed:  # type: ignore[union-attr]
                out.update(p.color_up)  # type: ignore[union-attr]
        return tuple(v for v in self.chips_in_play if v in out)

    def race_table(self, table: int, stacks: dict[str, int], now: float) -> list[ev.Event]:
        """A live chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24 under its
        preset): ``stacks`` is every seated player's chip count before the race, as counted at
        the table. The odd chips of the colours going out are raced from seat 1, one card per
        odd chip, at most one chip to a player, rounded by the preset (IFP 56 / WPA 14: half
        up; TDA 24C: down), and no one is raced out. The colours leave play once every table
        has raced them."""
        fl = self._require_running()
        if self.dealt:
            raise DirectorError("the engine deals this event: its chip races are run by "
                                "chip_up at the chip-up break")
        if isinstance(table, bool) or not isinstance(table, int) or table not in fl.tables:
            raise DirectorError(f"no table {table}: the tables are "
                                f"{', '.join(str(t) for t in sorted(fl.tables))}")
        going = self.colours_due(now)
        if not going:
            nxt = self._next_chip_up(now)
            raise DirectorError("no chip race is due (IFP 56: chips are raced off at a chip-up "
                                "break): " + (nxt or "no chip-up break is left in the "
                                              "structure"))
        if table in self.raced_tables:
            raise DirectorError(f"table {table} has already raced off the "
                                f"{', '.join(str(v) for v in self.racing)} chips (IFP 56)")
        t = fl.tables[table]
        seated = {p: k + 1 for k, p in enumerate(t.seats) if p is not None}
        missing = sorted(str(p) for p in seated if p not in stacks)
        strangers = sorted(p for p in stacks if p not in seated)
        if missing or strangers:
            raise DirectorError(
                f"give the chip count of every player at table {table} and no one else (IFP "
                f"56: the race is run at the table)"
                + (f"; missing: {', '.join(missing)}" if missing else "")
                + (f"; not at table {table}: {', '.join(strangers)}" if strangers else ""))
        smallest = self.chips_in_play[0]
        for p, c in stacks.items():
            if isinstance(c, bool) or not isinstance(c, int) or c < 1:
                raise DirectorError(f"{p}'s chips must be a whole number, at least 1 (a player "
                                    f"in the race has chips), got {c!r}")
            if c % smallest:
                raise DirectorError(f"{p}'s {c} chips cannot be made of the chips in play "
                                    f"({', '.join(str(v) for v in self.chips_in_play)}): "
                                    f"count again")
        # The tables that have raced these colours counted their chips (their stacks since).
        held = [p for tid in self.raced_tables if tid in fl.tables
                for p in fl.tables[tid].seats if p is not None]
        self.check_counts(stacks, "chips before the race", held=sum(
            self.players[p].stack for p in held), others=self.alive - len(seated) - len(held))
        from pokertd.tournament.chips import ChipSet
        cs = ChipSet(self.config.chip_set.name,
                     tuple(c for c in self.config.chip_set.chips if c.value in self.chips_in_play),
                     self.config.chip_set.rule)
        by_seat = {seated[p]: c for p, c in stacks.items()}
        res = chip_race(by_seat, cs, going, preset=self._chip_race_preset, rng=self._rng())
        self.apply(ev.ChipRaced(table, tuple(res.going_out), tuple(sorted(res.stacks.items())),
                                tuple(res.winners), res.rule, tuple(sorted(by_seat.items())),
                                tuple((e.seat, tuple(e.cards)) for e in res.entries)))
        return self.events[-1:]

    def _next_chip_up(self, now: float) -> str | None:
        s = self.structure
        elapsed = self.clock.elapsed(now)
        number = 0
        for i, p in enumerate(s.periods):
            if p.kind != "break":
                continue
            number += 1
            going = [v for v in p.color_up if v in self.chips_in_play]  # type: ignore[union-attr]
            if going and s.period_start(i) > elapsed:
                return (f"the next chip-up is break {number}, after level "
                        f"{s.level_number_at(i)} (the {', '.join(map(str, going))} chips go out)")
        return None

    def chip_up(self, going_out: Sequence[int]) -> list[ev.Event]:
        """A chip-up break: race off the colours going out at every table (IFP 56; WPA 14;
        TDA 24)."""
        fl = self._require_running()
        if not self.dealt:
            raise DirectorError("a live event races its chips at the tables; the tournament "
                                "does not hold its chip counts")
        out = tuple(v for v in going_out if v in self.chips_in_play)
        if not out:
            return []
        from pokertd.tournament.chips import ChipSet
        cs = ChipSet(self.config.chip_set.name,
                     tuple(c for c in self.config.chip_set.chips if c.value in self.chips_in_play),
                     self.config.chip_set.rule)
        n = len(self.events)
        r = self._rng()
        ids = sorted(fl.tables)
        results = []
        for tid in ids:
            t = fl.tables[tid]
            stacks = {k + 1: self.players[p].stack for k, p in enumerate(t.seats) if p is not None}
            res = chip_race(stacks, cs, out, preset=self._chip_race_preset, rng=r)
            results.append((tid, res))
        for tid, res in results:
            self.apply(ev.ChipRaced(tid, tuple(res.going_out), tuple(sorted(res.stacks.items())),
                                    tuple(res.winners), res.rule))
        return self.events[n:]

    # --- results ------------------------------------------------------------------------------

    def results(self) -> list[dict[str, Any]]:
        """Every player once, best place first: place, player, prize, knockouts."""
        rows = sorted(self.players.values(),
                      key=lambda p: (p.place if p.place is not None else 1 << 30, p.name))
        return [{"place": p.place, "player": p.name, "prize": p.prize,
                 "knockouts": p.knockouts} for p in rows]


def _handlers_of(cls: type) -> dict[str, Any]:
    return {name[4:]: getattr(cls, name) for name in dir(cls) if name.startswith("_on_")}


Tournament._handlers = _handlers_of(Tournament)
