"""One hand per call, compiled: the strength of 5, 6 or 7 cards in 64-bit arithmetic.

setup.py compiles this module with mypyc, as it compiles the hand engine; strength.py then
serves :func:`evaluate` from here. The same source runs uncompiled too (tests compare the
two), but strength.py's own plain-Python evaluate is the faster fallback there.

Each card has one packed key, as in the batch kernels (kernels.py): its rank key shifted
left by 16 (rank-key sums identify the rank multiset, see tables.py) plus a 4-bit suit
counter ``1 << 4*suit``. Seven cards never carry out of the counters or past 2**42; adding
the bias 0x3333 sets bit 3 of a counter exactly when that suit holds five or more cards,
and then nothing else in the hand can beat its flush. A repeated card is found by summing
the cards' bits and comparing the sum with their union.

Only a tuple or list of 5, 6 or 7 distinct ``int`` card indices (``Card`` is one) is
scored here; anything else (text, other sequences, a bad card) goes to strength.py's
plain-Python evaluate, which scores it, parses it or names what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .perfect_hash import ROW_MASK, ROW_SHIFT
from .tables import RANK_KEYS, raw_tables

if TYPE_CHECKING:
    from mypy_extensions import i64

SUIT_BIAS: Final = 0x3333
FLUSH_TEST: Final = 0x8888
ROWS: Final = ROW_SHIFT
COLUMNS: Final = ROW_MASK

_T: Final = raw_tables()
KEY: Final[list[i64]] = [(RANK_KEYS[c >> 2] << 16) | (1 << (4 * (c & 3))) for c in range(52)]
# Each card's bit, from a table: mypyc compiles ``1 << c`` for an i64 c as a shift of the C
# int 1, which is wrong past bit 31.
BIT: Final[list[i64]] = [1 << c for c in range(52)]
OFFSETS: Final[list[i64]] = _T["hash_offsets"].tolist()
# The strengths as the int objects they are returned as: handing back a stored object is
# much cheaper than making a new one (above 256, CPython allocates every int).
_STRENGTHS: Final = list(range(7463))
TABLE: Final[list[object]] = [_STRENGTHS[v] for v in _T["hash_table"]]
FLUSH: Final[list[object]] = [_STRENGTHS[v] for v in _T["flush"]]


def evaluate(cards: object) -> object:
    """Strength of the best five-card high hand in 5, 6 or 7 cards; higher wins, equal ties.

    ``cards`` is a sequence of card indices or :class:`~pokertd.cards.Card`, or text such
    as ``'AsKsQsJsTs'``. A duplicate or unknown card, or a wrong count, is a ``ValueError``.
    (Typed ``object`` so that the compiled function returns its stored int as it is.)
    """
    k: i64 = 0
    seen: i64 = 0
    total: i64 = 0
    c: i64
    v: int
    if isinstance(cards, tuple):
        n = len(cards)
        if n < 5 or n > 7:
            return _checked(cards)
        for i in range(n):
            x = cards[i]
            if not isinstance(x, int):
                return _checked(cards)
            v = x
            if v < 0 or v > 51:
                return _checked(cards)
            c = v
            k += KEY[c]
            b = BIT[c]
            seen |= b
            total += b
        if seen != total:
            return _checked(cards)
        sc = (k & 0xFFFF) + SUIT_BIAS
        if sc & FLUSH_TEST:
            s = _flush_suit(sc)
            mask: i64 = 0
            for i in range(n):
                c = cards[i]
                if c & 3 == s:
                    mask |= 1 << (c >> 2)
            return FLUSH[mask]
    elif isinstance(cards, list):
        n = len(cards)
        if n < 5 or n > 7:
            return _checked(cards)
        for i in range(n):
            x = cards[i]
            if not isinstance(x, int):
                return _checked(cards)
            v = x
            if v < 0 or v > 51:
                return _checked(cards)
            c = v
            k += KEY[c]
            b = BIT[c]
            seen |= b
            total += b
        if seen != total:
            return _checked(cards)
        sc = (k & 0xFFFF) + SUIT_BIAS
        if sc & FLUSH_TEST:
            s = _flush_suit(sc)
            mask = 0
            for i in range(n):
                c = cards[i]
                if c & 3 == s:
                    mask |= 1 << (c >> 2)
            return FLUSH[mask]
    else:
        return _checked(cards)
    rk = k >> 16
    return TABLE[OFFSETS[rk >> ROWS] + (rk & COLUMNS)]


def _flush_suit(sc: i64) -> i64:
    """The suit whose counter (biased) has bit 3 set; at most one can with seven cards."""
    t = sc & FLUSH_TEST
    s: i64 = 0
    while not (t >> (4 * s + 3)) & 1:
        s += 1
    return s


def _checked(cards: object) -> int:
    # Everything off the fast path goes to the plain-Python evaluate, so that text, other
    # sequences and bad input are answered exactly as without the build.
    from .strength import plain_evaluate

    result: int = plain_evaluate()(cards)
    return result
