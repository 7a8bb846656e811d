"""Chip sets (the Gananda preset) and the chip race: IFP 56, WPA 14, TDA 24."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.cards import parse_cards
from pokertd.tournament.chip_race import ChipRaceError, chip_race, chips_to_race
from pokertd.tournament.chips import (
    GANANDA_CHIPS,
    ChipSetError,
    fewest_chips,
    load_chip_set,
    removable_denominations,
)


class StackedDeck(random.Random):
    """An injected RNG whose 'shuffle' puts the named cards on top, in order (a stacked deck)."""

    def __init__(self, top: str):
        super().__init__(0)
        self.top = list(parse_cards(top))

    def shuffle(self, x):
        rest = [c for c in x if c not in self.top]
        x[:] = self.top + rest


# --- chip sets ----------------------------------------------------------------------------

def test_gananda_tournament_structure_chip_set():
    """Gananda: Tournament Structure. Red $5 x25, green $25 x13, blue $50 x7, black $100 x2,
    white $500 x1: 1500 chips a player."""
    rows = [(c.colour, c.value, c.count) for c in GANANDA_CHIPS.chips]
    assert rows == [("red", 5, 25), ("green", 25, 13), ("blue", 50, 7), ("black", 100, 2), ("white", 500, 1)]
    assert GANANDA_CHIPS.starting_stack == 1500
    assert GANANDA_CHIPS.rule == "Gananda: Tournament Structure"
    assert load_chip_set("gananda") == GANANDA_CHIPS


def test_chip_set_validation():
    def chips(*rows):
        return {"name": "house", "chips": [dict(zip(("colour", "value", "count"), r)) for r in rows]}
    with pytest.raises(ChipSetError, match="smallest first"):
        load_chip_set(chips(("red", 25, 1), ("white", 5, 1)))
    with pytest.raises(ChipSetError, match="used twice"):
        load_chip_set(chips(("red", 5, 1), ("Red", 25, 1)))
    with pytest.raises(ChipSetError, match="multiple of the smallest"):
        load_chip_set(chips(("red", 25, 1), ("blue", 60, 1)))
    with pytest.raises(ChipSetError, match="positive whole number"):
        load_chip_set(chips(("red", 0, 1)))
    with pytest.raises(ChipSetError, match="count"):
        load_chip_set(chips(("red", 5, -1)))
    with pytest.raises(ChipSetError, match="colour is missing"):
        load_chip_set(chips(("", 5, 1)))
    with pytest.raises(ChipSetError, match="no chips"):
        load_chip_set({"name": "house", "chips": []})
    with pytest.raises(ChipSetError, match="no chip set preset"):
        load_chip_set("nowhere")


def test_chip_set_round_trips_as_data(tmp_path):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(GANANDA_CHIPS.to_dict()))
    assert load_chip_set(path) == GANANDA_CHIPS
    assert GANANDA_CHIPS.without([5]).values == (25, 50, 100, 500)


def test_removable_denominations_at_the_gananda_breaks():
    """The colours no later level needs (blinds from the Gananda structure table): break 1
    can take the 5; break 2 the 25 and the 50; break 3 the 100 (once the 50 is gone)."""
    after_break_1 = [50, 100, 75, 150, 100, 200, 150, 300, 200, 400]
    after_break_2 = [300, 600, 400, 800, 500, 1000, 600, 1200, 1000, 2000]
    after_break_3 = [1500, 3000, 2000, 4000, 2500, 5000, 3000, 6000, 3500, 7000]
    assert removable_denominations(GANANDA_CHIPS, after_break_1 + after_break_2 + after_break_3) == (5,)
    assert removable_denominations(GANANDA_CHIPS.without([5]), after_break_2 + after_break_3) == (25, 50)
    assert removable_denominations(GANANDA_CHIPS.without([5, 25]), after_break_3) == (50, 100)
    assert fewest_chips(75, (25, 50)) == 2 and fewest_chips(15, (5,)) == 3 and fewest_chips(7, (5,)) is None


# --- the race -----------------------------------------------------------------------------

def test_ifp_56_odd_chips_round_up_at_50_percent_or_more():
    """IFP 56: an odd number of chips is rounded up (50% or more) or down (less than 50%)."""
    assert chips_to_race(65, 25, "half-up") == 3      # 2 chips and 15/25 = 60%: up
    assert chips_to_race(60, 25, "half-up") == 2      # 2 chips and 10/25 = 40%: down
    assert chips_to_race(50, 100, "half-up") == 1     # exactly 50%: up
    # Reds go out, greens stay: odd reds 15 + 20 + 10 + 20 = 65 -> three green chips raced.
    result = chip_race({1: 1015, 2: 520, 3: 510, 4: 1020}, GANANDA_CHIPS, 5, seed=1)
    assert (result.total_odd_value, result.chips_raced, result.new_denomination) == (65, 3, 25)
    assert result.rule == "IFP 56"
    result = chip_race({1: 1015, 2: 520, 3: 505, 4: 1020}, GANANDA_CHIPS, 5, seed=1)
    assert (result.total_odd_value, result.chips_raced) == (60, 2)


def test_ifp_56_race_starts_in_seat_1_and_highest_card_wins():
    """IFP 56: 'The chip race will always start in the No.1 seat': one card per odd chip, dealt
    clockwise from seat 1, round after round. The highest card (rank, then suit) wins."""
    # Seats 2, 5 and 9 hold 2, 1 and 2 odd reds (10 + 5 + 10 = 25: one green raced).
    stacks = {9: 1010, 2: 1010, 5: 1005}
    result = chip_race(stacks, GANANDA_CHIPS, 5, rng=StackedDeck("2c 3c 4c 5c Ks"))
    cards = {e.seat: e.cards for e in result.entries}
    # Round 1: seat 2, 5, 9; round 2: seats 2 and 9 (their second odd chip).
    assert cards == {2: ("2c", "5c"), 5: ("3c",), 9: ("4c", "Ks")}
    assert result.winners == (9,)
    assert result.stacks == {2: 1000, 5: 1000, 9: 1025}
    # Same rank: the suit decides (spades over hearts over diamonds over clubs).
    result = chip_race({1: 1005, 2: 1005}, GANANDA_CHIPS, 5, rng=StackedDeck("Kh Ks"))
    assert result.chips_raced == 0     # 10 of 25 is 40%: nothing raced
    result = chip_race({1: 1015, 2: 1015}, GANANDA_CHIPS, 5, rng=StackedDeck("Kh Ks 2c 3c 4c 5c"))
    assert result.chips_raced == 1 and result.winners == (2,)


def test_ifp_56_maximum_one_chip_per_player():
    """IFP 56: 'a maximum of one chip going to any player', even holding the best cards."""
    # Odd reds: seat 1 20 (4 chips), seat 2 15 (3), seat 3 10 (2): 45 = 1 green + 80% -> 2 greens.
    stacks = {1: 1020, 2: 1015, 3: 1010}
    # Deal order: round 1 seats 1,2,3; round 2 seats 1,2,3; round 3 seats 1,2; round 4 seat 1.
    # Seat 1 gets As, Ks, Qs, Js: the four best cards; seat 2: 2c, 3c, 4c; seat 3: 5c, 6c.
    result = chip_race(stacks, GANANDA_CHIPS, 5, rng=StackedDeck("As 2c 5c Ks 3c 6c Qs 4c Js"))
    assert result.chips_raced == 2
    assert [e.cards for e in result.entries] == [("As", "Ks", "Qs", "Js"), ("2c", "3c", "4c"), ("5c", "6c")]
    assert result.winners == (1, 3)            # seat 1 wins one chip only; the next is seat 3's 6c
    assert result.stacks == {1: 1025, 2: 1000, 3: 1025}


def test_ifp_56_player_cannot_be_raced_out():
    """IFP 56: 'a player who loses his remaining chip(s) in a chip race will be given one chip
    of the smallest denomination still in play'."""
    result = chip_race({1: 10, 2: 1005}, GANANDA_CHIPS, 5, rng=StackedDeck("2c As 3c"))
    seat1 = result.entries[0]
    assert (seat1.odd_chips, seat1.won, seat1.given_smallest_chip, seat1.stack_after) == (2, False, True, 25)
    assert result.stacks == {1: 25, 2: 1025}   # 15 raced: 60% of a green, one chip, to seat 2


def test_wpa_14_same_race_under_the_wpa_preset():
    """WPA 14: the same race: one chip max, from seat 1, 50% rounds up, never raced out."""
    result = chip_race({1: 1015, 2: 520, 3: 510, 4: 1020}, GANANDA_CHIPS, 5, preset="wpa", seed=3)
    assert result.rule == "WPA 14"
    assert result.chips_raced == 3 and len(result.winners) == 3


def test_tda_24_leftovers_removed_and_no_one_raced_out():
    """TDA 24: no rounding up: odd chips that do not make a whole chip still in play are removed
    without compensation (24C); a player raced out gets 1 chip of the lowest denomination (24A)."""
    stacks = {1: 1015, 2: 520, 3: 510, 4: 1020}      # 65 odd: IFP races 3 chips
    result = chip_race(stacks, GANANDA_CHIPS, 5, preset="tda-2024", seed=1)
    assert (result.rule, result.rounding, result.chips_raced) == ("TDA 24", "down", 2)
    assert result.chips_change == 2 * 25 - 65
    out = chip_race({1: 20, 2: 1005}, GANANDA_CHIPS, 5, preset="tda-2024", seed=1)
    assert out.chips_raced == 1 and out.stacks[1] == 25   # wins the chip, or is given one
    alone = chip_race({1: 15, 2: 1000}, GANANDA_CHIPS, 5, preset="tda-2024", seed=1)
    assert alone.chips_raced == 0 and alone.stacks == {1: 25, 2: 1000}
    assert alone.entries[0].given_smallest_chip


def test_two_colours_going_out_count_odd_chips_in_the_fewest_chips():
    """Greens and blues go out together to blacks: 75 odd is a blue and a green, two cards."""
    in_play = GANANDA_CHIPS.without([5])
    result = chip_race({1: 2075, 2: 1550, 3: 1025}, in_play, [25, 50], rng=StackedDeck("2c 3c 4c As"))
    assert [(e.odd_value, e.odd_chips) for e in result.entries] == [(75, 2), (50, 1), (25, 1)]
    assert result.new_denomination == 100 and result.chips_raced == 2     # 150 -> 1 + 50% -> 2
    assert result.winners == (1, 3)
    assert result.stacks == {1: 2100, 2: 1500, 3: 1100}


def test_chip_race_is_reproducible_and_plain_data():
    stacks = {s: 1000 + 5 * s for s in range(1, 11)}
    a = chip_race(stacks, GANANDA_CHIPS, 5, seed=42)
    b = chip_race(stacks, GANANDA_CHIPS, 5, rng=random.Random(42))
    assert a == b
    assert json.loads(json.dumps(a.to_dict()))["entries"][0]["seat"] == 1


def test_chip_race_bad_input_is_refused():
    with pytest.raises(ChipRaceError, match="must be the smallest in play"):
        chip_race({1: 1000}, GANANDA_CHIPS, 25, seed=1)
    with pytest.raises(ChipRaceError, match="cannot be made of the chips in play"):
        chip_race({1: 1003}, GANANDA_CHIPS, 5, seed=1)
    with pytest.raises(ChipRaceError, match="has chips"):
        chip_race({1: 0}, GANANDA_CHIPS, 5, seed=1)
    with pytest.raises(ChipRaceError, match="unknown rule preset"):
        chip_race({1: 1000}, GANANDA_CHIPS, 5, preset="house", seed=1)
    with pytest.raises(ChipRaceError, match="more than a deck"):
        # reds out to blacks: 95 odd is 19 reds a player, 57 cards for three players
        chip_race({s: 95 for s in range(1, 4)}, GANANDA_CHIPS.without([25, 50]), 5, seed=1)
    with pytest.raises(ChipRaceError, match="every colour cannot go out"):
        chip_race({1: 1000}, GANANDA_CHIPS, [5, 25, 50, 100, 500], seed=1)
    with pytest.raises(ChipSetError, match="no 7 chip"):
        chip_race({1: 1000}, GANANDA_CHIPS, 7, seed=1)


@settings(max_examples=200, deadline=None)
@given(stacks=st.lists(st.integers(1, 400).map(lambda x: 5 * x), min_size=1, max_size=10),
       seed=st.integers(0, 2**32), preset=st.sampled_from(["ifp-2012", "wpa", "tda-2024"]))
def test_chip_race_properties(stacks, seed, preset):
    """Every stack is a whole number of greens and positive; at most one chip a player; the
    chips won are the rounded odd value; only odd chips leave play."""
    seats = {i + 1: s for i, s in enumerate(stacks)}
    r = chip_race(seats, GANANDA_CHIPS, 5, preset=preset, seed=seed)
    assert all(v > 0 and v % 25 == 0 for v in r.stacks.values())
    won = [e for e in r.entries if e.won]
    assert len(won) == r.chips_raced == chips_to_race(r.total_odd_value, 25, r.rounding)
    for e in r.entries:
        assert e.stack_after - (e.stack_before - e.odd_value) in (0, 25)
        assert e.given_smallest_chip == (e.stack_before == e.odd_value and not e.won)
