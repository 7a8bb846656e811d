"""``pokertd tournament pause, resume, clock, levels, hand-for-hand, last-hands``: the clock
(IFP 1 / TDA 1 and IFP 23 / TDA 23: the director sets it and changes the levels to come; IFP
61; TDA RP-8; IFP 14; WPA 9). Declared in :mod:`pokertd.cli.live` (the ``tournament`` group)
and run here.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer

from .app import OutputFormat, fail
from .live import ClockAction, HandForHandAction, LevelsAction
from .live_common import _echo_json, _print_clock, _run

if TYPE_CHECKING:
    from ..services.tournaments import TournamentService
    from ..tournament.director import Tournament


def pause(name: str, reason: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament pause``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.pause(name, reason, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock stopped")


def resume(name: str, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament resume``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.resume(name, command_id=command_id))
    _print_clock(out.clock)
    typer.echo("clock running")


def hand_for_hand(name: str, action: HandForHandAction, output: OutputFormat,
                  command_id: str | None, db: str | None) -> None:
    """``pokertd tournament hand-for-hand``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.hand_for_hand(name, action.value, command_id=command_id))
    t = out.tournament
    if output is OutputFormat.json:
        _echo_json(out, hand_for_hand=t.clock.hand_for_hand, hands=t.hand_for_hand_hands)
        return
    from ..services.tournaments import preset_rule

    _print_clock(out.clock)
    rule = preset_rule(t, "hand_for_hand")
    timing = ("the clock stopped, " + f"{t.clock.seconds_per_hand // 60} minutes off it per hand "
              f"({rule})" if t.clock.seconds_per_hand else f"the clock runs ({rule})")
    if action is HandForHandAction.start:
        typer.echo(f"hand-for-hand: every table starts each hand together; {timing}")
    elif action is HandForHandAction.hand_done:
        typer.echo(f"hand-for-hand: hand {t.hand_for_hand_hands} done at every table; deal "
                   "the next one together")
    else:
        typer.echo(f"hand-for-hand ended after {t.hand_for_hand_hands} hand(s)")


def last_hands(name: str, hands: int | None, output: OutputFormat, command_id: str | None,
               db: str | None) -> None:
    """``pokertd tournament last-hands``, as :mod:`pokertd.cli.live` declares it."""
    out = _run(db, lambda s: s.last_hands(name, hands, command_id=command_id))
    t = out.tournament
    if output is OutputFormat.json:
        _echo_json(out, last_hands=t.clock.last_hands)
        return
    _print_clock(out.clock)
    e = out.result[-1]
    from ..services.tournaments import preset_rule

    typer.echo(f"clock stopped: the last {e.hands} hands of the day"
               + (" (drawn at random)" if e.drawn else "")
               + f" ({preset_rule(t, 'end_of_day_hands')})")


def parse_time(text: str | None, action: str) -> float:
    """A time as the director types it: ``5m``, ``90s``, ``1h``, ``12:30`` (minutes and
    seconds), ``1:05:00``, or a number of minutes; anything else refused (exit 2)."""
    import re

    if text is None:
        raise fail(f"clock {action}: give the time, e.g. 5m, 90s, 12:30")
    t = text.strip().lower()
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(h|m|min|s)?", t)
    if m:
        unit = {"h": 3600, "s": 1}.get(m.group(2) or "m", 60)
        seconds = float(m.group(1)) * unit
    elif re.fullmatch(r"\d{1,3}:[0-5]\d(:[0-5]\d)?", t):
        parts = [int(x) for x in t.split(":")]
        seconds = float(parts[0] * 60 + parts[1] if len(parts) == 2
                        else parts[0] * 3600 + parts[1] * 60 + parts[2])
    else:
        raise fail(f"clock {action}: {text!r} is not a time: give 5m, 90s, 1h, 12:30 "
                   "(minutes:seconds) or 1:05:00")
    return seconds


def _clock_line(t: Tournament, now: float) -> str:
    """The clock as the room's screen shows it: ``level 5 (100/200, ante 25): 12:30 left``."""
    from ..tournament.clock_controls import clock_time

    st = t.clock.status(now)
    here = t.period_name(st.period_index)
    lv = st.level
    if lv is not None:
        ante = lv.ante or lv.big_blind_ante
        here += f" ({lv.small_blind:,}/{lv.big_blind:,}" + (f", ante {ante:,}" if ante else "") + ")"
    left = ("the last level runs on" if st.seconds_left is None
            else f"{clock_time(st.seconds_left)} left")
    return f"{here}: {left}" + ("" if st.running else f" (clock stopped: {st.pause_reason})")


def clock(name: str, action: ClockAction, time: str | None, output: OutputFormat,
          command_id: str | None, db: str | None) -> None:
    """``pokertd tournament clock``, as :mod:`pokertd.cli.live` declares it."""
    seconds = 0.0
    if action.value in ("add", "subtract", "set"):
        seconds = parse_time(time, action.value)
    elif time is not None:
        raise fail(f"clock {action.value} takes no time (got {time!r}); add, subtract and set "
                   "do")
    out = _run(db, lambda s: s.set_clock(name, action.value, seconds, command_id=command_id))
    t = out.tournament
    e = out.result[-1]
    if output is OutputFormat.json:
        _echo_json(out, period=e.period, seconds_left=e.seconds_left)
        return
    _print_clock(out.clock)
    typer.echo(f"clock set ({e.rule}): {_clock_line(t, e.at)}")
    if action.value in ("next", "previous"):
        typer.echo("announce it: the new level applies to the next hand (IFP 23)")


def _blinds(text: str) -> tuple[int, int]:
    a, sep, b = text.partition("/")
    try:
        return int(a), int(b)
    except ValueError:
        raise fail(f"--blinds: {text!r} is not SMALL/BIG (e.g. 150/300)") from None


def levels(name: str, action: LevelsAction, number: int | None, minutes: int | None,
           blinds: str | None, ante: int | None, bb_ante: int | None, color_up: str | None,
           output: OutputFormat, command_id: str | None, db: str | None) -> None:
    """``pokertd tournament levels``, as :mod:`pokertd.cli.live` declares it."""
    if action is LevelsAction.show:
        if any(x is not None for x in (number, minutes, blinds, ante, bb_ante, color_up)):
            raise fail("levels show takes no number or option: give an action (level N, add, "
                       "break N, remove-break N) to change the levels to come")
        rows = _run(db, lambda s: s.levels(name))
        _print_levels(rows, output)
        return
    needs_number = action is not LevelsAction.add
    if needs_number and number is None:
        raise fail(f"levels {action.value}: give the number of the "
                   + ("break" if action is LevelsAction.remove_break else "level"))
    if not needs_number and number is not None:
        raise fail("levels add puts a level at the end: it takes no number")

    def change(s: TournamentService) -> Any:
        t = s.view(name).tournament
        rows = t.periods_view(s.now())
        current = next((r["index"] for r in rows if r["state"] == "now"), -1)
        first = current + 1
        periods = [p.to_dict() for p in t.structure.periods]
        upd = {k: v for k, v in (("minutes", minutes), ("ante", ante),
                                 ("big_blind_ante", bb_ante)) if v is not None}
        if blinds is not None:
            upd["small_blind"], upd["big_blind"] = _blinds(blinds)
        if action is LevelsAction.level:
            if color_up is not None:
                raise fail("--color-up is a break's: levels break N --color-up 25")
            i = _index(rows, "level", number)
            if not upd:
                raise fail(f"levels level {number}: give --minutes, --blinds, --ante or "
                           "--bb-ante")
            periods[i] = {**periods[i], **upd}
            first = max(first, i) if i > current else i
        elif action is LevelsAction.add:
            if "small_blind" not in upd or minutes is None:
                raise fail("levels add: give the new level's --minutes and --blinds")
            periods.append({"kind": "level", "ante": 0, "big_blind_ante": 0, **upd})
        elif action is LevelsAction.break_:
            if minutes is None:
                raise fail(f"levels break {number}: give the break's --minutes")
            if blinds is not None or ante is not None or bb_ante is not None:
                raise fail("a break has no blinds or antes: give --minutes (and --color-up)")
            i = _index(rows, "level", number)
            up = [] if color_up is None else [int(x) for x in _numbers(color_up)]
            periods.insert(i + 1, {"kind": "break", "minutes": minutes, "color_up": up})
            first = max(first, i + 1) if i + 1 > current else i + 1
        else:
            i = _index(rows, "break", number)
            del periods[i]
            first = i
        return s.change_levels(name, first, periods[first:], command_id=command_id)

    out = _run(db, change)
    if output is OutputFormat.json:
        _echo_json(out, levels=out.tournament.periods_view(out.result[-1].at))
        return
    _print_clock(out.clock)
    e = out.result[-1]
    typer.echo(f"levels to come changed ({e.rule}); announce them:")
    _print_levels([r for r in out.tournament.periods_view(e.at) if r["state"] != "played"],
                  output)


def _numbers(text: str) -> list[str]:
    items = [x.strip() for x in text.split(",") if x.strip()]
    if not items or not all(x.isdigit() for x in items):
        raise fail(f"--color-up: {text!r} is not chip values, comma-separated (25 or 25,100)")
    return items


def _index(rows: list[dict[str, Any]], kind: str, number: int | None) -> int:
    for r in rows:
        if r["kind"] == kind and r["number"] == number:
            return int(r["index"])
    count = sum(1 for r in rows if r["kind"] == kind)
    raise fail(f"no {kind} {number}: the structure has {kind}s 1-{count}" if count
               else f"no {kind} {number}: the structure has none")


def _print_levels(rows: list[dict[str, Any]], output: OutputFormat) -> None:
    if output is OutputFormat.json:
        typer.echo(json.dumps(rows))
        return
    for r in rows:
        mark = {"now": ">", "played": " "}.get(r["state"], " ")
        if r["kind"] == "break":
            what = f"break {r['number']}" + (f", chip-up {', '.join(map(str, r['color_up']))}"
                                            if r["color_up"] else "")
        else:
            ante = r["ante"] or r["big_blind_ante"]
            what = (f"level {r['number']}: {r['small_blind']:,}/{r['big_blind']:,}"
                    + (f", {'BB ' if r['big_blind_ante'] else ''}ante {ante:,}" if ante else ""))
        typer.echo(f"{mark} {what:<34} {r['minutes']:>3} min  {r['state']}")
