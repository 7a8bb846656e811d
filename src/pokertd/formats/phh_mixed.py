"""PHH for the games besides hold'em: Omaha (``PO``, ``FO/8`` ...), stud (``F7S``,
``F7S/8``, ``FR``), deuce-to-seven draw (``N2L1D``, ``F2L3D``), badugi (``FB``) and
short-deck hold'em (``NS``), played by :class:`~pokertd.engine.mixed.MixedHand`.

Beyond hold'em's actions these games use ``pN pb`` (stud: post the bring-in) and
``pN sd CARDS`` (draw: discard these cards; ``pN sd`` alone stands pat); ``d dh pN CARDS``
also deals stud's later streets and a draw's replacements (stud's up and down cards follow
from the street, as in the PHH specification). A draw is written as PHH writes it: every
player's discard (``sd``) first, then the replacements (``d dh``).
"""

from __future__ import annotations

import json
from typing import Any

from ..engine import IllegalAction
from ..engine.games import GAMES, STRUCTURE_LETTERS
from ..engine.mixed import BETTING, DEALING, DRAWING, SHOWDOWN, MixedHand
from ..rules import RuleSet
from .phh import table_fields, table_options
from .phh_reader import PHHError
from .phh_refusals import file_numbers, refusal

__all__ = ["MIXED_VARIANTS", "export_mixed", "hand_from_phh_mixed", "is_mixed", "replay_mixed"]

# Every structure letter with every game but hold'em, which keeps its own engine (NT, FT).
MIXED_VARIANTS = frozenset(s + code for s in STRUCTURE_LETTERS for code in GAMES if code != "T")


def is_mixed(variant: Any) -> bool:
    return variant in MIXED_VARIANTS


def _int(value: Any, field: str) -> int:
    from .phh import _int as whole_chips           # hold'em's reading and refusals
    return whole_chips(value, field)


def _ints(values: Any, field: str, n: int) -> list[int]:
    if not isinstance(values, list) or len(values) != n:
        raise PHHError(f"{field}: expected a list of {n} chip amounts")
    return [_int(v, field) for v in values]


def hand_from_phh_mixed(data: dict[str, Any], rules: RuleSet | str | None = None) -> MixedHand:
    variant = data.get("variant")
    if not is_mixed(variant):
        raise PHHError(f"unsupported variant: {variant}")
    if "starting_stacks" not in data or "actions" not in data:
        raise PHHError("missing required field: starting_stacks and actions are required")
    stacks = _ints(data["starting_stacks"], "starting_stacks", len(data["starting_stacks"]))
    n = len(stacks)
    antes = _ints(data.get("antes", [0] * n), "antes", n)
    blinds = _ints(data.get("blinds_or_straddles", [0] * n), "blinds_or_straddles", n)
    if n == 2:
        blinds = blinds[::-1]            # heads-up: the button (p2) posts the small blind (IFP 18)
    kw: dict[str, Any] = {"blinds": blinds, "antes": antes}
    game = GAMES[variant[1:]]
    if not game.stud:
        posters = [i for i in range(n) if blinds[i]]
        bb = max(posters, key=lambda i: (blinds[i], -i)) if posters else -1
        others = [a for i, a in enumerate(antes) if i != bb]
        if bb >= 0 and antes[bb] and not any(others) and data.get("ante_trimming_status") is False:
            kw["bb_ante"] = True         # one untrimmed ante on the big blind (TDA RP-11)
    for f in ("small_bet", "big_bet", "min_bet", "bring_in"):
        if f in data:
            kw[f] = _int(data[f], f)
    if variant[0] == "F" and ("small_bet" not in kw or "big_bet" not in kw):
        raise PHHError(f"{variant} needs small_bet and big_bet")
    if variant[0] != "F" and "min_bet" not in kw:
        raise PHHError(f"{variant} needs min_bet")
    rules, table = table_options(data, rules)
    try:
        return MixedHand(variant, stacks, rules=rules, manual=True, auto_showdown=False,
                         **kw, **table)
    except ValueError as e:
        raise PHHError(str(e)) from e


def _player(token: str, n: int, i: int) -> int:
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit() or not 1 <= int(token[1:]) <= n:
        raise PHHError(f"action {i}: unknown player {token!r}", i)
    return int(token[1:]) - 1


def _apply(h: MixedHand, text: str, i: int) -> None:
    parts = text.split("#", 1)[0].split()
    if not parts:
        raise PHHError(f"action {i}: empty action", i)
    if parts[0] == "d":
        if len(parts) == 4 and parts[1] == "dh":
            h.deal_hole(_player(parts[2], h.n, i), parts[3])
        elif len(parts) == 3 and parts[1] == "db":
            h.deal_board(parts[2])
        else:
            raise PHHError(f"action {i}: unsupported dealing action {text!r}", i)
        return
    p = _player(parts[0], h.n, i)
    if len(parts) < 2:
        raise PHHError(f"action {i}: missing verb in {text!r}", i)
    verb = parts[1]
    if verb == "f":
        h.fold(p)
    elif verb == "cc":
        h.check_call(p)
    elif verb == "pb":
        h.bet_bring_in(p)
    elif verb == "cbr":
        try:
            amount = _int(json.loads(parts[2]), f"action {i}") if len(parts) == 3 else None
        except json.JSONDecodeError:
            amount = None
        if amount is None:
            raise PHHError(f"action {i}: cbr needs one amount", i)
        h.raise_to(amount, p)
    elif verb == "sd":
        h.discard(parts[2] if len(parts) > 2 else (), p)
    elif verb == "sm":
        cards = parts[2] if len(parts) > 2 and "?" not in parts[2] else None
        if h.phase != SHOWDOWN or h.actor != p:
            if h.shown[p]:
                return                   # tabled already (all-in: IFP 43)
        if cards is None:
            h.muck(p)
        else:
            h.show(p, cards)
    else:
        raise PHHError(f"action {i}: unsupported action {text!r}", i)


def replay_mixed(data: dict[str, Any], rules: RuleSet | str | None = None) -> MixedHand:
    """Replay a PHH hand of a mixed game to its end (refusals: :class:`PHHError` with the
    index of the action at fault)."""
    h = hand_from_phh_mixed(data, rules)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise PHHError("actions: expected a list of strings")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise PHHError(f"action {i}: not a string", i)
        try:
            _apply(h, a, i)
        except IllegalAction as e:
            raise refusal(a, i, e, h.actor if h.phase in (BETTING, DRAWING) else -1) from e
        except ValueError as e:
            raise PHHError(f"action {i} ({a.strip()}): {e}", i) from e
    try:
        h.finish_showdown()
    except IllegalAction as e:
        raise PHHError(f"showdown: {file_numbers(str(e))}", len(actions)) from e
    if not h.done:
        why = "cards to deal" if h.phase == DEALING else h.describe_legal()
        raise PHHError(f"the history stops before the hand is over ({why})", len(actions))
    return h


def export_mixed(hand: MixedHand, **extra: Any) -> dict[str, Any]:
    """The PHH fields of a mixed-game hand played by the engine."""
    c = hand._config
    n = hand.n
    blinds = list(c["blinds"])
    if n == 2:
        blinds = blinds[::-1]
    data: dict[str, Any] = {"variant": c["variant"], "ante_trimming_status": not c["bb_ante"],
                            "antes": list(c["antes"])}
    if hand.game.stud:
        data["bring_in"] = c["bring_in"]         # stud: antes and a bring-in, no blinds
    else:
        data["blinds_or_straddles"] = blinds
    if c["variant"][0] == "F":
        data["small_bet"] = c["small_bet"]
        data["big_bet"] = c["big_bet"]
    else:
        data["min_bet"] = c["min_bet"]
    data["starting_stacks"] = list(hand.starting)
    data.update(table_fields(hand.rules.name, hand.chip_unit))
    actions: list[str] = []
    # A draw's replacements follow every discard of the round, as PHH orders them (the
    # engine deals each player's at once): held back until the next action that is not one.
    drawn: list[str] | None = None
    drew: set[int] = set()                       # who discarded in this draw
    for e in hand.events():
        ty = e["type"]
        if drawn is not None and (ty in ("acted", "board", "shown", "mucked")
                                  or ty == "discarded" and e["player"] in drew):
            actions += drawn                     # (a second discard: the next draw, all-in)
            drawn = None
            drew = set()
        if ty == "dealt":
            (actions if drawn is None else drawn).append(f"d dh p{e['player'] + 1} {e['cards']}")
        elif ty == "board":
            actions.append(f"d db {e['cards']}")
        elif ty == "discarded":
            actions.append(f"p{e['player'] + 1} sd {e['cards']}".rstrip())
            drawn = [] if drawn is None else drawn
            drew.add(e["player"])
        elif ty == "acted":
            p = f"p{e['player'] + 1}"
            a = e["action"]
            actions.append(f"{p} f" if a == "fold" else f"{p} cc" if a in ("check", "call")
                           else f"{p} pb" if a == "bring-in" else f"{p} cbr {e['to']}")
        elif ty == "shown":
            actions.append(f"p{e['player'] + 1} sm {e['cards']}")
        elif ty == "mucked":
            actions.append(f"p{e['player'] + 1} sm")
        elif ty in ("voided", "irregularity", "dead", "killed", "exposed"):
            what = (f"was void ({e['cause']}, {e['rule']})" if ty == "voided" else
                    f"had player {e['player'] + 1}'s hand made dead ({e['rule']})"
                    if ty in ("dead", "killed") else
                    f"had player {e['player'] + 1}'s downcard turned up ({e['rule']})"
                    if ty == "exposed" else
                    f"had an irregularity ruled ({e['situation']}, {e['rule']})")
            raise PHHError(f"the hand {what}: PHH has no action for the floor's rulings, so the "
                           "file could not replay it")
    data["actions"] = actions + (drawn or [])
    if hand.done:
        data["finishing_stacks"] = list(hand.stacks)
    data.update(extra)
    return data
