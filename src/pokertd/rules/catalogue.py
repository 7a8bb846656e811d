"""The catalogue of the floor's rulings: every situation with the preset's ruling, its rule and
the rule's words (``pokertd floor rules``), drawn from :mod:`pokertd.rules.irregularities`,
:mod:`pokertd.rules.board`, :mod:`pokertd.rules.play` and the bet fields of the rule set
(:mod:`pokertd.rules.bet_words`)."""

from __future__ import annotations

from . import RuleSet, field_doc, field_rules, get_rules
from .bet_words import bet_words
from .board import BOARD_ERRORS, STREETS as _K, board_ruling
from .irregularities import (
    DEAL_CAUSES, STUB_CASES, clock_ruling, deal_ruling, fouled_deck_ruling, killed_hand_ruling,
    out_of_turn_ruling, penalty_ruling, seventh_street_ruling, stub_ruling, stud_premature_ruling,
)
from .play import (
    PLAY_SITUATIONS, board_play_ruling, button_corrected_ruling, damaged_card_ruling,
    exposed_cards_ruling, misunderstood_bet_ruling, skipped_player_ruling,
)
from .ruling import Ruling

__all__ = ["SITUATIONS", "situations"]

#: The rule-set fields of bets made with chips and words (pokertd.rules.declarations).
_BET_FIELDS = ("raise_completion", "two_motion_raise", "oversized_chip", "multiple_chips",
               "last_chips_all_in", "contradictory_bet", "unclear_amount", "string_bets",
               "straddle_min_raise", "straddle_to_call")

#: Every situation the floor rules on, by family: (family, situation, what it takes).
SITUATIONS: tuple[tuple[str, str, str], ...] = (
    *(("misdeal", c, DEAL_CAUSES[c]) for c in DEAL_CAUSES),
    ("misdeal", "fouled-deck", "two cards of the same suit and rank, a wrong card count or a "
                               "different back"),
    *(("board", f"{s} {e}", f"{BOARD_ERRORS[e]} ({s})") for s in _K for e in BOARD_ERRORS),
    *(("misdeal", f"stub-dropped {c}", STUB_CASES[c]) for c in STUB_CASES),
    ("stud", "seventh-street-exposed", "a stud player's seventh-street downcard exposed by the "
                                       "dealer"),
    ("stud", "stud premature", "the next stud street's card dealt before the betting is over"),
    ("hand", "killed", "the dealer killed a hand by mistake, or it was fouled"),
    ("hand", "wrong-cards", "a player with the wrong number of cards after substantial action"),
    ("out-of-turn", "out-of-turn", "a player acted before his turn"),
    ("clock", "clock", "the clock called on the player to act"),
    ("penalty", "penalty", "warnings, missed hands and rounds, disqualification"),
    ("bet", "bet", "a bet made with chips and words (pokertd floor bet)"),
    *PLAY_SITUATIONS,
)


def situations(rules: RuleSet | str | None = None) -> list[dict[str, str]]:
    """Every situation with the preset's ruling, rule and text (``pokertd floor rules``); board
    errors in each case of action and identifiability the books distinguish."""
    r = get_rules(rules)
    out: list[dict[str, str]] = []

    def add(family: str, situation: str, ruling: Ruling, case: str = "") -> None:
        out.append({"family": family, "situation": situation, "case": case,
                    "decision": ruling.decision, "rule": ruling.rule, "text": ruling.text,
                    "procedure": ruling.procedure, "note": ruling.note})

    for name in _BET_FIELDS:
        rules_of = field_rules(name)
        rule = rules_of.get(r.name) or rules_of.get("ifp-2012", "")
        add("bet", name.replace("_", "-"), Ruling(name, str(getattr(r, name)), rule,
                                                  bet_words(rule), "pokertd floor bet rules each "
                                                  "bet", note=field_doc(name)))
    for c in DEAL_CAUSES:
        add("misdeal", c, deal_ruling(r, c), "before substantial action")
    add("misdeal", "any cause", deal_ruling(r, "first-card-exposed",
                                            actions=("call", "call", "call")),
        "after substantial action")
    for d in ("duplicate", "count", "back"):
        add("misdeal", "fouled-deck", fouled_deck_ruling(r, d), d)
    for c in STUB_CASES:
        add("misdeal", "stub-dropped", stub_ruling(r, c), c)
    for s in _K:
        for e in BOARD_ERRORS:
            cases = [("", False, True)] if e == "premature" else [
                ("before action, identifiable", False, True),
                ("before action, not identifiable", False, False),
                ("after action", True, True)]
            for case, acted, ident in cases:
                add("board", f"{s} {e}", board_ruling(r, s, e, acted=acted, identifiable=ident),
                    case)
    add("stud", "seventh-street-exposed", seventh_street_ruling(r, True), "betting remains")
    add("stud", "seventh-street-exposed", seventh_street_ruling(r, False), "no betting remains")
    add("stud", "stud premature", stud_premature_ruling(r))
    add("hand", "killed", killed_hand_ruling(r, "killed"))
    add("hand", "wrong-cards", killed_hand_ruling(r, "wrong-cards"), "after substantial action")
    for a, between in (("fold", "bet"), ("call", "check"), ("call", "raise"), ("bet", "check"),
                       ("bet", "raise")):
        add("out-of-turn", f"{a} out of turn", out_of_turn_ruling(r, a, between, amount=500,
                                                                  bet_between=1000),
            f"then {between} in between")
    add("clock", "clock", clock_ruling(r, True), "facing a bet")
    add("clock", "clock", clock_ruling(r, False), "not facing a bet")
    add("penalty", "warning", penalty_ruling(r, "warning")[0])
    add("penalty", "rounds", penalty_ruling(r, "rounds", players_at_table=9, rounds=1)[0],
        "9 players, 1 round")
    add("penalty", "disqualification", penalty_ruling(r, "disqualification")[0])
    for case, declared, kept, shown in (("declared, every hole card shown", True, True, True),
                                        ("cards kept, not shown", False, True, False),
                                        ("declared, cards thrown away", True, False, False),
                                        ("cards thrown away, not declared", False, False, False)):
        add("showdown", "play-the-board", board_play_ruling(r, declared=declared, kept=kept,
                                                            shown=shown), case)
    for kind in ("damaged", "marked"):
        add("cards", f"{kind}-card", damaged_card_ruling(r, kind), "found in play")
    add("cards", "exposed-cards", exposed_cards_ruling(r), "action pending")
    add("cards", "exposed-cards", exposed_cards_ruling(r, intentional=True),
        "opened intentionally without declaration")
    add("cards", "exposed-cards", exposed_cards_ruling(r, to_one_player=True),
        "shown to one active player")
    add("out-of-turn", "skipped", skipped_player_ruling(r, ("call", "fold")),
        "silent; call and fold out of turn behind him")
    add("out-of-turn", "skipped", skipped_player_ruling(r, ("call", "fold", "fold")),
        "silent; three players acted behind him")
    add("out-of-turn", "skipped", skipped_player_ruling(r, ("call",), spoke_up=True),
        "spoke up after one action")
    add("button", "button-corrected", button_corrected_ruling(r), "found on the next hand")
    add("bet", "misunderstood", misunderstood_bet_ruling(r, bet=1200, put_in=300),
        "called 1200 with 300, no damage")
    return out
