"""What each client of a table may see: :func:`view` (one recipient's state) and
:func:`frames` (the same as JSON for every recipient, the shared part encoded once).

The secrecy rule: a recipient (a frame's, identified by his token's hash) sees his own hole
cards, the cards the engine showed (IFP 43 all-in hands face up, then the showdown in IFP 42
order; TDA 16: all-in hands face up once the betting is over) and nothing else; a spectator sees no hole
card before it is shown. His own cards are those of the position his token was dealt in that
hand (:attr:`~pokertd.room.history.PlayedHand.tokens`), never of the seat he sits in now: a
newcomer in a seat freed by a player who left or went broke (or a dealt event's moved player)
sees nothing of its last occupant's hands. A dealt event's hand stopped at its all-in showdown
under hand-for-hand (IFP 61, :attr:`Table.stopped <pokertd.room.tables.Table.stopped>`) is
shown as it stood when the betting closed until its event lets it go on
(:mod:`pokertd.room.allin_stop`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import orjson

from pokertd.cards import CARDS
from pokertd.engine import FOLDED

from . import fair_deal
from .history import PlayedHand, hand_lines

if TYPE_CHECKING:
    from .tables import Table

__all__ = ["dumps", "frames", "view"]


def _visible(played: PlayedHand, position: int | None) -> dict[int, list[str]]:
    """Hole cards this recipient may see: his own, and those the engine showed."""
    out: dict[int, list[str]] = {}
    for e in played.events:
        t = e["type"]
        if t == "dealt" and e["player"] == position and e["cards"]:
            out[e["player"]] = list(e["cards"])
        elif t == "shown":
            out[e["player"]] = list(e["cards"])
    return out


def _summary(played: PlayedHand, position: int | None) -> dict[str, Any]:
    got = played.summaries.get(position)
    if got is None:
        got = played.summaries[position] = _make_summary(played, position)
    return got


def _summary_text(played: PlayedHand, position: int | None) -> str:
    got = played.summary_texts.get(position)
    if got is None:
        got = played.summary_texts[position] = dumps(_summary(played, position))
    return got


def _make_summary(played: PlayedHand, position: int | None) -> dict[str, Any]:
    board: list[str] = []
    winners = []
    for e in played.events:
        if e["type"] == "board":
            board += e["cards"]
        elif e["type"] == "awarded":
            winners += [played.names[w] for w in e["winners"]]
    return {"hand": played.number, "board": board, "lines": hand_lines(played),
            "winners": sorted(set(winners)), "played": position is not None}


def view(table: Table, who: str | None, now: float | None = None, *,
         history: bool = True) -> dict[str, Any]:
    """What the client whose token hashes to ``who`` (None: a spectator) may know: his own
    cards in the hands he was dealt, no hole card of anyone else before the engine shows it.
    ``history``: with the last hands (``last_hands``; the game server sends them when they
    change)."""
    base = _spectator_view(table, table.clock() if now is None else now)
    out = dict(base)
    out.update(_own_part(table, base, who, history))
    return out


def frames(table: Table, recipients: Iterable[tuple[str | None, bool]], *,
           history: bool = True, now: float | None = None) -> dict[tuple[str | None, bool], str]:
    """:func:`view` as JSON for each (token hash, host) recipient: the part every recipient
    shares is built and encoded once, each recipient's own part (his seat's cards, his legal
    actions, his last hands) on its own."""
    base = _spectator_view(table, table.clock() if now is None else now)
    over = table.shown_state()[2]
    shared = dumps({k: v for k, v in base.items() if k not in _OWN})
    seats = base["seats"]
    seat_texts = [dumps(d) for d in seats]            # a seat as everyone sees it, once
    everyone = "[" + ",".join(seat_texts) + "]"
    out = {}
    for who, host in recipients:
        own = _own_part(table, base, who, False)
        own["host"] = host
        mine = own.pop("seats")
        text = everyone if mine is seats else "[" + ",".join(
            seat_texts[k] if d is seats[k] else dumps(d) for k, d in enumerate(mine)) + "]"
        if history:         # each hand's summary encoded once for each position in it
            text += ',"last_hands":[' + ",".join(
                _summary_text(p, p.position(who)) for p in over) + "]"
        out[(who, host)] = dumps(own)[:-1] + ',"seats":' + text + "," + shared[1:]
    return out


_OWN = ("you", "host", "seats", "legal", "last_hands")


def dumps(value: Any) -> str:
    """JSON text of a frame's part: orjson's compact encoding (the same values as json's, a
    few times quicker: a frame is built for every client at every action)."""
    return orjson.dumps(value).decode()


def _own_dealt(played: PlayedHand, position: int) -> list[str] | None:
    for e in played.events:
        if e["type"] == "dealt" and e["player"] == position:
            return list(e["cards"])
    return None


def _own_part(table: Table, base: dict[str, Any], who: str | None,
              history: bool) -> dict[str, Any]:
    """What only the player whose token hashes to ``who`` may see: his own hole cards (of
    the position he was dealt: a seat's last occupant's are not his), his legal actions when
    he is to act, the last hands with the ones he played marked."""
    seat = table.seat_of_hash(who)
    own: dict[str, Any] = {"you": seat, "host": False, "seats": base["seats"]}
    played, h, over = table.shown_state()
    last = over[0] if over else None
    if seat is not None:
        seats = list(base["seats"])
        d = dict(seats[seat - 1])
        d["you"] = True
        hand = played if played is not None and h is not None else (
            last if played is None and d["cards"] is None else None)
        mine = None if hand is None else hand.position(who)
        if hand is not None and mine is not None and hand.seats[mine] == seat:
            # (dealt here, and not moved since)
            d["cards"] = _own_dealt(hand, mine)
        seats[seat - 1] = d
        own["seats"] = seats
        me = table.seats[seat - 1]
        if h is not None and not h.done and table.actor_seat() == seat and me is not None \
                and not me.away and not me.leaving:
            # (an absent player's cards are killed as his turn comes, IFP 8: nothing to offer)
            la = h.legal_actions()
            own["legal"] = {"fold": la.fold, "check": la.check, "call": la.call,
                            "min_raise_to": la.min_raise_to, "max_raise_to": la.max_raise_to,
                            "bet": h.current == 0, "all_in": h.bets[la.player] + h.stacks[la.player],
                            "pot_limit": table.config.structure == "pot-limit",
                            "turn": table.turn()}
    if history:
        own["last_hands"] = [_summary(p, p.position(who)) for p in over]
    return own


def _spectator_view(table: Table, now: float) -> dict[str, Any]:
    """The table as a spectator sees it: no hole card before the engine shows it (a hand
    stopped at its all-in showdown, IFP 61: as it stood when the betting closed)."""
    played, h, over = table.shown_state()
    pos_of: dict[int, int] = {}
    shown_cards: dict[int, list[str]] = {}
    if played is not None:
        pos_of = {k: i for i, k in enumerate(played.seats)}
        shown_cards = _visible(played, None)
    last = over[0] if over else None
    showing = played if played is not None else last
    showdown: list[dict[str, Any]] = []
    awards: list[dict[str, Any]] = []
    if showing is not None:
        for e in showing.events:
            if e["type"] == "shown":
                showdown.append({"seat": showing.seats[e["player"]], "name": showing.names[e["player"]],
                                 "cards": e["cards"], "reason": e["reason"]})
            elif e["type"] == "awarded":
                awards.append({"pot": e["pot"], "amount": e["amount"],
                               "winners": [showing.names[w] for w in e["winners"]],
                               "seats": [showing.seats[w] for w in e["winners"]],
                               "shares": e["shares"]})
    seats_out = []
    actor = table.actor_seat()
    for k, s in enumerate(table.seats, start=1):
        if s is None:
            seats_out.append({"seat": k, "empty": True})
            continue
        d: dict[str, Any] = {"seat": k, "empty": False, "name": s.name, "stack": s.stack,
                             "bot": s.bot, "away": s.away, "you": False, "bet": 0,
                             "status": "out", "cards": None, "acting": k == actor}
        i = pos_of.get(k)
        if h is not None and i is not None:
            d["stack"] = h.stacks[i]
            d["bet"] = h.bets[i]
            d["status"] = ("folded" if h.status[i] == FOLDED else
                           "all-in" if h.status[i] == 1 else "active")
            if i in shown_cards:
                d["cards"] = shown_cards[i]
            elif h.status[i] != FOLDED and not h.done:
                d["cards"] = ["??", "??"]     # face down: the card backs
        elif played is None and last is not None and k in last.seats and \
                last.names[last.seats.index(k)] == s.name and \
                last.tokens[last.seats.index(k)] == s.token:
            # the cards shown at the last showdown, beside the player who showed them (not
            # beside a newcomer in his seat)
            j = last.seats.index(k)
            for e in last.events:
                if e["type"] == "shown" and e["player"] == j:
                    d["cards"] = e["cards"]
        seats_out.append(d)
    out: dict[str, Any] = {
        "type": "state", "table": table.name, "event": table.event, "version": table.version,
        "config": table.config_dict, "you": None, "hand": None, "seats": seats_out,
        "host": False, "showdown": showdown, "awards": awards,
    }
    if table.config.fair:
        out["fair"] = fair_deal.public(table)
    if played is not None and h is not None:
        positions = played.positions
        pots = [{"amount": a, "seats": [played.seats[i] for i in elig]}
                for a, elig in h._pots()]   # the engine's own split (main pot, side pots)
        if h.done:
            pots = []
        out["hand"] = {
            "number": played.number, "button": positions["button"],
            "small_blind": positions["small_blind"], "big_blind": positions["big_blind"],
            "board": [str(CARDS[c]) for c in h.board], "pots": pots,
            "total_pot": h.total_pot, "done": h.done, "actor": actor,
            "lines": table.lines()[-12:],
            "blinds": played.blinds,
            # IFP 61: stopped at its all-in showdown until the other tables' hands are over
            "stopped": h is not table.hand,
        }
        if actor is not None:
            s = table._seat(actor)
            out["hand"]["clock"] = {"act_seconds": table.config.act_seconds,
                                    "elapsed": round(now - table.turn_started, 2),
                                    "bank": round(s.bank, 2)}
    elif last is not None:
        summary = _summary(last, None)
        out["hand"] = {"number": last.number, "button": last.positions["button"],
                       "small_blind": last.positions["small_blind"],
                       "big_blind": last.positions["big_blind"],
                       "board": summary["board"], "pots": [], "total_pot": 0,
                       "done": True, "actor": None, "blinds": last.blinds,
                       "lines": summary["lines"][-12:], "stopped": False}
    return out
