"""The floor's rulings that hold'em (:mod:`.floor`, :class:`~.hand.Hand`) and the mixed games
(:mod:`.mixed_floor`, :class:`~.mixed_hand.MixedHand`) apply alike, written once: misdeals and
fouled decks, which street a board error is ruled on, bets made with chips and words, action
out of turn, dead hands, the clock, absent players, and the checks every ruling starts with. The card procedures (which card moves
where in the deck or the stub) stay with each engine: the two deal differently.

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
from ..rules.irregularities import (
    DEAL_CAUSES, Ruling, board_ruling, clock_ruling, fouled_deck_ruling, killed_hand_ruling,
    out_of_turn_ruling, substantial_action,
)
from .errors import IllegalAction
from .hand import _OutOfTurn

__all__ = ["Side", "after_out_of_turn", "board_ruled", "board_street", "checked", "clock_ruled",
           "deal_open", "deal_ruled", "decided", "doomed_absent", "fouled_deck", "hand_open",
           "kill_ruling", "out_of_turn", "out_of_turn_rule", "physical_bet", "player_index",
           "raise_amount", "return_uncalled", "void"]

ACTIVE, ALL_IN, FOLDED = 0, 1, 2
STREETS = ("preflop", "flop", "turn", "river")
BOARD_COUNTS = (0, 3, 1, 1)


class Side:
    """One engine as the shared rulings see it: its ``betting`` and ``complete`` phases and its
    own ways to ``refuse(h, message, rule)`` (an IllegalAction with the hand's legal actions),
    ``record(h, type, **fields)`` an event (the fields in the order of its JSON form),
    ``log(h, family, situation, player, ruling, data)`` an irregularity ruled (``data`` None:
    nothing more), ``stale(h)`` (forget what it cached of the actions to come), list the
    ``actions(h)`` in turn so far, ``void(h, cause, rule)`` the hand, make a hand dead
    (``make_dead(h, player, cause, rule)``, the ruling given) and ``kill(h, player, cause)`` a
    hand by the dead-hand ruling."""

    __slots__ = ("betting", "complete", "refuse", "record", "log", "stale", "actions", "void",
                 "make_dead", "kill")

    def __init__(self, *, betting: Any, complete: Any,
                 refuse: Callable[[Any, str, str], IllegalAction], record: Callable[..., None],
                 log: Callable[[Any, str, str, int, Ruling, Any], None],
                 stale: Callable[[Any], None], actions: Callable[[Any], list[str]],
                 void: Callable[[Any, str, str], None],
                 make_dead: Callable[[Any, int, str, str], None],
                 kill: Callable[[Any, Any, str], Ruling]) -> None:
        self.betting = betting
        self.complete = complete
        self.refuse = refuse
        self.record = record
        self.log = log
        self.stale = stale
        self.actions = actions
        self.void = void
        self.make_dead = make_dead
        self.kill = kill


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
        raise LeftToDirector(r.rule, r.text, r.note)
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


# --- the deal ----------------------------------------------------------------------------------

def deal_open(side: Side, h: Any, cause: Any) -> None:
    """An irregularity of the deal (IFP 64): one of ``DEAL_CAUSES``, while the hand is played."""
    if cause not in DEAL_CAUSES:
        raise side.refuse(h, f"unknown deal irregularity {cause!r} (one of "
                          f"{', '.join(DEAL_CAUSES)})", "IFP 64")
    hand_open(side, h, "IFP 64")


def deal_ruled(side: Side, h: Any, cause: str, r: Ruling, player: Any) -> Ruling | None:
    """Apply a deal ruling that is not a card procedure: a misdeal (the hand void, IFP 64, TDA
    35-C) or a dead hand (``button-short``, TDA 37; ``non-standard-card``, Gananda Irregularities
    8; after substantial action the wrong number of cards, TDA 38). Returns the Ruling the
    irregularity answers with, or None for the engine's card procedure to follow."""
    decision = decided(r).decision
    if decision in ("misdeal", "reset"):
        side.void(h, cause, r.rule)
        return r
    if decision == "dead":
        if cause in ("button-short", "non-standard-card"):   # TDA 37; Gananda Irregularities 8
            side.make_dead(h, player, cause, r.rule)
            return r
        return side.kill(h, player, "wrong-cards")
    return None


def fouled_deck(side: Side, h: Any, defect: Any, where: Any, data: Any) -> Ruling:
    """A fouled deck (IFP 63, TDA 35-E, Gananda Irregularities 3-4): the hand void whatever the
    action, or as the book rules; ``data`` the engine's record of the defect."""
    hand_open(side, h, "IFP 63")
    r = decided(checked(side, h, "IFP 63", fouled_deck_ruling, defect, where))
    if r.decision == "void":
        side.void(h, "fouled-deck", r.rule)
    else:
        side.log(h, "deal", "fouled-deck", -1, r, data)
    return r


# --- the board (hold'em, Omaha and the other flop games) ---------------------------------------

def board_street(side: Side, h: Any, error: Any, on_deck: bool, ruled: Any,
                 premature: Any) -> int:
    """The street a board error is ruled on (IFP 65): the street in play, or the next one for its
    cards turned too soon (``premature``); while a betting round is open, on a hand dealt from
    its deck (``on_deck``), one ruling per street (``ruled``: the streets ruled on,
    ``premature``: the streets whose premature cards were)."""
    if h.phase != side.betting:
        raise side.refuse(h, "board errors are ruled while a betting round is open", "IFP 65")
    if not on_deck:
        raise side.refuse(h, "the board procedure works on the deck; this hand is dealt by hand "
                          "(replay its events instead)", "IFP 65")
    street = h.street
    if error == "premature":
        if street == 3:
            raise side.refuse(h, "no street comes after the river", "IFP 65")
        if street + 1 in premature:
            raise side.refuse(h, f"the {STREETS[street + 1]}'s premature cards were ruled on "
                              "already", "IFP 65")
        return street + 1
    if street == 0:
        raise side.refuse(h, "no board card is dealt yet", "IFP 65")
    if street in ruled:
        raise side.refuse(h, f"the {STREETS[street]}'s cards were ruled on already: one ruling "
                          "per street", "IFP 65")
    if street + 1 in premature:
        raise side.refuse(h, f"the {STREETS[street]} can no longer be corrected: the next street's "
                          "cards were turned and ruled on since", "IFP 65")
    return street


def board_ruled(side: Side, h: Any, error: Any, street: int, acted: bool, identifiable: Any,
                cards: list[int], rng: Any) -> tuple[Ruling, list[int], list[int]]:
    """The preset's ``board_errors`` book on ``error`` (``board_ruling``: IFP Appendix 1, TDA
    38-39 and RP-5, irregularities 3-8, Gananda Holdem Irregularities 3-8), ``cards`` the deck
    from the ruled street's first burn on; and the burns and board cards the dealer put out."""
    import random
    r = decided(checked(side, h, "IFP 65", board_ruling, STREETS[street], error, acted=acted,
                        identifiable=bool(identifiable), cards=cards,
                        rng=rng or random.SystemRandom()))
    nb, extra = {"no-burn": (0, 0), "extra-burn": (2, 0), "extra-card": (1, 1)}.get(error, (1, 0))
    return r, cards[:nb], cards[nb:nb + BOARD_COUNTS[street] + extra]


# --- bets made with chips and words ------------------------------------------------------------

def physical_bet(side: Side, h: Any, p: int, pushed: list[int], later: list[list[int]], back: int,
                 prior: int, prior_chips: Any, declared: Any, chip_set: Any, cur: int, pot: int,
                 may_raise: bool, undercall_binds: bool,
                 raise_limit: Callable[[Any, int], tuple[int | None, str]]) -> Any:
    """The player to act ``p`` pushes ``pushed`` chips (``later`` motions after, ``back`` of his
    ``prior`` bet pulled back), having said ``declared``, facing ``cur`` with ``pot`` in the
    pot: ruled by
    :func:`pokertd.rules.declarations.rule_bet` under the hand's rules (IFP 31-38, TDA 40-47,
    WPA 20-24, Gananda Betting 10-11), a raise beyond what the betting allows him cut to it
    (``raise_limit(h, p)``: the most he may raise to and the rule that says so, None for a call
    and the rule that allows him no raise), recorded (``ruled``) and played as the legal action
    it is. Returns the BetRuling."""
    from ..rules.declarations import BetRuling, ImpossibleBet, rule_bet
    b = h.bets[p]
    more = sum(pushed) + sum(sum(m) for m in later)
    behind = h.stacks[p] + b - (prior - back) - more
    if behind < 0 or back > prior:
        raise side.refuse(h, f"player {p} has {h.stacks[p] + b} chips on this street in all, "
                          "fewer than these", "IFP 31")
    try:
        r = rule_bet(h.rules, to_call=cur, last_raise=h.min_raise, behind=behind, chips=pushed,
                     in_front=prior - back, declared=declared, chip_set=chip_set,
                     later_motions=later, prior_bet=b, pulled_back=back, pot=pot,
                     may_raise=may_raise, undercall_binds=undercall_binds)
    except ImpossibleBet as e:
        raise side.refuse(h, str(e), "IFP 31") from None
    total, rule = r.total, r.rule
    if total > cur and total > b:
        most, why = raise_limit(h, p)
        if most is None:
            total, rule = cur, why
        elif total > most:
            total, rule = most, why
    if total != r.total:
        put = prior - back + more
        action = ("all-in" if total == h.stacks[p] + b else "check" if total <= b
                  else "call" if total <= cur else "raise" if cur else "bet")
        r = BetRuling(action, total, max(0, put - total), max(0, total - put), rule)
    side.record(h, "ruled", player=p, chips=pushed,
                declared=None if declared is None else str(declared), later_motions=later,
                pulled_back=back, prior_chips=prior_chips, action=r.action, total=r.total,
                returned=r.returned, owed=r.owed, rule=r.rule)
    if total <= cur:
        h.check_call(p)
    else:
        h.raise_to(total, p)
    return r


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
        decided(out_of_turn_ruling(h.rules, a))         # irregularities 13: the TD's
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
    elif a == "fold" and mode != "binding-unless-action-changes" and faced <= h.bets[p] \
            and changed:
        pass                                              # Gananda Betting 7: released
    elif a == "fold" or not changed:
        ruling = "binding"                                # IFP 26 / TDA 53-A: an OOT fold binds
        if a == "fold" and mode != "binding-unless-action-changes" and faced > h.bets[p]:
            rule = "Gananda: Dead Hands 1a"               # folded facing a bet: dead
        elif a == "fold" and rule == "WPA 33":
            rule = "IFP 26"                               # WPA 33 is silent on an OOT fold
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


# --- dead hands, the clock, absent players ------------------------------------------------------

def kill_ruling(side: Side, h: Any, player: Any, cause: Any, phases: tuple[Any, ...],
                also: Callable[[Ruling], None] | None = None) -> tuple[int, Ruling]:
    """The player and the ruling on his hand made dead (``killed``: IFP 27, WPA 31, TDA 65-A;
    ``wrong-cards``: TDA 38, Gananda Dead Hands 1c), refused while the hand is not played
    (``phases``), for a folded hand and, before substantial action, for the wrong number of
    cards (a misdeal: ``deal_error('wrong-count')``). ``also(r)`` checks the engine's own
    arguments against the ruling."""
    if h.phase not in phases:
        raise side.refuse(h, "a hand is made dead while the hand is played", "IFP 27")
    p = player_index(side, h, player, "IFP 27")
    if h.status[p] == FOLDED:
        raise side.refuse(h, f"player {p}'s hand is already folded or dead", "IFP 27")
    r = checked(side, h, "IFP 27", killed_hand_ruling, cause)
    if also is not None:
        also(r)
    if cause == "wrong-cards":
        sa, sa_rule = substantial_action(h.rules, side.actions(h))
        if not sa:
            raise side.refuse(h, "before substantial action a wrong number of cards is a misdeal: "
                              f"deal_error('wrong-count') ({sa_rule})", sa_rule)
    return p, decided(r)


def return_uncalled(side: Side, h: Any, p: int) -> None:
    """IFP 27, WPA 31, TDA 65-A: the uncalled bet or raise of a hand made dead is returned; the
    others face the betting as it stood before it (the bet, the minimum raise, the raises
    counted), read from the hand replayed up to his raise: rare enough to pay for a replay."""
    bets = h.bets
    others = max(bets[i] for i in range(h.n) if i != p)
    if h.aggressor != p or bets[p] <= others:
        return
    log = h.events()
    last = max(k for k, e in enumerate(log) if e["type"] == "acted" and e["player"] == p
               and e["action"] in ("bet", "raise", "complete"))
    before = type(h).replay(log[:last])
    x = bets[p] - others
    bets[p] = others
    h.stacks[p] += x
    side.record(h, "returned", player=p, amount=x)
    h.current = before.current
    h.min_raise = before.min_raise
    h.raises = before.raises
    h.full_raises = before.full_raises
    h.aggressor = before.aggressor


def clock_ruled(side: Side, h: Any, p: int, facing: bool) -> Ruling:
    """The clock ran out on ``p``, the player to act (IFP 55, WPA 26, TDA 29, Gananda No Limit
    11): his hand is dead (folded), or under TDA 29, not ``facing`` a bet, checked."""
    r = clock_ruling(h.rules, facing)
    side.log(h, "clock", "clock", p, r, None)
    if r.decision == "checked":
        h.check_call(p)
    else:
        h.fold(p)
    return r


def doomed_absent(h: Any, absent: Any, live: int) -> tuple[list[int], str]:
    """The absent players whose hands are killed once the cards are dealt, and the rule, as the
    preset's ``absent_hand`` says: ``all-in-killed`` (IFP 8: only an all-in hand is mucked; a
    hand with chips behind is folded in turn) or ``killed-at-deal`` (TDA 30, Gananda: Absent/Late
    Players: every absent hand dead, its blinds and antes in the pot). None when every one of
    the ``live`` hands would go: a pot needs a live hand to win it (IFP 44)."""
    status = h.status
    at_deal = h.rules.absent_hand == "killed-at-deal"
    doomed = sorted({p for p in absent if status[p] == ALL_IN or (at_deal and status[p] == ACTIVE)})
    if not doomed or len(doomed) >= live:
        return [], ""
    rule = field_rules("absent_hand").get(h.rules.name) or ("TDA 30" if at_deal else "IFP 8")
    return doomed, rule
