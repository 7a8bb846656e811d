"""Short-deck (six-plus) hold'em hands: the 36-card deck of sixes to aces.

The ranking is PHH's and pokerkit's for ``NS`` (no-limit short-deck hold'em): the high
ranking with two changes the short deck forces.

* A flush beats a full house. With four suits of nine ranks a flush is rarer: 480 of the
  C(36, 5) = 376,992 five-card hands against 1,728 full houses.
* The ace plays low in A-6-7-8-9, the lowest straight (the ace stands for the missing five).
* A straight still beats three of a kind (6,120 straights, 16,128 trips). Some rooms (Triton's
  later events among them) rank trips over straights; the PHH variant ``NS`` does not.

Values follow :func:`~pokertd.evaluator.evaluate`'s convention: an int, higher wins, equal
ties. Suits matter only for the flush, so a value is a rank multiset and a flush flag:
1,404 values in all; the royal flush is 1,404.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..cards import RANK_NAMES, RANK_PLURALS, parse_cards
from .tables import Category

__all__ = ["SHORT_DECK", "SHORT_DECK_VALUES", "short_deck", "short_deck_category",
           "short_deck_describe"]

SHORT_DECK = tuple(c for c in range(52) if c >> 2 >= 4)   # 6c .. As: card index 16 .. 51
SHORT_DECK_VALUES = 1404
_SIX, _NINE, _ACE = 4, 7, 12

# The short deck's category order, weakest first: the flush above the full house.
ORDER = (Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND,
         Category.STRAIGHT, Category.FULL_HOUSE, Category.FLUSH, Category.FOUR_OF_A_KIND,
         Category.STRAIGHT_FLUSH)
_POW5 = tuple(5 ** r for r in range(13))


def _straight_high(ranks: Sequence[int]) -> int:
    """The top rank of a straight of five different ranks (A-6-7-8-9: the nine), else -1."""
    s = sorted(ranks)
    if len(set(s)) != 5:
        return -1
    if s[4] - s[0] == 4:
        return s[4]
    if s == [_SIX, _SIX + 1, _SIX + 2, _NINE, _ACE]:
        return _NINE
    return -1


def _classify(ranks: Sequence[int], flush: bool) -> tuple[Category, tuple[int, ...]]:
    """(category, the ranks that decide within it, most important first)."""
    counts = {r: list(ranks).count(r) for r in set(ranks)}
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    high = _straight_high(ranks)
    if high >= 0:
        return (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), (high,)
    if flush:
        return Category.FLUSH, order
    pattern = tuple(sorted(counts.values(), reverse=True))
    return {(1, 1, 1, 1, 1): Category.HIGH_CARD, (2, 1, 1, 1): Category.ONE_PAIR,
            (2, 2, 1): Category.TWO_PAIR, (3, 1, 1): Category.THREE_OF_A_KIND,
            (3, 2): Category.FULL_HOUSE, (4, 1): Category.FOUR_OF_A_KIND}[pattern], order


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[int, int], list[tuple[Category, tuple[int, ...]]]]:
    """(value by rank key * 2 + flush, each value's (category, ranks), index value - 1)."""
    multisets = [m for m in itertools.combinations_with_replacement(range(_SIX, 13), 5)
                 if max(m.count(r) for r in m) <= 4]
    keyed = [(m, False) for m in multisets] + [(m, True) for m in multisets if len(set(m)) == 5]
    classes = {mf: _classify(*mf) for mf in keyed}
    keyed.sort(key=lambda mf: (ORDER.index(classes[mf][0]), classes[mf][1]))
    value: dict[int, int] = {}
    named: list[tuple[Category, tuple[int, ...]]] = []
    for mf in keyed:
        c = classes[mf]
        if not named or named[-1] != c:
            named.append(c)
        value[2 * sum(_POW5[r] for r in mf[0]) + mf[1]] = len(named)
    return value, named


def _sd5(cs: Sequence[int]) -> int:
    """The value of five short-deck card indices (not checked: the engine's cards)."""
    s = cs[0] & 3
    flush = all(c & 3 == s for c in cs)
    return _tables()[0][2 * sum(_POW5[c >> 2] for c in cs) + flush]


def best_short_deck(cards: Sequence[int]) -> int:
    """The best five of five to seven short-deck card indices (not checked)."""
    if len(cards) == 5:
        return _sd5(cards)
    return max(_sd5(f) for f in itertools.combinations(cards, 5))


def _check(cards: Any) -> list[int]:
    parsed = parse_cards(cards) if isinstance(cards, str) else parse_cards(list(cards))
    cs = [int(c) for c in parsed]
    low = [c for c in cs if c >> 2 < _SIX]
    if low:
        from ..cards import cards_text
        raise ValueError(f"{cards_text(low)} is not in the short deck (sixes to aces, 36 cards)")
    if len(cs) not in (5, 6, 7):
        raise ValueError(f"a short-deck hand takes 5, 6 or 7 cards, not {len(cs)}")
    return cs


def short_deck(cards: Any) -> int:
    """The short-deck value of the best five of 5 to 7 cards (1..1404, higher wins)."""
    return best_short_deck(_check(cards))


def _check_value(value: int) -> tuple[Category, tuple[int, ...]]:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SHORT_DECK_VALUES:
        raise ValueError(f"not a short-deck value: {value!r} (values are 1..{SHORT_DECK_VALUES})")
    return _tables()[1][value - 1]


def short_deck_category(value: int) -> Category:
    """The category of a short-deck value (the short deck's order: :data:`ORDER`)."""
    return _check_value(value)[0]


def short_deck_describe(value: int) -> str:
    """The name of a short-deck value, e.g. ``'Straight, Nine high'`` for A-6-7-8-9."""
    cat, r = _check_value(value)
    n, p = RANK_NAMES, RANK_PLURALS
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal Flush" if r[0] == _ACE else f"Straight Flush, {n[r[0]]} high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a Kind, {p[r[0]]}, {n[r[1]]} kicker"
    if cat == Category.FLUSH:
        return f"Flush, {'-'.join(n[x] for x in r)}"
    if cat == Category.FULL_HOUSE:
        return f"Full House, {p[r[0]]} full of {p[r[1]]}"
    if cat == Category.STRAIGHT:
        return f"Straight, {n[r[0]]} high"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a Kind, {p[r[0]]}, {'-'.join(n[x] for x in r[1:])} kickers"
    if cat == Category.TWO_PAIR:
        return f"Two Pair, {p[r[0]]} and {p[r[1]]}, {n[r[2]]} kicker"
    if cat == Category.ONE_PAIR:
        return f"One Pair, {p[r[0]]}, {'-'.join(n[x] for x in r[1:])} kickers"
    return f"High Card, {'-'.join(n[x] for x in r)}"
