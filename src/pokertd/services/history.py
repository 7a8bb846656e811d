"""A tournament's log read as commands: the batches, undo and redo (issue 14; issue 9's console).

Every command the service runs appends one *batch* to the tournament's stream: a marker event,
then the tournament events the command recorded (with the clock's events recorded with it,
:meth:`Tournament.follow_clock`). The marker names the batch, and a batch's id is the sequence
number of its marker:

- ``command`` ``{"command": "bust", "args": {...}, "at": ...}``: a director's command; a read
  (status, payouts, moves) that recorded the clock's events writes ``"command": "clock"``;
- ``undone`` ``{"batch": id, "command": ..., "at": ...}``: the command of batch ``id`` is undone;
- ``redone`` ``{"batch": id, ...}``: an undone command is back.

A marker may also hold ``"command_id"``: the id the client chose for the command (the console's
JavaScript, a script's ``--command-id``), stored with the command's events in the same
transaction. :meth:`History.find` gives the batch of an id, undone or not: a client that sends
the command again (its answer was lost) is told it is already done, and nothing is applied twice.

Nothing is ever deleted (DESIGN: "State changes are events"): the tournament is the replay of
the *active* batches, in order. The events before the first marker (the ``created`` event, and
the whole log of a tournament recorded before undo existed) are one batch that no undo reaches.

Undo and redo work as in an editor. Undo takes the last active command back, together with
every batch recorded after it (the clock's events that followed it were computed with it in
play); redo puts back exactly what that undo took, at its place, and leaves out what was
recorded meanwhile (the clock's events of the undo and of reads, computed without it). A new
command clears what could be redone. The clock's events are the clock's: whatever an undo or a
redo leaves out that the clock still brings by then, the undo or redo records again at once
(its own batch holds them), so the log always follows the clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field, replace

from pokertd.records import MutableRecord, mutable_record
from typing import Any

__all__ = [
    "CLOCK", "COMMAND", "CREATED", "MARKERS", "REDONE", "UNDONE", "Batch", "History",
    "HistoryError", "changes", "describe", "read_history",
]

COMMAND = "command"
UNDONE = "undone"
REDONE = "redone"
MARKERS = frozenset((COMMAND, UNDONE, REDONE))

CREATED = "created"      # the batch of the log's opening events
CLOCK = "clock"          # a read that recorded the clock's events


class HistoryError(ValueError):
    """An undo or redo that cannot be made (nothing to undo, ...); nothing was written."""


@mutable_record
class Batch(MutableRecord):
    """One command's events in the log: ``kind`` is the command (``bust``, ``register``, ...),
    ``clock``, ``undo``, ``redo`` or ``created``; ``refers``: the batch an undo or redo names."""

    id: int
    kind: str
    args: dict[str, Any] = field(default_factory=dict)
    at: float | None = None
    refers: int | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    command_id: str | None = None
    """The id the client gave the command, if any (the marker's ``command_id``)."""

    @property
    def is_command(self) -> bool:
        return self.kind not in (CREATED, CLOCK, "undo", "redo")


class History:
    """The batches of a log and which of them are in play (see the module docstring)."""

    def __init__(self) -> None:
        self.batches: dict[int, Batch] = {}
        self.active: list[int] = []
        # The active commands, last on top: (batch id, its index in ``active``).
        self._undo: list[tuple[int, int]] = []
        # What each undo took, last undone on top: (command id, batches taken, index).
        self._redo: list[tuple[int, list[int], int]] = []
        # The batch of each client's command id (every batch that has one, undone or not).
        self.ids: dict[str, int] = {}

    def add(self, batch: Batch) -> None:
        """The next batch of the log."""
        if batch.kind == "undo":
            if not self._undo or self._undo[-1][0] != batch.refers:
                raise HistoryError(f"event {batch.id} undoes batch {batch.refers}, which is not "
                                   "the last command in play")
            cid, start = self._undo.pop()
            self._redo.append((cid, self.active[start:], start))
            del self.active[start:]
        elif batch.kind == "redo":
            if not self._redo or self._redo[-1][0] != batch.refers:
                raise HistoryError(f"event {batch.id} redoes batch {batch.refers}, which is not "
                                   "the last command undone")
            cid, taken, start = self._redo.pop()
            del self.active[start:]           # recorded since the undo, without the command
            self.active.extend(taken)
            self._undo.append((cid, start))
        elif batch.is_command:
            self._undo.append((batch.id, len(self.active)))
            self._redo.clear()
        if batch.command_id is not None:
            self.ids.setdefault(batch.command_id, batch.id)
        self.batches[batch.id] = batch
        self.active.append(batch.id)

    def extend(self, recorded: Iterable[Any]) -> bool:
        """Add the stored events that follow the last one read (``RecordedEvent`` items, in
        order). True when only new events came into play, at the end of the log (commands and
        the clock's batches); False when an undo or a redo changed which batches are in play
        (the tournament must then be replayed)."""
        appended = True
        last = self.batches[self.active[-1]] if self.active else None
        current: Batch | None = None
        for r in recorded:
            if r.type in MARKERS:
                if current is not None:
                    self.add(current)
                p = r.payload
                if r.type == COMMAND:
                    current = Batch(r.seq, p["command"], dict(p.get("args") or {}), p.get("at"),
                                    command_id=p.get("command_id"))
                else:
                    appended = False
                    current = Batch(r.seq, "undo" if r.type == UNDONE else "redo", {},
                                    p.get("at"), p["batch"], command_id=p.get("command_id"))
                continue
            if current is None:
                if last is None:
                    current = Batch(r.seq, CREATED)
                else:
                    # A log of no markers (recorded before undo existed) goes on in its last
                    # batch, the last in play: a copy, as a copy of this history shares it.
                    last = self.batches[last.id] = replace(last, events=list(last.events))
                    last.events.append({"type": r.type, **r.payload})
                    continue
            current.events.append({"type": r.type, **r.payload})
        if current is not None:
            self.add(current)
        return appended

    def copy(self) -> History:
        """A copy that batches added later do not change (the batches themselves shared)."""
        h = History()
        h.batches = dict(self.batches)
        h.active = list(self.active)
        h._undo = list(self._undo)
        h._redo = [(c, list(taken), start) for c, taken, start in self._redo]
        h.ids = dict(self.ids)
        return h

    def find(self, command_id: str) -> Batch | None:
        """The batch of the command the client sent with ``command_id``, or None."""
        bid = self.ids.get(command_id)
        return None if bid is None else self.batches[bid]

    def events(self) -> Iterator[dict[str, Any]]:
        """The tournament events in play, in order: what the tournament replays."""
        for bid in self.active:
            yield from self.batches[bid].events

    def last_command(self) -> Batch | None:
        """The command an undo would take back, or None."""
        return self.batches[self._undo[-1][0]] if self._undo else None

    def next_redo(self) -> Batch | None:
        """The command a redo would put back, or None."""
        return self.batches[self._redo[-1][0]] if self._redo else None

    def undo_chain(self) -> list[Batch]:
        """The commands in play, the last first (undo takes them in this order)."""
        return [self.batches[b] for b, _ in reversed(self._undo)]

    def redo_chain(self) -> list[Batch]:
        """The commands undone that redo can put back, the next first."""
        return [self.batches[b] for b, _, _ in reversed(self._redo)]


def read_history(recorded: Iterable[Any]) -> History:
    """The history of a stored log (:class:`~pokertd.storage.RecordedEvent` items)."""
    h = History()
    h.extend(recorded)
    return h


def describe(batch: Batch) -> str:
    """A command as the director typed it, near enough: ``bust Cid (by Ann)``."""
    args = dict(batch.args)
    # The levels to come as given (the console's dialog sends them all): the summary says it.
    args.pop("periods", None)
    args.pop("first", None)
    head = [{"clock-set": "clock"}.get(batch.kind, batch.kind)]
    for key in ("players", "player", "table", "action", "method"):
        if key in args:
            v = args.pop(key)
            head.append(", ".join(map(str, v)) if isinstance(v, list) else
                        f"table {v}" if key == "table" else str(v))
    rest = [k.replace("_", " ") + ("" if v is True else f" {_text(v)}")
            for k, v in args.items() if v not in (None, False, [], {}, 0)]
    return " ".join(head) + (f" ({'; '.join(rest)})" if rest else "")


def _text(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k}={x}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(map(str, v))
    return str(v)


# --- what an undo or redo changes -------------------------------------------------------------


def changes(before: Any, after: Any, now: float | None = None
            ) -> tuple[list[str], list[dict[str, Any]]]:
    """What changed from the tournament ``before`` to ``after`` (an undo or a redo): lines for
    the director, and the seat changes to carry out (player, from table and seat, to table and
    seat; None where he has no seat). ``now``: the clock is compared as it reads then (the
    director's clock commands, IFP 1 / TDA 1)."""
    lines: list[str] = []
    bp, ap = before.players, after.players
    for name in bp:
        if name not in ap:
            lines.append(f"{name} is no longer registered")
    for name in ap:
        if name not in bp:
            lines.append(f"{name} is registered")
    if before.started and not after.started:
        lines.append("the tournament is not started: the clock and the seat draw are withdrawn")
    elif after.started and not before.started:
        lines.append("the tournament is started")
    if before.finished and not after.finished:
        lines.append(f"the tournament is not over: {before.winner}'s win is withdrawn")
    elif after.finished and not before.finished:
        lines.append(f"{after.winner} wins")
    for name, a in ap.items():
        b = bp.get(name)
        if b is None:
            continue
        if b.out and not a.out:
            lines.append(f"{name} is back in play (was out in place {b.place})")
        elif a.out and not b.out:
            lines.append(f"{name} is out in place {a.place}")
        for attr, what in (("knockouts", "knockouts"), ("rebuys", "rebuys"),
                           ("addons", "add-ons")):
            x, y = getattr(b, attr), getattr(a, attr)
            if x != y:
                lines.append(f"{name}'s {what}: {x} -> {y}")
        if b.penalty != a.penalty and not a.out:
            lines.append(f"{name}'s penalty: {b.penalty} -> {a.penalty} hands to miss")
        if b.absent != a.absent and not a.out:
            lines.append(f"{name} is absent again" if a.absent else f"{name} has arrived")
    if before.prize_pool != after.prize_pool:
        lines.append(f"prize pool {before.prize_pool:,} -> {after.prize_pool:,}")
    if before.payouts != after.payouts:
        lines.append("the payouts are no longer fixed" if after.payouts is None
                     else "payouts: " + ", ".join(f"{a:,}" for a in after.payouts))
    if before.deal is not None and after.deal is None:
        lines.append("the deal is withdrawn (IFP 62)")
    elif after.deal is not None and before.deal is None:
        lines.append("the deal is made (IFP 62)")
    if before.started and after.started:
        bc, ac = before.clock, after.clock
        if bc.paused != ac.paused:
            lines.append(f"the clock is stopped ({ac.pause_reason})" if ac.paused
                         else "the clock is running")
        if bc.hand_for_hand != ac.hand_for_hand:
            lines.append("hand-for-hand play " + ("is on" if ac.hand_for_hand else "is off"))
        if bc.last_hands != ac.last_hands:
            lines.append("the last hands of the day are withdrawn" if ac.last_hands is None
                         else f"the last {ac.last_hands} hands of the day")
        if (before.raced_tables, before.chips_in_play) != (after.raced_tables,
                                                           after.chips_in_play):
            lines.append("chip race: " + (", ".join(f"table {t}" for t in
                                                    sorted(after.raced_tables)) or "no table")
                         + " raced; chips in play "
                         + ", ".join(map(str, after.chips_in_play)))
        if before.count_corrections != after.count_corrections:
            # TDA 1: a chip race's count correction, undone or redone with its race.
            lines.append(f"chips in play {before.chips:,} -> {after.chips:,} (count "
                         "correction " + ("withdrawn" if len(after.count_corrections) <
                                          len(before.count_corrections) else "recorded") + ")")
        if before.structure.periods != after.structure.periods:
            lines.append("the levels and breaks to come are changed (tournament levels shows "
                         "them)")
        if now is not None and not after.finished:
            lines += _clock_change(before, after, now)
    lines += _table_changes(before.floor, after.floor)
    return lines, _seat_changes(before, after)


def _clock_change(before: Any, after: Any, now: float) -> list[str]:
    """The clock's period or time left, when an undo or a redo moves it (by more than a
    second)."""
    from pokertd.tournament.clock_controls import clock_time

    try:
        b, a = before.clock.status(now), after.clock.status(now)
    except ValueError:
        return []

    def shown(t: Any, st: Any) -> str:
        left = "" if st.seconds_left is None else f", {clock_time(st.seconds_left)} left"
        return t.period_name(st.period_index) + left

    bl, al = b.seconds_left, a.seconds_left
    if b.period_index == a.period_index and (bl is None) == (al is None) and (
            bl is None or abs(bl - al) < 1):
        return []
    return [f"the clock: {shown(before, b)} -> {shown(after, a)}"]


def _table_changes(bf: Any, af: Any) -> list[str]:
    if bf is None or af is None:
        return []
    out = [f"table {t} is set up again" for t in sorted(set(af.tables) - set(bf.tables))]
    out += [f"table {t} is taken away" for t in sorted(set(bf.tables) - set(af.tables))]
    for tid in sorted(set(bf.tables) & set(af.tables)):
        b, a = bf.tables[tid].button, af.tables[tid].button
        bb, ab = None if b is None else b.button, None if a is None else a.button
        if bb != ab:
            out.append(f"table {tid}: the button is no longer recorded" if ab is None
                       else f"table {tid}: button on seat {ab}")
    return out


def _seat_changes(before: Any, after: Any) -> list[dict[str, Any]]:
    if before.floor is not None and after.floor is None:
        return []            # the start undone: "the seat draw is withdrawn" says it
    bw = dict(before.floor.where) if before.floor is not None else {}
    aw = dict(after.floor.where) if after.floor is not None else {}
    out = []
    for name in sorted(set(bw) | set(aw)):
        b, a = bw.get(name), aw.get(name)
        if b != a:
            out.append({"player": name,
                        "from_table": b[0] if b else None, "from_seat": b[1] if b else None,
                        "to_table": a[0] if a else None, "to_seat": a[1] if a else None})
    return out
