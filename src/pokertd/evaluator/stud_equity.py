"""Equity in seven-card stud, stud hi-lo eight or better and razz: each player's down and up
cards as they stand, dead cards seen (folded hands' up cards), the rest of the seven cards
to come from the stub.

A hand is written ``DOWN/UP``: ``AsKd/Qh`` on third street (two down, one up), ``AsKd/QhJh7c``
on fifth, ``AsKd2c/QhJh7c9s`` on seventh (the seventh-street card is down, TDA RP-10). A down
card not seen (an opponent's) is ``??``: ``????/QhJh``. Every player is on the same street
(the same number of up and of down cards); cards unknown and cards to come are alike drawn
from the stub, so an unseen down card is simply one more card to come. A seventh-street
community card (the short stub of TDA RP-10-H) is not modelled: every player draws his own.

Values: stud takes the best five-card high hand of seven; razz the best ace-to-five low
(no qualifier); stud hi-lo splits between the best high and the best eight-or-better low,
the high taking the whole pot when no low qualifies (IFP 50, WPA 15, TDA 20-C).
"""

from __future__ import annotations

import itertools
from math import comb
from typing import Any

import numpy as np

from ..cards import parse_cards
from .deal_equity import MAX_EXACT_DEALS, MAX_OUTER, Completions, DealEquity, exact, sampled

__all__ = ["STUD_GAMES", "parse_stud_hand", "stud_equity"]

STUD_GAMES = {"stud": "seven-card stud", "stud8": "seven-card stud hi-lo eight or better",
              "razz": "razz"}


def _cards(text: str, what: str) -> list[int]:
    try:
        return [int(c) for c in parse_cards(text)] if text else []
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def parse_stud_hand(text: str) -> tuple[list[int], int, int]:
    """(the known cards, down cards, up cards) of a ``DOWN/UP`` stud hand."""
    if text.count("/") != 1:
        raise ValueError(f"stud hand {text!r}: write the down cards, a slash, then the up cards, "
                         "e.g. AsKd/Qh on third street or ????/QhJh with the down cards unseen")
    down_text, up_text = text.replace(" ", "").split("/")
    if len(down_text) % 2:
        raise ValueError(f"stud hand {text!r}: down cards are two characters each (As, ??)")
    pairs = [down_text[k:k + 2] for k in range(0, len(down_text), 2)]
    down = [c for p in pairs if p != "??" for c in _cards(p, f"stud hand {text!r}")]
    if "?" in up_text:
        raise ValueError(f"stud hand {text!r}: up cards are face up, so known ({up_text!r})")
    up = _cards(up_text, f"stud hand {text!r}")
    if not 1 <= len(up) <= 4:
        raise ValueError(f"stud hand {text!r}: 1 to 4 up cards (third to seventh street), "
                         f"not {len(up)}")
    if len(pairs) not in (2, 3) or (len(pairs) == 3 and len(up) != 4):
        raise ValueError(f"stud hand {text!r}: two down cards, or three on seventh street "
                         f"(with four up), not {len(pairs)} down and {len(up)} up")
    return down + up, len(pairs), len(up)


def _values(game: str, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """(high, low) values of seven-card rows: stud high, razz's ace-to-five low (as the
    high value: the only one), stud hi-lo's high and eight-or-better low (0: none)."""
    from .lowball import low8_batch, low_batch

    if game == "razz":
        return low_batch(rows).astype(np.int64), None
    from .batch import evaluate_batch

    high = evaluate_batch(rows, check=False).astype(np.int64)
    return high, (low8_batch(rows).astype(np.int64) if game == "stud8" else None)


def stud_equity(game: str, hands: list[str], dead: str = "", *, samples: int | None = None,
                seed: int | None = None) -> DealEquity:
    """Equity of two or more stud hands (``game``: stud, stud8 or razz): exact over every
    deal of the cards to come unless ``samples`` is given; a too-large exact enumeration is
    refused with a request for ``samples``."""
    if game not in STUD_GAMES:
        raise ValueError(f"unknown stud game {game!r}: one of {', '.join(STUD_GAMES)}")
    if len(hands) < 2:
        raise ValueError("give two or more hands")
    if len(hands) > 8:
        raise ValueError(f"stud deals seven cards to at most 8 players, not {len(hands)}")
    parsed = [parse_stud_hand(h) for h in hands]
    streets = {(d, u) for _, d, u in parsed}
    if len(streets) > 1:
        said = ", ".join(f"{h!r}: {d} down, {u} up" for h, (_, d, u) in zip(hands, parsed))
        raise ValueError(f"every player is on the same street (as many down and up cards): {said}")
    known = [cs for cs, _, _ in parsed]
    used = [c for cs in known for c in cs] + _cards(dead, "dead")
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice among the hands and the dead cards")
    stub = [c for c in range(52) if c not in set(used)]
    needs = [7 - len(cs) for cs in known]
    if sum(needs) > len(stub):
        raise ValueError(f"the cards to come ({sum(needs)}) are more than the stub holds "
                         f"({len(stub)}): too many dead cards")
    split = game == "stud8"
    if samples is None:
        counts = [comb(len(stub), k) for k in needs]
        size = 1
        for c in counts:
            size *= c
        outer = 1
        for c in counts[:-2]:
            outer *= c
        if size > MAX_EXACT_DEALS or outer > MAX_OUTER:
            raise ValueError(f"exact enumeration would cross {size:,} deals of the cards to come "
                             f"(at most {MAX_EXACT_DEALS:,}): give --samples N (and --seed) to "
                             "sample instead")
        players = [_completions(game, cs, k, stub) for cs, k in zip(known, needs)]
        return exact(game, hands, players, split)

    def value(i: int, cards: np.ndarray) -> tuple[np.ndarray, Any]:
        rows = np.concatenate([np.broadcast_to(np.asarray(known[i], np.int64),
                                               (len(cards), len(known[i]))), cards], axis=1)
        return _values(game, rows)

    return sampled(game, hands, needs, stub, value, samples, seed, split)


def _completions(game: str, known: list[int], need: int, stub: list[int]) -> Completions:
    listed = list(itertools.combinations(stub, need))
    combos = np.array(listed, np.int64).reshape(len(listed), need)
    masks = (np.int64(1) << combos).sum(axis=1) if need else np.zeros(1, np.int64)
    rows = np.concatenate([np.broadcast_to(np.asarray(known, np.int64), (len(combos), len(known))),
                           combos], axis=1)
    high, low = _values(game, rows)
    return Completions(masks, high, low)
