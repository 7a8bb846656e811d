"""``pokertd floor bet``: the ruling as JSON, exactly the issue's form with the cited rule's words
(issue 24); impossible input exits 2."""

import json

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.rules.bet_words import BET_WORDS

runner = CliRunner()


def bet(*args):
    return runner.invoke(app, ["floor", "bet", *args, "--format", "json"])


def test_floor_bet_tda_45_addendum_example_2_json():
    r = bet("--rules", "tda-2024", "--to-call", "1100", "--last-raise", "600", "--behind", "20000",
            "--chips", "1000,100,100,100,100,100")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"action": "raise", "total": 1700, "returned": 0, "owed": 200,
                                    "rule": "TDA 45-B", "text": BET_WORDS["TDA 45-B"]}


def test_floor_bet_tda_45_b_last_chips_all_in():
    r = bet("--rules", "tda-2024", "--to-call", "1400", "--last-raise", "1400", "--behind", "0",
            "--chips", "1000,500,500")
    assert json.loads(r.output) == {"action": "all-in", "total": 2000, "returned": 0, "owed": 0,
                                    "rule": "TDA 45-B", "text": BET_WORDS["TDA 45-B"]}


def test_floor_bet_tda_43_b_declared_raise_amount_and_in_front():
    r = bet("--rules", "tda-2024", "--to-call", "2000", "--last-raise", "2000", "--in-front", "0",
            "--behind", "50000", "--declared", "raise 8000")
    assert json.loads(r.output) == {"action": "raise", "total": 8000, "returned": 0, "owed": 8000,
                                    "rule": "TDA 43-B", "text": BET_WORDS["TDA 43-B"]}


def test_floor_bet_ifp_34_oversized_chip_call_by_default_preset():
    r = bet("--to-call", "400", "--last-raise", "400", "--behind", "9000", "--chips", "1000")
    assert json.loads(r.output) == {"action": "call", "total": 400, "returned": 600, "owed": 0,
                                    "rule": "IFP 34", "text": BET_WORDS["IFP 34"]}


def test_floor_bet_gananda_betting_11_with_its_chip_set():
    r = bet("--rules", "gananda", "--to-call", "50", "--last-raise", "50", "--behind", "9000",
            "--chips", "100")
    assert json.loads(r.output)["rule"] == "Gananda: Betting 11"


def test_floor_bet_tda_40_a_contradictory_is_left_to_the_director():
    r = bet("--rules", "tda-2024", "--to-call", "0", "--last-raise", "4000", "--behind", "90000",
            "--chips", "5000", "--declared", "forty-two thousand")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["action"] == "director" and out["rule"] == "TDA 40-A"


@pytest.mark.parametrize("args, message", [
    (("--to-call", "-5", "--last-raise", "100", "--behind", "0", "--chips", "100"), "cannot be negative"),
    (("--rules", "gananda", "--to-call", "100", "--last-raise", "100", "--behind", "0",
      "--chips", "1000"), "no 1000 chip in the chip set"),
    (("--to-call", "100", "--last-raise", "100", "--behind", "500", "--declared", "raise 9000"),
     "more than his stack"),
    (("--to-call", "100", "--last-raise", "100", "--behind", "500", "--chips", "1x"),
     "not a chip value"),
    (("--rules", "robert", "--to-call", "100", "--last-raise", "100", "--behind", "500",
      "--chips", "100"), "unknown rules preset"),
])
def test_floor_bet_impossible_input_exits_2(args, message):
    r = bet(*args)
    assert r.exit_code == 2
    assert "Error:" in r.output and message in r.output


# --- floor rules, misdeal, board, out-of-turn, penalty, clock, dead --------------------------

def floor(*args):
    return runner.invoke(app, ["floor", *args, "--format", "json"])


def test_floor_rules_lists_every_family_with_rule_and_text():
    r = floor("rules", "--rules", "tda-2024")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["rules"] == "tda-2024"
    assert {s["family"] for s in data["situations"]} == {"bet", "misdeal", "board", "stud", "hand",
                                                         "out-of-turn", "clock", "penalty",
                                                         "showdown", "cards", "button"}
    row = next(s for s in data["situations"] if s["situation"] == "flop extra-card")
    assert row["rule"] == "TDA 39-A"


def test_floor_rules_family_filter_and_unknown_family_exit_2():
    data = json.loads(floor("rules", "--family", "board").output)
    assert {s["family"] for s in data["situations"]} == {"board"}
    r = floor("rules", "--family", "dealer")
    assert r.exit_code == 2 and "Error: --family" in r.output


def test_floor_misdeal_ifp_64a_and_after_substantial_action():
    data = json.loads(floor("misdeal", "--cause", "first-card-exposed").output)
    assert (data["decision"], data["rule"]) == ("misdeal", "IFP 64a")
    assert "button where it was" in data["procedure"]
    data = json.loads(floor("misdeal", "--cause", "first-card-exposed", "--actions",
                            "fold,call").output)
    assert (data["decision"], data["substantial_action"]) == ("play-on", True)


def test_floor_misdeal_gananda_extra_card_burn_and_fouled_deck():
    data = json.loads(floor("misdeal", "--rules", "gananda", "--cause", "extra-card").output)
    assert (data["decision"], data["rule"]) == ("burn", "Gananda: Holdem Irregularities 2")
    data = json.loads(floor("misdeal", "--rules", "tda-2024", "--cause", "fouled-deck").output)
    assert (data["decision"], data["rule"]) == ("void", "TDA 35-E")


def test_floor_misdeal_game_stud_tda_rp_10_a_and_draw_tda_35_a_house_rules():
    data = json.loads(floor("misdeal", "--rules", "tda-2024", "--cause", "exposed-card", "--game",
                            "stud").output)
    assert (data["decision"], data["rule"]) == ("upcard", "TDA RP-10-A")
    data = json.loads(floor("misdeal", "--rules", "tda-2024", "--cause", "exposed-card", "--game",
                            "draw").output)
    assert data["decision"] == "director" and "House rules apply for draw games" in data["text"]
    r = floor("misdeal", "--cause", "exposed-card", "--game", "badugi")
    assert r.exit_code == 2 and "Error: unknown game 'badugi'" in r.output


def test_floor_seventh_street_tda_rp_10_b():
    data = json.loads(floor("seventh-street", "--rules", "tda-2024").output)
    assert (data["decision"], data["rule"]) == ("replace", "TDA RP-10-B")
    data = json.loads(floor("seventh-street", "--rules", "tda-2024", "--no-action-remains").output)
    assert data["decision"] == "stands"
    data = json.loads(floor("seventh-street", "--rules", "wpa").output)
    assert (data["decision"], data["rule"]) == ("director", "IFP 1")


def test_floor_misdeal_unknown_cause_and_action_exit_2():
    assert floor("misdeal", "--cause", "dropped").exit_code == 2
    r = floor("misdeal", "--cause", "two-exposed", "--actions", "post")
    assert r.exit_code == 2 and "not an action in turn" in r.output


def test_floor_board_tda_rp_5_and_ifp_appendix_1():
    data = json.loads(floor("board", "--rules", "tda-2024", "--street", "turn", "--error",
                            "premature").output)
    assert data["rule"] == "TDA RP-5-B"
    data = json.loads(floor("board", "--street", "flop", "--error", "no-burn", "--acted").output)
    assert (data["decision"], data["rule"]) == ("stands", "IFP Appendix 1 i")
    assert "two burns" in data["procedure"]


def test_floor_board_director_and_bad_street():
    data = json.loads(floor("board", "--rules", "tda-2024", "--street", "river", "--error",
                            "no-burn").output)
    assert data["decision"] == "director"
    assert floor("board", "--street", "fifth", "--error", "premature").exit_code == 2


def test_floor_out_of_turn_ifp_26_and_irregularities_13_free_of_rules():
    data = json.loads(floor("out-of-turn", "--action", "fold", "--between", "raise").output)
    assert (data["decision"], data["rule"]) == ("binding", "IFP 26")
    data = json.loads(floor("out-of-turn", "--rules", "gananda", "--action", "call", "--between",
                            "raise").output)
    assert data["decision"] == "no-raise"
    assert floor("out-of-turn", "--action", "dance").exit_code == 2


def test_floor_penalty_ifp_70_rounds_and_wpa_41_no_hand_penalty():
    data = json.loads(floor("penalty", "--penalty", "rounds", "--players", "9", "--rounds",
                            "2").output)
    assert data["hands_missed"] == 18 and data["rule"] == "IFP 70"
    r = floor("penalty", "--rules", "wpa", "--penalty", "hands", "--hands", "1")
    assert r.exit_code == 2 and "WPA 41" in r.output


def test_floor_clock_tda_29_and_dead_wpa_31():
    data = json.loads(floor("clock", "--rules", "tda-2024", "--no-bet").output)
    assert (data["decision"], data["seconds"], data["countdown"]) == ("checked", 25, 5)
    data = json.loads(floor("dead", "--rules", "wpa", "--cause", "killed").output)
    assert data["rule"] == "WPA 31"


def test_floor_rules_table_output():
    r = runner.invoke(app, ["floor", "rules", "--rules", "wpa", "--family", "clock"])
    assert r.exit_code == 0 and "WPA 26" in r.output


def test_floor_misdeal_tda_rp_4_dropped_stub():
    data = json.loads(floor("misdeal", "--rules", "tda-2024", "--cause", "stub-dropped", "--case",
                            "mixed").output)
    assert (data["decision"], data["rule"]) == ("reshuffle", "TDA RP-4 3")
    assert floor("misdeal", "--cause", "stub-dropped", "--case", "lost").exit_code == 2
