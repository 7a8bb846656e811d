"""What the room's screens (clock, seats, a player's phone) show that the log decides, beside
the tournament's status: the seat moves still to be made, the players' nicknames, and whether
hand-for-hand play is offered (issue 22: "the room's screens never stale").

The seat moves still to be made are the lines of the seat changes (moved, table broken, final
table formed) recorded in the last :data:`RECENT_MOVES_S` seconds of the service's clock, in
play (an undo takes its moves off), that the director has not confirmed as carried out in the
console (:class:`~pokertd.services.console.ConsoleNotes`) and that still lead where the player
sits now: a move that a later one replaced (a table broken after a balancing move, the final
table redrawn) or a player out since leaves the list. A table broken stays announced while one
of its players' moves is still to be made. The newest command comes first, each command's lines
in the order the director reads them (the table broken, then its players' moves).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokertd.storage import Store
from pokertd.tournament import events as ev
from pokertd.tournament.director import Tournament

from .history import History
from .tournaments import SEAT_CHANGES, describe_move

__all__ = ["RECENT_MOVES_S", "hand_for_hand_offered", "nicknames", "pending_moves"]

#: How long a seat move stays on the room's screens unless it is confirmed or replaced first.
RECENT_MOVES_S = 5 * 60


def pending_moves(t: Tournament, history: History, confirmed: Iterable[str], now: float, *,
                  within: float = RECENT_MOVES_S) -> list[dict[str, Any]]:
    """The seat moves still to be made (see the module docstring), newest command first: each
    ``{"key", "text", "player"}``; ``key`` is the console's key of the line (the event's place
    in the log of events in play and the line's, :func:`~pokertd.services.console.move_keys`);
    ``player`` whose move it is (None: a table broken)."""
    done = set(confirmed)
    where = t.floor.where if t.floor is not None else {}
    since = now - within
    batches: list[list[tuple[str, str, str | None, int | None, ev.Event]]] = []
    i = 0
    for bid in history.active:
        b = history.batches[bid]
        recent = b.at is not None and b.at >= since
        lines = []
        for e_dict in b.events:
            if recent and e_dict["type"] in SEAT_CHANGES:
                e = ev.from_dict(e_dict)
                for j, text in enumerate(describe_move(e)):
                    lines.append((f"{i}.{j} {text}", text, *_lead(e, j), e))
            i += 1
        if lines:
            batches.append(lines)
    out: list[dict[str, Any]] = []
    for lines in reversed(batches):
        moves = [(key, text, player, frm) for key, text, player, frm, e in lines
                 if player is not None and key not in done and _still_due(t, where, e, player)]
        from_tables = {frm for *_, frm in moves}
        # The table broken first (the log records it after its players' moves).
        for key, text, player, _, e in sorted(lines, key=lambda x: x[2] is not None):
            if player is None:
                # The table broken: announced while one of its players is still to move.
                assert isinstance(e, ev.TableBroken)
                if key not in done and e.table in from_tables:
                    out.append({"key": key, "text": text, "player": None})
            elif any(m[0] == key for m in moves):
                out.append({"key": key, "text": text, "player": player})
    return out


def _lead(e: ev.Event, line: int) -> tuple[str | None, int | None]:
    """Whose move the ``line``-th line of ``e`` is, and from which table."""
    if isinstance(e, ev.Moved):
        return e.player, e.from_table
    if isinstance(e, ev.FinalTableFormed):
        p, table, _seat, _to = e.seats[line]
        return p, table
    return None, None


def _still_due(t: Tournament, where: dict[str, tuple[int, int]], e: ev.Event,
               player: str) -> bool:
    """The move still leads where the player sits now (not replaced by a later one; the
    player not out since)."""
    p = t.players.get(player)
    if p is None or p.out:
        return False
    if isinstance(e, ev.Moved):
        return where.get(player) == (e.to_table, e.to_seat)
    if isinstance(e, ev.FinalTableFormed):
        seat = next(s for q, _t, _s, s in e.seats if q == player)
        return where.get(player) == (e.table, seat)
    return False


def nicknames(store: Store, players: Iterable[str]) -> dict[str, str]:
    """The nicknames the player database holds for ``players`` (those who have one): the
    seats screen and a player's phone find a player by his nickname too."""
    from .players import PlayerDirectory

    wanted = set(players)
    return {p.name: p.nickname for p in PlayerDirectory(store).people()
            if p.name in wanted and p.nickname}


def hand_for_hand_offered(t: Tournament) -> bool:
    """Whether the console offers hand-for-hand play: IFP 61 (TDA RP-8) starts each hand at
    every table together, so it needs two tables or more (the director refuses it with one,
    :meth:`Tournament.hand_for_hand`), and an event under way that is not already playing
    hand for hand."""
    return (t.started and not t.finished and t.floor is not None
            and t.floor.table_count >= 2 and not t.clock.hand_for_hand)
