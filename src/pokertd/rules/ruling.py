"""A floor ruling and the words it quotes when the book leaves the case to the director.

:class:`Ruling` is what :mod:`pokertd.rules.irregularities`, :mod:`pokertd.rules.board` and
:mod:`pokertd.rules.play` return: the decision, the rule cited and ``text``, that rule's own
words (the cited book's, "..." where words are left out: tests/test_rule_quotes.py checks them
against the books), the procedure, and a ``note`` for anything said in pokertd's own words (why a
silent book leaves the case to the director, the facts of a case). Where a preset's book is
silent the ruling is ``director`` under IFP 1, TDA 1 or the irregularities sheet's closing
paragraph, with their words (:func:`director`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import RuleSet, get_rules

__all__ = ["CLUB_1", "IFP_1", "TDA_1", "Ruling", "dealing_book", "director", "fallback",
           "substantial_action"]

IFP_1 = ("IFP 1", "Floor people are to consider sportsmanship and fairness as the top priorities "
                  "in the decision-making process ... The Tournament Director's decisions are final.")
TDA_1 = ("TDA 1", "The best interest of the game and fairness are top priorities in "
                  "decision-making ... Floor decisions are final.")
CLUB_1 = ("irregularities (closing)", "At times a situation may arise which is not expressly "
          "covered by the Rules. In such situations the Tournament Director shall weigh the "
          "facts and render the most appropriate decision")


@dataclass(frozen=True, slots=True)
class Ruling:
    """``decision`` what the floor rules (``misdeal``, ``void``, ``play-on``, ``replace``,
    ``burn``, ``scrap``, ``dead``, ``checked``, ``stands``, ``reset``, ``redeal``, ...,
    ``director`` when the book leaves it to the TD); ``rule`` and ``text`` the rule and its
    words; ``procedure`` what to do next. Board rulings given cards also carry ``burns``,
    ``board`` (this street's cards), ``set_aside`` (cards out of play), ``stub`` and
    ``next_burns`` (burn cards before each street still to come); ``note`` pokertd's own words
    beside the quote (why the book leaves it to the TD), or empty; ``facts`` what the director
    rules on, recorded with the ruling (a bet grossly misunderstood: Gananda No Limit 10)."""

    situation: str
    decision: str
    rule: str
    text: str
    procedure: str
    burns: tuple[int, ...] = ()
    board: tuple[int, ...] = ()
    set_aside: tuple[int, ...] = ()
    stub: tuple[int, ...] = field(default=(), repr=False)
    next_burns: tuple[int, ...] = ()
    note: str = ""
    facts: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out = {"situation": self.situation, "decision": self.decision, "rule": self.rule,
               "text": self.text, "procedure": self.procedure}
        if self.note:
            out["note"] = self.note
        if self.facts:
            out["facts"] = dict(self.facts)
        return out


def director(situation: str, book: tuple[str, str], note: str,
             procedure: str = "the TD decides (Rule 1)") -> Ruling:
    """The case left to the tournament director: ``book`` (IFP_1, TDA_1 or CLUB_1) quoted, and
    ``note`` saying why (what the preset's book does and does not treat)."""
    rule, words = book
    return Ruling(situation, "director", rule, words, procedure, note=note)


def fallback(book: str, rules: RuleSet | None = None) -> tuple[str, ...]:
    # A house book silent on a situation: the preset it is built on (IFP) decides; the wpa
    # preset's own rule 30 first, then IFP.
    if rules is not None and rules.name == "wpa" and book == "ifp-2012":
        return ("wpa", book)
    return (book,) if book in ("ifp-2012", "tda-2024") else (book, "ifp-2012")


# --- substantial action ----------------------------------------------------------------------

_IN_TURN = ("check", "call", "bet", "raise", "fold")


def substantial_action(rules: RuleSet | str | None, actions: Sequence[str]) -> tuple[bool, str]:
    """Whether ``actions`` (the actions in turn since the deal, in order; posted blinds and
    antes are not actions) are substantial action, and the rule. ``two-actions-one-with-chips-
    or-three`` (IFP 29; TDA 36, "posted blinds do not count"): two actions of which one puts
    chips in, or any three; ``two-players-acted`` (club 80.4: "two players after the big blind
    have acted"; Gananda Misdeals 1; irregularities 11): any two actions."""
    r = get_rules(rules)
    for a in actions:
        if a not in _IN_TURN:
            raise ValueError(f"not an action in turn: {a!r} (one of {', '.join(_IN_TURN)})")
    if r.substantial_action == "two-players-acted":
        book = dealing_book(r)
        rule = "Gananda: Misdeals 1" if book == "gananda" else "club 80.4"
        return len(actions) >= 2, rule
    rule = "TDA 36" if r.name == "tda-2024" or dealing_book(r) == "tda-2024" else "IFP 29"
    chips = sum(a in ("call", "bet", "raise") for a in actions)
    return len(actions) >= 3 or (len(actions) >= 2 and chips >= 1), rule


def dealing_book(rules: RuleSet) -> str:
    return rules.dealing_irregularities
