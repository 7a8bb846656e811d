"""The players a director names in a command: matched without regard to case, an unknown
name refused with the closest registered one, a new name checked against those registered,
a mapping by name (stacks, knockouts) with each name the registered player's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokertd.services.tournament_core import R
from pokertd.tournament.director import DirectorError, Tournament


def player_named(t: Tournament, name: str) -> str:
    """The registered player a director means by ``name``: names are matched without regard to
    case ("ann" is Ann); an unknown name is refused with the closest registered one."""
    if name in t.players:
        return name
    if isinstance(name, str):
        folded = name.strip().casefold()
        for p in t.players:
            if p.casefold() == folded:
                return p
    if isinstance(name, str) and "," in name and all(
            any(p.casefold() == part.strip().casefold() for p in t.players)
            for part in name.split(",")):
        raise DirectorError(f"{name!r}: name the players separated by spaces, not commas")
    raise DirectorError(f"unknown player {name!r}" + _closest(t, name))


def _closest(t: Tournament, name: Any) -> str:
    import difflib

    if not isinstance(name, str) or not t.players:
        return ""
    folded = {p.casefold(): p for p in t.players}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean {folded[close[0]]}?)" if close else ""


def _not_himself(by: Mapping[str, str | None]) -> None:
    for p, w in by.items():
        if p == w:
            raise DirectorError(f"{p} cannot be credited with his own knockout: the knockout "
                                "goes to the player who won his chips (IFP 57)")


def _new_names(t: Tournament, players: Sequence[str]) -> None:
    """Registration: a name already registered, in any case, is the same player."""
    seen = {p.casefold(): p for p in t.players}
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise DirectorError(f"a player needs a name, got {p!r}")
        other = seen.get(p.casefold())
        if other is not None:
            raise DirectorError(f"{p} is already registered" + (
                f" as {other} (names are matched without regard to case)" if other != p else ""))
        seen[p.casefold()] = p


def _by_name(t: Tournament, values: Mapping[str, R], what: str) -> dict[str, R]:
    """A mapping by player name, each name the registered player's; one player twice (Ann
    and ann) is refused."""
    out: dict[str, R] = {}
    for k, v in values.items():
        p = player_named(t, k)
        if p in out:
            raise DirectorError(f"{p}'s {what} is given twice")
        out[p] = v
    return out
