"""One hand of hold'em as a pure, deterministic state machine.

Quick use (players in position order: 0 is first left of the button, 5 is the button)::

    import random
    from pokertd.engine import Hand
    rng = random.Random(7)                              # reuse one generator for many hands
    h = Hand([1000] * 6, blinds=(5, 10), rng=rng)       # or seed=7, deck=[...], manual=True
    while not h.done:
        la = h.legal_actions()     # la.player, la.fold, la.check, la.call, la.min/max_raise_to
        if la.min_raise_to is not None and rng.random() < 0.2:
            h.raise_to(la.min_raise_to)                 # bet or raise TO a total this round
        else:
            h.check_call()                              # or h.fold(), h.check(), h.call()
    h.finishing_stacks, h.events()                      # JSON-ready events; replay(events)

Illegal actions raise :class:`IllegalAction` (what, legal, rule) and leave the hand as it was.
"""

from .. import _compiled
from .errors import IllegalAction

# The mypyc-compiled engine built at install time (setup.py), unless POKERTD_PURE_PYTHON=1
# asks for the source or the source was edited after the build (pokertd._compiled).
COMPILED = _compiled.is_compiled(_compiled.load(f"{__name__}.hand"))
"""True when the hand engine runs compiled (mypyc), False when it runs from source."""

from .events import event_to_dict, replay, to_dicts  # noqa: E402 - after the engine is loaded
from .hand import (  # noqa: E402
    ACTIVE, ALL_IN, FIXED_LIMIT, FOLDED, NO_LIMIT, POT_LIMIT, STREETS, STRUCTURES, Hand,
    LegalActions,
)

__all__ = [
    "ACTIVE", "ALL_IN", "COMPILED", "FIXED_LIMIT", "FOLDED", "Hand", "IllegalAction", "LegalActions",
    "NO_LIMIT", "POT_LIMIT", "STREETS", "STRUCTURES", "event_to_dict", "replay", "to_dicts",
]
