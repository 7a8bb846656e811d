"""RuleSet presets: one named field per disagreement of RULESETS.md, each with its rule ids."""

from __future__ import annotations


import pytest

from pokertd.rules import DEFAULT_PRESET, PRESETS, RuleSet, field_doc, field_names, field_rules, get_rules


def test_presets_exist_and_ifp_2012_is_the_default():
    assert set(PRESETS) == {"ifp-2012", "wpa", "tda-2024"}
    assert DEFAULT_PRESET == "ifp-2012"
    assert get_rules() is PRESETS["ifp-2012"]
    assert get_rules("wpa").name == "wpa"
    assert RuleSet.preset("tda-2024") is PRESETS["tda-2024"]


def test_unknown_preset_is_refused():
    with pytest.raises(ValueError, match="unknown rules preset"):
        RuleSet.preset("robert")


def test_every_field_names_its_rules():
    for name in field_names():
        if name == "name":
            continue
        rules = field_rules(name)
        assert rules, name
        assert field_doc(name), name


def test_rulesets_rows_have_fields():
    # One field per row of RULESETS.md (live-table and tournament rows included).
    names = set(field_names())
    for row_field in ("raise_completion", "short_allins_accumulate", "limit_bets_per_round",
                      "limit_cap_until_heads_up", "two_motion_raise", "oversized_chip",
                      "multiple_chips", "unclear_amount", "out_of_turn", "showdown_order",
                      "see_hand_policy", "odd_chips", "side_pot_order", "same_hand_bustouts",
                      "balancing_mover", "balancing_halt_short", "broken_table_seating",
                      "final_table_redraw", "button_start", "dead_button", "heads_up_button",
                      "ante_format", "chip_race", "clock_seconds", "hand_for_hand",
                      "end_of_day_hands", "substantial_action", "board_errors", "penalties",
                      "deals_allowed"):
        assert row_field in names


def test_tda_47_preset_differences():
    """TDA 47 (short all-ins add up), TDA 42 (no two-motion raise), TDA 43, TDA RP-11."""
    ifp, tda, wpa = PRESETS["ifp-2012"], PRESETS["tda-2024"], PRESETS["wpa"]
    assert not ifp.short_allins_accumulate and tda.short_allins_accumulate
    assert ifp.two_motion_raise and wpa.two_motion_raise and not tda.two_motion_raise
    assert ifp.raise_completion == "150%-of-previous-bet"
    assert wpa.raise_completion == "50%-of-previous-bet"
    assert tda.raise_completion == "50%-of-raise-increment"
    assert tda.ante_format == "big-blind" and ifp.ante_format == "per-player"
    assert wpa.balancing_halt_short == 2 and ifp.balancing_halt_short == 3
    assert tda.clock_seconds == 25


def test_house_override_and_round_trip():
    house = PRESETS["ifp-2012"].override("gananda", side_pot_order="largest-stacks-first")
    assert house.name == "gananda" and house.side_pot_order == "largest-stacks-first"
    assert RuleSet.from_dict(house.to_dict()) == house
    with pytest.raises(ValueError, match="unknown RuleSet field"):
        PRESETS["wpa"].override(no_such_field=1)
