"""One hand at a time, in plain Python: ``evaluate``, ``category``, ``describe``.

Each card has one integer that packs, from the low bits up: a bit for the card itself
(52 bits: the sum has 5-7 distinct bits only when no card repeats), a 4-bit counter per
suit (a bias of 3 makes bit 3 of a counter set exactly when that suit has five or more
cards), and the card's rank key (whose sum identifies the rank multiset, see tables.py).
Summing seven such integers gives everything the lookup needs in a handful of bytecodes.

That is the plain-Python evaluate. When setup.py has compiled one_hand.py (mypyc, 64-bit
arithmetic), :func:`evaluate` is that module's instead: the same strengths, about three
times faster per call. ``COMPILED`` says which one is in use.
"""

from __future__ import annotations

import importlib
from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache
from math import comb

from ..cards import parse_cards
from ._compiled import current_build
from .tables import RANK_KEYS, Category, class_name, hand_classes, raw_tables

_SUIT_SHIFT = 52
_RANK_SHIFT = 68  # evaluate() below writes these shifts and masks as literals
_BIAS = 0x3333 << _SUIT_SHIFT

# Negative indices wrap in Python lists; those entries carry no card bit, so a hand that
# uses one fails the distinct-card count and goes to the checking path.
_VALUE: list[int] = [(1 << c) + (1 << (_SUIT_SHIFT + 4 * (c & 3))) + (RANK_KEYS[c >> 2] << _RANK_SHIFT)
                     for c in range(52)] + [0] * 52

# Distinct five-card values of each category, weakest first, by counting: five ranks make
# C(13, 5) sets, 10 of them straights (high card and flush are the others); a pair takes
# 3 kickers of 12 ranks, two pair 1 of 11, trips 2 of 12; full house and quads are ordered
# pairs of ranks (13 * 12). They add up to 7,462 (the tests hold this to hand_classes()).
_CATEGORY_SIZES = (comb(13, 5) - 10, 13 * comb(12, 3), comb(13, 2) * 11, 13 * comb(12, 2), 10,
                   comb(13, 5) - 10, 13 * 12, 13 * 12, 10)
_CATEGORY_START = [1 + sum(_CATEGORY_SIZES[:cat]) for cat in range(9)]  # lowest strength of each
MAX_STRENGTH = sum(_CATEGORY_SIZES)


@lru_cache(maxsize=1)
def _python_tables() -> tuple[dict[int, int], list[int]]:
    """The plain-Python evaluate's tables: non-flush strength by rank-key sum (a dict), and
    flush strength by rank mask. Built on first use: the compiled evaluate has its own."""
    t = raw_tables()
    return dict(zip(t["nf_keys"].tolist(), t["nf_values"].tolist())), t["flush"].tolist()


def _make_evaluate():
    # Closure cells are the fastest lookups CPython has for tables; literals fold to constants.
    V = _VALUE
    V0 = [v + _BIAS if v else 0 for v in V]  # the first card also carries the suit bias
    NF, FL = _python_tables()

    def _flush(k: int, cards) -> int:
        suit = (((k >> _SUIT_SHIFT) & 0x8888).bit_length() >> 2) - 1
        mask = 0
        for c in map(int, cards):  # plain ints: a NumPy uint8 would overflow the shift
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        return FL[mask]

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
            return evaluate_checked(cards)
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
                return evaluate_checked(cards)
        except (TypeError, IndexError, ValueError):
            return evaluate_checked(cards)
        if (k & 0xFFFFFFFFFFFFF).bit_count() != n:
            return evaluate_checked(cards)
        if k & (0x8888 << 52):
            return _flush(k, cards)
        return NF[k >> 68]

    return evaluate


COMPILED = current_build("one_hand")
"""True when :func:`evaluate` runs compiled (one_hand.py built by mypyc, see _compiled.py)."""
if COMPILED:
    evaluate = importlib.import_module(f"{__package__}.one_hand").evaluate
else:
    evaluate = _make_evaluate()


@lru_cache(maxsize=1)
def plain_evaluate():
    """The plain-Python evaluate function: :func:`evaluate` itself when nothing is compiled.
    The compiled one hands it every input that is not a tuple or list of 5-7 distinct card
    indices, so both answer (or refuse) all else alike; the tests hold the two together."""
    return evaluate if not COMPILED else _make_evaluate()


def showdown_tables() -> tuple[list[int], dict[int, int], list[int]]:
    """The tables behind :func:`evaluate`, for code that scores many hands sharing a board
    (the engine's showdown): each card's rank key (sums identify rank multisets), the
    strength of a hand without a flush by its rank-key sum, and the strength of a flush by
    the 13-bit mask of its suit's ranks (straight flushes included). With seven cards a
    flush is never beaten by a hand the other table would give (quads and full houses need
    more than two cards outside the flush suit)."""
    return [RANK_KEYS[c >> 2] for c in range(52)], *_python_tables()


def evaluate_checked(cards) -> int:
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
