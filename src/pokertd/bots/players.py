"""Bots that play hands of :class:`pokertd.engine.Hand` through its public API.

A bot is called when it is to act: ``bot.act(hand, player, big_blind, unit)`` makes exactly
one legal action (``fold``, ``check_call`` or ``raise_to``) for position ``player``; raises
are whole chips of ``unit``, the smallest chip in play. Every bot is
seeded and deterministic: the same seed and the same hands give the same actions.

- :class:`RandomBot`: folds, calls or raises at random (a raise to a random total between
  the minimum and three times it, capped at the stack).
- :class:`SensibleBot`: pre-flop, a hand-strength score (the Chen formula, precomputed for all
  1,326 starting hands) against thresholds that tighten as the price rises, shoving short
  stacks; after the flop, the made hand's category (its strength as
  :func:`pokertd.evaluator.evaluate` gives it, looked up in the evaluator's tables) with a
  simple equity guess per category compared with the pot odds.

:func:`absent_action` is what the dealer does for an absent player (IFP 8; Gananda:
Absent/Late Players): his cards are killed, i.e. he folds when it is his turn.
"""

from __future__ import annotations

import random
from typing import Final

from pokertd.evaluator.strength import category_starts, showdown_tables

__all__ = ["MIX", "STYLES", "RandomBot", "SensibleBot", "absent_action", "chen_score", "make_bot"]

# Final: compiled, the tables are the module's own C globals, not looked up in its dict at
# every decision.
_CAT: Final = category_starts()
_TWO_PAIR: Final = _CAT[2]
_PAIR: Final = _CAT[1]
_TRIPS: Final = _CAT[3]


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


_CHEN: Final = [[chen_score(a, b) if a != b else 0.0 for b in range(52)] for a in range(52)]

# The made hand's strength, equal to pokertd.evaluator.evaluate on 5, 6 or 7 distinct cards,
# from the evaluator's own tables (showdown_tables): each card is its rank key shifted above
# a 4-bit counter per suit; with a bias of 3 a counter's bit 3 is set exactly when its suit
# has five cards or more (a flush, never beaten by what the rank-key table would give). The
# bot asks once per action, with the board growing by a card per street: evaluate's fast
# path takes seven cards only (fewer raise and catch a ValueError, whose message formatting
# cost more than the rest of the bot's decision).
_TABLES: Final = showdown_tables()
_RANK_KEY: Final = _TABLES[0]
_NONFLUSH: Final = _TABLES[1]
_FLUSH: Final = _TABLES[2]
_SUIT_BIAS: Final = 0x3333
_CARD: Final = [(_RANK_KEY[c] << 16) + (1 << 4 * (c & 3)) for c in range(52)]


def _strength(board: list[int], c1: int, c2: int) -> int:
    v = _CARD
    k = _SUIT_BIAS + v[c1] + v[c2]
    for c in board:
        k += v[c]
    if k & 0x8888:                                    # five or more of a suit: a flush
        suit = ((k & 0x8888).bit_length() >> 2) - 1
        mask = 0
        for c in board:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        if c1 & 3 == suit:
            mask |= 1 << (c1 >> 2)
        if c2 & 3 == suit:
            mask |= 1 << (c2 >> 2)
        return _FLUSH[mask]
    return _NONFLUSH[k >> 16]


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

    __slots__ = ("_seed", "_rng", "tight")

    def __init__(self, seed: int | str = 0, *, tight: float = 0.0) -> None:
        self._seed = seed
        self._rng: random.Random | None = None
        self.tight = tight

    @property
    def rng(self) -> random.Random:
        """The bot's generator, seeded on first use (only after the flop: a bot that never
        sees one never pays for seeding it). The same seed gives the same draws either way."""
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        return rng

    def act(self, hand, player: int, big_blind: int, unit: int = 1) -> None:  # type: ignore[no-untyped-def]
        board = hand.board
        c1, c2 = hand.holes[player]
        if not board:
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
            if (stack + hand.bets[player]) / big_blind <= 10:   # short: push or fold
                if score >= 7 or call == 0:                # (score >= 5 here)
                    if la.min_raise_to is not None:
                        hand.raise_to(la.max_raise_to)
                    else:
                        hand.check_call()
                else:                                      # a bet to call (call > 0)
                    hand.fold()
                return
            if score >= 10 and la.min_raise_to is not None:
                target = 3 * hand.current
                hand.raise_to(_to(target if target > la.min_raise_to else la.min_raise_to, la, unit))
            elif ((score >= 8 and call <= stack // 6) or (score >= 6 and call <= 2 * big_blind)
                  or not call):
                hand.check_call()
            else:
                hand.fold()
            return
        la = hand.legal_actions()
        call = la.call
        strength = _strength(board, c1, c2)
        pot = hand.pot + sum(hand.bets)
        if strength >= _TRIPS or (strength >= _TWO_PAIR and self.rng.random() < 0.7):
            if la.min_raise_to is not None:
                target = hand.current + pot * 2 // 3
                hand.raise_to(_to(target if target > la.min_raise_to else la.min_raise_to, la, unit))
            else:
                hand.check_call()
            return
        equity = 0.55 if strength >= _TWO_PAIR else (0.35 if strength >= _PAIR else 0.12)
        if call == 0:
            if la.min_raise_to is not None and self.rng.random() < equity / 2:
                hand.raise_to(_to(pot // 2, la, unit))
            else:
                hand.check_call()
        elif call / (pot + call) <= equity:                # pot odds
            hand.check_call()
        else:
            hand.fold()


#: The styles a bot can play: how many Chen points it asks above (tight) or below (loose) the
#: sensible bot's thresholds, or ``random``.
STYLES: dict[str, float] = {"sensible": 0.0, "tight": 1.5, "loose": -1.5}

#: The ``mix`` field (the structure designer's forecast): each player's style drawn from his
#: seed with these weights, so that a field is neither all tight nor all loose.
MIX: tuple[tuple[str, float], ...] = (("sensible", 0.4), ("tight", 0.25), ("loose", 0.25),
                                      ("random", 0.1))


def make_bot(kind: str, seed: int | str) -> RandomBot | SensibleBot:
    """A bot of style ``kind`` (``sensible``, ``tight``, ``loose``, ``random``, or ``mix``:
    a style drawn from the seed with the weights of :data:`MIX`)."""
    if kind == "mix":
        r = random.Random(f"{seed}:style").random()
        kind = MIX[-1][0]
        for style, weight in MIX:
            if r < weight:
                kind = style
                break
            r -= weight
    if kind == "random":
        return RandomBot(seed)
    if kind in STYLES:
        return SensibleBot(seed, tight=STYLES[kind])
    raise ValueError(f"unknown bot {kind!r}: 'sensible', 'tight', 'loose', 'random' or 'mix'")
