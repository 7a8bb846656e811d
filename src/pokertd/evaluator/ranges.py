"""Hold'em range notation as poker players write it (PokerStove / Equilab style).

A range is a comma-separated list of tokens; whitespace anywhere is ignored. The tokens:

==================  =====================================================  ========
token               meaning                                                combos
==================  =====================================================  ========
``QQ``              a pocket pair                                          6
``QQ+``             that pair and every higher pair: QQ, KK, AA            18
``TT-77``           the pairs from one to the other (either order)         24
``AKs``             suited                                                 4
``AKo``             offsuit                                                12
``AK``              suited and offsuit                                     16
``K9s+``            the lower card rises up to one below the top card:     16
                    K9s, KTs, KJs, KQs (``o`` and no letter likewise)
``A5s-A2s``         same top card, lower card from one to the other        16
                    (either order; ``o`` and no letter likewise)
``AhKh``            one exact hand                                         1
==================  =====================================================  ========

``+`` on a non-pair follows PokerStove and Equilab: it raises the *lower* card, never both
cards, and stops one below the top card. So ``T9s+`` is T9s alone (the lower card is already
one below the ten), ``T6s+`` is T6s, T7s, T8s, T9s, and ``AKs+`` is AKs. It does **not**
mean "suited connectors upward" (T9s, JTs, QJs, KQs): write those out, or as ``T9s, JTs, QJs``.

Ranks may be written in either case (``aks`` is ``AKs``); the higher rank comes first, as
players write it (``KAs`` is refused rather than guessed). Every combination is returned
once, high card first (for a pair, the higher suit first), in one canonical order that does
not depend on the order or repetition of the tokens: ``AKs, AhKh`` is the four suited AK.

Illegal input is refused, never repaired (DESIGN.md): a ``ValueError`` names the offending
token and shows what a valid token looks like; unknown card text in an exact hand carries
:func:`pokertd.cards.parse_card`'s message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

from pokertd.cards import CARDS, RANKS, Card, cards_text, parse_card, parse_cards

__all__ = ["combo_count", "parse_range", "range_combos", "range_text"]

_VALID = ("a valid token is a pair like 'QQ', 'QQ+' or 'TT-77', two ranks like 'AK', 'AKs', "
          "'AKo', 'K9s+' or 'A5s-A2s', or an exact hand like 'AhKh'")

_R = "[2-9TJQKA]"
_CLASS = re.compile(rf"({_R})({_R})([so]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(rf"({_R})({_R})([so]?)-({_R})({_R})([so]?)", re.IGNORECASE)
_WS = re.compile(r"\s+")

Combo = tuple[Card, Card]


def _bad(token: str, why: str) -> ValueError:
    return ValueError(f"bad range token {token!r}: {why}; {_VALID}")


def _pair(rank: int) -> list[Combo]:
    return [(CARDS[4 * rank + s1], CARDS[4 * rank + s2])
            for s1 in range(3, -1, -1) for s2 in range(s1 - 1, -1, -1)]


def _two_ranks(high: int, low: int, kind: str) -> list[Combo]:
    """``kind`` is ``'s'`` (suited, 4), ``'o'`` (offsuit, 12) or ``''`` (both, 16)."""
    out = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((CARDS[4 * high + s1], CARDS[4 * low + s2]))
    return out


def _ranks(token: str, a: str, b: str, kind: str) -> tuple[int, int, str]:
    """Rank letters -> (high, low, suffix), refusing a low-first class and a suited pair."""
    high, low = RANKS.index(a.upper()), RANKS.index(b.upper())
    kind = kind.lower()
    if high < low:
        raise _bad(token, f"the higher rank comes first (write {b.upper() + a.upper() + kind!r})")
    if high == low and kind:
        raise _bad(token, f"a pair cannot be {'suited' if kind == 's' else 'offsuit'} "
                          f"(write {a.upper() * 2!r})")
    return high, low, kind


def _token_combos(token: str) -> list[Combo]:
    m = _CLASS.fullmatch(token)
    if m:
        high, low, kind = _ranks(token, m[1], m[2], m[3])
        plus = bool(m[4])
        if high == low:
            return [c for r in range(high, 13 if plus else high + 1) for c in _pair(r)]
        return [c for lo in range(low, high if plus else low + 1)
                for c in _two_ranks(high, lo, kind)]

    m = _SPAN.fullmatch(token)
    if m:
        h1, l1, k1 = _ranks(token, m[1], m[2], m[3])
        h2, l2, k2 = _ranks(token, m[4], m[5], m[6])
        pair1, pair2 = h1 == l1, h2 == l2
        if pair1 != pair2:
            raise _bad(token, "a dash joins two pairs ('TT-77') or two hands with the same "
                              "top card ('A5s-A2s'), not a pair and a non-pair")
        if pair1:
            return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _pair(r)]
        if h1 != h2:
            raise _bad(token, f"the two ends have different top cards ({RANKS[h1]} and "
                              f"{RANKS[h2]}); a dash range keeps the top card, like 'A5s-A2s'")
        if k1 != k2:
            raise _bad(token, "the two ends differ in suitedness; write both with 's', both "
                              "with 'o', or both without, like 'A5s-A2s'")
        return [c for lo in range(min(l1, l2), max(l1, l2) + 1)
                for c in _two_ranks(h1, lo, k1)]

    if len(token) == 4 and "+" not in token and "-" not in token:
        try:
            first, second = parse_card(token[:2]), parse_card(token[2:])
        except ValueError as e:
            raise ValueError(f"bad range token {token!r}: {e}") from None
        if first == second:
            raise _bad(token, f"the same card ({first}) twice; "
                              "an exact hand is two different cards")
        return [(first, second) if first > second else (second, first)]

    raise _bad(token, "not range notation")


def parse_range(text: str) -> tuple[tuple[Card, Card], ...]:
    """Every hole-card combination of the range ``text``, each once, high card first.

    The order is canonical (by the high card's index, then the low card's, both descending:
    ``AsAh`` comes first and ``3c2c`` last, if present), so two texts naming the same hands give
    equal tuples. See the module docstring for the notation; ``T9s+`` is T9s alone.
    """
    if not isinstance(text, str):
        raise ValueError(f"not range text: {text!r} (expected a string like 'QQ+, AKs, A5s-A2s')")
    if not _WS.sub("", text):
        raise ValueError(f"empty range: {text!r} (expected comma-separated tokens like "
                         "'QQ+, AKs, A5s-A2s')")
    combos: set[Combo] = set()
    for i, raw in enumerate(text.split(",")):
        token = _WS.sub("", raw)
        if not token:
            raise ValueError(f"empty token (number {i + 1}) in range {text!r}: tokens are "
                             f"separated by single commas, like 'QQ+, AKs'; {_VALID}")
        combos.update(_token_combos(token))
    return tuple(sorted(combos, key=lambda c: (-c[0], -c[1])))


def range_pairs(text: str, dead: str | Iterable[int | str | Card] = ()) -> list[tuple[int, int]]:
    """The range's combinations as pairs of card indices, without those that use a dead
    card (card removal). ``dead`` is card text like ``'AhKd'`` or an iterable of cards; it
    is parsed by :func:`pokertd.cards.parse_cards`.
    """
    removed = set(parse_cards(dead))
    return [(int(a), int(b)) for a, b in parse_range(text) if a not in removed and b not in removed]


def range_combos(text: str, dead: str | Iterable[int | str | Card] = ()) -> np.ndarray:
    """:func:`range_pairs` as an ``int64`` array of shape ``(M, 2)``."""
    import numpy as np

    kept = range_pairs(text, dead)
    return np.array(kept, dtype=np.int64).reshape(len(kept), 2)


def combo_count(text: str) -> int:
    """How many hole-card combinations the range holds (``'AK'`` -> 16, ``'QQ+'`` -> 18)."""
    return len(parse_range(text))


def range_text(combos: Iterable[Iterable[int]]) -> str:
    """Combinations -> exact-hand range text (``'AsAh, AsAd, ...'``) that parses back to them."""
    return ", ".join(cards_text(c) for c in combos)
