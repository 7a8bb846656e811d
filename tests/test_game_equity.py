"""Equity of the games without a board (stud, stud hi-lo, razz, deuce-to-seven single and
triple draw) and Omaha hi-lo's halves, checked against a plain enumeration written here:
every deal of the cards to come, one by one, valued by pokerkit's hand types (an outside
evaluator) or by a plain ace-to-five low written here. The pot goes to the best hand; in
hi-lo it is halved between the best high and the best eight-or-better low, ties sharing
their half (IFP 50, WPA 15, TDA 20-C)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from pokertd.cards import cards_text, parse_cards
from pokertd.cli import app
from pokertd.evaluator.draw_equity import draw_equity
from pokertd.evaluator.stud_equity import stud_equity

import pokerkit as pk  # noqa: E402  (the test extras install it)

runner = CliRunner()


def ints(text):
    return [int(c) for c in parse_cards(text)]


def pk_cards(cs):
    return list(pk.Card.parse(cards_text(cs)))


def plain_a5_low(cards):
    """Ace-to-five low of the best five of ``cards`` as a key, smaller is better: no pair
    before one pair before two pair ..., then the highest rank (the ace is 1) and on down."""
    def key(five):
        ranks = [(c >> 2) + 2 for c in five]
        ranks = [1 if r == 14 else r for r in ranks]
        counts = {r: ranks.count(r) for r in ranks}
        order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        return (sorted(counts.values(), reverse=True), order)
    return min(key(f) for f in itertools.combinations(cards, 5))


def shares(highs, lows=None):
    """One pot's shares: ``highs`` higher-is-better keys; ``lows`` (hi-lo) the same, None for
    no qualifying low."""
    n = len(highs)
    out = [Fraction(0)] * n
    top = max(highs)
    hw = [i for i in range(n) if highs[i] == top]
    lw = []
    if lows is not None and any(lo is not None for lo in lows):
        best = max(lo for lo in lows if lo is not None)
        lw = [i for i in range(n) if lows[i] == best]
    half = Fraction(1, 2) if lw else Fraction(1)
    for i in hw:
        out[i] += half / len(hw)
    for i in lw:
        out[i] += half / len(lw)
    return out


def brute(known, needs, dead, value):
    """The average pot share of each player over every deal of the stub (each player's
    cards to come as a set, players dealt disjoint sets)."""
    used = set(c for cs in known for c in cs) | set(dead)
    stub = [c for c in range(52) if c not in used]
    total = [Fraction(0)] * len(known)
    deals = 0

    def rec(k, free, got):
        nonlocal deals
        if k == len(known):
            deals += 1
            for i, s in enumerate(value(got)):
                total[i] += s
            return
        for combo in itertools.combinations(free, needs[k]):
            rest = [c for c in free if c not in combo]
            rec(k + 1, rest, got + [known[k] + list(combo)])
    rec(0, stub, [])
    return [t / deals for t in total], deals


def close(result, expected, deals):
    assert result.deals == deals
    assert [round(p.equity, 12) for p in result.players] == [round(float(e), 12) for e in expected]


# ------------------------------------------------------------------ stud, stud hi-lo, razz

def stud_value(hands):
    return shares([pk.StandardHighHand.from_game(pk_cards(h), ()) for h in hands])


def stud8_value(hands):
    return shares([pk.StandardHighHand.from_game(pk_cards(h), ()) for h in hands],
                  [pk.EightOrBetterLowHand.from_game_or_none(pk_cards(h), ()) for h in hands])


def razz_value(hands):
    keys = [plain_a5_low(h) for h in hands]
    best = min(keys)
    w = [i for i, k in enumerate(keys) if k == best]
    return [Fraction(1, len(w)) if i in w else Fraction(0) for i in range(len(hands))]


def razz_value_pokerkit(hands):
    return shares([pk.RegularLowHand.from_game(pk_cards(h), ()) for h in hands])


def dead_but(hands, live):
    """Every card dead but those in the hands and the ``live`` ones (the stub): keeps the
    plain walk short."""
    keep = set(ints("".join(h.replace("/", "").replace("?", "").split(":")[0] for h in hands)
                    + live))
    return cards_text([c for c in range(52) if c not in keep])


STUD_CASES = [
    # (game, hands, dead, the plain value): sixth street, heads-up, then three-handed.
    ("stud", ["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"],
     dead_but(["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"], "Ac7d8d9dTdTsJsQsKs2h3h4h5h6h7s8s9hAh"), stud_value),
    ("stud", ["AsAd/KcKh7c2s", "??Qd/QhQsJdJc"],
     dead_but(["AsAd/KcKh7c2s", "??Qd/QhQsJdJc"], "2d3d4d5d6d7d8d9dTd9s9hAhKs3c4c"), stud_value),
    ("stud8", ["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"],
     dead_but(["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"], "Ac7d8d9dTdTsJsQsKs2h3h4h5h6h7s8s9hAh"),
     stud8_value),
    ("stud8", ["As2d/3h9h7c9s", "2c3c/4c5c6dKh", "KsKd/8h8d4h6s"],
     dead_but(["As2d/3h9h7c9s", "2c3c/4c5c6dKh", "KsKd/8h8d4h6s"], "Ah5h7s8cQsTsJd"),
     stud8_value),
    ("razz", ["Ah2c/3d4s5h9c", "6s7s/8s9sTsJs"], "", razz_value),
    ("razz", ["Ah2c/3d4s5h9c", "6s7s/8s9sTsJs"],
     dead_but(["Ah2c/3d4s5h9c", "6s7s/8s9sTsJs"], "As2s3s4c5c6c7c8c9hTh9dJcQcKcAd2d3h"),
     razz_value_pokerkit),
    ("razz", ["??6h/3d4s5h9c", "2c3c/8s7hKc6d", "Jd??/AcAdKh4c"],
     dead_but(["??6h/3d4s5h9c", "2c3c/8s7hKc6d", "Jd??/AcAdKh4c"], "2s2d5c7dTd8cQs"), razz_value),
]


@pytest.mark.parametrize("game,hands,dead,value", STUD_CASES)
def test_stud_equity_is_the_plain_enumeration_of_every_deal(game, hands, dead, value):
    """Stud (best five high of seven), stud hi-lo (IFP 50, WPA 15, TDA 20-C halves) and
    razz (best ace-to-five low): exact equity over every deal equals the plain enumeration."""
    from pokertd.evaluator.stud_equity import parse_stud_hand
    known = [parse_stud_hand(h)[0] for h in hands]
    needs = [7 - len(k) for k in known]
    expected, deals = brute(known, needs, ints(dead), value)
    close(stud_equity(game, hands, dead), expected, deals)


def test_razz_fourth_street_three_cards_each_against_the_plain_enumeration():
    """Razz with three cards to come each (many dead cards keep the plain walk short)."""
    hands = ["Ah2c/3d8h", "4c5c/6d8c"]
    dead = dead_but(hands, "2s3s5h6h7c9dTcJsKh")
    known = [ints("Ah2c3d8h"), ints("4c5c6d8c")]
    expected, deals = brute(known, [3, 3], ints(dead), razz_value)
    close(stud_equity("razz", hands, dead), expected, deals)


def test_stud8_seventh_street_a_quartered_pot():
    """IFP 50 / TDA 20-C: seventh street, nothing to come: p1's flush takes the high half,
    p2 and p3 tie the low (7-5-4-3-A) and share the low half: 1/2, 1/4, 1/4."""
    r = stud_equity("stud8", ["AsKs2s/9s7sQdJd", "Ah3d2c/4h5c7hKc", "Ac3c2d/4d5d7dQc"])
    assert r.deals == 1 and r.exact
    assert [p.equity for p in r.players] == [0.5, 0.25, 0.25]
    assert [p.high for p in r.players] == [1.0, 0.0, 0.0]
    assert [p.low for p in r.players] == [0.0, 0.5, 0.5]
    assert [p.win for p in r.players] == [0.0, 0.0, 0.0]


def test_stud_sampling_is_seeded_and_near_the_exact_equity():
    hands = ["AsKd/QhJh7c", "2c3c/4c5c6d"]
    ex = stud_equity("razz", hands)
    a = stud_equity("razz", hands, samples=60_000, seed=5)
    assert a == stud_equity("razz", hands, samples=60_000, seed=5) and not a.exact
    assert abs(a.players[0].equity - ex.players[0].equity) < 0.01


@pytest.mark.parametrize("game,hands", [
    ("stud8", ["As2d/3h9h7c", "KcKs/8h8d4h"]),
    ("stud", ["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"]),
])
def test_stud_and_stud8_sampling_is_near_the_exact_equity(game, hands):
    ex = stud_equity(game, hands)
    sa = stud_equity(game, hands, samples=60_000, seed=9)
    for e, s in zip(ex.players, sa.players):
        assert abs(e.equity - s.equity) < 0.01
        if game == "stud8":
            assert abs(e.high - s.high) < 0.01 and abs(e.low - s.low) < 0.01


def test_stud_refusals_name_what_is_wrong():
    with pytest.raises(ValueError, match="give --samples"):
        stud_equity("stud", ["AsKd/Qh", "2c2d/Jh"])
    with pytest.raises(ValueError, match="same street"):
        stud_equity("stud", ["AsKd/Qh", "2c2d/Jh4h"])
    with pytest.raises(ValueError, match="a slash"):
        stud_equity("razz", ["AsKdQh", "2c2dJh"])
    with pytest.raises(ValueError, match="up cards are face up"):
        stud_equity("razz", ["AsKd/??", "2c2d/Jh"])
    with pytest.raises(ValueError, match="twice"):
        stud_equity("razz", ["AsKd/Qh", "AsKd/Jh"])
    with pytest.raises(ValueError, match="at least 1"):
        stud_equity("razz", ["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"], samples=0)


# ------------------------------------------------------------------ deuce-to-seven draw

def plain_throw(hand, k):
    """The test's own reading of the draw rule: throw the second card of a pair first, then
    the highest ranks (the ace high)."""
    order = []
    seen = set()
    for c in hand:
        order.append(((c >> 2) in seen, c >> 2, c))
        seen.add(c >> 2)
    thrown = sorted(order, key=lambda t: (t[0], t[1]), reverse=True)[:k]
    return [c for c in hand if c not in {t[2] for t in thrown}]


def draw_brute(held, plans, dead):
    used = set(c for h in held for c in h) | set(ints(dead))
    stub = [c for c in range(52) if c not in used]
    total = [Fraction(0)] * len(held)
    deals = 0

    def rec(k, free, finals):
        nonlocal deals
        if k == len(held):
            deals += 1
            vals = [pk.StandardLowHand.from_game(pk_cards(f), ()) for f in finals]
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


DRAW_CASES = [
    ("27sd", ["9s7d5c4h2s", "8h6d4s3cKc:1"], ""),
    ("27sd", ["9s7d5c4h2s:1", "8h6d4s3cKc:2"], dead_but(["9s7d5c4h2s", "8h6d4s3cKc"],
                                                        "2d3d4d5d6s7s8s9cTcJcQcKsAs")),
    ("27sd", ["7s6d4c3h2s:0", "8h6h4s3c3d:1", "9c8d5h4d2d:1"], ""),
    ("27td", ["9s7d5c4h2s:1,0,0", "8h6d4s3cKc:1,1,1"],
     dead_but(["9s7d5c4h2s", "8h6d4s3cKc"], "2h3h5d7c9c8sTsJd")),
    ("27td", ["7d6d4c3h2s:0,1", "8h8s5s3c2c:2,1"],
     dead_but(["7d6d4c3h2s", "8h8s5s3c2c"], "2d3s4h6s7sQdKd")),
]


@pytest.mark.parametrize("game,hands,dead", DRAW_CASES)
def test_deuce_to_seven_draw_equity_is_the_plain_enumeration(game, hands, dead):
    """Deuce-to-seven (pokerkit's StandardLowHand values the final hands): exact equity over
    every sequence of draws equals the plain enumeration of them, each player throwing his
    worst cards at each draw."""
    from pokertd.evaluator.draw_equity import parse_draw_hand
    parsed = [parse_draw_hand(h) for h in hands]
    left = max(len(d) for _, d in parsed if d is not None)
    plans = [d if d is not None else [0] * left for _, d in parsed]
    expected, deals = draw_brute([cs for cs, _ in parsed], plans, dead)
    close(draw_equity(game, hands, dead), expected, deals)


def test_a_pat_nine_against_a_one_card_draw_is_nine_outs_in_forty_two():
    """9-7-5-4-2 pat against 8-6-4-3 drawing one (the king thrown): the deuces, fives and
    sevens still out (9 cards) make a better low: 9/42 exactly."""
    r = draw_equity("27sd", ["9s7d5c4h2s", "8h6d4s3cKc:1"])
    assert r.deals == 42 and r.players[1].equity == pytest.approx(9 / 42, abs=1e-15)


def test_draw_refusals_name_what_is_wrong():
    with pytest.raises(ValueError, match="has 1 draw, not 2"):
        draw_equity("27sd", ["9s7d5c4h2s:1,1", "8h6d4s3cKc:1,0"])
    with pytest.raises(ValueError, match="same number of draws"):
        draw_equity("27td", ["9s7d5c4h2s:1,1", "8h6d4s3cKc:1"])
    with pytest.raises(ValueError, match="five cards"):
        draw_equity("27sd", ["9s7d5c4h", "8h6d4s3cKc"])
    with pytest.raises(ValueError, match="0 to 5"):
        draw_equity("27sd", ["9s7d5c4h2s:x", "8h6d4s3cKc"])
    with pytest.raises(ValueError, match="give --samples"):
        draw_equity("27td", ["9s7d5c4h2s:1,1,1", "8h6d4s3cKc:2,2,2"])


def test_single_draw_sampling_is_near_the_exact_equity():
    hands = ["9s7d5c4h2s:1", "8h6d4s3cKc:2"]
    ex = draw_equity("27sd", hands)
    sa = draw_equity("27sd", hands, samples=60_000, seed=4)
    assert abs(ex.players[0].equity - sa.players[0].equity) < 0.01


def test_triple_draw_sampling_is_seeded():
    hands = ["9s7d5c4h2s:1,0,0", "8h6d4s3cKc:1,1,1"]
    a = draw_equity("27td", hands, samples=20_000, seed=11)
    assert a == draw_equity("27td", hands, samples=20_000, seed=11) and a.deals == 20_000
    assert a != draw_equity("27td", hands, samples=20_000, seed=12)


# ------------------------------------------------------------------ Omaha hi-lo halves

def test_omaha_hilo_reports_scoop_and_each_half_as_every_river_gives_them():
    """IFP 50: Omaha hi-lo's pot halves; high and low are each hand's share of its half,
    summed over every river as a plain walk does."""
    from pokertd.evaluator.lowball import omaha_high, omaha_low8
    from pokertd.evaluator.omaha_equity import omaha_equity
    hands, board = ["As2d3cKh", "Ad2c7h8h", "9c9sTcTd"], "4s5s6dQc"
    r = omaha_equity(hands, board, hilo=True)
    used = set(ints("".join(hands) + board))
    rivers = [c for c in range(52) if c not in used]
    high = [Fraction(0)] * 3
    low = [Fraction(0)] * 3
    scoop = [0] * 3
    for c in rivers:
        b = board + cards_text([c])
        hi = [omaha_high(h, b) for h in hands]
        lo = [omaha_low8(h, b) for h in hands]
        s = shares(hi, [v or None for v in lo])
        for i in range(3):
            if hi[i] == max(hi):
                high[i] += Fraction(1, hi.count(max(hi)))
            if max(lo) and lo[i] == max(lo):
                low[i] += Fraction(1, lo.count(max(lo)))
            scoop[i] += s[i] == 1
    n = len(rivers)
    assert [p.high for p in r.players] == [float(h / n) for h in high]
    assert [p.low for p in r.players] == [float(lo / n) for lo in low]
    assert [p.win for p in r.players] == [s / n for s in scoop]
    d = r.to_dict()["hands"][0]
    assert set(d) == {"hand", "scoop", "high", "low", "equity"}


# ------------------------------------------------------------------ the command line

@pytest.mark.parametrize("args,deals", [
    (["--game", "razz", "Ah2c/3d4s5h", "6s7s/8s9sTs", "--dead", "Kc"], 607_620),
    (["--game", "stud8", "AsKd/QhJh7c9s", "2c3c/4c5c6d8h"], 1560),
    (["--game", "27sd", "9s7d5c4h2s", "8h6d4s3cKc:1"], 42),
])
def test_cli_equity_games_json(args, deals):
    result = runner.invoke(app, ["equity", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"] and data["deals"] == deals
    assert sum(h["equity"] for h in data["hands"]) == pytest.approx(1)


def test_cli_equity_games_refusals_and_samples():
    bad = runner.invoke(app, ["equity", "--game", "stud", "AsKd/Qh", "2c2d/Jh"])
    assert bad.exit_code == 2 and "--samples" in bad.output
    board = runner.invoke(app, ["equity", "--game", "razz", "AsKd/Qh", "2c2d/Jh", "--board", "2h"])
    assert board.exit_code == 2 and "no board" in board.output
    ok = runner.invoke(app, ["equity", "--game", "27td", "9s7d5c4h2s:1,0,0", "8h6d4s3cKc:1,1,1",
                             "--samples", "5000", "--seed", "3"])
    assert ok.exit_code == 0 and "5,000 samples (Monte Carlo, seed 3)" in ok.output
    split = runner.invoke(app, ["equity", "--game", "plo8", "As2d3cKh", "7h8h9cTc", "--board",
                                "4s5s6d"])
    assert "scoop" in split.output and "low half" in split.output and "tie" not in split.output


# ------------------------------------------------------------------ pokerkit's own equity

PK_TYPES = {"stud": ("StandardHighHand",), "stud8": ("StandardHighHand", "EightOrBetterLowHand"),
            "razz": ("RegularLowHand",), "27sd": ("StandardLowHand",)}


def pokerkit_equities(game, hands, samples, hole=7):
    import random
    random.seed(2024)                   # pokerkit samples with the random module: reproducible
    holes = [[pk_cards(ints(h.replace("/", "").split(":")[0].replace("?", "")))] for h in hands]
    return pk.calculate_equities(holes, (), hole, 0, pk.Deck.STANDARD,
                                 [getattr(pk, t) for t in PK_TYPES[game]], sample_count=samples)


@pytest.mark.parametrize("game,hands", [
    ("stud8", ["AsKs2s/9s7sQdJd", "Ah3d2c/4h5c7hKc", "Ac3c2d/4d5d7dQc"]),   # a quartered pot
    ("stud", ["AsAd7c/KcKh7h2s", "2h3h4d/5h6cJc8d", "2d3d4s/5s6hQsQd"]),   # tied straights
    ("razz", ["Ah2c9h/3d4s5hKd", "6s7s2d/8s9sTsJs", "3c4c5c/6c7c8cTd"]),
    ("27sd", ["7s5d4c3h2s", "8h6h4s3c2d", "7c5h4d3d2c"]),                 # tied 7-5 lows
])
def test_showdowns_with_nothing_to_come_are_pokerkits_equities(game, hands):
    """Every card known (seventh street, or the draws over): pokerkit's calculate_equities has
    nothing to sample and gives the exact split, IFP 50 / TDA 20-C halves in stud hi-lo."""
    ours = (draw_equity if game == "27sd" else stud_equity)(game, hands)
    theirs = pokerkit_equities(game, hands, 1, hole=5 if game == "27sd" else 7)
    assert ours.deals == 1
    assert [p.equity for p in ours.players] == pytest.approx(theirs, abs=1e-12)


def test_razz_sixth_street_near_pokerkits_sampled_equity():
    """pokerkit's own (sampled) equity of a razz spot with a card to come each, 4,000 deals:
    ours exact, within its sampling error (about 0.008 here)."""
    hands = ["Ah2c/3d4s9hKd", "3c4c/5c6c8sTs"]
    ours = stud_equity("razz", hands)
    theirs = pokerkit_equities("razz", hands, 4000)
    assert abs(ours.players[0].equity - theirs[0]) < 0.03


def test_omaha_hilo_random_turns_are_every_rivers_plain_split():
    """Twelve random Omaha hi-lo spots on the turn, two to four hands: the equity (an exact
    fraction) is the plain walk over every river with the one-call evaluators (IFP 50)."""
    import random

    from pokertd.evaluator.lowball import omaha_high, omaha_low8
    from pokertd.evaluator.omaha_equity import omaha_equity
    rng = random.Random(24)
    for _ in range(12):
        n = rng.randint(2, 4)
        cards = rng.sample(range(52), 4 * n + 4)
        hands = [cards_text(cards[4 * i:4 * i + 4]) for i in range(n)]
        board = cards_text(cards[4 * n:])
        rivers = [c for c in range(52) if c not in cards]
        total = [Fraction(0)] * n
        for c in rivers:
            b = board + cards_text([c])
            lows = [omaha_low8(h, b) for h in hands]
            for i, s in enumerate(shares([omaha_high(h, b) for h in hands], [v or None for v in lows])):
                total[i] += s
        r = omaha_equity(hands, board, hilo=True)
        assert [p.equity_fraction for p in r.players] == [t / len(rivers) for t in total]
