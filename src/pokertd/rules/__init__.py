"""Rule presets: one named field per place where the rulebooks disagree (RULESETS.md).

``RuleSet`` is a frozen value. The presets are ``ifp-2012`` (the default), ``wpa`` and
``tda-2024``; a house (a league, a card room) overrides fields on top of a preset with
:meth:`RuleSet.override`. Every field carries the rule ids that decide it
(:func:`field_rules`), so a ruling can always name its rule.

The fields that concern one hand are read by :mod:`pokertd.engine`. The live-table fields
(chip completion thresholds, oversized chips, string bets, action out of turn, unclear
amounts) and the tournament fields (balancing, chip race, clock, ...) are here so that a
preset is complete; the layers that need them read them.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from pokertd.records import Record, record

__all__ = ["CLUB_RULES", "DEFAULT_PRESET", "PRESETS", "RuleSet", "field_doc", "field_names", "field_rules",
           "get_rules"]

DEFAULT_PRESET = "ifp-2012"


def _f(default: Any, rules: dict[str, str], doc: str) -> Any:
    return field(default=default, metadata={"rules": rules, "doc": doc})


@record
class RuleSet(Record):
    """The rule choices one tournament plays by. Defaults are the ``ifp-2012`` preset."""

    name: str = _f("ifp-2012", {}, "preset (or house) name")

    # --- betting: decided inside a hand (pokertd.engine) ---------------------------------
    short_allins_accumulate: bool = _f(
        False, {"ifp-2012": "IFP 37a", "wpa": "WPA 20", "tda-2024": "TDA 47"},
        "several short all-ins that together reach a full bet or raise reopen the betting "
        "for a player who already acted (TDA 47); otherwise only a full raise reopens it")
    limit_bets_per_round: int = _f(
        4, {"ifp-2012": "IFP 33", "wpa": "WPA 22", "tda-2024": "TDA 48"},
        "fixed limit: one bet and three raises per betting round")
    limit_cap_until_heads_up: bool = _f(
        True, {"ifp-2012": "IFP 33", "wpa": "WPA 22", "tda-2024": "TDA 48"},
        "the limit cap applies even heads-up, until two players remain in the tournament")
    limit_half_bet_reopens: bool = _f(
        False, {"ifp-2012": "IFP 37a", "wpa": "WPA 20", "tda-2024": "TDA 47-B"},
        "fixed limit: an all-in of at least half a bet counts as a raise and reopens betting")
    pot_limit_counts_full_blinds: bool = _f(
        False, {"ifp-2012": "IFP 39", "wpa": "WPA 20", "tda-2024": "TDA 54-B"},
        "pot limit, pre-flop: a dead or short blind is counted as fully posted")
    showdown_order: str = _f(
        "last-aggressor-else-left-of-button",
        {"ifp-2012": "IFP 42", "wpa": "WPA 38", "tda-2024": "TDA 17"},
        "who must table first in a non-all-in showdown: the last aggressor of the final "
        "round; if no bet, the first player left of the button (WPA: the first to act)")
    winner_must_show: bool = _f(
        False, {"ifp-2012": "IFP 44", "wpa": "WPA 40", "tda-2024": "TDA 17-B"},
        "a hand that reaches showdown and is the last unmucked hand must still be tabled")
    see_hand_policy: str = _f(
        "td-privilege", {"ifp-2012": "IFP 47", "wpa": "WPA 40", "tda-2024": "TDA 18"},
        "asking to see a hand at showdown (live table)")
    odd_chips: str = _f(
        "one-each-clockwise-from-button",
        {"ifp-2012": "IFP 50", "wpa": "WPA 15", "tda-2024": "TDA 20-A", "gananda": "Gananda: Ties 2"},
        "odd chips of a split pot: one per tied player, clockwise from the button "
        "('one-each-clockwise-from-button': Gananda Ties 2), or all to the first tied player "
        "left of the button ('first-left-of-button': TDA 20-A names that one seat for the odd "
        "chips, however many the split leaves)")
    odd_chip_smallest_denomination: bool = _f(
        True, {"ifp-2012": "IFP 50", "tda-2024": "TDA 20", "gananda": "Gananda: Ties 1"},
        "odd chips are first broken down into the smallest denomination in play")
    side_pot_order: str = _f(
        "most-recent-first",
        {"ifp-2012": "IFP 51", "wpa": "WPA 36", "tda-2024": "TDA 21",
         "gananda": "Gananda: Showdown 7"},
        "order pots are decided in: 'most-recent-first' (the last side pot first, the main "
        "pot last) or 'largest-stacks-first' (the pot of the players who started with the "
        "most chips first)")
    ante_format: str = _f(
        "per-player", {"ifp-2012": "IFP 8", "wpa": "WPA 6", "tda-2024": "TDA RP-11"},
        "'per-player' antes, or one 'big-blind' ante posted by the big blind after the blind")
    absent_hand: str = _f(
        "all-in-killed",
        {"ifp-2012": "IFP 8", "tda-2024": "TDA 30",
         "gananda": "Gananda: Absent/Late Players"},
        "an absent player's hand: 'all-in-killed' (dealt in, folded in turn; an all-in hand "
        "mucked: IFP 8) or 'killed-at-deal' (dead once the cards are dealt, blinds and antes "
        "forfeit to the pot: TDA 30, Gananda)")
    dead_button: bool = _f(
        True, {"ifp-2012": "IFP 17", "tda-2024": "TDA 32",
               "gananda": "Gananda: Button and Blind Use 2"},
        "a dead button; with the small blind's seat empty a single big blind (IFP 19)")

    # --- floor: bets made with chips and words (pokertd.rules.declarations) ---------------
    raise_completion: str = _f(
        "150%-of-previous-bet",
        {"ifp-2012": "IFP 37", "wpa": "WPA 20", "tda-2024": "TDA 43",
         "gananda": "Gananda: Betting 10"},
        "chips short of a full raise that reach this threshold must complete the raise: "
        "'150%-of-previous-bet' (IFP 37: 150% of the bet faced; Gananda Betting 10: a full bet "
        "plus a half-bet), '50%-of-previous-bet' (WPA 20: a raise of half the bet faced, the "
        "same threshold) or '50%-of-raise-increment' (TDA 43: half the minimum raise on top "
        "of the call); below it the chips are a call")
    two_motion_raise: bool = _f(
        True, {"ifp-2012": "IFP 32c", "wpa": "WPA 23", "tda-2024": "TDA 42"},
        "'raise' declared, the call put in, then one more motion (TDA 42: abolished, only "
        "the first motion counts)")
    oversized_chip: str = _f(
        "call-unless-raise-declared",
        {"ifp-2012": "IFP 34", "wpa": "WPA 21", "tda-2024": "TDA 44",
         "gananda": "Gananda: Betting 11"},
        "a single oversized chip facing a bet is a call unless raise is declared first "
        "(then the chip's maximum); not facing a bet, a bet of the chip (every book)")
    multiple_chips: str = _f(
        "remove-one-chip-same-denomination",
        {"ifp-2012": "IFP 35", "wpa": "WPA 20", "tda-2024": "TDA 45",
         "gananda": "Gananda: Betting 10"},
        "several chips facing a bet, no declaration: 'remove-one-chip-same-denomination' (IFP "
        "35: chips of one denomination are a call if one chip less is short of the call; mixed "
        "chips go to the raise threshold, IFP 37), 'remove-one-smallest-chip' (TDA 45: the same "
        "test with one of the smallest chips, any denominations) or 'threshold-only' (WPA 20, "
        "Gananda Betting 10: only the raise threshold)")
    last_chips_all_in: bool = _f(
        False, {"ifp-2012": "IFP 35", "wpa": "WPA 20", "tda-2024": "TDA 45-B"},
        "a player's last chips, not every one of them needed to call, are an all-in bet "
        "whether reaching the raise threshold or not (TDA 45-B); otherwise (IFP and WPA are "
        "silent) they are judged as any chips: a call below the threshold")
    contradictory_bet: str = _f(
        "first-binds", {"ifp-2012": "IFP 31", "tda-2024": "TDA 40-A"},
        "a declared amount contradicted by the chips pushed (fewer chips than said): "
        "'first-binds' (IFP 31: whichever came first binds, the declaration) or 'director' "
        "(TDA 40-A and its Addendum example: the TD rules under Rule 1)")
    unclear_amount: str = _f(
        "smallest-legitimate", {"ifp-2012": "IFP 38", "tda-2024": "TDA 57"},
        "a declared amount with several meanings ('five' for 500 or 5000): "
        "'smallest-legitimate' (IFP 38) or 'highest-reasonable-not-over-pot' (TDA 57)")
    string_bets: str = _f(
        "first-motion-only", {"ifp-2012": "IFP 36", "wpa": "WPA 24", "tda-2024": "TDA 56"},
        "chips put in several motions without a declaration: only the first motion counts")

    # --- straddles: the books are silent (RULESETS.md, Straddles) ----------------------------
    straddle_min_raise: str = _f(
        "two-straddles",
        {"ifp-2012": "Gananda: Blinds 1", "wpa": "Gananda: Blinds 1",
         "tda-2024": "TDA 43 (with TDA 51-B)"},
        "the minimum raise facing a straddle: 'two-straddles' (the straddle is a blind that sets "
        "the bring-in and the raise size, as Gananda Blinds 1 says of blinds and Robert's Rules of "
        "a straddle: 'sets a new minimum bring-in, and is not treated as a raise'; IFP and WPA "
        "say nothing of straddles) or 'largest-increment' (TDA 43-A read literally, the posted "
        "big blind being the pre-flop opener (TDA 51-B): the straddle raises the big blind by its "
        "excess, so the minimum raise-to is the straddle plus one big blind; PokerKit plays so)")
    straddle_to_call: str = _f(
        "full-straddle",
        {"ifp-2012": "Gananda: Blinds 1", "wpa": "Gananda: Blinds 1",
         "tda-2024": "TDA 43 Addendum example 2"},
        "a straddle posted all-in for less than its amount: 'full-straddle' (the bet to call is "
        "still the full straddle, as a short blind keeps the bring-in: Gananda Blinds 1) or "
        "'posted' (the straddle is an all-in raise for less and is called for what was posted, "
        "as the under-the-gun all-in for 150 at 50-100 of TDA 43 Addendum example 2)")

    # --- live table (later issue: action out of turn) -------------------------------------
    out_of_turn: str = _f(
        "binding-unless-action-changes",
        {"ifp-2012": "IFP 26", "wpa": "WPA 33", "tda-2024": "TDA 53-A",
         "gananda": "Gananda: Betting 7", "club": "irregularities 13"},
        "action out of turn: 'binding-unless-action-changes' (IFP 26, WPA 33, TDA 53-A: a check, "
        "call or fold in between does not change the action; a fold out of turn binds), "
        "'binding-unless-action-changes; check or call may not raise' (Gananda Betting 7) or "
        "'retract' (irregularities 13: the bet withdrawn, steps iii-v)")

    # --- tournament (pokertd.tournament) ---------------------------------------------------
    same_hand_bustouts: str = _f(
        "lower-start-stack-lower-same-table-tie-across",
        {"ifp-2012": "IFP 57", "wpa": "WPA 8", "tda-2024": "TDA RP-8",
         "gananda": "Gananda: Winning the Tournament"},
        "finishing places of players busted in the same hand")
    balancing_mover: str = _f(
        "next-big-blind-to-worst-position",
        {"ifp-2012": "IFP 11a", "wpa": "WPA 5", "tda-2024": "TDA 11-A"},
        "who moves when tables are balanced")
    balancing_halt_short: int = _f(
        3, {"ifp-2012": "IFP 11a", "wpa": "WPA 5", "tda-2024": "TDA 11-D"},
        "play halts at a table this many players short")
    broken_table_seating: str = _f(
        "any-seat-no-hand-between-sb-and-button",
        {"ifp-2012": "IFP 10", "wpa": "WPA 4", "tda-2024": "TDA 10-B"},
        "where players from a broken table sit")
    table_break_stops_clock_at: int = _f(
        0, {"wpa": "WPA 4"},
        "the clock stops while a table is broken once there are this many tables or fewer "
        "(WPA 4: 6); 0: it runs")
    final_table_redraw: bool = _f(
        True, {"ifp-2012": "IFP 15", "wpa": "WPA 4", "tda-2024": "TDA RP-9"},
        "random redraw at the final table (IFP 15); without it the other tables are broken "
        "into the final table (WPA 4; TDA RP-9)")
    button_start: str = _f("random-draw", {"ifp-2012": "IFP 16", "gananda": "Gananda: Seating"},
                           "how the first button is placed")
    heads_up_button: str = _f(
        "no-big-blind-twice", {"ifp-2012": "IFP 18", "tda-2024": "TDA 34-B",
                               "gananda": "Gananda: Button and Blind Use 3"},
        "button adjustment when play becomes heads-up")
    chip_race: str = _f(
        "one-chip-max-round-half-up-never-raced-out",
        {"ifp-2012": "IFP 56", "wpa": "WPA 14", "tda-2024": "TDA 24"}, "chip race")
    clock_seconds: int = _f(60, {"ifp-2012": "IFP 55", "wpa": "WPA 26", "tda-2024": "TDA 29"},
                            "time given once the clock is called")
    clock_countdown_seconds: int = _f(
        10, {"ifp-2012": "IFP 55", "wpa": "WPA 26", "tda-2024": "TDA 29"},
        "countdown after the clock time")
    hand_for_hand: str = _f(
        "tables-start-together", {"ifp-2012": "IFP 61", "wpa": "WPA 7", "tda-2024": "TDA RP-8"},
        "hand-for-hand procedure")
    end_of_day_hands: bool = _f(True, {"ifp-2012": "IFP 14", "wpa": "WPA 9"},
                                "last 3-7 hands of a day drawn by a player")
    new_level: str = _f("next-hand", {"ifp-2012": "IFP 23", "tda-2024": "TDA 23", "wpa": ""},
                        "a new level applies to the next hand (WPA: no rule)")
    # --- floor: dealing and board irregularities (pokertd.rules.irregularities) ------------
    substantial_action: str = _f(
        "two-actions-one-with-chips-or-three",
        {"ifp-2012": "IFP 29", "wpa": "IFP 29", "tda-2024": "TDA 36", "club": "club 80.4",
         "gananda": "Gananda: Misdeals 1"},
        "what counts as substantial action, after which no misdeal can be declared: "
        "'two-actions-one-with-chips-or-three' (IFP 29; TDA 36 the same, posted blinds not "
        "counting; WPA is silent and the wpa preset keeps IFP's) or 'two-players-acted' (club "
        "80.4: 'two players after the big blind have acted'; Gananda Misdeals 1)")
    dealing_irregularities: str = _f(
        "ifp-2012",
        {"ifp-2012": "IFP 63, 64", "wpa": "WPA 30 (IFP 64 where WPA is silent)",
         "tda-2024": "TDA 34-A, 35, 37, 38, 65", "club": "club 80.3, 80.4; irregularities 2, 10",
         "gananda": "Gananda: Misdeals, Irregularities, Holdem Irregularities 1-2"},
        "whose list of misdeals and procedures for the initial deal apply: 'ifp-2012', "
        "'tda-2024' (an extra card to the first player is a misdeal: TDA 35-A5; one exposed "
        "card or one boxed card is the TD's), 'club' (the extra card is the burn: irregularities "
        "2; a boxed card is mucked and replaced: irregularities 10) or 'gananda' (the same: "
        "Holdem Irregularities 1-2, Irregularities 7); a house book silent on a cause falls "
        "back to IFP")
    board_errors: str = _f(
        "ifp-2012",
        {"ifp-2012": "IFP Appendix 1", "wpa": "IFP Appendix 1 (WPA is silent)",
         "tda-2024": "TDA 38, 39, RP-5", "club": "irregularities 3-8",
         "gananda": "Gananda: Holdem Irregularities 3-8"},
        "whose board-error procedures apply: 'ifp-2012' (Appendix 1 by street: premature "
        "cards, missed or double burns, too many cards, before or after action), 'tda-2024' "
        "(the burn protects the stub: 4-card and burnless flops scrambled, premature cards "
        "reshuffled into the stub and re-dealt without a burn: RP-5), 'irregularities' (a redealt "
        "flop without a burn; a premature turn replaced by the would-be river) or 'gananda' (a "
        "redealt flop with a burn; a premature turn reshuffled); a house book silent on a case "
        "falls back to IFP")
    wrong_cards_after_sa: str = _f(
        "director", {"ifp-2012": "IFP 64", "tda-2024": "TDA 38",
                     "gananda": "Gananda: Dead Hands 1c"},
        "a player found with the wrong number of cards after substantial action: 'dead' (TDA "
        "38: mucked, one burn per street; Gananda Dead Hands 1c) or 'director' (IFP 64: the hand "
        "is played out, the book says nothing of that hand)")
    clock_expiry: str = _f(
        "dead", {"ifp-2012": "IFP 55", "wpa": "WPA 26", "tda-2024": "TDA 29",
                 "gananda": "Gananda: No Limit 11"},
        "when the clock runs out: 'dead' (IFP 55, WPA 26, Gananda No Limit 11) or "
        "'dead-facing-bet-else-checked' (TDA 29)")
    clock_after_seconds: int = _f(
        0, {"ifp-2012": "IFP 55", "wpa": "WPA 26", "tda-2024": "TDA 29"},
        "how long a player may take before a clock can be called (WPA 26: 2 minutes); 0: "
        "'a reasonable amount of time', the TD's judgement (IFP 55, TDA 29)")
    penalties: str = _f("missed-hands-per-player-at-table",
                        {"ifp-2012": "IFP 70", "wpa": "WPA 41", "tda-2024": "TDA 71"},
                        "penalty scale: one hand for every player at the table, the offender "
                        "included, times the rounds (IFP 70, WPA 41, TDA 71-A)")
    penalty_hands_max: int = _f(
        1, {"ifp-2012": "IFP 70", "wpa": "WPA 41", "tda-2024": "TDA 71-A"},
        "a missed-hand penalty of this many hands at most (IFP 70: 'a 1-hand penalty'); 0: any "
        "number (TDA 71-A: 'one or more \"missed hand\"' penalties); -1: none (WPA 41: rounds only)")
    penalty_rounds_max: int = _f(
        4, {"ifp-2012": "IFP 70", "wpa": "WPA 41", "tda-2024": "TDA 71-A"},
        "the longest missed-round penalty (IFP 70, WPA 41: 1 to 4 rounds); 0: no maximum (TDA 71-A)")
    deals_allowed: bool = _f(True, {"ifp-2012": "IFP 62", "wpa": "WPA 12"},
                             "deal-making at the final table")

    @staticmethod
    def preset(name: str = DEFAULT_PRESET) -> RuleSet:
        """The preset ``ifp-2012``, ``wpa`` or ``tda-2024``."""
        try:
            return PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown rules preset: {name!r} (presets: {', '.join(PRESETS)})") from None

    def override(self, name: str | None = None, **fields: Any) -> RuleSet:
        """A house variant: this preset with some fields changed (unknown fields refused)."""
        known = set(self._fields)
        for key in fields:
            if key not in known:
                raise ValueError(f"unknown RuleSet field: {key!r}")
        _check_types(fields)
        return self._replace(name=name or f"{self.name}+house", **fields)

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()

    @staticmethod
    def from_dict(data: dict[str, Any]) -> RuleSet:
        base = PRESETS.get(str(data.get("name", "")), PRESETS[DEFAULT_PRESET])
        unknown = set(data) - set(RuleSet._fields)
        if unknown:
            raise ValueError(f"unknown RuleSet field(s): {', '.join(sorted(unknown))}")
        _check_types(data)
        return base._replace(**data)


def _check_types(values: dict[str, Any]) -> None:
    """Each field's value of its default's kind (a flag, a whole number or a name): a rule set
    read from data (a stored event, a house file) refuses any other, naming the field."""
    defaults = RuleSet()
    for key, value in values.items():
        kind = type(getattr(defaults, key))
        if type(value) is not kind:
            what = {bool: "true or false", int: "a whole number", str: "a name"}.get(
                kind, kind.__name__)
            raise ValueError(f"RuleSet field {key}: expected {what}, got {value!r}")


def _field_meta(field_name: str) -> Any:
    meta = RuleSet._metadata.get(field_name)
    if meta is None:
        raise ValueError(f"unknown RuleSet field: {field_name!r}")
    return meta


def field_rules(field_name: str) -> dict[str, str]:
    """The rule ids that decide ``field_name``, per preset (and house) name."""
    return dict(_field_meta(field_name).get("rules", {}))


def field_names() -> tuple[str, ...]:
    """The fields of a rule set, in their order."""
    return RuleSet._fields


def field_doc(field_name: str) -> str:
    """What ``field_name`` decides, in a line."""
    return str(_field_meta(field_name).get("doc", ""))


IFP_2012 = RuleSet()

WPA = IFP_2012._replace(
    name="wpa",
    raise_completion="50%-of-previous-bet",            # WPA 20
    multiple_chips="threshold-only",                     # WPA 20 (no multiple-chip rule)
    showdown_order="last-aggressor-else-first-to-act",  # WPA 38
    winner_must_show=True,                               # WPA 40
    see_hand_policy="no-request-for-losing-hand; winner must show",  # WPA 40
    # WPA 15: "the odd chip(s) will go to the first player after the button": all of them to
    # that one player, as TDA 20-A (IFP 50's "to the left of the button" keeps the default).
    odd_chips="first-left-of-button",
    same_hand_bustouts="higher-start-stack-higher; split prize across tables",  # WPA 8
    balancing_mover="big-blind-to-worst-position",        # WPA 5
    balancing_halt_short=2,                               # WPA 5
    table_break_stops_clock_at=6,                         # WPA 4
    final_table_redraw=False,
    button_start="unspecified",
    chip_race="one-chip-max-round-half-up-never-raced-out",  # WPA 14
    clock_seconds=60,                                     # WPA 26: after 2 minutes, 1 minute
    clock_after_seconds=120,                              # WPA 26
    penalty_hands_max=-1,                                 # WPA 41: rounds only
)

TDA_2024 = IFP_2012._replace(
    name="tda-2024",
    short_allins_accumulate=True,                         # TDA 47-A
    limit_half_bet_reopens=True,                          # TDA 47-B
    pot_limit_counts_full_blinds=True,                    # TDA 54-B
    raise_completion="50%-of-raise-increment",            # TDA 43
    two_motion_raise=False,                               # TDA 42
    multiple_chips="remove-one-smallest-chip",            # TDA 45-A
    last_chips_all_in=True,                               # TDA 45-B
    contradictory_bet="director",                         # TDA 40-A
    # TDA 20-A: "the odd chip goes to the first seat left of the button" names one seat for
    # all the odd chips broken down first ("odd chips will be broken into the smallest
    # denomination"); WPA 15, from the TDA, says "the odd chip(s) ... to the first player".
    odd_chips="first-left-of-button",                     # TDA 20-A
    straddle_min_raise="largest-increment",               # TDA 43-A with 51-B (no straddle rule)
    straddle_to_call="posted",                            # TDA 43 Addendum example 2
    unclear_amount="highest-reasonable-not-over-pot",     # TDA 57
    see_hand_policy="river-caller-may-see-aggressor",     # TDA 18
    ante_format="big-blind",                              # TDA RP-11
    absent_hand="killed-at-deal",                         # TDA 30: at your seat for a live hand
    same_hand_bustouts="share-places-on-hand-for-hand",   # TDA RP-8
    balancing_halt_short=3,                               # TDA 11-D (once its blinds are affected)
    broken_table_seating="any-seat-no-hand-between-sb-and-button; two-step random draw",  # TDA 10
    final_table_redraw=False,                             # TDA RP-9 (no redraw rule)
    button_start="unspecified",
    chip_race="leftovers-removed; raced-out player gets lowest chip",  # TDA 24
    clock_seconds=25,                                     # TDA 29
    clock_countdown_seconds=5,                            # TDA 29
    hand_for_hand="two-minutes-off-clock-per-hand-max-three",  # TDA RP-8
    end_of_day_hands=False,
    dealing_irregularities="tda-2024",                    # TDA 34-A, 35, 37, 38, 65
    board_errors="tda-2024",                              # TDA 38, 39, RP-5
    wrong_cards_after_sa="dead",                          # TDA 38
    clock_expiry="dead-facing-bet-else-checked",          # TDA 29
    penalty_hands_max=0,                                  # TDA 71-A: one or more hands
    penalty_rounds_max=0,                                 # TDA 71-A: one or more rounds
    deals_allowed=True,
)

PRESETS: dict[str, RuleSet] = {"ifp-2012": IFP_2012, "wpa": WPA, "tda-2024": TDA_2024}

#: The club books as a house on top of ifp-2012 (RULESETS.md; docs/floor.md): club rule 80 and the
#: hold'em dealing irregularities sheet for the deal, the board and substantial action, and the
#: sheet's rule 13 for action out of turn; IFP where they are silent.
CLUB_RULES = IFP_2012._replace(
    name="club",
    substantial_action="two-players-acted",              # club 80.4; irregularities 11
    dealing_irregularities="club",                       # club 80.3, 80.4; irregularities 2, 10
    board_errors="irregularities",                       # irregularities 3-8
    out_of_turn="retract",                               # irregularities 13
)


def get_rules(rules: RuleSet | str | None = None) -> RuleSet:
    """A RuleSet from a preset name, a RuleSet, or ``None`` (the default ``ifp-2012``)."""
    if rules is None:
        return IFP_2012
    if isinstance(rules, RuleSet):
        return rules
    return RuleSet.preset(rules)
