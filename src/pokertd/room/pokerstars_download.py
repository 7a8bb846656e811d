"""A hand one played at an online table, as a PokerStars hand history (issue 25).

The PHH download (:func:`pokertd.room.tables.phh_for`) decides who may have the hand and
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


def pokerstars_for(table: Any, number: int, seat: int | None) -> str:
    """The PokerStars text of hand ``number`` as the player in ``seat`` saw it."""
    data = loads(phh_for(table, number, seat))
    try:
        hero = data["seats"].index(seat)
        return from_phh(data, hero=hero, rules=table.config.rules, table=table.name,
                        max_seats=table.config.seats)
    except PokerStarsError as exc:
        raise TableError(f"hand {number} has no PokerStars form: {exc}") from None
