"""Import league results run elsewhere (CSV), and keep seasons in the event store.

The CSV has a header and the columns ``event,date,player,finish,buyins,rebuys,addons,knocked_out_by``
(``knocked_out_by`` empty for the winner and for a bust-out nobody is credited with; empty
``buyins`` means 1, empty ``rebuys``/``addons`` 0), and optionally a last column ``substitute``
(``yes``/``no``, empty = no: a sub earns no points, ``Gananda: Points``). ``date`` is the event's
date, ISO ``2014-10-04`` or the US ``10/04/2014`` of the Gananda rules' schedule, stored as ISO;
every row of an event gives the same date. Rows of one event need not be adjacent; events are
put in date order (Gananda: Standings: the bonuses' previous winner and points leader are those
of the events before by date), events of the same date in the order of their first row, and an
import's events go in their place among the season's. Every row is checked and every problem is
reported with its row number (the header is row 1): a missing or bad number, a missing date, a
date in another form or one the calendar does not have (``2014-13-13``), an event dated
differently on two rows, a missing place in an event's finishing order, a player twice in an
event, a knockout by someone not in the event (or who finished no better than the player
knocked out), an event the season already has. If there is any problem nothing is imported.

A season is one event stream of kind ``league-season`` named after the season; its config is the
:class:`~pokertd.league.season.SeasonConfig` as data, and each league event is one stored event of
type ``league-event`` whose payload is :meth:`Event.to_dict`. An import appends all of its events
in one transaction (creating the stream in the same transaction when the season is new).
A change of the season's membership (:func:`change_members`) is one stored event of type
``league-members`` holding the whole list after it (``members``, ``substitutes``) and the
change (``added``, ``removed``, ``substituted``); the last one is the season's list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..league.season import OUTLASTS
from ..league.season import (DATE_FORMS, Event, LeagueError, Result, Season, SeasonConfig, missing_place,
                             parse_date, season_preset)
from ..league.standings import standings_history
from ..storage import NewEvent, Store

__all__ = ["COLUMNS", "EVENT_TYPE", "MEMBERS_TYPE", "STREAM_KIND", "ImportRefused", "add_events", "change_members",
           "import_csv", "load_season", "parse_csv", "seasons"]

COLUMNS = ("event", "date", "player", "finish", "buyins", "rebuys", "addons", "knocked_out_by")
STREAM_KIND = "league-season"
EVENT_TYPE = "league-event"
MEMBERS_TYPE = "league-members"


class ImportRefused(LeagueError):
    """An import with problems; ``problems`` lists each one ("row 7: ..."). Nothing was stored."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("nothing imported:\n" + "\n".join(problems))
        self.problems = problems


@dataclass
class _Row:
    line: int
    event: str
    date: str | None  # ISO; None when the row's date was refused
    written: str  # the date as the row writes it
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
    import csv
    import io

    problems: list[str] = []
    # newline="": the csv module reads the line ends itself (a lone CR ends a row, as in old
    # Mac files, and a line end inside a quoted field stays in it).
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        return _parse_rows(reader, problems)
    except csv.Error as exc:               # e.g. a field over the csv module's size limit
        raise ImportRefused([*problems, f"row {reader.line_num}: not CSV ({exc})"]) from None


def _parse_rows(reader: Any, problems: list[str]) -> list[Event]:
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
        event, written, player = cells[0].strip(), cells[1].strip(), cells[2].strip()
        if not event:
            problems.append(f"row {line}: missing event")
        date: str | None = None
        if not written:
            problems.append(f"row {line}: missing date (write {DATE_FORMS})")
        else:
            try:
                date = parse_date(written)
            except LeagueError as exc:
                problems.append(f"row {line}: {exc}")
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
        dated = next((r for r in same if r.date is not None), None)
        if dated is not None and date is not None and dated.date != date:
            problems.append(f"row {line}: event {event!r} has date {dated.written!r} (row {dated.line}), "
                            f"not {written!r} (every row of an event gives its date)")
        same.append(_Row(line, event, date, written, player, finish, buyins, rebuys, addons, by, sub == "yes"))
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
    # Gananda: Standings: in date order; the same date in the order of the events' first rows.
    ordered = sorted(rows.items(), key=lambda item: str(item[1][0].date))
    return [
        Event(name, tuple(Result(r.player, r.finish, r.buyins, r.rebuys, r.addons, r.knocked_out_by, r.substitute) for r in same),
              same[0].date)
        for name, same in ordered
    ]


def _unknown_season(store: Store, name: str) -> LeagueError:
    known = [s.name for s in store.streams(STREAM_KIND)]
    return LeagueError(f"no season named {name!r}" + (f" (seasons: {', '.join(known)})" if known else " (no seasons yet)"))


def load_season(store: Store, name: str) -> Season:
    """The season ``name`` from the store, by replaying its events."""
    info = store.find_stream(STREAM_KIND, name)
    if info is None:
        raise _unknown_season(store, name)
    season = Season(name, SeasonConfig.from_dict(info.config))
    for e in store.read(info.id):
        if e.type == EVENT_TYPE:
            season.add(Event.from_dict(e.payload))   # in its place by date
        elif e.type == MEMBERS_TYPE:
            season.members = tuple(e.payload["members"])
            season.substitutes = tuple(e.payload["substitutes"])
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
    with store.transaction() as log:
        if info is None:
            info = log.create_stream(STREAM_KIND, season_name, season.config.to_dict())
        log.append(info.id, head, [NewEvent(EVENT_TYPE, e.to_dict()) for e in events])
    return season


def _names(names: Iterable[str], option: str) -> list[str]:
    """Player names as given (``--add`` etc.): each stripped, none empty or holding a comma."""
    out: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise LeagueError(f"{option}: an empty player name")
        if "," in name:
            raise LeagueError(f"{option}: a player name cannot hold ',' (got {name!r}): names are listed "
                              "comma-separated")
        if name.strip() in out:
            raise LeagueError(f"{option}: {name.strip()!r} is named twice")
        out.append(name.strip())
    return out


def change_members(store: Store, season_name: str, *, add: Iterable[str] = (), remove: Iterable[str] = (),
                   substitute: Iterable[str] = ()) -> Season:
    """Change the season's membership (Gananda: Cost, "A $50 yearly league fee will be
    collected at signup"; Gananda: Points, "Players (but not subs) earn points") in one stored
    event, and return the season after it.

    ``add``: players who paid the league fee (a declared substitute becomes a member);
    ``remove``: players taken off the membership list (or off the substitutes);
    ``substitute``: players declared substitutes (pay no fee, earn no points; a member stops
    being one). The first change starts from the season's present members: while no list was
    ever set, every player who played an event not as a sub. A member added twice, the removal
    of someone on neither list, a substitute declared twice, or one name under two of the
    options is refused and nothing is stored. With no change asked, nothing is stored."""
    adds, removes, subs = _names(add, "--add"), _names(remove, "--remove"), _names(substitute, "--substitute")
    for (a, an), (b, bn) in (((adds, "--add"), (removes, "--remove")), ((adds, "--add"), (subs, "--substitute")),
                             ((removes, "--remove"), (subs, "--substitute"))):
        both = [n for n in a if n in b]
        if both:
            raise LeagueError(f"{', '.join(map(repr, both))} given to both {an} and {bn}")
    info = store.find_stream(STREAM_KIND, season_name)
    if info is None:
        raise _unknown_season(store, season_name)
    # The head before reading: a writer in between makes the append a ConcurrencyError.
    head = store.head(info.id)
    season = load_season(store, season_name)
    if not (adds or removes or subs):
        return season
    members = list(season.member_list())
    substitutes = list(season.substitutes)
    problems = []
    for n in adds:
        if n in members:
            problems.append(f"{n!r} is already a member of season {season_name!r}")
    for n in removes:
        if n not in members and n not in substitutes:
            listed = ", ".join(members) or "none"
            problems.append(f"{n!r} is neither a member nor a substitute of season {season_name!r} "
                            f"(members: {listed})")
    for n in subs:
        if n in substitutes:
            problems.append(f"{n!r} is already a substitute of season {season_name!r}")
    if problems:
        raise LeagueError("; ".join(problems) + "; nothing changed")
    members = [m for m in members if m not in removes and m not in subs] + adds
    substitutes = [s for s in substitutes if s not in removes and s not in adds] + subs
    payload = {"members": members, "substitutes": substitutes,
               "added": adds, "removed": removes, "substituted": subs}
    with store.transaction() as log:
        log.append(info.id, head, [NewEvent(MEMBERS_TYPE, payload)])
    season.members, season.substitutes = tuple(members), tuple(substitutes)
    return season
