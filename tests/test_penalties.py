"""Penalties given by the director (IFP 70, WPA 41, TDA 71): the hands missed counted as the
books count them, one per player at the table per round; the penalised player dealt in as an
absent player while away; a disqualified player's chips removed from play."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset


def dealt(n: int, preset: str = "ifp-2012") -> Tournament:
    t = Tournament(config_preset(preset), seed=5, dealt=True)
    for i in range(1, n + 1):
        t.register(f"p{i:02d}")
    t.start(0)
    return t


def test_ifp_70_rounds_one_hand_per_player_at_his_table_times_rounds():
    t = dealt(6)
    out = t.penalize("p01", "rounds", rounds=2)
    assert [(e.type, e.hands, e.rule) for e in out] == [("penalized", 12, "IFP 70")]
    assert t.players["p01"].penalty == 12
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_ifp_70_penalised_player_dealt_in_as_absent_each_hand_counts_one():
    t = dealt(6)
    t.penalize("p02", "hands", hands=1)
    table = t.floor.where["p02"][0]
    setup = t.next_hand(table, 1)
    assert setup.absent[setup.players.index("p02")]        # away, but dealt in
    t.record_hand(setup, setup.stacks, 1)
    assert t.players["p02"].penalty == 0
    assert not any(t.next_hand(table, 2).absent)


def test_wpa_41_no_one_hand_penalty_and_at_most_four_rounds():
    t = dealt(6, "wpa")
    with pytest.raises(DirectorError, match="WPA 41"):
        t.penalize("p01", "hands", hands=1)
    with pytest.raises(DirectorError, match="1 to 4 rounds"):
        t.penalize("p01", "rounds", rounds=5)
    assert not any(e.type == "penalized" for e in t.events)


def test_tda_71_any_number_of_rounds():
    t = dealt(6, "tda-2024")
    assert t.penalize("p03", "rounds", rounds=6)[0].hands == 36


def test_ifp_70_disqualified_chips_removed_from_play():
    t = dealt(6)
    stack = t.players["p04"].stack
    chips = t.chips
    out = t.penalize("p04", "disqualification")
    assert [e.type for e in out] == ["penalized", "busted"]
    assert t.players["p04"].out and out[1].removed == stack and t.chips == chips - stack
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_warning_changes_nothing_but_the_log():
    t = dealt(4)
    out = t.penalize("p01", "warning")
    assert out[0].hands == 0 and t.players["p01"].penalty == 0


def test_cli_tournament_penalty(tmp_path):
    from pokertd.cli import app
    runner = CliRunner()
    db = f"sqlite:///{tmp_path / 'p.db'}"
    assert runner.invoke(app, ["tournament", "new", "Fri", "--db", db]).exit_code == 0
    for p in ("ann", "bob", "cat"):
        assert runner.invoke(app, ["tournament", "register", "Fri", p, "--db", db]).exit_code == 0
    assert runner.invoke(app, ["tournament", "start", "Fri", "--db", db]).exit_code == 0
    r = runner.invoke(app, ["tournament", "penalty", "Fri", "bob", "--penalty", "rounds",
                            "--rounds", "1", "--db", db])
    assert r.exit_code == 0, r.output
    assert "bob misses 3 hands" in r.output and "IFP 70" in r.output
    r = runner.invoke(app, ["tournament", "penalty", "Fri", "bob", "--penalty", "rounds",
                            "--rounds", "9", "--db", db])
    assert r.exit_code == 2 and "Error:" in r.output
