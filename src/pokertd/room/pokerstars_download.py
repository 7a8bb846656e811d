"""A hand one played at an online table, as a PokerStars hand history (issue 25).

The PHH download (:func:`pokertd.room.history.phh_for`) decides who may have the hand and
what he may see: only a player dealt in, with his own hole cards and the cards shown at the
table, the others' unknown. This module writes that same hand, as he saw it, in PokerStars'
text (:mod:`pokertd.formats.pokerstars`) with him as the hero, so its refusals and its
privacy are the PHH download's.
"""

from __future__ import annotations

from typing import Any

from pokertd.formats.phh import loads
from pokertd.formats.pokerstars import PokerStarsError, from_phh

from .tables import TableError, phh_for

__all__ = ["pokerstars_for"]


def pokerstars_for(table: Any, number: int, who: str | None) -> str:
    """The PokerStars text of hand ``number`` as the player whose token hashes to ``who`` saw
    it: he is whoever was dealt in with that token, wherever he sits now (the PHH download's
    identity, :func:`~pokertd.room.history.phh_for`), and the hero of the history."""
    data = loads(phh_for(table, number, who))
    played = next(p for p in table.history if p.number == number)   # phh_for found it
    try:
        return from_phh(data, hero=played.position(who), rules=table.config.rules,
                        table=table.name, max_seats=table.config.seats)
    except PokerStarsError as exc:
        raise TableError(f"hand {number} has no PokerStars form: {exc}") from None
