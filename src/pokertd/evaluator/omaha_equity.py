"""Omaha and Omaha hi-lo equity: exact over every board when that fits, Monte Carlo
otherwise (seeded).

Each hand is four hole cards (``'AsKsQdJd'``) played as Omaha is: exactly two of them with
three board cards (:mod:`.lowball`). In hi-lo (``hilo=True``) each board's pot is halved
between the best high and the best eight-or-better low when there is one (IFP 50, WPA 15,
TDA 20-C; ties share their half, a quartered pot), else the high hand takes it all.

``win`` is the share of boards a hand takes the whole pot alone (in hi-lo: scoops), ``tie``
the share where it takes part of the pot, and ``equity`` its average share of the pot. In
hi-lo, where nearly every pot is shared, ``high`` and ``low`` say which half a hand wins:
its average share of the high half (the whole pot when no low qualifies) and of the low half.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from ..cards import parse_cards

__all__ = ["MAX_EXACT_EVALUATIONS", "OmahaEquity", "omaha_equity"]

# Exact enumeration past this many boards times players (each 60 five-card hands, valued in
# the Numba kernels) would take more than a few seconds: Monte Carlo instead.
MAX_EXACT_EVALUATIONS = 1_000_000
DEFAULT_SAMPLES = 20_000


@dataclass(frozen=True)
class HandEquity:
    hand: str
    win: float
    tie: float
    equity_fraction: Fraction
    high: float | None = None          # hi-lo: average share of the high half
    low: float | None = None           # hi-lo: average share of the low half

    @property
    def equity(self) -> float:
        return float(self.equity_fraction)


@dataclass(frozen=True)
class OmahaEquity:
    players: tuple[HandEquity, ...]
    boards: int
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [{"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity}
                          if p.high is None else
                          {"hand": p.hand, "scoop": p.win, "high": p.high, "low": p.low,
                           "equity": p.equity}
                          for p in self.players], "boards": self.boards, "exact": self.exact}


def _cards(text: str, what: str) -> list[int]:
    try:
        return [int(c) for c in parse_cards(text)] if text else []
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


# A pot in whole units: split among up to ten hands (2,520 = lcm(1..10)) and halved, every
# share is a whole number of them, so the sums are exact integers.
_HALF = 2520
_UNIT = 2 * _HALF
_CHUNK = 8192                            # boards valued at once (60 five-card hands each)


def _low8(pairs: Any, triples: Any) -> Any:
    """Each board's best eight-or-better low of one hand (two of its cards, three of the
    board), as a number where higher is the better low and 0 is none. A qualifying low is
    five different ranks of eight or lower: as a bit set of ranks (the ace bit 0, the eight
    bit 7) two lows compare by their highest card first, then the next, which is the order
    of the bit sets read as integers: the smaller set is the better low."""
    import numpy as np

    rank = np.arange(52) >> 2
    low = (rank + 1) % 13                                   # the ace is 0, the eight 7
    bit = np.where(low <= 7, 1 << low, 0)

    def sets(groups: Any) -> Any:
        b = bit[groups]
        union = np.bitwise_or.reduce(b, axis=-1)
        ok = (b != 0).all(axis=-1) & (b.sum(axis=-1) == union)   # all low, all different
        return np.where(ok, union, -1)
    p = sets(pairs)[None, :, None]                          # (1, 6, 1)
    t = sets(triples)[:, None, :]                           # (N, 1, 10)
    ok = (p >= 0) & (t >= 0) & ((p & t) == 0)
    return np.where(ok, 256 - (p | t), 0).reshape(len(triples), 60).max(axis=1)


def _tally(holes: list[list[int]], boards: Any, hilo: bool, acc: Any) -> None:
    """Add the pot shares of ``boards`` (an (N, 5) array of complete boards) to ``acc``:
    per player, the pot units, scoops, part pots, and the high-half and low-half units.
    Every hand is the best of its 6 hole pairs with the board's 10 triples (exactly two and
    three, Omaha), valued in the Numba batch kernels."""
    import numpy as np

    from .batch import evaluate_batch

    n = len(boards)
    triples = boards[:, np.array(list(itertools.combinations(range(5), 3)))]      # (N, 10, 3)
    highs, lows = [], []
    for hole in holes:
        pairs = np.array(list(itertools.combinations(hole, 2)), np.int64)          # (6, 2)
        five = np.concatenate([np.broadcast_to(pairs[None, :, None, :], (n, 6, 10, 2)),
                               np.broadcast_to(triples[:, None, :, :], (n, 6, 10, 3))],
                              axis=3).reshape(-1, 5).astype(np.uint8)
        highs.append(evaluate_batch(five, check=False).reshape(n, 60).max(axis=1))
        if hilo:
            lows.append(_low8(pairs, triples))
    top = np.max(highs, axis=0)
    wins = [h == top for h in highs]
    count = np.sum(wins, axis=0)
    has_low = np.zeros(n, bool)
    if hilo:
        best = np.max(lows, axis=0)
        has_low = best > 0
        lwins = [(lo == best) & has_low for lo in lows]
        lcount = np.maximum(np.sum(lwins, axis=0), 1)
    high_units = np.where(has_low, _HALF, _UNIT) // count
    for i, w in enumerate(wins):
        share = np.where(w, high_units, 0)
        high_half = np.where(w, _HALF // count, 0)
        low_half = np.where(lwins[i], _HALF // lcount, 0) if hilo else np.zeros(n, np.int64)
        share = share + low_half
        acc[i][0] += int(share.sum())
        acc[i][1] += int(np.count_nonzero(share == _UNIT))
        acc[i][2] += int(np.count_nonzero((share > 0) & (share < _UNIT)))
        acc[i][3] += int(high_half.sum())
        acc[i][4] += int(low_half.sum())


def omaha_equity(hands: list[str], board: str = "", dead: str = "", *, hilo: bool = False,
                 samples: int | None = None, seed: int | None = None) -> OmahaEquity:
    """Equity of two or more four-card Omaha hands (exact unless ``samples`` is given or the
    boards are too many, then ``samples`` or 20,000 random boards)."""
    if len(hands) < 2:
        raise ValueError("give two or more hands")
    holes = [_cards(h, f"hand {h!r}") for h in hands]
    for h, cs in zip(hands, holes):
        if len(cs) != 4:
            raise ValueError(f"hand {h!r}: an Omaha hand is four cards, not {len(cs)} "
                             "(ranges are for hold'em)")
    known = _cards(board, "board")
    if len(known) > 5:
        raise ValueError(f"board: at most five cards, not {len(known)}")
    used = [c for cs in holes for c in cs] + known + _cards(dead, "dead")
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice among the hands, the board and the dead cards")
    stub = [c for c in range(52) if c not in set(used)]
    missing = 5 - len(known)
    import numpy as np

    n_boards = comb(len(stub), missing)
    exact = samples is None and n_boards * len(hands) <= MAX_EXACT_EVALUATIONS
    if exact:
        extras: Any = itertools.combinations(stub, missing)
        count = n_boards
    else:
        count = samples if samples is not None else DEFAULT_SAMPLES
        if count < 1:
            raise ValueError(f"samples must be at least 1, not {count}")
        rng = random.Random(seed)
        extras = (rng.sample(stub, missing) for _ in range(count))
    acc = [[0] * 5 for _ in hands]
    done = 0
    while done < count:
        m = min(_CHUNK, count - done)
        rows = np.array(list(itertools.islice(extras, m)), np.int64).reshape(m, missing)
        boards = np.concatenate([np.broadcast_to(np.asarray(known, np.int64), (m, len(known))),
                                 rows], axis=1)
        _tally(holes, boards, hilo, acc)
        done += m
    players = tuple(HandEquity(h, a[1] / count, a[2] / count, Fraction(a[0], _UNIT * count),
                               *((a[3] / (_HALF * count), a[4] / (_HALF * count))
                                 if hilo else (None, None)))
                    for h, a in zip(hands, acc))
    return OmahaEquity(players, count, exact)
