"""One hand of a mixed game at a simulated table (pokertd.sim.run for the games that are
not hold'em): Omaha hi-lo, razz, stud, stud hi-lo and the draw games, through
:class:`~pokertd.engine.mixed.MixedHand` and :class:`~pokertd.bots.mixed.MixedBot`.

Limit games bet the level's big blind (the small bet) and twice it (the big bet); stud
plays the level's ``stud_ante`` and ``bring_in`` (TDA RP-10) and no blinds; short-deck hold'em
the level's ``ante`` from every player and its big blind posted by the button. Absent players
are dealt in and their hands killed as the preset says (``MixedHand(absent=...)``: TDA 30 and
RP-10-C at the deal, the stud bring-in posted first); a hand still dealt to an absent player
(IFP 8: his forced bets kept) posts a forced bring-in and folds when it is his turn.
"""

from __future__ import annotations

import random
from typing import Any

from ..bots.mixed import MixedBot
from ..engine.games import BUTTON_BLIND, game as game_of
from ..engine.mixed import MixedHand

__all__ = ["mixed_knockouts", "play_mixed_hand"]


def _blinds(setup: Any) -> list[int]:
    """Each player's blind in position order, as the hold'em hand places them."""
    pos = setup.positions
    sb, bb = setup.level.blinds
    n = len(setup.players)
    if n == 2 and pos.heads_up:
        return [bb, sb]                      # IFP 18: the button posts the small blind
    if n == 2:
        return [sb, bb] if pos.small_blind is not None else [bb, 0]
    if pos.small_blind is None:
        return [bb] + [0] * (n - 1)          # IFP 19: a single big blind
    return [sb, bb] + [0] * (n - 2)


def play_mixed_hand(setup: Any, rules: Any, bots: dict[str, MixedBot],
                    rng: random.Random) -> MixedHand:
    g, structure = game_of(setup.game)
    lv = setup.level
    kw: dict[str, Any] = {"rules": rules, "rng": rng, "small_bet": lv.big_blind,
                          "big_bet": 2 * lv.big_blind, "min_bet": lv.big_blind,
                          "chip_unit": setup.chip_unit}
    if g.stud:
        kw.update(antes=lv.stud_ante, bring_in=lv.bring_in)
    elif g.forced == BUTTON_BLIND:
        # Short deck: every player antes and the button posts the big blind (the common format).
        kw.update(blinds=[0] * (len(setup.players) - 1) + [lv.big_blind], antes=lv.ante)
    else:
        kw.update(blinds=_blinds(setup), antes=lv.ante)
    absent = setup.absent
    h = MixedHand(setup.game, list(setup.stacks), absent=[p for p, a in enumerate(absent) if a],
                  **kw)
    players = setup.players
    while not h.done:
        la = h.legal_actions()
        p = la["player"]
        if p is not None and absent[p] and la["phase"] == "betting":
            if la["bring_in"] and not la["fold"]:
                h.post_bring_in()            # IFP 8: his forced bets are kept
            else:
                h.fold() if la["fold"] else h.check_call()
            continue
        if p is None:
            raise RuntimeError(f"a simulated mixed hand waits for cards: {h.describe_legal()}")
        bots[players[p]].act(h)
    return h


def mixed_knockouts(hand: MixedHand, busted: list[int]) -> dict[int, int]:
    """Who won each busted player's chips: the player who won the most from the pots he was
    in (equal amounts: the first clockwise from the button, as in pokertd.sim.run)."""
    won: dict[int, dict[int, int]] = {b: {} for b in busted}
    for e in hand.events():
        if e["type"] != "awarded":
            continue
        for b in busted:
            if b in hand.pot_players[e["pot"]] or len(hand.pot_players) == 1:
                w = won[b]
                w[e["player"]] = w.get(e["player"], 0) + e["amount"]
    return {b: min(w, key=lambda i: (-w[i], i)) for b, w in won.items() if w}
