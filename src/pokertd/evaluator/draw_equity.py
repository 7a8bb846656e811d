"""Equity in deuce-to-seven single and triple draw: the five cards each player holds now, and
how many cards he draws at each draw still to come.

A hand is written ``CARDS`` (standing pat) or ``CARDS:N1,N2,N3`` (draws ``N1`` cards at the
next draw, ``N2`` at the one after ...): ``7h5d3c2sKd:1`` draws one in single draw,
``9h8c5d3s3h:1,1,0`` in triple draw with three draws to come. Every player states the same
number of draws (a pat hand may leave its zeros out): one at most in single draw, three in
triple draw. At each draw a player throws his worst cards for a deuce-to-seven low: the
second card of a pair (or third of trips) first, then the highest cards, the ace high (so
he keeps 7-5-3-2 and throws the king; straights and flushes he would break are not looked
for). The cards drawn come from the stub, the cards not in any hand and not dead; discards
are out of play (the stub is never reshuffled with them: a deal that would need that is
refused).
"""

from __future__ import annotations

import itertools
from math import comb
from collections.abc import Callable
from typing import Any

import numpy as np

from ..cards import parse_cards
from .deal_equity import MAX_EXACT_DEALS, MAX_OUTER, Completions, DealEquity, exact, sampled

__all__ = ["DRAW_GAMES", "draw_equity", "equity_of_draws", "parse_draw_hand", "throw_and_draw"]

DRAW_GAMES = {"27sd": ("deuce-to-seven single draw", 1), "27td": ("deuce-to-seven triple draw", 3)}


def parse_draw_hand(text: str) -> tuple[list[int], list[int] | None]:
    """(the five cards, the cards drawn at each draw to come, or None when not given)."""
    cards_text, _, draws_text = text.replace(" ", "").partition(":")
    try:
        cards = [int(c) for c in parse_cards(cards_text)]
    except ValueError as e:
        raise ValueError(f"draw hand {text!r}: {e}") from None
    if len(cards) != 5:
        raise ValueError(f"draw hand {text!r}: five cards as they stand, not {len(cards)} "
                         "(then :N1,N2,... for the cards drawn at each draw, e.g. 7h5d3c2sKd:1)")
    if not draws_text and ":" not in text:
        return cards, None
    draws = []
    for part in draws_text.split(","):
        if not (part.isascii() and part.isdigit()) or int(part) > 5:
            raise ValueError(f"draw hand {text!r}: each draw is a number of cards 0 to 5, "
                             f"not {part!r} (e.g. 9h8c5d3s3h:1,1,0)")
        draws.append(int(part))
    return cards, draws


def throw_and_draw(hands: np.ndarray, draws: list[np.ndarray]) -> np.ndarray:
    """The five-card hands (rows) after each draw: before draw ``k`` the row throws as many
    cards as ``draws[k]`` has columns, the worst first (pairs, then the highest), and takes
    them in their place."""
    hands = np.asarray(hands, np.int64)
    rows = np.arange(len(hands))[:, None]
    for new in draws:
        k = new.shape[1]
        if not k:
            continue
        ranks = hands >> 2
        dup = np.zeros(hands.shape, bool)
        for j in range(1, 5):
            dup[:, j] = (ranks[:, :j] == ranks[:, j:j + 1]).any(axis=1)
        worst = np.argsort(-(dup * 13 + ranks), axis=1, kind="stable")
        kept = hands[rows, worst[:, k:]]
        hands = np.concatenate([kept, new], axis=1)
    return hands


def _values(hands: np.ndarray) -> np.ndarray:
    from .lowball import deuce_seven_batch

    return deuce_seven_batch(hands).astype(np.int64)


def draw_equity(game: str, hands: list[str], dead: str = "", *, samples: int | None = None,
                seed: int | None = None) -> DealEquity:
    """Equity of two or more deuce-to-seven hands (``game``: 27sd or 27td), exact over every
    deal of the draws to come unless ``samples`` is given; a too-large exact enumeration is
    refused with a request for ``samples``."""
    if game not in DRAW_GAMES:
        raise ValueError(f"unknown draw game {game!r}: one of {', '.join(DRAW_GAMES)}")
    name, most = DRAW_GAMES[game]
    return equity_of_draws(game, name, most, hands, parse_draw_hand, dead, samples, seed,
                           lambda start, groups: _values(throw_and_draw(start, groups)))


def equity_of_draws(game: str, name: str, most: int, hands: list[str],
                    parse: Callable[[str], tuple[list[int], Any]], dead: str,
                    samples: int | None, seed: int | None,
                    score: Callable[[np.ndarray, list[np.ndarray]], np.ndarray]) -> DealEquity:
    """The draw games' equity (deuce-to-seven, badugi: ``most`` draws): each of two to six
    hands read by ``parse``, its draws dealt from the stub, exact or ``samples`` deals;
    ``score(start, groups)`` throws and draws each row of hands and gives the final values."""
    if len(hands) < 2:
        raise ValueError("give two or more hands")
    if len(hands) > 6:
        raise ValueError(f"{name} is dealt to at most 6 players here, not {len(hands)}")
    held, plans, stub, needs = plan_draws(name, most, hands, [parse(h) for h in hands], dead)
    if samples is None:
        check_exact(stub, plans)
        return exact(game, hands, [draw_completions(cs, p, stub, score)
                                   for cs, p in zip(held, plans)], False)

    def value(i: int, cards: np.ndarray) -> tuple[np.ndarray, Any]:
        at, groups = 0, []
        for k in plans[i]:
            groups.append(cards[:, at:at + k])
            at += k
        start = np.broadcast_to(np.asarray(held[i], np.int64), (len(cards), len(held[i])))
        return score(start, groups), None

    return sampled(game, hands, needs, stub, value, samples, seed, False)


def plan_draws(name: str, most: int, hands: list[str], parsed: list[tuple[list[int], Any]],
               dead: str) -> tuple[list[list[int]], list[list[int]], list[int], list[int]]:
    """The draw games' deal (deuce-to-seven, badugi): each hand's cards held and cards drawn at
    each draw still to come (every player the same number of draws, at most ``most``), the
    stub they come from and each player's total; a deal the stub cannot cover is refused."""
    lengths = {len(d) for _, d in parsed if d is not None}
    if len(lengths) > 1:
        raise ValueError("every player states the same number of draws to come: "
                         + ", ".join(f"{h!r}: {len(d)}" for h, (_, d) in zip(hands, parsed) if d))
    left = lengths.pop() if lengths else 0
    if left > most:
        raise ValueError(f"{name} has {most} draw{'s' if most > 1 else ''}, not {left} to come")
    plans = [d if d is not None else [0] * left for _, d in parsed]
    held = [cs for cs, _ in parsed]
    try:
        dead_cards = [int(c) for c in parse_cards(dead)] if dead else []
    except ValueError as e:
        raise ValueError(f"dead: {e}") from None
    used = [c for cs in held for c in cs] + dead_cards
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice among the hands and the dead cards")
    stub = [c for c in range(52) if c not in set(used)]
    needs = [sum(p) for p in plans]
    if sum(needs) > len(stub):
        raise ValueError(f"the draws take {sum(needs)} cards and the stub holds {len(stub)}: "
                         "reshuffling the discards is not modelled")
    return held, plans, stub, needs


def check_exact(stub: list[int], plans: list[list[int]]) -> None:
    """Refuse an exact enumeration of the draws that would cross the deals' limit."""
    counts = [_sequences(len(stub), p) for p in plans]
    size, outer = 1, 1
    for c in counts:
        size *= c
    for c in counts[:-2]:
        outer *= c
    if size > MAX_EXACT_DEALS or outer > MAX_OUTER:
        raise ValueError(f"exact enumeration would cross {size:,} deals of the draws "
                         f"(at most {MAX_EXACT_DEALS:,}): give --samples N (and --seed) "
                         "to sample instead")


def _sequences(stub: int, plan: list[int]) -> int:
    out = 1
    for k in plan:
        out *= comb(stub, k)
        stub -= k
    return out


def draw_completions(held: list[int], plan: list[int], stub: list[int], value: Any) -> Completions:
    """Every sequence of draws (one group of cards per draw, disjoint) with its final hand's
    value: ``value(start, groups)`` throws and draws each row (deuce-to-seven, badugi)."""
    seqs: list[tuple[tuple[int, ...], ...]] = [()]
    for k in plan:
        seqs = [s + (g,) for s in seqs
                for g in itertools.combinations([c for c in stub if all(c not in x for x in s)], k)]
    groups = [np.array([s[d] for s in seqs], np.int64).reshape(len(seqs), k)
              for d, k in enumerate(plan)]
    masks = np.zeros(len(seqs), np.int64)
    for g in groups:
        if g.shape[1]:
            masks |= (np.int64(1) << g).sum(axis=1)
    start = np.broadcast_to(np.asarray(held, np.int64), (len(seqs), len(held)))
    return Completions(masks, value(start, groups))
