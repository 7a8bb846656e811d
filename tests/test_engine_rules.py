"""One test per rule the hand engine decides, named after the rule."""

from __future__ import annotations

import pytest

from pokertd.cards import parse_card, parse_cards
from pokertd.engine import Hand, IllegalAction


def deck_for(holes: list[str], board: str = "") -> list[int]:
    """A deck that deals ``holes`` (one per player, in position order) and ``board``,
    with burn cards taken from the unused cards (IFP Appendix 1: a burn before each street)."""
    hs = [parse_cards(h) for h in holes]
    bd = list(parse_cards(board))
    used = {c for h in hs for c in h} | set(bd)
    spare = [c for c in range(52) if c not in used]
    deck = [h[0] for h in hs] + [h[1] for h in hs]
    streets = [bd[:3], bd[3:4], bd[4:5]]
    for cards in streets:
        deck.append(spare.pop())
        deck.extend(cards)
    deck.extend(spare)
    return deck


def kinds(h: Hand, t: str) -> list[dict]:
    return [e for e in h.events() if e["type"] == t]


# ---------------------------------------------------------------------------- forced bets

def test_ifp_17_dead_button():
    """IFP 17: the button stays on an empty seat; blinds are posted as if no one left."""
    h = Hand.at_table([None, 1000, 1000, 1000], button=0, blinds=(5, 10), seed=1)
    assert h.seats == [1, 2, 3]
    posts = kinds(h, "posted")
    assert [(e["player"], e["kind"], e["amount"]) for e in posts] == [(0, "small_blind", 5), (1, "big_blind", 10)]
    assert h.legal_actions().player == 2        # left of the big blind
    assert h.seats[h.legal_actions().player] == 3


def test_ifp_19_single_big_blind():
    """IFP 19: the small blind's seat is empty: a single big blind, nobody posts twice."""
    h = Hand.at_table([1000, None, 1000, 1000], button=0, blinds=(5, 10), seed=1)
    posts = kinds(h, "posted")
    assert [(e["kind"], e["amount"]) for e in posts] == [("big_blind", 10)]
    assert h.seats[posts[0]["player"]] == 2
    assert h.seats[h.legal_actions().player] == 3


def test_ifp_18_heads_up_small_blind_on_button():
    """IFP 18: heads-up the button posts the small blind, acts first pre-flop, last after."""
    h = Hand([1000, 1000], (5, 10), deck=deck_for(["AsAh", "KsKh"], "2c7d9hTs3c"))
    posts = kinds(h, "posted")
    assert [(e["player"], e["kind"]) for e in posts] == [(1, "small_blind"), (0, "big_blind")]
    assert h.legal_actions().player == 1        # the button acts first pre-flop
    h.check_call()
    assert h.legal_actions().player == 0        # the big blind's option
    h.check_call()
    assert h.street == 1 and h.legal_actions().player == 0   # after the flop the button acts last
    with pytest.raises(ValueError, match="IFP 18"):
        Hand.at_table([None, 1000, 1000], button=0, blinds=(5, 10), seed=1)


def test_ifp_18_two_players_at_a_bigger_table_post_as_placed():
    """IFP 18 / IFP 10: two players dealt in with their blinds given per player (the others
    wait): the smaller forced bet is the small blind, posted first; the labels follow the
    amounts, not the heads-up seat order."""
    h = Hand([1000, 1000], blinds_or_straddles=[5, 10], seed=4)
    posts = kinds(h, "posted")
    assert [(e["player"], e["kind"], e["amount"]) for e in posts] == [
        (0, "small_blind", 5), (1, "big_blind", 10)]
    assert h.legal_actions().player == 0        # the small blind acts first pre-flop
    reversed_ = Hand([1000, 1000], blinds_or_straddles=[10, 5], seed=4)
    assert [(e["player"], e["kind"]) for e in kinds(reversed_, "posted")] == [
        (1, "small_blind"), (0, "big_blind")]
    assert reversed_.legal_actions().player == 1


def test_ifp_8_absent_all_in_hand_is_mucked():
    """IFP 8: an absent player put all-in by his forced bets has his hand mucked
    automatically: he cannot win, his chips stay in the pot, he is eliminated."""
    # Player 1 (absent) is all-in on the big blind with the best hand.
    h = Hand([1000, 100, 1000], (50, 100), absent=[1],
             deck=deck_for(["2c7d", "AsAh", "3h8s"], "KcKdQh4s9c"))
    killed = kinds(h, "killed")
    assert killed == [{"type": "killed", "player": 1, "rule": "IFP 8"}]
    assert h.status[1] == 2 and h.legal_actions().player == 2
    h.check_call()            # the button calls 100
    h.check_call()            # the small blind completes
    while not h.done:
        h.check_call()
    assert h.stacks[1] == 0                    # eliminated: the aces never play
    assert sum(h.stacks) == 2100
    assert all(1 not in a["winners"] for a in kinds(h, "awarded"))
    assert Hand.replay(h.events()).stacks == h.stacks


def test_ifp_8_absent_all_in_heads_up_ends_the_hand_before_the_deal():
    """IFP 8 with IFP 44: killing the only other live hand ends the hand; the uncalled
    part of the absent player's blind goes back to him (IFP 27)."""
    h = Hand([1000, 60], (50, 100), absent=[1], seed=9)   # absent small blind on the button
    # Heads-up the button (player 1) posts the small blind of 50 and keeps 10: not all-in.
    assert kinds(h, "killed") == [] and not h.done
    h = Hand([1000, 40], (50, 100), absent=[1], seed=9)
    assert kinds(h, "killed") == [{"type": "killed", "player": 1, "rule": "IFP 8"}]
    assert h.done and h.stacks == [1040, 0]
    assert kinds(h, "dealt") == []
    assert Hand.replay(h.events()).stacks == [1040, 0]


def test_ifp_8_absent_player_with_chips_behind_keeps_his_hand():
    """IFP 8: an absent player who is not all-in keeps his obligations: his hand is dealt
    and folded in turn by the dealer, so his big blind still wins when all fold to it."""
    h = Hand([1000, 1000, 1000], (50, 100), absent=[1], seed=5)
    assert kinds(h, "killed") == []
    h.fold(); h.fold()
    assert h.done and h.stacks == [950, 1050, 1000]


def test_ifp_44_absent_all_in_hands_are_kept_when_no_other_hand_is_live():
    """IFP 44: a pot needs a live hand to win it: when every live hand is an absent
    all-in hand, none is killed and the cards decide."""
    h = Hand([50, 40], (50, 100), absent=[0, 1], seed=6)    # both all-in on their blinds
    assert kinds(h, "killed") == []
    assert h.done and sum(h.stacks) == 90
    with pytest.raises(ValueError, match="absent player 5"):
        Hand([1000, 1000], (5, 10), absent=[5], seed=1)


def test_tda_rp_11_big_blind_ante_posted_after_the_big_blind():
    """TDA RP-11: the big blind is posted first, then the big-blind ante; the ante is dead
    money in the main pot."""
    h = Hand([1000, 150, 1000], (50, 100), bb_ante=100, seed=3)
    posts = kinds(h, "posted")
    assert [(e["player"], e["kind"], e["amount"]) for e in posts] == [
        (0, "small_blind", 50), (1, "big_blind", 100), (1, "big_blind_ante", 50)]
    assert h.stacks[1] == 0


def test_ifp_8_antes_per_player_are_dead_money():
    """Per-player antes (IFP 8 obligation) are dead: they do not count toward a call."""
    h = Hand([1000, 1000, 1000], (5, 10), ante=2, seed=4)
    assert h.pot == 6
    la = h.legal_actions()
    assert la.player == 2 and la.call == 10


def test_gananda_blinds_1_short_big_blind_keeps_the_full_bring_in():
    """Gananda: Blinds 1 / No-Limit 2: a big blind short of chips is all-in on the blind, and
    the bring-in stays the full big blind."""
    h = Hand([1000, 30, 1000], (10, 100), seed=5)
    assert h.status[1] == 1 and h.bets[1] == 30
    la = h.legal_actions()
    assert la.call == 100 and la.min_raise_to == 200


def test_straddle_acts_last_pre_flop():
    """A straddle is a live blind: action starts left of it and it has the last option."""
    h = Hand([1000] * 4, (5, 10), straddles=(20,), seed=6)
    assert h.legal_actions().player == 3
    la = h.legal_actions()
    assert la.call == 20 and la.min_raise_to == 40
    for _ in range(3):
        h.check_call()
    assert h.legal_actions().player == 2 and h.legal_actions().check


# ---------------------------------------------------------------------------- raises

def test_ifp_37_raise_at_least_the_largest_previous_bet_or_raise():
    """IFP 37 (TDA Addendum 43 ex. 1): a raise is at least the largest bet or raise so far."""
    h = Hand([10000] * 4, (100, 200), seed=7)
    h.check_call(); h.check_call(); h.check_call(); h.check_call()     # to the flop
    h.raise_to(600)                                # bet 600
    assert h.legal_actions().min_raise_to == 1200
    h.raise_to(1600)                               # raise 1000
    assert h.legal_actions().min_raise_to == 2600
    with pytest.raises(IllegalAction, match="IFP 37"):
        h.raise_to(2500)
    h.raise_to(3600)                               # raise 2000
    assert h.legal_actions().min_raise_to == 5600


def test_ifp_37a_short_all_in_does_not_reopen_betting():
    """IFP 37a: an all-in for less than a full raise does not reopen the betting to a
    player who already acted."""
    h = Hand([10000, 10000, 250], (50, 100), seed=8)
    # Pre-flop: player 2 (button) acts first left of the big blind.
    h.check_call()            # button calls 100
    h.check_call()            # small blind completes
    h.check_call()            # big blind checks
    h.raise_to(100)           # flop: player 0 bets 100
    h.check_call()            # player 1 calls
    h.raise_to(150)           # player 2 all-in for 150: less than a full raise
    la = h.legal_actions()
    assert la.player == 0 and la.call == 50 and la.min_raise_to is None
    with pytest.raises(IllegalAction, match="IFP 37a"):
        h.raise_to(400)


def test_ifp_37a_players_yet_to_act_may_reraise():
    """IFP 37a: players left to act may still raise the original bet (TDA Addendum 43
    example 2: a reraise over a short all-in is at least the full bet)."""
    h = Hand([10000, 10000, 150, 10000], (50, 100), seed=9)
    h.raise_to(150)           # player 2 all-in for 150 pre-flop
    la = h.legal_actions()
    assert la.player == 3 and la.min_raise_to == 250


def test_tda_47_short_all_ins_add_up_to_reopen():
    """TDA 47 (Addendum example 1): several short all-ins adding up to a full raise reopen
    the betting, and the minimum raise is the last full bet; IFP 37a does not add them up."""
    def to_a(rules: str) -> Hand:
        h = Hand([10000, 225, 10000, 300, 10000], (50, 100), rules=rules, seed=11)
        for _ in range(5):
            h.check_call()    # everybody in for 100 pre-flop
        assert h.street == 1
        h.raise_to(100)       # A opens for 100
        h.all_in()            # B all-in for 125
        h.check_call()        # C calls 125
        h.all_in()            # D all-in for 200
        h.check_call()        # E calls 200
        assert h.legal_actions().player == 0
        return h
    assert to_a("tda-2024").legal_actions().min_raise_to == 300
    h = to_a("ifp-2012")
    assert h.legal_actions().min_raise_to is None and h.legal_actions().call == 100
    with pytest.raises(IllegalAction, match="IFP 37a"):
        h.raise_to(300)


def test_gananda_blinds_5_big_blind_option():
    """Gananda: Button and Blind Use 5: the big blind may raise when the others just call,
    even after a short all-in."""
    h = Hand([10000, 10000, 130, 10000], (50, 100), seed=12)
    h.all_in()                # player 2 all-in for 130: a short raise
    h.check_call()            # player 3 calls 130
    h.check_call()            # small blind calls
    la = h.legal_actions()
    assert la.player == 1 and la.min_raise_to == 230


def test_ifp_33_fixed_limit_one_bet_three_raises():
    """IFP 33: fixed limit, one bet and three raises, even heads-up."""
    h = Hand([10000, 10000], (50, 100), structure="fixed-limit", seed=13)
    h.raise_to(200)           # button raises (the blind is the bet)
    h.raise_to(300)
    h.raise_to(400)           # cap: one bet (the blind) and three raises
    la = h.legal_actions()
    assert la.min_raise_to is None and la.call == 100
    with pytest.raises(IllegalAction, match="IFP 33"):
        h.raise_to(500)


def test_ifp_33_cap_lifted_when_the_tournament_is_heads_up():
    """IFP 33: the cap applies until the tournament is down to two players."""
    h = Hand([10000, 10000], (50, 100), structure="fixed-limit", heads_up_tournament=True, seed=14)
    for to in (200, 300, 400, 500, 600):
        h.raise_to(to)
    assert h.legal_actions().min_raise_to == 700


def test_ifp_33_fixed_limit_bet_sizes_by_street():
    """IFP 33: small bets pre-flop and on the flop, big bets on the turn and river."""
    h = Hand([10000] * 3, (50, 100), structure="fixed-limit", seed=15)
    assert h.legal_actions().min_raise_to == h.legal_actions().max_raise_to == 200
    for _ in range(3):
        h.check_call()
    assert h.legal_actions().min_raise_to == 100
    for _ in range(3):
        h.check_call()
    assert h.street == 2 and h.legal_actions().min_raise_to == 200


def test_tda_47_b_limit_half_bet_all_in_reopens():
    """TDA 47-B: in limit, an all-in of half a bet or more reopens the betting."""
    for rules, reopened in (("tda-2024", True), ("ifp-2012", False)):
        h = Hand([10000, 10000, 260], (50, 100), structure="fixed-limit", rules=rules, seed=16)
        h.check_call()        # button calls
        h.check_call()        # small blind completes
        h.check_call()        # big blind checks
        h.raise_to(100)       # flop bet 100
        h.check_call()        # player 1 calls
        h.all_in()            # player 2 all-in to 160: 60 more, over half a bet
        la = h.legal_actions()
        assert (la.min_raise_to is not None) == reopened, rules


def test_ifp_39_pot_limit_maximum_is_exact():
    """IFP 39: pot limit: the largest raise is the pot after calling."""
    h = Hand([10000] * 4, (50, 100), structure="pot-limit", seed=17)
    la = h.legal_actions()
    assert la.max_raise_to == 350                # 100 to call + (150 + 100) pot
    h.raise_to(350)
    la = h.legal_actions()                       # player 3: pot 500, call 350 -> 350 + 850
    assert la.max_raise_to == 1200
    with pytest.raises(IllegalAction, match="IFP 39"):
        h.raise_to(1201)


def test_tda_54_b_pot_limit_counts_full_blinds():
    """TDA 54-B example 1: dead small blind, big blind 200: the first player may bet 700."""
    tda = Hand.at_table([1000, None, 1000, 1000], button=0, blinds=(100, 200), structure="pot-limit",
                        rules="tda-2024", seed=18)
    ifp = Hand.at_table([1000, None, 1000, 1000], button=0, blinds=(100, 200), structure="pot-limit",
                        rules="ifp-2012", seed=18)
    assert tda.legal_actions().max_raise_to == 700
    assert ifp.legal_actions().max_raise_to == 600


# ---------------------------------------------------------------------------- pots

def test_ifp_27_uncalled_bet_returned():
    """IFP 27: an uncalled bet is returned to the player who made it."""
    h = Hand([5000, 1000, 1000], (50, 100), seed=19)
    h.fold()
    h.raise_to(5000)          # small blind all-in
    h.check_call()            # big blind calls 1000 all-in
    ret = kinds(h, "returned")
    assert ret == [{"type": "returned", "player": 0, "amount": 4000}]


def test_ifp_44_uncontested_pot():
    """IFP 44: when all others fold the last live hand wins without showing."""
    h = Hand([1000, 1000, 1000], (50, 100), seed=20)
    h.fold(); h.fold()
    assert h.done and h.stacks == [950, 1050, 1000]
    assert kinds(h, "shown") == []


def test_ifp_51_side_pots_most_recent_first():
    """IFP 51: each pot decided separately, the most recent side pot first."""
    h = Hand([100, 300, 1000], (10, 20),
             deck=deck_for(["AsAh", "KsKh", "QsQh"], "2c7d9h3s4c"))
    h.all_in()                # player 2 (button) all-in 1000
    h.check_call()            # player 0 calls all-in 100
    h.check_call()            # player 1 calls all-in 300
    awards = kinds(h, "awarded")
    assert [a["pot"] for a in awards] == [1, 0]
    assert awards[0]["winners"] == [1] and awards[0]["amount"] == 400
    assert awards[1]["winners"] == [0] and awards[1]["amount"] == 300
    assert h.stacks == [300, 400, 700]


def test_gananda_showdown_7_largest_stacks_pot_first():
    """Gananda: Showdown 7: the pot of the players who started with the most chips first."""
    from pokertd.rules import PRESETS
    house = PRESETS["ifp-2012"].override("gananda", side_pot_order="largest-stacks-first")
    h = Hand([100, 300, 1000], (10, 20), rules=house,
             deck=deck_for(["AsAh", "KsKh", "QsQh"], "2c7d9h3s4c"))
    h.all_in(); h.check_call(); h.check_call()
    assert [a["pot"] for a in kinds(h, "awarded")] == [1, 0]


def test_ifp_50_odd_chips_one_each_clockwise_from_button():
    """IFP 50 / Gananda: Ties 2: odd chips go one per tied player clockwise from the button."""
    # Three players play the board; pot 3 * 101 + 1 from the folded small blind.
    h = Hand([1000, 1000, 1000, 1000], (1, 101), deck=deck_for(["2c3d", "2d3h", "2h3s", "4c5d"], "AsKsQsJsTs"))
    h.check_call()            # player 2
    h.check_call()            # player 3 (button)
    h.fold()                  # small blind folds its 1
    h.check_call()            # big blind checks
    for _ in range(3):
        for _ in range(3):
            h.check_call()
    award = kinds(h, "awarded")[0]
    assert award["amount"] == 304 and award["winners"] == [1, 2, 3]
    assert award["shares"] == [102, 101, 101]


def test_tda_20_odd_chips_broken_to_the_smallest_denomination():
    """TDA 20 / Gananda: Ties 1: odd chips are first broken into the smallest chip in play."""
    h = Hand([1000, 1000, 1000], (25, 50), chip_unit=25, deck=deck_for(["2c3d", "2d3h", "4c5d"], "AsKsQsJsTs"))
    h.check_call(); h.check_call(); h.check_call()
    for _ in range(3):
        for _ in range(3):
            h.check_call()
    award = kinds(h, "awarded")[0]
    assert award["amount"] == 150 and award["winners"] == [0, 1, 2]
    assert award["shares"] == [50, 50, 50]
    h = Hand([1000, 1000, 1000], (25, 50), chip_unit=25, deck=deck_for(["2c3d", "2d3h", "4c5d"], "AsKsQsJsTs"))
    h.check_call(); h.fold(); h.check_call()
    for _ in range(3):
        for _ in range(2):
            h.check_call()
    award = kinds(h, "awarded")[0]
    assert award["amount"] == 125 and award["winners"] == [1, 2]
    assert award["shares"] == [75, 50]          # 5 chips of 25: 3 and 2


# ---------------------------------------------------------------------------- showdown

def _to_river_with_bet(auto: bool, bettor_bets: bool) -> Hand:
    h = Hand([1000] * 3, (5, 10), auto_showdown=auto,
             deck=deck_for(["AsAh", "KsKh", "QsQh"], "2c7d9h3s4c"))
    for _ in range(3):
        h.check_call()
    for _ in range(2):
        for _ in range(3):
            h.check_call()
    if bettor_bets:
        h.check_call()        # player 0 checks
        h.raise_to(50)        # player 1 bets the river
        h.check_call(); h.check_call()
    else:
        for _ in range(3):
            h.check_call()
    return h


def test_ifp_42_showdown_order_last_aggressor_first():
    """IFP 42: the last aggressor of the final round shows first, then clockwise."""
    h = _to_river_with_bet(True, True)
    assert [e["player"] for e in kinds(h, "shown")] == [1, 2, 0]


def test_ifp_42_showdown_order_left_of_button_without_a_bet():
    """IFP 42: no bet on the last round: the first player left of the button shows first."""
    h = _to_river_with_bet(False, False)
    la = h.legal_actions()
    assert la.phase == "showdown" and la.player == 0 and la.muck
    with pytest.raises(IllegalAction, match="IFP 42"):
        h.show(2)


def test_ifp_45_a_mucked_hand_wins_nothing():
    """IFP 45 / IFP 47: a player may muck at the showdown; a mucked hand gets no part of the pot."""
    h = _to_river_with_bet(False, True)
    assert h.legal_actions().player == 1
    h.show()                  # KK shown
    h.muck()                  # QQ mucks
    h.muck()                  # AA mucks: the best hand, but mucked
    assert h.done and kinds(h, "awarded")[0]["winners"] == [1]


def test_ifp_44_last_hand_after_mucks_wins_unshown():
    """IFP 44 / TDA 17-B: when every other hand is mucked the last live hand wins unshown."""
    h = _to_river_with_bet(False, False)
    h.muck(); h.muck()
    assert h.done and kinds(h, "shown") == [] and kinds(h, "awarded")[0]["winners"] == [2]


def test_wpa_40_the_winning_hand_must_be_shown():
    """WPA 40: the winning hand must be shown even when the others muck."""
    h = Hand([1000] * 3, (5, 10), auto_showdown=False, rules="wpa",
             deck=deck_for(["AsAh", "KsKh", "QsQh"], "2c7d9h3s4c"))
    for _ in range(12):
        h.check_call()
    h.muck(); h.muck()
    assert [e["player"] for e in kinds(h, "shown")] == [2]


def test_ifp_43_all_in_hands_face_up():
    """IFP 43: with a player all-in and the betting over, all hands are turned face up
    before the board is run out."""
    h = Hand([1000, 1000, 300], (5, 10), deck=deck_for(["AsAh", "KsKh", "QsQh"], "2c7d9h3s4c"))
    h.all_in()                # player 2 all-in
    h.all_in()                # player 0 all-in
    h.check_call()            # player 1 calls all-in
    types = [e["type"] for e in h.events()]
    first_board = types.index("board")
    shows = [i for i, t in enumerate(types) if t == "shown"]
    assert len(shows) == 3 and max(shows) < first_board
    assert all(e["reason"] == "all-in" for e in kinds(h, "shown"))


def test_ifp_48_cards_speak():
    """IFP 48: the cards decide, whatever is said: a flush on the board-and-hand wins."""
    h = Hand([1000, 1000], (5, 10), deck=deck_for(["2s3s", "AhAd"], "4s9sKs7c8d"))
    for _ in range(8):
        h.check_call()
    assert kinds(h, "awarded")[0]["winners"] == [0]


def test_ifp_58_no_rabbit_hunting():
    """IFP 58: cards that were never dealt are never revealed."""
    h = Hand([1000] * 3, (5, 10), seed=21)
    h.fold(); h.fold()
    assert h.board == [] and h.burns == []
    assert not any(e["type"] in ("board", "burned") for e in h.events())


def test_ifp_appendix_1_burn_before_each_street():
    """IFP Appendix 1: a burn card is dealt before the flop, the turn and the river."""
    h = Hand([1000] * 2, (5, 10), deck=deck_for(["AsAh", "KsKh"], "2c7d9h3s4c"))
    for _ in range(8):
        h.check_call()
    types = [e["type"] for e in h.events() if e["type"] in ("burned", "board")]
    assert types == ["burned", "board"] * 3
    assert len(set(h.burns) | set(h.board)) == 8


# ---------------------------------------------------------------------------- bad input

def test_ifp_25_action_out_of_turn_refused():
    """IFP 25: players act in turn; the engine refuses an action out of turn."""
    h = Hand([1000] * 3, (5, 10), seed=22)
    with pytest.raises(IllegalAction, match="IFP 25") as e:
        h.fold(player=0)
    assert "player 2" in e.value.legal


def test_ifp_28_fold_when_a_check_is_possible():
    """IFP 28: folding facing a check is allowed (binding)."""
    h = Hand([1000] * 2, (5, 10), seed=23)
    h.check_call()
    assert h.legal_actions().check and h.legal_actions().fold
    h.fold()
    assert h.done and h.stacks == [990, 1010]


def test_ifp_41_bet_larger_than_the_stack_refused():
    """IFP 41: a player bets only the chips in front of them."""
    h = Hand([1000] * 3, (5, 10), seed=24)
    with pytest.raises(IllegalAction, match="IFP 41"):
        h.raise_to(1001)


def test_ifp_37_check_facing_a_bet_refused():
    """IFP 37: facing a bet a player calls, raises or folds: a check is refused."""
    h = Hand([1000] * 3, (5, 10), seed=25)
    with pytest.raises(IllegalAction, match="cannot check"):
        h.check()


def test_ifp_63_a_card_already_dealt_is_refused():
    """IFP 63c: two cards of the same suit and rank foul the deck: refused."""
    h = Hand([1000] * 2, (5, 10), manual=True)
    h.deal_hole(0, "AsAh")
    with pytest.raises(IllegalAction, match="already dealt"):
        h.deal_hole(1, "AsKd")
    h.deal_hole(1, "KdKc")
    h.check_call(); h.check_call()
    with pytest.raises(IllegalAction, match="already dealt"):
        h.deal_board("Kd2c3c")


def test_ifp_25_acting_after_the_hand_is_over_refused():
    """IFP 25: there is no turn to act once the hand is over."""
    h = Hand([1000] * 2, (5, 10), seed=26)
    h.fold()
    with pytest.raises(IllegalAction, match="over"):
        h.check_call()
    assert parse_card("As") == 51


def test_ifp_8_absent_all_in_hand_killed_during_the_hand():
    """IFP 8: the dealer kills an all-in hand when the player turns out to be absent; the
    hand goes on among the live hands, and the kill replays."""
    h = Hand([1000, 1000, 300], (50, 100),
             deck=deck_for(["2c7d", "3h8s", "AsAh"], "KcKdQh4s9c"))
    h.all_in()                 # player 2 (button) all-in for 300, then found absent
    with pytest.raises(IllegalAction, match="not all-in"):
        h.kill(0)
    h.kill(2)
    assert kinds(h, "killed") == [{"type": "killed", "player": 2, "rule": "IFP 8"}]
    h.check_call()             # the small blind calls 300
    h.fold()                   # the big blind folds: the small blind wins everything
    assert h.done and h.stacks == [1400, 900, 0]
    assert Hand.replay(h.events()).stacks == h.stacks
    with pytest.raises(IllegalAction, match="the hand is over"):
        h.kill(2)


def test_tda_30_absent_hand_killed_at_the_deal():
    """TDA 30 (and Gananda: Absent/Late Players): an absent player's hand is dead once the
    cards are dealt, even with chips behind; his blinds stay in the pot, so a walk goes to
    the last live hand instead of to his big blind."""
    h = Hand([1000, 1000, 1000], (50, 100), absent=[1], rules="tda-2024", seed=5)
    assert kinds(h, "killed") == [{"type": "killed", "player": 1, "rule": "TDA 30"}]
    assert h.legal_actions().player == 2 and h.legal_actions().call == 100
    h.fold()                  # the button folds: the small blind takes the dead big blind
    assert h.done and h.stacks == [1100, 900, 1000]
    assert Hand.replay(h.events()).stacks == h.stacks
    from pokertd.tournament.house import GANANDA_RULES
    g = Hand([1000, 1000, 1000], (50, 100), absent=[1], rules=GANANDA_RULES, seed=5)
    assert kinds(g, "killed") == [{"type": "killed", "player": 1,
                                   "rule": "Gananda: Absent/Late Players"}]


def test_tda_30_killed_hand_leaves_one_player_with_chips_no_betting():
    """TDA 30: once the absent hand is killed at the deal, the one player left with chips
    behind faces no bet from anyone who can answer, so there is no pre-flop betting: the
    board runs out (found by the replay property: live play had let him check)."""
    h = Hand([1, 1, 2, 2], (0, 1), ante=1, single_big_blind=True, absent=[2],
             rules="tda-2024", seed=3)
    assert kinds(h, "killed") == [{"type": "killed", "player": 2, "rule": "TDA 30"}]
    assert kinds(h, "acted") == []
    assert h.done and sum(h.stacks) == 6
    assert Hand.replay(h.events()).stacks == h.stacks
