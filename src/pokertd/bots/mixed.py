"""Bots for the games of :class:`pokertd.engine.mixed.MixedHand` (Omaha, stud, razz, draw).

:func:`play_random` plays a hand to its end with random legal actions (tests, exports).
:class:`MixedBot` plays sensibly enough for a simulated mixed tournament: it values its
cards for the game (high cards and pairs for high games, few and low cards for low games),
discards to its best low in deuce-to-seven and badugi, and bets, calls or folds against the price.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.games import BADUGI, DEUCE_SEVEN, RAZZ
from ..evaluator.badugi import BADUGI_VALUES, _value as badugi_value, badugi_cards

__all__ = ["MixedBot", "play_random"]


def _draw_discards(hand: Any, p: int) -> list[int]:
    """Deuce-to-seven: keep the distinct cards of seven and below (at most one of a rank),
    throw the rest (aces are high in deuce-to-seven)."""
    keep: list[int] = []
    for c in sorted(hand.holes[p], key=lambda c: c if c is not None else 99):
        if c is not None and c >> 2 <= 5 and all(k >> 2 != c >> 2 for k in keep):
            keep.append(c)
    return [c for c in hand.holes[p] if c not in keep and c is not None]


def _badugi_discards(hand: Any, p: int) -> list[int]:
    """Badugi: keep the cards the hand plays that are eight or lower (aces low), throw the rest."""
    held = [c for c in hand.holes[p] if c is not None]
    keep = [c for c in badugi_cards(held) if ((c >> 2) + 1) % 13 <= 7]
    return [c for c in held if c not in keep]


def _score(hand: Any, p: int) -> float:
    """A rough 0..1 value of player ``p``'s cards for the game."""
    cards = [c for c in hand.holes[p] if c is not None] + list(hand.board)
    ranks = [c >> 2 for c in cards]
    g = hand.game
    if g.evaluation == BADUGI:
        return badugi_value(cards) / BADUGI_VALUES
    if g.evaluation in (RAZZ, DEUCE_SEVEN):
        lows = [((r + 1) % 13) if g.evaluation == RAZZ else r for r in ranks]
        distinct = sorted(set(lows))[:5]
        return max(0.0, 1.0 - (sum(distinct) / max(1, len(distinct))) / 9.0
                   - 0.15 * (len(lows) - len(set(lows))))
    pairs = len(ranks) - len(set(ranks))
    top = max(ranks) if ranks else 0
    low_cards = len({(r + 1) % 13 for r in ranks if (r + 1) % 13 <= 7})
    s = 0.2 + 0.2 * min(pairs, 3) + top / 40.0
    if g.split:
        s += 0.05 * min(low_cards, 5)
    return min(1.0, s)


def play_random(hand: Any, rng: random.Random) -> None:
    """Random legal actions to the end of the hand."""
    while not hand.done:
        la = hand.legal_actions()
        phase = la["phase"]
        p = la["player"]
        if phase == "drawing":
            held = [c for c in hand.holes[p] if c is not None]
            hand.discard(rng.sample(held, rng.randint(0, len(held))))
        elif phase == "showdown":
            hand.muck() if la["muck"] and rng.random() < 0.3 else hand.show()
        elif la["bring_in"]:
            if la["min_raise_to"] is not None and rng.random() < 0.3:
                hand.raise_to(la["min_raise_to"])          # complete
            else:
                hand.post_bring_in()
        elif la["min_raise_to"] is not None and rng.random() < 0.25:
            hand.raise_to(rng.randint(la["min_raise_to"], la["max_raise_to"]))
        elif la["fold"] and not la["check"] and rng.random() < 0.2:
            hand.fold()
        else:
            hand.check_call()


class MixedBot:
    """A simple player of every mixed game: raises good cards, calls fair prices, folds bad
    ones; seeded and deterministic."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, hand: Any) -> None:
        la = hand.legal_actions()
        p = la["player"]
        if la["phase"] == "drawing":
            ev = hand.game.evaluation
            hand.discard(_draw_discards(hand, p) if ev == DEUCE_SEVEN else
                         _badugi_discards(hand, p) if ev == BADUGI else [])
            return
        if la["phase"] == "showdown":
            hand.show()
            return
        if la["bring_in"]:
            hand.post_bring_in()         # forced, or (TDA RP-10-E) the opening bet
            return
        s = _score(hand, p) + self.rng.uniform(-0.15, 0.15)
        pot = max(1, hand.total_pot())
        price = la["call"] / (pot + la["call"]) if la["call"] else 0.0
        if la["min_raise_to"] is not None and s > 0.7:
            lo, hi = la["min_raise_to"], la["max_raise_to"]
            hand.raise_to(min(hi, max(lo, lo + int((hi - lo) * 0.1))))
        elif la["call"] and s < 0.25 + price and la["fold"]:
            hand.fold()
        else:
            hand.check_call()
