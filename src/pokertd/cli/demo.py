"""``pokertd demo``: a short tour of the evaluator and equity (hand names, exact and Monte Carlo)."""

from __future__ import annotations

from .output import RichConsole, Table

from .app import app


@app.command()
def demo(seed: int = 2026) -> None:
    """Deal a seeded hold'em showdown, name the hands, and compute the equities."""
    from .compiling import compiling_notice

    with compiling_notice():
        _tour(seed)


def _tour(seed: int) -> None:
    from ..cards import Deck, cards_text
    from ..evaluator import describe, evaluate, evaluate_batch
    from ..evaluator.equity import exact_equity, monte_carlo_equity
    from .equity import equity_table

    import numpy as np

    console = RichConsole()
    deck = Deck(seed=seed)
    holes = [deck.deal(2) for _ in range(3)]
    board = deck.deal(5)
    console.rule("[bold]pokertd demo")
    console.print(f"Seeded deal (seed {seed}): board [bold]{cards_text(board)}[/bold]")
    shown = Table(title="Showdown")
    shown.add_column("player")
    shown.add_column("hole cards")
    shown.add_column("best hand")
    shown.add_column("strength", justify="right")
    strengths = [evaluate(tuple(h) + tuple(board)) for h in holes]
    for i, (h, s) in enumerate(zip(holes, strengths), 1):
        mark = " (wins)" if s == max(strengths) else ""
        shown.add_row(f"p{i}", cards_text(h), describe(s) + mark, str(s))
    console.print(shown)
    flop = board[:3]
    exact = exact_equity([cards_text(h) for h in holes], board=cards_text(flop))
    console.print(equity_table(exact, f"On the flop {cards_text(flop)}: exact over {exact.boards:,} boards"))
    pre = exact_equity(["AhAs", "KdKc"])
    console.print(equity_table(pre, f"AhAs vs KdKc pre-flop: exact over {pre.boards:,} boards"))
    mc = monte_carlo_equity(["AhAs", "QQ+,AKs"], samples=2_000_000, seed=seed)
    console.print(equity_table(mc, f"AhAs vs the range QQ+,AKs: Monte Carlo, {mc.boards:,} samples"))
    rng = np.random.default_rng(seed)
    hands = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7].astype(np.uint8)
    counts = np.bincount(_categories(evaluate_batch(hands)), minlength=9)
    cat = Table(title="200,000 random seven-card hands by category (compiled batch evaluator)")
    cat.add_column("category")
    cat.add_column("hands", justify="right")
    from ..evaluator import Category

    for c in reversed(Category):
        cat.add_row(c.label, f"{counts[c]:,}")
    console.print(cat)


def _categories(strengths):
    from ..evaluator import category_batch

    return category_batch(strengths)
