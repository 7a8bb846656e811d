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
from .lowball import LOW8_FLOOR, _low5
from .strength import evaluate

__all__ = ["MAX_EXACT_EVALUATIONS", "OmahaEquity", "omaha_equity"]

# Exact enumeration past this many hand evaluations (boards times players) would take more
# than a few seconds in Python: Monte Carlo instead.
MAX_EXACT_EVALUATIONS = 200_000
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


def _shares(holes: list[list[tuple[int, ...]]], board: tuple[int, ...], hilo: bool,
            halves: list[list[Fraction]] | None = None) -> list[Fraction]:
    """Each player's share of one pot on a complete board (``halves``: each player's share
    of the high half and of the low half added to it)."""
    triples = list(itertools.combinations(board, 3))
    highs = [max(evaluate(two + three) for two in pairs for three in triples) for pairs in holes]
    best = max(highs)
    hw = [i for i, v in enumerate(highs) if v == best]
    out = [Fraction(0)] * len(holes)
    lw: list[int] = []
    if hilo:
        lows = [max(_low5(two + three) for two in pairs for three in triples) for pairs in holes]
        lb = max(lows)
        if lb > LOW8_FLOOR:
            lw = [i for i, v in enumerate(lows) if v == lb]
    half = Fraction(1, 2) if lw else Fraction(1)
    for i in hw:
        out[i] += half / len(hw)
        if halves is not None:
            halves[i][0] += Fraction(1, len(hw))
    for i in lw:
        out[i] += half / len(lw)
        if halves is not None:
            halves[i][1] += Fraction(1, len(lw))
    return out


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
    pairs = [list(itertools.combinations(cs, 2)) for cs in holes]
    total = [Fraction(0)] * len(hands)
    scoops = [0] * len(hands)
    parts = [0] * len(hands)
    n_boards = comb(len(stub), missing)
    exact = samples is None and n_boards * len(hands) <= MAX_EXACT_EVALUATIONS
    if exact:
        boards: Any = (tuple(known) + extra for extra in itertools.combinations(stub, missing))
        count = n_boards
    else:
        count = samples if samples is not None else DEFAULT_SAMPLES
        if count < 1:
            raise ValueError(f"samples must be at least 1, not {count}")
        rng = random.Random(seed)
        boards = (tuple(known) + tuple(rng.sample(stub, missing)) for _ in range(count))
    halves = [[Fraction(0), Fraction(0)] for _ in hands] if hilo else None
    for b in boards:
        for i, s in enumerate(_shares(pairs, b, hilo, halves)):
            if s:
                total[i] += s
                if s == 1:
                    scoops[i] += 1
                else:
                    parts[i] += 1
    players = tuple(HandEquity(h, scoops[i] / count, parts[i] / count, total[i] / count,
                               *((float(halves[i][0] / count), float(halves[i][1] / count))
                                 if halves is not None else (None, None)))
                    for i, h in enumerate(hands))
    return OmahaEquity(players, count, exact)
