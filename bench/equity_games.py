"""Equity in the games without a board, short-deck hold'em and Omaha hi-lo, side by side with poker-equity (Rust,
four threads by default) and pokerkit (Python, Monte Carlo only) on the same spots (issue 24).

    python bench/equity_games.py [--runs N] [--pokerkit-samples N] [--quick]

Each spot is asked of each library the way it answers it: ours exact (every deal of the
cards to come) or seeded samples where exact would be too large; poker-equity
``exact_from_text`` or ``chunk_from_text`` with the same number of samples; pokerkit
``calculate_equities`` with fewer samples (it deals and values every sample in Python).
Rates are deals (or samples) valued per second, the median of ``--runs`` calls; the ratio is
ours ÷ the peer on those rates (above 1: ours faster). The first player's equity is printed
beside each so the answers can be compared (pokerkit's within its sampling error).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rich.table import Table  # noqa: E402

from _common import console, fmt_rate, fmt_ratio, timed  # noqa: E402

# (label, our game, our hands, dead, our samples or None, poker-equity variant, its hands,
#  its dead, pokerkit hand types, hole cards dealt)
SPOTS = [
    ("razz 5th street, heads-up", "razz", ["Ah2c/3d4s5h", "6s7s/8s9sTs"], "", None,
     "razz", ["Ah2c3d4s5h", "6s7s8s9sTs"], "", ("RegularLowHand",), 7),
    ("stud 6th street, heads-up", "stud", ["AsKd/QhJh7c9s", "2c3c/4c5c6d8h"], "", None,
     "stud", ["AsKdQhJh7c9s", "2c3c4c5c6d8h"], "", ("StandardHighHand",), 7),
    ("stud hi-lo 5th street, heads-up", "stud8", ["As2d/3h9h7c", "KcKs/8h8d4h"], "", None,
     "stud_hi_lo", ["As2d3h9h7c", "KcKs8h8d4h"], "", ("StandardHighHand", "EightOrBetterLowHand"),
     7),
    ("stud 3rd street, three-handed (sampled)", "stud", ["AsAd/Kc", "????/Qh", "????/9d"], "",
     200_000, "stud", ["AsAdKc", "**Qh", "**9d"], "", ("StandardHighHand",), 7),
    ("2-7 single draw, pat 9 against a two-card draw", "27sd", ["9s7d5c4h2s", "8h6d4s3cKc:2"],
     "", None, "deuce_seven", ["9s7d5c4h2s", "6d4s3c"], "8hKc", ("StandardLowHand",), 5),
    ("2-7 triple draw, three draws (sampled; peers model one draw: none)", "27td",
     ["9s7d5c4h2s:1,0,0", "8h6d4s3cKc:1,1,1"], "", 200_000, None, None, None, None, 5),
    ("short deck pre-flop, AA against KK", "shortdeck", ["AhAs", "KdKc"], "", None,
     "short_deck", ["AhAs", "KdKc"], "", ("ShortDeckHoldemHand",), 2),
    ("short deck pre-flop, three-handed (sampled)", "shortdeck", ["AhAs", "KdKc", "9s8s"], "",
     200_000, "short_deck", ["AhAs", "KdKc", "9s8s"], "", ("ShortDeckHoldemHand",), 2),
    ("badugi, one draw: a one-card and a two-card draw", "badugi", ["As2d3hKh:1", "Ac2c4d7s:2"],
     "", None, "badugi", ["As2d3h", "Ac4d"], "Kh2c7s", ("BadugiHand",), 4),
    ("badugi, three draws (sampled; peers model one draw: none)", "badugi",
     ["As2d3hKc:1,1,1", "Ac2h4d8d:1,1,1"], "", 200_000, None, None, None, None, 4),
]


def ours(game, hands, dead, samples):
    from pokertd.evaluator.badugi_equity import badugi_equity
    from pokertd.evaluator.draw_equity import draw_equity
    from pokertd.evaluator.short_deck_equity import short_deck_equity
    from pokertd.evaluator.stud_equity import stud_equity

    seed = 1 if samples else None
    if game == "badugi":
        r = badugi_equity(hands, dead, samples=samples, seed=seed)
    elif game == "shortdeck":
        r = short_deck_equity(hands, "", dead, samples=samples, seed=seed)
    else:
        fn = draw_equity if game.startswith("27") else stud_equity
        r = fn(game, hands, dead, samples=samples, seed=seed)
    return r.deals, r.players[0].equity


def peer(variant, hands, dead, samples):
    import poker_equity as pe

    if samples is None:
        r = pe.exact_from_text(variant, hands, "", dead)
    else:
        r = pe.chunk_from_text(variant, hands, "", dead, samples=samples, seed=1)
    return r["samples"], r["players"][0]["equity"]


def pokerkit(hands, dead, types, hole, samples):
    import pokerkit as pk

    def cards(text):
        return list(pk.Card.parse(text.replace("*", "")))
    short = types == ("ShortDeckHoldemHand",)     # hold'em's deal: a board of five to come
    deck = [c for c in (pk.Deck.SHORT_DECK_HOLDEM if short else pk.Deck.STANDARD)
            if c not in set(cards(dead))]
    eq = pk.calculate_equities([[cards(h)] for h in hands], (), hole, 5 if short else 0, deck,
                               [getattr(pk, t) for t in types], sample_count=samples)
    return samples, eq[0]


def omaha_spot(runs: int, pk_samples: int) -> list:
    import poker_equity as pe
    import pokerkit as pk

    from pokertd.evaluator.omaha_equity import omaha_equity

    hands, board = ["As2d3cKh", "Ad2c7h8h"], "4s5s6d"
    rows = []
    rows.append(_row("ours", runs, lambda: (lambda r: (r.boards, r.players[0].equity))(
        omaha_equity(hands, board, hilo=True))))
    rows.append(_row("poker-equity", runs, lambda: (lambda r: (r["samples"], r["players"][0]["equity"]))(
        pe.exact_from_text("omaha_hi_lo", hands, board, ""))))
    rows.append(_row("pokerkit", runs, lambda: (pk_samples, pk.calculate_equities(
        [[list(pk.Card.parse(h))] for h in hands], list(pk.Card.parse(board)), 4, 5, pk.Deck.STANDARD,
        [pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand], sample_count=pk_samples)[0])))
    return rows


def _row(name, runs, fn):
    rates, answer = [], None
    for _ in range(runs):
        dt, (deals, eq) = timed(fn)
        rates.append(deals / dt)
        answer = (deals, eq)
    return name, statistics.median(rates), answer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pokerkit-samples", type=int, default=2_000)
    ap.add_argument("--quick", action="store_true", help="one run each, 500 pokerkit samples")
    a = ap.parse_args()
    runs, pks = (1, 500) if a.quick else (a.runs, a.pokerkit_samples)
    ours(*SPOTS[1][1:5])                       # the stud kernels compiled (or loaded) untimed
    table = Table(title="Equity by game: deals valued per second (median), ratio ours ÷ peer",
                  title_justify="left")
    for col in ("spot", "library", "deals", "exact", "equity p1", "deals/s", "ours ÷ peer"):
        table.add_column(col, justify="left" if col in ("spot", "library") else "right")
    for label, game, hands, dead, samples, variant, ph, pdead, types, hole in SPOTS:
        rows = [_row("ours", runs, lambda: ours(game, hands, dead, samples))]
        if variant is not None:
            rows.append(_row("poker-equity", runs, lambda: peer(variant, ph, pdead, samples)))
            rows.append(_row("pokerkit", runs, lambda: pokerkit(ph if "*" not in "".join(ph) else
                                                                [h.replace("*", "") for h in ph],
                                                                pdead, types, hole, pks)))
        _add(table, label, rows, samples is None)
    _add(table, "Omaha hi-lo on the flop, heads-up", omaha_spot(runs, pks), True)
    console.print(table)


def _add(table, label, rows, exact):
    ref = rows[0][1]
    for k, (name, rate, (deals, eq)) in enumerate(rows):
        is_exact = exact and name != "pokerkit"
        table.add_row(label if k == 0 else "", name, f"{deals:,}", "yes" if is_exact else "no",
                      f"{eq:.4f}", fmt_rate(rate), "" if k == 0 else fmt_ratio(ref / rate))
    table.add_section()


if __name__ == "__main__":
    main()
