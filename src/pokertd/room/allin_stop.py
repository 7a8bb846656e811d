"""IFP 61's all-in stop under hand-for-hand: what a stopped table's clients see.

IFP 61: "If a player is "all-in" and facing a showdown while playing hand-for-hand, the hand
will be stopped, and continued when all the hands on other tables are finished." The engine
plays the hand to its end as usual (the deck is fixed at the deal, every event is committed
to the store as the last action's): what the rule protects is what the players of the other
tables know. So a stopped table shows its clients the hand as it stood when the betting
closed (the all-in hands tabled face up when a runout follows, TDA 16 / IFP 43: the engine
tables them there), without the rest of the board, the showdown and the awards, until the
dealt event (:mod:`pokertd.room.dealt_tables`) lets it continue; nothing is written for
the stop (a restart finds it again from the round's tables).

This module finds the close of betting in a hand's events (:func:`stop_point`) and builds the
hand as it stood then (:func:`at_stop`) from the engine's own state of the finished hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["RULE", "StoppedHand", "at_stop", "stop_point"]

RULE = "IFP 61"

# What the engine adds to a hand once its betting is closed: the rest of the board, the
# hands tabled, mucked, the awards, the end.
_AFTER_BETTING = frozenset(("burned", "board", "shown", "mucked", "awarded", "ended"))


def stop_point(events: list[dict[str, Any]]) -> int | None:
    """How many of a finished hand's ``events`` its clients see while it is stopped (IFP 61),
    or None when it is no all-in showdown with something left to show (no player all-in,
    or the hand won uncontested)."""
    if not events or events[-1].get("type") != "ended":
        return None
    cut = len(events)
    while cut > 0 and events[cut - 1]["type"] in _AFTER_BETTING:
        cut -= 1
    tail = events[cut:]
    if not any(e["type"] == "shown" and e.get("reason") == "all-in" for e in tail):
        return None                    # nobody all-in facing a showdown
    # The all-in hands tabled at the close of betting, before a runout (TDA 16: the engine
    # tables them there; on the river they are tabled at the showdown, which is withheld).
    k = cut
    while k < len(events) and events[k]["type"] == "shown" and events[k].get("reason") == "all-in":
        k += 1
    if k < len(events) and events[k]["type"] in ("burned", "board"):
        cut = k
    return cut


@dataclass(frozen=True)
class StoppedHand:
    """The engine's hand as it stood at the close of betting, with the attributes the views
    read of a hand in progress: each position's ``stacks``, ``bets`` (none: gathered),
    ``status``, the ``board`` dealt (card indices), the ``total_pot`` and its split
    (:meth:`_pots`, the engine's). ``done`` is False: the hand is not over for its clients;
    nobody is to act."""

    stacks: list[int]
    bets: list[int]
    status: list[int]
    board: list[int]
    total_pot: int
    pots: list[tuple[int, list[int]]]
    done: bool = False
    actor: int = -1

    def _pots(self) -> list[tuple[int, list[int]]]:
        return self.pots


def at_stop(played: Any, cut: int) -> tuple[Any, StoppedHand]:
    """The stopped hand ``played`` (a PlayedHand over) as its clients see it: the PlayedHand
    of its first ``cut`` events and the hand as it stood then. Its finished hand is replayed
    by the engine (checked against the log): the stacks before the awards, the board before
    the runout, the pots as the engine splits them."""
    from pokertd.engine import replay

    h = replay(played.events)
    seen = played.events[:cut]
    pot = sum(e["amount"] for e in played.events[cut:] if e["type"] == "awarded")
    cards = sum(len(e["cards"]) for e in seen if e["type"] == "board")
    before = h.copy()
    before.pot = pot                   # the pot before the awards: its split, the engine's
    stopped = StoppedHand(
        stacks=[s - w for s, w in zip(h.stacks, h.winnings)], bets=[0] * h.n,
        status=list(h.status), board=list(h.board[:cards]), total_pot=pot,
        pots=before._pots())
    view = replace(played, events=seen, summaries={}, summary_texts={})
    return view, stopped
