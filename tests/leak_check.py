"""The leak checker: every frame a client received, judged against the store (issue 21).

From a table's log (:func:`read_hands`: the cards dealt to whom in each hand, each position's
token hash as the seat events tell it, the cards shown and when), :func:`judge_frames` judges
every frame one client received and :func:`judge_phh` a PHH download. A hole card of hand N may be in a frame to a
client only if

- his token was dealt it in hand N (the identity recorded with the hand, not the seat), or
- the engine showed it (a ``shown`` event of hand N: IFP 43 / TDA 16 all-in hands tabled face
  up, then the showdown in IFP 42 order; a ``mucked`` or killed hand, IFP 8, is never shown)
  and the frame is not older than that event: a frame's ``version`` counts the table's
  events applied (``version`` = the last event's sequence number - 1; an IFP 61 stop adds one
  without an event, so the bound is a loose one: it never calls a show early that was not).

The frame's parts about hand N (its seats, showdown, the hand's lines) are judged against hand
N; each of its ``last_hands`` entries against its own hand (over: all its shown cards count).
Every card-like word of the JSON text is judged, so a card leaked in any field is found. A
problem names the client, the frame (its index among the client's frames), the hand and the
card.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


@dataclass
class StoredHand:
    number: int
    seats: list[int]
    names: list[str]
    tokens: list[str | None]
    dealt: dict[int, list[str]] = field(default_factory=dict)      # position -> cards
    shown: dict[int, tuple[list[str], int]] = field(default_factory=dict)   # -> (cards, seq)
    ended: int | None = None                                       # seq of its end

    def position(self, who: str | None) -> int | None:
        return None if who is None or who not in self.tokens else self.tokens.index(who)

    def hidden(self, who: str | None, seq: int | None) -> dict[str, int]:
        """The hole cards of this hand a recipient ``who`` may not see at sequence ``seq``
        (None: once the hand is over): card -> position."""
        mine = self.position(who)
        out = {}
        for pos, cards in self.dealt.items():
            if pos == mine:
                continue
            shown = self.shown.get(pos)
            if shown is not None and (seq is None or shown[1] <= seq):
                continue
            for c in cards:
                out[c] = pos
        return out


def read_hands(store: Any, table: str) -> dict[int, StoredHand]:
    """Every hand of table ``table`` as its log has it."""
    info = store.find_stream("table", table)
    assert info is not None, f"no table {table!r} in the store"
    hands: dict[int, StoredHand] = {}
    # who sits where, from the seat events (a seat is taken only once it is free: its last
    # ``joined`` or ``seating`` is who was dealt there), not from the hand's own record
    sits: dict[int, str | None] = {}
    for rec in store.read(info.id):
        p = rec.payload
        if rec.type == "joined":
            sits[p["seat"]] = p.get("token")
        elif rec.type == "seating":
            sits = {k: d.get("token") for k, d in enumerate(p["seats"], start=1) if d}
        elif rec.type == "hand_started":
            tokens = [sits.get(k) for k in p["seats"]]
            assert p.get("tokens", tokens) == tokens, (
                f"hand {p['hand']}: recorded as dealt to {p['tokens']}, seated {tokens}")
            hands[p["hand"]] = StoredHand(p["hand"], list(p["seats"]), list(p["names"]), tokens)
        elif rec.type == "hand":
            h, e = hands[p["hand"]], p["event"]
            if e["type"] == "dealt" and e["cards"]:
                h.dealt[e["player"]] = list(e["cards"])
            elif e["type"] == "shown":
                h.shown[e["player"]] = (list(e["cards"]), rec.seq)
            elif e["type"] == "ended":
                h.ended = rec.seq
    return hands


def _found(text: str, hidden: dict[str, int]) -> list[str]:
    return sorted({c for c in CARD.findall(text) if c in hidden})


def judge_frame(hands: dict[int, StoredHand], text: str, who: str | None,
                where: str) -> list[str]:
    """The leaks of one frame (its JSON text) sent to the client whose token hashes to
    ``who`` (None: a spectator, the host): one message per card found."""
    f = json.loads(text)
    problems: list[str] = []
    if f.get("type") != "state":
        # (a reply: ok, error, welcome, joined, pong; it carries no card of any hand)
        cards = CARD.findall(text)
        return [f"{where}: a {f.get('type')} frame carries {c}" for c in cards]
    seq = f["version"] + 1                 # the newest event the frame may know of
    for past in f.get("last_hands") or []:
        h = hands[past["hand"]]
        if past["played"] and h.position(who) is None:
            # (a hand of another player's marked his: the recipient taken for someone else)
            problems.append(f"{where}: last hand {h.number} marked played, not dealt in it")
        for c in _found(json.dumps(past), h.hidden(who, None)):
            problems.append(f"{where}: last hand {h.number}: {c} (dealt to position "
                            f"{h.hidden(who, None)[c]}, {h.names[h.hidden(who, None)[c]]})")
    body = json.dumps({k: v for k, v in f.items() if k != "last_hands"})
    if f.get("hand") is None:
        for c in CARD.findall(body):
            problems.append(f"{where}: {c} in a frame with no hand")
        return problems
    h = hands[f["hand"]["number"]]
    hidden = h.hidden(who, seq)
    for c in _found(body, hidden):
        pos = hidden[c]
        problems.append(f"{where}: hand {h.number}: {c} dealt to position {pos} ({h.names[pos]}) "
                        f"not shown by event {seq}")
    for s in f.get("showdown", []):
        pos = h.seats.index(s["seat"]) if s["seat"] in h.seats else None
        stored = h.shown.get(pos) if pos is not None else None
        if stored is None or stored[0] != s["cards"] or stored[1] > seq:
            problems.append(f"{where}: hand {h.number}: showdown {s} is no show of the log "
                            f"by event {seq}")
    return problems


def judge_frames(hands: dict[int, StoredHand], texts: list[str], who: str | None,
                 client: str) -> list[str]:
    """The leaks of every frame ``texts`` one client received (in order)."""
    out: list[str] = []
    for k, text in enumerate(texts):
        out += judge_frame(hands, text, who, f"{client} frame {k}")
    return out


def judge_phh(hands: dict[int, StoredHand], number: int, text: str, who: str | None,
              client: str) -> list[str]:
    """The leaks of a PHH download of hand ``number`` to ``who``: only his own cards and the
    cards shown; and he was dealt in it."""
    h = hands[number]
    where = f"{client} download of hand {number}"
    problems = []
    if h.position(who) is None:
        problems.append(f"{where}: served to a client not dealt in it")
    hidden = h.hidden(who, None)
    words = {w for a in re.findall(r'"([^"]*)"', text) for w in a.split()}
    cards = {c for w in words if re.fullmatch(r"(?:[2-9TJQKA][cdhs])+", w)
             for c in re.findall("..", w)}
    for c in sorted(cards & set(hidden)):
        problems.append(f"{where}: {c} dealt to position {hidden[c]} ({h.names[hidden[c]]})")
    return problems
