"""A finished tournament added to its league season in one step (``pokertd league add``; the
console's "add to the league"): its results become one league event, appended to the season
(created when new) in one transaction; the season's standings then include it.

The tournament must be finished, its money the season's (Gananda: Cost: a $25 buy-in of which
$5 goes to the TOC pool), and the event new to the season; otherwise nothing is written and the
:class:`~pokertd.league.season.LeagueError` says why.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pokertd.storage import Store

__all__ = ["Added", "add_tournament", "league_events_holding"]


@dataclass(frozen=True)
class Added:
    season: Any         # pokertd.league.season.Season, after the event
    event: Any          # pokertd.league.season.Event added


def add_tournament(store: Store, tournament: str, season: str, *, event: str | None = None,
                   date: str | None = None, substitutes: Iterable[str] = (),
                   config: Any = None) -> Added:
    """Add the finished ``tournament`` to ``season`` as the event ``event`` (default: the
    tournament's name), dated ``date`` (default: the day its clock started). ``config``: a
    new season's settings (None: Gananda); an existing season keeps its own."""
    from pokertd.services.seasons import STREAM_KIND, add_events, load_season
    from pokertd.league.season import season_preset
    from pokertd.league.tournaments import check_money, event_from_tournament
    from pokertd.services.tournaments import TournamentService

    t = TournamentService(store).load(tournament).tournament
    if date is None and t.clock.started_at is not None:
        date = datetime.date.fromtimestamp(t.clock.started_at).isoformat()
    league_event = event_from_tournament(t, event or tournament, date=date,
                                         substitutes=list(substitutes), source=tournament)
    if store.find_stream(STREAM_KIND, season) is not None:
        season_config = load_season(store, season).config
    else:
        season_config = config if config is not None else season_preset("gananda")
    check_money(t, league_event.name, season_config)   # Gananda: Cost
    return Added(add_events(store, season, [league_event], config), league_event)


def league_events_holding(store: Store, tournament: str, t: Any) -> list[tuple[str, str]]:
    """The (season, league event) pairs that hold the finished tournament ``t``'s results:
    the events ``league add`` made of it (under any name, ``--event T9``), and, added before
    the events named their tournament, an event of its name. None while it is not finished."""
    from pokertd.services.seasons import STREAM_KIND, load_season

    if not t.finished:
        return []
    out = []
    for info in store.streams(STREAM_KIND):
        for e in load_season(store, info.name).events:
            if e.tournament == tournament or (e.tournament is None and e.name == tournament):
                out.append((info.name, e.name))
    return out
