"""A PHH action the engine refuses, said in the file's own terms.

The engine numbers players from 0; a PHH file names them ``p1``, ``p2`` ... So a refusal
speaks of the file's players, and an action recorded for a player whom the rules do not
let act now is an action out of turn (IFP 26, "Action out of turn"; IFP 25: "Players must
act in turn at all times"), not a fault in how a bet was made (IFP 31).
"""

from __future__ import annotations

import re

from ..engine import IllegalAction
from .phh_reader import PHHError

__all__ = ["refusal"]

# The PHH verbs of a player's own action in turn: fold, check/call, bet/raise, the stud
# bring-in, the draw (``sm``, showing at the showdown, has an order of its own: IFP 42).
_VERBS = {"f": "fold", "cc": "check or call", "cbr": "bet or raise", "pb": "bring it in",
          "sd": "draw"}
_PLAYER = re.compile(r"\bplayer(=| )(\d+)\b")


def file_numbers(text: str) -> str:
    """``player 0`` / ``player=0`` of an engine message as the file's ``p1``."""
    return _PLAYER.sub(lambda m: f"player={_p(m.group(2))}" if m.group(1) == "=" else _p(m.group(2)),
                       text)


def _p(index: str) -> str:
    return f"p{int(index) + 1}"


def refusal(action: str, i: int, e: IllegalAction, actor: int) -> PHHError:
    """The :class:`PHHError` for action ``i`` (its text ``action``), refused by the engine
    with ``e``; ``actor`` is the player the hand waits for (-1: nobody may act now)."""
    parts = action.split("#", 1)[0].split()
    text = action.strip()
    if len(parts) >= 2 and parts[1] in _VERBS and parts[0][:1] == "p" and parts[0][1:].isdigit():
        p = int(parts[0][1:]) - 1
        if p != actor:
            verb = _VERBS[parts[1]]
            why = (f"it is p{actor + 1}'s turn" if actor >= 0 else
                   "no player may act now (cards are to be dealt or the hand is over)")
            return PHHError(f"action {i} ({text}): p{p + 1} cannot {verb} out of turn: {why}; "
                            f"legal: {file_numbers(e.legal)} (IFP 26)", i)
    return PHHError(f"action {i} ({text}): {file_numbers(str(e))}", i)
