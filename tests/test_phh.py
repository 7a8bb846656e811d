"""PHH: every NT and FT hand of the dataset (the other games: test_phh_mixed.py) (tests/data/phh, a copy of the public PHH
dataset with its licence) replays to its recorded stacks; the `pokertd phh` commands keep
their contract."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.engine import Hand
from pokertd.formats.phh import (
    PHHError, dumps, export_hand, find_files, load, loads, replay, replay_file, stacks_match,
)

PHH = Path(__file__).resolve().parent / "data" / "phh"
runner = CliRunner()


def dataset_hands():
    files = find_files([PHH])
    assert len(files) > 500, f"the PHH hands are missing under {PHH}"
    return [(f, load(f)) for f in files]


def test_every_nt_and_ft_hand_replays_to_its_recorded_stacks():
    seen = {"NT": 0, "FT": 0}
    for path, data in dataset_hands():
        variant = data["variant"]
        if variant not in seen:
            continue
        seen[variant] += 1
        h = replay(data)
        assert sum(h.stacks) == sum(data["starting_stacks"]), path
        if "finishing_stacks" in data:
            assert stacks_match(h.stacks, data["finishing_stacks"]), (path, h.stacks, data["finishing_stacks"])
    assert seen["NT"] >= 499 and seen["FT"] >= 7


def test_other_variants_are_refused():
    from pokertd.formats.phh_mixed import is_mixed
    for path, data in dataset_hands():
        if data["variant"] in ("NT", "FT") or is_mixed(data["variant"]):
            continue
        with pytest.raises(PHHError, match=f"unsupported variant: {data['variant']}"):
            replay(data)


def test_fractional_split_stacks_allow_one_chip():
    """Pluribus records split pots as half chips; the engine gives the odd chip by IFP 50."""
    data = load(PHH / "pluribus" / "32" / "23.phh")
    h = replay(data)
    assert stacks_match(h.stacks, data["finishing_stacks"])
    assert h.stacks == [9950, 9275, 10388, 10000, 10000, 10387]
    assert not stacks_match([9950, 9275, 10390, 10000, 10000, 10385], data["finishing_stacks"])


def test_non_integer_amounts_are_refused():
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100.5, 200]\nactions = []\n")
    with pytest.raises(PHHError, match="non-integer"):
        replay(loads(text))


def test_the_action_at_fault_is_named():
    text = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
            "starting_stacks = [100, 100, 100]\n"
            "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'p3 cbr 3', 'p1 f']\n")
    with pytest.raises(PHHError) as e:
        replay(loads(text))
    assert e.value.action == 3 and "IFP 37" in str(e.value)


def test_export_replays_to_the_same_stacks():
    rng = random.Random(11)
    for k in range(40):
        limit = k % 2 == 1
        n = rng.randint(2, 9)
        forced = {"ante": k % 3} if k % 4 != 2 else {"bb_ante": 10}     # TDA RP-11 big-blind ante
        if n > 3 and k % 5 == 0:
            forced["straddles"] = (20,)
        h = Hand([rng.randint(5, 3000) for _ in range(n)], (5, 10), **forced,
                 structure="fixed-limit" if limit else "no-limit", rng=rng)
        while not h.done:
            la = h.legal_actions()
            if la.min_raise_to is not None and rng.random() < 0.3:
                h.raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
            elif la.call and rng.random() < 0.2:
                h.fold()
            else:
                h.check_call()
        data = loads(dumps(export_hand(h)))
        assert data["variant"] == ("FT" if limit else "NT")
        assert replay(data).stacks == h.stacks == data["finishing_stacks"]


def test_cli_replay_prints_one_json_line_per_hand(tmp_path):
    folder = PHH / "televised"                 # badugi (FB) and short-deck (NS) among them
    result = runner.invoke(app, ["phh", "replay", "--check", str(PHH / "pluribus" / "30")])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert len(lines) == len(find_files([PHH / "pluribus" / "30"]))
    assert all(set(x) == {"path", "ok", "finishing_stacks"} and x["ok"] for x in lines)
    result = runner.invoke(app, ["phh", "replay", str(folder)])
    assert result.exit_code == 1                # one hand is not ok
    lines = [json.loads(x) for x in result.output.splitlines()]
    bad = [x for x in lines if not x["ok"]]
    assert bad and all(set(x) == {"path", "ok", "error", "action"} for x in bad)
    # Badugi and short deck replay (issue 24); a pot-limit Omaha hand with quarter chips is
    # refused as hold'em's are (whole chips only).
    assert [x["error"].split(":")[0] for x in bad] == ["starting_stacks"]
    assert "non-integer" in bad[0]["error"]
    assert {Path(x["path"]).name for x in lines if x["ok"]} >= {"alice-carol-wikipedia.phh",
                                                                "phua-xuan-2019.phh"}


def test_cli_replay_check_reports_a_mismatch(tmp_path):
    data = (PHH / "pluribus" / "30" / "0.phh").read_text()
    bad = tmp_path / "bad.phh"
    bad.write_text(data.replace("finishing_stacks = [9950", "finishing_stacks = [9951"))
    result = runner.invoke(app, ["phh", "replay", str(bad)])
    assert result.exit_code == 0
    result = runner.invoke(app, ["phh", "replay", "--check", "--rules", "tda-2024", str(bad)])
    assert result.exit_code == 1
    line = json.loads(result.output)
    assert line["ok"] is False and "differ" in line["error"]
    result = runner.invoke(app, ["phh", "replay", "--rules", "nope", str(bad)])
    assert result.exit_code != 0


def test_cli_export_writes_phh_that_replays(tmp_path):
    out = tmp_path / "hand.phh"
    result = runner.invoke(app, ["phh", "export", "--seed", "5", "--output", str(out)])
    assert result.exit_code == 0, result.output
    r = replay_file(out, check=True)
    assert r.ok, r.error
    h = Hand([1000] * 3, (5, 10), seed=5)
    h.fold(); h.fold()
    events = tmp_path / "events.json"
    events.write_text(json.dumps(h.events()))
    result = runner.invoke(app, ["phh", "export", "--events", str(events)])
    assert result.exit_code == 0, result.output
    assert replay(loads(result.output)).stacks == h.stacks


def test_export_refuses_a_hand_killed_by_the_dealer():
    """IFP 8: PHH has no action for a hand the dealer killed; exporting such a hand would
    write a file that replays to other stacks, so it is refused, naming the player."""
    from pokertd.engine import Hand
    from pokertd.formats.phh import PHHError, export_hand
    h = Hand([1000, 40, 1000], (50, 100), absent=[1], seed=3)
    with pytest.raises(PHHError, match="player 2's hand was killed .*IFP 8"):
        export_hand(h)
