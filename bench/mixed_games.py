"""The mixed games, side by side with pokerkit on the same games (issue 12).

    python bench/mixed_games.py [--budget SECONDS] [--seed S] [--quick] [--games F7S,FR]

For each game (pot-limit Omaha, Omaha hi-lo, stud, stud hi-lo, razz, no-limit deuce-to-seven
single draw, limit triple draw, limit badugi, no-limit short deck): complete six-handed hands
(stud: six players too), each seat's stack drawn from 100..4,000 chips against bets of 10/20
(blinds 5/10; stud antes 2, bring-in 5; short deck antes 2 and a button blind of 10), played to the end with uniformly random legal actions: the action kind uniformly
among those legal (fold only facing a bet; check-or-call; bet-or-raise or completion when
allowed; the bring-in player posts it or completes), a raise-to amount uniformly in its
range, and at a draw a random subset of the hand discarded. Each engine deals its own cards
and settles its own pots; chips are checked to be conserved hand by hand. Interleaved slices
(bench/_common.race); rates are hands per second, ratios ours ÷ pokerkit (issue 12's target:
10x on every game). bench/engine.py runs this after its hold'em tables.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import Contender, Result, console, print_rate_table, race  # noqa: E402

PLAYERS = 6
SMALL, BIG = 10, 20
GAMES = [  # (our variant code, pokerkit class, stud?)
    ("PO", "PotLimitOmahaHoldem", False),
    ("FO/8", "FixedLimitOmahaHoldemHighLowSplitEightOrBetter", False),
    ("F7S", "FixedLimitSevenCardStud", True),
    ("F7S/8", "FixedLimitSevenCardStudHighLowSplitEightOrBetter", True),
    ("FR", "FixedLimitRazz", True),
    ("N2L1D", "NoLimitDeuceToSevenLowballSingleDraw", False),
    ("F2L3D", "FixedLimitDeuceToSevenLowballTripleDraw", False),
    ("FB", "FixedLimitBadugi", False),
    ("NS", "NoLimitShortDeckHoldem", False),
]
BUTTON = [0] * (PLAYERS - 1) + [10]     # short deck: antes of 2 and the button's blind of 10


def stacks_for(seed: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(100, 4000) for _ in range(PLAYERS)] for _ in range(n)]


def ours(variant: str, stud: bool, seed: int, n: int) -> tuple[Result, Contender]:
    from pokertd.engine.mixed import MixedHand

    r = Result(f"ours {variant}", " hands")
    stacks = stacks_for(seed, n)
    rng = random.Random(seed + 1)
    deal = random.Random(seed + 2)
    kw = (dict(antes=2, bring_in=5, small_bet=SMALL, big_bet=BIG) if stud else
          dict(blinds=BUTTON, antes=2, min_bet=10) if variant == "NS" else
          dict(blinds=[5, 10] + [0] * (PLAYERS - 2), small_bet=SMALL, big_bet=BIG, min_bet=10))
    bad = [0]

    def play(k: int) -> None:
        h = MixedHand(variant, stacks[k], rng=deal, **kw)
        while not h.done:
            la = h.legal_actions()
            if la["phase"] == "drawing":
                held = h.holes[la["player"]]
                h.discard([c for c in held if rng.random() < 0.5])
                continue
            if la["bring_in"]:
                if rng.random() < 0.5 or la["min_raise_to"] is None:
                    h.post_bring_in()
                else:
                    h.raise_to(la["min_raise_to"])
                continue
            kinds = [0, 1] if not la["check"] else [1]
            if la["min_raise_to"] is not None:
                kinds.append(2)
            kind = kinds[int(rng.random() * len(kinds))]
            if kind == 0:
                h.fold()
            elif kind == 1:
                h.check_call()
            else:
                h.raise_to(rng.randint(la["min_raise_to"], la["max_raise_to"]))
        if sum(h.stacks) != sum(stacks[k]):
            bad[0] += 1

    def work(lo: int, hi: int) -> None:
        for k in range(lo, hi):
            play(k)

    return r, Contender(r, work, n, passes=1, probe=3)


def theirs(variant: str, cls_name: str, stud: bool, seed: int, n: int) -> tuple[Result, Contender | None]:
    r = Result(f"pokerkit {variant}", " hands")
    try:
        import pokerkit
    except ImportError as e:
        r.skipped = f"not installed ({e})"
        return r, None
    cls = getattr(pokerkit, cls_name)
    auto = tuple(pokerkit.Automation)
    stacks = stacks_for(seed, n)
    rng = random.Random(seed + 1)
    random.seed(seed + 2)

    def create(start: list[int]):  # type: ignore[no-untyped-def]
        if stud:
            return cls.create_state(auto, True, 2, 5, SMALL, BIG, start, PLAYERS)
        if variant == "NS":
            return cls.create_state(auto, True, 2, BUTTON, 10, start, PLAYERS)
        if variant[0] == "F":
            return cls.create_state(auto, True, 0, (5, 10), SMALL, BIG, start, PLAYERS)
        return cls.create_state(auto, True, 0, (5, 10), 10, start, PLAYERS)

    def play(k: int) -> None:
        st = create(stacks[k])
        while st.status:
            if st.can_stand_pat_or_discard():
                held = st.hole_cards[st.stand_patter_or_discarder_index]
                st.stand_pat_or_discard([c for c in held if rng.random() < 0.5])
                continue
            if st.can_post_bring_in():
                if rng.random() < 0.5:
                    st.post_bring_in()
                else:
                    st.complete_bet_or_raise_to()
                continue
            kinds = [0, 1] if st.checking_or_calling_amount else [1]
            if st.can_complete_bet_or_raise_to():
                kinds.append(2)
            kind = kinds[int(rng.random() * len(kinds))]
            if kind == 0:
                st.fold()
            elif kind == 1:
                st.check_or_call()
            else:
                lo = st.min_completion_betting_or_raising_to_amount
                hi = st.max_completion_betting_or_raising_to_amount
                st.complete_bet_or_raise_to(rng.randint(lo, hi))

    def work(lo: int, hi: int) -> None:
        for k in range(lo, hi):
            play(k)

    return r, Contender(r, work, n, passes=1, probe=3)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--hands", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=20260101)
    p.add_argument("--quick", action="store_true", help="short budgets")
    p.add_argument("--budget", type=float, default=None, help="seconds per engine and game (default 4)")
    p.add_argument("--games", default=None, help="comma-separated variant codes (default: all): "
                   + ", ".join(g[0] for g in GAMES))
    args = p.parse_args(argv)
    chosen = GAMES
    if args.games:
        want = args.games.split(",")
        unknown = sorted(set(want) - {g[0] for g in GAMES})
        if unknown:
            p.error(f"unknown game(s) {', '.join(unknown)}: one of {', '.join(g[0] for g in GAMES)}")
        chosen = [g for g in GAMES if g[0] in want]
    budget = args.budget if args.budget is not None else (0.5 if args.quick else 4.0)
    console.print(f"pokertd bench/mixed_games.py: {PLAYERS}-handed, bets {SMALL}/{BIG}, up to "
                  f"{args.hands:,} hands or {budget:g} s per engine and game, seed {args.seed}")
    table = []
    for variant, cls_name, stud in chosen:
        mine, c1 = ours(variant, stud, args.seed, args.hands)
        other, c2 = theirs(variant, cls_name, stud, args.seed, args.hands)
        race([c for c in (c1, c2) if c is not None], budget, 0.1 if args.quick else 0.25)
        print_rate_table(f"{variant}: complete hands, uniformly random legal actions", [mine, other],
                         [("ours ÷ it", mine)])
        if mine.rates and other.rates:
            table.append((variant, mine.median, other.median))
    if table:
        console.print("game     ours h/s   pokerkit h/s   ours ÷ pokerkit")
        for v, a, b in table:
            console.print(f"{v:<8} {a:>9,.0f}   {b:>12,.0f}   {a / b:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
