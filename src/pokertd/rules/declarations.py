"""Bets made with chips and words: what a player physically did, ruled into the action it is.

:func:`rule_bet` takes the situation (the bet faced, the last full raise, the player's chips in
front, behind and pushed, what he said first) and a :class:`~pokertd.rules.RuleSet`, and returns
a :class:`BetRuling`: the action, the player's total for the street, the chips handed back or
still owed, and the rule that decided. It is pure: the engine applies the ruling as an ordinary
action (``Hand.physical_bet``), the CLI prints it (``pokertd floor bet``).

Amounts are street totals (raise-to, DESIGN.md) except ``chips`` and a declared amount alone,
which are chips pushed (TDA 40-C: saying "two hundred" is pushing 200). The rules applied, in
order: the first of words and chips binds (IFP 31, TDA 40-A); a declaration's meaning (TDA 40-B,
43-B, 44, 55; IFP 32, 34, 38); the chips of a silent bet: prior-bet chips not pulled in (TDA 46),
a single oversized chip (IFP 34, TDA 44, Gananda Betting 11), several chips (IFP 35, TDA 45,
Gananda Betting 10), the raise threshold (IFP 37, WPA 20, TDA 43); string bets (IFP 36, TDA 56).
Where a book leaves the bet to the director (TDA 40-A: words and chips contradictory) the
function raises :class:`LeftToDirector` with the rule's text instead of guessing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from . import RuleSet, field_rules, get_rules
from .bet_words import BET_WORDS, bet_words

__all__ = ["BET_WORDS", "BetRuling", "ImpossibleBet", "LeftToDirector", "parse_amount", "parse_declared",
           "rule_bet"]

ACTIONS = ("check", "call", "bet", "raise", "all-in")


class ImpossibleBet(ValueError):
    """The situation cannot happen (a negative amount, a chip not in the chip set, a declared
    amount above the stack, ...): the message says what was wrong and what would be right."""


class LeftToDirector(Exception):
    """The book leaves this case to the tournament director (IFP 1, TDA 1): ``rule`` and
    ``text`` (its words) say so, ``note`` why in pokertd's words; no ruling is guessed."""

    def __init__(self, rule: str, text: str, note: str = "") -> None:
        super().__init__(f"{rule}: the TD decides ({note + ': ' if note else ''}{text})")
        self.rule = rule
        self.text = text
        self.note = note


@dataclass(frozen=True, slots=True)
class BetRuling:
    """``action`` one of check, call, bet, raise, all-in; ``total`` the player's whole bet on
    the street after the ruling; ``returned`` chips handed back to him; ``owed`` chips he must
    still add (a forced full raise, a declared amount); ``rule`` the rule that decided and
    ``text`` its words (``bet_words``: the cited book's own)."""

    action: str
    total: int
    returned: int
    owed: int
    rule: str
    text: str = ""

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", bet_words(self.rule))

    def to_dict(self) -> dict[str, object]:
        return {"action": self.action, "total": self.total, "returned": self.returned,
                "owed": self.owed, "rule": self.rule, "text": self.text}


# --- words ---------------------------------------------------------------------------------

_UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate(
    "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if w != "_"}
_SCALES = {"hundred": 100, "thousand": 1000, "k": 1000, "million": 1_000_000}


def parse_amount(text: str) -> tuple[int, bool]:
    """An amount said or written: ``1400``, ``1,400``, ``8k``, ``fourteen hundred``,
    ``forty-two thousand``, ``five``. Returns (value, clear): a bare number said without a
    scale word ("five") is not clear about its scale (IFP 38, TDA 57)."""
    t = text.strip().lower().replace(",", "").replace("-", " ")
    m = re.fullmatch(r"(\d+)\s*(k|thousand|hundred)?", t)
    if m:
        value = int(m.group(1)) * (_SCALES[m.group(2)] if m.group(2) else 1)
        return value, True if m.group(2) else not text.strip().isalpha()
    words = t.replace(" and ", " ").split()
    if not words:
        raise ImpossibleBet(f"not an amount: {text!r} (say e.g. 1400 or 'fourteen hundred')")
    total = current = 0
    scaled = False
    for w in words:
        if w in _UNITS:
            current += _UNITS[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = (current or 1) * 100
            scaled = True
        elif w in _SCALES:
            total += (current or 1) * _SCALES[w]
            current = 0
            scaled = True
        else:
            raise ImpossibleBet(f"not an amount: {text!r} (say e.g. 1400 or 'fourteen hundred')")
    return total + current, scaled


@dataclass(frozen=True, slots=True)
class Declared:
    """A parsed declaration: ``kind`` call, raise, all-in or amount; ``amount`` for "raise X"
    (a total, TDA 43-B) or an amount alone (chips pushed, TDA 40-C); ``clear`` whether the
    amount's scale was said."""

    kind: str
    amount: int | None = None
    clear: bool = True
    rule: str | None = None             # the rule that read an unclear amount (IFP 38, TDA 57)


def parse_declared(text: str | None) -> Declared | None:
    """``call``, ``raise``/``bet``, ``all-in``, an amount, or ``raise AMOUNT``/``bet AMOUNT``;
    a whole number is an amount."""
    if type(text) is int:
        text = str(text)
    elif text is not None and not isinstance(text, str):
        raise ImpossibleBet(f"not a declaration: {text!r} (say call, raise, all-in or an amount)")
    if text is None or not text.strip():
        return None
    t = text.strip().lower()
    if t == "call":
        return Declared("call")
    if t in ("raise", "bet"):
        return Declared("raise")
    if t in ("all-in", "all in", "allin", "all"):
        return Declared("all-in")
    m = re.fullmatch(r"(raise|bet)[\s,]+(?:to\s+)?(.+)", t)
    if m:
        value, clear = parse_amount(m.group(2))
        return Declared("raise", value, clear)
    try:
        value, clear = parse_amount(t)
    except ImpossibleBet:
        raise ImpossibleBet(f"unknown declaration {text!r}: say call, raise, all-in, an amount "
                            "or 'raise AMOUNT'") from None
    return Declared("amount", value, clear)


# --- the ruling ----------------------------------------------------------------------------

def _cite(rules: RuleSet, name: str) -> str:
    """The rule of field ``name`` for this preset (a house falls back to its preset's rule,
    then to the default's)."""
    cited = field_rules(name)
    for key in (rules.name, rules.name.split("+")[0], "ifp-2012"):
        if key in cited:
            return cited[key]
    return next(iter(cited.values()))


def _tda(rules: RuleSet) -> bool:
    return rules.name.split("+")[0] == "tda-2024"


def _meets_threshold(rules: RuleSet, combined: int, to_call: int, last_raise: int) -> bool:
    """Chips that reach the preset's raise threshold must complete a full raise (IFP 37,
    WPA 20, TDA 43, Gananda Betting 10)."""
    if rules.raise_completion == "50%-of-raise-increment":      # TDA 43-A
        return 2 * (combined - to_call) >= last_raise
    return 2 * combined >= 3 * to_call                          # IFP 37 150%; WPA 20 +50%


class _Situation:
    """The validated numbers of one call of :func:`rule_bet`."""

    def __init__(self, to_call: int, last_raise: int, in_front: int, behind: int,
                 chips: tuple[int, ...], later: tuple[tuple[int, ...], ...], prior_bet: int,
                 pulled_back: int) -> None:
        self.to_call = to_call
        self.last_raise = last_raise
        self.in_front = in_front
        self.behind = behind
        self.chips = chips
        self.later = later                  # chips of each later motion
        self.prior_bet = prior_bet
        self.pulled_back = pulled_back
        self.pushed = sum(chips)
        more = sum(sum(m) for m in later)
        self.stack = in_front + self.pushed + more + behind         # his whole street total
        self.put = in_front + self.pushed + more                    # chips out after the motions
        self.facing = to_call > prior_bet
        self.min_raise_to = to_call + last_raise                    # IFP 37, TDA 43-A
        self.undercall_binds = False                                # TDA 51-B

    def ruling(self, action: str | None, total: int, rule: str) -> BetRuling:
        total = min(total, self.stack)
        if action is None or total == self.stack and total > self.prior_bet:
            if total == self.stack and total > self.prior_bet:
                action = "all-in"
            elif total <= self.prior_bet:
                action = "check"
            elif total <= self.to_call:
                action = "call"
            else:
                action = "raise" if self.to_call > 0 else "bet"
        return BetRuling(action, total, max(0, self.put - total), max(0, total - self.put), rule)

    def call(self, rule: str) -> BetRuling:
        if not self.facing:
            return self.ruling("check", self.prior_bet, rule)
        return self.ruling(None, self.to_call, rule)

    def raise_at_least(self, total: int, rule: str, short_rule: str) -> BetRuling:
        """A raise (a bet when none is faced) to ``total``, held to a full minimum raise."""
        if total >= self.min_raise_to:
            return self.ruling(None, total, rule)
        return self.ruling(None, self.min_raise_to, short_rule)


def _check_amount(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImpossibleBet(f"{name} must be a whole number of chips, not {value!r}")
    if value < 0:
        raise ImpossibleBet(f"{name} cannot be negative ({value}); give 0 or more")
    return value


def _check_chips(name: str, chips: Iterable[int], chip_set: tuple[int, ...] | None) -> tuple[int, ...]:
    out = tuple(chips)
    for c in out:
        _check_amount(f"a chip in {name}", c)
        if c == 0:
            raise ImpossibleBet(f"a chip of 0 in {name}: every chip has a value")
        if chip_set is not None and c not in chip_set:
            raise ImpossibleBet(f"no {c} chip in the chip set (chips: "
                                f"{', '.join(map(str, chip_set))})")
    return out


def rule_bet(rules: RuleSet | str | None = None, *, to_call: int, last_raise: int,
             behind: int, chips: Iterable[int] = (), in_front: int = 0,
             declared: str | Declared | None = None, chip_set: Iterable[int] | None = None,
             later_motions: Iterable[Iterable[int]] = (), prior_bet: int | None = None,
             pulled_back: int = 0, pot: int | None = None, may_raise: bool = True,
             undercall_binds: bool = False) -> BetRuling:
    """Rule what a player did into the action it is.

    ``to_call`` the street's total bet he faces (0: none); ``last_raise`` the largest prior
    full bet or raise of the street, the minimum raise increment (the big blind when nobody
    bet); ``in_front`` the chips of his already out on this street and left alone;
    ``behind`` what he has left after pushing (0: they are his last chips); ``chips`` the
    chips pushed in one motion; ``declared`` what he said before the chips landed;
    ``chip_set`` the denominations in play, when known (other chips are refused).
    ``later_motions`` chips added in further motions (string bets, IFP 36; a two-motion raise,
    IFP 32c). ``prior_bet`` his bet on the street so far when it differs from his chips in
    front (a big blind posted with a 1k chip: TDA Addendum 46 situation 4); ``pulled_back``
    prior-bet chips he pulled back (TDA 46 situations 2 and 3; they are in ``behind``).
    ``pot`` the pot before the bet, needed for an unclear amount under TDA 57.
    ``may_raise`` False when the betting is not reopened for him (a short all-in after he
    acted: IFP 37a, TDA 47-A): then chips above the call are a call and come back.
    ``undercall_binds`` True when the bet faced is the opening bet of the round or the hand
    is heads-up: a silent undercall is then a full call (TDA 51-B); otherwise, under TDA, it
    is left to the director.
    """
    rules = get_rules(rules)
    denoms = None if chip_set is None else tuple(sorted(set(chip_set)))
    to_call = _check_amount("--to-call", to_call)
    last_raise = _check_amount("--last-raise", last_raise)
    in_front = _check_amount("--in-front", in_front)
    behind = _check_amount("--behind", behind)
    pulled_back = _check_amount("pulled back", pulled_back)
    pushed = _check_chips("--chips", chips, denoms)
    later = tuple(_check_chips("a later motion", motion, denoms) for motion in later_motions)
    prior = in_front + pulled_back if prior_bet is None else _check_amount("prior bet", prior_bet)
    if prior > in_front + pulled_back:
        raise ImpossibleBet(f"a prior bet of {prior} with only {in_front + pulled_back} in "
                            "prior-bet chips out")
    if prior > to_call:
        raise ImpossibleBet(f"his bet on the street ({prior}) is above the bet he faces "
                            f"({to_call}): the action is not on him")
    if last_raise == 0:
        raise ImpossibleBet("--last-raise must be at least the big blind (the minimum bet)")
    s = _Situation(to_call, last_raise, in_front, behind, pushed, later, prior, pulled_back)
    s.undercall_binds = undercall_binds
    if pulled_back and s.put < prior:
        raise ImpossibleBet(f"prior-bet chips pulled back and not replaced ({s.put} out, his "
                            f"bet was {prior}): TDA 46-B binds him to call or raise")
    if s.stack <= prior:
        raise ImpossibleBet("he has no chips left to bet (nothing behind, nothing pushed): "
                            "he is already all-in")
    d = parse_declared(declared) if not isinstance(declared, Declared) else declared
    if d is None and not pushed:
        raise ImpossibleBet("no chips pushed and nothing declared: no action to rule")
    if d is not None and d.amount is not None:
        d = _resolve_amount(rules, s, d, pot)
        said = d.amount if d.kind == "raise" else in_front + (d.amount or 0)
        if said > s.stack:
            raise ImpossibleBet(f"declared {d.amount}: more than his stack ({s.stack} on the "
                                "street in all)")
    if not may_raise and s.facing:
        closed = _cite(rules, "short_allins_accumulate")            # IFP 37a / TDA 47-A
        if d is not None and d.kind in ("raise", "all-in") and s.stack > s.to_call:
            raise ImpossibleBet(f"he may not raise: the betting is not reopened for him "
                                f"({closed}); he may call or fold")
        if d is None and s.put < s.to_call:
            return _undercall(rules, s, s.put)
        return s.ruling(None, s.to_call, closed)
    if d is not None:
        return _rule_declared(rules, s, d)
    return _rule_chips(rules, s, s.chips, rule_motion=bool(later))


def _resolve_amount(rules: RuleSet, s: _Situation, d: Declared, pot: int | None) -> Declared:
    """An amount said without its scale ("five"), not itself a legitimate bet, is read at its
    smallest legitimate value (IFP 38) or the highest reasonable one not over the pot (TDA 57)."""
    assert d.amount is not None
    total = d.amount if d.kind == "raise" else s.in_front + d.amount
    floor = s.to_call if d.kind == "amount" and s.facing else s.min_raise_to
    if d.clear or total >= floor or d.amount == 0:
        return d
    rule = _cite(rules, "unclear_amount")
    meanings = []
    value = d.amount
    while True:
        value *= 10
        t = value if d.kind == "raise" else s.in_front + value
        if t > s.stack:
            break
        if t >= floor:
            meanings.append(value)
    if not meanings:
        raise ImpossibleBet(f"{d.amount} has no legitimate meaning up to his stack ({s.stack}) "
                            f"({rule})")
    if rules.unclear_amount == "highest-reasonable-not-over-pot":   # TDA 57
        if pot is None:
            raise ImpossibleBet(f"an unclear amount under {rule} needs the pot before the bet "
                                "(the pot, --pot)")
        fits = [v for v in meanings if v <= pot]
        chosen = fits[-1] if fits else meanings[0]
    else:                                                           # IFP 38
        chosen = meanings[0]
    return Declared(d.kind, chosen, True, rule)


def _rule_declared(rules: RuleSet, s: _Situation, d: Declared) -> BetRuling:
    first = _cite(rules, "contradictory_bet")                       # IFP 31 / TDA 40-A
    if d.kind == "all-in":
        return s.ruling("all-in", s.stack, first)
    if d.kind == "call":
        # TDA 55-A: "call" facing no bet is a check; TDA 51-A: "call" commits to the full call.
        return s.call(("TDA 55-A" if not s.facing else "TDA 51-A") if _tda(rules) else first)
    if d.kind == "amount":
        assert d.amount is not None
        said = s.in_front + d.amount
        if s.pushed and s.put < said and rules.contradictory_bet == "director":
            raise LeftToDirector(first, "In unclear situations or where verbal and chips are "
                                 "contradictory, the TD will determine the bet based on the "
                                 "circumstances and Rule 1")
        # TDA 40-C: an amount said is the same as those chips pushed silently.
        rule = d.rule or ("TDA 40-C" if _tda(rules) else first)
        return _rule_amount(rules, s, said, rule)
    # "raise" (or "bet"), with or without an amount: at least a full minimum raise.
    short = _cite(rules, "raise_completion")                       # IFP 37, WPA 20, TDA 43
    if d.amount is not None:                                        # TDA 43-B: a total
        # IFP 32b: the full amount declared; IFP 38 only read an unclear one (d.rule).
        return s.raise_at_least(d.amount, d.rule or ("TDA 43-B" if _tda(rules) else "IFP 32b"),
                                short)
    chips = s.in_front + s.pushed
    if not s.pushed and not s.later:
        # A general "raise" commits to a raise (TDA 51-A); facing no bet, to a bet (TDA 55-B).
        rule = ("TDA 55-B" if s.to_call == 0 else "TDA 51-A") if _tda(rules) else first
    elif s.later and rules.two_motion_raise:                        # IFP 32c: one more motion
        chips += sum(s.later[0])
        rule = _cite(rules, "two_motion_raise")
    elif s.later:                                                   # TDA 42: first motion only
        rule = _cite(rules, "string_bets")
    elif len(s.chips) == 1:                                         # IFP 34, TDA 44: the chip's maximum
        rule = _cite(rules, "oversized_chip")
    else:                                                           # IFP 32a, TDA 42-A: one motion
        rule = "TDA 42" if _tda(rules) else "IFP 32a"
    return s.raise_at_least(chips, rule, short)


def _rule_amount(rules: RuleSet, s: _Situation, total: int, rule: str) -> BetRuling:
    """A total put in as an amount (no chip denominations): the raise threshold decides."""
    if not s.facing:
        return _not_facing(rules, s, total, rule)
    if total < s.to_call:
        return _undercall(rules, s, total)
    if total >= s.min_raise_to or total == s.stack:
        return s.ruling(None, total, rule)
    if _meets_threshold(rules, total, s.to_call, s.last_raise):
        return s.ruling(None, s.min_raise_to, _cite(rules, "raise_completion"))
    return s.ruling(None, s.to_call, _cite(rules, "raise_completion") if not _tda(rules)
                    else "TDA 43-A")


def _not_facing(rules: RuleSet, s: _Situation, total: int, rule: str) -> BetRuling:
    """No bet to call (none on the street, or the big blind's option): the chips bet."""
    if total <= s.prior_bet:
        return s.ruling("check", s.prior_bet, rule)
    if total >= s.min_raise_to or total == s.stack:
        return s.ruling(None, total, rule)
    if s.to_call == 0:
        # A bet below the minimum is corrected to a full bet (TDA 52-A; IFP 37).
        return s.ruling(None, s.min_raise_to, "TDA 52-A" if _tda(rules) else "IFP 37")
    if _meets_threshold(rules, total, s.to_call, s.last_raise):
        return s.ruling(None, s.min_raise_to, _cite(rules, "raise_completion"))
    return s.ruling("check", s.prior_bet, _cite(rules, "raise_completion"))


def _undercall(rules: RuleSet, s: _Situation, total: int) -> BetRuling:
    """Fewer chips than the call. With no chips behind, an all-in call for less. Otherwise a
    full call: IFP 25 (chips moved in are binding); under TDA 51-B only heads-up or facing the
    opening bet (``undercall_binds``), other undercalls are the TD's (as TDA 41's tiny chips)."""
    if total == s.stack:
        return s.ruling("all-in", total, "TDA 51-B" if _tda(rules) else "IFP 25")
    if _tda(rules) and not s.undercall_binds:
        raise LeftToDirector("TDA 51-B", "An undercall is a mandatory full call if made in turn "
                             "facing 1) any bet heads-up or 2) the opening bet on any round "
                             "multi-way. In other situations, TD's discretion applies.")
    return s.ruling("call", s.to_call, "TDA 51-B" if _tda(rules) else "IFP 25")


def _rule_chips(rules: RuleSet, s: _Situation, chips: tuple[int, ...], rule_motion: bool) -> BetRuling:
    """A silent bet of chips in one motion (later motions are a string bet: IFP 36, TDA 56)."""
    string = _cite(rules, "string_bets")
    combined = s.in_front + sum(chips)
    if not s.facing:
        if len(chips) == 1 and s.in_front == 0:
            rule = _cite(rules, "oversized_chip")                   # a bet of the chip
        else:
            rule = _cite(rules, "raise_completion") if s.to_call else _cite(rules, "contradictory_bet")
        return _not_facing(rules, s, combined, string if rule_motion else rule)
    tda = _tda(rules)
    new_only = True                     # TDA 46-C-1: the new chips are judged against the call
    situation = ""
    if s.in_front + s.pulled_back > 0 and tda:
        if s.in_front + s.pulled_back >= s.to_call:
            new_only, situation = False, "situation 4"              # prior chips cover the call
        elif s.pulled_back and s.in_front:
            new_only, situation = False, "situation 3"              # partly pulled back
        elif s.pulled_back:
            situation = "situation 2"                               # fully pulled back
        else:
            situation = "situation 1"                               # left alone
    prior_rule = f"TDA 46-C ({situation})" if situation else ""
    if combined < s.to_call:
        return _undercall(rules, s, combined)
    if new_only and len(chips) == 1:
        # IFP 34, TDA 44, Gananda Betting 11: a single oversized chip is a call.
        return s.ruling(None, s.to_call, string if rule_motion else prior_rule or _cite(rules, "oversized_chip"))
    threshold_rule = _cite(rules, "raise_completion")
    if new_only:
        smallest = min(chips)
        if rules.multiple_chips == "remove-one-smallest-chip":       # TDA 45-A
            if combined - smallest < s.to_call:
                return s.ruling(None, s.to_call, prior_rule or "TDA 45-A")
            threshold_rule = prior_rule or "TDA 45-B"
        elif rules.multiple_chips == "remove-one-chip-same-denomination":   # IFP 35
            if len(set(chips)) == 1 and combined - smallest < s.to_call:
                return s.ruling(None, s.to_call, _cite(rules, "multiple_chips"))
    else:
        threshold_rule = prior_rule
    if s.behind == 0 and not s.later and rules.last_chips_all_in and combined == s.stack:
        return s.ruling("all-in", combined, prior_rule or "TDA 45-B")   # TDA 45-B-2
    if combined >= s.min_raise_to:
        return s.ruling(None, combined, string if rule_motion else threshold_rule)
    if _meets_threshold(rules, combined, s.to_call, s.last_raise):
        return s.ruling(None, s.min_raise_to, string if rule_motion else threshold_rule)
    return s.ruling(None, s.to_call, string if rule_motion else threshold_rule)
