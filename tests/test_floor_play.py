"""The floor's rulings on play at the table (pokertd.rules.play, issue 24) and the options
``pokertd floor`` gained: playing the board, damaged and marked cards, cards exposed with action
pending, a skipped player who stays silent, last hand's button, a misunderstood bet amount, the
club books as ``--rules club``, string bets and two-motion raises (``floor bet --then``), a joker
seen after its player acted (``floor misdeal --player-acted``). One test per rule, under each
preset where the books differ; every ruling's words are also checked against its book by
tests/test_rule_quotes.py."""

from __future__ import annotations

import json

import pytest
from rulebooks import quote_stands
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.rules import CLUB_RULES, PRESETS
from pokertd.rules.irregularities import deal_ruling, out_of_turn_ruling
from pokertd.rules.play import (
    board_play_ruling, button_corrected_ruling, damaged_card_ruling, exposed_cards_ruling,
    misunderstood_bet_ruling, skipped_player_ruling,
)
from pokertd.tournament.house import GANANDA_RULES

IFP, WPA, TDA = PRESETS["ifp-2012"], PRESETS["wpa"], PRESETS["tda-2024"]
GANANDA, CLUB = GANANDA_RULES, CLUB_RULES
runner = CliRunner()


def floor(*args):
    r = runner.invoke(app, ["floor", *args, "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    if "text" in out and "rule" in out:
        assert quote_stands(out["rule"], out["text"]) is None, out
    return out


# --- playing the board ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 45"), (WPA, "WPA 39"), (TDA, "TDA 19")])
def test_ifp_45_wpa_39_tda_19_play_the_board_shares_only_when_every_hole_card_is_shown(rules, rule):
    """IFP 45, WPA 39, TDA 19: shown, he shares; kept unshown, he must show; thrown away unshown
    he gets no part, a declaration notwithstanding."""
    assert board_play_ruling(rules, declared=False, kept=True, shown=True).decision == "shares"
    r = board_play_ruling(rules, declared=True, kept=True, shown=False)
    assert (r.decision, r.rule) == ("must-show", rule)
    assert board_play_ruling(rules, declared=True, kept=False, shown=False).decision == "no-claim"


def test_irregularities_9_club_a_declaration_before_throwing_away_keeps_the_claim():
    """Irregularities sheet 9 (club): declared before the cards are thrown away, he keeps his
    claim; thrown away undeclared, "you relinquish all claim to the pot". IFP 45 differs: the
    cards must be shown."""
    r = board_play_ruling(CLUB, declared=True, kept=False, shown=False)
    assert (r.decision, r.rule) == ("shares", "irregularities 9")
    r = board_play_ruling(CLUB, declared=False, kept=False, shown=False)
    assert (r.decision, r.rule) == ("no-claim", "irregularities 9")
    assert board_play_ruling(IFP, declared=True, kept=False, shown=False).decision == "no-claim"


def test_gananda_holdem_irregularities_9_declare_and_keep_the_hand():
    """Gananda Holdem Irregularities 9: undeclared, or declared and thrown away, no claim;
    declared, kept and shown (Showdown 1), he shares."""
    r = board_play_ruling(GANANDA, declared=False, kept=True, shown=True)
    assert (r.decision, r.rule) == ("no-claim", "Gananda: Holdem Irregularities 9")
    assert board_play_ruling(GANANDA, declared=True, kept=False, shown=False).decision == "no-claim"
    r = board_play_ruling(GANANDA, declared=True, kept=True, shown=True)
    assert (r.decision, r.rule) == ("shares", "Gananda: Showdown 1")


def test_play_the_board_shown_and_thrown_away_is_refused():
    """A hand tabled is kept: the impossible input is refused, naming the right form."""
    with pytest.raises(ValueError, match="--kept with --shown"):
        board_play_ruling(IFP, declared=True, kept=False, shown=True)
    r = runner.invoke(app, ["floor", "play-the-board", "--shown", "--thrown-away"])
    assert r.exit_code == 2 and "--kept with --shown" in r.output


# --- damaged and marked cards -------------------------------------------------------------------

def test_irregularities_12_club_damaged_card_replaced_after_the_hand():
    """Irregularities 12: the TD replaces a damaged card from a spare deck after the hand; a
    marked card the sheet does not name: IFP 54, a deck change."""
    r = damaged_card_ruling(CLUB, "damaged")
    assert (r.decision, r.rule) == ("replace-after-hand", "irregularities 12")
    r = damaged_card_ruling(CLUB, "marked")
    assert (r.decision, r.rule) == ("deck-change", "IFP 54") and "marked one" in r.note


@pytest.mark.parametrize("rules", [IFP, WPA, GANANDA])
def test_ifp_54_damaged_or_marked_card_a_deck_change_the_hand_not_void(rules):
    """IFP 54 (WPA and Gananda silent): players may ask for a deck change; not a fouled deck."""
    for kind in ("damaged", "marked"):
        r = damaged_card_ruling(rules, kind)
        assert (r.decision, r.rule) == ("deck-change", "IFP 54") and "not void" in r.note


def test_tda_26_damaged_card_left_to_the_house():
    """TDA 26: players may not ask for deck changes; a damaged card: the house or the TD."""
    r = damaged_card_ruling(TDA, "damaged")
    assert (r.decision, r.rule) == ("director", "TDA 26")
    with pytest.raises(ValueError, match="damaged or marked"):
        damaged_card_ruling(TDA, "torn")


# --- cards exposed with action pending ------------------------------------------------------------

def test_ifp_67_tda_68_exposed_cards_live_penalty_possible():
    """IFP 67, TDA 68: the hand stays live; a penalty may be given from the end of the hand, even
    when the cards were opened on purpose (neither book makes that hand dead)."""
    for rules, rule in ((IFP, "IFP 67"), (TDA, "TDA 68"), (CLUB, "IFP 67")):
        for intentional in (False, True):
            r = exposed_cards_ruling(rules, intentional=intentional)
            assert (r.decision, r.rule) == ("live", rule)


def test_wpa_34_exposed_cards_penalty_and_intentional_opening_dead():
    """WPA 34: "will incur a penalty"; a hand opened intentionally without declaration is dead."""
    assert exposed_cards_ruling(WPA).decision == "penalty"
    r = exposed_cards_ruling(WPA, intentional=True)
    assert (r.decision, r.rule) == ("dead", "WPA 34")


def test_gananda_showdown_6_cards_shown_to_one_player_shown_to_all():
    """Gananda Showdown 6 (show one, show all); other presets: the IFP 67 ruling."""
    r = exposed_cards_ruling(GANANDA, to_one_player=True)
    assert (r.decision, r.rule) == ("show-all", "Gananda: Showdown 6")
    assert exposed_cards_ruling(GANANDA).rule == "IFP 67"
    assert exposed_cards_ruling(IFP, to_one_player=True).rule == "IFP 67"


# --- a skipped player who stays silent ---------------------------------------------------------------

def test_tda_53_b_silent_until_substantial_action_the_oot_action_binds():
    """TDA 53-B: a call and a fold out of turn behind him (substantial action, TDA 36) before he
    spoke up: the actions bind and the floor rules on his hand; two folds are not substantial
    action, and speaking up keeps the backup of TDA 53-A."""
    r = skipped_player_ruling(TDA, ["call", "fold"])
    assert (r.decision, r.rule) == ("binding", "TDA 53-B")
    assert skipped_player_ruling(TDA, ["fold", "fold"]).rule == "TDA 53-A"
    r = skipped_player_ruling(TDA, ["call", "fold"], spoke_up=True)
    assert (r.decision, r.rule) == ("backed-up", "TDA 53-A")


def test_gananda_betting_8_three_players_behind_may_lose_the_right_to_act():
    """Gananda Betting 8: three or more players acted behind him before he stopped the action:
    he may lose the right to act, the TD's decision; two: he keeps it."""
    r = skipped_player_ruling(GANANDA, ["call", "fold", "fold"])
    assert (r.decision, r.rule) == ("director", "Gananda: Betting 8")
    assert skipped_player_ruling(GANANDA, ["call", "fold"]).decision == "backed-up"
    assert skipped_player_ruling(GANANDA, ["call", "fold", "fold"], spoke_up=True).decision \
        == "backed-up"


@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 26"), (WPA, "WPA 33"),
                                        (CLUB, "irregularities 13 ii")])
def test_ifp_26_no_rule_takes_a_silent_skipped_players_turn(rules, rule):
    """IFP, WPA and the club sheet have no TDA 53-B: he keeps his turn, whatever acted behind."""
    r = skipped_player_ruling(rules, ["call", "raise", "fold", "fold"])
    assert (r.decision, r.rule) == ("backed-up", rule)


def test_skipped_needs_actions_in_turn():
    with pytest.raises(ValueError, match="nobody skipped him"):
        skipped_player_ruling(TDA, [])
    with pytest.raises(ValueError, match="not an action in turn: 'post'"):
        skipped_player_ruling(IFP, ["post"])


# --- last hand's button ------------------------------------------------------------------------------

def test_gananda_irregularities_1_button_corrected_for_the_next_hand():
    """Gananda Irregularities 1: corrected so every player gets each position once; TDA 34-A:
    the error stands, the button not backed up; IFP (64h treats the hand being dealt) and the
    club books: the TD."""
    assert button_corrected_ruling(GANANDA).decision == "corrected"
    r = button_corrected_ruling(TDA)
    assert (r.decision, r.rule) == ("stands", "TDA 34-A")
    r = button_corrected_ruling(IFP)
    assert (r.decision, r.rule) == ("director", "IFP 1") and "IFP 64h" in r.note
    assert button_corrected_ruling(CLUB).rule == "irregularities (closing)"


# --- a bet amount grossly misunderstood ------------------------------------------------------------

def test_gananda_no_limit_10_misunderstood_amount_the_tds_decision_with_the_facts():
    """Gananda No Limit 10: the TD decides, with the facts recorded (bet, chips put in, their
    share against the 80% rule of thumb, damage)."""
    r = misunderstood_bet_ruling(GANANDA, bet=1200, put_in=300)
    assert (r.decision, r.rule) == ("director", "Gananda: No Limit 10")
    assert dict(r.facts) == {"bet": 1200, "put_in": 300, "percent": 25, "damage": False}
    assert "lets his claim be heard" in r.note
    r = misunderstood_bet_ruling(GANANDA, bet=1000, put_in=900, damage=True)
    assert "disallows his claim" in r.note and "caused damage" in r.note
    assert r.to_dict()["facts"]["percent"] == 90


@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 30"), (WPA, "IFP 30"), (TDA, "TDA 49"),
                                        (CLUB, "IFP 30")])
def test_ifp_30_tda_49_the_caller_is_responsible_for_the_amount(rules, rule):
    """IFP 30, TDA 49: the call stands for the full bet."""
    r = misunderstood_bet_ruling(rules, bet=1200, put_in=300)
    assert (r.decision, r.rule) == ("binding", rule) and "1200" in r.procedure


def test_misunderstood_refuses_a_full_call():
    with pytest.raises(ValueError, match="nothing misunderstood"):
        misunderstood_bet_ruling(IFP, bet=500, put_in=500)
    r = runner.invoke(app, ["floor", "misunderstood", "--bet", "0", "--put-in", "0"])
    assert r.exit_code == 2 and "--bet" in r.output


# --- a joker seen after its player acted -------------------------------------------------------------

def test_gananda_irregularities_8_joker_after_its_player_acted_is_a_dead_hand():
    """Gananda Irregularities 8 (Dead Hands 1d): a scrap replaced before its player acted; his
    hand dead after."""
    assert deal_ruling(GANANDA, "non-standard-card").decision == "scrap"
    r = deal_ruling(GANANDA, "non-standard-card", player_acted=True)
    assert (r.decision, r.rule) == ("dead", "Gananda: Irregularities 8")
    out = floor("misdeal", "--cause", "non-standard-card", "--player-acted", "--rules", "gananda")
    assert out["decision"] == "dead"


def test_tda_35_a6_joker_misdeal_before_substantial_action_even_after_its_player_acted():
    """TDA 35-A6 / 35-D: before substantial action a misdeal whether its player acted or not;
    after it, a scrap of paper."""
    r = deal_ruling(TDA, "non-standard-card", actions=("fold",), player_acted=True)
    assert (r.decision, r.rule) == ("misdeal", "TDA 35-A6")
    r = deal_ruling(TDA, "non-standard-card", actions=("call", "call"), player_acted=True)
    assert (r.decision, r.rule) == ("scrap", "TDA 35-D")


def test_irregularities_10_club_joker_ruled_as_the_closest_rule():
    """The club books do not speak of a joker: ruled as a card found face up in the deck
    (irregularities 10) before its player acted, the TD's after; IFP (63, 64 silent): the TD."""
    r = deal_ruling(CLUB, "non-standard-card")
    assert (r.decision, r.rule) == ("scrap", "irregularities 10") and "closest rule" in r.note
    r = deal_ruling(CLUB, "non-standard-card", player_acted=True)
    assert (r.decision, r.rule) == ("director", "irregularities (closing)")
    assert deal_ruling(IFP, "non-standard-card", player_acted=True).decision == "director"


# --- string bets and two-motion raises on the command line ---------------------------------------

def test_ifp_36_tda_56_string_bet_only_the_first_motion_counts():
    """IFP 36, TDA 56: 400 then 800 more, nothing said, facing 400: a call of 400, the 800
    handed back."""
    for preset, rule in (("ifp-2012", "IFP 36"), ("tda-2024", "TDA 56"), ("wpa", "WPA 24")):
        out = floor("bet", "--rules", preset, "--to-call", "400", "--last-raise", "400",
                    "--behind", "9000", "--chips", "400", "--then", "800")
        assert (out["action"], out["total"], out["returned"], out["rule"]) == \
            ("call", 400, 800, rule)


def test_ifp_32c_two_motion_raise_allowed_tda_42_abolished():
    """IFP 32c, WPA 23: "raise" said, the call put in, one more motion: a raise to 1200. TDA 42
    abolished it: only the first motion, held to the minimum raise (TDA 43)."""
    for preset, rule in (("ifp-2012", "IFP 32c"), ("wpa", "WPA 23")):
        out = floor("bet", "--rules", preset, "--to-call", "400", "--last-raise", "400",
                    "--behind", "9000", "--declared", "raise", "--chips", "400", "--then", "800")
        assert (out["action"], out["total"], out["rule"]) == ("raise", 1200, rule)
    out = floor("bet", "--rules", "tda-2024", "--to-call", "400", "--last-raise", "400",
                "--behind", "9000", "--declared", "raise", "--chips", "400", "--then", "800")
    assert (out["total"], out["returned"], out["rule"]) == (800, 400, "TDA 43")


def test_floor_bet_then_refuses_an_empty_or_bad_motion():
    r = runner.invoke(app, ["floor", "bet", "--to-call", "400", "--last-raise", "400",
                            "--behind", "9000", "--chips", "400", "--then", "8x"])
    assert r.exit_code == 2 and "--then: '8x' is not a chip value" in r.output


# --- the club books on the command line ----------------------------------------------------------------

def test_rules_club_on_the_command_line():
    """``--rules club``: club 80.4 substantial action (two players acted), irregularities 13 out
    of turn, irregularities 9 at showdown; an unknown preset's message names club."""
    out = floor("misdeal", "--cause", "extra-card", "--rules", "club")
    assert (out["decision"], out["rule"]) == ("burn", "irregularities 2")
    out = floor("misdeal", "--cause", "first-card-exposed", "--actions", "fold,fold",
                "--rules", "club")
    assert (out["decision"], out["rule"]) == ("play-on", "club 80.4")
    out = floor("out-of-turn", "--action", "bet", "--amount", "500", "--rules", "club")
    assert out["rule"] == "irregularities 13 iii"
    out = floor("play-the-board", "--thrown-away", "--declared", "--rules", "club")
    assert out["decision"] == "shares"
    rows = floor("rules", "--rules", "club")["situations"]
    assert {r["family"] for r in rows} >= {"showdown", "cards", "button", "out-of-turn"}
    r = runner.invoke(app, ["floor", "clock", "--rules", "house"])
    assert r.exit_code == 2 and "club" in r.output


@pytest.mark.parametrize("args,decision", [
    (["skipped", "--actions", "call,fold", "--rules", "tda-2024"], "binding"),
    (["button-corrected", "--rules", "gananda"], "corrected"),
    (["exposed-cards", "--rules", "wpa", "--intentional"], "dead"),
    (["damaged-card", "--rules", "club"], "replace-after-hand"),
    (["misunderstood", "--bet", "1200", "--put-in", "300", "--rules", "gananda"], "director"),
])
def test_floor_play_commands_print_the_ruling_with_its_words(args, decision):
    """Each new ``pokertd floor`` command prints the decision, the rule and its book's words."""
    assert floor(*args)["decision"] == decision


# --- the engine agrees: an out-of-turn fold under Gananda Betting 7 -------------------------------

def test_gananda_betting_7_a_fold_out_of_turn_not_facing_a_bet_is_released_by_a_bet():
    """Gananda Betting 7 binds an action out of turn "unless the action to that player is
    subsequently changed by a bet or raise": a fold out of turn with no bet to him, then a bet,
    leaves him every option (engine and pure ruling); facing a bet the fold is a dead hand
    (Dead Hands 1a)."""
    from pokertd.engine import Hand
    h = Hand([1000] * 4, (5, 10), rules=GANANDA, seed=1)
    for _ in range(4):
        h.check_call()                          # to the flop, nobody bet
    skipped = h.actor
    h.out_of_turn((skipped + 2) % 4, "fold")
    h.raise_to(20)
    h.check_call()
    ruled = [e for e in h.events() if e["type"] == "out_of_turn_ruled"]
    assert (ruled[0]["ruling"], ruled[0]["rule"]) == ("released", "Gananda: Betting 7")
    assert h.actor == (skipped + 2) % 4         # his turn, every option
    pure = out_of_turn_ruling(GANANDA, "fold", "bet", facing_bet=False)
    assert (pure.decision, pure.rule) == ("released", "Gananda: Betting 7")
    facing = out_of_turn_ruling(GANANDA, "fold", "bet", facing_bet=True)
    assert (facing.decision, facing.rule) == ("binding", "Gananda: Dead Hands 1a")


def test_gananda_dead_hands_1a_a_fold_out_of_turn_facing_a_bet_binds_in_the_engine():
    """Gananda Dead Hands 1a: folding facing a bet (the big blind) kills the hand, out of turn
    too, even when a raise comes in between."""
    from pokertd.engine import Hand
    h = Hand([1000] * 4, (5, 10), rules=GANANDA, seed=1)
    first = h.actor
    h.out_of_turn((first + 1) % 4, "fold")
    h.raise_to(30)
    ruled = [e for e in h.events() if e["type"] == "out_of_turn_ruled"]
    assert (ruled[0]["ruling"], ruled[0]["rule"]) == ("binding", "Gananda: Dead Hands 1a")
    assert h.actor != (first + 1) % 4
