"""What the tournament service's readers show of a tournament: its status (clock, field,
payouts, chip race), its seats, the seat moves the director has to carry out and the lines
that tell him (IFP 10, 11a, 15; WPA 4, 5; TDA 10, 11), the rulings to announce, the rule of
the preset in force, and a player's prize (IFP 57, 62; WPA 8).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.director import Tournament


#: Events that change seats without anyone busting: what the director has to carry out.
SEAT_CHANGES = ("moved", "table_broken", "final_table_formed")


def prize_won(t: Tournament, player: str) -> int | None:
    """What a player out (or the winner) is paid: a deal's amount (IFP 62), or his place's
    prize, shared with the players tied with him (IFP 57, WPA 8, Gananda); None while the
    payouts are not fixed."""
    p = t.players[player]
    if t.finished:
        return p.prize
    if t.deal is not None and player in t.deal["players"]:
        return int(t.deal["amounts"][t.deal["players"].index(player)])
    if t.payouts is None or p.place is None:
        return None
    from pokertd.tournament.payouts import split_tie

    group = next((g for g in t.finishing if player in g), [player])
    shares = split_tie(t.payouts, p.place, len(group), unit=t.config.unit)
    return shares[group.index(player)]


def payout_rows(t: Tournament) -> list[dict[str, Any]] | None:
    """What each paid place pays, as every screen shows it: place, amount, the players who
    finished there; None while the payouts are not fixed.

    IFP 62: after a deal the places it covers pay the deal's amounts, not the structure's:
    before the finish each such row is one dealing player's amount (the largest first, the
    player named and ``"deal": True``); at the finish what the players of that place were
    paid. A tie (IFP 57) is one row per place with the players who share it."""
    if t.payouts is None:
        return None
    at: dict[int, list[str]] = {}
    for p in t.players.values():
        if p.place is not None:
            at.setdefault(p.place, []).append(p.name)
    rows: list[dict[str, Any]] = [{"place": i, "amount": a, "players": sorted(at.get(i, []))}
                                  for i, a in enumerate(t.payouts, start=1)]
    d = t.deal
    if d is None:
        return rows
    k = len(d["players"])      # the places the deal covers: one for each player in it
    if t.finished:
        covered = [{"place": i, "players": sorted(at.get(i, [])), "deal": True}
                   for i in range(1, k + 1)]
        for r in covered:
            paid = [t.players[p].prize for p in r["players"]]
            r["amount"] = sum(paid) // len(paid) if paid else 0
    else:
        owed = sorted(zip(d["amounts"], d["players"]), key=lambda x: (-x[0], x[1]))
        covered = [{"place": i, "amount": int(a), "players": [p], "deal": True}
                   for i, (a, p) in enumerate(owed, start=1)]
    return covered + rows[k:]


def seat_changes(events: Iterable[ev.Event], *, latest: bool = True) -> list[ev.Event]:
    """The seat moves recorded in ``events`` (moved, table broken, final table formed).

    ``latest``: only those of the last rearrangement, i.e. the run of seat changes at the end
    of the log (clock pauses and resumes aside), which the director has yet to carry out; they
    stay shown until the next command that changes the field."""
    if not latest:
        return [e for e in events if e.type in SEAT_CHANGES]
    out: list[ev.Event] = []
    for e in reversed(list(events)):
        if e.type in SEAT_CHANGES:
            out.append(e)
        elif e.type not in ("clock_paused", "clock_resumed"):
            break
    out.reverse()
    return out


def describe_move(e: ev.Event) -> list[str]:
    """Lines telling the director what to do for one seat-change event."""
    if isinstance(e, ev.Moved):
        return [f"{e.player}: table {e.from_table} seat {e.from_seat} -> table {e.to_table} "
                f"seat {e.to_seat} ({e.reason})"]
    if isinstance(e, ev.TableBroken):
        # WPA 4: the breaking order is announced with each break.
        return [f"table {e.table} is broken ({e.rule})"
                + (f"; the tables break next in the order {', '.join(map(str, e.next))}"
                   if len(e.next) > 1 else "")]
    if isinstance(e, ev.FinalTableFormed):
        return [f"{p}: table {t} seat {s} -> final table {e.table} seat {seat} ({e.rule})"
                for p, t, s, seat in e.seats]
    return []


#: The rule that makes a player moved in wait for the button (IFP 10; WPA 4; TDA 10-A).
_WAIT_RULE = {"wpa": "WPA 4", "tda-2024": "TDA 10-A"}


def rulings(t: Tournament, events: Iterable[ev.Event]) -> list[str]:
    """What the director must tell the floor after a live command's ``events``: a table where
    play halts, short by the preset's threshold (IFP 11a: 3 or more; WPA 5: 2 or more; TDA
    11-D: 3 or more), with the rule; a player moved or seated in between the small blind and
    the button, who waits until the button has passed him (IFP 10; WPA 4; TDA 10-A); and the
    button to draw at a final table just redrawn (IFP 16)."""
    events = list(events)
    if t.dealt or t.floor is None:
        return []
    base = t.rules.name if t.rules.name in _WAIT_RULE else t.config.rules_base
    wait_rule = _WAIT_RULE.get(base, "IFP 10")
    out: list[str] = []
    if t.finished:
        return out
    if any(e.type == "busted" for e in events):
        halted = t.halted_tables()
        if halted:
            out.append(f"play halts at table(s) {', '.join(map(str, halted))} "
                       f"({_rule_of('balancing_halt_short', t, 'IFP 11a')}: "
                       f"{t.rules.balancing_halt_short} or more players short) until a player "
                       "is moved in")
    unknown = False
    for e in events:
        if not isinstance(e, (ev.Moved, ev.Seated)):
            continue
        table, seat = (e.to_table, e.to_seat) if isinstance(e, ev.Moved) else (e.table, e.seat)
        tab = t.floor.tables.get(table)
        if tab is None or t.floor.where.get(e.player) != (table, seat):
            continue                    # moved on again since
        if tab.button is None or tab.count < 3:
            unknown = unknown or isinstance(e, ev.Moved) and e.reason.startswith("table broken")
            continue
        if seat in tab.button.peek(tab.seats).waiting:
            out.append(f"{e.player} (table {table} seat {seat}) sits between the small blind "
                       "and the button: no hand until the button has passed him "
                       f"({wait_rule})")
    if unknown:
        out.append("a player moved from a broken table into a seat between the small blind "
                   f"and the button gets no hand until the button has passed him ({wait_rule})")
    for e in events:
        if isinstance(e, ev.FinalTableFormed) and e.table in t.floor.tables:
            out.append(f"final table {e.table}: draw for the button (IFP 16: the starting "
                       "position of the dealer button will be randomly drawn)")
    return out


def status(t: Tournament, now: float) -> dict[str, Any]:
    """What a live event's display shows, as plain data: the clock (level, blinds, time left,
    running or stopped), the players left, the chips in play, the tables and their seats, the
    payouts. Read it after :meth:`TournamentService.observe`, which records what the clock
    has brought."""
    clock: dict[str, Any] | None = None
    if t.started:
        st = t.clock.status(now)
        level = st.level
        clock = {
            "level": st.level_number,
            "on_break": st.on_break,
            "break": st.break_number,
            "small_blind": level.small_blind if level else None,
            "big_blind": level.big_blind if level else None,
            "ante": level.ante if level else None,
            "big_blind_ante": level.big_blind_ante if level else None,
            "next_level": _next_level(st),
            "next_break": _next_break(t, st),
            "seconds_left": None if st.seconds_left is None else round(st.seconds_left, 1),
            "running": st.running,
            "pause_reason": st.pause_reason,
        }
    tables = []
    halted = set(t.halted_tables())
    if t.floor is not None:
        for tid, table in sorted(t.floor.tables.items()):
            b = table.button
            tables.append({"table": tid, "seats": [
                {"seat": k + 1, "player": p} for k, p in enumerate(table.seats) if p is not None],
                # IFP 11a / WPA 5 / TDA 11-D: play halts here until a player is moved in.
                "halted": tid in halted,
                # The button as the director reported it since the last bust-out (live), or
                # as the last hand dealt left it; None: not known.
                "button": None if b is None else b.button})
    return {
        "preset": t.config.name,
        "live": not t.dealt,
        "started": t.started,
        "finished": t.finished,
        "entrants": t.entrants,
        "players_left": t.alive,
        "prize_pool": t.prize_pool,
        # Chips in play and the average stack; IFP 9: the seats for sale, and the unsold
        # seats' stacks removed at the close of registration.
        "chips": t.chips,
        "average_stack": t.chips // t.alive if t.alive else None,
        # The counts the director corrected at a chip race (TDA 1), with his reasons.
        "count_corrections": [{"chips": c, "reason": r} for c, r in t.count_corrections],
        "seats": t.config.seats,
        "registration_open": not t.registration_closed,
        # A late entry finishes above every player out: their places are provisional until
        # registration closes (Gananda: Winning the Tournament; IFP 9).
        "places_provisional": t.places_provisional,
        "dead_stacks": None if t.dead_stacks is None else {
            "seats": t.dead_stacks.seats, "chips": t.dead_stacks.chips,
            "by_value": [list(x) for x in t.dead_stacks.by_value],
            "rule": t.dead_stacks.rule},
        "clock": clock,
        "tables": tables,
        # WPA 4: the breaking order of the tables (the last one is the final table).
        "break_order": [] if t.floor is None else list(t.floor.break_order),
        "payouts": None if t.payouts is None else list(t.payouts),
        # The rows the screens show: after a deal its amounts (IFP 62), see payout_rows.
        "payout_rows": payout_rows(t),
        # IFP 62: the deal recorded (who gets what of the prizes still to be paid then, and
        # what was left to play for), or None.
        "deal": None if t.deal is None else {
            "method": t.deal["method"], "agreed_by": list(t.deal["agreed_by"]),
            "amounts": dict(zip(t.deal["players"], t.deal["amounts"])),
            "left_to_play_for": t.deal["left_to_play_for"]},
        "winner": t.winner,
        "results": t.results() if t.finished else None,
        # IFP 11a (3 or more short), WPA 5 (2 or more), TDA 11-D (3 or more): the tables
        # where play halts, and the balancing move due (live: waiting for the buttons).
        "halted_tables": sorted(halted),
        "halt_rule": _rule_of("balancing_halt_short", t, "IFP 11a"),
        "balancing": None if t.dealt else t.balancing_wait(),
        # IFP 61 / TDA RP-8: hand-for-hand play, and the hands done since it began.
        "hand_for_hand": {
            "on": t.clock.hand_for_hand, "hands": t.hand_for_hand_hands,
            "seconds_off_per_hand": t.clock.seconds_per_hand,
            "rule": _rule_of("hand_for_hand", t, "IFP 61")} if t.started else None,
        # IFP 14 / WPA 9: the day's last hands announced (the clock stopped), or None.
        "last_hands": t.clock.last_hands if t.started else None,
        "last_hands_rule": preset_rule(t, "end_of_day_hands"),
        # IFP 56 / WPA 14 / TDA 24: a chip race due at a chip-up break, table by table.
        "chip_race": _chip_race_status(t, now),
        # Its outcome, each table's race as it is run, shown until the break ends.
        "chip_races": _chip_races(t, now),
    }


def seat_list(t: Tournament, *, everyone: bool = False) -> list[dict[str, Any]]:
    """Who sits where, every player in play alphabetically (without regard to case): table
    and seat (None before the start), and whether he is absent (IFP 8: dealt in, his cards
    killed). ``everyone``: the players out too, with their places."""
    where = t.floor.where if t.floor is not None else {}
    rows = []
    for p in sorted(t.players.values(), key=lambda p: (p.name.casefold(), p.name)):
        if p.out and not everyone:
            continue
        at = where.get(p.name)
        rows.append({"player": p.name, "table": at[0] if at else None,
                     "seat": at[1] if at else None, "absent": p.absent and not p.out,
                     "out": p.out, "place": p.place if p.out else None})
    return rows


def _next_level(st: Any) -> dict[str, Any] | None:
    """The level after the current one (or after the break), as the clock shows it."""
    nxt = st.next_level
    if nxt is None:
        return None
    return {"level": st.level_number + 1, "small_blind": nxt.small_blind,
            "big_blind": nxt.big_blind, "ante": nxt.ante, "big_blind_ante": nxt.big_blind_ante,
            "minutes": nxt.minutes}


def _next_break(t: Tournament, st: Any) -> dict[str, Any] | None:
    """The next break after the current period: its number, the level it follows, the clock
    time to it (seconds of play: it does not run while the clock is stopped) and whether it is
    a chip-up (IFP 56); None when no break is left."""
    s = t.structure
    number = sum(1 for p in s.periods[:st.period_index + 1] if p.kind == "break")
    for j in range(st.period_index + 1, len(s.periods)):
        p = s.periods[j]
        if p.kind == "break":
            return {"break": number + 1, "after_level": s.level_number_at(j),
                    "seconds_to": round(t.clock.period_start(j) - st.elapsed, 1),
                    "minutes": p.minutes, "color_up": list(p.color_up)}  # type: ignore[union-attr]
    return None


def _rule_of(field: str, t: Tournament, default: str) -> str:
    from pokertd.tournament.director import field_rule
    return field_rule(field, t.rules.name, default)


def preset_rule(t: Tournament, field: str) -> str:
    """The rule of the preset in force that decides a RuleSet ``field`` (a house: its own,
    else its base preset's), or "" when that book has none (WPA on the dead button)."""
    from pokertd.rules import field_rules
    rules = field_rules(field)
    return rules.get(t.rules.name) or rules.get(t.config.rules_base, "")


def _chip_race_status(t: Tournament, now: float) -> dict[str, Any] | None:
    if not t.started or t.finished or t.dealt or t.floor is None:
        return None
    going = t.colours_due(now)
    if not going:
        return None
    return {"going_out": list(going), "tables_done": sorted(t.raced_tables),
            "tables_left": sorted(set(t.floor.tables) - t.raced_tables),
            "rule": {"tda-2024": "TDA 24", "wpa": "WPA 14"}.get(t.rules.name, "IFP 56")}


def _chip_races(t: Tournament, now: float) -> dict[str, Any] | None:
    """A live chip-up's outcome (IFP 56; WPA 14; TDA 24), table by table as they race
    (:func:`chip_race_results`), from the first race until the break ends: the colours, the
    rule and each race; None when no table has raced them."""
    if not t.started or t.finished or t.dealt or t.floor is None:
        return None
    going = t.colours_due(now)
    if not going:
        st = t.clock.status(now)
        if not st.on_break:
            return None
        going = tuple(t.structure.periods[st.period_index].color_up)  # type: ignore[union-attr]
    results = chip_race_results(t, going) if going else []
    if not results:
        return None
    return {"going_out": list(going), "results": results,
            "rule": {"tda-2024": "TDA 24", "wpa": "WPA 14"}.get(t.rules.name, "IFP 56")}


def chip_race_results(t: Tournament, going_out: Iterable[int]) -> list[dict[str, Any]]:
    """The outcome of each table's live race of the ``going_out`` colours, in the order
    raced: every seat's count before, the cards dealt to it (one per odd chip, from seat 1:
    IFP 56), the chip it won (one at most, of the smallest colour that stays) or the one it
    was given (no one is raced out: IFP 56; TDA 24A), and its new count."""
    going = set(going_out)
    staying = [v for v in t.config.chip_set.values if v not in going]
    new_chip = min(staying) if staying else None
    out = []
    for e in t.events:
        if not isinstance(e, ev.ChipRaced) or not e.before or set(e.going_out) != going:
            continue
        seats = t.floor.tables[e.table].seats if t.floor and e.table in t.floor.tables else ()
        then = dict(e.players)           # who sat there at the race (older logs: the seats now)
        after = dict(e.stacks)
        cards = dict(e.cards)
        rows = []
        for seat, before in e.before:
            player = then.get(seat) or (seats[seat - 1] if seat <= len(seats) else None)
            won = seat in e.winners
            given = not won and new_chip is not None and before < new_chip
            rows.append({"seat": seat, "player": player or f"seat {seat}", "before": before,
                         "cards": list(cards.get(seat, ())), "won": new_chip if won else None,
                         "given": new_chip if given else None, "after": after[seat]})
        out.append({"table": e.table, "rule": e.rule, "chip": new_chip,
                    "raced": sum(1 for r in rows if r["won"]), "seats": rows})
    return out
