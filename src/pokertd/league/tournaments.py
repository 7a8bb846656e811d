"""League events from tournaments run here (:class:`pokertd.tournament.director.Tournament`).

A finished tournament becomes one :class:`~pokertd.league.season.Event`: each player's place
(tied players share the place, as the director records them), one buy-in, the rebuys and add-ons
taken, who knocked them out, and the prize the director paid (ties shared, a deal's amounts:
IFP 62), which is the player's winnings and the formula's ``p``. ``substitutes`` names the players who played as subs
(``Gananda: Points``: they earn no points).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..tournament.director import Tournament
from .season import Event, LeagueError, Result, SeasonConfig

__all__ = ["check_money", "event_from_tournament"]


def check_money(tournament: Tournament, name: str, config: SeasonConfig) -> None:
    """Refuse a tournament whose money is not the season's (Gananda: Cost: a $25 buy-in of which
    $5 goes to the TOC pool): the points (``b``, ``e``) and the TOC pool count the season's
    buy-in and contribution, so a tournament run for another buy-in, or whose fee cannot hold
    the contribution, would be scored on money it did not take."""
    c = tournament.config
    if c.buy_in != config.buy_in:
        raise LeagueError(f"event {name!r}: the tournament's buy-in is {c.buy_in}, the season's "
                          f"{config.buy_in} (the points and the TOC pool count the season's)")
    if c.buy_in - c.to_prize_pool < config.toc_contribution:
        raise LeagueError(f"event {name!r}: the tournament sends {c.to_prize_pool} of its "
                          f"{c.buy_in} buy-in to its prize pool, leaving less than the season's "
                          f"{config.toc_contribution} for the TOC pool")


def event_from_tournament(tournament: Tournament, name: str, *, date: str | None = None,
                          substitutes: Iterable[str] = (), source: str | None = None) -> Event:
    """The league event of a finished tournament; ``source``: the name the store keeps the
    tournament under (its undo then knows the season holds it)."""
    if not tournament.finished:
        raise LeagueError(f"event {name!r}: the tournament is not finished")
    subs = set(substitutes)
    unknown = sorted(subs - set(tournament.players))
    if unknown:
        raise LeagueError(f"event {name!r}: substitutes not in the tournament: {', '.join(unknown)}")
    results = []
    for p in tournament.players.values():
        if p.place is None:
            raise LeagueError(f"event {name!r}: {p.name} has no place")
        results.append(Result(p.name, p.place, 1, p.rebuys, p.addons, p.knocked_out_by, p.name in subs,
                              prize=p.prize))
    return Event(name, tuple(results), date, source)
