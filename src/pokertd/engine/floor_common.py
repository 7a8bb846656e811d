"""The floor's rulings that hold'em (:mod:`.floor`, :class:`~.hand.Hand`) and the mixed games
(:mod:`.mixed_floor`, :class:`~.mixed_hand.MixedHand`) apply alike, written once: action out of
turn, dead hands, the clock, absent players and the checks every ruling starts with.

They work on what the two hands share: positions ``0 .. n - 1``, ``stacks``, ``bets``,
``status`` (0 active, 1 all-in, 2 folded), ``acted``, the betting round's counters, ``rules``,
``_preset()``, ``_oot`` and the actions ``fold``/``check_call``/``raise_to``. What differs by
engine (its phase names, how it records an event, how it words the legal actions) comes in as
its :class:`Side`.

Pure Python, imported only once a ruling is asked for: the compiled hands' hot paths never reach
it (hand.py and mixed_hand.py import their floor modules inside the methods that rule).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import field_rules
from ..rules.declarations import LeftToDirector
from ..rules.irregularities import Ruling, clock_ruling, killed_hand_ruling, substantial_action
from .errors import IllegalAction
from .hand import _OutOfTurn

__all__ = ["Side", "after_out_of_turn", "checked", "clock_ruled", "decided", "doomed_absent",
           "hand_open", "kill_ruling", "out_of_turn", "out_of_turn_rule", "player_index",
           "raise_amount", "return_uncalled", "void"]

ACTIVE, ALL_IN, FOLDED = 0, 1, 2


class Side:
    """One engine as the shared rulings see it: its ``betting`` and ``complete`` phases,
    ``refuse(h, message, rule)`` (its IllegalAction, with the hand's legal actions),
    ``record(h, type, **fields)`` (an event in its own log, the fields in the order of the
    event's JSON form) and ``stale(h)`` (forget what it cached of the actions to come)."""

    __slots__ = ("betting", "complete", "refuse", "record", "stale")

    def __init__(self, betting: Any, complete: Any, refuse: Callable[[Any, str, str], IllegalAction],
                 record: Callable[..., None], stale: Callable[[Any], None]) -> None:
        self.betting = betting
        self.complete = complete
        self.refuse = refuse
        self.record = record
        self.stale = stale


# --- what every ruling checks first -------------------------------------------------------------

def player_index(side: Side, h: Any, player: Any, rule: str) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < h.n:
        raise side.refuse(h, f"no player {player!r} in this hand (0..{h.n - 1})", rule)
    return player


def hand_open(side: Side, h: Any, rule: str) -> None:
    if h.phase == side.complete:
        raise side.refuse(h, "the hand is over: irregularities are ruled while it is played", rule)


def checked(side: Side, h: Any, rule: str, ruling: Callable[..., Ruling], *args: Any,
            **kwargs: Any) -> Ruling:
    """``ruling(h.rules, *args, **kwargs)``; a situation the book does not know refused under
    ``rule``, the hand unchanged."""
    try:
        return ruling(h.rules, *args, **kwargs)
    except ValueError as e:
        raise side.refuse(h, str(e), rule) from None


def decided(r: Ruling) -> Ruling:
    """The ruling, unless its book leaves the case to the tournament director."""
    if r.decision == "director":
        raise LeftToDirector(r.rule, r.text)
    return r


def void(side: Side, h: Any, cause: str, rule: str) -> None:
    """The hand void: every bet returned, every stack as at the start of the hand (IFP 63, 64;
    TDA 35-C, 35-E). The engine then ends its log."""
    n = h.n
    side.stale(h)
    h.stacks = list(h.starting)
    h.bets = [0] * n
    h.totals = [0] * n
    h.winnings = [0] * n
    h.dead = 0
    h.actor = -1
    h.phase = side.complete
    h.done = True
    side.record(h, "voided", cause=cause, rule=rule)


# --- action out of turn -------------------------------------------------------------------------

def out_of_turn_rule(h: Any) -> str:
    """The rule an action out of turn is held and ruled by, as the preset's ``out_of_turn``."""
    mode = h.rules.out_of_turn
    if mode == "retract":
        return "irregularities 13"
    if mode != "binding-unless-action-changes":
        return "Gananda: Betting 7"
    return {"ifp-2012": "IFP 26", "wpa": "WPA 33", "tda-2024": "TDA 53-A"}[h._preset()]


def raise_amount(side: Side, h: Any, amount: Any) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise side.refuse(h, f"a raise out of turn needs its raise-to amount, not {amount!r}",
                          "IFP 31")
    return amount


def out_of_turn(side: Side, h: Any, player: Any, action: Any, amount: Any,
                raise_to: Callable[[Any, int, int, Any], int],
                first: Callable[[Any, int, int], None] | None = None,
                replay: bool = False) -> None:
    """``player`` declares ``action`` before his turn; it is checked against the bet as it stands
    and held until the action reaches him (TDA 53-A: the action backs up to the player whose turn
    it is), then ruled by :func:`after_out_of_turn`. ``raise_to(h, p, to, amount)`` gives the
    raise-to of a raise (``to`` the all-in total, or his bet when he named an amount) or refuses
    it by the engine's betting rules; ``first(h, p, bet)`` refuses a player the engine lets no
    one act before (stud's bring-in)."""
    if h.phase != side.betting:
        raise side.refuse(h, "no betting round is open", "IFP 25")
    rule = out_of_turn_rule(h)
    p = player_index(side, h, player, rule)
    if p == h.actor:
        raise side.refuse(h, f"it is player {p}'s turn: he acts in turn", "IFP 25")
    b, cur = h.bets[p], h.current
    if h.status[p] != ACTIVE or not (h.acted[p] < 0 or b < cur):
        raise side.refuse(h, f"player {p} has no action to come in this betting round", rule)
    if h._oot is not None and p in h._oot.held:
        raise side.refuse(h, f"player {p} already acted out of turn; it is held", rule)
    if first is not None:
        first(h, p, cur)
    a = action.lower() if isinstance(action, str) else action
    allin = b + h.stacks[p]
    to = b
    if a in ("all-in", "all_in", "allin"):
        a, to = ("raise", allin) if allin > cur else ("call", allin)
    if a == "check":
        if b < cur:
            raise side.refuse(h, f"player {p} cannot check facing a bet of {cur}", rule)
    elif a == "call":
        if b >= cur:
            raise side.refuse(h, f"player {p} has no bet to call", rule)
        to = min(cur, allin)
    elif a in ("raise", "bet"):
        a = "raise"
        to = raise_to(h, p, to, amount)
    elif a != "fold":
        raise side.refuse(h, f"unknown action {action!r}: fold, check, call, raise or all-in",
                          "IFP 25")
    if h.rules.out_of_turn == "retract" and a != "raise":
        raise LeftToDirector(rule, "irregularities 13 says what happens to a bet out of turn "
                             "(retracted; the correct player acts; steps iii-v); of a check, "
                             "call or fold out of turn it says nothing")
    if h._oot is None:
        h._oot = _OutOfTurn()
        h._oot.replay = replay
    h._oot.held[p] = (a, to, cur, h.actor)
    side.record(h, "out_of_turn", player=p, action=a, to=to, rule=rule)


def after_out_of_turn(side: Side, h: Any, last: int) -> None:
    """The action moved on from ``last``: his limit (if any) is spent; if it reached a player
    with an action held out of turn, rule it by the preset's ``out_of_turn``:

    ``binding-unless-action-changes`` (IFP 26, WPA 33, TDA 53-A): played as declared if nobody
    bet or raised in between; otherwise released, every option his; a fold out of turn binds.
    ``...; check or call may not raise`` (Gananda Betting 7): released after a check or call out
    of turn, he may call or fold, not raise. ``retract`` (irregularities 13): if nobody bet in
    between he must check (or, facing the same bet, call or fold: 13 iii); a later player's bet,
    every option (13 iii); facing a bet of the skipped player no larger than his, call or fold
    (13 iv); facing more, every option (13 v). Replaying a log that holds the action that
    followed, only the ruling is recorded."""
    oot = h._oot
    if oot is None:
        return
    oot.limits.pop(last, None)
    p = h.actor
    if p not in oot.held:
        return
    a, to, faced, skipped = oot.held.pop(p)
    cur = h.current
    changed = cur != faced
    mode = h.rules.out_of_turn
    rule = out_of_turn_rule(h)
    side.stale(h)
    ruling = "released"
    if mode == "retract":
        if not changed:                                   # 13 iii: he must check
            ruling = "check" if h.bets[p] >= cur else "no-raise"
            rule = "irregularities 13 iii"
        elif h.aggressor != skipped:                      # 13 iii: a later player bet
            rule = "irregularities 13 iii"
        elif cur <= to:                                   # 13 iv: call or fold
            ruling, rule = "no-raise", "irregularities 13 iv"
        else:                                             # 13 v: every option
            rule = "irregularities 13 v"
    elif a == "fold" or not changed:
        ruling = "binding"                                # IFP 26 / TDA 53-A: an OOT fold binds
    elif a in ("check", "call") and mode != "binding-unless-action-changes":
        ruling = "no-raise"                               # Gananda Betting 7
    side.record(h, "out_of_turn_ruled", player=p, ruling=ruling, rule=rule)
    if ruling == "no-raise":
        oot.limits[p] = rule
    elif oot.replay:
        return
    elif ruling == "check":
        h.check_call(p)
    elif ruling == "binding":
        if a == "fold":
            h.fold(p)
        elif a == "raise":
            h.raise_to(to, p)
        else:
            h.check_call(p)
