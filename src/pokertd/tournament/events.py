"""The tournament's events: typed, frozen, JSON-serialisable records of every change.

Each event is a frozen record (:func:`pokertd.records.record`) with a class-level ``type`` name. :func:`to_dict` gives its
JSON form (``{"type": "busted", "player": ..., ...}``; tuples become lists) and
:func:`from_dict` reads it back to an equal event. The tournament
(:class:`pokertd.tournament.director.Tournament`) changes only by applying events, so replaying
the log rebuilds its state exactly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pokertd.records import Record, record

__all__ = [
    "Addon", "Arrived", "Busted", "Created", "ButtonPlaced", "ButtonRecorded", "LastHandsAnnounced", "ChipRaced", "ClockPaused", "ClockResumed", "ClockSet", "LevelsChanged",
    "DeadStacksRemoved", "DealMade", "Event", "HandForHand", "HandForHandHandDone", "FinalTableFormed", "Finished", "HandPlayed", "LevelStarted", "Moved",
    "PayoutsFixed", "Penalized", "Rebuy", "Registered", "Seated", "Started", "TableBroken", "TableOpened",
    "EVENT_TYPES", "from_dict", "to_dict",
]

EVENT_TYPES: dict[str, type] = {}


def _event(cls: type) -> type:
    EVENT_TYPES[cls.type] = cls  # type: ignore[attr-defined]
    return cls


class Event(Record):
    """Base of the tournament events."""

    type: ClassVar[str] = ""
    __slots__ = ()


@_event
@record
class Created(Event):
    """The first event: the configuration (:meth:`TournamentConfig.to_dict`), the seed of
    the tournament's draws (None: the system CSPRNG) and whether the engine deals."""
    type: ClassVar[str] = "created"
    config: dict[str, Any]
    seed: int | str | None
    dealt: bool


@_event
@record
class Registered(Event):
    type: ClassVar[str] = "registered"
    player: str
    absent: bool = False


@_event
@record
class Unregistered(Event):
    """A registration withdrawn before the start: the player, his stack and his buy-in's
    part of the prize pool are gone."""
    type: ClassVar[str] = "unregistered"
    player: str


@_event
@record
class Started(Event):
    type: ClassVar[str] = "started"
    at: float


@_event
@record
class TableOpened(Event):
    type: ClassVar[str] = "table_opened"
    table: int


@_event
@record
class Seated(Event):
    type: ClassVar[str] = "seated"
    player: str
    table: int
    seat: int
    reason: str


@_event
@record
class ButtonPlaced(Event):
    """A table's first button (IFP 16 random draw; Gananda: seat 1)."""
    type: ClassVar[str] = "button_placed"
    table: int
    seat: int
    rule: str


@_event
@record
class ButtonRecorded(Event):
    """A live event: the director reports the seat of a table's dealer button on the hand
    being played (or just played); the player due the big blind next follows from it (IFP
    11a; WPA 5). The software does not see the hands: the record holds until the next
    bust-out."""
    type: ClassVar[str] = "button_recorded"
    table: int
    seat: int
    at: float


@_event
@record
class LastHandsAnnounced(Event):
    """IFP 14 / WPA 9: the clock stops at the end of a day and the last ``hands`` hands are
    announced (3 to 7, ``drawn`` at random by the software, else the number a player drew)."""
    type: ClassVar[str] = "last_hands_announced"
    at: float
    hands: int
    drawn: bool = False


@_event
@record
class LevelStarted(Event):
    """The first hand of a new level is about to be dealt (IFP 23)."""
    type: ClassVar[str] = "level_started"
    level: int
    at: float
    rule: str = ""            # the preset's (IFP 23; TDA 23); WPA has none


@_event
@record
class ClockPaused(Event):
    type: ClassVar[str] = "clock_paused"
    at: float
    reason: str


@_event
@record
class ClockResumed(Event):
    type: ClassVar[str] = "clock_resumed"
    at: float


@_event
@record
class ClockSet(Event):
    """The director sets the clock (IFP 1 / TDA 1; a new level starts on his announcement,
    IFP 23 / TDA 23): from ``at`` it shows period ``period`` (an index into the structure's
    periods) with ``seconds_left`` left. ``action`` is what he asked: ``next``, ``previous``,
    ``add``, ``subtract`` or ``set``, with ``seconds`` the time he gave."""
    type: ClassVar[str] = "clock_set"
    at: float
    period: int
    seconds_left: float
    action: str
    seconds: float = 0.0
    rule: str = ""


@_event
@record
class LevelsChanged(Event):
    """The director changes the levels and breaks still to come (IFP 1 / TDA 1): from period
    ``first`` on (the ones before it are played or being played, and do not change) the
    structure's periods are ``periods`` (each as ``Level.to_dict`` / ``Break.to_dict``)."""
    type: ClassVar[str] = "levels_changed"
    at: float
    first: int
    periods: tuple[dict[str, Any], ...]
    rule: str = ""


@_event
@record
class HandForHand(Event):
    """Hand-for-hand play begins (``on``) or ends (IFP 61; TDA RP-8: the clock stops)."""
    type: ClassVar[str] = "hand_for_hand"
    at: float
    on: bool
    reason: str = ""          # why it ended, when not by the director (the bubble burst)


@_event
@record
class HandForHandHandDone(Event):
    """Every table has finished the hand-for-hand hand (TDA RP-8: time off the clock)."""
    type: ClassVar[str] = "hand_for_hand_hand_done"
    at: float


@_event
@record
class HandPlayed(Event):
    """One dealt hand at one table: positions, the players dealt in (position order, first
    left of the button) and their stacks before and after."""
    type: ClassVar[str] = "hand_played"
    table: int
    hand: int
    at: float
    level: int
    button: int
    small_blind: int | None
    big_blind: int
    players: tuple[str, ...]
    start: tuple[int, ...]
    end: tuple[int, ...]
    game: str = ""        # mixed games: the hand's game (PHH code); "" is no-limit hold'em


@_event
@record
class Busted(Event):
    """A player is out: ``place`` is the best place of the ``tied`` places shared (IFP 57)."""
    type: ClassVar[str] = "busted"
    player: str
    place: int
    tied: int
    table: int | None
    knocked_out_by: str | None
    removed: int = 0          # chips taken out of play (an absent player's stack)
    rule: str = ""
    hand: int | None = None
    """A live event: the number of the director's report of a hand's bust-outs (players out
    in the same hand share it); the seats of that hand are kept for the button reported for
    it (IFP 11a, IFP 17). None: no hand (an absent player's stack removed, a dealt event)."""


@_event
@record
class DeadStacksRemoved(Event):
    """IFP 9: at the close of registration the starting stacks of the ``seats`` unsold seats
    are removed and their ``chips`` taken out of play; ``by_value`` lists the chips to take
    off the tables, (value, how many), when the starting stack is made of the chip set's
    colours still in play (else empty)."""
    type: ClassVar[str] = "dead_stacks_removed"
    seats: int
    chips: int
    by_value: tuple[tuple[int, int], ...]
    rule: str = "IFP 9"


@_event
@record
class Moved(Event):
    type: ClassVar[str] = "moved"
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@_event
@record
class TableBroken(Event):
    type: ClassVar[str] = "table_broken"
    table: int
    rule: str
    next: tuple[int, ...] = ()
    """The tables still to break after it, in the breaking order (WPA 4: "the breaking order
    of tournament tables must be announced or posted"); the last is the final table."""


@_event
@record
class FinalTableFormed(Event):
    """IFP 15: the final table by random redraw: (player, from table, from seat, seat)."""
    type: ClassVar[str] = "final_table_formed"
    table: int
    seats: tuple[tuple[str, int, int, int], ...]
    rule: str


@_event
@record
class ChipRaced(Event):
    """A chip race at a chip-up break (IFP 56, WPA 14, TDA 24): new stacks by seat. A live
    event's race also holds the stacks the director counted before it (``before``, by seat)
    and the cards dealt to each seat (``cards``), and who sat in each seat then (``players``:
    a later move does not rename the race's seats)."""
    type: ClassVar[str] = "chip_raced"
    table: int
    going_out: tuple[int, ...]
    stacks: tuple[tuple[int, int], ...]
    winners: tuple[int, ...]
    rule: str
    before: tuple[tuple[int, int], ...] = ()
    cards: tuple[tuple[int, tuple[str, ...]], ...] = ()
    players: tuple[tuple[int, str], ...] = ()


@_event
@record
class CountCorrected(Event):
    """A live chip race's count that came out short of (or over) the chips in play, recorded
    as a correction with the director's reason (TDA 1: a floor decision), so the chips in play
    are what was counted: ``chips`` the change (negative when short)."""
    type: ClassVar[str] = "count_corrected"
    chips: int
    reason: str
    counted: int
    rule: str = "TDA 1"


@_event
@record
class Arrived(Event):
    type: ClassVar[str] = "arrived"
    player: str


@_event
@record
class Penalized(Event):
    """A penalty given by the director (IFP 70, WPA 41, TDA 71): ``penalty`` warning, hands,
    rounds or disqualification; ``hands`` the hands he misses, away from the table but dealt
    in as an absent player (his blinds and antes posted, his hand killed: IFP 70, TDA 71-C);
    a disqualified player's chips are removed from play (the ``busted`` event that follows)."""
    type: ClassVar[str] = "penalized"
    player: str
    penalty: str
    hands: int
    rule: str


@_event
@record
class Rebuy(Event):
    type: ClassVar[str] = "rebuy"
    player: str
    chips: int
    to_prize_pool: int
    reinstated: bool = False
    """A live event: the player had been reported busted and rebuys in the rebuy period
    (IFP 59: before the next hand is dealt), so he is not out: his bust-out is taken back
    (his place, the knockout credited, the places of the players out since) and he is seated
    by the ``seated`` event that follows."""


@_event
@record
class Addon(Event):
    type: ClassVar[str] = "addon"
    player: str
    chips: int
    to_prize_pool: int


@_event
@record
class PayoutsFixed(Event):
    type: ClassVar[str] = "payouts_fixed"
    entrants: int
    pool: int
    amounts: tuple[int, ...]
    rule: str


@_event
@record
class DealMade(Event):
    """IFP 62: the deal as :class:`pokertd.tournament.icm.DealRecord` data."""
    type: ClassVar[str] = "deal_made"
    record: dict[str, Any]


@_event
@record
class Finished(Event):
    type: ClassVar[str] = "finished"
    at: float | None
    winner: str
    prizes: tuple[tuple[str, int], ...]


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def to_dict(event: Event) -> dict[str, Any]:
    """The JSON form of an event."""
    out: dict[str, Any] = {"type": event.type}
    for name in event._fields:
        out[name] = _thaw(getattr(event, name))
    return out


def from_dict(data: dict[str, Any]) -> Event:
    """An event from its JSON form; an unknown type or field is refused."""
    try:
        cls = EVENT_TYPES[data["type"]]
    except KeyError:
        raise ValueError(f"unknown tournament event type {data.get('type')!r}") from None
    kwargs = {k: v for k, v in data.items() if k != "type"}
    names = set(cls._fields)
    unknown = set(kwargs) - names
    if unknown:
        raise ValueError(f"event {data['type']!r}: unknown field(s) {sorted(unknown)}")
    return cls(**{k: (v if isinstance(v, dict) else _freeze(v)) for k, v in kwargs.items()})
