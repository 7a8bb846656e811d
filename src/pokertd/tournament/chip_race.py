"""The chip race at a chip-up (colour-up) break: IFP 56, WPA 14; TDA 24 under ``tda-2024``.

IFP 56: "When it is time to color-up chips, they will be raced off with a maximum of one chip
going to any player. The chip race will always start in the No.1 seat. Chips will be changed to
the next higher denomination in play and an odd number of chips will be rounded up (50% or
more) or down (less than 50%). A player cannot be raced out of a tournament: a player who loses
his remaining chip(s) in a chip race will be given one chip of the smallest denomination still
in play." WPA 14 is the same rule. TDA 24 has no rounding: chips of removed colours that do not
make a whole chip still in play "will be removed without compensation" (24C), and a player
raced out "will get 1 chip of the lowest denomination still in play" (24A).

The procedure, for one table:

1. The colours going out are the smallest in play; the new denomination ``D`` is the smallest
   chip that stays. Each player's chips of the colours going out are first changed up at equal
   value as far as they make whole chips of ``D``; what is left (``stack mod D``) is the
   player's *odd value*, held in the fewest chips of the colours going out (the *odd chips*).
2. The chips raced: ``total odd value // D``, plus one more under IFP/WPA when the rest is 50%
   or more of ``D``; under TDA the rest is removed.
3. The cards: one card per odd chip, dealt face up one at a time clockwise from the lowest seat
   number (seat 1), round after round, like a deal: each round gives one card to every player
   who still has odd chips without a card. The deck is :class:`pokertd.cards.Deck` with an
   injected RNG (or a seed), so a race can be replayed.
4. The player with the highest card (by rank, then suit: spades, hearts, diamonds, clubs) wins
   a chip of ``D``; then the highest card among the players who have not won, and so on, until
   the chips raced are given: a player wins at most one chip.
5. Each player's odd chips leave play. A player left with nothing gets one chip of ``D`` (the
   smallest still in play): no one is raced out of the tournament.

The result is a frozen :class:`ChipRaceResult` with the new stacks and, per seat, the odd
chips, the cards and what was won; it is plain data (``to_dict``) for the event log.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from pokertd.records import Record, record

from ..cards import Card, Deck
from .chips import ChipSet, fewest_chips

__all__ = [
    "PRESET_RULES",
    "ChipRaceError",
    "ChipRaceResult",
    "RaceEntry",
    "chip_race",
    "chips_to_race",
]

# How each rule preset rounds the odd chips, and the rule that decides it.
PRESET_RULES: dict[str, tuple[str, str]] = {
    "ifp-2012": ("half-up", "IFP 56"),
    "wpa": ("half-up", "WPA 14"),
    "tda-2024": ("down", "TDA 24"),
    "gananda": ("half-up", "IFP 56"),  # the Gananda house settings sit on top of ifp-2012
}


class ChipRaceError(ValueError):
    """A chip race that cannot be run as asked; the message says why."""


@record
class RaceEntry(Record):
    """One seat's part in the race."""

    seat: int
    stack_before: int
    odd_value: int
    odd_chips: int
    cards: tuple[str, ...]
    won: bool
    given_smallest_chip: bool
    stack_after: int


@record
class ChipRaceResult(Record):
    """The race at one table: what went out, what was raced, and every seat's outcome."""

    rule: str
    rounding: str
    going_out: tuple[int, ...]
    new_denomination: int
    total_odd_value: int
    chips_raced: int
    entries: tuple[RaceEntry, ...]

    @property
    def stacks(self) -> dict[int, int]:
        """Seat -> stack after the race."""
        return {e.seat: e.stack_after for e in self.entries}

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won a chip in the race, in the order the chips were won."""
        ranked = sorted((e for e in self.entries if e.won), key=lambda e: -max(Card(c) for c in e.cards))
        return tuple(e.seat for e in ranked)

    @property
    def chips_change(self) -> int:
        """Chips after minus chips before: the odd value removed, less the chips won and given."""
        return sum(e.stack_after - e.stack_before for e in self.entries)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule, "rounding": self.rounding, "going_out": list(self.going_out),
            "new_denomination": self.new_denomination, "total_odd_value": self.total_odd_value,
            "chips_raced": self.chips_raced,
            "entries": [{"seat": e.seat, "stack_before": e.stack_before, "odd_value": e.odd_value,
                         "odd_chips": e.odd_chips, "cards": list(e.cards), "won": e.won,
                         "given_smallest_chip": e.given_smallest_chip, "stack_after": e.stack_after}
                        for e in self.entries],
        }


def chips_to_race(total_odd_value: int, denomination: int, rounding: str) -> int:
    """How many chips of ``denomination`` the odd chips are worth.

    ``"half-up"`` (IFP 56, WPA 14): a remainder of 50% or more of a chip is one more chip.
    ``"down"`` (TDA 24C): a remainder that does not make a whole chip is removed.
    """
    whole, rest = divmod(total_odd_value, denomination)
    if rounding == "half-up":
        return whole + (1 if 2 * rest >= denomination else 0)
    if rounding == "down":
        return whole
    raise ChipRaceError(f"unknown chip race rounding {rounding!r} (expected half-up or down)")


def chip_race(stacks: Mapping[int, int], chip_set: ChipSet, going_out: int | Iterable[int], *,
              preset: str = "ifp-2012", rng: random.Random | None = None,
              seed: int | None = None) -> ChipRaceResult:
    """Race off the colours ``going_out`` at one table: ``stacks`` maps seat number -> chips.

    ``chip_set`` is the set in play before the colour-up; ``going_out`` the value(s) leaving,
    which must be the smallest in play (chips change "to the next higher denomination in
    play", IFP 56). ``preset`` is the rule preset (``ifp-2012``, ``wpa``, ``tda-2024``, or the
    ``gananda`` house on ``ifp-2012``). Cards come from a :class:`~pokertd.cards.Deck` shuffled
    by ``rng`` or ``seed`` (a CSPRNG if neither is given).
    """
    if preset not in PRESET_RULES:
        raise ChipRaceError(f"unknown rule preset {preset!r} (expected one of {', '.join(PRESET_RULES)})")
    rounding, rule = PRESET_RULES[preset]
    out = {going_out} if isinstance(going_out, int) else set(going_out)
    values = chip_set.values
    if not out:
        raise ChipRaceError("no colour is going out")
    for v in sorted(out):
        chip_set.chip(v)
    k = len(out)
    if set(values[:k]) != out:
        raise ChipRaceError(f"{rule}: the colours going out must be the smallest in play "
                            f"({list(values[:k])}), got {sorted(out)}")
    if k == len(values):
        raise ChipRaceError("every colour cannot go out: a race needs a higher chip still in play")
    staying = values[k:]
    new = staying[0]
    for v in staying[1:]:
        if v % new:
            raise ChipRaceError(f"the chips staying in play must be multiples of the smallest ({new}); "
                                f"{v} is not, so odd chips cannot be counted")
    gone = tuple(values[:k])

    seats = sorted(stacks)
    entries_in: list[tuple[int, int, int, int]] = []   # seat, stack, odd value, odd chips
    for seat in seats:
        stack = stacks[seat]
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
            raise ChipRaceError(f"seats are numbered from 1, got {seat!r}")
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise ChipRaceError(f"seat {seat}: a player in the race has chips; got {stack!r}")
        odd = stack % new
        n_odd = fewest_chips(odd, gone)
        if n_odd is None or stack % chip_set.smallest:
            raise ChipRaceError(f"seat {seat}: a stack of {stack} cannot be made of the chips in play "
                                f"({list(values)})")
        entries_in.append((seat, stack, odd, n_odd))

    total_odd = sum(e[2] for e in entries_in)
    raced = chips_to_race(total_odd, new, rounding)
    cards_needed = sum(e[3] for e in entries_in)
    if cards_needed > 52:
        raise ChipRaceError(f"the race needs {cards_needed} cards (one per odd chip), more than a deck")

    deck = Deck(rng=rng, seed=seed)
    dealt: dict[int, list[Card]] = {e[0]: [] for e in entries_in}
    for rnd in range(max((e[3] for e in entries_in), default=0)):
        for seat, _, _, n_odd in entries_in:
            if n_odd > rnd:
                dealt[seat].extend(deck.deal(1))

    contenders = sorted((seat for seat in dealt if dealt[seat]), key=lambda s: -max(dealt[s]))
    winners = set(contenders[:raced])

    entries = []
    for seat, stack, odd, n_odd in entries_in:
        after = stack - odd + (new if seat in winners else 0)
        given = after == 0
        if given:
            after = new
        entries.append(RaceEntry(seat=seat, stack_before=stack, odd_value=odd, odd_chips=n_odd,
                                 cards=tuple(str(c) for c in dealt[seat]), won=seat in winners,
                                 given_smallest_chip=given, stack_after=after))
    return ChipRaceResult(rule=rule, rounding=rounding, going_out=gone, new_denomination=new,
                          total_odd_value=total_odd, chips_raced=raced, entries=tuple(entries))
