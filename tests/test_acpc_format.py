"""The ACPC's game definitions and protocol messages (pokertd.formats.acpc), and how a game
definition maps onto the engine (pokertd.acpc.hand): every refusal names the line and the bad
value (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokertd.acpc.hand import AcpcHand, engine_options
from pokertd.formats.acpc import (
    INT32_MAX, ACPCError, Action, card_index, card_text, format_betting, format_matchstate,
    format_score_line, format_state_line, load_gamedef, parse_action, parse_betting,
    parse_gamedef, parse_matchstate,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acpc"
LIMIT2 = EXAMPLES / "holdem.limit.2p.reverse_blinds.game"
NOLIMIT2 = EXAMPLES / "holdem.nolimit.2p.reverse_blinds.game"
LIMIT3 = EXAMPLES / "holdem.limit.3p.game"


def gamedef(*lines: str) -> str:
    return "GAMEDEF\n" + "\n".join(lines) + "\nEND GAMEDEF\n"


NL = ["nolimit", "numPlayers = 2", "numRounds = 4", "stack = 20000 20000", "blind = 100 50",
      "firstPlayer = 2 1 1 1", "numSuits = 4", "numRanks = 13", "numHoleCards = 2",
      "numBoardCards = 0 3 1 1"]


def test_the_shipped_games_read_as_written():
    g = load_gamedef(LIMIT2)
    assert (g.betting, g.players, g.blinds, g.raise_sizes, g.first_player, g.max_raises) == (
        "limit", 2, (10, 5), (10, 10, 20, 20), (1, 0, 0, 0), (3, 4, 4, 4))
    assert g.stacks == (INT32_MAX, INT32_MAX)          # no stack line: the ACPC's default
    g = load_gamedef(NOLIMIT2)
    assert (g.betting, g.stacks, g.blinds, g.max_raises, g.big_blind) == (
        "nolimit", (20000, 20000), (100, 50), None, 100)
    g = load_gamedef(LIMIT3)
    assert (g.players, g.blinds, g.first_player) == (3, (5, 10, 0), (2, 0, 0, 0))


def test_keywords_are_case_insensitive_and_comments_skipped():
    g = parse_gamedef("# a comment\n" + gamedef(*[x.upper() if "=" not in x else x.lower()
                                                  for x in NL]))
    assert g.betting == "nolimit" and g.board_cards == (0, 3, 1, 1)


@pytest.mark.parametrize("lines, words", [
    (NL + ["potSize = 3"], ["line 12", "potSize = 3", "not a game definition line"]),
    ([x if not x.startswith("blind") else "blind = 100 fifty" for x in NL],
     ["line 6", "'fifty'", "whole number"]),
    ([x if not x.startswith("blind") else "blind = 100" for x in NL],
     ["line 6", "1 numbers, expected 2"]),
    ([x if not x.startswith("numPlayers") else "numPlayers = 11" for x in NL],
     ["line 3", "numPlayers = 11", "from 2 to 10"]),
    ([x if not x.startswith("firstPlayer") else "firstPlayer = 3 1 1 1" for x in NL],
     ["line 7", "firstPlayer 3", "from 1 to 2"]),
    ([x if not x.startswith("stack") else "stack = 20000 40" for x in NL],
     ["line 6", "player 2's blind 50 is more than his stack 40"]),
    ([x for x in NL if x != "nolimit"], ["betting type is missing"]),
    ([x for x in NL if not x.startswith("numRanks")], ["numRanks is missing"]),
])
def test_a_bad_game_definition_names_the_line_and_value(lines, words):
    with pytest.raises(ACPCError) as e:
        parse_gamedef(gamedef(*lines), "g.game")
    for w in words:
        assert w in str(e.value)
    assert str(e.value).startswith("g.game")


def test_an_unclosed_or_unopened_definition_is_refused():
    with pytest.raises(ACPCError, match="no END GAMEDEF"):
        parse_gamedef("GAMEDEF\nnolimit\n")
    with pytest.raises(ACPCError, match="line 1: 'nolimit' comes before GAMEDEF"):
        parse_gamedef("nolimit\nGAMEDEF\n")


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ACPCError, match="nope.game: cannot read"):
        load_gamedef(tmp_path / "nope.game")


@pytest.mark.parametrize("change, words", [
    (("numRounds = 4", "numRounds = 2"), ["numRounds = 4", "Texas hold'em"]),
    (("firstPlayer = 2 1 1 1", "firstPlayer = 1 2 2 2"),
     ["firstPlayer 1 before the flop", "player 2 act first", "IFP 18"]),
    (("nolimit", "nolimit\nmaxRaises = 3 4 4 4"), ["no cap on raises"]),
])
def test_a_game_the_engine_does_not_deal_is_refused_with_why(change, words):
    text = gamedef(*NL).replace(*change)
    if change[0] == "numRounds = 4":
        text = text.replace("firstPlayer = 2 1 1 1", "firstPlayer = 2 1").replace(
            "numBoardCards = 0 3 1 1", "numBoardCards = 0 3")
    with pytest.raises(ACPCError) as e:
        engine_options(parse_gamedef(text))
    for w in words:
        assert w in str(e.value)


def test_limit_caps_at_a_bet_and_three_raises_ifp_33():
    """IFP 33: a bet and three raises: maxRaises 3 before the flop (the big blind is the bet),
    4 after; any other cap is refused rather than dealt by other rules."""
    text = LIMIT2.read_text().replace("maxRaises = 3 4 4 4", "maxRaises = 4 4 4 4")
    with pytest.raises(ACPCError, match="maxRaises 4 4 4 4.*IFP 33"):
        engine_options(parse_gamedef(text))
    h = AcpcHand(load_gamedef(LIMIT2), [[0, 1], [2, 3]], list(range(4, 9)))
    for _ in range(3):
        h.act(Action("r"))
    assert h.legal() == (True, None)                  # the cap: call or fold
    with pytest.raises(ACPCError, match="may not raise here; legal: c, f"):
        h.act(Action("r"))
    assert format_betting(h.betting) == "rrr"


def test_reverse_blinds_button_first_before_the_flop_big_blind_first_after_ifp_18():
    """IFP 18 heads-up: the button posts the small blind and acts first before the flop; after
    it the big blind (ACPC position 0) acts first."""
    h = AcpcHand(load_gamedef(NOLIMIT2), [[0, 1], [2, 3]], list(range(4, 9)))
    assert h.actor == 1 and h.legal() == (True, (200, 20000))
    h.act(Action("c"))
    h.act(Action("c"))
    assert h.actor == 0 and format_betting(h.betting) == "cc/"
    assert h.legal() == (False, (200, 20000))       # a bet of at least the big blind, in the hand


def test_no_limit_raise_sizes_are_hand_totals_across_rounds():
    h = AcpcHand(load_gamedef(NOLIMIT2), [[0, 1], [2, 3]], list(range(4, 9)))
    for a in ["r300", "c", "r700", "r1500"]:
        h.act(parse_action(a))
    assert format_betting(h.betting) == "r300c/r700r1500"
    assert h.legal() == (True, (2300, 20000))       # 1500 + the last raise of 800
    with pytest.raises(ACPCError, match="may raise to 2300 to 20000"):
        h.act(Action("r", 2000))
    assert format_betting(h.betting) == "r300c/r700r1500"   # refused: nothing changed


def test_fold_when_check_is_free_is_refused_protocol_2():
    h = AcpcHand(load_gamedef(LIMIT3), [[0, 1], [2, 3], [4, 5]], list(range(6, 11)))
    for a in "ccc":
        h.act(Action(a))
    with pytest.raises(ACPCError, match="allows a fold only facing a bet"):
        h.act(Action("f"))


def test_cards_use_the_acpc_index_which_is_pokertds():
    assert card_text(0) == "2c" and card_text(51) == "As" and card_index("Td") == 4 * 8 + 1
    with pytest.raises(ACPCError, match="'1x'"):
        card_index("1x")


def test_actions_and_betting_strings_round_trip():
    assert parse_action("r250") == Action("r", 250) and str(parse_action("f")) == "f"
    assert format_betting(parse_betting("r300r900c/r1800r3600r9000c/")) == "r300r900c/r1800r3600r9000c/"
    for bad in ["x", "c5", "rr", ""]:
        with pytest.raises(ACPCError, match=repr(bad)):
            parse_action(bad)
    with pytest.raises(ACPCError, match="'x' is not an action"):
        parse_betting("cx/")


def test_matchstates_read_and_write_the_protocols_examples():
    m = parse_matchstate("MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d\r\n", 2)
    assert (m.position, m.hand, m.holes[1], len(m.board)) == (0, 30, [card_index("9c"),
                                                                      card_index("6h")], 3)
    assert format_matchstate(m.position, m.hand, m.betting, m.holes, m.board) == \
        "MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d"
    r = parse_matchstate("MATCHSTATE:2:55::||AsTs:r", 3, reply=True)
    assert r.action == Action("r") and r.prefix == "MATCHSTATE:2:55::||AsTs"
    for bad, words in [("MATCHSTATE:2:55::|AsTs", "2 players' hole cards"),
                       ("MATCHSTATE:3:55::||AsTs", "position '3'"),
                       ("STATE:0:1::||", "expected MATCHSTATE")]:
        with pytest.raises(ACPCError, match=words):
            parse_matchstate(bad, 3)


def test_log_lines():
    betting = parse_betting("rc/cc/cc/cc")
    line = format_state_line(4, betting, [[0, 1], [2, 3]], [[4, 5, 6], [7], [8]], [-20, 20],
                             ["a", "b"])
    assert line == "STATE:4:rc/cc/cc/cc:2c2d|2h2s/3c3d3h/3s/4c:-20|20:a|b"
    assert format_score_line([15, -15], ["a", "b"]) == "SCORE:15|-15:a|b"
