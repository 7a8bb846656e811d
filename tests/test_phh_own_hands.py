"""Our own hand histories replay to their recorded stacks (TDA 20, IFP 50).

A simulated tournament plays with the smallest chip in play above 1 once the small chips are
raced off, and splits a pot's odd chips in that chip (IFP 50, TDA 20, Gananda: Ties 1). Its PHH
files say so in the user-defined field ``_chip_unit`` (and name a preset other than the default
in ``_rules``), and ``pokertd phh replay --check`` reads them back: every hand of the run ends
at the finishing stacks it recorded. Before these fields the replay split odd chips one chip at
a time and about one hand in a hundred came out 1 or 2 chips off."""

from __future__ import annotations

import json
import warnings

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.formats import phh

runner = CliRunner()


def simulate(tmp_path, *args):
    out = tmp_path / "hands"
    r = runner.invoke(app, ["simulate", *args, "--hand-histories", str(out), "--format", "json"])
    assert r.exit_code == 0, r.output
    return out


def replayed(folder, *args):
    r = runner.invoke(app, ["phh", "replay", "--check", "--jobs", "1", *args, str(folder)])
    return r.exit_code, [json.loads(line) for line in r.output.splitlines()]


@pytest.mark.parametrize("args", [
    ("--players", "20", "--seed", "1"),                                   # Gananda, hold'em
    ("--players", "20", "--seed", "4", "--preset", "tda-2024"),           # TDA 20-A
    ("--players", "8", "--seed", "3", "--structure", "horse"),            # stud, razz, O8 ...
], ids=["gananda", "tda-2024", "horse"])
def test_tda20_every_simulated_hand_replays_to_its_recorded_stacks(tmp_path, args):
    folder = simulate(tmp_path, *args)
    code, lines = replayed(folder)
    bad = [x for x in lines if not x["ok"]]
    assert code == 0 and not bad, bad[:3]
    assert len(lines) == len(list(folder.glob("*.phh"))) > 50
    assert all(x.get("unchecked") is None for x in lines)      # every one compared
    units = {phh.load(f).get("_chip_unit", 1) for f in folder.glob("*.phh")}
    assert max(units) > 1                                    # the chip went up in the run


def test_ifp50_without_the_chip_unit_some_split_is_off(tmp_path):
    """The field matters: the same files with ``_chip_unit`` dropped split some odd chips
    one chip at a time, and those hands no longer match what the table paid."""
    folder = simulate(tmp_path, "--players", "8", "--seed", "3", "--structure", "horse")
    stripped = tmp_path / "stripped"
    stripped.mkdir()
    changed = 0
    for f in sorted(folder.glob("*.phh")):
        data = phh.load(f)
        changed += data.pop("_chip_unit", None) is not None
        (stripped / f.name).write_text(phh.dumps(data), encoding="utf-8")
    assert changed
    code, lines = replayed(stripped)
    bad = [x for x in lines if not x["ok"]]
    assert code == 1 and bad
    assert all("differ from the recorded" in x["error"] for x in bad)


def test_the_file_names_its_rules_and_rules_given_override_them(tmp_path):
    folder = simulate(tmp_path, "--players", "20", "--seed", "4", "--preset", "tda-2024")
    files = sorted(folder.glob("*.phh"))
    assert {phh.load(f)["_rules"] for f in files} == {"tda-2024"}
    assert all("_rules" not in phh.load(f)
               for f in simulate(tmp_path / "g", "--players", "9", "--seed", "1").glob("*.phh"))
    data = phh.load(files[-1])
    assert phh.hand_from_phh(data).rules.name == "tda-2024"
    assert phh.hand_from_phh(data, "wpa").rules.name == "wpa"


@pytest.mark.parametrize("field,value,words", [
    ("_rules", "poker", "is not a rules preset (presets: ifp-2012, wpa, tda-2024)"),
    ("_rules", 5, "is not a rules preset"),
    ("_chip_unit", 0, "a whole number of at least 1, not 0"),
    ("_chip_unit", "5", "a whole number of at least 1, not '5'"),
    ("_chip_unit", 2.5, "not 2.5"),
])
@pytest.mark.parametrize("variant", ["NT", "F7S"])
def test_bad_table_fields_are_refused_by_name(field, value, words, variant):
    data = {"variant": variant, "antes": [0, 0], "starting_stacks": [100, 100], "actions": [],
            field: value}
    if variant == "NT":
        data.update(blinds_or_straddles=[1, 2], min_bet=2)
    else:
        data.update(antes=[1, 1], bring_in=1, small_bet=2, big_bet=4)
    with pytest.raises(phh.PHHError) as e:
        phh.replay(data)
    assert field in str(e.value) and words in str(e.value)


def test_pokerkit_reads_our_fields_as_user_defined_and_warns_of_none(tmp_path):
    """pokerkit (the PHH standard's own parser) takes every field of our files: the
    standard's, and ours prefixed with an underscore as the standard asks of user-defined
    fields (before, the tournament's number was a bare ``tournament`` and drew a warning)."""
    from pokerkit import HandHistory
    folder = simulate(tmp_path, "--players", "20", "--seed", "4", "--preset", "tda-2024")
    f = max(folder.glob("*.phh"), key=lambda f: phh.load(f).get("_chip_unit", 1))
    with warnings.catch_warnings(record=True) as caught, open(f, "rb") as fh:
        warnings.simplefilter("always")
        hh = HandHistory.load(fh)
    assert [str(w.message) for w in caught] == []
    assert hh.user_defined_fields["_rules"] == "tda-2024"
    assert hh.user_defined_fields["_chip_unit"] > 1
    assert isinstance(hh.user_defined_fields["_tournament"], int)
