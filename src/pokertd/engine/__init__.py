"""One hand of hold'em as a pure, deterministic state machine.

Quick use::

    from pokertd.engine import Hand
    h = Hand([1000] * 6, blinds=(5, 10), seed=1)      # player 0 left of the button
    while not h.done:
        la = h.legal_actions()                        # la.player, la.check, la.call, ...
        if la.min_raise_to is not None:
            h.raise_to(la.min_raise_to)
        else:
            h.check_call()
    h.finishing_stacks, h.events()
"""

from .errors import IllegalAction
from .events import event_to_dict, replay, to_dicts
from .hand import (
    ACTIVE, ALL_IN, FIXED_LIMIT, FOLDED, NO_LIMIT, POT_LIMIT, STREETS, STRUCTURES, Hand,
    LegalActions,
)

__all__ = [
    "ACTIVE", "ALL_IN", "FIXED_LIMIT", "FOLDED", "Hand", "IllegalAction", "LegalActions",
    "NO_LIMIT", "POT_LIMIT", "STREETS", "STRUCTURES", "event_to_dict", "replay", "to_dicts",
]
