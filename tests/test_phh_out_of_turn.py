"""A PHH file that records an action by a player the rules do not let act is refused in the
file's own player numbers (p1, p2 ...) under the out-of-turn rule, IFP 26, never IFP 31 (how
a bet is made) nor the engine's 0-based player numbers; the other refusals name players as
the file does too."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.formats.phh import PHHError, loads, replay

STUD = ("variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
        "starting_stacks = [100, 100, 100]\n"
        "actions = ['d dh p1 AcKd2s', 'd dh p2 4c5dQs', 'd dh p3 7c8d9h', {}]\n")
HOLDEM = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
          "starting_stacks = [100, 100, 100]\n"
          "actions = ['d dh p1 2c3d', 'd dh p2 4c5d', 'd dh p3 4h5h', {}]\n")


def refusal(text: str) -> PHHError:
    with pytest.raises(PHHError) as e:
        replay(loads(text))
    return e.value


def test_ifp_26_stud_a_bet_by_the_player_not_bringing_it_in_is_out_of_turn_in_file_numbers():
    """IFP 26: p2 raises while p1 (the 2s, the low door card, TDA RP-10) must bring it in."""
    e = refusal(STUD.format("'p2 cbr 5'"))
    assert e.action == 3
    assert "p2 cannot bet or raise out of turn: it is p1's turn" in str(e)
    assert str(e).endswith("(IFP 26)") and "IFP 31" not in str(e) and "player 0" not in str(e)


def test_ifp_26_holdem_a_fold_before_the_action_reaches_the_player_in_file_numbers():
    """IFP 26: p1 (the small blind) folds before p3 (first to act pre-flop, three-handed)."""
    e = refusal(HOLDEM.format("'p1 f'"))
    assert "p1 cannot fold out of turn: it is p3's turn" in str(e) and "(IFP 26)" in str(e)
    assert "IFP 25" not in str(e) and "player 2" not in str(e)


def test_ifp_26_an_action_while_no_player_may_act_is_out_of_turn():
    """IFP 26: the pre-flop round is closed (p3 and p1 called, p2 checked), the flop not yet
    dealt: an action by anyone then is out of turn."""
    e = refusal(HOLDEM.format("'p3 cc', 'p1 cc', 'p2 cc', 'p2 cbr 4'"))
    assert e.action == 6
    assert "p2 cannot bet or raise out of turn: no player may act now" in str(e)
    assert "(IFP 26)" in str(e)


def test_other_refusals_name_the_file_players_too():
    """IFP 37 (a raise below the minimum) refused as before, its players named p1 .. pN."""
    e = refusal(HOLDEM.format("'p3 cbr 3'"))
    assert "below the minimum raise-to 4" in str(e) and "p3:" in str(e)
    assert "player 2" not in str(e)


def test_cli_replay_reports_the_out_of_turn_action_of_a_crafted_file(tmp_path):
    """The crafted file through `pokertd phh replay`: one JSON line naming action 3, p2, IFP 26."""
    path = tmp_path / "out-of-turn.phh"
    path.write_text(STUD.format("'p2 cbr 5'"))
    result = CliRunner().invoke(app, ["phh", "replay", str(path)])
    line = json.loads(result.output.strip().splitlines()[-1])
    assert line["ok"] is False and line["action"] == 3
    assert "p2 cannot bet or raise out of turn" in line["error"] and "IFP 26" in line["error"]
