"""A table's hands as its log holds them (:class:`PlayedHand`), in words (:func:`hand_lines`),
and the PHH download of one (:func:`phh_for`).

A table keeps its last :data:`HISTORY` hands over for the last-hands list and the downloads. A
download is the hand as its asker saw it: his own hole cards (those of the position his token
was dealt, :attr:`PlayedHand.tokens`, never of the seat he sits in now) and the cards the
engine showed (IFP 42/43, TDA 16); the others' are unknown. Only a player dealt in the hand may
have it, once it is over (IFP 61: a hand stopped at its all-in showdown is not over yet)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import HandNotOver, NotDealtIn, TableError, UnknownHand

if TYPE_CHECKING:
    from .tables import Table

__all__ = ["HISTORY", "PlayedHand", "hand_lines", "phh_for"]

HISTORY = 10          # hands kept for the last-hands list and the PHH downloads


@dataclass
class PlayedHand:
    """A hand as the log holds it: its number, each position's seat, names and events."""

    number: int
    seats: list[int]
    names: list[str]
    positions: dict[str, Any]
    deck: list[str]
    events: list[dict[str, Any]] = field(default_factory=list)
    level: int | None = None
    blinds: list[int] = field(default_factory=list)
    # A hand over never changes: its summary for each position (and a spectator) once.
    summaries: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    summary_texts: dict[int | None, str] = field(default_factory=dict)    # the same, as JSON
    # Who was dealt in: each position's token hash (None: a bot). A recipient's own cards
    # are found by it, never by the seat (a seat changes hands between deals).
    tokens: list[str | None] = field(default_factory=list)

    def position(self, who: str | None) -> int | None:
        """The position the token hash ``who`` was dealt in this hand, if any."""
        if not who:
            return None
        for i, h in enumerate(self.tokens):
            if h is not None and hmac.compare_digest(h, who):
                return i
        return None


def hand_lines(played: PlayedHand) -> list[str]:
    """The hand's actions in words: the same for every recipient (a card in them is a board
    card or a card the engine showed)."""
    names = played.names
    lines = []
    for e in played.events:
        t = e["type"]
        who = names[e["player"]] if "player" in e and e["player"] is not None else ""
        if t == "posted":
            lines.append(f"{who} posts {e['kind'].replace('_', ' ')} {e['amount']}")
        elif t == "acted":
            a = e["action"]
            lines.append(f"{who} {a}s" if a in ("fold", "check") else
                         f"{who} calls {e['added']}" if a == "call" else f"{who} {a}s to {e['to']}")
        elif t == "board":
            lines.append(f"{e['street']}: {' '.join(e['cards'])}")
        elif t == "returned":
            lines.append(f"{e['amount']} uncalled returned to {who}")
        elif t == "shown":
            lines.append(f"{who} shows {' '.join(e['cards'])}")
        elif t == "mucked":
            lines.append(f"{who} mucks")
        elif t == "killed":
            lines.append(f"{who}'s hand is killed ({e['rule']})")
        elif t == "awarded":
            pot = "main pot" if e["pot"] == 0 else f"side pot {e['pot']}"
            lines.append(" and ".join(f"{names[w]} wins {x}" for w, x in zip(e["winners"], e["shares"]))
                         + f" ({pot})")
    return lines


def phh_for(table: Table, number: int, who: str | None) -> str:
    """The PHH text of hand ``number`` as the player whose token hashes to ``who`` saw it:
    his own hole cards and the cards shown; the others' unknown (``????``). He is whoever
    was dealt in the hand with that token, wherever he sits now (a newcomer in his seat is
    not)."""
    from pokertd.engine import replay
    from pokertd.formats.phh import dumps, export_hand

    held = table.held()
    if held is not None and held.number == number:
        raise HandNotOver(f"hand {number} is stopped at its all-in showdown (IFP 61: hand-for-"
                          "hand, it goes on when the other tables' hands are over): try again "
                          "then")
    if table.played is not None and table.played.number == number:
        raise HandNotOver(f"hand {number} is still being played: download it once it is over")
    played = next((p for p in table.history if p.number == number), None)
    if played is None:
        last = table.history[0].number if table.history else 0
        raise UnknownHand(
            f"hand {number} is not among the last {HISTORY} hands of this table" + (
                f" (hands {table.history[-1].number} to {last})" if last else
                " (no hand is over yet)"))
    mine = played.position(who)
    if mine is None:
        raise NotDealtIn(f"hand {number}: only a player dealt in may download it (give the "
                         "token you played it with)")
    shown = {e["player"] for e in played.events if e["type"] == "shown"}
    h = replay(played.events)
    try:
        data = export_hand(h, players=played.names, seats=played.seats,
                           seat_count=table.config.seats, event=table.event or table.name)
    except ValueError as exc:          # PHHError: pot limit, a killed hand (IFP 8)
        raise TableError(f"hand {number} has no PHH form: {exc}") from None
    data["hand"] = played.number
    hidden = {f"p{i + 1}" for i in range(len(played.seats)) if i != mine and i not in shown}
    data["actions"] = [f"d dh {a.split()[2]} ????" if a.startswith("d dh ")
                       and a.split()[2] in hidden else a for a in data["actions"]]
    return dumps(data)
