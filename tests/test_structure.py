"""Tournament structure: validated plain data and the Gananda preset."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.tournament.structure import (
    Addon,
    Break,
    Level,
    Rebuys,
    Structure,
    StructureError,
    load_preset,
)

# The Gananda structure table (rules/gananda-league-rules-2014-15.txt: Tournament Structure):
# (label, minutes, small blind, big blind, start "h:mm", chip up)
GANANDA_TABLE = [
    ("Round 1", 25, 5, 10, "0:00"), ("Round 2", 25, 10, 20, "0:25"),
    ("Round 3", 25, 25, 50, "0:50"), ("Round 4", 25, 40, 80, "1:15"),
    ("Break 1", 10, None, None, "1:40"),
    ("Round 5", 20, 50, 100, "1:50"), ("Round 6", 20, 75, 150, "2:10"),
    ("Round 7", 20, 100, 200, "2:30"), ("Round 8", 20, 150, 300, "2:50"),
    ("Round 9", 20, 200, 400, "3:10"),
    ("Break 2", 10, None, None, "3:30"),
    ("Round 10", 20, 300, 600, "3:40"), ("Round 11", 20, 400, 800, "4:00"),
    ("Round 12", 20, 500, 1000, "4:20"), ("Round 13", 20, 600, 1200, "4:40"),
    ("Round 14", 20, 1000, 2000, "5:00"),
    ("Break 3", 10, None, None, "5:20"),
    ("Round 15", 15, 1500, 3000, "5:30"), ("Round 16", 15, 2000, 4000, "5:45"),
    ("Round 17", 15, 2500, 5000, "6:00"), ("Round 18", 15, 3000, 6000, "6:15"),
    ("Round 19", 15, 3500, 7000, "6:30"),
]


def _lv(minutes=20, sb=5, bb=10, **kw):
    return {"minutes": minutes, "small_blind": sb, "big_blind": bb, **kw}


def _structure(*periods, **kw):
    return Structure.from_dict({"starting_stack": 1500, "periods": list(periods), **kw})


def test_gananda_tournament_structure_preset_matches_the_league_table():
    """Gananda: Tournament Structure: 19 rounds, three chip-up breaks, start times as printed."""
    s = load_preset("gananda")
    assert s.name == "gananda"
    assert (s.level_count, s.break_count) == (19, 3)
    assert len(s.periods) == len(GANANDA_TABLE)
    for i, (label, minutes, sb, bb, start) in enumerate(GANANDA_TABLE):
        p = s.periods[i]
        assert p.minutes == minutes, label
        h, m = start.split(":")
        assert s.period_start(i) == (int(h) * 60 + int(m)) * 60, label
        if label.startswith("Break"):
            assert p.kind == "break" and p.chip_up, label
        else:
            assert (p.kind, p.small_blind, p.big_blind, p.ante) == ("level", sb, bb, 0), label
            assert s.level(int(label.split()[1])) is p
    assert [b.color_up for b in s.breaks] == [(5,), (25,), (50,)]
    assert s.total_seconds == (6 * 60 + 45) * 60


def test_gananda_house_settings_in_the_preset():
    """Gananda: starting stack 1500, 10 a table (Seating), balance at two (Moving Players),
    final table of 10 (Final Table), absent stacks out at level 3, no rebuys, no add-ons."""
    s = load_preset("gananda")
    assert s.starting_stack == 1500
    assert s.max_players_per_table == 10
    assert s.balance_difference == 2
    assert s.final_table_size == 10
    assert s.absent_stack_removed_at_level == 3
    assert s.rebuys is None and s.addon is None
    assert not s.rebuy_allowed(1, 0, 0)
    assert not s.addon_allowed(4, 1500, 0)
    assert s.late_registration_until_level is None and not s.registration_open(1)


def test_chip_up_break_names_the_denomination_going_out():
    s = load_preset("gananda")
    b = s.periods[s.period_index_of_break(2)]
    assert isinstance(b, Break) and b.color_up == (25,)
    # Every blind after a chip-up break is payable without the chips that went out.
    gone: set[int] = set()
    for p in s.periods:
        if p.kind == "break":
            gone |= set(p.color_up)
        else:
            smallest_left = min({5, 25, 50, 100, 500} - gone)
            assert p.small_blind % smallest_left == 0 and p.big_blind % smallest_left == 0


def test_level_of_zero_minutes_is_refused_naming_the_level():
    with pytest.raises(StructureError, match=r"level 2: a duration of 0 minutes"):
        _structure(_lv(), _lv(minutes=0, sb=10, bb=20))


def test_big_blind_below_small_blind_is_refused_naming_the_level():
    with pytest.raises(StructureError,
                       match=r"level 3: big blind 80 is lower than the small blind 100"):
        _structure(_lv(), _lv(sb=10, bb=20), _lv(sb=100, bb=80))


def test_non_increasing_blinds_are_refused_naming_the_level():
    with pytest.raises(StructureError, match=r"level 2: blinds 5/10 do not increase"):
        _structure(_lv(), _lv())
    with pytest.raises(StructureError, match=r"level 3: big blind 50 is lower than level 2's"):
        _structure(_lv(), _lv(sb=50, bb=100), _lv(sb=50, bb=50))


def test_antes_never_reduced_tda_rp_11():
    """TDA RP-11: antes are not reduced as play progresses; a big-blind ante is one format."""
    ok = _structure(_lv(), _lv(sb=5, bb=10, big_blind_ante=10), _lv(sb=10, bb=20,
                                                                      big_blind_ante=20))
    assert ok.level(2).big_blind_ante == 10
    with pytest.raises(StructureError, match=r"level 3: ante 5 is lower than level 2's ante 10"):
        _structure(_lv(), _lv(sb=10, bb=20, ante=10), _lv(sb=20, bb=40, ante=5))
    with pytest.raises(StructureError, match=r"level 1: both an ante and a big-blind ante"):
        _structure(_lv(ante=1, big_blind_ante=10))


def test_break_problems_name_the_break():
    with pytest.raises(StructureError, match=r"break 1: a duration of 0 minutes"):
        _structure(_lv(), {"kind": "break", "minutes": 0}, _lv(sb=10, bb=20))
    with pytest.raises(StructureError, match=r"break 2: chip 5 already went out at break 1"):
        _structure(_lv(), {"kind": "break", "minutes": 10, "color_up": [5]}, _lv(sb=10, bb=20),
                   {"kind": "break", "minutes": 10, "color_up": [5]}, _lv(sb=20, bb=40))
    with pytest.raises(StructureError, match=r"break 2: follows break 1"):
        _structure(_lv(), {"kind": "break", "minutes": 10}, {"kind": "break", "minutes": 10},
                   _lv(sb=10, bb=20))
    with pytest.raises(StructureError, match=r"ends with a level"):
        _structure(_lv(), {"kind": "break", "minutes": 10})
    with pytest.raises(StructureError, match=r"starts with a level"):
        _structure({"kind": "break", "minutes": 10}, _lv())


def test_wrong_types_and_unknown_fields_are_refused():
    with pytest.raises(StructureError, match="minutes"):
        _structure(_lv(minutes=12.5))
    with pytest.raises(StructureError, match="blinds"):
        _structure({**_lv(), "blinds": 3})
    with pytest.raises(StructureError, match="period 2: kind 'pause'"):
        _structure(_lv(), {"kind": "pause", "minutes": 10})


def test_table_settings_are_checked():
    with pytest.raises(StructureError, match="final table of 10 players is more than 9"):
        _structure(_lv(), max_players_per_table=9, final_table_size=10)
    with pytest.raises(StructureError, match="late registration until level 4, but the "
                                             "structure has 1 levels"):
        _structure(_lv(), late_registration_until_level=4)


def test_wpa_2_nine_players_per_table():
    """WPA 2: flop events are played 9-handed."""
    s = _structure(_lv(), max_players_per_table=9, final_table_size=9)
    assert s.max_players_per_table == 9


def test_ifp_59_rebuys_in_the_rebuy_period_up_to_the_limit():
    """IFP 59: an eligible player may rebuy before the next hand is dealt; the period and the
    per-player limit are the event's."""
    s = _structure(_lv(), _lv(sb=10, bb=20), _lv(sb=20, bb=40),
                   rebuys={"until_level": 2, "chips": 1500, "max_per_player": 2,
                           "max_stack": 1500})
    assert s.rebuy_allowed(1, 0, 0)
    assert s.rebuy_allowed(2, 1500, 1)
    assert not s.rebuy_allowed(2, 1501, 0)   # above the eligible stack
    assert not s.rebuy_allowed(2, 0, 2)      # limit reached
    assert not s.rebuy_allowed(3, 0, 0)      # period over


def test_wpa_6_addon_after_the_rebuy_period_with_at_least_one_chip():
    """WPA 6: the add-on comes after the last hand of the rebuy period, before the first hand
    of the next level, and needs at least one chip."""
    s = _structure(_lv(), _lv(sb=10, bb=20), _lv(sb=20, bb=40),
                   rebuys={"until_level": 2, "chips": 1500},
                   addon={"after_level": 2, "chips": 3000})
    assert isinstance(s.addon, Addon) and isinstance(s.rebuys, Rebuys)
    assert s.addon_allowed(2, 1, 0)
    assert not s.addon_allowed(2, 0, 0)
    assert not s.addon_allowed(2, 100, 1)
    assert not s.addon_allowed(1, 100, 0)
    with pytest.raises(StructureError, match="add-on after level 1 falls inside the rebuy period"):
        _structure(_lv(), _lv(sb=10, bb=20), rebuys={"until_level": 2, "chips": 1},
                   addon={"after_level": 1, "chips": 1})


def test_late_registration_until_a_level():
    s = _structure(_lv(), _lv(sb=10, bb=20), _lv(sb=20, bb=40), late_registration_until_level=2)
    assert [s.registration_open(n) for n in (1, 2, 3)] == [True, True, False]


def test_toml_and_json_round_trip():
    s = load_preset("gananda")
    again = Structure.from_json(json.dumps(s.to_dict()))
    assert again == s
    assert again.period_start(5) == s.period_start(5)
    with pytest.raises(StructureError, match="not TOML"):
        Structure.from_toml("periods = [")
    with pytest.raises(StructureError, match="unknown structure preset 'nope'"):
        load_preset("nope")


def test_models_are_frozen_and_usable_directly():
    lv = Level(minutes=10, small_blind=25, big_blind=50)
    with pytest.raises(Exception):
        lv.minutes = 5  # type: ignore[misc]
    s = Structure(starting_stack=1000, periods=(lv, Break(minutes=5),
                                                Level(minutes=10, small_blind=50, big_blind=100)))
    assert s.period_at(0) == 0 and s.period_at(600) == 1 and s.period_at(10**9) == 2
    assert s.level_number_at(1) == 1 and s.level_number_at(2) == 2


@given(st.lists(st.tuples(st.integers(1, 60), st.integers(1, 10**6), st.integers(0, 10**6)),
                min_size=1, max_size=30))
def test_any_increasing_structure_is_accepted_and_levels_tile_the_time(raw):
    """Property: blinds that keep rising are accepted; periods tile the schedule."""
    periods, sb, bb = [], 0, 0
    for minutes, dsb, dbb in raw:
        sb += dsb
        bb = max(bb, sb) + dbb
        periods.append(_lv(minutes=minutes, sb=sb, bb=bb))
    s = _structure(*periods)
    t = 0
    for i, p in enumerate(s.periods):
        assert s.period_start(i) == t and s.period_at(t) == i
        t += p.minutes * 60
        assert s.period_at(t - 1) == i
    assert s.total_seconds == t


def test_mixed_is_a_rotation_or_a_level_with_its_own_game():
    """``Structure.mixed`` (known once when the structure is built, asked twice a dealt hand):
    true for a rotation of games or a level dealing its own game, false for no-limit
    hold'em throughout; a copy with other games gets its own answer."""
    import dataclasses

    gananda = load_preset("gananda")
    horse = load_preset("horse")
    assert not gananda.mixed and horse.mixed and horse.games
    one_game = Structure(name="one", starting_stack=1000, periods=[
        {"minutes": 10, "small_blind": 10, "big_blind": 20},
        {"minutes": 10, "small_blind": 20, "big_blind": 40, "game": "FT"}])
    assert one_game.mixed and not one_game.games
    assert dataclasses.replace(horse, games=()).mixed is False
    assert dataclasses.replace(gananda, games=("FT", "FO/8")).mixed is True


def test_ifp_56_a_chip_up_takes_the_smallest_colour_in_play() -> None:
    """IFP 56: chips change "to the next higher denomination in play": a structure whose break
    takes out the 25 while the 5 is still in play is refused when the event is configured (a
    forecast or a live event would otherwise fail at that break), naming the chips in play."""
    from pokertd.tournament.house import TournamentConfig

    def config(*color_ups):
        periods = [{"minutes": 20, "small_blind": 25, "big_blind": 50}]
        for n, going in enumerate(color_ups, 1):
            periods += [{"kind": "break", "minutes": 10, "color_up": going},
                        {"minutes": 20, "small_blind": 100 * n, "big_blind": 200 * n}]
        return TournamentConfig(structure=Structure.from_dict(
            {"starting_stack": 10000, "periods": periods}))

    assert config([5], [25]).structure.breaks  # the Gananda chips: 5 then 25 go, in order
    with pytest.raises(ValueError, match=r"break 1: chip-up \[25\] is not the smallest colours "
                                         r"in play \(IFP 56\): the chips in play then are "
                                         r"\[5, 25, 50, 100, 500\]"):
        config([25])
    with pytest.raises(ValueError, match=r"break 2: chip-up \[50\].*\[25, 50, 100, 500\]"):
        config([5], [50])
    with pytest.raises(ValueError, match="one colour must stay"):
        config([5, 25, 50, 100, 500])
