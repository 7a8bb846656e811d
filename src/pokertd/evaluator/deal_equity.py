"""Equity of games without a board (stud, stud hi-lo, razz, deuce-to-seven draw): each player
holds his own cards and is dealt his own from one stub, so a deal is one disjoint set of
cards for each player.

A player's *completions* are every way his cards can still come, each with the card mask it
takes from the stub and the value of the hand it makes (higher wins; a hi-lo game has a
high and an eight-or-better low value, 0 for none). Every deal of one shuffled stub gives
each disjoint tuple of completions the same chance, so the exact equity is the average over
those tuples: the last two players' completions are crossed as NumPy arrays, the others
walked in Python. Sampling deals the stub at random (seeded) and values the hands in batches.

Each deal's pot goes to the best hand, ties sharing it; in hi-lo the pot is halved between
the best high and the best qualifying low when there is one, else the high takes it all
(IFP 50, WPA 15, TDA 20-C: ties share their half, a quartered pot).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

__all__ = ["Completions", "DealEquity", "MAX_EXACT_DEALS", "PlayerEquity", "exact", "sampled"]

# Exact enumeration crosses at most this many pairs of completions (about ten seconds), and
# walks at most MAX_OUTER tuples of the other players' completions in Python.
MAX_EXACT_DEALS = 60_000_000
MAX_OUTER = 20_000
_CHUNK = 1 << 21                      # cells crossed at once (memory: a few arrays of this)


@dataclass(frozen=True)
class Completions:
    """One player's possible completions: ``masks`` (int64 card bits taken from the stub),
    ``high`` (int values, higher wins) and, in hi-lo, ``low`` (0: no qualifying low)."""

    masks: np.ndarray
    high: np.ndarray
    low: np.ndarray | None = None


@dataclass(frozen=True)
class PlayerEquity:
    """A hand's results: ``win`` the share of deals it takes the whole pot alone (in hi-lo,
    a scoop), ``tie`` the share it takes part of it, ``equity`` its average share of the pot;
    in hi-lo ``high`` and ``low`` its average share of the high half (the whole pot when no
    low qualifies) and of the low half."""

    hand: str
    win: float
    tie: float
    equity: float
    high: float | None = None
    low: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hand": self.hand}
        if self.high is None:
            out.update(win=self.win, tie=self.tie, equity=self.equity)
        else:
            out.update(scoop=self.win, high=self.high, low=self.low, equity=self.equity)
        return out


@dataclass(frozen=True)
class DealEquity:
    game: str
    players: tuple[PlayerEquity, ...]
    deals: int
    exact: bool
    split: bool

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "hands": [p.to_dict() for p in self.players],
                "deals": self.deals, "exact": self.exact}


class _Totals:
    def __init__(self, n: int) -> None:
        self.equity = np.zeros(n)
        self.win = np.zeros(n)
        self.tie = np.zeros(n)
        self.high = np.zeros(n)
        self.low = np.zeros(n)
        self.deals = 0

    def result(self, game: str, hands: Sequence[str], exact: bool, split: bool) -> DealEquity:
        d = max(self.deals, 1)
        players = tuple(PlayerEquity(h, float(self.win[i] / d), float(self.tie[i] / d),
                                     float(self.equity[i] / d),
                                     float(self.high[i] / d) if split else None,
                                     float(self.low[i] / d) if split else None)
                        for i, h in enumerate(hands))
        return DealEquity(game, players, self.deals, exact, split)


def _score(highs: list[np.ndarray], lows: list[np.ndarray] | None, valid: np.ndarray,
           t: _Totals) -> None:
    """Add the pot shares of a block of deals (``highs[i]``/``lows[i]`` broadcast to the
    block's shape; ``valid`` marks the deals whose cards are disjoint)."""
    top = highs[0]
    for h in highs[1:]:
        top = np.maximum(top, h)
    wins = [h == top for h in highs]
    count = sum(w.astype(np.int8) for w in wins)
    low_wins: list[Any] = [False] * len(highs)
    if lows is not None:
        best = lows[0]
        for lo in lows[1:]:
            best = np.maximum(best, lo)
        has_low = best > 0
        low_wins = [(lo == best) & has_low for lo in lows]
        low_count = np.maximum(sum(w.astype(np.int8) for w in low_wins), 1)
        high_part = np.where(has_low, 0.5, 1.0)
    n_valid = int(valid.sum())
    t.deals += n_valid
    for i, w in enumerate(wins):
        high_share = np.where(w & valid, 1.0 / count, 0.0)
        if lows is None:
            share = high_share
        else:
            low_share = np.where(low_wins[i] & valid, 1.0 / low_count, 0.0)
            share = high_share * high_part + low_share * 0.5
            t.high[i] += float(np.sum(high_share))
            t.low[i] += float(np.sum(low_share))
        t.equity[i] += float(np.sum(share))
        t.win[i] += int(np.count_nonzero(share == 1.0))
        t.tie[i] += int(np.count_nonzero((share > 0) & (share < 1.0)))


def exact_size(players: Sequence[Completions]) -> int:
    """The completions' tuples an exact enumeration crosses (disjoint or not)."""
    return prod(len(p.masks) for p in players)


def exact(game: str, hands: Sequence[str], players: Sequence[Completions], split: bool) -> DealEquity:
    """Every deal, as the average over the disjoint tuples of completions."""
    n = len(players)
    size = exact_size(players)
    outer = prod(len(p.masks) for p in players[:-2])
    if size > MAX_EXACT_DEALS or outer > MAX_OUTER:
        raise ValueError(f"exact enumeration would cross {size:,} deals (at most "
                         f"{MAX_EXACT_DEALS:,}, with at most {MAX_OUTER:,} for the players "
                         "before the last two): give --samples N (and --seed) to sample instead")
    t = _Totals(n)

    def walk(k: int, used: int, fixed: list[int]) -> None:
        if k == n - 2:
            _cross(players, fixed, used, t, split)
            return
        p = players[k]
        for j in range(len(p.masks)):
            m = int(p.masks[j])
            if not m & used:
                walk(k + 1, used | m, fixed + [j])

    walk(0, 0, [])
    return t.result(game, hands, True, split)


def _cross(players: Sequence[Completions], fixed: list[int], used: int, t: _Totals,
           split: bool) -> None:
    """The last two players' completions crossed, the others' ``fixed``."""
    a, b = players[-2], players[-1]
    ka = (a.masks & used) == 0
    kb = (b.masks & used) == 0
    ma, mb = a.masks[ka], b.masks[kb]
    ha, hb = a.high[ka], b.high[kb]
    la = a.low[ka] if split and a.low is not None else None
    lb = b.low[kb] if split and b.low is not None else None
    if not len(ma) or not len(mb):
        return
    rows = max(1, _CHUNK // len(mb))
    for s in range(0, len(ma), rows):
        valid = (ma[s:s + rows, None] & mb[None, :]) == 0
        shape = valid.shape
        highs = [np.full(shape, players[i].high[j]) for i, j in enumerate(fixed)]
        highs += [np.broadcast_to(ha[s:s + rows, None], shape), np.broadcast_to(hb[None, :], shape)]
        lows = None
        if split:
            lows = [np.full(shape, players[i].low[j]) for i, j in enumerate(fixed)]
            lows += [np.broadcast_to(la[s:s + rows, None], shape), np.broadcast_to(lb[None, :], shape)]
        _score(highs, lows, valid, t)


def sampled(game: str, hands: Sequence[str], needs: Sequence[int], stub: Sequence[int],
            value: Callable[[int, np.ndarray], tuple[np.ndarray, np.ndarray | None]],
            samples: int, seed: int | None, split: bool) -> DealEquity:
    """``samples`` random deals of ``stub`` (seeded): player ``i`` gets ``needs[i]`` cards in
    the order dealt, and ``value(i, cards)`` values a batch of them (rows of cards)."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    total = sum(needs)
    if total > len(stub):
        raise ValueError(f"the deal needs {total} cards and only {len(stub)} are left")
    rng = np.random.default_rng(seed)
    deck = np.asarray(stub, np.int64)
    t = _Totals(len(needs))
    done = 0
    while done < samples:
        m = min(100_000, samples - done)
        cards = rng.permuted(np.broadcast_to(deck, (m, len(deck))), axis=1)[:, :total]
        highs, lows = [], []
        at = 0
        for i, k in enumerate(needs):
            h, lo = value(i, cards[:, at:at + k])
            highs.append(h)
            lows.append(lo)
            at += k
        _score(highs, lows if split else None, np.ones(m, bool), t)
        done += m
    return t.result(game, hands, False, split)
