"""``pokertd payouts`` and ``pokertd icm``: JSON output and exit status 2 on bad input."""

import json

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def message_of(result):
    """The output with Rich's panel borders and line wrapping taken out."""
    return " ".join(result.output.replace("│", " ").split())


def test_payouts_gananda_json():
    """Gananda: Payout. 23 entrants, $460: 42/25/15/10/8 rounded to the dollar."""
    r = run("payouts", "--entrants", "23", "--pool", "460", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == [{"place": 1, "amount": 193}, {"place": 2, "amount": 115},
                                    {"place": 3, "amount": 69}, {"place": 4, "amount": 46},
                                    {"place": 5, "amount": 37}]


def test_payouts_table_output():
    r = run("payouts", "--entrants", "10", "--pool", "200")
    assert r.exit_code == 0, r.output
    assert "Gananda: Payout" in r.output and "92" in r.output


def test_payouts_generated_json():
    r = run("payouts", "--entrants", "100", "--pool", "10000", "--structure", "generated", "--buy-in", "100",
            "--format", "json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [x["place"] for x in rows] == list(range(1, 16))
    assert sum(x["amount"] for x in rows) == 10_000
    assert rows[-1]["amount"] >= 150


@pytest.mark.parametrize("args, message", [
    (("--entrants", "0", "--pool", "100"), "at least 2"),
    (("--entrants", "55", "--pool", "1100"), "generated structure"),
    (("--entrants", "10", "--pool", "-5"), "zero or more"),
    (("--entrants", "10", "--pool", "200", "--structure", "generated", "--paid-share", "2"), "share of the field"),
    (("--entrants", "10", "--pool", "200", "--structure", "generated", "--min-cash", "abc"), "not a number"),
])
def test_payouts_bad_input_exits_2(args, message):
    r = run("payouts", *args)
    assert r.exit_code == 2
    assert message in message_of(r)


def test_icm_json_in_the_order_given():
    r = run("icm", "--stacks", "2000,5000,3000", "--prizes", "50,30,20", "--format", "json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert [x["stack"] for x in rows] == [2000, 5000, 3000]
    assert [x["equity"] for x in rows] == pytest.approx([28.857143, 38.392857, 32.75])


def test_icm_table_output():
    r = run("icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20")
    assert r.exit_code == 0, r.output
    assert "38.39" in r.output


def test_icm_monte_carlo_option_with_seed_is_reproducible():
    args = ("icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20", "--method", "monte-carlo",
            "--samples", "50000", "--seed", "3", "--format", "json")
    a, b = run(*args), run(*args)
    assert a.exit_code == 0 and a.output == b.output
    assert [x["equity"] for x in json.loads(a.output)] == pytest.approx([38.39, 32.75, 28.86], abs=0.5)


@pytest.mark.parametrize("stacks, prizes, message", [
    ("5000,-3000,2000", "50,30,20", "entry 2 is -3000"),
    ("5000,3000", "50,30,20", "3 prizes for 2 players"),
    ("5000,x,2000", "50,30,20", "'x' is not a whole number"),
    ("5000,3000,2000", "20,30,50", "may not increase"),
    ("5000,0", "50", "entry 2 is 0"),
])
def test_icm_bad_input_exits_2(stacks, prizes, message):
    r = run("icm", "--stacks", stacks, "--prizes", prizes)
    assert r.exit_code == 2
    assert message in message_of(r)


def test_payouts_own_table_file_and_one_not_summing_to_100_exits_2(tmp_path):
    """``pokertd payouts --table FILE``: a payout table as data (Gananda: Payout's format);
    one whose percentages do not sum to 100% is refused with a message and exit status 2."""
    good = tmp_path / "club-payouts.toml"
    good.write_text('name = "club"\nrule = "club table"\n'
                    '[[brackets]]\nentrants = [2, 10]\npercents = [60, 40]\n', encoding="utf-8")
    r = run("payouts", "--entrants", "8", "--pool", "160", "--table", str(good), "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == [{"place": 1, "amount": 96}, {"place": 2, "amount": 64}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "bad", "brackets": [
        {"entrants": [2, 10], "percents": [60, 30]}]}), encoding="utf-8")
    r = run("payouts", "--entrants", "8", "--pool", "160", "--table", str(bad))
    assert r.exit_code == 2 and "not 100%" in message_of(r)
    r = run("payouts", "--entrants", "8", "--pool", "160", "--table", str(tmp_path / "no.toml"))
    assert r.exit_code == 2 and "No such file" in message_of(r)
    r = run("payouts", "--entrants", "11", "--pool", "160", "--table", str(good))
    assert r.exit_code == 2 and "covers 2-10 entrants" in message_of(r)
