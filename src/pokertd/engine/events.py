"""The hand's events: cheap tuples inside the engine, typed dictionaries outside.

Every change of state is one event. In JSON form each is an object with a ``type``:

=============  =====================================================================
``started``    ``config``: stacks, forced bets, structure, rules ... (:meth:`Hand.config`)
``posted``     ``player``, ``kind`` (ante, small_blind, big_blind, straddle, big_blind_ante), ``amount``
``dealt``      ``player``, ``cards`` (hole cards; ``null`` for a card not known)
``burned``     ``card`` (``null`` when unknown)
``board``      ``street`` (flop, turn, river), ``cards``
``ruled``      ``player``, what he did (``chips`` pushed, ``declared``, ``later_motions``,
               ``pulled_back``, ``prior_chips``) and what it was ruled to be (``action``,
               ``total``, ``returned``, ``owed``, ``rule``): a bet made with chips and words
               (:meth:`Hand.physical_bet`); the ``acted`` event of the ruled action follows
``acted``      ``player``, ``action`` (fold, check, call, bet, raise), ``to`` (the player's
               total this round), ``added`` (chips put in by this action)
``out_of_turn``  ``player``, ``action`` (fold, check, call, raise), ``to``, ``rule``: an
               action out of turn, held (:meth:`Hand.out_of_turn`)
``out_of_turn_ruled``  ``player``, ``ruling`` (binding, check, no-raise, released), ``rule``:
               when the action reached him; a binding or forced action's ``acted`` follows
``returned``   ``player``, ``amount``: an uncalled bet given back
``shown``      ``player``, ``cards``, ``reason`` (all-in: IFP 43; showdown; winner: WPA 40)
``mucked``     ``player``
``killed``     ``player``, ``rule``: the dealer killed the hand (IFP 8: an absent all-in hand)
``voided``     ``cause``, ``rule``: the hand void, every chip back where it was (a misdeal:
               IFP 64, TDA 35; a fouled deck: IFP 63, TDA 35-E); ``ended`` follows
``irregularity``  ``family`` (deal, board, stub, clock), ``situation``, ``player``, ``decision``,
               ``rule``, ``data``: the floor's ruling and the cards of its procedure
               (:mod:`.floor`): an exposed card replaced (``slot``, ``card``, ``replacement``),
               what the dealer put out (``dealt``: its ``burns`` and ``board``) and the
               street's ``burns`` and ``board`` as ruled (replacing those of the ``board``
               event), ``set_aside`` cards, ``next_burns`` before each coming street
``dead``       ``player``, ``cause`` (killed, wrong-cards, button-short, non-standard-card),
               ``extra_cards``, ``rule``: a hand made dead (IFP 27, TDA 37, 38, 65-A; Gananda
               Irregularities 8); a fold or a returned bet follows
``awarded``    ``pot`` (0 main, 1.. side pots in creation order), ``amount``, ``winners``,
               ``shares``
``ended``      ``stacks``: the finishing stacks
=============  =====================================================================

:func:`replay` rebuilds a hand from these dictionaries: it re-applies the inputs (cards,
actions, shows and mucks) and checks that every derived event comes out the same.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..cards import CARDS
from ..rules import RuleSet
from .errors import IllegalAction
from .hand import (
    ACTION_NAMES, E_ACT, E_AWARD, E_BOARD, E_BURN, E_END, E_HOLE, E_KILL, E_MUCK, E_POST,
    E_OOT, E_OOT_RULED, E_RETURN, E_HOLES, E_RULED, E_SHOW, E_START, STREETS, Hand,
    E_DEAD, E_FLOOR, E_VOID,
)

__all__ = ["event_to_dict", "play_acted", "replay", "to_dicts"]


def _cards(cs) -> list[str | None] | None:
    if cs is None:
        return None
    return [None if c is None else str(CARDS[c]) for c in cs]


def event_to_dict(hand: Hand, e: tuple) -> dict[str, Any]:
    code = e[0]
    if code == E_ACT:
        return {"type": "acted", "player": e[1], "action": ACTION_NAMES[e[2]], "to": e[3], "added": e[4]}
    if code == E_POST:
        return {"type": "posted", "player": e[1], "kind": e[2], "amount": e[3]}
    if code == E_HOLE:
        return {"type": "dealt", "player": e[1], "cards": _cards(e[2])}
    if code == E_BURN:
        return {"type": "burned", "card": None if e[1] is None else str(CARDS[e[1]])}
    if code == E_BOARD:
        return {"type": "board", "street": STREETS[e[1]], "cards": _cards(e[2])}
    if code == E_RETURN:
        return {"type": "returned", "player": e[1], "amount": e[2]}
    if code == E_SHOW:
        return {"type": "shown", "player": e[1], "cards": _cards(e[2]), "reason": e[3]}
    if code == E_MUCK:
        return {"type": "mucked", "player": e[1]}
    if code == E_KILL:
        return {"type": "killed", "player": e[1], "rule": e[2]}
    if code == E_OOT:
        return {"type": "out_of_turn", "player": e[1], "action": e[2], "to": e[3], "rule": e[4]}
    if code == E_OOT_RULED:
        return {"type": "out_of_turn_ruled", "player": e[1], "ruling": e[2], "rule": e[3]}
    if code == E_RULED:
        return {"type": "ruled", "player": e[1], "chips": list(e[2]), "declared": e[3],
                "later_motions": [list(m) for m in e[4]], "pulled_back": e[5],
                "prior_chips": e[6], "action": e[7], "total": e[8], "returned": e[9],
                "owed": e[10], "rule": e[11]}
    if code == E_VOID:
        return {"type": "voided", "cause": e[1], "rule": e[2]}
    if code == E_FLOOR:
        from .floor import to_dict
        return to_dict(e)
    if code == E_DEAD:
        return {"type": "dead", "player": e[1], "cause": e[2], "extra_cards": e[3], "rule": e[4]}
    if code == E_AWARD:
        return {"type": "awarded", "pot": e[1], "amount": e[2], "winners": list(e[3]), "shares": list(e[4])}
    if code == E_END:
        return {"type": "ended", "stacks": list(hand.stacks)}
    if code == E_START:
        return {"type": "started", "config": hand.config()}
    raise ValueError(f"unknown event {e!r}")


def to_dicts(hand: Hand) -> list[dict[str, Any]]:
    out = []
    for e in hand._events:
        if e[0] == E_HOLES:
            out.extend({"type": "dealt", "player": i, "cards": _cards(h)} for i, h in enumerate(hand.holes))
        else:
            out.append(event_to_dict(hand, e))
    return out


def hand_from_config(config: dict[str, Any], **extra: Any) -> Hand:
    c = dict(config)
    rules = c.get("rules")
    kwargs: dict[str, Any] = dict(
        blinds_or_straddles=c["blinds_or_straddles"], ante=list(c.get("antes", [0] * len(c["stacks"]))),
        bb_ante=c.get("bb_ante", 0), structure=c.get("structure", "no-limit"),
        rules=RuleSet.from_dict(rules) if isinstance(rules, dict) else rules,
        heads_up_tournament=c.get("heads_up_tournament", False), chip_unit=c.get("chip_unit", 1),
        seats=c.get("seats"), button_seat=c.get("button_seat"),
        missing_small_blind=c.get("missing_small_blind", 0), absent=c.get("absent", ()),
    )
    if kwargs["structure"] == "fixed-limit":
        kwargs["small_bet"] = c["small_bet"]
        kwargs["big_bet"] = c["big_bet"]
    else:
        kwargs["min_bet"] = c["min_bet"]
    kwargs.update(extra)
    return Hand(c["stacks"], **kwargs)


def play_acted(h: Any, e: dict[str, Any]) -> None:
    """Play a logged ``acted`` event on ``h`` (a Hand, or a MixedHand past its bring-in): a fold,
    a check or call, a bet or raise to its ``to``."""
    a = e["action"]
    if a == "fold":
        h.fold(e["player"])
    elif a in ("check", "call"):
        h.check_call(e["player"])
    else:
        h.raise_to(e["to"], e["player"])


def replay(events: Sequence[dict[str, Any]]) -> Hand:
    """Rebuild a hand from its events; a mismatch is a ``ValueError`` naming the event."""
    try:
        events = json.loads(json.dumps(list(events)))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"a hand's events are JSON objects: {exc}") from None
    for k, e in enumerate(events):
        if not isinstance(e, dict):
            raise ValueError(f"event {k}: expected an object with a 'type', got {e!r}")
    if not events or events[0].get("type") != "started":
        raise ValueError("event 0: a hand's events start with 'started'")
    config = events[0].get("config")
    if not isinstance(config, dict):
        raise ValueError("event 0 (started): 'config' must be the hand's set-up (an object)")
    try:
        h = hand_from_config(config, manual=True, auto_showdown=False)
    except KeyError as exc:
        raise ValueError(f"event 0 (started): the set-up has no {exc}") from None
    except (TypeError, AttributeError) as exc:
        raise ValueError(f"event 0 (started): not a hand's set-up: {exc}") from None
    burns: list = []
    for k, e in enumerate(events[1:], start=1):
        t = e.get("type")
        if k < len(h._events):
            continue      # derived: the engine gave it already (checked below)
        try:
            if t == "out_of_turn":
                h.out_of_turn(e["player"], e["action"], e["to"])
            elif t == "ruled":
                h.physical_bet(e["chips"], e["declared"], later_motions=e["later_motions"],
                               pulled_back=e["pulled_back"], prior_chips=e["prior_chips"],
                               player=e["player"])
            elif t == "dealt":
                h.deal_hole(e["player"], e["cards"])
            elif t == "burned":
                burns.append(e["card"])
            elif t == "board":
                if len(burns) == 1:
                    h.deal_board(e["cards"], burn=burns[0])
                else:
                    h.deal_board(e["cards"], burns=burns)     # none or two (IFP Appendix 1)
                burns = []
            elif t == "acted":
                play_acted(h, e)
            elif t == "shown" and e.get("reason") == "showdown":
                h.show(e["player"], e["cards"])
            elif t == "mucked":
                h.muck(e["player"])
            elif t == "killed" and h.status[e["player"]] != 2:
                h.kill(e["player"], e["rule"])      # killed during the hand (not at its start)
            elif t in ("voided", "irregularity", "dead"):
                from . import floor
                if t == "voided":
                    floor.void(h, e["cause"], e["rule"])
                elif t == "dead" and e["cause"] in ("button-short", "non-standard-card"):
                    floor._make_dead(h, e["player"], e["cause"], 0, e["rule"])   # a deal error
                elif t == "dead":
                    h.kill_hand(e["player"], e["cause"], extra_cards=e["extra_cards"])
                else:
                    floor.apply_logged(h, e)
        except (IllegalAction, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise ValueError(f"event {k} ({t}): {exc}") from exc
    h.auto_showdown = bool(config.get("auto_showdown", True))
    got = json.loads(json.dumps(to_dicts(h)))
    for k, (a, b) in enumerate(zip(got, events)):
        if k == 0:
            continue
        if a != b:
            raise ValueError(f"event {k}: replay gives {a}, the log has {b}")
    if len(got) != len(events):
        raise ValueError(f"replay gives {len(got)} events, the log has {len(events)}")
    return h
