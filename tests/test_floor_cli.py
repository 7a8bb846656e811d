"""``pokertd floor bet``: the ruling as JSON, exactly the issue's form; impossible input exits 2."""

import json

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


def bet(*args):
    return runner.invoke(app, ["floor", "bet", *args, "--format", "json"])


def test_floor_bet_tda_45_addendum_example_2_json():
    r = bet("--rules", "tda-2024", "--to-call", "1100", "--last-raise", "600", "--behind", "20000",
            "--chips", "1000,100,100,100,100,100")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"action": "raise", "total": 1700, "returned": 0, "owed": 200,
                                    "rule": "TDA 45-B"}


def test_floor_bet_tda_45_b_last_chips_all_in():
    r = bet("--rules", "tda-2024", "--to-call", "1400", "--last-raise", "1400", "--behind", "0",
            "--chips", "1000,500,500")
    assert json.loads(r.output) == {"action": "all-in", "total": 2000, "returned": 0, "owed": 0,
                                    "rule": "TDA 45-B"}


def test_floor_bet_tda_43_b_declared_raise_amount_and_in_front():
    r = bet("--rules", "tda-2024", "--to-call", "2000", "--last-raise", "2000", "--in-front", "0",
            "--behind", "50000", "--declared", "raise 8000")
    assert json.loads(r.output) == {"action": "raise", "total": 8000, "returned": 0, "owed": 8000,
                                    "rule": "TDA 43-B"}


def test_floor_bet_ifp_34_oversized_chip_call_by_default_preset():
    r = bet("--to-call", "400", "--last-raise", "400", "--behind", "9000", "--chips", "1000")
    assert json.loads(r.output) == {"action": "call", "total": 400, "returned": 600, "owed": 0,
                                    "rule": "IFP 34"}


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
