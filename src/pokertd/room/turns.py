"""Turns at a playable table: which act a client's message is, and the players' time bank.

- **A turn** is one player's decision in one hand: ``{"hand": N, "action": K}``, the K-th
  action of hand N (1 for the first action after the blinds). Every ``legal`` a client is sent
  names its turn, and an ``act`` may name it back: an act naming a turn other than the one in
  play (a ``legal`` sent again after a join, a bot added, a reconnect) is refused, so that a
  client acting on every ``legal`` it receives acts once per turn, never on a later one.
- **An action id** belongs to the player who sent it: it is kept with the hash of his seat's
  token (:func:`scoped_id`), so that another player's ids, by chance or on purpose, never make
  his act a "repeat" that does nothing.
- **The time bank** (TDA 29: "TDs may adjust the time allowed and take other steps to fit the
  game"; TDA RP-19 names a shot clock among a house's tools against stalling): each player has
  ``time_bank`` seconds beyond the time to act, spent only when his time to act is over. The
  rulebooks set no time bank, so its refill is a house rule, a table's settings: at a cash
  table ``bank_refill`` seconds every ``bank_refill_hands`` hands, at a dealt tournament's
  table ``bank_refill`` seconds at each new level, never above the full ``time_bank``. The
  refill is written in the hand's ``hand_started`` event (``bank_refill``), so a table loaded
  again from its log has the banks it had.
"""

from __future__ import annotations

import hashlib
from typing import Any

__all__ = ["bank_refill", "check_turn", "current_turn", "parse_turn", "scoped_id"]


def scoped_id(owner: str | None, seat: int, action_id: str) -> str:
    """The key kept for a client's ``action_id``: the id with its owner (the hash of the seat's
    token; the seat number for a seat without one), digested to a fixed size (the log holds
    no token, and no client-chosen text of any length)."""
    who = owner if owner else f"seat {seat}"
    return hashlib.sha256(f"{who}\0{action_id}".encode()).hexdigest()[:32]


def current_turn(number: int, events: list[dict[str, Any]]) -> dict[str, int]:
    """The turn in play in hand ``number`` whose engine events so far are ``events``."""
    return {"hand": number, "action": 1 + sum(1 for e in events if e["type"] == "acted")}


def parse_turn(turn: Any) -> dict[str, int]:
    """A client's ``turn`` field, checked: an object with whole numbers ``hand`` and
    ``action`` (as the ``legal`` it answers gave them)."""
    if not isinstance(turn, dict) or set(turn) != {"hand", "action"} or not all(
            isinstance(turn[k], int) and not isinstance(turn[k], bool) and 0 < turn[k] < 10**9
            for k in ("hand", "action")):
        raise ValueError('turn: the "turn" of your "legal", e.g. {"hand": 12, "action": 3}')
    return {"hand": turn["hand"], "action": turn["action"]}


def check_turn(asked: dict[str, int], now: dict[str, int] | None) -> str | None:
    """Why an act naming turn ``asked`` is refused when ``now`` is in play (None: no hand in
    progress), or None when it is the turn in play."""
    if now is not None and asked == now:
        return None
    said = f"hand {asked['hand']}, action {asked['action']}"
    if now is None:
        return f"turn {said} is not in play: no hand is in progress (wait for your legal)"
    past = (asked["hand"], asked["action"]) < (now["hand"], now["action"])
    return (f"turn {said} is {'over' if past else 'not in play'}: the current turn is hand "
            f"{now['hand']}, action {now['action']} (act on the legal that names it)")


def bank_refill(*, time_bank: float, refill: float, every_hands: int, number: int,
                level: int | None, last_level: int | None) -> float:
    """The seconds each player's bank gets back as hand ``number`` is dealt (the house rule
    of the module docstring): a tournament's (``level`` not None) at each new level, a cash
    table's every ``every_hands`` hands; 0: none."""
    if refill <= 0 or time_bank <= 0:
        return 0.0
    if level is not None:
        return refill if last_level is not None and level != last_level else 0.0
    return refill if every_hands > 0 and number > 1 and (number - 1) % every_hands == 0 else 0.0
