"""Mixed games in tournaments: a structure's games and rotation, the HORSE preset, the button
frozen through stud (IFP 11b, TDA 11-B), stud eight-handed (WPA 2), and simulated HORSE
tournaments (pokertd simulate --structure horse)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.sim import simulate
from pokertd.tournament import events as ev
from pokertd.tournament.director import Tournament
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.structure import Structure, StructureError, load_preset

runner = CliRunner()


def mixed_structure(**kw):
    base = dict(name="mixed", starting_stack=2000, max_players_per_table=8, final_table_size=8,
                games=["FT", "F7S"], rotation="level", periods=[
                    {"minutes": 10, "small_blind": 10, "big_blind": 20, "stud_ante": 4, "bring_in": 5},
                    {"minutes": 10, "small_blind": 20, "big_blind": 40, "stud_ante": 8, "bring_in": 10},
                    {"minutes": 10, "small_blind": 30, "big_blind": 60, "stud_ante": 12, "bring_in": 15},
                ])
    base.update(kw)
    return Structure.from_dict(base)


def started(structure, n=6, rules=None):
    cfg = TournamentConfig(structure=structure) if rules is None else TournamentConfig(
        structure=structure, rules=rules)
    t = Tournament(cfg, seed=5)
    for i in range(1, n + 1):
        t.register(f"p{i}")
    t.start(0)
    return t


def deal(t, now):
    """One hand at table 1 with no chips changing hands; its setup."""
    setup = t.next_hand(1, now)
    t.record_hand(setup, setup.stacks, now)
    return setup


def test_horse_preset_rotates_the_five_games_eight_handed():
    s = load_preset("horse")
    assert s.games == ("FT", "FO/8", "FR", "F7S", "F7S/8") and s.rotation == "orbit"
    assert s.max_players_per_table == 8                       # WPA 2
    assert all(lv.bring_in and lv.stud_ante for lv in s.levels)
    assert Structure.from_dict(s.to_dict()) == s


def test_wpa_2_stud_is_played_eight_handed():
    with pytest.raises(StructureError, match="WPA 2"):
        mixed_structure(max_players_per_table=9, final_table_size=9)


def test_tda_rp_10_stud_level_needs_a_bring_in():
    with pytest.raises(StructureError, match="level 1: stud needs a bring-in"):
        mixed_structure(games=["F7S"], periods=[{"minutes": 10, "small_blind": 10, "big_blind": 20}])


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(StructureError, match="unknown game 'X'"):
        mixed_structure(games=["FX"])


def test_level_rotation_one_game_a_level():
    t = started(mixed_structure())
    assert deal(t, 0).game == "FT"
    assert deal(t, 600).game == "F7S"
    assert deal(t, 1200).game == "FT"


def test_ifp_11b_tda_11_b_the_button_freezes_during_stud():
    """After the last hold'em hand the button goes where the next hold'em hand would have it
    and stays there through stud; hold'em resumes there."""
    t = started(mixed_structure())
    first = deal(t, 0)
    holdem = [deal(t, 1) for _ in range(3)]
    nxt = t.floor.tables[1].button.peek(t.floor.tables[1].seats)    # where hold'em would go
    studs = [deal(t, 600) for _ in range(4)]
    assert {s.game for s in studs} == {"F7S"}
    assert all(s.positions.button == nxt.button and s.positions.big_blind == nxt.big_blind
               for s in studs)
    back = deal(t, 1200)
    assert back.game == "FT" and back.positions.button == nxt.button
    assert back.positions.hand == studs[-1].positions.hand + 1
    assert first.positions.button != holdem[-1].positions.button        # hold'em moved it


def test_orbit_rotation_one_orbit_of_each_game_per_table():
    t = started(mixed_structure(rotation="orbit", games=["FT", "FO/8", "FR"]))
    games = [deal(t, 0).game for _ in range(6 * 4)]
    assert games == ["FT"] * 6 + ["FO/8"] * 6 + ["FR"] * 6 + ["FT"] * 6


def test_the_rotation_and_the_frozen_button_survive_a_replay():
    t = started(mixed_structure(rotation="orbit", games=["FT", "F7S"]))
    for _ in range(9):
        deal(t, 0)
    again = Tournament.replay([ev.to_dict(e) for e in t.events])
    assert again.orbits == t.orbits
    assert again.next_hand(1, 0) == t.next_hand(1, 0)
    assert [e.game for e in again.events if isinstance(e, ev.HandPlayed)] == \
        ["FT"] * 6 + ["F7S"] * 3


def test_a_simulated_horse_tournament_plays_every_game_to_a_winner():
    r = simulate(20, preset="wpa", seed=4, structure="horse", check=True)
    played = Counter(e.game for e in r.tournament.events if isinstance(e, ev.HandPlayed))
    assert set(played) == {"FT", "FO/8", "FR", "F7S", "F7S/8"}
    assert r.tournament.finished and len(r.results) == 20
    assert 100 < r.hands < 5000                                  # a plausible length
    assert max(len(e.players) for e in r.tournament.events if isinstance(e, ev.HandPlayed)) <= 8


def test_cli_simulate_structure_horse():
    result = runner.invoke(app, ["simulate", "--players", "12", "--structure", "horse",
                                 "--seed", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["players"] == 12 and data["hands"] > 0
    bad = runner.invoke(app, ["simulate", "--players", "12", "--structure", "omaha"])
    assert bad.exit_code == 2


def test_tda_rp_18_the_house_orders_the_games_stud_and_stud_8_apart():
    t = started(mixed_structure(rotation="orbit", games=["FT", "F7S", "FO/8", "F7S/8"]))
    games = [deal(t, 0).game for _ in range(6 * 4)]
    assert games == ["FT"] * 6 + ["F7S"] * 6 + ["FO/8"] * 6 + ["F7S/8"] * 6


def test_ifp_11a_stud_only_events_balance_by_position():
    """IFP 11a / TDA 11-A / WPA 5: in stud-only events the seat that opened last at the short
    table is filled, from the same position at the full table; HORSE balances as flop games."""
    from pokertd.tournament.director import Bust
    s = mixed_structure(games=["F7S", "FR"], rotation="orbit")
    assert s.stud_only and not load_preset("horse").stud_only
    t = Tournament(TournamentConfig(structure=s), seed=5, dealt=False)     # a live event
    for i in range(1, 17):
        t.register(f"p{i}")
    t.start(0)
    fl = t.floor
    short, full = fl.tables[1], fl.tables[2]                    # eight and eight
    victims = [p for p in short.seats if p is not None][:2]
    last = next(k + 1 for k, p in enumerate(short.seats) if p == victims[1])
    expected = next(s_ for d in range(8) if full.seats[(s_ := (last - 1 + d) % 8 + 1) - 1] is not None)
    t.eliminate([Bust(victims[0], short.id)])
    t.eliminate([Bust(victims[1], short.id)])
    moves = [e for e in t.rearrange(0) if isinstance(e, ev.Moved)]
    assert [(m.from_table, m.from_seat, m.to_table, m.to_seat) for m in moves] == [
        (full.id, expected, short.id, last)]                          # the last seat to open
