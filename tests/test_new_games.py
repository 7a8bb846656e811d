"""Badugi (FB) and short-deck hold'em (NS) as games of the mixed engine (issue 24): the
televised PHH hands, the 36-card deck, the button blind, the showdowns, the CLI export,
structures and a simulated tournament."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.engine import IllegalAction
from pokertd.engine.games import BUTTON_BLIND, game
from pokertd.engine.mixed import MixedHand
from pokertd.formats.phh import load as load_phh
from pokertd.formats.phh_mixed import replay_mixed
from pokertd.sim import simulate
from pokertd.tournament import events as ev
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.structure import Structure, StructureError

TELEVISED = Path(__file__).parent / "data" / "phh" / "televised"
runner = CliRunner()


def test_the_variant_codes_are_phh_s():
    assert game("FB")[0].name == "badugi" and game("FB")[1] == "fixed-limit"
    ns, structure = game("NS")
    assert (ns.name, structure, ns.deck, ns.forced) == ("short-deck hold'em", "no-limit", 36,
                                                         BUTTON_BLIND)


def test_wikipedia_badugi_hand_replays_carol_s_eight_beats_alice_s_nine():
    """Unknown cards (``????``) drawn, Carol's 8-7-5-3 beating Alice's 9-6-4-2 at the end."""
    h = replay_mixed(load_phh(TELEVISED / "alice-carol-wikipedia.phh"))
    # Bob: blind 1, call to 2, call 2 after the first draw, fold; Ted folds; Alice and Carol
    # put in 2 + 2 + 8 + 4 each, and Carol takes the pot.
    bob, ted, each = 2 + 2, 0, 2 + 2 + 8 + 4
    pot = bob + ted + 2 * each
    assert h.stacks == [200 - bob, 200 - each + pot, 200, 200 - each]


def test_triton_2019_short_deck_hand_replays_xuan_s_straight_beats_phua_s_set():
    """Antes of 3,000 from six players and the button's 3,000 blind; Xuan's queens make the
    king-high straight on 9-6-K-J-T, over Phua's three kings (a straight beats three of a
    kind in NS). pokerkit's documentation of NoLimitShortDeckHoldem plays this hand to the
    same stacks, [489000, 226000, 684000, 400000, 0, 198000]."""
    h = replay_mixed(load_phh(TELEVISED / "phua-xuan-2019.phh"))
    start = [495000, 232000, 362000, 403000, 301000, 204000]
    put = [3000 + 3000, 3000 + 3000, 3000 + 298000, 3000, 301000, 3000 + 3000]
    pot = sum(put)
    expect = [s - p for s, p in zip(start, put)]
    expect[2] += pot
    assert h.stacks == expect


def test_cli_replays_the_two_televised_hands():
    for name in ("alice-carol-wikipedia", "phua-xuan-2019"):
        r = runner.invoke(app, ["phh", "replay", str(TELEVISED / f"{name}.phh")])
        assert r.exit_code == 0, r.output
        assert json.loads(r.output.strip().splitlines()[-1])["ok"] is True


def test_short_deck_deals_only_sixes_to_aces_and_the_button_blind_acts_last():
    h = MixedHand("NS", [1000] * 6, blinds=[0] * 5 + [20], antes=10, min_bet=20, seed=7)
    assert h.dead == 60 and h.bets == [0] * 5 + [20]
    for p in range(5):                    # everyone calls round to the button
        assert h.actor == p
        h.check_call()
    assert h.actor == 5 and h.legal_actions()["check"]     # the button's option, as a big blind
    seen = [c for hole in h.holes for c in hole] + h._stub
    assert len(set(seen)) == len(seen) == 36 and min(c >> 2 for c in seen) == 4


def test_short_deck_refuses_a_five_dealt_by_hand_ifp_63a():
    """A five in a short deck would make it a deck of too many cards (IFP 63a: fouled)."""
    h = MixedHand("NS", [1000, 1000, 1000], blinds=[0, 0, 20], antes=10, min_bet=20, manual=True)
    with pytest.raises(IllegalAction,
                       match=r"5h is not in the 36-card deck of short-deck hold'em") as e:
        h.deal_hole(0, "5hAs")
    assert e.value.rule == "IFP 63a" and h.holes[0] == []
    with pytest.raises(ValueError, match="2c is not in the 36-card deck"):
        MixedHand("NS", [1000, 1000], blinds=[20, 0], antes=10, min_bet=20, deck=["2c", "As"])


def _showdown(variant, holes, board="", **kw):
    n = len(holes)
    h = MixedHand(variant, [1000] * n, manual=True, **kw)
    for p, cards in enumerate(holes):
        h.deal_hole(p, cards)
    streets = [board[:6], board[6:8], board[8:10]] if board else []
    while not h.done:
        la = h.legal_actions()
        if la["phase"] == "dealing":
            h.deal_board(streets.pop(0))
        elif la["phase"] == "drawing":
            h.discard()
        elif la["phase"] == "showdown":
            h.show()
        else:
            h.check_call()
    return h


def test_short_deck_flush_beats_full_house_and_a_6_7_8_9_is_a_straight():
    kw = dict(blinds=[0, 0, 20], antes=10, min_bet=20)
    h = _showdown("NS", ["AhKh", "8c8d", "QsJd"], "7h7s8hTc9h", **kw)
    assert h.winnings == [90, 0, 0]                  # the ace-high flush over eights full
    h = _showdown("NS", ["As9d", "KcKd", "QsJd"], "6h7s8cKhTd", **kw)
    assert h.winnings == [90, 0, 0]                  # A-6-7-8-9 over three kings
    h = _showdown("NS", ["AsKd", "QcQd", "AcKc"], "6h7s8c9hTd", **kw)
    assert h.winnings == [30, 30, 30]                # the board's ten-high straight, split


def test_badugi_showdown_four_cards_beat_three():
    h = _showdown("FB", ["KcQdJhTs", "Ac2c3h4s", "5c6d7h8s"], blinds=[5, 10, 0], small_bet=10,
                  big_bet=20)
    assert h.winnings == [0, 0, 30]                  # 8-7-6-5 badugi over K-Q-J-T and 4-3-A


def test_cli_exports_short_deck_and_badugi_hands_that_replay(tmp_path):
    for args in (["--variant", "NS", "--ante", "100"], ["--variant", "FB", "--players", "4"]):
        out = tmp_path / "hand.phh"
        r = runner.invoke(app, ["phh", "export", "--seed", "3", "-o", str(out), *args])
        assert r.exit_code == 0, r.output
        r = runner.invoke(app, ["phh", "replay", "--check", str(out)])
        assert r.exit_code == 0 and json.loads(r.output)["ok"] is True, r.output


def test_cli_short_deck_needs_antes():
    r = runner.invoke(app, ["phh", "export", "--variant", "NS"])
    assert r.exit_code != 0
    assert "ante from every player and a button blind" in r.output and "--ante" in r.output


def _structure(**kw):
    base = dict(name="dealers-choice", starting_stack=2000, max_players_per_table=6,
                final_table_size=6, games=["NS", "FB"], rotation="orbit", periods=[
                    {"minutes": 10, "small_blind": 10, "big_blind": 20, "ante": 10},
                    {"minutes": 10, "small_blind": 20, "big_blind": 40, "ante": 20},
                    {"minutes": 10, "small_blind": 40, "big_blind": 80, "ante": 40},
                ])
    base.update(kw)
    return Structure.from_dict(base)


def test_a_short_deck_level_needs_an_ante():
    with pytest.raises(StructureError, match="level 1: short-deck hold'em needs an ante"):
        _structure(periods=[{"minutes": 10, "small_blind": 10, "big_blind": 20}])
    _structure(games=["FB"], periods=[{"minutes": 10, "small_blind": 10, "big_blind": 20}])


def test_a_short_deck_table_seats_at_most_fourteen():
    """Two cards each, three burns and five board cards from 36: 14 players at most."""
    with pytest.raises(StructureError, match="short-deck hold'em's 36 cards deal at most 14"):
        _structure(max_players_per_table=15)
    assert _structure(games=["NS"], max_players_per_table=14).max_players_per_table == 14
    with pytest.raises(ValueError, match="short-deck hold'em is dealt to 2 to 14 players, not 15"):
        MixedHand("NS", [100] * 15, blinds=[0] * 14 + [2], antes=1, min_bet=2)


def test_a_simulated_tournament_deals_short_deck_and_badugi_to_a_winner():
    r = simulate(12, preset=TournamentConfig(structure=_structure()), seed=3, check=True)
    played = Counter(e.game for e in r.tournament.events if isinstance(e, ev.HandPlayed))
    assert set(played) == {"NS", "FB"}
    assert r.tournament.finished and len(r.results) == 12


def test_short_deck_board_error_keeps_to_the_36_cards():
    """A board error ruled on a short-deck hand (IFP Appendix 1: the premature flop) deals the
    rest of the hand from the short deck: no deuce to five comes into play."""
    h = MixedHand("NS", [1000] * 3, blinds=[0, 0, 20], antes=10, min_bet=20, seed=11)
    h.board_error("premature", rng=__import__("random").Random(1))
    while not h.done:
        h.check_call() if h.legal_actions()["phase"] == "betting" else h.show()
    used = h.board + h.burns + h._stub + [c for hole in h.holes for c in hole]
    assert len(h.board) == 5 and min(c >> 2 for c in used) >= 4
