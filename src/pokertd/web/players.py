"""The players the store knows: everyone ever registered for an event, for the console's
search as you type when registering (a returning player is picked, not retyped)."""

from __future__ import annotations

from sqlalchemy import select

from pokertd.storage import Event, Store


def known_players(store: Store, query: str = "") -> list[str]:
    """Names registered in any event, those starting with ``query`` first, then those
    containing it (case-insensitive), each once, alphabetically within each group."""
    with store.session() as session:
        payloads = session.scalars(select(Event.payload).where(Event.type == "registered"))
        names = {p["player"] for p in payloads if isinstance(p.get("player"), str)}
    q = query.strip().casefold()
    starts = sorted((n for n in names if n.casefold().startswith(q)), key=str.casefold)
    inside = sorted((n for n in names if q in n.casefold() and not n.casefold().startswith(q)),
                    key=str.casefold)
    return starts + inside
