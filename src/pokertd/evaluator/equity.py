"""Hold'em equity: exact enumeration and seeded Monte Carlo, for hands and ranges.

A player is given as two hole cards (``'AhAs'``) or, for ``monte_carlo_equity`` and small
exact cases, a range (``'QQ+,AKs'``, see ranges.py). Results count, for each player, the
boards won alone (win), the boards shared (tie) and the equity: the share of the pot
won on average, a tie among n players counting 1/n.

Exact equity of hands given card for card (one deal) is counted by exact.py, compiled with
mypyc at install time and free of NumPy; the many deals of ranges, repeated calls (see
``_use_kernels``) and Monte Carlo run in the Numba kernels (kernels.py), loaded only then.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod

from ..cards import cards_text, parse_cards
from ._compiled import load as _load_compiled

exact_counts = _load_compiled("exact").showdown_counts

# Exact enumeration over ranges multiplies boards by consistent deals; past this many
# showdowns we ask for Monte Carlo instead of running for minutes.
MAX_EXACT_SHOWDOWNS = 1_000_000_000


@dataclass(frozen=True)
class PlayerEquity:
    hand: str          # the hole cards or range as given
    wins: int          # showdowns won alone
    ties: int          # showdowns shared with others
    splits: tuple[int, ...]  # splits[n-1]: showdowns shared among n players (n=1: won alone)
    showdowns: int

    @property
    def win(self) -> float:
        return self.wins / self.showdowns

    @property
    def tie(self) -> float:
        return self.ties / self.showdowns

    @property
    def equity_fraction(self) -> Fraction:
        return sum((Fraction(c, n) for n, c in enumerate(self.splits, 1)), Fraction(0)) / self.showdowns

    @property
    def equity(self) -> float:
        return float(self.equity_fraction)


@dataclass(frozen=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]
    boards: int        # showdowns counted: boards (times deals, for ranges) or samples
    exact: bool

    def to_dict(self) -> dict:
        return {
            "hands": [{"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity} for p in self.players],
            "boards": self.boards,
            "exact": self.exact,
        }


def _result(labels, total: list[list[int]], exact: bool) -> EquityResult:
    """total[h] = [won alone, shared, shared by 1, ..., shared by k] summed over deals."""
    showdowns = counts_showdowns(total)
    players = tuple(PlayerEquity(label, int(row[0]), int(row[1]), tuple(int(x) for x in row[2:]), showdowns)
                    for label, row in zip(labels, total))
    return EquityResult(players, showdowns, exact)


def counts_showdowns(total) -> int:
    """Showdowns counted, from per-player split counts: a showdown shared by n players is
    counted by each of them, so summing count/n over players and n counts each once."""
    k = len(total)
    acc = Fraction(0)
    for n in range(1, k + 1):
        acc += Fraction(sum(int(row[1 + n]) for row in total), n)
    return int(acc)


def _parse_players(players, board, dead):
    """(labels, combinations per player as lists of card pairs, board cards, dead cards)."""
    if len(players) < 2:
        raise ValueError(f"equity needs at least two players; got {len(players)}")
    if len(players) > 10:
        raise ValueError(f"equity takes at most 10 players (hold'em deals 2 cards each to at most 23, but "
                         f"this calculator stops at 10); got {len(players)}")
    board_cards = parse_cards(board)
    if len(board_cards) > 5:
        raise ValueError(f"a board has at most 5 cards; got {len(board_cards)} ({cards_text(board_cards)})")
    if len(board_cards) in (1, 2):
        raise ValueError(f"a board has 0, 3, 4 or 5 cards; got {len(board_cards)} ({cards_text(board_cards)})")
    dead_cards = parse_cards(dead)
    known = list(board_cards) + list(dead_cards)
    dup = set(board_cards) & set(dead_cards)
    if dup:
        raise ValueError(f"card {cards_text(sorted(dup))} is both on the board and dead")
    labels, combo_sets, is_hand = [], [], []
    for p in players:
        text = p if isinstance(p, str) else cards_text(p)
        labels.append(text)
        combos = _as_hand(p)
        is_hand.append(combos is not None)
        if combos is None:
            from .ranges import range_pairs  # the range layer is only needed for ranges

            combos = range_pairs(text, dead=known)
            if len(combos) == 0:
                raise ValueError(f"range {text!r} has no combination left after removing the board and dead cards")
        else:
            clash = set(combos[0]) & set(int(c) for c in known)
            if clash:
                raise ValueError(f"hand {text} uses {cards_text(sorted(clash))}, which is on the board or dead")
        combo_sets.append(combos)
    seen: dict[int, str] = {}
    for label, c, hand in zip(labels, combo_sets, is_hand):
        if hand:
            for card in c[0]:
                if card in seen:
                    raise ValueError(f"card {cards_text([card])} is in both {seen[card]} and {label}")
                seen[card] = label
    return labels, combo_sets, [int(c) for c in board_cards], [int(c) for c in dead_cards]


def _as_hand(p) -> list[tuple[int, int]] | None:
    """Two hole cards as a one-combination list, or None when ``p`` is range notation."""
    if not isinstance(p, str):
        a, b = parse_cards(p, count=2)
        return [(int(a), int(b))]
    text = p.replace(" ", "")
    if len(text) == 4 and text[1] in "cdhsCDHS" and text[3] in "cdhsCDHS":
        a, b = parse_cards(text, count=2)
        return [(int(a), int(b))]
    return None


def exact_equity(players, board=(), dead=()) -> EquityResult:
    """Exact equity by enumerating every completion of the board.

    Players are hole cards (``'AhAs'``) or ranges; with ranges every consistent deal is
    enumerated too (refused with a clear message if that would take too long).
    """
    labels, combo_sets, board_cards, dead_cards = _parse_players(players, board, dead)
    known = set(board_cards) | set(dead_cards)
    boards = comb(52 - len(known) - 2 * len(combo_sets), 5 - len(board_cards))
    work = boards * prod(len(c) for c in combo_sets)
    if work > MAX_EXACT_SHOWDOWNS:
        raise ValueError(f"exact enumeration would take up to {work:,} showdowns; "
                         f"use Monte Carlo (--samples N) for these ranges")
    deals = _consistent_deals(combo_sets, known)
    if not deals:
        raise ValueError("no deal is possible: the ranges always share a card")
    if _use_kernels(len(deals)):
        from .exact_deals import deals_showdown_counts

        total = deals_showdown_counts(deals, board_cards, dead_cards)
    else:
        global _python_seconds
        started = time.perf_counter()
        total = exact_counts(deals[0], board_cards, dead_cards)
        _python_seconds += time.perf_counter() - started
    return _result(labels, total, exact=True)


# Exact counts of one deal take about 10 ms pre-flop in compiled Python (exact.py), loading
# nothing, and about 3 ms in the Numba kernels, which first take about half a second to load
# (NumPy, Numba, the kernels' disk cache). A one-off call (the command line) takes the first;
# ranges (many deals), and a process that keeps asking, take the kernels, once the time spent
# in compiled Python would have paid for loading them. Both count the same boards exactly.
KERNEL_LOAD_SECONDS = 0.5
_python_seconds = 0.0


def _use_kernels(n_deals: int) -> bool:
    if n_deals > 1 or "pokertd.evaluator.exact_deals" in sys.modules:
        return True
    return _python_seconds >= KERNEL_LOAD_SECONDS


def _consistent_deals(combo_sets, known):
    """Every assignment of one combination per player with no card used twice."""
    deals = []

    def rec(i, used, acc):
        if i == len(combo_sets):
            deals.append(list(acc))
            return
        for a, b in combo_sets[i]:
            if a in used or b in used:
                continue
            acc.append((a, b))
            used.add(a)
            used.add(b)
            rec(i + 1, used, acc)
            used.discard(a)
            used.discard(b)
            acc.pop()

    rec(0, set(known), [])
    return deals


def monte_carlo_equity(players, board=(), dead=(), *, samples: int = 1_000_000, seed: int | None = None
                       ) -> EquityResult:
    """Monte Carlo equity from ``samples`` random deals; the same seed gives the same result.

    Each sample deals one combination per player (uniform over the deals in which no card
    is used twice, so card removal between ranges is respected) and a random board.
    """
    if not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a positive integer; got {samples!r}")
    labels, combo_sets, board_cards, dead_cards = _parse_players(players, board, dead)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer; got {seed!r}")
    if not _consistent_deals_exist(combo_sets, set(board_cards) | set(dead_cards)):
        raise ValueError("no deal is possible: the ranges always share a card")
    import numpy as np

    from . import kernels
    from .batch import FLUSH, KEY, OFFSETS, TABLE

    combos = np.asarray([c for combos in combo_sets for c in combos], np.int64).reshape(-1, 2)
    starts = np.zeros(len(combo_sets) + 1, np.int64)
    starts[1:] = np.cumsum([len(c) for c in combo_sets])
    dead_bits = np.uint64(0)
    for c in dead_cards:
        dead_bits |= np.uint64(1) << np.uint64(c)
    # A fixed number of chunks (not one per thread) keeps results independent of the core count.
    n_chunks = 64
    counts = kernels.monte_carlo_showdowns(combos, starts, np.asarray(board_cards, np.int64), dead_bits,
                                           samples, seed % (1 << 63), n_chunks, KEY, OFFSETS, TABLE, FLUSH)
    return _result(labels, counts.sum(axis=0).tolist(), exact=False)


def _consistent_deals_exist(combo_sets, known) -> bool:
    def rec(i, used):
        if i == len(combo_sets):
            return True
        for a, b in combo_sets[i]:
            if a not in used and b not in used:
                if rec(i + 1, used | {a, b}):
                    return True
        return False

    return rec(0, frozenset(known))


def equity(players, board=(), dead=(), *, samples: int | None = None, seed: int | None = None) -> EquityResult:
    """Exact when ``samples`` is None, otherwise Monte Carlo with that many samples."""
    if samples is None:
        return exact_equity(players, board, dead)
    return monte_carlo_equity(players, board, dead, samples=samples, seed=seed)
