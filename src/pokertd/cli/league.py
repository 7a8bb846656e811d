"""``pokertd league``: import results, print standings and the Tournament of Champions.

Seasons are kept in the database (``--db URL``: a database URL or an SQLite file path; default
``$POKERTD_DB``, else ``pokertd.db`` in the user's data directory). Bad input (a bad CSV row, an
unknown season, a bad formula) is a usage error: the message on standard error, exit status 2,
nothing written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from .output import Console, Table, Text

from .app import Db, OutputFormat, app, fail

T = TypeVar("T")

league = typer.Typer(
    name="league",
    help="Leagues: seasons of events (imported or run here), members, standings after every event, the "
         "Tournament of Champions. Bad input: the message, exit status 2, nothing written.",
    no_args_is_help=True,
)
app.add_typer(league, name="league")


class StandingsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"
    html = "html"


SeasonName = Annotated[str | None, typer.Option(
    "--season", help="The season (default: the most recently created one).")]


@contextmanager
def _store(db: str | None, *, create: bool = False) -> Iterator[Any]:
    """The store at ``db``; refusals become exit status 2. Only a command that creates a
    season (``create``: import) may create the database: any other finds none at a mistyped
    path and says so, creating nothing."""
    from ..league.season import LeagueError
    from ..storage import ConcurrencyError, StorageError, StreamExists, open_store

    try:
        store = open_store(db, create=create)
    except StorageError as exc:  # StoreUnavailable: the problem and what would be right
        raise fail(str(exc)) from None
    try:
        yield store
    except (ConcurrencyError, StreamExists) as exc:
        raise fail(f"another command changed the season meanwhile ({exc}); run it again", 1) from None
    except (LeagueError, StorageError, ValueError) as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()


def _print_table(title: str, columns: list[str], left: set[int], rows: list[list[str]]) -> None:
    """A Rich table of plain text: names are never read as Rich markup ("[/x]", "[bold]")."""
    table = Table(title=Text(title))
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i in left else "right")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    Console().print(table)


def _season(store: Any, name: str | None) -> Any:
    from ..services.seasons import load_season, seasons
    from ..league.season import LeagueError

    if name is None:
        known = seasons(store)
        if not known:
            raise LeagueError("no seasons yet (pokertd league import FILE.csv)")
        name = known[-1]
    return load_season(store, name)


PresetOption = Annotated[str | None, typer.Option(
    "--preset", help="Season preset of a new season (default gananda), or a .toml/.json file of settings on top "
                     "of one. An existing season keeps its settings; different ones are refused.")]
FormulaOption = Annotated[str | None, typer.Option(
    "--formula", help="Points formula of a new season: text, or a formula preset (gananda, linear, square-root, "
                      "logarithmic, fixed-list, fixed-list-10).")]


def _config(preset: str | None, formula: str | None) -> Any:
    """The settings of a new season: a shipped preset by name or a league's .toml/.json file,
    with ``--formula`` (a formula preset's name or a formula's text) on top; None when neither is
    given (a new season is Gananda, an existing one keeps its settings)."""
    from dataclasses import replace

    from ..league.formula import PRESETS as FORMULAS
    from ..league.season import parse_season_config, season_preset

    if preset is None and formula is None:
        return None
    if preset is None:
        preset = "gananda"
    if preset.endswith((".toml", ".json")):
        try:
            text = Path(preset).read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"cannot read {preset}: {exc.strerror or exc}") from None
        config = parse_season_config(text, Path(preset).suffix)
    else:
        config = season_preset(preset)
    if formula is not None:
        config = replace(config, formula=FORMULAS.get(formula, formula))
    return config


@league.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="The results, a CSV file (its columns above).")],
    season: Annotated[str | None, typer.Option(
        "--season", help="The season, created when new (default: the file's name without .csv).")] = None,
    preset: PresetOption = None,
    formula: FormulaOption = None,
    db: Db = None,
) -> None:
    """Import results run elsewhere; every row is checked, and any problem imports nothing.

    The header: event,date,player,finish,buyins,rebuys,addons,knocked_out_by and optionally
    substitute. One row per player per event: knocked_out_by empty for the winner; buyins empty = 1,
    rebuys/addons empty = 0; substitute yes/no (subs earn no points). date is 2014-10-04
    (year-month-day) or 10/04/2014 (month/day/year), the same on every row of an event; events
    are played in date order, those of one date as listed. A problem is reported with its row."""
    from ..services.seasons import import_csv

    try:
        text = file.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror or exc}") from None
    name = season or file.stem
    with _store(db, create=True) as store:
        result = import_csv(store, name, text, _config(preset, formula))
    typer.echo(f"season {name!r}: {len(result.events)} events")
    _note_non_members(result)


def _note_non_members(season: Any) -> None:
    """Gananda: Points, Cost. Once a season has a membership list, say who played without
    being on it (no points, no fee), so a director who forgot to add a member sees it."""
    others = season.non_members()
    if others:
        typer.echo(f"note: not members of season {season.name!r}, so no points and no league fee: "
                   f"{', '.join(others)} (pokertd league members --season {season.name!r} --add NAME "
                   "for those who paid)", err=True)


@league.command("add")
def add(
    tournament: Annotated[str, typer.Argument(help="A finished tournament kept in the database (pokertd tournament ...).")],
    season: Annotated[str, typer.Option("--season", help="The season (created when new).")],
    event: Annotated[str | None, typer.Option("--event", help="The event's name in the season (default: the tournament's).")] = None,
    date: Annotated[str | None, typer.Option(
        "--date", help="The event's date: 2014-10-04 or 10/04/2014 (month/day/year); default: the day the "
                       "tournament started. Events are ordered by date.")] = None,
    subs: Annotated[str | None, typer.Option("--subs", help="Players who played as substitutes, comma-separated (they earn no points).")] = None,
    preset: PresetOption = None,
    formula: FormulaOption = None,
    db: Db = None,
) -> None:
    """Add a finished tournament run here to a season as one event.

    The tournament's buy-in must be the season's, with room for the season's TOC part of it
    (Gananda: $25, $5 of it to the TOC pool)."""
    from ..services.leagues import add_tournament
    from ..services.tournaments import TournamentServiceError

    with _store(db) as store:
        config = _config(preset, formula)
        names = [n.strip() for n in (subs or "").split(",") if n.strip()]
        try:
            added = add_tournament(store, tournament, season, event=event, date=date,
                                   substitutes=names, config=config)
        except TournamentServiceError as exc:
            raise fail(str(exc)) from None
        result, league_event = added.season, added.event
    typer.echo(f"season {season!r}: added {league_event.name!r} ({league_event.entrants} players)")
    _note_non_members(result)


@league.command()
def seasons(
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
    db: Db = None,
) -> None:
    """The seasons kept in the database, oldest first: events, members, the TOC pool so far.

    json's "players" is the number of members (who paid the league fee)."""
    from ..services.seasons import load_season, seasons as names
    from ..league.standings import toc_pool

    with _store(db) as store:
        rows = []
        for name in names(store):
            loaded = load_season(store, name)
            last = loaded.events[-1] if loaded.events else None
            rows.append({"season": name, "events": len(loaded.events), "players": len(loaded.member_list()),
                         "pool": toc_pool(loaded), "last_event": last.name if last else None,
                         "last_date": last.date if last else None})
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    _print_table("Seasons" if rows else "No seasons yet (pokertd league import FILE.csv)",
                 ["Season", "Events", "Members", "TOC pool", "Last event", "Date"], {0, 4, 5},
                 [[r["season"], str(r["events"]), str(r["players"]), f"{r['pool']:,}",
                   r["last_event"] or "", r["last_date"] or ""] for r in rows])


def _split(values: list[str] | None) -> list[str]:
    """Names from repeated options, each comma-separated (empty names are kept: refused later)."""
    return [n for v in values or [] for n in v.split(",")]


@league.command()
def members(
    season: SeasonName = None,
    add: Annotated[list[str] | None, typer.Option(
        "--add", metavar="NAME,...", help="Players who paid the league fee, comma-separated (or the option repeated); "
                      "a substitute becomes a member.", show_default=False)] = None,
    remove: Annotated[list[str] | None, typer.Option(
        "--remove", metavar="NAME,...", help="Players to take off the list of members (or of substitutes).", show_default=False)] = None,
    substitute: Annotated[list[str] | None, typer.Option(
        "--substitute", metavar="NAME,...", help="Players who play as substitutes: no fee, no points; a member stops being one.",
        show_default=False)] = None,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
    db: Db = None,
) -> None:
    """Who paid the league fee, and the substitutes; without options, print the list.

    Gananda: a $50 yearly league fee, all of it to the Tournament of Champions pool; subs pay
    no fee and earn no points. Until a list is set, every player who played an event (not as a
    sub) counts as a member; the first change starts from them. Once set, the list decides: a
    player not on it earns no points and adds no fee to the TOC pool. A change that cannot be
    made (a member added twice, removing someone on neither list) changes nothing."""
    from ..services.seasons import change_members

    with _store(db) as store:
        name = _season(store, season).name
        loaded = change_members(store, name, add=_split(add), remove=_split(remove), substitute=_split(substitute))
    played: dict[str, int] = {}
    for e in loaded.events:
        for r in e.results:
            if not r.substitute:
                played[r.player] = played.get(r.player, 0) + 1
    listed = loaded.member_list()
    fee = loaded.config.league_fee
    list_set, fees = loaded.members is not None, fee * len(listed)
    data = {"season": loaded.name, "list_set": list_set, "league_fee": fee, "fees": fees,
            "members": list(listed), "substitutes": list(loaded.substitutes),
            "not_members": list(loaded.non_members())}
    if output is OutputFormat.json:
        typer.echo(json.dumps(data, indent=2))
        return
    rows = ([[p, "member", str(played.get(p, 0)), f"{fee:,}"] for p in listed]
            + [[p, "substitute (no points)", str(played.get(p, 0)), "0"] for p in loaded.substitutes]
            + [[p, "not a member (no points)", str(played.get(p, 0)), "0"] for p in loaded.non_members()])
    _print_table(f"{loaded.name}: {len(listed)} members, league fees {fees:,}",
                 ["Player", "Status", "Events", "Fee"], {0, 1}, rows)
    if not list_set:
        typer.echo("No membership list set: every player who played an event, not as a sub, counts as a member.")


def _rows(standing: list[Any]) -> list[dict[str, Any]]:
    return [s.to_dict() for s in standing]


_CSS = """\
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: .3em .6em; border-bottom: 1px solid #ddd; text-align: right; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
tr:nth-child(even) { background: #f6f6f6; }
figure { margin: 2em 0; }
figure svg { max-width: 100%; height: auto; }"""


def _page(title: str, body: str) -> str:
    """A self-contained HTML page (no outside files: a league can publish the one file)."""
    import html
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
{_CSS}
</style>
</head>
<body>
<h1>{html.escape(title)}</h1>
{body}
</body>
</html>
"""


def _html_table(columns: list[str], rows: list[list[str]]) -> str:
    """A table; every cell is text, escaped here."""
    import html
    e = html.escape
    head = "".join(f"<th>{e(c)}</th>" for c in columns)
    body = "\n".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _html(season: Any, rows: list[dict[str, Any]], chart: bool) -> str:
    """The standings page: the table, then the points race as an inline SVG chart."""
    import html
    from ..league.chart import race_svg_element

    after = season.events[-1].name if season.events else "no events"
    best = ("every event score" if season.config.best_of is None
            else f"the best {season.config.best_of} event scores")
    body = [f"<p>After {len(season.events)} events (last: {html.escape(after)}); a season score is {best}.</p>",
            _html_table(["Rank", "Player", "Points", "Events", "Knockouts", "Winnings"],
                        [[str(r["rank"]), r["player"], f"{r['points']:.2f}", str(r["events"]),
                          str(r["knockouts"]), str(r["winnings"])] for r in rows])]
    if chart and season.events:
        body.append(f'<figure>\n{race_svg_element(season)}\n<figcaption>The points race: season points after '
                    f"each event (the top {min(10, len(rows))} of the standings).</figcaption>\n</figure>")
    return _page(f"{season.name} standings", "\n".join(body))


@league.command()
def standings(
    season: SeasonName = None,
    after: Annotated[str | None, typer.Option("--after", help="The standings after this event (default: the last).")] = None,
    output: Annotated[StandingsFormat, typer.Option("--format", help="table, json, csv or html.")] = StandingsFormat.table,
    chart: Annotated[bool, typer.Option("--chart/--no-chart", help="html: include the points-race chart (inline SVG).")] = True,
    db: Db = None,
) -> None:
    """The standings after the season's last event (points to 2 decimals)."""
    from ..league.season import LeagueError
    from ..league.standings import standings_history

    with _store(db) as store:
        loaded = _season(store, season)
        names = [e.name for e in loaded.events]
        if after is not None and after not in names:
            raise LeagueError(f"season {loaded.name!r} has no event {after!r} (events: {', '.join(names)})")
        history = standings_history(loaded)
        rows = _rows(history[names.index(after)] if after is not None else history[-1])
        if after is not None:
            loaded.events = loaded.events[: names.index(after) + 1]
    if output is StandingsFormat.json:
        typer.echo(json.dumps([{k: r[k] for k in ("rank", "player", "points", "events", "knockouts")} for r in rows], indent=2))
    elif output is StandingsFormat.csv:
        import csv
        import io
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=["rank", "player", "points", "events", "knockouts", "winnings"], lineterminator="\n")
        writer.writeheader()
        for r in rows:
            writer.writerow({**r, "points": f"{r['points']:.2f}"})
        typer.echo(out.getvalue(), nl=False)
    elif output is StandingsFormat.html:
        typer.echo(_html(loaded, rows, chart), nl=False)
    else:
        _print_table(f"{loaded.name}: after {len(loaded.events)} events",
                     ["Rank", "Player", "Points", "Events", "Knockouts", "Winnings"], {1},
                     [[str(r["rank"]), r["player"], f"{r['points']:.2f}", str(r["events"]),
                       str(r["knockouts"]), str(r["winnings"])] for r in rows])


@league.command()
def toc(
    season: SeasonName = None,
    output: Annotated[StandingsFormat, typer.Option("--format", help="table, json, csv or html.")] = StandingsFormat.table,
    db: Db = None,
) -> None:
    """The Tournament of Champions: qualifiers with their starting stacks, the pool and its payouts.

    csv has one row per qualifier; the pool and its payouts are in the other formats."""
    from ..league.standings import toc as compute

    with _store(db) as store:
        loaded = _season(store, season)
        result = compute(loaded)
    players = [{"rank": s.rank, "player": s.player, "points": round(s.points, 2), "events": s.events, "stack": s.stack}
               for s in result.seats]
    if output is StandingsFormat.json:
        typer.echo(json.dumps({"pool": result.pool, "payouts": list(result.payouts), "players": players}, indent=2))
    elif output is StandingsFormat.csv:
        import csv
        import io
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=["rank", "player", "points", "events", "stack"], lineterminator="\n")
        writer.writeheader()
        for p in players:
            writer.writerow({**p, "points": f"{p['points']:.2f}"})
        typer.echo(out.getvalue(), nl=False)
    elif output is StandingsFormat.html:
        body = [f"<p>{len(players)} qualifiers; the prize pool is {result.pool:,} (league fees plus the TOC part "
                "of every buy-in).</p>",
                _html_table(["Rank", "Player", "Points", "Events", "Starting stack"],
                            [[str(p["rank"]), p["player"], f"{p['points']:.2f}", str(p["events"]), f"{p['stack']:,}"]
                             for p in players]),
                "<h2>Payouts</h2>",
                _html_table(["Place", "Prize"], [[str(i), f"{amount:,}"] for i, amount in enumerate(result.payouts, 1)])]
        typer.echo(_page(f"{loaded.name}: Tournament of Champions", "\n".join(body)), nl=False)
    else:
        _print_table(f"{loaded.name}: Tournament of Champions: pool {result.pool}, "
                     f"pays {', '.join(map(str, result.payouts))}",
                     ["Rank", "Player", "Points", "Events", "Stack"], {1},
                     [[str(p["rank"]), p["player"], f"{p['points']:.2f}", str(p["events"]), f"{p['stack']:,}"]
                      for p in players])


@league.command()
def chart(
    out: Annotated[Path, typer.Argument(help="The file to write: .png or .svg.")],
    season: SeasonName = None,
    top: Annotated[int, typer.Option("--top", help="How many players (of the final standings) to draw.")] = 10,
    db: Db = None,
) -> None:
    """A chart of the points race over the season (PNG or SVG, by the file's suffix)."""
    from ..league.chart import race_chart

    fmt = out.suffix.lower().lstrip(".")
    with _store(db) as store:
        data = race_chart(_season(store, season), fmt, top)
    try:
        out.write_bytes(data)
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}") from None
    typer.echo(f"wrote {out}")
