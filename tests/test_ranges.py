"""Hold'em range notation (pokertd.evaluator.ranges), PokerStove / Equilab conventions."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokertd.cards import CARDS, RANKS, Card, parse_card, parse_cards
from pokertd.evaluator.ranges import combo_count, parse_range, range_combos, range_text


def hands(text: str) -> set[str]:
    """The range as a set of exact-hand strings, for readable assertions."""
    return {str(a) + str(b) for a, b in parse_range(text)}


def classes(text: str) -> set[str]:
    """The range as a set of hand classes ('AKs', 'AKo', 'QQ')."""
    out = set()
    for a, b in parse_range(text):
        name = RANKS[a.rank] + RANKS[b.rank]
        if a.rank != b.rank:
            name += "s" if a.suit == b.suit else "o"
        out.add(name)
    return out


ALL_CLASSES = [RANKS[h] + RANKS[lo] + ("" if h == lo else s)
               for h in range(13) for lo in range(h + 1) for s in ("s", "o")
               if h != lo or s == "s"]


# --- counts for each notation ---------------------------------------------------------

@pytest.mark.parametrize("text, count", [
    ("QQ", 6), ("22", 6), ("AA", 6),
    ("QQ+", 18), ("22+", 78), ("AA+", 6),
    ("TT-77", 24), ("77-TT", 24), ("22-AA", 78), ("55-55", 6),
    ("AKs", 4), ("AKo", 12), ("AK", 16), ("72o", 12), ("32s", 4),
    ("K9s+", 16), ("K9o+", 48), ("K9+", 64), ("A2s+", 48), ("A2+", 192),
    ("A5s-A2s", 16), ("A2s-A5s", 16), ("A5o-A2o", 48), ("A5-A2", 64), ("KQs-KQs", 4),
    ("AhKh", 1), ("2c3d", 1),
    ("QQ+, AKs", 22), ("TT+,AQs+,AKo", 30 + 8 + 12),
])
def test_combo_counts(text, count):
    assert combo_count(text) == count
    assert len(parse_range(text)) == count
    assert range_combos(text).shape == (count, 2)


def test_full_range_of_all_169_classes_is_1326():
    assert len(ALL_CLASSES) == 169
    combos = parse_range(", ".join(ALL_CLASSES))
    assert len(combos) == 1326 == len(set(combos))
    assert set(combos) == {(b, a) for a, b in itertools.combinations(CARDS, 2)}


def test_shortest_full_range():
    every_hand = "22+, " + ", ".join(f"{RANKS[h]}2+" for h in range(1, 13))
    assert combo_count(every_hand) == 1326


# --- what each notation means ---------------------------------------------------------

def test_pair_plus_and_pair_dash():
    assert classes("QQ+") == {"QQ", "KK", "AA"}
    assert classes("TT-77") == classes("77-TT") == {"TT", "99", "88", "77"}


def test_pair_combos_are_the_six_suit_pairs_high_suit_first():
    assert parse_range("QQ") == tuple(
        (parse_card(a), parse_card(b))
        for a, b in [("Qs", "Qh"), ("Qs", "Qd"), ("Qs", "Qc"), ("Qh", "Qd"), ("Qh", "Qc"),
                     ("Qd", "Qc")])


def test_suited_offsuit_and_both():
    assert hands("AKs") == {"AsKs", "AhKh", "AdKd", "AcKc"}
    assert all(a.suit != b.suit for a, b in parse_range("AKo"))
    assert hands("AK") == hands("AKs") | hands("AKo")
    assert not hands("AKs") & hands("AKo")


def test_plus_raises_the_lower_card_to_one_below_the_top():
    """PokerStove / Equilab: 'K9s+' = K9s, KTs, KJs, KQs."""
    assert classes("K9s+") == {"K9s", "KTs", "KJs", "KQs"}
    assert classes("K9o+") == {"K9o", "KTo", "KJo", "KQo"}
    assert classes("AQ+") == {"AQs", "AQo", "AKs", "AKo"}
    assert classes("T6s+") == {"T6s", "T7s", "T8s", "T9s"}


def test_connector_plus_is_that_hand_alone_not_connectors_upward():
    """The documented decision: 'T9s+' is T9s only (the lower card is already one below the
    ten), as in PokerStove and Equilab; it is not T9s, JTs, QJs, KQs."""
    assert classes("T9s+") == {"T9s"}
    assert combo_count("T9s+") == 4
    assert parse_range("T9s+") == parse_range("T9s")
    assert classes("AKs+") == {"AKs"}
    assert classes("32o+") == {"32o"}
    assert not classes("T9s+") & {"JTs", "QJs", "KQs"}


def test_dash_with_the_same_top_card():
    assert classes("A5s-A2s") == classes("A2s-A5s") == {"A5s", "A4s", "A3s", "A2s"}
    assert classes("KJo-K9o") == {"KJo", "KTo", "K9o"}
    assert classes("Q8-QT") == {"Q8s", "Q8o", "Q9s", "Q9o", "QTs", "QTo"}


def test_exact_hand_either_order_is_high_card_first():
    assert parse_range("AhKh") == parse_range("KhAh") == ((parse_card("Ah"), parse_card("Kh")),)
    assert parse_range("AsAh") == parse_range("AhAs") == ((parse_card("As"), parse_card("Ah")),)
    assert parse_range("7d2c") == ((parse_card("7d"), parse_card("2c")),)


def test_whitespace_and_case_tolerance():
    assert parse_range("  QQ+ ,AKs,\tA5s - A2s , Ah Kd\n") == parse_range("QQ+,AKs,A5s-A2s,AhKd")
    assert parse_range("aks, qq+, t9o, ahkd") == parse_range("AKs, QQ+, T9o, AhKd")


def test_combos_are_cards_high_first_and_distinct():
    for a, b in parse_range("22+, A2+, K9s+, T8o-T6o, 5h4h"):
        assert type(a) is Card and type(b) is Card
        assert a > b
        assert a.rank >= b.rank


# --- order, duplicates, round trip ----------------------------------------------------

def test_duplicates_collapse():
    assert combo_count("AKs,AhKh") == 4
    assert combo_count("AKs, AK") == 16
    assert combo_count("QQ+, KK, AA, JJ-AA") == 24
    assert combo_count("A2s+, A5s-A2s") == 48
    assert parse_range("AA, AA") == parse_range("AA")


def test_order_independence():
    tokens = ["QQ+", "AKs", "A5s-A2s", "K9o+", "7c6c", "TT-88", "54"]
    reference = parse_range(", ".join(tokens))
    rng = random.Random(7)
    for _ in range(20):
        rng.shuffle(tokens)
        assert parse_range(", ".join(tokens)) == reference


def test_canonical_order_is_descending():
    combos = parse_range("22+, AK")
    assert list(combos) == sorted(combos, key=lambda c: (-c[0], -c[1]))
    assert str(combos[0][0]) + str(combos[0][1]) == "AsAh"


def test_round_trip_through_exact_hands():
    for text in ["QQ+, AKs", "A5s-A2s", "22+", "K9+, 76s", ", ".join(ALL_CLASSES)]:
        combos = parse_range(text)
        assert parse_range(range_text(combos)) == combos
        assert parse_range(range_text(reversed(combos))) == combos


# --- card removal ---------------------------------------------------------------------

def test_range_combos_array():
    arr = range_combos("AKs")
    assert arr.dtype == np.int64 and arr.shape == (4, 2)
    assert arr.tolist() == [[int(a), int(b)] for a, b in parse_range("AKs")]
    assert (arr[:, 0] > arr[:, 1]).all()


def test_card_removal():
    assert range_combos("AA", dead="As").shape == (3, 2)
    assert range_combos("AA", dead="AsAh").shape == (1, 2)
    assert range_combos("AK", dead="As").shape == (12, 2)
    assert range_combos("AKs", dead=["Ah", "Kd"]).shape == (2, 2)
    assert range_combos("AKo", dead=parse_cards("AsKs")).shape == (6, 2)  # 12 - As?x - AxKs
    assert range_combos("QQ+", dead=[51, 47, 43]).shape == (9, 2)         # As Ks Qs: 3 per pair
    assert range_combos("AhKh", dead="Ah").shape == (0, 2)
    assert range_combos("AA", dead="AsAhAdAc").dtype == np.int64


def test_card_removal_matches_filtering():
    dead = parse_cards("AsKd7h2c")
    kept = range_combos("22+, A2+, KTs+", dead=dead)
    expected = [c for c in parse_range("22+, A2+, KTs+") if not set(c) & set(dead)]
    assert kept.tolist() == [[int(a), int(b)] for a, b in expected]
    assert not np.isin(kept, np.array(dead)).any()


def test_dead_cards_are_parsed_strictly():
    with pytest.raises(ValueError, match="not a card: 'Xx'"):
        range_combos("AA", dead="Xx")
    with pytest.raises(ValueError, match="duplicate card: As"):
        range_combos("AA", dead="AsAs")


# --- bad input: each message names the token and shows a valid one --------------------

VALID_HINT = "a valid token is a pair like 'QQ'"


@pytest.mark.parametrize("text, token, why", [
    ("AKx", "AKx", "not range notation"),
    ("QQ, AKx", "AKx", "not range notation"),
    ("AK+s", "AK+s", "not range notation"),
    ("QQ++", "QQ++", "not range notation"),
    ("A", "A", "not range notation"),
    ("AKQ", "AKQ", "not range notation"),
    ("A5s-K2s", "A5s-K2s", "different top cards (A and K)"),
    ("22-AKs", "22-AKs", "not a pair and a non-pair"),
    ("AKs-22", "AKs-22", "not a pair and a non-pair"),
    ("A5s-A2o", "A5s-A2o", "differ in suitedness"),
    ("A5s-A2", "A5s-A2", "differ in suitedness"),
    ("KAs", "KAs", "the higher rank comes first (write 'AKs')"),
    ("QQs", "QQs", "a pair cannot be suited (write 'QQ')"),
    ("QQo+", "QQo+", "a pair cannot be offsuit"),
    ("AhAh", "AhAh", "the same card (Ah) twice"),
])
def test_bad_token_messages(text, token, why):
    with pytest.raises(ValueError) as e:
        parse_range(text)
    msg = str(e.value)
    assert f"bad range token {token!r}" in msg
    assert why in msg
    assert VALID_HINT in msg and "'AhKh'" in msg


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_range(text):
    with pytest.raises(ValueError, match=r"empty range: .*tokens like 'QQ\+, AKs, A5s-A2s'"):
        parse_range(text)


@pytest.mark.parametrize("text, number", [("AA,,KK", 2), ("AA,", 2), (", AA", 1), ("AA, ,KK", 2)])
def test_empty_token(text, number):
    with pytest.raises(ValueError) as e:
        parse_range(text)
    assert f"empty token (number {number}) in range {text!r}" in str(e.value)
    assert VALID_HINT in str(e.value)


@pytest.mark.parametrize("token, card", [("AhXx", "Xx"), ("1h2c", "1h"), ("AKss", "AK")])
def test_unknown_card_text_uses_parse_card_message(token, card):
    with pytest.raises(ValueError) as e:
        parse_range(token)
    with pytest.raises(ValueError) as card_error:
        parse_card(card)
    assert str(e.value) == f"bad range token {token!r}: {card_error.value}"


def test_not_a_string():
    with pytest.raises(ValueError, match="not range text"):
        parse_range(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not range text"):
        combo_count(["AA"])  # type: ignore[arg-type]


def test_a_bad_token_anywhere_refuses_the_whole_range():
    with pytest.raises(ValueError, match="'A5s-K2s'"):
        range_combos("QQ+, AKs, A5s-K2s")


# --- outside oracle: eval7's PokerStove-style HandRange -------------------------------

@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("text", ["QQ+", "TT-77", "AKs", "AKo", "AK", "K9s+", "T9s+", "T6s+",
                                  "A5s-A2s", "KJo-K9o", "22+", "AQ+", "AhKh", "QQ+, AKs, 76s"])
def test_agrees_with_eval7(text):
    import eval7  # a test dependency (pyproject [test]): an outside oracle, never skipped
    theirs = {frozenset(parse_card(str(c)) for c in hand)
              for hand, _ in eval7.HandRange(text).hands}
    assert {frozenset(c) for c in parse_range(text)} == theirs
