"""One ACPC hand played by the engine: the game definition mapped onto :class:`~pokertd.engine.Hand`.

The engine deals the hand and decides every rule (who acts, the raise sizes, the side pots,
the showdown); this module only translates. What it maps, and why the mapping is exact:

- **Positions.** ACPC position 0 is the first player after the button, the engine's player
  0; the last position is the button. Heads-up with reverse blinds (``blind = BB SB``,
  ``firstPlayer = 2 1 1 1``) the button posts the small blind and acts first before the flop
  and last after it: the engine's heads-up order (IFP 18). A game file whose ``firstPlayer``
  differs from the order the engine derives from its blinds is refused, naming both.
- **Limit.** ``raiseSize`` is the small bet on the first two rounds and the big bet on the
  last two; ``maxRaises = 3 4 4 4`` (the big blind counts as the first bet before the flop)
  is the cap of a bet and three raises the rules set (IFP 33).
- **No-limit.** ``stack`` is every player's stack at the start of *each* hand (the
  competition's "Doyle's game"). A raise ``rN`` is N chips in the whole hand: the engine's
  raise-to total of the round plus what the player put in on earlier rounds.
- **Folds.** The protocol (2.0.0) refuses a fold when the player could check.
- **Odd chips.** The ACPC splits a tied pot into fractions of a chip; the engine deals whole
  chips, the odd one to the first tied player left of the button (IFP 50), so a value may
  differ from the ACPC's by under a chip.
"""

from __future__ import annotations

from typing import Any

from ..engine import FOLDED, Hand, IllegalAction
from ..formats.acpc import ACPCError, Action, GameDef

__all__ = ["AcpcHand", "engine_options"]

HOLDEM_BOARD = (0, 3, 1, 1)


def engine_options(g: GameDef) -> dict[str, Any]:
    """The engine's table options for game ``g``; refuse a game the engine does not deal."""
    if (g.rounds, g.board_cards, g.hole_cards, g.suits, g.ranks) != (4, HOLDEM_BOARD, 2, 4, 13):
        raise ACPCError(
            f"the game has {g.rounds} rounds, board cards {' '.join(map(str, g.board_cards))}, "
            f"{g.hole_cards} hole cards and a deck of {g.suits} suits x {g.ranks} ranks: pokertd "
            "deals Texas hold'em (numRounds = 4, numBoardCards = 0 3 1 1, numHoleCards = 2, "
            "numSuits = 4, numRanks = 13)")
    opts: dict[str, Any] = {"blinds_or_straddles": list(g.blinds)}
    if g.betting == "limit":
        small, _, big, _ = g.raise_sizes
        if g.raise_sizes != (small, small, big, big):
            raise ACPCError(f"raiseSize = {' '.join(map(str, g.raise_sizes))}: limit hold'em bets "
                            "a small bet on the first two rounds and a big bet on the last two "
                            "(e.g. raiseSize = 10 10 20 20)")
        if g.max_raises != (3, 4, 4, 4):
            got = "missing" if g.max_raises is None else " ".join(map(str, g.max_raises))
            raise ACPCError(f"maxRaises {got}: the rules cap a limit round at a bet and three "
                            "raises (IFP 33), maxRaises = 3 4 4 4 (the big blind is the first "
                            "bet before the flop)")
        opts.update(structure="fixed-limit", small_bet=small, big_bet=big)
    elif g.max_raises is not None:
        raise ACPCError(f"maxRaises = {' '.join(map(str, g.max_raises))}: no-limit hold'em has no "
                        "cap on raises (remove the line)")
    probe = Hand(list(g.stacks), manual=True, **opts)
    for p in range(g.players):
        probe.deal_hole(p, None)
    first = probe.legal_actions().player
    if first != g.first_player[0]:
        raise ACPCError(f"firstPlayer {g.first_player[0] + 1} before the flop: with blind = "
                        f"{' '.join(map(str, g.blinds))} the rules have player {first + 1} act "
                        "first (IFP 18 heads-up: the button posts the small blind and acts first)")
    for r in range(1, 4):
        if g.first_player[r] != 0:
            raise ACPCError(f"firstPlayer {g.first_player[r] + 1} on round {r + 1}: after the "
                            "flop the first player after the button acts first (position 1)")
    return opts


class AcpcHand:
    """A hand of game ``g``: ``holes[p]`` per position (``None`` when unknown, as a client
    sees its opponents), ``board`` the cards known so far (up to five)."""

    def __init__(self, g: GameDef, holes: list[list[int] | None], board: list[int],
                 options: dict[str, Any] | None = None) -> None:
        self.g = g
        self.hand = Hand(list(g.stacks), manual=True, **(options or engine_options(g)))
        for p, h in enumerate(holes):
            self.hand.deal_hole(p, h if h else None)
        self._board = list(board)
        self.betting: list[list[Action]] = [[]]
        self.sections: list[list[int]] = []       # the board of rounds 2.. as dealt
        self._advance()

    @property
    def done(self) -> bool:
        return bool(self.hand.done)

    @property
    def actor(self) -> int:
        return int(self.hand.legal_actions().player)

    def _before_round(self, p: int) -> int:
        h = self.hand
        return h.starting[p] - h.stacks[p] - h.bets[p]

    def legal(self) -> tuple[bool, tuple[int, int] | None]:
        """(may fold, (min, max) raise in ACPC totals or None); calling is always legal."""
        la = self.hand.legal_actions()
        if la.min_raise_to is None:
            return bool(la.call), None
        base = self._before_round(la.player)
        return bool(la.call), (base + la.min_raise_to, base + la.max_raise_to)

    def describe_legal(self) -> str:
        fold, raise_ = self.legal()
        out = ["c"] + (["f"] if fold else [])
        if raise_ is not None:
            out.append("r" if self.g.betting == "limit" else f"r{raise_[0]}..r{raise_[1]}")
        return ", ".join(out)

    def act(self, a: Action) -> None:
        """Apply the acting player's action; refuse an invalid one, changing nothing."""
        if self.done:
            raise ACPCError(f"action {a}: the hand is over")
        fold, raise_ = self.legal()
        h = self.hand
        p = h.legal_actions().player
        if a.kind == "f":
            if not fold:
                raise ACPCError(f"action f: position {p} can check, and the protocol (2.0.0) "
                                f"allows a fold only facing a bet; legal: {self.describe_legal()}")
            h.fold()
        elif a.kind == "c":
            h.check_call()
        else:
            if raise_ is None:
                raise ACPCError(f"action {a}: position {p} may not raise here; legal: "
                                f"{self.describe_legal()}")
            if self.g.betting == "limit":
                if a.size is not None:
                    raise ACPCError(f"action {a}: a limit raise is r, without a size")
                h.raise_to(h.legal_actions().min_raise_to)
            else:
                lo, hi = raise_
                if a.size is None or not lo <= a.size <= hi:
                    raise ACPCError(f"action {a}: position {p} may raise to {lo} to {hi} chips "
                                    "in the hand (rN, N the total he has put in)")
                try:
                    h.raise_to(a.size - self._before_round(p))
                except IllegalAction as e:          # the bounds come from the engine
                    raise ACPCError(f"action {a}: {e}") from None
        self.betting[-1].append(a if a.kind != "r" or self.g.betting == "limit"
                                else Action("r", a.size))
        self._advance()

    def _advance(self) -> None:
        """Deal the streets the engine asks for; each opens a round of the betting string."""
        h = self.hand
        while not h.done and h.legal_actions().phase == "dealing":
            need = {"flop": 3, "turn": 1, "river": 1}[h.legal_actions().deal]
            cards = self._board[len(h.board):len(h.board) + need]
            if len(cards) < need:
                return                  # a client's view: the dealer has not dealt them yet
            h.deal_board(cards)
            self.sections.append(cards)
            self.betting.append([])

    @property
    def showdown(self) -> bool:
        return self.done and sum(s != FOLDED for s in self.hand.status) > 1

    def view(self, position: int, holes: list[list[int]]) -> list[list[int]]:
        """The hole cards position ``position`` sees: his own, and at a showdown every live hand."""
        st = self.hand.status
        return [h if q == position or (self.showdown and st[q] != FOLDED) else []
                for q, h in enumerate(holes)]

    def values(self) -> list[int]:
        h = self.hand
        return [s - t for s, t in zip(h.stacks, h.starting)]
