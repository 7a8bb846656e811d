"""Outside check (issue 25): OpenSpiel's ``universal_poker``, built on the competition's own
game-definition code, loads our game files and, on the same deals and the same actions, offers
the same legal actions, prints the same betting strings and pays the same as our dealer's hands
(pokertd.acpc.hand over the engine), over hundreds of random hands of each game.

OpenSpiel's abstractions: ``fullgame`` for no-limit (an action is fold 0, call 1 or the raise's
total N), ``fcpa`` for limit (fold 0, call 1, raise 2). Its gamedef loader keeps its own
default stacks (1200) when a limit file gives none (the ACPC's default is 2**31 - 1); we pass
the ACPC's default, which no limit hand can reach anyway.

The only difference allowed is the one the rules make: a tied pot that does not split into
whole chips. OpenSpiel (like the ACPC) pays fractions of a chip; the engine pays whole chips,
the odd one to the first tied player left of the button (IFP 50), so each value is within a
chip and the values still sum to zero.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pyspiel  # noqa: E402

from pokertd.acpc.hand import AcpcHand, engine_options  # noqa: E402
from pokertd.formats.acpc import Action, format_betting, load_gamedef  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acpc"
BETTING = re.compile(r"ACPC State: STATE:\d+:([^:]*):")


def openspiel_game(path: Path):
    text = path.read_text()
    params = pyspiel.universal_poker.load_universal_poker_from_acpc_gamedef(text).get_parameters()
    g = load_gamedef(path)
    params["stack"] = " ".join(map(str, g.stacks))
    params["bettingAbstraction"] = "fullgame" if g.betting == "nolimit" else "fcpa"
    return pyspiel.load_game("universal_poker", params)


def our_legal(h: AcpcHand) -> set[int]:
    """Our legal actions in OpenSpiel's numbering."""
    fold, raise_ = h.legal()
    out = {1} | ({0} if fold else set())
    if raise_ is not None:
        out |= {2} if h.g.betting == "limit" else set(range(raise_[0], raise_[1] + 1))
    return out


def choose(rng: random.Random, legal: list[int], limit: bool) -> int:
    r = rng.random()
    if 0 in legal and r < 0.12:
        return 0
    raises = [a for a in legal if a >= 2]
    if raises and r > 0.55:
        if limit or rng.random() < 0.1:
            return raises[-1]                          # the limit raise, or all-in
        lo = raises[0]
        return rng.choice([lo, min(raises[-1], lo + rng.randrange(0, 4 * lo + 1))])
    return 1


def action_of(a: int, limit: bool) -> Action:
    return Action("f") if a == 0 else Action("c") if a == 1 else (
        Action("r") if limit else Action("r", a))


@pytest.mark.parametrize("name, hands", [
    ("holdem.limit.2p.reverse_blinds.game", 300),
    ("holdem.nolimit.2p.reverse_blinds.game", 300),
    ("holdem.limit.3p.game", 300),
])
def test_openspiel_universal_poker_agrees_hand_by_hand(name, hands):
    path = EXAMPLES / name
    g = load_gamedef(path)
    options = engine_options(g)
    game = openspiel_game(path)
    limit = g.betting == "limit"
    rng = random.Random(f"acpc-openspiel:{name}")
    decisions = showdowns = fractional = allins = 0
    for _ in range(hands):
        deck = list(range(52))
        rng.shuffle(deck)
        holes = [deck[2 * p:2 * p + 2] for p in range(g.players)]
        board = deck[2 * g.players:2 * g.players + 5]
        ours = AcpcHand(g, holes, board, options)
        theirs = game.new_initial_state()
        cards = iter(sum(holes, []) + board)
        while not theirs.is_terminal():
            if theirs.is_chance_node():
                theirs.apply_action(next(cards))
                continue
            assert not ours.done
            assert theirs.current_player() == ours.actor
            legal = theirs.legal_actions()
            assert set(legal) == our_legal(ours), (format_betting(ours.betting), str(theirs))
            a = choose(rng, legal, limit)
            theirs.apply_action(a)
            ours.act(action_of(a, limit))
            decisions += 1
        assert ours.done
        assert BETTING.search(str(theirs)).group(1) == format_betting(ours.betting)
        values, returns = ours.values(), theirs.returns()
        assert sum(values) == 0
        if all(float(x).is_integer() for x in returns):
            assert values == [int(x) for x in returns], (format_betting(ours.betting), returns)
        else:
            fractional += 1                            # IFP 50: whole chips, the odd one left of the button
            assert all(abs(v - x) < 1 for v, x in zip(values, returns))
        showdowns += ours.showdown
        allins += 0 in ours.hand.stacks
    assert decisions > 3 * hands and showdowns > hands // 10
    assert fractional < hands // 10
    assert limit or allins > hands // 10          # no-limit: all-ins and their run-outs (r..c///)


def test_an_odd_chip_goes_left_of_the_button_where_openspiel_splits_it_ifp_50():
    """IFP 50: the odd chip of a tied pot goes to the first tied player left of the button;
    OpenSpiel (like the ACPC) pays each half a chip. Three-handed limit: the small blind folds
    its 5, the other two check it down and the board (a straight) plays: a pot of 25."""
    path = EXAMPLES / "holdem.limit.3p.game"
    g = load_gamedef(path)
    c = {t: i for i, t in enumerate(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs")}
    holes = [[c["2c"], c["3d"]], [c["4c"], c["5d"]], [c["2h"], c["3s"]]]
    board = [c[x] for x in ("Ac", "Kd", "Qh", "Js", "Tc")]
    ours = AcpcHand(g, holes, board)
    theirs = openspiel_game(path).new_initial_state()
    for card in sum(holes, []):
        theirs.apply_action(card)

    def deal_board() -> None:                         # the board's next cards, in order
        while theirs.is_chance_node():
            theirs.apply_action(next(x for x in board if x not in theirs.history()))

    for a in [1, 0, 1] + [1, 1] * 3:                  # button calls, small blind folds, checks
        deal_board()
        theirs.apply_action(a)
        ours.act(action_of(a, True))
    deal_board()
    assert format_betting(ours.betting) == "cfc/cc/cc/cc"
    assert theirs.returns() == [-5.0, 2.5, 2.5]
    assert ours.values() == [-5, 3, 2]                # position 1 is first left of the button
