"""Payouts: payout tables (plain data, validated), the generated structure, and ties.

Money is an integer number of the caller's units (dollars or cents: the caller chooses). No
float ever holds an amount: percentages and curve weights are exact fractions and every
amount is rounded to a whole ``unit`` of money by a rule stated here, so the amounts always
sum to the pool exactly.

Three things live here.

* :class:`PayoutTable`: percentages of the prize pool by field size, as data (TOML/JSON), with
  validation; the Gananda league table is the preset :data:`GANANDA` (``Gananda: Payout``).
  Rounding of a table (``Gananda: Payout``): each place is rounded to the nearest unit (a half
  unit rounds up); the difference between the pool and the rounded sum is then settled one unit
  at a time starting from the lowest paid place and continuing upward (wrapping round to the
  lowest place again if ever needed). A pool that is not a whole number of units leaves a last
  step smaller than a unit, settled in the same order.
* :func:`generated_payouts`: a structure for any field size from three parameters (the share of
  the field paid, the minimum cash as a multiple of the buy-in, the rounding unit). See its
  docstring for the curve.
* :func:`split_tie` and :func:`award`: tied players share the prizes of the places they span
  (``IFP 57``, ``WPA 8``, ``Gananda: Winning the Tournament``).
"""

from __future__ import annotations

import math
from functools import cache
from collections.abc import Hashable, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokertd.records import Record, record

from .config_data import read_config

__all__ = [
    "GANANDA",
    "GANANDA_MAX_ENTRANTS",
    "gananda_table",
    "Bracket",
    "PayoutError",
    "PayoutTable",
    "award",
    "gananda_payouts",
    "generated_payouts",
    "load_payout_table",
    "places_paid",
    "round_nearest_then_lowest_up",
    "round_down_remainder_to_first",
    "split_tie",
    "to_fraction",
]

ROUNDING_NEAREST_LOWEST_UP = "nearest-then-lowest-place-up"
ROUNDING_DOWN_REMAINDER_FIRST = "down-remainder-to-first"
ROUNDINGS = (ROUNDING_NEAREST_LOWEST_UP, ROUNDING_DOWN_REMAINDER_FIRST)


class PayoutError(ValueError):
    """A payout table, structure or request that cannot be honoured; the message says why."""


# --- numbers ------------------------------------------------------------------------------

def to_fraction(value: Any, what: str) -> Fraction:
    """An exact fraction from an int, a decimal string (``"12.5"``), a Decimal or a Fraction.

    A float (as TOML and JSON give for ``12.5``) is read by its shortest decimal text, so
    ``12.5`` is exactly 25/2; it never takes part in arithmetic as a float.
    """
    if isinstance(value, bool):
        raise PayoutError(f"{what}: expected a number, got {value!r}")
    if isinstance(value, (int, Fraction, Decimal)):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise PayoutError(f"{what}: expected a finite number, got {value!r}")
        return Fraction(repr(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip().removesuffix("%"))
        except (ValueError, ZeroDivisionError):
            raise PayoutError(f"{what}: not a number: {value!r}") from None
    raise PayoutError(f"{what}: expected a number, got {value!r}")


def _check_money(value: Any, what: str, *, positive: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PayoutError(f"{what} must be a whole number of money units (an int), got {value!r}")
    if value < 0 or (positive and value == 0):
        raise PayoutError(f"{what} must be {'positive' if positive else 'zero or more'}, got {value}")
    return value


def _check_unit(unit: Any) -> int:
    return _check_money(unit, "the rounding unit", positive=True)


def _round_half_up(x: Fraction, unit: int) -> int:
    """``x`` to the nearest multiple of ``unit``; exactly half a unit rounds up."""
    return math.floor(x / unit + Fraction(1, 2)) * unit


# --- rounding rules -----------------------------------------------------------------------

def round_nearest_then_lowest_up(raw: Sequence[Fraction], pool: int, unit: int = 1) -> tuple[int, ...]:
    """Gananda: Payout. Round each place to the nearest ``unit``, then settle the difference.

    "All payouts are rounded to the nearest $1. Adjustments for rounding are made to the lowest
    finishing player first and continue to be made upward until all rounding adjustments are
    complete." The difference ``pool - sum(rounded)`` is settled one unit at a time (added if
    positive, taken if negative), lowest paid place first, then the place above, and so on,
    wrapping to the lowest place again if the difference is larger than the number of places.
    A pool that is not a whole number of units ends with a step smaller than one unit.
    """
    unit = _check_unit(unit)
    amounts = [_round_half_up(x, unit) for x in raw]
    diff = pool - sum(amounts)
    i = len(amounts) - 1
    while diff:
        step = min(unit, abs(diff)) * (1 if diff > 0 else -1)
        amounts[i] += step
        diff -= step
        i = i - 1 if i > 0 else len(amounts) - 1
    return tuple(amounts)


def round_down_remainder_to_first(raw: Sequence[Fraction], pool: int, unit: int = 1) -> tuple[int, ...]:
    """Round each place down to a whole ``unit``; the remainder of the pool goes to first place."""
    unit = _check_unit(unit)
    amounts = [math.floor(x / unit) * unit for x in raw]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


_ROUNDERS = {
    ROUNDING_NEAREST_LOWEST_UP: round_nearest_then_lowest_up,
    ROUNDING_DOWN_REMAINDER_FIRST: round_down_remainder_to_first,
}


def _check_result(amounts: tuple[int, ...], pool: int, how: str) -> tuple[int, ...]:
    if any(a < 0 for a in amounts) or any(a < b for a, b in zip(amounts, amounts[1:])):
        raise PayoutError(
            f"a pool of {pool} is too small to pay {len(amounts)} places in whole units by {how}: "
            f"rounding gives {list(amounts)}, which is not non-increasing")
    return amounts


# --- payout tables ------------------------------------------------------------------------

@record
class Bracket(Record):
    """One row of a payout table: fields of ``min_entrants..max_entrants`` pay these percents."""

    min_entrants: int
    max_entrants: int
    percents: tuple[Fraction, ...]

    @property
    def places(self) -> int:
        return len(self.percents)


@record
class PayoutTable(Record):
    """Percentages of the prize pool by field size, validated on construction.

    Refused: percentages that do not sum to exactly 100, that increase from one place to the
    next, or that are not positive; brackets that overlap, leave a gap, or pay more places than
    their smallest field has players; an unknown rounding rule.
    """

    name: str
    brackets: tuple[Bracket, ...]
    rounding: str = ROUNDING_NEAREST_LOWEST_UP
    rule: str = ""
    beyond: str = "use the generated structure (--structure generated)"

    def __post_init__(self) -> None:
        label = f"payout table {self.name!r}"
        if not self.brackets:
            raise PayoutError(f"{label} has no brackets")
        if self.rounding not in ROUNDINGS:
            raise PayoutError(f"{label}: unknown rounding {self.rounding!r} (expected one of {', '.join(ROUNDINGS)})")
        previous: Bracket | None = None
        for b in self.brackets:
            where = f"{label}, bracket {b.min_entrants}-{b.max_entrants} entrants"
            if not (isinstance(b.min_entrants, int) and isinstance(b.max_entrants, int)) \
                    or b.min_entrants < 2 or b.max_entrants < b.min_entrants:
                raise PayoutError(f"{where}: entrants must be whole numbers with 2 <= low <= high")
            if previous is not None and b.min_entrants != previous.max_entrants + 1:
                raise PayoutError(
                    f"{where}: brackets must follow each other without gap or overlap "
                    f"(the previous one ends at {previous.max_entrants})")
            if not b.percents:
                raise PayoutError(f"{where}: pays no places")
            if any(p <= 0 for p in b.percents):
                raise PayoutError(f"{where}: every paid place must get a positive percentage, "
                                  f"got {_percent_list(b.percents)}")
            total = sum(b.percents)
            if total != 100:
                raise PayoutError(f"{where}: percentages {_percent_list(b.percents)} sum to "
                                  f"{_percent_text(total)}%, not 100%")
            for place, (hi, lo) in enumerate(zip(b.percents, b.percents[1:]), start=1):
                if lo > hi:
                    raise PayoutError(
                        f"{where}: payouts may not increase: place {place + 1} gets {_percent_text(lo)}% "
                        f"but place {place} gets {_percent_text(hi)}%")
            if b.places > b.min_entrants:
                raise PayoutError(f"{where}: pays {b.places} places but the field may have only "
                                  f"{b.min_entrants} players")
            previous = b

    @property
    def min_entrants(self) -> int:
        return self.brackets[0].min_entrants

    @property
    def max_entrants(self) -> int:
        return self.brackets[-1].max_entrants

    def bracket_for(self, entrants: int) -> Bracket:
        """The bracket for a field of ``entrants`` players; refused outside the table."""
        if isinstance(entrants, bool) or not isinstance(entrants, int):
            raise PayoutError(f"entrants must be a whole number, got {entrants!r}")
        if entrants < self.min_entrants:
            raise PayoutError(f"payout table {self.name!r} starts at {self.min_entrants} entrants; "
                              f"got {entrants}")
        if entrants > self.max_entrants:
            raise PayoutError(f"payout table {self.name!r} covers {self.min_entrants}-{self.max_entrants} "
                              f"entrants; for {entrants}, {self.beyond}")
        for b in self.brackets:
            if b.min_entrants <= entrants <= b.max_entrants:
                return b
        raise AssertionError("validated brackets cover every field size")  # pragma: no cover

    def payouts(self, entrants: int, pool: int, *, unit: int = 1) -> tuple[int, ...]:
        """The amount of each paid place, first place first; they sum to ``pool`` exactly."""
        pool = _check_money(pool, "the prize pool")
        bracket = self.bracket_for(entrants)
        raw = [pool * p / 100 for p in bracket.percents]
        amounts = _ROUNDERS[self.rounding](raw, pool, unit)
        return _check_result(amounts, pool, f"the rounding of {self.name!r}")

    # plain data ---------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PayoutTable:
        """From plain data: ``{"name", "rounding", "rule", "brackets": [{"entrants": [lo, hi],
        "percents": [...]}, ...]}``; percentages may be ints, decimal strings or decimals."""
        if not isinstance(data, Mapping):
            raise PayoutError(f"a payout table must be a mapping, got {type(data).__name__}")
        unknown = set(data) - {"name", "rounding", "rule", "beyond", "brackets"}
        if unknown:
            raise PayoutError(f"payout table: unknown keys {sorted(unknown)}")
        name = str(data.get("name", "custom"))
        rows = data.get("brackets")
        if not isinstance(rows, Sequence) or isinstance(rows, (str, bytes)):
            raise PayoutError(f"payout table {name!r}: 'brackets' must be a list")
        brackets = []
        for n, row in enumerate(rows, start=1):
            if not isinstance(row, Mapping) or set(row) != {"entrants", "percents"}:
                raise PayoutError(f"payout table {name!r}, bracket {n}: expected keys 'entrants' and 'percents'")
            ent = row["entrants"]
            if not isinstance(ent, Sequence) or len(ent) != 2 \
                    or not all(isinstance(e, int) and not isinstance(e, bool) for e in ent):
                raise PayoutError(f"payout table {name!r}, bracket {n}: 'entrants' must be [low, high]")
            pct = row["percents"]
            if not isinstance(pct, Sequence) or isinstance(pct, (str, bytes)):
                raise PayoutError(f"payout table {name!r}, bracket {n}: 'percents' must be a list")
            brackets.append(Bracket(ent[0], ent[1], tuple(
                to_fraction(p, f"payout table {name!r}, bracket {n}, place {i}") for i, p in enumerate(pct, 1))))
        kwargs = {k: str(data[k]) for k in ("rounding", "rule", "beyond") if k in data}
        return cls(name=name, brackets=tuple(brackets), **kwargs)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-serialisable); whole percentages stay ints, others become strings."""
        return {
            "name": self.name, "rule": self.rule, "rounding": self.rounding, "beyond": self.beyond,
            "brackets": [{"entrants": [b.min_entrants, b.max_entrants],
                          "percents": [_percent_json(p) for p in b.percents]} for b in self.brackets],
        }


def _percent_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else str(Decimal(p.numerator) / Decimal(p.denominator))


def _percent_list(ps: Iterable[Fraction]) -> str:
    return "[" + ", ".join(_percent_text(p) for p in ps) + "]"


def _percent_json(p: Fraction) -> int | str:
    return p.numerator if p.denominator == 1 else _percent_text(p)


def load_payout_table(source: str | Path | Mapping[str, Any]) -> PayoutTable:
    """A payout table from plain data, a ``.toml``/``.json`` file, or a preset name (``gananda``)."""
    return PayoutTable.from_dict(read_config(source, "payouts", "payout", PayoutError))


@cache
def gananda_table() -> PayoutTable:
    """The Gananda league payout table (``Gananda: Payout``): 2-54 entrants. (Read from its
    file on first use: not every command needs it.)"""
    return load_payout_table("gananda")


def __getattr__(name: str) -> Any:
    # GANANDA and GANANDA_MAX_ENTRANTS, the preset as constants, read when first asked for.
    if name == "GANANDA":
        return gananda_table()
    if name == "GANANDA_MAX_ENTRANTS":
        return gananda_table().max_entrants
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def gananda_payouts(entrants: int, pool: int, *, unit: int = 1) -> tuple[int, ...]:
    """Gananda: Payout. The amounts for a field of ``entrants`` (players at the start).

    ``unit`` is one dollar in the caller's money units (1 for dollars, 100 for cents). Fields
    above 54 are refused: the Gananda schedule stops there; use :func:`generated_payouts`.
    """
    return gananda_table().payouts(entrants, pool, unit=unit)


# --- generated structure ------------------------------------------------------------------

DEFAULT_PAID_SHARE = Fraction(15, 100)
DEFAULT_MIN_CASH_MULTIPLE = Fraction(3, 2)


def places_paid(entrants: int, paid_share: Fraction | int | str = DEFAULT_PAID_SHARE) -> int:
    """``ceil(entrants * paid_share)``, at least 1 and at most ``entrants``."""
    share = to_fraction(paid_share, "the share of the field paid")
    if not 0 < share <= 1:
        raise PayoutError(f"the share of the field paid must be above 0 and at most 1, got {_percent_text(share)}")
    return max(1, min(entrants, math.ceil(entrants * share)))


def generated_payouts(entrants: int, pool: int, *, buy_in: int,
                      paid_share: Fraction | int | str = DEFAULT_PAID_SHARE,
                      min_cash_multiple: Fraction | int | str = DEFAULT_MIN_CASH_MULTIPLE,
                      unit: int = 1) -> tuple[int, ...]:
    """A payout structure for any field size: non-increasing, summing to ``pool`` exactly.

    The curve:

    1. Places paid: ``k = ceil(entrants * paid_share)`` (at least 1, at most the field).
    2. Minimum cash: ``m = min_cash_multiple * buy_in`` rounded *up* to a whole ``unit``. If the
       pool cannot give every paid place the minimum cash, fewer places are paid:
       ``k = pool // m``. A minimum cash larger than the whole pool is refused.
    3. Every paid place gets ``m``; the excess ``pool - k*m`` is shared by harmonic weights
       ``w_i = 1/i - 1/(k+1)`` (place ``i`` = 1..k), so first place gets the largest share, each
       place a little more than the next, and the last paid place a little more than ``m``. With
       the default 15% paid and 1.5 buy-ins minimum cash, 100 entrants pay 15 places and first
       gets about 30% of the pool.
    4. Each place is rounded down to a whole ``unit``; the remainder goes to first place.

    ``buy_in`` is the prize-pool share of one buy-in in the same money units as ``pool``.
    """
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 2:
        raise PayoutError(f"a tournament needs at least 2 entrants, got {entrants!r}")
    pool = _check_money(pool, "the prize pool", positive=True)
    buy_in = _check_money(buy_in, "the buy-in", positive=True)
    unit = _check_unit(unit)
    multiple = to_fraction(min_cash_multiple, "the minimum cash multiple")
    if multiple < 0:
        raise PayoutError(f"the minimum cash multiple must be zero or more, got {_percent_text(multiple)}")
    k = places_paid(entrants, paid_share)
    min_cash = math.ceil(multiple * buy_in / unit) * unit
    if min_cash > pool:
        raise PayoutError(f"the minimum cash ({_percent_text(multiple)} x {buy_in} = {min_cash}) "
                          f"exceeds the prize pool of {pool}")
    if min_cash:
        k = min(k, pool // min_cash)
    if k == 1:
        return (pool,)
    weights = [Fraction(1, i) - Fraction(1, k + 1) for i in range(1, k + 1)]
    total = sum(weights)
    excess = pool - k * min_cash
    raw = [min_cash + excess * w / total for w in weights]
    return _check_result(round_down_remainder_to_first(raw, pool, unit), pool, "the generated curve")


# --- ties ---------------------------------------------------------------------------------

def split_tie(payouts: Sequence[int], place: int, players: int, *, unit: int = 1) -> tuple[int, ...]:
    """IFP 57 / WPA 8 / Gananda: Winning the Tournament. Tied players share the places they span.

    ``players`` players tie for ``place`` (1 = first): together they take places
    ``place .. place + players - 1`` and share the sum of those places' prizes (places beyond
    the paid ones add nothing). Each gets the same whole number of ``unit``; the odd units left
    over (fewer than ``players``) go one each to the tied players in the order the caller lists
    them, so the returned amounts are for the tied players in that order and differ by at most
    one unit. The tournament lists tied players in a drawn order (chance is the caller's, by its
    injected RNG). A prize total that is not a whole number of units puts the last fraction of
    a unit with the next player in that order.
    """
    unit = _check_unit(unit)
    if isinstance(place, bool) or not isinstance(place, int) or place < 1:
        raise PayoutError(f"a place is 1 or more, got {place!r}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise PayoutError(f"a tie needs at least one player, got {players!r}")
    for a in payouts:
        _check_money(a, "a prize")
    total = sum(payouts[place - 1:place - 1 + players])
    share = total // (players * unit) * unit
    amounts = [share] * players
    left = total - share * players
    i = 0
    while left:
        step = min(unit, left)
        amounts[i] += step
        left -= step
        i = (i + 1) % players
    return tuple(amounts)


def award(payouts: Sequence[int], finishing: Sequence[Sequence[Hashable]], *, unit: int = 1) -> dict[Hashable, int]:
    """Prizes by player from the finishing order: ``finishing[0]`` is the group in first place.

    Each group is one player or several tied players, who share the places they span by
    :func:`split_tie` (IFP 57, WPA 8, Gananda: Winning the Tournament). Players below the paid
    places get 0. Every player appears once; the prizes paid sum to the sum of ``payouts``
    when at least as many players finish as there are paid places.
    """
    out: dict[Hashable, int] = {}
    place = 1
    for group in finishing:
        group = list(group)
        if not group:
            raise PayoutError(f"an empty group at place {place}")
        for player, amount in zip(group, split_tie(payouts, place, len(group), unit=unit)):
            if player in out:
                raise PayoutError(f"player {player!r} finishes twice")
            out[player] = amount
        place += len(group)
    return out
