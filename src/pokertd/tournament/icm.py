"""ICM (the Malmuth-Harville model), chip equity, and deals at the final table (IFP 62).

The Independent Chip Model values a stack by the prizes it can expect. Harville's model of
finishing orders: among the players still to be placed, each takes the highest open place
with probability proportional to their chips. So with stacks ``s`` and total ``T``, player
``i`` finishes first with probability ``s_i / T``, and once the set ``S`` of players above is
known, ``i`` takes the next place with probability ``s_i / (T - sum(S))``.

* Exact: a dynamic programme over the subsets of players already placed, ``O(2^n * n)``
  (a subset's probability only depends on *which* players are above, not their order). Up to
  :data:`PYTHON_MAX_PLAYERS` players it runs in plain Python (milliseconds; no NumPy or Numba
  to load), beyond that in a compiled Numba kernel doing the same arithmetic in the same
  order, so both give the same floats. Exact up to :data:`EXACT_MAX_PLAYERS` players.
* Monte Carlo: finishing orders sampled exactly from Harville's distribution by an
  exponential race: each player draws ``E_i ~ Exp(1) / s_i`` and players finish in increasing
  order of ``E_i`` (the first to "arrive" wins). The minimum of independent exponentials is
  ``i`` with probability ``s_i / T`` and, being memoryless, the rest race again on the same
  terms, which is Harville's model. Seeded NumPy generator, so runs are reproducible.

Equities are the finishing probabilities times the prizes, each player's sum taken exactly
and rounded once (:func:`_expected`): the same floats on every machine, where a BLAS
product would round in whatever order its kernel picks.

Integer money out (:func:`integer_amounts`): each equity is rounded down to a whole unit and
the units left over (fewer than the number of players) go one each to the largest fractional
parts, ties to the larger stack, then to the player listed first. The amounts sum to the pool
exactly.

Deals (IFP 62: "Agreement must be unanimous. If a deal is reached, players must immediately
inform the tournament director."): :func:`deal_amounts` computes a proposal, :func:`make_deal`
refuses a deal without every remaining player's agreement and returns a frozen, JSON-ready
:class:`DealRecord` for the tournament director to record.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pokertd.records import Record, record

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "AUTO_EXACT_PLAYERS",
    "DEAL_METHODS",
    "EXACT_MAX_PLAYERS",
    "DealError",
    "DealRecord",
    "ICMError",
    "chip_equities",
    "deal_amounts",
    "finish_probabilities",
    "icm_equities",
    "integer_amounts",
    "make_deal",
]

PYTHON_MAX_PLAYERS = 12
"""Exact ICM of at most this many players runs in plain Python (4,096 subsets: milliseconds,
less than loading Numba); more players use the Numba kernel."""

EXACT_MAX_PLAYERS = 24
"""The exact method's limit: its tables take ``17 * 2^n`` bytes (24 players: 285 MB)."""

AUTO_EXACT_PLAYERS = 20
"""``method="auto"`` is exact up to this many players and Monte Carlo beyond."""

DEFAULT_SAMPLES = 1_000_000
_CHUNK = 1 << 16


class ICMError(ValueError):
    """Stacks or prizes that ICM cannot value; the message says why."""


class DealError(ValueError):
    """A deal that cannot be made (IFP 62); the message says why."""


# --- input checks -------------------------------------------------------------------------

def _int_list(values: Any, what: str, *, positive: bool) -> list[int]:
    # NumPy arrays and integers are accepted too; numpy is only looked at if it is loaded
    # (if it is not, no value can be one of its types).
    np = sys.modules.get("numpy")
    sequences: tuple[type, ...] = (Sequence, np.ndarray) if np else (Sequence,)
    bools: tuple[type, ...] = (bool, np.bool_) if np else (bool,)
    ints: tuple[type, ...] = (int, np.integer) if np else (int,)
    if isinstance(values, (str, bytes)) or not isinstance(values, sequences):
        raise ICMError(f"{what}: expected a list of whole numbers, got {values!r}")
    out = []
    for n, v in enumerate(values, start=1):
        if isinstance(v, bools) or not isinstance(v, ints):
            raise ICMError(f"{what}: entry {n} is not a whole number: {v!r}")
        v = int(v)
        if v < 0 or (positive and v == 0):
            raise ICMError(f"{what}: entry {n} is {v}; each must be {'positive' if positive else 'zero or more'}")
        out.append(v)
    return out


def _check_stacks(stacks: Any) -> list[int]:
    s = _int_list(stacks, "stacks", positive=True)
    if not s:
        raise ICMError("stacks: at least one stack is needed")
    return s


def _check_prizes(prizes: Any, players: int) -> list[int]:
    p = _int_list(prizes, "prizes", positive=False)
    if len(p) > players:
        raise ICMError(f"{len(p)} prizes for {players} players: there cannot be more prizes than players")
    for place, (hi, lo) in enumerate(zip(p, p[1:]), start=1):
        if lo > hi:
            raise ICMError(f"prizes are for 1st, 2nd, ... and may not increase: place {place + 1} "
                           f"gets {lo} but place {place} gets {hi}")
    return p


# --- the exact kernels ---------------------------------------------------------------------

def _harville_python(stacks: list[int], places: int) -> list[list[float]]:
    """P[i][k]: probability that player i finishes in place k+1, for k < places.

    Subsets of the players placed so far, as bit masks in increasing order: every subset is
    complete (all its ways in added) before it passes its probability on, since a subset's
    supersets are larger numbers. The arithmetic, and its order, are icm_kernel.py's.
    """
    n = len(stacks)
    size = 1 << n
    total = sum(stacks)
    prob = [0.0] * size
    used = [0] * size       # chips of the players in the subset (exact integers)
    out = [[0.0] * places for _ in range(n)]
    players = list(enumerate(stacks))
    prob[0] = 1.0
    for mask in range(size):
        if mask:
            low = mask & -mask
            used[mask] = used[mask ^ low] + stacks[low.bit_length() - 1]
        k = mask.bit_count()
        if k >= places:
            continue
        p = prob[mask]
        if p == 0.0:
            continue
        scale = p / (total - used[mask])
        for i, s in players:
            if not (mask >> i) & 1:
                q = scale * s
                out[i][k] += q
                prob[mask | (1 << i)] += q
    return out


def _harville_exact(stacks: list[int], places: int) -> list[list[float]]:
    if len(stacks) <= PYTHON_MAX_PLAYERS:
        return _harville_python(stacks, places)
    # More players: 2^n subsets take seconds in plain Python; the same programme compiled
    # (icm_kernel.py: Numba, cached on disk after the first run).
    from .icm_kernel import harville_exact

    return harville_exact(stacks, places)


def _expected(probs: list[list[float]], prizes: list[int]) -> tuple[float, ...]:
    """Each row of finishing probabilities times the prizes: summed exactly, rounded once."""
    return tuple(float(sum((Fraction(p) * prize for p, prize in zip(row, prizes)), Fraction(0)))
                 for row in probs)


def _monte_carlo(stacks: list[int], places: int, samples: int, seed: int | None) -> np.ndarray:
    import numpy as np

    rng = np.random.default_rng(seed)
    s = np.asarray(stacks, np.float64)
    n = len(stacks)
    counts = np.zeros((n, places), np.int64)
    done = 0
    while done < samples:
        c = min(_CHUNK, samples - done)
        arrival = rng.standard_exponential((c, n)) / s
        if places < n:
            top = np.argpartition(arrival, places - 1, axis=1)[:, :places]
            order = np.take_along_axis(top, np.argsort(np.take_along_axis(arrival, top, axis=1), axis=1), axis=1)
        else:
            order = np.argsort(arrival, axis=1)
        for k in range(places):
            counts[:, k] += np.bincount(order[:, k], minlength=n)
        done += c
    return counts / samples


def _finish_rows(stacks: list[int], places: int | None, method: str, samples: int,
                 seed: int | None) -> list[list[float]]:
    """finish_probabilities as lists (checked stacks), without NumPy for small exact cases."""
    n = len(stacks)
    m = n if places is None else places
    if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= n:
        raise ICMError(f"places must be a whole number from 0 to the {n} players, got {places!r}")
    if method == "auto":
        method = "exact" if n <= AUTO_EXACT_PLAYERS else "monte-carlo"
    if m == 0:
        return [[] for _ in stacks]
    if method == "exact":
        if n > EXACT_MAX_PLAYERS:
            raise ICMError(f"exact ICM is limited to {EXACT_MAX_PLAYERS} players (got {n}); use Monte Carlo")
        return _harville_exact(stacks, m)
    if method == "monte-carlo":
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ICMError(f"samples must be a positive whole number, got {samples!r}")
        return _monte_carlo(stacks, m, samples, seed).tolist()
    raise ICMError(f"unknown ICM method {method!r} (expected auto, exact or monte-carlo)")


def finish_probabilities(stacks: Sequence[int], places: int | None = None, *, method: str = "auto",
                         samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> np.ndarray:
    """An ``n x places`` array: the probability that each stack finishes in each place.

    ``method``: ``"exact"`` (up to :data:`EXACT_MAX_PLAYERS` players), ``"monte-carlo"``
    (``samples`` finishing orders from a generator seeded by ``seed``), or ``"auto"`` (exact up
    to :data:`AUTO_EXACT_PLAYERS` players). Every column sums to 1 (each place is taken by
    someone) and, when ``places == n``, every row too.
    """
    import numpy as np

    s = _check_stacks(stacks)
    rows = _finish_rows(s, places, method, samples, seed)
    return np.asarray(rows, np.float64)


def icm_equities(stacks: Sequence[int], prizes: Sequence[int], *, method: str = "auto",
                 samples: int = DEFAULT_SAMPLES, seed: int | None = None) -> tuple[float, ...]:
    """Each stack's ICM equity in the prizes (first place first), in the order given.

    The equities sum to the sum of the prizes (exactly up to float rounding for the exact
    method; each sampled order pays every prize once, so Monte Carlo sums exactly too).
    """
    s = _check_stacks(stacks)
    p = _check_prizes(prizes, len(s))
    probs = _finish_rows(s, len(p), method, samples, seed)
    return _expected(probs, p) if p else tuple(0.0 for _ in s)


def chip_equities(stacks: Sequence[int], pool: int) -> tuple[Fraction, ...]:
    """Chip equity: each stack's proportional share of ``pool``, ``pool * s_i / T`` (exact)."""
    s = _check_stacks(stacks)
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise ICMError(f"the pool must be a whole number, zero or more, got {pool!r}")
    total = sum(s)
    return tuple(Fraction(pool * x, total) for x in s)


def integer_amounts(values: Sequence[float | Fraction], total: int, *, stacks: Sequence[int] | None = None,
                    unit: int = 1) -> tuple[int, ...]:
    """Whole-unit amounts for ``values`` (which sum to ``total``) that sum to ``total`` exactly.

    Each value is rounded down to a multiple of ``unit``; what is left of ``total`` is handed
    out one unit at a time to the largest fractional parts (ties: the larger stack, then the
    player listed first), the last step smaller than a unit if ``total`` is not a whole number
    of units.
    """
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise ICMError(f"the rounding unit must be a positive whole number, got {unit!r}")
    exact = [Fraction(v) for v in values]
    if any(v < 0 for v in exact):
        raise ICMError("amounts to round must be zero or more")
    base = [math.floor(v / unit) * unit for v in exact]
    left = total - sum(base)
    if left < 0 or left > len(base) * unit:
        raise ICMError(f"the values sum to {float(sum(exact)):.6f}, not to {total}")
    st = list(stacks) if stacks is not None else [0] * len(base)
    order = sorted(range(len(base)), key=lambda i: (-(exact[i] - base[i]), -st[i], i))
    j = 0
    while left:
        step = min(unit, left)
        base[order[j % len(order)]] += step
        left -= step
        j += 1
    return tuple(base)


# --- deals (IFP 62) -----------------------------------------------------------------------

DEAL_METHODS = ("icm", "chip-chop", "chip-chop-lowest-locked", "custom")


@record
class DealRecord(Record):
    """IFP 62: a deal agreed by every remaining player, as the tournament director records it.

    ``amounts[i]`` is what ``players[i]`` takes now; ``left_to_play_for`` (taken off the first
    prize) goes to whoever wins the play that continues. ``pool`` is the sum of ``prizes``,
    the remaining prizes first place first; ``sum(amounts) + left_to_play_for == pool``.
    Plain data: ``json.dumps(record.to_dict())`` and :meth:`from_dict` round-trip.
    """

    method: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    prizes: tuple[int, ...]
    pool: int
    left_to_play_for: int
    amounts: tuple[int, ...]
    agreed_by: tuple[str, ...]
    unit: int = 1
    valuation: str = ""
    rule: str = "IFP 62"

    def amount_for(self, player: str) -> int:
        return self.amounts[self.players.index(player)]

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealRecord:
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def _players_and_stacks(players: Mapping[str, int] | Sequence[tuple[str, int]]) -> tuple[list[str], list[int]]:
    items = list(players.items()) if isinstance(players, Mapping) else [tuple(x) for x in players]
    if len(items) < 2:
        raise DealError("a deal needs at least two remaining players")
    names = [str(name) for name, _ in items]
    if len(set(names)) != len(names):
        raise DealError(f"a player is listed twice: {names}")
    try:
        stacks = _check_stacks([st for _, st in items])
    except ICMError as exc:
        raise DealError(str(exc)) from None
    return names, stacks


def deal_amounts(players: Mapping[str, int] | Sequence[tuple[str, int]], prizes: Sequence[int], *,
                 method: str, left_to_play_for: int = 0, custom: Mapping[str, int] | None = None,
                 unit: int = 1, icm_method: str = "auto", samples: int = DEFAULT_SAMPLES,
                 seed: int | None = None) -> DealRecord:
    """A proposed deal (IFP 62), not yet agreed: ``agreed_by`` is empty.

    ``players``: each remaining player's name and stack (in seat or any fixed order).
    ``prizes``: the prizes still to be won, first place first. ``method``:

    * ``"icm"``: each player's ICM equity (Malmuth-Harville);
    * ``"chip-chop"``: shares proportional to chips;
    * ``"chip-chop-lowest-locked"``: every player is first given the lowest prize still to be
      won (0 when fewer prizes than players remain), the rest is chopped by chips;
    * ``"custom"``: the amounts in ``custom`` (one per player), which must sum to what is dealt.

    ``left_to_play_for`` is taken off the first prize and played for; it may be at most the
    first prize's margin over the second (the whole first prize if only one prize is left), so
    the structure dealt stays non-increasing. Amounts are whole ``unit`` s by
    :func:`integer_amounts` and sum to ``pool - left_to_play_for`` exactly.
    """
    names, stacks = _players_and_stacks(players)
    try:
        prize_list = _check_prizes(prizes, len(names))
    except ICMError as exc:
        raise DealError(str(exc)) from None
    if not prize_list:
        raise DealError("no prizes are left to deal")
    pool = sum(prize_list)
    if isinstance(left_to_play_for, bool) or not isinstance(left_to_play_for, int) or left_to_play_for < 0:
        raise DealError(f"the amount left to play for must be a whole number, zero or more, got {left_to_play_for!r}")
    margin = prize_list[0] - (prize_list[1] if len(prize_list) > 1 else 0)
    if left_to_play_for > margin:
        raise DealError(f"the amount left to play for ({left_to_play_for}) comes off first prize and may be "
                        f"at most first prize's margin over second ({margin})")
    dealt_prizes = [prize_list[0] - left_to_play_for, *prize_list[1:]]
    dealt = pool - left_to_play_for
    valuation = ""
    if method == "icm":
        equities = _expected(_finish_rows(stacks, len(dealt_prizes), icm_method, samples, seed), dealt_prizes)
        exact = icm_method == "exact" or (icm_method == "auto" and len(stacks) <= AUTO_EXACT_PLAYERS)
        valuation = "icm exact" if exact else f"icm monte-carlo samples={samples} seed={seed}"
        amounts = integer_amounts([float(e) for e in equities], dealt, stacks=stacks, unit=unit)
    elif method == "chip-chop":
        valuation = "chips"
        amounts = integer_amounts(chip_equities(stacks, dealt), dealt, stacks=stacks, unit=unit)
    elif method == "chip-chop-lowest-locked":
        lowest = prize_list[-1] if len(prize_list) == len(names) else 0
        valuation = f"lowest prize {lowest} locked, rest by chips"
        rest = dealt - lowest * len(names)
        chopped = integer_amounts(chip_equities(stacks, rest), rest, stacks=stacks, unit=unit)
        amounts = tuple(lowest + a for a in chopped)
    elif method == "custom":
        if custom is None or not isinstance(custom, Mapping):
            raise DealError("a custom deal needs an amount for every player (a mapping of player to amount)")
        if set(map(str, custom)) != set(names):
            missing = sorted(set(names) - set(map(str, custom)))
            extra = sorted(set(map(str, custom)) - set(names))
            raise DealError(f"a custom deal needs exactly one amount per remaining player"
                            f"{'; missing: ' + ', '.join(missing) if missing else ''}"
                            f"{'; not remaining: ' + ', '.join(extra) if extra else ''}")
        by_name = {str(k): v for k, v in custom.items()}
        for name, v in by_name.items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise DealError(f"the custom amount for {name} must be a whole number, zero or more, got {v!r}")
        amounts = tuple(by_name[n] for n in names)
        if sum(amounts) != dealt:
            raise DealError(f"custom amounts sum to {sum(amounts)} but the deal must divide exactly {dealt} "
                            f"(pool {pool} less {left_to_play_for} left to play for)")
        valuation = "custom"
    else:
        raise DealError(f"unknown deal method {method!r} (expected one of {', '.join(DEAL_METHODS)})")
    return DealRecord(method=method, players=tuple(names), stacks=tuple(stacks), prizes=tuple(prize_list),
                      pool=pool, left_to_play_for=left_to_play_for, amounts=tuple(int(a) for a in amounts),
                      agreed_by=(), unit=unit, valuation=valuation)


def make_deal(players: Mapping[str, int] | Sequence[tuple[str, int]], prizes: Sequence[int], *,
              method: str, agreed_by: Sequence[str], **options: Any) -> DealRecord:
    """IFP 62: a deal every remaining player agrees to, as a :class:`DealRecord`.

    Refused (:class:`DealError`) unless ``agreed_by`` names every remaining player and no one
    else. ``options`` are those of :func:`deal_amounts`.
    """
    proposal = deal_amounts(players, prizes, method=method, **options)
    agreed = [str(a) for a in agreed_by]
    strangers = sorted(set(agreed) - set(proposal.players))
    if strangers:
        raise DealError(f"IFP 62: only remaining players make a deal; not remaining: {', '.join(strangers)}")
    missing = [p for p in proposal.players if p not in agreed]
    if missing:
        raise DealError(f"IFP 62: agreement must be unanimous; not agreed: {', '.join(missing)}")
    return DealRecord(**{**asdict(proposal), "agreed_by": proposal.players})
