"""The command line's PokerStars hand histories (issue 25): ``phh export --format pokerstars``,
``phh convert --to pokerstars`` and ``simulate --hand-histories DIR``."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.formats.phh import load, replay

runner = CliRunner()


def test_export_writes_an_engine_hand_as_pokerstars(tmp_path: Path) -> None:
    """The same seeded hand as PHH and as PokerStars: the PokerStars text has the PHH hand's
    stacks, board and pot."""
    phh = tmp_path / "h.phh"
    assert runner.invoke(app, ["phh", "export", "--seed", "7", "-o", str(phh)]).exit_code == 0
    r = runner.invoke(app, ["phh", "export", "--seed", "7", "--format", "pokerstars"])
    assert r.exit_code == 0, r.output
    h = replay(load(phh))
    assert r.output.startswith("PokerStars Hand #1:  Hold'em No Limit (50/100) - ")
    for i, stack in enumerate(h.starting):
        assert f"Seat {i + 1}: Player{i + 1} ({stack} in chips)" in r.output
    pot = sum(e["amount"] for e in h.events() if e["type"] == "awarded")
    assert re.search(rf"^Total pot {pot}\b", r.output, re.M)
    r = runner.invoke(app, ["phh", "export", "--variant", "FO/8", "--format", "pokerstars"])
    assert r.exit_code == 0 and "Omaha Hi/Lo Limit (100/200)" in r.output
    r = runner.invoke(app, ["phh", "export", "--format", "xml"])
    assert r.exit_code == 2 and "'xml': phh or pokerstars" in r.output


def test_convert_writes_every_file_and_refuses_what_has_no_form(tmp_path: Path) -> None:
    """Two PHH files become one PokerStars file of two hands; a draw hand is refused naming
    its file and variant, and nothing is written."""
    a, b = tmp_path / "a.phh", tmp_path / "b.phh"
    runner.invoke(app, ["phh", "export", "--seed", "1", "-o", str(a)])
    runner.invoke(app, ["phh", "export", "--seed", "2", "--variant", "F7S", "-o", str(b)])
    out = tmp_path / "hands.txt"
    r = runner.invoke(app, ["phh", "convert", str(a), str(b), "--hero", "1", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text()
    assert text.count("PokerStars Hand #") == 2 and "7 Card Stud Limit" in text
    assert len(re.findall(r"^Dealt to Player1 ", text, re.M)) >= 2
    holdem = text.split("\n\n")[0]
    assert re.findall(r"^Dealt to (\S+)", holdem, re.M) == ["Player1"]   # no one else's hole cards
    draw = tmp_path / "d.phh"
    runner.invoke(app, ["phh", "export", "--variant", "F2L3D", "--players", "3", "-o", str(draw)])
    out2 = tmp_path / "none.txt"
    r = runner.invoke(app, ["phh", "convert", str(a), str(draw), "-o", str(out2)])
    assert r.exit_code == 1 and "d.phh" in r.output and "'F2L3D'" in r.output
    assert not out2.exists()
    r = runner.invoke(app, ["phh", "convert", str(a), "--to", "xml"])
    assert r.exit_code == 2 and "'xml'" in r.output


def test_simulate_writes_every_hand_in_either_format(tmp_path: Path) -> None:
    """--hand-histories: PHH (a file a hand, each replaying) or PokerStars (one file, a hand
    for each hand played), the same count of hands as the run reports."""
    import json
    r = runner.invoke(app, ["simulate", "--players", "12", "--seed", "4", "--format", "json",
                            "--hand-histories", str(tmp_path / "phh")])
    assert r.exit_code == 0, r.output
    hands = json.loads(r.output)["hands"]
    files = sorted((tmp_path / "phh").glob("*.phh"))
    assert len(files) == hands
    assert all(replay(load(f)).done for f in files[:40])
    r = runner.invoke(app, ["simulate", "--players", "12", "--seed", "4", "--format", "json",
                            "--hand-histories", str(tmp_path / "ps"), "--hand-history-format", "pokerstars"])
    assert r.exit_code == 0, r.output
    text = (tmp_path / "ps" / "HH pokertd T5.txt").read_text()
    assert text.count("PokerStars Hand #") == hands
    assert re.match(r"PokerStars Hand #1: Tournament #5, 0\+0 Hold'em No Limit - Level I \(", text)
    r = runner.invoke(app, ["simulate", "--players", "4", "--hand-histories", str(tmp_path / "x"),
                            "--hand-history-format", "xml"])
    assert r.exit_code == 2 and "'xml': one of phh, pokerstars" in r.output
