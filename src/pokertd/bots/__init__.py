"""Bots that play hands of :class:`pokertd.engine.Hand` through its public API.

A bot is called when it is to act: ``bot.act(hand, player, big_blind, unit)`` makes exactly
one legal action (``fold``, ``check_call`` or ``raise_to``) for position ``player``; raises
are whole chips of ``unit``, the smallest chip in play. Every bot is
seeded and deterministic: the same seed and the same hands give the same actions.

- :class:`RandomBot`: folds, calls or raises at random (a raise to a random total between
  the minimum and three times it, capped at the stack).
- :class:`SensibleBot`: pre-flop, a hand-strength score (the Chen formula, precomputed for all
  1,326 starting hands) against thresholds that tighten as the price rises, shoving short
  stacks; after the flop, the made hand's category from :func:`pokertd.evaluator.evaluate`
  with a simple equity guess per category compared with the pot odds.

:func:`absent_action` is what the dealer does for an absent player (IFP 8; Gananda:
Absent/Late Players): his cards are killed, i.e. he folds when it is his turn.
"""

from __future__ import annotations

import random

from pokertd.evaluator import evaluate
from pokertd.evaluator.strength import category_starts

__all__ = ["RandomBot", "SensibleBot", "absent_action", "chen_score", "make_bot"]

_CAT = category_starts()
_TWO_PAIR = _CAT[2]
_PAIR = _CAT[1]
_TRIPS = _CAT[3]


def chen_score(c1: int, c2: int) -> float:
    """The Chen formula score of two hole cards (card index = 4 * rank + suit)."""
    r1, r2 = c1 >> 2, c2 >> 2
    hi, lo = (r1, r2) if r1 >= r2 else (r2, r1)
    base = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(hi, (hi + 2) / 2)
    if hi == lo:
        return max(5.0, base * 2)
    s = base
    if (c1 & 3) == (c2 & 3):
        s += 2
    gap = hi - lo - 1
    s -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and hi < 10:
        s += 1
    return s


_CHEN = [[chen_score(a, b) if a != b else 0.0 for b in range(52)] for a in range(52)]


def _to(amount: int, la, unit: int) -> int:  # type: ignore[no-untyped-def]
    """A raise-to total in whole chips of ``unit`` (the smallest chip in play), within the
    legal bounds (the bounds themselves are always legal: an all-in is the whole stack)."""
    amount -= amount % unit
    if amount <= la.min_raise_to:
        return la.min_raise_to
    return amount if amount < la.max_raise_to else la.max_raise_to


def absent_action(hand) -> None:  # type: ignore[no-untyped-def]
    """IFP 8 / Gananda: Absent/Late Players: an absent player's cards are killed."""
    hand.fold()


class RandomBot:
    """Random legal actions from a seeded generator."""

    __slots__ = ("rng", "fold_p", "raise_p")

    def __init__(self, seed: int | str = 0, *, fold_p: float = 0.25, raise_p: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.fold_p = fold_p
        self.raise_p = raise_p

    def act(self, hand, player: int, big_blind: int, unit: int = 1) -> None:  # type: ignore[no-untyped-def]
        la = hand.legal_actions()
        r = self.rng.random()
        if la.min_raise_to is not None and r < self.raise_p:
            lo, hi = la.min_raise_to, la.max_raise_to
            hand.raise_to(_to(self.rng.randint(lo, max(lo, min(hi, 3 * lo))), la, unit))
        elif la.call and r < self.raise_p + self.fold_p:
            hand.fold()
        else:
            hand.check_call()


class SensibleBot:
    """Hand-strength thresholds pre-flop, made-hand category and pot odds after the flop."""

    __slots__ = ("rng", "tight")

    def __init__(self, seed: int | str = 0, *, tight: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.tight = tight

    def act(self, hand, player: int, big_blind: int, unit: int = 1) -> None:  # type: ignore[no-untyped-def]
        c1, c2 = hand.holes[player]
        if not hand.board:
            score = _CHEN[c1][c2] - self.tight
            if score < 5:                                  # never played: check or fold
                if hand.current > hand.bets[player]:
                    hand.fold()
                else:
                    hand.check_call()
                return
        la = hand.legal_actions()
        call = la.call
        stack = hand.stacks[player]
        if not hand.board:
            bbs = (stack + hand.bets[player]) / big_blind
            if bbs <= 10:                                  # short: push or fold
                if score >= 7 or (score >= 5 and call == 0):
                    if la.min_raise_to is not None:
                        hand.raise_to(la.max_raise_to)
                        return
                    hand.check_call()
                    return
                self._check_fold(hand, call)
                return
            if score >= 10 and la.min_raise_to is not None:
                target = max(la.min_raise_to, 3 * hand.current)
                hand.raise_to(_to(target, la, unit))
                return
            if score >= 8 and call <= stack // 6:
                hand.check_call()
                return
            if score >= 6 and call <= 2 * big_blind:
                hand.check_call()
                return
            self._check_fold(hand, call)
            return
        strength = evaluate(hand.board + [c1, c2])
        pot = hand.pot + sum(hand.bets)
        if strength >= _TRIPS or (strength >= _TWO_PAIR and self.rng.random() < 0.7):
            if la.min_raise_to is not None:
                target = max(la.min_raise_to, hand.current + pot * 2 // 3)
                hand.raise_to(_to(target, la, unit))
                return
            hand.check_call()
            return
        equity = 0.55 if strength >= _TWO_PAIR else (0.35 if strength >= _PAIR else 0.12)
        if call == 0:
            if la.min_raise_to is not None and self.rng.random() < equity / 2:
                hand.raise_to(_to(pot // 2, la, unit))
                return
            hand.check_call()
            return
        if call / (pot + call) <= equity:                  # pot odds
            hand.check_call()
        else:
            hand.fold()

    @staticmethod
    def _check_fold(hand, call: int) -> None:  # type: ignore[no-untyped-def]
        if call:
            hand.fold()
        else:
            hand.check_call()


def make_bot(kind: str, seed: int | str) -> RandomBot | SensibleBot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "sensible":
        return SensibleBot(seed)
    raise ValueError(f"unknown bot {kind!r}: 'random' or 'sensible'")
