"""Seasons: the league's configuration (points formula, bonuses, fees, TOC) and its events.

Money is an integer number of the league's units (the Gananda preset counts whole dollars).
A season is plain data: :meth:`SeasonConfig.to_dict` / :meth:`SeasonConfig.from_dict` and
:meth:`Event.to_dict` / :meth:`Event.from_dict` are what the storage keeps.

Season presets are data files shipped in ``pokertd/league/presets/`` (``<name>.toml``, every
:class:`SeasonConfig` setting), read from the package's ``presets`` folder and checked like any
league's own file. The Gananda preset (``presets/gananda.toml``; ``Gananda: Cost``,
``Gananda: Points``, ``Gananda: TOC``):

* a $50 yearly league fee, all of it to the Tournament of Champions (TOC) pool;
* a $25 buy-in per event, $5 of each buy-in to the TOC pool, the other $20 to the event's payout
  (paid by the Gananda payout table, ``Gananda: Payout``);
* points ``10 * sqrt(n * b * b / e) / (f + 1)`` plus 1 per knockout, 2 more for knocking out the
  previous event's winner and 2 more for knocking out the current points leader;
* a season score of the 7 best event scores;
* the TOC: players who attended at least 3 events, and the top 20 in points regardless;
  starting stacks 3,400 for 1st down by 100 to 1,500 for 20th, 1,000 for 21st and below.

A :class:`SeasonConfig` built in code needs only the formula, the buy-in and the payout table;
every other setting defaults to "none": no fees, no bonuses, every event counts, every player in
the standings qualifies for the TOC with the same stack.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import MISSING as _MISSING
from dataclasses import asdict, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from pokertd.records import MutableRecord, Record, mutable_record, record

from .formula import Formula, FormulaError

__all__ = ["DATE_FORMS", "GANANDA", "PRESETS", "Event", "LeagueError", "Result", "Season", "SeasonConfig",
           "parse_date", "parse_season_config", "season_preset", "season_presets"]


class LeagueError(ValueError):
    """A season, event or result that the league refuses; the message says why."""


def _whole(value: Any, what: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise LeagueError(f"{what} must be a whole number of at least {minimum}, got {value!r}")
    return value


def _real(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise LeagueError(f"{what} must be a number, got {value!r}")
    return value


@record
class SeasonConfig(Record):
    """How a league scores and pays a season. Every field is data a league can change."""

    formula: str  # the points formula (pokertd.league.formula)
    buy_in: int
    payouts: str  # the payout table of an event and of the TOC: a preset name or a .toml/.json file
    rebuy_cost: int | None = None  # None: the buy-in
    addon_cost: int | None = None  # None: the buy-in
    league_fee: int = 0  # per member, all of it to the TOC pool
    toc_contribution: int = 0  # of each buy-in (not of rebuys or add-ons), to the TOC pool
    best_of: int | None = None  # a season score is the best N event scores; None: every event
    knockout_points: float = 0
    previous_winner_bonus: float = 0
    leader_bonus: float = 0
    toc_min_events: int = 0  # the TOC: players who played at least this many events ...
    toc_top_n: int = 0  # ... and the top N in points regardless
    toc_top_stacks: tuple[int, ...] = ()  # TOC starting stacks of 1st, 2nd, ...
    toc_other_stack: int = 1500  # the TOC starting stack of everyone below the listed places

    def __post_init__(self) -> None:
        if not isinstance(self.formula, str):
            raise LeagueError(f"the points formula must be text, got {self.formula!r}")
        try:
            Formula(self.formula)
        except FormulaError as exc:
            raise LeagueError(f"points formula {self.formula!r}: {exc}") from None
        _whole(self.buy_in, "the buy-in", 1)
        for name in ("rebuy_cost", "addon_cost"):
            if getattr(self, name) is not None:
                _whole(getattr(self, name), name.replace("_", " "), 0)
        _whole(self.league_fee, "the league fee")
        _whole(self.toc_contribution, "the TOC contribution")
        if self.toc_contribution > self.buy_in:
            raise LeagueError(f"the TOC contribution ({self.toc_contribution}) exceeds the buy-in ({self.buy_in})")
        if self.best_of is not None:
            _whole(self.best_of, "best_of", 1)
        for name in ("knockout_points", "previous_winner_bonus", "leader_bonus"):
            _real(getattr(self, name), name)
        _whole(self.toc_min_events, "toc_min_events")
        _whole(self.toc_top_n, "toc_top_n")
        if isinstance(self.toc_top_stacks, (str, bytes, Mapping)) or not isinstance(self.toc_top_stacks, Sequence):
            raise LeagueError(f"toc_top_stacks must be a list of stacks, got {self.toc_top_stacks!r}")
        object.__setattr__(self, "toc_top_stacks", tuple(self.toc_top_stacks))
        for s in self.toc_top_stacks:
            _whole(s, "a TOC starting stack", 1)
        _whole(self.toc_other_stack, "the TOC starting stack below the listed places", 1)
        if not isinstance(self.payouts, str) or not self.payouts:
            raise LeagueError(f"payouts must name a payout table, got {self.payouts!r}")
        from ..tournament.payouts import PayoutError, load_payout_table

        try:
            load_payout_table(self.payouts)
        except (PayoutError, OSError) as exc:
            raise LeagueError(f"payouts {self.payouts!r}: {exc}") from None

    @property
    def points(self) -> Formula:
        return Formula(self.formula)

    def cost(self, result: Result) -> int:
        """What the player paid in the event: buy-ins, rebuys and add-ons (the formula's ``e``)."""
        rebuy = self.buy_in if self.rebuy_cost is None else self.rebuy_cost
        addon = self.buy_in if self.addon_cost is None else self.addon_cost
        return result.buyins * self.buy_in + result.rebuys * rebuy + result.addons * addon

    def toc_stack(self, rank: int) -> int:
        """Gananda: TOC. The starting stack for a final standing (1 = first)."""
        return self.toc_top_stacks[rank - 1] if rank <= len(self.toc_top_stacks) else self.toc_other_stack

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["toc_top_stacks"] = list(self.toc_top_stacks)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeasonConfig:
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise LeagueError(f"unknown season settings: {', '.join(unknown)} (settings: {', '.join(names)})")
        missing = [f.name for f in fields(cls)
                   if f.name not in data and f.default is _MISSING and f.default_factory is _MISSING]
        if missing:
            raise LeagueError(f"missing season settings: {', '.join(missing)}")
        return cls(**dict(data))


_PRESETS = Path(__file__).resolve().parent / "presets"


def season_presets() -> tuple[str, ...]:
    """The names of the shipped season presets."""
    folder = _PRESETS
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")))


@cache
def season_preset(name: str) -> SeasonConfig:
    """A shipped season preset by name (``gananda``); an unknown name lists the presets."""
    known = season_presets()
    if name not in known:
        raise LeagueError(f"no season preset named {name!r} (presets: {', '.join(known)})")
    text = (_PRESETS / f"{name}.toml").read_text(encoding="utf-8")
    import tomllib
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LeagueError(f"season preset {name!r}: {exc}") from None
    try:
        return SeasonConfig.from_dict(data)
    except LeagueError as exc:
        raise LeagueError(f"season preset {name!r}: {exc}") from None


def parse_season_config(text: str, suffix: str) -> SeasonConfig:
    """A season configuration from TOML (``suffix`` ``.toml``) or JSON text: a table of the
    :class:`SeasonConfig` fields on top of a preset: ``preset = "NAME"`` names it (default
    ``gananda``), and the fields left out keep the preset's values."""
    import tomllib
    try:
        data = tomllib.loads(text) if suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise LeagueError(f"season configuration: {exc}") from None
    if not isinstance(data, dict):
        raise LeagueError("season configuration: expected a table of settings")
    base_name = data.pop("preset", "gananda")
    if not isinstance(base_name, str):
        raise LeagueError(f"season configuration: preset must be a preset name, got {base_name!r}")
    base = season_preset(base_name).to_dict()
    try:
        return SeasonConfig.from_dict({**base, **data})
    except LeagueError as exc:
        raise LeagueError(f"season configuration: {exc}") from None


GANANDA: SeasonConfig
"""Gananda: Cost, Gananda: Points, Gananda: TOC (2014-15 rules), from ``presets/gananda.toml``
(read when first used)."""


PRESETS: dict[str, SeasonConfig]
"""Every shipped season preset, by name (read when first used)."""


def __getattr__(name: str) -> Any:
    # The presets are read from their TOML files when first used: a command that reads a
    # stored season needs none of them, nor tomllib.
    if name == "GANANDA":
        return season_preset("gananda")
    if name == "PRESETS":
        return {n: season_preset(n) for n in season_presets()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _gananda() -> SeasonConfig:
    return season_preset("gananda")


DATE_FORMS = "2014-10-04 (year-month-day) or 10/04/2014 (month/day/year, as the Gananda rules' schedule writes them)"
"""The date forms an event's date may be written in (``--date``, the CSV's ``date`` column)."""

_ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
_US_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def parse_date(text: str) -> str:
    """An event's date, normalised to ISO ``YYYY-MM-DD``, from ISO (``2014-10-04``) or the US
    month/day/year form the Gananda rules' schedule uses (``10/04/2014``). Anything else, or a
    day the calendar does not have (``2014-13-13``, ``02/30/2015``), is refused, saying why.
    The Gananda schedule also shows how a typo would slip in: ``04/11.2015`` is refused."""
    if not isinstance(text, str):
        raise LeagueError(f"a date must be text, got {text!r}")
    written = text.strip()
    iso, us = _ISO_DATE.fullmatch(written), _US_DATE.fullmatch(written)
    if iso:
        year, month, day = (int(g) for g in iso.groups())
    elif us:
        month, day, year = (int(g) for g in us.groups())
    else:
        raise LeagueError(f"{text!r} is not a date: write {DATE_FORMS}")
    if not 1 <= month <= 12:
        raise LeagueError(f"{text!r} is not a date: there is no month {month}")
    if year < 1:
        raise LeagueError(f"{text!r} is not a date: there is no year {year}")
    import calendar
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        raise LeagueError(f"{text!r} is not a date: {calendar.month_name[month]} {year} has {days} days, not {day}")
    return datetime.date(year, month, day).isoformat()


@record
class Result(Record):
    """One player's line in one event. ``finish`` 1 is the winner; equal finishes are a tie."""

    player: str
    finish: int
    buyins: int = 1
    rebuys: int = 0
    addons: int = 0
    knocked_out_by: str | None = None
    substitute: bool = False
    prize: int | None = None
    """What the player was paid, when the event says (a tournament run here: its payouts, ties
    shared, or the deal made, IFP 62); None: the season's payout table pays the event's pool
    (an import)."""

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        if d["prize"] is None:          # an import's line stays as it was stored before
            del d["prize"]
        return d


@record
class Event(Record):
    """A finished event of the season: its results, in any order, and its date (ISO
    ``YYYY-MM-DD``; given in a form :func:`parse_date` reads, or None: no date)."""

    name: str
    results: tuple[Result, ...]
    date: str | None = None
    tournament: str | None = None    # the tournament run here it came from (league add)

    def __post_init__(self) -> None:
        object.__setattr__(self, "results", tuple(self.results))
        if self.date is not None:
            try:
                object.__setattr__(self, "date", parse_date(self.date))
            except LeagueError as exc:
                raise LeagueError(f"event {self.name!r}: {exc}") from None
        check_event(self)

    @property
    def entrants(self) -> int:
        return len(self.results)

    @property
    def winners(self) -> frozenset[str]:
        return frozenset(r.player for r in self.results if r.finish == 1)

    def to_dict(self) -> dict[str, Any]:
        out = {"name": self.name, "date": self.date, "results": [r.to_dict() for r in self.results]}
        if self.tournament is not None:   # only when added from a tournament run here
            out["tournament"] = self.tournament
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """An event as stored. A date stored before dates were checked that is no date
        (``2014-13-13``) is read as none: the event keeps its place in the season."""
        date = data.get("date")
        if date is not None:
            try:
                date = parse_date(date)
            except LeagueError:
                date = None
        return cls(data["name"], tuple(Result(**r) for r in data["results"]), date,
                   data.get("tournament"))


def missing_place(finishes: Sequence[int]) -> int | None:
    """The first place not taken in a finishing order with ties (competition ranking: two players
    tied for 2nd take places 2 and 3, so the next finish is 4); None when the order is whole."""
    order = sorted(finishes)
    for i, f in enumerate(order):
        if i > 0 and f == order[i - 1]:
            continue
        if f != i + 1:
            return i + 1
    return None


OUTLASTS = "whoever knocks a player out takes their last chips and outlasts them (Gananda: Winning the Tournament)"


def check_event(event: Event) -> None:
    """Refuse an event whose results do not make one finished tournament."""
    where = f"event {event.name!r}"
    if not isinstance(event.name, str) or not event.name.strip():
        raise LeagueError("an event needs a name")
    if not event.results:
        raise LeagueError(f"{where}: no results")
    seen: set[str] = set()
    for r in event.results:
        if not isinstance(r.player, str) or not r.player.strip():
            raise LeagueError(f"{where}: a result without a player")
        if r.player in seen:
            raise LeagueError(f"{where}: player {r.player!r} appears twice")
        seen.add(r.player)
        _whole(r.finish, f"{where}: {r.player}'s finish", 1)
        _whole(r.buyins, f"{where}: {r.player}'s buy-ins", 1)
        _whole(r.rebuys, f"{where}: {r.player}'s rebuys")
        _whole(r.addons, f"{where}: {r.player}'s add-ons")
        if r.prize is not None:
            _whole(r.prize, f"{where}: {r.player}'s prize")
        if r.knocked_out_by is not None:
            if r.finish == 1:
                raise LeagueError(f"{where}: the winner {r.player!r} cannot be knocked out")
            if r.knocked_out_by == r.player:
                raise LeagueError(f"{where}: {r.player!r} cannot knock themselves out")
    finish = {r.player: r.finish for r in event.results}
    for r in event.results:
        if r.knocked_out_by is not None and r.knocked_out_by not in seen:
            raise LeagueError(f"{where}: {r.player!r} knocked out by {r.knocked_out_by!r}, who is not in the event")
        if r.knocked_out_by is not None and finish[r.knocked_out_by] >= r.finish:
            raise LeagueError(f"{where}: {r.player!r} (finish {r.finish}) knocked out by {r.knocked_out_by!r}, "
                              f"who finished {finish[r.knocked_out_by]}: {OUTLASTS}")
    if len({r.prize is None for r in event.results}) > 1:
        raise LeagueError(f"{where}: a prize for some players and not for others (give every "
                          "player's, or none for the season's payout table)")
    gap = missing_place([r.finish for r in event.results])
    if gap is not None:
        raise LeagueError(f"{where}: place {gap} is missing (finishes {sorted(r.finish for r in event.results)})")


@mutable_record
class Season(MutableRecord):
    """A season: its name, configuration, events and its league membership.

    Events are kept in date order (Gananda: Standings, "updated after each tournament": the
    previous event's winner and the current points leader of the bonuses are those of the
    events before it by date); events of the same date, and an event without a date, keep the
    order they were added in (an event without a date stays after every event added before it).

    Gananda: Cost, Gananda: Points. ``members`` are the players who paid the league fee (the
    TOC pool counts a fee for each); ``substitutes`` are players declared to play as subs, who
    pay no fee and earn no points. While no membership list was ever set (``members`` None)
    every player who played an event, not as a sub, is taken to be a member. Once a list is
    set it is the league's word: a player who is not on it earns no points, like a sub.
    """

    name: str
    config: SeasonConfig = field(default_factory=_gananda)
    events: list[Event] = field(default_factory=list)
    members: tuple[str, ...] | None = None
    substitutes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        events, self.events = list(self.events), []
        for e in events:
            self.add(e)
        if self.members is not None:
            self.members = tuple(self.members)
        self.substitutes = tuple(self.substitutes)

    def add(self, event: Event) -> None:
        """Add an event in its place by date: after every event dated on or before it, and
        after every event without a date added before it."""
        if any(e.name == event.name for e in self.events):
            raise LeagueError(f"season {self.name!r} already has an event named {event.name!r}")
        at = len(self.events)
        date = event.date
        if date is not None:
            while at > 0 and (before := self.events[at - 1].date) is not None and before > date:
                at -= 1
        self.events.insert(at, event)

    def member_list(self) -> tuple[str, ...]:
        """Who paid the league fee: the membership list, or while none was ever set every
        player who played an event not as a sub (and is not a declared substitute)."""
        if self.members is not None:
            return tuple(self.members)
        seen: dict[str, None] = {}
        subs = set(self.substitutes)
        for e in self.events:
            for r in e.results:
                if not r.substitute and r.player not in subs:
                    seen.setdefault(r.player)
        return tuple(seen)

    def earns_points(self, result: Result) -> bool:
        """Gananda: Points ("Players (but not subs) earn points"): not when the result was
        played as a sub, nor by a declared substitute, nor, once a membership list was set, by
        a player who is not on it (who paid no league fee)."""
        if result.substitute or result.player in self.substitutes:
            return False
        return self.members is None or result.player in self.members

    def non_members(self) -> tuple[str, ...]:
        """Players who played an event, not as a sub, while a membership list is set that does
        not name them and they are not declared substitutes: they earn no points (empty while
        no list is set)."""
        if self.members is None:
            return ()
        known = set(self.members) | set(self.substitutes)
        seen: dict[str, None] = {}
        for e in self.events:
            for r in e.results:
                if not r.substitute and r.player not in known:
                    seen.setdefault(r.player)
        return tuple(seen)
