"""PHH of the mixed games: the 83 hands of the WSOP 2023 Poker Players Championship (event
43, day 5: fixed-limit and no-limit deuce-to-seven, stud, stud hi-lo, Omaha hi-lo, razz,
pot-limit Omaha, limit and no-limit hold'em) replay to their recorded final stacks; the
draw and stud actions are read and written."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.engine.mixed import MixedHand
from pokertd.formats.phh import PHHError, dumps, find_files, load, loads, replay, stacks_match
from pokertd.formats.phh_mixed import export_mixed

EVENT_43 = Path(__file__).resolve().parent / "data" / "phh" / "wsop" / "2023" / "43" / "5"
runner = CliRunner()


def test_all_83_hands_of_wsop_2023_event_43_replay_to_their_recorded_stacks():
    files = find_files([EVENT_43])
    variants: Counter[str] = Counter()
    for f in files:
        data = load(f)
        h = replay(data)
        variants[data["variant"]] += 1
        assert h.stacks == data["finishing_stacks"], (f, h.stacks, data["finishing_stacks"])
    assert len(files) == 83
    assert variants == {"F2L3D": 7, "F7S": 13, "F7S/8": 7, "FO/8": 14, "FR": 10, "FT": 7,
                        "N2L1D": 7, "NT": 11, "PO": 7}


def test_cli_replay_checks_every_hand_of_event_43():
    result = runner.invoke(app, ["phh", "replay", "--check", "--jobs", "1", str(EVENT_43)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert len(lines) == 83 and all(x["ok"] for x in lines)


def test_a_draw_hand_reads_discards_and_replacements():
    data = load(EVENT_43 / "02-29-59.phh")          # F2L3D: 'p1 sd QdJc', then 'd dh p1 As6s'
    h = replay(data)
    assert h.discards[:5] == [int(c) for c in __import__("pokertd.cards", fromlist=["x"]).parse_cards("QdJcKsKd4s")]
    assert h.stacks == data["finishing_stacks"]


def test_stud_history_deals_up_and_down_cards_by_street():
    """TDA RP-10: third street two down and one up, fourth to sixth up, seventh down."""
    data = load(EVENT_43 / "02-09-20.phh")          # F7S/8, two players to seventh street
    h = replay(data)
    assert h.up[0] == [False, False, True, True, True, True, False]
    assert h.stacks == data["finishing_stacks"]


def test_a_mixed_hand_out_of_turn_names_the_action():
    text = ("variant = 'FR'\nantes = [10, 10, 10]\nbring_in = 10\nsmall_bet = 20\nbig_bet = 40\n"
            "starting_stacks = [500, 500, 500]\n"
            "actions = ['d dh p1 2c3dKs', 'd dh p2 4c5d6h', 'd dh p3 7c8d9h', 'p2 pb']\n")
    with pytest.raises(PHHError) as e:
        replay(loads(text))
    # Razz: the highest door card (Ks, p1) brings it in (TDA RP-10).
    assert e.value.action == 3 and "p1's turn" in str(e.value)


@pytest.mark.parametrize("variant", ["PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "NO", "PO/8"])
def test_export_of_engine_hands_replays_to_the_same_stacks(variant):
    from pokertd.bots.mixed import play_random
    rng = random.Random(variant)
    for _ in range(15):
        n = rng.randint(2, 7)
        h = _new_hand(variant, [rng.randint(20, 2000) for _ in range(n)], rng)
        play_random(h, rng)
        data = loads(dumps(export_mixed(h)))
        assert data["variant"] == variant
        again = replay(data)
        assert again.stacks == h.stacks == data["finishing_stacks"]


def _new_hand(variant, stacks, rng):
    n = len(stacks)
    if variant[1:] in ("7S", "7S/8", "R"):
        return MixedHand(variant, stacks, antes=2, bring_in=5, small_bet=10, big_bet=20, rng=rng)
    blinds = [5, 10] + [0] * (n - 2)
    if n == 2:
        blinds = [10, 5]
    return MixedHand(variant, stacks, blinds=blinds, small_bet=10, big_bet=20, rng=rng)


def test_cli_export_plays_a_mixed_game_hand_that_replays(tmp_path):
    out = tmp_path / "hand.phh"
    result = runner.invoke(app, ["phh", "export", "--variant", "F7S/8", "--players", "5",
                                 "--ante", "10", "--seed", "3", "--output", str(out)])
    assert result.exit_code == 0, result.output
    data = load(out)
    assert data["variant"] == "F7S/8" and data["bring_in"] == 50 and "blinds_or_straddles" not in data
    assert replay(data).stacks == data["finishing_stacks"]
    bad = runner.invoke(app, ["phh", "export", "--variant", "FQ"])
    assert bad.exit_code == 2 and "unknown game" in bad.output


def test_cli_export_of_mixed_events(tmp_path):
    h = MixedHand("F2L3D", [500, 500, 500], blinds=[5, 10, 0], small_bet=10, big_bet=20, seed=2)
    from pokertd.bots.mixed import play_random
    play_random(h, random.Random(2))
    events = tmp_path / "events.json"
    events.write_text(json.dumps(h.events()))
    result = runner.invoke(app, ["phh", "export", "--events", str(events)])
    assert result.exit_code == 0, result.output
    assert replay(loads(result.output)).stacks == h.stacks
