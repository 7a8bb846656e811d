"""Badugi hands: four cards, the ace low, the best hand the lowest of different ranks and suits.

A hand plays the largest set of its cards that share no rank and no suit (a four-card
"badugi" beats every three-card hand, three cards beat two, two beat one); between hands of
as many cards the highest card decides, the lowest winning, then the next (8-5-3-A beats
8-6-2-A); suits never break a tie. These are the rules of PHH's ``FB`` and pokerkit's
fixed-limit badugi.

Values follow :func:`~pokertd.evaluator.evaluate`'s convention: an int, higher wins, equal
ties. A value is a set of one to four ranks: C(13, 1) + C(13, 2) + C(13, 3) + C(13, 4) =
1,092 values; 4-3-2-A is 1,092 and a lone king (four kings) is 1.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..cards import RANKS, parse_cards

__all__ = ["BADUGI_VALUES", "badugi", "badugi_cards", "badugi_describe"]

BADUGI_VALUES = 1092


def _low(c: int) -> int:
    """A card's badugi rank: the ace 0, the deuce 1 .. the king 12."""
    return ((c >> 2) + 1) % 13


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[int, int], list[tuple[int, ...]]]:
    """(value by the bit set of the ranks played, each value's ranks highest first)."""
    sets = [s for k in range(1, 5) for s in itertools.combinations(range(13), k)]
    # Worst first: fewer cards, then the higher top card, then the next ...
    sets.sort(key=lambda s: (len(s), [-r for r in sorted(s, reverse=True)]))
    value = {sum(1 << r for r in s): v for v, s in enumerate(sets, 1)}
    return value, [tuple(sorted(s, reverse=True)) for s in sets]


def badugi_cards(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards a badugi hand plays (card indices, not checked): of the largest sets with
    no two cards of a rank or a suit, the one whose value is best."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    table = _tables()[0]
    for k in range(min(4, len(cards)), 0, -1):
        for sub in itertools.combinations(cards, k):
            if len({c & 3 for c in sub}) == k and len({c >> 2 for c in sub}) == k:
                v = table[sum(1 << _low(c) for c in sub)]
                if v > best[0]:
                    best = (v, sub)
        if best[0]:
            return best[1]
    return ()


def _value(cards: Sequence[int]) -> int:
    """The badugi value of up to four card indices (not checked: the engine's cards)."""
    return _tables()[0][sum(1 << _low(c) for c in badugi_cards(cards))]


def badugi(cards: Any) -> int:
    """The badugi value of four cards (1..1092, higher wins)."""
    parsed = parse_cards(cards) if isinstance(cards, str) else parse_cards(list(cards))
    cs = [int(c) for c in parsed]
    if len(cs) != 4:
        raise ValueError(f"a badugi hand is four cards, not {len(cs)}")
    return _value(cs)


def badugi_describe(value: int) -> str:
    """The name of a badugi value, e.g. ``'Badugi, 8-5-3-A'`` or ``'Three cards, 7-4-2'``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= BADUGI_VALUES:
        raise ValueError(f"not a badugi value: {value!r} (values are 1..{BADUGI_VALUES})")
    ranks = _tables()[1][value - 1]
    text = "-".join(RANKS[(r + 12) % 13] for r in ranks)
    return (f"Badugi, {text}" if len(ranks) == 4 else
            f"{('One card', 'Two cards', 'Three cards')[len(ranks) - 1]}, {text}")
