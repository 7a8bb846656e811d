"""Equity in short-deck hold'em: two hole cards each and a board of five from the 36-card deck
(sixes to aces), the hands valued as :mod:`~pokertd.evaluator.short_deck` ranks them (a flush
beats a full house; A-6-7-8-9 is the lowest straight).

With two hands and no board the stub holds 32 cards, C(32, 5) = 201,376 boards, so every
spot of known hands is exact over every board by default (valued in NumPy batches); with
``samples`` the boards are dealt at random from the stub, seeded. Each board's pot goes to
the best hand, ties sharing it (IFP 50 on split pots).
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from ..cards import cards_text, parse_cards
from .deal_equity import DealEquity, _score, _Totals
from .short_deck import SHORT_DECK, _tables

__all__ = ["short_deck_equity", "short_deck_values"]

_SIX = 4
_CHUNK = 20_000                              # boards valued at once
_FIVES = np.array(list(itertools.combinations(range(7), 5)), np.int64)   # 21 ways


@lru_cache(maxsize=1)
def _lookup() -> np.ndarray:
    """The short-deck value by a dense key: 2 * sum(5 ** (rank - 6)) + flush (3.9 million
    int16 cells: nine ranks, each counted 0 to 4 times)."""
    table = np.zeros(2 * 5 ** 9, np.int16)
    for key, v in _tables()[0].items():
        flush = key & 1
        rest, dense, r = key >> 1, 0, 0
        while rest:                           # the module's key counts 5 ** rank from the deuce
            dense += (rest % 5) * 5 ** (r - _SIX) if r >= _SIX else 0
            rest //= 5
            r += 1
        table[2 * dense + flush] = v
    return table


@lru_cache(maxsize=1)
def _no_flush7() -> np.ndarray:
    """The best five of seven cards of these ranks with no five of a suit, by the dense rank
    key sum(5 ** (rank - 6)): the flush aside, ranks alone decide (a straight included)."""
    table = np.zeros(5 ** 9, np.int16)
    values = _tables()[0]
    for ranks in itertools.combinations_with_replacement(range(9), 7):
        if max(ranks.count(r) for r in set(ranks)) > 4:
            continue
        best = max(values[2 * sum(5 ** (ranks[i] + _SIX) for i in f)] for f in _FIVES.tolist())
        table[sum(5 ** r for r in ranks)] = best
    return table


def _by_fives(cards: np.ndarray) -> np.ndarray:
    """The best of every five of each row (five or seven cards), flushes included."""
    table = _lookup()
    fives = [cards] if cards.shape[1] == 5 else [cards[:, f] for f in _FIVES]
    best = np.zeros(len(cards), np.int64)
    for f in fives:
        key = ((5 ** ((f >> 2) - _SIX)).sum(axis=1)) * 2
        suit = f & 3
        key += (suit == suit[:, :1]).all(axis=1)
        best = np.maximum(best, table[key])
    return best


def short_deck_values(cards: np.ndarray) -> np.ndarray:
    """The value of the best five of each row of seven (or five) short-deck card indices:
    seven cards by their rank key, the rows holding five of a suit by every five."""
    cards = np.asarray(cards, np.int64)
    if cards.shape[1] != 7:
        return _by_fives(cards)
    best = _no_flush7()[(5 ** ((cards >> 2) - _SIX)).sum(axis=1)].astype(np.int64)
    suited = np.zeros(len(cards), bool)
    for s in range(4):
        suited |= ((cards & 3) == s).sum(axis=1) >= 5
    if suited.any():
        best[suited] = _by_fives(cards[suited])
    return best


def _parse(text: str, what: str) -> list[int]:
    try:
        cards = [int(c) for c in parse_cards(text)]
    except ValueError as e:
        raise ValueError(f"{what} {text!r}: {e}") from None
    low = [c for c in cards if c >> 2 < _SIX]
    if low:
        raise ValueError(f"{what} {text!r}: {cards_text(low)} is not in the short deck (the 36 "
                         "cards sixes to aces; 2, 3, 4 and 5 are taken out)")
    return cards


def short_deck_equity(hands: list[str], board: str = "", dead: str = "", *,
                      samples: int | None = None, seed: int | None = None) -> DealEquity:
    """Equity of two or more short-deck hands of two cards: exact over every board unless
    ``samples`` is given (random boards from the stub, seeded)."""
    if len(hands) < 2:
        raise ValueError("give two or more hands")
    held = [_parse(h, "hand") for h in hands]
    for h, cs in zip(hands, held):
        if len(cs) != 2:
            raise ValueError(f"hand {h!r}: a short-deck hand is two hole cards, not {len(cs)} "
                             "(e.g. AsKd)")
    known = _parse(board, "board") if board else []
    if len(known) > 5 or len(known) in (1, 2):
        raise ValueError(f"board {board!r}: 0, 3, 4 or 5 cards (a flop, turn or river), "
                         f"not {len(known)}")
    gone = _parse(dead, "dead") if dead else []
    used = [c for cs in held for c in cs] + known + gone
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice among the hands, the board and the dead cards")
    stub = np.array([c for c in SHORT_DECK if c not in set(used)], np.int64)
    need = 5 - len(known)
    if need > len(stub):
        raise ValueError(f"the board needs {need} more cards and the stub holds {len(stub)}")
    t = _Totals(len(hands))
    if samples is None:
        combos = itertools.combinations(range(len(stub)), need)
        while block := list(itertools.islice(combos, _CHUNK)):
            _board_block(held, known, stub[np.array(block, np.int64).reshape(len(block), need)], t)
        return t.result("shortdeck", hands, True, False)
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    rng = np.random.default_rng(seed)
    done = 0
    while done < samples:
        m = min(_CHUNK * 5, samples - done)
        drawn = rng.permuted(np.broadcast_to(stub, (m, len(stub))), axis=1)[:, :need]
        _board_block(held, known, drawn, t)
        done += m
    return t.result("shortdeck", hands, False, False)


def _board_block(held: list[list[int]], known: list[int], drawn: np.ndarray, t: _Totals) -> None:
    """Score a block of boards: ``drawn`` (rows) completes the ``known`` board."""
    rows = len(drawn)
    boards = np.concatenate([np.broadcast_to(np.asarray(known, np.int64), (rows, len(known))),
                             drawn], axis=1)
    highs = [short_deck_values(np.concatenate(
        [np.broadcast_to(np.asarray(h, np.int64), (rows, 2)), boards], axis=1)) for h in held]
    _score(highs, None, np.ones(rows, bool), t)

