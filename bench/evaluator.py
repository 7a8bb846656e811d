"""Hand evaluation and equity, side by side with the Python poker libraries (issue 2).

    python bench/evaluator.py [--hands N] [--seed S] [--quick]

The same N random seven-card hands (seeded NumPy; card index 4*rank + suit, ranks 2..A =
0..12, suits c d h s = 0..3) go through, in one process:

  ours       pokertd.evaluator.evaluate (one Python call per hand, a 7-tuple of ints),
             evaluate_batch(uint8 (N, 7)) and evaluate_batch(..., check=False)
  eval7      eval7.evaluate on a list of eval7.Card, one call per hand
  treys      treys.Evaluator().evaluate(hole, board) on treys' int cards
  phevaluator  phevaluator.evaluate_7cards on its card ids
  pokerkit   StandardHighHand.from_game(hole, board) on pokerkit Cards
  pokerfast  its batch evaluator: pokerfast.equity.evaluate (public, takes card text and
             parses it in Python) and the OMPEval kernel under it (pf_evaluate on a
             pre-encoded buffer, through the ctypes library that function loads); and
             pokerfast.eval7, its pure-Python one-call-per-hand evaluator

Each library's card type is built before timing; only evaluation is timed. A library
slower than the time budget is timed on a prefix of the same hands (the "timed" column
says how many). Every hand a peer evaluated is checked against our strengths: the two
must order every pair of those hands the same way, ties included ("same work").

Equity: exact AhAs vs KdKc preflop (ours vs pokerfast's OMPEval; eval7 has no preflop
enumeration) and Monte Carlo showdowns per second (ours vs pokerfast and eval7).

Ratios are "ours ÷ theirs" on medians for rates, "theirs ÷ ours" for times: above 1
means ours is faster. Numba kernels are compiled (and every library's tables loaded)
in a warm-up before any timing.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import sys
import time
from fractions import Fraction

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import Result, console, print_rate_table, print_time_table, run_chunks, timed  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [r + s for r in RANKS for s in SUITS]  # index 4*rank + suit

# AhAs vs KdKc with no board: 1,712,304 boards; AhAs wins 1,388,072, ties 6,538.
EXACT_AA_KK = Fraction(2 * 1_388_072 + 6_538, 2 * 1_712_304)


def random_hands(n: int, seed: int) -> np.ndarray:
    """n rows of 7 distinct card indices (uint8), from a seeded NumPy generator."""
    rng = np.random.default_rng(seed)
    out = np.empty((0, 7), np.uint8)
    while len(out) < n:
        need = n - len(out)
        draw = rng.integers(0, 52, size=(need + need // 2 + 16, 7), dtype=np.uint8)
        s = np.sort(draw, axis=1)
        distinct = (np.diff(s, axis=1) != 0).all(axis=1)
        out = np.concatenate([out, draw[distinct][:need]])
    return out


def same_order(ours: np.ndarray, theirs: np.ndarray, higher_is_better: bool) -> bool:
    """True when ``theirs`` orders every pair of hands as ``ours`` does, ties included: a
    strictly increasing function of our strength (decreasing if lower is better there)."""
    t = np.asarray(theirs, np.int64)
    if not higher_is_better:
        t = -t
    pairs = np.unique(np.stack([np.asarray(ours, np.int64), t], axis=1), axis=0)
    if len(pairs) != len(np.unique(ours)):
        return False  # one of our strengths maps to two of theirs: a tie they break
    return bool(np.all(np.diff(pairs[:, 1]) > 0))


def disagreeing_pairs(ours: np.ndarray, theirs: np.ndarray, higher_is_better: bool, seed: int) -> float:
    """Share of 100,000 random pairs that the two order differently (a diagnostic)."""
    rng = np.random.default_rng(seed)
    i = rng.integers(0, len(ours), 100_000)
    j = rng.integers(0, len(ours), 100_000)
    a = np.sign(np.asarray(ours, np.int64)[i] - np.asarray(ours, np.int64)[j])
    t = np.asarray(theirs, np.int64)
    b = np.sign(t[i] - t[j]) * (1 if higher_is_better else -1)
    return float(np.mean(a != b))


# --------------------------------------------------------------------------- evaluators

def bench_evaluators(hands: np.ndarray, args) -> tuple[list[Result], Result, Result]:
    n = len(hands)
    budget = args.budget
    chunk = max(1000, min(100_000, n // 20))
    reps = args.repeats
    rows: list[Result] = []

    from pokertd.evaluator import evaluate, evaluate_batch

    # Warm-up: compile the Numba kernels and build every table before anything is timed.
    evaluate_batch(hands[:100_000])
    evaluate_batch(hands[:100_000], check=False)
    evaluate_batch(hands[:100])
    ref = evaluate_batch(hands)  # our strengths: what every peer is checked against

    def check(r: Result, outputs, higher_is_better: bool) -> None:
        k = len(outputs)
        r.ok = same_order(ref[:k], np.asarray(outputs), higher_is_better)
        if not r.ok:
            r.note += f" {disagreeing_pairs(ref[:k], np.asarray(outputs), higher_is_better, 1):.2%} of pairs disagree"

    # Ours, one call per hand.
    tuples = [tuple(row) for row in hands.tolist()]
    ours_one = Result("ours: evaluate (1 call/hand)", " hands")
    for _ in range(reps):
        outs = run_chunks(ours_one, lambda lo, hi: [evaluate(h) for h in tuples[lo:hi]], n, chunk, budget)
    check(ours_one, outs, True)
    ours_one.note = "pure Python, 1 core"
    rows.append(ours_one)

    # Ours, batch.
    ours_batch = Result("ours: evaluate_batch", " hands")
    for _ in range(max(reps, 5)):
        dt, out = timed(lambda: evaluate_batch(hands))
        ours_batch.rates.append(n / dt)
        ours_batch.items += n
    ours_batch.ok = bool(np.array_equal(out, ref))
    ours_batch.note = "Numba, parallel (2 cores)"
    rows.append(ours_batch)

    ours_nocheck = Result("ours: evaluate_batch(check=False)", " hands")
    for _ in range(max(reps, 5)):
        dt, out = timed(lambda: evaluate_batch(hands, check=False))
        ours_nocheck.rates.append(n / dt)
        ours_nocheck.items += n
    ours_nocheck.ok = bool(np.array_equal(out, ref))
    ours_nocheck.note = "Numba, parallel, no per-row check"
    rows.append(ours_nocheck)
    del tuples

    # eval7: one call per hand on a list of eval7.Card.
    r = Result("eval7: evaluate (1 call/hand)", " hands")
    try:
        import eval7
    except ImportError as e:
        r.skipped = f"not installed ({e})"
    else:
        deck = [eval7.Card(s) for s in NAMES]
        e7 = [[deck[c] for c in row] for row in hands.tolist()]
        ev = eval7.evaluate
        ev(e7[0])
        for _ in range(reps):
            outs = run_chunks(r, lambda lo, hi: [ev(h) for h in e7[lo:hi]], n, chunk, budget)
        check(r, outs, True)
        r.note = "Cython"
        del e7
    rows.append(r)

    # treys: evaluate(hole, board) on its int cards; lower is better.
    r = Result("treys: Evaluator.evaluate", " hands")
    try:
        import treys
    except ImportError as e:
        r.skipped = f"not installed ({e})"
    else:
        deck = [treys.Card.new(s) for s in NAMES]
        tr = [([deck[c] for c in row[:2]], [deck[c] for c in row[2:]]) for row in hands.tolist()]
        evaluator = treys.Evaluator()
        ev = evaluator.evaluate
        ev(*tr[0])
        outs = run_chunks(r, lambda lo, hi: [ev(h, b) for h, b in tr[lo:hi]], n, chunk, budget)
        check(r, outs, False)
        r.note = "pure Python"
        del tr
    rows.append(r)

    # phevaluator: evaluate_7cards on card ids (its ids are ours: 4*rank + suit, c d h s).
    r = Result("phevaluator: evaluate_7cards", " hands")
    try:
        from phevaluator import evaluate_7cards
        from phevaluator.card import Card as PhCard
    except ImportError as e:
        r.skipped = f"not installed ({e})"
    else:
        assert [PhCard(s).id_ for s in NAMES] == list(range(52)), "phevaluator card ids changed"
        ph = [tuple(row) for row in hands.tolist()]
        evaluate_7cards(*ph[0])
        for _ in range(reps):
            outs = run_chunks(r, lambda lo, hi: [evaluate_7cards(*h) for h in ph[lo:hi]], n, chunk, budget)
        check(r, outs, False)
        r.note = "C extension"
        del ph
    rows.append(r)

    # pokerkit: StandardHighHand.from_game(hole, board) on pokerkit Cards.
    r = Result("pokerkit: StandardHighHand.from_game", " hands")
    try:
        from pokerkit import Card as PkCard
        from pokerkit import StandardHighHand
    except ImportError as e:
        r.skipped = f"not installed ({e})"
    else:
        deck = [next(iter(PkCard.parse(s))) for s in NAMES]
        pk = [(tuple(deck[c] for c in row[:2]), tuple(deck[c] for c in row[2:]))
              for row in hands[: min(n, 200_000)].tolist()]
        fg = StandardHighHand.from_game
        fg(*pk[0])
        pk_chunk = max(100, min(chunk, 2_000))
        outs = run_chunks(r, lambda lo, hi: [fg(h, b) for h, b in pk[lo:hi]], len(pk), pk_chunk, budget)
        check(r, [h.entry.index for h in outs], True)
        r.note = "pure Python"
        del pk
    rows.append(r)

    # pokerfast: pure-Python eval7 (one call per hand, card text), public batch evaluate,
    # and the OMPEval kernel under that batch call.
    try:
        import pokerfast
        import pokerfast.equity as pfe
    except ImportError as e:
        for name in ("pokerfast: eval7 (1 call/hand)", "pokerfast: equity.evaluate (batch)",
                     "pokerfast: OMPEval pf_evaluate (batch kernel)"):
            rows.append(Result(name, " hands", skipped=f"not installed ({e})"))
        return rows, ours_one, ours_batch

    r = Result("pokerfast: eval7 (1 call/hand)", " hands")
    txt = [tuple(NAMES[c] for c in row) for row in hands[: min(n, 500_000)].tolist()]
    pf7 = pokerfast.eval7
    pf7(txt[0])
    outs = run_chunks(r, lambda lo, hi: [pf7(h) for h in txt[lo:hi]], len(txt), chunk, budget)
    check(r, outs, True)
    r.note = "pure Python"
    rows.append(r)

    r = Result("pokerfast: equity.evaluate (batch)", " hands")
    if not pfe.available():
        r.skipped = "OMPEval library not available on this platform"
    else:
        pfe.evaluate(txt[:10])
        outs = run_chunks(r, lambda lo, hi: pfe.evaluate(txt[lo:hi]), len(txt), chunk, budget)
        check(r, outs, True)
        r.note = "parses card text in Python, then 1 C call"
    rows.append(r)
    del txt

    r = Result("pokerfast: OMPEval pf_evaluate (batch kernel)", " hands")
    if not pfe.available():
        r.skipped = "OMPEval library not available on this platform"
    else:
        # OMPEval's card index is 4*rank + suit with suits s h c d (pokerfast/equity.py).
        omp_suit = np.array([pfe._SUIT[s] for s in SUITS], np.uint8)
        enc = (4 * (hands // 4) + omp_suit[hands % 4]).astype(np.uint8)
        buf = enc.tobytes()
        lib = pfe._load()
        out = (ctypes.c_uint16 * n)()
        lib.pf_evaluate(buf, 1000, 7, out)
        for _ in range(max(reps, 5)):
            dt, rc = timed(lambda: lib.pf_evaluate(buf, n, 7, out))
            if rc != 0:
                raise RuntimeError(f"pf_evaluate returned {rc}")
            r.rates.append(n / dt)
            r.items += n
        check(r, np.frombuffer(out, np.uint16), True)
        r.note = "C++ via ctypes, 1 core, input pre-encoded"
    rows.append(r)
    return rows, ours_one, ours_batch


# --------------------------------------------------------------------------- equity

def bench_exact(args) -> tuple[list[Result], Result]:
    from pokertd.evaluator.equity import exact_equity

    calls = args.equity_calls
    rows = []
    ours = Result("ours: exact_equity", "")
    res = exact_equity(["AhAs", "KdKc"])  # warm-up (kernel compilation)
    for _ in range(calls):
        dt, res = timed(lambda: exact_equity(["AhAs", "KdKc"]))
        ours.seconds.append(dt)
    ours.ok = res.players[0].equity_fraction == EXACT_AA_KK and res.boards == 1_712_304
    ours.note = f"equity {res.players[0].equity:.6f}, {res.boards:,} boards"
    rows.append(ours)

    try:
        import pokerfast.equity as pfe
    except ImportError as e:
        rows.append(Result("pokerfast: equity(exact)", "", skipped=f"not installed ({e})"))
    else:
        for threads, label in ((1, "1 thread"), (0, "all cores")):
            r = Result(f"pokerfast: equity(exact, {label})", "")
            if not pfe.available():
                r.skipped = "OMPEval library not available on this platform"
            else:
                eq = pfe.equity(["AhAs", "KdKc"], threads=threads)
                for _ in range(calls):
                    dt, eq = timed(lambda: pfe.equity(["AhAs", "KdKc"], threads=threads))
                    r.seconds.append(dt)
                r.ok = abs(eq[0] - float(EXACT_AA_KK)) < 1e-12
                r.note = f"equity {eq[0]:.6f}"
            rows.append(r)

    rows.append(Result("eval7: py_hand_vs_range_exact", "",
                       skipped="no preflop enumeration: it scores the given board only (returns 1.0 here)"))
    return rows, ours


def bench_monte_carlo(args) -> tuple[list[Result], Result]:
    from pokertd.evaluator.equity import monte_carlo_equity

    samples = args.samples
    calls = args.mc_calls
    exact = float(EXACT_AA_KK)
    rows = []

    def close(eq: float, n: int) -> bool:
        # within 5 standard errors of the exact equity
        return abs(eq - exact) < 5 * (exact * (1 - exact) / n) ** 0.5 + 1e-9

    ours = Result("ours: monte_carlo_equity", " showdowns")
    monte_carlo_equity(["AhAs", "KdKc"], samples=10_000, seed=1)  # warm-up
    for i in range(calls):
        dt, res = timed(lambda: monte_carlo_equity(["AhAs", "KdKc"], samples=samples, seed=12345 + i))
        ours.rates.append(res.boards / dt)
        ours.items += res.boards
    ours.ok = close(res.players[0].equity, res.boards)
    ours.note = f"equity {res.players[0].equity:.5f}, Numba parallel"
    rows.append(ours)

    try:
        import pokerfast.equity as pfe
    except ImportError as e:
        rows.append(Result("pokerfast: equity(exact=False)", " showdowns", skipped=f"not installed ({e})"))
    else:
        # Monte Carlo in pokerfast stops on a standard error or a time limit and its
        # wrapper does not return the sample count, so the ctypes call of equity() is made
        # here as equity() makes it (pokerfast/equity.py), reading the count back.
        for threads, label in ((1, "1 thread"), (0, "all cores")):
            r = Result(f"pokerfast: equity(exact=False, {label})", " showdowns")
            if not pfe.available():
                r.skipped = "OMPEval library not available on this platform"
                rows.append(r)
                continue
            lib = pfe._load()
            seconds = max(0.2, min(2.0, samples / 2e7))

            def mc():
                rs = (ctypes.c_char_p * 2)(b"AhAs", b"KdKc")
                out = (ctypes.c_double * 2)()
                count = ctypes.c_uint64()
                rc = lib.pf_equity(rs, 2, b"", b"", 0, 0.0, threads, seconds, out, ctypes.byref(count))
                if rc != 0:
                    raise RuntimeError(f"pf_equity returned {rc}")
                return out[0], count.value

            mc()
            for _ in range(calls):
                dt, (eq, count) = timed(mc)
                r.rates.append(count / dt)
                r.items += count
            r.ok = close(eq, count)
            r.note = f"equity {eq:.5f}, runs {seconds:.1f} s (time limit)"
            rows.append(r)

    r = Result("eval7: py_hand_vs_range_monte_carlo", " showdowns")
    try:
        import eval7
    except ImportError as e:
        r.skipped = f"not installed ({e})"
    else:
        hero = [eval7.Card("Ah"), eval7.Card("As")]
        villain = eval7.HandRange("KdKc")
        iters = max(10_000, samples // 10)
        eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 1000)
        for _ in range(calls):
            dt, eq = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iters))
            r.rates.append(iters / dt)
            r.items += iters
        r.ok = close(eq, iters)
        r.note = f"equity {eq:.5f}, Cython, 1 core"
    rows.append(r)
    return rows, ours


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=1_000_000, help="random seven-card hands (default 1,000,000)")
    p.add_argument("--seed", type=int, default=20260101, help="NumPy seed of the hands")
    p.add_argument("--quick", action="store_true", help="a fast smoke run: few hands, short budgets")
    p.add_argument("--budget", type=float, default=None,
                   help="seconds of timing per slow library before it stops on a prefix (default 8)")
    args = p.parse_args(argv)
    if args.quick:
        args.hands = min(args.hands, 50_000)
        args.budget = 0.5 if args.budget is None else args.budget
        args.repeats, args.equity_calls, args.samples, args.mc_calls = 1, 3, 2_000_000, 3
    else:
        args.budget = 8.0 if args.budget is None else args.budget
        args.repeats, args.equity_calls, args.samples, args.mc_calls = 3, 15, 50_000_000, 5

    import numba

    console.print(f"pokertd bench/evaluator.py: {args.hands:,} hands, seed {args.seed}, "
                  f"Python {sys.version.split()[0]}, NumPy {np.__version__}, Numba {numba.__version__} "
                  f"({numba.get_num_threads()} threads), {os.cpu_count()} CPUs, "
                  f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}")
    hands = random_hands(args.hands, args.seed)

    rows, ours_one, ours_batch = bench_evaluators(hands, args)
    print_rate_table(f"Seven-card evaluation: the same {len(hands):,} hands", rows,
                     [("evaluate ÷ it", ours_one), ("batch ÷ it", ours_batch)])

    rows, ours = bench_exact(args)
    print_time_table("Exact equity, AhAs vs KdKc preflop (1,712,304 boards)", rows, ours, "it ÷ ours")

    rows, ours = bench_monte_carlo(args)
    print_rate_table(f"Monte Carlo equity, AhAs vs KdKc ({args.samples:,} samples per call of ours)", rows,
                     [("ours ÷ it", ours)])
    console.print("Ratios above 1: ours is faster. 'same work': the peer orders every hand it "
                  "evaluated as ours does (ties included), or gives the same equity.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
