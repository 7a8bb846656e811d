"""Who opens when two boards showing tie in rank on fourth to seventh street: TDA 2024 RP-10-D,
"betting starts on the hand with the high card by suit in both games" (stud and stud-8 by
the high hand showing, razz by the low hand); the suits rank spades, hearts, diamonds, clubs
(IFP 50, WPA 15: the high card by suit). In razz the ace is the low card, there as for the
razz bring-in (RP-10), so between A-8 and A-8 the eights decide."""

from __future__ import annotations

import pytest

from pokertd.engine.mixed import MixedHand


def opener(variant: str, thirds: list[str], later: list[list[str]]) -> int:
    """The player first to act once the streets of ``later`` (one card a player each) are
    dealt, everybody checking and calling along the way."""
    h = MixedHand(variant, [1000] * len(thirds), antes=5, bring_in=5, small_bet=10, big_bet=20,
                  manual=True, auto_showdown=False)
    for p, cards in enumerate(thirds):
        h.deal_hole(p, cards)
    h.post_bring_in()
    for street in later:
        while h.phase == "betting":
            h.check_call()
        for p, card in enumerate(street):
            h.deal_hole(p, card)
    assert h.phase == "betting"
    return h.actor


def test_tda_rp_10_d_razz_a8_against_a8_the_eight_of_spades_opens_not_the_ace_of_spades():
    """RP-10-D in razz: the ace is low, so A-8 against A-8 is decided by the eights: 8s
    before 8h, though the other board holds the ace of spades."""
    assert opener("FR", ["KcQc8s", "KdQd8h"], [["Ah", "As"]]) == 0
    assert opener("FR", ["KcQc8h", "KdQd8s"], [["As", "Ah"]]) == 1


def test_tda_rp_10_d_razz_three_cards_the_high_card_by_suit_with_the_ace_low():
    """RP-10-D, fifth street of razz: A-2-7 twice, the sevens decide (7s before 7d)."""
    assert opener("FR", ["KcQc7d", "KdQd7s"], [["As", "Ah"], ["2s", "2h"]]) == 1


def test_tda_rp_10_d_razz_tied_pairs_the_kicker_by_suit_when_aces_pair():
    """RP-10-D, razz pairs: A-A-5 twice (pairs are bad, tied in rank), the high card by suit
    with the ace low is the five: 5s opens though the other board shows the ace of spades."""
    assert opener("FR", ["KcQc5d", "KdQd5s"], [["As", "Ad"], ["Ah", "Ac"]]) == 1


def test_tda_rp_10_d_razz_the_lower_board_opens_before_any_suit_counts():
    """RP-10 (razz: the low hand showing acts first): 7-2 beats 8-A whatever the suits, and
    the ace is low: A-2 opens before 2-3."""
    assert opener("FR", ["KcQc8s", "KdQd7c"], [["As", "2c"]]) == 1
    assert opener("FR", ["KcQc3s", "KdQd2c"], [["2s", "Ac"]]) == 1


def test_tda_rp_10_d_stud_tied_pairs_the_high_card_by_suit():
    """RP-10-D, stud: 9-9 against 9-9 on fourth street, the 9s opens."""
    assert opener("F7S", ["KcQc9d", "KdQd9h"], [["9c", "9s"]]) == 1


def test_tda_rp_10_d_stud_three_cards_the_highest_card_decides_by_suit():
    """RP-10-D, stud fifth street: K-Q-4 twice, the kings decide (Ks before Kh), not the
    queens or the fours."""
    assert opener("F7S", ["2c3cKh", "2d3dKs"], [["Qs", "Qh"], ["4s", "4h"]]) == 1


def test_tda_rp_10_d_stud_aces_are_high():
    """RP-10-D, stud: A-2 against A-2, the aces decide (As before Ah): in stud the ace is
    the high card."""
    assert opener("F7S", ["KcQc2h", "KdQd2s"], [["As", "Ah"]]) == 0


@pytest.mark.parametrize("variant,first", [("F7S/8", 0), ("FR", 1)])
def test_tda_rp_10_d_stud_hi_lo_opens_by_the_high_hand_razz_by_the_low(variant, first):
    """RP-10-D: stud-8 is opened by the high hand showing, ties to the high card by suit with
    the ace high (As-2h before Ah-2s); the same boards in razz go to the 2s (the ace low)."""
    assert opener(variant, ["KcQc2h", "KdQd2s"], [["As", "Ah"]]) == first


def test_tda_rp_10_d_stud_hi_lo_a_pair_showing_opens_over_a_low_draw():
    """RP-10: stud-8's opener is the high hand showing: 9-9 before A-2."""
    assert opener("F7S/8", ["KcQc9d", "KdQd2s"], [["9c", "As"]]) == 0
