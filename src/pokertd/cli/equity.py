"""``pokertd equity``: equity of hands and ranges, exact or Monte Carlo: hold'em, and with
``--game`` Omaha and Omaha hi-lo (plo, plo8), seven-card stud, stud hi-lo and razz (stud,
stud8, razz: hands ``DOWN/UP``), deuce-to-seven single and triple draw and badugi (27sd, 27td,
badugi: hands ``CARDS:N1,N2,N3``, the cards drawn at each draw to come) and short-deck
hold'em (shortdeck: two hole cards and a board from the 36-card deck)."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer
from .output import Console, Table

from .app import OutputFormat, app


class Game(str, Enum):
    holdem = "holdem"
    plo = "plo"
    plo8 = "plo8"
    stud = "stud"
    stud8 = "stud8"
    razz = "razz"
    d27_single = "27sd"
    d27_triple = "27td"
    badugi = "badugi"
    shortdeck = "shortdeck"


_SPLIT = ("plo8", "stud8")
_NAMES = {"stud": "seven-card stud", "stud8": "stud hi-lo", "razz": "razz",
          "27sd": "2-7 single draw", "27td": "2-7 triple draw",
          "badugi": "badugi"}


def equity_table(result, title: str) -> Table:
    """Win, tie and equity; in hi-lo scoop, the shares of the high and of the low half, and
    equity (a split pot is the rule there, not a tie)."""
    table = Table(title=title)
    table.add_column("hand")
    split = getattr(result.players[0], "high", None) is not None
    for name in ("scoop", "high half", "low half") if split else ("win", "tie"):
        table.add_column(name, justify="right")
    table.add_column("equity", justify="right")
    for p in result.players:
        cells = (p.win, p.high, p.low) if split else (p.win, p.tie)
        table.add_row(p.hand, *[f"{c:.4%}" for c in cells], f"{p.equity:.4%}")
    return table


@app.command()
def equity(
    hands: Annotated[list[str], typer.Argument(help="Two or more hands or ranges: AhAs, KdKc, "
                                               "'QQ+,AKs'; stud: DOWN/UP (AsKd/Qh, ????/QhJh); "
                                               "2-7 draw: CARDS[:N1,N2,N3] (7h5d3c2sKd:1); "
                                               "badugi: four cards[:N1,N2,N3] (As2d3h9h:1).")],
    board: Annotated[str, typer.Option(help="Known board cards, e.g. 2c7d9h.")] = "",
    dead: Annotated[str, typer.Option(help="Dead cards that cannot come, e.g. 3s4s.")] = "",
    samples: Annotated[int | None, typer.Option(help="Monte Carlo with this many samples (default: exact).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for Monte Carlo, for a reproducible result.")] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
    game: Annotated[Game, typer.Option(help="holdem, plo (Omaha: four cards, two of them with "
                                       "three of the board), plo8 (Omaha hi-lo eight or better), "
                                       "stud, stud8 (stud hi-lo), razz, 27sd or 27td (deuce-to-"
                                       "seven single or triple draw), badugi, shortdeck "
                                       "(short-deck hold'em, 36 cards).")]
    = Game.holdem,
) -> None:
    """Win, tie and equity of each hand: exact (every board) unless --samples is given.

    Omaha (--game plo, plo8) is exact when the boards are few enough, else 20,000 random
    boards. Stud, razz, 2-7 draw and badugi are exact over every deal of the cards to come, and
    refused with a request for --samples when those are too many. Hi-lo games show scoop,
    high half and low half.

    Stud hands are DOWN/UP: the down cards (?? for one not seen), a slash, the up cards;
    every player on the same street. 2-7 hands are the five cards held, then :N1,N2,N3 for
    the cards drawn at each draw still to come (the worst cards thrown: pairs, then the
    highest); no counts: pat. Badugi hands are the four cards held, :N1,N2,N3 the same
    way; at each draw a hand keeps its best badugi and throws the others, the highest first.

    Short deck (--game shortdeck) takes hold'em hands and board from the 36 cards sixes to
    aces (a flush beats a full house, A-6-7-8-9 is a straight), exact over every board
    unless --samples is given.

    Example: pokertd equity AhAs KdKc --board 2c7d9h

    Example: pokertd equity --game razz Ah2c/3dKs5h 4s6s/7s8s9h --dead Kc
    """
    if game.value in _NAMES and board:
        raise typer.BadParameter(f"{_NAMES[game.value]} has no board: give the cards in the hands "
                                 "and the cards seen folded as --dead", param_hint="'--board'")
    try:
        if game in (Game.stud, Game.stud8, Game.razz):
            from ..evaluator.stud_equity import stud_equity
            from .compiling import compiling_notice

            with compiling_notice():             # stud high hands: the Numba batch kernels
                result = stud_equity(game.value, hands, dead, samples=samples, seed=seed)
        elif game in (Game.d27_single, Game.d27_triple):
            from ..evaluator.draw_equity import draw_equity
            result = draw_equity(game.value, hands, dead, samples=samples, seed=seed)
        elif game is Game.badugi:
            from ..evaluator.badugi_equity import badugi_equity
            result = badugi_equity(hands, dead, samples=samples, seed=seed)
        elif game is Game.shortdeck:
            from ..evaluator.short_deck_equity import short_deck_equity
            result = short_deck_equity(hands, board, dead, samples=samples, seed=seed)
        elif game is Game.holdem:
            from ..evaluator.equity import equity as compute
            from .compiling import compiling_notice

            # Ranges and Monte Carlo run in the Numba kernels (hand against hand does not).
            ranges = samples is not None or any(len(h.strip()) != 4 for h in hands)
            if ranges:
                with compiling_notice():
                    result = compute(hands, board, dead, samples=samples, seed=seed)
            else:
                result = compute(hands, board, dead, samples=samples, seed=seed)
        else:
            from ..evaluator.omaha_equity import omaha_equity
            from .compiling import compiling_notice

            with compiling_notice():             # Omaha's hands: the Numba batch kernels
                result = omaha_equity(hands, board, dead, hilo=game is Game.plo8, samples=samples,
                                      seed=seed)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    if output is OutputFormat.json:
        typer.echo(json.dumps(result.to_dict()))
        return
    how = "exact" if result.exact else f"Monte Carlo, seed {seed}" if seed is not None else "Monte Carlo"
    if game.value in _NAMES:
        what = "deals" if result.exact else "samples"
        Console().print(equity_table(result, f"{_NAMES[game.value]}: {result.deals:,} {what} ({how})"))
        return
    boards = result.deals if game is Game.shortdeck else result.boards
    title = f"{'short deck, ' if game is Game.shortdeck else ''}" \
        f"{'board ' + board if board else 'pre-flop'}: {boards:,} {'boards' if result.exact else 'samples'} ({how})"
    Console().print(equity_table(result, title))
