"""Omaha and Omaha hi-lo equity (pokertd.evaluator.omaha_equity, pokertd equity --game)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from pokertd.cards import parse_cards
from pokertd.cli import app
from pokertd.evaluator.lowball import omaha_high, omaha_low8
from pokertd.evaluator.omaha_equity import omaha_equity

runner = CliRunner()


def naive(hands, board, hilo):
    """Every river card, the pot split by omaha_high / omaha_low8 (the one-call evaluators)."""
    used = set(parse_cards("".join(hands) + board))
    shares = [Fraction(0)] * len(hands)
    rivers = [c for c in range(52) if c not in {int(x) for x in used}]
    for r in rivers:
        b = [int(c) for c in parse_cards(board)] + [r]
        hi = [omaha_high(h, b) for h in hands]
        lo = [omaha_low8(h, b) for h in hands] if hilo else [0] * len(hands)
        hw = [i for i, v in enumerate(hi) if v == max(hi)]
        lw = [i for i, v in enumerate(lo) if v == max(lo)] if max(lo) else []
        half = Fraction(1, 2) if lw else Fraction(1)
        for i in hw:
            shares[i] += half / len(hw)
        for i in lw:
            shares[i] += half / len(lw)
    return [s / len(rivers) for s in shares]


@pytest.mark.parametrize("hilo", [False, True])
def test_exact_omaha_equity_on_the_turn_matches_every_river(hilo):
    hands = ["As2dKsQh", "7h8h9cTc", "AcAh3d4d"]
    board = "2c5s9hJd"
    r = omaha_equity(hands, board, hilo=hilo)
    assert r.exact and r.boards == 36
    assert [p.equity_fraction for p in r.players] == naive(hands, board, hilo)
    assert sum(p.equity_fraction for p in r.players) == 1


def test_monte_carlo_when_the_boards_are_too_many_and_seeded():
    a = omaha_equity(["AsAdKsKd", "7h8h9cTc"], samples=2000, seed=4)
    b = omaha_equity(["AsAdKsKd", "7h8h9cTc"], samples=2000, seed=4)
    assert not a.exact and a.boards == 2000 and a.to_dict() == b.to_dict()
    assert 0.55 < a.players[0].equity < 0.75          # double-suited aces against a rundown


def test_bad_hands_are_refused():
    with pytest.raises(ValueError, match="four cards"):
        omaha_equity(["AsAd", "7h8h9cTc"])
    with pytest.raises(ValueError, match="twice"):
        omaha_equity(["AsAdKsKd", "AsQh9cTc"])


def test_cli_equity_game_plo8():
    result = runner.invoke(app, ["equity", "--game", "plo8", "As2d3cKh", "7h8h9cTc", "--board",
                                 "4s5s6d", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] and data["boards"] == 820
    # Always a split: the rundown's straight high, the A-2 low (IFP 50: halves).
    assert [h["equity"] for h in data["hands"]] == [0.5, 0.5]
    bad = runner.invoke(app, ["equity", "--game", "plo", "AsAd", "KdKc"])
    assert bad.exit_code == 2 and "four cards" in bad.output
