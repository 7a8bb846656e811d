"""Equity: exact enumeration against brute force and known counts; seeded Monte Carlo."""

import itertools
import json

import numpy as np
import pytest
from typer.testing import CliRunner

from pokertd.cards import Card, cards_text, parse_cards
from pokertd.cli import app
from pokertd.evaluator import evaluate_batch
from pokertd.evaluator.equity import equity, exact_equity, monte_carlo_equity


def brute_force(hands, board="", dead=""):
    """(wins, ties) per hand by evaluating every board with evaluate_batch."""
    holes = [parse_cards(h) for h in hands]
    known = list(parse_cards(board))
    used = set(known) | set(parse_cards(dead)) | {c for h in holes for c in h}
    deck = [c for c in range(52) if c not in used]
    boards = np.array([known + list(x) for x in itertools.combinations(deck, 5 - len(known))],
                      np.uint8).reshape(-1, 5)
    strengths = np.stack([evaluate_batch(np.hstack([np.tile(np.array(h, np.uint8), (len(boards), 1)), boards]))
                          for h in holes])
    best = strengths.max(axis=0)
    n_best = (strengths == best).sum(axis=0)
    return [(int(((s == best) & (n_best == 1)).sum()), int(((s == best) & (n_best > 1)).sum()))
            for s in strengths], len(boards)


def test_aces_against_kings_exact_counts():
    r = exact_equity(["AhAs", "KdKc"])
    aces, kings = r.players
    assert r.boards == 1_712_304
    assert (aces.wins, aces.ties, kings.wins) == (1_388_072, 6_538, 317_694)
    assert aces.equity + kings.equity == pytest.approx(1.0)


def random_case(seed):
    rng = np.random.default_rng(seed)
    cards = [Card(int(c)) for c in rng.permutation(52)]
    k = int(rng.integers(2, 7))
    nb = int(rng.choice([3, 4, 5]))
    hands = [cards_text(cards[2 * i:2 * i + 2]) for i in range(k)]
    board = cards_text(cards[2 * k:2 * k + nb])
    dead = cards_text(cards[2 * k + nb:2 * k + nb + int(rng.integers(0, 3))])
    return hands, board, dead


@pytest.mark.parametrize("seed", range(25))
def test_exact_matches_brute_force_after_the_flop(seed):
    hands, board, dead = random_case(seed)
    r = exact_equity(hands, board=board, dead=dead)
    expected, boards = brute_force(hands, board, dead)
    assert [(p.wins, p.ties) for p in r.players] == expected
    assert r.boards == boards


@pytest.mark.parametrize("hands", [
    ["AhKh", "QsJs", "7c7d"],            # two suited hands: many flush boards
    ["9h8h", "7h6h"],                    # same suit: flushes against flushes
    ["2c2d", "3h3s", "AcKd"],
])
def test_exact_matches_brute_force_pre_flop(hands):
    r = exact_equity(hands)
    expected, boards = brute_force(hands)
    assert [(p.wins, p.ties) for p in r.players] == expected
    assert r.boards == boards


def test_split_pots_share_equity():
    # The board is a royal flush: everyone plays it and splits three ways.
    r = exact_equity(["2c3d", "4h5c", "7d8h"], board="AsKsQsJsTs")
    assert r.boards == 1
    assert all(p.ties == 1 and p.wins == 0 and p.splits[2] == 1 for p in r.players)
    assert [p.equity for p in r.players] == pytest.approx([1 / 3] * 3)


def test_hand_against_a_range_is_the_average_over_its_combinations():
    vs_range = exact_equity(["AhAs", "KK"])
    singles = [exact_equity(["AhAs", cards_text(c)]) for c in itertools.combinations(parse_cards("KcKdKhKs"), 2)]
    assert vs_range.boards == sum(s.boards for s in singles)
    assert vs_range.players[0].wins == sum(s.players[0].wins for s in singles)


def test_range_card_removal():
    # Only AdAc remains of AA once AhAs is dealt: a dead-even split.
    r = exact_equity(["AhAs", "AA"])
    assert r.boards == 1_712_304
    assert r.players[0].equity == pytest.approx(0.5)


def test_monte_carlo_is_seeded_and_close_to_exact():
    a = monte_carlo_equity(["AhAs", "KdKc"], samples=400_000, seed=11)
    b = monte_carlo_equity(["AhAs", "KdKc"], samples=400_000, seed=11)
    c = monte_carlo_equity(["AhAs", "KdKc"], samples=400_000, seed=12)
    assert a == b and a != c
    exact = exact_equity(["AhAs", "KdKc"]).players[0].equity
    sigma = (exact * (1 - exact) / 400_000) ** 0.5
    assert abs(a.players[0].equity - exact) < 5 * sigma
    assert a.boards == 400_000 and not a.exact


def test_monte_carlo_ranges_respect_card_removal():
    r = monte_carlo_equity(["AA", "AA"], samples=200_000, seed=1)
    # Two pairs of aces always split (four aces among eight cards, no flush over them
    # can be made by only one of them... except a suited board): nearly all ties.
    assert r.players[0].equity == pytest.approx(0.5, abs=0.01)
    r = monte_carlo_equity(["AhAs", "QQ+,AKs"], samples=300_000, seed=5, board="")
    exact = exact_equity(["AhAs", "QQ+,AKs"])
    sigma = (0.25 / 300_000) ** 0.5
    assert abs(r.players[0].equity - exact.players[0].equity) < 5 * sigma


def test_equity_dispatches_exact_or_monte_carlo():
    assert equity(["AhAs", "KdKc"], board="2c7d9h").exact
    assert not equity(["AhAs", "KdKc"], samples=1000, seed=1).exact


@pytest.mark.parametrize("args, kwargs, message", [
    (["AhAs"], {}, "at least two players"),
    (["AhAs", "AhKd"], {}, "card Ah is in both AhAs and AhKd"),
    (["AhAs", "KdKc"], {"board": "2c7d"}, "0, 3, 4 or 5 cards"),
    (["AhAs", "KdKc"], {"board": "Ah7d9c"}, "AhAs uses Ah"),
    (["AhAs", "KdKc"], {"board": "2c7d9c", "dead": "2c"}, "both on the board and dead"),
    (["KdKc", "AA"], {"dead": "AdAcAh"}, "no combination left"),
    (["AhAs", "AA"], {"dead": "AdAc"}, "no deal is possible"),
    (["AhAs", "KdKx"], {}, "not a card"),
])
def test_bad_equity_input_is_refused(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        exact_equity(args, **kwargs)


def test_bad_samples_and_seed_are_refused():
    with pytest.raises(ValueError, match="samples must be a positive integer"):
        monte_carlo_equity(["AhAs", "KdKc"], samples=0)
    with pytest.raises(ValueError, match="seed must be a non-negative integer"):
        monte_carlo_equity(["AhAs", "KdKc"], samples=10, seed=-1)


def test_huge_exact_range_enumeration_asks_for_monte_carlo():
    with pytest.raises(ValueError, match="use Monte Carlo"):
        exact_equity(["22+,A2s+,K2s+,Q2s+", "22+,A2o+"])


runner = CliRunner()


def test_cli_equity_json_contract():
    out = runner.invoke(app, ["equity", "AhAs", "KdKc", "--format", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["boards"] == 1_712_304
    assert [h["hand"] for h in data["hands"]] == ["AhAs", "KdKc"]
    assert data["hands"][0]["win"] == pytest.approx(1_388_072 / 1_712_304)
    assert data["hands"][0]["tie"] == pytest.approx(6_538 / 1_712_304)
    assert set(data["hands"][0]) == {"hand", "win", "tie", "equity"}


def test_cli_equity_table_and_monte_carlo():
    out = runner.invoke(app, ["equity", "AhAs", "KdKc", "--board", "2c7d9h"])
    assert out.exit_code == 0 and "990 boards" in out.output and "AhAs" in out.output
    a = runner.invoke(app, ["equity", "AhAs", "QQ+,AKs", "--samples", "20000", "--seed", "4", "--format", "json"])
    b = runner.invoke(app, ["equity", "AhAs", "QQ+,AKs", "--samples", "20000", "--seed", "4", "--format", "json"])
    assert a.exit_code == 0 and a.output == b.output
    assert json.loads(a.output)["boards"] == 20000


def test_cli_equity_bad_input_exits_with_a_message():
    out = runner.invoke(app, ["equity", "AhAs", "AhKd"])
    assert out.exit_code != 0
    assert "card Ah is in both AhAs and AhKd" in out.output
