"""Equity in short-deck hold'em and badugi (issue 24: equity for every game dealt), checked
against a plain enumeration written here (every board, or every sequence of draws, one by one,
the hands valued by pokerkit's ShortDeckHoldemHand and BadugiHand, an outside evaluator) and
against pokerkit's own calculate_equities on showdowns with nothing to come. Each pot goes to
the best hand, ties sharing it (IFP 50)."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pokerkit as pk
import pytest
from typer.testing import CliRunner

from pokertd.cards import cards_text, parse_cards
from pokertd.cli import app
from pokertd.evaluator.badugi_equity import badugi_equity, parse_badugi_hand
from pokertd.evaluator.short_deck import SHORT_DECK
from pokertd.evaluator.short_deck_equity import short_deck_equity

runner = CliRunner()


def ints(text):
    return [int(c) for c in parse_cards(text)]


def pk_cards(cs):
    return list(pk.Card.parse(cards_text(cs)))


def shares(values):
    """One pot: the best value takes it, equal best share it."""
    top = max(values)
    w = [i for i, v in enumerate(values) if v == top]
    return [Fraction(1, len(w)) if i in w else Fraction(0) for i in range(len(values))]


def close(result, expected, deals):
    assert result.deals == deals and result.exact
    assert [round(p.equity, 12) for p in result.players] == [round(float(e), 12) for e in expected]


# ------------------------------------------------------------------ short deck

def short_deck_brute(hands, board, dead):
    """Every board of the 36-card stub, one by one, valued by pokerkit's ShortDeckHoldemHand."""
    held = [ints(h) for h in hands]
    known = ints(board)
    used = set(c for h in held for c in h) | set(known) | set(ints(dead))
    stub = [c for c in SHORT_DECK if c not in used]
    total = [Fraction(0)] * len(hands)
    deals = 0
    for rest in itertools.combinations(stub, 5 - len(known)):
        b = pk_cards(known + list(rest))
        for i, s in enumerate(shares([pk.ShortDeckHoldemHand.from_game(pk_cards(h), b)
                                      for h in held])):
            total[i] += s
        deals += 1
    return [t / deals for t in total], deals


def sd_dead_but(hands, board, live):
    """Every short-deck card dead but those in play and the ``live`` ones (a short walk)."""
    keep = set(ints("".join(hands) + board + live))
    return cards_text([c for c in SHORT_DECK if c not in keep])


SHORT_DECK_CASES = [
    # (hands, board, dead): a turn three-handed, a flop heads-up, a flop with the stub cut.
    (["AhKh", "9s9d", "6c7c"], "Qh7h6dTs", ""),
    (["AhKh", "9s9d"], "Qh7h6c", ""),
    (["As9c", "KdKh"], "6s7s8d", ""),                        # A-6-7-8-9 draws: the wheel of 36
    (["QsQd", "JhTh", "AcKc"], "", sd_dead_but(["QsQd", "JhTh", "AcKc"], "", "9h8h7h6h6s7s9cAd")),
]


@pytest.mark.parametrize("hands,board,dead", SHORT_DECK_CASES)
def test_short_deck_equity_is_the_plain_enumeration_of_every_board(hands, board, dead):
    """Short deck (a flush over a full house, A-6-7-8-9 a straight): exact equity over every
    board of the 36-card stub equals the plain walk valued by pokerkit (IFP 50 ties)."""
    expected, deals = short_deck_brute(hands, board, dead)
    close(short_deck_equity(hands, board, dead), expected, deals)


def test_short_deck_batch_values_are_the_evaluators_on_random_sevens_and_every_flush():
    """The batch valuer (seven cards by rank key, five of a suit by every five) gives the
    value short_deck() gives (that one checked over every hand of the deck), flushes included."""
    import numpy as np

    from pokertd.evaluator.short_deck import short_deck
    from pokertd.evaluator.short_deck_equity import short_deck_values
    rng = random.Random(36)
    rows = [rng.sample(SHORT_DECK, 7) for _ in range(3000)]
    hearts = [c for c in SHORT_DECK if c & 3 == 2]
    rows += [rng.sample(hearts, 5) + rng.sample([c for c in SHORT_DECK if c & 3 != 2], 2)
             for _ in range(1000)]                              # five of a suit and more
    rows += [rng.sample(hearts, 7) for _ in range(200)]
    assert short_deck_values(np.array(rows)).tolist() == [short_deck(r) for r in rows]


def test_short_deck_pre_flop_walks_every_one_of_the_32_card_stubs_boards():
    """Two hands pre-flop leave 32 cards: C(32, 5) = 201,376 boards, exact by default."""
    r = short_deck_equity(["AhAs", "KdKc"])
    assert r.deals == 201_376 and r.exact
    assert sum(p.equity for p in r.players) == pytest.approx(1, abs=1e-12)
    assert r.players[0].tie == r.players[1].tie > 0              # some boards chop


@pytest.mark.parametrize("hands,board", [
    (["AhKh", "9s9d"], "Qh7h6cTs8h"),                             # a flush against a straight
    (["9s9d", "QcQs"], "9h6h6c7d8s"),                             # a full house against two pair
    (["AhJh", "9s9d", "QcQs"], "9h6h6c7hTh"),                     # the flush beats the full house
    (["As9c", "Td8d"], "6s7h8c9dJh"),                             # A-6-7-8-9 against T-high straight
    (["AsKc", "AdKd"], "6s7h8cTdJh"),                             # a chop
])
def test_short_deck_showdowns_are_pokerkits_equities(hands, board):
    """River showdowns, nothing to come: pokerkit's calculate_equities on its short-deck deck
    has one deal to value and gives the exact split."""
    ours = short_deck_equity(hands, board)
    theirs = pk.calculate_equities([[pk_cards(ints(h))] for h in hands], pk_cards(ints(board)), 2, 5,
                                   pk.Deck.SHORT_DECK_HOLDEM, [pk.ShortDeckHoldemHand],
                                   sample_count=1)
    assert ours.deals == 1
    assert [p.equity for p in ours.players] == pytest.approx(theirs, abs=1e-12)


def test_short_deck_flop_near_pokerkits_sampled_equity():
    """pokerkit's own equity of a flop spot, 3,000 sampled turns and rivers: ours exact,
    within its sampling error (about 0.009)."""
    random.seed(2024)
    hands, board = ["AhKh", "9s9d"], "Qh7h6c"
    theirs = pk.calculate_equities([[pk_cards(ints(h))] for h in hands], pk_cards(ints(board)), 2, 5,
                                   pk.Deck.SHORT_DECK_HOLDEM, [pk.ShortDeckHoldemHand],
                                   sample_count=3000)
    assert abs(short_deck_equity(hands, board).players[0].equity - theirs[0]) < 0.035


def test_short_deck_sampling_is_seeded_and_near_the_exact_equity():
    ex = short_deck_equity(["AhAs", "KdKc"])
    a = short_deck_equity(["AhAs", "KdKc"], samples=60_000, seed=5)
    assert a == short_deck_equity(["AhAs", "KdKc"], samples=60_000, seed=5) and not a.exact
    assert a != short_deck_equity(["AhAs", "KdKc"], samples=60_000, seed=6)
    assert a.deals == 60_000 and abs(a.players[0].equity - ex.players[0].equity) < 0.01


def test_short_deck_refusals_name_the_card_and_the_deck():
    with pytest.raises(ValueError, match=r"5c is not in the short deck \(the 36 cards sixes to aces"):
        short_deck_equity(["AhKh", "5c9d"])
    with pytest.raises(ValueError, match="board 'Qh7h2c': 2c is not in the short deck"):
        short_deck_equity(["AhKh", "9s9d"], "Qh7h2c")
    with pytest.raises(ValueError, match="dead '4s': 4s is not in the short deck"):
        short_deck_equity(["AhKh", "9s9d"], dead="4s")
    with pytest.raises(ValueError, match="two hole cards, not 3"):
        short_deck_equity(["AhKhQh", "9s9d"])
    with pytest.raises(ValueError, match="0, 3, 4 or 5 cards"):
        short_deck_equity(["AhKh", "9s9d"], "QhJh")
    with pytest.raises(ValueError, match="twice"):
        short_deck_equity(["AhKh", "AhKh"])
    with pytest.raises(ValueError, match="at least 1"):
        short_deck_equity(["AhKh", "9s9d"], samples=0)


# ------------------------------------------------------------------ badugi

def low(c):
    return ((c >> 2) + 1) % 13                                   # the ace 0 .. the king 12


def plain_best_subset(hand):
    """The test's own reading of the badugi played: the largest subset with no rank and no
    suit twice, then the lowest (highest card first, the ace low); the first written on ties."""
    for k in (4, 3, 2, 1):
        ok = [s for s in itertools.combinations(hand, k)
              if len({c & 3 for c in s}) == k and len({c >> 2 for c in s}) == k]
        if ok:
            best = min(sorted((low(c) for c in s), reverse=True) for s in ok)
            return next(s for s in ok if sorted((low(c) for c in s), reverse=True) == best)


def plain_throw(hand, k):
    """Keep the best badugi, throw the others highest first; more to throw: the badugi's
    highest; equal cards in the order written."""
    played = plain_best_subset(hand)
    order = sorted(hand, key=lambda c: (c in played, -low(c)))
    return [c for c in hand if c not in order[:k]]


def badugi_brute(held, plans, dead):
    used = set(c for h in held for c in h) | set(ints(dead))
    stub = [c for c in range(52) if c not in used]
    total = [Fraction(0)] * len(held)
    deals = 0

    def rec(k, free, finals):
        nonlocal deals
        if k == len(held):
            deals += 1
            vals = [pk.BadugiHand.from_game(pk_cards(f)) for f in finals]
            for i, s in enumerate(shares(vals)):
                total[i] += s
            return

        def draw(d, hand, free):
            if d == len(plans[k]):
                rec(k + 1, free, finals + [hand])
                return
            for combo in itertools.combinations(free, plans[k][d]):
                draw(d + 1, plain_throw(hand, plans[k][d]) + list(combo),
                     [c for c in free if c not in combo])
        draw(0, held[k], free)
    rec(0, stub, [])
    return [t / deals for t in total], deals


def dead_but(hands, live):
    keep = set(ints("".join(h.split(":")[0] for h in hands) + live))
    return cards_text([c for c in range(52) if c not in keep])


BADUGI_CASES = [
    (["As2d3h9c", "Ac2h4d7s:1"], ""),                            # a pat nine; a seven broken
    (["Ks2d3h4c:1", "Ac2c5d7s:1"], ""),                          # the king thrown; the 2c
    (["As2d3hKh:2", "Ac4c5d8h:1"], dead_but(["As2d3hKh", "Ac4c5d8h"], "2s3s4s5s6c7c8c9dTdJd")),
    (["Ah2c3d4s", "5h6c7d8s:1", "2h3c9d9s:2"], dead_but(["Ah2c3d4s", "5h6c7d8s", "2h3c9d9s"],
                                                        "AdKsQc6d7h8h")),
    (["As2d3hKh:1,1", "Ac4c5d8h:1,0"], dead_but(["As2d3hKh", "Ac4c5d8h"], "2s3s4s5s6c7c8c9dTd")),
    (["AsAdAhKc:1", "2c3d4h5s"], ""),                             # one of two aces thrown: the first
    (["AsAd3h3c:3,1,0", "KhQd4c5s:1,1,1"], dead_but(["AsAd3h3c", "KhQd4c5s"], "2s2h6c7d8s9hTc")),
]


@pytest.mark.parametrize("hands,dead", BADUGI_CASES)
def test_badugi_equity_is_the_plain_enumeration_of_every_draw(hands, dead):
    """Badugi (pokerkit's BadugiHand values the final hands): exact equity over every sequence
    of draws equals the plain walk, each player keeping his best badugi and throwing the
    others, the highest first (ties share the pot, IFP 50)."""
    parsed = [parse_badugi_hand(h) for h in hands]
    left = max((len(d) for _, d in parsed if d is not None), default=0)
    plans = [d if d is not None else [0] * left for _, d in parsed]
    expected, deals = badugi_brute([cs for cs, _ in parsed], plans, dead)
    close(badugi_equity(hands, dead), expected, deals)


def test_a_pat_nine_badugi_against_a_one_card_draw_is_its_outs_in_forty_four():
    """9-3-2-A pat against the badugi 7-4-2-A broken for one card (the 7s thrown): the 3s,
    5s, 6s and 8s make a better badugi, the 9s loses on the 4: 4/44."""
    r = badugi_equity(["As2d3h9c", "Ac2h4d7s:1"])
    assert r.deals == 44 and r.players[1].equity == pytest.approx(4 / 44, abs=1e-15)
    assert r.players[1].tie == 0


@pytest.mark.parametrize("hands", [
    ["Ah2c3d4s", "Ac2h3s4d"],                                     # two wheels: a chop
    ["Ah2c3d4s", "5h6c7d8s", "2h3c9d9s"],
    ["AsKs2d3h", "AcQc2h4d", "KdKhKcJs"],                         # three cards each; two cards
])
def test_badugi_showdowns_are_pokerkits_equities(hands):
    """The draws over: pokerkit's calculate_equities with BadugiHand has one deal to value."""
    ours = badugi_equity(hands)
    theirs = pk.calculate_equities([[pk_cards(ints(h))] for h in hands], (), 4, 0, pk.Deck.STANDARD,
                                   [pk.BadugiHand], sample_count=1)
    assert ours.deals == 1
    assert [p.equity for p in ours.players] == pytest.approx(theirs, abs=1e-12)


def test_badugi_sampling_is_seeded_and_near_the_exact_equity():
    hands = ["As2d3hKh:1,1", "Ac4c5d8h:1,0"]
    ex = badugi_equity(hands)
    a = badugi_equity(hands, samples=60_000, seed=4)
    assert a == badugi_equity(hands, samples=60_000, seed=4) and a.deals == 60_000
    assert a != badugi_equity(hands, samples=60_000, seed=5)
    assert abs(a.players[0].equity - ex.players[0].equity) < 0.01


def test_badugi_refusals_name_what_is_wrong():
    with pytest.raises(ValueError, match="four cards as they stand, not 5"):
        badugi_equity(["As2d3h9c8c", "Ac2h4d7s"])
    with pytest.raises(ValueError, match="has 3 draws, not 4"):
        badugi_equity(["As2d3h9c:1,1,1,1", "Ac2h4d7s:0,0,0,0"])
    with pytest.raises(ValueError, match="same number of draws"):
        badugi_equity(["As2d3h9c:1,1", "Ac2h4d7s:1"])
    with pytest.raises(ValueError, match="0 to 4"):
        badugi_equity(["As2d3h9c:5", "Ac2h4d7s"])
    with pytest.raises(ValueError, match="give --samples"):
        badugi_equity(["As2d3hKc:1,1,1", "Ac2h4d8d:1,1,1"])
    with pytest.raises(ValueError, match="twice"):
        badugi_equity(["As2d3h9c", "As2d3h9c"])


# ------------------------------------------------------------------ the command line

@pytest.mark.parametrize("args,deals", [
    (["--game", "shortdeck", "AhKh", "9s9d", "--board", "Qh7h6c"], 406),
    (["--game", "badugi", "As2d3h9c", "Ac2h4d7s:1"], 44),
])
def test_cli_equity_short_deck_and_badugi_json(args, deals):
    result = runner.invoke(app, ["equity", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] and data["deals"] == deals and data["game"] == args[1]
    assert sum(h["equity"] for h in data["hands"]) == pytest.approx(1)


def test_cli_equity_short_deck_and_badugi_tables_and_refusals():
    sd = runner.invoke(app, ["equity", "--game", "shortdeck", "AhAs", "KdKc", "--samples", "5000",
                             "--seed", "3"])
    assert sd.exit_code == 0 and "short deck, pre-flop: 5,000 samples (Monte Carlo, seed 3)" in sd.output
    bad = runner.invoke(app, ["equity", "--game", "shortdeck", "AhKh", "9s9d", "--board", "Qh7h2c"])
    assert bad.exit_code == 2 and "2c is not in the short deck" in bad.output
    bd = runner.invoke(app, ["equity", "--game", "badugi", "As2d3h9c", "Ac2h4d7s:1"])
    assert bd.exit_code == 0 and "badugi: 44 deals (exact)" in bd.output
    board = runner.invoke(app, ["equity", "--game", "badugi", "As2d3h9c", "Ac2h4d7s", "--board", "2h"])
    assert board.exit_code == 2 and "no board" in board.output
