"""The compiled evaluator modules (mypyc, built by setup.py) and their sources give the same
answers: one_hand.evaluate against its own source and strength's plain-Python evaluate on
random hands of every accepted form and on bad input, exact.py against its source and the
Numba path of ranges; and neither one-hand evaluation nor exact equity of hands loads NumPy."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokertd.cards import CARDS, cards_text
from pokertd.evaluator import _compiled, strength
from pokertd.evaluator.exact_deals import deals_showdown_counts

EVALUATOR = Path(strength.__file__).parent


def _source(name: str):
    """pokertd.evaluator.<name> loaded from its .py source, whatever build is installed."""
    spec = importlib.util.spec_from_file_location(f"pokertd.evaluator.{name}", EVALUATOR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert _compiled.is_compiled(module) is False
    return module


def _built(name: str):
    """The module as the package loads it (its mypyc build when one is current)."""
    module = _compiled.load(name)
    built = list(EVALUATOR.glob(f"{name}.*.so")) + list(EVALUATOR.glob(f"{name}.*.pyd"))
    # A build next to the source is what runs (unless the source was edited since).
    assert _compiled.is_compiled(module) == _compiled.current_build(name)
    if built and _compiled.current_build(name):
        assert _compiled.is_compiled(module)
    return module


def _outcome(f, cards):
    try:
        return ("value", f(cards))
    except Exception as exc:  # noqa: BLE001 - the error itself is what is compared
        return ("error", type(exc).__name__, str(exc))


def _cases(rng: random.Random, n: int):
    for _ in range(n):
        size = rng.choice((5, 6, 7, 7, 7))
        hand = rng.sample(range(52), size)
        form = rng.randrange(6)
        if form == 0:
            yield tuple(hand)
        elif form == 1:
            yield hand                                  # a list
        elif form == 2:
            yield tuple(CARDS[c] for c in hand)         # Card objects
        elif form == 3:
            yield cards_text(hand)                      # text
        elif form == 4:
            yield np.asarray(hand, np.uint8)            # a NumPy row
        else:
            yield tuple(np.int64(c) for c in hand)      # NumPy integers in a tuple
    bad = [
        (0, 1, 2, 3, 4, 5, 5), [0, 1, 2, 3, 4, 5, 52], (0, 1, 2, 3, -1, 5, 6), (0, 1, 2, 3),
        tuple(range(8)), (0, 1, 2, 3, 4, 5, 2**70), (0, 1, 2, 3, 4, 5, 6.0), (0, 1, 2, 3, 4, 5, "x"),
        (0, 1, 2, 3, 4, 5, None), "AsKsQsJsTs9s9s", "AsKs", None, 7, (),
        (True, 2, 3, 4, 5, 6, 7), (0, 1, 2, 3, 4), [32, 0, 1, 2, 3, 4, 5],
    ]
    yield from bad
    # Iterators (each evaluator gets its own; a 7-card one unpacks, a 5-card one is refused).
    yield _Fresh((0, 1, 2, 3, 4, 5, 6))
    yield _Fresh((0, 1, 2, 3, 4))


class _Fresh:
    """Stands for an iterator over ``cards``; ``make()`` gives a new one for each call."""

    def __init__(self, cards):
        self.cards = cards

    def make(self):
        return iter(self.cards)


def test_compiled_one_hand_evaluate_agrees_with_its_source_and_the_python_evaluate():
    built = _built("one_hand")
    source = _source("one_hand")
    python = strength.plain_evaluate()
    rng = random.Random(2026)
    for case in _cases(rng, 30_000):
        again = case.make if isinstance(case, _Fresh) else (lambda: case)  # noqa: B023
        expected = _outcome(python, again())
        assert _outcome(built.evaluate, again()) == expected, case
        assert _outcome(source.evaluate, again()) == expected, case
        assert _outcome(strength.evaluate, again()) == expected, case


def test_every_flush_and_straight_flush_class_scores_alike():
    """Flush hands of every suit and size through the compiled path and the Python one."""
    built = _built("one_hand")
    python = strength.plain_evaluate()
    rng = random.Random(7)
    for _ in range(5_000):
        suit = rng.randrange(4)
        n = rng.choice((5, 6, 7))
        k = rng.randint(5, n)
        flush = [4 * r + suit for r in rng.sample(range(13), k)]
        rest = rng.sample([c for c in range(52) if c & 3 != suit], n - k)
        hand = tuple(flush + rest)
        assert built.evaluate(hand) == python(hand)


def _random_deal(rng: random.Random):
    cards = rng.sample(range(52), 23)
    k = rng.randint(2, 6)
    holes = [(cards[2 * i], cards[2 * i + 1]) for i in range(k)]
    nb = rng.choice((0, 3, 4, 5))
    board = cards[2 * k:2 * k + nb]
    dead = cards[2 * k + nb:2 * k + nb + rng.randint(0, 3)]
    return holes, board, dead


def test_compiled_exact_counts_agree_with_their_source_and_the_numba_path():
    built = _built("exact")
    source = _source("exact")
    rng = random.Random(11)
    for i in range(40):
        holes, board, dead = _random_deal(rng)
        if not board and i % 4:
            continue  # pre-flop deals take longest uncompiled: a few of them are enough
        counts = built.showdown_counts(holes, board, dead)
        assert counts == source.showdown_counts(holes, board, dead)
        assert counts == deals_showdown_counts([holes], board, dead)


@pytest.mark.parametrize("code, banned", [
    ("from pokertd.evaluator import evaluate, describe, category; "
     "describe(evaluate('AsKsQsJsTs9h2c')); category(evaluate((0, 1, 2, 3, 4, 5, 6)))", ("numpy", "numba")),
    ("from pokertd.evaluator.equity import exact_equity; exact_equity(['AhAs', 'KdKc'], board='2c7d9h')",
     ("numpy", "numba")),
])
def test_one_hand_evaluation_and_exact_equity_of_hands_load_no_numpy(code, banned):
    check = f"{code}; import sys; print(sorted(set({banned!r}) & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
