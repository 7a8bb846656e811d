"""One hand of any game of :mod:`.games` (Omaha, Omaha hi-lo, stud, stud hi-lo, razz,
deuce-to-seven single and triple draw, badugi, short-deck hold'em, and hold'em):
:class:`MixedHand`.

The hand lives in :mod:`.mixed_hand`, compiled with mypyc at install time (setup.py's
``COMPILED``); its source runs alike when it is not built, when POKERTD_PURE_PYTHON=1 asks for
it, or when it was edited after the build (:mod:`pokertd._compiled`). The floor's rulings on a
mixed hand (misdeals, premature cards, dead hands, the clock) are in :mod:`.mixed_floor`.
"""

from typing import Any

from .. import _compiled

_hand = _compiled.load(f"{__package__}.mixed_hand")

MixedHand = _hand.MixedHand
ACTIVE, ALL_IN, FOLDED = _hand.ACTIVE, _hand.ALL_IN, _hand.FOLDED
DEALING, BETTING, DRAWING = _hand.DEALING, _hand.BETTING, _hand.DRAWING
SHOWDOWN, COMPLETE = _hand.SHOWDOWN, _hand.COMPLETE
COMPILED = _compiled.is_compiled(_hand)
"""True when the mixed hand runs compiled (mypyc), False when it runs from source."""

__all__ = ["ACTIVE", "ALL_IN", "BETTING", "COMPILED", "COMPLETE", "DEALING", "DRAWING", "FOLDED",
           "MixedHand", "SHOWDOWN"]


def __getattr__(name: str) -> Any:
    # The hand module's helpers (hand values, the showing hands) by their old address.
    try:
        return getattr(_hand, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
