"""One hand at a time, in plain Python: ``evaluate``, ``category``, ``describe``.

Each card has one integer that packs, from the low bits up: a bit for the card itself
(52 bits: the sum has 5-7 distinct bits only when no card repeats), a 4-bit counter per
suit (a bias of 3 makes bit 3 of a counter set exactly when that suit has five or more
cards), and the card's rank key (whose sum identifies the rank multiset, see tables.py).
Summing seven such integers gives everything the lookup needs in a handful of bytecodes.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable

from ..cards import parse_cards
from .tables import RANK_KEYS, Category, class_name, hand_classes, tables

_SUIT_SHIFT = 52
_RANK_SHIFT = 68  # evaluate() below writes these shifts and masks as literals
_BIAS = 0x3333 << _SUIT_SHIFT

_T = tables()
_NONFLUSH: dict[int, int] = dict(zip(_T["nf_keys"].tolist(), _T["nf_values"].tolist()))
_FLUSH: list[int] = _T["flush"].tolist()
# Negative indices wrap in Python lists; those entries carry no card bit, so a hand that
# uses one fails the distinct-card count and goes to the checking path.
_VALUE: list[int] = [(1 << c) + (1 << (_SUIT_SHIFT + 4 * (c & 3))) + (RANK_KEYS[c >> 2] << _RANK_SHIFT)
                     for c in range(52)] + [0] * 52

_CATEGORY_START = [0] * 9  # lowest strength of each category
for _s, (_cat, _) in reversed(list(enumerate(hand_classes(), start=1))):
    _CATEGORY_START[_cat] = _s
MAX_STRENGTH = len(hand_classes())


def _make_evaluate():
    # Closure cells are the fastest lookups CPython has for tables; literals fold to constants.
    V = _VALUE
    V0 = [v + _BIAS if v else 0 for v in V]  # the first card also carries the suit bias
    NF = _NONFLUSH

    def evaluate(cards) -> int:
        """Strength of the best five-card high hand in 5, 6 or 7 cards; higher wins, equal ties.

        ``cards`` is a sequence of card indices or :class:`~pokertd.cards.Card`, or text such
        as ``'AsKsQsJsTs'``. A duplicate or unknown card, or a wrong count, is a ``ValueError``.
        """
        try:
            a, b, c, d, e, f, g = cards
            k = V0[a] + V[b] + V[c] + V[d] + V[e] + V[f] + V[g]
        except (TypeError, IndexError, ValueError):
            return _evaluate_short(cards)
        if (k & 0xFFFFFFFFFFFFF).bit_count() != 7:
            return _evaluate_checked(cards)
        if k & (0x8888 << 52):
            return _flush(k, cards)
        return NF[k >> 68]

    def _evaluate_short(cards) -> int:
        try:
            n = len(cards)
            if n == 5:
                a, b, c, d, e = cards
                k = V0[a] + V[b] + V[c] + V[d] + V[e]
            elif n == 6:
                a, b, c, d, e, f = cards
                k = V0[a] + V[b] + V[c] + V[d] + V[e] + V[f]
            else:
                return _evaluate_checked(cards)
        except (TypeError, IndexError, ValueError):
            return _evaluate_checked(cards)
        if (k & 0xFFFFFFFFFFFFF).bit_count() != n:
            return _evaluate_checked(cards)
        if k & (0x8888 << 52):
            return _flush(k, cards)
        return NF[k >> 68]

    return evaluate


evaluate = _make_evaluate()


def showdown_tables() -> tuple[list[int], dict[int, int], list[int]]:
    """The tables behind :func:`evaluate`, for code that scores many hands sharing a board
    (the engine's showdown): each card's rank key (sums identify rank multisets), the
    strength of a hand without a flush by its rank-key sum, and the strength of a flush by
    the 13-bit mask of its suit's ranks (straight flushes included). With seven cards a
    flush is never beaten by a hand the other table would give (quads and full houses need
    more than two cards outside the flush suit)."""
    return [RANK_KEYS[c >> 2] for c in range(52)], _NONFLUSH, _FLUSH


def _flush(k: int, cards) -> int:
    suit = (((k >> _SUIT_SHIFT) & 0x8888).bit_length() >> 2) - 1
    mask = 0
    for c in map(int, cards):  # plain ints: a NumPy uint8 would overflow the shift
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return _FLUSH[mask]


def _evaluate_checked(cards) -> int:
    """The slow path: parse and validate (raising a ValueError that names the fault)."""
    if not isinstance(cards, str) and not hasattr(cards, "__len__"):
        # The fast path may already have consumed part of an iterator.
        raise ValueError("cards must be a sequence (list, tuple, array or text), not an iterator")
    parsed = parse_cards(cards, count=(5, 6, 7))
    return evaluate(tuple(int(c) for c in parsed))  # now valid: takes the fast path


def category(strength: int) -> Category:
    """The category (high card ... straight flush) of a strength from ``evaluate``."""
    _check_strength(strength)
    return Category(bisect_right(_CATEGORY_START, strength) - 1)


def describe(strength: int) -> str:
    """The name people use, e.g. ``'Full House, Kings full of Sevens'``."""
    _check_strength(strength)
    return class_name(hand_classes()[strength - 1])


def _check_strength(strength: int) -> None:
    if not isinstance(strength, int) or not 1 <= strength <= MAX_STRENGTH:
        raise ValueError(f"not a hand strength: {strength!r} (strengths are 1..{MAX_STRENGTH})")


def category_starts() -> tuple[int, ...]:
    """The lowest strength of each category, indexed by Category."""
    return tuple(_CATEGORY_START)


def best_hand(cards: Iterable) -> tuple[int, str]:
    """(strength, name) of the best hand in the cards."""
    s = evaluate(cards)
    return s, describe(s)
