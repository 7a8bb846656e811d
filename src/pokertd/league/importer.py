"""Import league results run elsewhere (CSV), and keep seasons in the event store.

The CSV has a header and the columns ``event,date,player,finish,buyins,rebuys,addons,knocked_out_by``
(``knocked_out_by`` empty for the winner and for a bust-out nobody is credited with; empty
``buyins`` means 1, empty ``rebuys``/``addons`` 0), and optionally a last column ``substitute``
(``yes``/``no``, empty = no: a sub earns no points, ``Gananda: Points``). Rows of one event need not be adjacent; events
are taken in the order of their first row. Every row is checked and every problem is reported
with its row number (the header is row 1): a missing or bad number, a missing place in an event's
finishing order, a player twice in an event, a knockout by someone not in the event (or who
finished no better than the player knocked out), an event the season already has. If there is any problem nothing is imported.

A season is one event stream of kind ``league-season`` named after the season; its config is the
:class:`~pokertd.league.season.SeasonConfig` as data, and each league event is one stored event of
type ``league-event`` whose payload is :meth:`Event.to_dict`. An import appends all of its events
in one transaction (creating the stream in the same transaction when the season is new).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..storage import NewEvent, Store
from .season import OUTLASTS
from .season import Event, LeagueError, Result, Season, SeasonConfig, missing_place, season_preset
from .standings import standings_history

__all__ = ["COLUMNS", "EVENT_TYPE", "STREAM_KIND", "ImportRefused", "add_events", "import_csv", "load_season", "parse_csv", "seasons"]

COLUMNS = ("event", "date", "player", "finish", "buyins", "rebuys", "addons", "knocked_out_by")
STREAM_KIND = "league-season"
EVENT_TYPE = "league-event"


class ImportRefused(LeagueError):
    """An import with problems; ``problems`` lists each one ("row 7: ..."). Nothing was stored."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("nothing imported:\n" + "\n".join(problems))
        self.problems = problems


@dataclass
class _Row:
    line: int
    event: str
    date: str
    player: str
    finish: int
    buyins: int
    rebuys: int
    addons: int
    knocked_out_by: str | None
    substitute: bool


def _number(text: str, column: str, default: int | None, minimum: int, problems: list[str], line: int) -> int:
    text = text.strip()
    if not text:
        if default is None:
            problems.append(f"row {line}: missing {column}" + (" (place)" if column == "finish" else ""))
            return 0
        return default
    try:
        value = int(text)
    except ValueError:
        problems.append(f"row {line}: bad number in {column}: {text!r}")
        return 0
    if value < minimum:
        problems.append(f"row {line}: {column} must be at least {minimum}, got {value}")
    return value


def parse_csv(text: str) -> list[Event]:
    """The events of a results CSV; :class:`ImportRefused` lists every problem by row."""
    problems: list[str] = []
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None:
        raise ImportRefused(["row 1: the file is empty (expected the header " + ",".join(COLUMNS) + ")"])
    names = tuple(h.strip().lower() for h in header)
    if names not in (COLUMNS, (*COLUMNS, "substitute")):
        raise ImportRefused([f"row 1: the header must be {','.join(COLUMNS)}[,substitute], got {','.join(header)}"])
    width = len(names)
    rows: dict[str, list[_Row]] = {}
    for cells in reader:
        line = reader.line_num
        if not any(c.strip() for c in cells):
            continue
        if len(cells) != width:
            problems.append(f"row {line}: {len(cells)} columns, expected {width}")
            continue
        sub = cells[8].strip().lower() if width > len(COLUMNS) else ""
        if sub not in ("", "yes", "no"):
            problems.append(f"row {line}: substitute must be yes, no or empty, got {cells[8]!r}")
        event, date, player = cells[0].strip(), cells[1].strip(), cells[2].strip()
        if not event:
            problems.append(f"row {line}: missing event")
        if not player:
            problems.append(f"row {line}: missing player")
        finish = _number(cells[3], "finish", None, 1, problems, line)
        buyins = _number(cells[4], "buyins", 1, 1, problems, line)
        rebuys = _number(cells[5], "rebuys", 0, 0, problems, line)
        addons = _number(cells[6], "addons", 0, 0, problems, line)
        by = cells[7].strip() or None
        if not event or not player:
            continue
        same = rows.setdefault(event, [])
        twice = next((r for r in same if r.player == player), None)
        if twice is not None:
            problems.append(f"row {line}: player {player!r} is already in event {event!r} (row {twice.line})")
            continue
        if same and same[0].date != date:
            problems.append(f"row {line}: event {event!r} has date {same[0].date!r} (row {same[0].line}), not {date!r}")
        same.append(_Row(line, event, date, player, finish, buyins, rebuys, addons, by, sub == "yes"))
    if not rows and not problems:
        problems.append("the file has no results")
    for event, same in rows.items():
        names = {r.player for r in same}
        finish = {r.player: r.finish for r in same}
        for r in same:
            if r.knocked_out_by is None:
                continue
            if r.knocked_out_by == r.player:
                problems.append(f"row {r.line}: {r.player!r} cannot knock themselves out")
            elif r.knocked_out_by not in names:
                problems.append(f"row {r.line}: {r.player!r} knocked out by {r.knocked_out_by!r}, who is not in event {event!r}")
            elif r.finish == 1:
                problems.append(f"row {r.line}: the winner {r.player!r} cannot be knocked out (leave knocked_out_by empty)")
            elif r.finish >= 1 and finish[r.knocked_out_by] >= r.finish:
                problems.append(f"row {r.line}: {r.player!r} (finish {r.finish}) knocked out by {r.knocked_out_by!r}, "
                                f"who finished {finish[r.knocked_out_by]}: {OUTLASTS}")
        finishes = [r.finish for r in same if r.finish >= 1]
        if len(finishes) == len(same):
            gap = missing_place(finishes)
            if gap is not None:
                lines = ", ".join(str(r.line) for r in same)
                problems.append(f"event {event!r} (rows {lines}): place {gap} is missing "
                                f"(finishes {', '.join(map(str, sorted(finishes)))})")
    if problems:
        raise ImportRefused(problems)
    return [
        Event(name, tuple(Result(r.player, r.finish, r.buyins, r.rebuys, r.addons, r.knocked_out_by, r.substitute) for r in same),
              same[0].date or None)
        for name, same in rows.items()
    ]


def load_season(store: Store, name: str) -> Season:
    """The season ``name`` from the store, by replaying its events."""
    info = store.find_stream(STREAM_KIND, name)
    if info is None:
        known = [s.name for s in store.streams(STREAM_KIND)]
        raise LeagueError(f"no season named {name!r}" + (f" (seasons: {', '.join(known)})" if known else " (no seasons yet)"))
    season = Season(name, SeasonConfig.from_dict(info.config))
    for e in store.read(info.id):
        if e.type == EVENT_TYPE:
            season.add(Event.from_dict(e.payload))
    return season


def seasons(store: Store) -> list[str]:
    return [s.name for s in store.streams(STREAM_KIND)]


def import_csv(store: Store, season_name: str, text: str, config: SeasonConfig | None = None) -> Season:
    """Import the results in ``text`` into the season (see :func:`add_events` for ``config``).
    All events or, on any problem, none."""
    return add_events(store, season_name, parse_csv(text), config)


def add_events(store: Store, season_name: str, events: list[Event], config: SeasonConfig | None = None) -> Season:
    """Append ``events`` to the season in one transaction, after checking that the season scores
    with them. A new season is created with ``config`` (None: the Gananda preset); an existing
    season keeps its own settings, and a ``config`` that differs from them is refused (a season's
    settings do not change between its events)."""
    info = store.find_stream(STREAM_KIND, season_name)
    # The head before reading: a writer in between makes the append a ConcurrencyError.
    head = store.head(info.id) if info is not None else 0
    if info is None:
        season = Season(season_name, season_preset("gananda") if config is None else config)
    else:
        season = load_season(store, season_name)
        if config is not None and config != season.config:
            old, new = season.config.to_dict(), config.to_dict()
            changed = ", ".join(f"{k} {old[k]!r} -> {new[k]!r}" for k in old if old[k] != new[k])
            raise ImportRefused([f"the season {season_name!r} exists with other settings ({changed}); "
                                 "settings are chosen when a season is created"])
    problems = [f"event {e.name!r}: the season {season_name!r} already has it" for e in events
                if any(old.name == e.name for old in season.events)]
    if problems:
        raise ImportRefused(problems)
    for e in events:
        season.add(e)
    try:
        standings_history(season)  # every event scores (its payout table covers the field, ...)
    except (LeagueError, ValueError) as exc:
        raise ImportRefused([str(exc)]) from None
    with store.unit_of_work() as (_, log):
        if info is None:
            info = log.create_stream(STREAM_KIND, season_name, season.config.to_dict())
        log.append(info.id, head, [NewEvent(EVENT_TYPE, e.to_dict()) for e in events])
    return season
