"""Equity in badugi: the four cards each player holds now, and how many he draws at each of
the draws still to come (badugi has three).

A hand is written ``CARDS`` (standing pat) or ``CARDS:N1,N2,N3``: ``As2d3h9h:1`` draws one at
the next draw, ``As2d3hKh:1,1,0`` draws at the first two of three draws to come. Every player
states the same number of draws (a pat hand may leave its zeros out). The discard rule: at
each draw a player keeps the best badugi his cards make (the subset :func:`badugi_cards`
plays, the first in the order written when two play alike) and throws the others, the
highest first (the ace low); asked to draw more, he breaks the badugi from its highest card
down; asked to draw fewer, he keeps the lowest of the others. The cards drawn come from the
stub (the cards not in any hand and not dead); discards are out of play (a deal that would
need the discards reshuffled is refused).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from ..cards import parse_cards
from .badugi import _tables
from .deal_equity import DealEquity
from .draw_equity import equity_of_draws

__all__ = ["badugi_equity", "badugi_throw_and_draw", "badugi_values", "parse_badugi_hand"]

DRAWS = 3
# The subsets of the four positions, largest first and in combinations order: the first best
# one is the one badugi_cards plays.
_SUBSETS = [s for k in (4, 3, 2, 1) for s in itertools.combinations(range(4), k)]


@lru_cache(maxsize=1)
def _by_mask() -> np.ndarray:
    """The badugi value by the bit set of the low ranks played (ace bit 0 .. king bit 12)."""
    table = np.zeros(1 << 13, np.int64)
    for mask, v in _tables()[0].items():
        table[mask] = v
    return table


def _subset_values(hands: np.ndarray) -> np.ndarray:
    """(rows, 15): each subset's badugi value, 0 where two of its cards share a rank or suit."""
    low = ((hands >> 2) + 1) % 13
    suit = hands & 3
    table = _by_mask()
    out = np.zeros((len(hands), len(_SUBSETS)), np.int64)
    for j, s in enumerate(_SUBSETS):
        ok = np.ones(len(hands), bool)
        for a, b in itertools.combinations(s, 2):
            ok &= (low[:, a] != low[:, b]) & (suit[:, a] != suit[:, b])
        mask = np.zeros(len(hands), np.int64)
        for i in s:
            mask |= np.int64(1) << low[:, i]
        out[:, j] = np.where(ok, table[mask], 0)
    return out


def badugi_values(hands: np.ndarray) -> np.ndarray:
    """The badugi value of each row of four card indices (1..1092, higher wins)."""
    return _subset_values(np.asarray(hands, np.int64)).max(axis=1)


def badugi_throw_and_draw(hands: np.ndarray, draws: list[np.ndarray]) -> np.ndarray:
    """The four-card hands (rows) after each draw: before draw ``k`` the row throws as many
    cards as ``draws[k]`` has columns by the discard rule and takes them in their place."""
    hands = np.asarray(hands, np.int64)
    rows = np.arange(len(hands))[:, None]
    members = np.zeros((len(_SUBSETS), 4), bool)
    for j, s in enumerate(_SUBSETS):
        members[j, list(s)] = True
    for new in draws:
        k = new.shape[1]
        if not k:
            continue
        best = _subset_values(hands).argmax(axis=1)          # the first of the best
        played = members[best]
        low = ((hands >> 2) + 1) % 13
        # Thrown first: the cards outside the badugi, highest first; then the badugi's, highest
        # first; equal cards in the order written (a stable sort).
        order = np.argsort(played * 13 + (12 - low), axis=1, kind="stable")
        hands = np.concatenate([hands[rows, order[:, k:]], new], axis=1)
    return hands


def parse_badugi_hand(text: str) -> tuple[list[int], list[int] | None]:
    """(the four cards, the cards drawn at each draw to come, or None when not given)."""
    cards_text, _, draws_text = text.replace(" ", "").partition(":")
    try:
        cards = [int(c) for c in parse_cards(cards_text)]
    except ValueError as e:
        raise ValueError(f"badugi hand {text!r}: {e}") from None
    if len(cards) != 4:
        raise ValueError(f"badugi hand {text!r}: four cards as they stand, not {len(cards)} "
                         "(then :N1,N2,N3 for the cards drawn at each draw, e.g. As2d3h9h:1)")
    if ":" not in text:
        return cards, None
    draws = []
    for part in draws_text.split(","):
        if not (part.isascii() and part.isdigit()) or int(part) > 4:
            raise ValueError(f"badugi hand {text!r}: each draw is a number of cards 0 to 4, "
                             f"not {part!r} (e.g. As2d3hKh:1,1,0)")
        draws.append(int(part))
    return cards, draws


def badugi_equity(hands: list[str], dead: str = "", *, samples: int | None = None,
                  seed: int | None = None) -> DealEquity:
    """Equity of two or more badugi hands, exact over every deal of the draws to come unless
    ``samples`` is given; a too-large exact enumeration is refused with a request for
    ``samples``."""
    return equity_of_draws("badugi", "badugi", DRAWS, hands, parse_badugi_hand, dead, samples,
                           seed, lambda start, groups: badugi_values(
                               badugi_throw_and_draw(start, groups)))
